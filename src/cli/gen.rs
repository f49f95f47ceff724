//! `toursat gen`: reproducible board files from a seed.

use super::args::{one_of, parse_timeout, PieceParser};
use super::clock;
use super::error::CliError;
use super::exit;
use super::progress::Reporter;
use super::show;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use toursat::core::board::{BoardFormat, MAX_SQUARES};
use toursat::engine::{self, finish_by, Answer, Limits, SolveOptions};
use toursat::format::reason::{explain, explain_stop};
use toursat::format::{write_blank, Format, Pzprv3, Svg};
use toursat::gen::{self, Difficulty, GenError, RegionOptions, RegionShape, Symmetry};
use toursat::{Board, MarkedEnds, Piece, Problem, TourShape};

/// Examples shown under `toursat gen --help`.
pub const EXAMPLES: &str = "\
Examples:
  toursat gen --kind planted --rows 40 --cols 40 --fill 0.6 --perturb 50 --seed 7 -o /tmp/board.txt
  toursat gen --kind random --rows 30 --cols 30 --density 0.05 --seed 1 --count 5 --out-dir /tmp/boards
  toursat gen --kind holes --piece knight --rows 20 --cols 20 --holes 8 --seed 3
  toursat gen --kind holes --piece king --rows 100 --cols 100 --holes 20% --ends --seed 2
  toursat gen --kind region --shape blob --rows 100 --cols 100 --region 0.3 --seed 2 -o /tmp/region.txt
  toursat gen --kind region --door --rows 50 --cols 50 --seed 1 --count 3 --out-dir /tmp/doors
  toursat gen --kind random --rows 10 --cols 10 --seed 4 --format puzzlink
  toursat gen --kind puzzle --rows 20 --cols 20 --shaded 0.3 --seed 4 -o /tmp/puzzle.txt
  toursat gen --kind puzzle --rows 15 --cols 15 --symmetry rot180 --difficulty hard --seed 2
  toursat gen --kind puzzle --rows 10 --cols 10 --seed 2 -o /tmp/puzzle.txt --svg /tmp/puzzle.svg";

/// Draws of a random, holes or region board before giving up.
const ATTEMPTS: u32 = 1000;

/// How far (a fraction of the squares) a puzzle's shaded share may be from `--shaded` and still
/// count as reached.
const SHARE_TOLERANCE: f64 = 0.01;

/// `--density` of a random board when not given.
const RANDOM_DENSITY: f64 = 0.2;

/// `--density` of a region board when not given.
const REGION_DENSITY: f64 = 0.05;

