//! The knight's tour theorems agree with the engines on every board up to 8 x 8.

use std::time::Duration;
use toursat::engine::proof::theory::{knight_tour_existence, Existence};
use toursat::engine::search::dfs;
use toursat::engine::{cheap_proof, Answer, Impossibility, Limits, Stats};
use toursat::{verify, Board, MoveGraph, Piece, Problem, TourShape};

/// Whether the engines find a tour: the cheap proofs other than the theorems, then depth-first
/// search (which settles every board up to 8 x 8 in well under a second) under a generous time
/// limit; a timeout fails the test.
fn engines_find_tour(problem: &Problem) -> bool {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    match cheap_proof(problem, &graph) {
        Some(Impossibility::Theorem(_)) | None => {}
        Some(_) => return false,
    }
    let limits = Limits::timeout(Duration::from_secs(120));
    let mut stats = Stats::default();
    let (rows, cols) = (problem.board.rows() as u64, problem.board.cols() as u64);
    match dfs::search(problem, &graph, &limits, &mut stats) {
        Answer::Found(tour) => {
            verify(problem, &tour).unwrap();
            true
        }
        Answer::NoTour(_) => false,
        Answer::Stopped(stop) => panic!("{rows} x {cols} {}: stopped: {stop:?}", problem.shape),
    }
}

fn check_shape(shape: TourShape) {
    for rows in 1..=8 {
        for cols in 1..=8 {
            let problem = Problem::new(Board::new(rows, cols).unwrap(), Piece::Knight, shape);
            let found = engines_find_tour(&problem);
            let theorem = knight_tour_existence(rows, cols, shape, None, None);
            assert_eq!(
                theorem == Existence::Exists,
                found,
                "{rows} x {cols} {shape}: theorem says {theorem:?}"
            );
        }
    }
}

#[test]
fn closed_tour_theorem_agrees_with_the_engines_up_to_8x8() {
    check_shape(TourShape::Closed);
}

#[test]
fn open_tour_theorem_agrees_with_the_engines_up_to_8x8() {
    check_shape(TourShape::Open);
}

#[test]
fn solve_answers_no_tour_boards_by_theorem() {
    let problem = Problem::new(
        Board::new(4, 1000).unwrap(),
        Piece::Knight,
        TourShape::Closed,
    );
    let solution = toursat::engine::solve(&problem, &Default::default()).unwrap();
    assert!(matches!(
        solution.answer,
        Answer::NoTour(Impossibility::Theorem(_))
    ));
}
