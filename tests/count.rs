//! `count`: the frontier DP against brute-force enumeration and against published values.

mod common;

use common::{toursat, Run};
use toursat::count::{count, distinct_tours, CountOptions};
use toursat::engine::Limits;
use toursat::{Board, MoveGraph, Piece, Problem, TourShape};

/// The DP's count of `problem`'s tours, as a decimal string.
fn dp(problem: &Problem, directed: bool) -> String {
    let options = CountOptions {
        directed,
        ..CountOptions::default()
    };
    count(problem, &options, &mut |_| {})
        .unwrap()
        .tours
        .to_string()
}

/// The tours of `problem` counted by walking every one: each cycle and each path once (not
/// per direction), unless an end is fixed, when paths are walked from it.
fn brute_force(problem: &Problem) -> u128 {
    let board = &problem.board;
    let graph = MoveGraph::new(board, problem.piece);
    let free: Vec<u32> = (0..board.len() as u32)
        .filter(|&square| board.is_free(square))
        .collect();
    let mut walk = Walk {
        graph: &graph,
        visited: vec![false; board.len()],
        squares: free.len(),
        closed: problem.shape == TourShape::Closed,
        first: 0,
        end: None,
        tours: 0,
    };
    match (problem.shape, free.len()) {
        (TourShape::Closed, 1) => 0,
        (TourShape::Closed, 2) => graph.adjacent(free[0], free[1]) as u128,
        (TourShape::Closed, _) => walk.from(free[0]) / 2,
        (TourShape::Open, 1) => 1,
        (TourShape::Open, _) => match (problem.start, problem.end) {
            (Some(start), end) => {
                walk.end = end;
                walk.from(start)
            }
            (None, Some(end)) => walk.from(end),
            (None, None) => free.iter().map(|&start| walk.from(start)).sum::<u128>() / 2,
        },
    }
}

/// A depth-first walk counting every tour from one square.
struct Walk<'a> {
    graph: &'a MoveGraph,
    visited: Vec<bool>,
    squares: usize,
    closed: bool,
    first: u32,
    end: Option<u32>,
    tours: u128,
}

impl Walk<'_> {
    /// The number of tours starting on `start`, per direction.
    fn from(&mut self, start: u32) -> u128 {
        self.first = start;
        self.tours = 0;
        self.visited[start as usize] = true;
        self.extend(start, 1);
        self.visited[start as usize] = false;
        self.tours
    }

    fn extend(&mut self, square: u32, depth: usize) {
        if depth == self.squares {
            let closes = !self.closed || self.graph.adjacent(square, self.first);
            if closes && self.end.is_none_or(|end| end == square) {
                self.tours += 1;
            }
            return;
        }
        for &next in self.graph.neighbours(square) {
            if !self.visited[next as usize] {
                self.visited[next as usize] = true;
                self.extend(next, depth + 1);
                self.visited[next as usize] = false;
            }
        }
    }
}

/// The `rows` x `cols` board with the squares of the bits of `pattern` blocked.
fn blocked_board(rows: u64, cols: u64, pattern: u32) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..(rows * cols) as u32 {
        if pattern >> square & 1 == 1 {
            board.block(square);
        }
    }
    board
}

/// Checks the DP against brute force on every blocked pattern of a `rows` x `cols` board that
/// leaves a free square, for `piece` and `shape`.
fn agrees_on_every_pattern(rows: u64, cols: u64, piece: Piece, shape: TourShape) {
    for pattern in 0..(1u32 << (rows * cols)) - 1 {
        let problem = Problem::new(blocked_board(rows, cols, pattern), piece, shape);
        let expected = brute_force(&problem);
        assert_eq!(
            dp(&problem, false),
            expected.to_string(),
            "{rows} x {cols}, {piece}, {shape:?}, blocked pattern {pattern:#b}"
        );
    }
}

