//! The `toursat` binary: exit statuses, error messages, formats and verification.

mod common;

use common::{scratch, toursat, Run};

/// Checks a bad judge input: exit status 2, one error line, and what earlier cases printed.
fn rejects(problem: &str, input: &str, message: &str, printed: &str) {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["judge", problem], input);
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stderr, format!("toursat: {message}\n"));
    assert_eq!(stdout, printed);
}

#[test]
fn rejects_malformed_number() {
    rejects(
        "rook-circuit",
        "4 4 x 0 0\n\n0 0 0 0 0\n",
        "input line 1 (case 1): expected five numbers `Nrows Ncols Nblocks StartX StartY`, found \"4 4 x 0 0\"",
        "",
    );
}

#[test]
fn rejects_blocked_square_off_the_board() {
    rejects(
        "rook-circuit",
        "4 4 1 0 0\n4 0\n\n0 0 0 0 0\n",
        "input line 2 (case 1): blocked square 4,0 is off the board of 4 rows and 4 columns",
        "",
    );
}

#[test]
fn rejects_blocked_start() {
    rejects(
        "rook-circuit",
        "2 2 2 0 0\n1 0\n1 1\n\n4 4 1 3 3\n3 3\n\n0 0 0 0 0\n",
        "input line 5 (case 2): the start square 3,3 is blocked",
        "SN\n\n",
    );
}

#[test]
fn rejects_missing_terminator_after_printing_earlier_answers() {
    rejects(
        "rook-circuit",
        "2 2 2 0 0\n1 0\n1 1\n\n",
        "input line 5: the input ends too early: expected the closing line `0 0 0 0 0`",
        "SN\n\n",
    );
}

#[test]
fn rejects_fewer_blocked_squares_than_announced() {
    rejects(
        "rook-circuit",
        "4 4 3 0 0\n1 1\n",
        "input line 3 (case 1): the input ends too early: expected 3 blocked squares, found 1",
        "",
    );
}

#[test]
fn rejects_huge_and_negative_sizes() {
    rejects(
        "rook-circuit",
        "100000 100000 0 0 0\n\n0 0 0 0 0\n",
        "input line 1 (case 1): a board of 100000 rows and 100000 columns is not allowed: sides must be positive and the board at most 134217728 squares",
        "",
    );
    rejects(
        "rook-circuit",
        "-4 4 0 0 0\n\n0 0 0 0 0\n",
        "input line 1 (case 1): a board of -4 rows and 4 columns is not allowed: sides must be positive and the board at most 134217728 squares",
        "",
    );
}

#[test]
fn rejects_knight_tour_start_off_the_board_after_earlier_answers() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &["judge", "knight-tour", "--rows", "1", "--cols", "1"],
        "1\n2\n-1\n",
    );
    assert_eq!(status, 2);
    assert_eq!(stdout, "1\n");
    assert_eq!(
        stderr,
        "toursat: input line 2 (case 2): square #2 is off the board of 1 rows and 1 columns\n"
    );
}

#[test]
fn rejects_knight_tour_without_closing_line_after_answering() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["judge", "knight-tour"], "1\n");
    assert_eq!(status, 2);
    assert!(
        stdout.starts_with("1 ") && stdout.ends_with('\n'),
        "{stdout}"
    );
    assert_eq!(stdout.split(' ').count(), 64);
    assert_eq!(
        stderr,
        "toursat: input line 2: the input ends too early: expected the closing line `-1`\n"
    );
}

#[test]
fn rejects_journey_board_over_26_squares() {
    rejects(
        "knights-journey",
        "2\n1 1\n6 5\n",
        "input line 3 (case 2): a 6 x 5 board is not allowed: p*q must be 1 to 26",
        "Scenario #1:\nA1\n\n",
    );
}

#[test]
fn rejects_fewer_scenarios_than_announced() {
    rejects(
        "knights-journey",
        "3\n1 1\n",
        "input line 3 (case 2): the input ends too early: expected 3 scenario lines, found 1",
        "Scenario #1:\nA1\n\n",
    );
}

