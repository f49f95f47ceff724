//! Strips: knight's tours of boards with a side of 3 or 4, built from blocks along the long side.
//!
//! A board whose short side is 3 or 4 is a *strip*: its long side is cut into blocks of a few
//! columns (rows, when the short side is the number of columns: the strip is read transposed),
//! a first block, middle blocks all of one width, and a last block. A *lane* is a path through
//! the blocks; where two blocks meet, it crosses the cut by a knight's move from a square in the
//! last two columns of one block to a square in the first two of the next, the same move at
//! every cut. Three families:
//!
//! - **Open 3 x n** (n odd; even n below [`CLOSED_3_FROM`]): one lane, left to right. The first
//!   block holds a path from some square (the start of the tour) to the lane's exit, each middle
//!   block a path from the entry to the exit, and the last block a path from the entry to some
//!   square (the end of the tour).
//! - **Closed 3 x n** (n even): two lanes, A left to right and B right to left. Each middle
//!   block holds two paths that share no square and together cover it: entry A (left side) to
//!   exit A (right side), and entry B (right side) to exit B (left side). The left cap (first
//!   block) holds one path from entry B to exit A, both on its right side, and the right cap
//!   (last block) one from entry A to exit B, both on its left side: together, one circuit.
//!   Open tours of these boards are this circuit opened, so they may start or end anywhere.
//! - **Open 4 x n**: one lane cannot work. Rows 0 and 3 only reach rows 1 and 2, so a path
//!   through all `4n` squares alternates outer and inner rows but for at most one move between
//!   the inner rows; alternating, it stays on outer squares of one colour, so it sees the outer
//!   squares of the other colour only after that one move. A lane crossing every block once
//!   would need the move in every block. So 4 x n strips have two lanes as closed strips do
//!   (lane A on the outer squares of one colour, lane B on the other), the right cap turns A
//!   into B (with the one move between inner rows), and the left cap holds both ends of the
//!   tour: lane B from its entry to the end, and lane A from the start to its exit.
//!
//! The crossings, the middle width and the paths of the blocks are found on first use by a
//! small backtracking search (`construct/path.rs`) and kept for the process: middle widths from 4 up, and for each the choices
//! of crossings in a fixed order, until a middle block exists and first and last blocks (the
//! narrowest first, searched as needed) split every long side from the family's threshold
//! ([`OPEN_3_FROM`], [`OPEN_4_FROM`], [`CLOSED_3_FROM`]) up to two middle widths more; a longer
//! side is one of these plus middle blocks. The search is deterministic, so every run builds the
//! same tours, and takes a few milliseconds. A square's partners come from its block's paths,
//! so the layout takes constant memory.
//!
//! The thresholds are the smallest long sides for which the search found such blocks when every
//! choice of crossings was tried (middle blocks up to 12 columns, caps up to 16); the shorter
//! strips with a tour (3 x 4, 3 x 7 to 3 x 10, 4 x 5) are left to the search engines.

use super::base::{Step, NO_STEP};
use super::path::{find_path, LaneChange, PathSpec};
use super::NO_SQUARE;
use crate::core::board::Square;
use crate::core::problem::TourShape;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::{Arc, OnceLock};

/// Open tours of 3 x n and n x 3 boards are built from n = this on.
pub const OPEN_3_FROM: u32 = 11;

/// Open tours of 4 x n and n x 4 boards are built from n = this on.
pub const OPEN_4_FROM: u32 = 6;

/// Closed tours of 3 x n and n x 3 boards (n even) are built from n = this on; open tours of
/// these boards are opened from them.
pub const CLOSED_3_FROM: u32 = 12;

/// The widths tried for middle blocks, in order.
const MIDDLE_WIDTHS: RangeInclusive<u32> = 4..=12;

/// The widths tried for first and last blocks (caps): 4 x 15 squares and the hub fit the 64
/// squares of a block path.
const CAP_WIDTHS: RangeInclusive<u32> = 2..=15;

