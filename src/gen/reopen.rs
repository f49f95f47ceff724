//! Reopening shaded squares of a puzzle: bumps added to its loop where no second loop appears
//! near them.
//!
//! Two shaded squares `c`, `d` beside a move `a`-`b` of the loop (the four a 2 x 2 square) are
//! opened and the loop walks `a`, `c`, `d`, `b` instead: the reverse of removing a bump, so the
//! loop stays a loop through every free square. The opening is kept when the loop cannot change
//! inside a window round the square while it stays as it is outside (asked only when `c` or `d`
//! has a free neighbour besides the loop's), and when it leaves no 2 x 2 square whose two
//! opposite sides the loop uses (two of those far apart make a second loop no window sees).
//! A kept opening is no proof for the whole board: the puzzle asks the whole board afterwards.

use super::window::{Rect, Window};
use super::{bump_round, unbump, Circuit, GenError, Grid};
use crate::core::board::Square;
use crate::core::rng::SplitMix64;
use crate::engine::Limits;

/// Squares round a reopened 2 x 2 square that the window asked about it takes in.
const MARGIN: u64 = 5;

/// Passes over the candidates: an opening kept makes new moves of the loop, beside which
/// further pairs may be opened in the next pass.
const MAX_PASSES: u32 = 20;

/// Opens pairs of shaded squares beside the loop's moves, in random order, keeping each where
/// the window round it shows no second loop, until at most `target` squares are shaded or no
/// pair is left.
pub(super) fn reopen(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    target: usize,
    rng: &mut SplitMix64,
    limits: &Limits,
) -> Result<(), GenError> {
    for _ in 0..MAX_PASSES {
        let mut candidates = candidates(grid, circuit);
        rng.shuffle(&mut candidates);
        let mut kept_any = false;
        for [a, b, c, d] in candidates {
            if grid.free.len() - *length <= target {
                return Ok(());
            }
            kept_any |= try_open(grid, circuit, length, [a, b, c, d], limits)?;
        }
        if !kept_any {
            break;
        }
    }
    Ok(())
}

/// Every 2 x 2 square `[a, b, c, d]` with `a`-`b` a move of the loop and `c`, `d` (beside `a`
/// and `b`) shaded.
fn candidates(grid: &Grid, circuit: &Circuit) -> Vec<[Square; 4]> {
    let mut found = Vec::new();
    for a in 0..grid.free.len() as Square {
        if !grid.free[a as usize] {
            continue;
        }
        for b in circuit.partners[a as usize] {
            if b < a {
                continue;
            }
            // The step from a to b, turned a quarter each way.
            let (ax, ay) = ((a as u64 % grid.cols) as i64, (a as u64 / grid.cols) as i64);
            let (bx, by) = ((b as u64 % grid.cols) as i64, (b as u64 / grid.cols) as i64);
            for sign in [1, -1] {
                let (dx, dy) = ((by - ay) * sign, (bx - ax) * sign);
                let (Some(c), Some(d)) = (grid.step(a, dx, dy), grid.step(b, dx, dy)) else {
                    continue;
                };
                if !grid.free[c as usize] && !grid.free[d as usize] {
                    found.push([a, b, c, d]);
                }
            }
        }
    }
    found
}

/// Opens `c` and `d` beside the loop's move `a`-`b` and keeps them open if the window round them
/// shows no second loop and no swap appears; whether they were kept.
fn try_open(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    [a, b, c, d]: [Square; 4],
    limits: &Limits,
) -> Result<bool, GenError> {
    let still_open_to_it = grid.free[a as usize]
        && circuit.has_edge(a, b)
        && !grid.free[c as usize]
        && !grid.free[d as usize];
    if !still_open_to_it || !bump_round(grid, circuit, length, [a, b], [c, d]) {
        return Ok(false);
    }
    if !keeps_one_loop(grid, circuit, *length, [a, b, c, d], limits)? {
        let side = usize::from(circuit.partners[a as usize][1] == c);
        unbump(grid, circuit, length, a, side);
        return Ok(false);
    }
    Ok(true)
}

