//! The reasoning solver, its hints and its grades: every step it takes agrees with every loop a
//! plain depth-first search enumerates on random small boards, and `toursat hint` shows the
//! steps.

mod common;

use common::loops::{every_circuit, random_board, Move};
use common::{scratch, scratch_dir, toursat};
use std::collections::BTreeSet;
use toursat::count::{backbone, Verdict};
use toursat::deduce::{self, End, Grade, Level, MoveState, Reasoner, Rule};
use toursat::engine::Limits;
use toursat::{gen, Board, Piece, Problem, TourShape};

/// Random small boards: planted ones (each with a loop, many with several) and randomly shaded
/// ones (most without a loop).
fn small_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for (rows, cols) in [(4, 4), (4, 5), (5, 4), (5, 5), (4, 6), (6, 4), (5, 6)] {
        for (fill, perturb) in [(1.0, 0), (1.0, 4), (0.8, 2), (0.6, 6), (1.0, 12)] {
            for seed in 1..=8 {
                boards.push(gen::planted(rows, cols, fill, perturb, seed).unwrap().board);
            }
        }
        for seed in 1..=12 {
            boards.push(
                random_board(rows as u32, cols as u32, 8, seed)
                    .parse()
                    .unwrap(),
            );
        }
    }
    boards
}

#[test]
fn every_deduction_agrees_with_every_loop_on_random_small_boards() {
    let (mut boards_with_loops, mut solved, mut stuck, mut decided) = (0, 0, 0, 0);
    let mut rules_seen = BTreeSet::new();
    for board in small_boards() {
        if board.free_count() < 4 {
            continue;
        }
        let text = board.to_string();
        let circuits = every_circuit(&board);
        let path = deduce::solve(&board);
        if circuits.is_empty() {
            assert!(!matches!(path.end, End::Solved), "{text}");
            continue;
        }
        boards_with_loops += 1;
        for step in &path.steps {
            rules_seen.insert(step.rule.name());
            for decision in &step.decided {
                let squares: Move = decision.squares;
                let made = |circuit: &Vec<Move>| circuit.contains(&squares);
                match decision.state {
                    MoveState::Used => assert!(
                        circuits.iter().all(made),
                        "{text}{:?} used {squares:?}, which a loop does not make",
                        step.rule
                    ),
                    _ => assert!(
                        !circuits.iter().any(made),
                        "{text}{:?} excluded {squares:?}, which a loop makes",
                        step.rule
                    ),
                }
                decided += 1;
            }
        }
        match &path.end {
            End::Solved => {
                solved += 1;
                assert_eq!(circuits.len(), 1, "{text}");
                let used: BTreeSet<Move> = path
                    .steps
                    .iter()
                    .flat_map(|step| &step.decided)
                    .filter(|decision| decision.state == MoveState::Used)
                    .map(|decision| decision.squares)
                    .collect();
                let circuit: BTreeSet<Move> = circuits.first().unwrap().iter().copied().collect();
                assert_eq!(used, circuit, "{text}");
            }
            End::NoLoop(_) => panic!("{text}: no loop claimed, {} found", circuits.len()),
            End::Stuck(cells) => {
                stuck += 1;
                assert!(!cells.is_empty(), "{text}");
            }
        }
    }
    assert!(boards_with_loops >= 200, "{boards_with_loops}");
    assert!(
        solved >= 50 && stuck >= 20,
        "{solved} solved, {stuck} stuck"
    );
    assert!(decided >= 3000, "{decided}");
    for rule in [Rule::TwoOpenNeighbours, Rule::FullCell, Rule::NoEarlyClose] {
        assert!(rules_seen.contains(rule.name()), "{rule} never applied");
    }
}

