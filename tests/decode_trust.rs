//! `decode` takes a solver's unsatisfiable answer as a proof of no tour only for the complete
//! formula toursat wrote for this very problem; `--add-cuts-to` rewrites only such a formula;
//! every file `decode` reads has a size limit.

mod common;

use common::{scratch, scratch_path, toursat, Run};
use std::path::Path;

const KNIGHT_6X6: [&str; 8] = [
    "--rows", "6", "--cols", "6", "--piece", "knight", "--tour", "closed",
];

/// Writes the formula `toursat dimacs ARGS` into the scratch file `name` and returns its path.
fn formula(name: &str, args: &[&str]) -> String {
    let path = scratch_path(name).display().to_string();
    let args = [&["dimacs"], args, &["-o", &path]].concat();
    let written = toursat(&args, "");
    assert_eq!(written.status, 0, "{}", written.stderr);
    path
}

/// `decode` of the answer `s UNSATISFIABLE` for the problem `args` (`--formula` among them or
/// not).
fn decode_unsat(args: &[&str]) -> Run {
    let model = scratch("trust-unsat.out", "s UNSATISFIABLE\n");
    let args = [&["decode", model.to_str().unwrap()], args].concat();
    toursat(&args, "")
}

/// Asserts that the run says what the solver claimed without calling it a proof.
fn assert_unconfirmed(run: &Run, why: &str) {
    assert_eq!(run.status, 5, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("unconfirmed: the solver claims"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("no tour:"), "{}", run.stdout);
    assert!(run.stdout.contains(why), "{} lacks {why}", run.stdout);
}

#[test]
fn unsat_without_a_formula_is_unconfirmed() {
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--encoding", "position"]].concat());
    assert_unconfirmed(&run, "the formula file was not given");
}

#[test]
fn unsat_of_a_formula_for_another_board_size_is_unconfirmed() {
    let cnf = formula(
        "trust-k6.cnf",
        &[&KNIGHT_6X6[..], &["--encoding", "position"]].concat(),
    );
    let run = decode_unsat(&[
        "--rows",
        "8",
        "--cols",
        "8",
        "--piece",
        "knight",
        "--tour",
        "closed",
        "--formula",
        &cnf,
    ]);
    assert_unconfirmed(&run, "not the one toursat writes for this problem");
}

#[test]
fn unsat_of_a_formula_with_other_blocked_squares_is_unconfirmed() {
    // Opposite corners blocked: the same number of squares and moves, so the same counts.
    let blocked = |square| {
        [
            &KNIGHT_6X6[..],
            &["--blocked", square, "--encoding", "position"],
        ]
        .concat()
    };
    let cnf = formula("trust-k6-corner.cnf", &blocked("0,0"));
    let run = decode_unsat(&[&blocked("5,5")[..], &["--formula", &cnf]].concat());
    assert_unconfirmed(&run, "its digest does not match");
}

#[test]
fn unsat_of_a_formula_for_another_piece_is_unconfirmed() {
    let cnf = formula(
        "trust-k6-piece.cnf",
        &[&KNIGHT_6X6[..], &["--encoding", "position"]].concat(),
    );
    let run = decode_unsat(&[
        "--rows",
        "6",
        "--cols",
        "6",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--formula",
        &cnf,
    ]);
    assert_unconfirmed(&run, "not the one toursat writes for this problem");
}

#[test]
fn unsat_of_a_formula_for_another_tour_shape_or_ends_is_unconfirmed() {
    let open = [
        "--rows", "5", "--cols", "5", "--piece", "knight", "--tour", "open",
    ];
    let cnf = formula(
        "trust-k5-open.cnf",
        &[&open[..], &["--encoding", "position"]].concat(),
    );
    let closed = [
        "--rows", "5", "--cols", "5", "--piece", "knight", "--tour", "closed",
    ];
    let run = decode_unsat(&[&closed[..], &["--formula", &cnf]].concat());
    assert_unconfirmed(&run, "not the one toursat writes for this problem");
    let run = decode_unsat(&[&open[..], &["--start", "0,0", "--formula", &cnf]].concat());
    assert_unconfirmed(&run, "not the one toursat writes for this problem");
}

#[test]
fn unsat_of_a_formula_for_another_encoding_is_unconfirmed() {
    let cnf = formula(
        "trust-k6-crt.cnf",
        &[&KNIGHT_6X6[..], &["--encoding", "crt"]].concat(),
    );
    // The header's encoding line edited to name another encoding.
    let text = std::fs::read_to_string(&cnf).unwrap();
    let edited = scratch(
        "trust-k6-edited.cnf",
        &text.replace("c encoding crt", "c encoding position"),
    );
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--formula", edited.to_str().unwrap()]].concat());
    assert_unconfirmed(&run, "not the one toursat writes for this problem");
    // A flag that contradicts the header is refused outright.
    let run = decode_unsat(
        &[
            &KNIGHT_6X6[..],
            &["--formula", &cnf, "--encoding", "position"],
        ]
        .concat(),
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert_eq!(run.stdout, "");
}

#[test]
fn unsat_of_a_garbage_file_is_unconfirmed() {
    let garbage = scratch("trust-garbage.cnf", "garbage\n");
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--formula", garbage.to_str().unwrap()]].concat());
    assert_unconfirmed(&run, "expected comments and a `p cnf` line first");
}

#[test]
fn unsat_of_an_unrelated_cnf_is_unconfirmed() {
    let unrelated = scratch(
        "trust-unrelated.cnf",
        "c three variables\np cnf 3 1\n1 2 3 0\n",
    );
    let run =
        decode_unsat(&[&KNIGHT_6X6[..], &["--formula", unrelated.to_str().unwrap()]].concat());
    assert_unconfirmed(&run, "no `c toursat formula` line");
}

#[test]
fn unsat_of_a_changed_formula_is_unconfirmed() {
    let cnf = formula(
        "trust-k6-cut.cnf",
        &[&KNIGHT_6X6[..], &["--encoding", "position"]].concat(),
    );
    // The last clause dropped, and both counts of clauses lowered to match.
    let text = std::fs::read_to_string(&cnf).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.pop();
    let fewer = |line: &str| -> String {
        let mut fields: Vec<String> = line.split(' ').map(str::to_string).collect();
        let count: u64 = fields.last().unwrap().parse().unwrap_or(0);
        if line.starts_with("p cnf") {
            *fields.last_mut().unwrap() = (count - 1).to_string();
        }
        fields.join(" ")
    };
    for line in &mut lines {
        if line.starts_with("p cnf") {
            *line = fewer(line);
        } else if line.starts_with("c toursat formula") {
            let clauses_at = line.find(" clauses ").unwrap() + " clauses ".len();
            let (head, tail) = line.split_at(clauses_at);
            let (count, rest) = tail.split_once(' ').unwrap();
            *line = format!("{head}{} {rest}", count.parse::<u64>().unwrap() - 1);
        }
    }
    let changed = scratch("trust-k6-changed.cnf", &(lines.join("\n") + "\n"));
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--formula", changed.to_str().unwrap()]].concat());
    assert_unconfirmed(&run, "its digest does not match");
}

#[test]
fn unsat_of_a_lazy_formula_is_unconfirmed() {
    let cnf = formula(
        "trust-k6-lazy.cnf",
        &[&KNIGHT_6X6[..], &["--encoding", "cutset"]].concat(),
    );
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--formula", &cnf]].concat());
    assert_unconfirmed(&run, "the formula is lazy");
}

/// Solves the DIMACS file at `cnf` with varisat in-process and writes its answer in the
/// SAT-competition format to the scratch file `name`.
fn solve_in_process(cnf: &str, name: &str) -> String {
    let file = std::fs::File::open(cnf).unwrap();
    let formula = varisat::dimacs::DimacsParser::parse(file).unwrap();
    let mut solver = varisat::Solver::new();
    solver.add_formula(&formula);
    let answer = match solver.solve().unwrap() {
        false => "s UNSATISFIABLE\n".to_string(),
        true => {
            let literals: Vec<String> = (solver.model().unwrap().iter())
                .map(|lit| lit.to_dimacs().to_string())
                .collect();
            format!("s SATISFIABLE\nv {} 0\n", literals.join(" "))
        }
    };
    scratch(name, &answer).display().to_string()
}

#[test]
fn unsat_of_the_matching_complete_formula_is_a_proof() {
    // A 4 x 4 knight board has no closed tour; a lazy encoding completed by a layer counts too.
    let knight4 = [
        "--rows", "4", "--cols", "4", "--piece", "knight", "--tour", "closed",
    ];
    for (name, encoding) in [
        ("trust-k4-position.cnf", &["--encoding", "position"][..]),
        (
            "trust-k4-crt.cnf",
            &["--encoding", "cutset", "--connectivity", "crt"][..],
        ),
    ] {
        let cnf = formula(name, &[&knight4[..], encoding].concat());
        let answer = solve_in_process(&cnf, &format!("{name}.out"));
        assert_eq!(
            std::fs::read_to_string(&answer).unwrap(),
            "s UNSATISFIABLE\n"
        );
        let run = toursat(
            &[&["decode", &answer][..], &knight4[..], &["--formula", &cnf]].concat(),
            "",
        );
        assert_eq!(run.status, 1, "{name}: {}", run.stderr);
        assert_eq!(
            run.stdout,
            "no tour: the solver found toursat's complete formula for this problem unsatisfiable\n"
        );
    }
}

/// A model of two 2 x 2 rook cycles on a 2 x 4 board, the variables named by the header of the
/// formula at `cnf`.
fn two_cycles_model(cnf: &str) -> String {
    let formula = std::fs::read_to_string(cnf).unwrap();
    let chosen: Vec<String> = formula
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let x = |square: &str| square.split(',').next().unwrap().parse::<u32>().unwrap();
            (fields.len() == 5 && fields[1] == "edge" && (x(fields[3]) < 2) == (x(fields[4]) < 2))
                .then(|| fields[2].to_string())
        })
        .collect();
    scratch("trust-two-cycles.model", &chosen.join(" "))
        .display()
        .to_string()
}

