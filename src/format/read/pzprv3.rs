//! Reading the loop a pzprv3 file draws (its answer's lines) back as a rook's tour.
//!
//! The file's board must be the problem's. Every line must join two free cells, no cell may
//! have more than two lines, and the lines must make one cycle (a closed tour, which has no
//! start or direction: it is walked from `--start` or from its first cell in row-major order)
//! or one path (an open tour, walked from `--start` if it is one of its ends, else from its
//! first end in row-major order). Whether the loop passes every free cell is the verifier's
//! question, not the reader's.

use super::ReadError;
use crate::core::board::pzprv3::{self, DrawnLines};
use crate::core::board::{Board, Square, MAX_SQUARES};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::coordinates;
use crate::core::tour::Tour;

/// Whether tour text is a pzprv3 file.
pub(super) fn holds_pzprv3(text: &str) -> bool {
    pzprv3::holds_pzprv3(text)
}

/// Reads the tour drawn by the answer's lines of the pzprv3 file `text`.
pub(super) fn read_pzprv3(problem: &Problem, text: &str) -> Result<Tour, ReadError> {
    let file = pzprv3::read_file(text, MAX_SQUARES).map_err(ReadError::Pzprv3)?;
    let board = &problem.board;
    if file.board != *board {
        return Err(ReadError::Layout {
            line: None,
            expected: format!("a pzprv3 file of the board given ({})", shape_of(board)),
            found: format!("a file of another board ({})", shape_of(&file.board)),
        });
    }
    let Some(drawn) = file.drawn else {
        return Err(bad("the pzprv3 file has no answer: it draws no line".into()));
    };
    if !problem.piece.is_rook() {
        return Err(bad(format!(
            "a pzprv3 file's lines join cells side by side: they draw a rook's tour, not a {}'s",
            problem.piece
        )));
    }
    check_cells(board, &drawn)?;
    let linked = |square: &Square| drawn.neighbours(*square).next().is_some();
    let ends: Vec<Square> = (0..board.len() as Square)
        .filter(|&square| drawn.neighbours(square).count() == 1)
        .collect();
    let start = match problem.shape {
        TourShape::Closed => {
            // A closed tour of two squares steps there and back along its one line.
            let there_and_back = ends.len() == 2 && drawn.count() == 1;
            if let Some(&end) = ends.first().filter(|_| !there_and_back) {
                return Err(bad(format!(
                    "the line stops at {}: a closed tour's lines go round in one loop",
                    coordinates(board, end)
                )));
            }
            problem
                .start
                .filter(linked)
                .or_else(|| (0..board.len() as Square).find(linked))
        }
        TourShape::Open => {
            if ends.len() > 2 {
                return Err(bad(format!(
                    "the lines have {} loose ends ({}, {}, {}...): an open tour's path has two",
                    ends.len(),
                    coordinates(board, ends[0]),
                    coordinates(board, ends[1]),
                    coordinates(board, ends[2])
                )));
            }
            let is_end = |square: &Square| ends.contains(square);
            let start = problem.start.filter(is_end).or(ends.first().copied());
            if start.is_none() && drawn.count() > 0 {
                return Err(bad(
                    "the lines make a loop: an open tour's path has two ends".into(),
                ));
            }
            start
        }
    };
    let Some(start) = start else {
        // No line: the tour of a board with one free square, or nothing at all.
        return match (board.free_count(), board.free_squares().next()) {
            (1, Some(only)) => Ok(Tour::new(vec![only])),
            _ => Err(bad("the pzprv3 file's answer draws no line".into())),
        };
    };
    let squares = follow(&drawn, start);
    let mut on_tour = vec![false; board.len()];
    for &square in &squares {
        on_tour[square as usize] = true;
    }
    if let Some(stray) = (0..board.len() as Square).find(|s| linked(s) && !on_tour[*s as usize]) {
        return Err(bad(format!(
            "the lines at {} are not joined to the lines through {}: a tour is one piece",
            coordinates(board, stray),
            coordinates(board, start)
        )));
    }
    Ok(Tour::new(squares))
}

/// Checks that every line joins two free cells and that no cell has more than two.
fn check_cells(board: &Board, drawn: &DrawnLines) -> Result<(), ReadError> {
    for square in 0..board.len() as Square {
        let lines = drawn.neighbours(square).count();
        if lines > 0 && !board.is_free(square) {
            return Err(bad(format!(
                "a line reaches the shaded cell {}",
                coordinates(board, square)
            )));
        }
        if lines > 2 {
            return Err(bad(format!(
                "cell {} has {lines} lines: a tour enters and leaves a cell once",
                coordinates(board, square)
            )));
        }
    }
    Ok(())
}

/// The cells met walking along the lines from `start` (each has at most two), up to the end
/// of a path or back before `start` on a loop.
fn follow(drawn: &DrawnLines, start: Square) -> Vec<Square> {
    let mut squares = vec![start];
    let mut previous = None;
    let mut current = start;
    while let Some(next) = drawn
        .neighbours(current)
        .find(|&neighbour| Some(neighbour) != previous)
    {
        if next == start {
            break;
        }
        previous = Some(current);
        current = next;
        squares.push(next);
    }
    squares
}

