//! The SAT engine on its own: tours it finds verify, and its answers match known facts.

use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

fn run(problem: &Problem, encoding: Encoding, lex: bool) -> Answer {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let options = SatOptions {
        encoding,
        merge: true,
    };
    let mut stats = Stats::default();
    let answer = if lex {
        sat::lex::search(problem, &graph, &options, &Limits::none(), &mut stats)
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
        .map(|&s| toursat::square::name(&problem.board, s))
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
