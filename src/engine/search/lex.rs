//! Lexicographic depth-first search: the lexicographically first tour, exactly.
//!
//! Tours compare square by square, squares by column and then row. The walk of [`super::dfs`]
//! tries moves in that order, and its pruning only cuts branches that hold no tour, so the first
//! tour it meets is the first of all.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::search::dfs::{
    exhausted, lex_key, possible_starts, CandidateOrder, Outcome, Walk,
};
use crate::engine::{Answer, Limits, Stats};

/// Searches for the lexicographically first tour of `problem`.
pub fn search(problem: &Problem, graph: &MoveGraph, limits: &Limits, stats: &mut Stats) -> Answer {
    let board = &problem.board;
    let mut starts: Vec<Square> = match (problem.shape, problem.start) {
        (_, Some(start)) => vec![start],
        // Every circuit passes the first square, and may start there.
        (TourShape::Closed, None) => board
            .free_squares()
            .min_by_key(|&square| lex_key(board, square))
            .into_iter()
            .collect(),
        (TourShape::Open, None) => possible_starts(problem),
    };
    starts.sort_by_key(|&square| lex_key(board, square));
    let mut walk = Walk::new(problem, graph, CandidateOrder::Lexicographic);
    for start in starts {
        match walk.run(start, problem.end, None, limits, stats) {
            Outcome::Found(squares) => return Answer::Found(Tour::new(squares)),
            Outcome::Exhausted | Outcome::OutOfBudget => {}
            Outcome::Stopped(stop) => return Answer::Stopped(stop),
        }
    }
    exhausted(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::square::name;

    fn journey(rows: u64, cols: u64) -> Option<String> {
        let problem = Problem::new(
            Board::new(rows, cols).unwrap(),
            Piece::Knight,
            TourShape::Open,
        );
        let graph = MoveGraph::new(&problem.board, problem.piece);
        match search(&problem, &graph, &Limits::none(), &mut Stats::default()) {
            Answer::Found(tour) => Some(
                tour.squares()
                    .iter()
                    .map(|&square| name(&problem.board, square))
                    .collect(),
            ),
            _ => None,
        }
    }

    #[test]
    fn answers_the_knights_journey_samples() {
        assert_eq!(journey(1, 1).as_deref(), Some("A1"));
        assert_eq!(journey(2, 3), None);
        assert_eq!(journey(4, 3).as_deref(), Some("A1B3C1A2B4C2A3B1C3A4B2C4"));
    }

    #[test]
    fn closed_tour_starts_at_the_first_square_in_column_order() {
        let problem = Problem::new(Board::new(2, 3).unwrap(), Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let answer = search(&problem, &graph, &Limits::none(), &mut Stats::default());
        // A1 A2 B2 C2 C1 B1, as square indices (row-major, 3 columns).
        assert_eq!(answer, Answer::Found(Tour::new(vec![0, 3, 4, 5, 2, 1])));
    }
}
