//! The command line: clap definitions and the commands they run.

mod args;
mod bench;
mod clock;
mod compare;
mod count;
mod decode;
mod dimacs;
mod error;
mod exit;
mod gen;
mod gen_graph;
mod graph_input;
mod hint;
mod judge;
mod progress;
#[cfg(test)]
mod reference;
mod serve;
mod shell;
mod show;
mod signals;
mod solve;
mod trust;
mod unique;
mod verify;
mod watchdog;

use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Rook circuits and knight's tours on boards with blocked squares.
#[derive(Parser, Debug)]
#[command(name = "toursat", version, about, after_help = format!("{EXAMPLES}\n\n{}", exit::HELP))]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The examples shown under `toursat --help`.
const EXAMPLES: &str = "\
Examples:
  toursat judge rook-circuit < examples/rook.in
  toursat solve --rows 8 --cols 8 --piece knight --tour closed --format grid
  toursat solve examples/boards/ring.txt --piece rook --tour closed > /tmp/ring-tour.txt
  toursat verify examples/boards/ring.txt /tmp/ring-tour.txt --piece rook --tour closed";

/// The exit statuses of `solve`.
const SOLVE_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "a tour was found"),
    (exit::NO_TOUR, "proved that no tour exists"),
    exit::BAD_INPUT_LINE,
    exit::STOPPED_LINE,
    exit::INTERNAL_LINE,
    (
        exit::INTERRUPTED,
        "stopped by Ctrl-C on a terminal, or with --stats (the statistics printed)",
    ),
];

/// The exit statuses of `verify`.
const VERIFY_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "the tour is valid"),
    (exit::NO_TOUR, "the tour is wrong"),
    exit::BAD_INPUT_LINE,
];

/// The exit statuses of `dimacs`.
const DIMACS_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "the formula was written"),
    exit::BAD_INPUT_LINE,
    (
        exit::STOPPED,
        "--cuts-from-solve stopped by --timeout or --max-literals",
    ),
    (
        exit::INTERNAL,
        "internal error in --cuts-from-solve's solve",
    ),
];

/// The exit statuses of `decode`.
const DECODE_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "the answer is a tour, verified"),
    (
        exit::NO_TOUR,
        "no tour: UNSAT of toursat's complete formula for this problem (--formula); or not a \
         tour (several cycles)",
    ),
    exit::BAD_INPUT_LINE,
    (exit::STOPPED, "the solver gave up without an answer"),
    (
        exit::INTERNAL,
        "internal error: the decoded tour failed verification",
    ),
    (
        exit::UNCONFIRMED,
        "the solver claims UNSAT, unconfirmed: no --formula, or not toursat's complete formula \
         for this problem",
    ),
];

/// The exit statuses of `gen`, `gen-graph`, `completions` and `man`: the file was written,
/// or not.
const WRITE_STATUSES: &[(u8, &str)] = &[(exit::SUCCESS, "written"), exit::BAD_INPUT_LINE];
/// The statuses of `gen`: it writes boards, or stops at `--timeout`.
const GEN_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "written"),
    exit::BAD_INPUT_LINE,
    (
        exit::STOPPED,
        "stopped by --timeout before every board was drawn",
    ),
];

/// The exit statuses of `compare`.
const COMPARE_STATUSES: &[(u8, &str)] = &[
    (
        exit::SUCCESS,
        "every run ended normally and no engines disagree",
    ),
    exit::BAD_INPUT_LINE,
    (exit::INTERNAL, "engines disagree, or a run failed (ERROR)"),
];

/// The exit statuses of `bench`.
const BENCH_STATUSES: &[(u8, &str)] = &[
    (
        exit::SUCCESS,
        "every run was written, none an error (an answer, or a timeout)",
    ),
    (
        exit::BAD_INPUT,
        "bad input or usage, an I/O error, or a run ended in an error (a graph that cannot be \
         read, a child that failed)",
    ),
    (exit::INTERNAL, "a run's tour failed verification"),
];

/// The exit statuses of `serve`: it runs until stopped.
const SERVE_STATUSES: &[(u8, &str)] = &[
    (exit::SUCCESS, "stopped by Ctrl-C (or SIGTERM)"),
    (
        exit::BAD_INPUT,
        "bad usage, or the address cannot be listened on",
    ),
];

/// The exit statuses of `count`.
const COUNT_STATUSES: &[(u8, &str)] = &[
    (
        exit::SUCCESS,
        "the count (or the tours of --limit or --all) was printed",
    ),
    exit::BAD_INPUT_LINE,
    (
        exit::STOPPED,
        "stopped by --timeout before the count was done",
    ),
    (
        exit::INTERNAL,
        "internal error: a tour of --limit or --all failed verification",
    ),
];

