//! The rules of the lines between two rows or two columns: the loop crosses each an even
//! number of times, and the pieces of loop on one side balance that side's colours.
//!
//! The half of the board above a line (or left of it) holds the loop in pieces, each entering
//! and leaving by a move across the line. A piece alternates colours, so it holds one more dark
//! cell than light when both its end cells are dark, one fewer when both are light, as many
//! when they differ. Counting the inner cell of every crossing move, +1 if dark and -1 if
//! light, the used crossings therefore sum to twice the half's dark cells less its light ones.
//! [`Lines`] keeps, for every line, its used and unknown crossings and their signed sums, up to
//! date move by move, so that a rule reads a line in constant time and lists its moves only
//! when it decides them.

use super::state::{MoveId, MoveState, State};
use super::step::{Decision, Line, Rule, Step};
use crate::core::board::Square;

/// The crossings of one line and what is known of them.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    used: u32,
    unknown: u32,
    /// The sum over used crossings of +1 (inner cell dark) or -1 (light).
    signed_used: i64,
    /// Unknown crossings whose inner cell is dark.
    unknown_dark: u32,
    /// Unknown crossings whose inner cell is light.
    unknown_light: u32,
    /// Open cells above (left of) the line.
    cells_before: u32,
    /// Open cells below (right of) the line.
    cells_after: u32,
    /// Dark less light open cells above (left of) the line.
    balance_before: i64,
}

/// Every line's counts.
#[derive(Debug, Clone)]
pub struct Lines {
    rows: u32,
    counts: Vec<Counts>,
}

/// +1 for a dark inner cell (colour 0), -1 for a light one.
fn sign(state: &State, id: MoveId) -> i64 {
    match state.board().colour(id / 2) {
        0 => 1,
        _ => -1,
    }
}

