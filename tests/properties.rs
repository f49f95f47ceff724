//! Property tests on random small boards: tours verify, engines agree, formulas round-trip.

use proptest::prelude::*;
use toursat::engine::sat::exchange::answer::SolverAnswer;
use toursat::engine::sat::exchange::dimacs::write_problem;
use toursat::engine::sat::exchange::model::{DecodeError, Decoder, Unconfirmed};
use toursat::engine::sat::{trivial_tour, Encoding, SatOptions};
use toursat::engine::{self, Answer, EngineChoice, SolveOptions};
use toursat::{verify, Board, MoveGraph, Piece, Problem, TourShape};

/// A random problem on a board of at most 4 x 5 squares: blocked squares, piece, shape, ends.
fn problems() -> impl Strategy<Value = Problem> {
    (
        1u64..=4,
        1u64..=5,
        any::<u32>(),
        0usize..4,
        any::<bool>(),
        proptest::option::of(0u32..20),
        proptest::option::of(0u32..20),
    )
        .prop_map(|(rows, cols, blocked, piece, closed, start, end)| {
            let mut board = Board::new(rows, cols).unwrap();
            // About one square in four blocked.
            for square in 0..board.len() as u32 {
                if blocked >> square & 1 == 1 && (blocked >> ((square + 12) % 32)) & 1 == 1 {
                    board.block(square);
                }
            }
            let piece = [Piece::Rook, Piece::Knight, Piece::King, Piece::Leaper(1, 3)][piece];
            let shape = if closed {
                TourShape::Closed
            } else {
                TourShape::Open
            };
            let len = board.len() as u32;
            let free = |square: Option<u32>| square.map(|s| s % len).filter(|&s| board.is_free(s));
            let mut problem = Problem::new(board.clone(), piece, shape);
            problem.start = free(start);
            if shape == TourShape::Open {
                problem.end = free(end).filter(|&end| Some(end) != problem.start);
            }
            problem
        })
        .prop_filter("a free square", |problem| problem.board.free_count() > 0)
}

/// Every engine the tests compare: depth-first search, and the SAT engine with each encoding.
fn engines() -> Vec<EngineChoice> {
    let mut engines = vec![EngineChoice::Dfs, EngineChoice::Auto];
    for encoding in Encoding::ALL {
        for (merge, warm_start) in [(true, true), (true, false), (false, false)] {
            engines.push(EngineChoice::Sat(SatOptions {
                encoding,
                merge,
                warm_start,
                ..SatOptions::default()
            }));
        }
        // A formula completed after the first model with several cycles.
        engines.push(EngineChoice::Sat(SatOptions {
            encoding,
            complete_after: Some(1),
            ..SatOptions::default()
        }));
    }
    engines
}

/// Whether `engine` finds a tour of `problem`; its tour must verify.
fn exists(problem: &Problem, engine: EngineChoice) -> bool {
    let options = SolveOptions {
        engine,
        ..SolveOptions::default()
    };
    let solution = engine::solve(problem, &options).unwrap();
    match solution.answer {
        Answer::Found(tour) => {
            assert_eq!(verify(problem, &tour), Ok(()), "{engine:?} on {problem:?}");
            true
        }
        Answer::NoTour(_) => false,
        Answer::Stopped(stop) => panic!("{engine:?} stopped on {problem:?}: {stop:?}"),
    }
}

/// Solves the DIMACS text with a fresh varisat and writes its answer in the competition format.
fn solve_dimacs(cnf: &[u8]) -> String {
    let formula = varisat::dimacs::DimacsParser::parse(cnf).unwrap();
    let mut solver = varisat::Solver::new();
    solver.add_formula(&formula);
    if !solver.solve().unwrap() {
        return "s UNSATISFIABLE\n".to_string();
    }
    let literals: Vec<String> = solver
        .model()
        .unwrap()
        .iter()
        .map(|lit| lit.to_dimacs().to_string())
        .collect();
    format!("s SATISFIABLE\nv {} 0\n", literals.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn every_engine_agrees_and_every_tour_verifies(problem in problems()) {
        let first = exists(&problem, EngineChoice::Dfs);
        for engine in engines() {
            prop_assert_eq!(exists(&problem, engine), first, "{:?} on {:?}", engine, problem);
        }
    }

    #[test]
    fn formulas_written_and_models_decoded_round_trip(problem in problems(), encoding in 0usize..4) {
        prop_assume!(trivial_tour(&problem).is_none() && problem.validate().is_ok());
        let encoding = Encoding::ALL[encoding];
        let has_tour = exists(&problem, EngineChoice::Dfs);
        let mut cnf = Vec::new();
        let move_graph = MoveGraph::new(&problem.board, problem.piece);
        write_problem(&mut cnf, &problem, &move_graph, encoding).unwrap();
        let mut decoder = Decoder::new(&problem, encoding).unwrap();
        let checked = decoder.check_formula(cnf.as_slice());
        prop_assert!(checked.is_ok(), "{:?}", checked);
        let answer = decoder.read(&solve_dimacs(&cnf)).unwrap();
        match decoder.tour(&answer) {
            Ok(tour) => {
                prop_assert_eq!(verify(&problem, &tour), Ok(()));
                prop_assert!(has_tour);
            }
            Err(DecodeError::Unsatisfiable) => {
                prop_assert!(!has_tour && encoding.is_complete(), "{} unsat", encoding)
            }
            // A lazy formula's unsatisfiability is not taken as a proof.
            Err(DecodeError::Unconfirmed(Unconfirmed::Lazy)) => {
                prop_assert!(!has_tour && !encoding.is_complete(), "{} unsat", encoding)
            }
            // A lazy encoding's model may be several cycles: that is no tour, and no claim.
            Err(DecodeError::SeveralCycles(_)) => prop_assert!(!encoding.is_complete()),
            Err(other) => prop_assert!(false, "{}: {}", encoding, other),
        }
        if let SolverAnswer::Satisfiable(values) = &answer {
            prop_assert_eq!(values.len(), decoder.var_count());
        }
    }
}
