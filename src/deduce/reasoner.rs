//! The reasoning solver: the rules tried easiest first, incrementally, until the loop is drawn,
//! no rule applies, or a contradiction shows there is no loop.
//!
//! Every rule reads a small place (a cell, a line, the whole board for the global ones), and
//! each place waits in a queue of its level when a move near it has changed; a place leaves its
//! queue when its rule finds nothing there. The next step is the first step of the easiest
//! level whose queue yields one, so a path never takes a harder rule while an easier one
//! applies. The global rules look at the whole board once after each change, when every easier
//! queue is empty; colour pairing's steps, found for the whole board at once, wait in a queue
//! of their own and are taken one by one (a deduction from less known stays sound when more is
//! known), the board looked at again when that queue is empty.

use super::cuts::{connections, Connections};
use super::lines::Lines;
use super::local::{dead_end, trivial};
use super::pairing::{colour_pairing, Pairing};
use super::state::{MoveState, State};
use super::step::{Decision, Level, Step};
use crate::core::board::{Board, Square};
use std::collections::VecDeque;

/// A queue of places (cells or lines), each in it at most once.
#[derive(Debug, Clone)]
struct Queue {
    waiting: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    /// A queue holding every place in `places` of `0..size`.
    fn new(size: usize, places: impl Iterator<Item = u32>) -> Queue {
        let mut queue = Queue {
            waiting: VecDeque::new(),
            queued: vec![false; size],
        };
        places.for_each(|place| queue.push(place));
        queue
    }

    fn push(&mut self, place: u32) {
        if !self.queued[place as usize] {
            self.queued[place as usize] = true;
            self.waiting.push_back(place);
        }
    }

    fn pop(&mut self) -> Option<u32> {
        let place = self.waiting.pop_front()?;
        self.queued[place as usize] = false;
        Some(place)
    }
}

/// How a path ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The used moves form the loop (the only one: every step was sound).
    Solved,
    /// No rule applies: these cells still have undecided moves (the puzzle needs trial here, or
    /// has several loops).
    Stuck(Vec<Square>),
    /// No loop agrees with the steps, so the board has none: the cells where that shows (none
    /// for a board without open cells).
    NoLoop(Vec<Square>),
}

/// The steps from the blank puzzle, and how they end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Where they end.
    pub end: End,
}

impl Path {
    /// The hardest level among the steps (trivial for a path without steps).
    pub fn hardest(&self) -> Level {
        self.steps
            .iter()
            .map(|step| step.rule.level())
            .max()
            .unwrap_or(Level::Trivial)
    }
}

/// The reasoning solver on one board.
#[derive(Debug, Clone)]
pub struct Reasoner {
    state: State,
    lines: Lines,
    cells: Queue,
    lookahead: Queue,
    parity_lines: Queue,
    colour_lines: Queue,
    global_waiting: bool,
    /// Steps of colour pairing found at once and not taken yet.
    pending: VecDeque<Step>,
}

impl Reasoner {
    /// The solver on the blank puzzle `board`.
    pub fn new(board: &Board) -> Reasoner {
        let state = State::new(board);
        let lines = Lines::new(&state);
        let line_count = lines.len();
        let mut reasoner = Reasoner {
            cells: Queue::new(board.len(), board.free_squares()),
            lookahead: Queue::new(board.len(), board.free_squares()),
            parity_lines: Queue::new(line_count, 0..line_count as u32),
            colour_lines: Queue::new(line_count, 0..line_count as u32),
            global_waiting: true,
            pending: VecDeque::new(),
            state,
            lines,
        };
        for index in 0..line_count {
            reasoner.check_line(index);
        }
        reasoner
    }

    /// The state reached.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Records a contradiction if line `index` shows one.
    fn check_line(&mut self, index: usize) {
        if self.lines.broken(index) || self.lines.unbalanced(index) {
            let cells = self.lines.broken_cells(&self.state, index);
            self.state.contradict(cells);
        }
    }

