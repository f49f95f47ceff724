//! Fuzz target: graph files (`graph::file::read_graph`, in every syntax) and their tours
//! (`graph::file::read_graph_tour`) must be read or refused, never panic; a graph read back has
//! sorted edges `a < b` within its vertices and writes back to the same graph as HCP, as
//! DIMACS and as DIMACS with the FHCP files' bare `p N M` header; a tour read back lies within its vertices and writes back to the same tour.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::graph::file::{
    read_graph, read_graph_as, read_graph_tour, write_dimacs, write_hcp, write_tsplib_tour,
    write_vertices, GraphFile, GraphSyntax, MAX_VERTICES,
};

fn check_graph(graph: &GraphFile) {
    assert!((1..=MAX_VERTICES).contains(&graph.vertex_count));
    assert!(graph.edges.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(graph
        .edges
        .iter()
        .all(|&(a, b)| a < b && (b as usize) < graph.vertex_count));
    let hcp = write_hcp("fuzz", None, graph.vertex_count, &graph.edges);
    let dimacs = write_dimacs(None, graph.vertex_count, &graph.edges);
    let bare_dimacs = dimacs.replacen("p edge ", "p ", 1);
    for text in [hcp, dimacs, bare_dimacs] {
        let again = read_graph(&text).expect("a written graph reads back");
        assert_eq!(
            (again.vertex_count, &again.edges),
            (graph.vertex_count, &graph.edges)
        );
        assert!(again.notes.is_empty());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&tour_vertex_count, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    if let Ok(graph) = read_graph(text) {
        check_graph(&graph);
    }
    for syntax in [GraphSyntax::Hcp, GraphSyntax::Dimacs, GraphSyntax::EdgeList] {
        if let Ok(graph) = read_graph_as(text, syntax) {
            assert_eq!(graph.syntax, syntax);
            check_graph(&graph);
        }
    }
    let vertex_count = usize::from(tour_vertex_count);
    if let Ok(tour) = read_graph_tour(text, vertex_count) {
        assert!(tour.iter().all(|&vertex| (vertex as usize) < vertex_count));
        assert_eq!(
            read_graph_tour(&write_vertices(&tour), vertex_count),
            Ok(tour.clone())
        );
        if tour.len() == vertex_count {
            let tsplib = write_tsplib_tour("fuzz", &tour);
            assert_eq!(read_graph_tour(&tsplib, vertex_count), Ok(tour));
        }
    }
});
