//! The check of a theorem's verdict: the board and piece fit its conditions, and its case applies.
//!
//! The conditions are written here again, from the theorems' statements: Schwenk (1991) for
//! closed knight's tours, Conrad, Hindrichs, Morsy and Wegener (1994) for open ones.

use super::free_count;
use crate::core::problem::{Problem, TourShape};

/// The knight's steps, sorted.
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The theorem named in `statement` rules out `problem`'s tour.
pub(super) fn theorem(problem: &Problem, statement: &str) -> Result<String, String> {
    let board = &problem.board;
    let mut steps = problem.piece.steps();
    steps.sort_unstable();
    if steps != KNIGHT_STEPS {
        return Err(format!("the {} does not move as a knight", problem.piece));
    }
    if free_count(board) != board.len() {
        return Err("the board has blocked squares: the theorems are about empty boards".into());
    }
    let (rows, cols) = (board.rows(), board.cols());
    let (m, n) = (rows.min(cols), rows.max(cols));
    let (name, case) = match problem.shape {
        TourShape::Closed => ("Schwenk", schwenk_case(m, n)),
        TourShape::Open => ("Conrad", conrad_case(m, n)),
    };
    if !statement.contains(name) {
        return Err(format!(
            "a {} knight's tour is settled by {name}'s theorem, which the argument does not cite",
            problem.shape
        ));
    }
    match case {
        Some(case) => Ok(format!(
            "the {rows} x {cols} board is empty, the piece a knight, and {case}"
        )),
        None => Err(format!(
            "{name}'s theorem gives the {rows} x {cols} board a {} knight's tour",
            problem.shape
        )),
    }
}

/// Schwenk: an m x n board, m <= n, has no closed knight's tour exactly when m and n are both
/// odd, or m is 1, 2 or 4, or m is 3 and n is 4, 6 or 8.
fn schwenk_case(m: u32, n: u32) -> Option<String> {
    if m % 2 == 1 && n % 2 == 1 {
        Some("both sides are odd".to_string())
    } else if m == 1 || m == 2 || m == 4 {
        Some(format!("the shorter side is {m}"))
    } else if m == 3 && (n == 4 || n == 6 || n == 8) {
        Some(format!("the board is 3 x {n}"))
    } else {
        None
    }
}

/// Conrad et al.: an m x n board, m <= n, has an open knight's tour exactly when it is 1 x 1,
/// 3 x 4, 3 x n with n >= 7, 4 x n with n >= 5, or m >= 5.
fn conrad_case(m: u32, n: u32) -> Option<String> {
    let has_tour =
        (m == 1 && n == 1) || (m == 3 && (n == 4 || n >= 7)) || (m == 4 && n >= 5) || m >= 5;
    (!has_tour).then(|| format!("a {m} x {n} board is not among those with an open tour"))
}
