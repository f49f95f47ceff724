//! Solver answers: what an external SAT solver printed, read in any of three formats.

use std::fmt;

/// What a SAT solver answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverAnswer {
    /// A model: the value of every variable by index, variables it does not mention false.
    Satisfiable(Vec<bool>),
    /// The formula has no model.
    Unsatisfiable,
    /// The solver gave up.
    Unknown,
}

/// Why a solver's answer could not be read: the 1-based line and what was wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerError {
    /// 1-based line of the answer text.
    pub line: usize,
    /// What was expected and found.
    pub kind: AnswerErrorKind,
}

/// The ways a solver's answer can be malformed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerErrorKind {
    /// The text holds nothing but blank lines and comments.
    Empty,
    /// A token that is not a literal (a variable number, negated by a leading `-`).
    MalformedLiteral(String),
    /// A literal of a variable the formula does not have.
    VariableOutOfRange {
        /// The variable, numbered from 1.
        variable: u64,
        /// The formula's number of variables.
        var_count: usize,
    },
    /// A variable given both values.
    ConflictingLiterals {
        /// The variable, numbered from 1.
        variable: u64,
        /// 1-based line of its first value.
        first_line: usize,
    },
    /// A literal after the `0` that ends the values.
    ValueAfterEnd(String),
    /// The values stop without the `0` that ends them: the output may be cut short.
    MissingEnd,
    /// A satisfiable answer without values.
    NoValues,
    /// Values after an answer that has none (unsatisfiable or unknown).
    UnexpectedValues,
    /// An `s` line whose status is not `SATISFIABLE`, `UNSATISFIABLE` or `UNKNOWN`.
    UnknownStatus(String),
    /// A second `s` line.
    SecondStatus,
    /// A competition-format answer with no `s` line.
    NoStatus,
    /// A competition-format line that is not a `c`, `s` or `v` line.
    UnexpectedLine(String),
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            AnswerErrorKind::Empty => write!(f, "expected a solver answer, found nothing"),
            AnswerErrorKind::MalformedLiteral(token) => write!(
                f,
                "expected a literal (a variable number, '-' to negate), found {token:?}"
            ),
            AnswerErrorKind::VariableOutOfRange {
                variable,
                var_count,
            } => write!(
                f,
                "expected variables 1 to {var_count}, found variable {variable}"
            ),
            AnswerErrorKind::ConflictingLiterals {
                variable,
                first_line,
            } => write!(
                f,
                "variable {variable} is given both values (the first on line {first_line})"
            ),
            AnswerErrorKind::ValueAfterEnd(token) => {
                write!(f, "expected nothing after the final 0, found {token:?}")
            }
            AnswerErrorKind::MissingEnd => write!(
                f,
                "expected the values to end in 0 (is the output cut short?)"
            ),
            AnswerErrorKind::NoValues => {
                write!(
                    f,
                    "the answer is satisfiable but gives no values ('v' lines)"
                )
            }
            AnswerErrorKind::UnexpectedValues => {
                write!(f, "expected no values after an answer without a model")
            }
            AnswerErrorKind::UnknownStatus(status) => write!(
                f,
                "expected 's SATISFIABLE', 's UNSATISFIABLE' or 's UNKNOWN', found 's {status}'"
            ),
            AnswerErrorKind::SecondStatus => write!(f, "expected one 's' line, found a second"),
            AnswerErrorKind::NoStatus => write!(
                f,
                "expected an 's' line (SATISFIABLE, UNSATISFIABLE or UNKNOWN), found none"
            ),
            AnswerErrorKind::UnexpectedLine(text) => {
                write!(f, "expected a 'c', 's' or 'v' line, found {text:?}")
            }
        }
    }
}

impl std::error::Error for AnswerError {}

/// The value lines of an answer, gathered literal by literal.
struct Values {
    values: Vec<bool>,
    /// 1-based line where each variable got its value, 0 if it has none yet.
    line_of: Vec<usize>,
    /// Line of the first value token (`0` included), if any.
    first_line: Option<usize>,
    /// Line of the last value token.
    last_line: usize,
    /// Whether the final `0` has been read.
    ended: bool,
}

impl Values {
    fn new(var_count: usize) -> Values {
        Values {
            values: vec![false; var_count],
            line_of: vec![0; var_count],
            first_line: None,
            last_line: 0,
            ended: false,
        }
    }

