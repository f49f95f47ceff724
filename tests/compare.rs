//! `toursat compare`: the shape of its reports, wrong answers caught, time limits enforced.

mod common;

use common::{toursat, Run};
use std::path::PathBuf;
use std::time::Instant;
use toursat::graph::file::write_hcp;
use toursat::graph::generate::{generalized_petersen, planted_cubic};

/// Three tiny board files in the tests' scratch folder: two with a rook circuit, one without.
fn tiny_boards() -> Vec<String> {
    // Each call writes its own copies: tests run in parallel, and rewriting a file another
    // test's child is reading would hand that child an empty board.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("compare-boards-{call}"));
    std::fs::create_dir_all(&dir).unwrap();
    [
        ("ring", "....\n.XX.\n....\n"),
        ("square", "....\n....\n....\n....\n"),
        ("plus", "X.X\n...\nX.X\n"),
    ]
    .iter()
    .map(|(name, text)| {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    })
    .collect()
}

/// `toursat compare` on the tiny boards with the rook's closed tour and these options.
fn compare(options: &[&str]) -> Run {
    let boards = tiny_boards();
    let mut args = vec!["compare"];
    args.extend(boards.iter().map(String::as_str));
    args.extend(["--piece", "rook", "--tour", "closed"]);
    args.extend_from_slice(options);
    toursat(&args, "")
}

#[test]
fn csv_has_a_row_for_each_board_and_engine() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&[
        "--engines",
        "dfs,sat:cutset",
        "--timeout",
        "10",
        "--format",
        "csv",
    ]);
    assert_eq!(status, 0, "{stderr}");
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|line| line.split(',').collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "board",
            "engine",
            "status",
            "median_seconds",
            "peak_kib",
            "runs"
        ]
    );
    let cells: Vec<(&str, &str, &str)> = rows[1..]
        .iter()
        .map(|row| (row[0], row[1], row[2]))
        .collect();
    assert_eq!(
        cells,
        [
            ("ring", "dfs", "found"),
            ("ring", "sat:cutset", "found"),
            ("square", "dfs", "found"),
            ("square", "sat:cutset", "found"),
            ("plus", "dfs", "no tour"),
            ("plus", "sat:cutset", "no tour"),
        ]
    );
    assert!(rows[1..]
        .iter()
        .all(|row| row[4].parse::<u64>().unwrap() > 0));
}

#[test]
fn markdown_has_a_board_table_and_an_engine_table() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&[
        "--engines",
        "dfs,sat:position,auto",
        "--timeout",
        "10",
        "--runs",
        "3",
        "--format",
        "markdown",
    ]);
    assert_eq!(status, 0, "{stderr}");
    let tables: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(tables.len(), 2);
    let boards: Vec<&str> = tables[0].lines().collect();
    assert_eq!(boards[0], "| board | dfs | sat:position | auto |");
    assert_eq!(boards.len(), 2 + 3);
    assert!(boards[2].starts_with("| ring | found "), "{}", boards[2]);
    let engines: Vec<&str> = tables[1].lines().collect();
    assert_eq!(engines[0], "| engine | solved | median ratio to fastest |");
    assert!(engines[2].starts_with("| dfs | 3/3 | "), "{}", engines[2]);
    assert_eq!(engines.len(), 2 + 3);
}

