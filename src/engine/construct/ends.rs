//! Open knight's tours between two given squares of an empty board, built in linear time.
//!
//! The board is split into blocks as for a circuit ([`super::Split`]), with the part of odd
//! length placed away from the two ends (or, when both sides are odd, over the start, so that
//! the one block with both sides odd holds it). The tour is a *chain* of blocks from the
//! start's block to the end's: along the start's block row to the end's block column, then
//! along that column to the end's block. Each chain block has a base path through all its
//! squares (from the start, or from the square a link enters by, to the end, or to the square
//! a link leaves by), and a *link*, one knight's move across the side between two chain blocks,
//! joins one block's path to the next. So the chain is one path from the start to the end.
//!
//! Every other block has a base circuit and *hangs* from a neighbour: a block in the chain's
//! block row from the neighbour towards the chain, any other block from its neighbour towards
//! that row. These are trees, and each hanging block is joined to its parent by the 2-opt
//! exchange of the circuit construction (the two blocks lend the moves of their facing sides).
//! An exchange between a circuit and a path inserts the circuit into the path and keeps the
//! path's ends; between two circuits it makes one circuit. So after all of them one path
//! remains, from the start to the end, through every square.
//!
//! Base paths are found by SAT with the four join moves assumed, on first use, and cached;
//! the links are chosen (among the knight's moves across the side, nearest the side's middle
//! first) so that each base path's ends have the colours its block allows. When no base path
//! holds (rare: near a corner of a small block), the construction gives up and says so.

use super::base::{base_path, base_tour, BaseTour, Side, Step};
use super::{joined_partners, shifted, ConstructError, Split, MAX_BLOCK, NO_SQUARE};
use crate::core::board::Square;
use crate::core::piece::Piece;
use std::sync::Arc;

/// A block of the grid of blocks: `(block row, block column)`.
type Block = (usize, usize);

/// A board square as `(x, y)`.
type Coords = (u32, u32);

/// A link between two chain blocks: the square it leaves, the square it enters, the step.
type Link = (Coords, Coords, Step);

/// Most base paths the choice of links may ask for, beyond one for each chain block, before it
/// gives up.
const SPARE_PATHS: usize = 64;

/// How the blocks off the chain hang from it: trees of neighbours, each block hanging from the
/// next one towards the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hanging {
    /// Blocks hang towards block row `row`, along which they hang towards block column `trunk`,
    /// along which they hang towards the start's block row. The chain's tree: `row` is the
    /// start's block row, `trunk` the end's block column.
    FromRow { row: usize, trunk: usize },
    /// Blocks hang towards block column `column`, along which they hang towards block row
    /// `trunk`, along which they hang towards the start's block column.
    FromColumn { column: usize, trunk: usize },
}

/// A block of the chain: its base path and the links at its two ends.
#[derive(Debug, Clone)]
struct ChainBlock {
    path: Arc<BaseTour>,
    /// The square (row-major, in the block) a link enters by, with the step back across it.
    entry: Option<(usize, Step)>,
    /// The square a link leaves by, with the step across it.
    exit: Option<(usize, Step)>,
}

/// The layout of an open tour from `start` to `end` on an empty board: everything needed to
/// name a square's partners.
#[derive(Debug, Clone)]
pub(super) struct EndsLayout {
    cols: u32,
    row_split: Split,
    col_split: Split,
    start: Square,
    end: Square,
    start_block: Block,
    end_block: Block,
    /// How the blocks off the chain hang from it.
    hanging: Hanging,
    /// Whether the start and end are the two squares of a move that their block lends to a
    /// join: then their block's base circuit holds that move, no join across that side is
    /// made, and the tour is the one circuit left less that move.
    lent_ends: bool,
    /// The base circuit of each block size off the chain, indexed by
    /// `rows * (MAX_BLOCK + 1) + cols`.
    circuits: Vec<Option<Arc<BaseTour>>>,
    /// The chain's blocks, from the start's to the end's.
    chain: Vec<ChainBlock>,
}

