//! DIMACS graphs: `c` comment lines, one `p edge N M` (or `p col N M`, or the bare `p N M` of
//! the FHCP Challenge Set's files) line, then `M` lines `e U V`.

use super::{
    numbered_lines, parse_vertex, parse_vertex_count, EdgeSet, GraphFile, GraphFileError,
    GraphSyntax,
};

/// What a `p` line declares.
#[derive(Debug, Clone, Copy)]
struct Problem {
    /// The line it is on.
    line: usize,
    /// `N`.
    vertex_count: usize,
    /// `M`.
    edge_count: u64,
}

/// Reads a DIMACS graph.
pub(super) fn read(text: &str) -> Result<GraphFile, GraphFileError> {
    let mut problem: Option<Problem> = None;
    let mut edges = EdgeSet::default();
    let mut edge_lines = 0u64;
    let mut last_line = 0;
    for (line, content) in numbered_lines(text) {
        last_line = line;
        let mut fields = content.split_whitespace();
        match fields.next() {
            None | Some("c") => {}
            Some("p") => {
                if let Some(first) = problem {
                    return Err(GraphFileError::new(
                        line,
                        format!("second p line (the first is line {})", first.line),
                    ));
                }
                problem = Some(read_problem(fields, line, content)?);
            }
            Some("e") => {
                let Some(problem) = problem else {
                    return Err(GraphFileError::new(line, "e line before the p line"));
                };
                let (Some(a), Some(b), None) = (fields.next(), fields.next(), fields.next()) else {
                    return Err(GraphFileError::new(
                        line,
                        format!("expected \"e u v\", found {content:?}"),
                    ));
                };
                edges.add(
                    line,
                    parse_vertex(a, line, problem.vertex_count)?,
                    parse_vertex(b, line, problem.vertex_count)?,
                );
                edge_lines += 1;
            }
            Some(_) => {
                return Err(GraphFileError::new(
                    line,
                    format!("expected a c, p or e line, found {content:?}"),
                ))
            }
        }
    }
    let Some(problem) = problem else {
        return Err(GraphFileError::new(last_line, "no p line"));
    };
    if problem.edge_count != edge_lines {
        return Err(GraphFileError::new(
            problem.line,
            format!(
                "the p line says {} edges, the file has {edge_lines}",
                problem.edge_count
            ),
        ));
    }
    Ok(edges.into_graph(None, problem.vertex_count, GraphSyntax::Dimacs))
}

