//! The Markdown format: two pipe tables, for READMEs and issues.

use super::{board_rows, summary_rows, Comparison, Report};
use std::io::{self, Write};

/// A pipe table a row a board (status, median seconds, peak memory of each engine), then a
/// pipe table a row an engine (boards solved, median ratio to the fastest).
#[derive(Debug, Clone, Copy, Default)]
pub struct Markdown;

impl Report for Markdown {
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()> {
        let (header, rows) = board_rows(comparison);
        write_table(&header, &rows, out)?;
        writeln!(out)?;
        let (header, rows) = summary_rows(comparison);
        write_table(&header, &rows, out)
    }
}

/// Writes one pipe table.
fn write_table(header: &[String], rows: &[Vec<String>], out: &mut dyn Write) -> io::Result<()> {
    let line = |entries: &[String]| {
        let escaped: Vec<String> = entries
            .iter()
            .map(|entry| entry.replace('|', "\\|"))
            .collect();
        format!("| {} |", escaped.join(" | "))
    };
    writeln!(out, "{}", line(header))?;
    let rule: Vec<String> = header.iter().map(|_| "---".to_string()).collect();
    writeln!(out, "{}", line(&rule))?;
    for row in rows {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}
