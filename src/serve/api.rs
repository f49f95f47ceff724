//! The endpoints under `/api/`: each reads its request, asks the library and writes the JSON
//! the command line writes (docs/json.md, "The HTTP API").

use super::http::{ApiError, Reply};
use super::jobs::{Outcome, Waiting};
use super::limits::{ServeLimits, Slots};
use crate::core::board::{Board, MarkedEnds};
use crate::core::names::Named;
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::core::square;
use crate::count::{self, CountError, CountOptions, Distinct};
use crate::engine::{self, Answer, Limits, Solution, SolveError, SolveOptions, Stats, Stop};
use crate::format::{CountAnswer, Format, Json};
use crate::gen::{self, RegionOptions, RegionShape};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The distinct tours `POST /api/count` looks for when the request gives no `limit`: two, to
/// say whether the tour is unique and show a second one when it is not.
pub const DISTINCT_TOURS: usize = 2;

/// The most distinct tours a count request may ask for.
pub const MAX_DISTINCT_TOURS: usize = 100;

/// Draws of a generated board before giving up (as `toursat gen`).
const GEN_ATTEMPTS: u32 = 1000;

/// What the endpoints share: the limits, the slots and the waiting requests.
#[derive(Debug)]
pub struct Api {
    /// The limits.
    pub limits: ServeLimits,
    /// The slots of the work running at once.
    pub slots: Arc<Slots>,
    /// The requests waiting for their work.
    pub waiting: Waiting,
}

/// A square in a request: `[x, y]` or a name like `B3`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum SquareField {
    /// `[x, y]`, 0-based column and row.
    Coords([i64; 2]),
    /// A name like `B3`, or `x,y`.
    Name(String),
}

/// The body of `POST /api/solve` and `POST /api/count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemRequest {
    rows: u64,
    cols: u64,
    #[serde(default)]
    blocked: Vec<[i64; 2]>,
    piece: String,
    #[serde(default)]
    tour: Option<String>,
    #[serde(default)]
    start: Option<SquareField>,
    #[serde(default)]
    end: Option<SquareField>,
    /// Seconds.
    #[serde(default)]
    timeout: Option<f64>,
    /// The client's name for the request, for `POST /api/cancel`.
    #[serde(default)]
    id: Option<String>,
    /// Count only: the most distinct tours to find.
    #[serde(default)]
    limit: Option<usize>,
}

impl ProblemRequest {
    /// The problem asked, on a board of at most `max_squares` squares (not yet validated).
    fn problem(&self, max_squares: u64) -> Result<Problem, ApiError> {
        let mut board = Board::with_limit(self.rows, self.cols, max_squares)
            .map_err(|error| ApiError::bad_request(format!("rows/cols: {error}")))?;
        for (index, &[x, y]) in self.blocked.iter().enumerate() {
            board.block_at(x, y).map_err(|error| {
                ApiError::bad_request(format!("blocked[{index}] = [{x}, {y}]: {error}"))
            })?;
        }
        let piece: Piece = self
            .piece
            .parse()
            .map_err(|error| ApiError::bad_request(format!("piece: {error}")))?;
        let shape = match &self.tour {
            None => TourShape::Closed,
            Some(name) => TourShape::from_name(name).map_err(|_| {
                ApiError::bad_request(format!("tour: {name:?} is not closed or open"))
            })?,
        };
        let mut problem = Problem::new(board, piece, shape);
        problem.start = read_square(&problem.board, "start", self.start.as_ref())?;
        problem.end = read_square(&problem.board, "end", self.end.as_ref())?;
        problem
            .validate()
            .map_err(|error| ApiError::unprocessable(error.to_string()))?;
        Ok(problem)
    }

    /// The time limit: the request's, cut to the server's, which is the default.
    fn timeout(&self, most: Duration) -> Result<Duration, ApiError> {
        match self.timeout {
            None => Ok(most),
            Some(seconds) => Duration::try_from_secs_f64(seconds)
                .map(|asked| asked.min(most))
                .map_err(|_| {
                    ApiError::bad_request(format!("timeout: {seconds} is not 0 seconds or more"))
                }),
        }
    }
}

/// Reads a square field on `board`.
fn read_square(
    board: &Board,
    field: &str,
    square: Option<&SquareField>,
) -> Result<Option<crate::Square>, ApiError> {
    let off_board =
        |x: i64, y: i64| ApiError::bad_request(format!("{field}: [{x}, {y}] is off the board"));
    match square {
        None => Ok(None),
        Some(SquareField::Coords([x, y])) => board
            .checked_square(*x, *y)
            .map(Some)
            .ok_or_else(|| off_board(*x, *y)),
        Some(SquareField::Name(name)) => square::parse(board, name)
            .map(Some)
            .map_err(|error| ApiError::bad_request(format!("{field}: {error}"))),
    }
}

