//! What is known of a Simple Loop's moves: each unknown, used or excluded, with the counts and
//! path pieces the rules read.
//!
//! A move joins two orthogonally adjacent open cells; it is numbered `2 * square + direction`
//! (0: to the right, 1: down) after its upper-left square. Every cell counts its used moves and
//! its possible ones (used or unknown); the used moves form path pieces, kept in a union-find
//! whose roots know the piece's two ends and its length, so that the rule against closing a
//! loop early reads them in constant time. A change that no loop allows (a cell with fewer than
//! two possible moves or more than two used, a loop closed before it covers every cell) is
//! recorded as a contradiction, never panics.

use crate::core::board::{Board, Square};

/// A move's number: `2 * square + direction` (0 to the right, 1 down).
pub type MoveId = u32;

/// A move as the two squares it joins, the smaller first.
pub type SquarePair = [Square; 2];

/// What is known of one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveState {
    /// Not decided yet.
    Unknown,
    /// The loop makes this move.
    Used,
    /// The loop does not make this move (or there is no such move).
    Excluded,
}

/// The deduction state of a board: every move's state and what the rules read from it.
#[derive(Debug, Clone)]
pub struct State {
    board: Board,
    moves: Vec<MoveState>,
    used: Vec<u8>,
    possible: Vec<u8>,
    parent: Vec<u32>,
    ends: Vec<[Square; 2]>,
    length: Vec<u32>,
    open_cells: usize,
    existing_moves: usize,
    unknown_moves: usize,
    closed: bool,
    contradiction: Option<Vec<Square>>,
}

impl State {
    /// The blank state of `board`: every move between two open cells unknown.
    pub fn new(board: &Board) -> State {
        let len = board.len();
        let mut state = State {
            board: board.clone(),
            moves: vec![MoveState::Excluded; 2 * len],
            used: vec![0; len],
            possible: vec![0; len],
            parent: (0..len as u32).collect(),
            ends: (0..len as u32).map(|square| [square, square]).collect(),
            length: vec![1; len],
            open_cells: board.free_count(),
            existing_moves: 0,
            unknown_moves: 0,
            closed: false,
            contradiction: None,
        };
        for square in board.free_squares() {
            for direction in 0..2 {
                if let Some(other) = state.step(square, direction) {
                    state.moves[(2 * square + direction) as usize] = MoveState::Unknown;
                    state.possible[square as usize] += 1;
                    state.possible[other as usize] += 1;
                    state.existing_moves += 1;
                }
            }
        }
        state.unknown_moves = state.existing_moves;
        if let Some(lonely) = board
            .free_squares()
            .find(|&square| state.possible[square as usize] < 2)
        {
            state.contradiction = Some(vec![lonely]);
        }
        state
    }

    /// The open square one step from `square` in `direction` (0 right, 1 down), if any.
    fn step(&self, square: Square, direction: u32) -> Option<Square> {
        let (x, y) = self.board.coords(square);
        let (x, y) = match direction {
            0 => (x as i64 + 1, y as i64),
            _ => (x as i64, y as i64 + 1),
        };
        self.board
            .checked_square(x, y)
            .filter(|&other| self.board.is_free(other))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What is known of move `id`.
    pub fn get(&self, id: MoveId) -> MoveState {
        self.moves[id as usize]
    }

    /// The two squares of move `id`, the smaller first.
    pub fn squares(&self, id: MoveId) -> SquarePair {
        let square = id / 2;
        let other = match id % 2 {
            0 => square + 1,
            _ => square + self.board.cols(),
        };
        [square, other]
    }

    /// The move joining two adjacent squares, if they are adjacent.
    pub fn between(&self, a: Square, b: Square) -> Option<MoveId> {
        let [low, high] = [a.min(b), a.max(b)];
        let (lx, ly) = self.board.coords(low);
        let (hx, hy) = self.board.coords(high);
        match (hx.checked_sub(lx), hy.checked_sub(ly)) {
            (Some(1), Some(0)) => Some(2 * low),
            (Some(0), Some(1)) => Some(2 * low + 1),
            _ => None,
        }
    }

    /// The moves of `square` that exist (between two open cells), with the square each leads
    /// to: at most four.
    pub fn moves_at(&self, square: Square) -> impl Iterator<Item = (MoveId, Square)> + '_ {
        let (x, y) = self.board.coords(square);
        let cols = self.board.cols();
        let left = (x > 0).then(|| (2 * (square - 1), square - 1));
        let up = (y > 0).then(|| (2 * (square - cols) + 1, square - cols));
        let right = Some((2 * square, square + 1));
        let down = Some((2 * square + 1, square + cols));
        [left, up, right, down]
            .into_iter()
            .flatten()
            .filter(|&(id, _)| self.existing(id))
    }

    /// Whether move `id` joins two open cells of the board.
    fn existing(&self, id: MoveId) -> bool {
        let square = id / 2;
        let (x, y) = self.board.coords(square);
        let other = match id % 2 {
            0 if x + 1 < self.board.cols() => square + 1,
            1 if y + 1 < self.board.rows() => square + self.board.cols(),
            _ => return false,
        };
        self.board.is_free(square) && self.board.is_free(other)
    }

