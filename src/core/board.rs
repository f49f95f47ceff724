//! Rectangular boards with blocked squares.

pub mod puzzlink;
pub mod pzprv3;

use crate::core::names::named;
use crate::core::text_input::BYTE_ORDER_MARK;
use std::fmt;

/// A square of a board: its index `y * cols + x` in row-major order.
pub type Square = u32;

/// The largest number of squares a board may have (10,000 x 10,000 and a little more).
pub const MAX_SQUARES: u64 = 1 << 27;

/// The squares a board file marks as a tour's fixed ends: `S` the start, `E` the end (both
/// free squares).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MarkedEnds {
    /// The square marked `S`.
    pub start: Option<Square>,
    /// The square marked `E`.
    pub end: Option<Square>,
}

/// A rectangle of `rows` x `cols` squares, some of them blocked.
///
/// Coordinates are `(x, y)` = (column, row), 0-based, with `y` growing downwards. Blocked squares
/// are kept in a bitset, one bit a square.
///
/// ```
/// use toursat::Board;
/// let board: Board = "..X\n...\n".parse().unwrap();
/// assert_eq!((board.rows(), board.cols()), (2, 3));
/// assert!(!board.is_free(board.square(2, 0)));
/// assert_eq!(board.free_count(), 5);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
    blocked: Vec<u64>,
    blocked_count: u64,
}