/// Arguments of `toursat gen`.
#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// What to generate: `planted` (certainly has a rook circuit), `random` (blocked squares
    /// drawn, then repaired until the cheap proofs do not settle a rook circuit), `holes`
    /// (a few blocked squares, for knight's tours), `region` (a region whose colours rule out
    /// every rook circuit, though every local proof passes; with `--door` one is let in) or
    /// `puzzle` (a Simple Loop puzzle: exactly one rook circuit, proved by the SAT engine).
    #[arg(long, value_enum)]
    kind: KindArg,
    /// Rows of the board.
    #[arg(long)]
    rows: u64,
    /// Columns of the board.
    #[arg(long)]
    cols: u64,
    /// The seed: the same seed and options give the same board.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// planted: fraction of the board's 2 x 2 blocks the tree covers (0 to 1).
    #[arg(long, default_value_t = 0.5, value_parser = parse_fraction)]
    fill: f64,
    /// planted: random changes that keep the circuit (bumps added or removed).
    #[arg(long, default_value_t = 0)]
    perturb: u64,
    /// random: chance that a square is blocked before the repair; region: share of the board
    /// blocked in holes of two squares (0 to 1; default 0.2 for random, 0.05 for region).
    #[arg(long, value_parser = parse_fraction)]
    density: Option<f64>,
    /// region: about how much of the board the region covers (between 0 and 1, both excluded).
    #[arg(long, default_value_t = 0.3, value_parser = parse_share)]
    region: f64,
    /// region: the region's shape.
    #[arg(long, value_parser = one_of::<RegionShape>(), default_value_t = RegionShape::Diamond)]
    shape: RegionShape,
    /// region: open one door, a move out of the region at its other colour, and keep only
    /// boards on which toursat finds a circuit within 10 s.
    #[arg(long)]
    door: bool,
    /// puzzle: shade in dominoes round a planted loop instead, toward this share of the
    /// squares (0 to 1): random squares are shaded up to it, then more where two loops differ,
    /// then shaded pairs are reopened down toward it while the loop stays unique; the share
    /// reached is noted on standard error (about 0.25 is the least reached). Without it the
    /// puzzle is shaded as people shade them: single squares and groups of at most four
    /// (where they can be broken), about 15 to 20% of the board, and up to 15 x 15 no shaded
    /// square that can be opened (see docs/puzzles.md).
    #[arg(long, value_name = "SHARE", value_parser = parse_fraction)]
    shaded: Option<f64>,
    /// puzzle: the symmetry the shaded squares keep: `none`, `rot180` (a half turn), `rot90`
    /// (a quarter turn, square boards) or `mirror` (left to right).
    #[arg(long, value_parser = one_of::<Symmetry>(), default_value_t = Symmetry::None,
          conflicts_with = "shaded")]
    symmetry: Symmetry,
    /// puzzle: how hard the puzzle is for the reasoning solver (`toursat hint`): `easy`, `medium`
    /// or `hard` (see docs/puzzles.md). Without it: no pair of shaded squares can be opened
    /// with the loop staying unique, whatever the grade.
    #[arg(long, value_parser = one_of::<Difficulty>(), conflicts_with = "shaded")]
    difficulty: Option<Difficulty>,
    /// holes: number of blocked squares, or a percentage of the board's squares (`20%`).
    #[arg(long, value_name = "N|P%", default_value = "4", value_parser = parse_holes)]
    holes: Holes,
    /// holes: the piece whose open tour the cheap proofs must leave open; --ends: the piece
    /// whose open tour the ends are for.
    #[arg(long, default_value = "knight", value_parser = PieceParser)]
    piece: Piece,
    /// Mark a random start `S` and end `E` for an open --piece tour (of the colours it needs,
    /// drawn until the cheap proofs leave the tour between them open); solve, count, dimacs,
    /// verify and compare take them as --start and --end.
    #[arg(long)]
    ends: bool,
    /// How to write the board: a board file, a puzz.link URL that puzz.link opens as a
    /// Simple Loop puzzle, or a pzprv3 file that pzprjs opens with a loop of the board drawn
    /// (the puzzle's one loop for --kind puzzle) (without --ends: neither holds ends).
    #[arg(long, value_parser = one_of::<BoardFormat>(), default_value_t = BoardFormat::File)]
    format: BoardFormat,
    /// Write the board to FILE (default: standard output).
    #[arg(short = 'o', long, value_name = "FILE", conflicts_with = "out_dir")]
    output: Option<PathBuf>,
    /// Write boards for seeds SEED..SEED+K-1 into --out-dir, named by kind, size and seed.
    #[arg(long, value_name = "K", requires = "out_dir")]
    count: Option<u64>,
    /// Folder for named board files (made if missing); each path written is printed.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Also draw the board as an SVG picture in FILE, blank as a setter hands a puzzle out: its
    /// blocked (shaded) squares and marked ends, no tour; with --svg-solution, solved.
    #[arg(long, value_name = "FILE", conflicts_with = "count")]
    svg: Option<PathBuf>,
    /// With --svg: draw the answer too, as `solve --svg` does: the rook circuit (a puzzle's
    /// loop) or, with --ends, the open --piece tour between them, found and verified, or why
    /// there is none.
    #[arg(long, requires = "svg")]
    svg_solution: bool,
    /// Give up after SECONDS and exit with status 3 (boards already written stay written;
    /// a random board above about 16 x 16 at density 0.2 is rarely repaired, and every draw
    /// of a large one takes a while).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    timeout: Option<Duration>,
}

