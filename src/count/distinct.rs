//! Distinct tours one after another, by SAT with blocking clauses: "is there a second one?".
//!
//! The SAT engine's [`Refinement`] finds a tour; a clause then forbids that tour's set of moves
//! (for a closed tour: its cycle in either direction; for an open tour: its path, either way),
//! and the solver is asked again, until the limit or until no tour is left. The cuts the
//! refinement adds hold for every tour, so no tour is lost, and each tour found differs from
//! every earlier one in at least one move. Every tour is verified before it is reported. A tour
//! whose edges are all forced (see [`super::forced`]) is known to be the only one without
//! asking the solver.

use super::forced::forced_cycle;
use super::CountError;
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::core::progress;
use crate::core::tour::Tour;
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::{trivial_tour, SatOptions};
use crate::engine::{Limits, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use crate::verify::board::verify;
use varisat::Lit;

/// The tours found, and whether they are all the tours there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distinct {
    /// The tours in the order found, no two with the same set of moves.
    pub tours: Vec<Tour>,
    /// Whether the search ran out of tours before the limit (so `tours` is every tour).
    pub complete: bool,
}

/// Up to `limit` distinct tours of `problem`; `found` hears of each as soon as it is verified.
pub fn distinct_tours(
    problem: &Problem,
    limit: usize,
    limits: &Limits,
    found: &mut dyn FnMut(&Tour),
) -> Result<Distinct, CountError> {
    problem.validate().map_err(CountError::Problem)?;
    let mut tours = Vec::new();
    if limit == 0 {
        return Ok(Distinct {
            tours,
            complete: false,
        });
    }
    if let Some(tiny) = super::tiny_count(problem) {
        if let Some(tour) = trivial_tour(problem).filter(|_| tiny == 1) {
            report(problem, &tour, found)?;
            tours.push(tour);
        }
        return Ok(Distinct {
            tours,
            complete: true,
        });
    }
    progress::begin(super::FINDING_TOURS, "found so far", None);
    let move_graph = MoveGraph::new(&problem.board, problem.piece);
    // The warm start serves the first tour; joining stays, kept by `forbid` from returning a
    // tour found already.
    let mut refinement = Refinement::new(problem, &move_graph, &SatOptions::default(), limits);
    let mut last: Option<Vec<Vertex>> = None;
    while tours.len() < limit {
        // The exchanges below may find tour after tour without the solver, which would
        // otherwise see the deadline.
        if limits.expired() {
            return Err(CountError::Stopped(Stop::Timeout));
        }
        // A 2-opt exchange on the last tour finds the next one at once where it can; the
        // solver answers otherwise, and proves that none is left.
        let exchanged = last
            .as_ref()
            .and_then(|cycle| exchanged_tour(problem, &refinement, cycle, &tours, limits));
        let cycle = match exchanged {
            Some(cycle) => cycle,
            None => match refinement.cycle_through(&[]).map_err(CountError::Stopped)? {
                Some(cycle) => cycle,
                None => {
                    return Ok(Distinct {
                        tours,
                        complete: true,
                    })
                }
            },
        };
        let tour = refinement.graph().tour_of_cycle(&cycle);
        report(problem, &tour, found)?;
        tours.push(tour);
        progress::reach(tours.len() as u64);
        if tours.len() == 1 && tours.len() < limit {
            // The edges every tour must use may make this tour already: then it is the only one.
            if let Some(forced) = forced_cycle(refinement.graph()) {
                if refinement.graph().tour_of_cycle(&forced) != tours[0] {
                    return Err(CountError::Stopped(Stop::InternalError));
                }
                return Ok(Distinct {
                    tours,
                    complete: true,
                });
            }
        }
        let clauses = blocking_clauses(refinement.moves(), refinement.graph(), &cycle);
        refinement.forbid(&cycle, &clauses);
        last = Some(cycle);
    }
    Ok(Distinct {
        tours,
        complete: false,
    })
}

