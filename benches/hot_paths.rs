//! Timings of the hot paths: encoding a 40 x 40 board, one cut-set refinement solve, DFS nodes.
//!
//! `cargo bench --bench hot_paths` prints one line a measurement (plain `std::time`, no harness).

use std::hint::black_box;
use std::time::Instant;
use toursat::engine::sat::cnf::formula::Formula;
use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::engine::search::dfs;
use toursat::engine::{Limits, Stats};
use toursat::graph::cycle::CycleGraph;
use toursat::{gen, MoveGraph, Piece, Problem, TourShape};

/// The median seconds of `runs` calls of `work`.
fn median_seconds(runs: usize, mut work: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// A planted rook board (certainly with a circuit).
fn planted(size: u64, seed: u64) -> Problem {
    let board = gen::planted(size, size, 0.8, 2 * size, seed).unwrap().board;
    Problem::new(board, Piece::Rook, TourShape::Closed)
}

fn main() {
    let problem = planted(40, 1);
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    for encoding in [Encoding::Cutset, Encoding::Position] {
        let seconds = median_seconds(11, || {
            let cycle_graph = CycleGraph::new(&problem, &graph);
            let mut formula = Formula::new();
            black_box(encoding.encode(&cycle_graph, &mut formula));
            black_box(formula.clause_count());
        });
        println!("encode 40x40 planted, {encoding}: {:.3} ms", seconds * 1e3);
    }

    let problem = planted(30, 2);
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    let seconds = median_seconds(5, || {
        let mut stats = Stats::default();
        let answer = sat::search(
            &problem,
            &graph,
            &SatOptions::default(),
            &Limits::none(),
            &mut stats,
        );
        black_box(answer);
    });
    println!(
        "cut-set refinement solve, 30x30 planted: {:.3} ms",
        seconds * 1e3
    );

    let board = gen::random(20, 20, 0.1, 3, 100).unwrap();
    let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    let budget = 2_000_000;
    let mut stats = Stats::default();
    let limits = Limits {
        node_budget: Some(budget),
        ..Limits::default()
    };
    let started = Instant::now();
    black_box(dfs::search(&problem, &graph, &limits, &mut stats));
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "dfs on 20x20 random: {} nodes in {:.3} s, {:.2} M nodes/s",
        stats.nodes,
        seconds,
        stats.nodes as f64 / seconds / 1e6
    );
}
