//! Simple Loop puzzles shaded as people shade them: single squares and small groups scattered
//! over the board, every one of them needed.
//!
//! The start is a puzzle with one loop and many shaded squares: [`super::puzzle`]'s dense
//! carving without symmetry; with a symmetry, the board's outer ring, every other square
//! shaded (kept by every symmetry, and its one loop). Shaded squares are then opened two at a
//! time, one of each colour (a rook circuit covers as many squares of each colour), with their
//! images under the symmetry asked for, squares of the largest shaded groups first: the loop is
//! rerouted inside a small rectangle round each opened place, the same outside
//! ([`super::reroute`]), a window round the pair is asked for a second loop, and then the whole
//! board; an opening is kept only where the solver proves the new loop the only one. Passes
//! go on while openings are kept. Shaded groups of more than [`MAX_GROUP`] squares are then
//! broken where they can be, and on boards of at most [`EXACT_SQUARES`] squares every opening of
//! one or two orbits of shaded squares, wherever they lie, is looked for on one incremental
//! solver (`count::openings`) until none is left: the puzzle is minimal. The board
//! returned has exactly one loop: every kept opening was proved so by the solver. With a
//! difficulty, an opening is kept only where the reasoning solver's grade stays at most that
//! difficulty (the start, whose loop the trivial rules draw, is easy), and puzzles are drawn
//! again until one has the grade asked for.

use super::difficulty::Difficulty;
use super::puzzle::{check_puzzle_size, circuit_of, pieces, puzzle, two_loops};
use super::reroute::Runs;
use super::symmetry::Symmetry;
use super::window::{Rect, Window};
use super::{Circuit, GenError, Grid};
use crate::core::board::{Board, Square};
use crate::core::piece::Piece;
use crate::core::rng::SplitMix64;
use crate::core::tour::Tour;
use crate::count::{changed_board, CountError, Opening, OpeningSearch, Until};
use crate::deduce::{grade, Grade, Level, Reasoner};
use crate::engine::{Limits, Stop};
use std::cell::{Cell, RefCell};

/// How far (in rows and in columns) the second square of a pair may lie from the first.
const PAIR_REACH: i64 = 3;

/// Squares round a changed square that the rectangle its loop is rerouted in takes in.
const REROUTE_MARGIN: u64 = 2;

/// Squares round an opened pair that the window asked for a second loop takes in.
const OPEN_MARGIN: u64 = 4;

/// Passes of opening pairs: an opening makes room for others.
const MAX_OPEN_PASSES: u32 = 12;

/// The most squares a shaded group may have: larger ones are broken where they can be.
pub const MAX_GROUP: usize = 4;

/// How far (in rows and columns) from a large shaded group a square shaded to break it may lie.
const BREAK_REACH: u64 = 3;

/// The numbers of orbits a change that breaks a large group may make, tried in turn: one
/// opened and one shaded, then up to three, then up to four.
const BREAK_CHANGES: [usize; 3] = [2, 3, 4];

/// The most sets of orbits, with a loop, looked at for one way of breaking a group: a group
/// that none of them breaks is left (without a bound, a group that cannot be broken took
/// seconds to give up on; 600 sets take about a second).
const BREAK_SETS: usize = 600;

/// How far (in rows and columns) from a large shaded group the squares shaded to clear a break
/// that left the puzzle too hard may lie.
const CLEAR_REACH: u64 = 3;

/// The most orbits a round of a clearing shades.
const CLEAR_CHANGES: usize = 2;

/// The most rounds of a clearing.
const CLEAR_ROUNDS: usize = 3;

/// The most sets of orbits, with a loop, looked at for one round of a clearing.
const CLEAR_SETS: usize = 200;

/// The most breaks too hard that a clearing is looked for, for one group: each looks at up to
/// [`CLEAR_SETS`] sets a round.
const CLEARINGS_TRIED: usize = 8;

/// The largest board (in squares) whose every pair of shaded squares is tried for opening: the
/// search takes 2 to 5 s on 15 x 15 puzzles but 8 to 15 s on 20 x 20 ones (docs/puzzles.md).
pub const EXACT_SQUARES: usize = 225;

/// The largest board (in squares) drawn again for a shaded group of more than [`MAX_GROUP`]
/// squares: larger ones take over ten seconds a puzzle. Boards of more than
/// [`DRAWN_TWICE_ABOVE`] squares are drawn twice at most, smaller ones [`GROUP_ATTEMPTS`] times.
pub const REDRAWN_SQUARES: usize = 900;

