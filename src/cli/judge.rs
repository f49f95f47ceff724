//! `toursat judge`: the judge problems, cases on stdin, answers on stdout.

use super::args::is_stdin;
use super::args::EngineArgs;
use super::error::CliError;
use super::exit;
use clap::{Args, Subcommand};
use std::fs::File;
use std::io::{self, BufRead, IsTerminal};
use std::path::{Path, PathBuf};
use toursat::core::board::MAX_SQUARES;
use toursat::engine::EngineChoice;
use toursat::judge::{
    knight_tour, knights_journey, rook_circuit, JudgeError, JudgeErrorKind, JudgeOptions,
};
use toursat::Board;

/// Where the input formats are stated, for the help of every judge problem.
const FORMATS: &str = "The input and output formats, with the samples: docs/problems.md.";

/// The exit statuses of `judge`.
pub const STATUSES: &[(u8, &str)] = &[
    (
        exit::SUCCESS,
        "every case answered (NO SOLUTION is an answer)",
    ),
    exit::BAD_INPUT_LINE,
    exit::STOPPED_LINE,
    exit::INTERNAL_LINE,
];

/// `--timeout`'s help for the judge problems, where it bounds each case.
const CASE_TIMEOUT: &str = "Give up on a case after SECONDS and exit with status 3 (the cases \
                            answered before it stay printed)";

/// The judge problems.
#[derive(Subcommand, Debug)]
pub enum JudgeProblem {
    /// Obstructed rook circuits: closed rook tours from (StartX, StartY), as N S E W moves.
    #[command(after_help = format!("Examples:\n  \
        toursat judge rook-circuit examples/rook.in\n  \
        toursat judge rook-circuit --certify < examples/rook.in\n\n{FORMATS}\n\n{}",
        exit::help(STATUSES)),
        mut_arg("timeout", |arg| arg.help(CASE_TIMEOUT)))]
    RookCircuit(JudgeArgs),
    /// Open knight's tours from numbered squares, as square numbers (NO SOLUTION if none).
    #[command(after_help = format!("Examples:\n  \
        toursat judge knight-tour examples/knight-tour.in\n  \
        toursat judge knight-tour --rows 5 --cols 6 < examples/knight-tour-5x6.in\n\n{FORMATS}\n\n{}",
        exit::help(STATUSES)),
        mut_arg("timeout", |arg| arg.help(CASE_TIMEOUT)))]
    KnightTour {
        /// Rows of the board.
        #[arg(long, default_value_t = 8)]
        rows: u64,
        /// Columns of the board.
        #[arg(long, default_value_t = 8)]
        cols: u64,
        #[command(flatten)]
        judge: JudgeArgs,
    },
    /// A knight's journey: the lexicographically first open knight's path on p x q boards.
    #[command(after_help = format!("Examples:\n  \
        toursat judge knights-journey examples/journey.in\n  \
        printf '1\\n3 4\\n' | toursat judge knights-journey\n\n{FORMATS}\n\n{}",
        exit::help(STATUSES)),
        mut_arg("timeout", |arg| arg.help(CASE_TIMEOUT)))]
    KnightsJourney(JudgeArgs),
}

/// Options every judge problem takes.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    /// The cases, in the problem's format (docs/problems.md) [default: stdin]
    #[arg(value_name = "CASES_FILE")]
    cases: Option<PathBuf>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Refuse boards with more squares than this.
    #[arg(long, value_name = "N", default_value_t = MAX_SQUARES)]
    max_squares: u64,
    /// Before printing that a case has no tour, certify it as `solve --certify` does (a cheap
    /// argument checked again in linear time; search and SAT answers proved again with the SAT
    /// engine, its --encoding, and checked by varisat's checker), and say on stderr, one line a
    /// case, what was certified and how; a failed check stops with exit status 4.
    #[arg(long)]
    certify: bool,
}

impl JudgeArgs {
    /// The library's options.
    fn options(&self) -> JudgeOptions {
        JudgeOptions {
            engine: self.engine.choice(),
            timeout: self.engine.limits.timeout,
            node_budget: None,
            formula_literals: self.engine.limits.max_literals,
            max_squares: self.max_squares,
            certify: self.certify,
            ..JudgeOptions::default()
        }
    }
}

impl JudgeProblem {
    /// The options every judge problem takes.
    fn judge_args(&self) -> &JudgeArgs {
        match self {
            JudgeProblem::RookCircuit(judge) | JudgeProblem::KnightsJourney(judge) => judge,
            JudgeProblem::KnightTour { judge, .. } => judge,
        }
    }
}

/// The cases: the file given, else stdin (saying on stderr, when stdin is a terminal, that the
/// cases are awaited there).
fn cases(path: Option<&Path>) -> Result<Box<dyn BufRead>, CliError> {
    match path.filter(|path| !is_stdin(path)) {
        Some(path) => {
            let file = File::open(path).map_err(|error| CliError::in_file(path, error))?;
            Ok(Box::new(io::BufReader::new(file)))
        }
        None => {
            if io::stdin().is_terminal() {
                eprintln!(
                    "toursat: reading cases from the terminal (end with Ctrl-D; formats in \
                     docs/problems.md)"
                );
            }
            Ok(Box::new(io::stdin().lock()))
        }
    }
}

/// Runs `toursat judge`: the exit status, or an error.
pub fn run(problem: &JudgeProblem) -> Result<u8, CliError> {
    problem.judge_args().engine.check()?;
    if let JudgeProblem::RookCircuit(judge) = problem {
        if judge.engine.choice() == EngineChoice::Construct {
            return Err(CliError::input(
                "--engine construct builds knight's tours, not rook circuits: use auto, dfs or sat",
            ));
        }
    }
    let input = cases(problem.judge_args().cases.as_deref())?;
    let output = io::BufWriter::new(io::stdout().lock());
    let mut on_certified = |case: usize, line: &str| eprintln!("toursat: case {case}: {line}");
    let on_certified = &mut on_certified;
    let result = match problem {
        JudgeProblem::RookCircuit(judge) => {
            rook_circuit::run_reporting(input, output, &judge.options(), on_certified)
        }
        JudgeProblem::KnightTour { rows, cols, judge } => {
            let options = judge.options();
            let board = Board::with_limit(*rows, *cols, options.max_squares)
                .map_err(|error| CliError::input(format!("--rows/--cols: {error}")))?;
            knight_tour::run_reporting(input, output, &board, &options, on_certified)
        }
        JudgeProblem::KnightsJourney(judge) => {
            knights_journey::run_reporting(input, output, &judge.options(), on_certified)
        }
    };
    result.map(|()| exit::SUCCESS).map_err(judge_error)
}

/// The error to print for a judge error, with its exit status.
fn judge_error(error: JudgeError) -> CliError {
    let status = match error.kind {
        JudgeErrorKind::Stopped { stop, .. } => exit::for_stop(stop),
        JudgeErrorKind::Internal(_) => exit::INTERNAL,
        _ => exit::BAD_INPUT,
    };
    CliError::with_status(status, error)
}
