//! Showing tours: the drawn grid, colour, SVG pictures, the JSON schema, completions, man pages.

mod common;

use common::{scratch, scratch_path, toursat, Run};
use std::collections::BTreeSet;
use std::path::PathBuf;
use toursat::format::{Format, Grid};
use toursat::{Board, Piece, Problem, Tour, TourShape};

/// `tour` of `problem` in the grid format.
fn grid(problem: &Problem, tour: &[u32], colour: bool) -> String {
    let mut out = Vec::new();
    Grid { colour }
        .write_tour(problem, &Tour::new(tour.to_vec()), &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn grid_draws_the_2x3_rook_circuit_in_box_lines() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "solve", "--rows", "2", "--cols", "3", "--piece", "rook", "--tour", "closed",
            "--format", "grid",
        ],
        "",
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
    assert_eq!(stdout, "┌───┐\n└───┘\n");
}

#[test]
fn grid_marks_open_ends_and_shades_blocked_squares() {
    let board: Board = "...\n.X.\n...\n".parse().unwrap();
    let problem = Problem::new(board, Piece::Rook, TourShape::Open);
    let drawn = grid(&problem, &[1, 2, 5, 8, 7, 6, 3, 0], false);
    assert_eq!(drawn, "○ ●─┐\n│ █ │\n└───┘\n");
}

#[test]
fn grid_draws_king_diagonals_between_rows() {
    let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::King, TourShape::Closed);
    assert_eq!(grid(&problem, &[0, 1, 2, 3], false), "•─•\n ╳ \n•─•\n");
}

#[test]
fn grid_writes_visit_numbers_for_knights() {
    let problem = Problem::new(Board::new(3, 4).unwrap(), Piece::Knight, TourShape::Open);
    let tour = [0, 6, 8, 1, 7, 4, 2, 11, 5, 3, 10, 9];
    let drawn = grid(&problem, &tour, false);
    assert_eq!(drawn, " 1  4  7 10\n 6  9  2  5\n 3 12 11  8\n");
}

#[test]
fn colour_is_never_written_to_a_pipe() {
    for piece in ["rook", "knight"] {
        let Run { stdout, status, .. } = toursat(
            &[
                "solve", "--rows", "5", "--cols", "5", "--piece", piece, "--tour", "open",
                "--format", "grid",
            ],
            "",
        );
        assert_eq!(status, 0);
        assert!(!stdout.contains('\x1b'), "{stdout}");
    }
}

#[test]
fn colour_always_colours_the_start() {
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "--rows", "2", "--cols", "3", "--piece", "rook", "--tour", "closed",
            "--format", "grid", "--color", "always",
        ],
        "",
    );
    assert_eq!(status, 0);
    assert!(stdout.starts_with("\x1b[1;32m┌\x1b[0m"), "{stdout:?}");
}

#[test]
fn progress_is_never_drawn_on_a_pipe() {
    let Run { stderr, status, .. } = toursat(
        &[
            "solve", "--rows", "6", "--cols", "6", "--piece", "knight", "--tour", "closed",
        ],
        "",
    );
    assert_eq!((status, stderr.as_str()), (0, ""));
}

/// The points of an SVG path's `d`: one per `M` or `L`.
fn path_points(d: &str) -> usize {
    d.chars().filter(|&c| c == 'M' || c == 'L').count()
}

/// Parses the SVG file at `path` and returns its path's `d` and its number of visit numbers
/// (the `<text>`s of its `<g class="visit-numbers">`).
fn read_svg(path: &PathBuf) -> (String, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let paths: Vec<_> = root
        .descendants()
        .filter(|node| node.has_tag_name("path"))
        .collect();
    assert_eq!(paths.len(), 1, "{text}");
    let d = paths[0].attribute("d").unwrap().to_string();
    let texts = root
        .descendants()
        .filter(|node| node.attribute("class") == Some("visit-numbers"))
        .flat_map(|group| group.children().filter(|node| node.has_tag_name("text")));
    (d, texts.count())
}

#[test]
fn svg_parses_and_has_one_point_per_square() {
    let path = scratch_path("knight-5x6.svg");
    let svg = path.to_str().unwrap();
    let Run { status, .. } = toursat(
        &[
            "solve", "--rows", "5", "--cols", "6", "--piece", "knight", "--tour", "open", "--svg",
            svg,
        ],
        "",
    );
    assert_eq!(status, 0);
    let (d, numbers) = read_svg(&path);
    assert_eq!(path_points(&d), 30);
    assert!(!d.ends_with('Z'), "{d}");
    assert_eq!(numbers, 30);
}

