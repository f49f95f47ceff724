//! Loop puzzles: the uniqueness verdict and its exit status, the differing moves in JSON, and
//! generated puzzles checked unique by the frontier DP, a method that shares nothing with the
//! SAT engine that made them.

mod common;

use common::toursat;
use toursat::count::{count, CountOptions};
use toursat::engine::Limits;
use toursat::{verify, Board, Piece, Problem, Tour, TourShape};

/// A 4 x 6 board with two rook circuits (its bottom middle squares shaded).
const TWO_LOOPS: &str = "......\n......\n......\n..XX..\n";

/// A 2 x 5 board: its one rook circuit is its outline.
const ONE_LOOP: &str = ".....\n.....\n";

/// The problem of a rook circuit on `board`.
fn rook_circuit(board: &str) -> Problem {
    Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed)
}

/// The number of rook circuits of `board`, by the frontier DP.
fn circuits(board: &Board) -> String {
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    count(&problem, &CountOptions::default(), &mut |_| {})
        .unwrap()
        .tours
        .to_string()
}

#[test]
fn a_board_with_one_loop_is_unique_with_status_0() {
    let run = toursat(
        &["unique", "-", "--piece", "rook", "--tour", "closed"],
        ONE_LOOP,
    );
    assert_eq!(run.status, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "unique: this is the only tour\n┌───────┐\n└───────┘\n"
    );
}

#[test]
fn a_board_with_two_loops_is_not_unique_with_status_5() {
    let run = toursat(
        &["unique", "-", "--piece", "rook", "--tour", "closed"],
        TWO_LOOPS,
    );
    assert_eq!(run.status, 5, "{run:?}");
    let first_line = run.stdout.lines().next().unwrap();
    assert_eq!(
        first_line,
        "not unique: two tours differ in 6 of their 22 moves (drawn heavy)"
    );
    assert!(run.stdout.contains("━"), "{}", run.stdout);
}

#[test]
fn a_board_without_a_loop_says_no_tour_with_status_1() {
    let run = toursat(
        &["unique", "-", "--piece", "rook", "--tour", "closed"],
        "...\n...\n...\n",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert!(run.stdout.starts_with("no tour"), "{}", run.stdout);
}

#[test]
fn json_lists_two_verified_tours_and_exactly_the_moves_they_do_not_share() {
    let run = toursat(
        &[
            "unique", "-", "--piece", "rook", "--tour", "closed", "--format", "json",
        ],
        TWO_LOOPS,
    );
    assert_eq!(run.status, 5, "{run:?}");
    let document: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(document["answer"], "not unique");
    let problem = rook_circuit(TWO_LOOPS);
    let board = &problem.board;
    let square = |xy: &serde_json::Value| {
        board.square(
            xy[0].as_u64().unwrap() as u32,
            xy[1].as_u64().unwrap() as u32,
        )
    };
    let tours: Vec<Tour> = document["tours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tour| Tour::new(tour.as_array().unwrap().iter().map(square).collect()))
        .collect();
    assert_eq!(tours.len(), 2);
    for tour in &tours {
        verify(&problem, tour).unwrap();
    }
    let moves = |tour: &Tour| -> Vec<[u32; 2]> {
        let squares = tour.squares();
        (0..squares.len())
            .map(|index| {
                let (a, b) = (squares[index], squares[(index + 1) % squares.len()]);
                [a.min(b), a.max(b)]
            })
            .collect()
    };
    let (first, second) = (moves(&tours[0]), moves(&tours[1]));
    for (side, ours, theirs) in [("first", &first, &second), ("second", &second, &first)] {
        let mut listed: Vec<[u32; 2]> = document["differing_moves"][side]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| {
                let (a, b) = (square(&step[0]), square(&step[1]));
                [a.min(b), a.max(b)]
            })
            .collect();
        listed.sort_unstable();
        let mut expected: Vec<[u32; 2]> = ours
            .iter()
            .filter(|step| !theirs.contains(step))
            .copied()
            .collect();
        expected.sort_unstable();
        assert_eq!(listed, expected, "{side}");
        assert!(!listed.is_empty());
    }
}

#[test]
fn generated_puzzles_have_exactly_one_loop_by_the_frontier_dp() {
    for (rows, cols) in [(6, 6), (7, 8), (8, 8)] {
        for seed in 1..=4 {
            let board = toursat::gen::puzzle(rows, cols, None, seed, &Limits::none()).unwrap();
            assert_eq!(
                circuits(&board),
                "1",
                "{rows} x {cols} seed {seed}:\n{board}"
            );
        }
    }
}

#[test]
fn generated_puzzles_with_a_shaded_share_have_one_loop_and_at_least_that_share() {
    for seed in 1..=3 {
        let board = toursat::gen::puzzle(8, 8, Some(0.3), seed, &Limits::none()).unwrap();
        assert_eq!(circuits(&board), "1", "seed {seed}:\n{board}");
        assert!(
            board.len() - board.free_count() >= 19,
            "seed {seed}:\n{board}"
        );
    }
}

#[test]
fn gen_puzzle_is_reproducible_from_its_seed() {
    let args = [
        "gen", "--kind", "puzzle", "--rows", "10", "--cols", "12", "--seed", "3",
    ];
    let (first, second) = (toursat(&args, ""), toursat(&args, ""));
    assert_eq!(first.status, 0, "{first:?}");
    assert_eq!(first.stdout, second.stdout);
    let board: Board = first.stdout.parse().unwrap();
    let run = toursat(
        &["unique", "-", "--piece", "rook", "--tour", "closed"],
        &first.stdout,
    );
    assert_eq!(run.status, 0, "{run:?}\n{board}");
}