    /// The next step by rules of level `hardest` or easier, or nothing when none applies (or
    /// the loop is drawn, or a contradiction found).
    pub fn next_step(&mut self, hardest: Level) -> Option<Step> {
        if self.state.contradiction().is_some() || self.state.is_solved() {
            return None;
        }
        while let Some(square) = self.cells.pop() {
            if let Some(step) = trivial(&self.state, square) {
                return Some(step);
            }
        }
        if hardest >= Level::Easy {
            while let Some(square) = self.lookahead.pop() {
                if let Some(step) = dead_end(&self.state, square) {
                    return Some(step);
                }
            }
        }
        if hardest >= Level::Medium {
            while let Some(index) = self.parity_lines.pop() {
                if let Some(step) = self.lines.even_crossings(&self.state, index as usize) {
                    return Some(step);
                }
            }
        }
        if hardest >= Level::Hard {
            while let Some(index) = self.colour_lines.pop() {
                if let Some(step) = self.lines.colour_count(&self.state, index as usize) {
                    return Some(step);
                }
            }
            if let Some(step) = self.next_pending() {
                return Some(step);
            }
            if std::mem::take(&mut self.global_waiting) {
                match connections(&self.state) {
                    Connections::Step(step) => return Some(step),
                    Connections::Broken(cells) => self.state.contradict(cells),
                    Connections::Nothing => match colour_pairing(&self.state) {
                        Pairing::Steps(steps) => {
                            self.pending.extend(steps);
                            return self.next_pending();
                        }
                        Pairing::Broken(cells) => self.state.contradict(cells),
                        Pairing::Nothing => {}
                    },
                }
            }
        }
        None
    }

    /// The next of the colour pairing's steps found earlier that still decides a move, with
    /// its decisions made since left out.
    fn next_pending(&mut self) -> Option<Step> {
        while let Some(mut step) = self.pending.pop_front() {
            step.decided.retain(|decision| {
                let [a, b] = decision.squares;
                self.state
                    .between(a, b)
                    .is_some_and(|id| self.state.get(id) == MoveState::Unknown)
            });
            if !step.decided.is_empty() {
                return Some(step);
            }
        }
        None
    }

    /// Applies the decisions of `step` (made by [`Reasoner::next_step`] on this state) and
    /// queues the places round them.
    pub fn apply(&mut self, step: &Step) {
        for decision in &step.decided {
            self.decide(decision);
        }
    }

    /// Applies one decision, if its move is still unknown.
    fn decide(&mut self, decision: &Decision) {
        let [a, b] = decision.squares;
        let Some(id) = self.state.between(a, b) else {
            return;
        };
        if self.state.get(id) != MoveState::Unknown {
            return;
        }
        match decision.state {
            MoveState::Used => self.state.use_move(id),
            MoveState::Excluded => self.state.exclude(id),
            MoveState::Unknown => return,
        }
        self.lines.decide(&self.state, id, decision.state);
        let index = self.lines.index(&self.state, id);
        self.parity_lines.push(index as u32);
        self.colour_lines.push(index as u32);
        self.check_line(index);
        self.global_waiting = true;
        let (ends, _) = self.state.piece(a);
        for square in [a, b].into_iter().chain(ends) {
            self.cells.push(square);
            self.lookahead.push(square);
            let neighbours: Vec<Square> = self
                .state
                .moves_at(square)
                .map(|(_, other)| other)
                .collect();
            for neighbour in neighbours {
                self.lookahead.push(neighbour);
            }
        }
    }

    /// The path from here by rules of level `hardest` or easier.
    pub fn run(&mut self, hardest: Level) -> Path {
        let mut steps = Vec::new();
        while let Some(step) = self.next_step(hardest) {
            self.apply(&step);
            steps.push(step);
        }
        let end = if let Some(cells) = self.state.contradiction() {
            End::NoLoop(cells.to_vec())
        } else if self.state.is_solved() {
            End::Solved
        } else if self.state.open_cells() == 0 {
            End::NoLoop(Vec::new())
        } else {
            let board = self.state.board();
            End::Stuck(
                board
                    .free_squares()
                    .filter(|&square| self.state.unknown_at(square).next().is_some())
                    .collect(),
            )
        };
        Path { steps, end }
    }
}

/// The state of `board` after the decisions of `steps`.
pub fn state_after(board: &Board, steps: &[Step]) -> State {
    let mut reasoner = Reasoner::new(board);
    for step in steps {
        reasoner.apply(step);
    }
    reasoner.state
}
