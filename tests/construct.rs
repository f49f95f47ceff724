//! The construction gives verified knight's tours on every board from 5 x 5 to 30 x 30, and
//! on large boards checked by the streaming verifier.

use toursat::engine::construct::{construct, ConstructError};
use toursat::engine::theory::has_closed_tour;
use toursat::engine::{self, Answer, EngineChoice, SolveOptions};
use toursat::verify_stream::verify_stream;
use toursat::{verify, Board, Piece, Problem, Square, TourShape};

fn knight(rows: u64, cols: u64, shape: TourShape) -> Problem {
    Problem::new(Board::new(rows, cols).unwrap(), Piece::Knight, shape)
}

#[test]
fn closed_tours_on_every_board_from_5_to_30() {
    for rows in 5..=30 {
        for cols in 5..=30 {
            let problem = knight(rows, cols, TourShape::Closed);
            match construct(&problem) {
                Ok(tour) => verify(&problem, &tour.to_tour())
                    .unwrap_or_else(|error| panic!("{rows} x {cols}: {error}")),
                Err(error) => {
                    assert!(!has_closed_tour(rows, cols), "{rows} x {cols}: {error}");
                    assert!(matches!(error, ConstructError::NoTour(_)));
                }
            }
        }
    }
}

#[test]
fn open_tours_on_every_board_from_5_to_30() {
    for rows in 5..=30 {
        for cols in 5..=30 {
            let problem = knight(rows, cols, TourShape::Open);
            let tour = construct(&problem).unwrap().to_tour();
            verify(&problem, &tour).unwrap_or_else(|error| panic!("{rows} x {cols}: {error}"));
        }
    }
}

#[test]
fn open_tours_from_every_square_of_boards_with_a_circuit() {
    for (rows, cols) in [(6, 6), (5, 8), (11, 14)] {
        for start in 0..(rows * cols) as Square {
            let problem = knight(rows, cols, TourShape::Open).with_start(start);
            let tour = construct(&problem).unwrap().to_tour();
            verify(&problem, &tour).unwrap();
            let problem = knight(rows, cols, TourShape::Open).with_end(start);
            let tour = construct(&problem).unwrap().to_tour();
            verify(&problem, &tour).unwrap();
        }
    }
}

#[test]
fn closed_tours_start_where_asked() {
    let problem = knight(20, 17, TourShape::Closed).with_start(123);
    let tour = construct(&problem).unwrap().to_tour();
    verify(&problem, &tour).unwrap();
}

#[test]
fn construction_is_deterministic() {
    let problem = knight(40, 33, TourShape::Closed);
    let first = construct(&problem).unwrap().to_tour();
    let second = construct(&problem).unwrap().to_tour();
    assert_eq!(first, second);
}

#[test]
fn refuses_boards_it_does_not_cover() {
    let unsupported =
        |problem: &Problem| matches!(construct(problem), Err(ConstructError::Unsupported(_)));
    assert!(unsupported(&knight(3, 12, TourShape::Closed)));
    assert!(unsupported(&knight(4, 12, TourShape::Open)));
    assert!(unsupported(&Problem::new(
        Board::new(8, 8).unwrap(),
        Piece::King,
        TourShape::Closed
    )));
    let mut board = Board::new(8, 8).unwrap();
    board.block(9);
    assert!(unsupported(&Problem::new(
        board,
        Piece::Knight,
        TourShape::Open
    )));
    assert!(matches!(
        construct(&knight(4, 12, TourShape::Closed)),
        Err(ConstructError::NoTour(_))
    ));
}

#[test]
fn large_boards_pass_the_streaming_verifier() {
    for (rows, cols, shape) in [
        (200, 300, TourShape::Closed),
        (201, 301, TourShape::Open),
        (1000, 1000, TourShape::Closed),
    ] {
        let problem = knight(rows, cols, shape);
        let tour = construct(&problem).unwrap();
        assert_eq!(verify_stream(&problem, tour.squares()), Ok(rows * cols));
    }
}

#[test]
fn construct_engine_answers_through_solve() {
    let options = SolveOptions {
        engine: EngineChoice::Construct,
        ..SolveOptions::default()
    };
    let problem = knight(50, 61, TourShape::Closed);
    let solution = engine::solve(&problem, &options).unwrap();
    assert!(matches!(solution.answer, Answer::Found(_)));
    assert_eq!(solution.stats.engine, "construct");
}

#[test]
fn construct_engine_leaves_uncovered_boards_to_search() {
    let options = SolveOptions {
        engine: EngineChoice::Construct,
        ..SolveOptions::default()
    };
    let solution = engine::solve(&knight(3, 10, TourShape::Closed), &options).unwrap();
    assert!(matches!(solution.answer, Answer::Found(_)));
    assert_eq!(solution.stats.engine, "dfs");
}

#[test]
fn auto_builds_large_empty_knight_boards() {
    let solution = engine::solve(&knight(60, 60, TourShape::Open), &SolveOptions::default());
    assert_eq!(solution.unwrap().stats.engine, "construct");
    let solution = engine::solve(&knight(8, 8, TourShape::Closed), &SolveOptions::default());
    assert_eq!(solution.unwrap().stats.engine, "dfs");
}

#[test]
fn open_tours_from_fixed_squares_of_boards_with_both_sides_odd() {
    for (rows, cols) in [(5, 5), (5, 7), (7, 7), (9, 9), (9, 15), (17, 23), (25, 25)] {
        let board = Board::new(rows, cols).unwrap();
        let mut refused = Vec::new();
        for square in board.free_squares() {
            for problem in [
                knight(rows, cols, TourShape::Open).with_start(square),
                knight(rows, cols, TourShape::Open).with_end(square),
            ] {
                match (construct(&problem), board.colour(square)) {
                    (Ok(tour), 0) => verify(&problem, &tour.to_tour()).unwrap(),
                    (Err(ConstructError::NoTour(_)), 1) => {}
                    (answer, _) => refused.push((square, answer.err())),
                }
            }
        }
        assert_eq!(refused, [], "{rows} x {cols}");
    }
}
