//! Boards from the setters' formats: puzz.link URLs and pzprv3 files read wherever a board is,
//! and `--format puzzlink` writing a board's URL back.

mod common;

use common::{scratch_path, toursat, Run};
use proptest::prelude::*;
use toursat::core::board::pzprv3::{self, DrawnLines};
use toursat::core::board::{puzzlink, MAX_SQUARES};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// pzprjs's own Simple Loop test board.
const PZPRJS_TEST: &str = "https://puzz.link/p?simpleloop/5/5/sg020";

/// pzprjs's own Simple Loop test file with its correct answer (the loop of `5/5/sg020`), as
/// its test script holds it (`/` for each line end).
const PZPRJS_SOLVED: &str = "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n\
                             . . . * . \n. . . . . \n0 0 0 1 \n0 1 0 0 \n1 0 1 0 \n0 1 0 0 \n\
                             1 0 1 1 \n0 0 0 1 1 \n0 1 1 1 1 \n1 0 0 0 1 \n1 1 1 0 1 \n";

/// An 8 x 7 Simple Loop puzzle (8 columns, 7 rows) with one loop.
const EIGHT_BY_SEVEN: &str = "https://puzz.link/p?simpleloop/8/7/200200a42000";

/// The blocked squares of a board, row-major.
fn blocked(board: &Board) -> Vec<u32> {
    (0..board.len() as u32)
        .filter(|&square| !board.is_free(square))
        .collect()
}

/// The board of `text`, read as every command reads a board.
fn board(text: &str) -> Board {
    Board::parse_marked(text, MAX_SQUARES).unwrap().0
}

#[test]
fn pzprjs_boards_read_back_with_their_shaded_cells() {
    let test = board(PZPRJS_TEST);
    assert_eq!((test.cols(), test.rows()), (5, 5));
    assert_eq!(blocked(&test), [0, 1, 2, 5, 18]);
    let wide = board("http://pzv.jp/p.html?simpleloop/8/7/200200a42000");
    assert_eq!((wide.cols(), wide.rows()), (8, 7));
    assert_eq!(blocked(&wide), [3, 18, 31, 33, 37, 43]);
}

/// A random board of up to 12 x 13 squares (widths of every remainder by 5), about a third
/// of its squares blocked.
fn boards() -> impl Strategy<Value = Board> {
    (1u64..=12, 1u64..=13, prop::collection::vec(0u8..3, 156)).prop_map(|(rows, cols, draws)| {
        let mut board = Board::new(rows, cols).unwrap();
        for square in 0..board.len() as u32 {
            if draws[square as usize] == 0 {
                board.block(square);
            }
        }
        board
    })
}

proptest! {
    #[test]
    fn a_board_round_trips_through_its_url(board in boards()) {
        let url = puzzlink::url(&board);
        let head = format!("https://puzz.link/p?simpleloop/{}/{}/", board.cols(), board.rows());
        prop_assert!(url.starts_with(&head), "{}", url);
        prop_assert_eq!(Board::parse_marked(&url, MAX_SQUARES), Ok((board, Default::default())));
    }
}

#[test]
fn solve_takes_a_url_and_prints_a_verified_loop() {
    let Run { stdout, status, .. } = toursat(
        &[
            "solve",
            EIGHT_BY_SEVEN,
            "--piece",
            "rook",
            "--tour",
            "closed",
        ],
        "",
    );
    assert_eq!(status, 0);
    let problem = Problem::new(board(EIGHT_BY_SEVEN), Piece::Rook, TourShape::Closed);
    let tour = read_tour(&problem, &stdout, TourSyntax::Auto).unwrap();
    assert_eq!(verify(&problem, &tour), Ok(()));
    assert_eq!(tour.len(), 56 - 6);
}