/// The largest board (in squares) drawn up to [`GROUP_ATTEMPTS`] times for its groups: a
/// 30 x 30 puzzle of a difficulty takes 3 to 5 s, so a third would pass 10 s.
pub const DRAWN_TWICE_ABOVE: usize = 400;

/// A puzzle of `rows` x `cols` shaded as people shade them, its shading kept by `symmetry`,
/// with exactly one loop; the same for the same `seed`. Puzzles of at most [`REDRAWN_SQUARES`]
/// squares are drawn again (other seeds from `seed`) while one has a shaded group of more than
/// [`MAX_GROUP`] squares (up to [`GROUP_ATTEMPTS`] puzzles, two above [`DRAWN_TWICE_ABOVE`]),
/// and with a `difficulty` while none
/// has that difficulty's grade (up to [`DIFFICULTY_ATTEMPTS`], or [`SMALL_DIFFICULTY_ATTEMPTS`]
/// on small boards). With a difficulty, a puzzle
/// whose grade its last openings (those that made it minimal) changed is taken as it was
/// before them, and puzzles are drawn for a minimal one as many times. Of
/// the puzzles drawn, the first with no large group that is minimal wins, else the one with
/// the smallest largest group, minimal before not.
pub fn sparse_puzzle(
    rows: u64,
    cols: u64,
    symmetry: Symmetry,
    difficulty: Option<Difficulty>,
    seed: u64,
    limits: &Limits,
) -> Result<Board, GenError> {
    check_puzzle_size(rows, cols)?;
    if let Some(why) = symmetry.unfit(rows, cols) {
        return Err(GenError::BadOption(why));
    }
    let wanted = difficulty.map(Difficulty::grade);
    // Larger boards are drawn again fewer times for their groups: each puzzle takes seconds.
    let group_attempts = match (rows * cols) as usize {
        squares if squares <= DRAWN_TWICE_ABOVE => GROUP_ATTEMPTS,
        squares if squares <= REDRAWN_SQUARES => 2,
        _ => 1,
    };
    // The last puzzle made, when none had the grade.
    let mut closest = None;
    // The best puzzle of the right grade so far: the largest shaded group (no less than
    // MAX_GROUP) and whether it is not minimal, the smaller the better.
    let mut best: Option<((usize, bool), Board)> = None;
    let attempts = match (rows * cols) as usize {
        squares if squares <= SMALL_SQUARES => SMALL_DIFFICULTY_ATTEMPTS,
        _ => DIFFICULTY_ATTEMPTS,
    };
    for attempt in 0..attempts {
        let seed = match attempt {
            0 => seed,
            _ => crate::core::rng::hash(seed, attempt),
        };
        let mut shading = Shading::start(rows, cols, symmetry, wanted, seed, limits)?;
        shading.open_pairs(limits)?;
        let (broken, minimal) = shading.finish(limits)?;
        let graded = [(minimal, false), (broken, true)]
            .into_iter()
            .find(|(board, _)| wanted.is_none_or(|wanted| grade(board) == wanted));
        match graded {
            Some((board, not_minimal)) => {
                let score = (largest_shaded_group(&board).max(MAX_GROUP), not_minimal);
                if best.as_ref().is_none_or(|(best, _)| score < *best) {
                    best = Some((score, board));
                }
            }
            None => closest = Some(shading.grid.to_board()?),
        }
        let drawn = attempt + 1;
        let enough = best.as_ref().is_some_and(|(score, _)| {
            let (largest, not_minimal) = *score;
            !not_minimal && (largest == MAX_GROUP || drawn >= group_attempts)
        });
        if enough {
            break;
        }
    }
    if let Some((_, board)) = best {
        return Ok(board);
    }
    let reached = closest.as_ref().map_or(Grade::NoLoop, grade);
    Err(GenError::Failed(format!(
        "no {} puzzle of {rows} x {cols} came out of {attempts} attempts (the last was {})",
        difficulty.map_or("", |difficulty| difficulty.name()),
        reached.name()
    )))
}

/// Puzzles drawn, at most, for one without a shaded group of more than [`MAX_GROUP`] squares
/// (on boards of at most [`REDRAWN_SQUARES`] squares).
pub const GROUP_ATTEMPTS: u64 = 3;

/// Puzzles drawn for a difficulty before giving up (on boards of more than [`SMALL_SQUARES`]
/// squares).
pub const DIFFICULTY_ATTEMPTS: u64 = 12;

/// Puzzles drawn for a difficulty before giving up on boards of at most [`SMALL_SQUARES`]
/// squares: a grade harder than easy is rarer there (on 8 x 8, one medium puzzle in twelve
/// draws), and a draw takes milliseconds.
pub const SMALL_DIFFICULTY_ATTEMPTS: u64 = 48;