/// A board's size and blocked count, in words.
fn shape_of(board: &Board) -> String {
    format!(
        "{} rows, {} columns, {} shaded",
        board.rows(),
        board.cols(),
        board.len() - board.free_count()
    )
}

/// A drawing that makes no tour, for the reason `problem`.
fn bad(problem: String) -> ReadError {
    ReadError::BadDrawing { at: None, problem }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Piece, TourShape};

    /// pzprjs's own Simple Loop test file with its correct answer.
    const SOLVED: &str = "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n\
                          . . . * . \n. . . . . \n0 0 0 1 \n0 1 0 0 \n1 0 1 0 \n0 1 0 0 \n\
                          1 0 1 1 \n0 0 0 1 1 \n0 1 1 1 1 \n1 0 0 0 1 \n1 1 1 0 1 \n";

    fn problem(text: &str, shape: TourShape) -> Problem {
        let board = Board::parse_with_limit(text, MAX_SQUARES).unwrap();
        Problem::new(board, Piece::Rook, shape)
    }

    /// `SOLVED` with its answer replaced by `answer`.
    fn answered(answer: &str) -> String {
        let cells: Vec<&str> = SOLVED.lines().take(9).collect();
        format!("{}\n{answer}", cells.join("\n"))
    }

    #[test]
    fn reads_pzprjs_solved_loop_from_its_first_cell() {
        let tour = read_pzprv3(&problem(SOLVED, TourShape::Closed), SOLVED).unwrap();
        assert_eq!(tour.len(), 20);
        assert_eq!(&tour.squares()[..3], [3, 4, 9]);
    }

    #[test]
    fn names_a_cell_with_three_lines() {
        // pzprjs's failing answer lnBranch: cell 3,1 has lines west, east and south.
        let text = answered(
            "0 0 0 0 \n0 0 1 1 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 0 \n0 0 0 1 0 \n\
             0 0 0 0 0 \n0 0 0 0 0 \n",
        );
        let error = read_pzprv3(&problem(SOLVED, TourShape::Closed), &text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cell 3,1 has 3 lines: a tour enters and leaves a cell once"
        );
        assert!(!error.is_syntax_error());
    }

    #[test]
    fn names_where_a_line_stops() {
        // pzprjs's failing answer lnDeadEnd.
        let text = answered(
            "0 0 0 0 \n0 0 1 0 \n0 1 0 0 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 0 \n0 0 1 0 0 \n\
             0 0 0 0 0 \n0 0 0 0 0 \n",
        );
        let error = read_pzprv3(&problem(SOLVED, TourShape::Closed), &text).unwrap_err();
        assert!(
            error.to_string().starts_with("the line stops at 3,1"),
            "{error}"
        );
    }

    #[test]
    fn refuses_a_line_into_a_shaded_cell_and_an_empty_answer() {
        let into_shaded = answered(
            "1 0 0 0 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n\
             0 0 0 0 0 \n0 0 0 0 0 \n",
        );
        let closed = problem(SOLVED, TourShape::Closed);
        let error = read_pzprv3(&closed, &into_shaded).unwrap_err();
        assert_eq!(error.to_string(), "a line reaches the shaded cell 0,0");
        let cells_only = answered("");
        let error = read_pzprv3(&closed, &cells_only).unwrap_err();
        assert!(error.to_string().contains("no answer"), "{error}");
    }

    #[test]
    fn refuses_two_loops() {
        let board = "....\n....\n";
        let text = "pzprv3\nsimpleloop\n2\n4\n. . . .\n. . . .\n1 0 1\n1 0 1\n1 1 1 1\n";
        let error = read_pzprv3(&problem(board, TourShape::Closed), text).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("the lines at 2,0 are not joined"),
            "{error}"
        );
    }

    #[test]
    fn a_file_of_another_board_is_a_wrong_tour() {
        let error = read_pzprv3(&problem(".....\n", TourShape::Closed), SOLVED).unwrap_err();
        assert!(matches!(error, ReadError::Layout { .. }), "{error}");
        assert!(!error.is_syntax_error());
        let garbled = read_pzprv3(&problem(SOLVED, TourShape::Closed), "pzprv3\nslither\n");
        assert!(garbled.unwrap_err().is_syntax_error());
    }

    #[test]
    fn reads_a_closed_tour_of_two_squares_from_its_one_line() {
        let text = "pzprv3\nsimpleloop\n1\n2\n. .\n1\n";
        let tour = read_pzprv3(&problem("..\n", TourShape::Closed), text).unwrap();
        assert_eq!(tour.squares(), [0, 1]);
    }

    #[test]
    fn reads_an_open_path_from_the_start_given() {
        let text = "pzprv3\nsimpleloop\n1\n3\n. . .\n1 1\n";
        let mut open = problem("...\n", TourShape::Open);
        assert_eq!(read_pzprv3(&open, text).unwrap().squares(), [0, 1, 2]);
        open.start = Some(2);
        assert_eq!(read_pzprv3(&open, text).unwrap().squares(), [2, 1, 0]);
    }
}
