//! `toursat unique`: whether a board has exactly one tour, and where two tours differ.

use super::args::{is_stdin, parse_timeout, read_input, ProblemInput};
use super::clock;
use super::error::CliError;
use super::exit;
use super::graph_input::boards_only;
use super::progress::Reporter;
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;
use toursat::core::atomic_file::write_file;
use toursat::core::board::{puzzlink, pzprv3};
use toursat::count::{self, CountError, Drawn, Verdict};
use toursat::deduce::{self, Path};
use toursat::engine::{Limits, Stop};
use toursat::format::backbone::{write_backbone_svg, write_backbone_text};
use toursat::format::hint::grade_words;
use toursat::format::openable::write_openable_text;
use toursat::format::verdict::{write_json, write_svg, write_text};
use toursat::{Piece, TourShape};

/// Examples shown under `toursat unique --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat gen --kind puzzle --rows 10 --cols 10 --seed 1 -o /tmp/puzzle.txt
  toursat unique /tmp/puzzle.txt --piece rook --tour closed
  toursat unique /tmp/puzzle.txt --piece rook --tour closed --format json
  toursat unique /tmp/puzzle.txt --piece rook --tour closed --backbone --svg /tmp/backbone.svg
  toursat unique /tmp/puzzle.txt --piece rook --tour closed --minimal
  toursat unique --rows 4 --cols 4 --piece rook --tour closed --svg /tmp/difference.svg || test $? -eq 5
  toursat gen --kind puzzle --rows 20 --cols 20 --seed 4 | toursat unique - --piece rook --tour closed";

/// The exit statuses of `toursat unique`, as its help shows them.
pub const EXIT_HELP: &str = "\
Exit status:
  0  unique: exactly one tour
  1  no tour (proved)
  2  bad input or usage, or an I/O error
  3  stopped by --timeout before an answer
  4  internal error: a tour failed verification
  5  not unique: two tours found (both printed, checked by the verifier)";

/// Arguments of `toursat unique`.
#[derive(Args, Debug)]
pub struct UniqueArgs {
    #[command(flatten)]
    problem: ProblemInput,
    /// How to write the answer: `text` (the verdict in words and each tour drawn, the moves the
    /// other tour does not make heavy) or `json` (one object, see docs/json.md).
    #[arg(long, value_enum, default_value_t = VerdictFormat::Text)]
    format: VerdictFormat,
    /// Also draw the answer as an SVG picture in FILE: the moves both tours make grey, the
    /// first's other moves blue, the second's dashed orange, with a legend saying so.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also find the backbone: the moves every tour makes (forced), those no tour makes
    /// (impossible) and the rest (open), drawn after the verdict, listed in JSON, and drawn in
    /// the --svg picture instead of the two tours.
    #[arg(long)]
    backbone: bool,
    /// Also name the blocked squares the board can do without: each that can be opened alone,
    /// and each pair (for the rook, one of each colour) that can be opened together, with the
    /// tour staying unique (every opening asked of the solver; a Simple Loop puzzle is minimal
    /// when there is none). Listed after the verdict, and under `openable` in JSON.
    #[arg(long)]
    minimal: bool,
    /// Give up after SECONDS and exit with status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    timeout: Option<Duration>,
}

/// The ways `toursat unique` writes its answer.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum VerdictFormat {
    /// The verdict in words and the tours drawn.
    Text,
    /// One JSON object on one line.
    Json,
}

/// The text of the board file when it is a pzprv3 file given by name, whose drawn lines are
/// checked against the verdict (a board on stdin is read once, for the board alone).
fn drawn_text(input: &ProblemInput) -> Result<Option<String>, CliError> {
    let Some(path) = input.board_file.as_deref() else {
        return Ok(None);
    };
    if is_stdin(path) || path.to_str().is_some_and(puzzlink::is_url) {
        return Ok(None);
    }
    let too_long = input
        .flags
        .max_squares
        .saturating_mul(8)
        .saturating_add(4096);
    let text = read_input(path, too_long, "a pzprv3 file")?;
    Ok(pzprv3::holds_pzprv3(&text).then_some(text))
}

