//! The moves format: letters N, S, E, W for rook-only tours, a fixed number a line.

use super::{Format, FormatError};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::coordinates;
use crate::core::tour::Tour;
use std::io::Write;

/// The steps of a rook-only tour as letters: `N` (y-1), `S` (y+1), `E` (x+1), `W` (x-1).
///
/// A closed tour includes the final move back to its start. Lines hold `line_width` letters
/// (the last may be shorter); a width of 0 puts every letter on one line. A tour without a move
/// writes nothing.
#[derive(Debug, Clone, Copy)]
pub struct Moves {
    /// Letters a line (0: no limit).
    pub line_width: usize,
}

impl Format for Moves {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        if !problem.piece.is_rook() {
            return Err(FormatError::NotRook {
                format: "moves",
                piece: problem.piece.to_string(),
            });
        }
        let squares = tour.squares();
        let closing = match (problem.shape, squares) {
            (TourShape::Closed, [first, .., last]) => Some((*last, *first)),
            _ => None,
        };
        let steps = squares
            .windows(2)
            .map(|pair| (pair[0], pair[1]))
            .chain(closing);
        let mut line = Vec::with_capacity(self.line_width.max(1));
        for (index, (from, to)) in steps.enumerate() {
            line.push(
                letter(problem, from, to).ok_or_else(|| FormatError::NotAStep {
                    index: index + 1,
                    from: coordinates(&problem.board, from),
                    to: coordinates(&problem.board, to),
                })?,
            );
            if line.len() == self.line_width {
                line.push(b'\n');
                out.write_all(&line)?;
                line.clear();
            }
        }
        if !line.is_empty() {
            line.push(b'\n');
            out.write_all(&line)?;
        }
        Ok(())
    }
}

/// The letter of the step from `from` to `to`, if it is one square N, S, E or W.
fn letter(problem: &Problem, from: u32, to: u32) -> Option<u8> {
    let (x0, y0) = problem.board.coords(from);
    let (x1, y1) = problem.board.coords(to);
    match (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64) {
        (0, -1) => Some(b'N'),
        (0, 1) => Some(b'S'),
        (1, 0) => Some(b'E'),
        (-1, 0) => Some(b'W'),
        _ => None,
    }
}
