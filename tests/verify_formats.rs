//! `verify` reads back every format `solve` writes, detecting it by itself: a round trip for each
//! piece, tour shape and format, through the binary and through the library. Tampered tours are
//! refused, moves need no start, and `-` reads the board or the tour from stdin.

mod common;

use common::{scratch, toursat, Run};
use std::path::PathBuf;
use toursat::core::square;
use toursat::format::read::{read_tour, TourSyntax};
use toursat::format::{FormatName, JUDGE_LINE_WIDTH};
use toursat::{engine, verify, Answer, Problem, SolveOptions, TourShape};

/// A problem with a tour.
struct Case {
    /// A name for messages and the board's file.
    name: &'static str,
    /// The board file's text.
    board: &'static str,
    piece: &'static str,
    shape: &'static str,
    start: Option<&'static str>,
}

/// A 4 x 6 board with a 2 x 2 hole: rook circuits go round it.
const RING: &str = "......\n.XX...\n.XX...\n......\n";
/// A 3 x 4 board with one blocked square.
const KING_BOARD: &str = "....\n.X..\n....\n";
const FULL_5X5: &str = ".....\n.....\n.....\n.....\n.....\n";
const FULL_6X6: &str = "......\n......\n......\n......\n......\n......\n";
const FULL_5X8: &str = "........\n........\n........\n........\n........\n";
const FULL_10X10: &str = "..........\n..........\n..........\n..........\n..........\n\
                          ..........\n..........\n..........\n..........\n..........\n";

/// Each piece with a closed tour, an open one and an open one from a fixed start.
const CASES: [Case; 12] = [
    case("rook-closed", RING, "rook", "closed", None),
    case("rook-open", "....\n....\n..XX\n", "rook", "open", None),
    case("rook-open-start", FULL_5X5, "rook", "open", Some("2,2")),
    case("knight-closed", FULL_6X6, "knight", "closed", None),
    case("knight-open", FULL_5X5, "knight", "open", None),
    case("knight-open-start", FULL_5X5, "knight", "open", Some("0,0")),
    case("king-closed", KING_BOARD, "king", "closed", None),
    case("king-open", KING_BOARD, "king", "open", None),
    case("king-open-start", KING_BOARD, "king", "open", Some("1,0")),
    case("leaper-closed", FULL_10X10, "leaper:1,4", "closed", None),
    case("leaper-open", FULL_5X8, "leaper:1,4", "open", None),
    case(
        "leaper-open-start",
        FULL_5X8,
        "leaper:1,4",
        "open",
        Some("0,0"),
    ),
];

const fn case(
    name: &'static str,
    board: &'static str,
    piece: &'static str,
    shape: &'static str,
    start: Option<&'static str>,
) -> Case {
    Case {
        name,
        board,
        piece,
        shape,
        start,
    }
}

impl Case {
    /// The formats `solve` writes for this piece.
    fn formats(&self) -> Vec<&'static str> {
        let mut formats = vec!["squares", "names", "numbers", "grid", "json"];
        if self.piece == "rook" {
            formats.extend(["moves", "pzprv3"]);
        }
        formats
    }

    /// The board's file.
    fn board_file(&self) -> PathBuf {
        scratch(&format!("verify-formats-{}.txt", self.name), self.board)
    }

    /// `--piece`, `--tour` and `--start`.
    fn problem_args(&self) -> Vec<&'static str> {
        let mut args = vec!["--piece", self.piece, "--tour", self.shape];
        if let Some(start) = self.start {
            args.extend(["--start", start]);
        }
        args
    }

    /// The problem, for the library.
    fn problem(&self) -> Problem {
        let board: toursat::Board = self.board.parse().unwrap();
        let shape: TourShape = self.shape.parse().unwrap();
        let mut problem = Problem::new(board, self.piece.parse().unwrap(), shape);
        problem.start = self
            .start
            .map(|start| square::parse(&problem.board, start).unwrap());
        problem
    }

    /// The tour `solve` writes in `format` (with `extra` flags).
    fn solve(&self, format: &str, extra: &[&str]) -> String {
        let board = self.board_file().display().to_string();
        let mut args = vec!["solve", board.as_str(), "--format", format];
        args.extend(self.problem_args());
        args.extend(extra);
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(&args, "");
        assert_eq!(status, 0, "{} {format}: {stderr}", self.name);
        stdout
    }

    /// `verify` of `tour`, given on stdin (with `extra` flags): stdout, stderr and status.
    fn verify(&self, tour: &str, extra: &[&str]) -> Run {
        let board = self.board_file().display().to_string();
        let mut args = vec!["verify", board.as_str(), "-"];
        args.extend(self.problem_args());
        args.extend(extra);
        toursat(&args, tour)
    }

    /// Checks that `verify` says `ok` to `tour` (written in `format`).
    fn assert_ok(&self, format: &str, tour: &str, extra: &[&str]) {
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = self.verify(tour, extra);
        assert_eq!(
            (stdout.as_str(), status),
            ("ok\n", 0),
            "{} {format} {extra:?}: {stderr}\n{tour}",
            self.name
        );
    }
}

