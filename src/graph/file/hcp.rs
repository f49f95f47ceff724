//! TSPLIB HCP graphs: `KEY : VALUE` header lines, then an `EDGE_DATA_SECTION` of edges
//! (`EDGE_LIST`) or of neighbour lists (`ADJ_LIST`, one vertex's list a line, ended by its
//! `-1` on that line) closed by `-1`; anything after `EOF` is ignored.

use super::{
    parse_vertex, parse_vertex_count, unterminated, EdgeSet, GraphFile, GraphFileError,
    GraphSyntax, TsplibLines,
};

/// The section of the edges.
const SECTION: &str = "EDGE_DATA_SECTION";

/// TSPLIB keywords whose values do not change the graph: read and ignored.
const IGNORED_KEYWORDS: [&str; 6] = [
    "COMMENT",
    "NODE_COORD_TYPE",
    "DISPLAY_DATA_TYPE",
    "EDGE_WEIGHT_TYPE",
    "EDGE_WEIGHT_FORMAT",
    "CAPACITY",
];

/// How the `EDGE_DATA_SECTION` lists the edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EdgeDataFormat {
    /// One edge `u v` a line, the section closed by `-1`.
    EdgeList,
    /// Entries `v n1 n2 ... -1` (a vertex, its neighbours), the section closed by a further `-1`.
    AdjList,
}

/// Reads a TSPLIB HCP graph.
pub(super) fn read(text: &str) -> Result<GraphFile, GraphFileError> {
    let mut lines = TsplibLines::new(text);
    let mut name = None;
    let mut vertex_count = None;
    let mut format = EdgeDataFormat::EdgeList;
    let mut keyword_lines: Vec<(&str, usize)> = Vec::new();
    let mut edges = None;
    while let Some((line, keyword, value)) = lines.next_keyword() {
        if keyword == "EOF" {
            break;
        }
        if !IGNORED_KEYWORDS.contains(&keyword) {
            if let Some(&(_, first)) = keyword_lines.iter().find(|&&(seen, _)| seen == keyword) {
                return Err(GraphFileError::new(
                    line,
                    format!("{keyword} repeats line {first}"),
                ));
            }
            keyword_lines.push((keyword, line));
        }
        match keyword {
            "NAME" => name = Some(value.to_string()).filter(|name| !name.is_empty()),
            "TYPE" if value == "HCP" => {}
            "TYPE" => {
                return Err(GraphFileError::new(
                    line,
                    format!("TYPE is {value:?}; this reads HCP graphs (TYPE : HCP)"),
                ))
            }
            "DIMENSION" => vertex_count = Some(parse_vertex_count(value, line, "DIMENSION")?),
            "EDGE_DATA_FORMAT" => format = parse_format(value, line)?,
            "EDGE_DATA_SECTION" => {
                if !value.is_empty() {
                    return Err(GraphFileError::new(
                        line,
                        format!("unexpected {value:?} after EDGE_DATA_SECTION"),
                    ));
                }
                let Some(vertex_count) = vertex_count else {
                    return Err(GraphFileError::new(
                        line,
                        "missing DIMENSION before EDGE_DATA_SECTION",
                    ));
                };
                let mut section = EdgeSet::default();
                match format {
                    EdgeDataFormat::EdgeList => {
                        read_edge_list(&mut lines, vertex_count, &mut section)?
                    }
                    EdgeDataFormat::AdjList => {
                        read_adj_list(&mut lines, vertex_count, &mut section)?
                    }
                }
                edges = Some(section);
            }
            _ if IGNORED_KEYWORDS.contains(&keyword) => {}
            _ => {
                return Err(GraphFileError::new(
                    line,
                    format!("unknown keyword {keyword:?}"),
                ))
            }
        }
    }
    match (vertex_count, edges) {
        (Some(vertex_count), Some(edges)) => {
            Ok(edges.into_graph(name, vertex_count, GraphSyntax::Hcp))
        }
        (None, _) => Err(GraphFileError::new(lines.last_line, "missing DIMENSION")),
        (Some(_), None) => Err(GraphFileError::new(
            lines.last_line,
            "missing EDGE_DATA_SECTION",
        )),
    }
}

