//! The grid format: the board with each square's visit number.

use super::{Format, FormatError};
use crate::problem::Problem;
use crate::tour::Tour;
use std::io::Write;

/// The board, one line a row: each free square's 1-based visit number, blocked squares `X`,
/// unvisited free squares `.`, all right-aligned to one width and separated by spaces.
#[derive(Debug, Clone, Copy, Default)]
pub struct Grid;

impl Format for Grid {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let board = &problem.board;
        let mut visit = vec![0u32; board.len()];
        for (index, &square) in tour.squares().iter().enumerate() {
            if let Some(slot) = visit.get_mut(square as usize) {
                *slot = index as u32 + 1;
            }
        }
        let width = tour.len().max(1).to_string().len();
        let mut line = String::new();
        for y in 0..board.rows() {
            line.clear();
            for x in 0..board.cols() {
                let square = board.square(x, y);
                if x > 0 {
                    line.push(' ');
                }
                let cell = match visit[square as usize] {
                    _ if !board.is_free(square) => "X".to_string(),
                    0 => ".".to_string(),
                    number => number.to_string(),
                };
                line.push_str(&format!("{cell:>width$}"));
            }
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}
