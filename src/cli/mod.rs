//! The command line: clap definitions and the commands they run.

mod args;
mod compare;
mod count;
mod decode;
mod dimacs;
mod error;
mod exit;
mod gen;
mod gen_graph;
mod graph_input;
mod judge;
mod progress;
mod shell;
mod show;
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
  toursat verify board.txt tour.txt --piece rook --tour closed";

/// The commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a judge problem: cases on stdin, answers on stdout, each as soon as found.
    #[command(subcommand, after_help = exit::HELP)]
    Judge(judge::JudgeProblem),
    /// Find a tour of one board (or a graph file's Hamiltonian cycle or path) and write it in a
    /// chosen format.
    #[command(after_help = format!("{}\n\n{}", solve::EXAMPLES, exit::HELP))]
    Solve(solve::SolveArgs),
    /// Check a tour file: prints `ok`, or `invalid: ` and what is wrong (exit status 1).
    #[command(after_help = format!("{}\n\n{}", verify::EXAMPLES, exit::HELP))]
    Verify(verify::VerifyArgs),
    /// Write a tour problem as a DIMACS CNF formula, with the meaning of its move variables.
    #[command(after_help = format!("{}\n\n{}", dimacs::EXAMPLES, exit::HELP))]
    Dimacs(dimacs::DimacsArgs),
    /// Read a SAT solver's answer to a `dimacs` formula back as a verified tour.
    #[command(after_help = format!("{}\n\n{}", decode::EXAMPLES, exit::HELP))]
    Decode(decode::DecodeArgs),
    /// Write a shell completion script (bash, zsh, fish, elvish, powershell) to stdout.
    #[command(after_help = "Examples:\n  \
            mkdir -p ~/.local/share/bash-completion/completions\n  \
            toursat completions bash > ~/.local/share/bash-completion/completions/toursat\n  \
            mkdir -p ~/.zfunc && toursat completions zsh > ~/.zfunc/_toursat   \
            # with fpath+=~/.zfunc before compinit in ~/.zshrc\n  \
            mkdir -p ~/.config/fish/completions\n  \
            toursat completions fish > ~/.config/fish/completions/toursat.fish")]
    Completions(shell::CompletionsArgs),
    /// Write the manual page (roff) of toursat or of one of its commands to stdout.
    #[command(
        after_help = "Examples:\n  toursat man | man -l -\n  toursat man judge rook-circuit | man -l -\n  \
            toursat man solve > toursat-solve.1"
    )]
    Man(shell::ManArgs),
    /// Write reproducible board files: planted rook circuits, repaired random boards, holes.
    #[command(after_help = format!("{}\n\n{}", gen::EXAMPLES, exit::HELP))]
    Gen(gen::GenArgs),
    /// Write reproducible graph files (TSPLIB HCP): cubic graphs, planted or random, and
    /// boards' move graphs.
    #[command(after_help = format!("{}\n\n{}", gen_graph::EXAMPLES, exit::HELP))]
    GenGraph(gen_graph::GenGraphArgs),
    /// Race engines on board files: each run a child process with a time limit, every tour
    /// verified, disagreements reported (exit status 4).
    #[command(after_help = format!("{}\n\n{}", compare::EXAMPLES, exit::HELP))]
    Compare(compare::CompareArgs),
    /// Count the tours of one board exactly (each cycle or path once), by a frontier DP.
    #[command(after_help = format!("{}\n\n{}", count::EXAMPLES, exit::HELP))]
    Count(count::CountArgs),
    /// Say whether a board (a Simple Loop puzzle, say) has exactly one tour: `unique`, `not
    /// unique` (two tours drawn, where they differ marked) or `no tour`.
    #[command(after_help = format!("{}\n\n{}", unique::EXAMPLES, unique::EXIT_HELP))]
    Unique(unique::UniqueArgs),
}

/// Runs the command line and returns the exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Command::Unique(args) => unique::run(args),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "{error}");
            ExitCode::from(error.status)
        }
    }
}
