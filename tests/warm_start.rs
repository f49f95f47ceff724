//! The warm start of `cutset`: a flow's 2-factor, joined, then repaired by the solver inside
//! windows, on the boards of `corpus/scale/`.

use toursat::engine::factor::two_factor;
use toursat::engine::sat::{self, SatOptions};
use toursat::engine::SatStats;
use toursat::graph::CycleGraph;
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

/// The closed rook tour problem of a board file in `corpus/scale/`.
fn scale_board(name: &str) -> Problem {
    let text = std::fs::read_to_string(format!("corpus/scale/{name}.txt")).unwrap();
    let board: Board = text.parse().unwrap();
    Problem::new(board, Piece::Rook, TourShape::Closed)
}

/// The SAT engine's answer and counters, with or without the warm start.
fn solve(problem: &Problem, warm_start: bool) -> (Answer, SatStats) {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let options = SatOptions {
        warm_start,
        ..SatOptions::default()
    };
    let mut stats = Stats::default();
    let answer = sat::search(problem, &graph, &options, &Limits::none(), &mut stats);
    if let Answer::Found(tour) = &answer {
        verify(problem, tour).unwrap();
    }
    (answer, stats.sat.unwrap())
}

#[test]
fn the_flow_gives_two_edges_at_every_square() {
    let problem = scale_board("random-40x40-d0.05-s1");
    let graph = CycleGraph::new(&problem, &MoveGraph::new(&problem.board, Piece::Rook));
    let chosen = two_factor(&graph).unwrap();
    assert!(graph.cycles_of_edges(&chosen).is_some());
}

#[test]
fn a_planted_board_is_joined_from_the_flow_without_the_solver() {
    let (answer, stats) = solve(&scale_board("planted-100x100-f0.6-p200-s1"), true);
    assert!(matches!(answer, Answer::Found(_)));
    assert_eq!(stats.solve_calls, 0, "{stats:?}");
    assert!(stats.merges > 10, "{stats:?}");
}

#[test]
fn cycles_the_joining_leaves_are_repaired_in_windows() {
    let (answer, stats) = solve(&scale_board("planted-150x150-f0.6-p300-s1"), true);
    assert!(matches!(answer, Answer::Found(_)));
    assert!(stats.cuts > 0 && stats.solve_calls >= 1, "{stats:?}");
}

#[test]
fn a_board_without_circuit_is_still_proved_so() {
    // It passes the cheap proofs, flow argument included; the windows fail, then the whole
    // board does.
    let problem = scale_board("random-100x100-d0.05-s2");
    let (answer, warm) = solve(&problem, true);
    assert!(matches!(answer, Answer::NoTour(_)), "{answer:?}");
    let (cold_answer, _) = solve(&problem, false);
    assert_eq!(answer, cold_answer);
    assert!(warm.solve_calls > 1, "{warm:?}");
}

#[test]
fn the_warm_start_finds_a_tour_wherever_the_solver_does() {
    for name in [
        "planted-40x40-f0.6-p80-s1",
        "planted-60x60-f0.6-p120-s2",
        "random-40x40-d0.05-s2",
        "random-60x60-d0.05-s1",
    ] {
        let problem = scale_board(name);
        let (warm, _) = solve(&problem, true);
        let (cold, _) = solve(&problem, false);
        assert!(matches!(warm, Answer::Found(_)), "{name}");
        assert!(matches!(cold, Answer::Found(_)), "{name}");
    }
}

#[test]
fn a_disconnected_board_ends_with_no_tour() {
    // Two separate 2 x 4 rooms: each has a circuit, so the flow's 2-factor has two cycles that
    // no window can join. The cheap proofs would refute it; the SAT engine alone must too.
    let board: Board = "....#....\n....#....".parse().unwrap();
    let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
    let (answer, _) = solve(&problem, true);
    assert!(matches!(answer, Answer::NoTour(_)), "{answer:?}");
}
