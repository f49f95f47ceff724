//! Reproducible board generators: planted rook circuits, repaired random boards, holes, regions,
//! puzzles with one loop.

use crate::core::board::{Board, BoardError, Square};
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, TourShape};
use crate::core::rng::SplitMix64;
use crate::core::tour::Tour;
use crate::engine::proof::cheap::cheap_proof;
use crate::engine::proof::regions::RegionProof;
use crate::engine::Impossibility;
use crate::graph::cut_squares::cut_squares;
use std::collections::VecDeque;
use std::fmt;

mod difficulty;
mod ends;
mod puzzle;
mod region;
mod reopen;
mod reroute;
mod shade;
mod symmetry;
mod window;

pub use difficulty::Difficulty;
pub use ends::open_ends;
pub use puzzle::puzzle;
pub use region::{region, RegionBoard, RegionOptions, RegionShape};
pub use shade::{
    largest_shaded_group, sparse_puzzle, DIFFICULTY_ATTEMPTS, DRAWN_TWICE_ABOVE, EXACT_SQUARES,
    GROUP_ATTEMPTS, MAX_GROUP, REDRAWN_SQUARES, SMALL_DIFFICULTY_ATTEMPTS, SMALL_SQUARES,
};
pub use symmetry::Symmetry;

/// Why a board could not be generated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenError {
    /// The size is not a board.
    Board(BoardError),
    /// The generator needs a larger board.
    TooSmall(String),
    /// An option is out of the generator's range.
    BadOption(String),
    /// Every attempt ended on a board the generator does not keep (the cheap proofs settle it,
    /// say).
    Failed(String),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Board(error) => error.fmt(f),
            GenError::TooSmall(why) | GenError::BadOption(why) | GenError::Failed(why) => {
                f.write_str(why)
            }
        }
    }
}

impl std::error::Error for GenError {}

impl From<BoardError> for GenError {
    fn from(error: BoardError) -> GenError {
        GenError::Board(error)
    }
}

/// The four rook steps.
const ROOK_STEPS: [(i64, i64); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];

/// Free and blocked squares under construction, one flag a square, and the region (if any)
/// that no cycle may leave.
struct Grid {
    rows: u64,
    cols: u64,
    free: Vec<bool>,
    /// The squares of a region board's region, free or not: a cycle stays inside it or outside
    /// it (none on other boards).
    in_region: Vec<bool>,
}

impl Grid {
    /// A grid of `rows` x `cols` blocked squares (sizes checked by [`Board::new`] first), with
    /// no region.
    fn blocked(rows: u64, cols: u64) -> Result<Grid, GenError> {
        let board = Board::new(rows, cols)?;
        Ok(Grid {
            rows,
            cols,
            free: vec![false; board.len()],
            in_region: vec![false; board.len()],
        })
    }

    /// The grid of `board`'s free squares, with no region.
    fn of_board(board: &Board) -> Grid {
        let free: Vec<bool> = (0..board.len() as Square)
            .map(|square| board.is_free(square))
            .collect();
        Grid {
            rows: board.rows() as u64,
            cols: board.cols() as u64,
            in_region: vec![false; free.len()],
            free,
        }
    }

    /// Whether a cycle through `square` may take in `other`: blocked, and on the same side of
    /// the region's edge.
    fn may_join(&self, square: Square, other: Square) -> bool {
        !self.free[other as usize]
            && self.in_region[other as usize] == self.in_region[square as usize]
    }

    /// The square `(dx, dy)` away from `square`, if on the grid.
    fn step(&self, square: Square, dx: i64, dy: i64) -> Option<Square> {
        let (x, y) = (
            (square as u64 % self.cols) as i64 + dx,
            (square as u64 / self.cols) as i64 + dy,
        );
        let inside = x >= 0 && y >= 0 && x < self.cols as i64 && y < self.rows as i64;
        inside.then(|| (y as u64 * self.cols + x as u64) as Square)
    }

    /// The 2 x 2 square with top left `square`, row by row, if it lies on the grid.
    fn square_of_four(&self, square: Square) -> Option<[Square; 4]> {
        let right = self.step(square, 1, 0)?;
        let below = self.step(square, 0, 1)?;
        let corner = self.step(square, 1, 1)?;
        Some([square, right, below, corner])
    }

