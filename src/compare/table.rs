//! The plain-text table: columns aligned with spaces, for a terminal.

use super::{board_rows, summary_rows, Comparison, Report};
use std::io::{self, Write};

/// Two aligned tables: a row a board with each engine's status, median seconds and peak
/// memory; then a row an engine with boards solved and the median ratio to the fastest.
#[derive(Debug, Clone, Copy, Default)]
pub struct Table;

impl Report for Table {
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()> {
        let (header, rows) = board_rows(comparison);
        write_aligned(&header, &rows, out)?;
        writeln!(out)?;
        let (header, rows) = summary_rows(comparison);
        write_aligned(&header, &rows, out)
    }
}

/// Writes a header and rows with each column as wide as its widest entry.
fn write_aligned(header: &[String], rows: &[Vec<String>], out: &mut dyn Write) -> io::Result<()> {
    let mut widths: Vec<usize> = header.iter().map(|name| name.chars().count()).collect();
    for row in rows {
        for (width, entry) in widths.iter_mut().zip(row) {
            *width = (*width).max(entry.chars().count());
        }
    }
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(entry, &width)| format!("{entry:<width$}"))
            .collect();
        writeln!(out, "{}", line.join("  ").trim_end())?;
    }
    Ok(())
}
