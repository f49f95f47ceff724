//! Uniqueness by forced edges: when the edges every tour must use already make a Hamiltonian
//! cycle, that cycle is the only tour.
//!
//! Two rules, applied until neither changes anything: a vertex with only two edges left must use
//! both (and a vertex that uses two drops the rest); an edge that would close a cycle of used
//! edges before every vertex is on it can be in no tour, and is dropped. Both only remove
//! possibilities that no Hamiltonian cycle has, so when the used edges end as one cycle through
//! every vertex, no other tour exists. Linear in the graph, up to the union-find's factor.

use crate::core::adjacency::root_with_halving;
use crate::graph::cycle::{CycleGraph, Vertex};

/// What the rules know of an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EdgeState {
    /// Not decided.
    Open,
    /// Every tour uses it.
    Used,
    /// No tour uses it.
    Dropped,
}

/// The Hamiltonian cycle the forced edges of `graph` make, when they make one; `None` when
/// the rules leave the question open (or find that there is no tour at all).
pub fn forced_cycle(graph: &CycleGraph) -> Option<Vec<Vertex>> {
    let state = edge_states(graph)?;
    if state
        .iter()
        .filter(|&&edge| edge == EdgeState::Used)
        .count()
        != graph.vertex_count()
    {
        return None;
    }
    let chosen: Vec<bool> = state.iter().map(|&edge| edge == EdgeState::Used).collect();
    match graph.cycles_of_edges(&chosen)?.as_slice() {
        [cycle] => Some(cycle.clone()),
        _ => None,
    }
}

/// What the rules decide of each edge of `graph`, by edge number; `None` when they find that
/// there is no tour, or the graph has fewer than three vertices.
pub(super) fn edge_states(graph: &CycleGraph) -> Option<Vec<EdgeState>> {
    let vertex_count = graph.vertex_count();
    if vertex_count < 3 {
        return None;
    }
    let mut forcing = Forcing {
        graph,
        state: vec![EdgeState::Open; graph.edges().len()],
        used_at: vec![0; vertex_count],
        open_at: (0..vertex_count as Vertex)
            .map(|vertex| graph.incident(vertex).len() as u32)
            .collect(),
        component: (0..vertex_count as u32).collect(),
        used_count: 0,
        queue: (0..vertex_count as Vertex).collect(),
    };
    for edge in graph.forced_edges() {
        forcing.use_edge(edge)?;
    }
    while let Some(vertex) = forcing.queue.pop() {
        forcing.examine(vertex)?;
    }
    Some(forcing.state)
}

/// The rules' state: each edge's, each vertex's used and undecided edges, the pieces of used
/// edges, and the vertices to look at again.
struct Forcing<'a> {
    graph: &'a CycleGraph,
    state: Vec<EdgeState>,
    used_at: Vec<u32>,
    /// Edges at each vertex not dropped (used or open).
    open_at: Vec<u32>,
    component: Vec<u32>,
    used_count: usize,
    queue: Vec<Vertex>,
}

impl Forcing<'_> {
    /// Applies the rules at `vertex`; `None` when they show there is no tour.
    fn examine(&mut self, vertex: Vertex) -> Option<()> {
        let incident = self.graph.incident(vertex);
        if self.used_at[vertex as usize] == 2 {
            for &(_, edge) in incident {
                if self.state[edge as usize] == EdgeState::Open {
                    self.drop_edge(edge);
                }
            }
            return Some(());
        }
        let last_edge = self.used_count + 1 == self.graph.vertex_count();
        for &(other, edge) in incident {
            let closes = root_with_halving(&mut self.component, vertex)
                == root_with_halving(&mut self.component, other);
            if self.state[edge as usize] == EdgeState::Open && closes && !last_edge {
                self.drop_edge(edge);
            }
        }
        match self.open_at[vertex as usize] {
            0 | 1 => None,
            2 => {
                for &(_, edge) in incident {
                    if self.state[edge as usize] == EdgeState::Open {
                        self.use_edge(edge)?;
                    }
                }
                Some(())
            }
            _ => Some(()),
        }
    }

    /// Marks `edge` used; `None` when that gives a vertex three edges or closes a cycle short of
    /// every vertex.
    fn use_edge(&mut self, edge: u32) -> Option<()> {
        if self.state[edge as usize] == EdgeState::Used {
            return Some(());
        }
        let (a, b) = self.graph.edges()[edge as usize];
        let (root_a, root_b) = (
            root_with_halving(&mut self.component, a),
            root_with_halving(&mut self.component, b),
        );
        if root_a == root_b && self.used_count + 1 != self.graph.vertex_count() {
            return None;
        }
        self.state[edge as usize] = EdgeState::Used;
        self.component[root_a as usize] = root_b;
        self.used_count += 1;
        for vertex in [a, b] {
            self.used_at[vertex as usize] += 1;
            if self.used_at[vertex as usize] > 2 {
                return None;
            }
            self.queue.push(vertex);
        }
        // The far ends of the joined piece are not queued again: an edge between them that
        // now closes a cycle early may stay open, which leaves the rules weaker, never wrong.
        Some(())
    }

    /// Marks `edge` dropped and queues its ends.
    fn drop_edge(&mut self, edge: u32) {
        self.state[edge as usize] = EdgeState::Dropped;
        let (a, b) = self.graph.edges()[edge as usize];
        for vertex in [a, b] {
            self.open_at[vertex as usize] -= 1;
            self.queue.push(vertex);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};

    fn cycle_of(board: &str) -> Option<Vec<Vertex>> {
        let problem = Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed);
        let move_graph = MoveGraph::new(&problem.board, problem.piece);
        forced_cycle(&CycleGraph::new(&problem, &move_graph))
    }

    #[test]
    fn a_corridor_two_squares_wide_has_its_cycle_forced() {
        let corridor = "......\n......\nXXXX..\n......\n......\n";
        let cycle = cycle_of(corridor).expect("forced");
        assert_eq!(cycle.len(), 26);
    }

    #[test]
    fn an_open_board_forces_nothing_whole() {
        assert_eq!(cycle_of("....\n....\n....\n....\n"), None);
        assert_eq!(cycle_of("......\n......\n......\n"), None);
    }
}