    /// The rook neighbours of `square` on the grid, free or not.
    fn rook_neighbours(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        ROOK_STEPS
            .iter()
            .filter_map(move |&(dx, dy)| self.step(square, dx, dy))
    }

    /// Free rook neighbours of `square`.
    fn free_degree(&self, square: Square) -> usize {
        self.rook_neighbours(square)
            .filter(|&next| self.free[next as usize])
            .count()
    }

    /// The chessboard colour of `square`.
    fn colour(&self, square: Square) -> usize {
        ((square as u64 % self.cols + square as u64 / self.cols) % 2) as usize
    }

    /// The board with these free squares.
    fn to_board(&self) -> Result<Board, GenError> {
        let mut board = Board::new(self.rows, self.cols)?;
        for (square, &free) in self.free.iter().enumerate() {
            if !free {
                board.block(square as Square);
            }
        }
        Ok(board)
    }
}

/// A planted board and the rook circuit it was built around.
#[derive(Debug, Clone)]
pub struct Planted {
    /// The board: the circuit's squares free, every other square blocked.
    pub board: Board,
    /// A rook circuit through every free square.
    pub circuit: Tour,
}

/// A rook circuit, or any set of disjoint rook cycles (a 2-factor of its squares), kept as the
/// two cycle neighbours of each of its squares.
struct Circuit {
    partners: Vec<[Square; 2]>,
}

impl Circuit {
    /// Whether `a`-`b` is an edge of a cycle.
    fn has_edge(&self, a: Square, b: Square) -> bool {
        self.partners[a as usize].contains(&b)
    }

    /// Whether the 2 x 2 square of `grid` with top left `square` is free and the circuit uses
    /// two of its opposite sides and neither other side: trading those sides for the other two
    /// splits a loop in two.
    fn swaps_at(&self, grid: &Grid, square: Square) -> bool {
        let Some([a, b, c, d]) = grid.square_of_four(square) else {
            return false;
        };
        if [a, b, c, d].iter().any(|&s| !grid.free[s as usize]) {
            return false;
        }
        let has = |x: Square, y: Square| self.has_edge(x, y);
        // a b
        // c d
        let (top, bottom, left, right) = (has(a, b), has(c, d), has(a, c), has(b, d));
        (top && bottom && !left && !right) || (left && right && !top && !bottom)
    }

    /// The cycle neighbour of `square` other than `previous`.
    fn other(&self, square: Square, previous: Square) -> Square {
        let [x, y] = self.partners[square as usize];
        if x == previous {
            y
        } else {
            x
        }
    }

    /// Replaces the circuit edge `a`-`b` by the path `a`, `path`..., `b` through new squares.
    fn splice(&mut self, a: Square, b: Square, path: &[Square]) {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return;
        };
        self.replace(a, b, first);
        self.replace(b, a, last);
        for (index, &square) in path.iter().enumerate() {
            let before = if index == 0 { a } else { path[index - 1] };
            let after = path.get(index + 1).copied().unwrap_or(b);
            self.partners[square as usize] = [before, after];
        }
    }

    /// Makes `new` a partner of `square` in place of `old`.
    fn replace(&mut self, square: Square, old: Square, new: Square) {
        for partner in &mut self.partners[square as usize] {
            if *partner == old {
                *partner = new;
                return;
            }
        }
    }

    /// The circuit walked from `start`.
    fn walk(&self, start: Square, length: usize) -> Tour {
        let mut squares = Vec::with_capacity(length);
        let (mut previous, mut current) = (self.partners[start as usize][1], start);
        for _ in 0..length {
            squares.push(current);
            let [a, b] = self.partners[current as usize];
            let next = if a == previous { b } else { a };
            (previous, current) = (current, next);
        }
        Tour::new(squares)
    }
}