    /// Reads the literals of one line.
    fn read<'t>(
        &mut self,
        tokens: impl Iterator<Item = &'t str>,
        line: usize,
    ) -> Result<(), AnswerError> {
        let error = |kind| AnswerError { line, kind };
        for token in tokens {
            self.first_line.get_or_insert(line);
            self.last_line = line;
            if self.ended {
                return Err(error(AnswerErrorKind::ValueAfterEnd(token.to_string())));
            }
            if token == "0" {
                self.ended = true;
                continue;
            }
            let (positive, digits) = match token.strip_prefix('-') {
                Some(digits) => (false, digits),
                None => (true, token),
            };
            let variable = digits
                .parse::<u64>()
                .ok()
                .filter(|&variable| variable > 0 && digits.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| error(AnswerErrorKind::MalformedLiteral(token.to_string())))?;
            let var_count = self.values.len();
            let index = usize::try_from(variable - 1)
                .ok()
                .filter(|&index| index < var_count)
                .ok_or_else(|| {
                    error(AnswerErrorKind::VariableOutOfRange {
                        variable,
                        var_count,
                    })
                })?;
            let first_line = self.line_of[index];
            if first_line == 0 {
                self.line_of[index] = line;
                self.values[index] = positive;
            } else if self.values[index] != positive {
                return Err(error(AnswerErrorKind::ConflictingLiterals {
                    variable,
                    first_line,
                }));
            }
        }
        Ok(())
    }

    /// The model, once every line is read; `needs_end` when the final `0` is required.
    fn finish(self, needs_end: bool) -> Result<Vec<bool>, AnswerError> {
        if needs_end && !self.ended {
            return Err(AnswerError {
                line: self.last_line,
                kind: AnswerErrorKind::MissingEnd,
            });
        }
        Ok(self.values)
    }
}

/// The lines of an answer that carry something: 1-based number and text, blank lines and
/// comments (lines starting with `c`) left out.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + '_ {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('c'))
}

impl SolverAnswer {
    /// Reads a solver's answer to a formula with `var_count` variables in one of three formats,
    /// told apart by the first line that is not blank or a comment (a line starting with `c`):
    /// the SAT-competition format (one `s` status line, `v` value lines), minisat's result file
    /// (`SAT` and literals, `UNSAT` or `INDET`) or a bare list of literals. The literals must
    /// end in `0` in the first two formats and may in the third.
    ///
    /// ```
    /// use toursat::engine::sat::exchange::answer::SolverAnswer;
    /// let answer = SolverAnswer::parse("s SATISFIABLE\nv -1 2 0\n", 3).unwrap();
    /// assert_eq!(answer, SolverAnswer::Satisfiable(vec![false, true, false]));
    /// assert_eq!(SolverAnswer::parse("UNSAT\n", 3), Ok(SolverAnswer::Unsatisfiable));
    /// ```
    pub fn parse(text: &str, var_count: usize) -> Result<SolverAnswer, AnswerError> {
        let Some((line, first)) = content_lines(text).next() else {
            return Err(AnswerError {
                line: text.lines().count().max(1),
                kind: AnswerErrorKind::Empty,
            });
        };
        match first.split_whitespace().next() {
            Some("s" | "v") => parse_competition(text, var_count),
            _ => match first {
                "SAT" => parse_minisat(text, line, None, var_count),
                "UNSAT" => parse_minisat(text, line, Some(SolverAnswer::Unsatisfiable), var_count),
                "INDET" => parse_minisat(text, line, Some(SolverAnswer::Unknown), var_count),
                _ => parse_bare(text, var_count),
            },
        }
    }
}

