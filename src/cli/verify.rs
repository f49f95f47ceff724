//! `toursat verify`: checks a tour file against a board, piece and tour shape.

use super::args::{
    fixed_ends, is_stdin, one_of, one_stdin, read_input, read_marked_board, PieceParser,
};
use super::error::{input_name, CliError};
use super::exit;
use super::graph_input::read_graph_problem;
use super::progress::Reporter;
use super::show;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use toursat::core::board::{puzzlink, pzprv3, MAX_SQUARES};
use toursat::core::square::Naming;
use toursat::format::graph::{read_graph_answer, write_graph_verdict};
use toursat::format::read::{detect, read_tour, TourSyntax};
use toursat::format::{Format, FormatError, Json, JsonAnswer, Svg};
use toursat::graph::file::GraphSyntax;
use toursat::verify::board::verify_named;
use toursat::verify::graph::verify_graph_tour;
use toursat::{Piece, Problem, TourShape};

/// Examples shown under `toursat verify --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat solve examples/boards/ring.txt --piece rook --tour closed > /tmp/ring-tour.txt
  toursat verify examples/boards/ring.txt /tmp/ring-tour.txt --piece rook --tour closed
  toursat solve examples/boards/ring.txt --piece rook --tour closed --format grid \\
    | toursat verify examples/boards/ring.txt - --piece rook --tour closed
  toursat solve examples/boards/ring.txt --piece rook --tour open --start 0,0 --format moves > /tmp/moves.txt
  toursat verify examples/boards/ring.txt /tmp/moves.txt --piece rook --tour open --start 0,0 --format moves
  toursat solve examples/boards/knight-hole.txt --piece knight --tour open --format json > /tmp/knight.json
  toursat verify - /tmp/knight.json --piece knight --tour open < examples/boards/knight-hole.txt
  toursat solve 'https://puzz.link/p?simpleloop/8/7/200200a42000' --piece rook --tour closed \\
    --format pzprv3 > /tmp/solved.pzprv3
  toursat verify /tmp/solved.pzprv3 --piece rook --tour closed
  toursat gen-graph --kind planted-cubic --vertices 100 --seed 1 -o /tmp/cubic100.hcp
  toursat solve --graph /tmp/cubic100.hcp --tour closed > /tmp/cubic100.tour
  toursat verify --graph /tmp/cubic100.hcp /tmp/cubic100.tour --tour closed";

/// The rule between a wrong tour and bad input, shown under `toursat verify --help`.
pub const VERDICTS: &str = "\
Invalid tour or bad input:
  A tour file that cannot be read in its format (not numbers, not a grid, not JSON) is bad
  input: status 2. A tour that reads but is wrong is invalid: status 1, with `invalid: WHY`.
  A square or vertex outside the board or graph, a grid or JSON document of another board,
  a TSPLIB DIMENSION other than the graph's, are wrong tours: invalid, status 1, in every
  format.";