/// A board that certainly has a rook circuit: a random tree of 2 x 2 blocks, grown over about
/// `fill` of the board's blocks (at least one), whose outline is a circuit through every free
/// square; then `perturb` random changes that keep a circuit: a bump (two blocked squares beside
/// a circuit edge freed and walked round) or the removal of one. Every other square is blocked.
pub fn planted(
    rows: u64,
    cols: u64,
    fill: f64,
    perturb: u64,
    seed: u64,
) -> Result<Planted, GenError> {
    let mut grid = Grid::blocked(rows, cols)?;
    let (block_rows, block_cols) = (rows / 2, cols / 2);
    if block_rows == 0 || block_cols == 0 {
        return Err(GenError::TooSmall(format!(
            "a planted board needs at least 2 rows and 2 columns, not {rows} x {cols}"
        )));
    }
    let mut rng = SplitMix64::new(seed);
    let mut circuit = Circuit {
        partners: vec![[0, 0]; grid.free.len()],
    };
    let corner = |block: u64| (block / block_cols * 2 * cols + block % block_cols * 2) as Square;
    let block_count = block_rows * block_cols;
    let first = rng.below(block_count);
    let origin = corner(first);
    let square_ring = [
        origin,
        origin + 1,
        origin + 1 + cols as Square,
        origin + cols as Square,
    ];
    for (index, &square) in square_ring.iter().enumerate() {
        grid.free[square as usize] = true;
        circuit.partners[square as usize] =
            [square_ring[(index + 3) % 4], square_ring[(index + 1) % 4]];
    }
    let mut in_tree = vec![false; block_count as usize];
    in_tree[first as usize] = true;
    let target = ((block_count as f64 * fill.clamp(0.0, 1.0)) as u64).max(1);
    let mut frontier = vec![first];
    let mut grown = 1;
    while grown < target && !frontier.is_empty() {
        let pick = rng.below(frontier.len() as u64) as usize;
        let block = frontier[pick];
        let (bx, by) = ((block % block_cols) as i64, (block / block_cols) as i64);
        let options: Vec<(i64, i64)> = ROOK_STEPS
            .iter()
            .copied()
            .filter(|&(dx, dy)| {
                let (nx, ny) = (bx + dx, by + dy);
                nx >= 0
                    && ny >= 0
                    && nx < block_cols as i64
                    && ny < block_rows as i64
                    && !in_tree[(ny as u64 * block_cols + nx as u64) as usize]
            })
            .collect();
        if options.is_empty() {
            frontier.swap_remove(pick);
            continue;
        }
        let (dx, dy) = options[rng.below(options.len() as u64) as usize];
        let next = ((by + dy) as u64 * block_cols + (bx + dx) as u64) as usize;
        in_tree[next] = true;
        frontier.push(next as u64);
        grown += 1;
        // The side of `block` facing `next` is an edge p-q of the circuit (no block has been
        // joined there); walk round `next` instead: p, p', p'', q'', q', q.
        let (px, py, along) = match (dx, dy) {
            (1, 0) => (2 * bx + 1, 2 * by, (0, 1)),
            (-1, 0) => (2 * bx, 2 * by, (0, 1)),
            (0, 1) => (2 * bx, 2 * by + 1, (1, 0)),
            _ => (2 * bx, 2 * by, (1, 0)),
        };
        let at = |x: i64, y: i64| (y as u64 * cols + x as u64) as Square;
        let p = at(px, py);
        let q = at(px + along.0, py + along.1);
        let path = [
            at(px + dx, py + dy),
            at(px + 2 * dx, py + 2 * dy),
            at(px + along.0 + 2 * dx, py + along.1 + 2 * dy),
            at(px + along.0 + dx, py + along.1 + dy),
        ];
        for &square in &path {
            grid.free[square as usize] = true;
        }
        circuit.splice(p, q, &path);
    }
    let mut length = grid.free.iter().filter(|&&free| free).count();
    let (mut made, mut tries) = (0, 0u64);
    while made < perturb && tries < perturb.saturating_mul(50).saturating_add(100) {
        tries += 1;
        if perturb_once(&mut grid, &mut circuit, &mut length, &mut rng) {
            made += 1;
        }
    }
    let board = grid.to_board()?;
    let start = board.free_squares().next().unwrap_or(0);
    Ok(Planted {
        circuit: circuit.walk(start, length),
        board,
    })
}

/// Tries one change at a random square that keeps a circuit; whether it was made.
fn perturb_once(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    rng: &mut SplitMix64,
) -> bool {
    let a = rng.below(grid.free.len() as u64) as Square;
    if !grid.free[a as usize] {
        return false;
    }
    let side = rng.below(2) as usize;
    if rng.below(2) == 0 {
        bump(grid, circuit, length, a, side, rng)
    } else {
        unbump(grid, circuit, length, a, side)
    }
}

