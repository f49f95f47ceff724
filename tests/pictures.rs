//! The SVG pictures read back as a person looks at them: each names its files and ranks, says
//! its answer in a caption within its width, explains its marks in a legend and is legible at
//! its natural size; a generated puzzle is drawn blank unless its solution is asked for.

mod common;

use common::{scratch_path, toursat, Run};
use roxmltree::{Document, Node};
use toursat::{verify, Board, Piece, Problem, Tour, TourShape};

/// The smallest font, in pixels at the picture's natural size, that a person reads easily.
const LEGIBLE: f64 = 10.0;

/// A wide estimate of a character's width in a sans-serif font, in font sizes.
const CHARACTER: f64 = 0.55;

/// Runs toursat with `args` and `--svg` a scratch file named `name`: the run and the picture.
fn drawn(args: &[&str], name: &str) -> (Run, String) {
    let path = scratch_path(name);
    let _ = std::fs::remove_file(&path);
    let run = toursat(&[args, &["--svg", path.to_str().unwrap()]].concat(), "");
    let picture = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("no picture ({error}): {}", run.stderr));
    (run, picture)
}

/// The group of class `class`.
fn group<'a>(document: &'a Document, class: &str) -> Node<'a, 'a> {
    document
        .descendants()
        .find(|node| node.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no group {class}"))
}

/// The texts inside the group of class `class`, in order.
fn texts(document: &Document, class: &str) -> Vec<String> {
    group(document, class)
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| node.text().unwrap_or_default().to_string())
        .collect()
}

