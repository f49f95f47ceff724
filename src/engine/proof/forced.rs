//! Forced moves: a closed tour enters and leaves every square by two moves, so a square with
//! only two moves left uses both, and a square that uses two moves rules out its others.
//! Following these two rules from the squares with two moves (unit propagation, in a person's
//! words) either stops, or leaves some square fewer than two moves, or closes a loop that leaves
//! squares out: then there is no closed tour.
//!
//! Each square is taken at most once and each move looked at a bounded number of times, so the
//! argument is linear in the board and its moves. On holed boards of a million squares whose
//! flow falls short (docs/benchmarks.md) it finds the contradiction near an edge of the board,
//! where squares have few moves, without the flow. The proof keeps only the squares the
//! contradiction rests on (each taken square's moves ruled out by squares taken before it), in
//! the order taken, so that a person or [`crate::engine::proof::check`] can replay it.

use crate::core::adjacency::root_with_halving;
use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::engine::{ForcedEnd, ForcedProof};

/// No square: an empty slot of a square's two tour moves.
const NONE: Square = Square::MAX;

/// No step: a tour move that no step took.
const NO_STEP: u32 = u32::MAX;

/// The forced moves of a closed tour through `free_squares` (three or more) of `graph`, and
/// where they lead: `Some` with the proof when they leave a square fewer than two moves or
/// close a loop short of every square, `None` when they stop without a contradiction.
pub(crate) fn forced_moves(graph: &MoveGraph, free_squares: &[Square]) -> Option<ForcedProof> {
    let mut state = Forcing::new(graph, free_squares);
    let end = state.propagate(free_squares)?;
    let steps = state.steps_needed(&end);
    Some(ForcedProof { steps, end })
}

/// The tour moves taken so far, and how.
struct Forcing<'a> {
    graph: &'a MoveGraph,
    /// The free squares in all.
    square_count: usize,
    /// Each square's tour moves taken (up to two, [`NONE`] for an empty slot).
    partners: Vec<[Square; 2]>,
    /// The step that took each of those moves.
    taken_by: Vec<[u32; 2]>,
    /// Each square's moves not ruled out (its tour moves among them).
    possible: Vec<u32>,
    /// The squares taken, in order: each took its two moves left.
    steps: Vec<Square>,
    /// Union-find over the squares: the pieces of path the tour moves taken make.
    piece: Vec<Square>,
    /// Squares that may have two moves left, to look at.
    queue: Vec<Square>,
}

