//! Region boards: rook boards that pass every local test, but whose region's colours keep every
//! closed circuit out (or, through one door, let one in).
//!
//! A region S of free squares is chosen so that every move between a square of S and a free
//! square outside it meets S at a square of one colour c, and S holds as many free squares of
//! colour c as of the other. In a 2-factor (two moves at every free square) the moves at the
//! squares of S of each colour are twice their count; each move inside S meets one square of
//! each colour, so the moves leaving S at c-squares, less those leaving at the other colour, are
//! twice S's surplus of c: nothing. No move leaves S at the other colour, so none leaves at all,
//! and no 2-factor is one circuit. Degrees, connectivity, cut squares, colour counts and the
//! 2-factor flow all pass. With a door (exactly one move out of S at a square of the other
//! colour) a circuit can go in at a c-square and out by the door.
//!
//! S's edge is one-coloured when S is a union of diamonds whose edges are: the diamond
//! `|x - cx| + |y - cy| <= r` at the board's centre, or a blob of small diamonds whose edges
//! are of one colour c. A square of S beside a square outside is on the edge of a diamond that
//! holds it, so it is of colour c.
//!
//! The cheap proofs' flow needs a 2-factor, one inside S and one outside, and a repaired random
//! board rarely has them: each square of S's edge needs both its moves from the ring inside it,
//! which is shorter, so the squares inside are tied up ring by ring and one hole spoils it. So
//! the board is built around a 2-factor that crosses no edge: each side tiled with 2 x 2
//! squares (cycles of four), the cycles joined by exchanges, grown by bumps (two squares walked
//! round) and holed by taking bumps away, two squares a hole. Small sealed regions that the
//! holes leave (a few squares in a pocket) are blocked, so that only S settles the board.

use super::{
    bump, exchange, keep_largest_piece, unbump, Circuit, GenError, Grid, SMALL_REGION_SHARE,
};
use crate::core::board::{Board, Square};
use crate::core::names::named;
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, TourShape};
use crate::core::rng::SplitMix64;
use crate::core::tour::Tour;
use crate::engine::flow::factor::{square_sides, two_factor};
use crate::engine::proof::cheap::cheap_proof;
use crate::engine::proof::regions::two_factor_pieces;
use crate::engine::{self, Answer, Impossibility, Limits, SolveOptions};
use crate::graph::cut_squares::cut_squares;
use crate::graph::cycle::CycleGraph;
use std::time::Duration;

/// The fewest rows and columns of a region board.
const MIN_SIDE: u64 = 8;

/// The fewest squares a region may be asked to cover.
const MIN_REGION: f64 = 16.0;

/// The radii of a blob's diamonds.
const BLOB_RADII: std::ops::RangeInclusive<i64> = 2..=6;

/// Rounds of changes per square that mix the tiling: exchanges and bumps.
const MIX_ROUNDS: u64 = 4;

/// Rounds of changes per square allowed for cutting the holes: exchanges and bumps taken away.
const HOLE_ROUNDS: u64 = 20;

/// How long the engine may look for the circuit of a board with a door before the board is
/// drawn again: on 300 x 300 boards a circuit takes it 2-4 s, a board it cannot settle is
/// dropped at the limit (so the same seed can give another board on a machine several times
/// slower).
const DOOR_SEARCH_LIMIT: Duration = Duration::from_secs(10);

/// The shape of a board's region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RegionShape {
    /// The squares within a rook distance (`|dx| + |dy|`) r of the board's centre: its edge,
    /// the squares at distance r, is of one colour.
    #[default]
    Diamond,
    /// Diamonds of random radius grown at random from a random square, each overlapping the
    /// blob so far, their edges all of one colour.
    Blob,
}

named!(RegionShape, "region shape", {
    Diamond => "diamond", "A diamond |x - cx| + |y - cy| <= r at the board's centre",
    Blob => "blob", "A blob of diamonds grown at random",
});