const ROOK_2X4: [&str; 8] = [
    "--rows", "2", "--cols", "4", "--piece", "rook", "--tour", "closed",
];

/// Runs `decode MODEL ROOK_2X4 --add-cuts-to FILE` and asserts that FILE is refused and left
/// byte for byte as it was.
fn assert_cuts_refused(model: &str, file: &Path, why: &str) {
    let before = std::fs::read(file).unwrap();
    let args = [
        &["decode", model][..],
        &ROOK_2X4[..],
        &["--add-cuts-to", file.to_str().unwrap()],
    ]
    .concat();
    let run = toursat(&args, "");
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("refused, left untouched"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(why), "{} lacks {why}", run.stderr);
    assert_eq!(std::fs::read(file).unwrap(), before);
}

#[test]
fn add_cuts_to_refuses_a_file_without_toursats_header() {
    let cnf = formula("trust-rook-2x4.cnf", &ROOK_2X4);
    let model = two_cycles_model(&cnf);
    let foreign = scratch("trust-foreign.cnf", "p cnf 3 1\n1 2 3 0\n");
    assert_cuts_refused(&model, &foreign, "no `c toursat formula` line");
}

#[test]
fn add_cuts_to_refuses_a_formula_for_another_problem() {
    let cnf = formula("trust-rook-2x4-b.cnf", &ROOK_2X4);
    let model = two_cycles_model(&cnf);
    // A rook formula of the same size and encoding, for an open tour.
    let mut open = ROOK_2X4;
    open[7] = "open";
    let other = formula("trust-rook-2x4-open.cnf", &open);
    assert_cuts_refused(&model, Path::new(&other), "variables");
    // The same board with the start fixed: the same counts, another problem.
    let fixed = formula(
        "trust-rook-2x4-start.cnf",
        &[&ROOK_2X4[..], &["--start", "0,0"]].concat(),
    );
    assert_cuts_refused(&model, Path::new(&fixed), "digest");
}

