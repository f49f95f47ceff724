//! The SAT engine from the command line: `--engine sat`, `dimacs` and `decode`.

mod common;

use common::{scratch_path, toursat, Run};
use std::path::{Path, PathBuf};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// The repository's example file `name`.
fn example(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "examples", name]
        .iter()
        .collect();
    path.display().to_string()
}

/// The closed knight's tour of the 6 x 6 board, as command-line flags.
const KNIGHT_6X6: [&str; 8] = [
    "--rows", "6", "--cols", "6", "--piece", "knight", "--tour", "closed",
];

/// The 4 x 6 ring board of `examples/boards/ring.txt`, rook, closed.
fn ring_problem() -> Problem {
    let text = std::fs::read_to_string(example("boards/ring.txt")).unwrap();
    Problem::new(
        text.parse::<Board>().unwrap(),
        Piece::Rook,
        TourShape::Closed,
    )
}

#[test]
fn every_encoding_solves_the_ring_board_with_a_verified_tour() {
    let problem = ring_problem();
    for encoding in ["cutset", "cutset-arcs", "position", "crt"] {
        let ring = example("boards/ring.txt");
        let args = [
            "solve",
            &ring,
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--engine",
            "sat",
            "--encoding",
            encoding,
        ];
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(&args, "");
        assert_eq!(status, 0, "{encoding}: {stderr}");
        let tour = read_tour(&problem, &stdout, TourSyntax::Squares).unwrap();
        verify(&problem, &tour).unwrap();
    }
}

#[test]
fn no_merge_still_finds_a_tour_and_reports_sat_statistics() {
    let args = [
        "solve",
        "--rows",
        "12",
        "--cols",
        "12",
        "--blocked",
        "3,4 8,8",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--engine",
        "sat",
        "--no-merge",
        "--stats",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("encoding: cutset\n"), "{stderr}");
    assert!(stderr.contains("merges: 0\n"), "{stderr}");
}

#[test]
fn a_sat_option_without_engine_chooses_the_sat_engine() {
    let board: Board = "......\n".repeat(6).parse().unwrap();
    let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
    let run = |option: &[&str]| {
        let args = [&["solve"][..], &KNIGHT_6X6, option, &["--stats"]].concat();
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = toursat(&args, "");
        assert_eq!(status, 0, "{option:?}: {stderr}");
        verify(
            &problem,
            &read_tour(&problem, &stdout, TourSyntax::Squares).unwrap(),
        )
        .unwrap();
        stderr
    };
    // auto answers the 6 x 6 knight's tour by search ...
    assert!(run(&[]).contains("engine: dfs\n"));
    // ... and a SAT option asks for the SAT engine.
    for (option, engine) in [
        (
            &["--encoding", "cutset-arcs"][..],
            "engine: sat:cutset-arcs\n",
        ),
        (&["--no-merge"][..], "engine: sat:cutset\n"),
        (&["--complete-after", "8"][..], "engine: sat:cutset\n"),
    ] {
        let stderr = run(option);
        assert!(stderr.contains(engine), "{option:?}: {stderr}");
    }
}

#[test]
fn a_sat_option_beside_an_engine_that_does_not_run_sat_is_refused() {
    let Run { stderr, status, .. } = toursat(
        &[
            &["solve"][..],
            &KNIGHT_6X6,
            &["--engine", "dfs", "--no-merge"],
        ]
        .concat(),
        "",
    );
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr
            .contains("--no-merge is an option of the SAT engine, which --engine dfs does not run"),
        "{stderr}"
    );
    // The judge's own sample, so that only the refusal can make the status 2.
    let journey = std::fs::read_to_string(example("journey.in")).unwrap();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(
        &[
            "judge",
            "knights-journey",
            "--engine",
            "construct",
            "--encoding",
            "crt",
        ],
        &journey,
    );
    assert_eq!(status, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("--encoding is an option of the SAT engine, which --engine construct"),
        "{stderr}"
    );
}

#[test]
fn unknown_encodings_are_usage_errors() {
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
        "sat",
        "--encoding",
        "unary",
    ];
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("invalid value 'unary' for '--encoding <NAME>'")
            && stderr.contains("[possible values: cutset, cutset-arcs, position, crt]"),
        "{stderr}"
    );
}

