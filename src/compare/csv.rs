//! The CSV format: a row for each board and engine, for spreadsheets and scripts.

use super::{Comparison, Report};
use std::io::{self, Write};

/// A header `board,engine,status,median_seconds,peak_kib,runs`, then a row for each board and
/// engine (`runs` counts the runs made: those after a timeout are skipped).
#[derive(Debug, Clone, Copy, Default)]
pub struct Csv;

impl Report for Csv {
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "board,engine,status,median_seconds,peak_kib,runs")?;
        for (board, row) in comparison.boards.iter().zip(&comparison.cells) {
            for (engine, cell) in comparison.engines.iter().zip(row) {
                writeln!(
                    out,
                    "{},{},{},{:.6},{},{}",
                    field(board),
                    field(engine),
                    cell.status(),
                    cell.median_seconds(),
                    cell.peak_kib(),
                    cell.runs.len()
                )?;
            }
        }
        Ok(())
    }
}

/// A field, quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