/// The kinds of board.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum KindArg {
    /// A tree of 2 x 2 blocks whose outline is a rook circuit.
    Planted,
    /// Independent blocked squares, repaired for a rook circuit.
    Random,
    /// A few holes in a full board.
    Holes,
    /// A region that no rook circuit can leave (or, with `--door`, one door).
    Region,
    /// A board with exactly one rook circuit (a Simple Loop puzzle).
    Puzzle,
}

impl KindArg {
    /// The kind's name on the command line (clap's, from the variant's), also in file names.
    fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(String::new, |value| value.get_name().to_string())
    }
}

/// How many holes `--holes` asks for: a count, or a percentage of the board's squares.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Holes {
    /// This many blocked squares.
    Count(u64),
    /// This percentage of the squares, rounded to the nearest whole square.
    Percent(f64),
}

impl Holes {
    /// The number of holes on a board of `squares` squares.
    fn count(self, squares: u64) -> u64 {
        match self {
            Holes::Count(count) => count,
            Holes::Percent(percent) => (percent / 100.0 * squares as f64).round() as u64,
        }
    }
}

/// A `--holes` value: a whole number, or a percentage from 0 to 100 followed by `%`.
fn parse_holes(text: &str) -> Result<Holes, String> {
    match text.strip_suffix('%') {
        Some(percent) => match percent.parse::<f64>() {
            Ok(value) if (0.0..=100.0).contains(&value) => Ok(Holes::Percent(value)),
            _ => Err(format!("{text:?} is not a percentage from 0% to 100%")),
        },
        None => text
            .parse()
            .map(Holes::Count)
            .map_err(|_| format!("{text:?} is not a number of holes or a percentage like 20%")),
    }
}

/// Reads a fraction from 0 to 1.
fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if (0.0..=1.0).contains(&value) => Ok(value),
        _ => Err(format!("{text:?} is not a fraction from 0 to 1")),
    }
}

/// Reads a share strictly between 0 and 1.
fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value > 0.0 && value < 1.0 => Ok(value),
        _ => Err(format!(
            "{text:?} is not a fraction between 0 and 1 (both excluded)"
        )),
    }
}

impl GenArgs {
    /// The board for `seed` in `--format`, with its ends marked if asked, and the note on its
    /// shaded share for standard error (a puzzle with `--shaded`).
    fn board_text(&self, seed: u64) -> Result<(String, Option<String>), GenError> {
        let board = self.board(seed)?;
        let ends = if self.ends {
            gen::open_ends(&board, self.piece, seed, ATTEMPTS)?
        } else {
            MarkedEnds::default()
        };
        let shaded = self.shaded_note(&board);
        if self.format == BoardFormat::Pzprv3 {
            let (text, unsolved) = pzprv3_with_loop(&board)?;
            let note = match (shaded, unsolved) {
                (Some(shaded), Some(unsolved)) => Some(format!("{shaded}; {unsolved}")),
                (shaded, unsolved) => shaded.or(unsolved),
            };
            return Ok((text, note));
        }
        Ok((self.format.write(&board, ends), shaded))
    }

    /// For a puzzle with `--shaded`: the share of `board`'s squares shaded beside the target,
    /// and why when it is further from it than [`SHARE_TOLERANCE`] (or two squares).
    fn shaded_note(&self, board: &Board) -> Option<String> {
        let target = self.shaded.filter(|_| self.kind == KindArg::Puzzle)?;
        let squares = board.len() as f64;
        let share = (board.len() - board.free_count()) as f64 / squares;
        let tolerance = SHARE_TOLERANCE.max(2.0 / squares);
        let reached = format!("{:.1}% of the squares shaded", share * 100.0);
        // To a tenth of a percent, so 0.29 reads 29, not 28.999999999999996.
        let target_percent = (target * 1000.0).round() / 10.0;
        Some(if share > target + tolerance {
            format!(
                "{reached}, above the target {target_percent}%: no more shaded squares could be \
                 opened with the loop kept unique"
            )
        } else if share < target - tolerance {
            format!(
                "{reached}, below the target {target_percent}%: the loop could not be shortened \
                 further"
            )
        } else {
            format!("{reached} (target {target_percent}%)")
        })
    }

