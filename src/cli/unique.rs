//! `toursat unique`: whether a board has exactly one tour, and where two tours differ.

use super::args::{parse_timeout, ProblemInput};
use super::error::CliError;
use super::exit;
use super::graph_input::boards_only;
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;
use toursat::count::{self, CountError, Verdict};
use toursat::engine::{Limits, Stop};
use toursat::format::backbone::{write_backbone_svg, write_backbone_text};
use toursat::format::verdict::{write_json, write_svg, write_text};

/// Examples shown under `toursat unique --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat gen --kind puzzle --rows 10 --cols 10 --seed 1 -o /tmp/puzzle.txt
  toursat unique /tmp/puzzle.txt --piece rook --tour closed
  toursat unique /tmp/puzzle.txt --piece rook --tour closed --format json
  toursat unique /tmp/puzzle.txt --piece rook --tour closed --backbone --svg /tmp/backbone.svg
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

/// Runs `toursat unique`: the exit status, or an error.
pub fn run(args: &UniqueArgs) -> Result<u8, CliError> {
    boards_only(&args.problem.flags, "toursat unique")?;
    let problem = args.problem.problem()?;
    let limits = args.timeout.map_or(Limits::none(), Limits::timeout);
    let stopped = |error| match error {
        CountError::Stopped(Stop::Timeout) => CliError::with_status(
            exit::STOPPED,
            "timed out before a second tour was found or ruled out",
        ),
        CountError::Stopped(stop) => CliError::with_status(exit::for_stop(stop), error),
        other => CliError::input(other),
    };
    let (verdict, backbone) = match args.backbone {
        true => {
            let backbone = count::backbone(&problem, &limits).map_err(stopped)?;
            (backbone.verdict.clone(), Some(backbone))
        }
        false => (count::verdict(&problem, &limits).map_err(stopped)?, None),
    };
    let mut out = io::stdout().lock();
    match args.format {
        VerdictFormat::Text => {
            write_text(&problem, &verdict, &mut out).and_then(|()| match &backbone {
                Some(backbone) => write_backbone_text(&problem, backbone, &mut out),
                None => Ok(()),
            })
        }
        VerdictFormat::Json => write_json(&problem, &verdict, backbone.as_ref(), &mut out),
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
        std::fs::write(path, picture).map_err(|error| CliError::in_file(path, error))?;
    }
    Ok(match verdict {
        Verdict::Unique(_) => exit::SUCCESS,
        Verdict::NoTour => exit::NO_TOUR,
        Verdict::NotUnique { .. } => exit::NOT_UNIQUE,
    })
}
