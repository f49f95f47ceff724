//! Board, graph and tour files read safely: binary input refused at its line, a byte-order
//! mark and leading blank lines accepted, one exit status a fault, `--timeout` counted from the
//! command's start.

mod common;

use common::{scratch, scratch_path, toursat};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A scratch file named `name` holding `bytes`.
fn scratch_bytes(name: &str, bytes: &[u8]) -> String {
    let path = scratch_path(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

#[test]
fn a_nul_stream_as_a_graph_is_refused_at_its_first_line() {
    let zeros = "\0".repeat(1 << 20);
    let run = toursat(&["solve", "--graph", "-", "--tour", "closed"], &zeros);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "toursat: stdin: line 1: a NUL byte: the input is not text\n"
    );
}

#[test]
fn bytes_that_are_not_utf8_are_refused_with_their_line() {
    let path = scratch_bytes("not-utf8.txt", b"1 2\n2 3\n3 \xff1\n");
    let run = toursat(&["solve", "--graph", &path, "--tour", "closed"], "");
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("toursat: {path}: line 3: the input is not UTF-8 text\n")
    );
}

#[test]
fn a_byte_order_mark_and_leading_blank_lines_are_accepted() {
    let board = scratch_bytes("bom-board.txt", "\u{FEFF}\n\n...\n...\n".as_bytes());
    let run = toursat(
        &["solve", &board, "--piece", "rook", "--tour", "closed"],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let hcp = "\u{FEFF}NAME : triangle\nTYPE : HCP\nDIMENSION : 3\nEDGE_DATA_SECTION\n\
               1 2\n2 3\n3 1\n-1\nEOF\n";
    let graph = scratch_bytes("bom-graph.hcp", hcp.as_bytes());
    let run = toursat(&["solve", "--graph", &graph, "--tour", "closed"], "");
    assert_eq!(
        (run.status, run.stdout.as_str()),
        (0, "1\n2\n3\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_tour_of_another_board_is_invalid_in_every_syntax() {
    let small = scratch("small-4x4.txt", "....\n....\n....\n....\n");
    let large = scratch(
        "large-6x6.txt",
        "......\n......\n......\n......\n......\n......\n",
    );
    let large = large.display().to_string();
    for format in ["grid", "moves", "json", "squares", "numbers"] {
        let solved = toursat(
            &[
                "solve", &large, "--piece", "rook", "--tour", "closed", "--format", format,
            ],
            "",
        );
        assert_eq!(solved.status, 0, "{}", solved.stderr);
        let small = small.display().to_string();
        let args = ["verify", &small, "-", "--piece", "rook", "--tour", "closed"];
        let run = toursat(&args, &solved.stdout);
        assert_eq!(run.status, 1, "{format}: {}", run.stderr);
        assert!(run.stdout.starts_with("invalid: stdin: "), "{}", run.stdout);
    }
}

#[test]
fn a_vertex_outside_the_graph_is_an_invalid_tour_and_bad_text_is_bad_input() {
    let graph = scratch("triangle.txt", "1 2\n2 3\n3 1\n")
        .display()
        .to_string();
    let verify = |tour: &str| {
        toursat(
            &["verify", "--graph", &graph, "-", "--tour", "closed"],
            tour,
        )
    };
    let listed = verify("1\n2\n5\n");
    assert_eq!(
        (listed.status, listed.stdout.as_str()),
        (1, "invalid: stdin: line 3: vertex 5 is out of range 1..3\n")
    );
    let tsplib = verify("TYPE : TOUR\nDIMENSION : 4\nTOUR_SECTION\n1\n2\n3\n-1\n");
    assert_eq!(tsplib.status, 1, "{}", tsplib.stderr);
    for not_a_tour in ["1\ntwo\n3\n", "{\"tour\": [1, 2"] {
        let run = verify(not_a_tour);
        assert_eq!((run.status, run.stdout.as_str()), (2, ""), "{}", run.stderr);
    }
    let twice = verify("1\n2\n2\n");
    assert_eq!(
        twice.stdout,
        "invalid: vertex 2 is visited twice, at steps 2 and 3\n"
    );
}

#[test]
fn a_graph_of_two_vertices_has_no_hamiltonian_cycle() {
    let graph = scratch("two-vertices.txt", "1 2\n").display().to_string();
    let run = toursat(&["solve", "--graph", &graph, "--tour", "closed"], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "no tour: a Hamiltonian cycle of a simple graph needs at least three vertices\n"
    );
    let verified = toursat(
        &["verify", "--graph", &graph, "-", "--tour", "closed"],
        "1\n2\n",
    );
    assert_eq!(verified.status, 1, "{}", verified.stderr);
    let path = toursat(&["solve", "--graph", &graph, "--tour", "open"], "");
    assert_eq!((path.status, path.stdout.as_str()), (0, "1\n2\n"));
}

#[test]
fn count_refuses_a_limit_of_zero() {
    let run = toursat(
        &[
            "count", "--rows", "2", "--cols", "2", "--piece", "rook", "--tour", "closed",
            "--limit", "0",
        ],
        "",
    );
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--limit"), "{}", run.stderr);
}

/// Runs toursat with `args`, its stdin held open and never written, and asserts that the time
/// limit ended it with status 3 while stdin was still open.
fn assert_the_timeout_ends_a_stalled_stdin(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // stdin is held open and never written: only the time limit can end the command.
    let stdin = child.stdin.take();
    let mut waited = Duration::ZERO;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if waited > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("{args:?}: still reading stdin after {waited:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
        waited += Duration::from_millis(50);
    };
    drop(stdin);
    assert_eq!(status.code(), Some(3), "{args:?}");
}

#[test]
fn the_timeout_covers_reading_a_stalled_stdin() {
    assert_the_timeout_ends_a_stalled_stdin(&[
        "solve",
        "--graph",
        "-",
        "--tour",
        "closed",
        "--timeout",
        "0.3",
    ]);
}

#[test]
fn unique_count_and_dimacs_keep_their_timeout_while_stdin_is_held_open() {
    let problem = [
        "-",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--timeout",
        "0.3",
    ];
    for command in [
        &["unique"][..],
        &["count"],
        &["dimacs", "--cuts-from-solve"],
    ] {
        assert_the_timeout_ends_a_stalled_stdin(&[command, &problem[..]].concat());
    }
}

#[test]
fn gen_stops_at_its_timeout() {
    let run = toursat(
        &[
            "gen",
            "--kind",
            "random",
            "--rows",
            "200",
            "--cols",
            "200",
            "--density",
            "0.2",
            "--timeout",
            "0.2",
        ],
        "",
    );
    assert_eq!(
        (run.status, run.stderr.as_str()),
        (3, "toursat: timed out after 0.2 s\n")
    );
    assert_eq!(run.stdout, "");
}

#[test]
fn the_timeout_covers_building_and_verifying_a_large_tour() {
    // A 2000 x 2000 knight's tour (4 million squares) takes far longer than a hundredth of a
    // second to build and verify: the limit stops it, and no part of the tour is printed.
    let run = toursat(
        &[
            "solve",
            "--rows",
            "2000",
            "--cols",
            "2000",
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--format",
            "numbers",
            "--timeout",
            "0.01",
        ],
        "",
    );
    assert_eq!(run.status, 3, "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{} bytes printed", run.stdout.len());
}
