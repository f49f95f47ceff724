//! One step of reasoning: the rule that made it, the moves it decides and the cells it read.

use super::state::{MoveState, SquarePair};
use crate::core::board::Square;
use crate::core::names::named;

/// How hard a rule is for a person, easiest first; a puzzle's grade is the hardest level its
/// path needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Read off one cell: its count of moves, or the piece of loop it ends.
    Trivial,
    /// Local: a look one move ahead at the cells round a move.
    Easy,
    /// A whole row or column line: the loop crosses it an even number of times.
    Medium,
    /// Global: colour counts of a half of the board, the only two ways between two parts.
    Hard,
}

named!(Level, "level", {
    Trivial => "trivial",
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
});

/// A named rule of the reasoning solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A cell with exactly two possible moves uses both.
    TwoOpenNeighbours,
    /// A cell that already uses two moves makes no other.
    FullCell,
    /// A move joining the two ends of one piece of loop would close a loop that misses cells.
    NoEarlyClose,
    /// A move whose use would leave a cell next to it with one way in or out.
    DeadEnd,
    /// The loop crosses a line between two rows (or columns) an even number of times, and at
    /// least twice when cells lie on both sides.
    EvenCrossings,
    /// The loop's pieces in the half of the board on one side of a line alternate colours, so
    /// the cells they enter by balance the half's count of dark and light cells.
    ColourCount,
    /// Two moves are the only ways between two parts of the board: the loop makes both.
    OnlyTwoWays,
    /// Every cell makes two moves to cells of the other colour: a move no such pairing of the
    /// cells makes is excluded, one every pairing makes is used.
    ColourPairing,
}

named!(Rule, "rule", {
    TwoOpenNeighbours => "two-open-neighbours",
    FullCell => "full-cell",
    NoEarlyClose => "no-early-close",
    DeadEnd => "dead-end",
    EvenCrossings => "even-crossings",
    ColourCount => "colour-count",
    OnlyTwoWays => "only-two-ways",
    ColourPairing => "colour-pairing",
});

impl Rule {
    /// How hard the rule is.
    pub fn level(&self) -> Level {
        match self {
            Rule::TwoOpenNeighbours | Rule::FullCell | Rule::NoEarlyClose => Level::Trivial,
            Rule::DeadEnd => Level::Easy,
            Rule::EvenCrossings => Level::Medium,
            Rule::ColourCount | Rule::OnlyTwoWays | Rule::ColourPairing => Level::Hard,
        }
    }
}

/// A line between two rows or two columns of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// Between row `y` and row `y + 1` (0-based): vertical moves cross it.
    BelowRow(u32),
    /// Between column `x` and column `x + 1` (0-based): horizontal moves cross it.
    RightOfColumn(u32),
}

/// One move decided by a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The move's two squares, the smaller first.
    pub squares: SquarePair,
    /// `Used` or `Excluded`.
    pub state: MoveState,
}

/// One step of the path: a rule applied at one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The rule.
    pub rule: Rule,
    /// The moves it decides (at least one).
    pub decided: Vec<Decision>,
    /// The cells it looked at: the cell of a cell rule, a move's cells and the dead end, a
    /// part of the board.
    pub cells: Vec<Square>,
    /// The line of a line rule.
    pub line: Option<Line>,
}