#[test]
fn json_lists_every_run() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&[
        "--engines",
        "dfs",
        "--timeout",
        "10",
        "--runs",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(status, 0, "{stderr}");
    let document: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let boards = document["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 3);
    assert_eq!(boards[0]["results"][0]["runs"].as_array().unwrap().len(), 2);
    assert_eq!(document["engines"][0]["solved"], 3);
}

#[test]
fn writes_a_cactus_plot() {
    let svg = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compare-cactus.svg");
    let Run { stderr, status, .. } = compare(&[
        "--engines",
        "dfs,sat",
        "--timeout",
        "10",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{stderr}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert_eq!(text.matches("<polyline").count(), 2);
}

#[test]
fn an_engine_that_denies_a_tour_is_a_disagreement() {
    let Run { stderr, status, .. } = compare(&[
        "--engines",
        "dfs,test:lie",
        "--test-faults",
        "--timeout",
        "10",
    ]);
    assert_eq!(status, 4);
    assert!(
        stderr.contains("DISAGREEMENT on ring: dfs found a tour, test:lie proved there is none"),
        "{stderr}"
    );
}

#[test]
fn a_wrong_tour_is_caught_by_the_parent() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&[
        "--engines",
        "test:bad-tour",
        "--test-faults",
        "--timeout",
        "10",
        "--format",
        "csv",
    ]);
    assert_eq!(status, 4);
    assert!(
        stderr.contains("ERROR: test:bad-tour on ring: wrong tour"),
        "{stderr}"
    );
    assert!(stdout.contains("ring,test:bad-tour,error,"), "{stdout}");
}

#[test]
fn an_engine_that_sleeps_is_killed_at_its_time_limit() {
    let started = Instant::now();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&[
        "--engines",
        "test:sleep",
        "--test-faults",
        "--timeout",
        "0.3",
        "--format",
        "csv",
        "--jobs",
        "3",
    ]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stdout.matches(",test:sleep,timeout,").count(),
        3,
        "{stdout}"
    );
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn test_engines_need_the_hidden_flag() {
    let Run { stderr, status, .. } = compare(&["--engines", "test:lie", "--timeout", "1"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("unknown engine \"test:lie\""), "{stderr}");
}

#[test]
fn rejects_an_unknown_encoding() {
    let Run { stderr, status, .. } = compare(&["--engines", "sat:fast", "--timeout", "1"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("engine \"sat:fast\""), "{stderr}");
}

#[test]
fn graph_files_are_compared_by_every_engine_and_their_tours_verified() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compare-graphs");
    std::fs::create_dir_all(&dir).unwrap();
    // The Petersen graph: cubic, no Hamiltonian cycle.
    let petersen = generalized_petersen(5, 2).unwrap();
    let petersen_path = dir.join("petersen.hcp");
    let text = write_hcp("petersen", None, petersen.vertex_count, &petersen.edges);
    std::fs::write(&petersen_path, text).unwrap();
    // A cubic graph with a planted Hamiltonian cycle, as `gen-graph` writes it.
    let planted = planted_cubic(18, 1).unwrap();
    let planted_path = dir.join("planted.hcp");
    let text = write_hcp("planted", None, planted.vertex_count, &planted.edges);
    std::fs::write(&planted_path, text).unwrap();
    let planted_file = planted_path.to_str().unwrap().to_string();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "compare",
            &planted_file,
            petersen_path.to_str().unwrap(),
            "--graph",
            "--tour",
            "closed",
            "--engines",
            "auto,dfs,sat:crt",
            "--timeout",
            "20",
            "--format",
            "csv",
        ],
        "",
    );
    assert_eq!(status, 0, "{stderr}");
    let cells: Vec<(String, String, String)> = stdout
        .lines()
        .skip(1)
        .map(|line| {
            let row: Vec<&str> = line.split(',').collect();
            (row[0].to_string(), row[1].to_string(), row[2].to_string())
        })
        .collect();
    let expected: Vec<(String, String, String)> = [
        ("planted", "auto", "found"),
        ("planted", "dfs", "found"),
        ("planted", "sat:crt", "found"),
        ("petersen", "auto", "no tour"),
        ("petersen", "dfs", "no tour"),
        ("petersen", "sat:crt", "no tour"),
    ]
    .iter()
    .map(|&(board, engine, status)| (board.into(), engine.into(), status.into()))
    .collect();
    assert_eq!(cells, expected);
}

#[test]
fn an_engine_that_cannot_take_a_board_is_not_applicable_there() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = compare(&["--engines", "sat:cutset,construct", "--timeout", "10"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(!stderr.contains("ERROR"), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    for board in ["ring", "square", "plus"] {
        let row = lines
            .iter()
            .find(|line| line.starts_with(board))
            .unwrap_or_else(|| panic!("{board} in {stdout}"));
        assert!(row.trim_end().ends_with("n/a"), "{row}");
    }
    // The construction takes none of the rook boards: no boards to answer, and no ratio.
    let construct = lines
        .iter()
        .find(|line| line.starts_with("construct"))
        .unwrap_or_else(|| panic!("construct's summary in {stdout}"));
    let words: Vec<&str> = construct.split_whitespace().collect();
    assert_eq!(words, ["construct", "0/0", "-"], "{construct}");
}
