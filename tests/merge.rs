//! Joining a model's cycles by edge exchanges before cutting.

use toursat::core::rng::SplitMix64;
use toursat::engine::cheap_proof;
use toursat::engine::sat::refine::merge::merge_cycles;
use toursat::engine::sat::refine::Refinement;
use toursat::engine::sat::{self, SatOptions};
use toursat::gen;
use toursat::graph::cycle::{CycleGraph, Vertex};
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};
use varisat::{ExtendFormula, Solver};

/// Whether `cycles` cover every vertex of `graph` once and follow its edges.
fn is_cycle_cover(graph: &CycleGraph, cycles: &[Vec<Vertex>]) -> bool {
    let mut seen = vec![false; graph.vertex_count()];
    for cycle in cycles {
        for (position, &vertex) in cycle.iter().enumerate() {
            if std::mem::replace(&mut seen[vertex as usize], true) {
                return false;
            }
            let next = cycle[(position + 1) % cycle.len()];
            if graph.edge_between(vertex, next).is_none() {
                return false;
            }
        }
    }
    seen.iter().all(|&seen| seen)
}

/// The 2 x 2 blocks of an even board as 4-cycles of the rook's cycle graph.
fn blocks(board: &Board, graph: &CycleGraph) -> Vec<Vec<Vertex>> {
    let mut cycles = Vec::new();
    for by in (0..board.rows()).step_by(2) {
        for bx in (0..board.cols()).step_by(2) {
            let corners = [(bx, by), (bx + 1, by), (bx + 1, by + 1), (bx, by + 1)];
            let cycle = corners
                .iter()
                .map(|&(x, y)| graph.vertex(board.square(x, y)).unwrap())
                .collect();
            cycles.push(cycle);
        }
    }
    cycles
}

#[test]
fn joining_the_blocks_of_a_board_makes_one_circuit() {
    let board = Board::new(6, 8).unwrap();
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let graph = CycleGraph::new(&problem, &MoveGraph::new(&board, Piece::Rook));
    let cycles = blocks(&board, &graph);
    let protected = vec![false; graph.edges().len()];
    let (merged, merges) = merge_cycles(&graph, &cycles, &protected);
    assert_eq!(merged.len(), 1);
    assert_eq!(merges, 11);
    verify(&problem, &graph.tour_of_cycle(&merged[0])).unwrap();
}

#[test]
fn protected_edges_survive_joining() {
    let board = Board::new(2, 4).unwrap();
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let graph = CycleGraph::new(&problem, &MoveGraph::new(&board, Piece::Rook));
    let cycles = blocks(&board, &graph);
    let mut protected = vec![true; graph.edges().len()];
    let (kept, merges) = merge_cycles(&graph, &cycles, &protected);
    assert_eq!((kept.len(), merges), (2, 0));
    protected.fill(false);
    let (joined, merges) = merge_cycles(&graph, &cycles, &protected);
    assert_eq!((joined.len(), merges), (1, 1));
}

/// The cycles of the first model of `refinement`'s base formula, solved by a fresh varisat
/// solver; `None` when it is unsatisfiable.
fn first_model_cycles(refinement: &Refinement) -> Option<Vec<Vec<Vertex>>> {
    let mut solver = Solver::new();
    for clause in refinement.formula().clauses() {
        solver.add_clause(clause);
    }
    if !solver.solve().ok()? {
        return None;
    }
    let mut values = vec![false; refinement.formula().var_count()];
    for lit in solver.model()? {
        values[lit.index()] = lit.is_positive();
    }
    refinement.moves().cycles(refinement.graph(), &values)
}

/// Random cycle covers of small random boards: take the first model of the base formula
/// (which may be several cycles), join, and check what comes out.
#[test]
fn joining_keeps_every_square_and_uses_only_moves() {
    let mut rng = SplitMix64::new(2026);
    let mut joined_any = false;
    for _ in 0..300 {
        let rows = 3 + rng.below(4);
        let cols = 3 + rng.below(4);
        let piece = [Piece::Rook, Piece::Knight, Piece::King][rng.below(3) as usize];
        let shape = [TourShape::Closed, TourShape::Open][rng.below(2) as usize];
        let mut board = Board::new(rows, cols).unwrap();
        for _ in 0..rng.below(4) {
            board.block(rng.below(rows * cols) as u32);
        }
        if board.free_count() < 3 {
            continue;
        }
        let problem = Problem::new(board, piece, shape);
        let move_graph = MoveGraph::new(&problem.board, piece);
        // Degree formulas the cheap proofs refute can be hard for CDCL (pigeonhole-like).
        if cheap_proof(&problem, &move_graph).is_some() {
            continue;
        }
        let options = SatOptions {
            merge: false,
            ..SatOptions::default()
        };
        let refinement = Refinement::new(&problem, &move_graph, &options, &Limits::none());
        let graph = refinement.graph();
        let Some(cycles) = first_model_cycles(&refinement) else {
            continue;
        };
        let protected = vec![false; graph.edges().len()];
        let (merged, merges) = merge_cycles(graph, &cycles, &protected);
        assert!(is_cycle_cover(graph, &merged), "{problem:?}");
        assert_eq!(merged.len() as u64 + merges, cycles.len() as u64);
        joined_any |= merges > 0;
    }
    assert!(
        joined_any,
        "no model needed joining: the test checks nothing"
    );
}

#[test]
fn a_board_whose_first_model_has_several_cycles_takes_one_sat_call() {
    let planted = gen::planted(40, 40, 0.6, 0, 1).unwrap();
    let problem = Problem::new(planted.board, Piece::Rook, TourShape::Closed);
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    let run = |merge: bool| {
        // The solver's first model, not the flow's: that is what this test joins.
        let options = SatOptions {
            merge,
            warm_start: false,
            ..SatOptions::default()
        };
        let mut stats = Stats::default();
        let answer = sat::search(&problem, &graph, &options, &Limits::none(), &mut stats);
        let Answer::Found(tour) = answer else {
            panic!("a planted board has a circuit")
        };
        verify(&problem, &tour).unwrap();
        stats.sat.unwrap()
    };
    let joined = run(true);
    assert_eq!(joined.solve_calls, 1);
    assert!(joined.merges >= 2, "{joined:?}");
    let cut = run(false);
    assert!(cut.solve_calls > 1, "{cut:?}");
}