/// Runs `toursat unique`: the exit status, or an error.
pub fn run(args: &UniqueArgs) -> Result<u8, CliError> {
    boards_only(&args.problem.flags, "toursat unique")?;
    // The time limit counts from the start and holds while the board is read (a stdin held
    // open, a huge file), as in `solve` and `count`.
    let deadline = args.timeout.map(clock::deadline);
    let input = args.problem.clone();
    let timeout_seconds = args.timeout.map(|timeout| timeout.as_secs_f64());
    let problem = clock::read_by(deadline, timeout_seconds, move || input.problem())?;
    let limits = Limits {
        deadline,
        ..Limits::none()
    };
    let stopped = |error| match error {
        CountError::Stopped(Stop::Timeout) => CliError::with_status(
            exit::STOPPED,
            "timed out before a second tour was found or ruled out",
        ),
        CountError::Stopped(stop) => CliError::with_status(exit::for_stop(stop), error),
        other => CliError::input(other),
    };
    let reporter = Reporter::start("checking uniqueness", "uniqueness is undecided");
    let (verdict, backbone) = match args.backbone {
        true => {
            let backbone = count::backbone(&problem, &limits).map_err(stopped)?;
            (backbone.verdict.clone(), Some(backbone))
        }
        false => (count::verdict(&problem, &limits).map_err(stopped)?, None),
    };
    let drawn =
        drawn_text(&args.problem)?.and_then(|text| count::check_drawn(&problem, &text, &verdict));
    let is_rook_circuit = problem.piece == Piece::Rook && problem.shape == TourShape::Closed;
    let path = match (&verdict, is_rook_circuit) {
        (Verdict::Unique(_), true) => Some(deduce::solve(&problem.board)),
        _ => None,
    };
    let grade = path.as_ref().map(Path::grade);
    let openable = match args.minimal {
        true => Some(count::openable(&problem, &limits).map_err(stopped)?),
        false => None,
    };
    drop(reporter);
    let mut out = io::stdout().lock();
    match args.format {
        VerdictFormat::Text => write_text(&problem, &verdict, &mut out)
            .and_then(|()| match &path {
                Some(path) => writeln!(out, "{}", grade_words(path)).map_err(Into::into),
                None => Ok(()),
            })
            .and_then(|()| match &backbone {
                Some(backbone) => write_backbone_text(&problem, backbone, &mut out),
                None => Ok(()),
            })
            .and_then(|()| match &drawn {
                Some(drawn) => writeln!(out, "{drawn}").map_err(Into::into),
                None => Ok(()),
            })
            .and_then(|()| match &openable {
                Some(openable) => write_openable_text(&problem.board, openable, &mut out),
                None => Ok(()),
            }),
        VerdictFormat::Json => write_json(
            &problem,
            &verdict,
            backbone.as_ref(),
            drawn.as_ref(),
            grade,
            openable.as_ref(),
            &mut out,
        ),
    }
    .and_then(|()| out.flush().map_err(Into::into))
    .map_err(|error| CliError::input(format!("writing the answer: {error}")))?;
    if let Some(path) = &args.svg {
        let mut picture = Vec::new();
        match &backbone {
            Some(backbone) => write_backbone_svg(&problem, backbone, &mut picture),
            None => write_svg(&problem, &verdict, &mut picture),
        }
        .map_err(|error| CliError::input(format!("drawing the answer: {error}")))?;
        write_file(path, |out| out.write_all(&picture))
            .map_err(|error| CliError::in_file(path, error))?;
    }
    if drawn == Some(Drawn::AgainstTheVerdict) {
        return Ok(exit::INTERNAL);
    }
    Ok(match verdict {
        Verdict::Unique(_) => exit::SUCCESS,
        Verdict::NoTour => exit::NO_TOUR,
        Verdict::NotUnique { .. } => exit::NOT_UNIQUE,
    })
}