/// A bump: the cycle edge from `a` to its partner `side` walked round two blocked squares beside
/// it (on a random side of it) that its cycle may take in; whether it was made.
fn bump(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    a: Square,
    side: usize,
    rng: &mut SplitMix64,
) -> bool {
    let b = circuit.partners[a as usize][side];
    let Some((c, d)) = beside_edge(grid, a, b, rng) else {
        return false;
    };
    bump_round(grid, circuit, length, [a, b], [c, d])
}

/// The bump of the cycle edge `a`-`b` round `c` and `d`, the squares beside `a` and `b` on one
/// side of it: when both are blocked and its cycle may take them in, they are freed and the
/// cycle walks `a`, `c`, `d`, `b`; whether it was made.
fn bump_round(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    [a, b]: [Square; 2],
    [c, d]: [Square; 2],
) -> bool {
    if !grid.may_join(a, c) || !grid.may_join(a, d) {
        return false;
    }
    grid.free[c as usize] = true;
    grid.free[d as usize] = true;
    circuit.splice(a, b, &[c, d]);
    *length += 2;
    true
}

/// The squares beside `a` and `b` (a rook move) on a random side of the move, if on the grid:
/// with them, a 2 x 2 square.
fn beside_edge(
    grid: &Grid,
    a: Square,
    b: Square,
    rng: &mut SplitMix64,
) -> Option<(Square, Square)> {
    let (ax, ay) = ((a as u64 % grid.cols) as i64, (a as u64 / grid.cols) as i64);
    let (bx, by) = ((b as u64 % grid.cols) as i64, (b as u64 / grid.cols) as i64);
    let sign = if rng.below(2) == 0 { 1 } else { -1 };
    let (nx, ny) = ((by - ay) * sign, (bx - ax) * sign);
    Some((grid.step(a, nx, ny)?, grid.step(b, nx, ny)?))
}

/// The removal of a bump: `a`-c-d-b, c the partner `side` of `a` and `b` beside `a`, becomes
/// the edge `a`-`b` (unless the cycle is those four squares); whether it was made.
fn unbump(
    grid: &mut Grid,
    circuit: &mut Circuit,
    length: &mut usize,
    a: Square,
    side: usize,
) -> bool {
    let c = circuit.partners[a as usize][side];
    let d = circuit.other(c, a);
    let b = circuit.other(d, c);
    let beside = grid.rook_neighbours(a).any(|next| next == b);
    if *length <= 4 || !beside || circuit.other(b, d) == a {
        return false;
    }
    grid.free[c as usize] = false;
    grid.free[d as usize] = false;
    circuit.replace(a, c, b);
    circuit.replace(b, d, a);
    *length -= 2;
    true
}

/// An exchange: the cycle edge from `a` to its partner `side` and a cycle edge beside it (on a
/// random side), both on one side of the region's edge, become the two edges across the
/// 2 x 2 square they make; it joins two cycles or splits one. Whether it was made.
fn exchange(
    grid: &Grid,
    circuit: &mut Circuit,
    a: Square,
    side: usize,
    rng: &mut SplitMix64,
) -> bool {
    let b = circuit.partners[a as usize][side];
    let Some((c, d)) = beside_edge(grid, a, b, rng) else {
        return false;
    };
    let one_side = grid.in_region[c as usize] == grid.in_region[a as usize]
        && grid.in_region[d as usize] == grid.in_region[a as usize];
    let parallel = grid.free[c as usize] && grid.free[d as usize] && circuit.has_edge(c, d);
    if !one_side || !parallel || circuit.has_edge(a, c) || circuit.has_edge(b, d) {
        return false;
    }
    circuit.replace(a, b, c);
    circuit.replace(b, a, d);
    circuit.replace(c, d, a);
    circuit.replace(d, c, b);
    true
}