/// Larger boards, one loop or several: planted ones with their bumps moved, and generated
/// puzzles at a quarter shaded.
fn larger_boards() -> Vec<Board> {
    let mut boards = Vec::new();
    for (rows, cols) in [(8, 8), (9, 10), (12, 12)] {
        for seed in 1..=6 {
            boards.push(gen::planted(rows, cols, 0.9, 6, seed).unwrap().board);
        }
    }
    for size in [10, 14, 20, 30] {
        for seed in 1..=4 {
            boards.push(gen::puzzle(size, size, Some(0.25), seed, &Limits::none()).unwrap());
        }
    }
    boards
}

#[test]
fn every_deduction_agrees_with_the_backbone_on_larger_boards() {
    let mut rules_seen = BTreeSet::new();
    let mut solved = 0;
    for board in larger_boards() {
        let text = board.to_string();
        let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
        let found = backbone(&problem, &Limits::none()).unwrap();
        let path = deduce::solve(&board);
        for step in &path.steps {
            rules_seen.insert(step.rule.name());
            for decision in &step.decided {
                let listed = match decision.state {
                    MoveState::Used => &found.forced,
                    _ => &found.impossible,
                };
                assert!(
                    listed.binary_search(&decision.squares).is_ok(),
                    "{text}{:?} decided {:?} {:?} against the backbone",
                    step.rule,
                    decision.squares,
                    decision.state
                );
            }
        }
        match (&path.end, &found.verdict) {
            (End::Solved, Verdict::Unique(_)) => solved += 1,
            (End::Solved, _) => panic!("{text}: solved, but the board has no single loop"),
            (End::NoLoop(_), verdict) => assert_eq!(verdict, &Verdict::NoTour, "{text}"),
            (End::Stuck(_), _) => {}
        }
    }
    assert!(solved >= 6, "{solved}");
    let every_rule: BTreeSet<&str> = Rule::ALL.iter().map(Rule::name).collect();
    assert_eq!(rules_seen, every_rule, "every rule is checked");
}

#[test]
fn a_ring_is_easy_and_its_moves_open_after_the_trivial_rules_are_none() {
    let board: Board = "....\n.XX.\n....\n".parse().unwrap();
    assert_eq!(deduce::grade(&board), Grade::Easy);
    assert_eq!(deduce::trivial_open_share(&board), 0.0);
}

#[test]
fn an_open_board_with_several_loops_needs_trial() {
    let board: Board = "....\n....\n....\n....\n".parse().unwrap();
    let path = deduce::solve(&board);
    assert_eq!(path.grade(), Grade::NeedsTrial);
    // The trivial rules decide the corners' two moves each and nothing else: 8 of 24 moves.
    assert_eq!(deduce::trivial_open_share(&board), 16.0 / 24.0);
}

#[test]
fn a_board_with_odd_cells_has_no_loop() {
    let board: Board = "...\n...\n...\n".parse().unwrap();
    assert_eq!(deduce::grade(&board), Grade::NoLoop);
}

/// A 3 x 4 ring round two shaded cells: one loop, drawn by the trivial rules.
const RING: &str = "....\n.XX.\n....\n";

