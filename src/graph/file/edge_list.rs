//! Plain edge lists: one edge `U V` a line (1-based), `#` comments and blank lines; the
//! largest vertex number is the vertex count.

use super::{
    numbered_lines, parse_vertex, EdgeSet, GraphFile, GraphFileError, GraphSyntax, MAX_VERTICES,
};

/// Reads an edge list.
pub(super) fn read(text: &str) -> Result<GraphFile, GraphFileError> {
    let mut edges = EdgeSet::default();
    let mut vertex_count = 0;
    let mut has_edge_line = false;
    for (line, content) in numbered_lines(text) {
        let content = content
            .split_once('#')
            .map_or(content, |(before, _)| before);
        let mut fields = content.split_whitespace();
        match (fields.next(), fields.next(), fields.next()) {
            (None, _, _) => {}
            (Some(a), Some(b), None) => {
                let a = parse_vertex(a, line, MAX_VERTICES)?;
                let b = parse_vertex(b, line, MAX_VERTICES)?;
                vertex_count = vertex_count.max(a.max(b) as usize + 1);
                edges.add(line, a, b);
                has_edge_line = true;
            }
            _ => {
                return Err(GraphFileError::new(
                    line,
                    format!("expected an edge \"u v\", found {:?}", content.trim()),
                ))
            }
        }
    }
    if !has_edge_line {
        return Err(GraphFileError::new(0, "no edges"));
    }
    Ok(edges.into_graph(None, vertex_count, GraphSyntax::EdgeList))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::file::{read_graph_as, refusal, refusal_outside, write_hcp};

    #[test]
    fn the_largest_vertex_number_is_the_vertex_count() {
        let graph = read("# a path\n1 2\n\n2 7  # the far end\n").unwrap();
        assert_eq!(graph.vertex_count, 7);
        assert_eq!(graph.edges, [(0, 1), (1, 6)]);
    }

    #[test]
    fn round_trips_through_write_hcp() {
        let graph = read("1 2\n2 3\n3 4\n4 1\n").unwrap();
        let text = write_hcp("square", None, graph.vertex_count, &graph.edges);
        let again = read_graph_as(&text, GraphSyntax::Hcp).unwrap();
        assert_eq!(again.name.as_deref(), Some("square"));
        assert_eq!(
            (again.vertex_count, again.edges),
            (graph.vertex_count, graph.edges)
        );
    }

    #[test]
    fn notes_a_self_loop_and_a_repeated_edge() {
        let graph = read("1 2\n3 3\n# c\n2 1\n").unwrap();
        assert_eq!(graph.vertex_count, 3);
        assert_eq!(graph.edges, [(0, 1)]);
        assert_eq!(
            graph.notes,
            [
                "line 2: self-loop 3 3 ignored (a tour never uses it)",
                "line 4: edge 2 1 repeats line 1; ignored",
            ]
        );
    }

    #[test]
    fn refuses_a_file_without_edges() {
        assert_eq!(read(""), refusal(0, "no edges"));
        assert_eq!(read("# nothing\n\n"), refusal(0, "no edges"));
    }

    #[test]
    fn refuses_vertex_zero_and_numbers_above_the_limit() {
        assert_eq!(
            read("1 2\n0 1\n"),
            refusal_outside(2, "vertex 0 is out of range 1..10000000")
        );
        assert_eq!(
            read("1 10000001\n"),
            refusal_outside(1, "vertex 10000001 is out of range 1..10000000")
        );
    }

    #[test]
    fn refuses_a_token_that_is_not_a_vertex_number() {
        assert_eq!(
            read("1 2\n\n1 x\n"),
            refusal(3, "\"x\" is not a vertex number")
        );
    }

    #[test]
    fn refuses_a_line_with_the_wrong_number_of_fields() {
        assert_eq!(
            read("1 2\n3\n"),
            refusal(2, "expected an edge \"u v\", found \"3\"")
        );
        assert_eq!(
            read("1 2 3 # a triangle?\n"),
            refusal(1, "expected an edge \"u v\", found \"1 2 3\"")
        );
    }
}