#[test]
fn usage_errors_exit_with_2() {
    let Run { stderr, status, .. } = toursat(
        &["solve", "--rows", "3", "--cols", "3", "--tour", "open"],
        "",
    );
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("--piece"), "{stderr}");
}

#[test]
fn rejects_bad_board_file_character_with_line_and_column() {
    let board = scratch("bad-board.txt", "...\n.o.\n");
    let path = board.display().to_string();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["solve", &path, "--piece", "rook", "--tour", "open"], "");
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "toursat: {path}: line 2, column 2: expected '.', 'X', '#', 'S' or 'E', found 'o'\n"
        )
    );
}

#[test]
fn solve_reports_a_proof_that_no_tour_exists() {
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "closed",
        ],
        "",
    );
    assert_eq!(status, 1);
    assert!(stdout.starts_with("no tour: "), "{stdout}");
}

#[test]
fn solve_refuses_moves_for_a_knight() {
    let Run { stderr, status, .. } = toursat(
        &[
            "solve", "--rows", "5", "--cols", "6", "--piece", "knight", "--tour", "open",
            "--format", "moves",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("cannot write a knight tour"), "{stderr}");
}

/// The arguments of a 4 x 6 ring board rook circuit from 0,0, written in `format`.
fn ring_circuit(format: &str) -> (String, i32) {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "solve",
            "examples/boards/ring.txt",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--start",
            "0,0",
            "--format",
            format,
        ],
        "",
    );
    assert_eq!(stderr, "");
    (stdout, status)
}

#[test]
fn solve_writes_each_readable_format_and_verify_accepts_it() {
    for format in ["moves", "squares", "names", "numbers"] {
        let (tour, status) = ring_circuit(format);
        assert_eq!(status, 0);
        let file = scratch(&format!("ring-{format}.txt"), &tour);
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(
            &[
                "verify",
                "examples/boards/ring.txt",
                &file.display().to_string(),
                "--piece",
                "rook",
                "--tour",
                "closed",
                "--start",
                "A1",
                "--format",
                format,
            ],
            "",
        );
        assert_eq!((stdout.as_str(), status), ("ok\n", 0), "{format}: {stderr}");
    }
}

#[test]
fn solve_writes_a_grid() {
    let (grid, status) = ring_circuit("grid");
    assert_eq!(status, 0);
    let rows: Vec<Vec<char>> = grid.lines().map(|line| line.chars().collect()).collect();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|row| row.len() == 6 * 2 - 1), "{grid}");
    assert_eq!(rows[0][0], '┌');
    assert_eq!(rows[1][2..5], ['█', '█', '█']);
}

#[test]
fn solve_writes_json() {
    let (json, status) = ring_circuit("json");
    assert_eq!(status, 0);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["answer"], "found");
    assert_eq!(value["problem"]["blocked"], 4);
    assert_eq!(value["problem"]["start"], serde_json::json!([0, 0]));
    assert_eq!(value["tour"].as_array().unwrap().len(), 20);
    assert!(value["statistics"]["engine"].is_string());
}

#[test]
fn solve_prints_statistics_to_stderr() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "solve", "--rows", "2", "--cols", "2", "--piece", "rook", "--tour", "closed", "--stats",
        ],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(stdout.lines().count(), 4);
    assert!(stderr.starts_with("engine: "), "{stderr}");
}

#[test]
fn verify_accepts_a_good_tour() {
    let tour = scratch("good-2x3.txt", "A1 B1 C1 C2 B2 A2\n");
    let board = scratch("board-2x3.txt", "...\n...\n");
    let Run { stdout, status, .. } = toursat(
        &[
            "verify",
            &board.display().to_string(),
            &tour.display().to_string(),
            "--piece",
            "rook",
            "--tour",
            "closed",
        ],
        "",
    );
    assert_eq!((stdout.as_str(), status), ("ok\n", 0));
}

