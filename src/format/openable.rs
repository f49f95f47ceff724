//! The shaded squares a board can do without (`unique --minimal`), in words and as JSON.

use super::json::xy;
use super::FormatError;
use crate::core::board::Board;
use crate::core::square::name;
use crate::count::Openable;
use std::io::Write;

/// Writes which blocked squares can be opened, alone or in pairs, with the tour staying
/// unique: one line if none can (the board is minimal), else a line each.
pub fn write_openable_text(
    board: &Board,
    openable: &Openable,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    if openable.is_minimal() {
        writeln!(
            out,
            "minimal: no blocked square can be opened, alone or with another, with the tour \
             staying unique"
        )?;
        return Ok(());
    }
    let count = openable.singles.len() + openable.pairs.len();
    writeln!(
        out,
        "not minimal: {count} {} keep the tour unique:",
        if count == 1 { "opening" } else { "openings" }
    )?;
    for &square in &openable.singles {
        writeln!(out, "  open {}", name(board, square))?;
    }
    for &[first, second] in &openable.pairs {
        writeln!(
            out,
            "  open {} and {}",
            name(board, first),
            name(board, second)
        )?;
    }
    Ok(())
}

/// The openings as JSON: `singles` a list of `[x, y]`, `pairs` a list of two of them.
#[derive(serde::Serialize)]
pub(super) struct OpenableJson {
    singles: Vec<[u32; 2]>,
    pairs: Vec<[[u32; 2]; 2]>,
}

impl OpenableJson {
    /// The JSON of `openable` on `board`.
    pub(super) fn of(board: &Board, openable: &Openable) -> OpenableJson {
        OpenableJson {
            singles: openable
                .singles
                .iter()
                .map(|&square| xy(board, square))
                .collect(),
            pairs: openable
                .pairs
                .iter()
                .map(|&[first, second]| [xy(board, first), xy(board, second)])
                .collect(),
        }
    }
}
