//! Tour output formats, one module each behind the [`Format`] trait, and reading tours back.

pub mod backbone;
pub mod graph;
mod grid;
pub mod hint;
mod json;
mod move_grid;
mod moves;
mod names;
mod numbers;
pub mod openable;
mod picture;
mod puzzlink;
mod pzprv3;
pub mod read;
pub mod reason;
mod squares;
pub mod stream;
mod svg;
pub mod verdict;

use reason::{explain, explain_stop};

pub use grid::Grid;
pub use json::{CountAnswer, Json, JsonAnswer, JSON_VERSION};
pub use moves::Moves;
pub use names::Names;
pub use numbers::Numbers;
pub use puzzlink::Puzzlink;
pub use pzprv3::Pzprv3;
pub use squares::Squares;
pub use svg::{write_blank, Svg, MAX_NUMBERED_SIDE};

use crate::core::names::{named, Named};
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use crate::engine::{Answer, Impossibility, Solution, Stats};
use graph::GraphFormat;
use std::fmt;
use std::io::{self, Write};
use stream::StreamFormat;

/// The line width of the judge's rook-circuit output: 40 moves a line.
pub const JUDGE_LINE_WIDTH: usize = 40;

/// A way of writing a tour.
pub trait Format {
    /// Writes `tour`, a tour of `problem`, to `out`.
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError>;

    /// Writes a solution: the tour when one was found, otherwise the answer in words, `no tour:
    /// REASON` ([`Format::write_no_tour`]) or why the engine stopped ([`Format::write_stopped`]).
    fn write_solution(
        &self,
        problem: &Problem,
        solution: &Solution,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        match &solution.answer {
            Answer::Found(tour) => self.write_tour(problem, tour, out),
            Answer::NoTour(why) => {
                let line = format!("no tour: {}", explain(problem, why));
                self.write_no_tour(problem, why, &line, out)
            }
            Answer::Stopped(stop) => self.write_stopped(problem, &explain_stop(*stop, None), out),
        }
    }

    /// Writes the answer that no tour of `problem` exists, for the reason `why`, in words
    /// `line` (`no tour: REASON`): by default the line itself.
    fn write_no_tour(
        &self,
        _problem: &Problem,
        _why: &Impossibility,
        line: &str,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        writeln!(out, "{line}")?;
        Ok(())
    }

    /// Writes the answer of an engine that stopped before it found one, `why` in words: by
    /// default nothing.
    fn write_stopped(
        &self,
        _problem: &Problem,
        _why: &str,
        _out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        Ok(())
    }
}

/// The names of the output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatName {
    /// Letters N, S, E, W (rook-only tours).
    Moves,
    /// One `x,y` a line.
    Squares,
    /// Chess names run together, `A1B3C1`.
    Names,
    /// 1-based row-major square numbers separated by spaces.
    Numbers,
    /// The board with the tour drawn in lines (rook, king) or each square's visit number.
    Grid,
    /// A JSON object with the problem, the answer, the tour and statistics.
    Json,
    /// The tour's board as a puzz.link URL, without the tour.
    Puzzlink,
    /// A rook's tour as a pzprv3 file: the board and the tour's moves as the answer's lines.
    Pzprv3,
}

impl FormatName {
    /// The format itself; `line_width` is the moves a line of [`Moves`] (0: one line).
    pub fn format(&self, line_width: usize) -> Box<dyn Format> {
        self.coloured(line_width, false)
    }

    /// The format, with ANSI colours if `colour` and the format has any ([`Grid`]).
    pub fn coloured(&self, line_width: usize, colour: bool) -> Box<dyn Format> {
        match self {
            FormatName::Moves => Box::new(Moves { line_width }),
            FormatName::Squares => Box::new(Squares),
            FormatName::Names => Box::new(Names),
            FormatName::Numbers => Box::new(Numbers),
            FormatName::Grid => Box::new(Grid { colour }),
            FormatName::Json => Box::new(Json),
            FormatName::Puzzlink => Box::new(Puzzlink),
            FormatName::Pzprv3 => Box::new(Pzprv3),
        }
    }

