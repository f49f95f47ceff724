//! The names format: chess names run together, `A1B3C1`.

use super::{Format, FormatError};
use crate::core::problem::Problem;
use crate::core::square::name;
use crate::core::tour::Tour;
use std::io::Write;

/// Chess names (column letters, then the row from 1) run together on one line.
#[derive(Debug, Clone, Copy, Default)]
pub struct Names;

impl Format for Names {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        for &square in tour.squares() {
            out.write_all(name(&problem.board, square).as_bytes())?;
        }
        writeln!(out)?;
        Ok(())
    }
}
