//! Lexicographic depth-first search: the lexicographically first tour, exactly.

use crate::engine::{Answer, Limits, Stats};
use crate::piece::MoveGraph;
use crate::problem::Problem;

/// Searches for the lexicographically first tour of `problem`.
pub fn search(
    _problem: &Problem,
    _graph: &MoveGraph,
    _limits: &Limits,
    _stats: &mut Stats,
) -> Answer {
    todo!("lex")
}
