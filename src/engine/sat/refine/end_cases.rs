//! Ends by cases: an open tour that the repair could not join, tried with both ends fixed where
//! the flow confines them to a few squares.
//!
//! Every tour is a 2-factor of the cycle graph, so each of its free ends lies on a square that
//! some 2-factor joins to the virtual vertex; the flow's residual graph gives those squares for
//! each half of the virtual vertex at once ([`factor::free_end_squares`]). On some holed boards
//! one of the two sets is a handful of squares, while the other holds most of its colour: the
//! repair then leaves small cycles it cannot join, because the tour must end near one of them
//! and the 2-factor put its end elsewhere. The cases split on the confined end: for each of its
//! squares, the flow with that end fixed confines the other end in turn, to a handful of
//! squares or else to those of the cycles the repair left. Each pair of ends is a problem with
//! both ends fixed, whose flow is tight: it refutes most pairs at once, and the local repair
//! joins the right one in a few conflicts.
//!
//! Only tours come from here: a case that its budget leaves open is left to the main loop,
//! which answers for the whole problem.

use super::local::repair_locally;
use super::warm::warm_model;
use crate::engine::flow::factor::free_end_squares;
use crate::engine::{SatStats, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::time::Instant;

/// The most squares a confined end may have for the cases to be tried.
const CONFINED_SQUARES: usize = 8;

/// The most pairs of ends tried.
const MOST_CASES: usize = 48;

/// The most squares all the pairs tried may hold together (each pair's flow, joining and
/// repair start over on the whole board): fewer pairs on larger boards.
const CASE_SQUARES: usize = 600_000;

/// The most conflicts the local repair of one case may meet, in each round over the pairs the
/// flow allows: the right pair is usually joined in a few thousand, and a wrong one is left
/// after the first budget, to be tried again with the second only when no pair was joined
/// (and only when its repair met the first budget: one that stopped short has nothing left
/// to try).
const CASE_CONFLICTS: [u64; 2] = [4_000, 32_000];

/// The conflicts of the short look at the whole formula before the cases: a board without a
/// tour is often refuted in a few hundred.
pub(super) const LOOK_CONFLICTS: u64 = 2_000;

/// What the cases did.
#[derive(Debug, Clone, Default)]
pub(super) struct EndCases {
    /// The tour found, as a Hamiltonian cycle of the graph, if any.
    pub cycle: Option<Vec<Vertex>>,
    /// Pairs of ends tried (a flow each, and a repair for those the flow allows).
    pub tried: u64,
    /// Conflicts the repairs and the short look met.
    pub conflicts: u64,
    /// Seconds spent in all, the short look's included.
    pub seconds: f64,
}

impl EndCases {
    /// Adds the short look at the whole formula that came before the cases: its `conflicts`
    /// and `seconds`.
    pub(super) fn looked(&mut self, conflicts: u64, seconds: f64) {
        self.conflicts += conflicts;
        self.seconds += seconds;
    }

    /// Adds the pairs tried, the conflicts met and the seconds spent to `stats`.
    pub(super) fn record(&self, stats: &mut SatStats) {
        stats.end_cases += self.tried;
        stats.end_case_conflicts += self.conflicts;
        stats.end_case_seconds += self.seconds;
    }
}

/// Where the cases start: the squares the first end may take, when the flow confines an
/// end of an open tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct EndPlan {
    /// The first end's squares: the fixed end, or those the most confined free end may take.
    firsts: Vec<Vertex>,
}

/// The cases' plan for `graph`, when they apply: an open tour with neither end fixed whose
/// flow confines one free end to at most [`CONFINED_SQUARES`] squares, or with one end fixed
/// whose flow confines the other so; `None` otherwise. `free_ends` are the squares the flow
/// allows each free end (see [`free_end_squares`]).
pub(super) fn plan(graph: &CycleGraph, free_ends: &[Vec<Vertex>]) -> Option<EndPlan> {
    let fixed = match (graph.start(), graph.end()) {
        (Some(_), Some(_)) => return None,
        (Some(fixed), None) | (None, Some(fixed)) => Some(fixed),
        (None, None) => None,
    };
    let squares = free_ends
        .iter()
        .filter(|squares| !squares.is_empty())
        .min_by_key(|squares| squares.len())?;
    (squares.len() <= CONFINED_SQUARES).then(|| EndPlan {
        firsts: fixed.map_or_else(|| squares.clone(), |fixed| vec![fixed]),
    })
}

