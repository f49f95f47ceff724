//! Reproducible board generators: planted rook circuits, random blocked boards, holes.

use crate::board::{Board, BoardError, Square};
use crate::piece::{MoveGraph, Piece};
use std::collections::VecDeque;

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// boards on every machine and every version of toursat.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A board that certainly has a rook circuit: a random tree of 2 x 2 blocks, grown over about
/// `fill` of the board's blocks (at least one), whose outline is a circuit through every free
/// square; every square outside the tree's blocks is blocked.
pub fn planted(rows: u64, cols: u64, fill: f64, seed: u64) -> Result<Board, BoardError> {
    let mut board = Board::new(rows, cols)?;
    let (block_rows, block_cols) = (rows / 2, cols / 2);
    let mut rng = SplitMix64::new(seed);
    let mut in_tree = vec![false; (block_rows * block_cols) as usize];
    if !in_tree.is_empty() {
        let target = ((in_tree.len() as f64 * fill.clamp(0.0, 1.0)) as usize).max(1);
        let first = rng.below(in_tree.len() as u64) as usize;
        in_tree[first] = true;
        let mut frontier = vec![first];
        let mut grown = 1;
        while grown < target && !frontier.is_empty() {
            let pick = rng.below(frontier.len() as u64) as usize;
            let block = frontier[pick];
            let (bx, by) = (block as u64 % block_cols, block as u64 / block_cols);
            let options: Vec<usize> = [(0i64, -1i64), (0, 1), (-1, 0), (1, 0)]
                .iter()
                .filter_map(|&(dx, dy)| {
                    let (nx, ny) = (bx as i64 + dx, by as i64 + dy);
                    let inside =
                        nx >= 0 && ny >= 0 && nx < block_cols as i64 && ny < block_rows as i64;
                    let next = (ny as u64 * block_cols + nx as u64) as usize;
                    (inside && !in_tree[next]).then_some(next)
                })
                .collect();
            if options.is_empty() {
                frontier.swap_remove(pick);
                continue;
            }
            let next = options[rng.below(options.len() as u64) as usize];
            in_tree[next] = true;
            frontier.push(next);
            grown += 1;
        }
    }
    for y in 0..rows {
        for x in 0..cols {
            let block = (y / 2 < block_rows && x / 2 < block_cols)
                .then(|| ((y / 2) * block_cols + x / 2) as usize);
            if !block.is_some_and(|block| in_tree[block]) {
                board.block_at(x as i64, y as i64)?;
            }
        }
    }
    Ok(board)
}

/// A board with squares blocked independently with probability `density`, then adjusted so that
/// the cheap proofs do not settle it for the rook: colours balanced, every free square with at
/// least two free neighbours, free squares connected. `None` if `attempts` draws all fail.
pub fn random(rows: u64, cols: u64, density: f64, seed: u64, attempts: u32) -> Option<Board> {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..attempts {
        let mut board = Board::new(rows, cols).ok()?;
        for square in 0..board.len() as Square {
            if rng.unit() < density {
                board.block(square);
            }
        }
        balance_colours(&mut board, &mut rng);
        let graph = MoveGraph::new(&board, Piece::Rook);
        let well_connected = board.free_squares().all(|square| graph.degree(square) >= 2)
            && is_connected(&board, &graph);
        if well_connected && board.free_count() >= 4 {
            return Some(board);
        }
    }
    None
}

/// A `rows` x `cols` board with `holes` distinct squares blocked at random.
pub fn holes(rows: u64, cols: u64, holes: u64, seed: u64) -> Result<Board, BoardError> {
    let mut board = Board::new(rows, cols)?;
    let mut rng = SplitMix64::new(seed);
    let holes = holes.min(board.len() as u64);
    while (board.len() - board.free_count()) < holes as usize {
        board.block(rng.below(board.len() as u64) as Square);
    }
    Ok(board)
}

/// Blocks random free squares of the more common colour until both colours are equal.
fn balance_colours(board: &mut Board, rng: &mut SplitMix64) {
    let mut counts = [0i64; 2];
    for square in board.free_squares() {
        counts[board.colour(square) as usize] += 1;
    }
    let majority = if counts[0] > counts[1] { 0 } else { 1 };
    let mut excess = (counts[0] - counts[1]).abs();
    while excess > 0 {
        let square = rng.below(board.len() as u64) as Square;
        if board.is_free(square) && board.colour(square) == majority {
            board.block(square);
            excess -= 1;
        }
    }
}

/// Whether the free squares of `board` form one piece under the moves of `graph`.
fn is_connected(board: &Board, graph: &MoveGraph) -> bool {
    let Some(first) = board.free_squares().next() else {
        return false;
    };
    let mut seen = vec![false; board.len()];
    seen[first as usize] = true;
    let mut queue = VecDeque::from([first]);
    let mut reached = 1;
    while let Some(square) = queue.pop_front() {
        for &next in graph.neighbours(square) {
            if !seen[next as usize] {
                seen[next as usize] = true;
                reached += 1;
                queue.push_back(next);
            }
        }
    }
    reached == board.free_count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_board() {
        assert_eq!(
            planted(20, 30, 0.8, 7).unwrap(),
            planted(20, 30, 0.8, 7).unwrap()
        );
        assert_eq!(random(12, 12, 0.1, 3, 100), random(12, 12, 0.1, 3, 100));
    }

    #[test]
    fn random_boards_balance_colours() {
        let board = random(16, 16, 0.1, 11, 1000).unwrap();
        let even = board
            .free_squares()
            .filter(|&s| board.colour(s) == 0)
            .count();
        assert_eq!(even * 2, board.free_count());
    }

    #[test]
    fn holes_blocks_exactly_that_many() {
        let board = holes(8, 8, 5, 1).unwrap();
        assert_eq!(board.free_count(), 59);
    }
}
