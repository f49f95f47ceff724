//! `toursat dimacs`: a tour problem written as a DIMACS CNF file for other solvers.

use super::args::{one_of, LimitArgs, ProblemInput, SatArgs};
use super::error::CliError;
use super::exit;
use super::progress::Reporter;
use super::watchdog::Watchdog;
use clap::Args;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use toursat::core::atomic_file;
use toursat::engine::sat::exchange::export::{self, ExportError, ExportOptions};
use toursat::engine::sat::Connectivity;
use toursat::engine::Stop;
use toursat::format;
use toursat::format::reason::explain_graph;

/// Examples shown under `toursat dimacs --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat dimacs --rows 8 --cols 8 --piece knight --tour closed --encoding position -o /tmp/knight8.cnf
  toursat dimacs examples/boards/ring.txt --piece rook --tour closed --cuts-from-solve -o /tmp/ring.cnf
  toursat dimacs --rows 6 --cols 6 --piece knight --tour closed --connectivity crt
  toursat gen-graph --kind planted-cubic --vertices 100 --seed 1 -o /tmp/cubic100.hcp
  toursat dimacs --graph /tmp/cubic100.hcp --tour closed -o /tmp/cubic100.cnf";

/// Arguments of `toursat dimacs`.
#[derive(Args, Debug)]
pub struct DimacsArgs {
    #[command(flatten)]
    problem: ProblemInput,
    #[command(flatten)]
    sat: SatArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// For lazy encodings: solve first, and write the formula with every cut the solve added
    /// (and, unless `--connectivity cuts`, a layer that makes it complete). Joining cycles often
    /// finds the tour with few cuts or none: `--no-merge` cuts every model's cycles instead.
    #[arg(long)]
    cuts_from_solve: bool,
    /// For lazy encodings: what excludes subcycles from the formula [default: crt with
    /// --cuts-from-solve, else cuts]
    #[arg(long, value_name = "LAYER", value_parser = one_of::<Connectivity>())]
    connectivity: Option<Connectivity>,
    /// Write to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `toursat dimacs`.
pub fn run(args: &DimacsArgs) -> Result<u8, CliError> {
    let limits = args.limits.limits();
    let stopped = |stop| {
        CliError::with_status(
            exit::for_stop(stop),
            format::reason::explain_stop(stop, args.limits.timeout_seconds()),
        )
    };
    // Only `--cuts-from-solve` has a time limit. The move graph and building the formula check
    // no deadline, and varisat notices it only at its next proof write: the watchdog ends the
    // process if the work runs late.
    let watchdog = Watchdog::arm(
        limits.deadline.filter(|_| args.cuts_from_solve),
        stopped(Stop::Timeout),
    );
    let options = ExportOptions {
        sat: args.sat.options(),
        cuts_from_solve: args.cuts_from_solve,
        connectivity: args.connectivity,
    };
    let refused = |error| match error {
        ExportError::Stopped(stop) => stopped(stop),
        refused => CliError::input(refused),
    };
    let unfinished = match args.output {
        Some(_) => "no formula was written",
        None => "the formula written is incomplete",
    };
    let reporter = Reporter::start("writing the formula", unfinished);
    let graph = args.problem.flags.graph_problem()?;
    let board_problem;
    let (export, no_tour) = match &graph {
        Some(input) => {
            let export = export::export_graph(&input.problem, &input.name, &options, &limits)
                .map_err(refused)?;
            let no_tour = export.impossibility.as_ref().map(explain_graph);
            (export, no_tour)
        }
        None => {
            board_problem = args.problem.problem()?;
            let export = export::export(&board_problem, &options, &limits).map_err(refused)?;
            let no_tour = (export.impossibility.as_ref())
                .map(|impossibility| format::reason::explain(&board_problem, impossibility));
            (export, no_tour)
        }
    };
    drop(watchdog);
    if let Some(no_tour) = no_tour {
        reporter.suspend(|| {
            eprintln!(
                "toursat: note: this problem has no tour ({no_tour}); the formula is \
                 unsatisfiable or, for a lazy encoding, every model has subcycles"
            )
        });
    }
    if args.output.is_none() && io::stdout().is_terminal() {
        // The formula on the terminal would be mixed with the spinner.
        drop(reporter);
    }
    let cnf = export.dimacs();
    match &args.output {
        // Written whole or not at all: a stopped write leaves no truncated formula.
        Some(path) => atomic_file::write_file(path, |out| cnf.write(out))
            .map_err(|error| CliError::in_file(path, format!("writing the formula: {error}")))?,
        None => cnf
            .write(io::stdout().lock())
            .and_then(|()| io::stdout().flush())
            .map_err(|error| CliError::input(format!("writing the formula: {error}")))?,
    }
    Ok(exit::SUCCESS)
}
