//! The `cutset` encoding: undirected edge variables, degree two, lazy crossing cuts.
//!
//! See `encodings/cutset.md`.

use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::cardinality::exactly_for;
use crate::engine::sat::encode::moves::MoveVars;
use crate::graph::cycle::{CycleGraph, Vertex};
use varisat::Lit;

/// Adds the base formula: one variable per edge, exactly two chosen edges at every vertex, the
/// edges to fixed ends, and no cycle of three or four squares (when the tour is longer).
pub fn encode(graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
    let edge_vars = formula.new_vars(graph.edges().len());
    let exactly = exactly_for(graph);
    for vertex in 0..graph.vertex_count() as Vertex {
        if formula.over_limit() {
            break;
        }
        let incident: Vec<Lit> = graph
            .incident(vertex)
            .iter()
            .map(|&(_, edge)| edge_vars[edge as usize].positive())
            .collect();
        exactly(formula, &incident, 2);
    }
    for edge in graph.forced_edges() {
        formula.add_clause(&[edge_vars[edge as usize].positive()]);
    }
    // A formula past its literal limit is refused: no need to finish it.
    if graph.vertex_count() > 4 && !formula.over_limit() {
        for cycle in short_cycles(graph) {
            let clause: Vec<Lit> = cycle
                .iter()
                .map(|&edge| edge_vars[edge as usize].negative())
                .collect();
            formula.add_clause(&clause);
        }
    }
    MoveVars::Edges(edge_vars)
}

/// Every cycle of three or four squares (not through the virtual vertex), as its edges, each
/// once.
fn short_cycles(graph: &CycleGraph) -> Vec<Vec<u32>> {
    short_cycles_within(graph, |_| true)
}

/// Every cycle of three or four squares for which `within` holds (not through the virtual
/// vertex), as its edges, each once.
pub(crate) fn short_cycles_within(
    graph: &CycleGraph,
    within: impl Fn(Vertex) -> bool,
) -> Vec<Vec<u32>> {
    let is_square = |vertex: Vertex| Some(vertex) != graph.virtual_vertex() && within(vertex);
    let mut cycles = Vec::new();
    for a in 0..graph.vertex_count() as Vertex {
        if !is_square(a) {
            continue;
        }
        let larger: Vec<(Vertex, u32)> = graph
            .incident(a)
            .iter()
            .copied()
            .filter(|&(other, _)| other > a && is_square(other))
            .collect();
        for (i, &(b, ab)) in larger.iter().enumerate() {
            for &(d, ad) in &larger[i + 1..] {
                if let Some(bd) = graph.edge_between(b, d) {
                    cycles.push(vec![ab, bd, ad]);
                }
                for &(c, bc) in graph.incident(b) {
                    if c > a && c != d && is_square(c) {
                        if let Some(cd) = graph.edge_between(c, d) {
                            cycles.push(vec![ab, bc, cd, ad]);
                        }
                    }
                }
            }
        }
    }
    cycles
}
