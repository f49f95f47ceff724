//! `toursat decode`: a SAT solver's answer to a `toursat dimacs` formula, read back as a tour.

use super::args::{one_of, one_stdin, read_input, ProblemArgs};
use super::error::CliError;
use super::exit;
use super::show::{self, ShowArgs};
use super::solve::{board_format, graph_format};
use clap::Args;
use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use toursat::core::atomic_file;
use toursat::engine::sat::exchange::answer::{AnswerErrorKind, SolverAnswer};
use toursat::engine::sat::exchange::dimacs;
use toursat::engine::sat::exchange::export;
use toursat::engine::sat::exchange::identity::{self, FormulaMismatch};
use toursat::engine::sat::exchange::model::{DecodeError, Decoder};
use toursat::engine::sat::Connectivity;
use toursat::engine::sat::Encoding;
use toursat::format::graph::{write_graph_verdict, GraphFormat};
use toursat::format::{Format, FormatError, FormatName, Json, JsonAnswer, OutputFormat, Svg};
use toursat::Tour;

/// Examples shown under `toursat decode --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat dimacs --rows 6 --cols 6 --piece knight --tour closed --encoding position -o /tmp/k6.cnf
  minisat /tmp/k6.cnf /tmp/k6.out
  toursat decode /tmp/k6.out --rows 6 --cols 6 --piece knight --tour closed --encoding position --format grid
  # a lazy encoding: while the answer is `not a tour`, --add-cuts-to adds the cuts; solve again
  toursat dimacs --rows 6 --cols 6 --piece knight --tour closed -o /tmp/f.cnf
  minisat /tmp/f.cnf /tmp/f.out
  toursat decode /tmp/f.out --rows 6 --cols 6 --piece knight --tour closed --add-cuts-to /tmp/f.cnf
  # a lazy formula completed by a layer: the formula's header names its encoding and layer
  toursat dimacs --rows 6 --cols 6 --piece knight --tour closed --cuts-from-solve -o /tmp/g.cnf
  minisat /tmp/g.cnf /tmp/g.out
  toursat decode /tmp/g.out --rows 6 --cols 6 --piece knight --tour closed --formula /tmp/g.cnf";

/// Arguments of `toursat decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// `[BOARD_FILE] MODEL_FILE`: the board (a board file or a puzz.link URL, as `toursat solve`
    /// takes; or --rows/--cols, or --graph) and the solver's
    /// answer, in the SAT-competition format (`s SATISFIABLE`, `v ... 0`), minisat's result
    /// file, or a bare list of literals. Either may be `-` for stdin.
    #[arg(value_name = "FILES", num_args = 1..=2, required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    problem: ProblemArgs,
    /// The encoding the formula was written with [default: the one the header of --formula or
    /// --add-cuts-to names, else cutset].
    #[arg(long, value_name = "NAME", value_parser = one_of::<Encoding>())]
    encoding: Option<Encoding>,
    /// The connectivity layer the formula was written with (`toursat dimacs --connectivity`)
    /// [default: the one the header of --formula or --add-cuts-to names, else cuts].
    #[arg(long, value_name = "LAYER", value_parser = one_of::<Connectivity>())]
    connectivity: Option<Connectivity>,
    /// The DIMACS file the solver answered, as `toursat dimacs` wrote it: its header gives the
    /// encoding and the connectivity layer. An unsatisfiable answer is a proof of no tour
    /// (status 1) only when this file is the complete formula toursat writes for this very
    /// problem (its `c toursat formula` line: problem, encoding, counts and a digest of the
    /// clauses); otherwise the answer is `unconfirmed` (status 5).
    #[arg(long, value_name = "CNF_FILE")]
    formula: Option<PathBuf>,
    /// When the model has several cycles, add a cut clause for each to this DIMACS file (the
    /// formula the solver answered, whose header gives the encoding and layer as --formula's
    /// does), fixing its `p cnf` and `c toursat formula` lines, so that solving it again
    /// excludes them: a refinement loop with any external solver. A file that is not toursat's
    /// formula for this problem is refused and left untouched.
    #[arg(long, value_name = "CNF_FILE")]
    add_cuts_to: Option<PathBuf>,
    /// How to write the tour [default: squares; with --graph, vertices]
    #[arg(long, value_parser = one_of::<OutputFormat>())]
    format: Option<OutputFormat>,
    #[command(flatten)]
    show: ShowArgs,
}

