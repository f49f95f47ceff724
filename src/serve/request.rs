//! The requests of the API read and checked: a problem (`/api/solve`, `/api/count`), a
//! generated board's request (`/api/gen`) and a puzzle's (`/api/hint`), each refused with the status and a message naming the
//! field.

use super::http::ApiError;
use crate::core::board::{Board, BoardError};
use crate::core::names::Named;
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::core::square;
use crate::gen::{RegionOptions, RegionShape};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The distinct tours `POST /api/count` looks for when the request gives no `limit`: two, to
/// say whether the tour is unique and show a second one when it is not.
pub const DISTINCT_TOURS: usize = 2;

/// The most distinct tours a count request may ask for.
pub const MAX_DISTINCT_TOURS: usize = 100;

/// A square in a request: `[x, y]` or a name like `B3`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum SquareField {
    /// `[x, y]`, 0-based column and row.
    Coords([i64; 2]),
    /// A name like `B3`, or `x,y`.
    Name(String),
}

/// The body of `POST /api/solve` and `POST /api/count`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemRequest {
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
    pub id: Option<String>,
    /// Count only: the most distinct tours to find.
    #[serde(default)]
    pub limit: Option<usize>,
}

impl ProblemRequest {
    /// The problem asked, on a board of at most `max_squares` squares: 400 for a bad field,
    /// 422 for a problem that is not well posed.
    pub fn problem(&self, max_squares: u64) -> Result<Problem, ApiError> {
        let mut board = Board::with_limit(self.rows, self.cols, max_squares)
            .map_err(|error| ApiError::bad_request(format!("rows/cols: {error}")))?;
        for (index, &[x, y]) in self.blocked.iter().enumerate() {
            board.block_at(x, y).map_err(|error| {
                ApiError::bad_request(format!("blocked[{index}] = [{x}, {y}]: {error}"))
            })?;
        }
        let piece = read_piece(&self.piece)?;
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

    /// The time limit: the request's, cut to the server's (see [`time_limit`]).
    pub fn timeout(&self, most: Duration) -> Result<Duration, ApiError> {
        time_limit(self.timeout, most)
    }
}

/// A request's time limit of `asked` seconds, cut to the server's `most`, which is the default
/// (a limit too long for a clock, 1e20 seconds say, is cut to it as well).
fn time_limit(asked: Option<f64>, most: Duration) -> Result<Duration, ApiError> {
    match asked {
        None => Ok(most),
        Some(seconds) if seconds.is_nan() || seconds < 0.0 => Err(ApiError::bad_request(format!(
            "timeout: {seconds} is not a time limit: give seconds, 0 or more"
        ))),
        Some(seconds) => {
            Ok(Duration::try_from_secs_f64(seconds).map_or(most, |asked| asked.min(most)))
        }
    }
}

/// The most squares of a puzzle `POST /api/hint` reasons on (100 x 100): its answer lists
/// every step, and a step decides at least one of the board's (at most twice as many) moves.
pub const HINT_SQUARES: u64 = 10_000;

/// The body of `POST /api/hint`: a Simple Loop puzzle as a puzz.link URL, a board file or a
/// pzprv3 file (what `toursat hint` reads).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The puzzle's text.
    pub text: String,
    /// Seconds.
    #[serde(default)]
    timeout: Option<f64>,
    /// The client's name for the request, for `POST /api/cancel`.
    #[serde(default)]
    pub id: Option<String>,
}

impl HintRequest {
    /// The puzzle's board, of at most `max_squares` and [`HINT_SQUARES`] squares (the squares
    /// it marks `S` or `E` are open cells, as `toursat hint` reads them): 400 naming the field
    /// when it is not one.
    pub fn board(&self, max_squares: u64) -> Result<Board, ApiError> {
        let limit = max_squares.min(HINT_SQUARES);
        Board::parse_marked(&self.text, limit)
            .map(|(board, _)| board)
            .map_err(|error| {
                let bound = match error {
                    BoardError::TooLarge { .. } if limit == HINT_SQUARES => {
                        " (the puzzle mode lists every step, so it takes boards of at most 100 x \
                         100)"
                    }
                    _ => "",
                };
                ApiError::bad_request(format!("text: {error}{bound}"))
            })
    }

    /// The time limit: the request's, cut to the server's (see [`time_limit`]).
    pub fn timeout(&self, most: Duration) -> Result<Duration, ApiError> {
        time_limit(self.timeout, most)
    }
}

/// Reads a piece's name (`rook`, `knight`, `king`, `leaper:A,B`).
pub fn read_piece(name: &str) -> Result<Piece, ApiError> {
    name.parse()
        .map_err(|error| ApiError::bad_request(format!("piece: {error}")))
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
pub fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|error| ApiError::bad_request(format!("bad JSON: {error}")))
}

/// What `POST /api/gen` asks for: a board of `toursat gen`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenRequest {
    /// `planted`, `random`, `holes` or `region`.
    pub kind: GenKind,
    /// Rows of the board.
    pub rows: u64,
    /// Columns of the board.
    pub cols: u64,
    /// The generator's seed (default 1).
    #[serde(default = "first_seed")]
    pub seed: u64,
    /// The piece of a `holes` board, by its name (default `knight`).
    #[serde(default = "knight")]
    pub piece: String,
}

/// The seed of a generated board by default.
fn first_seed() -> u64 {
    1
}

/// The piece of a generated board by default.
fn knight() -> String {
    "knight".to_string()
}

/// The kinds of generated boards the page offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GenKind {
    /// A planted rook circuit (`gen --kind planted`).
    Planted,
    /// A repaired random board (`gen --kind random`).
    Random,
    /// A few holes for the piece (`gen --kind holes`), a twentieth of the squares.
    Holes,
    /// A region no rook circuit can leave (`gen --kind region`).
    Region,
}

/// The options of a `region` board the page asks for.
pub fn region_options() -> RegionOptions {
    RegionOptions {
        shape: RegionShape::Diamond,
        share: 0.3,
        density: 0.05,
        door: false,
    }
}

impl GenRequest {
    /// Checks the request for boards of at most `max_squares` squares: 400 naming the field.
    pub fn check(&self, max_squares: u64) -> Result<(), ApiError> {
        Board::with_limit(self.rows, self.cols, max_squares)
            .map_err(|error| ApiError::bad_request(format!("rows/cols: {error}")))?;
        read_piece(&self.piece).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_timeout(seconds: f64) -> ProblemRequest {
        let body = format!(r#"{{"rows": 4, "cols": 4, "piece": "rook", "timeout": {seconds}}}"#);
        serde_json::from_str(&body).expect("a well-formed request")
    }

    #[test]
    fn a_timeout_too_long_for_a_clock_is_cut_to_the_servers() {
        let most = Duration::from_secs(10);
        assert_eq!(with_timeout(1e20).timeout(most), Ok(most));
        assert_eq!(
            with_timeout(2.5).timeout(most),
            Ok(Duration::from_millis(2500))
        );
    }

    #[test]
    fn a_negative_timeout_is_refused_as_no_time_limit() {
        let error = with_timeout(-1.0)
            .timeout(Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(error.status, 400);
        assert!(
            error.message.contains("give seconds, 0 or more"),
            "{}",
            error.message
        );
    }
}