/// What a region board is made of.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RegionOptions {
    /// The region's shape.
    pub shape: RegionShape,
    /// About how much of the board the region covers (between 0 and 1, both excluded).
    pub share: f64,
    /// About how much of the board is blocked in holes, two squares a hole (0 to 1).
    pub density: f64,
    /// Whether the region has a door: one move out of it at a square of the other colour.
    pub door: bool,
}

/// A region board and the region that settles it.
#[derive(Debug, Clone)]
pub struct RegionBoard {
    /// The board.
    pub board: Board,
    /// The region's free squares, in increasing order: as many of each colour.
    pub region: Vec<Square>,
    /// The colour of the region's square on every move between the region and the rest of the
    /// free squares, but the door's.
    pub colour: u8,
    /// The door, region square first: the one move between the region and the rest at a region
    /// square of the other colour.
    pub door: Option<[Square; 2]>,
    /// With a door, a rook circuit of the board that toursat's engine found (verified).
    pub circuit: Option<Tour>,
}

/// A region and the colour of its edge.
struct Layout {
    /// The region's squares, free or not.
    in_region: Vec<bool>,
    /// The colour at which moves leave the region.
    colour: usize,
}

/// A region board (see the module's documentation): a region of `options.shape` over about
/// `options.share` of the board and a 2-factor on each side of its edge, holed until about
/// `options.density` of the board is blocked, kept if the cheap proofs settle it by sealed
/// regions alone (every local test passes) and no small sealed region is left. With
/// `options.door`, a square beside the region joins it by a bump and opens the door, and
/// toursat's engine must find a circuit within ten seconds. Up to `attempts` draws.
pub fn region(
    rows: u64,
    cols: u64,
    options: &RegionOptions,
    seed: u64,
    attempts: u32,
) -> Result<RegionBoard, GenError> {
    Board::new(rows, cols)?;
    if rows < MIN_SIDE || cols < MIN_SIDE {
        return Err(GenError::TooSmall(format!(
            "a region board needs at least {MIN_SIDE} rows and {MIN_SIDE} columns, not {rows} x {cols}"
        )));
    }
    if !(options.share > 0.0 && options.share < 1.0) {
        return Err(GenError::BadOption(format!(
            "the region's share of the board must be between 0 and 1 (both excluded), not {}",
            options.share
        )));
    }
    let region_squares = ((rows * cols) as f64 * options.share).round();
    if region_squares < MIN_REGION {
        return Err(GenError::TooSmall(format!(
            "a region of {} of a {rows} x {cols} board holds {region_squares} squares, fewer than {MIN_REGION}",
            options.share
        )));
    }
    if !(0.0..=1.0).contains(&options.density) {
        return Err(GenError::BadOption(format!(
            "the density must be from 0 to 1, not {}",
            options.density
        )));
    }
    let mut rng = SplitMix64::new(seed);
    for _ in 0..attempts {
        let mut grid = Grid::blocked(rows, cols)?;
        let layout = draw_layout(&grid, options, &mut rng)?;
        let split_diamond = options.door
            && options.shape == RegionShape::Diamond
            && !is_one_piece(&grid, |square| !layout.in_region[square as usize]);
        if split_diamond {
            return Err(GenError::BadOption(format!(
                "a diamond over {} of a {rows} x {cols} board splits the rest of it, and a circuit \
                 through one door must go round the rest in one piece",
                options.share
            )));
        }
        grid.in_region = layout.in_region;
        let mut cycles = tile(&mut grid, &mut rng);
        cut_holes(&mut grid, &mut cycles, options.density, &mut rng);
        join_all(&mut grid, &cycles, options.door)?;
        block_small_pieces(&mut grid, &cycles, options.door)?;
        let door = if options.door {
            match open_door(&mut grid, &mut cycles, &mut rng) {
                Some(door) => Some(door),
                None => continue,
            }
        } else {
            None
        };
        let problem = Problem::new(grid.to_board()?, Piece::Rook, TourShape::Closed);
        let region: Vec<Square> = problem
            .board
            .free_squares()
            .filter(|&square| grid.in_region[square as usize])
            .collect();
        // Most of the region is left, and something outside it.
        let region_kept = region.len() as f64 >= region_squares / 2.0;
        let both_sides = region_kept && region.len() < problem.board.free_count();
        let wrong_way = wrong_colour_moves(&grid, layout.colour);
        if !both_sides || wrong_way != door.into_iter().collect::<Vec<_>>() {
            continue;
        }
        let circuit = match door {
            // A board with a circuit passes the cheap proofs.
            Some(_) => match door_circuit(&grid, &problem) {
                Some(circuit) => Some(circuit),
                None => continue,
            },
            None if !settled_by_sealed_regions_alone(&problem) => continue,
            None => None,
        };
        return Ok(RegionBoard {
            board: problem.board,
            region,
            colour: layout.colour as u8,
            door,
            circuit,
        });
    }
    let (door, settled) = match options.door {
        true => (" with a door", "the engine found no circuit in time"),
        false => ("", "a local cheap proof settled the board"),
    };
    Err(GenError::Failed(format!(
        "no {rows} x {cols} {} region board{door} in {attempts} attempts: each time the region \
         was cut off, or {settled}",
        options.shape
    )))
}

