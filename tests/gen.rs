//! `toursat gen` and the generators: reproducible, and planted boards always have a circuit.

mod common;

use common::{toursat, Run};
use std::path::PathBuf;
use toursat::engine::proofs::cheap_proof;
use toursat::{engine, gen, Answer, MoveGraph, Piece, Problem, SolveOptions, TourShape};

#[test]
fn the_same_seed_writes_the_same_board() {
    for kind in [
        &["--kind", "planted", "--fill", "0.7", "--perturb", "30"][..],
        &["--kind", "random", "--density", "0.15"],
        &["--kind", "holes", "--piece", "knight", "--holes", "6"],
    ] {
        let args = |seed: &'static str| {
            let mut args = vec!["gen", "--rows", "16", "--cols", "18", "--seed", seed];
            args.extend_from_slice(kind);
            args
        };
        let Run {
            stdout: first,
            status,
            ..
        } = toursat(&args("5"), "");
        assert_eq!(status, 0);
        assert_eq!(toursat(&args("5"), "").stdout, first);
        assert_ne!(toursat(&args("6"), "").stdout, first, "{kind:?}");
        assert_eq!(first.lines().count(), 16);
    }
}

#[test]
fn planted_boards_always_have_a_circuit() {
    for seed in 0..40 {
        let (rows, cols) = (4 + seed % 5, 5 + seed % 4);
        let planted = gen::planted(rows, cols, 0.8, seed, seed).unwrap();
        let problem = Problem::new(planted.board, Piece::Rook, TourShape::Closed);
        toursat::verify(&problem, &planted.circuit).unwrap();
        let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
        assert!(matches!(solution.answer, Answer::Found(_)), "seed {seed}");
    }
}

#[test]
fn large_random_boards_are_repaired_past_the_cheap_proofs() {
    for seed in 0..3 {
        let board = gen::random(200, 200, 0.02, seed, 10).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, Piece::Rook);
        assert_eq!(cheap_proof(&problem, &graph), None, "seed {seed}");
    }
}

#[test]
fn count_writes_a_named_file_for_each_seed() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gen-count");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "gen",
            "--kind",
            "holes",
            "--rows",
            "8",
            "--cols",
            "8",
            "--holes",
            "2",
            "--seed",
            "7",
            "--count",
            "3",
            "--out-dir",
            dir_text,
        ],
        "",
    );
    assert_eq!(status, 0, "{stderr}");
    let names: Vec<String> = ["7", "8", "9"]
        .iter()
        .map(|seed| format!("holes-8x8-knight-h2-s{seed}.txt"))
        .collect();
    let printed: Vec<String> = stdout.lines().map(String::from).collect();
    let expected: Vec<String> = names
        .iter()
        .map(|name| dir.join(name).display().to_string())
        .collect();
    assert_eq!(printed, expected);
    let board = std::fs::read_to_string(dir.join(&names[0])).unwrap();
    assert_eq!(board.matches('X').count(), 2);
}

#[test]
fn rejects_a_fill_above_one() {
    let Run { stderr, status, .. } = toursat(
        &[
            "gen", "--kind", "planted", "--rows", "8", "--cols", "8", "--fill", "2",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("not a fraction from 0 to 1"), "{stderr}");
}

#[test]
fn rejects_a_planted_board_one_row_high() {
    let Run { stderr, status, .. } = toursat(
        &["gen", "--kind", "planted", "--rows", "1", "--cols", "8"],
        "",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "toursat: gen --kind planted --seed 1: a planted board needs at least 2 rows and 2 columns, not 1 x 8\n"
    );
}

#[test]
fn holes_as_a_percentage_block_that_share_of_the_board() {
    let args = |holes: &'static str| {
        vec![
            "gen", "--kind", "holes", "--piece", "king", "--rows", "20", "--cols", "30", "--holes",
            holes, "--seed", "2",
        ]
    };
    // 10% of 600 squares is 60: the same board as asking for 60.
    let Run {
        stdout: by_share,
        status,
        ..
    } = toursat(&args("10%"), "");
    assert_eq!(status, 0);
    assert_eq!(by_share.matches('X').count(), 60);
    assert_eq!(toursat(&args("60"), "").stdout, by_share);
    for bad in ["120%", "x%", "3.5"] {
        let Run { stderr, status, .. } = toursat(&args(bad), "");
        assert_eq!(status, 2, "{bad}");
        assert!(stderr.contains("--holes"), "{bad}: {stderr}");
    }
}
