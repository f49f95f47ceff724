//! Arguments shared by several commands: engine, limits, pieces and boards.

use super::clock;
use super::error::CliError;
use clap::builder::{PossibleValue, PossibleValuesParser, StringValueParser, TypedValueParser};
use clap::Args;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use toursat::core::board::{puzzlink, MAX_SQUARES};
use toursat::core::names::Named;
use toursat::core::square;
use toursat::core::text_input::{read_text, TextError};
use toursat::engine::sat::{Encoding, SatOptions, COMPLETE_AFTER};
use toursat::engine::{EngineChoice, Limits};
use toursat::graph::file::GraphSyntax;
use toursat::{Board, MarkedEnds, Piece, Problem, Square, TourShape};

/// `--engine`, its SAT options and the limits: the options of the commands that run an engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Engine that answers: `auto` picks per problem, `dfs` is depth-first search, `sat` the SAT
    /// engine (varisat), `construct` the knight's-tour construction (boards without blocked
    /// squares). Left out, a SAT option below chooses `sat`.
    #[arg(long, value_parser = one_of::<EngineChoice>(), default_value_t = EngineChoice::Auto)]
    pub engine: EngineChoice,
    #[command(flatten)]
    pub sat: SatArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl EngineArgs {
    /// The engine to run: `sat` with the SAT options given, also where `--engine` is `auto`
    /// (the default) and a SAT option was given.
    pub fn choice(&self) -> EngineChoice {
        match self.engine {
            EngineChoice::Sat(_) => EngineChoice::Sat(self.sat_options()),
            EngineChoice::Auto if self.sat.first_given().is_some() => {
                EngineChoice::Sat(self.sat_options())
            }
            engine => engine,
        }
    }

    /// Refuses a SAT option beside an engine that does not read it (`--engine dfs` or
    /// `construct`), so that no option is silently ignored.
    pub fn check(&self) -> Result<(), CliError> {
        match (self.engine, self.sat.first_given()) {
            (EngineChoice::Dfs | EngineChoice::Construct, Some(option)) => {
                Err(CliError::with_status(
                    2,
                    format!(
                        "{option} is an option of the SAT engine, which --engine {} does not \
                         run: leave out --engine, or give --engine sat",
                        self.engine
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    /// The SAT engine's options.
    pub fn sat_options(&self) -> SatOptions {
        self.sat.options()
    }

    /// The limits, the time limit counted from the command's start.
    pub fn limits(&self) -> Limits {
        self.limits.limits()
    }

    /// The time limit in seconds, for messages.
    pub fn timeout_seconds(&self) -> Option<f64> {
        self.limits.timeout_seconds()
    }
}

/// The SAT engine's options: its encoding and the parts of its cut loop to leave out.
#[derive(Args, Debug, Clone)]
pub struct SatArgs {
    /// The SAT engine's CNF encoding (see encodings/) [default: cutset].
    #[arg(long, value_name = "NAME", value_parser = one_of::<Encoding>())]
    pub encoding: Option<Encoding>,
    /// The SAT engine: add cuts for every cycle of a model without first joining cycles by edge
    /// exchanges (to measure what joining gains).
    #[arg(long)]
    pub no_merge: bool,
    /// The SAT engine with `--encoding cutset`: take the first model from the solver, not from a
    /// 2-factor (a maximum flow or matching; to measure what the warm start gains).
    #[arg(long)]
    pub no_warm_start: bool,
    /// The SAT engine with a lazy encoding (cutset, cutset-arcs): after N models whose cycles
    /// stay several after joining, complete the formula with the crt layer, so that the next
    /// model is one tour or the formula is unsatisfiable [default: 4096].
    #[arg(long, value_name = "N", conflicts_with = "no_complete")]
    pub complete_after: Option<u64>,
    /// The SAT engine with a lazy encoding: cut subcycles however many rounds it takes, never
    /// completing the formula (to measure what completing gains).
    #[arg(long)]
    pub no_complete: bool,
}

impl SatArgs {
    /// The SAT engine's options, the defaults where an option was left out.
    pub fn options(&self) -> SatOptions {
        let defaults = SatOptions::default();
        SatOptions {
            encoding: self.encoding.unwrap_or(defaults.encoding),
            merge: !self.no_merge,
            warm_start: !self.no_warm_start,
            complete_after: (!self.no_complete)
                .then_some(self.complete_after.unwrap_or(COMPLETE_AFTER)),
        }
    }

    /// The first of these options given on the command line, by its flag.
    fn first_given(&self) -> Option<&'static str> {
        [
            (self.encoding.is_some(), "--encoding"),
            (self.no_merge, "--no-merge"),
            (self.no_warm_start, "--no-warm-start"),
            (self.complete_after.is_some(), "--complete-after"),
            (self.no_complete, "--no-complete"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// `--timeout` and `--max-literals`.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Give up after SECONDS and exit with status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// The most literals a SAT formula may hold: past it the SAT engine stops (status 3)
    /// instead of running out of memory [default: this machine's memory in bytes / 64]
    #[arg(long, value_name = "N")]
    pub max_literals: Option<usize>,
}

impl LimitArgs {
    /// The limits, the time limit counted from the command's start.
    pub fn limits(&self) -> Limits {
        Limits {
            deadline: self.deadline(),
            formula_literals: self.max_literals,
            ..Limits::none()
        }
    }

    /// The instant `--timeout` passes, counted from the command's start.
    pub fn deadline(&self) -> Option<Instant> {
        self.timeout.map(clock::deadline)
    }

    /// The time limit in seconds, for messages.
    pub fn timeout_seconds(&self) -> Option<f64> {
        self.timeout.map(|timeout| timeout.as_secs_f64())
    }
}

/// The parser of an option that takes one of the names of `T`: `--help` lists every name with
/// its help, and a name not among them is refused with the list.
pub fn one_of<T: Named>() -> impl TypedValueParser<Value = T> {
    let names = T::all()
        .into_iter()
        .map(|value| PossibleValue::new(value.name()).help(value.help()));
    PossibleValuesParser::new(names).try_map(|name| T::from_name(&name))
}

/// The parser of `--piece`: `rook`, `knight`, `king` or `leaper:A,B`; the names are listed in
/// `--help` and offered by shell completion.
#[derive(Debug, Clone, Copy)]
pub struct PieceParser;

impl TypedValueParser for PieceParser {
    type Value = Piece;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Piece, clap::Error> {
        StringValueParser::new()
            .try_map(|name| name.parse::<Piece>())
            .parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let pieces = [
            PossibleValue::new("rook").help("One step N, S, E or W"),
            PossibleValue::new("knight").help("The knight (leaper:1,2)"),
            PossibleValue::new("king").help("One step in any of the eight directions"),
            PossibleValue::new("leaper:A,B").help("A leaper: A squares one way, B the other"),
        ];
        Some(Box::new(pieces.into_iter()))
    }
}

/// Reads a time limit in seconds: a number from 0 to [`LONGEST_TIMEOUT`].
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds > LONGEST_TIMEOUT {
        return Err(format!(
            "{text:?} is too long a time limit: give at most {LONGEST_TIMEOUT} seconds (over 31 \
             years)"
        ));
    }
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} is not a time limit: give seconds, 0 or more"))
}

/// The longest `--timeout`, in seconds: a billion, over 31 years, far inside what a clock can
/// count to.
const LONGEST_TIMEOUT: f64 = 1e9;

/// Reads a board file of at most `max_squares` squares (stdin for `-`), or the board of a
/// puzz.link URL given in its place; a file too long to hold such a board is refused before it
/// is read (a square takes at most 8 bytes: one in a board file, two and its share of the
/// loop drawn in a pzprv3 file).
pub fn read_board(path: &Path, max_squares: u64) -> Result<Board, CliError> {
    read_marked_board(path, max_squares).map(|(board, _)| board)
}

/// Reads a board file as [`read_board`] does, with the start and end it marks (`S`, `E`).
pub fn read_marked_board(path: &Path, max_squares: u64) -> Result<(Board, MarkedEnds), CliError> {
    if let Some(url) = path.to_str().filter(|text| puzzlink::is_url(text)) {
        return Board::parse_marked(url, max_squares)
            .map_err(|error| CliError::in_file(path, error));
    }
    let too_long = max_squares.saturating_mul(8).saturating_add(4096);
    let what = format!("a board of --max-squares {max_squares} squares");
    let text = read_input(path, too_long, &what)?;
    Board::parse_marked(&text, max_squares).map_err(|error| CliError::in_file(path, error))
}

/// The fixed ends of a tour of `shape`: `--start` and `--end` where given, else the squares the
/// board file at `path` marks; an end marked for a closed tour is refused.
pub fn fixed_ends(
    board: &Board,
    marked: MarkedEnds,
    path: Option<&Path>,
    shape: TourShape,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<(Option<Square>, Option<Square>), CliError> {
    let end = match read_square(board, "--end", end)? {
        Some(end) => Some(end),
        None if shape == TourShape::Closed && marked.end.is_some() => {
            let name = path.map_or_else(
                || "the board".to_string(),
                |path| path.display().to_string(),
            );
            return Err(CliError::input(format!(
                "{name}: the board marks an end 'E', which a closed tour does not have (give \
                 --tour open, or remove the mark)"
            )));
        }
        None => marked.end,
    };
    let start = read_square(board, "--start", start)?.or(marked.start);
    Ok((start, end))
}

/// Reads the text file at `path`, or stdin for `-` (see [`read_text`]: a leading byte-order
/// mark dropped, reading stopped at the line of the first byte that is not UTF-8 text or is
/// NUL); more than `limit` bytes are refused as longer than `what` can be.
pub fn read_input(path: &Path, limit: u64, what: &str) -> Result<String, CliError> {
    let source: Box<dyn Read> = if is_stdin(path) {
        Box::new(io::stdin().lock())
    } else {
        Box::new(File::open(path).map_err(|error| CliError::in_file(path, error))?)
    };
    read_text(source, limit).map_err(|error| match error {
        TextError::TooLong { limit } => CliError::in_file(
            path,
            format!("the input is longer than {what} can be ({limit} bytes)"),
        ),
        other => CliError::in_file(path, other),
    })
}

/// Whether `path` is `-`, which means stdin.
pub fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// Refuses two inputs that are both `-`: stdin holds only one of them. Each input is its
/// name (`the board file`) and its path.
pub fn one_stdin(inputs: &[(&str, &Path)]) -> Result<(), CliError> {
    let on_stdin: Vec<&str> = inputs
        .iter()
        .filter(|(_, path)| is_stdin(path))
        .map(|(name, _)| *name)
        .collect();
    match on_stdin[..] {
        [first, second, ..] => Err(CliError::input(format!(
            "{first} and {second} are both - (stdin), which holds only one of them: give the \
             other as a file"
        ))),
        _ => Ok(()),
    }
}

/// Reads an optional square option (`x,y` or a name like `A1`) on `board`.
pub fn read_square(
    board: &Board,
    option: &str,
    text: Option<&str>,
) -> Result<Option<Square>, CliError> {
    text.map(|text| {
        square::parse(board, text).map_err(|error| CliError::input(format!("{option}: {error}")))
    })
    .transpose()
}

/// A board file, or the inline board of the problem flags, and the rest of those flags: the
/// problem of `solve`, `dimacs` and `count`.
#[derive(Args, Debug, Clone)]
pub struct ProblemInput {
    /// Board file (`-`: stdin): one line a row, `.` a free square, `X` or `#` a blocked one, `S`
    /// and `E` free squares marked as the start and end (--start and --end override them). Or
    /// a puzz.link URL (https://puzz.link/p?simpleloop/COLS/ROWS/BODY), given here or in the
    /// file, or a pzprv3 file: shaded cells are blocked (docs/board-formats.md).
    #[arg(value_name = "BOARD_FILE", conflicts_with_all = ["rows", "cols", "graph"])]
    pub board_file: Option<PathBuf>,
    #[command(flatten)]
    pub flags: ProblemArgs,
}

impl ProblemInput {
    /// The problem on the board file, or on the inline board.
    pub fn problem(&self) -> Result<Problem, CliError> {
        self.flags.problem(self.board_file.as_deref())
    }
}

/// The problem flags shared by `solve`, `dimacs` and `decode`; the board comes from a file or
/// from `--rows` and `--cols`.
#[derive(Args, Debug, Clone)]
pub struct ProblemArgs {
    /// Rows of an inline board (instead of a board file).
    #[arg(long, requires = "cols")]
    pub rows: Option<u64>,
    /// Columns of an inline board.
    #[arg(long, requires = "rows")]
    pub cols: Option<u64>,
    /// Squares to block, `x,y` (0-based column, row) or names like `B3`, separated by spaces.
    #[arg(long, value_name = "SQUARES")]
    pub blocked: Option<String>,
    /// The piece: rook (one step N, S, E, W), knight, king or leaper:A,B.
    #[arg(long, required_unless_present = "graph", value_parser = PieceParser)]
    pub piece: Option<Piece>,
    /// A graph file instead of a board: TSPLIB HCP, DIMACS `p edge` or a list of edges `U V`
    /// (`-`: stdin), vertices numbered from 1; --start and --end are then vertex numbers.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rows", "cols", "blocked", "piece"])]
    pub graph: Option<PathBuf>,
    /// How the graph file is written [default: detected]
    #[arg(long, value_name = "SYNTAX", value_parser = one_of::<GraphSyntax>(), requires = "graph")]
    pub graph_format: Option<GraphSyntax>,
    /// The tour.
    #[arg(long, value_name = "closed|open", value_parser = one_of::<TourShape>())]
    pub tour: TourShape,
    /// Square the tour starts on: `x,y` or a name like `A1`.
    #[arg(long, value_name = "SQ")]
    pub start: Option<String>,
    /// Square an open tour ends on: `x,y` or a name like `A1`.
    #[arg(long, value_name = "SQ")]
    pub end: Option<String>,
    /// Refuse boards with more squares than this, before allocating them.
    #[arg(long, value_name = "N", default_value_t = MAX_SQUARES)]
    pub max_squares: u64,
}

impl ProblemArgs {
    /// The problem on the board of `board_file`, or on the inline board.
    pub fn problem(&self, board_file: Option<&Path>) -> Result<Problem, CliError> {
        let (mut board, marked) = match (board_file, self.rows, self.cols) {
            (Some(path), _, _) => read_marked_board(path, self.max_squares)?,
            (None, Some(rows), Some(cols)) => (
                Board::with_limit(rows, cols, self.max_squares)
                    .map_err(|error| CliError::input(format!("--rows/--cols: {error}")))?,
                MarkedEnds::default(),
            ),
            _ => {
                return Err(CliError::input(
                    "give a BOARD_FILE, or --rows and --cols (see --help)",
                ))
            }
        };
        for text in self.blocked.iter().flat_map(|text| text.split_whitespace()) {
            let blocked = square::parse(&board, text)
                .map_err(|error| CliError::input(format!("--blocked: {error}")))?;
            board.block(blocked);
        }
        let (start, end) = fixed_ends(
            &board,
            marked,
            board_file,
            self.tour,
            self.start.as_deref(),
            self.end.as_deref(),
        )?;
        let piece = self
            .piece
            .ok_or_else(|| CliError::input("give --piece, or --graph FILE (see --help)"))?;
        let mut problem = Problem::new(board, piece, self.tour);
        problem.start = start;
        problem.end = end;
        Ok(problem)
    }
}
