//! The puzzlink format: the board of a tour as a puzz.link URL, the tour itself left out.

use super::{Format, FormatError};
use crate::core::board::puzzlink;
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use std::io::Write;

/// Writes the board of a tour as its puzz.link URL (`https://puzz.link/p?simpleloop/…`), one
/// line, whatever the piece: the URL holds only the blocked squares, which puzz.link shows as a
/// Simple Loop puzzle (a rook circuit's).
pub struct Puzzlink;

impl Format for Puzzlink {
    fn write_tour(
        &self,
        problem: &Problem,
        _tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        writeln!(out, "{}", puzzlink::url(&problem.board))?;
        Ok(())
    }
}