/// The largest board (in squares) drawn up to [`SMALL_DIFFICULTY_ATTEMPTS`] times.
pub const SMALL_SQUARES: usize = 100;

/// A puzzle being shaded: the grid, a loop through its free squares and its length.
struct Shading {
    /// The hardest grade an opening may leave the puzzle at, if any.
    ceiling: Option<Grade>,
    grid: Grid,
    circuit: Circuit,
    length: usize,
    symmetry: Symmetry,
    rng: SplitMix64,
}

impl Shading {
    /// The dense puzzle to open squares of: the dense carving's, or with a symmetry the outer
    /// ring; its loop.
    fn start(
        rows: u64,
        cols: u64,
        symmetry: Symmetry,
        ceiling: Option<Grade>,
        seed: u64,
        limits: &Limits,
    ) -> Result<Shading, GenError> {
        let rng = SplitMix64::new(crate::core::rng::hash(seed, 0x5348_4144));
        let mut grid = Grid::blocked(rows, cols)?;
        let board = match symmetry {
            Symmetry::None => puzzle(rows, cols, None, seed, limits)?,
            _ => {
                for square in 0..grid.free.len() as Square {
                    let (x, y) = (square as u64 % cols, square as u64 / cols);
                    grid.free[square as usize] = x == 0 || y == 0 || x == cols - 1 || y == rows - 1;
                }
                grid.to_board()?
            }
        };
        let tours = two_loops(&board, limits)?;
        let [tour] = &tours[..] else {
            return Err(GenError::Failed(format!(
                "the {rows} x {cols} puzzle to start from has {} loops",
                tours.len()
            )));
        };
        for square in tour.squares() {
            grid.free[*square as usize] = true;
        }
        Ok(Shading {
            ceiling,
            length: tour.len(),
            circuit: circuit_of(tour, grid.free.len()),
            grid,
            symmetry,
            rng,
        })
    }

    /// The squares within [`PAIR_REACH`] of `first`, of the other colour, free (`free`) or
    /// shaded like `first`; none when `first` is not.
    fn partners(&self, first: Square, free: bool) -> Vec<Square> {
        if self.grid.free[first as usize] != free {
            return Vec::new();
        }
        let mut partners = Vec::new();
        for dy in -PAIR_REACH..=PAIR_REACH {
            for dx in -PAIR_REACH..=PAIR_REACH {
                if let Some(second) = self.grid.step(first, dx, dy) {
                    let other_colour = self.grid.colour(second) != self.grid.colour(first);
                    if other_colour && self.grid.free[second as usize] == free {
                        partners.push(second);
                    }
                }
            }
        }
        partners
    }