/// Reads a JSON body as `T`; a message naming the line and column where it is not.
fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|error| ApiError::bad_request(format!("bad JSON: {error}")))
}

impl Api {
    /// The API with these limits, no work running.
    pub fn new(limits: ServeLimits) -> Api {
        Api {
            limits,
            slots: Slots::new(limits.solves.max(1)),
            waiting: Waiting::default(),
        }
    }

    /// `POST /api/solve`: the document of `toursat solve --format json`.
    pub fn solve(&self, body: &[u8]) -> Result<Reply, ApiError> {
        let request: ProblemRequest = parse(body)?;
        let problem = request.problem(self.limits.max_squares)?;
        let timeout = request.timeout(self.limits.timeout)?;
        let started = Instant::now();
        let deadline = started + timeout;
        let options = SolveOptions {
            limits: Limits {
                deadline: Some(deadline),
                ..Limits::none()
            },
            ..SolveOptions::default()
        };
        let owned = problem.clone();
        let outcome =
            self.waiting
                .run(&self.slots, request.id.as_deref(), deadline, move || {
                    engine::solve(&owned, &options)
                })?;
        let solution = match outcome {
            Outcome::Done(Ok(solution)) => solution,
            Outcome::Done(Err(SolveError::Problem(error))) => {
                return Err(ApiError::unprocessable(error.to_string()))
            }
            Outcome::Done(Err(cannot @ SolveError::EngineCannot { .. })) => {
                return Err(ApiError::unprocessable(cannot.to_string()))
            }
            Outcome::Done(Err(internal @ SolveError::InvalidTour { .. })) => {
                return Err(ApiError::internal(internal.to_string()))
            }
            Outcome::Cancelled => return Err(cancelled()),
            Outcome::TimedOut => Solution {
                answer: Answer::Stopped(Stop::Timeout),
                stats: Stats {
                    engine: "unfinished".to_string(),
                    seconds: started.elapsed().as_secs_f64(),
                    ..Stats::default()
                },
                certificate: None,
            },
        };
        let mut document = Vec::new();
        Json.write_solution(&problem, &solution, &mut document)
            .map_err(|error| ApiError::internal(format!("writing the answer: {error}")))?;
        Ok(Reply::json(document))
    }

    /// `POST /api/count`: up to `limit` distinct tours (by SAT) and, where the frontier DP fits
    /// the board and the time, the exact number of tours.
    pub fn count(&self, body: &[u8]) -> Result<Reply, ApiError> {
        let request: ProblemRequest = parse(body)?;
        let problem = request.problem(self.limits.max_squares)?;
        let timeout = request.timeout(self.limits.timeout)?;
        let limit = request.limit.unwrap_or(DISTINCT_TOURS);
        if limit > MAX_DISTINCT_TOURS {
            return Err(ApiError::bad_request(format!(
                "limit: at most {MAX_DISTINCT_TOURS} distinct tours, not {limit}"
            )));
        }
        let deadline = Instant::now() + timeout;
        let owned = problem.clone();
        let outcome =
            self.waiting
                .run(&self.slots, request.id.as_deref(), deadline, move || {
                    let limits = Limits {
                        deadline: Some(deadline),
                        ..Limits::none()
                    };
                    let distinct = count::distinct_tours(&owned, limit, &limits, &mut |_| {});
                    let options = CountOptions {
                        directed: false,
                        limits,
                    };
                    let counted = count::count(&owned, &options, &mut |_| {});
                    (distinct, counted)
                })?;
        let (distinct, counted) = match outcome {
            Outcome::Done(results) => results,
            Outcome::Cancelled => return Err(cancelled()),
            Outcome::TimedOut => (
                Err(CountError::Stopped(Stop::Timeout)),
                Err(CountError::Stopped(Stop::Timeout)),
            ),
        };
        let distinct: Option<Distinct> = match distinct {
            Ok(distinct) => Some(distinct),
            Err(CountError::Problem(error)) => {
                return Err(ApiError::unprocessable(error.to_string()))
            }
            Err(_) => None,
        };
        let uncounted = counted.as_ref().err().map(|error| match error {
            CountError::Stopped(Stop::Timeout) => format!(
                "timed out after {} s, before the count was done",
                timeout.as_secs_f64()
            ),
            other => other.to_string(),
        });
        let answer = CountAnswer {
            tours: counted.as_ref().ok().map(|counted| &counted.tours),
            uncounted: uncounted.as_deref(),
            distinct: distinct.as_ref(),
        };
        let mut document = Vec::new();
        Json.write_count(&problem, &answer, &mut document)
            .map_err(|error| ApiError::internal(format!("writing the count: {error}")))?;
        Ok(Reply::json(document))
    }

