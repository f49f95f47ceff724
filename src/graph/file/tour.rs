//! Tours of a graph file: a TSPLIB `TYPE : TOUR` file or a plain list of 1-based vertices,
//! read and written. Reading checks each vertex's range only; whether the vertices form a
//! tour is the verifier's question.

use super::write::{one_line, push_line};
use super::{
    numbered_lines, parse_vertex, split_keyword, unterminated, GraphFileError, TsplibLines,
};

/// The section of the vertices.
const SECTION: &str = "TOUR_SECTION";

/// The TSPLIB keywords that mark a tour file as TSPLIB when a line starts with one.
const TOUR_KEYWORDS: [&str; 5] = ["NAME", "TYPE", "DIMENSION", "COMMENT", "TOUR_SECTION"];

/// `tour` (0-based) as 1-based vertices, one a line.
pub fn write_vertices(tour: &[u32]) -> String {
    let mut text = String::with_capacity(tour.len() * 6);
    for &vertex in tour {
        push_line(&mut text, format_args!("{}", vertex as u64 + 1));
    }
    text
}

/// `tour` (0-based) as a TSPLIB tour file named `<name>.tour`: `TYPE : TOUR`, `DIMENSION`,
/// then a `TOUR_SECTION` of 1-based vertices one a line, closed by `-1`, then `EOF`.
pub fn write_tsplib_tour(name: &str, tour: &[u32]) -> String {
    let mut text = String::with_capacity(64 + tour.len() * 6);
    push_line(&mut text, format_args!("NAME : {}.tour", one_line(name)));
    push_line(&mut text, format_args!("TYPE : TOUR"));
    push_line(&mut text, format_args!("DIMENSION : {}", tour.len()));
    push_line(&mut text, format_args!("TOUR_SECTION"));
    text.push_str(&write_vertices(tour));
    text.push_str("-1\nEOF\n");
    text
}

/// The vertices (0-based) of a tour of a graph over `0..vertex_count`, from a TSPLIB tour
/// file (when a line starts with a TSPLIB keyword) or from a plain list of 1-based vertex
/// numbers separated by whitespace, with `#` and `c` comment lines.
pub fn read_graph_tour(text: &str, vertex_count: usize) -> Result<Vec<u32>, GraphFileError> {
    let is_tsplib =
        numbered_lines(text).any(|(_, content)| TOUR_KEYWORDS.contains(&split_keyword(content).0));
    if is_tsplib {
        read_tsplib_tour(text, vertex_count)
    } else {
        read_vertex_list(text, vertex_count)
    }
}

/// Reads a TSPLIB tour file: its header, then its `TOUR_SECTION` through `-1`.
fn read_tsplib_tour(text: &str, vertex_count: usize) -> Result<Vec<u32>, GraphFileError> {
    let mut lines = TsplibLines::new(text);
    while let Some((line, keyword, value)) = lines.next_keyword() {
        match keyword {
            "NAME" | "COMMENT" => {}
            "TYPE" if value == "TOUR" => {}
            "TYPE" => {
                return Err(GraphFileError::new(
                    line,
                    format!("TYPE is {value:?}; this reads tours (TYPE : TOUR)"),
                ))
            }
            "DIMENSION" => check_dimension(value, line, vertex_count)?,
            "TOUR_SECTION" => return read_tour_section(&mut lines, vertex_count),
            "EOF" => break,
            _ => {
                return Err(GraphFileError::new(
                    line,
                    format!("unknown keyword {keyword:?}"),
                ))
            }
        }
    }
    Err(GraphFileError::new(lines.last_line, "missing TOUR_SECTION"))
}

/// Checks that the `DIMENSION` value on `line` is the graph's `vertex_count`.
fn check_dimension(value: &str, line: usize, vertex_count: usize) -> Result<(), GraphFileError> {
    match value.parse::<u64>() {
        Ok(dimension) if dimension == vertex_count as u64 => Ok(()),
        Ok(dimension) => Err(GraphFileError::outside_graph(
            line,
            format!("DIMENSION {dimension} is not the graph's {vertex_count} vertices"),
        )),
        Err(_) => Err(GraphFileError::new(
            line,
            format!("DIMENSION {value:?} is not a number"),
        )),
    }
}

/// Reads the vertices of a `TOUR_SECTION`, through `-1`; an empty section is refused.
fn read_tour_section(
    lines: &mut TsplibLines,
    vertex_count: usize,
) -> Result<Vec<u32>, GraphFileError> {
    let mut tour = Vec::new();
    lines.read_section(SECTION, |line, content| {
        for token in content.split_whitespace() {
            match token {
                "-1" if tour.is_empty() => {
                    return Err(GraphFileError::new(line, "TOUR_SECTION has no vertices"))
                }
                "-1" => return Ok(true),
                "EOF" => return Err(unterminated(SECTION, line)),
                _ => tour.push(parse_vertex(token, line, vertex_count)?),
            }
        }
        Ok(false)
    })?;
    Ok(tour)
}