    /// Opens `squares` and their images and reroutes the loop round each opened place; whether
    /// they were opened (not where the colours would not balance, a free square near them
    /// would have fewer than two free neighbours, or no loop takes them in).
    fn open(&mut self, squares: &[Square], limits: &Limits) -> Result<bool, GenError> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let mut open: Vec<Square> = Vec::new();
        for &square in squares {
            for image in self.symmetry.images(square, rows, cols) {
                if !open.contains(&image) {
                    open.push(image);
                }
            }
        }
        if open.iter().any(|&square| self.grid.free[square as usize]) || !self.may_open(&open) {
            return Ok(false);
        }
        let (saved_free, saved_circuit, saved_length) = (
            self.grid.free.clone(),
            self.circuit.partners.clone(),
            self.length,
        );
        for (rect, squares) in places(&open, rows, cols) {
            let rerouted = match Runs::of(&self.grid, &self.circuit, self.length, rect) {
                Some(runs) => {
                    for &square in &squares {
                        self.grid.free[square as usize] = true;
                    }
                    self.length += squares.len();
                    runs.reroute(&self.grid, &self.circuit, limits)?
                }
                None => None,
            };
            match rerouted {
                Some(circuit) => self.circuit = circuit,
                None => {
                    self.restore(saved_free, saved_circuit, saved_length);
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Puts back the free squares, the loop and its length saved before a change.
    fn restore(&mut self, free: Vec<bool>, partners: Vec<[Square; 2]>, length: usize) {
        self.grid.free = free;
        self.circuit.partners = partners;
        self.length = length;
    }

    /// Whether `open` may be opened: as many squares of each colour, and every free square
    /// among and beside them left with two free neighbours.
    fn may_open(&self, open: &[Square]) -> bool {
        let grid = &self.grid;
        let light = open
            .iter()
            .filter(|&&square| grid.colour(square) == 1)
            .count();
        if 2 * light != open.len() {
            return false;
        }
        let free = |square: Square| grid.free[square as usize] || open.contains(&square);
        let degree = |square: Square| grid.rook_neighbours(square).filter(|&n| free(n)).count();
        open.iter()
            .flat_map(|&square| grid.rook_neighbours(square).chain([square]))
            .filter(|&square| free(square))
            .all(|square| degree(square) >= 2)
    }

    /// Opens shaded pairs near each other where the loop stays unique, squares of the largest
    /// groups first, pass after pass while any is opened.
    fn open_pairs(&mut self, limits: &Limits) -> Result<(), GenError> {
        for _ in 0..MAX_OPEN_PASSES {
            let mut shaded: Vec<Square> = (0..self.grid.free.len() as Square)
                .filter(|&square| !self.grid.free[square as usize])
                .collect();
            self.rng.shuffle(&mut shaded);
            let sizes: Vec<usize> = shaded
                .iter()
                .map(|&square| group_size(&self.grid, square))
                .collect();
            let mut order: Vec<usize> = (0..shaded.len()).collect();
            order.sort_by_key(|&index| std::cmp::Reverse(sizes[index]));
            let mut opened_any = false;
            for first in order.into_iter().map(|index| shaded[index]) {
                let mut partners = self.partners(first, false);
                self.rng.shuffle(&mut partners);
                for second in partners {
                    if self.open_if_unique(first, second, limits)? {
                        opened_any = true;
                        break;
                    }
                }
            }
            if !opened_any {
                break;
            }
        }
        Ok(())
    }

    /// Opens `first` and `second` (with their images) and keeps them open if the loop stays
    /// the only one; whether they were kept.
    fn open_if_unique(
        &mut self,
        first: Square,
        second: Square,
        limits: &Limits,
    ) -> Result<bool, GenError> {
        let (saved_free, saved_circuit, saved_length) = (
            self.grid.free.clone(),
            self.circuit.partners.clone(),
            self.length,
        );
        if !self.open(&[first, second], limits)? {
            return Ok(false);
        }
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let rect = Rect::round(&[first, second], OPEN_MARGIN, rows, cols);
        let locally_unique = match Window::new(&self.grid, &self.circuit, self.length, rect) {
            Some(window) => window.other_loop(limits)?.is_none(),
            None => true,
        };
        let board = self.grid.to_board()?;
        if locally_unique && two_loops(&board, limits)?.len() == 1 && self.within_ceiling(&board) {
            return Ok(true);
        }
        self.restore(saved_free, saved_circuit, saved_length);
        Ok(false)
    }

    /// Whether `board`, a puzzle with one loop, is no harder than the ceiling.
    fn within_ceiling(&self, board: &Board) -> bool {
        self.ceiling.is_none_or(|ceiling| grade(board) <= ceiling)
    }

    /// Breaks the shaded groups of more than [`MAX_GROUP`] squares where it can, then makes the
    /// puzzle minimal (on boards of at most [`EXACT_SQUARES`] squares); the puzzle after the
    /// breaking, and after both.
    fn finish(&mut self, limits: &Limits) -> Result<(Board, Board), GenError> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let mut search = OpeningSearch::new(rows, cols, Piece::Rook).map_err(failed)?;
        let exact = self.grid.free.len() <= EXACT_SQUARES;
        // Clearings only where the puzzle is not made minimal after: there the shading they add
        // made a minimal puzzle of the grade rarer (15 x 15 medium, seed 2: 4.7 s to 18.9 s of
        // draws), and groups stayed at MAX_GROUP without them (docs/puzzles.md).
        let clearer = match exact {
            true => None,
            false => Some(RefCell::new(
                OpeningSearch::new(rows, cols, Piece::Rook).map_err(failed)?,
            )),
        };
        // Each break leaves fewer squares in large groups, so this ends.
        let mut unbreakable = Vec::new();
        while self.break_large_group(&mut search, clearer.as_ref(), &mut unbreakable, limits)? {}
        let broken = self.grid.to_board()?;
        // Opening squares never makes a shaded group larger.
        if exact {
            self.open_every_orbit(&mut search, limits)?;
        }
        Ok((broken, self.grid.to_board()?))
    }

    /// Opens shaded squares, wherever they lie, that the loop stays unique without, until none
    /// is left: each time every opening of one or two orbits of shaded squares under the
    /// symmetry (one or two squares without one) that keeps the loop unique is looked for on
    /// one incremental solver ([`OpeningSearch`]), and one is made: with a ceiling the first
    /// that keeps the ceiling's grade, else the first within it, else the first found, whatever
    /// the grade it leaves (the grade is checked after). The puzzle is then minimal.
    fn open_every_orbit(
        &mut self,
        search: &mut OpeningSearch,
        limits: &Limits,
    ) -> Result<(), GenError> {
        loop {
            let board = self.grid.to_board()?;
            let orbits = self.shaded_orbits();
            // With a ceiling every opening is found, to make one at or within it where one is.
            let until = match self.ceiling {
                None => Until::FirstAccepted {
                    accepts: &|_| true,
                    sets: usize::MAX,
                },
                Some(_) => Until::All,
            };
            let openings = search
                .find(&board, &orbits, None, 2, until, limits)
                .map_err(failed)?;
            let Some(opening) = self.preferred_opening(&board, &orbits, &openings) else {
                return Ok(());
            };
            for square in opening.groups.iter().flat_map(|&group| &orbits[group]) {
                self.grid.free[*square as usize] = true;
            }
            self.length = opening.tour.len();
            self.circuit = circuit_of(&opening.tour, self.grid.free.len());
        }
    }

    /// Breaks the largest shaded group that has more than [`MAX_GROUP`] squares, where it
    /// can: orbits of its squares are opened and orbits of free squares near it are shaded
    /// instead, where the loop stays unique after the change, every square shaded is in a group
    /// of at most [`MAX_GROUP`] squares, and with a ceiling the grade neither falls nor passes
    /// it (the first such change `search` finds, of as few orbits as [`BREAK_CHANGES`] allow);
    /// whether a group was broken. A change that leaves the puzzle harder than the ceiling is
    /// made with a clearing after it where `clearer`, if given, finds one
    /// ([`Shading::clearing`]). Groups in `unbreakable` are not tried, and a group that cannot
    /// be broken is added to it: a change elsewhere seldom makes it breakable.
    fn break_large_group(
        &mut self,
        search: &mut OpeningSearch,
        clearer: Option<&RefCell<OpeningSearch>>,
        unbreakable: &mut Vec<Vec<Square>>,
        limits: &Limits,
    ) -> Result<bool, GenError> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let mut large = shaded_groups(&self.grid);
        large.retain(|group| group.len() > MAX_GROUP && !unbreakable.contains(group));
        large.sort_by_key(|group| std::cmp::Reverse(group.len()));
        for group in &large {
            let mut orbits: Vec<Vec<Square>> = Vec::new();
            for &square in group {
                let orbit = self.orbit(square);
                if !orbits.contains(&orbit) {
                    orbits.push(orbit);
                }
            }
            let opened = orbits.len();
            let near = Rect::round(group, BREAK_REACH, rows, cols);
            for square in near.squares(cols) {
                let orbit = self.orbit(square);
                if !orbits.contains(&orbit) && self.may_shade(&orbit, group) {
                    orbits.push(orbit);
                }
            }
            if orbits.len() == opened {
                unbreakable.push(group.clone());
                continue;
            }
            let classes: Vec<usize> = (0..orbits.len())
                .map(|index| usize::from(index >= opened))
                .collect();
            let board = self.grid.to_board()?;
            let before = self.ceiling.map(|_| grade(&board));
            let clearings_tried = Cell::new(0);
            for most in BREAK_CHANGES {
                // The clearing of the change accepted, if it needs one, and an error of the
                // search for one.
                let cleared: RefCell<Option<Clearing>> = RefCell::new(None);
                let failure: RefCell<Option<CountError>> = RefCell::new(None);
                let breaks_cleanly = |change: &Opening| {
                    let changed = changed_board(&board, &orbits, &change.groups);
                    match self.break_grade(&changed, &orbits, opened, before, change) {
                        BreakGrade::Kept => true,
                        BreakGrade::Refused => false,
                        BreakGrade::TooHard(before) => {
                            let Some(clearer) = clearer else {
                                return false;
                            };
                            if clearings_tried.get() >= CLEARINGS_TRIED {
                                return false;
                            }
                            clearings_tried.set(clearings_tried.get() + 1);
                            match self.clearing(&changed, group, before, clearer, limits) {
                                Ok(clearing) => {
                                    let found = clearing.is_some();
                                    *cleared.borrow_mut() = clearing;
                                    found
                                }
                                Err(error) => {
                                    *failure.borrow_mut() = Some(error);
                                    false
                                }
                            }
                        }
                    }
                };
                let change = search
                    .find(
                        &board,
                        &orbits,
                        Some(&classes),
                        most,
                        Until::FirstAccepted {
                            accepts: &breaks_cleanly,
                            sets: BREAK_SETS,
                        },
                        limits,
                    )
                    .map_err(failed)?;
                if let Some(error) = failure.take() {
                    return Err(failed(error));
                }
                // Opening squares of the group makes it smaller, or splits it, and each square
                // shaded (by the change or its clearing) is in a group of at most MAX_GROUP
                // after it: the squares in groups of more than MAX_GROUP are fewer, so
                // breaking ends.
                if let Some(change) = change.first() {
                    self.toggle(&orbits, &change.groups);
                    let tour = match cleared.take() {
                        Some(clearing) => {
                            for square in clearing.shaded {
                                self.grid.free[square as usize] = false;
                            }
                            clearing.tour
                        }
                        None => change.tour.clone(),
                    };
                    self.length = tour.len();
                    self.circuit = circuit_of(&tour, self.grid.free.len());
                    return Ok(true);
                }
            }
            unbreakable.push(group.clone());
        }
        Ok(false)
    }

    /// What `change` (making `changed` of the board: its orbits `orbits`, those from
    /// `first_shaded` on free ones to shade) does as a break: refused where a square it shades is
    /// in a group of more than [`MAX_GROUP`] squares after it; with a ceiling, kept where the
    /// grade is between `before` (the grade before the change) and the ceiling, too hard where
    /// it is past the ceiling, else refused.
    fn break_grade(
        &self,
        changed: &Board,
        orbits: &[Vec<Square>],
        first_shaded: usize,
        before: Option<Grade>,
        change: &Opening,
    ) -> BreakGrade {
        let mut shaded = change
            .groups
            .iter()
            .filter(|&&orbit| orbit >= first_shaded)
            .flat_map(|&orbit| &orbits[orbit]);
        if !shaded.all(|&square| in_small_group(&self.grid, changed, square)) {
            return BreakGrade::Refused;
        }
        let (Some(before), Some(ceiling)) = (before, self.ceiling) else {
            return BreakGrade::Kept;
        };
        match grade(changed) {
            reached if (before..=ceiling).contains(&reached) => BreakGrade::Kept,
            reached if reached > ceiling && reached < Grade::NoLoop => BreakGrade::TooHard(before),
            _ => BreakGrade::Refused,
        }
    }

    /// A clearing of `changed`, a puzzle harder than the ceiling after a change that broke
    /// `group`, as a setter adds clues where the reasoning stops: in up to [`CLEAR_ROUNDS`]
    /// rounds, one or two orbits of free squares near the group where the ceiling's rules are
    /// left stuck are shaded so that the loop stays unique and each is in a group of at most
    /// [`MAX_GROUP`] squares, until the grade is back between `before` and the ceiling; a round
    /// that does not get there is kept only where the ceiling's rules then leave fewer moves
    /// undecided (beyond those of the squares shaded). Looked for on `clearer`, each round
    /// giving up after [`CLEAR_SETS`] sets.
    fn clearing(
        &self,
        changed: &Board,
        group: &[Square],
        before: Grade,
        clearer: &RefCell<OpeningSearch>,
        limits: &Limits,
    ) -> Result<Option<Clearing>, CountError> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let Some((ceiling, level)) = self
            .ceiling
            .and_then(|ceiling| Some((ceiling, level_of(ceiling)?)))
        else {
            return Ok(None);
        };
        let reasoned_to_ceiling = |board: &Board| {
            let mut reasoner = Reasoner::new(board);
            reasoner.run(level);
            reasoner
        };
        let mut board = changed.clone();
        let mut shaded: Vec<Square> = Vec::new();
        for _ in 0..CLEAR_ROUNDS {
            let reasoner = reasoned_to_ceiling(&board);
            let state = reasoner.state();
            let stuck = |square: Square| state.unknown_at(square).next().is_some();
            let mut orbits: Vec<Vec<Square>> = Vec::new();
            for square in Rect::round(group, CLEAR_REACH, rows, cols).squares(cols) {
                let orbit = self.orbit(square);
                let blocked = |square: Square| !board.is_free(square);
                if stuck(square)
                    && !orbits.contains(&orbit)
                    && shadable(&self.grid, &orbit, blocked)
                {
                    orbits.push(orbit);
                }
            }
            let (unknown_before, board_now) = (state.unknown_moves(), &board);
            // Whether a round's shading leaves the puzzle within bounds (`Some(true)`), or
            // undecided moves fewer by more than the shaded squares' moves (`Some(false)`).
            let outcome = |round: &Opening| {
                let cleared = changed_board(board_now, &orbits, &round.groups);
                let squares: Vec<Square> = round
                    .groups
                    .iter()
                    .flat_map(|&orbit| orbits[orbit].iter().copied())
                    .collect();
                if !squares
                    .iter()
                    .all(|&square| in_small_group(&self.grid, &cleared, square))
                {
                    return None;
                }
                if (before..=ceiling).contains(&grade(&cleared)) {
                    return Some(true);
                }
                let unknown = reasoned_to_ceiling(&cleared).state().unknown_moves();
                (unknown + 4 * squares.len() < unknown_before).then_some(false)
            };
            // Whether the round accepted last left the puzzle within bounds.
            let within = Cell::new(false);
            let accepts = |round: &Opening| {
                let reached = outcome(round);
                within.set(reached == Some(true));
                reached.is_some()
            };
            let found = clearer.borrow_mut().find(
                &board,
                &orbits,
                None,
                CLEAR_CHANGES,
                Until::FirstAccepted {
                    accepts: &accepts,
                    sets: CLEAR_SETS,
                },
                limits,
            )?;
            let Some(round) = found.into_iter().next() else {
                return Ok(None);
            };
            board = changed_board(&board, &orbits, &round.groups);
            shaded.extend(round.groups.iter().flat_map(|&orbit| orbits[orbit].iter()));
            if within.get() {
                return Ok(Some(Clearing {
                    shaded,
                    tour: round.tour,
                }));
            }
        }
        Ok(None)
    }