/// Where a block's part of odd length goes on a side of `len` squares so that it holds
/// neither coordinate `one` nor `other`: the coordinate [`Split::new`] takes, or `None` for
/// its default when every part holds one of them.
fn odd_part_away(len: u32, one: u32, other: u32) -> Option<u32> {
    let full_parts = (len / 8).saturating_sub(1);
    let size = len - 8 * full_parts;
    (0..=full_parts).rev().map(|part| 8 * part).find(|&origin| {
        let holds = |coordinate: u32| (origin..origin + size).contains(&coordinate);
        !holds(one) && !holds(other)
    })
}

impl EndsLayout {
    /// The layout of an open tour from `start` to `end` on an empty `rows` x `cols` board
    /// (both sides at least 5; the ends of the colours a tour needs, apart).
    pub(super) fn new(
        rows: u32,
        cols: u32,
        start: Square,
        end: Square,
    ) -> Result<EndsLayout, ConstructError> {
        let (sx, sy) = (start % cols, start / cols);
        let (tx, ty) = (end % cols, end / cols);
        let (row_split, col_split) = if rows % 2 == 1 && cols % 2 == 1 {
            (Split::new(rows, Some(sy)), Split::new(cols, Some(sx)))
        } else {
            (
                Split::new(rows, odd_part_away(rows, sy, ty)),
                Split::new(cols, odd_part_away(cols, sx, tx)),
            )
        };
        let block_of = |x: u32, y: u32| {
            (
                row_split.part_of[y as usize] as usize,
                col_split.part_of[x as usize] as usize,
            )
        };
        let (start_block, end_block) = (block_of(sx, sy), block_of(tx, ty));
        let mut layout = EndsLayout {
            cols,
            start_block,
            end_block,
            hanging: Hanging::FromRow {
                row: start_block.0,
                trunk: end_block.1,
            },
            lent_ends: false,
            row_split,
            col_split,
            start,
            end,
            circuits: Vec::new(),
            chain: Vec::new(),
        };
        layout.circuits = layout.circuits()?;
        match layout.lent_side() {
            Some(side) => {
                if layout.neighbour(start_block, side).is_some() {
                    layout.hanging = layout.hanging_clear_of(side)?;
                }
                layout.lent_ends = true;
                // The two ends are a move, so of two colours: the block has an even area.
                let circuit = layout.circuit(start_block).cloned().ok_or_else(|| {
                    ConstructError::Internal("the ends' block has no base circuit".to_string())
                })?;
                layout.chain = vec![ChainBlock {
                    path: circuit,
                    entry: None,
                    exit: None,
                }];
            }
            None => layout.chain = layout.choose_chain()?,
        }
        Ok(layout)
    }

    /// The side whose join move is the start and end, when they are the two squares of such a
    /// move of their (one) block.
    fn lent_side(&self) -> Option<Side> {
        if self.start_block != self.end_block {
            return None;
        }
        let (x0, y0, cols, rows) = self.bounds(self.start_block);
        let square = |(x, y): Coords| (y0 + y) * self.cols + x0 + x;
        Side::ALL.into_iter().find(|side| {
            let [one, other] = side.join_move(rows, cols).map(square);
            [one, other] == [self.start, self.end] || [other, one] == [self.start, self.end]
        })
    }

    /// A way of hanging every block from the start's block that makes no join across its
    /// `side`: from a block row (for a left or right side) or column (for an upper or lower
    /// side) next to the start's.
    fn hanging_clear_of(&self, side: Side) -> Result<Hanging, ConstructError> {
        let (rs, cs) = self.start_block;
        let next_to = |index: usize, count: usize| {
            if index > 0 {
                Some(index - 1)
            } else {
                (count > 1).then_some(index + 1)
            }
        };
        let hanging = match side {
            Side::Left | Side::Right => {
                next_to(rs, self.row_split.len()).map(|row| Hanging::FromRow { row, trunk: cs })
            }
            Side::Up | Side::Down => next_to(cs, self.col_split.len())
                .map(|column| Hanging::FromColumn { column, trunk: rs }),
        };
        hanging.ok_or_else(|| {
            ConstructError::Unsupported(
                "the fixed start and end are a move their block lends to a join, and the board \
                 is one block across"
                    .to_string(),
            )
        })
    }