/// Reads the `EDGE_DATA_FORMAT` value on `line`.
fn parse_format(value: &str, line: usize) -> Result<EdgeDataFormat, GraphFileError> {
    match value {
        "EDGE_LIST" => Ok(EdgeDataFormat::EdgeList),
        "ADJ_LIST" => Ok(EdgeDataFormat::AdjList),
        _ => Err(GraphFileError::new(
            line,
            format!("EDGE_DATA_FORMAT {value:?} is not EDGE_LIST or ADJ_LIST"),
        )),
    }
}

/// Reads an `EDGE_LIST` section, through its closing `-1`.
fn read_edge_list(
    lines: &mut TsplibLines,
    vertex_count: usize,
    edges: &mut EdgeSet,
) -> Result<(), GraphFileError> {
    lines.read_section(SECTION, |line, content| {
        let mut fields = content.split_whitespace();
        match (fields.next(), fields.next(), fields.next()) {
            (None, _, _) => Ok(false),
            (Some("-1"), None, _) => Ok(true),
            (Some("EOF"), None, _) => Err(unterminated(SECTION, line)),
            (Some(a), Some(b), None) => {
                let (a, b) = (
                    parse_vertex(a, line, vertex_count)?,
                    parse_vertex(b, line, vertex_count)?,
                );
                edges.add(line, a, b);
                Ok(false)
            }
            _ => Err(GraphFileError::new(
                line,
                format!("expected an edge \"u v\" or the closing -1, found {content:?}"),
            )),
        }
    })
}