/// Why a board could not be made or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// A side is zero.
    Empty,
    /// More squares than the limit allows.
    TooLarge {
        /// Rows asked for.
        rows: u64,
        /// Columns asked for.
        cols: u64,
        /// The limit on squares.
        limit: u64,
    },
    /// A board file has a character other than `.`, `X`, `#`, `S` or `E`.
    BadCharacter {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character found.
        found: char,
    },
    /// A board file has rows of different lengths.
    RaggedRow {
        /// 1-based line.
        line: usize,
        /// Length of this row.
        length: usize,
        /// Length of the first row.
        expected: usize,
    },
    /// A blank line inside a board file (before its last row).
    BlankLine {
        /// 1-based line.
        line: usize,
    },
    /// A board file marks a second start (`S`) or end (`E`).
    SecondMark {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The mark, `S` or `E`.
        mark: char,
    },
    /// A puzz.link URL not of the form `…?simpleloop/COLS/ROWS/BODY`.
    UrlForm {
        /// 1-based position in the URL (in characters).
        position: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// A puzz.link URL of another puzzle than Simple Loop.
    UrlPuzzle {
        /// 1-based position of the puzzle's name in the URL (in characters).
        position: usize,
        /// The name found.
        found: String,
    },
    /// A character of a puzz.link URL's body that is not a base-32 digit (`0-9`, `a-v`, `A-V`).
    UrlCharacter {
        /// 1-based position in the URL (in characters).
        position: usize,
        /// The character found.
        found: char,
    },
    /// A puzz.link URL's body that ends before the grid's last cell.
    UrlShortBody {
        /// 1-based position in the URL (in characters) where the body ends.
        position: usize,
        /// Characters of the body.
        length: usize,
        /// Characters the grid needs, one for each five cells.
        needed: usize,
        /// Columns of the grid.
        cols: u32,
        /// Rows of the grid.
        rows: u32,
    },
    /// A pzprv3 file packed into a URL (`…?pzprv3/simpleloop/…`) that does not read.
    UrlPzprv3 {
        /// 1-based position in the URL (in characters) where the file starts.
        position: usize,
        /// What is wrong with the file, its lines counted by the `/` that end them.
        error: Box<BoardError>,
    },
    /// A pzprv3 file that is not a Simple Loop puzzle as pzprjs writes it.
    Pzprv3 {
        /// 1-based line.
        line: usize,
        /// What was expected there.
        expected: String,
        /// What was found, quoted, or `the end of the file`.
        found: String,
    },
    /// A square outside the board.
    OffBoard {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "a board needs at least one row and one column"),
            BoardError::TooLarge { rows, cols, limit } => write!(
                f,
                "a {rows} x {cols} board has more than the {limit} squares allowed"
            ),
            BoardError::BadCharacter {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: expected '.', 'X', '#', 'S' or 'E', found {found:?}"
            ),
            BoardError::RaggedRow {
                line,
                length,
                expected,
            } => write!(
                f,
                "line {line}: row has {length} squares, the first row has {expected}"
            ),
            BoardError::BlankLine { line } => {
                write!(f, "line {line}: blank line inside the board")
            }
            BoardError::SecondMark { line, column, mark } => write!(
                f,
                "line {line}, column {column}: a second {mark:?} (a board marks at most one \
                 start 'S' and one end 'E')"
            ),
            BoardError::UrlForm { position, expected } => {
                write!(f, "character {position} of the URL: expected {expected}")
            }
            BoardError::UrlPuzzle { position, found } => write!(
                f,
                "character {position} of the URL: expected the puzzle name simpleloop (toursat \
                 reads Simple Loop puzzles), found {found:?}"
            ),
            BoardError::UrlCharacter { position, found } => write!(
                f,
                "character {position} of the URL: expected a base-32 digit (0-9, a-v, or A-V \
                 as pzprjs reads them), found {found:?}"
            ),
            BoardError::UrlShortBody {
                position,
                length,
                needed,
                cols,
                rows,
            } => write!(
                f,
                "character {position} of the URL: the body ends after {length} characters, the \
                 {cols} x {rows} grid needs {needed} (one for each five cells)"
            ),
            BoardError::UrlPzprv3 { position, error } => write!(
                f,
                "character {position} of the URL: the pzprv3 file packed there (a '/' ending each \
                 line): {error}"
            ),
            BoardError::Pzprv3 {
                line,
                expected,
                found,
            } => write!(f, "line {line}: expected {expected}, found {found}"),
            BoardError::OffBoard { x, y } => write!(f, "square {x},{y} is off the board"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// An empty board (no blocked square) of `rows` x `cols`, within [`MAX_SQUARES`].
    pub fn new(rows: u64, cols: u64) -> Result<Board, BoardError> {
        Board::with_limit(rows, cols, MAX_SQUARES)
    }

    /// An empty board of `rows` x `cols` with at most `limit` squares.
    pub fn with_limit(rows: u64, cols: u64, limit: u64) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty);
        }
        let limit = limit.min(u32::MAX as u64);
        if rows.saturating_mul(cols) > limit {
            return Err(BoardError::TooLarge { rows, cols, limit });
        }
        let squares = rows * cols;
        Ok(Board {
            rows: rows as u32,
            cols: cols as u32,
            blocked: vec![0; squares.div_ceil(64) as usize],
            blocked_count: 0,
        })
    }

    /// Rows (the height).
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns (the width).
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Number of squares, free and blocked.
    pub fn len(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Whether the board has no square (never true: boards have at least one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of free squares.
    pub fn free_count(&self) -> usize {
        self.len() - self.blocked_count as usize
    }

    /// The square at column `x`, row `y` (which must be on the board).
    pub fn square(&self, x: u32, y: u32) -> Square {
        debug_assert!(x < self.cols && y < self.rows);
        y * self.cols + x
    }

    /// The square at `(x, y)` if it is on the board.
    pub fn checked_square(&self, x: i64, y: i64) -> Option<Square> {
        if x >= 0 && y >= 0 && x < self.cols as i64 && y < self.rows as i64 {
            Some(self.square(x as u32, y as u32))
        } else {
            None
        }
    }

    /// Column and row of a square.
    pub fn coords(&self, square: Square) -> (u32, u32) {
        (square % self.cols, square / self.cols)
    }

    /// Whether a square index lies on the board.
    pub fn contains(&self, square: Square) -> bool {
        (square as usize) < self.len()
    }

    /// Whether a square is on the board and not blocked.
    pub fn is_free(&self, square: Square) -> bool {
        self.contains(square) && self.blocked[square as usize / 64] >> (square % 64) & 1 == 0
    }

    /// Blocks a square (no effect if already blocked).
    pub fn block(&mut self, square: Square) {
        if self.is_free(square) {
            self.blocked[square as usize / 64] |= 1 << (square % 64);
            self.blocked_count += 1;
        }
    }

    /// Blocks the square at `(x, y)`, which must be on the board.
    pub fn block_at(&mut self, x: i64, y: i64) -> Result<(), BoardError> {
        let square = self
            .checked_square(x, y)
            .ok_or(BoardError::OffBoard { x, y })?;
        self.block(square);
        Ok(())
    }

    /// The free squares in index (row-major) order.
    pub fn free_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.len() as Square).filter(|&square| self.is_free(square))
    }

    /// The chessboard colour of a square: 0 when `x + y` is even, 1 otherwise.
    pub fn colour(&self, square: Square) -> u8 {
        let (x, y) = self.coords(square);
        ((x + y) % 2) as u8
    }

    /// Reads a board file: one line a row, `.` free, `X` or `#` blocked, `S` and `E` free and
    /// marked as a tour's start and end (see [`Board::parse_marked`]; here they are read as
    /// free squares), leading and trailing blank lines and a leading byte-order mark ignored, at
    /// most `limit` squares. A puzz.link URL of a Simple Loop puzzle ([`puzzlink`]) or a pzprv3
    /// file is read too, its shaded cells blocked.
    pub fn parse_with_limit(text: &str, limit: u64) -> Result<Board, BoardError> {
        Board::parse_marked(text, limit).map(|(board, _)| board)
    }

    /// Reads a board file as [`Board::parse_with_limit`] does, with the squares it marks as a
    /// tour's start (`S`) and end (`E`), at most one of each. The syntax is told by the first
    /// non-blank line: `pzprv3` starts a pzprv3 file, a `/` or a `?` makes it a puzz.link URL
    /// (no line of a board file has either); neither marks ends.
    ///
    /// ```
    /// use toursat::core::board::{Board, MAX_SQUARES};
    /// let (board, ends) = Board::parse_marked("S.X\n..E\n", MAX_SQUARES).unwrap();
    /// assert_eq!((ends.start, ends.end), (Some(0), Some(board.square(2, 1))));
    /// let (board, _) = Board::parse_marked("https://puzz.link/p?simpleloop/3/2/o0", MAX_SQUARES)
    ///     .unwrap();
    /// assert_eq!(board.to_string(), "XX.\n...\n");
    /// ```
    pub fn parse_marked(text: &str, limit: u64) -> Result<(Board, MarkedEnds), BoardError> {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        let unmarked = |board| (board, MarkedEnds::default());
        if pzprv3::holds_pzprv3(text) {
            pzprv3::read(text, limit).map(unmarked)
        } else if puzzlink::holds_url(text) {
            puzzlink::read(text, limit).map(unmarked)
        } else {
            Board::parse_grid(text, limit)
        }
    }

    /// Reads a board file's grid: one line a row, with its marked ends.
    fn parse_grid(text: &str, limit: u64) -> Result<(Board, MarkedEnds), BoardError> {
        let lines: Vec<&str> = text
            .lines()
            .map(|line| line.strip_suffix('\r').unwrap_or(line))
            .collect();
        let blank = |line: &&str| line.trim().is_empty();
        let first_row = lines.iter().position(|line| !blank(line));
        let last_row = lines.iter().rposition(|line| !blank(line));
        let (Some(first_row), Some(last_row)) = (first_row, last_row) else {
            return Err(BoardError::Empty);
        };
        let rows = &lines[first_row..=last_row];
        let width = rows[0].chars().count();
        let mut board = Board::with_limit(rows.len() as u64, width as u64, limit)?;
        let mut ends = MarkedEnds::default();
        for (y, line) in rows.iter().enumerate() {
            let line_number = first_row + y + 1;
            let length = line.chars().count();
            if line.trim().is_empty() {
                return Err(BoardError::BlankLine { line: line_number });
            }
            for (x, found) in line.chars().enumerate() {
                match found {
                    '.' => {}
                    'X' | '#' if x < width => board.block(board.square(x as u32, y as u32)),
                    'X' | '#' => {}
                    'S' | 'E' if x < width => {
                        let marked = if found == 'S' {
                            &mut ends.start
                        } else {
                            &mut ends.end
                        };
                        if marked.is_some() {
                            return Err(BoardError::SecondMark {
                                line: line_number,
                                column: x + 1,
                                mark: found,
                            });
                        }
                        *marked = Some(board.square(x as u32, y as u32));
                    }
                    'S' | 'E' => {}
                    _ => {
                        return Err(BoardError::BadCharacter {
                            line: line_number,
                            column: x + 1,
                            found,
                        })
                    }
                }
            }
            if length != width {
                return Err(BoardError::RaggedRow {
                    line: line_number,
                    length,
                    expected: width,
                });
            }
        }
        Ok((board, ends))
    }

    /// The board in the board-file format with `ends` marked (`S`, `E`).
    pub fn marked_text(&self, ends: MarkedEnds) -> String {
        let mut text = String::with_capacity(self.len() + self.rows as usize);
        for y in 0..self.rows {
            for x in 0..self.cols {
                let square = self.square(x, y);
                text.push(if Some(square) == ends.start {
                    'S'
                } else if Some(square) == ends.end {
                    'E'
                } else if self.is_free(square) {
                    '.'
                } else {
                    'X'
                });
            }
            text.push('\n');
        }
        text
    }
}

