//! Reading a tour back from text in any output format, chosen or detected.

mod drawing;
mod grid;
mod json;
mod moves;
mod pzprv3;
mod visits;

use crate::core::board::{Board, BoardError, Square};
use crate::core::names::named;
use crate::core::problem::Problem;
use crate::core::square::parse_coords;
use crate::core::tour::Tour;
use std::fmt;

/// The ways a tour can be written for reading back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TourSyntax {
    /// Detect the syntax from the text (see [`detect`]).
    #[default]
    Auto,
    /// Pairs of 0-based `x,y` (or `x y`), any number a line.
    Squares,
    /// Chess names, run together or separated by whitespace: `A1B3C1`.
    Names,
    /// 1-based row-major square numbers separated by whitespace.
    Numbers,
    /// Letters N, S, E, W from the problem's start, or from the start the board fixes (a
    /// closed tour ends back on the start).
    Moves,
    /// The board with the tour drawn in lines (rook, king), or each square's visit number;
    /// ANSI colour codes are ignored.
    Grid,
    /// A JSON document (docs/json.md) whose answer is `found`: its `tour`.
    Json,
    /// A pzprv3 file of pzprjs: the loop (or path) its answer's lines draw.
    Pzprv3,
}

named!(TourSyntax, "tour format", {
    Auto => "auto",
        "Detect, the first rule that holds: json if it starts with `{`; grid if it has box-drawing \
         lines, `· █ ● ○ •` or colour codes; moves if only N S E W; squares if it has a comma; \
         grid if laid out like the board (a line a row, an entry a column: numbers, X, .; more \
         than one row, or an X or .); names if it has letters; squares if lines of two numbers; \
         numbers otherwise; before them all, pzprv3 if it starts with a line pzprv3 (or v:)",
    Squares => "squares", "Pairs x,y (or x y), 0-based",
    Names => "names", "Chess names: A1B3C1 (spaces allowed)",
    Numbers => "numbers", "1-based row-major square numbers",
    Moves => "moves",
        "Letters N, S, E, W from --start, or from the one start the board allows: the moves' \
         top-left square on the board's first free square (row-major)",
    Grid => "grid",
        "The board: a drawing in lines (rook, king; ● start, ○ end of an open tour; a closed one \
         walked from --start or its first square), or visit numbers; colour codes are ignored",
    Json => "json", "A JSON document (docs/json.md) whose answer is `found`: its tour",
    Pzprv3 => "pzprv3",
        "A pzprv3 file of pzprjs: the loop its answer's lines draw, on the file's board, which \
         must be the board given (docs/board-formats.md)",
});

/// Why a tour could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Text that is not in the syntax being read.
    Malformed {
        /// 1-based line.
        line: usize,
        /// What was expected.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// A well-formed square that is not on the board.
    OffBoard {
        /// 1-based line.
        line: usize,
        /// The square as written.
        square: String,
    },
    /// A character that has no place where it is.
    Unexpected {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What was expected.
        expected: &'static str,
        /// The character found.
        found: char,
    },
    /// A grid that is not laid out like the board.
    Layout {
        /// 1-based line, when one line is at fault.
        line: Option<usize>,
        /// What the board calls for.
        expected: String,
        /// What was found.
        found: String,
    },
    /// A well-formed grid whose marks or lines do not make one tour of the board.
    BadDrawing {
        /// 1-based line and column of the mark at fault, if one is.
        at: Option<(usize, usize)>,
        /// What is wrong.
        problem: String,
    },
    /// Text that is not a JSON document of the schema.
    JsonSyntax(String),
    /// A JSON document that holds no tour of the board.
    JsonNotATour(String),
    /// Text that is not a pzprv3 file of a Simple Loop puzzle.
    Pzprv3(BoardError),
    /// A move that leaves the board.
    MoveOffBoard {
        /// 1-based line.
        line: usize,
        /// 1-based number of the move.
        index: usize,
        /// The square it leaves from, `x,y`.
        from: String,
    },
    /// Moves without a start that do not fit the one placement a tour can have.
    MovesDoNotFit {
        /// The board's first free square in row-major order, `x,y`.
        first_free: String,
        /// Why the moves do not fit there.
        why: String,
    },
    /// Moves without a start on a board without a free square.
    NoFreeSquare,
    /// The moves of a closed tour do not end back on its start.
    NotBackToStart {
        /// Where they end, `x,y`.
        last: String,
    },
}