/// A board with squares blocked independently with probability `density`, then repaired until
/// the cheap proofs do not settle its rook circuit: squares with fewer than two free neighbours
/// get one freed beside them, only the largest piece of free squares is kept, a blocked square
/// beside each cut square is freed, colours are balanced by freeing squares of the rarer
/// colour with two free neighbours (or blocking the other colour), and a small sealed region
/// (a few squares no circuit can leave) is blocked. Up to `attempts` draws.
pub fn random(
    rows: u64,
    cols: u64,
    density: f64,
    seed: u64,
    attempts: u32,
) -> Result<Board, GenError> {
    let mut grid = Grid::blocked(rows, cols)?;
    if rows < 2 || cols < 2 {
        return Err(GenError::TooSmall(format!(
            "a rook circuit needs at least 2 rows and 2 columns, not {rows} x {cols}"
        )));
    }
    let mut rng = SplitMix64::new(seed);
    let mut shortages = 0;
    for _ in 0..attempts {
        for free in grid.free.iter_mut() {
            *free = rng.unit() >= density;
        }
        match repair(&mut grid, &mut rng)? {
            Repaired::Board(board) => return Ok(board),
            Repaired::MoveShortage => shortages += 1,
            Repaired::GaveUp => {}
        }
    }
    let why = if shortages * 2 > attempts {
        format!(
            " ({shortages} ended in a shortage of moves somewhere, which the repair does not mend: \
             a lower --density blocks fewer squares)"
        )
    } else {
        String::new()
    };
    Err(GenError::Failed(format!(
        "no {rows} x {cols} board at density {density} survived repair in {attempts} attempts{why}"
    )))
}

/// What the repair of a drawn grid ends with.
enum Repaired {
    /// A board the cheap proofs leave open.
    Board(Board),
    /// The repair gave up on a shortage of moves (a flow's Hall cut), which it does not mend.
    MoveShortage,
    /// The repair gave up otherwise.
    GaveUp,
}

/// Repairs a drawn grid.
fn repair(grid: &mut Grid, rng: &mut SplitMix64) -> Result<Repaired, GenError> {
    for _ in 0..100 {
        raise_degrees(grid, rng);
        keep_largest_piece(grid);
        let cuts = cut_squares(&MoveGraph::new(&grid.to_board()?, Piece::Rook));
        if !cuts.is_empty() {
            for cut in cuts {
                let around: Vec<Square> = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                    .filter_map(|(dx, dy)| grid.step(cut, dx, dy))
                    .filter(|&square| !grid.free[square as usize])
                    .collect();
                if !around.is_empty() {
                    let freed = around[rng.below(around.len() as u64) as usize];
                    grid.free[freed as usize] = true;
                }
            }
            continue;
        }
        if !balance_colours(grid, rng) {
            continue;
        }
        let board = grid.to_board()?;
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, Piece::Rook);
        match cheap_proof(&problem, &graph) {
            None => return Ok(Repaired::Board(problem.board)),
            Some(Impossibility::SealedRegions(proof)) => {
                if !block_small_region(grid, &proof) {
                    return Ok(Repaired::GaveUp);
                }
            }
            Some(Impossibility::MoveShortage { .. }) => return Ok(Repaired::MoveShortage),
            Some(_) => return Ok(Repaired::GaveUp),
        }
    }
    Ok(Repaired::GaveUp)
}

/// A sealed region of at most this share of the free squares is blocked by the repair; a
/// larger one ends the draw.
pub(super) const SMALL_REGION_SHARE: f64 = 0.01;

/// Blocks the first region of `proof` when it is small (a few squares that no circuit can
/// leave, common at a few percent of blocked squares); whether it did.
fn block_small_region(grid: &mut Grid, proof: &RegionProof) -> bool {
    let free = grid.free.iter().filter(|&&free| free).count();
    let Some(region) = proof.regions.first() else {
        return false;
    };
    if region.squares.len() as f64 > SMALL_REGION_SHARE * free as f64 {
        return false;
    }
    for &square in &region.squares {
        grid.free[square as usize] = false;
    }
    true
}

/// Frees a blocked neighbour of every free square with fewer than two free neighbours, until
/// none is left.
fn raise_degrees(grid: &mut Grid, rng: &mut SplitMix64) {
    let mut waiting: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| grid.free[square as usize])
        .collect();
    while let Some(square) = waiting.pop() {
        if !grid.free[square as usize] || grid.free_degree(square) >= 2 {
            continue;
        }
        let blocked: Vec<Square> = grid
            .rook_neighbours(square)
            .filter(|&next| !grid.free[next as usize])
            .collect();
        if blocked.is_empty() {
            continue;
        }
        let freed = blocked[rng.below(blocked.len() as u64) as usize];
        grid.free[freed as usize] = true;
        waiting.push(freed);
        waiting.push(square);
    }
}

