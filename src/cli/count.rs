//! `toursat count`: the exact number of tours of one problem.

use super::args::{parse_timeout, ProblemInput};
use super::clock;
use super::error::CliError;
use super::exit;
use super::graph_input::boards_only;
use super::progress::Reporter;
use clap::Args;
use std::io::{self, Write};
use std::time::Duration;
use toursat::count::{self, CountError, CountOptions, CountStats};
use toursat::engine::{Limits, Stop};
use toursat::format::{Format, Names};
use toursat::Problem;

/// Examples shown under `toursat count --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat count --rows 8 --cols 8 --piece rook --tour closed
  toursat count --rows 6 --cols 6 --piece knight --tour closed --stats
  toursat count --rows 5 --cols 5 --piece knight --tour open --directed
  toursat count --rows 4 --cols 4 --blocked \"0,3 2,2\" --piece rook --tour closed
  toursat count --rows 100 --cols 100 --blocked \"0,0\" --piece knight --tour open --limit 2
  toursat count --rows 3 --cols 4 --piece rook --tour open --all
  toursat count 'https://puzz.link/p?simpleloop/8/7/200200a42000' --piece rook --tour closed --limit 2";

/// Arguments of `toursat count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    problem: ProblemInput,
    /// Count a tour and its reverse as two (closed tours, and open tours with no fixed end);
    /// by default each cycle or path counts once.
    #[arg(long)]
    directed: bool,
    /// Give up after SECONDS and exit with status 3 (no count is printed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    timeout: Option<Duration>,
    /// Print the DP's statistics (steps, frontier, states, peak states, seconds) to stderr.
    #[arg(long)]
    stats: bool,
    /// Find up to K distinct tours by SAT instead (each barred once found; cycles and paths
    /// compared as sets of moves), write each as a line of square names as it is found, then
    /// the number found, `at least K` if the limit stopped the search. `--limit 2` says
    /// whether a tour is unique, on boards too wide to count. K is 1 or more.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["directed", "stats", "all"])]
    limit: Option<u64>,
    /// As --limit, with no limit: write every tour (small boards).
    #[arg(long, conflicts_with_all = ["directed", "stats"])]
    all: bool,
}

/// Runs `toursat count`: the exit status, or an error.
pub fn run(args: &CountArgs) -> Result<u8, CliError> {
    boards_only(&args.problem.flags, "count")?;
    let deadline = args.timeout.map(clock::deadline);
    let input = args.problem.clone();
    let timeout_seconds = args.timeout.map(|timeout| timeout.as_secs_f64());
    let problem = clock::read_by(deadline, timeout_seconds, move || input.problem())?;
    let options = CountOptions {
        directed: args.directed,
        limits: Limits {
            deadline,
            ..Limits::none()
        },
    };
    let limit = args
        .limit
        .map(|limit| usize::try_from(limit).unwrap_or(usize::MAX));
    let reporter = Reporter::start("counting", "the count is incomplete");
    if let Some(limit) = limit.or(args.all.then_some(usize::MAX)) {
        return write_distinct(&problem, limit, &options.limits, args.timeout, &reporter);
    }
    let counted = count::count(&problem, &options, &mut |_| {});
    drop(reporter);
    let counted = counted.map_err(|error| cli_error(error, args.timeout))?;
    let mut out = io::stdout().lock();
    writeln!(out, "{}", counted.tours)
        .and_then(|()| out.flush())
        .map_err(|error| CliError::input(format!("writing the count: {error}")))?;
    if args.stats {
        write_stats(&counted.stats, &mut io::stderr().lock())
            .map_err(|error| CliError::input(format!("writing statistics: {error}")))?;
    }
    Ok(exit::SUCCESS)
}

/// The command-line error of a count that failed, with the time limit for its message.
fn cli_error(error: CountError, timeout: Option<Duration>) -> CliError {
    match error {
        CountError::Stopped(Stop::Timeout) => CliError::with_status(
            exit::STOPPED,
            match timeout {
                Some(timeout) => format!(
                    "timed out after {} s, before the count was done",
                    timeout.as_secs_f64()
                ),
                None => error.to_string(),
            },
        ),
        CountError::Stopped(stop) => CliError::with_status(exit::for_stop(stop), error),
        other => CliError::input(other),
    }
}

/// Writes up to `limit` distinct tours of `problem`, each as found, then how many there were.
fn write_distinct(
    problem: &Problem,
    limit: usize,
    limits: &Limits,
    timeout: Option<Duration>,
    reporter: &Reporter,
) -> Result<u8, CliError> {
    let mut out = io::stdout().lock();
    let mut written = Ok(());
    let distinct = count::distinct_tours(problem, limit, limits, &mut |tour| {
        if written.is_ok() {
            written = reporter.suspend(|| {
                Names
                    .write_tour(problem, tour, &mut out)
                    .map_err(|error| error.to_string())
                    .and_then(|()| out.flush().map_err(|error| error.to_string()))
            });
        }
    })
    .map_err(|error| cli_error(error, timeout))?;
    written.map_err(|error| CliError::input(format!("writing a tour: {error}")))?;
    let found = distinct.tours.len();
    let line = if distinct.complete {
        found.to_string()
    } else {
        format!("at least {found}")
    };
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|error| CliError::input(format!("writing the count: {error}")))?;
    Ok(exit::SUCCESS)
}

/// Writes the statistics of a count as `name: value` lines.
fn write_stats(stats: &CountStats, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "steps: {}", stats.steps)?;
    writeln!(out, "frontier: {}", stats.frontier)?;
    writeln!(out, "states: {}", stats.states)?;
    writeln!(out, "peak states: {}", stats.peak_states)?;
    let arithmetic = if stats.arbitrary_precision {
        "arbitrary precision (the count passed 128 bits)"
    } else {
        "128-bit integers (exact: the count fits)"
    };
    writeln!(out, "arithmetic: {arithmetic}")?;
    writeln!(out, "seconds: {:.6}", stats.seconds)?;
    writeln!(out, "peak memory: {} KB", peak_memory_kib())
}

/// The process's peak resident memory so far, in KiB (the DP's states are most of it).
fn peak_memory_kib() -> u64 {
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a live local that getrusage fills in.
    let result = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    match result {
        0 => usage.ru_maxrss.max(0) as u64,
        _ => 0,
    }
}