/// Runs `toursat decode`: the tour (status 0), a proof of no tour or why the answer is not a
/// tour (status 1), or a claim of no tour that toursat cannot confirm (status 5).
pub fn run(args: &DecodeArgs) -> Result<u8, CliError> {
    let (board_file, model_file) = match args.files.as_slice() {
        [model] => (None, model),
        [board, model] => (Some(board.as_path()), model),
        _ => return Err(CliError::input("give [BOARD_FILE] MODEL_FILE")),
    };
    let first_input = match (board_file, &args.problem.graph) {
        (Some(_), Some(_)) => {
            return Err(CliError::input(
                "with --graph give only the MODEL_FILE: the graph is the board",
            ))
        }
        (Some(board_file), None) => Some(("the board file", board_file)),
        (None, Some(graph)) => Some(("the graph file", graph.as_path())),
        (None, None) => None,
    };
    if let Some(first_input) = first_input {
        one_stdin(&[first_input, ("the model file", model_file)])?;
    }
    let (encoding, connectivity) = formula_names(args)?;
    export::check_layer(encoding, connectivity).map_err(CliError::input)?;
    let graph = args.problem.graph_problem()?;
    let board_problem;
    let mut decoder = match &graph {
        Some(input) => Decoder::for_graph(&input.problem, &input.name, encoding, connectivity),
        None => {
            board_problem = args.problem.problem(board_file)?;
            Decoder::with_connectivity(&board_problem, encoding, connectivity)
        }
    }
    .map_err(CliError::input)?;
    // The output's format is checked before anything is written (--add-cuts-to writes).
    let (board_format, graph_format) = match &graph {
        Some(_) if args.show.svg.is_some() => {
            return Err(CliError::input("--svg draws boards, not --graph"))
        }
        Some(_) => (None, graph_format(args.format)?),
        None => (board_format(args.format)?, None),
    };
    if let Some(path) = &args.formula {
        check_formula(&mut decoder, path)?;
    }
    let text = read_input(
        model_file,
        decoder.answer_byte_limit(),
        "a solver's answer to this formula",
    )?;
    let answer = decoder.read(&text).map_err(|error| {
        let hint = match error.kind {
            AnswerErrorKind::VariableOutOfRange { .. }
                if connectivity == Connectivity::Cuts && !encoding.is_complete() =>
            {
                " (the formula's header names its encoding and connectivity layer: give them \
                 with --encoding and --connectivity, or the formula file with --formula)"
            }
            _ => "",
        };
        CliError::in_file(model_file, format!("{error}{hint}"))
    })?;
    if let (SolverAnswer::Satisfiable(values), Some(path)) = (&answer, &args.add_cuts_to) {
        if let Ok(cycles) = decoder.cycles(values) {
            if cycles.len() > 1 {
                add_cuts(&decoder, &cycles, path)?;
            }
        }
    }
    let decoded = decoder.tour(&answer);
    let json = board_format == Some(FormatName::Json) || graph_format == Some(GraphFormat::Json);
    match &graph {
        Some(input) => {
            let format = graph_format;
            report(decoded, json, |outcome, out| match outcome {
                Outcome::Tour(tour) => match format {
                    Some(format) => format.write_tour(&input.problem, &input.name, tour, out),
                    None => Ok(()),
                },
                Outcome::Verdict(answer, why) => write_graph_verdict(
                    &input.problem,
                    &input.name,
                    answer,
                    Some(why.to_string()),
                    None,
                    out,
                ),
            })
        }
        None => {
            let problem = decoder.board_problem().ok_or_else(|| {
                CliError::with_status(
                    exit::INTERNAL,
                    "internal error: a board decoder without a board",
                )
            })?;
            let format = board_format;
            let svg_tour = decoded.as_ref().ok().cloned();
            let status = report(decoded, json, |outcome, out| match outcome {
                Outcome::Tour(tour) => match format {
                    Some(format) => format
                        .coloured(toursat::format::JUDGE_LINE_WIDTH, args.show.colour())
                        .write_tour(problem, tour, out),
                    None => Ok(()),
                },
                Outcome::Verdict(answer, why) => {
                    Json.write_answer(problem, answer, Some(why.to_string()), None, None, out)
                }
            })?;
            // The picture is drawn after the answer is printed: a file that cannot be written
            // loses no answer.
            if let (Some(tour), Some(path)) = (&svg_tour, &args.show.svg) {
                show::write_svg(path, |out| Svg.write_tour(problem, tour, out))?;
            }
            Ok(status)
        }
    }
}

