//! The JSON format: the problem, the answer, the tour and statistics in one object.

use super::reason::Reason;
use super::{explain, explain_stop, Format, FormatError};
use crate::board::{Board, Square};
use crate::engine::{Answer, SatStats, Solution, Stats};
use crate::problem::Problem;
use crate::tour::Tour;
use serde::ser::{Serialize, Serializer};
use std::io::Write;

/// One JSON object on one line: `problem` (rows, cols, piece, tour shape, start, end, blocked
/// count), `answer` (`found`, `no tour` or `stopped`), `reason` (when no tour was found), `why`
/// (when no tour exists: the argument as a [`Reason`](super::reason::Reason)), `tour`
/// (a list of `[x, y]`, or null) and `statistics` (engine, nodes, seconds, sat counters; null
/// when written without a solution).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Format for Json {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        write_document(problem, "found", None, Some(tour), None, out)
    }

    fn write_solution(
        &self,
        problem: &Problem,
        solution: &Solution,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let stats = Some(&solution.stats);
        match &solution.answer {
            Answer::Found(tour) => write_document(problem, "found", None, Some(tour), stats, out),
            Answer::NoTour(why) => {
                let reason = explain(&problem.board, why);
                let why = super::reason::reason(&problem.board, why, solution.stats.sat.as_ref());
                let document = document(problem, "no tour", Some(reason), None, stats);
                write_json(
                    &Document {
                        why: Some(why),
                        ..document
                    },
                    out,
                )
            }
            Answer::Stopped(stop) => {
                let reason = explain_stop(*stop, None);
                write_document(problem, "stopped", Some(reason), None, stats, out)
            }
        }
    }
}

/// Writes the object and a newline.
fn write_document(
    problem: &Problem,
    answer: &'static str,
    reason: Option<String>,
    tour: Option<&Tour>,
    stats: Option<&Stats>,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    write_json(&document(problem, answer, reason, tour, stats), out)
}

/// The object, without `why`.
fn document<'a>(
    problem: &'a Problem,
    answer: &'static str,
    reason: Option<String>,
    tour: Option<&'a Tour>,
    stats: Option<&'a Stats>,
) -> Document<'a> {
    let board = &problem.board;
    Document {
        problem: ProblemJson {
            rows: board.rows(),
            cols: board.cols(),
            piece: problem.piece.to_string(),
            tour: problem.shape.to_string(),
            start: problem.start.map(|square| xy(board, square)),
            end: problem.end.map(|square| xy(board, square)),
            blocked: board.len() - board.free_count(),
        },
        answer,
        reason,
        tour: tour.map(|tour| TourJson {
            board,
            squares: tour.squares(),
        }),
        statistics: stats.map(|stats| StatsJson {
            engine: &stats.engine,
            nodes: stats.nodes,
            seconds: stats.seconds,
            sat: stats.sat.as_ref(),
        }),
        why: None,
    }
}

/// Writes `document` and a newline.
fn write_json(document: &Document, out: &mut dyn Write) -> Result<(), FormatError> {
    serde_json::to_writer(&mut *out, document).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// The `[x, y]` of a square.
fn xy(board: &Board, square: Square) -> [u32; 2] {
    let (x, y) = board.coords(square);
    [x, y]
}

/// The whole object.
#[derive(serde::Serialize)]
struct Document<'a> {
    problem: ProblemJson,
    answer: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    tour: Option<TourJson<'a>>,
    statistics: Option<StatsJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<Reason>,
}

/// The problem's description.
#[derive(serde::Serialize)]
struct ProblemJson {
    rows: u32,
    cols: u32,
    piece: String,
    tour: String,
    start: Option<[u32; 2]>,
    end: Option<[u32; 2]>,
    blocked: usize,
}

/// A tour written square by square as `[x, y]` without building the list.
struct TourJson<'a> {
    board: &'a Board,
    squares: &'a [Square],
}

impl Serialize for TourJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.squares.iter().map(|&square| xy(self.board, square)))
    }
}

/// The statistics.
#[derive(serde::Serialize)]
struct StatsJson<'a> {
    engine: &'a str,
    nodes: u64,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    sat: Option<&'a SatStats>,
}