impl Lines {
    /// The counts of the lines of `state`.
    pub fn new(state: &State) -> Lines {
        let board = state.board();
        let (rows, cols) = (board.rows(), board.cols());
        let counts = vec![Counts::default(); (rows - 1 + cols - 1) as usize];
        let mut row_cells = vec![(0u32, 0i64); rows as usize];
        let mut column_cells = vec![(0u32, 0i64); cols as usize];
        for square in board.free_squares() {
            let (x, y) = board.coords(square);
            let balance = if board.colour(square) == 0 { 1 } else { -1 };
            row_cells[y as usize].0 += 1;
            row_cells[y as usize].1 += balance;
            column_cells[x as usize].0 += 1;
            column_cells[x as usize].1 += balance;
        }
        let lines = Lines { rows, counts };
        let mut lines = lines;
        for (start, cells) in [(0, &row_cells), ((rows - 1) as usize, &column_cells)] {
            let total: u32 = cells.iter().map(|&(count, _)| count).sum();
            let (mut before, mut balance) = (0, 0);
            for (index, &(count, cell_balance)) in cells.iter().enumerate().take(cells.len() - 1) {
                before += count;
                balance += cell_balance;
                let line = &mut lines.counts[start + index];
                line.cells_before = before;
                line.cells_after = total - before;
                line.balance_before = balance;
            }
        }
        for id in state.all_moves() {
            let index = lines.index(state, id);
            let line = &mut lines.counts[index];
            line.unknown += 1;
            match sign(state, id) {
                1 => line.unknown_dark += 1,
                _ => line.unknown_light += 1,
            }
        }
        lines
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// The index of the line move `id` crosses.
    pub fn index(&self, state: &State, id: MoveId) -> usize {
        let (x, y) = state.board().coords(id / 2);
        match id % 2 {
            1 => y as usize,
            _ => (self.rows - 1 + x) as usize,
        }
    }

    /// The line of index `index`.
    fn line(&self, index: usize) -> Line {
        match index < (self.rows - 1) as usize {
            true => Line::BelowRow(index as u32),
            false => Line::RightOfColumn(index as u32 - (self.rows - 1)),
        }
    }

    /// Counts unknown move `id` as decided `decided`.
    pub fn decide(&mut self, state: &State, id: MoveId, decided: MoveState) {
        let index = self.index(state, id);
        let signed = sign(state, id);
        let line = &mut self.counts[index];
        line.unknown -= 1;
        match signed {
            1 => line.unknown_dark -= 1,
            _ => line.unknown_light -= 1,
        }
        if decided == MoveState::Used {
            line.used += 1;
            line.signed_used += signed;
        }
    }

    /// The existing moves across line `index`.
    fn crossings<'a>(&self, state: &'a State, index: usize) -> impl Iterator<Item = MoveId> + 'a {
        let board = state.board();
        let (rows, cols) = (board.rows(), board.cols());
        let ids: Vec<MoveId> = match self.line(index) {
            Line::BelowRow(y) => (0..cols).map(|x| 2 * (y * cols + x) + 1).collect(),
            Line::RightOfColumn(x) => (0..rows).map(|y| 2 * (y * cols + x)).collect(),
        };
        ids.into_iter().filter(move |&id| {
            state.get(id) == MoveState::Unknown || state.get(id) == MoveState::Used
        })
    }

    /// A step of `rule` across line `index`, deciding its unknown crossings by `choose`.
    fn step(
        &self,
        state: &State,
        index: usize,
        rule: Rule,
        cells: Vec<Square>,
        choose: impl Fn(MoveId) -> MoveState,
    ) -> Step {
        let decided = self
            .crossings(state, index)
            .filter(|&id| state.get(id) == MoveState::Unknown)
            .map(|id| Decision {
                squares: state.squares(id),
                state: choose(id),
            })
            .collect();
        Step {
            rule,
            decided,
            cells,
            line: Some(self.line(index)),
        }
    }

    /// The cells beside line `index`: both cells of each of its crossings.
    fn beside(&self, state: &State, index: usize) -> Vec<Square> {
        let mut cells: Vec<Square> = self
            .crossings(state, index)
            .flat_map(|id| state.squares(id))
            .collect();
        cells.sort_unstable();
        cells
    }

    /// Whether line `index` shows that no loop agrees with the state: an odd number of used
    /// crossings and no unknown one, or fewer than two crossings possible with cells on both
    /// sides.
    pub fn broken(&self, index: usize) -> bool {
        let line = &self.counts[index];
        let both_sides = line.cells_before > 0 && line.cells_after > 0;
        (line.unknown == 0 && line.used % 2 == 1) || (both_sides && line.used + line.unknown < 2)
    }

    /// The cells beside a broken line, to name where the contradiction is.
    pub fn broken_cells(&self, state: &State, index: usize) -> Vec<Square> {
        self.beside(state, index)
    }

    /// Even crossings: the last unknown crossing of a line takes the parity the used ones need;
    /// two unknown crossings and no used one, with cells on both sides, are both used.
    pub fn even_crossings(&self, state: &State, index: usize) -> Option<Step> {
        let line = &self.counts[index];
        let both_sides = line.cells_before > 0 && line.cells_after > 0;
        let decision = match (line.unknown, line.used) {
            (1, used) if used % 2 == 1 => MoveState::Used,
            (1, used) if used > 0 || !both_sides => MoveState::Excluded,
            (2, 0) if both_sides => MoveState::Used,
            _ => return None,
        };
        let cells = self.beside(state, index);
        Some(self.step(state, index, Rule::EvenCrossings, cells, |_| decision))
    }

    /// Colour count: the used crossings of a line must sum (dark +1, light -1) to twice the
    /// balance of the half before it; when the unknown ones reach that sum only by all the dark
    /// ones used and the light ones not (or the reverse), they are decided so.
    pub fn colour_count(&self, state: &State, index: usize) -> Option<Step> {
        let line = &self.counts[index];
        if line.unknown == 0 {
            return None;
        }
        let needed = 2 * line.balance_before - line.signed_used;
        let (dark, light) = (line.unknown_dark as i64, line.unknown_light as i64);
        let dark_used = match needed {
            _ if needed == dark => true,
            _ if needed == -light => false,
            _ => return None,
        };
        let cells = self.half_before(state, index);
        Some(self.step(state, index, Rule::ColourCount, cells, |id| {
            match (sign(state, id) == 1) == dark_used {
                true => MoveState::Used,
                false => MoveState::Excluded,
            }
        }))
    }

    /// Whether line `index`'s colours cannot balance: the sum needed lies beyond what its
    /// unknown crossings can add.
    pub fn unbalanced(&self, index: usize) -> bool {
        let line = &self.counts[index];
        let needed = 2 * line.balance_before - line.signed_used;
        needed > line.unknown_dark as i64 || needed < -(line.unknown_light as i64)
    }

    /// The open cells of the half before line `index` (above it, or left of it).
    pub fn half_before(&self, state: &State, index: usize) -> Vec<Square> {
        let board = state.board();
        let inside = |square: Square| {
            let (x, y) = board.coords(square);
            match self.line(index) {
                Line::BelowRow(row) => y <= row,
                Line::RightOfColumn(column) => x <= column,
            }
        };
        board
            .free_squares()
            .filter(|&square| inside(square))
            .collect()
    }
}
