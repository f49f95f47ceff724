//! Simple Loop puzzles: boards whose rook circuit is unique, carved from a planted loop.
//!
//! A loop is planted over the whole board (the outline of a random tree of 2 x 2 blocks, as
//! [`super::planted`] grows it with `fill` 1), so every square starts free and on the loop.
//! Squares are then shaded two at a time by removing a bump of the loop: where the loop walks
//! `a`, `c`, `d`, `b` round a 2 x 2 square whose side `a`-`b` it does not use, `c` and `d` are
//! shaded and the loop takes `a`-`b` instead. So the planted loop stays a loop through every
//! free square at every step. First random bumps go until the share of shaded squares asked
//! for is reached; then, while the SAT engine finds a second loop, a bump is removed in each
//! connected piece of the squares where the two loops differ (or, where none can be, next to
//! it), and the board is asked again. The board returned has exactly one loop: the last
//! answer was the solver's proof that no second one exists.

use super::{bump, unbump, Circuit, GenError, Grid};
use crate::core::board::{Board, Square};
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::core::rng::SplitMix64;
use crate::core::tour::Tour;
use crate::count::{distinct_tours, CountError};
use crate::engine::{Limits, Stop};

/// Rounds of "find a second loop, shade where it differs" before giving up.
const MAX_ROUNDS: u32 = 10_000;

/// A board of `rows` x `cols` whose rook circuit is unique, with at least about `shaded` of its
/// squares shaded (none asked: as few as uniqueness needs), the same for the same `seed`.
pub fn puzzle(
    rows: u64,
    cols: u64,
    shaded: Option<f64>,
    seed: u64,
    limits: &Limits,
) -> Result<Board, GenError> {
    if rows < 2 || cols < 2 {
        return Err(GenError::TooSmall(format!(
            "a puzzle needs at least 2 rows and 2 columns, not {rows} x {cols}"
        )));
    }
    let planted = super::planted(rows, cols, 1.0, 0, seed)?;
    let mut grid = Grid::blocked(rows, cols)?;
    for square in planted.board.free_squares() {
        grid.free[square as usize] = true;
    }
    let mut circuit = circuit_of(&planted.circuit, grid.free.len());
    let mut length = planted.circuit.len();
    let mut rng = SplitMix64::new(crate::core::rng::hash(seed, 0x5155_4c45));
    let target = (shaded.unwrap_or(0.0).clamp(0.0, 1.0) * grid.free.len() as f64) as usize;
    let mut tries = 0usize;
    while grid.free.len() - length < target && tries < 100 * grid.free.len() {
        tries += 1;
        let square = rng.below(grid.free.len() as u64) as Square;
        if grid.free[square as usize] {
            unbump(
                &mut grid,
                &mut circuit,
                &mut length,
                square,
                rng.below(2) as usize,
            );
        }
    }
    for _ in 0..MAX_ROUNDS {
        let board = grid.to_board()?;
        let loops = two_loops(&board, limits)?;
        let Some((other, differing)) = loops
            .iter()
            .map(|other| (other, differing_squares(&circuit, &grid, other)))
            .find(|(_, differing)| differing.contains(&true))
        else {
            return Ok(board);
        };
        let pieces = pieces(&grid, &differing);
        let mut changed = unbump_near(&mut grid, &mut circuit, &mut length, &pieces, &mut rng);
        if !changed {
            // The other loop is a loop of this board too: its bumps may be removed instead.
            circuit = circuit_of(other, grid.free.len());
            changed = unbump_near(&mut grid, &mut circuit, &mut length, &pieces, &mut rng);
        }
        if !changed {
            changed = bump_in(&mut grid, &mut circuit, &mut length, &pieces, &mut rng);
        }
        if !changed {
            // Nothing changes near the difference: a bump elsewhere changes the board.
            changed = (0..grid.free.len()).any(|_| {
                let square = rng.below(grid.free.len() as u64) as Square;
                let side = rng.below(2) as usize;
                grid.free[square as usize]
                    && unbump(&mut grid, &mut circuit, &mut length, square, side)
            });
        }
        if !changed {
            return Err(GenError::Failed(format!(
                "no square could be shaded where two loops of the {rows} x {cols} board differ"
            )));
        }
    }
    Err(GenError::Failed(format!(
        "the {rows} x {cols} board still had two loops after {MAX_ROUNDS} rounds"
    )))
}

