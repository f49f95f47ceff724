//! The backbone of a board's tours: the moves every tour makes and the moves none makes.
//!
//! [`backbone`] finds one tour `L` and takes each move as a candidate: "forced" if `L` makes
//! it, "impossible" if not. The degree rules of [`super::forced`] decide some at once. Then
//! the incremental solver, with a clause that forbids `L`, is asked for a tour under
//! assumptions: first none (an answer of none proves `L` the only tour, which decides every
//! candidate), then, for each candidate left, the candidate's opposite. A tour found (a model
//! joined and cut until it is one verified cycle, as for `unique`) is a tour other than `L`
//! and leaves open every candidate it contradicts; an answer of none proves the candidate,
//! since every clause the solver holds but the one forbidding `L` is true of every tour, and
//! `L` itself agrees with the candidate. Moves proved so are assumed in the later solves.

use super::distinct::{blocking_clauses, report};
use super::forced::{edge_states, EdgeState};
use super::unique::{moves_of, Move, Verdict};
use super::{tiny_count, CountError};
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::core::progress;
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::{trivial_tour, SatOptions};
use crate::engine::{Limits, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};

/// What every tour of a board has in common, and the verdict it implies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backbone {
    /// Unique when no move is open; not unique with the first tour and one that differs.
    pub verdict: Verdict,
    /// The moves every tour makes, sorted.
    pub forced: Vec<Move>,
    /// The moves between free squares that no tour makes, sorted.
    pub impossible: Vec<Move>,
    /// The moves some tours make and others do not, sorted.
    pub open: Vec<Move>,
}

/// What is known of a move (an edge of the cycle graph) so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    /// Not decided: the first tour's choice may hold for every tour.
    Candidate,
    /// Every tour makes it.
    Forced,
    /// No tour makes it.
    Impossible,
    /// Two tours disagree on it.
    Open,
}

/// The phase of the questions on each move, in the process's progress (`core::progress`).
const DECIDING_MOVES: &str = "deciding moves";

/// The backbone of `problem`'s tours; every tour in it is verified.
pub fn backbone(problem: &Problem, limits: &Limits) -> Result<Backbone, CountError> {
    problem.validate().map_err(CountError::Problem)?;
    if tiny_count(problem).is_some() {
        return Ok(tiny_backbone(problem));
    }
    progress::begin(super::FINDING_TOURS, "found so far", None);
    let move_graph = MoveGraph::new(&problem.board, problem.piece);
    let mut refinement = Refinement::new(problem, &move_graph, &SatOptions::default(), limits);
    let Some(first) = refinement.cycle_through(&[]).map_err(CountError::Stopped)? else {
        return Ok(Backbone {
            verdict: Verdict::NoTour,
            forced: Vec::new(),
            impossible: Vec::new(),
            open: Vec::new(),
        });
    };
    let graph = refinement.graph().clone();
    let first_tour = graph.tour_of_cycle(&first);
    report(problem, &first_tour, &mut |_| {})?;
    let in_first = edge_flags(&graph, &first);
    let mut decisions = vec![Decision::Candidate; in_first.len()];
    for (edge, state) in edge_states(&graph).into_iter().flatten().enumerate() {
        decisions[edge] = match (state, in_first[edge]) {
            (EdgeState::Used, true) => Decision::Forced,
            (EdgeState::Dropped, false) => Decision::Impossible,
            (EdgeState::Open, _) => Decision::Candidate,
            _ => return Err(CountError::Stopped(Stop::InternalError)),
        };
    }
    let clauses = blocking_clauses(refinement.moves(), &graph, &first);
    refinement.forbid(&first, &clauses);
    let mut second = None;
    // `None` stands for the first question: is there any other tour?
    progress::begin(
        DECIDING_MOVES,
        "moves asked about",
        Some(in_first.len() as u64),
    );
    for question in std::iter::once(None).chain((0..in_first.len()).map(Some)) {
        progress::reach(question.unwrap_or(0) as u64);
        if question.is_some_and(|edge| decisions[edge] != Decision::Candidate) {
            continue;
        }
        if !decisions.contains(&Decision::Candidate) {
            break;
        }
        let decided = |wanted: Decision| -> Vec<u32> {
            (0..decisions.len() as u32)
                .filter(|&edge| decisions[edge as usize] == wanted)
                .collect()
        };
        let (mut used, mut unused) = (decided(Decision::Forced), decided(Decision::Impossible));
        if let Some(edge) = question {
            match in_first[edge] {
                true => unused.push(edge as u32),
                false => used.push(edge as u32),
            }
        }
        match refinement
            .cycle_with_edges(&used, &unused)
            .map_err(CountError::Stopped)?
        {
            Some(cycle) => {
                let tour = graph.tour_of_cycle(&cycle);
                report(problem, &tour, &mut |_| {})?;
                let in_other = edge_flags(&graph, &cycle);
                for (edge, decision) in decisions.iter_mut().enumerate() {
                    if *decision == Decision::Candidate && in_other[edge] != in_first[edge] {
                        *decision = Decision::Open;
                    }
                }
                if question.is_some_and(|edge| decisions[edge] == Decision::Candidate) {
                    // The tour found breaks no assumption, so it contradicts the question.
                    return Err(CountError::Stopped(Stop::InternalError));
                }
                second.get_or_insert(tour);
            }
            None => {
                let proved = |in_first: bool| match in_first {
                    true => Decision::Forced,
                    false => Decision::Impossible,
                };
                match question {
                    Some(edge) => decisions[edge] = proved(in_first[edge]),
                    // No tour but the first: every candidate holds.
                    None => {
                        for (decision, &used) in decisions.iter_mut().zip(&in_first) {
                            if *decision == Decision::Candidate {
                                *decision = proved(used);
                            }
                        }
                    }
                }
            }
        }
    }
    let moves_decided = |wanted: Decision| -> Vec<Move> {
        let mut moves: Vec<Move> = graph
            .edges()
            .iter()
            .zip(&decisions)
            .filter(|&(&(a, b), &decision)| decision == wanted && is_move(&graph, a, b))
            .map(|(&(a, b), _)| {
                let (a, b) = (graph.square(a), graph.square(b));
                [a.min(b), a.max(b)]
            })
            .collect();
        moves.sort_unstable();
        moves
    };
    Ok(Backbone {
        verdict: match second {
            Some(second) => Verdict::NotUnique {
                first: first_tour,
                second,
            },
            None => Verdict::Unique(first_tour),
        },
        forced: moves_decided(Decision::Forced),
        impossible: moves_decided(Decision::Impossible),
        open: moves_decided(Decision::Open),
    })
}

