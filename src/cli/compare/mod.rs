//! `toursat compare`: engines raced on board files, each run a child process with a time limit.

pub(super) mod child;
mod fault;

use super::args::{fixed_ends, is_stdin, one_of, read_board, read_marked_board, PieceParser};
use super::error::CliError;
use super::exit;
use super::graph_input::read_graph_problem;
use super::progress::Reporter;
use child::{ChildEngine, ChildKind, Setup};
use clap::Args;
use fault::Fault;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;
use toursat::compare::{
    self, BoardEntry, Comparison, Contender, Instance, Report, ReportFormat, RunEvent,
};
use toursat::core::board::{puzzlink, MAX_SQUARES};
use toursat::core::progress;
use toursat::{Piece, Problem, TourShape};

/// What `compare` is doing, on a terminal: its runs, counted as they end.
const COMPARING: &str = "comparing";

/// Examples shown under `toursat compare --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat compare corpus/planted-10x10-* --piece rook --tour closed --engines dfs,sat:cutset,auto --timeout 10
  toursat compare corpus/holes-8x8-* --piece knight --tour open --engines dfs,sat,construct --timeout 5 --runs 3 --format markdown --svg /tmp/cactus.svg
  toursat gen-graph --kind planted-cubic --vertices 2000 --seed 1 -o /tmp/cubic2000.hcp
  toursat compare /tmp/cubic2000.hcp --graph --tour closed --engines auto,sat:cutset:no-merge:no-warm-start:no-complete --timeout 10

An engine that cannot take a board (construct on a board with blocked squares) is n/a there.";

/// Arguments of `toursat compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Board files (or puzz.link URLs, pzprv3 files: see `toursat solve --help`), or folders
    /// whose `.txt` files are boards (with --graph: graph files, or folders whose `.hcp` files
    /// are graphs).
    #[arg(value_name = "BOARDS", required = true)]
    boards: Vec<PathBuf>,
    /// The piece: rook, knight, king or leaper:A,B.
    #[arg(long, required_unless_present = "graph", value_parser = PieceParser)]
    piece: Option<Piece>,
    /// The files are graph files (TSPLIB HCP, DIMACS or edge lists; see `toursat solve
    /// --help`): every engine looks for a Hamiltonian cycle or path of each.
    #[arg(long, conflicts_with_all = ["piece", "test_faults"])]
    graph: bool,
    /// The tour.
    #[arg(long, value_name = "closed|open", value_parser = one_of::<TourShape>())]
    tour: TourShape,
    /// Engines, separated by commas: dfs, auto, construct, sat[:ENCODING][:no-merge][:no-warm-start][:no-complete]
    /// (for example sat:cutset, sat:position, sat:cutset:no-merge, sat:cutset:no-warm-start).
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "dfs,sat:cutset,auto"
    )]
    engines: Vec<String>,
    /// Time limit of each run in seconds: the child is killed when it passes.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Duration,
    /// Runs of each engine on each board (the median time is reported; after a timeout the
    /// remaining runs are skipped).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// How to write the results.
    #[arg(long, value_parser = one_of::<ReportFormat>(), default_value_t = ReportFormat::Table)]
    format: ReportFormat,
    /// Children run at once (1 gives the fairest times).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    jobs: u32,
    /// Also write a cactus plot (boards answered against time) as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Accept the test engines test:sleep, test:lie and test:bad-tour (for toursat's tests).
    #[arg(long, hide = true)]
    test_faults: bool,
    /// Act as the faulty engine KIND on the one board (the child of a test engine).
    #[arg(long, hide = true, value_name = "KIND")]
    fault: Option<Fault>,
}

/// Reads a time limit in seconds: a finite number above 0.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 => Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("{text:?} is too long a time limit")),
        _ => Err(format!("{text:?} is not a number of seconds above 0")),
    }
}

