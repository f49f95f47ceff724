//! The judge problems: cases read from a stream, each answer written and flushed as found.

pub mod knight_tour;
pub mod knights_journey;
pub mod rook_circuit;

use crate::core::board::{Board, BoardError, MAX_SQUARES};
use crate::core::problem::{Problem, ProblemError};
use crate::core::text_input::BYTE_ORDER_MARK;
use crate::core::tour::Tour;
use crate::engine::proof::certify::{certify, CertifyError};
use crate::engine::sat::SatOptions;
use crate::engine::{self, Answer, EngineChoice, Limits, Order, SolveError, SolveOptions, Stop};
use crate::format::reason::certified_line;
use crate::format::reason::explain_stop;
use crate::format::FormatError;
use crate::verify::board::verify;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::time::Duration;

/// How the judge solves each case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JudgeOptions {
    /// The engine.
    pub engine: EngineChoice,
    /// Time limit for each case.
    pub timeout: Option<Duration>,
    /// Search nodes allowed for each case.
    pub node_budget: Option<u64>,
    /// The most literals a SAT formula may hold (see [`Limits::formula_literals`]).
    pub formula_literals: Option<usize>,
    /// The most squares a board may have.
    pub max_squares: u64,
    /// Certify every no-tour answer before printing it (see [`crate::engine::proof::certify`]).
    pub certify: bool,
    /// The most bytes an input line may hold, not counting its line end: a longer line is refused
    /// before more of it is read, so that reading takes constant memory whatever the input.
    pub max_line_bytes: usize,
}

/// The default of [`JudgeOptions::max_line_bytes`]: every line of the three judge problems is
/// a few numbers, far shorter.
pub const MAX_LINE_BYTES: usize = 4096;

/// Receives each certified case of no tour (with [`JudgeOptions::certify`]): the case's number
/// and a line saying what was certified and how.
pub type OnCertified<'a> = &'a mut dyn FnMut(usize, &str);

impl Default for JudgeOptions {
    fn default() -> JudgeOptions {
        JudgeOptions {
            engine: EngineChoice::Auto,
            timeout: None,
            node_budget: None,
            formula_literals: None,
            max_squares: MAX_SQUARES,
            certify: false,
            max_line_bytes: MAX_LINE_BYTES,
        }
    }
}

/// An error in a judge input or in answering it, with the 1-based line and case.
#[derive(Debug)]
pub struct JudgeError {
    /// 1-based input line (0 when no line is to blame).
    pub line: usize,
    /// 1-based case (scenario, start), when the error belongs to one.
    pub case: Option<usize>,
    /// What went wrong.
    pub kind: JudgeErrorKind,
}

/// What went wrong in a judge run.
#[derive(Debug)]
pub enum JudgeErrorKind {
    /// Reading the input or writing the output failed.
    Io(io::Error),
    /// A line that is not the numbers expected.
    Malformed {
        /// What the line should hold.
        expected: String,
        /// What it holds.
        found: String,
    },
    /// A square outside the board.
    OffBoard {
        /// What the square is (`start`, `blocked square`).
        what: &'static str,
        /// The square as written.
        square: String,
        /// The board's rows.
        rows: u32,
        /// The board's columns.
        cols: u32,
    },
    /// The start square is blocked.
    BlockedStart {
        /// The square, `x,y`.
        square: String,
    },
    /// A line longer than the limit.
    LineTooLong {
        /// The most bytes a line may hold.
        limit: usize,
    },
    /// The input ends before it should.
    MissingEnd {
        /// What was still expected.
        expected: String,
    },
    /// A board size that is not positive or has too many squares.
    BadSize {
        /// Rows asked for.
        rows: i64,
        /// Columns asked for.
        cols: i64,
        /// The limit on squares.
        limit: u64,
    },
    /// A knight's journey board whose p*q is outside 1..=26.
    JourneySize {
        /// Rows.
        p: i64,
        /// Columns.
        q: i64,
    },
    /// The engine stopped at a limit: nothing is printed for the case.
    Stopped {
        /// Which limit.
        stop: Stop,
        /// The time limit in seconds, if one was set.
        timeout: Option<f64>,
    },
    /// The chosen engine cannot take the problem (`--engine construct` on rook circuits).
    EngineCannot(String),
    /// An engine produced a tour that fails verification, or one that cannot be written.
    Internal(String),
}

