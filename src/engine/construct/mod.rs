//! Knight's tours built, not searched: block tours joined by move exchanges, in linear time.
//!
//! Boards with both sides at least 5 are a grid of blocks, below; boards with a side of 3 or 4
//! are [`strip`]s, one row of blocks crossed by one or two lanes, from a threshold on the long
//! side (open 3 x n from n = 11, open 4 x n from n = 6, closed 3 x n, n even, from n = 12; the
//! few shorter strips with a tour are left to the search engines).
//!
//! Each side of the board is split into parts of 8 squares, the last part 5 to 15, so the board
//! becomes a grid of blocks. Every block has a `base` tour: closed, or open for the one block
//! whose sides are both odd (when both sides of the board are). Neighbouring blocks are joined
//! along a comb (every block to its right neighbour, and the blocks of the first block column to
//! the block below) by a 2-opt exchange: block `A` lends move `a-b`, block `B` lends `c-d`, the
//! same move shifted by a knight's move, and `a-b`, `c-d` give way to `a-c`, `b-d`. Each
//! exchange joins two cycles (or a cycle and the path) into one, so the comb leaves a single
//! closed tour (or open tour).
//!
//! The tour is never stored: a square's two partners come from its block's base tour (or block
//! paths, on a strip) and, for the few squares of a join, from the join.
//! [`ConstructedTour::squares`] walks it in constant memory; the layout takes memory linear in
//! the sides, not the area.

mod base;
mod ends;
mod path;
pub mod streamed;
pub mod strip;

use crate::core::board::Square;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::proof::theory::{knight_tour_existence, Existence};
use base::{base_tour, BaseTour, Side, NO_STEP};
use ends::EndsLayout;
use std::fmt;
use std::sync::Arc;
use strip::{Family, StripLayout};

/// No square: the missing partner of an end of an open tour.
const NO_SQUARE: Square = Square::MAX;

/// The largest side of a block; block sizes index a table of this many squared entries.
const MAX_BLOCK: u32 = 15;

/// Why the construction does not give a tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConstructError {
    /// No tour exists, by the theorem cited.
    NoTour(String),
    /// The construction does not cover this problem (the reason says why); search engines may.
    Unsupported(String),
    /// A base tour could not be found (a bug in toursat).
    Internal(String),
}

impl fmt::Display for ConstructError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstructError::NoTour(reason) => write!(f, "no tour exists: {reason}"),
            ConstructError::Unsupported(reason) => {
                write!(f, "the construction does not cover this problem: {reason}")
            }
            ConstructError::Internal(reason) => write!(f, "internal error: {reason}"),
        }
    }
}

impl std::error::Error for ConstructError {}

/// How one side of the board is split into parts.
#[derive(Debug, Clone)]
struct Split {
    /// The first coordinate of each part.
    origins: Vec<u32>,
    /// The length of each part.
    sizes: Vec<u32>,
    /// The part of each coordinate.
    part_of: Vec<u32>,
}

impl Split {
    /// Splits a side of `len` (at least 5) into parts of 8 and one part 5 to 15 long: the last
    /// part, or the part holding coordinate `holding` if given.
    fn new(len: u32, holding: Option<u32>) -> Split {
        let full_parts = (len / 8).saturating_sub(1);
        let mut sizes = vec![8; full_parts as usize];
        let odd_part = holding.map_or(full_parts, |coordinate| (coordinate / 8).min(full_parts));
        sizes.insert(odd_part as usize, len - 8 * full_parts);
        let mut origins = Vec::with_capacity(sizes.len());
        let mut part_of = Vec::with_capacity(len as usize);
        for (part, &size) in sizes.iter().enumerate() {
            origins.push(part_of.len() as u32);
            part_of.extend(std::iter::repeat_n(part as u32, size as usize));
        }
        Split {
            origins,
            sizes,
            part_of,
        }
    }

    /// Number of parts.
    fn len(&self) -> usize {
        self.sizes.len()
    }
}