#[test]
fn count_takes_a_url_and_its_engines_agree_the_loop_is_unique() {
    let args = [
        "count",
        EIGHT_BY_SEVEN,
        "--piece",
        "rook",
        "--tour",
        "closed",
    ];
    let counted = toursat(&args, "");
    assert_eq!((counted.status, counted.stdout.as_str()), (0, "1\n"));
    let distinct = toursat(&[&args[..], &["--limit", "2"]].concat(), "");
    assert_eq!(distinct.status, 0);
    assert_eq!(distinct.stdout.lines().last(), Some("1"));
}

#[test]
fn a_file_holding_a_url_or_a_pzprv3_file_reads_as_the_url() {
    let url_file = scratch_path("board-formats-url.txt");
    std::fs::write(&url_file, format!("\n  {PZPRJS_TEST}  \n\n")).unwrap();
    let pzprv3_file = scratch_path("board-formats.pzprv3");
    std::fs::write(&pzprv3_file, PZPRJS_SOLVED).unwrap();
    let url_grid = toursat(
        &[
            "solve",
            PZPRJS_TEST,
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--format",
            "grid",
        ],
        "",
    );
    assert_eq!(url_grid.status, 0);
    for file in [&url_file, &pzprv3_file] {
        let args = [
            "solve",
            file.to_str().unwrap(),
            "--piece",
            "rook",
            "--tour",
            "closed",
        ];
        let grid = toursat(&[&args[..], &["--format", "grid"]].concat(), "");
        assert_eq!(
            (grid.status, &grid.stdout),
            (0, &url_grid.stdout),
            "{file:?}"
        );
        let url = toursat(&[&args[..], &["--format", "puzzlink"]].concat(), "");
        assert_eq!(url.stdout, format!("{PZPRJS_TEST}\n"));
    }
}

#[test]
fn verify_takes_a_url_board() {
    let solved = toursat(
        &[
            "solve",
            EIGHT_BY_SEVEN,
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--format",
            "moves",
        ],
        "",
    );
    let verified = toursat(
        &[
            "verify",
            EIGHT_BY_SEVEN,
            "-",
            "--piece",
            "rook",
            "--tour",
            "closed",
        ],
        &solved.stdout,
    );
    assert_eq!((verified.status, verified.stdout.as_str()), (0, "ok\n"));
}

#[test]
fn bad_characters_and_short_bodies_name_their_position() {
    for (url, message) in [
        (
            "https://puzz.link/p?simpleloop/5/5/sgx20",
            "character 38 of the URL: expected a base-32 digit (0-9, a-v, or A-V as pzprjs reads \
             them), found 'x'",
        ),
        (
            "https://puzz.link/p?simpleloop/8/7/200200a42",
            "character 45 of the URL: the body ends after 9 characters, the 8 x 7 grid needs 12",
        ),
        (
            "https://puzz.link/p?slither/5/5/sg020",
            "character 21 of the URL: expected the puzzle name simpleloop",
        ),
    ] {
        let Run { stderr, status, .. } =
            toursat(&["count", url, "--piece", "rook", "--tour", "closed"], "");
        assert_eq!(status, 2, "{url}");
        assert!(
            stderr.starts_with(&format!("toursat: {url}: {message}")),
            "{url}: {stderr}"
        );
    }
}

#[test]
fn a_bad_pzprv3_row_names_its_line() {
    let Run { stderr, status, .. } = toursat(
        &["solve", "-", "--piece", "rook", "--tour", "closed"],
        "pzprv3\nsimpleloop\n2\n3\n* . .\n. # .\n",
    );
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("toursat: stdin: line 6: expected a row of 3 cells"),
        "{stderr}"
    );
}

#[test]
fn a_generated_board_opens_as_its_url() {
    let gen = |format: &str| {
        let args = [
            "gen", "--kind", "random", "--rows", "9", "--cols", "11", "--seed", "3",
        ];
        toursat(&[&args[..], &["--format", format]].concat(), "")
    };
    let (file, url) = (gen("board"), gen("puzzlink"));
    assert_eq!((file.status, url.status), (0, 0));
    assert_eq!(
        url.stdout,
        format!("{}\n", puzzlink::url(&board(&file.stdout)))
    );
    let solve = |board: &str, stdin: &str| {
        let args = [
            "solve", board, "--piece", "rook", "--tour", "closed", "--format", "puzzlink",
        ];
        toursat(&args, stdin).stdout
    };
    assert_eq!(solve(url.stdout.trim(), ""), url.stdout);
    assert_eq!(solve("-", &file.stdout), url.stdout);
}

