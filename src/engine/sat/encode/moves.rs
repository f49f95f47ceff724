//! Move variables: how a formula's variables stand for the moves of a tour.

use crate::graph::cycle::{CycleGraph, Vertex};
use varisat::{Lit, Var};

/// The variables that stand for moves, by edge number of the cycle graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveVars {
    /// One variable per undirected edge: the tour uses the edge.
    Edges(Vec<Var>),
    /// Two variables per edge `e = (a, b)`: index `2e` is the arc `a -> b`, `2e + 1` is `b -> a`.
    Arcs(Vec<Var>),
}

impl MoveVars {
    /// The cycles a model (values by variable index) makes, or `None` if the model's moves do
    /// not form a set of disjoint cycles through every vertex.
    pub fn cycles(&self, graph: &CycleGraph, model: &[bool]) -> Option<Vec<Vec<Vertex>>> {
        let value = |var: &Var| model.get(var.index()).copied().unwrap_or(false);
        match self {
            MoveVars::Edges(edge_vars) => {
                let chosen: Vec<bool> = edge_vars.iter().map(value).collect();
                graph.cycles_of_edges(&chosen)
            }
            MoveVars::Arcs(arc_vars) => {
                let mut successor = vec![Vertex::MAX; graph.vertex_count()];
                for (arc, var) in arc_vars.iter().enumerate() {
                    if value(var) {
                        let (from, to) = arc_ends(graph, arc);
                        if successor[from as usize] != Vertex::MAX {
                            return None;
                        }
                        successor[from as usize] = to;
                    }
                }
                graph.cycles_of_successors(&successor)
            }
        }
    }

    /// The cut clauses of each of `cycles`, the cycles of one model (see [`Self::cut_clauses`]).
    pub fn cuts_of_cycles(&self, graph: &CycleGraph, cycles: &[Vec<Vertex>]) -> Vec<Vec<Vec<Lit>>> {
        let mut component_of = vec![0u32; graph.vertex_count()];
        for (index, cycle) in cycles.iter().enumerate() {
            for &vertex in cycle {
                component_of[vertex as usize] = index as u32;
            }
        }
        cycles
            .iter()
            .map(|cycle| self.cut_clauses(graph, cycle, &component_of))
            .collect()
    }

    /// Clauses every Hamiltonian cycle satisfies and a model with a cycle through exactly the
    /// vertices of `members` violates: some chosen move crosses between that set and the rest
    /// (for arcs: one leaves it and one enters it). `component_of` gives every vertex's set.
    pub fn cut_clauses(
        &self,
        graph: &CycleGraph,
        members: &[Vertex],
        component_of: &[u32],
    ) -> Vec<Vec<Lit>> {
        let Some(&first) = members.first() else {
            return Vec::new();
        };
        let component = component_of[first as usize];
        let crossing = members.iter().flat_map(|&inside| {
            graph
                .incident(inside)
                .iter()
                .filter(|&&(outside, _)| component_of[outside as usize] != component)
                .map(move |&(_, edge)| (inside, edge as usize))
        });
        match self {
            MoveVars::Edges(edge_vars) => {
                vec![crossing
                    .map(|(_, edge)| edge_vars[edge].positive())
                    .collect()]
            }
            MoveVars::Arcs(arc_vars) => {
                let (mut leaving, mut entering) = (Vec::new(), Vec::new());
                for (inside, edge) in crossing {
                    let out_arc = arc_leaving(graph, edge, inside);
                    leaving.push(arc_vars[out_arc].positive());
                    entering.push(arc_vars[out_arc ^ 1].positive());
                }
                vec![leaving, entering]
            }
        }
    }

    /// Literals that hold when the tour walks `path` (consecutive vertices of the cycle graph,
    /// each pair joined by an edge) in this order.
    pub fn path_literals(&self, graph: &CycleGraph, path: &[Vertex]) -> Vec<Lit> {
        path.windows(2)
            .filter_map(|pair| {
                let edge = graph.edge_between(pair[0], pair[1])? as usize;
                Some(match self {
                    MoveVars::Edges(edge_vars) => edge_vars[edge].positive(),
                    MoveVars::Arcs(arc_vars) => {
                        arc_vars[arc_leaving(graph, edge, pair[0])].positive()
                    }
                })
            })
            .collect()
    }

    /// Each move variable with the two squares (vertices) it joins, in variable order.
    pub fn described(&self, graph: &CycleGraph) -> Vec<(Var, Vertex, Vertex)> {
        match self {
            MoveVars::Edges(edge_vars) => edge_vars
                .iter()
                .zip(graph.edges())
                .map(|(&var, &(a, b))| (var, a, b))
                .collect(),
            MoveVars::Arcs(arc_vars) => arc_vars
                .iter()
                .enumerate()
                .map(|(arc, &var)| {
                    let (from, to) = arc_ends(graph, arc);
                    (var, from, to)
                })
                .collect(),
        }
    }
}

/// The number of the arc along edge `edge` that leaves `from`, one of the edge's ends: `2e` when
/// `from` is its first vertex, else `2e + 1`. The arc entering `from` is that number `^ 1`.
pub fn arc_leaving(graph: &CycleGraph, edge: usize, from: Vertex) -> usize {
    2 * edge + usize::from(graph.edges()[edge].0 != from)
}

/// The `(from, to)` vertices of arc number `arc` (`2e` forwards along edge `e`, `2e + 1` back).
pub fn arc_ends(graph: &CycleGraph, arc: usize) -> (Vertex, Vertex) {
    let (a, b) = graph.edges()[arc / 2];
    if arc % 2 == 0 {
        (a, b)
    } else {
        (b, a)
    }
}