impl ReadError {
    /// Whether the text is not a tour at all (as opposed to a readable tour that is wrong,
    /// for this board or for any: a square off the board and a grid laid out for another
    /// board are wrong tours, not bad text).
    pub fn is_syntax_error(&self) -> bool {
        matches!(
            self,
            ReadError::Malformed { .. }
                | ReadError::Unexpected { .. }
                | ReadError::JsonSyntax(_)
                | ReadError::Pzprv3(_)
        )
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Malformed {
                line,
                expected,
                found,
            } => write!(f, "line {line}: expected {expected}, found {found:?}"),
            ReadError::OffBoard { line, square } => {
                write!(f, "line {line}: square {square} is off the board")
            }
            ReadError::Unexpected {
                line,
                column,
                expected,
                found,
            } => write!(
                f,
                "line {line}, column {column}: expected {expected}, found {found:?}"
            ),
            ReadError::Layout {
                line,
                expected,
                found,
            } => {
                if let Some(line) = line {
                    write!(f, "line {line}: ")?;
                }
                write!(f, "expected {expected}, found {found}")
            }
            ReadError::BadDrawing { at, problem } => {
                if let Some((line, column)) = at {
                    write!(f, "line {line}, column {column}: ")?;
                }
                f.write_str(problem)
            }
            ReadError::JsonSyntax(problem) | ReadError::JsonNotATour(problem) => {
                f.write_str(problem)
            }
            ReadError::Pzprv3(error) => write!(f, "{error}"),
            ReadError::MoveOffBoard { line, index, from } => {
                write!(f, "line {line}: move {index} leaves the board from {from}")
            }
            ReadError::MovesDoNotFit { first_free, why } => write!(
                f,
                "the moves fit nowhere on the board: the square they visit first in row-major \
                 order must be the board's first free square {first_free}, and placed so, {why}"
            ),
            ReadError::NoFreeSquare => write!(f, "the board has no free square to place moves on"),
            ReadError::NotBackToStart { last } => write!(
                f,
                "the moves of a closed tour must end back on the start, they end on {last}"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// The syntax of a tour text of `board`, by these rules in turn:
///
/// 0. pzprv3 if its first non-blank line starts `pzprv3` (or is the `v:` line before it);
/// 1. JSON if its first character other than whitespace is `{`;
/// 2. grid if it has a box-drawing line, one of `· █ ● ○ •`, or an ANSI colour code;
/// 3. moves if it holds only the letters N, S, E, W;
/// 4. squares if it has a comma;
/// 5. grid (visit numbers) if it is laid out like the board: one line a row, each of one entry
///    a column, each entry a number, `X` or `.`, with more than one row or an `X` or `.`;
/// 6. names if it has other letters;
/// 7. squares if it has several lines of exactly two numbers each;
/// 8. numbers otherwise.
///
/// Each format `solve` writes is detected as itself (a grid of one row without blocked squares
/// is read as numbers, which give the same tour for every tour such a board has).
pub fn detect(board: &Board, text: &str) -> TourSyntax {
    if pzprv3::holds_pzprv3(text) {
        return TourSyntax::Pzprv3;
    }
    if text.trim_start().starts_with('{') {
        return TourSyntax::Json;
    }
    if grid::has_grid_characters(text) {
        return TourSyntax::Grid;
    }
    let mut letters = text.chars().filter(|c| !c.is_whitespace()).peekable();
    if letters.peek().is_some() && letters.all(|c| matches!(c, 'N' | 'S' | 'E' | 'W')) {
        return TourSyntax::Moves;
    }
    if text.contains(',') {
        return TourSyntax::Squares;
    }
    if visits::looks_like_visits(board, text) {
        return TourSyntax::Grid;
    }
    if text.chars().any(|c| c.is_ascii_alphabetic()) {
        return TourSyntax::Names;
    }
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let pairs = lines.clone().count() > 1 && lines.all(|line| line.split_whitespace().count() == 2);
    if pairs {
        TourSyntax::Squares
    } else {
        TourSyntax::Numbers
    }
}

/// Reads a tour of `problem` written in `syntax`.
///
/// Moves start on `problem.start`, or without one where the board puts them (see
/// [`TourSyntax::Moves`]); a grid drawing of a closed tour is walked from `problem.start` if it
/// is on it.
///
/// ```
/// use toursat::format::read::{read_tour, TourSyntax};
/// use toursat::{Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
/// let tour = read_tour(&problem, "ESWN\n", TourSyntax::Auto).unwrap();
/// assert_eq!(tour.squares(), [0, 1, 3, 2]);
/// let drawn = read_tour(&problem, "┌─┐\n└─┘\n", TourSyntax::Auto).unwrap();
/// assert_eq!(drawn.squares(), [0, 1, 3, 2]);
/// ```
pub fn read_tour(problem: &Problem, text: &str, syntax: TourSyntax) -> Result<Tour, ReadError> {
    let board = &problem.board;
    match syntax {
        TourSyntax::Auto => read_tour(problem, text, detect(board, text)),
        TourSyntax::Squares => read_squares(board, text),
        TourSyntax::Names => read_names(board, text),
        TourSyntax::Numbers => read_numbers(board, text),
        TourSyntax::Moves => moves::read_moves(problem, text),
        TourSyntax::Grid => grid::read_grid(problem, text),
        TourSyntax::Json => json::read_json(board, text),
        TourSyntax::Pzprv3 => pzprv3::read_pzprv3(problem, text),
    }
}

/// `count` lines, in words.
fn lines_in_words(count: usize) -> String {
    match count {
        1 => "1 line".to_string(),
        _ => format!("{count} lines"),
    }
}

/// The lines of `text` numbered from 1.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
}

/// The square at `(x, y)`, or an off-board error naming it as written.
fn on_board(
    board: &Board,
    x: i64,
    y: i64,
    line: usize,
    written: &str,
) -> Result<Square, ReadError> {
    board
        .checked_square(x, y)
        .ok_or_else(|| ReadError::OffBoard {
            line,
            square: written.to_string(),
        })
}

/// Reads pairs of numbers `x,y` or `x y`.
fn read_squares(board: &Board, text: &str) -> Result<Tour, ReadError> {
    let mut squares = Vec::new();
    for (line, content) in numbered_lines(text) {
        let numbers = content
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|token| !token.is_empty())
            .map(|token| {
                token.parse::<i64>().map_err(|_| ReadError::Malformed {
                    line,
                    expected: "a number (squares are x,y)",
                    found: token.to_string(),
                })
            })
            .collect::<Result<Vec<i64>, ReadError>>()?;
        if numbers.len() % 2 != 0 {
            return Err(ReadError::Malformed {
                line,
                expected: "pairs x,y",
                found: content.trim().to_string(),
            });
        }
        for pair in numbers.chunks(2) {
            let written = format!("{},{}", pair[0], pair[1]);
            squares.push(on_board(board, pair[0], pair[1], line, &written)?);
        }
    }
    Ok(Tour::new(squares))
}

/// Reads chess names, each letters then digits.
fn read_names(board: &Board, text: &str) -> Result<Tour, ReadError> {
    let mut squares = Vec::new();
    for (line, content) in numbered_lines(text) {
        let mut rest = content.trim_start();
        while !rest.is_empty() {
            let letters = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            let digits = rest[letters..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |end| letters + end);
            let name = &rest[..digits];
            let (x, y) = parse_coords(name)
                .ok()
                .filter(|_| letters > 0 && digits > letters)
                .ok_or_else(|| ReadError::Malformed {
                    line,
                    expected: "a square name such as B3",
                    found: rest.split_whitespace().next().unwrap_or(rest).to_string(),
                })?;
            squares.push(on_board(board, x, y, line, name)?);
            rest = rest[digits..].trim_start();
        }
    }
    Ok(Tour::new(squares))
}

/// Reads 1-based row-major square numbers.
fn read_numbers(board: &Board, text: &str) -> Result<Tour, ReadError> {
    let mut squares = Vec::new();
    for (line, content) in numbered_lines(text) {
        for token in content.split_whitespace() {
            let number = token.parse::<i64>().map_err(|_| ReadError::Malformed {
                line,
                expected: "a square number",
                found: token.to_string(),
            })?;
            if number < 1 || number > board.len() as i64 {
                return Err(ReadError::OffBoard {
                    line,
                    square: format!("#{number}"),
                });
            }
            squares.push((number - 1) as Square);
        }
    }
    Ok(Tour::new(squares))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Piece, TourShape};