/// Search nodes a block path may take before it is given up.
const BLOCK_BUDGET: u64 = 100_000;

/// The kinds of strip the construction builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Family {
    /// Open tours, short side 3.
    Open3,
    /// Open tours, short side 4.
    Open4,
    /// Closed tours, short side 3 (open tours are opened from them).
    Closed3,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Family::Open3 => "open 3 x n",
            Family::Open4 => "open 4 x n",
            Family::Closed3 => "closed 3 x n",
        };
        f.write_str(name)
    }
}

impl Family {
    /// The family that builds a tour of `shape` on an empty `rows` x `cols` board, if one does:
    /// closed strips for 3 x n with n even from [`CLOSED_3_FROM`] (either shape), open strips
    /// for 3 x n from [`OPEN_3_FROM`] and 4 x n from [`OPEN_4_FROM`].
    pub(super) fn of(rows: u32, cols: u32, shape: TourShape) -> Option<Family> {
        let (short, long) = (rows.min(cols), rows.max(cols));
        match (short, shape) {
            (3, _) if long % 2 == 0 && long >= CLOSED_3_FROM => Some(Family::Closed3),
            (3, TourShape::Open) if long >= OPEN_3_FROM => Some(Family::Open3),
            (4, TourShape::Open) if long >= OPEN_4_FROM => Some(Family::Open4),
            _ => None,
        }
    }

    /// The short side.
    fn short(self) -> u32 {
        match self {
            Family::Open3 | Family::Closed3 => 3,
            Family::Open4 => 4,
        }
    }

    /// The shortest long side built.
    fn from(self) -> u32 {
        match self {
            Family::Open3 => OPEN_3_FROM,
            Family::Open4 => OPEN_4_FROM,
            Family::Closed3 => CLOSED_3_FROM,
        }
    }

    /// Whether the family builds a long side of `long`.
    fn builds(self, long: u32) -> bool {
        long >= self.from() && (self != Family::Closed3 || long % 2 == 0)
    }

    /// The family's place in the cache.
    fn index(self) -> usize {
        self as usize
    }
}

/// A knight move over the cut between two neighbouring blocks: from the square `left_edge`
/// (0 or 1) columns from the right edge of the left block, in row `left_v`, to the square in
/// column `right_u` (0 or 1), row `right_v`, of the right block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Crossing {
    left_edge: u32,
    left_v: u32,
    right_u: u32,
    right_v: u32,
}

impl Crossing {
    /// Every crossing of a strip with `short` rows, in a fixed order.
    fn all(short: u32) -> Vec<Crossing> {
        let mut crossings = Vec::new();
        for left_edge in 0..2 {
            for left_v in 0..short {
                for right_u in 0..2 {
                    for right_v in 0..short {
                        let crossing = Crossing {
                            left_edge,
                            left_v,
                            right_u,
                            right_v,
                        };
                        let (du, dv) = crossing.step();
                        if matches!((du, dv.abs()), (1, 2) | (2, 1)) {
                            crossings.push(crossing);
                        }
                    }
                }
            }
        }
        crossings
    }

    /// The square of a block of `width` columns the crossing leaves from, when the block is on
    /// the left of the cut (row-major index in the block).
    fn left(self, width: u32) -> u32 {
        self.left_v * width + width - 1 - self.left_edge
    }

    /// The square of a block the crossing arrives at, when the block is on the right.
    fn right(self, width: u32) -> u32 {
        self.right_v * width + self.right_u
    }

    /// The move from the left square to the right one, `(du, dv)` along and across the strip.
    fn step(self) -> Step {
        (
            (self.left_edge + 1 + self.right_u) as i8,
            self.right_v as i8 - self.left_v as i8,
        )
    }

    /// The move from the right square to the left one.
    fn back(self) -> Step {
        let (du, dv) = self.step();
        (-du, -dv)
    }