/// How a board is written: as a board file, a puzz.link URL or a pzprv3 file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardFormat {
    /// The board file: one line a row, with the ends marked.
    File,
    /// A puzz.link URL of the Simple Loop puzzle whose shaded cells are the blocked squares;
    /// it holds no ends.
    Puzzlink,
    /// A pzprv3 file of the Simple Loop puzzle whose shaded cells are the blocked squares; it
    /// holds no ends, and [`BoardFormat::write`] draws no line in it (`gen` draws a loop).
    Pzprv3,
}

impl BoardFormat {
    /// `board` written in this format, with `ends` marked where the format holds them.
    pub fn write(&self, board: &Board, ends: MarkedEnds) -> String {
        match self {
            BoardFormat::File => board.marked_text(ends),
            BoardFormat::Puzzlink => puzzlink::url(board) + "\n",
            BoardFormat::Pzprv3 => pzprv3::write(board, &pzprv3::DrawnLines::new(board)),
        }
    }

    /// Whether the format holds a tour's marked start and end.
    pub fn holds_ends(&self) -> bool {
        *self == BoardFormat::File
    }
}

named!(BoardFormat, "board format", {
    File => "board", "The board file: one line a row, `.` free, `X` blocked, `S` and `E` the ends",
    Puzzlink => "puzzlink",
        "A puzz.link URL (https://puzz.link/p?simpleloop/COLS/ROWS/BODY), blocked squares shaded",
    Pzprv3 => "pzprv3",
        "A pzprv3 file of pzprjs, blocked squares shaded, with a rook circuit of the board (if \
         it has one) drawn as the answer",
});