    /// The base circuits of the block sizes with an even number of squares.
    fn circuits(&self) -> Result<Vec<Option<Arc<BaseTour>>>, ConstructError> {
        let stride = MAX_BLOCK as usize + 1;
        let mut circuits = vec![None; stride * stride];
        for &rows in &self.row_split.sizes {
            for &cols in &self.col_split.sizes {
                let entry = &mut circuits[rows as usize * stride + cols as usize];
                if entry.is_some() || (rows * cols) % 2 == 1 {
                    continue;
                }
                let tour = base_tour(rows, cols, None).map_err(ConstructError::Internal)?;
                *entry = Some(tour.ok_or_else(|| {
                    ConstructError::Internal(format!(
                        "no {rows} x {cols} base tour holds the join moves"
                    ))
                })?);
            }
        }
        Ok(circuits)
    }

    /// The base circuit of `block`'s size (none for a size with an odd number of squares).
    fn circuit(&self, block: Block) -> Option<&Arc<BaseTour>> {
        let (_, _, cols, rows) = self.bounds(block);
        let stride = MAX_BLOCK as usize + 1;
        self.circuits[rows as usize * stride + cols as usize].as_ref()
    }

    /// The chain's blocks in order: along the start's block row, then the end's block column.
    fn chain_blocks(&self) -> Vec<Block> {
        let ((rs, cs), (rt, ct)) = (self.start_block, self.end_block);
        let mut blocks: Vec<Block> = steps_between(cs, ct).map(|c| (rs, c)).collect();
        blocks.extend(steps_between(rs, rt).skip(1).map(|r| (r, ct)));
        blocks
    }

    /// The position of `block` in the chain, if it is in it.
    fn chain_index(&self, (r, c): Block) -> Option<usize> {
        let ((rs, cs), (rt, ct)) = (self.start_block, self.end_block);
        let between = |value: usize, one: usize, other: usize| {
            (one.min(other)..=one.max(other)).contains(&value)
        };
        if r == rs && between(c, cs, ct) {
            Some(c.abs_diff(cs))
        } else if c == ct && between(r, rs, rt) {
            Some(cs.abs_diff(ct) + r.abs_diff(rs))
        } else {
            None
        }
    }

    /// The block a block off the chain hangs from (see [`Hanging`]); `None` for the chain's
    /// blocks.
    fn parent(&self, block: Block) -> Option<Block> {
        if self.chain_index(block).is_some() {
            return None;
        }
        let (r, c) = block;
        let (rs, cs) = self.start_block;
        let toward = |value: usize, goal: usize| if value < goal { value + 1 } else { value - 1 };
        Some(match self.hanging {
            Hanging::FromRow { row, trunk } => {
                if c == trunk {
                    (toward(r, rs), c)
                } else if r == row {
                    (r, toward(c, trunk))
                } else {
                    (toward(r, row), c)
                }
            }
            Hanging::FromColumn { column, trunk } => {
                if r == trunk {
                    (r, toward(c, cs))
                } else if c == column {
                    (toward(r, trunk), c)
                } else {
                    (r, toward(c, column))
                }
            }
        })
    }

    /// The neighbour of `block` across `side`, if the board has one.
    fn neighbour(&self, (r, c): Block, side: Side) -> Option<Block> {
        let (r, c) = match side {
            Side::Right => (r, c + 1),
            Side::Left => (r, c.checked_sub(1)?),
            Side::Down => (r + 1, c),
            Side::Up => (r.checked_sub(1)?, c),
        };
        (r < self.row_split.len() && c < self.col_split.len()).then_some((r, c))
    }