#[test]
fn add_cuts_to_appends_to_toursats_formula_and_keeps_it_checked() {
    let cnf = formula("trust-rook-2x4-c.cnf", &ROOK_2X4);
    let model = two_cycles_model(&cnf);
    let args = [
        &["decode", &model][..],
        &ROOK_2X4[..],
        &["--add-cuts-to", &cnf],
    ]
    .concat();
    let run = toursat(&args, "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    // The rewritten file is still toursat's: a second round checks it again.
    let run = toursat(&args, "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.lines().next().unwrap().contains(" clauses "), "{text}");
}

#[test]
fn an_oversized_answer_is_refused_with_its_name() {
    let huge = "c a comment line of the solver\n".repeat(700_000);
    let args = [&["decode", "-"][..], &ROOK_2X4[..]].concat();
    let run = toursat(&args, &huge);
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(
        run.stderr.starts_with(
            "toursat: stdin: the input is longer than a solver's answer to this formula can be"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn an_endless_line_in_the_formula_is_refused_with_its_name() {
    let long = scratch("trust-long-line.cnf", &"c".repeat(100_000));
    let name = long.display().to_string();
    let run = decode_unsat(&[&KNIGHT_6X6[..], &["--formula", &name]].concat());
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .starts_with(&format!("toursat: {name}: line 1: longer than")),
        "{}",
        run.stderr
    );
}