#[test]
fn knights_journey_with_the_sat_engine_gives_the_sample_answers() {
    let input = std::fs::read_to_string(example("journey.in")).unwrap();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["judge", "knights-journey", "--engine", "sat"], &input);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stdout,
        "Scenario #1:\nA1\n\nScenario #2:\nimpossible\n\nScenario #3:\nA1B3C1A2B4C2A3B1C3A4B2C4\n\n"
    );
}

#[test]
fn rook_circuit_with_the_sat_engine_answers_the_sample() {
    let input = std::fs::read_to_string(example("rook.in")).unwrap();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["judge", "rook-circuit", "--engine", "sat"], &input);
    assert_eq!(status, 0, "{stderr}");
    let answers: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(answers[0], "NO SOLUTION");
    assert_eq!(answers.len(), 6, "{stdout:?}");
}

#[test]
fn dimacs_names_every_move_variable_and_is_deterministic() {
    let args = [
        "dimacs", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
    ];
    let Run {
        stdout: first,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    let Run { stdout: second, .. } = toursat(&args, "");
    assert_eq!(first, second);
    assert!(first.contains("c encoding cutset\n"));
    assert!(first.contains("c this formula omits connectivity"));
    assert_eq!(
        first
            .lines()
            .filter(|line| line.starts_with("c edge "))
            .count(),
        24
    );
    assert!(first.lines().any(|line| line.starts_with("p cnf 24 ")));
}

#[test]
fn dimacs_with_cuts_from_solve_says_so() {
    let mut args = vec!["dimacs"];
    args.extend(KNIGHT_6X6);
    args.extend(["--no-merge", "--cuts-from-solve"]);
    let Run {
        stdout: complete,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    assert!(
        complete.contains("clauses before the layer are cuts that toursat added while solving"),
        "{complete}"
    );
    assert!(
        complete.contains("c this formula is complete: its last "),
        "{complete}"
    );
    assert!(
        complete.contains(
            "c decode a model with: toursat decode ... --encoding cutset --connectivity crt\n"
        ),
        "{complete}"
    );
    let mut cuts_only = args.to_vec();
    cuts_only.extend(["--connectivity", "cuts"]);
    let Run {
        stdout: cuts_only,
        stderr,
        status,
        ..
    } = toursat(&cuts_only, "");
    assert_eq!(status, 0, "{stderr}");
    assert!(
        cuts_only.contains("clauses, the last ones, are cuts that toursat added while solving"),
        "{cuts_only}"
    );
    assert!(cuts_only.contains("another solver may still answer with subcycles"));
    assert!(!cuts_only.contains("this formula is complete"));
    // The same cuts: the complete formula is the cuts-only one with the layer after it.
    let clauses = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.starts_with('c') && !line.starts_with('p'))
            .map(str::to_string)
            .collect()
    };
    assert!(clauses(&complete).starts_with(&clauses(&cuts_only)));
    assert!(complete.contains("c toursat solved this formula first and found a tour\n"));
    let no_tour = [
        "dimacs",
        "--rows",
        "4",
        "--cols",
        "4",
        "--piece",
        "knight",
        "--tour",
        "open",
        "--cuts-from-solve",
    ];
    let Run {
        stdout: unsatisfiable,
        stderr,
        status,
        ..
    } = toursat(&no_tour, "");
    assert_eq!(status, 0, "{stderr}");
    assert!(
        unsatisfiable.contains(
            "c toursat solved this formula first and proved it unsatisfiable: there is no tour\n"
        ),
        "{unsatisfiable}"
    );
    assert!(stderr.contains("this problem has no tour"), "{stderr}");
}

