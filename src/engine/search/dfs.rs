//! Depth-first search for any tour, ordered by Warnsdorff's rule, with pruning.
//!
//! The search walks a path from the start with an explicit stack. Every unvisited square keeps a
//! count of its *ports*: the ways a path may still enter or leave it (unvisited neighbours, the
//! head of the path, and for a closed tour the start). A square of the rest of the path needs
//! two ports, the last square of an open tour one. A move only ever takes a port away from the
//! squares next to the old head, so the counts are kept up to date in constant time a move, and
//! every check below only cuts branches that hold no tour:
//!
//! - no unvisited square without ports, and no more squares with one port than may end the tour;
//! - a closed tour keeps a way back to its start;
//! - the unvisited squares and the head stay connected;
//! - a neighbour of the head that would be left short of ports must be the next square.
//!
//! A run that spends its node budget is restarted with twice the budget and new tie-breaks; a
//! run that tries every branch proves there is no tour. The lexicographic engine uses the same
//! walk with neighbours in their natural order and no restarts.
//!
//! The walk runs on a board's free squares or on a graph file's vertices alike; only the ties
//! of Warnsdorff's rule and the colours of a board tell them apart (see `Ground`).

use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::progress;
use crate::core::rng;
use crate::core::tour::Tour;
use crate::engine::{Answer, Impossibility, Limits, Stats, Stop};
use crate::graph::problem::GraphProblem;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

/// Nodes the first round of an open search with free start spends on each start.
const FIRST_ROUND_BUDGET: u64 = 4096;

/// Searches for any tour of `problem` (which has passed the cheap proofs).
pub fn search(problem: &Problem, graph: &MoveGraph, limits: &Limits, stats: &mut Stats) -> Answer {
    let mut walk = Walk::new(problem, graph, CandidateOrder::Warnsdorff);
    search_ends(&mut walk, problem.start, problem.end, limits, stats)
}

/// Searches for a Hamiltonian cycle or path of `problem` (which has passed the cheap proofs),
/// with `graph` its edges as a move graph: ties broken by vertex number, no colours.
pub fn search_graph(
    problem: &GraphProblem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    let ground = Ground::Graph(problem.vertex_count);
    let mut walk = Walk::over(ground, problem.shape, graph, CandidateOrder::Warnsdorff);
    search_ends(&mut walk, problem.start, problem.end, limits, stats)
}

/// The answer of `walk` for a tour with the fixed `start` and `end` (if any).
fn search_ends(
    walk: &mut Walk,
    start: Option<Square>,
    end: Option<Square>,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    match (walk.closed, start, end) {
        (true, start, _) => {
            let Some(start) = start.or_else(|| walk.ground.squares().next()) else {
                return exhausted(stats);
            };
            single_start(walk, start, None, limits, stats)
        }
        (false, Some(start), end) => single_start(walk, start, end, limits, stats),
        (false, None, Some(end)) => {
            // A path walked backwards is a path: search from the end and turn the tour round.
            match single_start(walk, end, None, limits, stats) {
                Answer::Found(tour) => Answer::Found(tour.reversed()),
                other => other,
            }
        }
        (false, None, None) => open_any_start(walk, limits, stats),
    }
}

/// The answer of a search from one start: restarted with a doubled budget and new tie-breaks
/// whenever the budget runs out, so one bad early choice cannot hold the search for long. Any
/// run that tries every branch proves there is no tour.
fn single_start(
    walk: &mut Walk,
    start: Square,
    end: Option<Square>,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    let mut budget = FIRST_ROUND_BUDGET;
    for round in 0.. {
        walk.order = round_order(round);
        match walk.run(start, end, Some(budget), limits, stats) {
            Outcome::Found(squares) => return Answer::Found(Tour::new(squares)),
            Outcome::Exhausted => break,
            Outcome::OutOfBudget => budget = budget.saturating_mul(2),
            Outcome::Stopped(stop) => return Answer::Stopped(stop),
        }
    }
    exhausted(stats)
}

