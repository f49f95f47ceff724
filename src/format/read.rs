//! Reading a tour back from text: squares, names, numbers or moves, chosen or detected.

use crate::board::{Board, Square};
use crate::problem::{Problem, TourShape};
use crate::square::{coordinates, parse_coords};
use crate::tour::Tour;
use std::fmt;
use std::str::FromStr;

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
    /// Letters N, S, E, W from the problem's start (a closed tour ends back on the start).
    Moves,
}

impl FromStr for TourSyntax {
    type Err = String;

    fn from_str(text: &str) -> Result<TourSyntax, String> {
        match text {
            "auto" => Ok(TourSyntax::Auto),
            "squares" => Ok(TourSyntax::Squares),
            "names" => Ok(TourSyntax::Names),
            "numbers" => Ok(TourSyntax::Numbers),
            "moves" => Ok(TourSyntax::Moves),
            _ => Err(format!(
                "unknown tour format {text:?}: expected auto, squares, names, numbers or moves"
            )),
        }
    }
}

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
    /// Moves can only be read from a known start.
    MovesNeedStart,
    /// A move that leaves the board.
    MoveOffBoard {
        /// 1-based line.
        line: usize,
        /// 1-based number of the move.
        index: usize,
        /// The square it leaves from, `x,y`.
        from: String,
    },
    /// The moves of a closed tour do not end back on its start.
    NotBackToStart {
        /// Where they end, `x,y`.
        last: String,
    },
}

impl ReadError {
    /// Whether the text is not a tour at all (as opposed to a readable but wrong tour).
    pub fn is_syntax_error(&self) -> bool {
        matches!(
            self,
            ReadError::Malformed { .. } | ReadError::MovesNeedStart
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
            ReadError::MovesNeedStart => {
                write!(
                    f,
                    "a tour written as moves needs its start square (--start)"
                )
            }
            ReadError::MoveOffBoard { line, index, from } => {
                write!(f, "line {line}: move {index} leaves the board from {from}")
            }
            ReadError::NotBackToStart { last } => write!(
                f,
                "the moves of a closed tour must end back on the start, they end on {last}"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

/// The syntax of a tour text: moves if it holds only the letters N, S, E, W; squares if it has a
/// comma, or if it has several lines of exactly two numbers each; names if it has other letters;
/// numbers otherwise.
pub fn detect(text: &str) -> TourSyntax {
    let mut letters = text.chars().filter(|c| !c.is_whitespace()).peekable();
    if letters.peek().is_some() && letters.all(|c| matches!(c, 'N' | 'S' | 'E' | 'W')) {
        return TourSyntax::Moves;
    }
    if text.contains(',') {
        return TourSyntax::Squares;
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

/// Reads a tour of `problem` written in `syntax` (moves start on `problem.start`).
///
/// ```
/// use toursat::format::read::{read_tour, TourSyntax};
/// use toursat::{Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed)
///     .with_start(0);
/// let tour = read_tour(&problem, "ESWN\n", TourSyntax::Auto).unwrap();
/// assert_eq!(tour.squares(), [0, 1, 3, 2]);
/// ```
pub fn read_tour(problem: &Problem, text: &str, syntax: TourSyntax) -> Result<Tour, ReadError> {
    let board = &problem.board;
    match syntax {
        TourSyntax::Auto => read_tour(problem, text, detect(text)),
        TourSyntax::Squares => read_squares(board, text),
        TourSyntax::Names => read_names(board, text),
        TourSyntax::Numbers => read_numbers(board, text),
        TourSyntax::Moves => {
            let start = problem.start.ok_or(ReadError::MovesNeedStart)?;
            read_moves(board, text, start, problem.shape)
        }
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

/// Reads moves N, S, E, W from `start`.
fn read_moves(
    board: &Board,
    text: &str,
    start: Square,
    shape: TourShape,
) -> Result<Tour, ReadError> {
    let mut squares = vec![start];
    let mut position = start;
    for (line, content) in numbered_lines(text) {
        for letter in content.chars().filter(|c| !c.is_whitespace()) {
            let (dx, dy) = match letter.to_ascii_uppercase() {
                'N' => (0, -1),
                'S' => (0, 1),
                'E' => (1, 0),
                'W' => (-1, 0),
                _ => {
                    return Err(ReadError::Malformed {
                        line,
                        expected: "a move N, S, E or W",
                        found: letter.to_string(),
                    })
                }
            };
            let (x, y) = board.coords(position);
            position = board
                .checked_square(x as i64 + dx, y as i64 + dy)
                .ok_or_else(|| ReadError::MoveOffBoard {
                    line,
                    index: squares.len(),
                    from: coordinates(board, position),
                })?;
            squares.push(position);
        }
    }
    if shape == TourShape::Closed && squares.len() > 1 {
        if position != start {
            return Err(ReadError::NotBackToStart {
                last: coordinates(board, position),
            });
        }
        squares.pop();
    }
    Ok(Tour::new(squares))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;

    fn problem(shape: TourShape) -> Problem {
        Problem::new(Board::new(3, 3).unwrap(), Piece::Knight, shape)
    }

    #[test]
    fn detects_each_syntax() {
        assert_eq!(detect("NESW\nNN\n"), TourSyntax::Moves);
        assert_eq!(detect("0,0\n1,2\n"), TourSyntax::Squares);
        assert_eq!(detect("0 0\n1 2\n"), TourSyntax::Squares);
        assert_eq!(detect("A1B3\n"), TourSyntax::Names);
        assert_eq!(detect("1 8 3\n"), TourSyntax::Numbers);
        assert_eq!(detect("1\n8\n3\n"), TourSyntax::Numbers);
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
    fn moves_need_a_start_and_must_close() {
        let closed = problem(TourShape::Closed);
        assert_eq!(
            read_tour(&closed, "ES", TourSyntax::Moves),
            Err(ReadError::MovesNeedStart)
        );
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
