//! The command line's own conveniences: engines that refuse what they cannot build, manual pages
//! by the names `--help` prints, the choices of an option with their help, completion
//! instructions, and the wording of explanations.

mod common;

use common::{toursat, Run};
use toursat::format::OutputFormat;
use toursat::names::Named;

#[test]
fn construct_refuses_a_rook_board() {
    let args = [
        "solve",
        "--rows",
        "4",
        "--cols",
        "4",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--engine",
        "construct",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "toursat: the construct engine cannot take this problem: it builds knight's tours, not \
         rook tours\n"
    );
}

#[test]
fn construct_refuses_a_knight_board_with_blocked_squares() {
    let args = [
        "solve",
        "--rows",
        "6",
        "--cols",
        "6",
        "--blocked",
        "2,2",
        "--piece",
        "knight",
        "--tour",
        "open",
        "--engine",
        "construct",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.ends_with("it builds tours of boards without blocked squares\n"),
        "{stderr}"
    );
}

#[test]
fn construct_still_takes_an_empty_knight_board() {
    let args = [
        "solve",
        "--rows",
        "8",
        "--cols",
        "8",
        "--piece",
        "knight",
        "--tour",
        "closed",
        "--engine",
        "construct",
        "--format",
        "none",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn the_rook_circuit_judge_refuses_construct_before_reading_cases() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &["judge", "rook-circuit", "--engine", "construct"],
        // Nothing on stdin: the refusal comes before reading (and the pipe would break).
        "",
    );
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("not rook circuits"), "{stderr}");
}

#[test]
fn man_takes_a_command_path_as_one_argument_or_several() {
    let Run {
        stdout: one,
        status,
        ..
    } = toursat(&["man", "judge rook-circuit"], "");
    assert_eq!(status, 0);
    assert!(one.contains(".TH toursat-judge-rook-circuit 1"), "{one}");
    let Run {
        stdout: several,
        status,
        ..
    } = toursat(&["man", "judge", "rook-circuit"], "");
    assert_eq!(status, 0);
    assert_eq!(one, several);
    let Run {
        stdout: prefixed, ..
    } = toursat(&["man", "toursat judge rook-circuit"], "");
    assert_eq!(one, prefixed);
}

#[test]
fn man_names_the_commands_when_one_is_unknown() {
    let Run { stderr, status, .. } = toursat(&["man", "judge", "rook"], "");
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "toursat: man: no command \"rook\" here; the commands are rook-circuit, knight-tour, \
         knights-journey\n"
    );
}

#[test]
fn help_lists_every_format_with_its_help() {
    let Run { stdout, status, .. } = toursat(&["solve", "--help"], "");
    assert_eq!(status, 0);
    for format in OutputFormat::all() {
        let line = format!("- {}:", format.name());
        let listed = stdout
            .lines()
            .map(str::trim)
            .find(|listed| listed.starts_with(&line))
            .unwrap_or_else(|| panic!("{line} in {stdout}"));
        assert!(listed.ends_with(format.help()), "{listed}");
    }
}

#[test]
fn an_unknown_format_is_refused_with_every_choice() {
    let args = [
        "solve", "--rows", "2", "--cols", "2", "--piece", "rook", "--tour", "closed",
    ];
    let Run { stderr, status, .. } = toursat(&[&args[..], &["--format", "round"]].concat(), "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains(
            "[possible values: moves, squares, names, numbers, grid, json, puzzlink, vertices, tsplib, none]"
        ),
        "{stderr}"
    );
}

#[test]
fn completions_help_creates_the_folder_it_writes_into() {
    let Run { stdout, status, .. } = toursat(&["completions", "--help"], "");
    assert_eq!(status, 0);
    let lines: Vec<&str> = stdout.lines().map(str::trim).collect();
    let bash = lines
        .iter()
        .position(|line| line.starts_with("toursat completions bash > "))
        .expect("a bash example");
    assert_eq!(
        lines[bash - 1],
        "mkdir -p ~/.local/share/bash-completion/completions"
    );
}

#[test]
fn an_explained_open_tour_reads_an_open_tour() {
    let args = [
        "solve",
        "--rows",
        "5",
        "--cols",
        "5",
        "--piece",
        "knight",
        "--tour",
        "open",
        "--explain",
        "--format",
        "none",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 0);
    assert!(
        stderr.starts_with("found an open tour of 25 squares"),
        "{stderr}"
    );
}

#[test]
fn an_open_tour_with_one_square_for_both_ends_is_refused() {
    let args = [
        "solve",
        "--rows",
        "3",
        "--cols",
        "3",
        "--piece",
        "rook",
        "--tour",
        "open",
        "--start",
        "0,0",
        "--end",
        "0,0",
        "--certify",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("toursat: the start and the end are both 0,0: an open tour"),
        "{stderr}"
    );
}