/// Reads a plain list of 1-based vertex numbers.
fn read_vertex_list(text: &str, vertex_count: usize) -> Result<Vec<u32>, GraphFileError> {
    let mut tour = Vec::new();
    for (line, content) in numbered_lines(text) {
        let mut tokens = content.split_whitespace().peekable();
        if content.starts_with('#') || tokens.peek() == Some(&"c") {
            continue;
        }
        for token in tokens {
            tour.push(parse_vertex(token, line, vertex_count)?);
        }
    }
    if tour.is_empty() {
        return Err(GraphFileError::new(0, "no vertices"));
    }
    Ok(tour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::file::{refusal, refusal_outside};

    #[test]
    fn reads_back_write_tsplib_tour() {
        let tour = [0, 2, 1, 3];
        let text = write_tsplib_tour("square", &tour);
        assert!(text.starts_with("NAME : square.tour\nTYPE : TOUR\nDIMENSION : 4\n"));
        assert!(text.ends_with("TOUR_SECTION\n1\n3\n2\n4\n-1\nEOF\n"));
        assert_eq!(read_graph_tour(&text, 4), Ok(tour.to_vec()));
    }

    #[test]
    fn reads_back_write_vertices() {
        let tour = [4, 0, 3, 1, 2];
        let text = write_vertices(&tour);
        assert_eq!(text, "5\n1\n4\n2\n3\n");
        assert_eq!(read_graph_tour(&text, 5), Ok(tour.to_vec()));
    }

    #[test]
    fn reads_a_vertex_list_with_comments_on_any_number_of_lines() {
        let text = "# found by toursat\nc another comment\n1 2  3\n\n4\t5\n";
        assert_eq!(read_graph_tour(text, 5), Ok(vec![0, 1, 2, 3, 4]));
    }

    #[test]
    fn does_not_check_that_the_vertices_form_a_tour() {
        assert_eq!(read_graph_tour("1 1 1\n", 3), Ok(vec![0, 0, 0]));
    }

    #[test]
    fn reads_a_tour_section_with_several_vertices_a_line() {
        let text = "TYPE: TOUR\nTOUR_SECTION\n1 2\n3 -1\n";
        assert_eq!(read_graph_tour(text, 3), Ok(vec![0, 1, 2]));
    }

    #[test]
    fn refuses_a_vertex_out_of_range() {
        assert_eq!(
            read_graph_tour("1\n2\n19\n", 18),
            refusal_outside(3, "vertex 19 is out of range 1..18")
        );
        assert_eq!(
            read_graph_tour("TOUR_SECTION\n0\n-1\n", 18),
            refusal_outside(2, "vertex 0 is out of range 1..18")
        );
    }

    #[test]
    fn refuses_a_token_that_is_not_a_vertex_number() {
        assert_eq!(
            read_graph_tour("1 x\n", 3),
            refusal(1, "\"x\" is not a vertex number")
        );
    }

    #[test]
    fn refuses_an_empty_vertex_list() {
        assert_eq!(read_graph_tour("# none\n", 3), refusal(0, "no vertices"));
    }

    #[test]
    fn refuses_an_empty_tour_section() {
        assert_eq!(
            read_graph_tour("TYPE : TOUR\nTOUR_SECTION\n-1\nEOF\n", 3),
            refusal(3, "TOUR_SECTION has no vertices")
        );
    }

    #[test]
    fn refuses_a_tour_file_of_another_type_or_dimension() {
        assert_eq!(
            read_graph_tour("TYPE : HCP\nTOUR_SECTION\n1\n-1\n", 1),
            refusal(1, "TYPE is \"HCP\"; this reads tours (TYPE : TOUR)")
        );
        assert_eq!(
            read_graph_tour("DIMENSION : 4\nTOUR_SECTION\n1\n-1\n", 3),
            refusal_outside(1, "DIMENSION 4 is not the graph's 3 vertices")
        );
    }

    #[test]
    fn refuses_a_tour_file_without_its_section_or_its_minus_one() {
        assert_eq!(
            read_graph_tour("NAME : x.tour\nEOF\n", 3),
            refusal(2, "missing TOUR_SECTION")
        );
        assert_eq!(
            read_graph_tour("TOUR_SECTION\n1 2\n3\n", 3),
            refusal(3, "TOUR_SECTION does not end with -1")
        );
    }

    #[test]
    fn refuses_an_unknown_keyword_in_a_tour_file() {
        assert_eq!(
            read_graph_tour("NAME : x\nLENGTH : 5\n", 3),
            refusal(2, "unknown keyword \"LENGTH\"")
        );
    }
}
