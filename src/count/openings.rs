//! The openings of a board that keep its closed tour unique, all found on one incremental
//! solver.
//!
//! Every square of the board gets a variable "open" and every move between two squares (as if
//! none were blocked) a variable "used". A used move opens both its squares; an open square uses
//! exactly two moves, a blocked one none. The board's free squares are open; its blocked
//! squares come in groups (a square alone, or a square and its images under a symmetry), the
//! squares of a group open together. One clause says that at least one group opens, a counter
//! that at most [`OpeningSearch::find`]'s `most` groups do. A model is then a set of cycles
//! through the free squares and the squares of some groups; where it has several, each is cut
//! ("if this cycle and a square off it are open, a move leaves it"), and the solver is asked
//! again, until a model is one cycle: a tour of the board with those groups opened.
//!
//! Each tour found is forbidden by a clause (not all of its moves): a closed tour is the only
//! tour that makes all its moves, and it covers exactly its own squares, so the clause excludes
//! nothing else of any opening. Then the same solver is asked, under assumptions that open
//! exactly those groups, for another tour: none (UNSAT) proves the opening keeps the tour
//! unique; one found is forbidden the same way. A clause then drops that set of groups, and
//! the next model names the next opening that has a tour. When the solver answers that none is
//! left, every opening of at most `most` groups with exactly one tour has been found, each
//! with the solver's proof. Cuts and forbidden tours hold for every board that opens more of
//! the squares, so a search keeps them for the next call (after an opening, say).

use super::CountError;
use crate::core::board::{Board, Square};
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::cnf::solver::DeadlineSolver;
use crate::engine::{Limits, Stop};
use crate::verify::board::verify;
use varisat::{Lit, Var};

/// Openings asked about after which the solver is made afresh: the clauses that forbade their
/// tours are dead weight, and varisat cannot drop a clause.
const RENEW_AFTER: usize = 64;

/// An opening that keeps the tour unique: the groups opened and the one tour after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The groups opened (their numbers in the list searched), in increasing order.
    pub groups: Vec<usize>,
    /// The only tour of the board with those groups open, verified.
    pub tour: Tour,
}

/// A search for openings of one board size and piece, keeping what it learnt between calls.
pub struct OpeningSearch {
    piece: Piece,
    /// Every move between two squares of the board with none blocked.
    moves: Vec<(Square, Square)>,
    /// The moves at each square, by number.
    moves_at: Vec<Vec<usize>>,
    /// Cuts and forbidden tours: clauses true of every tour of every opening.
    learnt: Vec<Vec<Lit>>,
}

/// How far [`OpeningSearch::find`] goes.
#[derive(Clone, Copy)]
pub enum Until<'a> {
    /// Every opening is found.
    All,
    /// Openings that `accepts` refuses are left out, and the search ends at the first one it
    /// accepts, or with none after `sets` sets of groups that have a tour (whether it is the
    /// only one or not) were looked at.
    FirstAccepted {
        /// Whether an opening is wanted.
        accepts: &'a dyn Fn(&Opening) -> bool,
        /// The most sets of groups looked at.
        sets: usize,
    },
}

impl OpeningSearch {
    /// A search on boards of `rows` x `cols` for closed tours of `piece`.
    pub fn new(rows: u64, cols: u64, piece: Piece) -> Result<OpeningSearch, CountError> {
        let open = Board::new(rows, cols).map_err(|_| CountError::Stopped(Stop::InternalError))?;
        let graph = MoveGraph::new(&open, piece);
        let moves: Vec<(Square, Square)> = graph.edges().collect();
        let mut moves_at = vec![Vec::new(); open.len()];
        for (number, &(a, b)) in moves.iter().enumerate() {
            moves_at[a as usize].push(number);
            moves_at[b as usize].push(number);
        }
        Ok(OpeningSearch {
            piece,
            moves,
            moves_at,
            learnt: Vec::new(),
        })
    }

    /// The variable "open" of `square`.
    fn open_var(&self, square: usize) -> Var {
        Var::from_index(square)
    }

    /// The variable "used" of move `number`.
    fn move_var(&self, number: usize) -> Var {
        Var::from_index(self.moves_at.len() + number)
    }