/// Reads an `ADJ_LIST` section, through its closing `-1`: each line a vertex, its neighbours and
/// `-1`. A line that ends before its `-1` is refused: read on, the next line would silently
/// join the same vertex's list.
fn read_adj_list(
    lines: &mut TsplibLines,
    vertex_count: usize,
    edges: &mut EdgeSet,
) -> Result<(), GraphFileError> {
    let mut entry_vertex = None;
    lines.read_section(SECTION, |line, content| {
        let mut tokens = content.split_whitespace();
        while let Some(token) = tokens.next() {
            match (entry_vertex, token) {
                (_, "EOF") => return Err(unterminated(SECTION, line)),
                (None, "-1") => {
                    return match tokens.next() {
                        None => Ok(true),
                        Some(extra) => Err(GraphFileError::new(
                            line,
                            format!("unexpected {extra:?} after the closing -1"),
                        )),
                    }
                }
                (None, _) => entry_vertex = Some(parse_vertex(token, line, vertex_count)?),
                (Some(_), "-1") => entry_vertex = None,
                (Some(vertex), _) => {
                    edges.add_neighbour(line, vertex, parse_vertex(token, line, vertex_count)?)
                }
            }
        }
        match entry_vertex {
            Some(vertex) => Err(GraphFileError::new(
                line,
                format!(
                    "the neighbours of vertex {} do not end with -1 on their line",
                    vertex as u64 + 1
                ),
            )),
            None => Ok(false),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::file::{read_graph, refusal, refusal_outside, write_hcp, MAX_VERTICES};

    #[test]
    fn generated_graphs_read_back_with_their_counts() {
        for vertex_count in [18, 736, 5000] {
            let planted = crate::graph::generate::planted_cubic(vertex_count, 1).unwrap();
            let text = write_hcp("planted", None, planted.vertex_count, &planted.edges);
            let graph = read_graph(&text).unwrap();
            assert_eq!(graph.syntax, GraphSyntax::Hcp);
            assert_eq!(graph.vertex_count, vertex_count);
            assert_eq!(graph.edges.len(), vertex_count * 3 / 2);
            assert!(graph.notes.is_empty(), "{:?}", graph.notes);
            assert!(graph.edges.windows(2).all(|pair| pair[0] < pair[1]));
            assert!(graph
                .edges
                .iter()
                .all(|&(a, b)| a < b && (b as usize) < vertex_count));
        }
    }

    #[test]
    fn a_file_keeps_its_name_and_first_edges() {
        let text = "NAME : star\nCOMMENT : written by hand\nTYPE : HCP\nDIMENSION : 4\n\
                    EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n1 3\n1 4\n2 3\n-1\nEOF\n";
        let graph = read(text).unwrap();
        assert_eq!(graph.name.as_deref(), Some("star"));
        assert_eq!(graph.edges[..3], [(0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn adj_list_reads_as_the_same_graph_as_edge_list() {
        let edge_list = "NAME : square\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_SECTION\n\
                         1 2\n2 3\n3 4\n4 1\n1 3\n-1\nEOF\n";
        let adj_list = "NAME: square\nTYPE: HCP\nDIMENSION: 4\nEDGE_DATA_FORMAT: ADJ_LIST\n\
                        EDGE_DATA_SECTION\n1 2 4 3 -1\n3 2 4 -1\n-1\nEOF\n";
        assert_eq!(read(adj_list), read(edge_list));
    }

    #[test]
    fn an_adj_list_line_without_its_closing_minus_one_is_refused() {
        let text = "DIMENSION : 4\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n\
                    1 2 4\n3 2 4 -1\n-1\n";
        assert_eq!(
            read(text),
            refusal(
                4,
                "the neighbours of vertex 1 do not end with -1 on their line"
            )
        );
    }

    #[test]
    fn adj_list_listing_both_ends_is_not_a_repeat() {
        let text = "DIMENSION : 3\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n\
                    1 2 3 -1\n2 1 3 -1\n3 1 2 -1\n-1\n";
        let graph = read(text).unwrap();
        assert_eq!(graph.edges, [(0, 1), (0, 2), (1, 2)]);
        assert!(graph.notes.is_empty());
    }

    #[test]
    fn notes_a_self_loop_and_a_repeated_edge() {
        let text = "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n2 2\n2 1\n-1\n";
        let graph = read(text).unwrap();
        assert_eq!(graph.edges, [(0, 1)]);
        assert_eq!(
            graph.notes,
            [
                "line 4: self-loop 2 2 ignored (a tour never uses it)",
                "line 5: edge 2 1 repeats line 3; ignored",
            ]
        );
    }

    #[test]
    fn ignores_harmless_keywords_and_text_after_eof() {
        let text = "COMMENT : c\nDISPLAY_DATA_TYPE : NO_DISPLAY\nDIMENSION : 2\n\
                    EDGE_DATA_SECTION\n1 2\n-1\nEOF\nanything at all\n";
        assert_eq!(read(text).unwrap().edges, [(0, 1)]);
    }

    #[test]
    fn refuses_a_tsp_or_tour_type() {
        for kind in ["TSP", "TOUR"] {
            let text = format!("TYPE : {kind}\nDIMENSION : 2\nEDGE_DATA_SECTION\n1 2\n-1\n");
            assert_eq!(
                read(&text),
                refusal(
                    1,
                    &format!("TYPE is \"{kind}\"; this reads HCP graphs (TYPE : HCP)")
                )
            );
        }
    }

    #[test]
    fn refuses_a_missing_dimension() {
        assert_eq!(
            read("NAME : x\nEDGE_DATA_SECTION\n1 2\n-1\n"),
            refusal(2, "missing DIMENSION before EDGE_DATA_SECTION")
        );
        assert_eq!(read("NAME : x\n"), refusal(1, "missing DIMENSION"));
    }

    #[test]
    fn refuses_a_dimension_that_is_not_a_positive_count() {
        assert_eq!(
            read("DIMENSION : 0\n"),
            refusal(1, "DIMENSION is 0; a graph needs at least 1 vertex")
        );
        assert_eq!(
            read("DIMENSION : ten\n"),
            refusal(1, "DIMENSION \"ten\" is not a number")
        );
    }

    #[test]
    fn refuses_a_dimension_above_the_limit() {
        let too_many = MAX_VERTICES + 1;
        for dimension in [too_many.to_string(), "99999999999999999999999".to_string()] {
            assert_eq!(
                read(&format!("DIMENSION : {dimension}\n")),
                refusal(
                    1,
                    &format!("DIMENSION {dimension} is more than the limit of 10000000 vertices")
                )
            );
        }
    }

    #[test]
    fn refuses_a_repeated_dimension() {
        assert_eq!(
            read("DIMENSION : 2\nDIMENSION : 3\n"),
            refusal(2, "DIMENSION repeats line 1")
        );
    }

    #[test]
    fn refuses_an_unknown_edge_data_format() {
        assert_eq!(
            read("DIMENSION : 2\nEDGE_DATA_FORMAT : MATRIX\n"),
            refusal(
                2,
                "EDGE_DATA_FORMAT \"MATRIX\" is not EDGE_LIST or ADJ_LIST"
            )
        );
    }

    #[test]
    fn refuses_a_missing_edge_data_section() {
        assert_eq!(
            read("NAME : x\nDIMENSION : 2\n\n"),
            refusal(3, "missing EDGE_DATA_SECTION")
        );
        assert_eq!(
            read("DIMENSION : 2\nEOF\nEDGE_DATA_SECTION\n"),
            refusal(2, "missing EDGE_DATA_SECTION")
        );
    }

    #[test]
    fn refuses_an_unknown_keyword() {
        assert_eq!(
            read("DIMENSION : 2\nWEIGHTS : 5\n"),
            refusal(2, "unknown keyword \"WEIGHTS\"")
        );
    }

    #[test]
    fn refuses_an_edge_list_without_its_closing_minus_one() {
        let text = "DIMENSION : 2\nEDGE_DATA_SECTION\n1 2\n";
        assert_eq!(
            read(text),
            refusal(3, "EDGE_DATA_SECTION does not end with -1")
        );
        let text = "DIMENSION : 2\nEDGE_DATA_SECTION\n1 2\nEOF\n";
        assert_eq!(
            read(text),
            refusal(4, "EDGE_DATA_SECTION does not end with -1")
        );
    }

    #[test]
    fn refuses_an_adj_list_without_its_closing_minus_one() {
        let text = "DIMENSION : 2\nEDGE_DATA_FORMAT : ADJ_LIST\nEDGE_DATA_SECTION\n1 2 -1\n";
        assert_eq!(
            read(text),
            refusal(4, "EDGE_DATA_SECTION does not end with -1")
        );
    }

    #[test]
    fn refuses_a_vertex_out_of_range() {
        let text = "DIMENSION : 18\nEDGE_DATA_SECTION\n1 2\n19 1\n-1\n";
        assert_eq!(
            read(text),
            refusal_outside(4, "vertex 19 is out of range 1..18")
        );
        let text = "DIMENSION : 18\nEDGE_DATA_SECTION\n0 1\n-1\n";
        assert_eq!(
            read(text),
            refusal_outside(3, "vertex 0 is out of range 1..18")
        );
    }

    #[test]
    fn refuses_a_token_that_is_not_a_vertex_number() {
        let text = "DIMENSION : 3\nEDGE_DATA_SECTION\n1 x\n-1\n";
        assert_eq!(read(text), refusal(3, "\"x\" is not a vertex number"));
    }

    #[test]
    fn refuses_an_edge_line_with_the_wrong_number_of_fields() {
        let text = "DIMENSION : 3\nEDGE_DATA_SECTION\n1 2 3\n-1\n";
        assert_eq!(
            read(text),
            refusal(
                3,
                "expected an edge \"u v\" or the closing -1, found \"1 2 3\""
            )
        );
    }
}