    /// Whether the exchange across `side` of `block` is made: one of the two blocks hangs from
    /// the other.
    fn joined(&self, block: Block, side: Side) -> bool {
        self.neighbour(block, side).is_some_and(|other| {
            self.parent(other) == Some(block) || self.parent(block) == Some(other)
        })
    }

    /// The first column and row of `block` and its columns and rows.
    fn bounds(&self, (r, c): Block) -> (u32, u32, u32, u32) {
        (
            self.col_split.origins[c],
            self.row_split.origins[r],
            self.col_split.sizes[c],
            self.row_split.sizes[r],
        )
    }

    /// The row-major index in `block` of the board square `(x, y)`.
    fn local(&self, block: Block, (x, y): Coords) -> u32 {
        let (x0, y0, cols, _) = self.bounds(block);
        (y - y0) * cols + (x - x0)
    }

    /// The links from `from` to the next block `to`: knight's moves `(exit, entry, step)`
    /// between their squares, exits nearest the middle of the facing side first.
    fn links(&self, from: Block, to: Block) -> Vec<Link> {
        let (x0, y0, cols, rows) = self.bounds(from);
        let (u0, v0, to_cols, to_rows) = self.bounds(to);
        let inside_to = |x: i64, y: i64| {
            (u0 as i64..(u0 + to_cols) as i64).contains(&x)
                && (v0 as i64..(v0 + to_rows) as i64).contains(&y)
        };
        let (mid_x, mid_y) = (2 * x0 + cols, 2 * y0 + rows);
        let steps = Piece::Knight.steps();
        let mut links = Vec::new();
        for y in y0..y0 + rows {
            for x in x0..x0 + cols {
                for &(dx, dy) in &steps {
                    let (u, v) = (x as i64 + dx as i64, y as i64 + dy as i64);
                    if inside_to(u, v) {
                        links.push(((x, y), (u as u32, v as u32), (dx as i8, dy as i8)));
                    }
                }
            }
        }
        // Along the facing side, the distance (doubled) from the side's middle.
        links.sort_by_key(|&((x, y), _, step)| {
            let along = if from.0 == to.0 {
                (2 * y).abs_diff(mid_y)
            } else {
                (2 * x).abs_diff(mid_x)
            };
            (along, step)
        });
        links
    }

    /// Chooses the chain's base paths and links, block by block from the start's, going back
    /// to another link where a block has no base path.
    fn choose_chain(&self) -> Result<Vec<ChainBlock>, ConstructError> {
        let blocks = self.chain_blocks();
        let start = (self.start % self.cols, self.start / self.cols);
        let mut budget = blocks.len() + SPARE_PATHS;
        match self.extend_chain(&blocks, 0, start, None, &mut budget)? {
            Some(mut chain) => {
                chain.reverse();
                Ok(chain)
            }
            None => Err(ConstructError::Unsupported(
                "no base paths of the blocks from the fixed start to the fixed end were found \
                 with the links tried"
                    .to_string(),
            )),
        }
    }