    /// The unknown moves of `square`, with the square each leads to.
    pub fn unknown_at(&self, square: Square) -> impl Iterator<Item = (MoveId, Square)> + '_ {
        self.moves_at(square)
            .filter(|&(id, _)| self.moves[id as usize] == MoveState::Unknown)
    }

    /// The used moves of `square`.
    pub fn used_count(&self, square: Square) -> u8 {
        self.used[square as usize]
    }

    /// The moves of `square` that are used or unknown.
    pub fn possible_count(&self, square: Square) -> u8 {
        self.possible[square as usize]
    }

    /// The open cells of the board.
    pub fn open_cells(&self) -> usize {
        self.open_cells
    }

    /// The moves between two open cells.
    pub fn existing_moves(&self) -> usize {
        self.existing_moves
    }

    /// The moves not decided yet.
    pub fn unknown_moves(&self) -> usize {
        self.unknown_moves
    }

    /// Whether the used moves form one loop through every open cell.
    pub fn is_solved(&self) -> bool {
        self.closed
    }

    /// The cells where no loop is possible, once a change has shown it.
    pub fn contradiction(&self) -> Option<&[Square]> {
        self.contradiction.as_deref()
    }

    fn find(&mut self, square: Square) -> Square {
        let mut root = square;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        let mut walk = square;
        while self.parent[walk as usize] != root {
            let next = self.parent[walk as usize];
            self.parent[walk as usize] = root;
            walk = next;
        }
        root
    }

    /// The path piece of used moves through `square`: its two ends and its cells.
    pub fn piece(&mut self, square: Square) -> ([Square; 2], u32) {
        let root = self.find(square);
        (self.ends[root as usize], self.length[root as usize])
    }

    /// The path piece through `square` without compressing the union-find (for readers that
    /// hold the state shared).
    pub fn piece_of(&self, square: Square) -> ([Square; 2], u32) {
        let mut root = square;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        (self.ends[root as usize], self.length[root as usize])
    }

    /// Records that no loop agrees with the state, at `cells` (the first such record stays).
    pub fn contradict(&mut self, cells: Vec<Square>) {
        if self.contradiction.is_none() {
            self.contradiction = Some(cells);
        }
    }

    /// Marks unknown move `id` used: its cells join one path piece (or close the loop).
    pub fn use_move(&mut self, id: MoveId) {
        debug_assert_eq!(self.moves[id as usize], MoveState::Unknown);
        self.moves[id as usize] = MoveState::Used;
        self.unknown_moves -= 1;
        let [a, b] = self.squares(id);
        for square in [a, b] {
            self.used[square as usize] += 1;
            if self.used[square as usize] > 2 {
                self.contradict(vec![square]);
            }
        }
        let (root_a, root_b) = (self.find(a), self.find(b));
        if root_a == root_b {
            if self.length[root_a as usize] as usize == self.open_cells {
                self.closed = true;
            } else {
                self.contradict(vec![a, b]);
            }
            return;
        }
        let far = |ends: [Square; 2], near: Square| if ends[0] == near { ends[1] } else { ends[0] };
        let ends = [
            far(self.ends[root_a as usize], a),
            far(self.ends[root_b as usize], b),
        ];
        let (big, small) = match self.length[root_a as usize] >= self.length[root_b as usize] {
            true => (root_a, root_b),
            false => (root_b, root_a),
        };
        self.parent[small as usize] = big;
        self.length[big as usize] += self.length[small as usize];
        self.ends[big as usize] = ends;
    }

    /// Marks unknown move `id` excluded.
    pub fn exclude(&mut self, id: MoveId) {
        debug_assert_eq!(self.moves[id as usize], MoveState::Unknown);
        self.moves[id as usize] = MoveState::Excluded;
        self.unknown_moves -= 1;
        for square in self.squares(id) {
            self.possible[square as usize] -= 1;
            if self.possible[square as usize] < 2 {
                self.contradict(vec![square]);
            }
        }
    }

    /// Every existing move's number, in order.
    pub fn all_moves(&self) -> impl Iterator<Item = MoveId> + '_ {
        (0..self.moves.len() as u32).filter(|&id| self.existing(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn used_moves_join_pieces_whose_ends_are_known() {
        let board: Board = "...\n...\n".parse().unwrap();
        let mut state = State::new(&board);
        let (a1, b1, c1) = (board.square(0, 0), board.square(1, 0), board.square(2, 0));
        state.use_move(state.between(a1, b1).unwrap());
        state.use_move(state.between(b1, c1).unwrap());
        let (mut ends, length) = state.piece_of(b1);
        ends.sort_unstable();
        assert_eq!((ends, length), ([a1, c1], 3));
        assert_eq!(state.contradiction(), None);
    }

    #[test]
    fn closing_a_loop_that_misses_cells_is_a_contradiction() {
        let board: Board = "...\n...\n".parse().unwrap();
        let mut state = State::new(&board);
        let corner = |x, y| board.square(x, y);
        for [a, b] in [
            [(0, 0), (1, 0)],
            [(1, 0), (1, 1)],
            [(1, 1), (0, 1)],
            [(0, 1), (0, 0)],
        ] {
            state.use_move(state.between(corner(a.0, a.1), corner(b.0, b.1)).unwrap());
        }
        assert!(!state.is_solved());
        assert!(state.contradiction().is_some());
    }

    #[test]
    fn closing_the_loop_through_every_cell_solves_it() {
        let board: Board = "..\n..\n".parse().unwrap();
        let mut state = State::new(&board);
        for id in state.all_moves().collect::<Vec<_>>() {
            state.use_move(id);
        }
        assert!(state.is_solved());
        assert_eq!(state.contradiction(), None);
        assert_eq!(state.unknown_moves(), 0);
    }
}