/// The commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a judge problem: cases from a file or stdin, answers on stdout, each as soon as
    /// found (the input formats: docs/problems.md).
    #[command(subcommand, after_help = exit::help(judge::STATUSES))]
    Judge(judge::JudgeProblem),
    /// Find a tour of one board (or a graph file's Hamiltonian cycle or path) and write it in a
    /// chosen format.
    #[command(after_help = exit::examples_and_help(solve::EXAMPLES, SOLVE_STATUSES))]
    Solve(solve::SolveArgs),
    /// Check a tour file: prints `ok`, or `invalid: ` and what is wrong (exit status 1).
    #[command(after_help = format!("{}\n\n{}\n\n{}", verify::EXAMPLES, verify::VERDICTS, exit::help(VERIFY_STATUSES)))]
    Verify(verify::VerifyArgs),
    /// Write a tour problem as a DIMACS CNF formula, with the meaning of its move variables.
    #[command(after_help = exit::examples_and_help(dimacs::EXAMPLES, DIMACS_STATUSES))]
    Dimacs(dimacs::DimacsArgs),
    /// Read a SAT solver's answer to a `dimacs` formula back as a verified tour.
    #[command(after_help = exit::examples_and_help(decode::EXAMPLES, DECODE_STATUSES))]
    Decode(decode::DecodeArgs),
    /// Write a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    #[command(after_help = exit::examples_and_help(shell::COMPLETIONS_EXAMPLES, WRITE_STATUSES))]
    Completions(shell::CompletionsArgs),
    /// Write the manual page (roff) of toursat or of one of its commands to stdout.
    #[command(after_help = exit::examples_and_help(shell::MAN_EXAMPLES, WRITE_STATUSES))]
    Man(shell::ManArgs),
    /// Write reproducible board files: planted rook circuits, repaired random boards, holes.
    #[command(after_help = exit::examples_and_help(gen::EXAMPLES, GEN_STATUSES))]
    Gen(gen::GenArgs),
    /// Write reproducible graph files (TSPLIB HCP): cubic graphs, planted or random, and
    /// boards' move graphs.
    #[command(after_help = exit::examples_and_help(gen_graph::EXAMPLES, WRITE_STATUSES))]
    GenGraph(gen_graph::GenGraphArgs),
    /// Race engines on board files: each run a child process with a time limit, every tour
    /// verified, disagreements reported (exit status 4).
    #[command(after_help = exit::examples_and_help(compare::EXAMPLES, COMPARE_STATUSES))]
    Compare(compare::CompareArgs),
    /// Run toursat over graph files as child processes with a time limit, one JSON line a run
    /// (`--shard I/N` for batch systems); `--merge` sums the shards' lines up.
    #[command(after_help = exit::examples_and_help(bench::EXAMPLES, BENCH_STATUSES))]
    Bench(bench::BenchArgs),
    /// Count the tours of one board exactly (each cycle or path once), by a frontier DP.
    #[command(
        after_help = exit::examples_and_help(count::EXAMPLES, COUNT_STATUSES),
        mut_arg("graph", |graph| graph.hide(true)),
        mut_arg("graph_format", |syntax| syntax.hide(true))
    )]
    Count(count::CountArgs),
    /// Serve the page (a board editor, the tour animated, the reason drawn) and the JSON API
    /// on a local web server.
    #[command(after_help = exit::examples_and_help(serve::EXAMPLES, SERVE_STATUSES))]
    Serve(serve::ServeArgs),
    /// Say whether a board (a Simple Loop puzzle, say) has exactly one tour: `unique`, `not
    /// unique` (two tours drawn, where they differ marked) or `no tour`; a unique rook circuit
    /// is graded as `toursat hint` grades it.
    #[command(after_help = format!("{}\n\n{}", unique::EXAMPLES, unique::EXIT_HELP))]
    Unique(unique::UniqueArgs),
    /// Show the next step of reasoning on a Simple Loop puzzle (a named rule, one sentence, the
    /// moves it decides), or with --all every step to the loop, and the puzzle's grade.
    #[command(after_help = exit::examples_and_help(hint::EXAMPLES, hint::STATUSES))]
    Hint(hint::HintArgs),
}

/// Runs the command line and returns the exit status.
pub fn main() -> ExitCode {
    clock::start();
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_)) {
        signals::handle_stop_signals();
    }
    let result = match &cli.command {
        Command::Judge(problem) => judge::run(problem),
        Command::Solve(args) => solve::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Dimacs(args) => dimacs::run(args),
        Command::Decode(args) => decode::run(args),
        Command::Completions(args) => shell::completions(args, Cli::command()),
        Command::Man(args) => shell::man(args, Cli::command()),
        Command::Gen(args) => gen::run(args),
        Command::GenGraph(args) => gen_graph::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Count(args) => count::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Unique(args) => unique::run(args),
        Command::Hint(args) => hint::run(args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "{error}");
            ExitCode::from(error.status)
        }
    }
}
