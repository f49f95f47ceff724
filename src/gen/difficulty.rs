//! The difficulties a puzzle can be asked for: the grades of the reasoning solver that a
//! person can finish without trying moves.

use crate::core::names::named;
use crate::deduce::Grade;

/// How hard a generated puzzle is for a person: the grade [`crate::deduce::grade`] gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difficulty {
    /// The trivial and easy (local) rules draw the loop.
    Easy,
    /// The loop needs the medium rules (even crossings of a line).
    Medium,
    /// The loop needs the global rules (colour counts, the only two ways between parts).
    Hard,
}

named!(Difficulty, "difficulty", {
    Easy => "easy", "The local rules draw the loop",
    Medium => "medium", "The loop needs the even crossings of a line",
    Hard => "hard", "The loop needs the global rules: colour counts, the only two ways",
});

impl Difficulty {
    /// The reasoning solver's grade of a puzzle of this difficulty.
    pub fn grade(self) -> Grade {
        match self {
            Difficulty::Easy => Grade::Easy,
            Difficulty::Medium => Grade::Medium,
            Difficulty::Hard => Grade::Hard,
        }
    }
}