/// The grid of blocks and their base tours: everything needed to name a square's partners.
#[derive(Debug, Clone)]
struct BlockLayout {
    cols: u32,
    row_split: Split,
    col_split: Split,
    /// The base tour of each block size, indexed by `rows * (MAX_BLOCK + 1) + cols`.
    bases: Vec<Option<Arc<BaseTour>>>,
}

impl BlockLayout {
    /// The layout of an empty `rows` x `cols` board, both sides at least 5; when both sides are
    /// odd, the open tour may be asked to start on `path_start`, `(x, y)`.
    fn new(
        rows: u32,
        cols: u32,
        path_start: Option<(u32, u32)>,
    ) -> Result<BlockLayout, ConstructError> {
        let row_split = Split::new(rows, path_start.map(|(_, y)| y));
        let col_split = Split::new(cols, path_start.map(|(x, _)| x));
        let stride = MAX_BLOCK as usize + 1;
        let mut bases = vec![None; stride * stride];
        for (block_row, &block_rows) in row_split.sizes.iter().enumerate() {
            for (block_col, &block_cols) in col_split.sizes.iter().enumerate() {
                let entry = &mut bases[block_rows as usize * stride + block_cols as usize];
                if entry.is_some() {
                    continue;
                }
                let is_path = block_rows % 2 == 1 && block_cols % 2 == 1;
                let local_start = path_start.filter(|_| is_path).map(|(x, y)| {
                    let local_x = x - col_split.origins[block_col];
                    let local_y = y - row_split.origins[block_row];
                    local_y * block_cols + local_x
                });
                let tour = base_tour(block_rows, block_cols, local_start)
                    .map_err(ConstructError::Internal)?;
                *entry = Some(tour.ok_or_else(|| match local_start {
                    Some(_) => ConstructError::Unsupported(format!(
                        "no open tour of its {block_rows} x {block_cols} block starts on the \
                         fixed square with the moves the joins need"
                    )),
                    None => ConstructError::Internal(format!(
                        "no {block_rows} x {block_cols} base tour holds the join moves"
                    )),
                })?);
            }
        }
        Ok(BlockLayout {
            cols,
            row_split,
            col_split,
            bases,
        })
    }

    /// The two squares next to `square` in the tour ([`NO_SQUARE`] for the missing one at an
    /// end of an open tour).
    fn partners(&self, square: Square) -> [Square; 2] {
        let (x, y) = (square % self.cols, square / self.cols);
        let block_col = self.col_split.part_of[x as usize] as usize;
        let block_row = self.row_split.part_of[y as usize] as usize;
        let (x0, block_cols) = (
            self.col_split.origins[block_col],
            self.col_split.sizes[block_col],
        );
        let (y0, block_rows) = (
            self.row_split.origins[block_row],
            self.row_split.sizes[block_row],
        );
        let stride = MAX_BLOCK as usize + 1;
        let Some(base) = &self.bases[block_rows as usize * stride + block_cols as usize] else {
            return [NO_SQUARE; 2];
        };
        let local = ((y - y0) * block_cols + (x - x0)) as usize;
        let last_row = block_row + 1 == self.row_split.len();
        let last_col = block_col + 1 == self.col_split.len();
        joined_partners(base, local, square, self.cols, |side| match side {
            Side::Right => !last_col,
            Side::Left => block_col > 0,
            Side::Down => block_col == 0 && !last_row,
            Side::Up => block_col == 0 && block_row > 0,
        })
    }

    /// The two ends of the open tour, when both sides are odd: the ends of the base tour of the
    /// block whose sides are both odd.
    fn ends(&self) -> Vec<Square> {
        let odd_part = |split: &Split| split.sizes.iter().position(|size| size % 2 == 1);
        let (Some(path_row), Some(path_col)) =
            (odd_part(&self.row_split), odd_part(&self.col_split))
        else {
            return Vec::new();
        };
        let (y0, x0) = (
            self.row_split.origins[path_row],
            self.col_split.origins[path_col],
        );
        let stride = MAX_BLOCK as usize + 1;
        let index = self.row_split.sizes[path_row] as usize * stride
            + self.col_split.sizes[path_col] as usize;
        self.bases[index]
            .iter()
            .flat_map(|base| base.ends())
            .map(|(x, y)| (y0 + y) * self.cols + x0 + x)
            .collect()
    }
}

