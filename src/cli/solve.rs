//! `toursat solve`: one problem, its tour written in a chosen format.

use super::args::{one_of, EngineArgs, ProblemInput};
use super::clock;
use super::error::CliError;
use super::exit;
use super::graph_input::GraphInput;
use super::progress::Reporter;
use super::show::{self, ShowArgs};
use super::trust::TrustArgs;
use clap::Args;
use std::io::{self, Write};
use std::time::Instant;
use toursat::engine::construct::streamed::{self, StreamError};
use toursat::engine::{self, Answer, Order, Solution, SolveError, SolveOptions, Stats};
use toursat::format::graph::GraphFormat;
use toursat::format::stream::write_stream;
use toursat::format::{self, Format, FormatError, FormatName, OutputFormat, Svg};
use toursat::Problem;

/// Examples shown under `toursat solve --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat solve --rows 5 --cols 6 --piece knight --tour open --start A1 --format numbers
  toursat solve examples/boards/ring.txt --piece rook --tour closed --format moves
  toursat solve --rows 4 --cols 4 --blocked \"1,2 3,0\" --piece rook --tour closed --format grid --stats
  toursat solve 'https://puzz.link/p?simpleloop/8/7/200200a42000' --piece rook --tour closed --format grid
  toursat solve examples/boards/ring.txt --piece rook --tour closed --format puzzlink";

/// Arguments of `toursat solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    problem: ProblemInput,
    #[command(flatten)]
    engine: EngineArgs,
    /// Which tour: any, or the lexicographically first (squares by column, then row).
    #[arg(long, value_parser = one_of::<Order>(), default_value_t = Order::Any)]
    order: Order,
    /// How to write the tour [default: squares; with --graph, vertices]
    #[arg(long, value_parser = one_of::<OutputFormat>())]
    format: Option<OutputFormat>,
    /// Moves a line in the moves format (0: one line).
    #[arg(long, default_value_t = format::JUDGE_LINE_WIDTH)]
    width: usize,
    /// Print statistics (engine, nodes, seconds; after a time limit or Ctrl-C, the seconds of
    /// each phase reached) to stderr.
    #[arg(long)]
    stats: bool,
    /// Skip the check of a constructed tour of 100,000 squares or more (it is streamed
    /// without being held; verifying walks it twice). Every other tour is always verified.
    #[arg(long)]
    no_verify: bool,
    #[command(flatten)]
    show: ShowArgs,
    #[command(flatten)]
    trust: TrustArgs,
}

/// The format of `--format` for a tour of a board (squares when not given; `None`: write
/// nothing), or why a board's tour cannot be written so.
pub fn board_format(format: Option<OutputFormat>) -> Result<Option<FormatName>, CliError> {
    format
        .unwrap_or(OutputFormat::Board(FormatName::Squares))
        .for_board()
        .map_err(|_| {
            CliError::input(
                "--format vertices and --format tsplib write graph tours: give --graph FILE",
            )
        })
}

/// The format of `--format` for a tour of a graph (vertices when not given; `None`: write
/// nothing), or why a graph's tour cannot be written so.
pub fn graph_format(format: Option<OutputFormat>) -> Result<Option<GraphFormat>, CliError> {
    format
        .unwrap_or(OutputFormat::Graph(GraphFormat::Vertices))
        .for_graph()
        .map_err(|board_format| {
            CliError::input(format!(
                "--format {board_format} writes squares of a board: with --graph, write \
                 vertices, tsplib, json or none"
            ))
        })
}

/// What `solve` answers: a board's problem or a graph file's.
enum SolveInput {
    /// A problem on a board.
    Board(Problem),
    /// A problem on a graph file.
    Graph(GraphInput),
}

/// Reads the problem of `args` within `--timeout` (see [`clock::read_by`]).
fn read_problem(args: &SolveArgs) -> Result<SolveInput, CliError> {
    let input = args.problem.clone();
    clock::read_by(
        args.engine.limits.deadline(),
        args.engine.timeout_seconds(),
        move || match input.flags.graph_problem()? {
            Some(graph) => Ok(SolveInput::Graph(graph)),
            None => input.problem().map(SolveInput::Board),
        },
    )
}

/// Runs `solve`; with `--stats`, Ctrl-C stops it as a time limit would, so that the statistics
/// say where the time went (the answer is then "stopped by Ctrl-C", status 130).
fn stopped_by_ctrl_c<T>(args: &SolveArgs, solve: impl FnOnce() -> T) -> T {
    match args.stats {
        true => engine::interrupt::heeding(solve),
        false => solve(),
    }
}