/// A Hamiltonian cycle of `graph` other than `cycle`, one of its Hamiltonian cycles; `None`
/// when the solver proves that there is none (or the forced edges make `cycle` already).
pub fn other_cycle(
    graph: CycleGraph,
    cycle: &[Vertex],
    limits: &Limits,
) -> Result<Option<Vec<Vertex>>, CountError> {
    if forced_cycle(&graph).is_some() {
        return Ok(None);
    }
    let mut refinement = Refinement::of_cycle_graph(graph, &SatOptions::default(), limits);
    let clauses = blocking_clauses(refinement.moves(), refinement.graph(), cycle);
    refinement.forbid(cycle, &clauses);
    refinement.cycle_through(&[]).map_err(CountError::Stopped)
}

/// The edges of a cycle [`exchanged_tour`] tries between two looks at the deadline (each try
/// verifies a tour of the cycle's length).
const EDGES_PER_DEADLINE_CHECK: usize = 64;

/// A Hamiltonian cycle one 2-opt exchange from `cycle`: edges `a-b` and `c-d` (`b` after `a`
/// and `d` after `c`) traded for `a-c` and `b-d`, which always leaves one cycle. The first
/// exchange whose tour solves `problem` (its fixed ends kept) and is none of `tours` is taken;
/// `None` as well once `limits`' deadline has passed.
fn exchanged_tour(
    problem: &Problem,
    refinement: &Refinement,
    cycle: &[Vertex],
    tours: &[Tour],
    limits: &Limits,
) -> Option<Vec<Vertex>> {
    let graph = refinement.graph();
    let length = cycle.len();
    let mut position = vec![usize::MAX; graph.vertex_count()];
    for (index, &vertex) in cycle.iter().enumerate() {
        position[vertex as usize] = index;
    }
    let next = |index: usize| (index + 1) % length;
    for i in 0..length {
        if i % EDGES_PER_DEADLINE_CHECK == 0 && limits.expired() {
            return None;
        }
        let (a, b) = (cycle[i], cycle[next(i)]);
        for &(c, _) in graph.incident(a) {
            let j = position[c as usize];
            if j == usize::MAX || c == b || next(j) == i {
                continue;
            }
            let d = cycle[next(j)];
            if graph.edge_between(b, d).is_none() {
                continue;
            }
            // a -> c, then c's side walked back to b, then b -> d and on to a.
            let (from, to) = if i < j { (next(i), j) } else { (next(j), i) };
            let mut exchanged = cycle.to_vec();
            exchanged[from..=to].reverse();
            let tour = graph.tour_of_cycle(&exchanged);
            if verify(problem, &tour).is_ok() && !tours.contains(&tour) {
                return Some(exchanged);
            }
        }
    }
    None
}

/// Verifies `tour` and passes it to `found`: a tour that fails is an internal error.
pub(super) fn report(
    problem: &Problem,
    tour: &Tour,
    found: &mut dyn FnMut(&Tour),
) -> Result<(), CountError> {
    verify(problem, tour).map_err(|_| CountError::Stopped(Stop::InternalError))?;
    found(tour);
    Ok(())
}

/// Clauses that forbid the Hamiltonian cycle `cycle` of `graph`, walked either way: one clause
/// for edge variables, one a direction for arc variables.
pub(super) fn blocking_clauses(
    moves: &MoveVars,
    graph: &CycleGraph,
    cycle: &[Vertex],
) -> Vec<Vec<Lit>> {
    let mut walk: Vec<Vertex> = cycle.to_vec();
    walk.push(cycle[0]);
    let mut clauses: Vec<Vec<Lit>> = Vec::new();
    for _direction in 0..2 {
        let mut clause: Vec<Lit> = moves
            .path_literals(graph, &walk)
            .into_iter()
            .map(|lit| !lit)
            .collect();
        clause.sort();
        if !clauses.contains(&clause) {
            clauses.push(clause);
        }
        walk.reverse();
    }
    clauses
}