impl<'a> Forcing<'a> {
    fn new(graph: &'a MoveGraph, free_squares: &[Square]) -> Forcing<'a> {
        let len = graph.len();
        let possible = (0..len as Square)
            .map(|square| graph.degree(square) as u32)
            .collect();
        Forcing {
            graph,
            square_count: free_squares.len(),
            partners: vec![[NONE; 2]; len],
            taken_by: vec![[NO_STEP; 2]; len],
            possible,
            steps: Vec::new(),
            piece: (0..len as Square).collect(),
            queue: Vec::new(),
        }
    }

    /// How many tour moves `square` has taken.
    fn used(&self, square: Square) -> usize {
        self.partners[square as usize]
            .iter()
            .filter(|&&partner| partner != NONE)
            .count()
    }

    /// Whether the move between `a` and `b` is one of `a`'s tour moves.
    fn taken(&self, a: Square, b: Square) -> bool {
        self.partners[a as usize].contains(&b)
    }

    /// Takes squares with two moves left until none is left or a contradiction is reached.
    fn propagate(&mut self, free_squares: &[Square]) -> Option<ForcedEnd> {
        if let Some(&square) = free_squares
            .iter()
            .find(|&&square| self.possible[square as usize] < 2)
        {
            return Some(ForcedEnd::TooFewMoves(square));
        }
        self.queue = free_squares
            .iter()
            .copied()
            .filter(|&square| self.possible[square as usize] == 2)
            .collect();
        while let Some(square) = self.queue.pop() {
            if self.used(square) == 2 || self.possible[square as usize] != 2 {
                continue;
            }
            let step = self.steps.len() as u32;
            self.steps.push(square);
            let left: Vec<Square> = self
                .graph
                .neighbours(square)
                .iter()
                .copied()
                .filter(|&next| !self.taken(square, next) && self.used(next) < 2)
                .collect();
            for next in left {
                if let Some(end) = self.take(square, next, step) {
                    return Some(end);
                }
            }
        }
        None
    }

    /// Takes the move between `a` and `b` as a tour move at `step`; a contradiction it leads to.
    fn take(&mut self, a: Square, b: Square, step: u32) -> Option<ForcedEnd> {
        for (from, to) in [(a, b), (b, a)] {
            let slot = self.used(from);
            self.partners[from as usize][slot] = to;
            self.taken_by[from as usize][slot] = step;
        }
        let root_a = root_with_halving(&mut self.piece, a);
        let root_b = root_with_halving(&mut self.piece, b);
        if root_a == root_b {
            let squares = self.loop_through(a);
            return (squares.len() < self.square_count).then_some(ForcedEnd::Loop(squares));
        }
        self.piece[root_a as usize] = root_b;
        for square in [a, b] {
            if self.used(square) == 2 {
                if let Some(end) = self.rule_out_others(square) {
                    return Some(end);
                }
            }
        }
        None
    }

    /// Rules out the moves of `full` (which has its two tour moves) to squares that have not:
    /// a square left fewer than two moves is a contradiction, one left two is looked at.
    fn rule_out_others(&mut self, full: Square) -> Option<ForcedEnd> {
        for &next in self.graph.neighbours(full) {
            if self.taken(full, next) || self.used(next) == 2 {
                continue;
            }
            self.possible[next as usize] -= 1;
            match self.possible[next as usize] {
                0 | 1 => return Some(ForcedEnd::TooFewMoves(next)),
                2 => self.queue.push(next),
                _ => {}
            }
        }
        None
    }

    /// The squares of the loop of tour moves through `start`, in order along it.
    fn loop_through(&self, start: Square) -> Vec<Square> {
        let mut squares = vec![start];
        let (mut previous, mut square) = (start, self.partners[start as usize][0]);
        while square != start {
            squares.push(square);
            let [one, other] = self.partners[square as usize];
            let next = if one == previous { other } else { one };
            previous = square;
            square = next;
        }
        squares
    }

    /// The steps `end` rests on, in the order taken: the steps that took the tour moves it
    /// names, and before each step the steps that filled the squares whose moves it ruled out,
    /// and so on back.
    fn steps_needed(&self, end: &ForcedEnd) -> Vec<Square> {
        let mut needed = vec![false; self.steps.len()];
        let mut waiting: Vec<u32> = Vec::new();
        match end {
            ForcedEnd::TooFewMoves(square) => waiting.extend(self.reasons_at(*square)),
            ForcedEnd::Loop(squares) => {
                for &square in squares {
                    waiting.extend(self.taken_by[square as usize]);
                }
            }
        }
        while let Some(step) = waiting.pop() {
            if step == NO_STEP || needed[step as usize] {
                continue;
            }
            needed[step as usize] = true;
            let square = self.steps[step as usize];
            waiting.extend(self.reasons_at(square).filter(|&earlier| earlier < step));
        }
        (0..self.steps.len())
            .filter(|&step| needed[step])
            .map(|step| self.steps[step])
            .collect()
    }

    /// The steps behind the moves `square` has and has not: those that took its tour moves,
    /// and those that filled the squares its other moves lead to.
    fn reasons_at(&self, square: Square) -> impl Iterator<Item = u32> + '_ {
        let own = self.taken_by[square as usize];
        let ruled_out = self
            .graph
            .neighbours(square)
            .iter()
            .filter(move |&&next| !self.taken(square, next) && self.used(next) == 2)
            .flat_map(move |&next| self.taken_by[next as usize]);
        own.into_iter().chain(ruled_out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::proof::check;
    use crate::engine::search::dfs;
    use crate::engine::{Answer, Impossibility, Limits, Stats};

    /// On every blocked pattern of 4 x 4, 3 x 5 and 3 x 6 boards, for the knight, the rook and
    /// the king: where forced moves reach a contradiction, search finds no closed tour, and the
    /// independent check replays the proof; where search finds a tour, they reach none.
    #[test]
    fn forced_moves_refute_only_boards_without_a_closed_tour_and_replay() {
        let (mut short, mut loops) = (0, 0);
        for (rows, cols) in [(4, 4), (3, 5), (3, 6)] {
            for board in every_blocked_pattern(rows, cols) {
                let free: Vec<Square> = board.free_squares().collect();
                if free.len() < 3 {
                    continue;
                }
                for piece in [Piece::Knight, Piece::Rook, Piece::King] {
                    let problem = Problem::new(board.clone(), piece, TourShape::Closed);
                    let graph = MoveGraph::new(&board, piece);
                    let Some(proof) = forced_moves(&graph, &free) else {
                        continue;
                    };
                    let answer =
                        dfs::search(&problem, &graph, &Limits::none(), &mut Stats::default());
                    assert!(
                        matches!(answer, Answer::NoTour(_)),
                        "{board}{piece}: forced moves, yet {answer:?}"
                    );
                    match proof.end {
                        ForcedEnd::TooFewMoves(_) => short += 1,
                        ForcedEnd::Loop(_) => loops += 1,
                    }
                    let checked = check::check(&problem, &Impossibility::ForcedMoves(proof));
                    assert!(
                        matches!(checked, Some(Ok(_))),
                        "{board}{piece}: {checked:?}"
                    );
                }
            }
        }
        assert!(
            short >= 1000 && loops >= 100,
            "{short} short, {loops} loops"
        );
    }

    /// The proof keeps only the steps its end rests on: each kept step is needed, as the check
    /// rejects the proof with any one of them left out.
    #[test]
    fn every_step_kept_is_needed() {
        let board: crate::core::board::Board = ".....\n....X\n.....\n...X.\n".parse().unwrap();
        let free: Vec<Square> = board.free_squares().collect();
        let graph = MoveGraph::new(&board, Piece::Knight);
        let proof = forced_moves(&graph, &free).expect("a loop of forced moves");
        assert!(matches!(proof.end, ForcedEnd::Loop(ref squares) if squares.len() == 10));
        let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
        for left_out in 0..proof.steps.len() {
            let mut shorter = proof.clone();
            shorter.steps.remove(left_out);
            let checked = check::check(&problem, &Impossibility::ForcedMoves(shorter));
            assert!(
                matches!(checked, Some(Err(_))),
                "step {left_out} left out: {checked:?}"
            );
        }
    }
}
