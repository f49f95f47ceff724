//! Reading the grid format back: colour codes removed, then the line drawing or visit numbers.

use super::drawing::read_drawing;
use super::visits::read_visits;
use super::ReadError;
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use std::borrow::Cow;

/// The characters only a line drawing has (box-drawing lines and the marks of squares).
const DRAWING: &str = "─│┌┐└┘├┤┬┴┼╵╶╷╴·█●○•╲╱╳";

/// The ANSI escape character that starts a colour code.
const ESCAPE: char = '\x1b';

/// Whether `text` is a grid by its characters: a line drawing, or anything with colour codes.
pub(super) fn has_grid_characters(text: &str) -> bool {
    text.chars().any(|c| c == ESCAPE || DRAWING.contains(c))
}

/// Reads a grid: a line drawing if it has drawing characters, else visit numbers.
pub(super) fn read_grid(problem: &Problem, text: &str) -> Result<Tour, ReadError> {
    let plain = without_colour(text)?;
    if plain.chars().any(|c| DRAWING.contains(c)) {
        read_drawing(problem, &plain)
    } else {
        read_visits(&problem.board, &plain)
    }
}

/// `text` without its ANSI colour codes (`ESC [`, digits and `;`, then a letter).
fn without_colour(text: &str) -> Result<Cow<'_, str>, ReadError> {
    if !text.contains(ESCAPE) {
        return Ok(Cow::Borrowed(text));
    }
    let mut plain = String::with_capacity(text.len());
    for (index, line) in text.lines().enumerate() {
        let line_start = plain.len();
        let mut rest = line;
        while let Some(escape) = rest.find(ESCAPE) {
            plain.push_str(&rest[..escape]);
            let after_code = rest[escape + 1..].strip_prefix('[').and_then(|code| {
                let letter = code.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';');
                letter
                    .starts_with(|c: char| c.is_ascii_alphabetic())
                    .then(|| &letter[1..])
            });
            rest = after_code.ok_or_else(|| ReadError::Unexpected {
                line: index + 1,
                column: plain[line_start..].chars().count() + 1,
                expected: "a colour code ESC [ ... m",
                found: ESCAPE,
            })?;
        }
        plain.push_str(rest);
        plain.push('\n');
    }
    Ok(Cow::Owned(plain))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_codes_are_removed() {
        let coloured = "\x1b[1;32m●\x1b[0m─┐\n\x1b[1;31m○\x1b[0m─┘\n";
        assert_eq!(without_colour(coloured).unwrap(), "●─┐\n○─┘\n");
    }

    #[test]
    fn a_broken_colour_code_is_refused() {
        let error = without_colour("┌─┐\n└\x1b─┘\n").unwrap_err();
        assert!(error.is_syntax_error());
        assert!(
            error.to_string().starts_with("line 2, column 2:"),
            "{error}"
        );
    }
}
