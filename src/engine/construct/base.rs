//! Base tours: knight's tours of small blocks that hold the moves the joins between blocks use.
//!
//! A block of `rows` x `cols` lends one move to each of its four possible joins:
//!
//! - right: `(cols-2, 0)-(cols-1, 2)`, exchanged with the right neighbour's left move, which is
//!   the same move shifted by `(2, 1)`;
//! - left: `(0, 1)-(1, 3)`;
//! - down: `(0, rows-2)-(2, rows-1)`, exchanged with the lower neighbour's up move, the same move
//!   shifted by `(1, 2)`;
//! - up: `(1, 0)-(3, 1)`.
//!
//! With sides of at least 5 the eight squares are distinct. The tours are found by toursat's
//! SAT engine (`cutset`), with the four moves assumed, on first use and kept for the process.

use crate::core::board::Board;
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, TourShape};
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::SatOptions;
use crate::engine::Limits;
use crate::verify::board::verify;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The side of a block a join lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The join with the block to the right (this block lends `a-b`).
    Right,
    /// The join with the block to the left.
    Left,
    /// The join with the block below.
    Down,
    /// The join with the block above.
    Up,
}

impl Side {
    /// The four sides, in the order of their role numbers.
    pub const ALL: [Side; 4] = [Side::Right, Side::Left, Side::Down, Side::Up];

    /// The move a block of `rows` x `cols` lends to this join, as two `(x, y)` squares.
    pub fn join_move(self, rows: u32, cols: u32) -> [(u32, u32); 2] {
        match self {
            Side::Right => [(cols - 2, 0), (cols - 1, 2)],
            Side::Left => [(0, 1), (1, 3)],
            Side::Down => [(0, rows - 2), (2, rows - 1)],
            Side::Up => [(1, 0), (3, 1)],
        }
    }

    /// Where the join sends each square of the lent move: that square moved by this `(dx, dy)`.
    pub fn shift(self) -> (i32, i32) {
        match self {
            Side::Right => (2, 1),
            Side::Left => (-2, -1),
            Side::Down => (1, 2),
            Side::Up => (-1, -2),
        }
    }
}

/// A step `(dx, dy)` from a square to one of its partners; `(0, 0)` for none (a path's end).
pub type Step = (i8, i8);

/// The missing partner of a path's end.
pub const NO_STEP: Step = (0, 0);

/// A tour of a small block (closed, or open when both sides are odd), as each square's two
/// partners, with the squares the joins use marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseTour {
    cols: u32,
    partners: Vec<[Step; 2]>,
    roles: Vec<u8>,
}

impl BaseTour {
    /// The steps to the two partners of the square at `(x, y)`, row-major index `local`.
    pub fn partners(&self, local: usize) -> [Step; 2] {
        self.partners[local]
    }

    /// The join the square at `local` lends a move to, and which of its two partners that move
    /// goes to; `None` for squares no join touches.
    pub fn role(&self, local: usize) -> Option<(Side, usize)> {
        let role = self.roles[local];
        (role != 0).then(|| (Side::ALL[(role as usize - 1) / 2], (role as usize - 1) % 2))
    }

    /// The squares with one partner (the ends of an open base tour), as `(x, y)`.
    pub fn ends(&self) -> Vec<(u32, u32)> {
        (0..self.partners.len())
            .filter(|&local| self.partners[local].contains(&NO_STEP))
            .map(|local| (local as u32 % self.cols, local as u32 / self.cols))
            .collect()
    }
}

/// Why a base tour could not be made.
pub type BaseError = String;

/// Base tours found so far, by block size and fixed start and end.
type Cache = Mutex<HashMap<(u32, u32, Option<u32>, Option<u32>), Option<Arc<BaseTour>>>>;

/// The base tour of a `rows` x `cols` block (both sides 5 to 15): closed unless both sides are
/// odd, open then, and starting on the square `start` (row-major index) if given; found by SAT
/// on first use and cached. `None` when no such tour holds the join moves.
pub fn base_tour(
    rows: u32,
    cols: u32,
    start: Option<u32>,
) -> Result<Option<Arc<BaseTour>>, BaseError> {
    cached(rows, cols, start, None)
}

/// A base path of a `rows` x `cols` block (both sides 5 to 15) from the square `from` to the
/// square `to` (row-major indices) through every square, holding the four join moves; found by
/// SAT on first use and cached. `None` when there is none.
pub fn base_path(
    rows: u32,
    cols: u32,
    from: u32,
    to: u32,
) -> Result<Option<Arc<BaseTour>>, BaseError> {
    cached(rows, cols, Some(from), Some(to))
}