/// Blocks every free square outside the largest piece of rook-connected free squares.
fn keep_largest_piece(grid: &mut Grid) {
    let mut piece_of = vec![u32::MAX; grid.free.len()];
    let mut sizes = Vec::new();
    for first in 0..grid.free.len() as Square {
        if !grid.free[first as usize] || piece_of[first as usize] != u32::MAX {
            continue;
        }
        let piece = sizes.len() as u32;
        piece_of[first as usize] = piece;
        let mut queue = VecDeque::from([first]);
        let mut size = 0usize;
        while let Some(square) = queue.pop_front() {
            size += 1;
            for next in grid.rook_neighbours(square) {
                if grid.free[next as usize] && piece_of[next as usize] == u32::MAX {
                    piece_of[next as usize] = piece;
                    queue.push_back(next);
                }
            }
        }
        sizes.push(size);
    }
    let largest = (0..sizes.len()).max_by_key(|&piece| (sizes[piece], usize::MAX - piece));
    for (square, free) in grid.free.iter_mut().enumerate() {
        *free = *free && Some(piece_of[square] as usize) == largest;
    }
}

/// Balances the colours: frees squares of the rarer colour that have two free neighbours (which
/// keeps the free squares joined without cut squares), else blocks squares of the commoner
/// colour. Whether the colours were balanced without blocking.
fn balance_colours(grid: &mut Grid, rng: &mut SplitMix64) -> bool {
    let mut counts = [0i64; 2];
    for square in 0..grid.free.len() as Square {
        if grid.free[square as usize] {
            counts[grid.colour(square)] += 1;
        }
    }
    let rarer = if counts[0] < counts[1] { 0 } else { 1 };
    let mut excess = (counts[0] - counts[1]).abs();
    let mut candidates: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| !grid.free[square as usize] && grid.colour(square) == rarer)
        .collect();
    rng.shuffle(&mut candidates);
    for square in candidates {
        if excess == 0 {
            return true;
        }
        if grid.free_degree(square) >= 2 {
            grid.free[square as usize] = true;
            excess -= 1;
        }
    }
    if excess == 0 {
        return true;
    }
    let mut commoner: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| grid.free[square as usize] && grid.colour(square) != rarer)
        .collect();
    rng.shuffle(&mut commoner);
    for square in commoner.into_iter().take(excess as usize) {
        grid.free[square as usize] = false;
    }
    false
}

/// A `rows` x `cols` board with `holes` distinct squares blocked at random, their colours
/// chosen to keep the colour counts as even as they can be when `piece` alternates colours;
/// drawn again (up to `attempts` times) while the cheap proofs settle `piece`'s open tour.
///
/// When every such draw fails (many holes leave squares with a single move, more than an open
/// tour has ends), the holes are drawn up to `attempts` times more, passing over any square
/// whose blocking would leave a free square with fewer than two moves. The first draws are as
/// they always were, so a board that could be drawn before keeps its seed.
pub fn holes(
    rows: u64,
    cols: u64,
    holes: u64,
    piece: Piece,
    seed: u64,
    attempts: u32,
) -> Result<Board, GenError> {
    let empty = Board::new(rows, cols)?;
    if holes >= empty.len() as u64 {
        return Err(GenError::TooSmall(format!(
            "{holes} holes leave no free square on a {rows} x {cols} board"
        )));
    }
    let mut rng = SplitMix64::new(seed);
    for keep_two_moves in [false, true] {
        for _ in 0..attempts {
            let Some(board) = draw_holes(&empty, holes, piece, keep_two_moves, &mut rng) else {
                continue;
            };
            let problem = Problem::new(board, piece, TourShape::Open);
            let graph = MoveGraph::new(&problem.board, piece);
            if cheap_proof(&problem, &graph).is_none() {
                return Ok(problem.board);
            }
        }
    }
    Err(GenError::Failed(format!(
        "every {rows} x {cols} board with {holes} holes in {attempts} attempts has no open {piece} tour by the cheap proofs"
    )))
}