    /// The board for `seed`.
    fn board(&self, seed: u64) -> Result<Board, GenError> {
        match self.kind {
            KindArg::Planted => gen::planted(self.rows, self.cols, self.fill, self.perturb, seed)
                .map(|planted| planted.board),
            KindArg::Random => gen::random(self.rows, self.cols, self.density(), seed, ATTEMPTS),
            KindArg::Holes => gen::holes(
                self.rows,
                self.cols,
                self.hole_count(),
                self.piece,
                seed,
                ATTEMPTS,
            ),
            KindArg::Region => {
                gen::region(self.rows, self.cols, &self.region_options(), seed, ATTEMPTS)
                    .map(|region| region.board)
            }
            KindArg::Puzzle if self.shaded.is_some() => {
                gen::puzzle(self.rows, self.cols, self.shaded, seed, &Limits::none())
            }
            KindArg::Puzzle => gen::sparse_puzzle(
                self.rows,
                self.cols,
                self.symmetry,
                self.difficulty,
                seed,
                &Limits::none(),
            ),
        }
    }

    /// `--density`, or the kind's default.
    fn density(&self) -> f64 {
        let default = match self.kind {
            KindArg::Region => REGION_DENSITY,
            KindArg::Planted | KindArg::Random | KindArg::Holes | KindArg::Puzzle => RANDOM_DENSITY,
        };
        self.density.unwrap_or(default)
    }

    /// The options of a region board.
    fn region_options(&self) -> RegionOptions {
        RegionOptions {
            shape: self.shape,
            share: self.region,
            density: self.density(),
            door: self.door,
        }
    }

    /// The number of holes asked for, a percentage made a count of this board's squares.
    fn hole_count(&self) -> u64 {
        self.holes.count(self.rows.saturating_mul(self.cols))
    }

    /// The file name for `seed`: kind, size, options and seed.
    fn file_name(&self, seed: u64) -> String {
        let (kind, size) = (self.kind.name(), format!("{}x{}", self.rows, self.cols));
        let options = match self.kind {
            KindArg::Planted => format!("f{}-p{}", self.fill, self.perturb),
            KindArg::Random => format!("d{}", self.density()),
            KindArg::Holes => format!("{}-h{}", self.piece, self.hole_count()),
            KindArg::Region => {
                let door = if self.door { "-door" } else { "" };
                format!("{}{door}-r{}-d{}", self.shape, self.region, self.density())
            }
            KindArg::Puzzle => match self.shaded {
                Some(shaded) => format!("s{shaded}"),
                None => match self.difficulty {
                    Some(difficulty) => format!("{}-{difficulty}", self.symmetry),
                    None => self.symmetry.to_string(),
                },
            },
        };
        // A holes board names its piece already.
        let ends = match (self.ends, self.kind) {
            (false, _) => String::new(),
            (true, KindArg::Holes) => "-ends".to_string(),
            (true, _) => format!("-ends-{}", self.piece),
        };
        format!("{kind}-{size}-{options}{ends}-s{seed}.txt")
    }
}