/// Up to two rook circuits of `board`: one (the planted loop) when it is the only one.
fn two_loops(board: &Board, limits: &Limits) -> Result<Vec<Tour>, GenError> {
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    match distinct_tours(&problem, 2, limits, &mut |_| {}) {
        Ok(distinct) => Ok(distinct.tours),
        Err(CountError::Stopped(Stop::Timeout)) => Err(GenError::Failed(
            "timed out before the puzzle was unique".to_string(),
        )),
        Err(error) => Err(GenError::Failed(format!(
            "asking for a second loop failed: {error}"
        ))),
    }
}

/// Flags of the free squares whose two neighbours on `other` are not those on the circuit.
fn differing_squares(circuit: &Circuit, grid: &Grid, other: &Tour) -> Vec<bool> {
    let mut differing = vec![false; grid.free.len()];
    let squares = other.squares();
    for (index, &square) in squares.iter().enumerate() {
        let before = squares[(index + squares.len() - 1) % squares.len()];
        let after = squares[(index + 1) % squares.len()];
        let [a, b] = circuit.partners[square as usize];
        differing[square as usize] = !((a == before && b == after) || (a == after && b == before));
    }
    differing
}

/// The pieces of the flagged squares joined by rook steps, each a list of squares.
fn pieces(grid: &Grid, flagged: &[bool]) -> Vec<Vec<Square>> {
    let mut seen = vec![false; flagged.len()];
    let mut pieces = Vec::new();
    for start in 0..flagged.len() {
        if !flagged[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![start as Square];
        let mut next = 0;
        while next < piece.len() {
            let square = piece[next];
            next += 1;
            for neighbour in grid.rook_neighbours(square) {
                if flagged[neighbour as usize] && !seen[neighbour as usize] {
                    seen[neighbour as usize] = true;
                    piece.push(neighbour);
                }
            }
        }
        pieces.push(piece);
    }
    pieces
}

/// The circuit of `tour`, a closed tour, on a grid of `squares` squares.
fn circuit_of(tour: &Tour, squares: usize) -> Circuit {
    let mut circuit = Circuit {
        partners: vec![[0, 0]; squares],
    };
    let walk = tour.squares();
    for (index, &square) in walk.iter().enumerate() {
        let before = walk[(index + walk.len() - 1) % walk.len()];
        let after = walk[(index + 1) % walk.len()];
        circuit.partners[square as usize] = [before, after];
    }
    circuit
}

/// Removes a bump of the circuit in each of `pieces` (at a random square of the piece, or
/// failing that at a square beside it); whether any was removed.
fn unbump_near(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    pieces: &[Vec<Square>],
    rng: &mut SplitMix64,
) -> bool {
    let mut changed = false;
    for piece in pieces {
        let mut candidates = piece.clone();
        rng.shuffle(&mut candidates);
        let beside: Vec<Square> = candidates
            .iter()
            .flat_map(|&square| grid.rook_neighbours(square).collect::<Vec<_>>())
            .collect();
        candidates.extend(beside);
        for square in candidates {
            if !grid.free[square as usize] {
                continue;
            }
            let first_side = rng.below(2) as usize;
            if [first_side, 1 - first_side]
                .into_iter()
                .any(|side| unbump(grid, circuit, length, square, side))
            {
                changed = true;
                break;
            }
        }
    }
    changed
}

/// Adds a bump to the circuit at a square of each of `pieces`, which changes what a second
/// loop must cover there; whether any was added.
fn bump_in(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    pieces: &[Vec<Square>],
    rng: &mut SplitMix64,
) -> bool {
    let mut changed = false;
    for piece in pieces {
        let square = piece[rng.below(piece.len() as u64) as usize];
        for _ in 0..4 {
            if bump(grid, circuit, length, square, rng.below(2) as usize, rng) {
                changed = true;
                break;
            }
        }
    }
    changed
}
