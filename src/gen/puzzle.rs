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
//! it), and the board is asked again. With a share asked for, shaded pairs are then reopened
//! toward it ([`super::reopen`]) and the whole board is asked again the same way. The board
//! returned has exactly one loop: the last answer was the solver's proof that no second one
//! exists.

use super::reopen::reopen;
use super::window::{Rect, Window};
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

/// Times the puzzle is reopened toward the share asked for and proved unique again (again only
/// while the reopening reached the share and the proof's rounds shaded past it).
const MAX_REOPENINGS: u32 = 8;

/// Rounds of "find a second loop inside a window, shade where it differs" in one window before
/// leaving it to the whole board's rounds.
const MAX_WINDOW_ROUNDS: u32 = 200;

/// The side of the square windows the board is first made unique in, a window each half side.
const WINDOW: u64 = 10;

/// Squares round the place where two loops differ that its window takes in.
const MARGIN: u64 = 2;

/// The most squares a window round the whole of a difference may have: larger differences are
/// settled piece by piece.
const MAX_WINDOW_SQUARES: u64 = 1600;

/// Refuses a puzzle of `rows` x `cols` smaller than 2 x 2, which has no loop.
pub(super) fn check_puzzle_size(rows: u64, cols: u64) -> Result<(), GenError> {
    if rows < 2 || cols < 2 {
        return Err(GenError::TooSmall(format!(
            "a puzzle needs at least 2 rows and 2 columns, not {rows} x {cols}"
        )));
    }
    Ok(())
}

/// A board of `rows` x `cols` whose rook circuit is unique, the same for the same `seed`. With
/// `shaded`, a share of the squares to aim at: squares are shaded at random up to it, then where
/// two loops differ, then reopened down toward it while the loop stays unique (the least share
/// reached is about a quarter); without it, no reopening (about 55 to 60% shaded).
pub fn puzzle(
    rows: u64,
    cols: u64,
    shaded: Option<f64>,
    seed: u64,
    limits: &Limits,
) -> Result<Board, GenError> {
    check_puzzle_size(rows, cols)?;
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
    let mut carving = Carving {
        grid,
        circuit,
        length,
        rng,
    };
    for rect in tiles(rows, cols) {
        carving.settle(rect, limits)?;
    }
    carving.break_swaps();
    let mut best = carving.prove_unique(limits)?;
    if shaded.is_none() {
        return Ok(best);
    }
    for _ in 0..MAX_REOPENINGS {
        if best.len() - best.free_count() <= target {
            break;
        }
        reopen(
            &mut carving.grid,
            &mut carving.circuit,
            &mut carving.length,
            target,
            &mut carving.rng,
            limits,
        )?;
        let reached = carving.grid.free.len() - carving.length <= target;
        let board = carving.prove_unique(limits)?;
        if board.free_count() > best.free_count() {
            best = board;
        }
        if !reached {
            break;
        }
    }
    Ok(best)
}

/// A puzzle being carved: the grid, the planted circuit through its free squares, and the
/// circuit's length.
struct Carving {
    grid: Grid,
    circuit: Circuit,
    length: usize,
    rng: SplitMix64,
}