    /// Every opening of `board` (of this search's size) that changes between one and `most` of
    /// `groups` and leaves exactly one closed tour, in the order found. A group is squares that
    /// change together: blocked ones open, free ones are blocked. With `classes` (a class a
    /// group), every class must have a group changed. Squares in no group stay as they are.
    /// `until` says whether every opening is found or only the first accepted one, and how
    /// many sets of groups are looked at.
    pub fn find(
        &mut self,
        board: &Board,
        groups: &[Vec<Square>],
        classes: Option<&[usize]>,
        most: usize,
        until: Until,
        limits: &Limits,
    ) -> Result<Vec<Opening>, CountError> {
        if groups.is_empty() || most == 0 {
            return Ok(Vec::new());
        }
        let mut formula = self.base_formula();
        let group_vars: Vec<Var> = (0..groups.len()).map(|_| formula.new_var()).collect();
        self.tie_groups(&mut formula, board, groups, &group_vars);
        if let Some(classes) = classes {
            for class in 0..classes.iter().max().map_or(0, |&most| most + 1) {
                let members: Vec<Lit> = (0..groups.len())
                    .filter(|&group| classes[group] == class)
                    .map(|group| group_vars[group].positive())
                    .collect();
                formula.add_clause(&members);
            }
        }
        at_most(&mut formula, &group_vars, most);
        let (setup, learnt_before) = (formula.clone(), self.learnt.len());
        let mut dropped: Vec<Vec<Lit>> = Vec::new();
        let mut solver = DeadlineSolver::with_proof(limits.deadline, None);
        let mut found = Vec::new();
        loop {
            if let Until::FirstAccepted { sets, .. } = until {
                if dropped.len() >= sets {
                    return Ok(found);
                }
            }
            if dropped.len() % RENEW_AFTER == RENEW_AFTER - 1 {
                // A fresh solver without the forbidden tours of the openings asked about.
                formula = setup.clone();
                for clause in self.learnt[learnt_before..].iter().chain(&dropped) {
                    formula.add_clause(clause);
                }
                solver = DeadlineSolver::with_proof(limits.deadline, None);
            }
            let Some((opened, tour)) =
                self.next_tour(&mut formula, &mut solver, &[], &group_vars)?
            else {
                return Ok(found);
            };
            let exactly: Vec<Lit> = group_vars
                .iter()
                .enumerate()
                .map(|(group, var)| Lit::from_var(*var, opened.contains(&group)))
                .collect();
            // The tour found is forbidden while this opening is asked about again (a unit clause
            // ending that would make varisat simplify every clause it holds: the variable is
            // simply not assumed again).
            let asking = formula.new_var();
            let mut forbid = vec![asking.negative()];
            forbid.extend(
                self.moves_of(tour.squares())
                    .map(|number| self.move_var(number).negative()),
            );
            formula.add_clause(&forbid);
            let mut exactly = exactly;
            exactly.push(asking.positive());
            let other = self.next_tour(&mut formula, &mut solver, &exactly, &group_vars)?;
            if other.is_none() {
                let problem = Problem::new(
                    changed_board(board, groups, &opened),
                    self.piece,
                    TourShape::Closed,
                );
                verify(&problem, &tour).map_err(|_| CountError::Stopped(Stop::InternalError))?;
                let opening = Opening {
                    groups: opened.clone(),
                    tour,
                };
                match until {
                    Until::All => found.push(opening),
                    Until::FirstAccepted { accepts, .. } if accepts(&opening) => {
                        return Ok(vec![opening])
                    }
                    Until::FirstAccepted { .. } => {}
                }
            }
            // This set of groups is done: the next model opens another.
            let mut drop: Vec<Lit> = opened
                .iter()
                .map(|&group| group_vars[group].negative())
                .collect();
            if opened.len() < most {
                drop.extend(
                    (0..groups.len())
                        .filter(|group| !opened.contains(group))
                        .map(|group| group_vars[group].positive()),
                );
            }
            formula.add_clause(&drop);
            dropped.push(drop);
        }
    }

