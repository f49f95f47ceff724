//! The loop a setter drew (a pzprv3 file's answer) checked against a uniqueness verdict: is it
//! a tour at all, and is it the only one?

use super::unique::{difference, Verdict};
use crate::core::board::pzprv3;
use crate::core::board::MAX_SQUARES;
use crate::core::problem::Problem;
use crate::format::read::{read_tour, TourSyntax};
use crate::verify::board::verify;
use std::fmt;

/// What the lines drawn in a pzprv3 file are, beside the verdict on the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Drawn {
    /// The lines make no tour of the problem, for this reason.
    NotATour(String),
    /// The lines make the problem's only tour.
    TheOnlyTour,
    /// The lines make a tour, one of the problem's several.
    OneOfSeveral,
    /// The lines make a tour the verifier accepts, which the verdict says cannot be (no tour,
    /// or a unique tour with other moves): a bug in toursat.
    AgainstTheVerdict,
}

/// The lines drawn in the pzprv3 file `text`, on `problem`'s board, checked by the verifier and
/// against `verdict`; `None` when the file draws no line (or is no pzprv3 file).
pub fn check_drawn(problem: &Problem, text: &str, verdict: &Verdict) -> Option<Drawn> {
    let file = pzprv3::read_file(text, MAX_SQUARES).ok()?;
    if file.drawn.is_none_or(|drawn| drawn.count() == 0) {
        return None;
    }
    let tour = match read_tour(problem, text, TourSyntax::Pzprv3) {
        Ok(tour) => tour,
        Err(error) => return Some(Drawn::NotATour(error.to_string())),
    };
    if let Err(error) = verify(problem, &tour) {
        return Some(Drawn::NotATour(error.to_string()));
    }
    Some(match verdict {
        Verdict::Unique(only) => {
            let moves = difference(problem, &tour, only);
            match moves.first_only.is_empty() && moves.second_only.is_empty() {
                true => Drawn::TheOnlyTour,
                false => Drawn::AgainstTheVerdict,
            }
        }
        Verdict::NotUnique { .. } => Drawn::OneOfSeveral,
        Verdict::NoTour => Drawn::AgainstTheVerdict,
    })
}

impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Drawn::NotATour(why) => write!(f, "the lines drawn in the file are no loop: {why}"),
            Drawn::TheOnlyTour => write!(f, "the loop drawn in the file is the only loop"),
            Drawn::OneOfSeveral => {
                write!(f, "the loop drawn in the file is a loop, one of several")
            }
            Drawn::AgainstTheVerdict => write!(
                f,
                "the loop drawn in the file passes the verifier against the verdict: a bug in \
                 toursat"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::verdict;
    use crate::engine::Limits;
    use crate::{Board, Piece, TourShape};

    /// pzprjs's own Simple Loop test file: its cells, then its answer.
    const CELLS: &str =
        "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n. . . * . \n. . . . . \n";
    const SOLVED: &str = "0 0 0 1 \n0 1 0 0 \n1 0 1 0 \n0 1 0 0 \n1 0 1 1 \n0 0 0 1 1 \n\
                          0 1 1 1 1 \n1 0 0 0 1 \n1 1 1 0 1 \n";

    fn checked(answer: &str) -> Option<Drawn> {
        let text = format!("{CELLS}{answer}");
        let board = Board::parse_with_limit(&text, MAX_SQUARES).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let verdict = verdict(&problem, &Limits::none()).unwrap();
        check_drawn(&problem, &text, &verdict)
    }

    #[test]
    fn pzprjs_answer_is_the_only_loop() {
        assert_eq!(checked(SOLVED), Some(Drawn::TheOnlyTour));
    }

    #[test]
    fn a_file_without_lines_is_not_checked() {
        assert_eq!(checked(""), None);
        let zeros = SOLVED.replace('1', "0");
        assert_eq!(checked(&zeros), None);
    }

    #[test]
    fn a_loop_missing_cells_is_no_loop_of_the_puzzle() {
        // A loop round the four cells at the bottom left, 0,3 to 1,4.
        let small = "0 0 0 0 \n0 0 0 0 \n0 0 0 0 \n1 0 0 0 \n1 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n\
                     0 0 0 0 0 \n1 1 0 0 0 \n";
        let Some(Drawn::NotATour(why)) = checked(small) else {
            panic!("a loop through 4 of 20 cells is no answer")
        };
        assert!(why.starts_with("16 free squares never visited"), "{why}");
    }
}
