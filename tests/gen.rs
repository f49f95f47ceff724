//! `toursat gen` and the generators: reproducible, planted boards always have a circuit, and
//! region boards pass every local test while their region keeps every circuit out (or lets one
//! in through its door).

mod common;

use common::{toursat, Run};
use std::path::PathBuf;
use toursat::engine::cheap_proof;
use toursat::engine::proof::check::{check, Method};
use toursat::gen::{RegionBoard, RegionOptions, RegionShape};
use toursat::{
    engine, gen, Answer, Board, Impossibility, MoveGraph, Piece, Problem, SolveOptions, TourShape,
};

#[test]
fn the_same_seed_writes_the_same_board() {
    for kind in [
        &["--kind", "planted", "--fill", "0.7", "--perturb", "30"][..],
        &["--kind", "random", "--density", "0.15"],
        &["--kind", "holes", "--piece", "knight", "--holes", "6"],
        &["--kind", "region"],
        &[
            "--kind", "region", "--shape", "blob", "--door", "--region", "0.4",
        ],
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
fn ends_are_marked_reproducibly_and_taken_as_the_tour_ends() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gen-ends");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap();
    let args = [
        "gen", "--kind", "holes", "--piece", "knight", "--rows", "12", "--cols", "12", "--holes",
        "4", "--ends", "--seed", "3",
    ];
    let Run { stdout, status, .. } = toursat(&args, "");
    assert_eq!(status, 0);
    assert_eq!(toursat(&args, "").stdout, stdout);
    let (board, ends) = Board::parse_marked(&stdout, toursat::core::board::MAX_SQUARES).unwrap();
    let (start, end) = (ends.start.unwrap(), ends.end.unwrap());
    assert_ne!(board.colour(start), board.colour(end));
    let mut written = args.to_vec();
    written.extend(["--out-dir", dir_text]);
    let Run { stdout: path, .. } = toursat(&written, "");
    assert!(
        path.trim_end()
            .ends_with("holes-12x12-knight-h4-ends-s3.txt"),
        "{path}"
    );
    let path = path.trim_end();
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", path, "--piece", "knight", "--format", "numbers"];
        args.extend_from_slice(extra);
        toursat(&args, "")
    };
    let run = solve(&["--tour", "open"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let squares: Vec<u32> = run
        .stdout
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    // `numbers` counts squares from 1.
    assert_eq!(squares.first(), Some(&(start + 1)));
    assert_eq!(squares.last(), Some(&(end + 1)));
    let moved = solve(&["--tour", "open", "--start", "0,0", "--end", "1,0"]);
    let first: Vec<&str> = moved.stdout.split_whitespace().collect();
    assert_eq!((moved.status, first.first().copied()), (0, Some("1")));
    let closed = solve(&["--tour", "closed"]);
    assert_eq!(closed.status, 2);
    assert!(
        closed.stderr.contains("marks an end 'E'"),
        "{}",
        closed.stderr
    );
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
fn random_boards_too_dense_to_repair_say_why_and_what_to_lower() {
    let error = gen::random(100, 100, 0.2, 1, 4).unwrap_err().to_string();
    assert!(
        error.contains(
            "no 100 x 100 board at density 0.2 survived repair in 4 attempts (4 ended \
             in a shortage of moves somewhere, which the repair does not mend: a lower --density \
             blocks fewer squares)"
        ),
        "{error}"
    );
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

/// The region board of `shape` (with a door or not) for `seed`, at the default share (0.3) and
/// density (0.05).
fn region_board(size: u64, shape: RegionShape, door: bool, seed: u64) -> RegionBoard {
    let options = RegionOptions {
        shape,
        share: 0.3,
        density: 0.05,
        door,
    };
    gen::region(size, size, &options, seed, 100).unwrap()
}

/// The moves between a free square of `region` and a free square outside it, region square
/// first.
fn moves_out(board: &Board, region: &[toursat::Square]) -> Vec<[toursat::Square; 2]> {
    let graph = MoveGraph::new(board, Piece::Rook);
    region
        .iter()
        .flat_map(|&inside| {
            graph
                .neighbours(inside)
                .iter()
                .filter(|next| region.binary_search(next).is_err())
                .map(move |&outside| [inside, outside])
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Free squares of each colour among `squares`.
fn colour_counts(board: &Board, squares: impl Iterator<Item = toursat::Square>) -> [usize; 2] {
    let mut counts = [0; 2];
    for square in squares {
        counts[board.colour(square) as usize] += 1;
    }
    counts
}

#[test]
fn region_boards_pass_every_local_test_and_fall_to_sealed_regions() {
    for (size, shape, seed) in [
        (30, RegionShape::Diamond, 1),
        (30, RegionShape::Diamond, 2),
        (40, RegionShape::Diamond, 3),
        (30, RegionShape::Blob, 1),
        (30, RegionShape::Blob, 2),
        (40, RegionShape::Blob, 3),
    ] {
        let RegionBoard { board, .. } = region_board(size, shape, false, seed);
        let [even, odd] = colour_counts(&board, board.free_squares());
        assert_eq!(even, odd, "{shape} seed {seed}");
        let graph = MoveGraph::new(&board, Piece::Rook);
        assert!(board.free_squares().all(|square| graph.degree(square) >= 2));
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        // Connected, without a cut square, with a 2-factor (the flow): only sealed regions,
        // the last of the cheap proofs, settle it, by a region of 1% of the board or more.
        let why = cheap_proof(&problem, &graph);
        let Some(Impossibility::SealedRegions(proof)) = &why else {
            panic!("{shape} seed {seed}: {why:?}");
        };
        let free = problem.board.free_count();
        assert!(proof
            .regions
            .iter()
            .all(|region| region.squares.len() * 100 >= free));
        let checked = check(&problem, why.as_ref().unwrap()).expect("a linear-time check");
        assert_eq!(
            checked.map(|checked| checked.method),
            Ok(Method::RegionCount)
        );
    }
}

#[test]
fn every_move_out_of_the_region_meets_it_at_its_colour() {
    for (size, shape, seed) in [
        (30, RegionShape::Diamond, 4),
        (40, RegionShape::Diamond, 5),
        (30, RegionShape::Blob, 4),
        (40, RegionShape::Blob, 5),
    ] {
        let region = region_board(size, shape, false, seed);
        let board = &region.board;
        assert!(region.region.iter().all(|&square| board.is_free(square)));
        assert!(!region.region.is_empty() && region.region.len() < board.free_count());
        let [even, odd] = colour_counts(board, region.region.iter().copied());
        assert_eq!(even, odd, "{shape} seed {seed}");
        let moves = moves_out(board, &region.region);
        assert!(!moves.is_empty(), "{shape} seed {seed}");
        for [inside, _] in moves {
            assert_eq!(board.colour(inside), region.colour, "{shape} seed {seed}");
        }
    }
}

#[test]
fn a_door_is_the_one_move_out_at_the_other_colour() {
    for shape in [RegionShape::Diamond, RegionShape::Blob] {
        let region = region_board(30, shape, true, 6);
        let board = &region.board;
        let [even, odd] = colour_counts(board, region.region.iter().copied());
        assert_eq!(even, odd, "{shape}");
        let other_colour: Vec<_> = moves_out(board, &region.region)
            .into_iter()
            .filter(|&[inside, _]| board.colour(inside) != region.colour)
            .collect();
        assert_eq!(other_colour, vec![region.door.unwrap()], "{shape}");
    }
}

#[test]
fn boards_with_a_door_have_a_circuit() {
    for (shape, seed) in [
        (RegionShape::Diamond, 1),
        (RegionShape::Diamond, 2),
        (RegionShape::Blob, 1),
        (RegionShape::Blob, 2),
    ] {
        let region = region_board(30, shape, true, seed);
        let problem = Problem::new(region.board, Piece::Rook, TourShape::Closed);
        toursat::verify(&problem, &region.circuit.unwrap()).unwrap();
        let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
        assert!(
            matches!(solution.answer, Answer::Found(_)),
            "{shape} seed {seed}"
        );
    }
}

#[test]
fn region_files_are_named_by_shape_door_share_and_density() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gen-region");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap();
    for (extra, name) in [
        (&[][..], "region-30x30-diamond-r0.3-d0.05-s4.txt"),
        (
            &[
                "--shape",
                "blob",
                "--door",
                "--region",
                "0.25",
                "--density",
                "0.1",
            ],
            "region-30x30-blob-door-r0.25-d0.1-s4.txt",
        ),
    ] {
        let mut args = vec![
            "gen",
            "--kind",
            "region",
            "--rows",
            "30",
            "--cols",
            "30",
            "--seed",
            "4",
            "--out-dir",
            dir_text,
        ];
        args.extend_from_slice(extra);
        let Run { stdout, status, .. } = toursat(&args, "");
        assert_eq!(status, 0);
        assert_eq!(stdout.trim_end(), dir.join(name).display().to_string());
    }
}

#[test]
fn rejects_a_region_share_of_one_and_an_unknown_shape() {
    let args = |option: &'static str, value: &'static str| {
        vec![
            "gen", "--kind", "region", "--rows", "30", "--cols", "30", option, value,
        ]
    };
    let Run { stderr, status, .. } = toursat(&args("--region", "1"), "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--region") && stderr.contains("not a fraction between 0 and 1"),
        "{stderr}"
    );
    let Run { stderr, status, .. } = toursat(&args("--shape", "square"), "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("--shape") && stderr.contains("diamond") && stderr.contains("blob"),
        "{stderr}"
    );
}

#[test]
fn rejects_a_region_board_seven_rows_high() {
    let Run { stderr, status, .. } = toursat(
        &["gen", "--kind", "region", "--rows", "7", "--cols", "30"],
        "",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "toursat: gen --kind region --seed 1: a region board needs at least 8 rows and 8 columns, not 7 x 30\n"
    );
}

#[test]
fn rejects_a_door_in_a_diamond_that_splits_the_board() {
    let Run { stderr, status, .. } = toursat(
        &[
            "gen", "--kind", "region", "--rows", "30", "--cols", "30", "--region", "0.6", "--door",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("splits the rest of it"), "{stderr}");
}