/// The region and its colour for one draw.
fn draw_layout(
    grid: &Grid,
    options: &RegionOptions,
    rng: &mut SplitMix64,
) -> Result<Layout, GenError> {
    let target = (grid.free.len() as f64 * options.share).round() as usize;
    match options.shape {
        RegionShape::Diamond => {
            let distances = centre_distances(grid);
            let radius = diamond_radius(&distances, target).ok_or_else(|| {
                GenError::BadOption(format!(
                    "a diamond over {} of a {} x {} board covers all of it",
                    options.share, grid.rows, grid.cols
                ))
            })?;
            let (cx, cy) = (grid.cols / 2, grid.rows / 2);
            Ok(Layout {
                in_region: distances
                    .iter()
                    .map(|&distance| distance <= radius)
                    .collect(),
                colour: ((cx + cy + radius as u64) % 2) as usize,
            })
        }
        RegionShape::Blob => Ok(blob(grid, target, rng)),
    }
}

/// Every square's rook distance (`|dx| + |dy|`) from the board's centre square.
fn centre_distances(grid: &Grid) -> Vec<u32> {
    let (cx, cy) = ((grid.cols / 2) as i64, (grid.rows / 2) as i64);
    (0..grid.free.len() as u64)
        .map(|square| {
            let (x, y) = ((square % grid.cols) as i64, (square / grid.cols) as i64);
            ((x - cx).abs() + (y - cy).abs()) as u32
        })
        .collect()
}

/// The least radius whose diamond holds at least `target` squares, unless that diamond is the
/// whole board.
fn diamond_radius(distances: &[u32], target: usize) -> Option<u32> {
    let farthest = distances.iter().copied().max().unwrap_or(0);
    let mut at_distance = vec![0usize; farthest as usize + 1];
    for &distance in distances {
        at_distance[distance as usize] += 1;
    }
    let mut covered = 0;
    for (radius, &count) in at_distance.iter().enumerate() {
        covered += count;
        if covered >= target {
            return (covered < distances.len()).then_some(radius as u32);
        }
    }
    None
}

/// A blob of at least `target` squares: diamonds of random radius in [`BLOB_RADII`], the first
/// round a random square, each next round a random square within its radius of a random square
/// of the blob so far, its radius one less when that keeps every diamond's edge of one colour.
/// The blob's edge is of that colour: a square of the blob beside a square outside it is on the
/// edge of a diamond that holds it.
fn blob(grid: &Grid, target: usize, rng: &mut SplitMix64) -> Layout {
    let radius_count = (BLOB_RADII.end() - BLOB_RADII.start() + 1) as u64;
    let random_radius = |rng: &mut SplitMix64| BLOB_RADII.start() + rng.below(radius_count) as i64;
    let first = rng.below(grid.free.len() as u64) as Square;
    let first_radius = random_radius(rng);
    let colour = (grid.colour(first) + first_radius as usize) % 2;
    let mut in_region = vec![false; grid.free.len()];
    let mut squares = Vec::new();
    let (mut centre, mut radius) = (first, first_radius);
    while squares.len() < target {
        for dy in -radius..=radius {
            let reach = radius - dy.abs();
            for dx in -reach..=reach {
                if let Some(square) = grid.step(centre, dx, dy) {
                    if !in_region[square as usize] {
                        in_region[square as usize] = true;
                        squares.push(square);
                    }
                }
            }
        }
        let near = squares[rng.below(squares.len() as u64) as usize];
        radius = random_radius(rng);
        let dx = rng.below(2 * radius as u64 - 1) as i64 - (radius - 1);
        let reach = radius - 1 - dx.abs();
        let dy = rng.below(2 * reach as u64 + 1) as i64 - reach;
        centre = grid.step(near, dx, dy).unwrap_or(near);
        if (grid.colour(centre) + radius as usize) % 2 != colour {
            radius -= 1;
        }
    }
    Layout { in_region, colour }
}