/// The candidate order of restart `round`: Warnsdorff with Roth's tie-break first, then
/// Warnsdorff with ties broken by a fixed pseudo-random order of the round.
fn round_order(round: u64) -> CandidateOrder {
    if round == 0 {
        CandidateOrder::Warnsdorff
    } else {
        CandidateOrder::WarnsdorffShuffled(round)
    }
}

/// A fixed pseudo-random number for `square` in round `seed`.
fn tie_break(square: Square, seed: u64) -> u64 {
    rng::hash(square as u64, seed)
}

/// The answer when every branch has been tried.
pub(super) fn exhausted(stats: &Stats) -> Answer {
    Answer::NoTour(Impossibility::Exhausted { nodes: stats.nodes })
}

/// An open tour from any start: starts in order of promise, searched in rounds whose budget
/// doubles, so one hard start cannot hold up an easy one.
fn open_any_start(walk: &mut Walk, limits: &Limits, stats: &mut Stats) -> Answer {
    let (ground, graph) = (walk.ground, walk.graph);
    let mut starts = ground.open_starts();
    starts.sort_by_key(|&square| (graph.degree(square), ground.tie_key(square)));
    // Every path ends on a square with one move: start there, or walk the path backwards.
    if let Some(dead_end) = ground.squares().find(|&square| graph.degree(square) == 1) {
        starts.retain(|&square| square == dead_end);
    }
    let mut budget = FIRST_ROUND_BUDGET;
    for round in 0.. {
        if starts.is_empty() {
            break;
        }
        walk.order = round_order(round);
        let mut unfinished = Vec::with_capacity(starts.len());
        for &start in &starts {
            match walk.run(start, None, Some(budget), limits, stats) {
                Outcome::Found(squares) => return Answer::Found(Tour::new(squares)),
                Outcome::Exhausted => {}
                Outcome::OutOfBudget => unfinished.push(start),
                Outcome::Stopped(stop) => return Answer::Stopped(stop),
            }
        }
        starts = unfinished;
        budget = budget.saturating_mul(2);
    }
    exhausted(stats)
}

/// The free squares an open tour may start on: for a bipartite piece and an odd number of
/// squares, only those of the more numerous colour. In index order.
pub(super) fn possible_starts(problem: &Problem) -> Vec<Square> {
    let board = &problem.board;
    let free_squares: Vec<Square> = board.free_squares().collect();
    if !problem.piece.is_bipartite() || free_squares.len() % 2 == 0 {
        return free_squares;
    }
    let odd = free_squares
        .iter()
        .filter(|&&square| board.colour(square) == 1)
        .count();
    let majority = u8::from(2 * odd > free_squares.len());
    free_squares
        .into_iter()
        .filter(|&square| board.colour(square) == majority)
        .collect()
}

/// A square's place in lexicographic order: column, then row.
pub(super) fn lex_key(board: &Board, square: Square) -> (u32, u32) {
    board.coords(square)
}

/// Four times the squared distance of a square from the centre of the board.
fn centre_distance(board: &Board, square: Square) -> u64 {
    let (x, y) = board.coords(square);
    let dx = 2 * x as i64 - (board.cols() as i64 - 1);
    let dy = 2 * y as i64 - (board.rows() as i64 - 1);
    (dx * dx + dy * dy) as u64
}

/// The squares a walk covers, and how it breaks the ties of Warnsdorff's rule.
#[derive(Debug, Clone, Copy)]
enum Ground<'a> {
    /// The free squares of the problem's board; its piece's colours restrict open starts.
    Board(&'a Problem),
    /// Every vertex `0..n` of a graph with `n` vertices, no colours known.
    Graph(usize),
}

impl<'a> Ground<'a> {
    /// Whether `square` is to be covered.
    fn is_free(self, square: Square) -> bool {
        match self {
            Ground::Board(problem) => problem.board.is_free(square),
            Ground::Graph(vertex_count) => (square as usize) < vertex_count,
        }
    }