/// The base tour or path with these ends, from the cache or found and cached.
fn cached(
    rows: u32,
    cols: u32,
    start: Option<u32>,
    end: Option<u32>,
) -> Result<Option<Arc<BaseTour>>, BaseError> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (rows, cols, start, end);
    if let Some(tour) = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(&key)
    {
        return Ok(tour.clone());
    }
    let tour = find_base_tour(rows, cols, start, end)?.map(Arc::new);
    cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key, tour.clone());
    Ok(tour)
}

/// Solves for the base tour of a `rows` x `cols` block with the four join moves assumed (and
/// the start and end, if given: a path then); `None` when there is none.
fn find_base_tour(
    rows: u32,
    cols: u32,
    start: Option<u32>,
    end: Option<u32>,
) -> Result<Option<BaseTour>, BaseError> {
    if !(5..=15).contains(&rows) || !(5..=15).contains(&cols) {
        return Err(format!("no base tour for a {rows} x {cols} block"));
    }
    let shape = if (rows % 2 == 1 && cols % 2 == 1) || end.is_some() {
        TourShape::Open
    } else {
        TourShape::Closed
    };
    let board = Board::new(rows as u64, cols as u64).map_err(|error| error.to_string())?;
    let mut problem = Problem::new(board, Piece::Knight, shape);
    if let Some(start) = start.filter(|&start| start < rows * cols) {
        problem = problem.with_start(start);
    }
    if let Some(end) = end {
        if end >= rows * cols || Some(end) == start {
            return Ok(None);
        }
        problem = problem.with_end(end);
    }
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let mut refinement = Refinement::new(&problem, &graph, &SatOptions::default(), &Limits::none());
    let joins: Vec<[u32; 2]> = Side::ALL
        .iter()
        .map(|side| side.join_move(rows, cols).map(|(x, y)| y * cols + x))
        .collect();
    // Every square is free, so a square's vertex in the cycle graph is its index.
    let found = refinement
        .cycle_using(&joins)
        .map_err(|stop| format!("the {rows} x {cols} base tour: SAT stopped: {stop:?}"))?;
    let Some(cycle) = found else {
        return Ok(None);
    };
    let tour = refinement.graph().tour_of_cycle(&cycle);
    verify(&problem, &tour).map_err(|error| format!("the {rows} x {cols} base tour: {error}"))?;
    let squares = tour.squares();
    let count = squares.len();
    let step = |from: u32, to: u32| -> Step {
        let dx = (to % cols) as i32 - (from % cols) as i32;
        let dy = (to / cols) as i32 - (from / cols) as i32;
        (dx as i8, dy as i8)
    };
    let mut partners = vec![[NO_STEP; 2]; count];
    for (position, &square) in squares.iter().enumerate() {
        let before = match (position, shape) {
            (0, TourShape::Open) => None,
            _ => Some(squares[(position + count - 1) % count]),
        };
        let after = match (position + 1 == count, shape) {
            (true, TourShape::Open) => None,
            _ => Some(squares[(position + 1) % count]),
        };
        partners[square as usize] = [before, after].map(|other| match other {
            Some(other) => step(square, other),
            None => NO_STEP,
        });
    }
    let mut roles = vec![0u8; count];
    for (side_index, join) in joins.iter().enumerate() {
        for (end, &square) in join.iter().enumerate() {
            let mate = join[1 - end];
            let slot = partners[square as usize]
                .iter()
                .position(|&partner| partner == step(square, mate))
                .ok_or_else(|| format!("the {rows} x {cols} base tour lacks a join move"))?;
            roles[square as usize] = 1 + 2 * side_index as u8 + slot as u8;
        }
    }
    Ok(Some(BaseTour {
        cols,
        partners,
        roles,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_from_5_to_15_has_a_base_tour_with_its_join_moves() {
        for rows in 5..=15 {
            for cols in 5..=15 {
                let tour = base_tour(rows, cols, None).unwrap().unwrap();
                let ends = tour.ends().len();
                assert_eq!(ends, if rows % 2 == 1 && cols % 2 == 1 { 2 } else { 0 });
                for side in Side::ALL {
                    for (x, y) in side.join_move(rows, cols) {
                        let (role, _) = tour.role((y * cols + x) as usize).unwrap();
                        assert_eq!(role, side);
                    }
                }
            }
        }
    }

    #[test]
    fn refuses_blocks_outside_5_to_15() {
        assert!(base_tour(4, 8, None).is_err());
        assert!(base_tour(8, 16, None).is_err());
    }

    #[test]
    fn open_base_tours_start_where_asked() {
        let tour = base_tour(9, 11, Some(2 * 11 + 4)).unwrap().unwrap();
        assert!(tour.ends().contains(&(4, 2)));
        assert_eq!(base_tour(5, 5, Some(1)).unwrap(), None);
    }
}