/// The square `(dx, dy)` away from `square` on a board of `cols` columns.
fn shifted(square: Square, cols: u32, (dx, dy): (i32, i32)) -> Square {
    (square as i64 + dy as i64 * cols as i64 + dx as i64) as Square
}

/// The two partners of `square` (the square at `local` in its block's `base` tour, on a board
/// of `cols` columns) once the joins are made: the base tour's, except that a square lending
/// a move to a join across a side for which `joined` holds goes to the neighbour block's
/// square instead. [`NO_SQUARE`] for the missing partner of a base path's end.
fn joined_partners(
    base: &BaseTour,
    local: usize,
    square: Square,
    cols: u32,
    joined: impl Fn(Side) -> bool,
) -> [Square; 2] {
    let mut partners = base.partners(local).map(|step| {
        if step == NO_STEP {
            NO_SQUARE
        } else {
            shifted(square, cols, (step.0 as i32, step.1 as i32))
        }
    });
    if let Some((side, slot)) = base.role(local) {
        if joined(side) {
            partners[slot] = shifted(square, cols, side.shift());
        }
    }
    partners
}

/// How a constructed tour is laid out: blocks in a grid, or blocks along a strip.
#[derive(Debug, Clone)]
enum Layout {
    /// Both sides at least 5: base tours of blocks joined by move exchanges.
    Blocks(BlockLayout),
    /// A side of 3 or 4: block paths along the strip ([`strip`]).
    Strip(StripLayout),
    /// Both sides at least 5 and both ends fixed: a chain of block paths from the start to the
    /// end, the other blocks' tours joined to it ([`ends`]).
    Ends(EndsLayout),
}

impl Layout {
    /// The two squares next to `square` in the tour ([`NO_SQUARE`] for the missing one at an
    /// end of an open tour).
    fn partners(&self, square: Square) -> [Square; 2] {
        match self {
            Layout::Blocks(layout) => layout.partners(square),
            Layout::Strip(layout) => layout.partners(square),
            Layout::Ends(layout) => layout.partners(square),
        }
    }

    /// The two ends of the tour when it is open; none when it is a circuit.
    fn ends(&self) -> Vec<Square> {
        match self {
            Layout::Blocks(layout) => layout.ends(),
            Layout::Strip(layout) => layout.ends(),
            Layout::Ends(layout) => layout.ends(),
        }
    }
}

/// A knight's tour of an empty board, held as its construction: its squares are computed as
/// they are walked, in constant memory beyond the layout (linear in the sides).
#[derive(Debug, Clone)]
pub struct ConstructedTour {
    layout: Layout,
    first: Square,
    /// The square the walk treats as coming before `first` (so it leaves the other way).
    before_first: Square,
    len: u64,
}

impl ConstructedTour {
    /// Number of squares the tour visits.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the tour visits no square (never: boards have at least 25 squares here).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The squares in tour order, computed as they are visited.
    pub fn squares(&self) -> Squares<'_> {
        Squares {
            layout: &self.layout,
            current: self.first,
            previous: self.before_first,
            remaining: self.len,
        }
    }

    /// The tour as a [`Tour`] (memory: 4 bytes a square).
    pub fn to_tour(&self) -> Tour {
        Tour::new(self.squares().collect())
    }
}

/// The squares of a [`ConstructedTour`] in tour order.
#[derive(Debug, Clone)]
pub struct Squares<'a> {
    layout: &'a Layout,
    current: Square,
    previous: Square,
    remaining: u64,
}

impl Iterator for Squares<'_> {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let square = self.current;
        if self.remaining > 0 {
            let [one, other] = self.layout.partners(square);
            let next = if one == self.previous || one == NO_SQUARE {
                other
            } else {
                one
            };
            self.previous = square;
            self.current = next;
        }
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (remaining, Some(remaining))
    }
}