    /// `POST /api/board`: a board file's text (`{"text": ...}`) read as every command reads
    /// one, answered as rows, columns, blocked squares and the marked ends.
    pub fn board(&self, body: &[u8]) -> Result<Reply, ApiError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct BoardRequest {
            text: String,
        }
        let request: BoardRequest = parse(body)?;
        let (board, ends) = Board::parse_marked(&request.text, self.limits.max_squares)
            .map_err(|error| ApiError::bad_request(format!("board: {error}")))?;
        Ok(Reply::value(&board_value(&board, ends)))
    }

    /// `GET /api/gen?kind=K&rows=R&cols=C&seed=S[&piece=P]`: a board of `toursat gen` (kinds
    /// `planted`, `random`, `holes`, `region`, with `gen`'s default options).
    pub fn gen(&self, query: &str) -> Result<Reply, ApiError> {
        let field = |name: &str| {
            query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        };
        let number = |name: &str, default: Option<u64>| -> Result<u64, ApiError> {
            match field(name) {
                Some(text) => text.parse().map_err(|_| {
                    ApiError::bad_request(format!("{name}: {text:?} is not a number"))
                }),
                None => default.ok_or_else(|| ApiError::bad_request(format!("give {name}"))),
            }
        };
        let (rows, cols) = (number("rows", None)?, number("cols", None)?);
        let seed = number("seed", Some(1))?;
        Board::with_limit(rows, cols, self.limits.max_squares)
            .map_err(|error| ApiError::bad_request(format!("rows/cols: {error}")))?;
        let piece: Piece = field("piece")
            .unwrap_or_else(|| "knight".to_string())
            .replace("%3A", ":")
            .replace("%2C", ",")
            .parse()
            .map_err(|error| ApiError::bad_request(format!("piece: {error}")))?;
        let kind = field("kind").unwrap_or_default();
        let generate: Box<dyn FnOnce() -> Result<Board, gen::GenError> + Send> = match kind.as_str()
        {
            "planted" => Box::new(move || {
                gen::planted(rows, cols, 0.5, 0, seed).map(|planted| planted.board)
            }),
            "random" => Box::new(move || gen::random(rows, cols, 0.2, seed, GEN_ATTEMPTS)),
            "holes" => {
                let holes = (rows * cols / 20).max(1);
                Box::new(move || gen::holes(rows, cols, holes, piece, seed, GEN_ATTEMPTS))
            }
            "region" => {
                let options = RegionOptions {
                    shape: RegionShape::Diamond,
                    share: 0.3,
                    density: 0.05,
                    door: false,
                };
                Box::new(move || {
                    gen::region(rows, cols, &options, seed, GEN_ATTEMPTS).map(|region| region.board)
                })
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "kind: {other:?} is not planted, random, holes or region"
                )))
            }
        };
        let deadline = Instant::now() + self.limits.timeout;
        match self.waiting.run(&self.slots, None, deadline, generate)? {
            Outcome::Done(Ok(board)) => {
                Ok(Reply::value(&board_value(&board, MarkedEnds::default())))
            }
            Outcome::Done(Err(error)) => Err(ApiError::unprocessable(error.to_string())),
            Outcome::Cancelled => Err(cancelled()),
            Outcome::TimedOut => Err(ApiError::busy(format!(
                "the generator took longer than the limit of {} s",
                self.limits.timeout.as_secs_f64()
            ))),
        }
    }

    /// `POST /api/cancel`: `{"id": ...}` stops waiting for the request of that id.
    pub fn cancel(&self, body: &[u8]) -> Result<Reply, ApiError> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct CancelRequest {
            id: String,
        }
        let request: CancelRequest = parse(body)?;
        let cancelled = self.waiting.cancel(&request.id);
        Ok(Reply::value(&json!({ "cancelled": cancelled })))
    }

    /// `GET /api/limits`: the server's limits, for the page.
    pub fn limits(&self) -> Reply {
        let limits = &self.limits;
        Reply::value(&json!({
            "body_bytes": limits.body_bytes,
            "max_squares": limits.max_squares,
            "timeout": limits.timeout.as_secs_f64(),
            "solves": limits.solves,
        }))
    }
}

/// The error of a request cancelled by `POST /api/cancel`.
fn cancelled() -> ApiError {
    ApiError::with_status(409, "cancelled by POST /api/cancel")
}

/// A board as the page takes it: `rows`, `cols`, `blocked` (`[x, y]`s), `start` and `end`
/// (`[x, y]` or null) and `text` (the board file).
fn board_value(board: &Board, ends: MarkedEnds) -> serde_json::Value {
    let xy = |square: crate::Square| {
        let (x, y) = board.coords(square);
        [x, y]
    };
    let blocked: Vec<[u32; 2]> = (0..board.len() as crate::Square)
        .filter(|&square| !board.is_free(square))
        .map(xy)
        .collect();
    json!({
        "rows": board.rows(),
        "cols": board.cols(),
        "blocked": blocked,
        "start": ends.start.map(xy),
        "end": ends.end.map(xy),
        "text": board.marked_text(ends),
    })
}