    /// The squares to cover, in index order.
    fn squares(self) -> impl Iterator<Item = Square> + 'a {
        let square_count = match self {
            Ground::Board(problem) => problem.board.len(),
            Ground::Graph(vertex_count) => vertex_count,
        };
        (0..square_count as Square).filter(move |&square| self.is_free(square))
    }

    /// Number of squares to cover.
    fn free_count(self) -> usize {
        match self {
            Ground::Board(problem) => problem.board.free_count(),
            Ground::Graph(vertex_count) => vertex_count,
        }
    }

    /// The squares an open tour with free ends may start on, in index order.
    fn open_starts(self) -> Vec<Square> {
        match self {
            Ground::Board(problem) => possible_starts(problem),
            Ground::Graph(_) => self.squares().collect(),
        }
    }

    /// Where `square` comes among squares with as many onward moves: on a board farther from
    /// the centre first (Roth), then lexicographic; on a graph by vertex number alone.
    fn tie_key(self, square: Square) -> (std::cmp::Reverse<u64>, (u32, u32)) {
        match self {
            Ground::Board(problem) => (
                std::cmp::Reverse(centre_distance(&problem.board, square)),
                lex_key(&problem.board, square),
            ),
            Ground::Graph(_) => (std::cmp::Reverse(0), (0, square)),
        }
    }
}

/// The order in which the walk tries the moves from the head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CandidateOrder {
    /// Fewest onward moves first, then the ground's tie-break (on a board: farther from the
    /// centre (Roth), then lexicographic).
    Warnsdorff,
    /// Fewest onward moves first, then a pseudo-random order fixed by the seed.
    WarnsdorffShuffled(u64),
    /// Lexicographic: column, then row (the move graph's own order).
    Lexicographic,
}

/// How a walk from one start ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The squares of a tour.
    Found(Vec<Square>),
    /// No tour from this start.
    Exhausted,
    /// The walk's own node budget ran out.
    OutOfBudget,
    /// A limit of the whole search stopped it.
    Stopped(Stop),
}

/// The moves still to try at one depth of the walk: `candidates[next..end]`, which were pushed
/// from `begin`.
#[derive(Debug, Clone, Copy)]
struct Frame {
    begin: usize,
    next: usize,
    end: usize,
}

/// A depth-first walk over the move graph with its incremental counts.
pub(super) struct Walk<'a> {
    graph: &'a MoveGraph,
    ground: Ground<'a>,
    closed: bool,
    order: CandidateOrder,
    free_count: usize,
    /// The fixed end of an open tour, for the current run.
    end: Option<Square>,
    visited: Vec<bool>,
    /// For every square: its neighbours not on the path.
    unvisited_neighbours: Vec<u32>,
    /// For every unvisited square: its ports (see the module documentation).
    ports: Vec<u32>,
    /// Unvisited squares with at most one port.
    short_of_ports: usize,
    path: Vec<Square>,
    candidates: Vec<Square>,
    frames: Vec<Frame>,
    /// Connectivity check: the mark of squares reached in the current sweep.
    reached_mark: Vec<u32>,
    sweep: u32,
    queue: Vec<Square>,
}

impl<'a> Walk<'a> {
    /// A walk over `graph` for tours of `problem`'s shape.
    pub(super) fn new(problem: &'a Problem, graph: &'a MoveGraph, order: CandidateOrder) -> Self {
        Walk::over(Ground::Board(problem), problem.shape, graph, order)
    }

    /// A walk over `graph` for tours of `shape` covering `ground`.
    fn over(
        ground: Ground<'a>,
        shape: TourShape,
        graph: &'a MoveGraph,
        order: CandidateOrder,
    ) -> Self {
        let squares = graph.len();
        Walk {
            graph,
            ground,
            closed: shape == TourShape::Closed,
            order,
            free_count: ground.free_count(),
            end: None,
            visited: vec![false; squares],
            unvisited_neighbours: vec![0; squares],
            ports: vec![0; squares],
            short_of_ports: 0,
            path: Vec::with_capacity(ground.free_count()),
            candidates: Vec::new(),
            frames: Vec::new(),
            reached_mark: vec![0; squares],
            sweep: 0,
            queue: Vec::new(),
        }
    }