#[test]
fn hint_prints_the_first_step_with_its_rule_sentence_and_moves() {
    let board = scratch("hint-ring.txt", RING);
    let run = toursat(&["hint", board.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    let first = lines.next().unwrap();
    assert!(first.starts_with("step 1 of "), "{first}");
    assert!(
        first.ends_with(
            ": two-open-neighbours (trivial): A1 has only two possible moves left, so the loop \
             makes both."
        ),
        "{first}"
    );
    assert_eq!(lines.next(), Some("  uses A1-B1 A1-A2"));
    let last = lines.next().unwrap();
    assert!(last.starts_with("grade: easy ("), "{last}");
    assert!(lines.next().is_none());
}

#[test]
fn hint_all_as_json_lists_every_step_and_the_verified_loop() {
    let board = scratch("hint-json.txt", RING);
    let run = toursat(
        &["hint", board.to_str().unwrap(), "--all", "--format", "json"],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let document: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(document["grade"], "easy");
    assert_eq!(document["end"], "solved");
    let steps = document["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, document["step_count"].as_u64().unwrap());
    let used: usize = steps
        .iter()
        .map(|step| step["used"].as_array().unwrap().len())
        .sum();
    assert_eq!(used, 10, "the loop's ten moves, each used once");
    let tour = document["tour"].as_array().unwrap();
    assert_eq!(tour.len(), 10);
    assert_eq!(tour[0], serde_json::json!([0, 0]));
}

#[test]
fn hint_svg_draws_one_picture_a_step_with_a_caption_and_a_legend() {
    let board = scratch("hint-svg.txt", RING);
    let directory = scratch_dir("hint-svg-steps");
    let run = toursat(
        &[
            "hint",
            board.to_str().unwrap(),
            "--all",
            "--svg",
            directory.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let json = toursat(&["hint", board.to_str().unwrap(), "--format", "json"], "");
    let document: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let steps = document["step_count"].as_u64().unwrap();
    let pictures = std::fs::read_dir(&directory).unwrap().count();
    assert_eq!(pictures as u64, steps);
    let last = std::fs::read_to_string(directory.join(format!("step-{steps}.svg"))).unwrap();
    let document = roxmltree::Document::parse(&last).unwrap();
    let class_of = |class: &str| {
        document
            .descendants()
            .filter(|node| node.attribute("class") == Some(class))
            .count()
    };
    assert!(class_of("caption") > 0);
    assert_eq!(class_of("legend"), 1);
    assert_eq!(class_of("used"), 1);
    assert!(last.contains(&format!("Step {steps} of {steps}")));
}

#[test]
fn hint_on_a_board_without_a_loop_says_so_with_status_1() {
    let board = scratch("hint-odd.txt", "...\n...\n...\n");
    let run = toursat(&["hint", board.to_str().unwrap(), "--all"], "");
    assert_eq!(run.status, 1, "{}", run.stdout);
    assert!(run.stdout.contains("no loop"), "{}", run.stdout);
}

#[test]
fn hint_refuses_a_bad_board_naming_the_line() {
    let run = toursat(&["hint", "-"], "....\n..?.\n");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("line 2"), "{}", run.stderr);
}

#[test]
fn unique_reports_the_grade_of_a_unique_rook_circuit_only() {
    let board = scratch("unique-grade.txt", RING);
    let args = [
        "unique",
        board.to_str().unwrap(),
        "--piece",
        "rook",
        "--tour",
        "closed",
    ];
    let text = toursat(&args, "");
    assert_eq!(text.status, 0);
    assert!(text.stdout.contains("\ngrade: easy ("), "{}", text.stdout);
    let json = toursat(&[&args[..], &["--format", "json"]].concat(), "");
    let document: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(document["grade"], "easy");
    let several = toursat(
        &[
            "unique", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
            "--format", "json",
        ],
        "",
    );
    assert_eq!(several.status, 5);
    let document: serde_json::Value = serde_json::from_str(&several.stdout).unwrap();
    assert!(document.get("grade").is_none());
}

#[test]
fn a_grade_is_the_weakest_level_of_rules_that_finishes_the_puzzle() {
    let medium: Board =
        "X......X\nX......X\n...XX...\n....X...\nX...XXX.\nX.X..X..\n..X..X..\n........\n"
            .parse()
            .unwrap();
    let hard: Board = "X.........\nX.........\n..XX..XXX.\n..XX......\n..........\n\
                       ......XX..\n.XX..X....\n....XX..X.\n....X.....\nXX....XX..\n"
        .parse()
        .unwrap();
    for (board, grade, level) in [
        (medium, Grade::Medium, Level::Medium),
        (hard, Grade::Hard, Level::Hard),
    ] {
        assert_eq!(deduce::grade(&board), grade, "{board}");
        let below = match level {
            Level::Hard => Level::Medium,
            _ => Level::Easy,
        };
        let weaker = Reasoner::new(&board).run(below);
        assert!(matches!(weaker.end, End::Stuck(_)), "{board}");
        assert_eq!(Reasoner::new(&board).run(level).end, End::Solved, "{board}");
    }
}