/// Whether the construction covers `problem`, without building anything: a knight on a board
/// without blocked squares that has a tour, with both sides at least 5 or with a side of 3 or 4
/// and the other long enough for [`strip`]: open tours of 3 x n from n = [`OPEN_3_FROM`] and of
/// 4 x n from n = [`OPEN_4_FROM`], closed (and open) tours of 3 x n, n even, from n =
/// [`CLOSED_3_FROM`], and the transposes. Fixed ends of open tours are checked by
/// [`construct`], which refuses those it cannot honour.
///
/// [`OPEN_3_FROM`]: strip::OPEN_3_FROM
/// [`OPEN_4_FROM`]: strip::OPEN_4_FROM
/// [`CLOSED_3_FROM`]: strip::CLOSED_3_FROM
pub fn covers(problem: &Problem) -> bool {
    unsupported_reason(problem).is_none() && has_tour(problem)
}

/// Whether the theorems say `problem` (a knight on an empty board) has a tour.
fn has_tour(problem: &Problem) -> bool {
    let board = &problem.board;
    let existence = knight_tour_existence(
        board.rows() as u64,
        board.cols() as u64,
        problem.shape,
        problem.start,
        problem.end,
    );
    !matches!(existence, Existence::NoTour(_))
}

/// Why the construction can never build a tour of `problem`, whatever its size: it builds
/// knight's tours of boards without blocked squares.
pub fn cannot_build(problem: &Problem) -> Option<String> {
    let board = &problem.board;
    if !problem.piece.is_knight() {
        return Some(format!(
            "it builds knight's tours, not {} tours",
            problem.piece
        ));
    }
    if board.free_count() != board.len() {
        return Some("it builds tours of boards without blocked squares".to_string());
    }
    None
}

/// Why the construction cannot take `problem` at all, if it cannot.
fn unsupported_reason(problem: &Problem) -> Option<String> {
    if let Some(reason) = cannot_build(problem) {
        return Some(reason);
    }
    let board = &problem.board;
    let (rows, cols) = (board.rows(), board.cols());
    if rows.min(cols) < 5 && Family::of(rows, cols, problem.shape).is_none() {
        return Some(format!(
            "it needs both sides at least 5, or a side of 3 or 4 and the other long enough \
             (open tours of 3 x n from n = {}, of 4 x n from n = {}, closed tours of 3 x n, \
             n even, from n = {}); the board is {rows} x {cols}",
            strip::OPEN_3_FROM,
            strip::OPEN_4_FROM,
            strip::CLOSED_3_FROM,
        ));
    }
    None
}