#[test]
fn rook_circuits_agree_with_brute_force_on_every_3x3_3x4_and_4x3_board() {
    for (rows, cols) in [(3, 3), (3, 4), (4, 3)] {
        agrees_on_every_pattern(rows, cols, Piece::Rook, TourShape::Closed);
    }
}

#[test]
fn open_rook_tours_agree_with_brute_force_on_every_3x3_3x4_and_4x3_board() {
    for (rows, cols) in [(3, 3), (3, 4), (4, 3)] {
        agrees_on_every_pattern(rows, cols, Piece::Rook, TourShape::Open);
    }
}

#[test]
fn king_tours_agree_with_brute_force_on_every_3x3_board() {
    agrees_on_every_pattern(3, 3, Piece::King, TourShape::Closed);
    agrees_on_every_pattern(3, 3, Piece::King, TourShape::Open);
}

#[test]
fn knight_tours_agree_with_brute_force_on_every_3x4_board() {
    agrees_on_every_pattern(3, 4, Piece::Knight, TourShape::Open);
    agrees_on_every_pattern(4, 3, Piece::Knight, TourShape::Open);
}

#[test]
fn tours_with_fixed_ends_agree_with_brute_force() {
    for pattern in (0..1u32 << 12).step_by(37) {
        let board = blocked_board(3, 4, pattern);
        let free: Vec<u32> = (0..12).filter(|&square| board.is_free(square)).collect();
        for &start in &free {
            for end in free.iter().copied().filter(|&end| end != start) {
                for (start, end) in [
                    (Some(start), Some(end)),
                    (Some(start), None),
                    (None, Some(end)),
                ] {
                    let mut problem = Problem::new(board.clone(), Piece::Rook, TourShape::Open);
                    problem.start = start;
                    problem.end = end;
                    assert_eq!(
                        dp(&problem, false),
                        brute_force(&problem).to_string(),
                        "pattern {pattern:#b}, {start:?} to {end:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn sampled_4x4_and_5x4_boards_agree_with_brute_force() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..120 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for (rows, cols) in [(4, 4), (5, 4)] {
            // About one square in six blocked.
            let mut pattern = 0u32;
            for square in 0..rows * cols {
                if (seed >> (square % 60)) % 6 == 0 && square != 0 {
                    pattern |= 1 << square;
                }
            }
            let mut cases = vec![
                (Piece::Rook, TourShape::Closed),
                (Piece::Rook, TourShape::Open),
            ];
            if rows == 4 {
                // King tours of 20 squares take the brute force too long.
                cases.push((Piece::King, TourShape::Closed));
            }
            for (piece, shape) in cases {
                let problem = Problem::new(blocked_board(rows, cols, pattern), piece, shape);
                assert_eq!(
                    dp(&problem, false),
                    brute_force(&problem).to_string(),
                    "{rows} x {cols}, {piece}, {shape:?}, pattern {pattern:#b}"
                );
            }
        }
    }
}

/// The count of `piece`'s `shape` tours on an empty `rows` x `cols` board.
fn empty_board_count(
    rows: u64,
    cols: u64,
    piece: Piece,
    shape: TourShape,
    directed: bool,
) -> String {
    dp(
        &Problem::new(Board::new(rows, cols).unwrap(), piece, shape),
        directed,
    )
}

#[test]
fn rook_circuits_of_even_squares_are_oeis_a003763() {
    let published = ["1", "6", "1072", "4638576", "467260456608"];
    for (half, expected) in (1..=5).zip(published) {
        let side = 2 * half;
        assert_eq!(
            empty_board_count(side, side, Piece::Rook, TourShape::Closed, false),
            expected,
            "{side} x {side}"
        );
    }
}

#[test]
fn the_rook_circuit_sample_board_has_one_circuit() {
    let mut board = Board::new(4, 4).unwrap();
    board.block(board.square(0, 3));
    board.block(board.square(2, 2));
    let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
    assert_eq!(dp(&problem, false), "1");
}

#[test]
fn closed_knight_tours_of_6x6_are_oeis_a001230() {
    assert_eq!(
        empty_board_count(6, 6, Piece::Knight, TourShape::Closed, false),
        "9862"
    );
}

#[test]
fn directed_open_knight_tours_of_5x5_are_oeis_a165134() {
    assert_eq!(
        empty_board_count(5, 5, Piece::Knight, TourShape::Open, true),
        "1728"
    );
}

#[test]
fn directed_tours_count_both_directions() {
    assert_eq!(
        empty_board_count(4, 4, Piece::Rook, TourShape::Closed, true),
        "12"
    );
    assert_eq!(
        empty_board_count(1, 2, Piece::Rook, TourShape::Closed, true),
        "1"
    );
    assert_eq!(
        empty_board_count(1, 3, Piece::Rook, TourShape::Open, true),
        "2"
    );
}

#[test]
fn command_line_prints_the_count() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "count", "--rows", "6", "--cols", "6", "--piece", "rook", "--tour", "closed",
        ],
        "",
    );
    assert_eq!((stdout.as_str(), status), ("1072\n", 0), "{stderr}");
}

