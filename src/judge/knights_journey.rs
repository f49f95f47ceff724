//! The knights-journey judge problem ("A Knight's Journey", TUD Programming Contest 2005).

use super::{
    board, format_error, integers, solve_case, JudgeError, JudgeErrorKind, JudgeOptions, Lines,
    OnCertified,
};
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::engine::Order;
use crate::format::{Format, Names};
use std::io::{BufRead, Write};

/// The most squares a knight's journey board may have.
pub const MAX_JOURNEY_SQUARES: i64 = 26;

/// Answers every scenario of `input` on `output`, flushing after each.
///
/// The input is a count `n`, then `n` lines `p q` (p rows numbered 1.., q columns lettered A..,
/// 1 <= p*q <= 26). Each answer is `Scenario #i:`, the lexicographically first open knight's
/// path as square names run together (or `impossible`), and a blank line.
///
/// ```
/// use toursat::judge::{knights_journey, JudgeOptions};
/// let mut output = Vec::new();
/// knights_journey::run(&b"1\n1 1\n"[..], &mut output, &JudgeOptions::default()).unwrap();
/// assert_eq!(output, b"Scenario #1:\nA1\n\n");
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
    let Some((line, text)) = lines.next_nonblank()? else {
        return Err(JudgeError::new(
            lines.end_line(),
            None,
            JudgeErrorKind::MissingEnd {
                expected: "the number of scenarios".to_string(),
            },
        ));
    };
    let [count] = integers::<1>(&text, "the number of scenarios", line, None)?;
    if count < 0 {
        return Err(JudgeError::new(
            line,
            None,
            JudgeErrorKind::Malformed {
                expected: "a number of scenarios of 0 or more".to_string(),
                found: text,
            },
        ));
    }
    for case in 1..=count as usize {
        let Some((line, text)) = lines.next_nonblank()? else {
            return Err(JudgeError::new(
                lines.end_line(),
                Some(case),
                JudgeErrorKind::MissingEnd {
                    expected: format!("{count} scenario lines, found {}", case - 1),
                },
            ));
        };
        let [p, q] = integers::<2>(&text, "a scenario `p q`", line, Some(case))?;
        if !(1..=MAX_JOURNEY_SQUARES).contains(&p)
            || !(1..=MAX_JOURNEY_SQUARES).contains(&q)
            || p * q > MAX_JOURNEY_SQUARES
        {
            return Err(JudgeError::new(
                line,
                Some(case),
                JudgeErrorKind::JourneySize { p, q },
            ));
        }
        let board = board(p, q, options.max_squares, line, Some(case))?;
        let problem = Problem::new(board, Piece::Knight, TourShape::Open);
        let tour = solve_case(&problem, Order::Lex, options, (line, case), on_certified)?;
        writeln!(output, "Scenario #{case}:")?;
        match tour {
            Some(tour) => Names
                .write_tour(&problem, &tour, &mut output)
                .map_err(|error| format_error(error, case))?,
            None => output.write_all(b"impossible\n")?,
        }
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}
