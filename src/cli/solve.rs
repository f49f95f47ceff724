//! `toursat solve`: one problem, its tour written in a chosen format.

use super::args::{EngineArgs, ProblemArgs};
use super::error::CliError;
use super::exit;
use super::trust::TrustArgs;
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;
use toursat::engine::{self, Answer, Order, SolveError, SolveOptions};
use toursat::format::{self, FormatError, FormatName};

/// Examples shown under `toursat solve --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat solve --rows 5 --cols 6 --piece knight --tour open --start A1 --format numbers
  toursat solve examples/boards/ring.txt --piece rook --tour closed --format moves
  toursat solve --rows 4 --cols 4 --blocked \"1,2 3,0\" --piece rook --tour closed --format grid --stats";

/// Arguments of `toursat solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board file: one line a row, `.` a free square, `X` or `#` a blocked one.
    #[arg(value_name = "BOARD_FILE", conflicts_with_all = ["rows", "cols"])]
    board_file: Option<PathBuf>,
    #[command(flatten)]
    problem: ProblemArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Which tour: any, or the lexicographically first (squares by column, then row).
    #[arg(long, value_enum, default_value_t = OrderArg::Any)]
    order: OrderArg,
    /// How to write the tour.
    #[arg(long, value_enum, default_value_t = FormatArg::Squares)]
    format: FormatArg,
    /// Moves a line in the moves format (0: one line).
    #[arg(long, default_value_t = format::JUDGE_LINE_WIDTH)]
    width: usize,
    /// Print statistics (engine, nodes, seconds) to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    trust: TrustArgs,
}

/// Orders on the command line.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderArg {
    /// Any tour.
    Any,
    /// The lexicographically first tour.
    Lex,
}

/// Output formats on the command line.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatArg {
    /// Letters N, S, E, W (rook-only pieces); a closed tour ends with the move back.
    Moves,
    /// One `x,y` a line.
    Squares,
    /// Chess names run together: A1B3C1.
    Names,
    /// 1-based row-major square numbers separated by spaces.
    Numbers,
    /// The board with each square's visit number, X for blocked squares.
    Grid,
    /// One JSON object: problem, answer, tour as [x,y] pairs, statistics.
    Json,
}

impl FormatArg {
    /// The library's name of the format.
    pub fn name(self) -> FormatName {
        match self {
            FormatArg::Moves => FormatName::Moves,
            FormatArg::Squares => FormatName::Squares,
            FormatArg::Names => FormatName::Names,
            FormatArg::Numbers => FormatName::Numbers,
            FormatArg::Grid => FormatName::Grid,
            FormatArg::Json => FormatName::Json,
        }
    }
}

/// Runs `toursat solve`: the exit status, or an error.
pub fn run(args: &SolveArgs) -> Result<u8, CliError> {
    let problem = args.problem.problem(args.board_file.as_deref())?;
    if args.format == FormatArg::Moves && !problem.piece.is_rook() {
        return Err(CliError::input(format!(
            "--format moves writes N, S, E, W steps: it cannot write a {} tour",
            problem.piece
        )));
    }
    let options = SolveOptions {
        engine: args.engine.choice(),
        order: match args.order {
            OrderArg::Any => Order::Any,
            OrderArg::Lex => Order::Lex,
        },
        limits: args.engine.limits(),
    };
    let solution = engine::solve(&problem, &options).map_err(|error| match error {
        SolveError::Problem(error) => CliError::input(error),
        internal @ SolveError::InvalidTour { .. } => {
            CliError::with_status(exit::INTERNAL, internal)
        }
    })?;
    let certificate = args
        .trust
        .certificate(&problem, &solution, &args.engine, &options.limits)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    args.format
        .name()
        .format(args.width)
        .write_solution(&problem, &solution, &mut out)
        .map_err(|error| match error {
            FormatError::Io(error) => CliError::input(format!("writing the tour: {error}")),
            other => CliError::with_status(exit::INTERNAL, format!("internal error: {other}")),
        })?;
    out.flush()
        .map_err(|error| CliError::input(format!("writing the tour: {error}")))?;
    args.trust
        .write_explanation(&problem, &solution, certificate.as_ref())?;
    if args.stats {
        format::write_stats(&solution.stats, &mut io::stderr().lock())
            .map_err(|error| CliError::input(format!("writing statistics: {error}")))?;
    }
    match solution.answer {
        Answer::Found(_) => Ok(exit::SUCCESS),
        Answer::NoTour(_) => Ok(exit::NO_TOUR),
        Answer::Stopped(stop) => Err(CliError::with_status(
            exit::for_stop(stop),
            format::explain_stop(stop, args.engine.timeout_seconds()),
        )),
    }
}
