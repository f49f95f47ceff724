//! Every rook circuit of a small board, enumerated by a plain depth-first search, and random
//! small boards to enumerate them on: what the backbone and the reasoning solver are checked
//! against.

use std::collections::BTreeSet;
use toursat::count::{count, CountOptions};
use toursat::{Board, Piece, Problem, TourShape};

/// The number of rook circuits of `board`, by the frontier DP of `toursat count`.
pub fn circuits(board: &Board) -> String {
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    count(&problem, &CountOptions::default(), &mut |_| {})
        .unwrap()
        .tours
        .to_string()
}

/// A move: its two squares, the smaller first.
pub type Move = [u32; 2];

/// Every rook circuit of `board` as its sorted moves, by a depth-first search from the first
/// free square (each circuit is walked both ways and kept once).
pub fn every_circuit(board: &Board) -> BTreeSet<Vec<Move>> {
    let free: Vec<u32> = (0..board.len() as u32)
        .filter(|&square| board.is_free(square))
        .collect();
    let neighbours = |square: u32| -> Vec<u32> {
        let (x, y) = board.coords(square);
        let (x, y) = (x as i64, y as i64);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(x, y)| {
                x >= 0 && y >= 0 && x < board.cols() as i64 && y < board.rows() as i64
            })
            .map(|(x, y)| board.square(x as u32, y as u32))
            .filter(|&square| board.is_free(square))
            .collect()
    };
    let mut circuits = BTreeSet::new();
    let mut path = vec![free[0]];
    let mut on_path = vec![false; board.len()];
    on_path[free[0] as usize] = true;
    walk(
        &neighbours,
        free.len(),
        &mut path,
        &mut on_path,
        &mut circuits,
    );
    circuits
}

/// Extends `path` every way it can; a path through all `length` squares that ends next to its
/// first square is a circuit, added to `circuits`.
fn walk(
    neighbours: &dyn Fn(u32) -> Vec<u32>,
    length: usize,
    path: &mut Vec<u32>,
    on_path: &mut [bool],
    circuits: &mut BTreeSet<Vec<Move>>,
) {
    let last = *path.last().unwrap();
    if path.len() == length {
        if length > 2 && neighbours(last).contains(&path[0]) {
            let mut moves: Vec<Move> = (0..length)
                .map(|index| {
                    let (a, b) = (path[index], path[(index + 1) % length]);
                    [a.min(b), a.max(b)]
                })
                .collect();
            moves.sort_unstable();
            circuits.insert(moves);
        }
        return;
    }
    for next in neighbours(last) {
        if !on_path[next as usize] {
            on_path[next as usize] = true;
            path.push(next);
            walk(neighbours, length, path, on_path, circuits);
            path.pop();
            on_path[next as usize] = false;
        }
    }
}

/// A `rows` x `cols` board with about `shaded_percent` of its squares shaded, from `seed`.
pub fn random_board(rows: u32, cols: u32, shaded_percent: u64, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut text = String::new();
    for _ in 0..rows {
        for _ in 0..cols {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push(if state % 100 < shaded_percent {
                'X'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}