/// Draws tries per hole, for each square of the board, before a careful draw gives up.
const DRAWS_PER_SQUARE: u64 = 8;

/// `empty` with `holes` squares blocked at random (colours balanced as in [`holes`]); with
/// `keep_two_moves`, passing over squares whose blocking would leave a free square with fewer
/// than two `piece` moves, and `None` when one hole takes more than [`DRAWS_PER_SQUARE`] draws
/// per square of the board.
fn draw_holes(
    empty: &Board,
    holes: u64,
    piece: Piece,
    keep_two_moves: bool,
    rng: &mut SplitMix64,
) -> Option<Board> {
    let mut board = empty.clone();
    let steps = piece.steps();
    let moves_from = |board: &Board, square: Square| {
        let (x, y) = board.coords(square);
        steps
            .iter()
            .filter_map(|&(dx, dy)| {
                board.checked_square(x as i64 + dx as i64, y as i64 + dy as i64)
            })
            .filter(|&target| board.is_free(target))
            .collect::<Vec<Square>>()
    };
    let mut free_of_colour = [0u64; 2];
    for square in board.free_squares() {
        free_of_colour[board.colour(square) as usize] += 1;
    }
    for _ in 0..holes {
        let colour = match free_of_colour[0].cmp(&free_of_colour[1]) {
            _ if !piece.is_bipartite() => None,
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => Some(rng.below(2) as u8),
        };
        let mut draws = 0;
        loop {
            let square = rng.below(board.len() as u64) as Square;
            draws += 1;
            if board.is_free(square) && colour.is_none_or(|c| board.colour(square) == c) {
                let starves = keep_two_moves
                    && moves_from(&board, square)
                        .into_iter()
                        .any(|neighbour| moves_from(&board, neighbour).len() <= 2);
                if !starves {
                    board.block(square);
                    free_of_colour[board.colour(square) as usize] -= 1;
                    break;
                }
            }
            if keep_two_moves && draws > DRAWS_PER_SQUARE * board.len() as u64 {
                return None;
            }
        }
    }
    Some(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::board::verify;

    #[test]
    fn planted_circuit_is_a_rook_circuit_of_the_board() {
        for seed in 0..20 {
            let planted = planted(13, 17, 0.6, 30, seed).unwrap();
            let problem = Problem::new(planted.board.clone(), Piece::Rook, TourShape::Closed);
            verify(&problem, &planted.circuit).unwrap();
        }
    }

    #[test]
    fn random_boards_balance_colours() {
        let board = random(16, 16, 0.05, 11, 100).unwrap();
        let even = board
            .free_squares()
            .filter(|&s| board.colour(s) == 0)
            .count();
        assert_eq!(even * 2, board.free_count());
    }

    #[test]
    fn random_boards_have_no_cut_square() {
        let board = random(30, 30, 0.05, 5, 100).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, Piece::Rook);
        assert_eq!(cheap_proof(&problem, &graph), None);
    }

    #[test]
    fn holes_blocks_exactly_that_many() {
        let board = holes(8, 8, 5, Piece::Knight, 1, 100).unwrap();
        assert_eq!(board.free_count(), 59);
    }

    #[test]
    fn careful_draws_keep_two_moves_at_every_square() {
        let empty = Board::new(20, 20).unwrap();
        let mut rng = SplitMix64::new(1);
        let board = draw_holes(&empty, 120, Piece::King, true, &mut rng).unwrap();
        assert_eq!(board.free_count(), 280);
        let graph = MoveGraph::new(&board, Piece::King);
        assert!(board.free_squares().all(|square| graph.degree(square) >= 2));
    }

    #[test]
    fn a_third_of_the_board_in_holes_is_drawn_with_care() {
        // Random draws of 30% holes on 60 x 60 leave more squares with a single king move than
        // an open tour has ends; the careful draws that follow them give a board.
        let board = holes(60, 60, 1080, Piece::King, 1, 5).unwrap();
        assert_eq!(board.free_count(), 2520);
        let problem = Problem::new(board, Piece::King, TourShape::Open);
        let graph = MoveGraph::new(&problem.board, Piece::King);
        assert_eq!(cheap_proof(&problem, &graph), None);
    }
}