/// Frees the 2 x 2 squares of a lattice that lie on one side of the region's edge, each a cycle
/// of four: the region's on a lattice at a random offset, the rest's on the offset that leaves
/// the most moves between the two.
fn tile(grid: &mut Grid, rng: &mut SplitMix64) -> Circuit {
    let mut cycles = Circuit {
        partners: vec![[0, 0]; grid.free.len()],
    };
    let region_offset = (rng.below(2), rng.below(2));
    let tiles = |grid: &Grid, in_region: bool, (ox, oy): (u64, u64)| -> Vec<[Square; 4]> {
        let mut tiles = Vec::new();
        for y in (oy..grid.rows.saturating_sub(1)).step_by(2) {
            for x in (ox..grid.cols.saturating_sub(1)).step_by(2) {
                let corner = (y * grid.cols + x) as Square;
                let cols = grid.cols as Square;
                // Round the square: top left, top right, bottom right, bottom left.
                let ring = [corner, corner + 1, corner + 1 + cols, corner + cols];
                if ring
                    .iter()
                    .all(|&square| grid.in_region[square as usize] == in_region)
                {
                    tiles.push(ring);
                }
            }
        }
        tiles
    };
    let mut covered = vec![false; grid.free.len()];
    let region_tiles = tiles(grid, true, region_offset);
    for square in region_tiles.iter().flatten() {
        covered[*square as usize] = true;
    }
    let crossings = |tiles: &[[Square; 4]]| {
        tiles
            .iter()
            .flatten()
            .map(|&square| {
                grid.rook_neighbours(square)
                    .filter(|&next| covered[next as usize])
                    .count()
            })
            .sum::<usize>()
    };
    let rest_tiles = [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .map(|offset| tiles(grid, false, offset))
        .max_by_key(|tiles| crossings(tiles))
        .unwrap_or_default();
    for ring in region_tiles.iter().chain(&rest_tiles) {
        for (index, &square) in ring.iter().enumerate() {
            grid.free[square as usize] = true;
            cycles.partners[square as usize] = [ring[(index + 3) % 4], ring[(index + 1) % 4]];
        }
    }
    cycles
}

/// Mixes the tiling by exchanges and bumps, then cuts holes (bumps taken away) between more
/// exchanges until about `density` of the board is in holes, or the rounds run out.
fn cut_holes(grid: &mut Grid, cycles: &mut Circuit, density: f64, rng: &mut SplitMix64) {
    let square_count = grid.free.len() as u64;
    let mut free_count = grid.free.iter().filter(|&&free| free).count();
    for _ in 0..MIX_ROUNDS * square_count {
        let (a, side) = (rng.below(square_count) as Square, rng.below(2) as usize);
        if !grid.free[a as usize] {
            continue;
        }
        if rng.below(2) == 0 {
            exchange(grid, cycles, a, side, rng);
        } else {
            bump(grid, cycles, &mut free_count, a, side, rng);
        }
    }
    let hole_target = (density * square_count as f64 / 2.0).round() as u64;
    let mut holes = 0;
    for _ in 0..HOLE_ROUNDS * square_count {
        if holes >= hole_target {
            return;
        }
        let (a, side) = (rng.below(square_count) as Square, rng.below(2) as usize);
        if !grid.free[a as usize] {
            continue;
        }
        if rng.below(2) == 0 {
            exchange(grid, cycles, a, side, rng);
        } else if unbump(grid, cycles, &mut free_count, a, side) {
            holes += 1;
        }
    }
}

/// Keeps the largest piece of rook-connected free squares, and while a cut square splits it,
/// the largest piece without the cut square (with it, if its cycle is there): every piece is
/// made of whole cycles, so what is left is still a 2-factor of its free squares.
fn join_up(grid: &mut Grid, cycles: &Circuit) -> Result<(), GenError> {
    keep_largest_piece(grid);
    while let Some(&cut) = cut_squares(&MoveGraph::new(&grid.to_board()?, Piece::Rook)).first() {
        grid.free[cut as usize] = false;
        keep_largest_piece(grid);
        let partners = cycles.partners[cut as usize];
        grid.free[cut as usize] = partners.iter().all(|&next| grid.free[next as usize]);
    }
    Ok(())
}

/// [`join_up`], first on each side of the region's edge alone when the region is to have a
/// door (a circuit through one door goes round each side on its own).
fn join_all(grid: &mut Grid, cycles: &Circuit, door: bool) -> Result<(), GenError> {
    if door {
        for in_region in [true, false] {
            join_up_side(grid, cycles, in_region)?;
        }
    }
    join_up(grid, cycles)
}

/// Blocks every small sealed region: a piece of at most [`SMALL_REGION_SHARE`] of the free
/// squares that the moves in some 2-factor leave (a few squares in a pocket, common among
/// holes, which would settle the board by themselves), then joins up what is left, until none
/// is left. Each piece is made of whole cycles of every 2-factor, `cycles` among them, so the
/// rest keeps its 2-factor.
fn block_small_pieces(grid: &mut Grid, cycles: &Circuit, door: bool) -> Result<(), GenError> {
    loop {
        let problem = Problem::new(grid.to_board()?, Piece::Rook, TourShape::Closed);
        let graph = CycleGraph::new(&problem, &MoveGraph::new(&problem.board, Piece::Rook));
        let (Ok(factor), Some(side)) = (two_factor(&graph), square_sides(&graph)) else {
            return Ok(());
        };
        let pieces = two_factor_pieces(&graph, &side, &factor);
        let mut sizes = vec![0usize; pieces.len()];
        for &piece in &pieces {
            sizes[piece as usize] += 1;
        }
        let small = (SMALL_REGION_SHARE * pieces.len() as f64) as usize;
        let free_before = problem.board.free_count();
        for (vertex, &piece) in pieces.iter().enumerate() {
            if sizes[piece as usize] <= small {
                grid.free[graph.square(vertex as u32) as usize] = false;
            }
        }
        join_all(grid, cycles, door)?;
        if grid.free.iter().filter(|&&free| free).count() == free_before {
            return Ok(());
        }
    }
}

/// [`join_up`] on the free squares on one side of the region's edge alone.
fn join_up_side(grid: &mut Grid, cycles: &Circuit, in_region: bool) -> Result<(), GenError> {
    let other_side: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| {
            grid.free[square as usize] && grid.in_region[square as usize] != in_region
        })
        .collect();
    for &square in &other_side {
        grid.free[square as usize] = false;
    }
    join_up(grid, cycles)?;
    for &square in &other_side {
        grid.free[square as usize] = true;
    }
    Ok(())
}