    /// Opens the shaded squares and shades the free ones of the orbits numbered `changed`.
    fn toggle(&mut self, orbits: &[Vec<Square>], changed: &[usize]) {
        for square in changed.iter().flat_map(|&orbit| &orbits[orbit]) {
            self.grid.free[*square as usize] = !self.grid.free[*square as usize];
        }
    }

    /// Whether the free squares `orbit` may be shaded to break `group`: every one is free, and
    /// each joins a shaded group of at most [`MAX_GROUP`] squares, all of `orbit` shaded and
    /// `group` left out (the change opens some of it; the change made is checked whole).
    fn may_shade(&self, orbit: &[Square], group: &[Square]) -> bool {
        let grid = &self.grid;
        let shaded = |square: Square| !grid.free[square as usize] && !group.contains(&square);
        orbit.iter().all(|&square| grid.free[square as usize]) && shadable(grid, orbit, shaded)
    }

    /// The first of `openings` (of `board`, changing `orbits`) that leaves the puzzle at the
    /// ceiling's grade (the grade asked for), else the first that leaves it within the ceiling,
    /// else the first of all.
    fn preferred_opening<'a>(
        &self,
        board: &Board,
        orbits: &[Vec<Square>],
        openings: &'a [Opening],
    ) -> Option<&'a Opening> {
        let Some(ceiling) = self.ceiling else {
            return openings.first();
        };
        let grades: Vec<Grade> = openings
            .iter()
            .map(|opening| grade(&changed_board(board, orbits, &opening.groups)))
            .collect();
        let first = |wanted: &dyn Fn(Grade) -> bool| {
            (0..openings.len())
                .find(|&index| wanted(grades[index]))
                .map(|index| &openings[index])
        };
        first(&|reached| reached == ceiling)
            .or_else(|| first(&|reached| reached <= ceiling))
            .or(openings.first())
    }

    /// `square` and its images under the symmetry, in increasing order.
    fn orbit(&self, square: Square) -> Vec<Square> {
        let mut orbit = self.symmetry.images(square, self.grid.rows, self.grid.cols);
        orbit.sort_unstable();
        orbit
    }

    /// The shaded squares in orbits under the symmetry, each orbit once, its least square first.
    fn shaded_orbits(&self) -> Vec<Vec<Square>> {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        (0..self.grid.free.len() as Square)
            .filter(|&square| !self.grid.free[square as usize])
            .map(|square| self.symmetry.images(square, rows, cols))
            .filter(|orbit| orbit.iter().all(|&image| image >= orbit[0]))
            .collect()
    }
}