/// The SAT-competition format: one `s` line, `v` lines ending in `0`, `c` comments.
fn parse_competition(text: &str, var_count: usize) -> Result<SolverAnswer, AnswerError> {
    let mut status: Option<(SolverAnswer, usize)> = None;
    let mut values = Values::new(var_count);
    let mut last_line = 1;
    for (line, content) in content_lines(text) {
        last_line = line;
        let error = |kind| AnswerError { line, kind };
        let mut tokens = content.split_whitespace();
        match tokens.next() {
            Some("s") => {
                if status.is_some() {
                    return Err(error(AnswerErrorKind::SecondStatus));
                }
                let word = tokens.collect::<Vec<_>>().join(" ");
                let answer = match word.as_str() {
                    "SATISFIABLE" => SolverAnswer::Satisfiable(Vec::new()),
                    "UNSATISFIABLE" => SolverAnswer::Unsatisfiable,
                    "UNKNOWN" => SolverAnswer::Unknown,
                    _ => return Err(error(AnswerErrorKind::UnknownStatus(word))),
                };
                status = Some((answer, line));
            }
            Some("v") => values.read(tokens, line)?,
            _ => return Err(error(AnswerErrorKind::UnexpectedLine(content.to_string()))),
        }
    }
    let Some((answer, status_line)) = status else {
        return Err(AnswerError {
            line: last_line,
            kind: AnswerErrorKind::NoStatus,
        });
    };
    match (answer, values.first_line) {
        (SolverAnswer::Satisfiable(_), None) => Err(AnswerError {
            line: status_line,
            kind: AnswerErrorKind::NoValues,
        }),
        (SolverAnswer::Satisfiable(_), Some(_)) => {
            values.finish(true).map(SolverAnswer::Satisfiable)
        }
        (_, Some(line)) => Err(AnswerError {
            line,
            kind: AnswerErrorKind::UnexpectedValues,
        }),
        (answer, None) => Ok(answer),
    }
}

/// minisat's result file: `SAT` and literals ending in `0`, or `UNSAT` or `INDET` alone
/// (`without_model` is the answer they stand for; `None` for `SAT`).
fn parse_minisat(
    text: &str,
    status_line: usize,
    without_model: Option<SolverAnswer>,
    var_count: usize,
) -> Result<SolverAnswer, AnswerError> {
    let mut rest = content_lines(text).skip_while(|&(line, _)| line <= status_line);
    if let Some(answer) = without_model {
        return match rest.next() {
            Some((line, _)) => Err(AnswerError {
                line,
                kind: AnswerErrorKind::UnexpectedValues,
            }),
            None => Ok(answer),
        };
    }
    let mut values = Values::new(var_count);
    for (line, content) in rest {
        values.read(content.split_whitespace(), line)?;
    }
    if values.first_line.is_none() {
        return Err(AnswerError {
            line: status_line,
            kind: AnswerErrorKind::NoValues,
        });
    }
    values.finish(true).map(SolverAnswer::Satisfiable)
}

