//! Square names: `x,y` coordinates and chess-style names such as `B3`.

use crate::core::board::{Board, Square};
use std::fmt;

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// Neither `x,y` nor letters followed by a number.
    Malformed(String),
    /// A well-formed name of a square outside the board.
    OffBoard(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Malformed(text) => write!(
                f,
                "{text:?} is not a square: write x,y (0-based column, row) or a name like B3"
            ),
            SquareError::OffBoard(text) => write!(f, "square {text} is off the board"),
        }
    }
}

impl std::error::Error for SquareError {}

/// The name of a square's colour (its `x + y` parity): `even` or `odd`.
pub fn colour_name(colour: u8) -> &'static str {
    match colour {
        0 => "even",
        _ => "odd",
    }
}

/// The letters of column `x`: A..Z, then AA, AB, ... (bijective base 26).
pub fn column_letters(x: u32) -> String {
    let mut letters = Vec::new();
    let mut rest = x as u64 + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(b'A' + (rest % 26) as u8);
        rest /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The chess-style name of a square: column letters, then the row counted from 1 at the top.
pub fn name(board: &Board, square: Square) -> String {
    let (x, y) = board.coords(square);
    format!("{}{}", column_letters(x), y + 1)
}

/// The `x,y` coordinates of a square.
pub fn coordinates(board: &Board, square: Square) -> String {
    let (x, y) = board.coords(square);
    format!("{x},{y}")
}

/// How a message names squares: as the input it speaks of named them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Naming {
    /// `x,y` coordinates ([`coordinates`]): tours of square lists, numbers, moves and drawings.
    #[default]
    Coordinates,
    /// Chess-style names ([`name`]): tours written as names, and puzzles.
    Chess,
}

impl Naming {
    /// The name of `square` of `board`.
    ///
    /// ```
    /// use toursat::core::square::Naming;
    /// use toursat::Board;
    /// let board = Board::new(8, 8).unwrap();
    /// assert_eq!(Naming::Coordinates.of(&board, board.square(1, 2)), "1,2");
    /// assert_eq!(Naming::Chess.of(&board, board.square(1, 2)), "B3");
    /// ```
    pub fn of(self, board: &Board, square: Square) -> String {
        match self {
            Naming::Coordinates => coordinates(board, square),
            Naming::Chess => name(board, square),
        }
    }
}

/// Reads `x,y` (0-based) or a chess-style name (`A1` is column 0, row 0) as a square on `board`.
///
/// ```
/// use toursat::core::square;
/// use toursat::Board;
/// let board = Board::new(8, 8).unwrap();
/// assert_eq!(square::parse(&board, "B3"), Ok(board.square(1, 2)));
/// assert_eq!(square::parse(&board, "1,2"), Ok(board.square(1, 2)));
/// ```
pub fn parse(board: &Board, text: &str) -> Result<Square, SquareError> {
    let (x, y) = parse_coords(text.trim())?;
    board
        .checked_square(x, y)
        .ok_or_else(|| SquareError::OffBoard(text.trim().to_string()))
}

/// Reads `x,y` or a chess-style name into 0-based `(x, y)`, without a board.
pub fn parse_coords(text: &str) -> Result<(i64, i64), SquareError> {
    let malformed = || SquareError::Malformed(text.to_string());
    if let Some((x, y)) = text.split_once(',') {
        let x = x.trim().parse::<i64>().map_err(|_| malformed())?;
        let y = y.trim().parse::<i64>().map_err(|_| malformed())?;
        return Ok((x, y));
    }
    let split = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .ok_or_else(malformed)?;
    let (letters, number) = text.split_at(split);
    if letters.is_empty() || letters.len() > 6 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let mut column: i64 = 0;
    for letter in letters.bytes() {
        column = column * 26 + (letter.to_ascii_uppercase() - b'A') as i64 + 1;
    }
    let row = number.parse::<i64>().map_err(|_| malformed())?;
    if row == 0 {
        return Err(malformed());
    }
    Ok((column - 1, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_columns_past_z() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(27), "AB");
        assert_eq!(column_letters(26 + 26 * 26), "AAA");
    }

    #[test]
    fn names_round_trip() {
        let board = Board::new(40, 800).unwrap();
        for square in [0, 1, 27, 799, 800, 31_999] {
            assert_eq!(parse(&board, &name(&board, square)), Ok(square));
            assert_eq!(parse(&board, &coordinates(&board, square)), Ok(square));
        }
    }

    #[test]
    fn rejects_off_board_and_malformed_names() {
        let board = Board::new(3, 3).unwrap();
        assert!(matches!(parse(&board, "D1"), Err(SquareError::OffBoard(_))));
        assert!(matches!(
            parse(&board, "3,0"),
            Err(SquareError::OffBoard(_))
        ));
        assert!(matches!(
            parse(&board, "A0"),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(
            parse(&board, "1-2"),
            Err(SquareError::Malformed(_))
        ));
        assert!(matches!(parse(&board, "A"), Err(SquareError::Malformed(_))));
    }
}
