//! Fuzz target: `solve` on tiny boards (at most 4 x 4) with every engine: no panic, every tour
//! verifies (`solve` checks it), and depth-first search and the SAT engine agree on existence.
//! The lazy encodings completed by a connectivity layer agree too, in one solve without cuts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::engine::sat::Connectivity;
use toursat::graph::cycle::CycleGraph;
use toursat::engine::sat::cnf::formula::Formula;
use toursat::engine::sat::cnf::solver::DeadlineSolver;
use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::engine::{self, Answer, EngineChoice, Limits, SolveError, SolveOptions};
use toursat::{verify, Board, MoveGraph, Piece, Problem, TourShape};

fuzz_target!(|data: &[u8]| {
    let [size, piece, blocked_low, blocked_high, ends, ..] = *data else {
        return;
    };
    let rows = u64::from(size % 4 + 1);
    let cols = u64::from(size / 4 % 4 + 1);
    let Ok(mut board) = Board::new(rows, cols) else {
        return;
    };
    let blocked = u16::from_le_bytes([blocked_low, blocked_high]);
    for square in 0..board.len() as u32 {
        if blocked >> square & 1 == 1 {
            board.block(square);
        }
    }
    let piece = match piece % 4 {
        0 => Piece::Rook,
        1 => Piece::Knight,
        2 => Piece::King,
        _ => Piece::Leaper(1, 3),
    };
    let shape = if ends & 1 == 0 {
        TourShape::Closed
    } else {
        TourShape::Open
    };
    let mut problem = Problem::new(board, piece, shape);
    let len = problem.board.len() as u32;
    if ends & 2 != 0 {
        problem.start = Some(u32::from(ends >> 2) % len);
    }
    if ends & 0x40 != 0 && shape == TourShape::Open {
        problem.end = Some(u32::from(size) % len);
    }
    let engines = [
        EngineChoice::Auto,
        EngineChoice::Dfs,
        EngineChoice::Construct,
    ]
    .into_iter()
    .chain(Encoding::ALL.into_iter().map(|encoding| {
        EngineChoice::Sat(SatOptions {
            encoding,
            ..SatOptions::default()
        })
    }))
    .chain([EngineChoice::Sat(SatOptions {
        warm_start: false,
        ..SatOptions::default()
    })]);
    let mut exists = None;
    for engine in engines {
        let options = SolveOptions {
            engine,
            limits: Limits::timeout(std::time::Duration::from_secs(2)),
            ..SolveOptions::default()
        };
        let solution = match engine::solve(&problem, &options) {
            Ok(solution) => solution,
            // `construct` builds knight's tours of empty boards only, and refuses the rest.
            Err(SolveError::EngineCannot { .. }) => continue,
            // Not well posed (a blocked end, no free square): every engine says so.
            Err(_) => return,
        };
        let found = match solution.answer {
            Answer::Found(_) => true,
            Answer::NoTour(_) => false,
            Answer::Stopped(stop) => panic!("{engine:?} stopped on a tiny board: {stop:?}"),
        };
        assert_eq!(
            *exists.get_or_insert(found),
            found,
            "{engine:?} disagrees on {problem:?}"
        );
    }
    let (Some(exists), None) = (exists, sat::trivial_tour(&problem)) else {
        return;
    };
    let graph = CycleGraph::new(&problem, &MoveGraph::new(&problem.board, problem.piece));
    for encoding in [Encoding::Cutset, Encoding::CutsetArcs] {
        for connectivity in [Connectivity::Position, Connectivity::Crt] {
            let mut formula = Formula::new();
            let moves = encoding.encode(&graph, &mut formula);
            connectivity.add_layer(&graph, &moves, &mut formula);
            let name = format!("{encoding} with {connectivity} on {problem:?}");
            let model = DeadlineSolver::with_proof(None, None)
                .solve(&formula, &[])
                .expect(&name);
            assert_eq!(model.is_some(), exists, "{name} disagrees");
            if let Some(values) = model {
                let cycles = moves.cycles(&graph, &values).expect(&name);
                assert_eq!(cycles.len(), 1, "{name}");
                verify(&problem, &graph.tour_of_cycle(&cycles[0])).expect(&name);
            }
        }
    }
});
