//! Limits on every command: --timeout stops every engine and the proof writer, --max-squares
//! refuses large boards before allocating them, --max-literals stops the SAT engine before its
//! formula outgrows the machine's memory.

mod common;

use common::{scratch_dir, toursat, Run};
use std::time::{Duration, Instant};
use toursat::engine::proof::certify::CertifyError;
use toursat::engine::sat::exchange::certify::{prove_no_tour, ProofRequest};
use toursat::engine::sat::SatOptions;
use toursat::engine::Stop;
use toursat::{Board, Limits, Piece, Problem, TourShape};

/// The 40x40 walled rook board of `tests/sat_timeout.rs`: no circuit, and varisat needs minutes.
fn walled_rook_board() -> Board {
    let mut board = Board::new(40, 40).unwrap();
    let wall = (0..40).filter(|&y| y != 10 && y != 30).map(|y| (20, y));
    for (x, y) in wall.chain([(5, 6), (25, 5), (30, 10), (35, 21)]) {
        board.block(board.square(x, y));
    }
    board
}

/// Runs toursat with `args` (whose `--timeout` is `limit` seconds) and checks that it stopped
/// with status 3, saying it timed out, within `bound` (a generous bound for a slow machine).
fn assert_times_out(args: &[&str], limit: &str, bound: Duration) {
    let Run {
        status,
        stderr,
        elapsed,
        ..
    } = toursat(args, "");
    assert_eq!(status, 3, "{stderr}");
    assert!(
        stderr.contains(&format!("timed out after {limit} s")),
        "{stderr}"
    );
    assert!(elapsed < bound, "{elapsed:?}");
}

