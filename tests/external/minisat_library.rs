//! The external solver round trip through the library: formula out as DIMACS, minisat's answer
//! back in as a tour.

use super::tools::{self, Tool};
use libtest_mimic::Trial;
use std::path::PathBuf;
use std::process::Command;
use toursat::engine::sat::cnf::formula::Formula;
use toursat::engine::sat::exchange::answer::SolverAnswer;
use toursat::engine::sat::exchange::export::{export, ExportOptions};
use toursat::engine::sat::exchange::model::{DecodeError, Decoder, Unconfirmed};
use toursat::engine::sat::Connectivity;
use toursat::engine::sat::{Encoding, SatOptions};
use toursat::{verify, Board, Limits, Piece, Problem, Tour, TourShape};

/// Most rounds of cutting the cycles of minisat's model before giving up.
const MAX_ROUNDS: usize = 200;

/// The formula in DIMACS CNF (a stand-in for the official writer).
fn dimacs(formula: &Formula) -> String {
    let mut text = format!("p cnf {} {}\n", formula.var_count(), formula.clause_count());
    for clause in formula.clauses() {
        for lit in clause {
            text.push_str(&format!("{} ", lit.to_dimacs()));
        }
        text.push_str("0\n");
    }
    text
}

/// minisat's result file for `formula`.
fn minisat(formula: &Formula, name: &str) -> String {
    let stem = format!("toursat-roundtrip-{}-{name}", std::process::id());
    let cnf = std::env::temp_dir().join(format!("{stem}.cnf"));
    let result: PathBuf = std::env::temp_dir().join(format!("{stem}.out"));
    std::fs::write(&cnf, dimacs(formula)).unwrap();
    let output = Command::new("minisat")
        .arg("-verb=0")
        .arg(&cnf)
        .arg(&result)
        .output()
        .unwrap();
    let status = output.status;
    // minisat exits with 10 (satisfiable) or 20 (unsatisfiable).
    assert!(
        matches!(status.code(), Some(10 | 20)),
        "{name}: minisat {status}"
    );
    let text = std::fs::read_to_string(&result).unwrap();
    std::fs::remove_file(&cnf).ok();
    std::fs::remove_file(&result).ok();
    text
}

/// The formula exported for `problem` after a solve for its cuts, ending in `layer`, and whether
/// that solve found a tour.
fn exported_formula(problem: &Problem, encoding: Encoding, layer: Connectivity) -> (Formula, bool) {
    let options = ExportOptions {
        sat: SatOptions {
            encoding,
            merge: false,
            warm_start: false,
            complete_after: None,
        },
        cuts_from_solve: true,
        connectivity: Some(layer),
    };
    let export = export(problem, &options, &Limits::none()).unwrap();
    // A complete encoding runs no solve: then the cheap proofs alone say whether it has one.
    let found = export
        .found_tour()
        .unwrap_or(export.impossibility.is_none());
    (export.formula().clone(), found)
}

/// The formula after the refinement loop has converged on `problem`: base clauses and every cut.
fn refined_formula(problem: &Problem, encoding: Encoding) -> (Formula, bool) {
    exported_formula(problem, encoding, Connectivity::Cuts)
}

/// Solves `problem` with minisat on the refined formula, cutting the cycles of any model that
/// has several (as the engine would) until one is a tour.
fn external_tour(problem: &Problem, encoding: Encoding, name: &str) -> Result<Tour, DecodeError> {
    let (mut formula, _) = refined_formula(problem, encoding);
    let decoder = Decoder::new(problem, encoding).unwrap();
    assert_eq!(decoder.var_count(), formula.var_count(), "{name}");
    for _ in 0..MAX_ROUNDS {
        let answer = decoder.read(&minisat(&formula, name)).unwrap();
        let SolverAnswer::Satisfiable(values) = &answer else {
            return decoder.tour(&answer);
        };
        let cycles = decoder.cycles(values)?;
        if cycles.len() == 1 {
            return decoder.tour(&answer);
        }
        for clause in decoder
            .moves()
            .cuts_of_cycles(decoder.graph(), &cycles)
            .into_iter()
            .flatten()
        {
            formula.add_clause(&clause);
        }
    }
    panic!("{name}: minisat's models still had several cycles after {MAX_ROUNDS} rounds");
}

