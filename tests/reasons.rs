//! The reasons of no tour as a person reads them: one plain sentence naming squares as the
//! board's labels name them (`A1` the top-left corner), the argument and its facts after it
//! (`--explain`, JSON `why.details`), the named squares listed in JSON and ringed in the SVG.

mod common;

use common::{forced_knight_board, scratch, scratch_path, toursat, Run};

/// The answer line of `toursat solve` on `board` (rows of `.` and `X`) with `args`, after
/// checking that it proved no tour.
fn no_tour_line(name: &str, board: &str, args: &[&str]) -> String {
    let path = scratch(name, board);
    let Run { stdout, status, .. } =
        toursat(&[&["solve", path.to_str().unwrap()][..], args].concat(), "");
    assert_eq!(status, 1, "{stdout}");
    stdout.trim_end().to_string()
}

/// The 8 x 8 open knight's tour from A1 to H8.
const A1_TO_H8: [&str; 13] = [
    "solve", "--rows", "8", "--cols", "8", "--piece", "knight", "--tour", "open", "--start", "A1",
    "--end", "H8",
];

#[test]
fn ends_of_one_colour_are_named_with_the_rule_they_break() {
    let Run { stdout, status, .. } = toursat(&A1_TO_H8, "");
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        "no tour: A1 and H8 have the same colour, but an open knight's tour of 64 squares ends \
         on the other colour from where it starts\n"
    );
}

#[test]
fn explain_starts_with_the_argument_in_words_not_the_engine() {
    let explained = toursat(&[&A1_TO_H8[..], &["--explain"]].concat(), "");
    assert_eq!(explained.status, 1);
    let mut lines = explained.stderr.lines();
    assert_eq!(
        lines.next(),
        Some("proved by: counting light and dark squares")
    );
    let facts = lines.next().unwrap();
    assert!(
        facts.contains("the board has 32 light and 32 dark free squares"),
        "{facts}"
    );
    let silent = toursat(
        &[&A1_TO_H8[..], &["--explain", "--format", "none"]].concat(),
        "",
    );
    assert_eq!(silent.stdout, "");
    let mut lines = silent.stderr.lines();
    assert_eq!(
        lines.next().unwrap(),
        explained.stdout.trim_end(),
        "the sentence, once, where stdout holds none"
    );
    assert_eq!(
        lines.next(),
        Some("proved by: counting light and dark squares")
    );
    assert!(!silent.stderr.contains("proofs"), "{}", silent.stderr);
}

#[test]
fn json_lists_the_named_squares_by_name_and_the_facts() {
    let Run { stdout, .. } = toursat(&[&A1_TO_H8[..], &["--format", "json"]].concat(), "");
    let document: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let why = &document["why"];
    assert_eq!(why["kind"], "colour-count");
    assert_eq!(why["names"], serde_json::json!(["A1", "H8"]));
    assert_eq!(why["squares"], serde_json::json!([[0, 0], [7, 7]]));
    assert_eq!(why["even"], 32);
    assert_eq!(why["text"], document["reason"]);
    let details = why["details"].as_array().unwrap();
    assert!(
        details[0].as_str().unwrap().contains("x+y even"),
        "{details:?}"
    );
}

#[test]
fn an_end_on_the_colour_with_fewer_squares_is_named() {
    let Run { stdout, .. } = toursat(
        &[
            "solve", "--rows", "5", "--cols", "5", "--piece", "knight", "--tour", "open",
            "--start", "B1",
        ],
        "",
    );
    assert_eq!(
        stdout,
        "no tour: B1 is a dark square, but an open knight's tour of 25 squares starts and ends \
         on the colour with more squares (13 light and 12 dark)\n"
    );
}

#[test]
fn unequal_colours_are_counted_light_and_dark() {
    let line = no_tour_line(
        "reasons-colours.txt",
        "...\n.XX\n...\n",
        &["--piece", "knight", "--tour", "closed"],
    );
    assert_eq!(
        line,
        "no tour: a closed knight's tour of 7 squares alternates colours, so it needs as many \
         light squares as dark ones, but the board has 4 light and 3 dark"
    );
}

#[test]
fn a_cut_square_is_named() {
    let line = no_tour_line(
        "reasons-cut.txt",
        "..XX\n.X..\n..X.\n",
        &["--piece", "king", "--tour", "closed"],
    );
    assert_eq!(
        line,
        "no tour: every way between two parts of the board goes through C2, so a closed tour \
         would have to pass through it twice"
    );
}

#[test]
fn a_move_shortage_says_what_is_needed_and_what_the_moves_give() {
    let line = no_tour_line(
        "reasons-shortage.txt",
        ".....\n.....\n....X\n",
        &["--piece", "knight", "--tour", "closed"],
    );
    assert_eq!(
        line,
        "no tour: every knight move joins a light and a dark square, and the squares of one \
         colour need 14 tour moves, but the board's moves can give them at most 13 at once"
    );
}

