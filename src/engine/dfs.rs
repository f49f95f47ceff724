//! Depth-first search for any tour, ordered by Warnsdorff's rule, with pruning.

use crate::engine::{Answer, Limits, Stats};
use crate::piece::MoveGraph;
use crate::problem::Problem;

/// Searches for any tour of `problem` (which has passed the cheap proofs).
pub fn search(
    _problem: &Problem,
    _graph: &MoveGraph,
    _limits: &Limits,
    _stats: &mut Stats,
) -> Answer {
    todo!("dfs")
}
