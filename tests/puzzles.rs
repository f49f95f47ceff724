//! Loop puzzles: the uniqueness verdict and its exit status, the differing moves in JSON, the
//! backbone (checked against every loop enumerated by a plain depth-first search, itself
//! checked by the frontier DP's count), and generated puzzles checked unique by the frontier
//! DP, a method that shares nothing with the SAT engine that made them.

mod common;

use common::loops::{circuits, every_circuit, random_board, Move};
use common::toursat;
use std::collections::BTreeSet;
use toursat::count::{backbone, Verdict};
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

#[test]
fn a_board_with_one_loop_is_unique_with_status_0() {
    let run = toursat(
        &["unique", "-", "--piece", "rook", "--tour", "closed"],
        ONE_LOOP,
    );
    assert_eq!(run.status, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "unique: this is the only tour\n┌───────┐\n└───────┘\n\
         grade: easy (10 steps, the hardest of level trivial)\n"
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
            let found = backbone(&rook_circuit(&board.to_string()), &Limits::none()).unwrap();
            assert!(matches!(found.verdict, Verdict::Unique(_)), "{board}");
            assert!(found.open.is_empty(), "{board}");
            assert_eq!(found.forced.len(), board.free_count(), "{board}");
        }
    }
}

/// How far a generated puzzle's shaded share may be from the share asked for, when reachable.
const SHARE_TOLERANCE: f64 = 0.02;

#[test]
fn generated_puzzles_with_a_shaded_share_have_one_loop_and_that_share() {
    for (rows, cols) in [(10, 10), (12, 12)] {
        for seed in 1..=3 {
            let board =
                toursat::gen::puzzle(rows, cols, Some(0.35), seed, &Limits::none()).unwrap();
            let share = (board.len() - board.free_count()) as f64 / board.len() as f64;
            assert!(
                (share - 0.35).abs() <= SHARE_TOLERANCE,
                "{rows} x {cols} seed {seed}: {share}\n{board}"
            );
            assert_eq!(
                circuits(&board),
                "1",
                "{rows} x {cols} seed {seed}:\n{board}"
            );
            let again =
                toursat::gen::puzzle(rows, cols, Some(0.35), seed, &Limits::none()).unwrap();
            assert_eq!(again, board, "{rows} x {cols} seed {seed}");
        }
    }
}

#[test]
fn a_shaded_share_reopens_the_puzzle_below_what_it_shades_without_one() {
    for seed in 1..=3 {
        let shaded = |board: &Board| board.len() - board.free_count();
        let plain = toursat::gen::puzzle(12, 12, None, seed, &Limits::none()).unwrap();
        let reopened = toursat::gen::puzzle(12, 12, Some(0.3), seed, &Limits::none()).unwrap();
        assert!(shaded(&plain) > 60, "seed {seed}:\n{plain}");
        assert!(shaded(&reopened) <= 45, "seed {seed}:\n{reopened}");
        assert_eq!(circuits(&reopened), "1", "seed {seed}:\n{reopened}");
    }
}