/// Runs `toursat compare`: the exit status, or an error.
pub fn run(args: &CompareArgs) -> Result<u8, CliError> {
    if let Some(fault) = args.fault {
        return act_faulty(args, fault);
    }
    let exe = std::env::current_exe()
        .map_err(|error| CliError::input(format!("cannot find the toursat executable: {error}")))?;
    let setup = Setup {
        exe,
        timeout: args.timeout,
    };
    let engines = args
        .engines
        .iter()
        .map(|name| {
            let name = name.trim();
            Ok(ChildEngine {
                name: name.to_string(),
                kind: child_kind(name, args.test_faults).map_err(CliError::input)?,
                setup: setup.clone(),
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let contenders: Vec<&dyn Contender> = engines
        .iter()
        .map(|engine| engine as &dyn Contender)
        .collect();
    let boards = read_boards(args)?;
    let total = (boards.len() * engines.len()) as u64 * u64::from(args.runs);
    let reporter = Reporter::start(COMPARING, "no table was written");
    progress::begin(COMPARING, "runs done", Some(total));
    let progress = |event: RunEvent| {
        if let RunEvent::Finished = event {
            progress::advance(1);
        }
    };
    let comparison = compare::compare(
        &boards,
        &contenders,
        args.runs as usize,
        args.jobs as usize,
        args.timeout.as_secs_f64(),
        &progress,
    );
    drop(reporter);
    let mut out = io::BufWriter::new(io::stdout().lock());
    args.format
        .report()
        .write(&comparison, &mut out)
        .and_then(|()| out.flush())
        .map_err(|error| CliError::input(format!("writing the results: {error}")))?;
    if let Some(path) = &args.svg {
        toursat::core::atomic_file::write_file(path, |out| compare::Cactus.write(&comparison, out))
            .map_err(|error| CliError::in_file(path, error))?;
    }
    Ok(report_wrong_answers(&comparison))
}

/// What the engine `name` runs: an engine of `toursat solve`, or with `faults` also the test
/// engines `test:sleep`, `test:lie` and `test:bad-tour`.
fn child_kind(name: &str, faults: bool) -> Result<ChildKind, String> {
    match name.strip_prefix("test:") {
        Some(fault) if faults => Fault::from_str(fault)
            .map(ChildKind::Fault)
            .map_err(|error| format!("engine {name:?}: {error}")),
        _ => compare::engine_choice(name).map(ChildKind::Solve),
    }
}

/// Prints every disagreement and failed run on stderr; the exit status they call for.
fn report_wrong_answers(comparison: &Comparison) -> u8 {
    let mut stderr = io::stderr().lock();
    let disagreements = comparison.disagreements();
    for disagreement in &disagreements {
        let _ = writeln!(
            stderr,
            "toursat: DISAGREEMENT on {}: {} found a tour, {} proved there is none",
            disagreement.board,
            disagreement.found_by.join(", "),
            disagreement.no_tour_by.join(", ")
        );
    }
    let errors = comparison.errors();
    for (board, engine, note) in &errors {
        let _ = writeln!(stderr, "toursat: ERROR: {engine} on {board}: {note}");
    }
    if disagreements.is_empty() && errors.is_empty() {
        exit::SUCCESS
    } else {
        exit::INTERNAL
    }
}

/// The boards (or graphs): each file, and each `.txt` (`.hcp`) file of each folder (in name
/// order).
fn read_boards(args: &CompareArgs) -> Result<Vec<BoardEntry>, CliError> {
    let extension = if args.graph { "hcp" } else { "txt" };
    let mut paths = Vec::new();
    for path in &args.boards {
        if is_stdin(path) {
            return Err(CliError::input(
                "compare runs each engine as a child process that reads the board file itself: \
                 give board files, not - (stdin)",
            ));
        }
        if path.is_dir() {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|error| CliError::in_file(path, error))?
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|file| {
                    file.is_file() && file.extension().is_some_and(|ext| ext == extension)
                })
                .collect();
            inside.sort();
            if inside.is_empty() {
                return Err(CliError::in_file(
                    path,
                    format!("no .{extension} files in this folder"),
                ));
            }
            paths.extend(inside);
        } else {
            paths.push(path.clone());
        }
    }
    paths
        .into_iter()
        .map(|path| {
            let problem = match args.piece {
                Some(piece) if !args.graph => {
                    let (board, marked) = read_marked_board(&path, MAX_SQUARES)?;
                    let (start, end) =
                        fixed_ends(&board, marked, Some(&path), args.tour, None, None)?;
                    let mut problem = Problem::new(board, piece, args.tour);
                    problem.start = start;
                    problem.end = end;
                    Instance::Board(problem)
                }
                _ => {
                    let input = read_graph_problem(&path, None, args.tour, [None, None])?;
                    Instance::Graph(input.problem)
                }
            };
            Ok(BoardEntry {
                name: board_name(&path),
                problem,
                path,
            })
        })
        .collect()
}

/// A board's name in reports: its file name without `.txt` (a graph's without `.hcp`), or the
/// puzz.link URL given for it.
fn board_name(path: &Path) -> String {
    if let Some(url) = path.to_str().filter(|text| puzzlink::is_url(text)) {
        return url.to_string();
    }
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    let stem = name
        .strip_suffix(".txt")
        .or_else(|| name.strip_suffix(".hcp"));
    stem.unwrap_or(&name).to_string()
}

/// The child of a test engine: prints the fault's wrong answer for the one board.
fn act_faulty(args: &CompareArgs, fault: Fault) -> Result<u8, CliError> {
    let [path] = args.boards.as_slice() else {
        return Err(CliError::input("--fault takes exactly one board"));
    };
    let board = read_board(path, MAX_SQUARES)?;
    let answer = fault.act(&board);
    println!("{answer}");
    Ok(fault.status())
}