#[test]
fn verify_says_what_is_wrong_with_a_bad_tour() {
    let tour = scratch("bad-2x3.txt", "0,0\n1,0\n2,0\n1,1\n2,1\n0,1\n");
    let board = scratch("board-2x3-bad.txt", "...\n...\n");
    let Run { stdout, status, .. } = toursat(
        &[
            "verify",
            &board.display().to_string(),
            &tour.display().to_string(),
            "--piece",
            "rook",
            "--tour",
            "open",
        ],
        "",
    );
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "invalid: step 3: 2,0 to 1,1 is not a move of the piece\n"
    );
}

#[test]
fn verify_rejects_a_tour_file_that_is_not_a_tour() {
    let tour = scratch("garbage.txt", "1 2\n3 x\n");
    let board = scratch("board-garbage.txt", "...\n...\n");
    let path = tour.display().to_string();
    let Run { stderr, status, .. } = toursat(
        &[
            "verify",
            &board.display().to_string(),
            &path,
            "--piece",
            "rook",
            "--tour",
            "open",
            "--format",
            "numbers",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!("toursat: {path}: line 2: expected a square number, found \"x\"\n")
    );
}

#[test]
fn a_judge_case_past_its_time_limit_exits_with_3() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "judge",
            "knight-tour",
            "--rows",
            "100",
            "--cols",
            "100",
            "--engine",
            "dfs",
            "--timeout",
            "0",
        ],
        "1\n-1\n",
    );
    assert_eq!(status, 3, "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, "toursat: case 1: timed out after 0 s\n");
}

#[test]
fn solve_past_its_time_limit_exits_with_3() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "solve",
            "--rows",
            "100",
            "--cols",
            "100",
            "--piece",
            "knight",
            "--tour",
            "open",
            "--engine",
            "dfs",
            "--timeout",
            "0",
        ],
        "",
    );
    assert_eq!(status, 3, "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(stderr, "toursat: timed out after 0 s\n");
}

/// The ring board of examples/boards/ring.txt.
const RING: &str = "......\n.XX...\n.XX...\n......\n";

#[test]
fn solve_reads_the_board_from_stdin() {
    let args = ["solve", "-", "--piece", "rook", "--tour", "closed"];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&[&args[..], &["--format", "numbers"]].concat(), RING);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout.split_whitespace().count(), 20);
}

#[test]
fn errors_in_a_board_on_stdin_name_stdin() {
    let args = ["solve", "-", "--piece", "rook", "--tour", "closed"];
    let Run { stderr, status, .. } = toursat(&args, "..\n.Y\n");
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "toursat: stdin: line 2, column 2: expected '.', 'X', '#', 'S' or 'E', found 'Y'\n"
    );
}

#[test]
fn dimacs_reads_the_board_from_stdin() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &["dimacs", "-", "--piece", "rook", "--tour", "closed"],
        RING,
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stdout.contains("c board 4 rows x 6 cols, 4 blocked"),
        "{stdout}"
    );
}

#[test]
fn decode_reads_the_board_or_the_model_from_stdin() {
    let board = scratch("decode-stdin-ring.txt", RING).display().to_string();
    let model = scratch("decode-stdin-unsat.txt", "s UNSATISFIABLE\n")
        .display()
        .to_string();
    let flags = ["--piece", "rook", "--tour", "closed"];
    for (files, stdin) in [(["-", &model], RING), ([&board, "-"], "s UNSATISFIABLE\n")] {
        let args = [&["decode"], &files[..], &flags[..]].concat();
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(&args, stdin);
        // Without --formula the solver's word is not a proof.
        assert_eq!(status, 5, "{files:?}: {stderr}");
        assert!(
            stdout.starts_with("unconfirmed: the solver claims"),
            "{stdout}"
        );
    }
}

#[test]
fn decode_refuses_board_and_model_both_on_stdin() {
    let Run { stderr, status, .. } = toursat(
        &["decode", "-", "-", "--piece", "rook", "--tour", "closed"],
        "",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "toursat: the board file and the model file are both - (stdin), which holds only one of \
         them: give the other as a file\n"
    );
}

#[test]
fn compare_refuses_a_board_on_stdin() {
    let args = [
        "compare",
        "-",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--timeout",
        "1",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("give board files, not - (stdin)"),
        "{stderr}"
    );
}