/// The case named `name`.
fn named(name: &str) -> &'static Case {
    CASES.iter().find(|case| case.name == name).unwrap()
}

#[test]
fn verify_detects_and_accepts_every_format_solve_writes() {
    for case in &CASES {
        for format in case.formats() {
            let tour = case.solve(format, &[]);
            case.assert_ok(format, &tour, &[]);
        }
    }
}

#[test]
fn verify_reads_every_format_it_is_told() {
    for case in &CASES {
        for format in case.formats() {
            let tour = case.solve(format, &[]);
            case.assert_ok(format, &tour, &["--format", format]);
        }
    }
}

#[test]
fn verify_reads_a_coloured_grid() {
    for case in &CASES {
        let grid = case.solve("grid", &["--color", "always"]);
        assert!(grid.contains('\x1b'), "{}: {grid}", case.name);
        case.assert_ok("grid --color always", &grid, &[]);
    }
}

#[test]
fn library_reads_back_every_format_it_writes() {
    for case in &CASES {
        let problem = case.problem();
        let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
        let Answer::Found(tour) = solution.answer else {
            panic!("{}: no tour", case.name)
        };
        for name in FormatName::ALL {
            // The puzzlink format writes the board, not the tour (tests/board_formats.rs).
            let rook_only = [FormatName::Moves, FormatName::Pzprv3];
            if name == FormatName::Puzzlink || rook_only.contains(&name) && case.piece != "rook" {
                continue;
            }
            let mut written = Vec::new();
            name.format(JUDGE_LINE_WIDTH)
                .write_tour(&problem, &tour, &mut written)
                .unwrap();
            let text = String::from_utf8(written).unwrap();
            let read = read_tour(&problem, &text, TourSyntax::Auto)
                .unwrap_or_else(|error| panic!("{} {name}: {error}\n{text}", case.name));
            assert_eq!(verify(&problem, &read), Ok(()), "{} {name}", case.name);
            // A closed tour's drawing has no start and no direction: only its squares are fixed;
            // a pzprv3 file's lines have neither for an open tour either.
            let drawing = name == FormatName::Grid && text.contains('─');
            let lines_only = name == FormatName::Pzprv3;
            if !(drawing && problem.shape == TourShape::Closed || lines_only) {
                assert_eq!(read, tour, "{} {name}\n{text}", case.name);
            }
        }
    }
}

#[test]
fn verify_refuses_two_swapped_numbers() {
    let case = named("rook-closed");
    let numbers = case.solve("numbers", &[]);
    let mut entries: Vec<&str> = numbers.split_whitespace().collect();
    entries.swap(0, 1);
    let Run { stdout, status, .. } = case.verify(&entries.join(" "), &[]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with("invalid: "), "{stdout}");
}

#[test]
fn verify_refuses_two_swapped_visit_numbers() {
    let case = named("knight-closed");
    let grid = case.solve("grid", &[]);
    let swapped: String = grid
        .lines()
        .map(|line| {
            let entries = line.split_whitespace().map(|entry| match entry {
                "1" => "2",
                "2" => "1",
                entry => entry,
            });
            entries.collect::<Vec<_>>().join(" ") + "\n"
        })
        .collect();
    let Run { stdout, status, .. } = case.verify(&swapped, &[]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with("invalid: step "), "{stdout}");
}

#[test]
fn verify_refuses_a_grid_with_a_segment_deleted() {
    let case = named("rook-closed");
    let grid = case.solve("grid", &[]);
    let Run { stdout, status, .. } = case.verify(&grid.replacen('─', " ", 1), &[]);
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "invalid: stdin: line 1, column 1: ┌ shows lines east, south, but the lines that meet it \
         come from south\n"
    );
}

#[test]
fn verify_refuses_moves_with_one_letter_changed() {
    let case = named("rook-closed");
    let moves = case.solve("moves", &[]);
    let changed = match &moves[..1] {
        "E" => "W",
        "W" => "E",
        "N" => "S",
        _ => "N",
    };
    let Run { stdout, status, .. } = case.verify(&format!("{changed}{}", &moves[1..]), &[]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with("invalid: "), "{stdout}");
}

/// A closed rook tour of a 2 x 3 board.
fn rook_2x3() -> Case {
    case("rook-2x3", "...\n...\n", "rook", "closed", None)
}

#[test]
fn verify_refuses_a_square_with_three_lines() {
    let Run { stdout, status, .. } = rook_2x3().verify("┌─┬─┐\n└───┘\n", &[]);
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "invalid: stdin: line 1, column 3: square 1,0 has 3 lines (east, south, west): a tour \
         enters and leaves a square once\n"
    );
}

#[test]
fn verify_refuses_a_line_off_the_board() {
    let Run { stdout, status, .. } = rook_2x3().verify("┌───┐─\n└───┘\n", &[]);
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "invalid: stdin: line 1, column 6: a line leads off the board to the east\n"
    );
}