/// Runs `toursat gen`: the exit status, or an error.
pub fn run(args: &GenArgs) -> Result<u8, CliError> {
    if args.ends && !args.format.holds_ends() {
        return Err(CliError::input(format!(
            "--ends marks a start and an end, which --format {} cannot hold: write the board \
             file (--format board)",
            args.format
        )));
    }
    let deadline = args.timeout.map(clock::deadline);
    let unfinished = match &args.out_dir {
        Some(_) if args.output.is_none() => "only the boards listed were written",
        _ => "no board was written",
    };
    let reporter = Reporter::start("generating", unfinished);
    let generate = |seed: u64| {
        let options = args.clone();
        let text = finish_by(deadline, move || options.board_text(seed));
        let stopped = |stop| {
            let seconds = args.timeout.map(|timeout| timeout.as_secs_f64());
            CliError::with_status(exit::for_stop(stop), explain_stop(stop, seconds))
        };
        let context = format!("gen --kind {} --seed {seed}", args.kind.name());
        let (text, note) = text
            .map_err(stopped)?
            .map_err(|error| CliError::input(format!("{context}: {error}")))?;
        if let Some(note) = note {
            eprintln!("toursat: note: {context}: {note}");
        }
        Ok::<String, CliError>(text)
    };
    match (&args.output, &args.out_dir) {
        (Some(path), _) => {
            let text = generate(args.seed)?;
            write_board(path, &text)?;
            draw(args, &text, deadline)?;
        }
        (None, Some(dir)) => {
            std::fs::create_dir_all(dir).map_err(|error| CliError::in_file(dir, error))?;
            let count = args.count.unwrap_or(1);
            for (index, seed) in (0..count).map(|offset| (offset, args.seed.wrapping_add(offset))) {
                reporter.relabel(format!("generating board {} of {count}", index + 1));
                let path = dir.join(args.file_name(seed));
                let text = generate(seed)?;
                write_board(&path, &text)?;
                reporter.suspend(|| println!("{}", path.display()));
                draw(args, &text, deadline)?;
            }
        }
        (None, None) => {
            let text = generate(args.seed)?;
            drop(reporter);
            std::io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|error| CliError::input(format!("writing the board: {error}")))?;
            draw(args, &text, deadline)?;
        }
    }
    Ok(exit::SUCCESS)
}

/// The pzprv3 file of `board` with a rook circuit as its answer (the puzzle's one loop for a
/// puzzle), or with no line and a note saying why when the board has none.
fn pzprv3_with_loop(board: &Board) -> Result<(String, Option<String>), GenError> {
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let solution = engine::solve(&problem, &SolveOptions::default())
        .map_err(|error| GenError::Failed(error.to_string()))?;
    let unsolved = |why: String| (BoardFormat::Pzprv3.write(board, MarkedEnds::default()), why);
    let (text, why) = match &solution.answer {
        Answer::Found(tour) => {
            let mut text = Vec::new();
            Pzprv3
                .write_tour(&problem, tour, &mut text)
                .map_err(|error| GenError::Failed(error.to_string()))?;
            return Ok((String::from_utf8_lossy(&text).into_owned(), None));
        }
        Answer::NoTour(why) => unsolved(explain(&problem, why)),
        Answer::Stopped(stop) => unsolved(explain_stop(*stop, None)),
    };
    Ok((
        text,
        Some(format!("no loop drawn in the pzprv3 file: {why}")),
    ))
}

/// Draws the board written as `text` into `--svg`, if asked: blank, or with `--svg-solution`
/// its rook circuit (its open `--piece` tour when its ends are marked) as `solve --svg` draws
/// it, the engine held to `deadline`.
fn draw(args: &GenArgs, text: &str, deadline: Option<Instant>) -> Result<(), CliError> {
    let Some(path) = &args.svg else {
        return Ok(());
    };
    let (board, ends) = Board::parse_marked(text, MAX_SQUARES)
        .map_err(|error| CliError::input(format!("reading the board back: {error}")))?;
    let mut problem = match (ends.start, ends.end) {
        (None, None) => Problem::new(board, Piece::Rook, TourShape::Closed),
        _ => Problem::new(board, args.piece, TourShape::Open),
    };
    (problem.start, problem.end) = (ends.start, ends.end);
    if !args.svg_solution {
        return show::write_svg(path, |out| write_blank(&problem, out));
    }
    let options = SolveOptions {
        limits: Limits {
            deadline,
            ..Limits::none()
        },
        ..SolveOptions::default()
    };
    let solution =
        engine::solve(&problem, &options).map_err(|error| CliError::input(error.to_string()))?;
    show::write_svg(path, |out| Svg.write_solution(&problem, &solution, out))
}

/// Writes a board file.
fn write_board(path: &Path, text: &str) -> Result<(), CliError> {
    toursat::core::atomic_file::write_file(path, |out| out.write_all(text.as_bytes()))
        .map_err(|error| CliError::in_file(path, error))
}