/// What a change that breaks a large group does to the puzzle ([`Shading::break_grade`]).
enum BreakGrade {
    /// Every square it shades is in a small group, and the grade stays within bounds.
    Kept,
    /// Every square it shades is in a small group, and the puzzle is harder than the ceiling
    /// (with one loop): a clearing may bring it back (the grade before the change held).
    TooHard(Grade),
    /// A square it shades is in a large group, or the grade is out of reach.
    Refused,
}

/// The free squares shaded after a break, and the puzzle's one loop after them: see
/// [`Shading::clearing`].
struct Clearing {
    shaded: Vec<Square>,
    tour: Tour,
}

/// The hardest level of rule a puzzle of `grade` needs (none for a grade no rule reaches).
fn level_of(grade: Grade) -> Option<Level> {
    match grade {
        Grade::Easy => Some(Level::Easy),
        Grade::Medium => Some(Level::Medium),
        Grade::Hard => Some(Level::Hard),
        Grade::NeedsTrial | Grade::NoLoop => None,
    }
}

/// Whether the squares `orbit` of `grid`, not `shaded`, may be shaded: each then joins a shaded
/// group of at most [`MAX_GROUP`] squares.
fn shadable(grid: &Grid, orbit: &[Square], shaded: impl Fn(Square) -> bool) -> bool {
    let shaded_after = |square: Square| shaded(square) || orbit.contains(&square);
    orbit.iter().all(|&square| !shaded(square))
        && orbit.iter().all(|&square| {
            group_size_within(grid, square, MAX_GROUP + 1, shaded_after) <= MAX_GROUP
        })
}