    /// Whether the two crossings share no square.
    fn apart(self, other: Crossing) -> bool {
        (self.left_edge, self.left_v) != (other.left_edge, other.left_v)
            && (self.right_u, self.right_v) != (other.right_u, other.right_v)
    }
}

/// One block of a strip: each square's steps `(du, dv)` to its two partners, [`NO_STEP`] for
/// a free end of the tour.
#[derive(Debug, Clone, PartialEq, Eq)]
struct StripBlock {
    width: u32,
    partners: Vec<[Step; 2]>,
}

impl StripBlock {
    /// The block of `width` columns whose lanes are `lanes` (block paths, each in order) and
    /// whose lane ends leave the block by the steps of `links`.
    fn new(short: u32, width: u32, lanes: &[&[u32]], links: &[(u32, Step)]) -> StripBlock {
        let step = |from: u32, to: u32| -> Step {
            let du = (to % width) as i8 - (from % width) as i8;
            let dv = (to / width) as i8 - (from / width) as i8;
            (du, dv)
        };
        let mut partners = vec![[NO_STEP; 2]; (short * width) as usize];
        for lane in lanes {
            for (position, &square) in lane.iter().enumerate() {
                let before = position.checked_sub(1).map(|before| lane[before]);
                let after = lane.get(position + 1).copied();
                partners[square as usize] =
                    [before, after].map(|other| other.map_or(NO_STEP, |other| step(square, other)));
            }
        }
        for &(square, link) in links {
            let slots = &mut partners[square as usize];
            if let Some(slot) = slots.iter_mut().find(|slot| **slot == NO_STEP) {
                *slot = link;
            }
        }
        StripBlock { width, partners }
    }

    /// The squares of the block with a missing partner (ends of the tour), as `(u, v)`.
    fn free_ends(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.partners.len() as u32)
            .filter(|&square| self.partners[square as usize].contains(&NO_STEP))
            .map(|square| (square % self.width, square / self.width))
    }
}

/// How the lanes cross every cut: the one lane of an open 3 x n strip, or lanes A (left to
/// right) and B (right to left).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lanes {
    One(Crossing),
    Two { a: Crossing, b: Crossing },
}

impl Lanes {
    /// Every choice of crossings for `family`, in a fixed order.
    fn all(family: Family) -> Vec<Lanes> {
        let crossings = Crossing::all(family.short());
        match family {
            Family::Open3 => crossings.into_iter().map(Lanes::One).collect(),
            Family::Open4 | Family::Closed3 => crossings
                .iter()
                .flat_map(|&a| {
                    crossings
                        .iter()
                        .filter(move |&&b| a.apart(b))
                        .map(move |&b| Lanes::Two { a, b })
                })
                .collect(),
        }
    }
}

/// The blocks of a family: one middle block, and first and last blocks by width.
#[derive(Debug)]
struct Blocks {
    middle: Arc<StripBlock>,
    firsts: Vec<Arc<StripBlock>>,
    lasts: Vec<Arc<StripBlock>>,
}

impl Blocks {
    /// How a long side of `long` splits: the first block, the number of middle blocks and the
    /// last block (the narrowest first block that fits, then the narrowest last block).
    fn split(&self, long: u32) -> Option<(&Arc<StripBlock>, u32, &Arc<StripBlock>)> {
        let width = self.middle.width;
        self.firsts.iter().find_map(|first| {
            self.lasts.iter().find_map(|last| {
                let middles = long.checked_sub(first.width + last.width)?;
                (middles % width == 0).then_some((first, middles / width, last))
            })
        })
    }
}

/// The blocks of `family`, found on first use and kept for the process.
fn blocks(family: Family) -> Result<&'static Blocks, String> {
    static BLOCKS: [OnceLock<Result<Blocks, String>>; 3] = [const { OnceLock::new() }; 3];
    BLOCKS[family.index()]
        .get_or_init(|| find_blocks(family))
        .as_ref()
        .map_err(Clone::clone)
}