    fn problem(shape: TourShape) -> Problem {
        Problem::new(Board::new(3, 3).unwrap(), Piece::Knight, shape)
    }

    #[test]
    fn detects_each_syntax() {
        let board = Board::new(3, 3).unwrap();
        let detect = |text| detect(&board, text);
        assert_eq!(detect("NESW\nNN\n"), TourSyntax::Moves);
        assert_eq!(detect("0,0\n1,2\n"), TourSyntax::Squares);
        assert_eq!(detect("0 0\n1 2\n"), TourSyntax::Squares);
        assert_eq!(detect("A1B3\n"), TourSyntax::Names);
        assert_eq!(detect("1 8 3\n"), TourSyntax::Numbers);
        assert_eq!(detect("1\n8\n3\n"), TourSyntax::Numbers);
        assert_eq!(detect("1 8 3\n6 X 4\n7 2 9\n"), TourSyntax::Grid);
        assert_eq!(detect("┌─┐\n"), TourSyntax::Grid);
        assert_eq!(detect("\x1b[1;32m1\x1b[0m 2\n"), TourSyntax::Grid);
        assert_eq!(detect(" {\"answer\":\"found\"}"), TourSyntax::Json);
    }

    #[test]
    fn reads_the_same_tour_in_every_syntax() {
        let expected = [0, 7, 2];
        for text in ["0,0 1,2\n2,0\n", "0 0\n1 2\n2 0\n", "A1 B3C1", "1 8\n3"] {
            let tour = read_tour(&problem(TourShape::Open), text, TourSyntax::Auto).unwrap();
            assert_eq!(tour.squares(), expected, "{text}");
        }
    }

    #[test]
    fn reports_line_of_off_board_square() {
        let error = read_tour(&problem(TourShape::Open), "0,0\n3,0\n", TourSyntax::Auto);
        assert_eq!(
            error,
            Err(ReadError::OffBoard {
                line: 2,
                square: "3,0".into()
            })
        );
    }

    #[test]
    fn moves_must_close_and_stay_on_the_board() {
        let closed = problem(TourShape::Closed);
        assert_eq!(
            read_tour(&closed.clone().with_start(0), "ES", TourSyntax::Moves),
            Err(ReadError::NotBackToStart { last: "1,1".into() })
        );
        assert_eq!(
            read_tour(&closed.with_start(0), "N", TourSyntax::Moves),
            Err(ReadError::MoveOffBoard {
                line: 1,
                index: 1,
                from: "0,0".into()
            })
        );
    }

    #[test]
    fn rejects_malformed_names() {
        let error = read_tour(&problem(TourShape::Open), "A1 3B", TourSyntax::Names).unwrap_err();
        assert!(error.is_syntax_error(), "{error}");
    }
}