/// Whether the shaded `square` of `board` (a board of `grid`'s size) is in a group of at most
/// [`MAX_GROUP`] shaded squares.
fn in_small_group(grid: &Grid, board: &Board, square: Square) -> bool {
    let shaded = |square: Square| !board.is_free(square);
    group_size_within(grid, square, MAX_GROUP + 1, shaded) <= MAX_GROUP
}

/// The rectangles the loop is rerouted in for opening `open`, each with its opened squares
/// inside it: one round each square, [`REROUTE_MARGIN`] wider, overlapping ones merged.
fn places(open: &[Square], rows: u64, cols: u64) -> Vec<(Rect, Vec<Square>)> {
    let mut places: Vec<(Rect, Vec<Square>)> = open
        .iter()
        .map(|&square| {
            (
                Rect::round(&[square], REROUTE_MARGIN, rows, cols),
                vec![square],
            )
        })
        .collect();
    loop {
        let overlap = (0..places.len()).find_map(|i| {
            (i + 1..places.len())
                .find(|&j| overlaps(places[i].0, places[j].0))
                .map(|j| (i, j))
        });
        let Some((i, j)) = overlap else {
            return places;
        };
        let (_, squares) = places.remove(j);
        let mut all = std::mem::take(&mut places[i].1);
        all.extend(squares);
        places[i] = (Rect::round(&all, REROUTE_MARGIN, rows, cols), all);
    }
}