#[test]
fn command_line_counts_a_board_file_with_directed_open_tours() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "count",
            "-",
            "--piece",
            "knight",
            "--tour",
            "open",
            "--directed",
        ],
        ".....\n.....\n.....\n.....\n.....\n",
    );
    assert_eq!((stdout.as_str(), status), ("1728\n", 0), "{stderr}");
}

#[test]
fn command_line_times_out_with_status_3_and_no_count() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "count",
            "--rows",
            "20",
            "--cols",
            "20",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--timeout",
            "0.2",
        ],
        "",
    );
    assert_eq!((stdout.as_str(), status), ("", 3));
    assert!(stderr.contains("timed out"), "{stderr}");
}

#[test]
fn command_line_refuses_a_blocked_start() {
    let Run { stderr, status, .. } = toursat(
        &[
            "count",
            "--rows",
            "3",
            "--cols",
            "3",
            "--blocked",
            "0,0",
            "--piece",
            "rook",
            "--tour",
            "open",
            "--start",
            "0,0",
        ],
        "",
    );
    assert_eq!(status, 2, "{stderr}");
}

/// The undirected moves of `tour`, closed back to its start when `closed`, as sorted pairs.
fn move_set(tour: &toursat::Tour, closed: bool) -> Vec<(u32, u32)> {
    let squares = tour.squares();
    let mut moves: Vec<(u32, u32)> = squares
        .windows(2)
        .map(|pair| (pair[0].min(pair[1]), pair[0].max(pair[1])))
        .collect();
    if closed && squares.len() > 2 {
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        moves.push((first.min(last), first.max(last)));
    }
    moves.sort_unstable();
    moves
}

#[test]
fn every_tour_by_sat_is_every_tour_once() {
    for pattern in (0..(1u32 << 12) - 1).step_by(53) {
        for shape in [TourShape::Closed, TourShape::Open] {
            let problem = Problem::new(blocked_board(3, 4, pattern), Piece::Rook, shape);
            let distinct =
                distinct_tours(&problem, usize::MAX, &Limits::none(), &mut |_| {}).unwrap();
            assert!(distinct.complete);
            assert_eq!(
                distinct.tours.len() as u128,
                brute_force(&problem),
                "pattern {pattern:#b}, {shape:?}"
            );
            let mut move_sets: Vec<_> = distinct
                .tours
                .iter()
                .map(|tour| move_set(tour, shape == TourShape::Closed))
                .collect();
            move_sets.sort();
            move_sets.dedup();
            assert_eq!(
                move_sets.len(),
                distinct.tours.len(),
                "pattern {pattern:#b}"
            );
        }
    }
}