impl std::str::FromStr for Board {
    type Err = BoardError;

    /// Reads a board file within [`MAX_SQUARES`]; see [`Board::parse_with_limit`].
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse_with_limit(text, MAX_SQUARES)
    }
}

impl fmt::Display for Board {
    /// Writes the board in the board-file format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.marked_text(MarkedEnds::default()))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}\n{}", self.rows, self.cols, self)
    }
}

/// Every board of `rows` x `cols` with some pattern of blocked squares (those that parse: the
/// ones with a free square), for the tests that run an argument on every small board.
#[cfg(test)]
pub(crate) fn every_blocked_pattern(rows: usize, cols: usize) -> impl Iterator<Item = Board> {
    (0u32..1 << (rows * cols)).filter_map(move |pattern| {
        let text: String = (0..rows)
            .map(|row| {
                let line: String = (0..cols)
                    .map(|col| match pattern >> (row * cols + col) & 1 {
                        1 => 'X',
                        _ => '.',
                    })
                    .collect();
                line + "\n"
            })
            .collect();
        text.parse::<Board>().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_blank_lines_and_a_byte_order_mark_are_skipped() {
        let (board, ends) = Board::parse_marked("\u{FEFF}\n \n.S\nX.\n\n", MAX_SQUARES).unwrap();
        assert_eq!((board.rows(), board.cols(), board.free_count()), (2, 2, 3));
        assert_eq!(ends.start, Some(board.square(1, 0)));
    }

    #[test]
    fn errors_name_the_file_line_after_leading_blank_lines() {
        let error = Board::parse_marked("\n\n..\n\n..\n", MAX_SQUARES).unwrap_err();
        assert_eq!(error, BoardError::BlankLine { line: 4 });
        let error = Board::parse_marked("\n..\n.\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(error, BoardError::RaggedRow { line: 3, .. }),
            "{error:?}"
        );
    }

    #[test]
    fn parses_blocked_squares() {
        let board: Board = ".X\n#.\n\n\n".parse().unwrap();
        assert_eq!(board.free_count(), 2);
        assert!(!board.is_free(1));
        assert!(!board.is_free(2));
        assert_eq!(board.to_string(), ".X\nX.\n");
    }

    #[test]
    fn reads_and_writes_the_marked_start_and_end() {
        let (board, ends) = Board::parse_marked(".E.\nXS.\n", MAX_SQUARES).unwrap();
        assert_eq!(ends.start, Some(board.square(1, 1)));
        assert_eq!(ends.end, Some(board.square(1, 0)));
        assert_eq!(board.free_count(), 5);
        assert_eq!(board.to_string(), "...\nX..\n");
        assert_eq!(board.marked_text(ends), ".E.\nXS.\n");
        let board: Board = "S.\n.E\n".parse().unwrap();
        assert_eq!(board.free_count(), 4);
    }

    #[test]
    fn rejects_a_second_mark_with_line_and_column() {
        let error = Board::parse_marked("S.\n.S\n", MAX_SQUARES).unwrap_err();
        assert_eq!(
            error,
            BoardError::SecondMark {
                line: 2,
                column: 2,
                mark: 'S'
            }
        );
        assert!(error
            .to_string()
            .starts_with("line 2, column 2: a second 'S'"));
    }

    #[test]
    fn rejects_ragged_rows_with_line() {
        let error = "..\n...\n".parse::<Board>().unwrap_err();
        assert_eq!(
            error,
            BoardError::RaggedRow {
                line: 2,
                length: 3,
                expected: 2
            }
        );
    }

    #[test]
    fn rejects_bad_character_with_line_and_column() {
        let error = "..\n.o\n".parse::<Board>().unwrap_err();
        assert_eq!(
            error,
            BoardError::BadCharacter {
                line: 2,
                column: 2,
                found: 'o'
            }
        );
    }

    #[test]
    fn refuses_boards_over_the_limit() {
        assert!(matches!(
            Board::with_limit(100, 100, 9_999),
            Err(BoardError::TooLarge { .. })
        ));
        assert!(Board::new(10_000, 10_000).is_ok());
    }
}