/// Opens a door at a random doorstep: a blocked square outside the region, beside it (so of its
/// other colour), with a single free neighbour outside it (the door's other square), and two
/// neighbours in the region on a cycle through a square beside both (the doorstep's diagonal
/// neighbour). The doorstep joins the region and takes that square's place on the cycle; the
/// square is blocked. The door, doorstep first; `None` when no doorstep will do.
fn open_door(grid: &mut Grid, cycles: &mut Circuit, rng: &mut SplitMix64) -> Option<[Square; 2]> {
    let mut doorsteps: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| {
            let beside_region = grid
                .rook_neighbours(square)
                .any(|next| grid.in_region[next as usize]);
            !grid.free[square as usize] && !grid.in_region[square as usize] && beside_region
        })
        .collect();
    rng.shuffle(&mut doorsteps);
    for doorstep in doorsteps {
        let free_outside: Vec<Square> = grid
            .rook_neighbours(doorstep)
            .filter(|&next| grid.free[next as usize] && !grid.in_region[next as usize])
            .collect();
        let &[outside] = free_outside.as_slice() else {
            continue;
        };
        let inside: Vec<Square> = grid
            .rook_neighbours(doorstep)
            .filter(|&next| grid.free[next as usize] && grid.in_region[next as usize])
            .collect();
        for (index, &first) in inside.iter().enumerate() {
            for &second in &inside[index + 1..] {
                let replaced = grid.rook_neighbours(first).find(|&next| {
                    next != doorstep && grid.rook_neighbours(second).any(|beside| beside == next)
                });
                let Some(replaced) = replaced else {
                    continue;
                };
                let mut partners = cycles.partners[replaced as usize];
                partners.sort_unstable();
                if grid.free[replaced as usize]
                    && partners == [first.min(second), first.max(second)]
                {
                    cycles.replace(first, replaced, doorstep);
                    cycles.replace(second, replaced, doorstep);
                    cycles.partners[doorstep as usize] = [first, second];
                    grid.free[replaced as usize] = false;
                    grid.free[doorstep as usize] = true;
                    grid.in_region[doorstep as usize] = true;
                    return Some([doorstep, outside]);
                }
            }
        }
    }
    None
}

