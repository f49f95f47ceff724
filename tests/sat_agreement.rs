//! Every SAT encoding agrees with depth-first search on every blocked pattern of small boards.
//!
//! Shapes up to 4 x 4 and 3 x 5 (and 5 x 3), every pattern of blocked squares; rook and knight;
//! closed, open, and open from a fixed start. Depth-first search (checked against brute force in
//! `small_boards.rs`) gives the expected existence, computed once for all the encodings; each
//! encoding's tours must verify. The lazy encodings completed by a connectivity layer must be
//! right in one solve, without cuts. The king's open tours, with and without a fixed start, on
//! every pattern of 3 x 4, 4 x 3 and 3 x 5 (where pockets confine or split the ends).

use std::sync::OnceLock;
use toursat::engine::sat::cnf::formula::Formula;
use toursat::engine::sat::cnf::solver::DeadlineSolver;
use toursat::engine::sat::Connectivity;
use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::engine::{self, EngineChoice, SolveOptions};
use toursat::graph::cycle::CycleGraph;
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

/// The shapes checked, as (rows, cols).
const SHAPES: [(u64, u64); 5] = [(2, 4), (3, 3), (3, 5), (5, 3), (4, 4)];

/// Whether depth-first search (with the cheap proofs before it) finds a tour.
fn dfs_finds_tour(problem: &Problem) -> bool {
    let options = SolveOptions {
        engine: EngineChoice::Dfs,
        ..SolveOptions::default()
    };
    match engine::solve(problem, &options).unwrap().answer {
        Answer::Found(_) => true,
        Answer::NoTour(_) => false,
        Answer::Stopped(stop) => panic!("dfs stopped on {problem:?}: {stop:?}"),
    }
}

/// Whether the SAT engine with `options` finds a tour; a found tour must verify.
fn sat_finds_tour(problem: &Problem, graph: &MoveGraph, options: SatOptions) -> bool {
    let encoding = options.encoding;
    let mut stats = Stats::default();
    match sat::search(problem, graph, &options, &Limits::none(), &mut stats) {
        Answer::Found(tour) => {
            verify(problem, &tour)
                .unwrap_or_else(|error| panic!("{encoding} {problem:?}: {error}"));
            true
        }
        Answer::NoTour(_) => false,
        Answer::Stopped(stop) => panic!("{encoding} stopped on {problem:?}: {stop:?}"),
    }
}

/// The problems of one blocked pattern: each piece; closed, open, open from the first free
/// square.
fn variants(board: &Board) -> Vec<Problem> {
    let Some(first) = board.free_squares().next() else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    for piece in [Piece::Rook, Piece::Knight] {
        problems.push(Problem::new(board.clone(), piece, TourShape::Closed));
        problems.push(Problem::new(board.clone(), piece, TourShape::Open));
        problems.push(Problem::new(board.clone(), piece, TourShape::Open).with_start(first));
    }
    problems
}

/// Every problem checked, with whether it has a tour (by depth-first search).
fn expected_answers() -> &'static [(Problem, bool)] {
    static EXPECTED: OnceLock<Vec<(Problem, bool)>> = OnceLock::new();
    EXPECTED.get_or_init(|| {
        let mut expected = Vec::new();
        for (rows, cols) in SHAPES {
            let squares = (rows * cols) as u32;
            for pattern in 0u32..1 << squares {
                let mut board = Board::new(rows, cols).unwrap();
                for square in (0..squares).filter(|square| pattern >> square & 1 == 1) {
                    board.block(square);
                }
                for problem in variants(&board) {
                    let has_tour = dfs_finds_tour(&problem);
                    // The SAT engine runs after the cheap proofs, which settle a closed tour of
                    // two squares that are not one move apart; skip only that case.
                    let free: Vec<u32> = problem.board.free_squares().collect();
                    let two_apart = problem.shape == TourShape::Closed
                        && free.len() == 2
                        && !problem
                            .piece
                            .moves_between(&problem.board, free[0], free[1]);
                    if two_apart {
                        assert!(!has_tour);
                    } else {
                        expected.push((problem, has_tour));
                    }
                }
            }
        }
        expected
    })
}

/// Runs `check` on every problem with whether it has a tour, split between two threads.
fn check_every_problem(check: impl Fn(&Problem, bool) + Sync) {
    let expected = expected_answers();
    assert!(expected.len() > 500_000, "only {} problems", expected.len());
    let check_all = |problems: &[(Problem, bool)]| {
        for (problem, has_tour) in problems {
            check(problem, *has_tour);
        }
    };
    let (first, second) = expected.split_at(expected.len() / 2);
    std::thread::scope(|scope| {
        let other = scope.spawn(|| check_all(second));
        check_all(first);
        other.join().unwrap();
    });
}