/// Searches middle widths, then crossings, in order for blocks that build every long side of
/// `family` from its threshold.
fn find_blocks(family: Family) -> Result<Blocks, String> {
    let choices = Lanes::all(family);
    let mut finder = Finder::default();
    for width in MIDDLE_WIDTHS {
        for &lanes in &choices {
            if let Some(blocks) = finder.blocks(family, width, lanes) {
                return Ok(blocks);
            }
        }
    }
    Err(format!(
        "no blocks of middle width {MIDDLE_WIDTHS:?} build the {family} strips"
    ))
}

/// The block paths of one search, kept by what they answer (choices of crossings share caps).
#[derive(Debug, Default)]
struct Finder {
    paths: HashMap<PathSpec, Option<Vec<u32>>>,
}

impl Finder {
    /// A path through a block of `short` x `width` squares, within the block budget.
    fn path(
        &mut self,
        short: u32,
        width: u32,
        start: u32,
        end: Option<u32>,
        lane_change: LaneChange,
    ) -> Option<Vec<u32>> {
        let spec = PathSpec {
            rows: short,
            cols: width,
            start,
            end,
            lane_change,
        };
        self.paths
            .entry(spec)
            .or_insert_with(|| find_path(&spec, BLOCK_BUDGET))
            .clone()
    }

    /// The blocks of `family` with middle blocks `width` wide and crossings `lanes`, if there
    /// is a middle block and caps that split every long side the family builds. Long sides are
    /// checked over two middle widths from the threshold (a longer side is one of these plus
    /// middle blocks), and caps are searched, narrowest first, only as these need them.
    fn blocks(&mut self, family: Family, width: u32, lanes: Lanes) -> Option<Blocks> {
        let middle = Arc::new(self.middle(family.short(), width, lanes)?);
        let mut firsts = BTreeMap::new();
        let mut lasts = BTreeMap::new();
        let from = family.from();
        for long in (from..from + 2 * width).filter(|&long| family.builds(long)) {
            let mut splits = CAP_WIDTHS
                .flat_map(|first| CAP_WIDTHS.map(move |last| (first, last)))
                .filter(|&(first, last)| {
                    first + last <= long && (long - first - last) % width == 0
                });
            let split = splits.any(|(first, last)| {
                let first_cap = firsts
                    .entry(first)
                    .or_insert_with(|| self.first(family, first, lanes).map(Arc::new));
                first_cap.is_some()
                    && lasts
                        .entry(last)
                        .or_insert_with(|| self.last(family.short(), last, lanes).map(Arc::new))
                        .is_some()
            });
            if !split {
                return None;
            }
        }
        Some(Blocks {
            middle,
            firsts: firsts.into_values().flatten().collect(),
            lasts: lasts.into_values().flatten().collect(),
        })
    }

    /// A middle block: the lane from its entry to its exit, or lane A from its entry (left) to
    /// its exit (right) and lane B from its entry (right) to its exit (left).
    fn middle(&mut self, short: u32, width: u32, lanes: Lanes) -> Option<StripBlock> {
        match lanes {
            Lanes::One(crossing) => {
                let (entry, exit) = (crossing.right(width), crossing.left(width));
                let path = self.path(short, width, entry, Some(exit), LaneChange::None)?;
                let links = [(entry, crossing.back()), (exit, crossing.step())];
                Some(StripBlock::new(short, width, &[&path], &links))
            }
            Lanes::Two { a, b } => {
                let (entry_a, exit_a) = (a.right(width), a.left(width));
                let (entry_b, exit_b) = (b.left(width), b.right(width));
                let change = LaneChange::Between(exit_a, entry_b);
                let path = self.path(short, width, entry_a, Some(exit_b), change)?;
                let lane_b_from = path.iter().position(|&square| square == entry_b)?;
                let links = [
                    (entry_a, a.back()),
                    (exit_a, a.step()),
                    (entry_b, b.step()),
                    (exit_b, b.back()),
                ];
                let lanes = [&path[..lane_b_from], &path[lane_b_from..]];
                Some(StripBlock::new(short, width, &lanes, &links))
            }
        }
    }

