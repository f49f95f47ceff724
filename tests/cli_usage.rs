//! The command line's own conveniences: engines that refuse what they cannot build, manual pages
//! by the names `--help` prints, the choices of an option with their help, completion
//! instructions, and the wording of explanations.

mod common;

use common::{toursat, Run};
use toursat::core::names::Named;
use toursat::format::OutputFormat;

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
            "[possible values: moves, squares, names, numbers, grid, json, puzzlink, pzprv3, vertices, tsplib, none]"
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

/// The `--help` of `toursat WORDS`.
fn help(words: &str) -> String {
    let mut args: Vec<&str> = words.split_whitespace().collect();
    args.push("--help");
    let Run { stdout, status, .. } = toursat(&args, "");
    assert_eq!(status, 0, "toursat {words} --help");
    stdout
}

/// The statuses of the exit-status table at the end of a help text.
fn exit_statuses(help: &str) -> Vec<u8> {
    help.lines()
        .skip_while(|line| !line.starts_with("Exit status:"))
        .skip(1)
        .filter_map(|line| line.split_whitespace().next()?.parse().ok())
        .collect()
}

#[test]
fn the_position_encoding_is_described_as_a_shift_register() {
    for command in ["solve", "judge rook-circuit", "dimacs", "decode"] {
        let text = help(command);
        let line = text
            .lines()
            .map(str::trim)
            .find(|line| line.starts_with("- position:"))
            .unwrap_or_else(|| panic!("{command}: the position line in {text}"));
        assert!(line.contains("shift-register (LFSR)"), "{command}: {line}");
        assert!(!text.contains("one-hot"), "{command}: {text}");
    }
}

#[test]
fn each_command_lists_the_exit_statuses_it_returns() {
    let expected: [(&str, &[u8]); 16] = [
        ("solve", &[0, 1, 2, 3, 4, 130]),
        ("judge rook-circuit", &[0, 2, 3, 4]),
        ("verify", &[0, 1, 2]),
        ("dimacs", &[0, 2, 3, 4]),
        ("decode", &[0, 1, 2, 3, 4, 5]),
        ("count", &[0, 2, 3, 4]),
        ("compare", &[0, 2, 4]),
        ("gen", &[0, 2, 3]),
        ("gen-graph", &[0, 2]),
        ("completions", &[0, 2]),
        ("man", &[0, 2]),
        ("judge", &[0, 2, 3, 4]),
        ("unique", &[0, 1, 2, 3, 4, 5]),
        ("bench", &[0, 2, 4]),
        ("serve", &[0, 2]),
        ("hint", &[0, 1, 2, 4]),
    ];
    for (command, statuses) in expected {
        let text = help(command);
        assert_eq!(exit_statuses(&text), statuses, "{command}: {text}");
    }
    assert!(!help("man").contains("the tour is wrong"));
}

#[test]
fn count_neither_offers_nor_takes_a_graph() {
    let text = help("count");
    assert!(!text.contains("--graph"), "{text}");
    let Run { stderr, status, .. } =
        toursat(&["count", "--graph", "g.hcp", "--tour", "closed"], "");
    assert_eq!(status, 2);
    assert_eq!(stderr, "toursat: count takes boards only, not --graph\n");
}

#[test]
fn compare_help_names_only_options_compare_takes() {
    let text = help("compare");
    assert!(!text.contains("--end"), "{text}");
    assert!(text.contains("n/a"), "{text}");
}

#[test]
fn help_examples_write_only_to_tmp() {
    for command in [
        "",
        "solve",
        "verify",
        "dimacs",
        "decode",
        "gen",
        "gen-graph",
        "compare",
        "man",
    ] {
        let text = help(command);
        for line in text.lines().skip_while(|line| !line.starts_with("Example")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                if matches!(pair[0], "-o" | "--out-dir" | "--svg" | ">") {
                    assert!(
                        pair[1].starts_with("/tmp/") || pair[1].starts_with('~'),
                        "{command}: {line}"
                    );
                }
            }
        }
    }
}

#[test]
fn judge_reads_a_cases_file_and_points_to_the_formats() {
    let from_file = toursat(&["judge", "rook-circuit", "examples/rook.in"], "");
    let input = std::fs::read_to_string("examples/rook.in").unwrap();
    let from_stdin = toursat(&["judge", "rook-circuit"], &input);
    assert_eq!(from_file.status, 0, "{}", from_file.stderr);
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert!(
        from_file.stdout.starts_with("NO SOLUTION\n"),
        "{}",
        from_file.stdout
    );
    for problem in ["rook-circuit", "knight-tour", "knights-journey"] {
        let text = help(&format!("judge {problem}"));
        assert!(text.contains("docs/problems.md"), "{problem}: {text}");
        assert!(text.contains("Example"), "{problem}: {text}");
    }
    let missing = toursat(&["judge", "knight-tour", "no-such-cases.in"], "");
    assert_eq!(missing.status, 2);
    assert!(
        missing.stderr.starts_with("toursat: no-such-cases.in: "),
        "{}",
        missing.stderr
    );
}

