//! `toursat bench`: toursat over a folder of graph files, one child process and one JSON line
//! a run, split into shards; `--merge` sums the lines of every shard up.

use super::args::{parse_timeout, read_input};
use super::compare::child::run_limited;
use super::error::CliError;
use super::exit;
use super::graph_input::read_graph_problem;
use super::progress::Reporter;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use toursat::bench::{
    merge_records, parse_limit, summarize, write_cactus, BenchRecord, Shard, DEFAULT_LIMITS,
};
use toursat::compare::Status;
use toursat::core::atomic_file::write_file;
use toursat::core::progress;
use toursat::format::graph::tour_of_json;
use toursat::graph::problem::GraphProblem;
use toursat::verify::graph::verify_graph_tour;
use toursat::TourShape;

/// Examples shown under `toursat bench --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat gen-graph --kind planted-cubic --vertices 500 --seed 1 -o /tmp/cubic500.hcp
  toursat gen-graph --kind planted-cubic --vertices 500 --seed 2 -o /tmp/cubic500-2.hcp
  toursat bench /tmp/cubic500.hcp /tmp/cubic500-2.hcp --timeout 10 --shard 0/2 -o /tmp/runs-0.jsonl
  toursat bench /tmp/cubic500.hcp /tmp/cubic500-2.hcp --timeout 1800 --shard 1/2 -o /tmp/runs-1.jsonl
  toursat bench --merge /tmp/runs-0.jsonl /tmp/runs-1.jsonl --limits 1,10,60,1800 --svg /tmp/cactus.svg";

/// The file names a folder is searched for: graph files by their extension.
const GRAPH_EXTENSIONS: [&str; 5] = ["hcp", "col", "dimacs", "edges", "graph"];

/// The largest benchmark file `--merge` reads.
const RECORDS_BYTES: u64 = 1 << 30;

/// Arguments of `toursat bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Graph files, or folders whose files ending in .hcp, .col, .dimacs, .edges or .graph
    /// are taken (not recursively; a folder with none is refused); with --merge, the
    /// JSON-lines files of the shards (each graph counted once).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The time limit of one run, in seconds.
    #[arg(long, default_value = "10", value_parser = parse_timeout)]
    timeout: Duration,
    /// An option passed on to every `toursat solve` run (repeat it for several, as
    /// `--solve-option=--engine --solve-option=sat`), to benchmark an engine's variant.
    #[arg(
        long = "solve-option",
        value_name = "OPTION",
        allow_hyphen_values = true
    )]
    solve_options: Vec<String>,
    /// Run only shard I of N (from 0): the sorted files, every N-th from the I-th.
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    shard: Shard,
    /// Write the JSON lines to FILE (default: standard output), one as each run ends.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Read the JSON lines of PATH... (the shards' outputs) and print their summary: runs,
    /// errors, and the graphs answered within each of --limits.
    #[arg(long)]
    merge: bool,
    /// With --merge: the limits, in seconds (above 0), at which graphs answered are counted.
    #[arg(long, value_delimiter = ',', default_values_t = DEFAULT_LIMITS, value_parser = parse_limit)]
    limits: Vec<f64>,
    /// With --merge: also write every merged line to FILE (the concatenation).
    #[arg(long, value_name = "FILE")]
    merged: Option<PathBuf>,
    /// With --merge: also draw the cactus plot (answered graphs sorted by seconds) in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs `toursat bench`: 0 when every run ended cleanly (an answer or a timeout), 2 when a
/// file could not be read or a run failed, 4 when a tour failed verification.
pub fn run(args: &BenchArgs) -> Result<u8, CliError> {
    if args.merge {
        return merge(args);
    }
    let exe = std::env::current_exe()
        .map_err(|error| CliError::input(format!("cannot find the toursat executable: {error}")))?;
    let files = args.shard.of(graph_files(&args.paths)?);
    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => {
            Box::new(std::fs::File::create(path).map_err(|error| CliError::in_file(path, error))?)
        }
        None => Box::new(std::io::stdout().lock()),
    };
    let mut status = exit::SUCCESS;
    let reporter = Reporter::start(BENCHMARKING, "only the runs written were run");
    progress::begin(BENCHMARKING, "graphs run", Some(files.len() as u64));
    for file in files {
        let record = bench_one(&exe, &file, args.timeout, &args.solve_options);
        progress::advance(1);
        if record.answer == Status::Error.to_string() {
            let wrong = record
                .note
                .as_deref()
                .is_some_and(|note| note.starts_with(WRONG_TOUR));
            status = status.max(if wrong {
                exit::INTERNAL
            } else {
                exit::BAD_INPUT
            });
        }
        reporter
            .suspend(|| writeln!(out, "{}", record.to_line()).and_then(|()| out.flush()))
            .map_err(|error| CliError::input(format!("writing the runs: {error}")))?;
    }
    Ok(status)
}

/// What `bench` is doing, on a terminal: its graphs, counted as they are run.
const BENCHMARKING: &str = "benchmarking";

/// The note of a run whose tour failed verification starts with this.
const WRONG_TOUR: &str = "wrong tour";

