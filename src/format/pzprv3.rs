//! The pzprv3 format: the board of a rook's tour and its moves as the answer's lines of a
//! pzprv3 file, which pzprjs opens as a solved Simple Loop puzzle.

use super::{Format, FormatError};
use crate::core::board::pzprv3::{self, DrawnLines};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::coordinates;
use crate::core::tour::Tour;
use std::io::Write;

/// Writes a rook's tour as a pzprv3 file (docs/board-formats.md): the board, blocked squares
/// shaded, and a line across the border of every two squares the tour steps between (a closed
/// tour's step back to its start too), laid out as pzprjs saves a file.
pub struct Pzprv3;

impl Format for Pzprv3 {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        if !problem.piece.is_rook() {
            return Err(FormatError::NotRook {
                format: "pzprv3",
                piece: problem.piece.to_string(),
            });
        }
        let squares = tour.squares();
        let closing = match (problem.shape, squares) {
            (TourShape::Closed, [first, _, .., last]) => Some((*last, *first)),
            _ => None,
        };
        let steps = squares
            .windows(2)
            .map(|pair| (pair[0], pair[1]))
            .chain(closing);
        let mut drawn = DrawnLines::new(&problem.board);
        for (index, (from, to)) in steps.enumerate() {
            if !drawn.join(from, to) {
                return Err(FormatError::NotAStep {
                    index: index + 1,
                    from: coordinates(&problem.board, from),
                    to: coordinates(&problem.board, to),
                });
            }
        }
        out.write_all(pzprv3::write(&problem.board, &drawn).as_bytes())?;
        Ok(())
    }
}