/// Builds a knight's tour of `problem` (an empty board that [`covers`] takes) in time linear
/// in the board and memory linear in its sides: closed tours on boards with an even side, open
/// tours (by opening a closed tour, from the path of the odd block when both sides are odd, or
/// along an open strip when a side is 3 or 4).
///
/// Fixed ends: a closed tour may start anywhere; an open tour on a board whose construction is
/// a circuit (an even side of at least 5, or 3 x n with n even from [`strip::CLOSED_3_FROM`])
/// may fix its start or its end. On a board with both sides odd (at least 5), the block with
/// both sides odd is placed over the fixed start (or end) and its base tour is asked to start
/// there: this fails ([`ConstructError::Unsupported`]) when no such base tour exists (always
/// for squares of the less numerous colour, sometimes near the edge of a small block). With
/// both ends fixed and both sides at least 5, a chain of block paths runs from the start to the
/// end (the `ends` module): it holds on every pair of squares of the colours a tour allows on the boards
/// surveyed (every board from 16 x 16 to 25 x 25) and refuses the few it cannot build. On an
/// open strip (3 x n with n odd, 4 x n) the ends are those of the first and last blocks' paths,
/// and only they may be fixed.
///
/// ```
/// use toursat::engine::construct::construct;
/// use toursat::{verify, Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(12, 20).unwrap(), Piece::Knight, TourShape::Closed);
/// let tour = construct(&problem).unwrap().to_tour();
/// assert!(verify(&problem, &tour).is_ok());
/// let problem = Problem::new(Board::new(4, 31).unwrap(), Piece::Knight, TourShape::Open);
/// let tour = construct(&problem).unwrap().to_tour();
/// assert!(verify(&problem, &tour).is_ok());
/// ```
pub fn construct(problem: &Problem) -> Result<ConstructedTour, ConstructError> {
    let board = &problem.board;
    let (rows, cols) = (board.rows(), board.cols());
    // The knight's tour theorems speak of knights on boards without blocked squares only.
    let knight_on_empty_board = problem.piece.is_knight() && board.free_count() == board.len();
    if !knight_on_empty_board {
        if let Some(reason) = unsupported_reason(problem) {
            return Err(ConstructError::Unsupported(reason));
        }
    }
    let existence = knight_tour_existence(
        rows as u64,
        cols as u64,
        problem.shape,
        problem.start,
        problem.end,
    );
    if let Existence::NoTour(reason) = existence {
        return Err(ConstructError::NoTour(reason));
    }
    if let Some(reason) = unsupported_reason(problem) {
        return Err(ConstructError::Unsupported(reason));
    }
    let both_odd = rows % 2 == 1 && cols % 2 == 1;
    let on_minority = [problem.start, problem.end]
        .into_iter()
        .flatten()
        .any(|square| board.colour(square) == 1);
    if both_odd && on_minority {
        return Err(ConstructError::NoTour(
            "an open tour of an odd number of squares starts and ends on the more numerous colour"
                .to_string(),
        ));
    }
    let layout = match (
        Family::of(rows, cols, problem.shape),
        problem.start,
        problem.end,
    ) {
        (Some(family), _, _) => {
            Layout::Strip(StripLayout::new(rows, cols, family).map_err(ConstructError::Internal)?)
        }
        // A layout is a set of moves, walked either way: when the chain from the start's block
        // finds no base paths, the chain from the end's block may.
        (None, Some(start), Some(end)) if problem.shape == TourShape::Open => Layout::Ends(
            EndsLayout::new(rows, cols, start, end)
                .or_else(|_| EndsLayout::new(rows, cols, end, start))?,
        ),
        (None, _, _) => {
            let path_start = match problem.shape {
                TourShape::Open if both_odd => problem
                    .start
                    .or(problem.end)
                    .map(|square| board.coords(square)),
                _ => None,
            };
            Layout::Blocks(BlockLayout::new(rows, cols, path_start)?)
        }
    };
    let len = rows as u64 * cols as u64;
    let ends = layout.ends();
    let tour = |first: Square, before_first: Square| ConstructedTour {
        layout: layout.clone(),
        first,
        before_first,
        len,
    };
    if ends.is_empty() {
        return match (problem.shape, problem.start, problem.end) {
            (TourShape::Closed, start, _) | (TourShape::Open, start, None) => {
                Ok(tour(start.unwrap_or(0), NO_SQUARE))
            }
            (TourShape::Open, None, Some(end)) => Ok(tour(layout.partners(end)[0], end)),
            (TourShape::Open, Some(start), Some(end)) => {
                if layout.partners(start).contains(&end) {
                    Ok(tour(start, end))
                } else {
                    Err(ConstructError::Unsupported(
                        "the fixed start and end are not neighbours on the constructed circuit"
                            .to_string(),
                    ))
                }
            }
        };
    }
    let [one, other] = ends[..] else {
        return Err(ConstructError::Internal(
            "the constructed path does not have two ends".to_string(),
        ));
    };
    let first = match (problem.start, problem.end) {
        (None, None) => Some(one),
        (Some(start), None) => ends.contains(&start).then_some(start),
        (None, Some(end)) => [one, other]
            .into_iter()
            .find(|&square| square != end && ends.contains(&end)),
        (Some(start), Some(end)) => {
            (ends.contains(&start) && ends.contains(&end) && start != end).then_some(start)
        }
    };
    let before_first = match &layout {
        Layout::Ends(layout) => first.map_or(NO_SQUARE, |first| layout.before(first)),
        _ => NO_SQUARE,
    };
    first.map(|first| tour(first, before_first)).ok_or_else(|| {
        ConstructError::Unsupported(
            "where the construction is a path (both sides odd, or a side of 3 or 4 without the \
             circuit), the fixed ends must be the constructed path's ends"
                .to_string(),
        )
    })
}
