//! `toursat hint`: the next step of reasoning on a Simple Loop puzzle, or the whole path from
//! the blank puzzle to the loop, with the puzzle's grade.

use super::args::read_board;
use super::error::CliError;
use super::exit;
use clap::{Args, ValueEnum};
use std::io::{self, Write};
use std::path::{Path as FilePath, PathBuf};
use toursat::core::atomic_file::write_file;
use toursat::core::board::MAX_SQUARES;
use toursat::deduce::{self, state_after, End, Path};
use toursat::format::hint::{
    end_words, grade_words, write_path_json, write_state_text, write_step_svg, write_step_text,
};
use toursat::Board;

/// Examples shown under `toursat hint --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat hint 'https://puzz.link/p?simpleloop/6/4/06300'
  toursat gen --kind puzzle --rows 10 --cols 10 --shaded 0.3 --seed 1 -o /tmp/puzzle.txt
  toursat hint /tmp/puzzle.txt --all
  toursat hint /tmp/puzzle.txt --all --format json
  toursat hint /tmp/puzzle.txt --all --svg /tmp/hint-steps";

/// The exit statuses of `toursat hint`.
pub const STATUSES: &[(u8, &str)] = &[
    (
        exit::SUCCESS,
        "the hint (or the path) was printed: the loop drawn, or where the rules stop",
    ),
    (exit::NO_TOUR, "the rules prove that the puzzle has no loop"),
    exit::BAD_INPUT_LINE,
    (
        exit::INTERNAL,
        "internal error: the loop the rules drew failed verification",
    ),
];

/// The most pictures `--svg` writes.
const MAX_PICTURES: usize = 2000;

/// Arguments of `toursat hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    /// The puzzle (`-`: stdin): a board file (`.` an open cell, `X` or `#` a shaded one), a
    /// puzz.link URL (https://puzz.link/p?simpleloop/COLS/ROWS/BODY), given here or in the
    /// file, or a pzprv3 file (docs/board-formats.md).
    #[arg(value_name = "PUZZLE")]
    puzzle: PathBuf,
    /// Print every step from the blank puzzle to the loop (or to where no rule applies), then
    /// the board as the steps leave it, not only the first step.
    #[arg(long)]
    all: bool,
    /// How to write the steps: `text` (each step's rule, sentence and moves) or `json` (one
    /// object, see docs/json.md).
    #[arg(long, value_enum, default_value_t = HintFormat::Text)]
    format: HintFormat,
    /// Also draw each step printed as an SVG picture in DIR (created if missing):
    /// step-1.svg, step-2.svg, ..., the step's moves and the cells it reads marked, with a
    /// caption and a legend (at most 2000 pictures).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Refuse boards with more squares than this, before allocating them.
    #[arg(long, value_name = "N", default_value_t = MAX_SQUARES)]
    max_squares: u64,
}

/// The ways `toursat hint` writes its steps.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum HintFormat {
    /// Each step in words, then how the path ends.
    Text,
    /// One JSON object on one line.
    Json,
}

/// Runs `toursat hint`: the exit status, or an error.
pub fn run(args: &HintArgs) -> Result<u8, CliError> {
    let board = read_board(&args.puzzle, args.max_squares)?;
    let path = deduce::solve(&board);
    let solved_loop = match deduce::solved_loop(&board, &path) {
        Some(Err(error)) => {
            return Err(CliError::with_status(
                exit::INTERNAL,
                format!("the loop the rules drew failed verification: {error}"),
            ))
        }
        Some(Ok(tour)) => Some(tour),
        None => None,
    };
    let shown = match args.all {
        true => path.steps.len(),
        false => path.steps.len().min(1),
    };
    if let Some(directory) = &args.svg {
        write_pictures(&board, &path, shown, directory)?;
    }
    let mut out = io::stdout().lock();
    match args.format {
        HintFormat::Text => write_text(&board, &path, shown, &mut out),
        HintFormat::Json => {
            write_path_json(&board, &path, !args.all, solved_loop.as_ref(), &mut out)
                .map_err(|error| io::Error::other(error.to_string()))
        }
    }
    .and_then(|()| out.flush())
    .map_err(|error| CliError::input(format!("writing the hint: {error}")))?;
    Ok(match path.end {
        End::NoLoop(_) => exit::NO_TOUR,
        End::Solved | End::Stuck(_) => exit::SUCCESS,
    })
}

/// Writes the first `shown` steps in words; after the whole path, how it ends and the board as
/// it leaves it.
fn write_text(board: &Board, path: &Path, shown: usize, out: &mut dyn Write) -> io::Result<()> {
    let total = path.steps.len();
    let io_error = |error: toursat::format::FormatError| io::Error::other(error.to_string());
    for (index, step) in path.steps.iter().take(shown).enumerate() {
        write_step_text(board, index + 1, total, step, out).map_err(io_error)?;
    }
    if shown == total {
        writeln!(out, "{}", end_words(board, path))?;
        writeln!(out, "{}", grade_words(path))?;
        write_state_text(&state_after(board, &path.steps), out).map_err(io_error)?;
    } else {
        writeln!(
            out,
            "{}; the whole path: {} (--all shows every step)",
            grade_words(path),
            end_words(board, path)
        )?;
    }
    Ok(())
}

/// Draws the first `shown` steps of `path` in `directory`, one picture a step.
fn write_pictures(
    board: &Board,
    path: &Path,
    shown: usize,
    directory: &FilePath,
) -> Result<(), CliError> {
    if shown > MAX_PICTURES {
        return Err(CliError::input(format!(
            "--svg: the path has {shown} steps, and at most {MAX_PICTURES} pictures are \
             written (leave out --all for the first step's)"
        )));
    }
    std::fs::create_dir_all(directory).map_err(|error| CliError::in_file(directory, error))?;
    let mut reasoner = deduce::Reasoner::new(board);
    for (index, step) in path.steps.iter().take(shown).enumerate() {
        reasoner.apply(step);
        let file = directory.join(format!("step-{}.svg", index + 1));
        write_file(&file, |out| {
            write_step_svg(reasoner.state(), index + 1, path.steps.len(), step, out)
        })
        .map_err(|error| CliError::in_file(&file, error))?;
    }
    Ok(())
}