/// The moves between a free square of the region not of `colour` and a free square outside,
/// region square first, in increasing order.
fn wrong_colour_moves(grid: &Grid, colour: usize) -> Vec<[Square; 2]> {
    let mut moves = Vec::new();
    for square in 0..grid.free.len() as Square {
        if grid.free[square as usize]
            && grid.in_region[square as usize]
            && grid.colour(square) != colour
        {
            for next in grid.rook_neighbours(square) {
                if grid.free[next as usize] && !grid.in_region[next as usize] {
                    moves.push([square, next]);
                }
            }
        }
    }
    moves
}

/// Whether the cheap proofs settle `problem` by sealed regions, every local test passing (the
/// sealed regions come last).
fn settled_by_sealed_regions_alone(problem: &Problem) -> bool {
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    matches!(
        cheap_proof(problem, &graph),
        Some(Impossibility::SealedRegions(_))
    )
}

/// Whether the squares that are `member`s are rook-connected (no square is).
fn is_one_piece(grid: &Grid, member: impl Fn(Square) -> bool) -> bool {
    let members: Vec<Square> = (0..grid.free.len() as Square)
        .filter(|&square| member(square))
        .collect();
    let Some(&first) = members.first() else {
        return true;
    };
    let mut reached = vec![false; grid.free.len()];
    reached[first as usize] = true;
    let (mut waiting, mut count) = (vec![first], 1);
    while let Some(square) = waiting.pop() {
        for next in grid.rook_neighbours(square) {
            if !reached[next as usize] && member(next) {
                reached[next as usize] = true;
                waiting.push(next);
                count += 1;
            }
        }
    }
    count == members.len()
}