/// Runs `toursat solve`: the exit status, or an error.
pub fn run(args: &SolveArgs) -> Result<u8, CliError> {
    args.engine.check()?;
    let problem = match read_problem(args)? {
        SolveInput::Board(problem) => problem,
        SolveInput::Graph(input) => return run_graph(args, &input),
    };
    let format = board_format(args.format)?;
    if let Some(steps @ (FormatName::Moves | FormatName::Pzprv3)) = format {
        if !problem.piece.is_rook() {
            return Err(CliError::input(format!(
                "--format {steps} writes N, S, E, W steps: it cannot write a {} tour",
                problem.piece
            )));
        }
    }
    if let Some(status) = stream_construction(args, &problem, format)? {
        return Ok(status);
    }
    let options = SolveOptions {
        engine: args.engine.choice(),
        order: args.order,
        limits: args.engine.limits(),
    };
    let reporter = Reporter::start("solving", "no answer");
    let mut solution =
        stopped_by_ctrl_c(args, || engine::solve(&problem, &options)).map_err(solve_error)?;
    solution.certificate =
        args.trust
            .certify(&problem, &solution, &args.engine, &options.limits)?;
    let certificate = args
        .trust
        .certificate(&problem, &solution, &args.engine, &options.limits);
    // A proof file that could not be written is reported after the answer, which stands.
    let (certificate, unwritten) = match certificate {
        Err(error) if error.status == exit::BAD_INPUT => (None, Some(error)),
        certificate => (certificate?, None),
    };
    drop(reporter);
    if let Some(format) = format {
        let mut out = io::BufWriter::new(io::stdout().lock());
        format
            .coloured(args.width, args.show.colour())
            .write_solution(&problem, &solution, &mut out)
            .map_err(format_error)?;
        out.flush()
            .map_err(|error| CliError::input(format!("writing the tour: {error}")))?;
    }
    if let Some(path) = &args.show.svg {
        show::write_svg(path, |out| Svg.write_solution(&problem, &solution, out))?;
    }
    args.trust
        .write_explanation(&problem, &solution, certificate.as_ref(), format.is_some())?;
    if let Some(error) = unwritten {
        return Err(error);
    }
    finish(args, &solution)
}

/// Runs `toursat solve --graph`: a Hamiltonian cycle or path of the graph file.
fn run_graph(args: &SolveArgs, input: &GraphInput) -> Result<u8, CliError> {
    let format = graph_format(args.format)?;
    if args.show.svg.is_some() || args.trust.asked() {
        return Err(CliError::input(
            "--svg, --certify, --explain and proof files are for boards, not --graph",
        ));
    }
    let options = SolveOptions {
        engine: args.engine.choice(),
        order: args.order,
        limits: args.engine.limits(),
    };
    let reporter = Reporter::start("solving", "no answer");
    let solution = stopped_by_ctrl_c(args, || engine::solve_graph(&input.problem, &options));
    drop(reporter);
    let solution = solution.map_err(solve_error)?;
    if let Some(format) = format {
        let mut out = io::BufWriter::new(io::stdout().lock());
        format
            .write_solution(&input.problem, &input.name, &solution, &mut out)
            .map_err(format_error)?;
        out.flush()
            .map_err(|error| CliError::input(format!("writing the tour: {error}")))?;
    }
    finish(args, &solution)
}

/// Prints the statistics if asked, and ends with the status of the answer.
fn finish(args: &SolveArgs, solution: &Solution) -> Result<u8, CliError> {
    if args.stats {
        format::write_stats(&solution.stats, &mut io::stderr().lock())
            .map_err(|error| CliError::input(format!("writing statistics: {error}")))?;
    }
    match solution.answer {
        Answer::Found(_) => Ok(exit::SUCCESS),
        Answer::NoTour(_) => Ok(exit::NO_TOUR),
        Answer::Stopped(stop) => Err(CliError::with_status(
            exit::for_stop(stop),
            format::reason::explain_stop(stop, args.engine.timeout_seconds()),
        )),
    }
}

/// The command-line error of a solve that could not answer.
fn solve_error(error: SolveError) -> CliError {
    match error {
        SolveError::Problem(error) => CliError::input(error),
        cannot @ SolveError::EngineCannot { .. } => CliError::input(cannot),
        internal @ SolveError::InvalidTour { .. } => {
            CliError::with_status(exit::INTERNAL, internal)
        }
    }
}

/// The command-line error of a tour that could not be written.
fn format_error(error: FormatError) -> CliError {
    match error {
        FormatError::Io(error) => CliError::input(format!("writing the tour: {error}")),
        other => CliError::with_status(exit::INTERNAL, format!("internal error: {other}")),
    }
}

/// Writes a constructed knight's tour of a large empty board in `format` (`None`: nothing) as it
/// is walked, after walking it once to verify it (unless `--no-verify`): the exit status, or
/// `None` when the problem or the format is not one for streaming (then `engine::solve` answers
/// it).
fn stream_construction(
    args: &SolveArgs,
    problem: &Problem,
    format: Option<FormatName>,
) -> Result<Option<u8>, CliError> {
    let stream_format = match format.map(|format| format.stream()) {
        Some(None) => return Ok(None),
        streamed => streamed.flatten(),
    };
    if args.show.svg.is_some() || !streamed::streams(problem, args.engine.choice(), args.order) {
        return Ok(None);
    }
    let started = Instant::now();
    let tour = match streamed::verified(problem, &args.engine.limits(), !args.no_verify) {
        Ok(Some(tour)) => tour,
        Ok(None) => return Ok(None),
        Err(StreamError::Stopped(stop)) => {
            return Err(CliError::with_status(
                exit::for_stop(stop),
                format::reason::explain_stop(stop, args.engine.timeout_seconds()),
            ))
        }
        Err(invalid @ StreamError::InvalidTour(_)) => {
            return Err(CliError::with_status(exit::INTERNAL, invalid))
        }
    };
    if let Some(stream_format) = stream_format {
        write_stream(
            &problem.board,
            tour.squares(),
            stream_format,
            &mut io::stdout().lock(),
        )
        .map_err(|error| CliError::input(format!("writing the tour: {error}")))?;
    }
    if args.stats {
        let stats = Stats {
            engine: "construct (streamed)".to_string(),
            seconds: started.elapsed().as_secs_f64(),
            ..Stats::default()
        };
        format::write_stats(&stats, &mut io::stderr().lock())
            .map_err(|error| CliError::input(format!("writing statistics: {error}")))?;
    }
    Ok(Some(exit::SUCCESS))
}