/// Reads the fields after `p` of the line `content` on `line`.
fn read_problem<'a>(
    fields: impl Iterator<Item = &'a str>,
    line: usize,
    content: &str,
) -> Result<Problem, GraphFileError> {
    let fields: Vec<&str> = fields.take(4).collect();
    let (format, vertex_count, edge_count) = match fields[..] {
        [format, vertex_count, edge_count] => (format, vertex_count, edge_count),
        [vertex_count, edge_count] if vertex_count.starts_with(|c: char| c.is_ascii_digit()) => {
            ("edge", vertex_count, edge_count)
        }
        _ => {
            return Err(GraphFileError::new(
                line,
                format!("expected \"p edge N M\" or \"p N M\", found {content:?}"),
            ))
        }
    };
    if !matches!(format, "edge" | "col") {
        return Err(GraphFileError::new(
            line,
            format!("p line format {format:?} is not edge or col"),
        ));
    }
    let vertex_count = parse_vertex_count(vertex_count, line, "the p line's vertex count")?;
    let edge_count = edge_count.parse().map_err(|_| {
        GraphFileError::new(line, format!("edge count {edge_count:?} is not a number"))
    })?;
    Ok(Problem {
        line,
        vertex_count,
        edge_count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::file::{refusal, refusal_outside, write_dimacs};

    #[test]
    fn reads_comments_the_p_line_and_edges() {
        let graph = read("c a triangle\np edge 3 3\ne 1 2\ne 3 2\ne 1 3\n").unwrap();
        assert_eq!(graph.vertex_count, 3);
        assert_eq!(graph.edges, [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(graph.name, None);
    }

    #[test]
    fn accepts_a_col_p_line() {
        assert_eq!(read("p col 2 1\ne 1 2\n").unwrap().edges, [(0, 1)]);
    }

    #[test]
    fn accepts_a_bare_p_line_as_the_fhcp_files_have() {
        let graph = read("p 3 3\nc NAME : triangle.hcp\ne 1 2\ne 2 3\ne 3 1\n").unwrap();
        assert_eq!(
            (graph.vertex_count, graph.edges),
            (3, vec![(0, 1), (0, 2), (1, 2)])
        );
        assert_eq!(graph.syntax, GraphSyntax::Dimacs);
    }

    #[test]
    fn refuses_a_bare_p_line_with_a_count_that_is_not_a_number() {
        assert_eq!(
            read("p 3 x\n"),
            refusal(1, "edge count \"x\" is not a number")
        );
    }

    #[test]
    fn round_trips_through_write_dimacs() {
        let edges = [(0, 1), (0, 4), (1, 2), (2, 3), (3, 4)];
        let text = write_dimacs(Some("a pentagon\nwith two lines"), 5, &edges);
        let graph = read(&text).unwrap();
        assert_eq!((graph.vertex_count, graph.edges), (5, edges.to_vec()));
    }

    #[test]
    fn notes_a_self_loop_and_a_repeated_edge_but_counts_their_lines() {
        let graph = read("p edge 3 3\ne 1 2\ne 3 3\ne 2 1\n").unwrap();
        assert_eq!(graph.edges, [(0, 1)]);
        assert_eq!(
            graph.notes,
            [
                "line 3: self-loop 3 3 ignored (a tour never uses it)",
                "line 4: edge 2 1 repeats line 2; ignored",
            ]
        );
    }

    #[test]
    fn refuses_an_edge_count_that_does_not_match() {
        assert_eq!(
            read("c x\np edge 3 3\ne 1 2\ne 2 3\n"),
            refusal(2, "the p line says 3 edges, the file has 2")
        );
    }

    #[test]
    fn refuses_an_e_line_before_the_p_line() {
        assert_eq!(
            read("e 1 2\np edge 2 1\n"),
            refusal(1, "e line before the p line")
        );
    }

    #[test]
    fn refuses_a_second_p_line() {
        assert_eq!(
            read("p edge 2 0\np edge 2 0\n"),
            refusal(2, "second p line (the first is line 1)")
        );
    }

    #[test]
    fn refuses_a_file_without_a_p_line() {
        assert_eq!(read("c only\nc comments\n"), refusal(2, "no p line"));
        assert_eq!(read(""), refusal(0, "no p line"));
    }

    #[test]
    fn refuses_a_p_line_of_another_format() {
        assert_eq!(
            read("p cnf 2 1\n"),
            refusal(1, "p line format \"cnf\" is not edge or col")
        );
        assert_eq!(
            read("p edge 2\n"),
            refusal(
                1,
                "expected \"p edge N M\" or \"p N M\", found \"p edge 2\""
            )
        );
    }

    #[test]
    fn refuses_a_vertex_count_above_the_limit() {
        assert_eq!(
            read("p edge 10000001 0\n"),
            refusal(
                1,
                "the p line's vertex count 10000001 is more than the limit of 10000000 vertices"
            )
        );
    }

    #[test]
    fn refuses_a_vertex_out_of_range() {
        assert_eq!(
            read("p edge 18 1\ne 19 1\n"),
            refusal_outside(2, "vertex 19 is out of range 1..18")
        );
    }

    #[test]
    fn refuses_a_token_that_is_not_a_vertex_number() {
        assert_eq!(
            read("p edge 3 1\ne 1 x\n"),
            refusal(2, "\"x\" is not a vertex number")
        );
    }

    #[test]
    fn refuses_an_e_line_with_the_wrong_number_of_fields() {
        assert_eq!(
            read("p edge 3 1\ne 1 2 3\n"),
            refusal(2, "expected \"e u v\", found \"e 1 2 3\"")
        );
    }

    #[test]
    fn refuses_a_line_of_another_kind() {
        assert_eq!(
            read("p edge 3 0\nn 1 5\n"),
            refusal(2, "expected a c, p or e line, found \"n 1 5\"")
        );
    }
}
