//! The knight-tour judge problem (Sicily 1153 on 8x8, Sicily 1152 on 5x6).

use super::{format_error, integers, JudgeError, JudgeErrorKind, JudgeOptions, Lines, OnCertified};
use crate::core::board::Board;
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::engine::Order;
use crate::format::{Format, Numbers};
use std::io::{BufRead, Write};

/// Answers every start of `input` with an open knight's tour of `board`, flushing after each.
///
/// The input is start squares numbered row by row from 1, one a line (blank lines skipped),
/// ended by a line `-1`; a line holding anything else is refused. Each answer is one line: the tour's square numbers from
/// the start, separated by single spaces, or `NO SOLUTION` when no tour starts there.
///
/// ```
/// use toursat::judge::{knight_tour, JudgeOptions};
/// use toursat::Board;
/// let mut output = Vec::new();
/// let board = Board::new(1, 1).unwrap();
/// knight_tour::run(&b"1\n-1\n"[..], &mut output, &board, &JudgeOptions::default()).unwrap();
/// assert_eq!(output, b"1\n");
/// ```
pub fn run(
    input: impl BufRead,
    output: impl Write,
    board: &Board,
    options: &JudgeOptions,
) -> Result<(), JudgeError> {
    run_reporting(input, output, board, options, &mut |_, _| {})
}

/// [`run`], passing each certified case of no tour to `on_certified`.
pub fn run_reporting(
    input: impl BufRead,
    mut output: impl Write,
    board: &Board,
    options: &JudgeOptions,
    on_certified: OnCertified,
) -> Result<(), JudgeError> {
    let mut lines = Lines::new(input, options.max_line_bytes);
    let mut case = 0;
    while let Some((line, text)) = lines.next_nonblank()? {
        let [number] = integers::<1>(&text, "one square number or -1", line, Some(case + 1))?;
        if number == -1 {
            return Ok(());
        }
        case += 1;
        if number < 1 || number > board.len() as i64 {
            return Err(JudgeError::new(
                line,
                Some(case),
                JudgeErrorKind::OffBoard {
                    what: "square",
                    square: format!("#{number}"),
                    rows: board.rows(),
                    cols: board.cols(),
                },
            ));
        }
        let start = (number - 1) as u32;
        let problem = Problem::new(board.clone(), Piece::Knight, TourShape::Open).with_start(start);
        match super::solve_case(&problem, Order::Any, options, (line, case), on_certified)? {
            Some(tour) => Numbers
                .write_tour(&problem, &tour, &mut output)
                .map_err(|error| format_error(error, case))?,
            None => output.write_all(b"NO SOLUTION\n")?,
        }
        output.flush()?;
    }
    Err(JudgeError::new(
        lines.end_line(),
        None,
        JudgeErrorKind::MissingEnd {
            expected: "the closing line `-1`".to_string(),
        },
    ))
}