#[test]
fn gen_refuses_ends_a_url_cannot_hold() {
    let Run { stderr, status, .. } = toursat(
        &[
            "gen", "--kind", "holes", "--rows", "6", "--cols", "6", "--ends", "--format",
            "puzzlink",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("--ends"), "{stderr}");
}

#[test]
fn pzprjs_variant_urls_and_upper_case_letters_read_as_the_plain_url() {
    let variant = "https://puzz.link/p?simpleloop/v:/11/11/0408080080k400g014000024g";
    let plain = board("https://puzz.link/p?simpleloop/11/11/0408080080k400g014000024g");
    assert_eq!(board(variant), plain);
    assert_eq!(
        board("https://puzz.link/p?simpleloop/11/11/0408080080K400G014000024G"),
        plain
    );
    let solved = toursat(
        &["solve", variant, "--piece", "rook", "--tour", "closed"],
        "",
    );
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    let problem = Problem::new(plain, Piece::Rook, TourShape::Closed);
    let tour = read_tour(&problem, &solved.stdout, TourSyntax::Auto).unwrap();
    assert_eq!(verify(&problem, &tour), Ok(()));
}

#[test]
fn a_pzprv3_file_of_a_variant_is_read_as_pzprv3() {
    let variant = format!("v:\n{PZPRJS_SOLVED}");
    assert_eq!(board(&variant), board(PZPRJS_TEST));
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "-", "--piece", "rook", "--tour", "closed", "--format", "puzzlink",
        ],
        &variant,
    );
    assert_eq!((status, stdout), (0, format!("{PZPRJS_TEST}\n")));
}

#[test]
fn solve_writes_pzprjs_own_answer_file_for_its_test_puzzle() {
    // The puzzle has one loop, so toursat's file must be pzprjs's, byte for byte.
    let Run { stdout, status, .. } = toursat(
        &[
            "solve",
            PZPRJS_TEST,
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--format",
            "pzprv3",
        ],
        "",
    );
    assert_eq!((status, stdout.as_str()), (0, PZPRJS_SOLVED));
}

/// Random lines between orthogonal neighbours of `board`, about half of them drawn.
fn with_lines(board: &Board, draws: &[bool]) -> DrawnLines {
    let mut drawn = DrawnLines::new(board);
    let cols = board.cols();
    for square in 0..board.len() as u32 {
        let neighbours = [square + 1, square + cols];
        for (index, neighbour) in neighbours.into_iter().enumerate() {
            if draws[2 * square as usize + index] {
                drawn.join(square, neighbour);
            }
        }
    }
    drawn
}

proptest! {
    #[test]
    fn a_board_and_its_lines_round_trip_through_a_pzprv3_file(
        board in boards(),
        draws in prop::collection::vec(any::<bool>(), 312),
    ) {
        let drawn = with_lines(&board, &draws);
        let text = pzprv3::write(&board, &drawn);
        let read = pzprv3::read_file(&text, MAX_SQUARES).unwrap();
        prop_assert_eq!(&read.board, &board);
        // A 1 x 1 board's answer has no border, so its file reads as one without an answer.
        let read_drawn = read.drawn.unwrap_or_else(|| DrawnLines::new(&board));
        prop_assert_eq!(&read_drawn, &drawn);
        prop_assert_eq!(pzprv3::write(&read.board, &drawn), text);
    }
}

/// `args` after `toursat`, with `--piece rook --tour closed` after them.
fn rook_loop(args: &[&str], stdin: &str) -> Run {
    toursat(
        &[args, &["--piece", "rook", "--tour", "closed"]].concat(),
        stdin,
    )
}

