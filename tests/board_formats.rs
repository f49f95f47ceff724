//! Boards from the setters' formats: puzz.link URLs and pzprv3 files read wherever a board is,
//! and `--format puzzlink` writing a board's URL back.

mod common;

use common::{scratch_path, toursat, Run};
use proptest::prelude::*;
use toursat::core::board::{puzzlink, MAX_SQUARES};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// pzprjs's own Simple Loop test board.
const PZPRJS_TEST: &str = "https://puzz.link/p?simpleloop/5/5/sg020";

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
    std::fs::write(
        &pzprv3_file,
        "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n. . . * . \n. . . . . \n\
         0 0 0 1 \n0 1 0 0 \n",
    )
    .unwrap();
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
            "character 38 of the URL: expected a base-32 digit (0-9, a-v), found 'x'",
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