impl EndPlan {
    /// A tour of the open-tour `graph` found by fixing both ends: for each of the first end's
    /// squares, the second end on the squares the flow then allows, or, when they are more than
    /// [`CONFINED_SQUARES`], on those of them that lie on the `left` cycles the repair could
    /// not join, the shortest cycle first: the first [`MOST_CASES`] pairs (fewer on boards
    /// past [`CASE_SQUARES`] squares), in rounds of growing conflict budgets
    /// ([`CASE_CONFLICTS`]); stops at the `deadline`.
    pub(super) fn tour(
        &self,
        graph: &CycleGraph,
        left: &[Vec<Vertex>],
        deadline: Option<Instant>,
    ) -> Result<EndCases, Stop> {
        let started = Instant::now();
        let mut cases = EndCases::default();
        let mut open: Vec<(Vertex, Vertex)> = self.pairs(graph, left);
        open.truncate(MOST_CASES.min(CASE_SQUARES / graph.square_count().max(1)));
        for budget in CASE_CONFLICTS {
            let mut still_open = Vec::new();
            for &(first, second) in &open {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return Err(Stop::Timeout);
                }
                cases.tried += 1;
                let fixed = graph.with_ends(Some(first), Some(second));
                // A pair the flow refutes has no tour; one it allows may be tried again.
                let Ok(Some(model)) = warm_model(&fixed, None) else {
                    continue;
                };
                let protected = fixed.forced_edge_flags();
                let repair = repair_locally(&fixed, model.cycles, &protected, deadline, budget)?;
                cases.conflicts += repair.conflicts;
                if let [cycle] = repair.cycles.as_slice() {
                    cases.cycle = Some(cycle.clone());
                    cases.seconds = started.elapsed().as_secs_f64();
                    return Ok(cases);
                }
                // Only a repair that met its budget may join the pair with a larger one.
                if repair.conflicts >= budget {
                    still_open.push((first, second));
                }
            }
            open = still_open;
        }
        cases.seconds = started.elapsed().as_secs_f64();
        Ok(cases)
    }

    /// The pairs of ends to try, in order (see [`EndPlan::tour`]).
    fn pairs(&self, graph: &CycleGraph, left: &[Vec<Vertex>]) -> Vec<(Vertex, Vertex)> {
        // The squares of the cycles left (not the one through the virtual vertex, the path so
        // far), the shortest cycle first.
        let mut cycles: Vec<&Vec<Vertex>> = left
            .iter()
            .filter(|cycle| {
                !cycle
                    .iter()
                    .any(|&vertex| Some(vertex) == graph.virtual_vertex())
            })
            .collect();
        cycles.sort_by_key(|cycle| cycle.len());
        let mut pairs = Vec::new();
        for &first in &self.firsts {
            let Ok(sets) = free_end_squares(&graph.with_ends(Some(first), None)) else {
                continue;
            };
            let seconds: Vec<Vertex> = sets.into_iter().flatten().collect();
            if seconds.len() <= CONFINED_SQUARES {
                pairs.extend(seconds.into_iter().map(|second| (first, second)));
                continue;
            }
            let mut allowed = vec![false; graph.vertex_count()];
            for &second in &seconds {
                allowed[second as usize] = true;
            }
            let on_cycles = cycles.iter().flat_map(|cycle| cycle.iter());
            pairs.extend(
                on_cycles
                    .filter(|&&second| allowed[second as usize])
                    .map(|&second| (first, second)),
            );
        }
        pairs
    }
}