#[test]
fn a_layer_over_a_complete_encoding_is_refused() {
    let args = [
        "dimacs",
        "--rows",
        "4",
        "--cols",
        "4",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--encoding",
        "crt",
        "--connectivity",
        "position",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert!(stderr.contains("crt is complete already"), "{stderr}");
}

#[test]
fn decode_reads_a_bare_model_and_reports_several_cycles() {
    // Two 2x2 blocks side by side on a 2 x 4 board: the model choosing both small cycles.
    let dimacs = scratch_path("two-blocks.cnf");
    let dimacs_path = dimacs.display().to_string();
    let args = [
        "dimacs",
        "--rows",
        "2",
        "--cols",
        "4",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "-o",
        &dimacs_path,
    ];
    assert_eq!(toursat(&args, "").status, 0);
    let formula = std::fs::read_to_string(&dimacs).unwrap();
    let edge_var = |a: &str, b: &str| -> String {
        formula
            .lines()
            .find_map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                (fields.len() == 5 && fields[1] == "edge" && fields[3] == a && fields[4] == b)
                    .then(|| fields[2].to_string())
            })
            .unwrap_or_else(|| panic!("no edge {a} {b}"))
    };
    let left = [
        ("0,0", "1,0"),
        ("0,0", "0,1"),
        ("1,0", "1,1"),
        ("0,1", "1,1"),
    ];
    let right = [
        ("2,0", "3,0"),
        ("2,0", "2,1"),
        ("3,0", "3,1"),
        ("2,1", "3,1"),
    ];
    let chosen: Vec<String> = left
        .iter()
        .chain(&right)
        .map(|(a, b)| edge_var(a, b))
        .collect();
    let model = scratch_path("two-blocks.model");
    std::fs::write(&model, chosen.join(" ")).unwrap();
    let model_path = model.display().to_string();
    let args = [
        "decode",
        &model_path,
        "--rows",
        "2",
        "--cols",
        "4",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--add-cuts-to",
        &dimacs_path,
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stdout.starts_with("not a tour: the model has 2 cycles"),
        "{stdout}"
    );
    let refined = std::fs::read_to_string(&dimacs).unwrap();
    assert_eq!(refined.lines().count(), formula.lines().count() + 2);
}

/// A model of the DIMACS file at `cnf`, found by varisat in-process, written to `model` in the
/// SAT-competition format (the stand-in for an outside solver's answer).
fn solve_in_process(cnf: &Path, model: &Path) {
    let formula = varisat::dimacs::DimacsParser::parse(std::fs::File::open(cnf).unwrap()).unwrap();
    let mut solver = varisat::Solver::new();
    solver.add_formula(&formula);
    assert!(solver.solve().unwrap(), "the formula is satisfiable");
    let literals: Vec<String> = solver
        .model()
        .unwrap()
        .iter()
        .map(|lit| lit.to_dimacs().to_string())
        .collect();
    std::fs::write(
        model,
        format!("s SATISFIABLE\nv {} 0\n", literals.join(" ")),
    )
    .unwrap();
}

#[test]
fn decode_reads_the_encoding_and_layer_from_the_formula_file() {
    let (cnf, model) = (
        scratch_path("header-layer.cnf"),
        scratch_path("header-layer.model"),
    );
    let (cnf_path, model_path) = (cnf.display().to_string(), model.display().to_string());
    let mut args = vec!["dimacs"];
    args.extend(KNIGHT_6X6);
    args.extend([
        "--encoding",
        "cutset-arcs",
        "--cuts-from-solve",
        "-o",
        &cnf_path,
    ]);
    assert_eq!(toursat(&args, "").status, 0);
    let header = std::fs::read_to_string(&cnf).unwrap();
    assert!(header.contains("\nc encoding cutset-arcs\nc connectivity crt\n"));
    solve_in_process(&cnf, &model);
    let mut args = vec!["decode", &model_path];
    args.extend(KNIGHT_6X6);
    args.extend(["--formula", &cnf_path, "--format", "numbers"]);
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 0, "{stderr}");
    let problem = Problem::new(Board::new(6, 6).unwrap(), Piece::Knight, TourShape::Closed);
    verify(
        &problem,
        &read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap(),
    )
    .unwrap();
}

#[test]
fn decode_refuses_a_layer_that_contradicts_the_formula_header() {
    let cnf = scratch_path("header-contradiction.cnf");
    let cnf_path = cnf.display().to_string();
    let mut args = vec!["dimacs"];
    args.extend(KNIGHT_6X6);
    args.extend(["--connectivity", "position", "-o", &cnf_path]);
    assert_eq!(toursat(&args, "").status, 0);
    let model = scratch_path("header-contradiction.model");
    solve_in_process(&cnf, &model);
    let model_path = model.display().to_string();
    let mut args = vec!["decode", &model_path];
    args.extend(KNIGHT_6X6);
    args.extend(["--formula", &cnf_path, "--connectivity", "crt"]);
    let Run { stderr, status, .. } = toursat(&args, "");
    assert_eq!(status, 2);
    assert!(
        stderr.ends_with(
            "its header names --connectivity position, but --connectivity crt was given\n"
        ),
        "{stderr}"
    );
}
