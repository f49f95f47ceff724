//! The SAT engine on its own: tours it finds verify, and its answers match known facts.

use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

fn run(problem: &Problem, encoding: Encoding, lex: bool) -> Answer {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let options = SatOptions {
        encoding,
        merge: true,
        warm_start: true,
        ..SatOptions::default()
    };
    let mut stats = Stats::default();
    let answer = if lex {
        sat::search_lex(problem, &graph, &options, &Limits::none(), &mut stats)
    } else {
        sat::search(problem, &graph, &options, &Limits::none(), &mut stats)
    };
    if let Answer::Found(tour) = &answer {
        verify(problem, tour).unwrap_or_else(|error| panic!("{encoding}: {error}"));
    }
    answer
}

#[test]
fn every_encoding_finds_an_eight_by_eight_knight_circuit() {
    let problem = Problem::new(Board::new(8, 8).unwrap(), Piece::Knight, TourShape::Closed);
    for encoding in Encoding::ALL {
        assert!(
            matches!(run(&problem, encoding, false), Answer::Found(_)),
            "{encoding}"
        );
    }
}

#[test]
fn every_encoding_finds_an_open_knight_tour_from_a_corner() {
    let problem =
        Problem::new(Board::new(5, 6).unwrap(), Piece::Knight, TourShape::Open).with_start(3);
    for encoding in Encoding::ALL {
        assert!(
            matches!(run(&problem, encoding, false), Answer::Found(_)),
            "{encoding}"
        );
    }
}

#[test]
fn lex_order_gives_the_knights_journey_sample() {
    let problem = Problem::new(Board::new(4, 3).unwrap(), Piece::Knight, TourShape::Open);
    let Answer::Found(tour) = run(&problem, Encoding::Cutset, true) else {
        panic!()
    };
    let names: String = tour
        .squares()
        .iter()
        .map(|&s| toursat::core::square::name(&problem.board, s))
        .collect();
    assert_eq!(names, "A1B3C1A2B4C2A3B1C3A4B2C4");
}

#[test]
fn no_knight_path_on_two_by_three() {
    let problem = Problem::new(Board::new(2, 3).unwrap(), Piece::Knight, TourShape::Open);
    for encoding in Encoding::ALL {
        assert!(
            matches!(run(&problem, encoding, false), Answer::NoTour(_)),
            "{encoding}"
        );
    }
}

/// The lexicographically first tour by `engine` (dfs-lex or SAT-guided), as chess names.
fn lex_first(problem: &Problem, engine: toursat::engine::EngineChoice) -> Option<String> {
    let options = toursat::SolveOptions {
        engine,
        order: toursat::Order::Lex,
        limits: Limits::timeout(std::time::Duration::from_secs(120)),
    };
    match toursat::engine::solve(problem, &options).unwrap().answer {
        Answer::Found(tour) => Some(
            tour.squares()
                .iter()
                .map(|&s| toursat::core::square::name(&problem.board, s))
                .collect(),
        ),
        Answer::NoTour(_) => None,
        Answer::Stopped(stop) => panic!("{engine:?} stopped: {stop:?}"),
    }
}

#[test]
fn sat_guided_lex_order_equals_lexicographic_search() {
    let sat_engine = toursat::engine::EngineChoice::Sat(SatOptions::default());
    let dfs_engine = toursat::engine::EngineChoice::Dfs;
    for (rows, cols) in [
        (3, 4),
        (4, 3),
        (5, 5),
        (5, 6),
        (6, 5),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
    ] {
        let board = Board::new(rows, cols).unwrap();
        let free_start = Problem::new(board.clone(), Piece::Knight, TourShape::Open);
        let from_a1 = free_start.clone().with_start(0);
        for problem in [free_start, from_a1] {
            assert_eq!(
                lex_first(&problem, sat_engine),
                lex_first(&problem, dfs_engine),
                "{rows}x{cols} start {:?}",
                problem.start
            );
        }
    }
}

#[test]
fn sat_guided_lex_order_finishes_where_plain_search_stalls() {
    let sat_engine = toursat::engine::EngineChoice::Sat(SatOptions::default());
    for (rows, cols) in [(6, 10), (8, 12)] {
        let problem = Problem::new(
            Board::new(rows, cols).unwrap(),
            Piece::Knight,
            TourShape::Open,
        )
        .with_start(0);
        let names = lex_first(&problem, sat_engine).expect("a tour exists");
        assert!(names.starts_with("A1B3"), "{rows}x{cols}: {names}");
    }
}
