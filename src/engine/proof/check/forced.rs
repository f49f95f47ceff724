//! The check of forced moves: the steps replayed from the board and the piece's steps.

use super::{at, free_count, require_free, Moves};
use crate::core::board::Square;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};
use crate::engine::{ForcedEnd, ForcedProof};

/// Replays `proof` on `problem`: each step's square, not yet using two moves, must have exactly
/// two moves left (moves it uses, and moves to squares that do not use two), and uses both;
/// then the end must hold: its square left fewer than two moves, or its loop closed by the
/// moves used and shorter than the free squares.
pub(super) fn forced_moves(
    problem: &Problem,
    moves: &Moves,
    proof: &ForcedProof,
) -> Result<String, String> {
    let board = &problem.board;
    if problem.shape != TourShape::Closed {
        return Err("forced moves are argued for closed tours only".to_string());
    }
    let mut used: Vec<Vec<Square>> = vec![Vec::new(); board.len()];
    let left = |used: &[Vec<Square>], square: Square| -> Vec<Square> {
        moves
            .from(square)
            .filter(|&next| used[square as usize].contains(&next) || used[next as usize].len() < 2)
            .collect()
    };
    for &square in &proof.steps {
        require_free(board, square)?;
        if used[square as usize].len() == 2 {
            return Err(format!("{} already uses two moves", at(board, square)));
        }
        let two = left(&used, square);
        if two.len() != 2 {
            return Err(format!(
                "{} has {} left, not two",
                at(board, square),
                count_of(two.len(), "move", "moves")
            ));
        }
        for next in two {
            if !used[square as usize].contains(&next) {
                used[square as usize].push(next);
                used[next as usize].push(square);
            }
        }
    }
    let replayed = count_of(proof.steps.len(), "forced square", "forced squares");
    match &proof.end {
        ForcedEnd::TooFewMoves(square) => {
            require_free(board, *square)?;
            let count = left(&used, *square).len();
            if used[*square as usize].len() < 2 && count < 2 {
                Ok(format!(
                    "replayed {replayed}: {} has {} left",
                    at(board, *square),
                    count_of(count, "move", "moves")
                ))
            } else {
                Err(format!("{} is not left short of moves", at(board, *square)))
            }
        }
        ForcedEnd::Loop(squares) => {
            let mut seen = vec![false; board.len()];
            for (index, &square) in squares.iter().enumerate() {
                require_free(board, square)?;
                let next = squares[(index + 1) % squares.len()];
                if std::mem::replace(&mut seen[square as usize], true) {
                    return Err(format!("{} is twice on the loop", at(board, square)));
                }
                if !used[square as usize].contains(&next) {
                    return Err(format!(
                        "the moves used do not join {} and {}",
                        at(board, square),
                        at(board, next)
                    ));
                }
            }
            let free = free_count(board);
            if squares.len() < 3 || squares.len() >= free {
                return Err(format!(
                    "a loop of {} on {free} free squares proves nothing",
                    count_of(squares.len(), "square", "squares")
                ));
            }
            Ok(format!(
                "replayed {replayed}: the moves used close a loop of {} of the {free} free squares",
                squares.len()
            ))
        }
    }
}