    /// The format's streaming writer, for tours too large to hold, if it has one.
    pub fn stream(&self) -> Option<StreamFormat> {
        match self {
            FormatName::Numbers => Some(StreamFormat::Numbers),
            FormatName::Squares => Some(StreamFormat::Squares),
            FormatName::Names => Some(StreamFormat::Names),
            FormatName::Moves
            | FormatName::Grid
            | FormatName::Json
            | FormatName::Puzzlink
            | FormatName::Pzprv3 => None,
        }
    }
}

named!(FormatName, "format", {
    Moves => "moves", "Letters N, S, E, W (rook-only pieces); a closed tour ends with the move back",
    Squares => "squares", "One `x,y` a line",
    Names => "names", "Chess names run together: A1B3C1",
    Numbers => "numbers", "The squares in visit order, each by its 1-based row-major number (A1 is 1), separated by spaces",
    Grid => "grid",
        "The board: rook and king tours drawn in lines (blocked squares █), other tours as each \
         square's visit number (blocked squares X)",
    Json => "json",
        "One JSON object: problem, answer, tour as [x,y] pairs (vertex numbers for --graph), \
         statistics (docs/json.md)",
    Puzzlink => "puzzlink",
        "The board (not the tour) as a puzz.link URL, which puzz.link opens as a Simple Loop \
         puzzle (docs/board-formats.md)",
    Pzprv3 => "pzprv3",
        "A pzprv3 file of pzprjs (rook tours): the board, and the tour's moves as the answer's \
         lines, which pzprjs opens as a solved Simple Loop puzzle (docs/board-formats.md)",
});

/// What to write of an answer: a tour in a format of board tours or of graph tours, or nothing.
///
/// Its names are those of [`FormatName`], then those of [`GraphFormat`] that are not already
/// taken, then `none`: a name of both (`json`) names the board format, and stands for the
/// graph format for a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// A format of board tours.
    Board(FormatName),
    /// A format of graph tours.
    Graph(GraphFormat),
    /// Nothing.
    Nothing,
}

impl OutputFormat {
    /// The format for a tour of a board (`None`: write nothing), or the graph format this is
    /// when no board format has its name.
    pub fn for_board(&self) -> Result<Option<FormatName>, GraphFormat> {
        match *self {
            OutputFormat::Board(format) => Ok(Some(format)),
            OutputFormat::Graph(format) => {
                same_name(format, &FormatName::ALL).map(Some).ok_or(format)
            }
            OutputFormat::Nothing => Ok(None),
        }
    }

    /// The format for a tour of a graph (`None`: write nothing), or the board format this is
    /// when no graph format has its name.
    pub fn for_graph(&self) -> Result<Option<GraphFormat>, FormatName> {
        match *self {
            OutputFormat::Board(format) => {
                same_name(format, &GraphFormat::ALL).map(Some).ok_or(format)
            }
            OutputFormat::Graph(format) => Ok(Some(format)),
            OutputFormat::Nothing => Ok(None),
        }
    }
}

/// The one of `others` named as `named` is.
fn same_name<T: Named, U: Named>(named: T, others: &[U]) -> Option<U> {
    others
        .iter()
        .copied()
        .find(|other| other.name() == named.name())
}

impl Named for OutputFormat {
    const KIND: &'static str = "format";

    fn all() -> Vec<OutputFormat> {
        let boards = FormatName::ALL.map(OutputFormat::Board);
        let graphs = GraphFormat::ALL
            .into_iter()
            .filter(|&format| same_name(format, &FormatName::ALL).is_none())
            .map(OutputFormat::Graph);
        boards
            .into_iter()
            .chain(graphs)
            .chain([OutputFormat::Nothing])
            .collect()
    }

    fn name(&self) -> &'static str {
        match self {
            OutputFormat::Board(format) => format.name(),
            OutputFormat::Graph(format) => format.name(),
            OutputFormat::Nothing => "none",
        }
    }

    fn help(&self) -> &'static str {
        match self {
            OutputFormat::Board(format) => format.help(),
            OutputFormat::Graph(format) => format.help(),
            OutputFormat::Nothing => "Nothing (with --stats, only the statistics)",
        }
    }
}

