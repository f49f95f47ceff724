//! Reading moves N, S, E, W back as a tour, from the given start or from the one the board fixes.
//!
//! The letters fix the shape of the squares visited, up to where it lies on the board. A tour
//! visits every free square, so the shape's first square in row-major order (the topmost, then
//! leftmost) must lie on the board's first free square in row-major order: that one placement is
//! the only one that can fit, and it gives the start when none is given.

use super::{numbered_lines, ReadError};
use crate::core::board::{Board, Square};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::coordinates;
use crate::core::tour::Tour;

/// Reads moves from `problem.start`, or from the start the board fixes when it has none.
pub(super) fn read_moves(problem: &Problem, text: &str) -> Result<Tour, ReadError> {
    let board = &problem.board;
    let steps = read_steps(text)?;
    let offsets = walk(&steps);
    let (start, first_free) = match problem.start {
        Some(start) => (start, None),
        None => {
            let (start, first_free) = derived_start(board, &offsets)?;
            (start, Some(first_free))
        }
    };
    let (x0, y0) = board.coords(start);
    let mut squares = Vec::with_capacity(offsets.len());
    for (index, &(dx, dy)) in offsets.iter().enumerate() {
        let Some(square) = board.checked_square(x0 as i64 + dx, y0 as i64 + dy) else {
            let line = steps[index - 1].line;
            return Err(match first_free {
                None => ReadError::MoveOffBoard {
                    line,
                    index,
                    from: coordinates(board, squares[index - 1]),
                },
                Some(first_free) => ReadError::MovesDoNotFit {
                    first_free: coordinates(board, first_free),
                    why: format!("move {index} (line {line}) leaves the board"),
                },
            });
        };
        squares.push(square);
    }
    let last = *squares.last().expect("a walk holds its start");
    if problem.shape == TourShape::Closed && squares.len() > 1 {
        if last != start {
            return Err(ReadError::NotBackToStart {
                last: coordinates(board, last),
            });
        }
        squares.pop();
    }
    Ok(Tour::new(squares))
}

/// One letter: its step and the line it is on.
struct Step {
    dx: i64,
    dy: i64,
    line: usize,
}

/// The letters of `text` as steps.
fn read_steps(text: &str) -> Result<Vec<Step>, ReadError> {
    let mut steps = Vec::new();
    for (line, content) in numbered_lines(text) {
        for letter in content.chars().filter(|c| !c.is_whitespace()) {
            let (dx, dy) = match letter.to_ascii_uppercase() {
                'N' => (0, -1),
                'S' => (0, 1),
                'E' => (1, 0),
                'W' => (-1, 0),
                _ => {
                    return Err(ReadError::Malformed {
                        line,
                        expected: "a move N, S, E or W",
                        found: letter.to_string(),
                    })
                }
            };
            steps.push(Step { dx, dy, line });
        }
    }
    Ok(steps)
}

/// The squares the steps visit, as offsets from the start (which comes first).
fn walk(steps: &[Step]) -> Vec<(i64, i64)> {
    let mut offsets = Vec::with_capacity(steps.len() + 1);
    let mut position = (0, 0);
    offsets.push(position);
    for step in steps {
        position = (position.0 + step.dx, position.1 + step.dy);
        offsets.push(position);
    }
    offsets
}

/// The start that puts the shape's first square in row-major order on the board's first free
/// square, and that free square; an error when the start would be off the board.
fn derived_start(board: &Board, offsets: &[(i64, i64)]) -> Result<(Square, Square), ReadError> {
    let first_free = board.free_squares().next().ok_or(ReadError::NoFreeSquare)?;
    let (top_dx, top_dy) = offsets
        .iter()
        .map(|&(dx, dy)| (dy, dx))
        .min()
        .map(|(dy, dx)| (dx, dy))
        .expect("a walk holds its start");
    let (x, y) = board.coords(first_free);
    let start = board.checked_square(x as i64 - top_dx, y as i64 - top_dy);
    let start = start.ok_or_else(|| ReadError::MovesDoNotFit {
        first_free: coordinates(board, first_free),
        why: format!(
            "they start off the board, at {},{}",
            x as i64 - top_dx,
            y as i64 - top_dy
        ),
    })?;
    Ok((start, first_free))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;

    fn rook(board: &str, shape: TourShape) -> Problem {
        Problem::new(board.parse().unwrap(), Piece::Rook, shape)
    }

    #[test]
    fn start_is_the_first_free_square_when_the_moves_begin_at_the_top_left() {
        let problem = rook("X..\n...\n...\n", TourShape::Open);
        let tour = read_moves(&problem, "SWSEENN").unwrap();
        assert_eq!(tour.squares(), [1, 4, 3, 6, 7, 8, 5, 2]);
    }

    #[test]
    fn start_is_placed_so_that_the_shape_covers_the_first_free_square() {
        let problem = rook("X..\n...\n...\n", TourShape::Open);
        let tour = read_moves(&problem, "WSEENNW").unwrap();
        assert_eq!(tour.squares(), [4, 3, 6, 7, 8, 5, 2, 1]);
    }

    #[test]
    fn a_given_start_is_used() {
        let problem = rook("...\n...\n", TourShape::Closed).with_start(4);
        let tour = read_moves(&problem, "ENWWSE").unwrap();
        assert_eq!(tour.squares(), [4, 5, 2, 1, 0, 3]);
    }

    #[test]
    fn moves_that_fit_no_placement_are_refused() {
        let problem = rook("X..\n...\n", TourShape::Open);
        let error = read_moves(&problem, "EEE").unwrap_err();
        assert_eq!(
            error,
            ReadError::MovesDoNotFit {
                first_free: "1,0".into(),
                why: "move 2 (line 1) leaves the board".into()
            }
        );
        assert!(!error.is_syntax_error());
    }
}
