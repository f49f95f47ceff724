//! The external solver round trip through the command line: `toursat dimacs`, minisat, then
//! `toursat decode`.

use super::common::{scratch_path, toursat, Run};
use super::tools::{self, Tool};
use libtest_mimic::Trial;
use std::process::{Command, Stdio};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::graph::file::write_hcp;
use toursat::graph::generate::{generalized_petersen, planted_cubic};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// The closed knight's tour of the 6 x 6 board, as command-line flags.
const KNIGHT_6X6: [&str; 8] = [
    "--rows", "6", "--cols", "6", "--piece", "knight", "--tour", "closed",
];

/// Writes the closed 6 x 6 knight's tour with `toursat dimacs` and `flags` to `NAME.cnf` and
/// solves it with minisat, which must find it satisfiable: the path of minisat's result file.
fn knight6_solved_by_minisat(name: &str, flags: &[&str]) -> String {
    let cnf = scratch_path(&format!("{name}.cnf")).display().to_string();
    let answer = scratch_path(&format!("{name}.out")).display().to_string();
    let mut args = vec!["dimacs"];
    args.extend(KNIGHT_6X6);
    args.extend(flags);
    args.extend(["-o", &cnf]);
    assert_eq!(toursat(&args, "").status, 0);
    let solved = Command::new("minisat")
        .args([&cnf, &answer])
        .stdout(Stdio::null())
        .status()
        .expect("minisat runs");
    assert_eq!(solved.code(), Some(10), "minisat says satisfiable");
    answer
}

/// `toursat decode` of minisat's `answer` for the closed 6 x 6 knight's tour with `flags`: its
/// exit status and stderr, and the tour it printed, verified, when the status is 0.
fn decode_knight6(answer: &str, flags: &[&str]) -> (i32, String) {
    let mut args = vec!["decode", answer];
    args.extend(KNIGHT_6X6);
    args.extend(flags);
    args.extend(["--format", "numbers"]);
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    if status == 0 {
        let board = Board::new(6, 6).unwrap();
        let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
        let tour = read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap();
        verify(&problem, &tour).unwrap();
    }
    (status, stderr)
}

fn an_external_solver_round_trip_through_the_command_line_gives_a_tour() {
    let answer = knight6_solved_by_minisat("knight6", &["--encoding", "position"]);
    let (status, stderr) = decode_knight6(&answer, &["--encoding", "position"]);
    assert_eq!(status, 0, "{stderr}");
}

fn a_formula_completed_by_a_layer_round_trips_through_minisat_in_one_solve() {
    for layer in ["position", "crt"] {
        let flags = ["--no-merge", "--cuts-from-solve", "--connectivity", layer];
        let answer = knight6_solved_by_minisat(&format!("knight6-{layer}"), &flags);
        let (status, stderr) = decode_knight6(&answer, &[]);
        assert_eq!(
            status, 2,
            "the layer's variables are out of range without it"
        );
        assert!(
            stderr.contains("give them with --encoding and --connectivity"),
            "{stderr}"
        );
        let (status, stderr) = decode_knight6(&answer, &["--connectivity", layer]);
        assert_eq!(status, 0, "{layer}: {stderr}");
    }
}

/// minisat's answer to `toursat dimacs --graph GRAPH --tour closed --connectivity crt`,
/// decoded by `toursat decode --graph` with the formula's header: the decode's run.
fn graph_round_trip(name: &str, graph: &str) -> Run {
    let cnf = scratch_path(&format!("{name}.cnf")).display().to_string();
    let answer = scratch_path(&format!("{name}.out")).display().to_string();
    let written = toursat(
        &[
            "dimacs",
            "--graph",
            graph,
            "--tour",
            "closed",
            "--connectivity",
            "crt",
            "-o",
            &cnf,
        ],
        "",
    );
    assert_eq!(written.status, 0, "{}", written.stderr);
    Command::new("minisat")
        .args([&cnf, &answer])
        .stdout(Stdio::null())
        .status()
        .expect("minisat runs");
    toursat(
        &[
            "decode",
            &answer,
            "--graph",
            graph,
            "--tour",
            "closed",
            "--formula",
            &cnf,
        ],
        "",
    )
}

fn a_graph_file_round_trips_through_minisat() {
    // A cubic graph with a planted Hamiltonian cycle, as `gen-graph` writes it.
    let planted = planted_cubic(18, 1).unwrap();
    let text = write_hcp("planted", None, planted.vertex_count, &planted.edges);
    let planted = super::common::scratch("planted.hcp", &text);
    let planted = planted.to_str().unwrap();
    let decoded = graph_round_trip("planted", planted);
    assert_eq!(decoded.status, 0, "{}", decoded.stderr);
    let checked = toursat(
        &["verify", "--graph", planted, "-", "--tour", "closed"],
        &decoded.stdout,
    );
    assert_eq!(checked.stdout, "ok\n");
    // The Petersen graph has no Hamiltonian cycle: minisat proves the complete formula
    // unsatisfiable.
    let petersen = generalized_petersen(5, 2).unwrap();
    let text = write_hcp("petersen", None, petersen.vertex_count, &petersen.edges);
    let graph = super::common::scratch("petersen.hcp", &text);
    let decoded = graph_round_trip("petersen", graph.to_str().unwrap());
    assert_eq!(
        (decoded.status, decoded.stdout.as_str()),
        (
            1,
            "no tour: the solver found toursat's complete formula for this problem \
             unsatisfiable\n"
        ),
        "{}",
        decoded.stderr
    );
}

/// The tests of this file, each needing minisat.
pub fn trials() -> Vec<Trial> {
    let tests: [(&str, fn()); 3] = [
        (
            "a_graph_file_round_trips_through_minisat",
            a_graph_file_round_trips_through_minisat,
        ),
        (
            "an_external_solver_round_trip_through_the_command_line_gives_a_tour",
            an_external_solver_round_trip_through_the_command_line_gives_a_tour,
        ),
        (
            "a_formula_completed_by_a_layer_round_trips_through_minisat_in_one_solve",
            a_formula_completed_by_a_layer_round_trips_through_minisat_in_one_solve,
        ),
    ];
    tests
        .into_iter()
        .map(|(name, body)| tools::trial(format!("minisat_cli::{name}"), vec![Tool::Minisat], body))
        .collect()
}