#[test]
fn certifying_with_a_proof_file_stops_at_the_deadline() {
    let problem = Problem::new(walled_rook_board(), Piece::Rook, TourShape::Closed);
    let proof = scratch_dir("proof").join("proof.bin");
    let request = ProofRequest {
        proof_file: Some(proof),
        check: true,
        drat: None,
    };
    let started = Instant::now();
    let limits = Limits::timeout(Duration::from_millis(300));
    let options = SatOptions {
        merge: false,
        ..SatOptions::default()
    };
    let error = prove_no_tour(&problem, &options, &limits, &request).unwrap_err();
    assert!(
        matches!(error, CertifyError::Stopped(Stop::Timeout)),
        "{error}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn dimacs_cuts_from_solve_stops_at_the_timeout() {
    let board_file = scratch_dir("dimacs").join("walled.txt");
    std::fs::write(&board_file, walled_rook_board().to_string()).unwrap();
    assert_times_out(
        &[
            "dimacs",
            board_file.to_str().unwrap(),
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--no-merge",
            "--cuts-from-solve",
            "--timeout",
            "0.3",
            "-o",
            "/dev/null",
        ],
        "0.3",
        Duration::from_secs(10),
    );
}

#[test]
fn the_construct_engine_stops_at_the_timeout() {
    let Run { status, stderr, .. } = toursat(
        &[
            "solve",
            "--rows",
            "1000",
            "--cols",
            "1000",
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--engine",
            "construct",
            "--timeout",
            "0",
        ],
        "",
    );
    assert_eq!(status, 3, "{stderr}");
}

#[test]
fn every_command_refuses_boards_over_max_squares() {
    let board_file = scratch_dir("max").join("board.txt");
    std::fs::write(&board_file, "....\n....\n....\n").unwrap();
    let board = board_file.to_str().unwrap();
    let problem = ["--piece", "rook", "--tour", "closed", "--max-squares", "11"];
    for command in [
        vec!["solve", board],
        vec!["dimacs", board],
        vec!["decode", board, board],
        vec!["verify", board, board],
        vec!["solve", "--rows", "3", "--cols", "4"],
    ] {
        let args: Vec<&str> = command.iter().chain(&problem).copied().collect();
        let Run { status, stderr, .. } = toursat(&args, "");
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("11 squares"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_board_file_too_long_for_max_squares_is_refused_before_it_is_read() {
    let board_file = scratch_dir("long").join("board.txt");
    std::fs::write(&board_file, "\n".repeat(100_000)).unwrap();
    let Run { status, stderr, .. } = toursat(
        &[
            "solve",
            board_file.to_str().unwrap(),
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--max-squares",
            "100",
        ],
        "",
    );
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("longer than a board of --max-squares 100"),
        "{stderr}"
    );
}

#[test]
fn a_formula_too_large_to_build_in_time_still_stops_at_the_timeout() {
    // Encoding this board takes varisat and toursat about 12 s; the answer must not wait for it.
    assert_times_out(
        &[
            "solve",
            "--rows",
            "1000",
            "--cols",
            "1000",
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--engine",
            "sat",
            "--timeout",
            "0.5",
            // Room for the whole formula: it is the time that must stop the solve.
            "--max-literals",
            "1000000000",
        ],
        "0.5",
        Duration::from_secs(6),
    );
}

#[test]
fn dimacs_cuts_from_solve_on_a_formula_too_large_to_build_in_time_stops_at_the_timeout() {
    assert_times_out(
        &[
            "dimacs",
            "--rows",
            "1000",
            "--cols",
            "1000",
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--cuts-from-solve",
            "--timeout",
            "0.5",
            "--max-literals",
            "1000000000",
            "-o",
            "/dev/null",
        ],
        "0.5",
        Duration::from_secs(6),
    );
}

#[test]
fn a_formula_past_the_literal_limit_stops_the_sat_engine_with_its_own_message() {
    let board = Board::new(8, 8).unwrap();
    let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
    let options = toursat::SolveOptions {
        engine: toursat::engine::EngineChoice::Sat(SatOptions {
            warm_start: false,
            ..SatOptions::default()
        }),
        limits: Limits {
            formula_literals: Some(1_000),
            ..Limits::default()
        },
        ..toursat::SolveOptions::default()
    };
    let solution = toursat::engine::solve(&problem, &options).unwrap();
    assert_eq!(
        solution.answer,
        toursat::Answer::Stopped(Stop::FormulaTooLarge)
    );
    // With room for the formula the same solve finds the tour.
    let roomy = toursat::SolveOptions {
        limits: Limits {
            formula_literals: Some(1_000_000),
            ..Limits::default()
        },
        ..options
    };
    let solution = toursat::engine::solve(&problem, &roomy).unwrap();
    assert!(matches!(solution.answer, toursat::Answer::Found(_)));
}

#[test]
fn every_command_that_builds_a_formula_refuses_one_past_max_literals() {
    let knight = [
        "--rows", "8", "--cols", "8", "--piece", "knight", "--tour", "closed",
    ];
    let message = "stopped: the SAT formula would pass the literal limit (--max-literals";
    let commands: [&[&str]; 3] = [
        &["solve", "--engine", "sat", "--no-warm-start"],
        &["dimacs"],
        &["dimacs", "--cuts-from-solve", "--encoding", "crt"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.extend(knight);
        args.extend(["--max-literals", "1000", "-o", "/dev/null"]);
        if command[0] == "solve" {
            args.truncate(args.len() - 2);
            args.extend(["--format", "none"]);
        }
        let Run { status, stderr, .. } = toursat(&args, "");
        assert_eq!(status, 3, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        // The same command with room for the formula succeeds.
        let limit = args.iter().position(|&arg| arg == "1000").unwrap();
        args[limit] = "10000000";
        let Run { status, stderr, .. } = toursat(&args, "");
        assert_eq!(status, 0, "{args:?}: {stderr}");
    }
}

#[test]
fn a_judge_case_past_max_literals_stops_with_the_message() {
    let args = [
        "judge",
        "rook-circuit",
        "--engine",
        "sat",
        "--no-warm-start",
        "--max-literals",
        "100",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "8 8 0 1 1\n\n0 0 0 0 0\n");
    assert_eq!(status, 3, "{stderr}");
    assert!(
        stderr.contains("case 1: stopped: the SAT formula would pass the literal limit"),
        "{stderr}"
    );
    assert_eq!(stdout, "", "no NO SOLUTION for a stop");
}