impl Carving {
    /// Asks the whole board for a second loop and, while there is one, shades where the two
    /// differ; the board once the solver proves its loop unique.
    fn prove_unique(&mut self, limits: &Limits) -> Result<Board, GenError> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        for _ in 0..MAX_ROUNDS {
            let board = self.grid.to_board()?;
            let loops = two_loops(&board, limits)?;
            let Some((other, differing)) = loops
                .iter()
                .map(|other| {
                    let differing = differing_squares(&self.circuit, &self.grid, other);
                    (other, differing)
                })
                .find(|(_, differing)| differing.contains(&true))
            else {
                return Ok(board);
            };
            let pieces = pieces(&self.grid, &differing);
            let mut changed = false;
            for rect in windows_round(&self.grid, &pieces) {
                changed |= self.settle(rect, limits)?;
            }
            if !changed && !self.change_near(&pieces, other) {
                return Err(GenError::Failed(format!(
                    "no square could be shaded where two loops of the {rows} x {cols} board differ"
                )));
            }
        }
        Err(GenError::Failed(format!(
            "the {rows} x {cols} board still had two loops after {MAX_ROUNDS} rounds"
        )))
    }

    /// Shades squares until the loop inside `rect` cannot change while it stays as it is
    /// outside (or the window's rounds run out); whether anything was shaded.
    fn settle(&mut self, rect: Rect, limits: &Limits) -> Result<bool, GenError> {
        let mut changed = false;
        for _ in 0..MAX_WINDOW_ROUNDS {
            let Some(window) = Window::new(&self.grid, &self.circuit, self.length, rect) else {
                break;
            };
            let Some(other) = window.other_loop(limits)? else {
                break;
            };
            let differing = window.differing_squares(&other, self.grid.free.len());
            let pieces = pieces(&self.grid, &differing);
            let other_circuit = window.circuit_of(&other, &self.circuit);
            if !self.change_around(&pieces, other_circuit) {
                break;
            }
            changed = true;
        }
        Ok(changed)
    }

    /// Shades squares next to each 2 x 2 square of free squares whose two opposite sides the
    /// circuit uses, until none is left or a pass changes nothing. Trading those sides for the
    /// other two splits the loop in two, and two such trades far apart may join it again: a
    /// second loop that no window sees, which the whole board's rounds would find one pair at
    /// a time.
    fn break_swaps(&mut self) {
        for _ in 0..MAX_WINDOW_ROUNDS {
            let swaps = self.swaps();
            if swaps.is_empty() {
                return;
            }
            let mut changed = false;
            for swap in swaps {
                if self.circuit.swaps_at(&self.grid, swap[0]) {
                    let Carving {
                        grid,
                        circuit,
                        length,
                        rng,
                    } = self;
                    changed |= unbump_near(grid, circuit, length, &[swap.to_vec()], rng);
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The 2 x 2 squares (by their four squares, the top left first) whose two opposite sides
    /// the circuit uses.
    fn swaps(&self) -> Vec<[Square; 4]> {
        (0..self.grid.free.len() as Square)
            .filter(|&square| self.circuit.swaps_at(&self.grid, square))
            .filter_map(|square| self.grid.square_of_four(square))
            .collect()
    }

    /// Shades or opens squares at each of `pieces`, where the circuit and `other`, a loop of the
    /// board (a circuit), differ: whether anything changed.
    fn change_around(&mut self, pieces: &[Vec<Square>], other: Circuit) -> bool {
        let Carving {
            grid,
            circuit,
            length,
            rng,
        } = self;
        if unbump_near(grid, circuit, length, pieces, rng) {
            return true;
        }
        // The other loop is a loop of this board too: its bumps may be removed instead.
        *circuit = other;
        unbump_near(grid, circuit, length, pieces, rng)
            || bump_in(grid, circuit, length, pieces, rng)
    }

    /// As [`Carving::change_around`] with `other` a tour, and failing that a bump removed
    /// anywhere: whether anything changed.
    fn change_near(&mut self, pieces: &[Vec<Square>], other: &Tour) -> bool {
        let other = circuit_of(other, self.grid.free.len());
        if self.change_around(pieces, other) {
            return true;
        }
        // Nothing changes near the difference: a bump elsewhere changes the board.
        let Carving {
            grid,
            circuit,
            length,
            rng,
        } = self;
        (0..grid.free.len()).any(|_| {
            let square = rng.below(grid.free.len() as u64) as Square;
            let side = rng.below(2) as usize;
            grid.free[square as usize] && unbump(grid, circuit, length, square, side)
        })
    }
}

/// Windows of [`WINDOW`] squares a side over a board of `rows` x `cols`, one each half side, so
/// that each place lies well inside some window.
pub(super) fn tiles(rows: u64, cols: u64) -> Vec<Rect> {
    let starts = |size: u64| -> Vec<u64> {
        let last = size.saturating_sub(WINDOW);
        let mut starts: Vec<u64> = (0..=last).step_by((WINDOW / 2) as usize).collect();
        if starts.last() != Some(&last) {
            starts.push(last);
        }
        starts
    };
    let mut rects = Vec::new();
    for &top in &starts(rows) {
        for &left in &starts(cols) {
            rects.push(Rect {
                left,
                top,
                right: (left + WINDOW).min(cols),
                bottom: (top + WINDOW).min(rows),
            });
        }
    }
    rects
}

/// Windows round the places where two loops differ, [`MARGIN`] squares wider: one round all of
/// `pieces` when it is small enough, else one round each piece.
pub(super) fn windows_round(grid: &Grid, pieces: &[Vec<Square>]) -> Vec<Rect> {
    let around = |squares: &mut dyn Iterator<Item = &Square>| -> Rect {
        let (mut rect, mut first) = (
            Rect {
                left: 0,
                top: 0,
                right: 0,
                bottom: 0,
            },
            true,
        );
        for &square in squares {
            let (x, y) = (square as u64 % grid.cols, square as u64 / grid.cols);
            if first {
                rect = Rect {
                    left: x,
                    top: y,
                    right: x + 1,
                    bottom: y + 1,
                };
                first = false;
            }
            rect.left = rect.left.min(x);
            rect.top = rect.top.min(y);
            rect.right = rect.right.max(x + 1);
            rect.bottom = rect.bottom.max(y + 1);
        }
        Rect {
            left: rect.left.saturating_sub(MARGIN),
            top: rect.top.saturating_sub(MARGIN),
            right: (rect.right + MARGIN).min(grid.cols),
            bottom: (rect.bottom + MARGIN).min(grid.rows),
        }
    };
    let whole = around(&mut pieces.iter().flatten());
    if (whole.right - whole.left) * (whole.bottom - whole.top) <= MAX_WINDOW_SQUARES {
        return vec![whole];
    }
    pieces
        .iter()
        .map(|piece| around(&mut piece.iter()))
        .collect()
}

/// Up to two rook circuits of `board`: one (the planted loop) when it is the only one.
pub(super) fn two_loops(board: &Board, limits: &Limits) -> Result<Vec<Tour>, GenError> {
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
pub(super) fn differing_squares(circuit: &Circuit, grid: &Grid, other: &Tour) -> Vec<bool> {
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
pub(super) fn pieces(grid: &Grid, flagged: &[bool]) -> Vec<Vec<Square>> {
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
pub(super) fn circuit_of(tour: &Tour, squares: usize) -> Circuit {
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