fn solvable_problems() -> Vec<(&'static str, Problem)> {
    let board = |rows, cols| Board::new(rows, cols).unwrap();
    let mut blocked = board(6, 6);
    blocked.block(board(6, 6).square(2, 2));
    blocked.block(board(6, 6).square(3, 2));
    vec![
        (
            "knight-6x6-closed",
            Problem::new(board(6, 6), Piece::Knight, TourShape::Closed),
        ),
        (
            "knight-5x6-open-from-corner",
            Problem::new(board(5, 6), Piece::Knight, TourShape::Open).with_start(0),
        ),
        (
            "knight-5x5-open-fixed-ends",
            Problem::new(board(5, 5), Piece::Knight, TourShape::Open)
                .with_start(0)
                .with_end(24),
        ),
        (
            "rook-6x6-blocked-closed",
            Problem::new(blocked, Piece::Rook, TourShape::Closed),
        ),
    ]
}

fn minisat_solves_the_refined_formula_of_every_encoding() {
    for encoding in Encoding::ALL {
        for (name, problem) in solvable_problems() {
            let name = format!("{name}-{encoding}");
            let tour = external_tour(&problem, encoding, &name)
                .unwrap_or_else(|error| panic!("{name}: {error}"));
            verify(&problem, &tour).unwrap_or_else(|error| panic!("{name}: {error}"));
        }
    }
}

fn minisat_finds_the_formula_of_an_impossible_tour_unsatisfiable() {
    let problem = Problem::new(Board::new(2, 3).unwrap(), Piece::Knight, TourShape::Open);
    for encoding in Encoding::ALL {
        let (formula, found) = refined_formula(&problem, encoding);
        assert!(!found, "{encoding}");
        let decoder = Decoder::new(&problem, encoding).unwrap();
        let answer = decoder.read(&minisat(&formula, "knight-2x3")).unwrap();
        assert_eq!(answer, SolverAnswer::Unsatisfiable, "{encoding}");
        // A formula built here, not read back from a file with toursat's identity line: the
        // decoder says the UNSAT is unconfirmed rather than a proof.
        assert_eq!(
            decoder.tour(&answer),
            Err(DecodeError::Unconfirmed(Unconfirmed::NoFormula)),
            "{encoding}"
        );
    }
}

fn minisat_answers_a_refined_formula_completed_by_a_layer_with_one_tour() {
    let impossible = Problem::new(Board::new(2, 3).unwrap(), Piece::Knight, TourShape::Open);
    for encoding in [Encoding::Cutset, Encoding::CutsetArcs] {
        for connectivity in [Connectivity::Position, Connectivity::Crt] {
            for (name, problem) in solvable_problems() {
                let name = format!("{name}-{encoding}-{connectivity}");
                let (formula, found) = exported_formula(&problem, encoding, connectivity);
                assert!(found, "{name}");
                let decoder = Decoder::with_connectivity(&problem, encoding, connectivity).unwrap();
                assert_eq!(decoder.var_count(), formula.var_count(), "{name}");
                // One solve, no rounds of cuts: the layer leaves no model with subcycles.
                let answer = decoder.read(&minisat(&formula, &name)).unwrap();
                let tour = decoder
                    .tour(&answer)
                    .unwrap_or_else(|error| panic!("{name}: {error}"));
                verify(&problem, &tour).unwrap_or_else(|error| panic!("{name}: {error}"));
            }
            let (formula, _) = exported_formula(&impossible, encoding, connectivity);
            let decoder = Decoder::with_connectivity(&impossible, encoding, connectivity).unwrap();
            let answer = decoder.read(&minisat(&formula, "knight-2x3")).unwrap();
            assert_eq!(
                answer,
                SolverAnswer::Unsatisfiable,
                "{encoding} with {connectivity}"
            );
            assert_eq!(
                decoder.tour(&answer),
                Err(DecodeError::Unconfirmed(Unconfirmed::NoFormula)),
                "{encoding} with {connectivity}"
            );
        }
    }
}

/// The tests of this file, each needing minisat.
pub fn trials() -> Vec<Trial> {
    let tests: [(&str, fn()); 3] = [
        (
            "minisat_solves_the_refined_formula_of_every_encoding",
            minisat_solves_the_refined_formula_of_every_encoding,
        ),
        (
            "minisat_finds_the_formula_of_an_impossible_tour_unsatisfiable",
            minisat_finds_the_formula_of_an_impossible_tour_unsatisfiable,
        ),
        (
            "minisat_answers_a_refined_formula_completed_by_a_layer_with_one_tour",
            minisat_answers_a_refined_formula_completed_by_a_layer_with_one_tour,
        ),
    ];
    tests
        .into_iter()
        .map(|(name, body)| {
            tools::trial(
                format!("minisat_library::{name}"),
                vec![Tool::Minisat],
                body,
            )
        })
        .collect()
}