/// The words of the legend's entries, each entry with a swatch drawn beside its words.
fn legend(document: &Document) -> Vec<String> {
    group(document, "legend")
        .children()
        .filter(|node| node.attribute("class") == Some("legend-entry"))
        .map(|entry| {
            let swatches = entry
                .children()
                .filter(|node| node.is_element() && !node.has_tag_name("text"));
            assert_eq!(swatches.count(), 1, "a swatch beside each entry's words");
            let words = entry.children().find(|node| node.has_tag_name("text"));
            words
                .and_then(|node| node.text())
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// The picture's title.
fn title(document: &Document) -> String {
    let node = document
        .descendants()
        .find(|node| node.has_tag_name("title"));
    node.and_then(|node| node.text())
        .unwrap_or_default()
        .to_string()
}

/// The scale that the transforms of `node`'s ancestors apply.
fn scale(node: Node) -> f64 {
    node.ancestors()
        .filter_map(|ancestor| ancestor.attribute("transform"))
        .filter_map(|transform| transform.split("scale(").nth(1))
        .map(|rest| rest.trim_end_matches(')').parse::<f64>().unwrap())
        .product()
}

/// The size in pixels, at the picture's natural size, of the font of a text.
fn font_pixels(text: Node) -> f64 {
    let size = text
        .ancestors()
        .find_map(|node| node.attribute("font-size"))
        .expect("a font size")
        .parse::<f64>()
        .unwrap();
    size * scale(text)
}

/// The picture's natural width in pixels, its `viewBox`'s, as it asks to be shown.
fn natural_width(document: &Document) -> f64 {
    let root = document.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|number| number.parse().unwrap())
        .collect();
    assert_eq!(view_box[2], width, "one unit a pixel");
    width
}

/// Checks that every text is legible at the natural size and every line of the caption and
/// the legend ends within the picture.
fn assert_legible(document: &Document) {
    let width = natural_width(document);
    for text in document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
    {
        let pixels = font_pixels(text);
        assert!(
            pixels >= LEGIBLE,
            "{:?} at {pixels} px",
            text.text().unwrap_or_default()
        );
    }
    for class in ["caption", "legend"] {
        let Some(group) = document
            .descendants()
            .find(|node| node.attribute("class") == Some(class))
        else {
            continue;
        };
        let lines = group.descendants().filter(|node| node.has_tag_name("text"));
        for line in lines {
            let x: f64 = line.attribute("x").unwrap().parse().unwrap();
            let words = line.text().unwrap_or_default();
            let end = x + words.chars().count() as f64 * CHARACTER * font_pixels(line);
            assert!(end <= width, "{words:?} ends at {end} of {width} px");
        }
    }
}

/// Checks the file letters and rank numbers of a board of `cols` x `rows`.
fn assert_labels(document: &Document, cols: u32, rows: u32) {
    let letters = (0..cols).map(|x| char::from(b'A' + x as u8).to_string());
    let numbers = (1..=rows).map(|y| y.to_string());
    let expected: Vec<String> = letters.chain(numbers).collect();
    assert_eq!(texts(document, "labels"), expected);
}

/// The number of moves drawn by the path of class `class` (one `M` a move).
fn moves_drawn(document: &Document, class: &str) -> usize {
    let path = document
        .descendants()
        .find(|node| node.has_tag_name("path") && node.attribute("class") == Some(class));
    path.map_or(0, |path| path.attribute("d").unwrap().matches('M').count())
}

/// A Simple Loop puzzle of 7 columns and 6 rows with one loop (made by `gen --kind puzzle`).
const PUZZLE_7_BY_6: &str = "https://puzz.link/p?simpleloop/7/6/gcjkhlh08";

#[test]
fn a_difference_picture_says_which_loop_makes_which_moves() {
    let args = [
        "unique", "--rows", "4", "--cols", "5", "--piece", "rook", "--tour", "closed",
    ];
    let (run, picture) = drawn(&args, "difference-4x5.svg");
    assert_eq!(run.status, 5, "not unique: {}", run.stderr);
    let document = Document::parse(&picture).unwrap();
    assert!(
        title(&document).starts_with("5 columns x 4 rows, closed rook tour: not unique"),
        "{}",
        title(&document)
    );
    assert_labels(&document, 5, 4);
    assert_eq!(
        legend(&document),
        [
            "moves both loops make",
            "moves only the first loop makes",
            "moves only the second loop makes"
        ]
    );
    let caption = texts(&document, "caption").join(" ");
    let first_only = moves_drawn(&document, "first-only");
    assert!(first_only > 0 && moves_drawn(&document, "second-only") > 0);
    assert_eq!(
        caption,
        format!("not unique: two loops differ in {first_only} of their 20 moves")
    );
    assert_legible(&document);
}

#[test]
fn a_backbone_picture_of_a_puzzlink_url_counts_columns_first_and_explains_its_marks() {
    let args = [
        "unique",
        PUZZLE_7_BY_6,
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--backbone",
    ];
    let (run, picture) = drawn(&args, "backbone-7x6.svg");
    assert_eq!(run.status, 0, "unique: {}", run.stderr);
    let document = Document::parse(&picture).unwrap();
    assert!(
        title(&document).starts_with("7 columns x 6 rows, "),
        "{}",
        title(&document)
    );
    assert_labels(&document, 7, 6);
    assert_eq!(
        legend(&document),
        [
            "shaded cell: the loop does not visit it",
            "forced: every loop makes it",
            "open: some loops make it, some not",
            "impossible: no loop makes it"
        ]
    );
    let forced = moves_drawn(&document, "forced");
    let caption = texts(&document, "caption").join(" ");
    assert!(
        caption.starts_with(&format!("{forced} moves forced, ")),
        "{caption} ({forced} drawn)"
    );
    assert_legible(&document);
}

#[test]
fn a_knight_s_tour_has_legible_numbers_on_discs_above_its_path() {
    let args = [
        "solve", "--rows", "8", "--cols", "8", "--piece", "knight", "--tour", "closed",
    ];
    let (run, picture) = drawn(&args, "knight-8x8.svg");
    assert_eq!(run.status, 0);
    let document = Document::parse(&picture).unwrap();
    assert!(natural_width(&document) >= 400.0);
    assert_labels(&document, 8, 8);
    assert_eq!(
        texts(&document, "caption"),
        ["tour found: 64 squares, closed knight tour, verified"]
    );
    assert_eq!(legend(&document)[0], "the tour; the numbers give its order");
    let path = document
        .descendants()
        .position(|node| node.has_tag_name("path"))
        .expect("the tour's path");
    let numbers = group(&document, "visit-numbers");
    let mut seen = 0;
    for text in numbers.children().filter(|node| node.has_tag_name("text")) {
        // A white disc at the number's centre, drawn after the path, so above it.
        let disc = text
            .prev_sibling_element()
            .expect("a disc before each number");
        assert_eq!(disc.tag_name().name(), "circle");
        assert_eq!(disc.attribute("fill"), Some("#ffffff"));
        assert_eq!(
            (disc.attribute("cx"), disc.attribute("cy")),
            (text.attribute("x"), text.attribute("y"))
        );
        let order = document
            .descendants()
            .position(|node| node == disc)
            .unwrap();
        assert!(order > path);
        seen += 1;
    }
    assert_eq!(seen, 64);
    assert_legible(&document);
}

#[test]
fn a_no_tour_caption_is_the_answer_wrapped_in_a_few_lines() {
    let args = [
        "solve", "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "closed",
    ];
    let (run, picture) = drawn(&args, "rook-3x3-caption.svg");
    assert_eq!(run.status, 1);
    let document = Document::parse(&picture).unwrap();
    let lines = texts(&document, "caption");
    assert!((2..=4).contains(&lines.len()), "{lines:?}");
    assert_eq!(lines.join(" "), run.stdout.trim_end());
    assert_labels(&document, 3, 3);
    // The reason counts colours: the legend says which squares are of which.
    assert_eq!(
        legend(&document),
        ["light squares: one colour", "grey squares: the other"]
    );
    assert_legible(&document);
}

#[test]
fn gen_draws_the_blank_puzzle_and_on_request_its_verified_loop() {
    let board_path = scratch_path("gen-puzzle-6x7.txt");
    let args = [
        "gen",
        "--kind",
        "puzzle",
        "--rows",
        "6",
        "--cols",
        "7",
        "--seed",
        "2",
        "-o",
        board_path.to_str().unwrap(),
    ];
    let (run, picture) = drawn(&args, "gen-puzzle-blank.svg");
    assert_eq!((run.status, run.stderr.as_str()), (0, ""));
    let board: Board = std::fs::read_to_string(&board_path)
        .unwrap()
        .parse()
        .unwrap();
    let document = Document::parse(&picture).unwrap();
    assert!(
        title(&document).starts_with("7 columns x 6 rows"),
        "{}",
        title(&document)
    );
    assert_labels(&document, 7, 6);
    // No loop, no numbers: the shaded cells alone, as many as the board file blocks.
    // A puzzle's grid: white cells and the lines between them, no loop.
    let paths: Vec<_> = document
        .descendants()
        .filter(|node| node.has_tag_name("path"))
        .map(|node| node.attribute("class"))
        .collect();
    assert_eq!(paths, [Some("grid")]);
    assert!(!picture.contains("visit-numbers"));
    let shaded: u64 = group(&document, "blocked")
        .children()
        .filter(|node| node.has_tag_name("rect"))
        .map(|rect| rect.attribute("width").unwrap().parse::<u64>().unwrap() / 40)
        .sum();
    assert_eq!(shaded as usize, board.len() - board.free_count());
    assert_eq!(
        legend(&document),
        ["shaded cell: the loop does not visit it"]
    );
    assert!(texts(&document, "caption")
        .join(" ")
        .starts_with("Simple Loop puzzle: draw one loop"));
    assert_legible(&document);

    let solved_args = [&args[..], &["--svg-solution"]].concat();
    let (run, picture) = drawn(&solved_args, "gen-puzzle-solved.svg");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let document = Document::parse(&picture).unwrap();
    let path = document
        .descendants()
        .find(|node| node.has_tag_name("path"))
        .expect("the loop");
    let squares: Vec<u32> = path
        .attribute("d")
        .unwrap()
        .trim_end_matches('Z')
        .split(['M', 'L'])
        .filter(|point| !point.is_empty())
        .map(|point| {
            let xy: Vec<u32> = point.split(' ').map(|n| n.parse().unwrap()).collect();
            board.square(xy[0] / 40, xy[1] / 40)
        })
        .collect();
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    verify(&problem, &Tour::new(squares)).expect("the loop drawn is the puzzle's loop");
    assert_legible(&document);
}

#[test]
fn gen_svg_is_for_one_board() {
    let Run { status, stderr, .. } = toursat(
        &[
            "gen",
            "--kind",
            "random",
            "--rows",
            "4",
            "--cols",
            "4",
            "--count",
            "2",
            "--out-dir",
            "/tmp/toursat-gen-svg",
            "--svg",
            "/tmp/toursat-gen.svg",
        ],
        "",
    );
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("--svg"), "{stderr}");
}
