//! Regression tests for inputs the fuzzers found (see RELIABILITY.md).

use toursat::engine::sat::{Encoding, SatOptions};
use toursat::engine::{self, Answer, EngineChoice, SolveError, SolveOptions};
use toursat::{Board, Piece, Problem, TourShape};

/// Whether `engine` finds a tour of `problem`.
fn found(problem: &Problem, engine: EngineChoice) -> bool {
    let options = SolveOptions {
        engine,
        ..SolveOptions::default()
    };
    match engine::solve(problem, &options).unwrap().answer {
        Answer::Found(_) => true,
        Answer::NoTour(_) => false,
        Answer::Stopped(stop) => panic!("{engine:?} stopped: {stop:?}"),
    }
}

/// fuzz target `solve_tiny`, crash-aa5d5a35: `--engine construct` answered a king on a 1 x 3
/// board with one free square by the knight's tour theorem ("no open tour on 1 x 3"). It now
/// refuses a board it cannot build, and never answers "no tour" for it.
#[test]
fn construct_engine_applies_knight_theorems_to_knights_on_empty_boards_only() {
    let mut board = Board::new(1, 3).unwrap();
    board.block(1);
    board.block(2);
    let problem = Problem::new(board, Piece::King, TourShape::Open);
    let construct = SolveOptions {
        engine: EngineChoice::Construct,
        ..SolveOptions::default()
    };
    assert!(matches!(
        engine::solve(&problem, &construct),
        Err(SolveError::EngineCannot { .. })
    ));
    let engines = [EngineChoice::Auto, EngineChoice::Dfs]
        .into_iter()
        .chain(Encoding::ALL.map(|encoding| {
            EngineChoice::Sat(SatOptions {
                encoding,
                ..SatOptions::default()
            })
        }));
    for engine in engines {
        assert!(found(&problem, engine), "{engine:?}");
    }
}