/// Whether the loop, just walked round `c` and `d`, still looks like the only one near them: no
/// swap in a 2 x 2 square holding `c` or `d`, and (unless `c` and `d` each have only their two
/// loop neighbours free) no other loop inside the window round the square.
fn keeps_one_loop(
    grid: &Grid,
    circuit: &Circuit,
    length: usize,
    [a, b, c, d]: [Square; 4],
    limits: &Limits,
) -> Result<bool, GenError> {
    let corners = [c, d]
        .into_iter()
        .flat_map(|square| [(0, 0), (-1, 0), (0, -1), (-1, -1)].map(|(dx, dy)| (square, dx, dy)))
        .filter_map(|(square, dx, dy)| grid.step(square, dx, dy));
    if corners
        .into_iter()
        .any(|corner| circuit.swaps_at(grid, corner))
    {
        return Ok(false);
    }
    if grid.free_degree(c) == 2 && grid.free_degree(d) == 2 {
        // Both forced onto a-c-d-b: the loops are those of the board before, through a-b.
        return Ok(true);
    }
    let column = |square: Square| square as u64 % grid.cols;
    let row = |square: Square| square as u64 / grid.cols;
    let squares = [a, b, c, d];
    let rect = Rect {
        left: squares
            .iter()
            .map(|&s| column(s))
            .min()
            .unwrap_or(0)
            .saturating_sub(MARGIN),
        top: squares
            .iter()
            .map(|&s| row(s))
            .min()
            .unwrap_or(0)
            .saturating_sub(MARGIN),
        right: (squares.iter().map(|&s| column(s)).max().unwrap_or(0) + 1 + MARGIN).min(grid.cols),
        bottom: (squares.iter().map(|&s| row(s)).max().unwrap_or(0) + 1 + MARGIN).min(grid.rows),
    };
    let Some(window) = Window::new(grid, circuit, length, rect) else {
        return Ok(false);
    };
    Ok(window.other_loop(limits)?.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::verify::board::verify;

    /// A planted 12 x 12 board with bumps removed at random until about half of it is shaded:
    /// its grid, circuit and the circuit's length.
    fn half_shaded(seed: u64) -> (Grid, Circuit, usize) {
        let planted = super::super::planted(12, 12, 1.0, 0, seed).unwrap();
        let mut grid = Grid::blocked(12, 12).unwrap();
        let mut circuit = Circuit {
            partners: vec![[0, 0]; grid.free.len()],
        };
        let walk = planted.circuit.squares();
        for (index, &square) in walk.iter().enumerate() {
            grid.free[square as usize] = true;
            circuit.partners[square as usize] = [
                walk[(index + walk.len() - 1) % walk.len()],
                walk[(index + 1) % walk.len()],
            ];
        }
        let mut length = walk.len();
        let mut rng = SplitMix64::new(seed);
        while length > 72 {
            let square = rng.below(144) as Square;
            if grid.free[square as usize] {
                unbump(&mut grid, &mut circuit, &mut length, square, 0);
            }
        }
        (grid, circuit, length)
    }

    #[test]
    fn reopening_opens_squares_and_keeps_the_circuit_a_loop_through_every_free_square() {
        for seed in 1..=3 {
            let (mut grid, mut circuit, mut length) = half_shaded(seed);
            let mut rng = SplitMix64::new(seed);
            reopen(
                &mut grid,
                &mut circuit,
                &mut length,
                0,
                &mut rng,
                &Limits::none(),
            )
            .unwrap();
            let board = grid.to_board().unwrap();
            assert_eq!(board.free_count(), length, "seed {seed}");
            assert!(length > 72, "seed {seed}: nothing reopened\n{board}");
            let start = board.free_squares().next().unwrap();
            let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
            verify(&problem, &circuit.walk(start, length)).unwrap();
        }
    }

    #[test]
    fn reopening_stops_at_the_target() {
        let (mut grid, mut circuit, mut length) = half_shaded(1);
        let mut rng = SplitMix64::new(1);
        reopen(
            &mut grid,
            &mut circuit,
            &mut length,
            60,
            &mut rng,
            &Limits::none(),
        )
        .unwrap();
        assert!((59..=60).contains(&(144 - length)), "{}", 144 - length);
    }
}
