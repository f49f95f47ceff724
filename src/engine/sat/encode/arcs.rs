//! Successor arcs: the directed base shared by `cutset-arcs` and `position`.
//!
//! See `encodings/cutset-arcs.md`.

use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::cardinality::exactly_for;
use crate::engine::sat::encode::moves::{arc_leaving, MoveVars};
use crate::graph::cycle::{CycleGraph, Vertex};
use varisat::Var;

/// Adds two arc variables per edge, exactly one arc out of and one into every vertex, no
/// two-cycles (when there are more than two vertices), and the virtual vertex's arcs to a fixed
/// start (out of it) and a fixed end (into it).
pub fn encode(graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
    MoveVars::Arcs(encode_vars(graph, formula))
}

/// [`encode`], returning the arc variables themselves.
pub fn encode_vars(graph: &CycleGraph, formula: &mut Formula) -> Vec<Var> {
    let arc_vars = formula.new_vars(graph.edges().len() * 2);
    let exactly = exactly_for(graph);
    for vertex in 0..graph.vertex_count() as Vertex {
        // A formula past its literal limit is refused: no need to finish it.
        if formula.over_limit() {
            break;
        }
        let (mut outgoing, mut incoming) = (Vec::new(), Vec::new());
        for &(_, edge) in graph.incident(vertex) {
            let out_arc = arc_leaving(graph, edge as usize, vertex);
            outgoing.push(arc_vars[out_arc].positive());
            incoming.push(arc_vars[out_arc ^ 1].positive());
        }
        exactly(formula, &outgoing, 1);
        exactly(formula, &incoming, 1);
    }
    if graph.vertex_count() > 2 {
        for edge in 0..graph.edges().len() {
            formula.add_clause(&[
                arc_vars[2 * edge].negative(),
                arc_vars[2 * edge + 1].negative(),
            ]);
        }
    }
    if let Some(virtual_vertex) = graph.virtual_vertex() {
        let fixed_arcs = [
            graph.start().map(|start| (virtual_vertex, start)),
            graph.end().map(|end| (end, virtual_vertex)),
        ];
        for (from, to) in fixed_arcs.into_iter().flatten() {
            if let Some(edge) = graph.edge_between(from, to) {
                let arc = arc_leaving(graph, edge as usize, from);
                formula.add_clause(&[arc_vars[arc].positive()]);
            }
        }
    }
    arc_vars
}