/// The backbone of a problem too small for the solver: its one tour's moves, if it has one.
fn tiny_backbone(problem: &Problem) -> Backbone {
    match trivial_tour(problem).filter(|_| tiny_count(problem) == Some(1)) {
        Some(tour) => Backbone {
            forced: moves_of(problem, &tour),
            verdict: Verdict::Unique(tour),
            impossible: Vec::new(),
            open: Vec::new(),
        },
        None => Backbone {
            verdict: Verdict::NoTour,
            forced: Vec::new(),
            impossible: Vec::new(),
            open: Vec::new(),
        },
    }
}

/// Whether the edge `a`-`b` is a move between two squares (not an edge of the virtual vertex).
fn is_move(graph: &CycleGraph, a: Vertex, b: Vertex) -> bool {
    graph
        .virtual_vertex()
        .is_none_or(|end| a != end && b != end)
}

/// A flag per edge of `graph`: whether the Hamiltonian cycle `cycle` uses it.
fn edge_flags(graph: &CycleGraph, cycle: &[Vertex]) -> Vec<bool> {
    let mut flags = vec![false; graph.edges().len()];
    for (index, &vertex) in cycle.iter().enumerate() {
        let next = cycle[(index + 1) % cycle.len()];
        if let Some(edge) = graph.edge_between(vertex, next) {
            flags[edge as usize] = true;
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    fn rook_circuit(board: &str) -> Problem {
        Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn a_unique_board_has_every_move_decided() {
        let backbone = backbone(&rook_circuit("....\n....\n"), &Limits::none()).unwrap();
        assert!(matches!(backbone.verdict, Verdict::Unique(_)));
        assert_eq!((backbone.forced.len(), backbone.impossible.len()), (8, 2));
        assert!(backbone.open.is_empty());
    }

    #[test]
    fn the_open_four_by_four_board_has_every_inner_move_open() {
        let backbone =
            backbone(&rook_circuit("....\n....\n....\n....\n"), &Limits::none()).unwrap();
        assert!(matches!(backbone.verdict, Verdict::NotUnique { .. }));
        // The corners' moves are forced; all 24 moves but those 8 appear in some circuit only.
        assert_eq!(backbone.forced.len(), 8);
        assert_eq!(backbone.open.len(), 16);
        assert!(backbone.impossible.is_empty());
    }

    #[test]
    fn a_board_without_a_tour_has_no_backbone() {
        let backbone = backbone(&rook_circuit("...\n...\n...\n"), &Limits::none()).unwrap();
        assert_eq!(backbone.verdict, Verdict::NoTour);
        assert!(backbone.forced.is_empty() && backbone.open.is_empty());
    }
}