#[test]
fn a_solved_loop_round_trips_through_pzprv3_and_is_checked_there() {
    let solved = rook_loop(&["solve", EIGHT_BY_SEVEN, "--format", "pzprv3"], "");
    assert_eq!(solved.status, 0);
    let file = scratch_path("board-formats-solved.pzprv3");
    std::fs::write(&file, &solved.stdout).unwrap();
    let path = file.to_str().unwrap();
    // The same board, and the same loop as solve writes in moves.
    let read = pzprv3::read_file(&solved.stdout, MAX_SQUARES).unwrap();
    assert_eq!(read.board, board(EIGHT_BY_SEVEN));
    let problem = Problem::new(read.board, Piece::Rook, TourShape::Closed);
    let moves = rook_loop(&["solve", EIGHT_BY_SEVEN, "--format", "moves"], "").stdout;
    let written = read_tour(&problem, &moves, TourSyntax::Moves).unwrap();
    let drawn = read_tour(&problem, &solved.stdout, TourSyntax::Auto).unwrap();
    let moves_apart = toursat::count::difference(&problem, &written, &drawn);
    assert!(moves_apart.first_only.is_empty() && moves_apart.second_only.is_empty());
    let verified = rook_loop(&["verify", path], "");
    assert_eq!((verified.status, verified.stdout.as_str()), (0, "ok\n"));
    let unique = rook_loop(&["unique", path], "");
    assert_eq!(unique.status, 0);
    assert!(
        unique
            .stdout
            .ends_with("the loop drawn in the file is the only loop\n"),
        "{}",
        unique.stdout
    );
    let json = rook_loop(&["unique", path, "--format", "json"], "");
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["drawn"]["answer"], "only loop");
}

#[test]
fn a_generated_puzzle_is_written_with_its_one_loop() {
    let args = [
        "gen", "--kind", "puzzle", "--rows", "8", "--cols", "9", "--seed", "2",
    ];
    let file = toursat(&[&args[..], &["--format", "pzprv3"]].concat(), "");
    let plain = toursat(&args, "");
    assert_eq!((file.status, plain.status), (0, 0), "{}", file.stderr);
    let read = pzprv3::read_file(&file.stdout, MAX_SQUARES).unwrap();
    assert_eq!(read.board, board(&plain.stdout));
    let path = scratch_path("board-formats-gen.pzprv3");
    std::fs::write(&path, &file.stdout).unwrap();
    let unique = rook_loop(&["unique", path.to_str().unwrap()], "");
    assert_eq!(unique.status, 0, "{}", unique.stdout);
    assert!(
        unique.stdout.ends_with("is the only loop\n"),
        "{}",
        unique.stdout
    );
}

/// `PZPRJS_SOLVED`'s cells with the answer `answer` (pzprjs's line ends `/`).
fn pzprjs_answer(answer: &str) -> String {
    let cells: Vec<&str> = PZPRJS_SOLVED.lines().take(9).collect();
    format!("{}\n{}", cells.join("\n"), answer.replace('/', "\n"))
}

#[test]
fn verify_refuses_the_answers_pzprjs_refuses() {
    // pzprjs's own failing answers of its Simple Loop test, each with what toursat says.
    for (code, answer, reason) in [
        (
            "lnBranch",
            "0 0 0 0 /0 0 1 1 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 0 1 0 /0 0 0 0 0 /\
             0 0 0 0 0 /",
            "cell 3,1 has 3 lines",
        ),
        (
            "lnDeadEnd",
            "0 0 0 0 /0 0 1 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /0 0 0 0 0 /\
             0 0 0 0 0 /",
            "the line stops at 3,1",
        ),
        (
            "ceNoLine",
            "0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /\
             0 0 0 0 0 /",
            "the pzprv3 file's answer draws no line",
        ),
    ] {
        let file = scratch_path(&format!("board-formats-{code}.pzprv3"));
        std::fs::write(&file, pzprjs_answer(answer)).unwrap();
        let Run { stdout, status, .. } = rook_loop(&["verify", file.to_str().unwrap()], "");
        assert_eq!(status, 1, "{code}: {stdout}");
        assert!(stdout.starts_with("invalid: "), "{code}: {stdout}");
        assert!(stdout.contains(reason), "{code}: {stdout}");
    }
}