impl JudgeError {
    /// An error at `line` of `case`.
    pub fn new(line: usize, case: Option<usize>, kind: JudgeErrorKind) -> JudgeError {
        JudgeError { line, case, kind }
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.kind, self.case) {
            (JudgeErrorKind::Io(error), _) => return write!(f, "I/O error: {error}"),
            (JudgeErrorKind::Stopped { .. } | JudgeErrorKind::Internal(_), Some(case)) => {
                write!(f, "case {case}: ")?
            }
            (_, case) => {
                if self.line > 0 {
                    write!(f, "input line {}", self.line)?;
                    if let Some(case) = case {
                        write!(f, " (case {case})")?;
                    }
                    write!(f, ": ")?;
                }
            }
        }
        match &self.kind {
            JudgeErrorKind::Io(_) => Ok(()),
            JudgeErrorKind::Malformed { expected, found } => {
                write!(f, "expected {expected}, found {found:?}")
            }
            JudgeErrorKind::OffBoard {
                what,
                square,
                rows,
                cols,
            } => write!(
                f,
                "{what} {square} is off the board of {rows} rows and {cols} columns"
            ),
            JudgeErrorKind::BlockedStart { square } => {
                write!(f, "the start square {square} is blocked")
            }
            JudgeErrorKind::LineTooLong { limit } => {
                write!(f, "the line is longer than {limit} bytes, the most a line may hold")
            }
            JudgeErrorKind::MissingEnd { expected } => {
                write!(f, "the input ends too early: expected {expected}")
            }
            JudgeErrorKind::BadSize { rows, cols, limit } => write!(
                f,
                "a board of {rows} rows and {cols} columns is not allowed: sides must be positive and the board at most {limit} squares"
            ),
            JudgeErrorKind::JourneySize { p, q } => {
                write!(f, "a {p} x {q} board is not allowed: p*q must be 1 to 26")
            }
            JudgeErrorKind::Stopped { stop, timeout } => {
                f.write_str(&explain_stop(*stop, *timeout))
            }
            JudgeErrorKind::EngineCannot(message) => f.write_str(message),
            JudgeErrorKind::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

impl std::error::Error for JudgeError {}

impl From<io::Error> for JudgeError {
    fn from(error: io::Error) -> JudgeError {
        JudgeError::new(0, None, JudgeErrorKind::Io(error))
    }
}

/// Reads lines of at most a given length, counting them from 1 (bytes that are not UTF-8
/// become U+FFFD, then fail to parse; a byte-order mark opening the input is dropped).
struct Lines<R> {
    input: R,
    line: usize,
    bytes: Vec<u8>,
    max_line_bytes: usize,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R, max_line_bytes: usize) -> Lines<R> {
        Lines {
            input,
            line: 0,
            bytes: Vec::new(),
            max_line_bytes,
        }
    }

    /// The next line that is not blank, trimmed, with its number, or `None` at the end; a line
    /// longer than the limit is an error as soon as the limit is passed.
    fn next_nonblank(&mut self) -> Result<Option<(usize, String)>, JudgeError> {
        loop {
            self.bytes.clear();
            let most = self.max_line_bytes as u64 + 1;
            if (&mut self.input)
                .take(most)
                .read_until(b'\n', &mut self.bytes)?
                == 0
            {
                return Ok(None);
            }
            self.line += 1;
            if self.bytes.len() > self.max_line_bytes && self.bytes.last() != Some(&b'\n') {
                return Err(JudgeError::new(
                    self.line,
                    None,
                    JudgeErrorKind::LineTooLong {
                        limit: self.max_line_bytes,
                    },
                ));
            }
            let text = String::from_utf8_lossy(&self.bytes);
            let text = match self.line {
                1 => text.trim_start_matches(BYTE_ORDER_MARK),
                _ => &text,
            };
            if !text.trim().is_empty() {
                return Ok(Some((self.line, text.trim().to_string())));
            }
        }
    }

    /// The line after the last one read: where a missing line is missed.
    fn end_line(&self) -> usize {
        self.line + 1
    }
}

/// Reads exactly `N` whitespace-separated integers from `text`.
fn integers<const N: usize>(
    text: &str,
    expected: &str,
    line: usize,
    case: Option<usize>,
) -> Result<[i64; N], JudgeError> {
    let malformed = || {
        JudgeError::new(
            line,
            case,
            JudgeErrorKind::Malformed {
                expected: expected.to_string(),
                found: text.to_string(),
            },
        )
    };
    let numbers = text
        .split_whitespace()
        .map(|token| token.parse::<i64>())
        .collect::<Result<Vec<i64>, _>>()
        .map_err(|_| malformed())?;
    numbers.try_into().map_err(|_| malformed())
}

/// An empty board of `rows` x `cols` within `limit` squares, or the error for that line.
fn board(
    rows: i64,
    cols: i64,
    limit: u64,
    line: usize,
    case: Option<usize>,
) -> Result<Board, JudgeError> {
    let bad_size = || JudgeError::new(line, case, JudgeErrorKind::BadSize { rows, cols, limit });
    if rows <= 0 || cols <= 0 {
        return Err(bad_size());
    }
    Board::with_limit(rows as u64, cols as u64, limit).map_err(|error| match error {
        BoardError::TooLarge { limit, .. } => {
            JudgeError::new(line, case, JudgeErrorKind::BadSize { rows, cols, limit })
        }
        other => JudgeError::new(line, case, JudgeErrorKind::Internal(other.to_string())),
    })
}

/// Solves one case: a verified tour, `None` when none exists, or an error for a stop.
fn solve_case(
    problem: &Problem,
    order: Order,
    options: &JudgeOptions,
    (line, case): (usize, usize),
    on_certified: OnCertified,
) -> Result<Option<Tour>, JudgeError> {
    let error = |kind| JudgeError::new(line, Some(case), kind);
    let stopped = |stop| {
        error(JudgeErrorKind::Stopped {
            stop,
            timeout: options.timeout.map(|timeout| timeout.as_secs_f64()),
        })
    };
    let limits = Limits {
        deadline: options
            .timeout
            .map(|timeout| std::time::Instant::now() + timeout),
        node_budget: options.node_budget,
        formula_literals: options.formula_literals,
    };
    let solve_options = SolveOptions {
        engine: options.engine,
        order,
        limits,
    };
    let solution = engine::solve(problem, &solve_options).map_err(|failure| match failure {
        SolveError::Problem(ProblemError::BlockedEnd { square, .. }) => {
            error(JudgeErrorKind::BlockedStart { square })
        }
        cannot @ SolveError::EngineCannot { .. } => {
            error(JudgeErrorKind::EngineCannot(cannot.to_string()))
        }
        other => error(JudgeErrorKind::Internal(other.to_string())),
    })?;
    match solution.answer {
        Answer::Found(tour) => {
            verify(problem, &tour)
                .map_err(|wrong| error(JudgeErrorKind::Internal(wrong.to_string())))?;
            Ok(Some(tour))
        }
        Answer::NoTour(why) if options.certify => {
            let sat_options = match options.engine {
                EngineChoice::Sat(sat_options) => sat_options,
                _ => SatOptions::default(),
            };
            match certify(problem, &why, &sat_options, &limits) {
                Ok(certified) => {
                    on_certified(case, &certified_line(problem, &why, &certified));
                    Ok(None)
                }
                Err(CertifyError::Stopped(stop)) => Err(stopped(stop)),
                Err(failure) => Err(error(JudgeErrorKind::Internal(format!(
                    "certifying no tour: {failure}"
                )))),
            }
        }
        Answer::NoTour(_) => Ok(None),
        Answer::Stopped(stop) => Err(stopped(stop)),
    }
}

/// A format error while writing case `case`'s answer.
fn format_error(error: FormatError, case: usize) -> JudgeError {
    match error {
        FormatError::Io(error) => error.into(),
        other => JudgeError::new(0, Some(case), JudgeErrorKind::Internal(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_text_are_a_malformed_line() {
        let mut output = Vec::new();
        let error = rook_circuit::run(
            &b"\n4 4 \xff 0 0\n"[..],
            &mut output,
            &JudgeOptions::default(),
        )
        .unwrap_err();
        assert_eq!((error.line, error.case), (2, Some(1)));
        assert!(matches!(error.kind, JudgeErrorKind::Malformed { .. }));
    }

    #[test]
    fn header_needs_exactly_five_numbers() {
        let mut output = Vec::new();
        let error = rook_circuit::run(
            &b"4 4 0 0\n0 0 0 0 0\n"[..],
            &mut output,
            &JudgeOptions::default(),
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "input line 1 (case 1): expected five numbers `Nrows Ncols Nblocks StartX StartY`, found \"4 4 0 0\""
        );
    }

    #[test]
    fn stops_are_reported_with_their_case_and_time_limit() {
        let error = JudgeError::new(
            7,
            Some(3),
            JudgeErrorKind::Stopped {
                stop: Stop::Timeout,
                timeout: Some(2.5),
            },
        );
        assert_eq!(error.to_string(), "case 3: timed out after 2.5 s");
    }
}