/// A closed rook circuit of `problem` that the engine finds within [`DOOR_SEARCH_LIMIT`]; none
/// without looking when a side of the region's edge is in pieces (a circuit through one door
/// goes round each side in one piece).
fn door_circuit(grid: &Grid, problem: &Problem) -> Option<Tour> {
    let in_pieces = [true, false].into_iter().any(|in_region| {
        !is_one_piece(grid, |square| {
            grid.free[square as usize] && grid.in_region[square as usize] == in_region
        })
    });
    if in_pieces {
        return None;
    }
    let options = SolveOptions {
        limits: Limits::timeout(DOOR_SEARCH_LIMIT),
        ..SolveOptions::default()
    };
    match engine::solve(problem, &options).ok()?.answer {
        Answer::Found(tour) => Some(tour),
        Answer::NoTour(_) | Answer::Stopped(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every free square of `grid` lies on a cycle of `cycles` that stays on its side
    /// of the region's edge: its two partners free, rook neighbours, on its side, and partners
    /// of it.
    fn is_two_factor_on_each_side(grid: &Grid, cycles: &Circuit) -> bool {
        (0..grid.free.len() as Square)
            .filter(|&square| grid.free[square as usize])
            .all(|square| {
                let [a, b] = cycles.partners[square as usize];
                a != b
                    && [a, b].iter().all(|&next| {
                        grid.free[next as usize]
                            && grid.rook_neighbours(square).any(|beside| beside == next)
                            && grid.in_region[next as usize] == grid.in_region[square as usize]
                            && cycles.has_edge(next, square)
                    })
            })
    }

    #[test]
    fn the_diamond_radius_covers_the_target() {
        let grid = Grid::blocked(9, 9).unwrap();
        let distances = centre_distances(&grid);
        // The diamond of radius 2 holds 1 + 4 + 8 = 13 squares.
        assert_eq!(diamond_radius(&distances, 13), Some(2));
        assert_eq!(diamond_radius(&distances, 14), Some(3));
        assert_eq!(diamond_radius(&distances, 81), None);
    }

    #[test]
    fn a_blob_has_its_size_and_an_edge_of_one_colour() {
        let grid = Grid::blocked(30, 40).unwrap();
        for seed in 0..10 {
            let layout = blob(&grid, 300, &mut SplitMix64::new(seed));
            let size = layout.in_region.iter().filter(|&&inside| inside).count();
            // The last diamond (radius 6 at most: 85 squares) may go past the target.
            assert!((300..385).contains(&size), "seed {seed}: {size} squares");
            for square in 0..grid.free.len() as Square {
                let on_edge = layout.in_region[square as usize]
                    && grid
                        .rook_neighbours(square)
                        .any(|next| !layout.in_region[next as usize]);
                assert!(
                    !on_edge || grid.colour(square) == layout.colour,
                    "seed {seed}"
                );
            }
        }
    }

    #[test]
    fn tiles_are_cycles_of_four_on_one_side() {
        let mut grid = Grid::blocked(21, 24).unwrap();
        grid.in_region = centre_distances(&grid).iter().map(|&d| d <= 7).collect();
        let cycles = tile(&mut grid, &mut SplitMix64::new(3));
        assert!(is_two_factor_on_each_side(&grid, &cycles));
        assert!(grid.free.iter().filter(|&&free| free).count() > 21 * 24 / 2);
    }

    #[test]
    fn holes_keep_a_two_factor_on_each_side() {
        let mut grid = Grid::blocked(30, 30).unwrap();
        grid.in_region = centre_distances(&grid).iter().map(|&d| d <= 10).collect();
        let mut rng = SplitMix64::new(5);
        let mut cycles = tile(&mut grid, &mut rng);
        cut_holes(&mut grid, &mut cycles, 0.1, &mut rng);
        assert!(is_two_factor_on_each_side(&grid, &cycles));
        join_up(&mut grid, &cycles).unwrap();
        assert!(is_two_factor_on_each_side(&grid, &cycles));
    }

    #[test]
    fn a_door_joins_its_doorstep_to_the_region_on_a_cycle() {
        let mut grid = Grid::blocked(30, 30).unwrap();
        grid.in_region = centre_distances(&grid).iter().map(|&d| d <= 10).collect();
        let mut rng = SplitMix64::new(8);
        let mut cycles = tile(&mut grid, &mut rng);
        cut_holes(&mut grid, &mut cycles, 0.05, &mut rng);
        let [inside, outside] = open_door(&mut grid, &mut cycles, &mut rng).unwrap();
        assert!(grid.in_region[inside as usize] && !grid.in_region[outside as usize]);
        assert!(grid.free[inside as usize] && grid.free[outside as usize]);
        assert!(is_two_factor_on_each_side(&grid, &cycles));
        let colour = (15 + 15 + 10) % 2;
        assert_eq!(wrong_colour_moves(&grid, colour), vec![[inside, outside]]);
    }
}
