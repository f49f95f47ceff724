//! Reading the grid format's visit numbers (tours of pieces that jump) back as a tour.
//!
//! One line a row and one entry a column: a square's 1-based visit number, `X` for a blocked
//! square, `.` for a free square the tour does not visit. The numbers must count 1, 2, 3, ...
//! each once; the tour visits the squares in the order of their numbers.

use super::{lines_in_words, ReadError};
use crate::core::board::{Board, Square};
use crate::core::square::coordinates;
use crate::core::tour::Tour;

/// Whether `text` is laid out as visit numbers of `board`: one line a row, each of one entry a
/// column, each entry a number, `X` or `.`; and, so that a one-line list of square numbers is
/// not mistaken for it, more than one row or an `X` or `.`.
pub(super) fn looks_like_visits(board: &Board, text: &str) -> bool {
    let rows = grid_rows(text);
    let entries = || rows.iter().flat_map(|row| row.split_whitespace());
    rows.len() == board.rows() as usize
        && rows
            .iter()
            .all(|row| row.split_whitespace().count() == board.cols() as usize)
        && entries().all(|entry| matches!(entry, "X" | ".") || entry.parse::<u64>().is_ok())
        && (rows.len() > 1 || entries().any(|entry| matches!(entry, "X" | ".")))
}

/// The lines of `text` without the blank lines that end it.
fn grid_rows(text: &str) -> Vec<&str> {
    let mut rows: Vec<&str> = text.lines().collect();
    while rows.last().is_some_and(|row| row.trim().is_empty()) {
        rows.pop();
    }
    rows
}

/// One visit number read: the number, its square and where it is written (1-based).
struct Visit {
    number: u64,
    square: Square,
    at: (usize, usize),
}

/// Reads the visit numbers of `text` (without colour codes) as a tour of `board`.
pub(super) fn read_visits(board: &Board, text: &str) -> Result<Tour, ReadError> {
    let rows = grid_rows(text);
    if rows.len() != board.rows() as usize {
        return Err(ReadError::Layout {
            line: None,
            expected: format!("{} lines, one a row of the board", board.rows()),
            found: lines_in_words(rows.len()),
        });
    }
    let mut visits = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let line = y + 1;
        let entries = entries_with_columns(row);
        if entries.len() != board.cols() as usize {
            return Err(ReadError::Layout {
                line: Some(line),
                expected: format!("{} entries, one a column of the board", board.cols()),
                found: format!("{}", entries.len()),
            });
        }
        for (x, (column, entry)) in entries.into_iter().enumerate() {
            let square = board.square(x as u32, y as u32);
            let here = coordinates(board, square);
            let at = Some((line, column));
            let problem = match entry {
                "X" if board.is_free(square) => {
                    format!("X marks a blocked square, but {here} is free on the board")
                }
                "." if !board.is_free(square) => {
                    format!("{here} is blocked on the board, but the grid shows it free")
                }
                "X" | "." => continue,
                _ => match entry.parse::<u64>() {
                    Ok(0) => "visit numbers count from 1".to_string(),
                    Ok(number) => {
                        visits.push(Visit {
                            number,
                            square,
                            at: (line, column),
                        });
                        continue;
                    }
                    Err(_) => {
                        return Err(ReadError::Malformed {
                            line,
                            expected: "a visit number, X or .",
                            found: entry.to_string(),
                        })
                    }
                },
            };
            return Err(ReadError::BadDrawing { at, problem });
        }
    }
    visits.sort_by_key(|visit| visit.number);
    for pair in visits.windows(2) {
        if pair[0].number == pair[1].number {
            let (line, column) = pair[0].at;
            return Err(ReadError::BadDrawing {
                at: Some(pair[1].at),
                problem: format!(
                    "visit number {} is written twice (also on line {line}, column {column})",
                    pair[1].number
                ),
            });
        }
    }
    if let Some((index, visit)) = visits
        .iter()
        .enumerate()
        .find(|(index, visit)| visit.number != *index as u64 + 1)
    {
        return Err(ReadError::BadDrawing {
            at: Some(visit.at),
            problem: format!(
                "no square has visit number {}, but {} is written here",
                index + 1,
                visit.number
            ),
        });
    }
    Ok(Tour::new(
        visits.into_iter().map(|visit| visit.square).collect(),
    ))
}

/// The whitespace-separated entries of `row`, each with its 1-based column.
fn entries_with_columns(row: &str) -> Vec<(usize, &str)> {
    let mut entries = Vec::new();
    let mut start = None;
    for (column, (offset, c)) in row.char_indices().chain([(row.len(), ' ')]).enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column, offset)),
            (true, Some((first, begin))) => {
                entries.push((first + 1, &row[begin..offset]));
                start = None;
            }
            _ => {}
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn reads_squares_in_the_order_of_their_numbers() {
        let tour = read_visits(&board("...\n..X\n"), " 1 4 2\n 5 3 X\n").unwrap();
        assert_eq!(tour.squares(), [0, 2, 4, 1, 3]);
    }

    #[test]
    fn refuses_a_number_written_twice() {
        let error = read_visits(&board("...\n...\n"), "1 2 3\n4 2 6\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 3: visit number 2 is written twice (also on line 1, column 3)"
        );
        assert!(!error.is_syntax_error());
    }

    #[test]
    fn refuses_a_missing_number() {
        let error = read_visits(&board("...\n...\n"), "1 2 3\n4 7 6\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 5: no square has visit number 5, but 6 is written here"
        );
    }

    #[test]
    fn detects_the_layout_of_the_board() {
        let two_rows = board("...\n...\n");
        assert!(looks_like_visits(&two_rows, " 1 2 3\n 6 5 4\n"));
        assert!(!looks_like_visits(&two_rows, "1 2 3 6 5 4\n"));
        assert!(!looks_like_visits(&board("....\n"), "1 2 3 4\n"));
        assert!(looks_like_visits(&board("...X\n"), "1 2 3 X\n"));
    }
}
