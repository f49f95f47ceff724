//! What the decode fuzz targets share: a few small problems, the formulas toursat writes for
//! them, and the clauses of a DIMACS text.
#![allow(dead_code)] // each target uses some of these

use toursat::engine::sat::exchange::dimacs::write_problem;
use toursat::engine::sat::Encoding;
use toursat::{Board, MoveGraph, Piece, Problem, TourShape};

/// The problem and encoding a byte picks: three boards (a rook's closed circuit, a knight's open
/// tour, a king's closed tour) times the four encodings.
pub fn problem(byte: u8) -> (Problem, Encoding) {
    let problems = [
        (2, 3, Piece::Rook, TourShape::Closed),
        (3, 4, Piece::Knight, TourShape::Open),
        (3, 3, Piece::King, TourShape::Closed),
    ];
    let (rows, cols, piece, shape) = problems[usize::from(byte) % problems.len()];
    let encoding = Encoding::ALL[usize::from(byte / 3) % Encoding::ALL.len()];
    (Problem::new(Board::new(rows, cols).unwrap(), piece, shape), encoding)
}

/// The formula toursat writes for the problem.
pub fn genuine(problem: &Problem, encoding: Encoding) -> Vec<u8> {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let mut text = Vec::new();
    write_problem(&mut text, problem, &graph, encoding).unwrap();
    text
}

/// The literals after the `p` line, in order, comment lines left out.
pub fn clauses(text: &[u8]) -> Vec<i64> {
    let text = String::from_utf8_lossy(text);
    let mut lines = text.lines().skip_while(|line| !line.starts_with('p'));
    lines.next();
    lines
        .filter(|line| !line.starts_with('c'))
        .flat_map(|line| line.split_whitespace().map(|token| token.parse().unwrap()))
        .collect()
}