#[test]
fn man_pages_show_option_values_and_keep_commands_whole() {
    let Run { stdout, status, .. } = toursat(&["man", "solve"], "");
    assert_eq!(status, 0);
    assert!(stdout.contains(".nh\n"), "hyphenation off: {stdout}");
    assert!(stdout.contains(r"[\-\-engine ENGINE]"), "{stdout}");
    assert!(stdout.contains(".nf\n"), "examples not filled: {stdout}");
    let Run { stdout, .. } = toursat(&["man"], "");
    assert!(!stdout.contains("toursat-judge(1)"), "{stdout}");
    assert!(stdout.contains(r"toursat man judge"), "{stdout}");
}

#[test]
fn piece_names_complete_in_the_shell() {
    let Run { stdout, status, .. } = toursat(&["completions", "bash"], "");
    assert_eq!(status, 0);
    assert!(
        stdout.contains(r#"compgen -W "rook knight king leaper:A,B""#),
        "{stdout}"
    );
}

#[test]
fn explain_prints_the_no_tour_sentence_once() {
    let args = [
        "solve",
        "--rows",
        "3",
        "--cols",
        "3",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--explain",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 1);
    let sentence = "but the board has 5 light and 4 dark";
    assert!(stdout.contains(sentence), "{stdout}");
    assert!(!stderr.contains(sentence), "{stderr}");
    assert!(
        stderr.starts_with("proved by: counting light and dark squares\n"),
        "{stderr}"
    );
    let none = toursat(&[&args[..], &["--format", "none"]].concat(), "");
    assert!(none.stderr.contains(sentence), "{}", none.stderr);
}

#[test]
fn a_streamed_tour_prints_one_statistics_block() {
    let args = [
        "solve", "--rows", "400", "--cols", "400", "--piece", "knight", "--tour", "closed",
        "--format", "none", "--stats",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stderr.matches("engine:").count(), 1, "{stderr}");
}

#[test]
fn count_statistics_name_the_arithmetic_used() {
    let args = [
        "count", "--rows", "8", "--cols", "8", "--piece", "rook", "--tour", "closed", "--stats",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout, "4638576\n");
    assert!(
        stderr.contains("arithmetic: 128-bit integers (exact: the count fits)\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("arbitrary precision: false"), "{stderr}");
}

#[test]
fn a_model_with_too_many_variables_points_to_the_encoding() {
    let literals: Vec<String> = (1..=200).map(|variable| variable.to_string()).collect();
    let model = format!("s SATISFIABLE\nv {} 0\n", literals.join(" "));
    let args = [
        "decode", "-", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
    ];
    let Run { stderr, status, .. } = toursat(&args, &model);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("give them with --encoding and --connectivity"),
        "{stderr}"
    );
}

#[test]
fn a_timeout_too_long_to_count_is_refused_naming_the_limit() {
    for timeout in ["1e20", "inf"] {
        let run = toursat(
            &[
                "solve",
                "--rows",
                "4",
                "--cols",
                "4",
                "--piece",
                "rook",
                "--tour",
                "closed",
                "--timeout",
                timeout,
            ],
            "",
        );
        assert_eq!(run.status, 2, "{timeout}: {}", run.stdout);
        assert!(
            run.stderr.contains(&format!(
                "\"{timeout}\" is too long a time limit: give at most 1000000000 seconds"
            )),
            "{}",
            run.stderr
        );
    }
    let longest = toursat(
        &[
            "solve",
            "--rows",
            "4",
            "--cols",
            "4",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--timeout",
            "1e9",
        ],
        "",
    );
    assert_eq!(longest.status, 0, "{}", longest.stderr);
}

#[test]
fn a_leap_too_long_is_refused_naming_the_limit() {
    let run = toursat(
        &[
            "solve",
            "--rows",
            "4",
            "--cols",
            "4",
            "--piece",
            "leaper:101,1",
            "--tour",
            "closed",
        ],
        "",
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("a leaper's steps A and B in leaper:A,B are whole numbers from 0 to 100"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("unknown piece"), "{}", run.stderr);
}
