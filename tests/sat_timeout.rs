//! The SAT engine's deadline: a hard instance stops promptly with a timeout, never a false answer.

use std::time::{Duration, Instant};
use toursat::engine::sat::{self, SatOptions};
use toursat::engine::Stop;
use toursat::{Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

/// A 40x40 rook board with no circuit that the cheap proofs cannot refute.
///
/// A wall down column 20 leaves two gaps, (20,10) and (20,30), both of colour 0 (`x + y` even).
/// A circuit crosses the wall through both gaps, so its part left of the wall is a path from
/// gap to gap through every left square, and must hold one more square of colour 1 than of
/// colour 0 there. One blocked square of colour 1 on the left (leaving 400 squares of colour 0
/// and 399 of colour 1) rules that out, and three blocked squares of colour 0 on the right
/// restore the balance of colours on the whole board. Every square keeps two moves, the board
/// stays connected and no single square separates it. Proving that no circuit exists takes a
/// counting argument, which CDCL solvers handle badly: varisat runs for a minute without an
/// answer.
fn walled_rook_board() -> Problem {
    let mut board = Board::new(40, 40).unwrap();
    let wall = (0..40).filter(|&y| y != 10 && y != 30).map(|y| (20, y));
    let left = [(5, 6)];
    let right = [(25, 5), (30, 10), (35, 21)];
    for (x, y) in wall.chain(left).chain(right) {
        board.block(board.square(x, y));
    }
    Problem::new(board, Piece::Rook, TourShape::Closed)
}

#[test]
fn a_hard_instance_stops_at_the_deadline_with_a_timeout() {
    let problem = walled_rook_board();
    let colour_counts = problem
        .board
        .free_squares()
        .fold([0, 0], |mut counts, square| {
            counts[problem.board.colour(square) as usize] += 1;
            counts
        });
    assert_eq!(colour_counts, [779, 779], "the colours must balance");
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let options = SatOptions {
        merge: false,
        ..SatOptions::default()
    };
    let started = Instant::now();
    let limits = Limits::timeout(Duration::from_millis(300));
    let answer = sat::search(&problem, &graph, &options, &limits, &mut Stats::default());
    let elapsed = started.elapsed();
    assert_eq!(answer, Answer::Stopped(Stop::Timeout));
    // It stops within a few milliseconds of the deadline; the bound leaves room for a slow,
    // shared machine.
    assert!(
        elapsed < Duration::from_secs(5),
        "stopped after {elapsed:?}"
    );
}