    /// The formula of every board of the size: the moves and squares, and every clause learnt
    /// so far.
    fn base_formula(&self) -> Formula {
        let mut formula = Formula::new();
        formula.new_vars(self.moves_at.len() + self.moves.len());
        for (number, &(a, b)) in self.moves.iter().enumerate() {
            let used = self.move_var(number);
            formula.add_clause(&[used.negative(), self.open_var(a as usize).positive()]);
            formula.add_clause(&[used.negative(), self.open_var(b as usize).positive()]);
        }
        for (square, at) in self.moves_at.iter().enumerate() {
            let open = self.open_var(square);
            if at.len() < 2 {
                formula.add_clause(&[open.negative()]);
                continue;
            }
            // At most two moves: no three of them.
            for i in 0..at.len() {
                for j in i + 1..at.len() {
                    for k in j + 1..at.len() {
                        formula.add_clause(&[
                            self.move_var(at[i]).negative(),
                            self.move_var(at[j]).negative(),
                            self.move_var(at[k]).negative(),
                        ]);
                    }
                }
            }
            // An open square at least two: with any one left out, one of the others.
            for left_out in 0..at.len() {
                let mut clause = vec![open.negative()];
                clause.extend(
                    at.iter()
                        .enumerate()
                        .filter(|&(index, _)| index != left_out)
                        .map(|(_, &number)| self.move_var(number).positive()),
                );
                formula.add_clause(&clause);
            }
        }
        for clause in &self.learnt {
            formula.add_clause(clause);
        }
        formula
    }

    /// Ties each square's "open" to its group's variable in `group_vars` (a blocked square
    /// opens when its group changes, a free one is blocked), says that at least one group
    /// changes, and keeps every square in no group as `board` has it.
    fn tie_groups(
        &self,
        formula: &mut Formula,
        board: &Board,
        groups: &[Vec<Square>],
        group_vars: &[Var],
    ) {
        let mut in_group = vec![false; board.len()];
        for (group, &changed) in groups.iter().zip(group_vars) {
            for &square in group {
                in_group[square as usize] = true;
                let open = Lit::from_var(self.open_var(square as usize), true);
                let opens = Lit::from_var(changed, !board.is_free(square));
                formula.add_clause(&[!open, opens]);
                formula.add_clause(&[!opens, open]);
            }
        }
        let any: Vec<Lit> = group_vars.iter().map(|var| var.positive()).collect();
        formula.add_clause(&any);
        for (square, &grouped) in in_group.iter().enumerate() {
            if !grouped {
                let free = board.is_free(square as Square);
                formula.add_clause(&[Lit::from_var(self.open_var(square), free)]);
            }
        }
    }

    /// The next tour of the formula under `assumptions`, with the groups it opens, after
    /// cutting the models with several cycles; it is then forbidden. `None` when the solver
    /// proves that there is none.
    fn next_tour(
        &mut self,
        formula: &mut Formula,
        solver: &mut DeadlineSolver,
        assumptions: &[Lit],
        group_vars: &[Var],
    ) -> Result<Option<(Vec<usize>, Tour)>, CountError> {
        loop {
            let Some(model) = solver
                .solve(formula, assumptions)
                .map_err(CountError::Stopped)?
            else {
                return Ok(None);
            };
            let cycles = self.cycles(&model);
            if let [cycle] = &cycles[..] {
                let opened = (0..group_vars.len())
                    .filter(|&group| model[group_vars[group].index()])
                    .collect();
                return Ok(Some((opened, Tour::new(cycle.clone()))));
            }
            for cycle in &cycles {
                let cut = self.cut(cycle, &cycles, &model);
                self.learn(formula, cut);
            }
        }
    }

    /// Adds `clause` to `formula` and keeps it for later searches.
    fn learn(&mut self, formula: &mut Formula, clause: Vec<Lit>) {
        formula.add_clause(&clause);
        self.learnt.push(clause);
    }