#[test]
fn svg_closes_a_closed_tour_and_skips_blocked_squares() {
    let path = scratch_path("rook-ring.svg");
    let svg = path.to_str().unwrap();
    let Run { status, .. } = toursat(
        &[
            "solve",
            "examples/boards/ring.txt",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--svg",
            svg,
        ],
        "",
    );
    assert_eq!(status, 0);
    let (d, _) = read_svg(&path);
    assert_eq!(path_points(&d), 20);
    assert!(d.ends_with('Z'), "{d}");
}

#[test]
fn svg_leaves_out_numbers_beyond_30_squares_a_side() {
    let path = scratch_path("knight-31x31.svg");
    let svg = path.to_str().unwrap();
    let Run { status, .. } = toursat(
        &[
            "solve", "--rows", "31", "--cols", "31", "--piece", "knight", "--tour", "open",
            "--svg", svg,
        ],
        "",
    );
    assert_eq!(status, 0);
    let (d, numbers) = read_svg(&path);
    assert_eq!(path_points(&d), 31 * 31);
    assert_eq!(numbers, 0);
}

/// The `<title>` of the SVG file at `path`.
fn svg_title(path: &PathBuf) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let title = document
        .descendants()
        .find(|node| node.has_tag_name("title"));
    title
        .and_then(|node| node.text())
        .unwrap_or_default()
        .to_string()
}

#[test]
fn svg_of_no_tour_gives_the_reason_in_its_title() {
    let path = scratch_path("rook-3x3-no-tour.svg");
    let svg = path.to_str().unwrap();
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "closed", "--svg",
            svg,
        ],
        "",
    );
    assert_eq!(status, 1);
    let title = svg_title(&path);
    assert!(title.ends_with(stdout.trim_end()), "{title}");
    assert!(title.contains(": no tour: "), "{title}");
    // Colours, not a sealed region: nothing is shaded.
    assert_eq!(sealed_region_squares(&path), Vec::<Vec<(u64, u64)>>::new());
}

/// The squares the rectangles of each `<g class="sealed-region">` of the SVG file at `path`
/// cover, as (column, row) pairs.
fn sealed_region_squares(path: &PathBuf) -> Vec<Vec<(u64, u64)>> {
    let text = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let number =
        |node: &roxmltree::Node, name| node.attribute(name).unwrap().parse::<u64>().unwrap();
    document
        .descendants()
        .filter(|node| node.has_tag_name("g") && node.attribute("class") == Some("sealed-region"))
        .map(|group| {
            let rects = group.children().filter(|node| node.has_tag_name("rect"));
            rects
                .flat_map(|rect| {
                    let (x, y) = (number(&rect, "x") / 40, number(&rect, "y") / 40);
                    (0..number(&rect, "width") / 40).map(move |dx| (x + dx, y))
                })
                .collect()
        })
        .collect()
}