/// Checks the SAT engine with `options` against depth-first search on every problem.
fn check_encoding(options: SatOptions) {
    check_every_problem(|problem, has_tour| {
        let graph = MoveGraph::new(&problem.board, problem.piece);
        assert_eq!(
            sat_finds_tour(problem, &graph, options),
            has_tour,
            "{} disagrees with dfs on {problem:?}",
            options.encoding
        );
    });
}

/// The SAT options for `encoding`, joining cycles before cutting.
fn merging(encoding: Encoding) -> SatOptions {
    SatOptions {
        encoding,
        merge: true,
        warm_start: true,
        ..SatOptions::default()
    }
}

#[test]
fn cutset_agrees_with_search_on_every_small_pattern() {
    check_encoding(merging(Encoding::Cutset));
}

#[test]
fn cutset_arcs_agrees_with_search_on_every_small_pattern() {
    check_encoding(merging(Encoding::CutsetArcs));
}

#[test]
fn position_agrees_with_search_on_every_small_pattern() {
    check_encoding(merging(Encoding::Position));
}

#[test]
fn crt_agrees_with_search_on_every_small_pattern() {
    check_encoding(merging(Encoding::Crt));
}

#[test]
fn cutset_without_merging_agrees_with_search_on_every_small_pattern() {
    let options = SatOptions {
        encoding: Encoding::Cutset,
        merge: false,
        warm_start: false,
        complete_after: None,
    };
    check_encoding(options);
}

#[test]
fn cutset_without_warm_start_agrees_with_search_on_every_small_pattern() {
    let options = SatOptions {
        warm_start: false,
        ..merging(Encoding::Cutset)
    };
    check_encoding(options);
}

/// Checks that `encoding`'s base formula completed by `connectivity`, solved once by varisat
/// with no cuts, is satisfiable exactly when depth-first search finds a tour, and that then its
/// model is one tour, which verifies.
fn check_layer(encoding: Encoding, connectivity: Connectivity) {
    check_every_problem(|problem, has_tour| {
        if sat::trivial_tour(problem).is_some() {
            return;
        }
        let move_graph = MoveGraph::new(&problem.board, problem.piece);
        let graph = CycleGraph::new(problem, &move_graph);
        let mut formula = Formula::new();
        let moves = encoding.encode(&graph, &mut formula);
        connectivity.add_layer(&graph, &moves, &mut formula);
        let name = format!("{encoding} with {connectivity} on {problem:?}");
        let model = DeadlineSolver::with_proof(None, None)
            .solve(&formula, &[])
            .unwrap_or_else(|stop| panic!("{name}: {stop:?}"));
        assert_eq!(model.is_some(), has_tour, "{name} disagrees with dfs");
        if let Some(values) = model {
            let cycles = moves.cycles(&graph, &values).unwrap_or_else(|| {
                panic!("{name}: the model's moves are not cycles");
            });
            let [cycle] = cycles.as_slice() else {
                panic!("{name}: the model has {} cycles", cycles.len());
            };
            let tour = graph.tour_of_cycle(cycle);
            verify(problem, &tour).unwrap_or_else(|error| panic!("{name}: {error}"));
        }
    });
}

#[test]
fn cutset_with_a_position_layer_is_complete_on_every_small_pattern() {
    check_layer(Encoding::Cutset, Connectivity::Position);
}

#[test]
fn cutset_with_a_crt_layer_is_complete_on_every_small_pattern() {
    check_layer(Encoding::Cutset, Connectivity::Crt);
}

#[test]
fn cutset_arcs_with_a_position_layer_is_complete_on_every_small_pattern() {
    check_layer(Encoding::CutsetArcs, Connectivity::Position);
}

#[test]
fn cutset_arcs_with_a_crt_layer_is_complete_on_every_small_pattern() {
    check_layer(Encoding::CutsetArcs, Connectivity::Crt);
}

#[test]
fn kings_open_tours_agree_with_search_on_every_small_pattern() {
    // The king's pockets (squares a single cut square joins to the rest) confine or split the
    // ends of an open tour; the answers must not change.
    let options = SatOptions::default();
    let mut checked = 0;
    for (rows, cols) in [(3u64, 4u64), (4, 3), (3, 5)] {
        let squares = (rows * cols) as u32;
        for pattern in 0u32..1 << squares {
            let mut board = Board::new(rows, cols).unwrap();
            for square in (0..squares).filter(|square| pattern >> square & 1 == 1) {
                board.block(square);
            }
            let Some(first) = board.free_squares().next() else {
                continue;
            };
            let open = Problem::new(board.clone(), Piece::King, TourShape::Open);
            for problem in [open.clone(), open.with_start(first)] {
                let graph = MoveGraph::new(&problem.board, problem.piece);
                assert_eq!(
                    sat_finds_tour(&problem, &graph, options),
                    dfs_finds_tour(&problem),
                    "{problem:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 40_000, "only {checked} problems checked");
}
