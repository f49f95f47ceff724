//! A warm start for `cutset`: the first model comes from a maximum flow or matching, not from
//! the solver.
//!
//! The solver's first call (degree constraints alone) is where large blocked boards spend their
//! time, yet a 2-factor (two edges at every square) is a flow problem for a piece that
//! alternates colours, and a matching problem for any other piece or graph. The 2-factor's
//! cycles are joined by edge exchanges ([`merge`]); whatever
//! cycles are left get their cuts, and the solver then repairs the model inside a window: the
//! squares within a few moves of every cycle but the largest keep their edges free, every other
//! square is held to its two edges by assumptions. A window too small to join the cycles
//! (unsatisfiable under its assumptions) is doubled; the last window is the whole board, so
//! the answer is the solver's, with nothing assumed.

use super::{merge, Refinement};
use crate::engine::flow::factor::{self, Shortfall, TwoFactor};
use crate::engine::flow::general_factor::general_two_factor;
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::{Encoding, SatOptions};
use crate::engine::{SatStats, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::collections::VecDeque;
use std::time::Instant;
use varisat::Lit;

/// Moves from the separate cycles that the first window reaches.
pub(super) const FIRST_RADIUS: u32 = 2;

/// Whether `options` ask for the warm start and allow it: `cutset`, with merging.
pub(super) fn wanted(options: &SatOptions) -> bool {
    options.warm_start && options.merge && options.encoding == Encoding::Cutset
}

/// The first model of the warm start: a maximum flow's 2-factor with its cycles joined.
#[derive(Debug, Clone)]
pub(super) struct WarmModel {
    /// The cycles left after joining.
    pub cycles: Vec<Vec<Vertex>>,
    /// The exchanges made.
    pub merges: u64,
    /// Seconds spent on the flow and the joining.
    pub seconds: f64,
    /// Where the flow lets an open tour's free ends lie (see
    /// [`factor::free_end_squares`]); `None` when the 2-factor came from a matching.
    pub free_ends: Option<Vec<Vec<Vertex>>>,
}

impl WarmModel {
    /// The SAT engine's statistics of an answer from this model alone: its exchanges and
    /// seconds, under the encoding `options` name.
    pub fn stats(&self, options: &SatOptions) -> SatStats {
        SatStats {
            encoding: options.encoding.name().to_string(),
            merges: self.merges,
            flow_seconds: self.seconds,
            ..SatStats::default()
        }
    }
}

/// The warm start's first model of `graph`: `Err` with the flow's shortfall for a bipartite
/// graph without a 2-factor that holds its forced edges (an open tour's edges to its fixed
/// ends), so without a tour; `Ok(None)` when there is no model to give (any other graph whose
/// matching finds no 2-factor). A graph whose squares are bipartite gets its 2-factor from a maximum flow
/// (an open tour's virtual vertex split between the sides), any other from a maximum matching
/// of Tutte's gadget. A `handed` 2-factor of `graph` (the cheap proofs', see [`TwoFactor`])
/// is taken instead of the flow's where it fits: it is the flow's own, and a closed tour's,
/// so without free ends.
pub(super) fn warm_model(
    graph: &CycleGraph,
    handed: Option<TwoFactor>,
) -> Result<Option<WarmModel>, Shortfall> {
    let started = Instant::now();
    let handed = handed.filter(|_| graph.virtual_vertex().is_none());
    if let Some(chosen) = handed.as_ref().and_then(|factor| factor.edges_of(graph)) {
        if let Some(cycles) = graph.cycles_of_edges(chosen) {
            return Ok(Some(joined(graph, &cycles, started, Some(Vec::new()))));
        }
    }
    let (chosen, free_ends) = match factor::two_factor_and_free_ends(graph) {
        Ok((chosen, free_ends)) => (chosen, Some(free_ends)),
        Err(factor::NoTwoFactor::NotBipartite) => match general_two_factor(graph) {
            Some(chosen) => (chosen, None),
            None => return Ok(None),
        },
        Err(factor::NoTwoFactor::Shortfall(shortfall)) => return Err(shortfall),
    };
    let Some(cycles) = graph.cycles_of_edges(&chosen) else {
        return Ok(None);
    };
    Ok(Some(joined(graph, &cycles, started, free_ends)))
}

/// The warm start's model from the `cycles` of a 2-factor of `graph`, joined by exchanges,
/// its seconds counted from `started`.
fn joined(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    started: Instant,
    free_ends: Option<Vec<Vec<Vertex>>>,
) -> WarmModel {
    let protected = graph.forced_edge_flags();
    let (cycles, merges) = merge::merge_cycles(graph, cycles, &protected);
    WarmModel {
        cycles,
        merges,
        seconds: started.elapsed().as_secs_f64(),
        free_ends,
    }
}

impl Refinement {
    /// A model of the formula under `assumptions` that repairs `cycles` (a model of the base
    /// formula and its cuts): inside a window of [`FIRST_RADIUS`] moves around every cycle but
    /// the largest, every other square held to its two edges, the window doubled while it is
    /// too small; `Ok(None)` when the whole formula has none.
    pub(super) fn solve_in_windows(
        &mut self,
        cycles: &[Vec<Vertex>],
        assumptions: &[Lit],
    ) -> Result<Option<Vec<bool>>, Stop> {
        let MoveVars::Edges(edge_vars) = &self.moves else {
            return Err(Stop::InternalError);
        };
        let edge_vars = edge_vars.clone();
        let mut radius = FIRST_RADIUS;
        loop {
            let window_started = Instant::now();
            let (mut held, whole_board) = self.window_assumptions(cycles, radius, &edge_vars);
            held.extend_from_slice(assumptions);
            self.stats.cut_seconds += window_started.elapsed().as_secs_f64();
            match self.solve(&held)? {
                Some(model) => return Ok(Some(model)),
                None if whole_board => return Ok(None),
                None => radius = radius.saturating_mul(2),
            }
        }
    }

    /// Assumptions holding every square farther than `radius` moves from the cycles other than
    /// the largest to its two edges in `cycles`, and whether the window is the whole board
    /// (then nothing is assumed).
    fn window_assumptions(
        &self,
        cycles: &[Vec<Vertex>],
        radius: u32,
        edge_vars: &[varisat::Var],
    ) -> (Vec<Lit>, bool) {
        let vertex_count = self.graph.vertex_count();
        let (distance, inside) = window_distances(&self.graph, cycles, radius);
        // A radius as large as the graph reaches every vertex the cycles can reach: the rest
        // (another piece of a disconnected graph) must not stay held, or the window never ends.
        if inside == vertex_count || radius as usize >= vertex_count {
            return (Vec::new(), true);
        }
        let mut assumptions = Vec::new();
        for cycle in cycles {
            for (position, &vertex) in cycle.iter().enumerate() {
                let next = cycle[(position + 1) % cycle.len()];
                let held =
                    distance[vertex as usize] == u32::MAX || distance[next as usize] == u32::MAX;
                if held {
                    if let Some(edge) = self.graph.edge_between(vertex, next) {
                        assumptions.push(edge_vars[edge as usize].positive());
                    }
                }
            }
        }
        (assumptions, false)
    }
}

/// Each vertex's distance in moves from the cycles other than the largest, up to `radius`
/// (`u32::MAX` beyond), and how many vertices are within it. Distances grow through the
/// board's moves only: an open tour's virtual vertex is one move from every square.
pub(super) fn window_distances(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    radius: u32,
) -> (Vec<u32>, usize) {
    let largest = (0..cycles.len()).max_by_key(|&index| cycles[index].len());
    let sources = (0..cycles.len())
        .filter(|&index| Some(index) != largest)
        .flat_map(|index| cycles[index].iter().copied());
    distances_from(graph, sources, radius)
}

/// Each vertex's distance in moves from the `sources`, up to `radius` (`u32::MAX` beyond), and
/// how many vertices are within it; as [`window_distances`], through the board's moves only.
pub(super) fn distances_from(
    graph: &CycleGraph,
    sources: impl IntoIterator<Item = Vertex>,
    radius: u32,
) -> (Vec<u32>, usize) {
    let mut distance = vec![u32::MAX; graph.vertex_count()];
    let mut queue = VecDeque::new();
    for vertex in sources {
        if distance[vertex as usize] != 0 {
            distance[vertex as usize] = 0;
            queue.push_back(vertex);
        }
    }
    let mut inside = queue.len();
    while let Some(vertex) = queue.pop_front() {
        let next_distance = distance[vertex as usize] + 1;
        if next_distance > radius || Some(vertex) == graph.virtual_vertex() {
            continue;
        }
        for &(next, _) in graph.incident(vertex) {
            if distance[next as usize] == u32::MAX {
                distance[next as usize] = next_distance;
                inside += 1;
                queue.push_back(next);
            }
        }
    }
    (distance, inside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::flow::factor::any_two_factor;
    use crate::engine::proof::cheap::cheap_proof_or_factor;

    /// Cycles of vertices.
    type Cycles = Vec<Vec<Vertex>>;

    /// The cycles, exchanges and free ends of a warm start's model.
    fn shape(model: WarmModel) -> (Cycles, u64, Option<Cycles>) {
        (model.cycles, model.merges, model.free_ends)
    }

    #[test]
    fn the_proofs_two_factor_is_the_warm_starts_own() {
        // Closed tours on holed boards of pieces that alternate colours: where the cheap proofs
        // find no proof they hand over their 2-factor, and the warm start's model from it is
        // the one it computes itself; another 2-factor handed over (Pothen and Fan's) is taken
        // as it is (on a few boards it differs: both start from the same greedy pass, which
        // leaves them little to place), and one of another board is refused.
        let mut handed = 0;
        let mut differs = 0;
        for seed in 1..=30u64 {
            let size = 6 + seed % 15;
            let holes = 1 + seed * size * size / 200;
            for piece in [Piece::Knight, Piece::Rook, Piece::Leaper(1, 4)] {
                let Ok(board) = crate::gen::holes(size, size, holes, piece, seed, 1) else {
                    continue;
                };
                let problem = Problem::new(board, piece, TourShape::Closed);
                let moves = MoveGraph::new(&problem.board, piece);
                let Ok(factor) = cheap_proof_or_factor(&problem, &moves) else {
                    continue;
                };
                let factor = factor.expect("the proofs of a closed bipartite board run the flow");
                let graph = CycleGraph::new(&problem, &moves);
                let own = shape(warm_model(&graph, None).unwrap().unwrap());
                let from_proofs = shape(warm_model(&graph, Some(factor.clone())).unwrap().unwrap());
                assert_eq!(from_proofs, own, "{:?}", problem.board);
                let other = any_two_factor(&graph).unwrap();
                let (cycles, merges) = merge::merge_cycles(
                    &graph,
                    &graph.cycles_of_edges(&other).unwrap(),
                    &graph.forced_edge_flags(),
                );
                let from_other = warm_model(&graph, Some(TwoFactor::from_edges(other.clone())));
                let from_other = shape(from_other.unwrap().unwrap());
                assert_eq!(from_other, (cycles, merges, Some(Vec::new())));
                differs += usize::from(other != factor.chosen());
                let mut too_short = factor.chosen().to_vec();
                too_short.pop();
                let refused = warm_model(&graph, Some(TwoFactor::from_edges(too_short)));
                assert_eq!(shape(refused.unwrap().unwrap()), own);
                handed += 1;
            }
        }
        assert!(
            handed >= 15 && differs >= 3,
            "{handed} handed over, {differs} differ"
        );
    }
}