#[test]
fn svg_of_sealed_regions_shades_them() {
    let board = scratch(
        "sealed-6x6.txt",
        "...X..\n......\n..X...\nX.....\n......\n...X..\n",
    );
    let path = scratch_path("sealed-6x6.svg");
    let args = [
        "solve",
        board.to_str().unwrap(),
        "--piece",
        "rook",
        "--tour",
        "closed",
    ];
    let Run { status, .. } = toursat(
        &[&args[..], &["--svg", path.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(status, 1);
    // The top left corner, all but the blocked 2,2: its odd squares lead out, to 3,0 and 0,3.
    let mut corner: Vec<(u64, u64)> = (0..3).flat_map(|y| (0..3).map(move |x| (x, y))).collect();
    corner.retain(|&square| square != (2, 2));
    let mut regions = sealed_region_squares(&path);
    regions
        .iter_mut()
        .for_each(|region| region.sort_by_key(|&(x, y)| (y, x)));
    assert_eq!(regions, vec![corner]);
}

#[test]
fn svg_of_a_stopped_engine_says_why_in_its_title() {
    let path = scratch_path("knight-100x100-stopped.svg");
    let svg = path.to_str().unwrap();
    let Run { status, .. } = toursat(
        &[
            "solve",
            "--rows",
            "100",
            "--cols",
            "100",
            "--piece",
            "knight",
            "--tour",
            "open",
            "--engine",
            "dfs",
            "--timeout",
            "0",
            "--svg",
            svg,
        ],
        "",
    );
    assert_eq!(status, 3);
    assert_eq!(
        svg_title(&path),
        "100 columns x 100 rows, open knight tour: timed out"
    );
}

#[test]
fn verify_draws_the_tour_it_reads() {
    let board = scratch_path("verify-2x3.txt");
    std::fs::write(&board, "...\n...\n").unwrap();
    let tour = scratch_path("verify-2x3-tour.txt");
    std::fs::write(&tour, "A1 B1 C1 C2 B2 A2\n").unwrap();
    let path = scratch_path("verify-2x3.svg");
    let Run { stdout, status, .. } = toursat(
        &[
            "verify",
            board.to_str().unwrap(),
            tour.to_str().unwrap(),
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--svg",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((status, stdout.as_str()), (0, "ok\n"));
    assert_eq!(path_points(&read_svg(&path).0), 6);
}

/// The words of docs/json.md that mark a field left out of documents it does not apply to.
const ABSENT_OTHERWISE: &str = "(absent otherwise)";

/// The fields `docs/json.md` documents, as paths like `problem.rows`, with whether a document
/// may leave the field out ([`ABSENT_OTHERWISE`]).
fn documented_fields() -> Vec<(String, bool)> {
    let docs = std::fs::read_to_string("docs/json.md").unwrap();
    let section = docs.split("## Fields").nth(1).unwrap();
    let table = section.split("## ").next().unwrap();
    table
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|line| {
            let field = line.split('`').next()?;
            Some((field.to_string(), line.contains(ABSENT_OTHERWISE)))
        })
        .collect()
}

/// The paths of every field of the objects in `value` (not inside lists).
fn fields_of(value: &serde_json::Value, prefix: &str, fields: &mut BTreeSet<String>) {
    if let Some(object) = value.as_object() {
        for (key, inner) in object {
            let path = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            fields_of(inner, &path, fields);
            fields.insert(path);
        }
    }
}

/// Checks that a document has every documented field (unless under a null) and no other.
fn follows_the_schema(json: &str) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(value["version"], 1);
    let documented = documented_fields();
    let mut present = BTreeSet::new();
    fields_of(&value, "", &mut present);
    for field in &present {
        assert!(
            documented.iter().any(|(name, _)| name == field),
            "{field} is not in docs/json.md"
        );
    }
    for (field, optional) in &documented {
        if *optional {
            continue;
        }
        let mut parents = field.match_indices('.').map(|(end, _)| &field[..end]);
        let parent_is_null = parents.any(|parent| {
            value.pointer(&format!("/{}", parent.replace('.', "/")))
                == Some(&serde_json::Value::Null)
        });
        assert!(
            parent_is_null || present.contains(field),
            "{field} is documented but missing from {json}"
        );
    }
    value
}

#[test]
fn json_documentation_lists_the_fields() {
    let fields = documented_fields();
    for field in [
        "version",
        "problem.rows",
        "answer",
        "tour",
        "statistics.sat.cuts",
    ] {
        assert!(fields.iter().any(|(name, _)| name == field), "{fields:?}");
    }
}

#[test]
fn solve_json_follows_the_schema() {
    let args = [
        "solve",
        "--rows",
        "4",
        "--cols",
        "4",
        "--blocked",
        "1,1",
        "--piece",
        "rook",
        "--tour",
        "open",
        "--start",
        "1,0",
        "--format",
        "json",
    ];
    for engine in ["dfs", "sat"] {
        let Run { stdout, status, .. } = toursat(&[&args[..], &["--engine", engine]].concat(), "");
        assert_eq!(status, 0);
        let value = follows_the_schema(&stdout);
        assert_eq!(value["answer"], "found");
        assert_eq!(
            value["problem"]["blocked_squares"],
            serde_json::json!([[1, 1]])
        );
        assert_eq!(value["tour"].as_array().unwrap().len(), 15);
    }
}

#[test]
fn no_tour_json_follows_the_schema() {
    let Run { stdout, status, .. } = toursat(
        &[
            "solve", "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "closed",
            "--format", "json",
        ],
        "",
    );
    assert_eq!(status, 1);
    let value = follows_the_schema(&stdout);
    assert_eq!(value["answer"], "no tour");
    assert!(value["reason"].is_string());
    assert!(value["tour"].is_null());
}

#[test]
fn decode_json_follows_the_schema() {
    let model = scratch_path("unsat.out");
    std::fs::write(&model, "s UNSATISFIABLE\n").unwrap();
    let Run { stdout, status, .. } = toursat(
        &[
            "decode",
            model.to_str().unwrap(),
            "--rows",
            "2",
            "--cols",
            "3",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(status, 5);
    let value = follows_the_schema(&stdout);
    assert_eq!(value["answer"], "unconfirmed");
    assert!(value["statistics"].is_null());
}

#[test]
fn verify_json_follows_the_schema() {
    let board = scratch_path("verify-json-2x3.txt");
    std::fs::write(&board, "...\n...\n").unwrap();
    let tour = scratch_path("verify-json-tour.txt");
    std::fs::write(&tour, "A1 B1 C1 C2 A2 B2\n").unwrap();
    let Run { stdout, status, .. } = toursat(
        &[
            "verify",
            board.to_str().unwrap(),
            tour.to_str().unwrap(),
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--json",
        ],
        "",
    );
    assert_eq!(status, 1);
    let value = follows_the_schema(&stdout);
    assert_eq!(value["answer"], "invalid");
    assert!(value["reason"].is_string());
    assert_eq!(value["tour"].as_array().unwrap().len(), 6);
}

#[test]
fn completions_are_written_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(&["completions", shell], "");
        assert_eq!((status, stderr.as_str()), (0, ""));
        assert!(stdout.contains("toursat"), "{shell}: {stdout}");
        assert!(stdout.contains("piece"), "{shell}");
    }
}

#[test]
fn man_page_renders_as_roff() {
    let Run { stdout, status, .. } = toursat(&["man"], "");
    assert_eq!(status, 0);
    assert!(stdout.contains(".TH toursat 1"), "{stdout}");
    assert!(stdout.contains(".SH NAME"));
    assert!(stdout.contains("solve"));
}

#[test]
fn man_page_of_a_command_renders() {
    let Run { stdout, status, .. } = toursat(&["man", "judge", "rook-circuit"], "");
    assert_eq!(status, 0);
    assert!(
        stdout.contains(".TH toursat-judge-rook-circuit"),
        "{stdout}"
    );
    let Run { stderr, status, .. } = toursat(&["man", "nonsense"], "");
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("toursat: man: no command \"nonsense\" here; the commands are judge, "),
        "{stderr}"
    );
}

/// The texts of the `<g class="CLASS">` of the SVG file at `path`.
fn svg_texts(path: &PathBuf, class: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let group = document
        .descendants()
        .find(|node| node.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no group {class}"));
    let texts = group.children().filter(|node| node.has_tag_name("text"));
    texts
        .map(|node| node.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn svg_names_files_and_ranks_and_scales() {
    let path = scratch_path("knight-5x6-labels.svg");
    let args = [
        "solve", "--rows", "5", "--cols", "6", "--piece", "knight", "--tour", "open",
    ];
    let Run { status, .. } = toursat(
        &[&args[..], &["--svg", path.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(status, 0);
    let labels = svg_texts(&path, "labels");
    assert_eq!(
        labels,
        ["A", "B", "C", "D", "E", "F", "1", "2", "3", "4", "5"]
    );
    // The picture asks to be shown at least 40 pixels a square (tests/pictures.rs: legibility).
    let text = std::fs::read_to_string(&path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let width = document.root_element().attribute("width").unwrap();
    assert!(width.parse::<f64>().unwrap() >= 6.0 * 40.0, "{width}");
    let caption = svg_texts(&path, "caption").join(" ");
    assert_eq!(
        caption,
        "tour found: 30 squares, open knight tour, verified"
    );
}

#[test]
fn svg_of_no_tour_says_the_reason_and_marks_the_fixed_ends() {
    let path = scratch_path("rook-3x3-start.svg");
    let args = [
        "solve", "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "open",
    ];
    let ends = ["--start", "A1", "--end", "B1"];
    let Run { stdout, status, .. } = toursat(
        &[&args[..], &ends, &["--svg", path.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(status, 1);
    let caption = svg_texts(&path, "caption").join(" ");
    assert_eq!(caption, stdout.trim_end());
    let text = std::fs::read_to_string(&path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let circle = |class: &str| {
        let node = document
            .descendants()
            .find(|node| node.has_tag_name("circle") && node.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no {class} mark"));
        (
            node.attribute("cx").unwrap().to_string(),
            node.attribute("cy").unwrap().to_string(),
        )
    };
    assert_eq!(circle("start"), ("20".to_string(), "20".to_string()));
    assert_eq!(circle("end"), ("60".to_string(), "20".to_string()));
}

#[test]
fn svg_of_sealed_regions_dashes_the_moves_that_would_cross_them() {
    let board = scratch(
        "sealed-6x6-crossing.txt",
        "...X..\n......\n..X...\nX.....\n......\n...X..\n",
    );
    let path = scratch_path("sealed-6x6-crossing.svg");
    let args = [
        "solve",
        board.to_str().unwrap(),
        "--piece",
        "rook",
        "--tour",
        "closed",
    ];
    let Run { status, .. } = toursat(
        &[&args[..], &["--svg", path.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(status, 1);
    let text = std::fs::read_to_string(&path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let group = document
        .descendants()
        .find(|node| node.attribute("class") == Some("crossing-moves"))
        .expect("the crossing moves");
    let number =
        |node: &roxmltree::Node, name| node.attribute(name).unwrap().parse::<u64>().unwrap();
    let mut moves: Vec<[(u64, u64); 2]> = group
        .children()
        .filter(|node| node.has_tag_name("line"))
        .map(|line| {
            let square = |x, y| ((number(&line, x) - 20) / 40, (number(&line, y) - 20) / 40);
            [square("x1", "y1"), square("x2", "y2")]
        })
        .collect();
    moves.sort();
    // The corner region's odd squares 2,1 and 1,2 lead out to 3,1 and 1,3.
    assert_eq!(moves, [[(1, 2), (1, 3)], [(2, 1), (3, 1)]]);
}
