//! The JSON format: the problem, the answer, the tour and statistics in one object.

use super::reason::{certification, reason as structured_reason, Certification, Reason};
use super::reason::{explain, explain_stop};
use super::{Format, FormatError};
use crate::core::board::{Board, Square};
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use crate::count::{Distinct, Natural};
use crate::engine::{Answer, PhaseTime, SatStats, Solution, Stats};
use serde::ser::{Serialize, Serializer};
use std::io::Write;

/// The version of the JSON schema, written as `version`; it changes only when a field is
/// removed or changes meaning.
pub const JSON_VERSION: u32 = 1;

/// One JSON object on one line, the schema of `docs/json.md`: `version`, `problem` (rows, cols,
/// piece, tour shape, start, end, blocked count and blocked squares), `answer` (see
/// [`JsonAnswer`]), `reason` (why there is no tour, or null), `why` (when no tour exists: the
/// argument as a [`Reason`], or null), `tour` (a list of `[x, y]`, or null), `statistics`
/// (engine, nodes, seconds, sat counters or null; null when no engine ran) and `certificate`
/// (how `--certify` checked an answer of no tour, a [`Certification`], or null).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

/// The `answer` of a JSON document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonAnswer {
    /// `found`: a tour was found (solve, decode).
    Found,
    /// `no tour`: it is proved that no tour exists (solve, decode).
    NoTour,
    /// `stopped`: a limit stopped the engine before an answer (solve, decode).
    Stopped,
    /// `not a tour`: the SAT solver's answer does not make one tour (decode).
    NotATour,
    /// `unconfirmed`: the SAT solver claims the formula unsatisfiable, but toursat could not
    /// confirm that it is its complete formula for the problem, so nothing is proved (decode).
    Unconfirmed,
    /// `valid`: the tour read passed verification (verify).
    Valid,
    /// `invalid`: the tour read failed verification (verify).
    Invalid,
}

impl JsonAnswer {
    /// The answer as written in the document.
    pub fn as_str(self) -> &'static str {
        match self {
            JsonAnswer::Found => "found",
            JsonAnswer::NoTour => "no tour",
            JsonAnswer::Stopped => "stopped",
            JsonAnswer::NotATour => "not a tour",
            JsonAnswer::Unconfirmed => "unconfirmed",
            JsonAnswer::Valid => "valid",
            JsonAnswer::Invalid => "invalid",
        }
    }
}

impl Json {
    /// Writes a document with any answer: `reason` says why there is no tour or why it is
    /// invalid, `tour` is the tour found or read, `stats` the engine's statistics if one ran.
    pub fn write_answer(
        &self,
        problem: &Problem,
        answer: JsonAnswer,
        reason: Option<String>,
        tour: Option<&Tour>,
        stats: Option<&Stats>,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let document = Document::new(problem, answer, reason, None, tour, stats);
        write_document(&document, out)
    }
}

impl Format for Json {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let document = Document::new(problem, JsonAnswer::Found, None, None, Some(tour), None);
        write_document(&document, out)
    }

    fn write_solution(
        &self,
        problem: &Problem,
        solution: &Solution,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let stats = Some(&solution.stats);
        let document = match &solution.answer {
            Answer::Found(tour) => {
                Document::new(problem, JsonAnswer::Found, None, None, Some(tour), stats)
            }
            Answer::NoTour(impossibility) => {
                let reason = explain(problem, impossibility);
                let why = structured_reason(problem, impossibility, solution.stats.sat.as_ref());
                let answer = JsonAnswer::NoTour;
                Document {
                    certificate: solution
                        .certificate
                        .as_ref()
                        .map(|certified| certification(impossibility, certified)),
                    ..Document::new(problem, answer, Some(reason), Some(why), None, stats)
                }
            }
            Answer::Stopped(stop) => {
                let reason = explain_stop(*stop, None);
                let answer = JsonAnswer::Stopped;
                Document::new(problem, answer, Some(reason), None, None, stats)
            }
        };
        write_document(&document, out)
    }
}

/// Writes the object and a newline.
pub(super) fn write_document(
    document: &impl Serialize,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    serde_json::to_writer(&mut *out, document).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

impl<'a> Document<'a> {
    /// The document of an answer, without a certificate.
    fn new(
        problem: &'a Problem,
        answer: JsonAnswer,
        reason: Option<String>,
        why: Option<Reason>,
        tour: Option<&'a Tour>,
        stats: Option<&'a Stats>,
    ) -> Document<'a> {
        let board = &problem.board;
        Document {
            version: JSON_VERSION,
            problem: ProblemJson::of(problem),
            answer: answer.as_str(),
            reason,
            why,
            tour: tour.map(|tour| TourJson {
                board,
                squares: tour.squares(),
            }),
            statistics: stats.map(StatsJson::of),
            certificate: None,
        }
    }
}

