//! Large knight's tours from the command line: constructed, verified and streamed.

mod common;

use common::{phase_seconds, toursat, Run};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// Runs `toursat solve` with `args`.
fn solve(args: &[&str]) -> Run {
    let mut with_command = vec!["solve"];
    with_command.extend_from_slice(args);
    toursat(&with_command, "")
}

#[test]
fn a_million_square_tour_is_streamed_and_verifies() {
    let args = [
        "--rows", "1000", "--cols", "1000", "--piece", "knight", "--tour", "closed", "--format",
        "numbers", "--stats",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve(&args);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("engine: construct (streamed)"), "{stderr}");
    let problem = Problem::new(
        Board::new(1000, 1000).unwrap(),
        Piece::Knight,
        TourShape::Closed,
    );
    let tour = read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap();
    verify(&problem, &tour).unwrap();
}

#[test]
fn format_none_reports_only_statistics() {
    let args = [
        "--rows", "1200", "--cols", "1000", "--piece", "knight", "--tour", "open", "--start",
        "5,7", "--format", "none", "--stats",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve(&args);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("engine: construct (streamed)\n"),
        "{stderr}"
    );
}

#[test]
fn strips_of_3_and_4_squares_are_streamed_and_verify() {
    for (rows, cols, tour) in [(3, 40_000, "closed"), (40_001, 4, "open")] {
        let (rows_arg, cols_arg) = (rows.to_string(), cols.to_string());
        let args = [
            "--rows", &rows_arg, "--cols", &cols_arg, "--piece", "knight", "--tour", tour,
            "--format", "numbers", "--stats",
        ];
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = solve(&args);
        assert_eq!(status, 0, "{stderr}");
        assert!(stderr.contains("engine: construct (streamed)"), "{stderr}");
        let shape = match tour {
            "closed" => TourShape::Closed,
            _ => TourShape::Open,
        };
        let problem = Problem::new(Board::new(rows, cols).unwrap(), Piece::Knight, shape);
        let tour = read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap();
        verify(&problem, &tour).unwrap();
    }
}

#[test]
fn stats_after_a_timeout_name_the_phases_reached_and_their_seconds() {
    // A closed king's tour of 1400 x 1400 squares takes the SAT engine's warm start several
    // seconds: stopped after one, the statistics say where the time went, in words and JSON.
    let board = [
        "--rows",
        "1400",
        "--cols",
        "1400",
        "--piece",
        "king",
        "--tour",
        "closed",
        "--stats",
        "--timeout",
        "1",
    ];
    let with_format = |format: &str| {
        let mut args = board.to_vec();
        args.extend(["--format", format]);
        solve(&args)
    };
    let Run { stderr, status, .. } = with_format("none");
    assert_eq!(status, 3, "{stderr}");
    let phase_seconds = phase_seconds(&stderr);
    assert!(
        phase_seconds
            .iter()
            .any(|&(phase, seconds)| phase == "cheap proofs" && seconds > 0.0),
        "{stderr}"
    );
    assert!(
        phase_seconds
            .iter()
            .map(|&(_, seconds)| seconds)
            .sum::<f64>()
            > 0.5,
        "{stderr}"
    );
    let Run { stdout, status, .. } = with_format("json");
    assert_eq!(status, 3, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let phases = json["statistics"]["phases"].as_array().expect("phases");
    assert!(
        phases
            .iter()
            .any(|phase| phase["phase"].is_string() && phase["seconds"].as_f64() > Some(0.0)),
        "{stdout}"
    );
}

#[test]
fn ctrl_c_with_stats_gives_the_phases_reached_in_json() {
    // The same king, its stderr a pipe, stopped by SIGINT (as Ctrl-C) after two seconds.
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args([
            "solve", "--rows", "1400", "--cols", "1400", "--piece", "king", "--tour", "closed",
            "--format", "json", "--stats",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    // SAFETY: kill with a valid signal and the child's process id, which it holds until it is
    // reaped below.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["answer"], "stopped", "{stdout}");
    assert_eq!(json["reason"], "stopped by Ctrl-C", "{stdout}");
    let phases = json["statistics"]["phases"].as_array().expect("phases");
    assert!(
        phases
            .iter()
            .any(|phase| phase["phase"] == "cheap proofs" && phase["seconds"].as_f64() > Some(0.0)),
        "{stdout}"
    );
}