#[test]
fn gen_puzzle_notes_the_share_reached_and_why_a_target_was_not() {
    let run = |share: &str| {
        let args = [
            "gen", "--kind", "puzzle", "--rows", "10", "--cols", "10", "--seed", "2", "--shaded",
            share,
        ];
        let run = toursat(&args, "");
        assert_eq!(run.status, 0, "{run:?}");
        let board: Board = run.stdout.parse().unwrap();
        assert_eq!(circuits(&board), "1", "{board}");
        let shaded = board.len() - board.free_count();
        (run.stderr, shaded)
    };
    let (note, shaded) = run("0.3");
    assert!((29..=31).contains(&shaded), "{shaded}");
    assert_eq!(
        note,
        format!("toursat: note: gen --kind puzzle --seed 2: {shaded}.0% of the squares shaded (target 30%)\n")
    );
    let (note, shaded) = run("0.05");
    assert!(shaded > 7, "{shaded}");
    assert_eq!(
        note,
        format!(
            "toursat: note: gen --kind puzzle --seed 2: {shaded}.0% of the squares shaded, above \
             the target 5%: no more shaded squares could be opened with the loop kept unique\n"
        )
    );
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

#[test]
fn the_backbone_is_what_every_enumerated_loop_shares_on_small_boards() {
    let mut boards_with_loops = 0;
    for (rows, cols) in [(4, 4), (4, 5), (5, 5), (5, 6)] {
        for seed in 1..=12 {
            let text = random_board(rows, cols, 12, seed);
            let problem = rook_circuit(&text);
            let board = &problem.board;
            if board.free_count() < 4 {
                continue;
            }
            let circuits = every_circuit(board);
            assert_eq!(circuits.len().to_string(), self::circuits(board), "{text}");
            let found = backbone(&problem, &Limits::none()).unwrap();
            let Some(first) = circuits.first() else {
                assert_eq!(found.verdict, Verdict::NoTour, "{text}");
                continue;
            };
            boards_with_loops += 1;
            let union: BTreeSet<Move> = circuits.iter().flatten().copied().collect();
            let forced: Vec<Move> = first
                .iter()
                .filter(|step| circuits.iter().all(|circuit| circuit.contains(step)))
                .copied()
                .collect();
            let open: Vec<Move> = union
                .iter()
                .filter(|step| forced.binary_search(step).is_err())
                .copied()
                .collect();
            assert_eq!(found.forced, forced, "{text}");
            assert_eq!(found.open, open, "{text}");
            for step in &found.impossible {
                assert!(!union.contains(step), "{text}");
            }
            let moves_between_free_squares = (0..board.len() as u32)
                .filter(|&square| board.is_free(square))
                .map(|square| {
                    let (x, y) = board.coords(square);
                    [(x + 1, y), (x, y + 1)]
                        .into_iter()
                        .filter(|&(x, y)| x < board.cols() && y < board.rows())
                        .filter(|&(x, y)| board.is_free(board.square(x, y)))
                        .count()
                })
                .sum::<usize>();
            assert_eq!(
                found.forced.len() + found.impossible.len() + found.open.len(),
                moves_between_free_squares,
                "{text}"
            );
            match &found.verdict {
                Verdict::Unique(tour) => {
                    assert_eq!(circuits.len(), 1, "{text}");
                    verify(&problem, tour).unwrap();
                }
                Verdict::NotUnique { first, second } => {
                    assert!(circuits.len() > 1, "{text}");
                    verify(&problem, first).unwrap();
                    verify(&problem, second).unwrap();
                    assert_ne!(first, second);
                }
                Verdict::NoTour => panic!("{text} has {} loops", circuits.len()),
            }
        }
    }
    assert!(boards_with_loops >= 10, "{boards_with_loops}");
}

#[test]
fn the_backbone_is_drawn_with_forced_lines_and_crossed_impossible_moves() {
    let run = toursat(
        &[
            "unique",
            "-",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--backbone",
        ],
        ONE_LOOP,
    );
    assert_eq!(run.status, 0, "{run:?}");
    assert_eq!(
        run.stdout,
        "unique: this is the only tour\n┌───────┐\n└───────┘\n\
         grade: easy (10 steps, the hardest of level trivial)\n\
         backbone: 10 moves forced (─ │), 3 impossible (×), 0 open (┄ ┆)\n\
         ┌───────┐\n│ × × × │\n└───────┘\n"
    );
}

#[test]
fn json_lists_the_backbone_of_a_board_with_four_loops() {
    let run = toursat(
        &[
            "unique",
            "-",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--backbone",
            "--format",
            "json",
        ],
        TWO_LOOPS,
    );
    assert_eq!(run.status, 5, "{run:?}");
    let document: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(document["answer"], "not unique");
    let problem = rook_circuit(TWO_LOOPS);
    let board = &problem.board;
    let listed = |kind: &str| -> BTreeSet<Move> {
        document["backbone"][kind]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| {
                let square = |xy: &serde_json::Value| {
                    board.square(
                        xy[0].as_u64().unwrap() as u32,
                        xy[1].as_u64().unwrap() as u32,
                    )
                };
                let (a, b) = (square(&step[0]), square(&step[1]));
                [a.min(b), a.max(b)]
            })
            .collect()
    };
    let circuits = every_circuit(board);
    assert_eq!(circuits.len(), 4);
    let in_every: BTreeSet<Move> = circuits
        .iter()
        .flatten()
        .filter(|step| circuits.iter().all(|circuit| circuit.contains(step)))
        .copied()
        .collect();
    let in_some: BTreeSet<Move> = circuits.iter().flatten().copied().collect();
    assert_eq!(listed("forced"), in_every);
    assert_eq!(
        listed("open"),
        in_some
            .difference(&in_every)
            .copied()
            .collect::<BTreeSet<_>>()
    );
    assert!(listed("impossible").is_disjoint(&in_some));
    assert_eq!(listed("impossible").len(), 5);
}

#[test]
fn a_board_without_a_loop_has_no_backbone_drawn() {
    let run = toursat(
        &[
            "unique",
            "-",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--backbone",
        ],
        "...\n...\n...\n",
    );
    assert_eq!(run.status, 1, "{run:?}");
    assert_eq!(
        run.stdout,
        "no tour: a closed rook's tour of 9 squares alternates colours, so it needs as many \
         light squares as dark ones, but the board has 5 light and 4 dark\n"
    );
}