/// A bare list of literals, a final `0` optional.
fn parse_bare(text: &str, var_count: usize) -> Result<SolverAnswer, AnswerError> {
    let mut values = Values::new(var_count);
    for (line, content) in content_lines(text) {
        values.read(content.split_whitespace(), line)?;
    }
    values.finish(false).map(SolverAnswer::Satisfiable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<SolverAnswer, AnswerError> {
        SolverAnswer::parse(text, 4)
    }

    fn error_of(text: &str) -> (usize, AnswerErrorKind) {
        let error = parse(text).unwrap_err();
        (error.line, error.kind)
    }

    #[test]
    fn reads_the_competition_format() {
        let text = "c a comment\ns SATISFIABLE\nv 1 -2\nc between\nv 3 0\n";
        assert_eq!(
            parse(text),
            Ok(SolverAnswer::Satisfiable(vec![true, false, true, false]))
        );
        assert_eq!(parse("s UNSATISFIABLE\n"), Ok(SolverAnswer::Unsatisfiable));
        assert_eq!(parse("c\ns UNKNOWN\n"), Ok(SolverAnswer::Unknown));
    }

    #[test]
    fn reads_minisat_result_files() {
        assert_eq!(
            parse("SAT\n-1 2 -3 4 0\n"),
            Ok(SolverAnswer::Satisfiable(vec![false, true, false, true]))
        );
        assert_eq!(parse("UNSAT\n"), Ok(SolverAnswer::Unsatisfiable));
        assert_eq!(parse("INDET\n"), Ok(SolverAnswer::Unknown));
    }

    #[test]
    fn reads_a_bare_list_with_or_without_the_final_zero() {
        let model = Ok(SolverAnswer::Satisfiable(vec![false, true, false, false]));
        assert_eq!(parse("-1\n 2 -3 0\n"), model);
        assert_eq!(parse("-1 2 -3"), model);
        assert_eq!(parse("2\r\n"), model);
    }

    #[test]
    fn unmentioned_variables_are_false() {
        assert_eq!(
            parse("v 4 0\ns SATISFIABLE"),
            Ok(SolverAnswer::Satisfiable(vec![false, false, false, true]))
        );
    }

    #[test]
    fn repeated_literals_are_accepted() {
        assert_eq!(
            parse("1 1 0"),
            Ok(SolverAnswer::Satisfiable(vec![true, false, false, false]))
        );
    }

    #[test]
    fn rejects_a_malformed_literal_with_its_line() {
        for token in ["x", "--1", "-0", "1.5", "+-2", "-"] {
            assert_eq!(
                error_of(&format!("1\n{token}\n")),
                (2, AnswerErrorKind::MalformedLiteral(token.to_string())),
                "{token}"
            );
        }
        assert_eq!(
            error_of("s SATISFIABLE\nv 1 two 0\n"),
            (2, AnswerErrorKind::MalformedLiteral("two".to_string()))
        );
    }

    #[test]
    fn rejects_a_variable_beyond_the_formula() {
        let beyond = AnswerErrorKind::VariableOutOfRange {
            variable: 5,
            var_count: 4,
        };
        assert_eq!(error_of("SAT\n1 -5 0\n"), (2, beyond));
        assert!(matches!(
            error_of("99999999999999999999999").1,
            AnswerErrorKind::MalformedLiteral(_)
        ));
        assert!(matches!(
            error_of("18446744073709551615").1,
            AnswerErrorKind::VariableOutOfRange { .. }
        ));
    }

    #[test]
    fn rejects_conflicting_literals() {
        assert_eq!(
            error_of("s SATISFIABLE\nv 1 2\nv 3 -2 0\n"),
            (
                3,
                AnswerErrorKind::ConflictingLiterals {
                    variable: 2,
                    first_line: 2
                }
            )
        );
    }

    #[test]
    fn rejects_values_after_the_final_zero() {
        assert_eq!(
            error_of("1 0\n2\n"),
            (2, AnswerErrorKind::ValueAfterEnd("2".to_string()))
        );
    }

    #[test]
    fn rejects_values_cut_short() {
        assert_eq!(
            error_of("s SATISFIABLE\nv 1 2\n"),
            (2, AnswerErrorKind::MissingEnd)
        );
        assert_eq!(error_of("SAT\n1 2\n"), (2, AnswerErrorKind::MissingEnd));
    }

    #[test]
    fn rejects_a_satisfiable_answer_without_values() {
        assert_eq!(
            error_of("c hi\ns SATISFIABLE\n"),
            (2, AnswerErrorKind::NoValues)
        );
        assert_eq!(error_of("SAT\n\n"), (1, AnswerErrorKind::NoValues));
    }

    #[test]
    fn rejects_values_after_an_answer_without_a_model() {
        assert_eq!(
            error_of("s UNSATISFIABLE\nv 1 0\n"),
            (2, AnswerErrorKind::UnexpectedValues)
        );
        assert_eq!(
            error_of("UNSAT\n1 0\n"),
            (2, AnswerErrorKind::UnexpectedValues)
        );
    }

    #[test]
    fn rejects_bad_status_lines() {
        assert_eq!(
            error_of("s SAT\n"),
            (1, AnswerErrorKind::UnknownStatus("SAT".to_string()))
        );
        assert_eq!(
            error_of("s UNKNOWN\ns UNKNOWN\n"),
            (2, AnswerErrorKind::SecondStatus)
        );
        assert_eq!(error_of("v 1 0\n"), (1, AnswerErrorKind::NoStatus));
    }

    #[test]
    fn rejects_stray_lines_in_the_competition_format() {
        assert_eq!(
            error_of("s UNKNOWN\nSAT\n"),
            (2, AnswerErrorKind::UnexpectedLine("SAT".to_string()))
        );
    }

    #[test]
    fn rejects_an_empty_answer() {
        assert_eq!(error_of(""), (1, AnswerErrorKind::Empty));
        assert_eq!(
            error_of("c only\n\nc comments\n"),
            (3, AnswerErrorKind::Empty)
        );
    }

    #[test]
    fn errors_name_the_line_and_what_was_expected() {
        let error = parse("s SATISFIABLE\nv 1 x 0\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: expected a literal (a variable number, '-' to negate), found \"x\""
        );
    }
}