/// The graph files `paths` name: each file as given, each folder's graph files; a folder with
/// none is refused.
fn graph_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path.clone());
            continue;
        }
        let before = files.len();
        let entries = std::fs::read_dir(path).map_err(|error| CliError::in_file(path, error))?;
        for entry in entries {
            let entry = entry.map_err(|error| CliError::in_file(path, error))?;
            let file = entry.path();
            let is_graph = file
                .extension()
                .and_then(|extension| extension.to_str())
                .is_some_and(|extension| GRAPH_EXTENSIONS.contains(&extension));
            if is_graph && file.is_file() {
                files.push(file);
            }
        }
        if files.len() == before {
            return Err(CliError::in_file(
                path,
                format!(
                    "no graph files in this folder (files ending in .{})",
                    GRAPH_EXTENSIONS.join(", .")
                ),
            ));
        }
    }
    Ok(files)
}

/// Runs `toursat solve` (with `solve_options`) on the graph `file` as a child process killed
/// at `timeout`, and checks its tour with the verifier.
fn bench_one(exe: &Path, file: &Path, timeout: Duration, solve_options: &[String]) -> BenchRecord {
    let mut record = BenchRecord {
        graph: file.display().to_string(),
        vertices: 0,
        edges: 0,
        answer: Status::Error.to_string(),
        seconds: 0.0,
        limit: timeout.as_secs_f64(),
        engine: None,
        solve_calls: None,
        cuts: None,
        conflicts: None,
        verified: false,
        note: None,
    };
    let problem = match read_graph_problem(file, None, TourShape::Closed, [None, None]) {
        Ok(input) => input.problem,
        Err(error) => {
            record.note = Some(error.message);
            return record;
        }
    };
    record.vertices = problem.vertex_count;
    record.edges = problem.edges.len();
    let mut command = Command::new(exe);
    command
        .args(["solve", "--tour", "closed", "--format", "json", "--graph"])
        .arg(file)
        .args(["--timeout", &timeout.as_secs_f64().to_string()])
        .args(solve_options);
    let finished = match run_limited(command, timeout, &record.graph) {
        Ok(finished) => finished,
        Err(failure) => {
            record.seconds = failure.seconds;
            record.note = Some(failure.note);
            return record;
        }
    };
    record.seconds = finished.seconds;
    if finished.killed {
        record.answer = Status::Timeout.to_string();
        return record;
    }
    let document: serde_json::Value = match serde_json::from_str(finished.stdout.trim()) {
        Ok(document) => document,
        Err(error) => {
            let first_line = finished.stderr.lines().next().unwrap_or("");
            record.note = Some(format!(
                "exit status {:?}, unreadable JSON answer ({error}): {first_line}",
                finished.exit
            ));
            return record;
        }
    };
    record.engine = document["statistics"]["engine"]
        .as_str()
        .map(str::to_string);
    let sat = &document["statistics"]["sat"];
    record.solve_calls = sat["solve_calls"].as_u64();
    record.cuts = sat["cuts"].as_u64();
    record.conflicts = sat["conflicts"].as_u64();
    let answer = document["answer"].as_str().unwrap_or("");
    match (finished.exit, answer) {
        (Some(0), "found") => match check_tour(&problem, &document["tour"]) {
            Ok(()) => {
                record.answer = Status::Found.to_string();
                record.verified = true;
            }
            Err(wrong) => record.note = Some(format!("{WRONG_TOUR}: {wrong}")),
        },
        (Some(1), "no tour") => record.answer = Status::NoTour.to_string(),
        (Some(3), _) => record.answer = Status::Timeout.to_string(),
        (exit, answer) => {
            record.note = Some(format!("exit status {exit:?} with answer {answer:?}"));
        }
    }
    record
}

/// Reads a JSON tour (vertex numbers from 1) and verifies it.
fn check_tour(problem: &GraphProblem, tour: &serde_json::Value) -> Result<(), String> {
    let tour = tour_of_json(tour, problem.vertex_count)?;
    verify_graph_tour(problem, &tour).map_err(|wrong| wrong.to_string())
}

/// `toursat bench --merge`: the summary of the lines of every file, the merged lines and the
/// cactus plot where asked.
fn merge(args: &BenchArgs) -> Result<u8, CliError> {
    let mut files = Vec::new();
    let mut read: Vec<PathBuf> = Vec::new();
    for path in &args.paths {
        let same_file = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        if read.contains(&same_file) {
            eprintln!(
                "toursat: warning: {} is given twice; its lines are counted once",
                path.display()
            );
            continue;
        }
        read.push(same_file);
        let text = read_input(path, RECORDS_BYTES, "a benchmark file")?;
        files.push((path.display().to_string(), text));
    }
    let records = merge_records(&files).map_err(CliError::input)?;
    if let Some(path) = &args.merged {
        write_file(path, |out| {
            records
                .iter()
                .try_for_each(|record| writeln!(out, "{}", record.to_line()))
        })
        .map_err(|error| CliError::in_file(path, error))?;
    }
    if let Some(path) = &args.svg {
        write_file(path, |out| write_cactus(&records, out))
            .map_err(|error| CliError::in_file(path, error))?;
    }
    print!("{}", summarize(&records, &args.limits).text());
    Ok(exit::SUCCESS)
}
