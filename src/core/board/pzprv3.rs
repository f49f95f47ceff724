//! pzprv3 files of Simple Loop puzzles, as pzprjs saves them.
//!
//! A line `pzprv3`, a line `simpleloop`, the number of rows, the number of columns, then a line
//! a row: a cell a character, `*` shaded (blocked) and `.` open, separated by spaces or not.
//! The rest of the file (the loop drawn so far, the history) is ignored.

use super::{Board, BoardError};

/// The first word of a pzprv3 file (pzprjs also writes `pzprv3.1`).
const HEADER: &str = "pzprv3";

/// Whether board text is a pzprv3 file: its first non-blank line starts `pzprv3`.
pub(super) fn holds_pzprv3(text: &str) -> bool {
    text.lines()
        .find(|line| !line.trim().is_empty())
        .is_some_and(|line| line.trim_start().starts_with(HEADER))
}

/// Reads the board of a Simple Loop pzprv3 file, at most `limit` squares; errors name the line.
pub(super) fn read(text: &str, limit: u64) -> Result<Board, BoardError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .skip_while(|(_, line)| line.is_empty());
    let mut next_line = |expected: &str| {
        lines.next().ok_or_else(|| BoardError::Pzprv3 {
            line: text.lines().count() + 1,
            expected: expected.to_string(),
            found: "the end of the file".to_string(),
        })
    };
    let (_, header) = next_line("the line pzprv3")?;
    debug_assert!(header.starts_with(HEADER));
    let (line, puzzle) = next_line("the puzzle name simpleloop")?;
    if puzzle != "simpleloop" {
        return Err(BoardError::Pzprv3 {
            line,
            expected: "the puzzle name simpleloop (toursat reads Simple Loop puzzles)".to_string(),
            found: format!("{puzzle:?}"),
        });
    }
    let mut number = |what: &str| {
        let expected = format!("the number of {what}, a whole number");
        let (line, text) = next_line(&expected)?;
        text.parse::<u64>().map_err(|_| BoardError::Pzprv3 {
            line,
            expected,
            found: format!("{text:?}"),
        })
    };
    let rows = number("rows")?;
    let cols = number("columns")?;
    let mut board = Board::with_limit(rows, cols, limit)?;
    let expected =
        format!("a row of {cols} cells, '*' (shaded) or '.' (open), separated by spaces or not");
    for y in 0..board.rows() {
        let (line, row) = next_line(&expected)?;
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != cols as usize || cells.iter().any(|&cell| cell != '*' && cell != '.') {
            return Err(BoardError::Pzprv3 {
                line,
                expected,
                found: format!("{row:?}"),
            });
        }
        for (x, _) in cells.iter().enumerate().filter(|(_, &cell)| cell == '*') {
            board.block(board.square(x as u32, y));
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::MAX_SQUARES;

    /// pzprjs's own Simple Loop test file, with its loop: the 5 x 5 board of `5/5/sg020`.
    const SAVED: &str = "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n\
                         . . . * . \n. . . . . \n0 0 0 1 \n0 1 0 0 \n1 0 1 0 \n0 1 0 0 \n";

    #[test]
    fn reads_a_saved_file_and_ignores_the_loop() {
        let board = read(SAVED, MAX_SQUARES).unwrap();
        let blocked: Vec<u32> = (0..25).filter(|&square| !board.is_free(square)).collect();
        assert_eq!(blocked, [0, 1, 2, 5, 18]);
    }

    #[test]
    fn reads_rows_written_without_spaces_and_crlf() {
        let board = read(
            "pzprv3.1\r\nsimpleloop\r\n2\r\n3\r\n*..\r\n..*\r\n",
            MAX_SQUARES,
        );
        assert_eq!(board, "X..\n..X\n".parse());
    }

    #[test]
    fn names_the_line_of_a_bad_row() {
        let error = read("pzprv3\nsimpleloop\n2\n3\n* . .\n* o .\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(error, BoardError::Pzprv3 { line: 6, .. }),
            "{error}"
        );
        assert!(error
            .to_string()
            .starts_with("line 6: expected a row of 3 cells"));
    }

    #[test]
    fn names_the_line_of_a_bad_header() {
        let other = read("pzprv3\nslither\n2\n3\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(other, BoardError::Pzprv3 { line: 2, .. }),
            "{other}"
        );
        let rows = read("pzprv3\nsimpleloop\nfive\n3\n", MAX_SQUARES).unwrap_err();
        assert!(matches!(rows, BoardError::Pzprv3 { line: 3, .. }), "{rows}");
        let short = read("pzprv3\nsimpleloop\n2\n3\n* . .\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(short, BoardError::Pzprv3 { line: 6, .. }),
            "{short}"
        );
    }

    #[test]
    fn refuses_a_size_over_the_limit_before_reading_rows() {
        let error = read("pzprv3\nsimpleloop\n1000\n1000\n", 999_999).unwrap_err();
        assert!(matches!(error, BoardError::TooLarge { .. }), "{error}");
    }
}