    /// A first block (left cap): the lane from the start of the tour to its exit; on a closed
    /// strip, one path from entry B to exit A; on an open two-lane strip, lane B from its entry
    /// to the end of the tour and lane A from the start of the tour to its exit, searched as
    /// one path from entry B to exit A through the hub, where the lanes change.
    fn first(&mut self, family: Family, width: u32, lanes: Lanes) -> Option<StripBlock> {
        let short = family.short();
        match lanes {
            Lanes::One(crossing) => {
                let exit = crossing.left(width);
                let mut path = self.path(short, width, exit, None, LaneChange::None)?;
                path.reverse();
                let links = [(exit, crossing.step())];
                Some(StripBlock::new(short, width, &[&path], &links))
            }
            Lanes::Two { a, b } => {
                let (entry_b, exit_a) = (b.left(width), a.left(width));
                let links = [(entry_b, b.step()), (exit_a, a.step())];
                if family == Family::Closed3 {
                    let path = self.path(short, width, entry_b, Some(exit_a), LaneChange::None)?;
                    return Some(StripBlock::new(short, width, &[&path], &links));
                }
                let path = self.path(short, width, entry_b, Some(exit_a), LaneChange::Anywhere)?;
                let hub = path.iter().position(|&square| square == short * width)?;
                let lanes = [&path[..hub], &path[hub + 1..]];
                Some(StripBlock::new(short, width, &lanes, &links))
            }
        }
    }

    /// A last block (right cap): the lane from its entry to the end of the tour, or one path
    /// from entry A to exit B.
    fn last(&mut self, short: u32, width: u32, lanes: Lanes) -> Option<StripBlock> {
        match lanes {
            Lanes::One(crossing) => {
                let entry = crossing.right(width);
                let path = self.path(short, width, entry, None, LaneChange::None)?;
                let links = [(entry, crossing.back())];
                Some(StripBlock::new(short, width, &[&path], &links))
            }
            Lanes::Two { a, b } => {
                let (entry_a, exit_b) = (a.right(width), b.right(width));
                let path = self.path(short, width, entry_a, Some(exit_b), LaneChange::None)?;
                let links = [(entry_a, a.back()), (exit_b, b.back())];
                Some(StripBlock::new(short, width, &[&path], &links))
            }
        }
    }
}

/// A strip cut into blocks: everything needed to name a square's partners.
#[derive(Debug, Clone)]
pub(super) struct StripLayout {
    /// Columns of the board.
    cols: u32,
    /// Whether the strip runs down the board's columns (the board has 3 or 4 columns).
    transposed: bool,
    first: Arc<StripBlock>,
    middle: Arc<StripBlock>,
    last: Arc<StripBlock>,
    /// The first column (along the strip) of the middle blocks.
    middles_from: u32,
    /// The first column of the last block.
    last_from: u32,
}

impl StripLayout {
    /// The layout of an empty `rows` x `cols` board that `family` builds.
    pub(super) fn new(rows: u32, cols: u32, family: Family) -> Result<StripLayout, String> {
        let long = rows.max(cols);
        let blocks = blocks(family)?;
        let (first, middles, last) = blocks
            .split(long)
            .ok_or_else(|| format!("the {family} blocks do not build a long side of {long}"))?;
        let middles_from = first.width;
        Ok(StripLayout {
            cols,
            transposed: cols < rows,
            first: first.clone(),
            middle: blocks.middle.clone(),
            last: last.clone(),
            middles_from,
            last_from: middles_from + middles * blocks.middle.width,
        })
    }