/// Arguments of `toursat verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Board file (`-`: stdin): one line a row, `.` a free square, `X` or `#` a blocked one, `S`
    /// and `E` free squares marked as the start and end (--start and --end override them). Or
    /// a puzz.link URL (https://puzz.link/p?simpleloop/COLS/ROWS/BODY), given here or in the
    /// file, or a pzprv3 file: shaded cells are blocked (docs/board-formats.md).
    /// With --graph, the only file given is the tour file.
    #[arg(value_name = "BOARD_FILE")]
    board_file: PathBuf,
    /// Tour file (`-`: stdin), in any format `solve` writes (see --format). Without it, the
    /// board file must be a pzprv3 file: the loop its answer's lines draw is checked.
    tour_file: Option<PathBuf>,
    /// The piece: rook (one step N, S, E, W), knight, king or leaper:A,B.
    #[arg(long, required_unless_present = "graph", value_parser = PieceParser)]
    piece: Option<Piece>,
    /// A graph file instead of a board (TSPLIB HCP, DIMACS `p edge` or an edge list; see
    /// `toursat solve --help`): the tour file is then a vertex list, a TSPLIB tour or a JSON
    /// document of `solve --graph`, and --start and --end are vertex numbers.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["piece", "tour_file", "format", "svg"])]
    graph: Option<PathBuf>,
    /// How the graph file is written [default: detected]
    #[arg(long, value_name = "SYNTAX", value_parser = one_of::<GraphSyntax>(), requires = "graph")]
    graph_format: Option<GraphSyntax>,
    /// The tour.
    #[arg(long, value_name = "closed|open", value_parser = one_of::<TourShape>())]
    tour: TourShape,
    /// Square the tour must start on: `x,y` or a name like `A1`. Moves are read from it (without
    /// it, from the start the board fixes), and the grid of a closed tour is walked from it.
    #[arg(long, value_name = "SQ")]
    start: Option<String>,
    /// Square an open tour must end on: `x,y` or a name like `A1`.
    #[arg(long, value_name = "SQ")]
    end: Option<String>,
    /// How the tour file is written: auto detects it (see its rules below), or name one.
    #[arg(long, value_parser = one_of::<TourSyntax>())]
    format: Option<TourSyntax>,
    /// Write the verdict as one JSON object (docs/json.md): answer `valid` or `invalid`.
    #[arg(long)]
    json: bool,
    /// Also draw the board and the tour read (valid or not) as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Refuse boards with more squares than this, before allocating them.
    #[arg(long, value_name = "N", default_value_t = MAX_SQUARES)]
    max_squares: u64,
}

/// Runs `toursat verify`: prints `ok` (status 0) or `invalid: WHY` (status 1), or the verdict in
/// JSON.
pub fn run(args: &VerifyArgs) -> Result<u8, CliError> {
    if let Some(graph) = &args.graph {
        return run_graph(args, graph);
    }
    let Some(piece) = args.piece else {
        return Err(CliError::input(
            "give a BOARD_FILE, a TOUR_FILE and --piece, or --graph FILE and a TOUR_FILE",
        ));
    };
    let board_is_url = args.board_file.to_str().is_some_and(puzzlink::is_url);
    let path = match &args.tour_file {
        Some(path) => path,
        None if is_stdin(&args.board_file) || board_is_url => return Err(no_tour_file()),
        None => &args.board_file,
    };
    one_stdin(&[
        ("the board file", &args.board_file),
        ("the tour file", path),
    ])?;
    let reporter = reporter(&[&args.board_file, path]);
    let (board, marked) = read_marked_board(&args.board_file, args.max_squares)?;
    let (start, end) = fixed_ends(
        &board,
        marked,
        Some(&args.board_file),
        args.tour,
        args.start.as_deref(),
        args.end.as_deref(),
    )?;
    let mut problem = Problem::new(board, piece, args.tour);
    problem.start = start;
    problem.end = end;
    problem.validate().map_err(CliError::input)?;
    // A tour takes at most a few dozen bytes a square, in any format (a coloured grid of a king
    // tour being the longest).
    let too_long = (problem.board.len() as u64).saturating_mul(64) + 4096;
    let text = read_input(path, too_long, "a tour of this board")?;
    if args.tour_file.is_none() && !pzprv3::holds_pzprv3(&text) {
        return Err(no_tour_file());
    }
    // The syntax detected once: it reads the tour and names squares in the reason, `B3` where
    // the tour was written in names, or is a puzzle's (pzprv3) answer, as `toursat hint` names
    // cells; `x,y` otherwise.
    let syntax = match args.format.unwrap_or_default() {
        TourSyntax::Auto => detect(&problem.board, &text),
        named => named,
    };
    let tour = match read_tour(&problem, &text, syntax) {
        Ok(tour) => Ok(tour),
        Err(error) if error.is_syntax_error() => return Err(CliError::in_file(path, error)),
        Err(error) => Err(format!("{}: {error}", input_name(path))),
    };
    let naming = match syntax {
        TourSyntax::Names | TourSyntax::Pzprv3 => Naming::Chess,
        _ => Naming::Coordinates,
    };
    let verdict = tour
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|tour| verify_named(&problem, tour, naming).map_err(|error| error.to_string()));
    drop(reporter);
    let status = write_verdict(args.json, verdict, |answer, reason, out| {
        Json.write_answer(&problem, answer, reason, tour.as_ref().ok(), None, out)
    })?;
    // The picture is drawn after the verdict is printed: a file that cannot be written loses
    // no verdict.
    if let (Some(svg), Ok(tour)) = (&args.svg, &tour) {
        show::write_svg(svg, |out| Svg.write_tour(&problem, tour, out))?;
    }
    Ok(status)
}