#[test]
fn verify_refuses_lines_in_two_pieces() {
    let case = case("rook-2x4", "....\n....\n", "rook", "closed", None);
    let Run { stdout, status, .. } = case.verify("┌─┐ ┌─┐\n└─┘ └─┘\n", &[]);
    assert_eq!(status, 1);
    assert!(
        stdout.contains("not joined to the rest of the tour"),
        "{stdout}"
    );
}

#[test]
fn verify_names_line_and_column_of_an_unreadable_grid() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = rook_2x3().verify("┌───┐\n└─x─┘\n", &[]);
    assert_eq!((stdout.as_str(), status), ("", 2));
    assert_eq!(
        stderr,
        "toursat: stdin: line 2, column 3: expected a square's mark: a box-drawing line, ·, █, \
         ●, ○ or •, found 'x'\n"
    );
}

#[test]
fn verify_refuses_a_json_answer_without_a_tour() {
    let case = case("rook-3x3", "...\n...\n...\n", "rook", "closed", None);
    let board = case.board_file().display().to_string();
    let solve = ["solve", &board, "--piece", "rook", "--tour", "closed"];
    let Run {
        stdout: json,
        status,
        ..
    } = toursat(&[&solve[..], &["--format", "json"]].concat(), "");
    assert_eq!(status, 1);
    let Run { stdout, status, .. } = case.verify(&json, &[]);
    assert_eq!(status, 1);
    assert!(
        stdout.starts_with("invalid: stdin: the JSON holds no tour: its answer is \"no tour\""),
        "{stdout}"
    );
}

#[test]
fn moves_are_read_without_a_start() {
    for shape in ["closed", "open"] {
        let case = case("rook-ring", RING, "rook", shape, None);
        let moves = case.solve("moves", &["--start", "5,3"]);
        case.assert_ok("moves", &moves, &[]);
    }
}

#[test]
fn moves_that_fit_nowhere_are_invalid() {
    let case = case("rook-ring-open", RING, "rook", "open", None);
    let Run { stdout, status, .. } = case.verify("EEEEEEE\n", &[]);
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "invalid: stdin: the moves fit nowhere on the board: the square they visit first in \
         row-major order must be the board's first free square 0,0, and placed so, move 6 (line \
         1) leaves the board\n"
    );
}

#[test]
fn verify_reads_the_board_from_stdin() {
    let case = named("knight-open");
    let tour = scratch("verify-formats-stdin-tour.txt", &case.solve("names", &[]));
    let tour = tour.display().to_string();
    let args = ["verify", "-", &tour, "--piece", "knight", "--tour", "open"];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, case.board);
    assert_eq!((stdout.as_str(), status), ("ok\n", 0), "{stderr}");
}

#[test]
fn verify_refuses_board_and_tour_both_on_stdin() {
    let args = ["verify", "-", "-", "--piece", "rook", "--tour", "closed"];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!((stdout.as_str(), status), ("", 2));
    assert_eq!(
        stderr,
        "toursat: the board file and the tour file are both - (stdin), which holds only one of \
         them: give the other as a file\n"
    );
}

#[test]
fn verify_refuses_the_drawing_of_an_open_tour_as_a_closed_one() {
    let grid = named("rook-open").solve("grid", &[]);
    let closed = case(
        "rook-open-as-closed",
        "....\n....\n..XX\n",
        "rook",
        "closed",
        None,
    );
    let Run { stdout, status, .. } = closed.verify(&grid, &[]);
    assert_eq!(status, 1);
    assert!(
        stdout.ends_with("but the tour must be closed\n"),
        "{stdout}"
    );
}

#[test]
fn verify_help_lists_every_format_and_the_detection_rules() {
    let Run { stdout, status, .. } = toursat(&["verify", "--help"], "");
    assert_eq!(status, 0);
    for value in ["squares:", "names:", "numbers:", "moves:", "grid:", "json:"] {
        assert!(stdout.contains(value), "{value}: {stdout}");
    }
    assert!(
        stdout.contains("Detect, the first rule that holds"),
        "{stdout}"
    );
    assert!(stdout.contains("Tour file (`-`: stdin)"), "{stdout}");
}

#[test]
fn a_reason_names_squares_as_the_tour_did() {
    // The same tour with its last square left out, written as names and as `x,y` squares: the
    // square never visited is named as the tour named squares.
    let case = named("knight-open");
    let problem = case.problem();
    let squares = case.solve("squares", &[]);
    let last = squares.lines().last().unwrap();
    let missing = square::parse(&problem.board, last).unwrap();
    let names = case.solve("names", &[]);
    let name = square::name(&problem.board, missing);
    let cut = names.trim_end().strip_suffix(name.as_str()).unwrap();
    for (tour, expected) in [
        (cut.to_string(), name.clone()),
        (
            squares
                .strip_suffix(&format!("{last}\n"))
                .unwrap()
                .to_string(),
            last.to_string(),
        ),
    ] {
        let Run { stdout, status, .. } = case.verify(&tour, &[]);
        assert_eq!(status, 1, "{tour}");
        assert_eq!(
            stdout,
            format!("invalid: 1 free square never visited: {expected}\n"),
            "{tour}"
        );
    }
}