    /// The cycles of a model's used moves, each as its squares in order.
    fn cycles(&self, model: &[bool]) -> Vec<Vec<Square>> {
        let squares = self.moves_at.len();
        let used = |number: usize| model[self.move_var(number).index()];
        let mut seen = vec![false; squares];
        let mut cycles = Vec::new();
        for start in 0..squares {
            if seen[start] || !model[self.open_var(start).index()] {
                continue;
            }
            let mut cycle = vec![start as Square];
            seen[start] = true;
            let mut at = start;
            loop {
                let next = self.moves_at[at]
                    .iter()
                    .filter(|&&number| used(number))
                    .map(|&number| self.other_end(number, at as Square) as usize)
                    .find(|&next| !seen[next]);
                match next {
                    Some(next) => {
                        seen[next] = true;
                        cycle.push(next as Square);
                        at = next;
                    }
                    None => break,
                }
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// A clause that the model's `cycle` breaks and every tour of every opening keeps: a square
    /// of `cycle` open and one off it open (from `cycles`) mean that some move leaves the
    /// cycle's squares.
    fn cut(&self, cycle: &[Square], cycles: &[Vec<Square>], model: &[bool]) -> Vec<Lit> {
        let mut inside = vec![false; self.moves_at.len()];
        for &square in cycle {
            inside[square as usize] = true;
        }
        let outside = cycles
            .iter()
            .flatten()
            .find(|&&square| !inside[square as usize])
            .copied()
            .unwrap_or(cycle[0]);
        debug_assert!(model[self.open_var(outside as usize).index()]);
        let mut clause = vec![
            self.open_var(cycle[0] as usize).negative(),
            self.open_var(outside as usize).negative(),
        ];
        for (number, &(a, b)) in self.moves.iter().enumerate() {
            if inside[a as usize] != inside[b as usize] {
                clause.push(self.move_var(number).positive());
            }
        }
        clause
    }

    /// The numbers of the moves of the closed tour through `squares`.
    fn moves_of<'a>(&'a self, squares: &'a [Square]) -> impl Iterator<Item = usize> + 'a {
        (0..squares.len())
            .map(|index| self.move_between(squares[index], squares[(index + 1) % squares.len()]))
    }

    /// The number of the move between `a` and `b`.
    fn move_between(&self, a: Square, b: Square) -> usize {
        self.moves_at[a as usize]
            .iter()
            .copied()
            .find(|&number| self.other_end(number, a) == b)
            .expect("a cycle's squares are joined by moves")
    }

    /// The square at the other end of move `number` from `square`.
    fn other_end(&self, number: usize, square: Square) -> Square {
        let (a, b) = self.moves[number];
        if a == square {
            b
        } else {
            a
        }
    }
}

/// `board` with the squares of the `changed` groups changed (blocked ones open, free ones
/// blocked).
pub fn changed_board(board: &Board, groups: &[Vec<Square>], changed: &[usize]) -> Board {
    let mut flipped = vec![false; board.len()];
    for &group in changed {
        for &square in &groups[group] {
            flipped[square as usize] = true;
        }
    }
    let mut result = Board::new(board.rows() as u64, board.cols() as u64)
        .expect("a board of an existing board's size");
    for square in 0..board.len() as Square {
        if board.is_free(square) == flipped[square as usize] {
            result.block(square);
        }
    }
    result
}

/// Adds clauses that at most `most` of `vars` are true: a sequential counter, whose variable
/// `(i, k)` says that at least `k + 1` of the first `i + 1` are.
fn at_most(formula: &mut Formula, vars: &[Var], most: usize) {
    let counters: Vec<Vec<Var>> = vars.iter().map(|_| formula.new_vars(most)).collect();
    for (i, var) in vars.iter().enumerate() {
        formula.add_clause(&[var.negative(), counters[i][0].positive()]);
        if i == 0 {
            for counter in &counters[0][1..] {
                formula.add_clause(&[counter.negative()]);
            }
            continue;
        }
        for k in 0..most {
            formula.add_clause(&[counters[i - 1][k].negative(), counters[i][k].positive()]);
            if k > 0 {
                formula.add_clause(&[
                    var.negative(),
                    counters[i - 1][k - 1].negative(),
                    counters[i][k].positive(),
                ]);
            }
        }
        formula.add_clause(&[var.negative(), counters[i - 1][most - 1].negative()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::{count, CountOptions};

    /// The number of rook circuits of `board`, by the frontier DP.
    fn circuits(board: &Board) -> String {
        let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
        count(&problem, &CountOptions::default(), &mut |_| {})
            .unwrap()
            .tours
            .to_string()
    }

    #[test]
    fn the_openings_found_are_those_the_frontier_dp_counts_one_loop_for() {
        let board: Board = "....\n....\n##..\n#...\n".parse().unwrap();
        let blocked: Vec<Square> = (0..16).filter(|&square| !board.is_free(square)).collect();
        let groups: Vec<Vec<Square>> = blocked.iter().map(|&square| vec![square]).collect();
        let mut search = OpeningSearch::new(4, 4, Piece::Rook).unwrap();
        let found = search
            .find(&board, &groups, None, 2, Until::All, &Limits::none())
            .unwrap();
        let mut expected = Vec::new();
        for first in 0..groups.len() {
            for second in first + 1..groups.len() {
                if circuits(&changed_board(&board, &groups, &[first, second])) == "1" {
                    expected.push(vec![first, second]);
                }
            }
        }
        let mut opened: Vec<Vec<usize>> = found.into_iter().map(|opening| opening.groups).collect();
        opened.sort();
        assert_eq!(opened, expected);
    }

    #[test]
    fn a_change_that_blocks_a_free_square_and_opens_a_blocked_one_is_found() {
        // Each change opens one blocked square (class 0) and blocks one free square (class 1).
        let board: Board = "....\n.#..\n....\n...#\n".parse().unwrap();
        let groups: Vec<Vec<Square>> = (0..16).map(|square| vec![square]).collect();
        let classes: Vec<usize> = (0..16)
            .map(|square| usize::from(board.is_free(square)))
            .collect();
        let mut search = OpeningSearch::new(4, 4, Piece::Rook).unwrap();
        let found = search
            .find(
                &board,
                &groups,
                Some(&classes),
                2,
                Until::All,
                &Limits::none(),
            )
            .unwrap();
        let mut expected = Vec::new();
        for shaded in [5, 15] {
            for free in (0..16).filter(|&square| board.is_free(square)) {
                let pair = vec![shaded.min(free) as usize, shaded.max(free) as usize];
                if circuits(&changed_board(&board, &groups, &pair)) == "1" {
                    expected.push(pair);
                }
            }
        }
        expected.sort();
        let mut changed: Vec<Vec<usize>> =
            found.into_iter().map(|opening| opening.groups).collect();
        changed.sort();
        assert!(!expected.is_empty());
        assert_eq!(changed, expected);
    }

    #[test]
    fn the_first_accepted_opening_is_the_first_of_all_that_is_accepted() {
        let board: Board = "....\n.#..\n....\n...#\n".parse().unwrap();
        let groups: Vec<Vec<Square>> = (0..16).map(|square| vec![square]).collect();
        let classes: Vec<usize> = (0..16)
            .map(|square| usize::from(board.is_free(square)))
            .collect();
        let find = |until: Until| -> Vec<Vec<usize>> {
            OpeningSearch::new(4, 4, Piece::Rook)
                .unwrap()
                .find(&board, &groups, Some(&classes), 2, until, &Limits::none())
                .unwrap()
                .into_iter()
                .map(|opening| opening.groups)
                .collect()
        };
        let every = find(Until::All);
        assert!(every.len() >= 2, "{every:?}");
        // Refusing the first opening found gives the next one; refusing all gives none.
        let not_the_first = |opening: &Opening| opening.groups != every[0];
        let first_accepted = |accepts, sets| find(Until::FirstAccepted { accepts, sets });
        assert_eq!(first_accepted(&not_the_first, usize::MAX), every[1..2]);
        assert_eq!(
            first_accepted(&|_| false, usize::MAX),
            Vec::<Vec<usize>>::new()
        );
        // With a budget of one set of groups, the second opening is not reached.
        assert_eq!(first_accepted(&|_| true, 1), every[..1]);
        assert_eq!(first_accepted(&not_the_first, 1), Vec::<Vec<usize>>::new());
    }
}