#[test]
fn a_second_tour_is_found_when_there_is_one() {
    let problem = Problem::new(Board::new(6, 6).unwrap(), Piece::Rook, TourShape::Closed);
    let distinct = distinct_tours(&problem, 2, &Limits::none(), &mut |_| {}).unwrap();
    assert_eq!(distinct.tours.len(), 2);
    assert!(!distinct.complete);
    assert_ne!(
        move_set(&distinct.tours[0], true),
        move_set(&distinct.tours[1], true)
    );
}

#[test]
fn command_line_limit_2_shows_the_sample_circuit_is_unique() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "count",
            "--rows",
            "4",
            "--cols",
            "4",
            "--blocked",
            "0,3 2,2",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--limit",
            "2",
        ],
        "",
    );
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout, "A1B1B2C2C1D1D2D3D4C4B4B3A3A2\n1\n");
}

#[test]
fn command_line_limit_says_at_least_when_the_limit_stops_it() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "count", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
            "--limit", "2",
        ],
        "",
    );
    assert_eq!(status, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_ne!(lines[0], lines[1]);
    assert_eq!(lines[2], "at least 2");
}

#[test]
fn a_second_tour_of_a_large_board_comes_from_an_exchange_and_differs() {
    let board = Board::new(40, 40).unwrap();
    for (piece, shape) in [
        (Piece::Rook, TourShape::Closed),
        (Piece::King, TourShape::Open),
    ] {
        let problem = Problem::new(board.clone(), piece, shape);
        let mut seen = Vec::new();
        let distinct = distinct_tours(&problem, 3, &Limits::none(), &mut |tour| {
            seen.push(tour.clone())
        })
        .unwrap();
        assert_eq!(distinct.tours.len(), 3);
        assert!(!distinct.complete);
        assert_eq!(seen, distinct.tours);
        for (index, tour) in distinct.tours.iter().enumerate() {
            toursat::verify(&problem, tour).unwrap();
            assert!(!distinct.tours[..index].contains(tour));
        }
    }
}

#[test]
fn a_unique_tour_is_known_unique_by_its_forced_edges_and_the_dp_agrees() {
    // A corridor two squares wide winding down a 20 x 20 board: one rook circuit.
    let mut rows = vec![vec!['X'; 20]; 20];
    for band in (0..20).step_by(4) {
        for row in [band, band + 1] {
            rows[row].fill('.');
        }
        if band + 3 < 18 {
            let columns = if band % 8 == 0 { [18, 19] } else { [0, 1] };
            for row in [band + 2, band + 3] {
                for column in columns {
                    rows[row][column] = '.';
                }
            }
        }
    }
    let text: String = rows
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect();
    let problem = Problem::new(text.parse().unwrap(), Piece::Rook, TourShape::Closed);
    assert_eq!(dp(&problem, false), "1");
    let distinct = distinct_tours(&problem, 2, &Limits::none(), &mut |_| {}).unwrap();
    assert_eq!(distinct.tours.len(), 1);
    assert!(distinct.complete);
    toursat::verify(&problem, &distinct.tours[0]).unwrap();
}

#[test]
fn distinct_tours_keep_the_deadline_while_exchanges_find_tour_after_tour() {
    // On an empty king's board nearly every 2-opt exchange of a tour is another tour, so the
    // tours come without the solver, which used to be the only one to look at the deadline.
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let board = Board::new(40, 40).unwrap();
        let problem = Problem::new(board, Piece::King, TourShape::Closed);
        let limits = Limits::timeout(std::time::Duration::from_millis(500));
        let mut found = 0usize;
        let result = distinct_tours(&problem, usize::MAX, &limits, &mut |_| found += 1);
        let _ = sender.send((result.map(|distinct| distinct.tours.len()), found));
    });
    let (result, found) = receiver
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("still finding tours 120 s after a deadline of 0.5 s");
    assert!(
        matches!(
            result,
            Err(toursat::count::CountError::Stopped(
                toursat::engine::Stop::Timeout
            ))
        ),
        "{result:?}"
    );
    assert!(
        found > 0,
        "the deadline came before the first tour: the test says nothing"
    );
}