#[test]
fn dead_ends_and_pockets_are_named() {
    let dead_ends = no_tour_line(
        "reasons-dead-ends.txt",
        ".X.\n.X.\n.X.\n",
        &["--piece", "king", "--tour", "open"],
    );
    assert_eq!(
        dead_ends,
        "no tour: A1, C1, A3 and C3 each have a single king move, so each would have to be an \
         end of the tour, but an open tour has only two ends"
    );
    let fixed_ends = no_tour_line(
        "reasons-fixed-ends.txt",
        ".X.\n.X.\n...\n",
        &[
            "--piece", "king", "--tour", "open", "--start", "A1", "--end", "A3",
        ],
    );
    assert_eq!(
        fixed_ends,
        "no tour: C1 has a single king move, so it would have to be an end of the tour, but the \
         tour's ends are fixed at A1 and A3"
    );
    let pockets = no_tour_line(
        "reasons-pockets.txt",
        "..X.\n....\n....\n",
        &["--piece", "knight", "--tour", "open", "--engine", "dfs"],
    );
    assert!(
        pockets.starts_with(
            "no tour: A1, A2 and D3 lie in pockets reached only through one \
             square each (B1, C3 and B2), so an open tour must end in each pocket, but it has \
             only 2 ends to place"
        ),
        "{pockets}"
    );
}

/// A 4 x 4 board whose closed knight's tours are refuted by one sealed region.
const SEALED_4X4: &str = "...X\n....\n....\n.X..\n";

#[test]
fn a_sealed_region_is_said_in_colours_and_names() {
    let line = no_tour_line(
        "reasons-sealed.txt",
        SEALED_4X4,
        &["--piece", "knight", "--tour", "closed"],
    );
    assert_eq!(
        line,
        "no tour: counting tour moves by colour shows that a closed knight's tour never leaves \
         the region of 4 squares at its dark squares, and without those moves nothing leads \
         from A1 to B1"
    );
}

#[test]
fn the_no_tour_picture_rings_the_squares_the_reason_names() {
    let board = scratch("reasons-sealed-svg.txt", SEALED_4X4);
    let picture = scratch_path("reasons-sealed.svg");
    let Run { status, .. } = toursat(
        &[
            "solve",
            board.to_str().unwrap(),
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--svg",
            picture.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, 1);
    let text = std::fs::read_to_string(&picture).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let group = document
        .descendants()
        .find(|node| node.attribute("class") == Some("named-squares"))
        .expect("a group of named squares");
    let named: Vec<(String, u64, u64)> = group
        .children()
        .filter(|node| node.has_tag_name("rect"))
        .map(|rect| {
            let at = |name| rect.attribute(name).unwrap().parse::<u64>().unwrap() / 40;
            let title = rect.first_element_child().unwrap().text().unwrap();
            (title.to_string(), at("x"), at("y"))
        })
        .collect();
    assert_eq!(
        named,
        [("A1".to_string(), 0, 0), ("B1".to_string(), 1, 0)],
        "A1 and B1, ringed where the labels put them"
    );
}

#[test]
fn forced_moves_name_where_they_start_and_the_square_they_leave_short() {
    let path = scratch("forced-short.txt", &forced_knight_board());
    let board = path.to_str().unwrap();
    let solve = |more: &[&str]| {
        let args = ["solve", board, "--piece", "knight", "--tour", "closed"];
        toursat(&[&args[..], more].concat(), "")
    };
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve(&["--explain"]);
    assert_eq!(status, 1, "{stderr}");
    assert_eq!(
        stdout,
        "no tour: a closed knight's tour uses both moves of a square that has only two left, \
         and doing so at 2 squares in turn, from A3, leaves A1 fewer than two knight moves to \
         use\n"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[..1],
        ["proved by: following the moves forced at squares with two moves left"]
    );
    assert_eq!(
        lines[2..],
        [
            "A3 uses its moves to B1 and C2",
            "E1 uses its moves to C2 and F3",
            "then A1 has fewer than two moves left: every other move from it leads to a square \
             that uses two already",
        ],
        "{stderr}"
    );
    let json = solve(&["--format", "json", "--certify"]);
    assert!(
        json.stdout.contains("\"kind\":\"forced-moves\"")
            && json.stdout.contains("\"names\":[\"A3\",\"A1\"]"),
        "{}",
        json.stdout
    );
    // The picture draws the four moves the two steps take, with a legend entry for them.
    let svg = scratch_path("forced-short.svg");
    let drawn = solve(&["--format", "none", "--svg", svg.to_str().unwrap()]);
    assert_eq!(drawn.status, 1, "{}", drawn.stderr);
    let picture = std::fs::read_to_string(&svg).unwrap();
    let forced = picture
        .split("<g class=\"forced-moves\"")
        .nth(1)
        .and_then(|group| group.split("</g>").next())
        .expect("a group of forced moves");
    assert_eq!(forced.matches("<line ").count(), 4, "{forced}");
    assert!(
        picture.contains("lines: the moves the reason forces, square by square"),
        "no legend entry for the forced moves"
    );
}