/// Why a tour could not be written.
#[derive(Debug)]
pub enum FormatError {
    /// Writing failed.
    Io(io::Error),
    /// The format (moves, pzprv3) is for pieces that step one square north, south, east or
    /// west.
    NotRook {
        /// The format's name.
        format: &'static str,
        /// The piece.
        piece: String,
    },
    /// A step of the tour is not one square north, south, east or west.
    NotAStep {
        /// 1-based number of the move.
        index: usize,
        /// From, `x,y`.
        from: String,
        /// To, `x,y`.
        to: String,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Io(error) => write!(f, "writing the tour: {error}"),
            FormatError::NotRook { format, piece } => write!(
                f,
                "the {format} format writes N, S, E, W steps: it cannot write a {piece} tour"
            ),
            FormatError::NotAStep { index, from, to } => {
                write!(
                    f,
                    "move {index}: {from} to {to} is not one step N, S, E or W"
                )
            }
        }
    }
}

impl std::error::Error for FormatError {}

impl From<io::Error> for FormatError {
    fn from(error: io::Error) -> FormatError {
        FormatError::Io(error)
    }
}

/// Writes statistics as `name: value` lines (for `--stats`).
pub fn write_stats(stats: &Stats, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "engine: {}", stats.engine)?;
    writeln!(out, "nodes: {}", stats.nodes)?;
    writeln!(out, "seconds: {:.6}", stats.seconds)?;
    writeln!(out, "proof seconds: {:.6}", stats.proof_seconds)?;
    for phase in &stats.phases {
        writeln!(out, "seconds in {}: {:.6}", phase.phase, phase.seconds)?;
    }
    if let Some(sat) = &stats.sat {
        writeln!(out, "encoding: {}", sat.encoding)?;
        writeln!(out, "variables: {}", sat.variables)?;
        writeln!(out, "clauses: {}", sat.clauses)?;
        writeln!(out, "solve calls: {}", sat.solve_calls)?;
        writeln!(out, "conflicts: {}", sat.conflicts)?;
        writeln!(out, "cuts: {}", sat.cuts)?;
        writeln!(out, "merges: {}", sat.merges)?;
        if let Some(calls) = sat.completed_after {
            writeln!(out, "completed by the crt layer after: {calls} solve calls")?;
        }
        if sat.fresh_starts > 0 {
            writeln!(out, "fresh starts from random phases: {}", sat.fresh_starts)?;
        }
        writeln!(out, "encode seconds: {:.6}", sat.encode_seconds)?;
        writeln!(out, "flow seconds: {:.6}", sat.flow_seconds)?;
        writeln!(out, "solve seconds: {:.6}", sat.solve_seconds)?;
        writeln!(out, "cut seconds: {:.6}", sat.cut_seconds)?;
        writeln!(out, "local repair seconds: {:.6}", sat.local_seconds)?;
        writeln!(out, "local repair solve calls: {}", sat.local_solve_calls)?;
        writeln!(out, "local repair conflicts: {}", sat.local_conflicts)?;
        writeln!(out, "rotation joins: {}", sat.rotation_joins)?;
        writeln!(out, "alternating exchanges: {}", sat.alternating_exchanges)?;
        writeln!(out, "end cases: {}", sat.end_cases)?;
        writeln!(out, "end case conflicts: {}", sat.end_case_conflicts)?;
        writeln!(out, "end case seconds: {:.6}", sat.end_case_seconds)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece, TourShape};

    /// The 2 x 3 rook circuit 0,0 1,0 2,0 2,1 1,1 0,1.
    fn rook_circuit() -> (Problem, Tour) {
        let problem = Problem::new(Board::new(2, 3).unwrap(), Piece::Rook, TourShape::Closed);
        (problem, Tour::new(vec![0, 1, 2, 5, 4, 3]))
    }

    fn written(name: FormatName, problem: &Problem, tour: &Tour) -> String {
        let mut out = Vec::new();
        name.format(4).write_tour(problem, tour, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_format_writes_a_rook_circuit() {
        let (problem, tour) = rook_circuit();
        assert_eq!(written(FormatName::Moves, &problem, &tour), "EESW\nWN\n");
        assert_eq!(
            written(FormatName::Squares, &problem, &tour),
            "0,0\n1,0\n2,0\n2,1\n1,1\n0,1\n"
        );
        assert_eq!(
            written(FormatName::Names, &problem, &tour),
            "A1B1C1C2B2A2\n"
        );
        assert_eq!(
            written(FormatName::Numbers, &problem, &tour),
            "1 2 3 6 5 4\n"
        );
        assert_eq!(written(FormatName::Grid, &problem, &tour), "┌───┐\n└───┘\n");
    }

    #[test]
    fn grid_pads_numbers_and_marks_blocked_squares() {
        let board: Board = "....\n....\n...X\n".parse().unwrap();
        let problem = Problem::new(board, Piece::Knight, TourShape::Open);
        let tour = Tour::new(vec![0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10]);
        assert_eq!(
            written(FormatName::Grid, &problem, &tour),
            " 1  2  3  4\n 8  7  6  5\n 9 10 11  X\n"
        );
    }

    #[test]
    fn grid_draws_an_open_rook_tour_with_its_ends() {
        let board: Board = "....\n....\n..XX\n".parse().unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Open);
        let tour = Tour::new(vec![0, 1, 2, 3, 7, 6, 5, 4, 8, 9]);
        assert_eq!(
            written(FormatName::Grid, &problem, &tour),
            "●─────┐\n┌─────┘\n└─○ ███\n"
        );
    }

    #[test]
    fn moves_refuse_knight_tours() {
        let problem = Problem::new(Board::new(3, 4).unwrap(), Piece::Knight, TourShape::Open);
        let mut out = Vec::new();
        let error = Moves { line_width: 40 }
            .write_tour(&problem, &Tour::new(vec![0, 6]), &mut out)
            .unwrap_err();
        assert!(matches!(error, FormatError::NotRook { .. }));
    }

    #[test]
    fn json_has_problem_answer_tour_and_statistics() {
        let (problem, tour) = rook_circuit();
        let text = written(FormatName::Json, &problem, &tour);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["problem"]["rows"], 2);
        assert_eq!(value["problem"]["piece"], "rook");
        assert_eq!(value["problem"]["tour"], "closed");
        assert_eq!(value["answer"], "found");
        assert_eq!(value["tour"][3], serde_json::json!([2, 1]));
        assert_eq!(value["tour"].as_array().unwrap().len(), 6);
    }

    #[test]
    fn output_formats_are_the_board_formats_then_the_other_graph_formats_then_none() {
        let names: Vec<&str> = OutputFormat::all().iter().map(Named::name).collect();
        assert_eq!(
            names,
            [
                "moves", "squares", "names", "numbers", "grid", "json", "puzzlink", "pzprv3",
                "vertices", "tsplib", "none"
            ]
        );
    }

    #[test]
    fn json_writes_a_board_or_a_graph_and_vertices_only_a_graph() {
        let json = OutputFormat::from_name("json").unwrap();
        assert_eq!(json.for_board(), Ok(Some(FormatName::Json)));
        assert_eq!(json.for_graph(), Ok(Some(GraphFormat::Json)));
        let vertices = OutputFormat::Graph(GraphFormat::Vertices);
        assert_eq!(vertices.for_board(), Err(GraphFormat::Vertices));
        assert_eq!(
            OutputFormat::Board(FormatName::Grid).for_graph(),
            Err(FormatName::Grid)
        );
        assert_eq!(OutputFormat::Nothing.for_graph(), Ok(None));
    }

    #[test]
    fn format_names_round_trip() {
        for name in FormatName::ALL {
            assert_eq!(name.name().parse::<FormatName>(), Ok(name));
        }
    }
}
