//! The rook-circuit judge problem ("Obstructed Rook Circuits", ACM Greater New York 2003).

use super::{
    board, format_error, integers, solve_case, JudgeError, JudgeErrorKind, JudgeOptions, Lines,
    OnCertified,
};
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::engine::Order;
use crate::format::{Format, Moves, JUDGE_LINE_WIDTH};
use std::io::{BufRead, Write};

/// What the header line of a case holds.
const HEADER: &str = "five numbers `Nrows Ncols Nblocks StartX StartY`";

/// Answers every case of `input` on `output`, flushing after each.
///
/// Each case is a line `Nrows Ncols Nblocks StartX StartY`, `Nblocks` lines `X Y`, and a blank
/// line (a blank line missing or doubled is tolerated); a line of five zeros ends the input.
/// Each answer is the circuit's moves N, S, E, W, 40 a line, or `NO SOLUTION` (always for a
/// board narrower than 2 squares), then a blank line.
///
/// ```
/// use toursat::judge::{rook_circuit, JudgeOptions};
/// let mut output = Vec::new();
/// rook_circuit::run(&b"1 3 0 0 0\n\n0 0 0 0 0\n"[..], &mut output, &JudgeOptions::default())
///     .unwrap();
/// assert_eq!(output, b"NO SOLUTION\n\n");
/// ```
pub fn run(
    input: impl BufRead,
    output: impl Write,
    options: &JudgeOptions,
) -> Result<(), JudgeError> {
    run_reporting(input, output, options, &mut |_, _| {})
}

/// [`run`], passing each certified case of no tour to `on_certified`.
pub fn run_reporting(
    input: impl BufRead,
    mut output: impl Write,
    options: &JudgeOptions,
    on_certified: OnCertified,
) -> Result<(), JudgeError> {
    let mut lines = Lines::new(input, options.max_line_bytes);
    for case in 1.. {
        let Some((line, header)) = lines.next_nonblank()? else {
            return Err(JudgeError::new(
                lines.end_line(),
                None,
                JudgeErrorKind::MissingEnd {
                    expected: "the closing line `0 0 0 0 0`".to_string(),
                },
            ));
        };
        let numbers = integers::<5>(&header, HEADER, line, Some(case))?;
        if numbers == [0; 5] {
            break;
        }
        let [rows, cols, blocks, start_x, start_y] = numbers;
        let mut board = board(rows, cols, options.max_squares, line, Some(case))?;
        if blocks < 0 {
            return Err(JudgeError::new(
                line,
                Some(case),
                JudgeErrorKind::Malformed {
                    expected: "a count of blocked squares of 0 or more".to_string(),
                    found: header,
                },
            ));
        }
        let off_board = |what, x, y| JudgeErrorKind::OffBoard {
            what,
            square: format!("{x},{y}"),
            rows: rows as u32,
            cols: cols as u32,
        };
        let start = board.checked_square(start_x, start_y).ok_or_else(|| {
            JudgeError::new(line, Some(case), off_board("start", start_x, start_y))
        })?;
        for read in 0..blocks {
            let Some((block_line, text)) = lines.next_nonblank()? else {
                return Err(JudgeError::new(
                    lines.end_line(),
                    Some(case),
                    JudgeErrorKind::MissingEnd {
                        expected: format!("{blocks} blocked squares, found {read}"),
                    },
                ));
            };
            let [x, y] = integers::<2>(&text, "a blocked square `X Y`", block_line, Some(case))?;
            board.block_at(x, y).map_err(|_| {
                JudgeError::new(block_line, Some(case), off_board("blocked square", x, y))
            })?;
        }
        if !board.is_free(start) {
            return Err(JudgeError::new(
                line,
                Some(case),
                JudgeErrorKind::BlockedStart {
                    square: format!("{start_x},{start_y}"),
                },
            ));
        }
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed).with_start(start);
        let tour = if rows < 2 || cols < 2 {
            None
        } else {
            solve_case(&problem, Order::Any, options, (line, case), on_certified)?
        };
        match tour {
            Some(tour) => Moves {
                line_width: JUDGE_LINE_WIDTH,
            }
            .write_tour(&problem, &tour, &mut output)
            .map_err(|error| format_error(error, case))?,
            None => output.write_all(b"NO SOLUTION\n")?,
        }
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}