    /// The chain from its block `blocks[index]` on, entered at the square `from` (by the link
    /// whose step back is `back`), last block first; `None` when no choice of the remaining
    /// links gives every block a base path within `budget` base paths.
    fn extend_chain(
        &self,
        blocks: &[Block],
        index: usize,
        from: Coords,
        back: Option<Step>,
        budget: &mut usize,
    ) -> Result<Option<Vec<ChainBlock>>, ConstructError> {
        let block = blocks[index];
        let (_, _, cols, rows) = self.bounds(block);
        let from_local = self.local(block, from);
        let entry = back.map(|step| (from_local as usize, step));
        let end = (self.end % self.cols, self.end / self.cols);
        let path_to = |to: Coords, budget: &mut usize| {
            *budget = budget.saturating_sub(1);
            base_path(rows, cols, from_local, self.local(block, to))
                .map_err(ConstructError::Internal)
        };
        let Some(&next) = blocks.get(index + 1) else {
            return Ok(path_to(end, budget)?.map(|path| {
                vec![ChainBlock {
                    path,
                    entry,
                    exit: None,
                }]
            }));
        };
        // A path through an even number of squares ends on the other colour than it starts.
        let colour = |(x, y): Coords| (x + y) % 2;
        let exit_colour = (colour(from) + rows * cols + 1) % 2;
        for (exit, next_from, step) in self.links(block, next) {
            let next_is_last = index + 2 == blocks.len();
            if colour(exit) != exit_colour || exit == from || (next_is_last && next_from == end) {
                continue;
            }
            if *budget == 0 {
                return Ok(None);
            }
            let Some(path) = path_to(exit, budget)? else {
                continue;
            };
            let rest = self.extend_chain(
                blocks,
                index + 1,
                next_from,
                Some((-step.0, -step.1)),
                budget,
            )?;
            if let Some(mut chain) = rest {
                let exit = Some((self.local(block, exit) as usize, step));
                chain.push(ChainBlock { path, entry, exit });
                return Ok(Some(chain));
            }
        }
        Ok(None)
    }

    /// The two squares next to `square` in the tour ([`NO_SQUARE`] for the missing one at an
    /// end).
    pub(super) fn partners(&self, square: Square) -> [Square; 2] {
        let (x, y) = (square % self.cols, square / self.cols);
        let block = (
            self.row_split.part_of[y as usize] as usize,
            self.col_split.part_of[x as usize] as usize,
        );
        let local = self.local(block, (x, y)) as usize;
        let link = self.chain_index(block).map(|index| &self.chain[index]);
        let base = match link {
            Some(chain_block) => Some(&chain_block.path),
            None => self.circuit(block),
        };
        let Some(base) = base else {
            return [NO_SQUARE; 2];
        };
        let mut partners = joined_partners(base, local, square, self.cols, |side| {
            self.joined(block, side)
        });
        // A link replaces the missing partner of a base path's end.
        let links = link
            .into_iter()
            .flat_map(|chain_block| [chain_block.entry, chain_block.exit]);
        for (link_local, (dx, dy)) in links.flatten() {
            if link_local == local {
                if let Some(slot) = partners.iter().position(|&partner| partner == NO_SQUARE) {
                    partners[slot] = shifted(square, self.cols, (dx as i32, dy as i32));
                }
            }
        }
        partners
    }

    /// The tour's two ends: the fixed start and end.
    pub(super) fn ends(&self) -> Vec<Square> {
        vec![self.start, self.end]
    }

    /// The square a walk from the end `first` treats as coming before it: the other end when
    /// the tour is a circuit less the move between them, none otherwise.
    pub(super) fn before(&self, first: Square) -> Square {
        match (self.lent_ends, first == self.start) {
            (false, _) => NO_SQUARE,
            (true, true) => self.end,
            (true, false) => self.start,
        }
    }
}

/// The values from `one` to `other`, both included, in that order.
fn steps_between(one: usize, other: usize) -> Box<dyn Iterator<Item = usize>> {
    if one <= other {
        Box::new(one..=other)
    } else {
        Box::new((other..=one).rev())
    }
}

#[cfg(test)]
mod tests {
    use crate::core::board::{Board, Square};
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::core::rng::SplitMix64;
    use crate::engine::construct::construct;
    use crate::verify::board::verify;

    /// Whether an open knight's tour may run from `start` to `end` by colour: opposite colours
    /// on a board with an even number of squares, both of the more numerous colour otherwise.
    fn colours_allow(board: &Board, start: Square, end: Square) -> bool {
        if board.len() % 2 == 1 {
            board.colour(start) == 0 && board.colour(end) == 0
        } else {
            board.colour(start) != board.colour(end)
        }
    }

