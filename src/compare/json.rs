//! The JSON format: every run, the summaries and the disagreements in one object.

use super::{Comparison, Report};
use serde_json::json;
use std::io::{self, Write};

/// One object: `timeout`, `runs`, `boards` (each with a result for each engine: `status`,
/// `median_seconds`, `peak_kib` and every run), `engines` (`solved`, `applicable`, `median_ratio`) and
/// `disagreements`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Report for Json {
    fn write(&self, comparison: &Comparison, out: &mut dyn Write) -> io::Result<()> {
        let boards: Vec<_> = comparison
            .boards
            .iter()
            .zip(&comparison.cells)
            .map(|(board, row)| {
                let results: Vec<_> = comparison
                    .engines
                    .iter()
                    .zip(row)
                    .map(|(engine, cell)| {
                        let runs: Vec<_> = cell
                            .runs
                            .iter()
                            .map(|run| {
                                json!({
                                    "status": run.status.name(),
                                    "seconds": run.seconds,
                                    "peak_kib": run.peak_kib,
                                    "note": run.note,
                                })
                            })
                            .collect();
                        json!({
                            "engine": engine,
                            "status": cell.status().name(),
                            "median_seconds": cell.median_seconds(),
                            "peak_kib": cell.peak_kib(),
                            "runs": runs,
                        })
                    })
                    .collect();
                json!({ "board": board, "results": results })
            })
            .collect();
        let engines: Vec<_> = comparison
            .summaries()
            .into_iter()
            .map(|summary| {
                json!({
                    "engine": summary.engine,
                    "solved": summary.solved,
                    "applicable": summary.applicable,
                    "median_ratio": summary.median_ratio,
                })
            })
            .collect();
        let disagreements: Vec<_> = comparison
            .disagreements()
            .into_iter()
            .map(|disagreement| {
                json!({
                    "board": disagreement.board,
                    "found_by": disagreement.found_by,
                    "no_tour_by": disagreement.no_tour_by,
                })
            })
            .collect();
        let document = json!({
            "timeout": comparison.timeout,
            "runs": comparison.runs,
            "boards": boards,
            "engines": engines,
            "disagreements": disagreements,
        });
        serde_json::to_writer(&mut *out, &document)?;
        writeln!(out)
    }
}