#[test]
fn unique_says_when_the_drawn_lines_are_no_loop() {
    let file = scratch_path("board-formats-dead-end.pzprv3");
    let dead_end = "0 0 0 0 /0 0 1 0 /0 1 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /0 0 1 0 0 /\
                    0 0 0 0 0 /0 0 0 0 0 /";
    std::fs::write(&file, pzprjs_answer(dead_end)).unwrap();
    let unique = rook_loop(&["unique", file.to_str().unwrap()], "");
    assert_eq!(unique.status, 0, "the puzzle is unique whatever is drawn");
    assert!(
        unique
            .stdout
            .ends_with("the lines drawn in the file are no loop: the line stops at 3,1: a closed tour's lines go round in one loop\n"),
        "{}",
        unique.stdout
    );
}

#[test]
fn verify_without_a_tour_file_needs_a_pzprv3_file() {
    let Run { stderr, status, .. } = rook_loop(&["verify", EIGHT_BY_SEVEN], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("give a TOUR_FILE"), "{stderr}");
}

#[test]
fn a_bad_answer_line_names_its_line() {
    let text = pzprjs_answer("0 0 0 1 /0 1 0 0 /1 0 1 /");
    let Run { stderr, status, .. } = rook_loop(&["solve", "-"], &text);
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with(
            "toursat: stdin: line 12: expected a row of the answer's 4 borders east of a cell"
        ),
        "{stderr}"
    );
}

#[test]
fn a_pzprv3_file_packed_into_a_url_reads_as_its_board() {
    // pzprjs packs a file into a URL line by line, each percent-encoded and ended by a `/`.
    let lines: Vec<String> = PZPRJS_SOLVED
        .lines()
        .map(|line| line.replace(' ', "%20"))
        .collect();
    let packed = format!("https://puzz.link/p?type=editor&v:/{}/", lines.join("/"));
    let Run { stdout, status, .. } = rook_loop(&["solve", &packed, "--format", "puzzlink"], "");
    assert_eq!((status, stdout), (0, format!("{PZPRJS_TEST}\n")));
    let broken = packed.replace("simpleloop", "slither");
    let Run { stderr, status, .. } = rook_loop(&["count", &broken], "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("the pzprv3 file packed there (a '/' ending each line): line 3: expected the puzzle name simpleloop"),
        "{stderr}"
    );
}

/// Text made of the pieces of pzprv3 files, in any order: headers, sizes, cells, answer values,
/// line ends of both kinds.
fn pzprv3_like() -> impl Strategy<Value = String> {
    let pieces = [
        "pzprv3\n",
        "v:\n",
        "simpleloop\n",
        "1\n",
        "2\n",
        "3\n",
        "0 ",
        "1 ",
        "-1 ",
        "* ",
        ". ",
        "\n",
        "/",
        "history:{}\n",
        "%20",
        "x",
    ];
    prop::collection::vec(prop::sample::select(pieces.to_vec()), 0..60)
        .prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn pzprv3_like_text_reads_or_fails_and_what_reads_writes_back(text in pzprv3_like()) {
        let _ = Board::parse_marked(&text, 64);
        let _ = Board::parse_marked(&format!("https://puzz.link/p?{text}"), 64);
        if let Ok(file) = pzprv3::read_file(&text, 64) {
            let drawn = file.drawn.unwrap_or_else(|| DrawnLines::new(&file.board));
            let written = pzprv3::write(&file.board, &drawn);
            let again = pzprv3::read_file(&written, 64).unwrap();
            prop_assert_eq!(&again.board, &file.board);
            prop_assert_eq!(again.drawn.unwrap_or_else(|| DrawnLines::new(&file.board)), drawn);
            let problem = Problem::new(file.board, Piece::Rook, TourShape::Closed);
            let _ = read_tour(&problem, &text, TourSyntax::Pzprv3);
        }
    }
}