/// Whether two rectangles share a square or touch.
fn overlaps(a: Rect, b: Rect) -> bool {
    a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom
}

/// The groups of shaded squares of `grid` joined by rook steps.
fn shaded_groups(grid: &Grid) -> Vec<Vec<Square>> {
    let flagged: Vec<bool> = grid.free.iter().map(|&free| !free).collect();
    pieces(grid, &flagged)
}

/// The number of squares of the largest shaded group of `grid`.
fn largest_group(grid: &Grid) -> usize {
    shaded_groups(grid).iter().map(Vec::len).max().unwrap_or(0)
}

/// The number of squares of `board`'s largest group of blocked squares joined by rook steps
/// (0 without one): what [`MAX_GROUP`] bounds in a puzzle.
pub fn largest_shaded_group(board: &Board) -> usize {
    largest_group(&Grid::of_board(board))
}

/// The number of shaded squares of `grid` joined to `square` by rook steps.
fn group_size(grid: &Grid, square: Square) -> usize {
    group_size_within(grid, square, usize::MAX, |square| {
        !grid.free[square as usize]
    })
}

/// The number of squares joined to `square` by rook steps through squares that are `shaded`,
/// counted up to `bound` (`square` itself counted whatever it is).
fn group_size_within(
    grid: &Grid,
    square: Square,
    bound: usize,
    shaded: impl Fn(Square) -> bool,
) -> usize {
    let mut group = vec![square];
    let mut seen = std::collections::HashSet::from([square]);
    let mut next = 0;
    while next < group.len() && group.len() < bound {
        let at = group[next];
        next += 1;
        for neighbour in grid.rook_neighbours(at) {
            if shaded(neighbour) && seen.insert(neighbour) {
                group.push(neighbour);
            }
        }
    }
    group.len().min(bound)
}

/// A count's error as a generator's.
fn failed(error: CountError) -> GenError {
    match error {
        CountError::Stopped(Stop::Timeout) => {
            GenError::Failed("timed out before the puzzle was unique".to_string())
        }
        other => GenError::Failed(format!("asking for a loop failed: {other}")),
    }
}
