//! The construction gives verified knight's tours on every board from 5 x 5 to 30 x 30, on
//! every board with a side of 3 or 4 from its family's threshold up to 60, and on large boards
//! checked by the streaming verifier.

use toursat::engine::construct::strip::{CLOSED_3_FROM, OPEN_3_FROM, OPEN_4_FROM};
use toursat::engine::construct::{construct, covers, ConstructError};
use toursat::engine::proof::theory::{has_closed_tour, has_open_tour};
use toursat::engine::{self, Answer, EngineChoice, SolveOptions};
use toursat::verify::stream::verify_stream;
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
    assert!(unsupported(&knight(3, 10, TourShape::Closed)));
    assert!(unsupported(&knight(9, 3, TourShape::Open)));
    assert!(unsupported(&knight(4, 5, TourShape::Open)));
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
        (3, 100_000, TourShape::Open),
        (3, 100_000, TourShape::Closed),
        (4, 100_000, TourShape::Open),
        (100_001, 3, TourShape::Open),
        (100_001, 4, TourShape::Open),
    ] {
        let problem = knight(rows, cols, shape);
        let tour = construct(&problem).unwrap();
        assert_eq!(verify_stream(&problem, tour.squares()), Ok(rows * cols));
    }
}

#[test]
fn open_tours_between_far_fixed_ends_pass_the_streaming_verifier() {
    for (rows, cols, start, end) in [
        (1000, 1000, (0, 0), (999, 998)),
        (1000, 1000, (500, 500), (0, 999)),
        (1001, 999, (998, 1000), (2, 0)),
        (64, 2000, (1999, 63), (0, 1)),
    ] {
        let board = Board::new(rows, cols).unwrap();
        let problem = knight(rows, cols, TourShape::Open)
            .with_start(board.square(start.0, start.1))
            .with_end(board.square(end.0, end.1));
        let tour = construct(&problem).unwrap();
        assert_eq!(verify_stream(&problem, tour.squares()), Ok(rows * cols));
        let squares: Vec<Square> = tour.squares().collect();
        assert_eq!(
            (squares[0], squares[squares.len() - 1]),
            (problem.start.unwrap(), problem.end.unwrap())
        );
    }
}

#[test]
fn auto_builds_open_tours_between_fixed_ends() {
    let board = Board::new(100, 100).unwrap();
    let problem = knight(100, 100, TourShape::Open)
        .with_start(board.square(50, 50))
        .with_end(board.square(0, 99));
    let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
    let Answer::Found(tour) = &solution.answer else {
        panic!("no tour: {:?}", solution.answer);
    };
    assert_eq!(verify(&problem, tour), Ok(()));
    assert_eq!(solution.stats.engine, "construct");
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
    let solution = engine::solve(&knight(4, 700, TourShape::Open), &SolveOptions::default());
    assert_eq!(solution.unwrap().stats.engine, "construct");
    let solution = engine::solve(
        &knight(1000, 3, TourShape::Closed),
        &SolveOptions::default(),
    );
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

/// Whether the construction is meant to cover a knight's tour of `shape` on an empty board
/// with short side 3 or 4 and long side `long`: from the thresholds, where a tour exists.
fn thin_board_covered(short: u64, long: u64, shape: TourShape) -> bool {
    let closed_strip = short == 3 && long % 2 == 0 && long >= CLOSED_3_FROM as u64;
    match (short, shape) {
        (3, TourShape::Closed) => closed_strip,
        (3, TourShape::Open) => closed_strip || long >= OPEN_3_FROM as u64,
        (4, TourShape::Closed) => false,
        (4, TourShape::Open) => long >= OPEN_4_FROM as u64,
        _ => unreachable!(),
    }
}

#[test]
fn tours_on_every_board_with_a_side_of_3_or_4_up_to_60() {
    for short in [3, 4] {
        for long in 1..=60 {
            for (rows, cols) in [(short, long), (long, short)] {
                for shape in [TourShape::Closed, TourShape::Open] {
                    let problem = knight(rows, cols, shape);
                    let board = format!("{shape:?} {rows} x {cols}");
                    let exists = match shape {
                        TourShape::Closed => has_closed_tour(rows, cols),
                        TourShape::Open => has_open_tour(rows, cols),
                    };
                    let expected = exists && thin_board_covered(short, long, shape);
                    assert_eq!(covers(&problem), expected, "{board}");
                    match construct(&problem) {
                        Ok(tour) => {
                            assert!(expected, "{board}: built but not covered");
                            verify(&problem, &tour.to_tour())
                                .unwrap_or_else(|error| panic!("{board}: {error}"));
                        }
                        Err(ConstructError::NoTour(_)) => assert!(!exists, "{board}"),
                        Err(ConstructError::Unsupported(_)) => {
                            assert!(exists && !expected, "{board}")
                        }
                        Err(ConstructError::Internal(reason)) => panic!("{board}: {reason}"),
                    }
                }
            }
        }
    }
}

#[test]
fn thin_boards_are_built_the_same_way_every_time() {
    for (rows, cols, shape) in [
        (3, 101, TourShape::Open),
        (3, 102, TourShape::Closed),
        (4, 103, TourShape::Open),
        (104, 4, TourShape::Open),
    ] {
        let problem = knight(rows, cols, shape);
        let first = construct(&problem).unwrap().to_tour();
        let second = construct(&problem).unwrap().to_tour();
        assert_eq!(first, second, "{rows} x {cols}");
    }
}

#[test]
fn open_tours_on_3_x_n_with_n_even_start_or_end_anywhere() {
    for (rows, cols) in [(3, 14), (22, 3)] {
        for square in 0..(rows * cols) as Square {
            for problem in [
                knight(rows, cols, TourShape::Open).with_start(square),
                knight(rows, cols, TourShape::Open).with_end(square),
                knight(rows, cols, TourShape::Closed).with_start(square),
            ] {
                let tour = construct(&problem).unwrap().to_tour();
                verify(&problem, &tour).unwrap_or_else(|error| panic!("{square}: {error}"));
            }
        }
    }
}

#[test]
fn open_strips_take_their_own_ends_as_fixed_ends() {
    for (rows, cols) in [(3, 15), (4, 20), (21, 4)] {
        let problem = knight(rows, cols, TourShape::Open);
        let squares = construct(&problem).unwrap().to_tour().squares().to_vec();
        let (first, last) = (squares[0], *squares.last().unwrap());
        for problem in [
            problem.clone().with_start(first),
            problem.clone().with_start(last),
            problem.clone().with_end(first),
            problem.clone().with_start(first).with_end(last),
        ] {
            let tour = construct(&problem).unwrap().to_tour();
            verify(&problem, &tour).unwrap();
        }
        let inner = squares[squares.len() / 2];
        assert!(matches!(
            construct(&problem.clone().with_start(inner)),
            Err(ConstructError::Unsupported(_))
        ));
    }
}