/// The error of a `verify` without a tour file whose board file holds no tour.
fn no_tour_file() -> CliError {
    CliError::input(
        "give a TOUR_FILE: only a pzprv3 file named as the BOARD_FILE holds its own tour (the \
         loop its answer's lines draw)",
    )
}

/// The progress of reading and checking `inputs` on a terminal; none when one is stdin, which
/// may be a person typing.
fn reporter(inputs: &[&Path]) -> Option<Reporter> {
    let typed = inputs.iter().any(|input| is_stdin(input));
    (!typed).then(|| Reporter::start("verifying", "nothing was checked"))
}

/// Runs `toursat verify --graph`: the only positional file is the tour file.
fn run_graph(args: &VerifyArgs, graph_path: &Path) -> Result<u8, CliError> {
    let path = &args.board_file;
    one_stdin(&[("the graph file", graph_path), ("the tour file", path)])?;
    let reporter = reporter(&[graph_path, path]);
    let ends = [args.start.as_deref(), args.end.as_deref()];
    let input = read_graph_problem(graph_path, args.graph_format, args.tour, ends)?;
    let problem = &input.problem;
    problem.validate().map_err(CliError::input)?;
    // A vertex number and its line end take at most 21 bytes; a TSPLIB header or a JSON
    // document's other fields add little.
    let too_long = (problem.vertex_count as u64).saturating_mul(24) + 4096;
    let text = read_input(path, too_long, "a tour of this graph")?;
    let tour = match read_graph_answer(&text, problem.vertex_count) {
        Ok(tour) => tour,
        Err(error) if error.is_syntax_error() => return Err(CliError::in_file(path, error)),
        Err(not_a_tour) => {
            let reason = format!("{}: {not_a_tour}", input_name(path));
            return write_verdict(args.json, Err(reason), |answer, reason, out| {
                write_graph_verdict(problem, &input.name, answer, reason, None, out)
            });
        }
    };
    let verdict = verify_graph_tour(problem, &tour).map_err(|error| error.to_string());
    drop(reporter);
    write_verdict(args.json, verdict, |answer, reason, out| {
        write_graph_verdict(problem, &input.name, answer, reason, Some(&tour), out)
    })
}

/// Prints a verdict, `ok` or `invalid: WHY`, or with `json` the document `write_json` writes:
/// the exit status (0 valid, 1 invalid).
fn write_verdict(
    json: bool,
    verdict: Result<(), String>,
    write_json: impl FnOnce(JsonAnswer, Option<String>, &mut dyn Write) -> Result<(), FormatError>,
) -> Result<u8, CliError> {
    let status = if verdict.is_ok() {
        exit::SUCCESS
    } else {
        exit::NO_TOUR
    };
    let mut stdout = std::io::stdout().lock();
    let written = if json {
        let answer = match verdict {
            Ok(()) => JsonAnswer::Valid,
            Err(_) => JsonAnswer::Invalid,
        };
        write_json(answer, verdict.err(), &mut stdout)
    } else {
        match verdict {
            Ok(()) => writeln!(stdout, "ok"),
            Err(why) => writeln!(stdout, "invalid: {why}"),
        }
        .map_err(Into::into)
    };
    written.map_err(|error| CliError::input(format!("writing the verdict: {error}")))?;
    Ok(status)
}