impl<'a> ProblemJson<'a> {
    /// The description of `problem`.
    pub(super) fn of(problem: &'a Problem) -> ProblemJson<'a> {
        let board = &problem.board;
        ProblemJson {
            rows: board.rows(),
            cols: board.cols(),
            piece: problem.piece.to_string(),
            tour: problem.shape.to_string(),
            start: problem.start.map(|square| xy(board, square)),
            end: problem.end.map(|square| xy(board, square)),
            blocked: board.len() - board.free_count(),
            blocked_squares: BlockedJson { board },
        }
    }
}

/// The `[x, y]` of a square.
pub(super) fn xy(board: &Board, square: Square) -> [u32; 2] {
    let (x, y) = board.coords(square);
    [x, y]
}

/// The whole object.
#[derive(serde::Serialize)]
struct Document<'a> {
    version: u32,
    problem: ProblemJson<'a>,
    answer: &'static str,
    reason: Option<String>,
    why: Option<Reason>,
    tour: Option<TourJson<'a>>,
    statistics: Option<StatsJson<'a>>,
    certificate: Option<Certification>,
}

/// The problem's description.
#[derive(serde::Serialize)]
pub(super) struct ProblemJson<'a> {
    rows: u32,
    cols: u32,
    piece: String,
    tour: String,
    start: Option<[u32; 2]>,
    end: Option<[u32; 2]>,
    blocked: usize,
    blocked_squares: BlockedJson<'a>,
}

/// The blocked squares of a board, written as `[x, y]` in row-major order.
struct BlockedJson<'a> {
    board: &'a Board,
}

impl Serialize for BlockedJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board;
        let blocked = (0..board.len() as Square).filter(|&square| !board.is_free(square));
        serializer.collect_seq(blocked.map(|square| xy(board, square)))
    }
}

/// A tour written square by square as `[x, y]` without building the list.
pub(super) struct TourJson<'a> {
    pub(super) board: &'a Board,
    pub(super) squares: &'a [Square],
}

impl Serialize for TourJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.squares.iter().map(|&square| xy(self.board, square)))
    }
}

/// The statistics.
#[derive(serde::Serialize)]
pub(super) struct StatsJson<'a> {
    engine: &'a str,
    nodes: u64,
    seconds: f64,
    proof_seconds: f64,
    sat: Option<&'a SatStats>,
    #[serde(skip_serializing_if = "<[PhaseTime]>::is_empty")]
    phases: &'a [PhaseTime],
}

impl<'a> StatsJson<'a> {
    /// The statistics of `stats`, as written.
    pub(super) fn of(stats: &'a Stats) -> StatsJson<'a> {
        StatsJson {
            engine: &stats.engine,
            nodes: stats.nodes,
            seconds: stats.seconds,
            proof_seconds: stats.proof_seconds,
            sat: stats.sat.as_ref(),
            phases: &stats.phases,
        }
    }
}

/// What a count found, for [`Json::write_count`]: the exact number of tours, the distinct tours
/// found one by one, or both.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountAnswer<'a> {
    /// The exact number of tours (`count::count`), when it was counted.
    pub tours: Option<&'a Natural>,
    /// Why there is no exact number (the board too wide, the time limit), when there is none.
    pub uncounted: Option<&'a str>,
    /// Distinct tours (`count::distinct_tours`), when they were looked for.
    pub distinct: Option<&'a Distinct>,
}

impl CountAnswer<'_> {
    /// Whether the problem has exactly one tour, when what was found says.
    pub fn unique(&self) -> Option<bool> {
        if let Some(tours) = self.tours {
            return Some(tours.to_u128() == Some(1));
        }
        let distinct = self.distinct?;
        match distinct.tours.len() {
            0 | 1 if !distinct.complete => None,
            found => Some(found == 1),
        }
    }
}

/// The JSON document of a count (docs/json.md): `version`, `problem` as in a solve's document,
/// `tours` (the exact number as a decimal string, or null), `uncounted` (why not, or null),
/// `distinct` (the distinct tours found, each a list of `[x, y]`), `complete` (whether those
/// are all the tours) and `unique` (true, false, or null when not known).
#[derive(serde::Serialize)]
struct CountDocument<'a> {
    version: u32,
    problem: ProblemJson<'a>,
    tours: Option<String>,
    uncounted: Option<&'a str>,
    distinct: Vec<TourJson<'a>>,
    complete: bool,
    unique: Option<bool>,
}

impl Json {
    /// Writes the document of a count of `problem` (see [`CountAnswer`] and docs/json.md).
    pub fn write_count(
        &self,
        problem: &Problem,
        answer: &CountAnswer,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let board = &problem.board;
        let distinct = answer.distinct.map_or(&[][..], |distinct| &distinct.tours);
        let document = CountDocument {
            version: JSON_VERSION,
            problem: ProblemJson::of(problem),
            tours: answer.tours.map(|tours| tours.to_string()),
            uncounted: answer.uncounted,
            distinct: distinct
                .iter()
                .map(|tour| TourJson {
                    board,
                    squares: tour.squares(),
                })
                .collect(),
            complete: answer.distinct.is_some_and(|distinct| distinct.complete),
            unique: answer.unique(),
        };
        write_document(&document, out)
    }
}
