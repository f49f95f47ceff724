//! The squares format: one `x,y` a line.

use super::{Format, FormatError};
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use std::io::Write;

/// One `x,y` (0-based column, row) a line, in visiting order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Squares;

impl Format for Squares {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        for &square in tour.squares() {
            let (x, y) = problem.board.coords(square);
            writeln!(out, "{x},{y}")?;
        }
        Ok(())
    }
}
