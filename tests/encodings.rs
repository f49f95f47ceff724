//! The encodings: their DIMACS files match the golden files, and they agree with brute force.

use std::path::PathBuf;
use toursat::engine::sat::exchange::dimacs;
use toursat::engine::sat::{self, Encoding, SatOptions};
use toursat::{verify, Answer, Board, Limits, MoveGraph, Piece, Problem, Stats, TourShape};

/// The 4x4 rook circuit from the top-left corner that every encoding page works through.
fn four_by_four_rook_circuit() -> Problem {
    Problem::new(Board::new(4, 4).unwrap(), Piece::Rook, TourShape::Closed).with_start(0)
}

/// Writes `problem` in `encoding` and compares it with `tests/golden/NAME`, or rewrites the
/// golden file when `TOURSAT_BLESS=1`.
fn check_golden(problem: &Problem, encoding: Encoding, name: &str) {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let mut written = Vec::new();
    dimacs::write_problem(&mut written, problem, &graph, encoding).unwrap();
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "golden", name]
        .iter()
        .collect();
    if std::env::var("TOURSAT_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &written).unwrap();
        return;
    }
    let golden = std::fs::read(&path)
        .unwrap_or_else(|error| panic!("{}: {error} (bless with TOURSAT_BLESS=1)", path.display()));
    assert!(
        golden == written,
        "{encoding}: the DIMACS output differs from {} (bless with TOURSAT_BLESS=1)",
        path.display()
    );
}

#[test]
fn dimacs_output_matches_the_golden_files() {
    for encoding in Encoding::ALL {
        check_golden(
            &four_by_four_rook_circuit(),
            encoding,
            &format!("{encoding}-4x4.cnf"),
        );
    }
}

#[test]
fn dimacs_output_of_an_open_tour_matches_its_golden_file() {
    let problem =
        Problem::new(Board::new(3, 3).unwrap(), Piece::Rook, TourShape::Open).with_start(4);
    check_golden(&problem, Encoding::Position, "position-3x3-open.cnf");
}

/// Whether `problem` has a tour, by depth-first search over bitmasks (at most 32 squares).
fn brute_force_has_tour(problem: &Problem) -> bool {
    let board = &problem.board;
    let squares: Vec<u32> = board.free_squares().collect();
    let count = squares.len();
    let adjacent = |a: usize, b: usize| problem.piece.moves_between(board, squares[a], squares[b]);
    let index_of = |square: u32| squares.iter().position(|&s| s == square);
    let closed = problem.shape == TourShape::Closed;
    if closed && count < 2 {
        return false;
    }
    let starts: Vec<usize> = match (closed, problem.start) {
        (true, _) => vec![0],
        (false, Some(start)) => index_of(start).into_iter().collect(),
        (false, None) => (0..count).collect(),
    };
    let end = problem.end.and_then(index_of);
    fn extend(
        last: usize,
        visited: u32,
        count: usize,
        accept: &dyn Fn(usize) -> bool,
        adjacent: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        if visited.count_ones() as usize == count {
            return accept(last);
        }
        (0..count).any(|next| {
            visited >> next & 1 == 0
                && adjacent(last, next)
                && extend(next, visited | 1 << next, count, accept, adjacent)
        })
    }
    starts.into_iter().any(|start| {
        let accept = |last: usize| {
            if closed {
                adjacent(last, start)
            } else {
                end.is_none_or(|end| end == last)
            }
        };
        extend(start, 1 << start, count, &accept, &adjacent)
    })
}

/// Runs every encoding on `problem` and checks it against brute force; found tours must verify.
fn check_agreement(problem: &Problem) {
    let board = &problem.board;
    if board.free_count() == 0 {
        return;
    }
    // The SAT engine expects the cheap proofs to have ruled out a closed tour of two squares
    // that are not one move apart.
    let squares: Vec<u32> = board.free_squares().collect();
    if problem.shape == TourShape::Closed
        && squares.len() == 2
        && !problem.piece.moves_between(board, squares[0], squares[1])
    {
        return;
    }
    let expected = brute_force_has_tour(problem);
    let graph = MoveGraph::new(board, problem.piece);
    for encoding in Encoding::ALL {
        let options = SatOptions {
            encoding,
            merge: true,
            warm_start: true,
            ..SatOptions::default()
        };
        let mut stats = Stats::default();
        let answer = sat::search(problem, &graph, &options, &Limits::none(), &mut stats);
        let found = match &answer {
            Answer::Found(tour) => {
                if let Err(error) = verify(problem, tour) {
                    panic!("{encoding} on {problem:?}: {error}");
                }
                true
            }
            Answer::NoTour(_) => false,
            Answer::Stopped(stop) => panic!("{encoding} on {problem:?}: stopped {stop:?}"),
        };
        assert_eq!(found, expected, "{encoding} on {problem:?}");
    }
}

/// Every variant of a board: each piece, closed and open, with and without a fixed start
/// (the free square chosen by `pick`).
fn check_variants(board: &Board, pick: usize) {
    let free: Vec<u32> = board.free_squares().collect();
    for piece in [Piece::Rook, Piece::Knight] {
        for shape in [TourShape::Closed, TourShape::Open] {
            let problem = Problem::new(board.clone(), piece, shape);
            if let Some(&start) = free.get(pick % free.len().max(1)) {
                check_agreement(&problem.clone().with_start(start));
            }
            check_agreement(&problem);
        }
    }
}

/// A board of `rows` x `cols` with the squares of `pattern`'s set bits blocked.
fn board_with_pattern(rows: u64, cols: u64, pattern: u64) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..(rows * cols) as u32 {
        if pattern >> square & 1 == 1 {
            board.block(square);
        }
    }
    board
}

#[test]
fn encodings_agree_with_brute_force_on_every_three_by_three_pattern() {
    for pattern in 0..1 << 9 {
        check_variants(&board_with_pattern(3, 3, pattern), pattern as usize);
    }
}

#[test]
fn encodings_agree_with_brute_force_on_sampled_larger_boards() {
    let mut seed: u64 = 0x5eed;
    for (rows, cols) in [(3, 4), (4, 3), (4, 4)] {
        for _ in 0..100 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let random = seed >> 20;
            // Mostly few blocked squares: keep only the bits that two masks share.
            let pattern = random & (random >> 16) & ((1 << (rows * cols)) - 1);
            check_variants(
                &board_with_pattern(rows, cols, pattern),
                (seed >> 60) as usize,
            );
        }
    }
}
