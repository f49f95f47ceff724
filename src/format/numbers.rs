//! The numbers format: 1-based row-major square numbers separated by single spaces.

use super::{Format, FormatError};
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use std::io::Write;

/// Square numbers counted row by row from 1 at the top left, separated by single spaces.
#[derive(Debug, Clone, Copy, Default)]
pub struct Numbers;

impl Format for Numbers {
    fn write_tour(
        &self,
        _problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        for (index, &square) in tour.squares().iter().enumerate() {
            if index > 0 {
                out.write_all(b" ")?;
            }
            write!(out, "{}", square as u64 + 1)?;
        }
        writeln!(out)?;
        Ok(())
    }
}