    /// Builds and verifies the tour from `start` to `end`; the construction's refusal as text.
    fn build(board: &Board, start: Square, end: Square) -> Result<(), String> {
        let problem = Problem::new(board.clone(), Piece::Knight, TourShape::Open)
            .with_start(start)
            .with_end(end);
        let tour = construct(&problem).map_err(|error| error.to_string())?;
        verify(&problem, &tour.to_tour()).map_err(|error| format!("invalid tour: {error}"))
    }

    /// The pairs of `rows` x `cols` on which the construction fails, as text: each pair of
    /// squares once, from the lower index to the higher (or the other way when `reversed`).
    fn failures(rows: u32, cols: u32, reversed: bool) -> Vec<String> {
        let board = Board::new(rows as u64, cols as u64).unwrap();
        let squares = board.len() as Square;
        let mut failures = Vec::new();
        for start in 0..squares {
            for end in (start + 1..squares).filter(|&end| colours_allow(&board, start, end)) {
                let (start, end) = if reversed { (end, start) } else { (start, end) };
                if let Err(error) = build(&board, start, end) {
                    let (from, to) = (board.coords(start), board.coords(end));
                    failures.push(format!("{rows} x {cols}, {from:?} to {to:?}: {error}"));
                }
            }
        }
        failures
    }

    #[test]
    fn builds_every_pair_of_squares_on_16_x_16_and_17_x_17_either_way() {
        for (rows, cols) in [(16, 16), (17, 17)] {
            for reversed in [false, true] {
                assert_eq!(failures(rows, cols, reversed), Vec::<String>::new());
            }
        }
    }

    #[test]
    fn builds_random_pairs_on_large_boards() {
        let mut rng = SplitMix64::new(14);
        for (rows, cols) in [(120, 97), (97, 97), (64, 200), (153, 88)] {
            let board = Board::new(rows, cols).unwrap();
            let mut built = 0;
            while built < 6 {
                let start = rng.below(board.len() as u64) as Square;
                let end = rng.below(board.len() as u64) as Square;
                if start != end && colours_allow(&board, start, end) {
                    assert_eq!(build(&board, start, end), Ok(()), "{rows} x {cols}");
                    built += 1;
                }
            }
        }
    }

    #[test]
    fn ends_on_a_move_a_block_lends_make_a_circuit_less_that_move() {
        // (14, 0)-(15, 2) is the move the second block of the first row lends to its right join
        // on 24 x 24 (blocks of 8 from the corner).
        let board = Board::new(24, 24).unwrap();
        let (start, end) = (board.square(14, 0), board.square(15, 2));
        assert_eq!(build(&board, start, end), Ok(()));
        assert_eq!(build(&board, end, start), Ok(()));
    }

    /// The survey behind docs/benchmarks.md's claim: every pair of squares a tour's colours allow, on
    /// every board from 16 x 16 to 25 x 25 (about twenty minutes on 2 cores). One way suffices:
    /// `construct` tries the layout from either end, and a layout is walked from either end.
    #[test]
    #[ignore = "a survey of twenty minutes: cargo test --release -- --ignored every_board"]
    fn builds_every_pair_on_every_board_from_16_to_25() {
        let sizes: Vec<(u32, u32)> = (16..26)
            .flat_map(|rows| (16..26).map(move |cols| (rows, cols)))
            .collect();
        // Two workers, each taking every other size, so the large boards are shared.
        let failed: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|worker| {
                    let sizes = &sizes;
                    scope.spawn(move || {
                        let failed: Vec<String> = sizes
                            .iter()
                            .skip(worker)
                            .step_by(2)
                            .flat_map(|&(rows, cols)| failures(rows, cols, false))
                            .collect();
                        failed
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| worker.join().unwrap())
                .collect()
        });
        assert_eq!(failed, Vec::<String>::new());
    }
}