    /// The square at `u` along the strip and `v` across it.
    fn square(&self, u: u32, v: u32) -> Square {
        if self.transposed {
            u * self.cols + v
        } else {
            v * self.cols + u
        }
    }

    /// The two squares next to `square` in the tour ([`NO_SQUARE`] for the missing one at an
    /// end of an open tour).
    pub(super) fn partners(&self, square: Square) -> [Square; 2] {
        let (u, v) = if self.transposed {
            (square / self.cols, square % self.cols)
        } else {
            (square % self.cols, square / self.cols)
        };
        let (block, local_u) = if u < self.middles_from {
            (&self.first, u)
        } else if u < self.last_from {
            (&self.middle, (u - self.middles_from) % self.middle.width)
        } else {
            (&self.last, u - self.last_from)
        };
        block.partners[(v * block.width + local_u) as usize].map(|step| {
            if step == NO_STEP {
                NO_SQUARE
            } else {
                let (du, dv) = (step.0 as i64, step.1 as i64);
                let (u, v) = ((u as i64 + du) as u32, (v as i64 + dv) as u32);
                self.square(u, v)
            }
        })
    }

    /// The ends of the open tour, the squares with a missing partner: the start in the first
    /// block and the end in the last on an open 3 x n strip, both in the first block on a
    /// 4 x n strip; none on a closed strip.
    pub(super) fn ends(&self) -> Vec<Square> {
        let firsts = self.first.free_ends().map(|(u, v)| self.square(u, v));
        let lasts = self
            .last
            .free_ends()
            .map(|(u, v)| self.square(self.last_from + u, v));
        firsts.chain(lasts).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAMILIES: [Family; 3] = [Family::Open3, Family::Open4, Family::Closed3];

    #[test]
    fn every_family_splits_every_long_side_from_its_threshold() {
        for family in FAMILIES {
            let blocks = blocks(family).unwrap();
            for long in (family.from()..family.from() + 200).filter(|&long| family.builds(long)) {
                let (first, middles, last) = blocks.split(long).unwrap();
                assert_eq!(
                    first.width + middles * blocks.middle.width + last.width,
                    long
                );
            }
        }
    }

    #[test]
    fn block_partners_are_knight_moves() {
        for family in FAMILIES {
            let blocks = blocks(family).unwrap();
            let all = blocks.firsts.iter().chain(&blocks.lasts);
            for block in all.chain([&blocks.middle]) {
                for steps in &block.partners {
                    for &(du, dv) in steps.iter().filter(|&&step| step != NO_STEP) {
                        assert!(matches!((du.abs(), dv.abs()), (1, 2) | (2, 1)), "{family}");
                    }
                }
            }
        }
    }

    #[test]
    fn open_strips_have_two_ends_and_closed_strips_none() {
        let ends = |rows, cols, family| StripLayout::new(rows, cols, family).unwrap().ends();
        assert_eq!(ends(3, 101, Family::Open3).len(), 2);
        assert_eq!(ends(40, 4, Family::Open4).len(), 2);
        assert!(ends(3, 100, Family::Closed3).is_empty());
    }

    #[test]
    fn families_follow_the_thresholds() {
        let (open, closed) = (TourShape::Open, TourShape::Closed);
        assert_eq!(Family::of(3, 10, closed), None);
        assert_eq!(Family::of(3, 12, closed), Some(Family::Closed3));
        assert_eq!(Family::of(12, 3, open), Some(Family::Closed3));
        assert_eq!(Family::of(3, 11, open), Some(Family::Open3));
        assert_eq!(Family::of(3, 11, closed), None);
        assert_eq!(Family::of(3, 9, open), None);
        assert_eq!(Family::of(4, 5, open), None);
        assert_eq!(Family::of(6, 4, open), Some(Family::Open4));
        assert_eq!(Family::of(4, 6, closed), None);
        assert_eq!(Family::of(5, 6, open), None);
    }
}