/// What [`report`] asks its writer to write: the tour, or the JSON document of a verdict.
enum Outcome<'a> {
    /// The verified tour, in the chosen format.
    Tour(&'a Tour),
    /// No tour: the JSON answer and why.
    Verdict(JsonAnswer, &'a str),
}

/// Prints what a decoded answer says (the tour by `write`, else the verdict: its JSON document
/// by `write` with `json`, else a line) and returns the exit status.
fn report(
    decoded: Result<Tour, DecodeError>,
    json: bool,
    write: impl Fn(Outcome, &mut dyn Write) -> Result<(), FormatError>,
) -> Result<u8, CliError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = |result: Result<(), FormatError>, out: &mut io::BufWriter<io::StdoutLock>| {
        result
            .and_then(|()| out.flush().map_err(Into::into))
            .map_err(|error| CliError::input(format!("writing the answer: {error}")))
    };
    match decoded {
        Ok(tour) => {
            written(write(Outcome::Tour(&tour), &mut out), &mut out)?;
            Ok(exit::SUCCESS)
        }
        Err(error @ DecodeError::InvalidTour(_)) => {
            Err(CliError::with_status(exit::INTERNAL, error))
        }
        Err(error @ DecodeError::Answer(_)) | Err(error @ DecodeError::Problem(_)) => {
            Err(CliError::input(error))
        }
        Err(DecodeError::Unknown) => {
            let why = "the solver gave up without an answer";
            if json {
                written(
                    write(Outcome::Verdict(JsonAnswer::Stopped, why), &mut out),
                    &mut out,
                )?;
            }
            Err(CliError::with_status(exit::STOPPED, why))
        }
        Err(error) => {
            let (verdict, status) = match error {
                DecodeError::Unsatisfiable => (JsonAnswer::NoTour, exit::NO_TOUR),
                DecodeError::Unconfirmed(_) => (JsonAnswer::Unconfirmed, exit::UNCONFIRMED),
                _ => (JsonAnswer::NotATour, exit::NO_TOUR),
            };
            let why = error.to_string();
            if json {
                written(write(Outcome::Verdict(verdict, &why), &mut out), &mut out)?;
            } else {
                writeln!(out, "{}: {why}", verdict.as_str())
                    .and_then(|()| out.flush())
                    .map_err(|error| CliError::input(format!("writing the verdict: {error}")))?;
            }
            Ok(status)
        }
    }
}

/// The encoding and connectivity layer of the formula: as given, else as the header of the
/// formula file (--formula, else --add-cuts-to) names them, else `cutset` and `cuts`. A flag
/// that contradicts the header is refused.
fn formula_names(args: &DecodeArgs) -> Result<(Encoding, Connectivity), CliError> {
    let (mut encoding, mut connectivity) = (args.encoding, args.connectivity);
    if let Some(path) = args.formula.as_ref().or(args.add_cuts_to.as_ref()) {
        let file = fs::File::open(path).map_err(|error| CliError::in_file(path, error))?;
        let names = dimacs::read_header_names(io::BufReader::new(file))
            .map_err(|error| CliError::in_file(path, error))?;
        // A toursat formula without a layer has no `c connectivity` line: its layer is `cuts`.
        let layer = names
            .connectivity
            .or(names.encoding.map(|_| Connectivity::Cuts));
        encoding = agreed(path, "--encoding", encoding, names.encoding)?;
        connectivity = agreed(path, "--connectivity", connectivity, layer)?;
    }
    Ok((
        encoding.unwrap_or(Encoding::Cutset),
        connectivity.unwrap_or(Connectivity::Cuts),
    ))
}

/// The value of `flag`: the one given, else the one the header of the file at `path` names; an
/// error when both are there and differ.
fn agreed<T: PartialEq + fmt::Display>(
    path: &Path,
    flag: &str,
    given: Option<T>,
    in_header: Option<T>,
) -> Result<Option<T>, CliError> {
    match (given, in_header) {
        (Some(given), Some(in_header)) if given != in_header => Err(CliError::in_file(
            path,
            format!("its header names {flag} {in_header}, but {flag} {given} was given"),
        )),
        (given, in_header) => Ok(given.or(in_header)),
    }
}

/// Checks the formula file at `path` against the problem (see [`Decoder::check_formula`]); a
/// file that cannot be read, or is larger than any formula for the problem, is an error.
fn check_formula(decoder: &mut Decoder, path: &Path) -> Result<(), CliError> {
    let file = fs::File::open(path).map_err(|error| CliError::in_file(path, error))?;
    match decoder.check_formula(io::BufReader::new(file)) {
        Err(
            error @ (FormulaMismatch::Io(_)
            | FormulaMismatch::TooLarge { .. }
            | FormulaMismatch::LineTooLong { .. }),
        ) => Err(CliError::in_file(path, error)),
        // Another mismatch leaves an unsatisfiable answer unconfirmed; a model still decodes.
        _ => Ok(()),
    }
}

/// Appends one cut clause per cycle to the DIMACS file at `path` and updates its `p cnf` and
/// identity lines; a file that is not toursat's formula for the problem is left untouched.
fn add_cuts(decoder: &Decoder, cycles: &[Vec<u32>], path: &Path) -> Result<(), CliError> {
    let expected = decoder.expected();
    let refused = |error| CliError::in_file(path, format!("refused, left untouched: {error}"));
    let file = fs::File::open(path).map_err(|error| CliError::in_file(path, error))?;
    let formula = identity::read_bounded(file, expected.byte_limit()).map_err(refused)?;
    let checked = identity::check_formula(formula.as_slice(), &expected).map_err(refused)?;
    let formula = String::from_utf8(formula)
        .map_err(|_| refused(FormulaMismatch::Io("not UTF-8 text".to_string())))?;
    let cuts: Vec<_> = decoder
        .moves()
        .cuts_of_cycles(decoder.graph(), cycles)
        .into_iter()
        .flatten()
        .collect();
    let rewritten = identity::append_clauses(&formula, &checked, &cuts);
    atomic_file::write_file(path, |out| out.write_all(rewritten.as_bytes()))
        .map_err(|error| CliError::in_file(path, error))
}