    /// Walks from `start` (to `end`, for an open tour with a fixed end) until a tour is found,
    /// every branch is tried, `budget` more nodes are spent, or `limits` stop it.
    pub(super) fn run(
        &mut self,
        start: Square,
        end: Option<Square>,
        budget: Option<u64>,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Outcome {
        if !self.begin(start, end) {
            return Outcome::Exhausted;
        }
        if self.path.len() == self.free_count {
            return self
                .completed_tour()
                .map_or(Outcome::Exhausted, Outcome::Found);
        }
        let node_limit = budget.map(|budget| stats.nodes.saturating_add(budget));
        self.push_candidates();
        while let Some(frame) = self.frames.last_mut() {
            if frame.next == frame.end {
                self.candidates.truncate(frame.begin);
                self.frames.pop();
                if self.frames.is_empty() {
                    break;
                }
                self.retreat();
                continue;
            }
            let square = self.candidates[frame.next];
            frame.next += 1;
            stats.nodes += 1;
            if limits.node_budget.is_some_and(|limit| stats.nodes > limit) {
                return Outcome::Stopped(Stop::NodeBudget);
            }
            if stats.nodes % CLOCK_INTERVAL == 0 {
                if limits.expired() {
                    return Outcome::Stopped(Stop::Timeout);
                }
                progress::reach_in(progress::SEARCH, stats.nodes);
            }
            if node_limit.is_some_and(|limit| stats.nodes > limit) {
                return Outcome::OutOfBudget;
            }
            if !self.advance(square) {
                self.retreat();
                continue;
            }
            if self.path.len() == self.free_count {
                if let Some(squares) = self.completed_tour() {
                    return Outcome::Found(squares);
                }
                self.retreat();
                continue;
            }
            self.push_candidates();
        }
        Outcome::Exhausted
    }

    /// Sets up the counts for a path of just `start`; false if no tour can start there.
    fn begin(&mut self, start: Square, end: Option<Square>) -> bool {
        self.end = end.filter(|_| !self.closed);
        self.path.clear();
        self.candidates.clear();
        self.frames.clear();
        self.visited.fill(false);
        self.short_of_ports = 0;
        if !self.ground.is_free(start) {
            return false;
        }
        if let Some(end) = self.end {
            if !self.ground.is_free(end) || (end == start) != (self.free_count == 1) {
                return false;
            }
        }
        self.visited[start as usize] = true;
        self.path.push(start);
        for square in self.ground.squares() {
            let neighbours = self.graph.neighbours(square);
            let unvisited = neighbours.iter().filter(|&&n| n != start).count() as u32;
            self.unvisited_neighbours[square as usize] = unvisited;
            if square == start {
                continue;
            }
            let next_to_start = u32::from(neighbours.contains(&start));
            // The start is the head, and for a closed tour also the square to return to.
            let ports = unvisited + next_to_start * (1 + u32::from(self.closed));
            self.ports[square as usize] = ports;
            if ports <= 1 {
                self.short_of_ports += 1;
            }
            if ports == 0 && self.free_count > 1 {
                return false;
            }
        }
        self.free_count == 1 || (self.ports_suffice() && self.all_connected(start))
    }

    /// The path as a tour, if it closes as the problem asks.
    fn completed_tour(&self) -> Option<Vec<Square>> {
        let (&first, &last) = (self.path.first()?, self.path.last()?);
        let closes = !self.closed || self.graph.adjacent(last, first);
        let ends_right = self.end.is_none_or(|end| end == last);
        (closes && ends_right).then(|| self.path.clone())
    }

    /// Whether the squares short of ports are no more than may end the tour.
    fn ports_suffice(&self) -> bool {
        if self.closed {
            return self.short_of_ports == 0;
        }
        match self.end {
            None => self.short_of_ports <= 1,
            Some(end) => {
                let end_short = !self.visited[end as usize] && self.ports[end as usize] <= 1;
                self.short_of_ports == usize::from(end_short)
            }
        }
    }

    /// Whether not moving to `square` (a neighbour of the head) would leave it short of ports.
    fn needs_the_head(&self, square: Square, short_candidates: usize) -> bool {
        let ports = self.ports[square as usize];
        if self.closed {
            return ports <= 2;
        }
        match ports {
            0 | 1 => true,
            2 => match self.end {
                Some(end) => end != square,
                // Another square short of ports, one that stays short whatever the move.
                None => self.short_of_ports > short_candidates,
            },
            _ => false,
        }
    }

    /// Pushes a frame with the moves worth trying from the head.
    fn push_candidates(&mut self) {
        let begin = self.candidates.len();
        let Some(&head) = self.path.last() else {
            return;
        };
        let last_square_left = self.path.len() + 1 == self.free_count;
        let mut short_candidates = 0;
        for &square in self.graph.neighbours(head) {
            if self.visited[square as usize] {
                continue;
            }
            if self.end == Some(square) && !last_square_left {
                continue;
            }
            if self.ports[square as usize] <= 1 {
                short_candidates += 1;
            }
            self.candidates.push(square);
        }
        let mut forced = None;
        let mut forced_count = 0;
        for &square in &self.candidates[begin..] {
            if self.needs_the_head(square, short_candidates) {
                forced = Some(square);
                forced_count += 1;
            }
        }
        match (forced_count, forced) {
            (0, _) => self.order_candidates(begin),
            (1, Some(square)) => {
                self.candidates.truncate(begin);
                self.candidates.push(square);
            }
            _ => self.candidates.truncate(begin),
        }
        let end = self.candidates.len();
        self.frames.push(Frame {
            begin,
            next: begin,
            end,
        });
    }

    /// Sorts the candidates from `begin` into the walk's order.
    fn order_candidates(&mut self, begin: usize) {
        let (ground, unvisited_neighbours) = (self.ground, &self.unvisited_neighbours);
        let candidates = &mut self.candidates[begin..];
        match self.order {
            CandidateOrder::Lexicographic => {}
            CandidateOrder::Warnsdorff => candidates.sort_unstable_by_key(|&square| {
                (
                    unvisited_neighbours[square as usize],
                    ground.tie_key(square),
                )
            }),
            CandidateOrder::WarnsdorffShuffled(seed) => {
                candidates.sort_unstable_by_key(|&square| {
                    (
                        unvisited_neighbours[square as usize],
                        tie_break(square, seed),
                    )
                })
            }
        }
    }

    /// Moves the head to `square`; false if the new path has no way to a tour (the move is
    /// made even then, and must be taken back).
    fn advance(&mut self, square: Square) -> bool {
        let Some(&head) = self.path.last() else {
            return false;
        };
        if self.ports[square as usize] <= 1 {
            self.short_of_ports -= 1;
        }
        self.visited[square as usize] = true;
        self.path.push(square);
        for &neighbour in self.graph.neighbours(square) {
            self.unvisited_neighbours[neighbour as usize] -= 1;
        }
        let mut stranded = false;
        let mut head_neighbours_left = 0;
        for &neighbour in self.graph.neighbours(head) {
            if self.visited[neighbour as usize] {
                continue;
            }
            head_neighbours_left += 1;
            let ports = &mut self.ports[neighbour as usize];
            *ports -= 1;
            match *ports {
                1 => self.short_of_ports += 1,
                0 => stranded = true,
                _ => {}
            }
        }
        if self.path.len() == self.free_count {
            return true;
        }
        if stranded || !self.ports_suffice() {
            return false;
        }
        if self.closed && self.unvisited_neighbours[self.path[0] as usize] == 0 {
            return false;
        }
        // Taking the old head away can only split the rest if it touched two of its squares.
        head_neighbours_left == 0 || self.head_neighbours_joined(head, square)
    }

    /// Takes back the last move.
    fn retreat(&mut self) {
        if self.path.len() < 2 {
            return;
        }
        let Some(square) = self.path.pop() else {
            return;
        };
        let head = self.path[self.path.len() - 1];
        for &neighbour in self.graph.neighbours(head) {
            if self.visited[neighbour as usize] {
                continue;
            }
            let ports = &mut self.ports[neighbour as usize];
            if *ports == 1 {
                self.short_of_ports -= 1;
            }
            *ports += 1;
        }
        for &neighbour in self.graph.neighbours(square) {
            self.unvisited_neighbours[neighbour as usize] += 1;
        }
        self.visited[square as usize] = false;
        if self.ports[square as usize] <= 1 {
            self.short_of_ports += 1;
        }
    }

    /// Starts a sweep of the connectivity check.
    fn new_sweep(&mut self) -> u32 {
        if self.sweep == u32::MAX {
            self.reached_mark.fill(0);
            self.sweep = 0;
        }
        self.sweep += 1;
        self.queue.clear();
        self.sweep
    }

    /// Whether every free square is reachable from `start`.
    fn all_connected(&mut self, start: Square) -> bool {
        let sweep = self.new_sweep();
        self.reached_mark[start as usize] = sweep;
        self.queue.push(start);
        let mut next = 0;
        while let Some(&square) = self.queue.get(next) {
            next += 1;
            for &neighbour in self.graph.neighbours(square) {
                if self.reached_mark[neighbour as usize] != sweep {
                    self.reached_mark[neighbour as usize] = sweep;
                    self.queue.push(neighbour);
                }
            }
        }
        self.queue.len() == self.free_count
    }

    /// Whether the unvisited neighbours of `old_head` are all reachable from the new `head`
    /// through unvisited squares: then the rest of the tour is still connected.
    fn head_neighbours_joined(&mut self, old_head: Square, head: Square) -> bool {
        let sweep = self.new_sweep();
        let mut targets_left = self
            .graph
            .neighbours(old_head)
            .iter()
            .filter(|&&square| !self.visited[square as usize])
            .count();
        self.reached_mark[head as usize] = sweep;
        self.queue.push(head);
        let mut next = 0;
        while let Some(&square) = self.queue.get(next) {
            next += 1;
            for &neighbour in self.graph.neighbours(square) {
                let index = neighbour as usize;
                if self.visited[index] || self.reached_mark[index] == sweep {
                    continue;
                }
                self.reached_mark[index] = sweep;
                self.queue.push(neighbour);
                if self.graph.adjacent(neighbour, old_head) {
                    targets_left -= 1;
                    if targets_left == 0 {
                        return true;
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::board::verify;
    use crate::verify::graph::verify_graph_tour;
    use std::time::{Duration, Instant};

    fn answer(problem: &Problem) -> Answer {
        let graph = MoveGraph::new(&problem.board, problem.piece);
        search(problem, &graph, &Limits::none(), &mut Stats::default())
    }

    fn assert_tour(problem: &Problem) {
        match answer(problem) {
            Answer::Found(tour) => assert_eq!(verify(problem, &tour), Ok(())),
            other => panic!("no tour: {other:?}"),
        }
    }

    #[test]
    fn finds_knight_tours_from_every_start_of_8x8() {
        for start in 0..64 {
            let board = Board::new(8, 8).unwrap();
            assert_tour(
                &Problem::new(board, crate::Piece::Knight, TourShape::Open).with_start(start),
            );
        }
    }

    #[test]
    fn finds_knight_tours_from_every_start_of_5x6() {
        for start in 0..30 {
            let board = Board::new(5, 6).unwrap();
            assert_tour(
                &Problem::new(board, crate::Piece::Knight, TourShape::Open).with_start(start),
            );
        }
    }

    #[test]
    fn finds_rook_circuit_of_8x8() {
        let board = Board::new(8, 8).unwrap();
        assert_tour(&Problem::new(board, crate::Piece::Rook, TourShape::Closed).with_start(0));
    }

    #[test]
    fn two_squares_form_a_circuit() {
        let board = Board::new(1, 2).unwrap();
        let problem = Problem::new(board, crate::Piece::Rook, TourShape::Closed).with_start(1);
        assert_eq!(answer(&problem), Answer::Found(Tour::new(vec![1, 0])));
    }

    #[test]
    fn open_tour_with_only_an_end_is_walked_backwards() {
        let board = Board::new(3, 4).unwrap();
        assert_tour(&Problem::new(board, crate::Piece::Knight, TourShape::Open).with_end(4));
    }

    #[test]
    fn exhausts_a_board_without_tour() {
        let board = Board::new(4, 4).unwrap();
        let problem = Problem::new(board, crate::Piece::Knight, TourShape::Open);
        assert!(matches!(
            answer(&problem),
            Answer::NoTour(Impossibility::Exhausted { .. })
        ));
    }

    #[test]
    fn stops_at_the_node_budget() {
        let board = Board::new(4, 4).unwrap();
        let problem = Problem::new(board, crate::Piece::Knight, TourShape::Open);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let limits = Limits {
            node_budget: Some(10),
            ..Limits::default()
        };
        let mut stats = Stats::default();
        let answer = search(&problem, &graph, &limits, &mut stats);
        assert_eq!(answer, Answer::Stopped(Stop::NodeBudget));
        assert!(stats.nodes <= 11);
    }

    #[test]
    fn stops_at_the_deadline() {
        // From a square of the less numerous colour there is no tour, but the search must try.
        let board = Board::new(7, 7).unwrap();
        let problem = Problem::new(board, crate::Piece::Knight, TourShape::Open).with_start(1);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let limits = Limits::timeout(Duration::ZERO);
        let started = Instant::now();
        let answer = search(&problem, &graph, &limits, &mut Stats::default());
        assert_eq!(answer, Answer::Stopped(Stop::Timeout));
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn walks_a_100x100_rook_circuit_without_overflow() {
        let board = Board::new(100, 100).unwrap();
        assert_tour(&Problem::new(board, crate::Piece::Rook, TourShape::Closed));
    }

    /// The Petersen graph: cubic, with a Hamiltonian path but no Hamiltonian cycle.
    fn petersen(shape: TourShape) -> GraphProblem {
        let mut edges = Vec::new();
        for i in 0..5 {
            edges.push((i, (i + 1) % 5));
            edges.push((i, i + 5));
            edges.push((5 + i, 5 + (i + 2) % 5));
        }
        GraphProblem::new(10, edges, shape)
    }

    fn graph_answer(problem: &GraphProblem) -> Answer {
        let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
        search_graph(problem, &graph, &Limits::none(), &mut Stats::default())
    }

    #[test]
    fn exhausts_the_petersen_graph_without_hamiltonian_cycle() {
        assert!(matches!(
            graph_answer(&petersen(TourShape::Closed)),
            Answer::NoTour(Impossibility::Exhausted { .. })
        ));
    }

    #[test]
    fn finds_hamiltonian_paths_of_the_petersen_graph() {
        let mut problem = petersen(TourShape::Open);
        for (start, end) in [
            (None, None),
            (Some(3), None),
            (None, Some(6)),
            (Some(0), Some(7)),
        ] {
            (problem.start, problem.end) = (start, end);
            let Answer::Found(tour) = graph_answer(&problem) else {
                panic!("no path from {start:?} to {end:?}");
            };
            assert_eq!(verify_graph_tour(&problem, &tour), Ok(()));
        }
    }

    #[test]
    fn finds_rook_circuit_on_20x20_with_scattered_blocks() {
        let mut board = Board::new(20, 20).unwrap();
        for (x, y) in [(3, 4), (10, 11), (15, 3), (6, 18)] {
            board.block(board.square(x, y));
        }
        assert_tour(&Problem::new(board, crate::Piece::Rook, TourShape::Closed));
    }
}
