//! `toursat dimacs`: a tour problem written as a DIMACS CNF file for other solvers.

use super::args::{EngineArgs, ProblemArgs};
use super::error::CliError;
use super::exit;
use super::watchdog::Watchdog;
use clap::Args;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use toursat::engine::sat::dimacs::Dimacs;
use toursat::engine::sat::{trivial_tour, Refinement};
use toursat::engine::{proofs, Stop};
use toursat::format;
use toursat::MoveGraph;

/// Examples shown under `toursat dimacs --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat dimacs --rows 8 --cols 8 --piece knight --tour closed --encoding position -o knight8.cnf
  toursat dimacs examples/boards/ring.txt --piece rook --tour closed --cuts-from-solve";

/// Arguments of `toursat dimacs`.
#[derive(Args, Debug)]
pub struct DimacsArgs {
    /// Board file: one line a row, `.` a free square, `X` or `#` a blocked one.
    #[arg(value_name = "BOARD_FILE", conflicts_with_all = ["rows", "cols"])]
    board_file: Option<PathBuf>,
    #[command(flatten)]
    problem: ProblemArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// For lazy encodings: solve first, and write the formula with every cut the solve added.
    #[arg(long)]
    cuts_from_solve: bool,
    /// Write to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `toursat dimacs`.
pub fn run(args: &DimacsArgs) -> Result<u8, CliError> {
    let limits = args.engine.limits();
    let stopped = |stop| {
        CliError::with_status(
            exit::for_stop(stop),
            format::explain_stop(stop, args.engine.timeout_seconds()),
        )
    };
    // Only `--cuts-from-solve` has a time limit. The move graph and building the formula check
    // no deadline, and varisat notices it only at its next proof write: the watchdog ends the
    // process if the work runs late.
    let watchdog = Watchdog::arm(
        limits.deadline.filter(|_| args.cuts_from_solve),
        stopped(Stop::Timeout),
    );
    let problem = args.problem.problem(args.board_file.as_deref())?;
    problem.validate().map_err(CliError::input)?;
    if trivial_tour(&problem).is_some() {
        return Err(CliError::input(
            "a tour of one square (open) or two (closed) needs no formula: toursat solve answers it",
        ));
    }
    let move_graph = MoveGraph::new(&problem.board, problem.piece);
    if let Some(impossibility) = proofs::cheap_proof(&problem, &move_graph) {
        eprintln!(
            "toursat: note: this problem has no tour ({}); the formula is unsatisfiable or, for \
             a lazy encoding, every model has subcycles",
            format::explain(&problem.board, &impossibility)
        );
    }
    let sat_options = args.engine.sat_options();
    let mut refinement = Refinement::new(&problem, &move_graph, &sat_options, &limits);
    let mut cuts_from_solve = None;
    if args.cuts_from_solve && !sat_options.encoding.is_complete() {
        refinement.cycle_through(&[]).map_err(stopped)?;
        cuts_from_solve = Some(refinement.stats.cuts);
    }
    drop(watchdog);
    let cnf = Dimacs {
        problem: &problem,
        encoding: sat_options.encoding,
        graph: &refinement.graph,
        moves: &refinement.moves,
        formula: &refinement.formula,
        complete: sat_options.encoding.is_complete(),
        cuts_from_solve,
    };
    let written = match &args.output {
        Some(path) => File::create(path).and_then(|file| cnf.write(file)),
        None => cnf
            .write(io::stdout().lock())
            .and_then(|()| io::stdout().flush()),
    };
    written.map_err(|error| CliError::input(format!("writing the formula: {error}")))?;
    Ok(exit::SUCCESS)
}
