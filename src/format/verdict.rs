//! A uniqueness verdict written out: in words with the tours drawn, as JSON, or as SVG.
//!
//! Where two tours differ, each drawing marks the moves the other tour does not make: heavy
//! lines in the text grid (rook tours), thick coloured lines in the SVG, lists of moves in JSON.

use super::json::{write_document, xy, ProblemJson, TourJson, JSON_VERSION};
use super::openable::OpenableJson;
use super::picture::{
    begin_picture, blocked_entry, blocked_words, end_picture, picture_title, tour_noun,
    write_move_paths, write_squares, Frame, LegendEntry, Swatch,
};
use super::reason::explain;
use super::{FormatError, Names};
use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::core::tour::Tour;
use crate::count::{difference, moves_of, Backbone, Drawn, Move, Openable, Verdict};
use crate::deduce::Grade;
use crate::engine::{cheap_proof, Impossibility};
use crate::format::Format;
use serde::{Serialize, Serializer};
use std::io::Write;

/// The verdict's word: `unique`, `not unique` or `no tour`.
pub fn verdict_word(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Unique(_) => "unique",
        Verdict::NotUnique { .. } => "not unique",
        Verdict::NoTour => "no tour",
    }
}

/// Writes the verdict in words, then the tours: a rook tour drawn as a grid (the moves the
/// other tour does not make in heavy lines), any other tour as a line of square names.
pub fn write_text(
    problem: &Problem,
    verdict: &Verdict,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let drawn_heavy = match verdict {
        Verdict::NotUnique { .. } => " (drawn heavy)",
        _ => "",
    };
    writeln!(out, "{}{drawn_heavy}", verdict_sentence(problem, verdict))?;
    match verdict {
        Verdict::NoTour => {}
        Verdict::Unique(tour) => write_drawing(problem, tour, &[], out)?,
        Verdict::NotUnique { first, second } => {
            let difference = difference(problem, first, second);
            writeln!(out, "first tour:")?;
            write_drawing(problem, first, &difference.first_only, out)?;
            writeln!(out, "second tour:")?;
            write_drawing(problem, second, &difference.second_only, out)?;
        }
    }
    Ok(())
}

/// The verdict in one line, as `toursat unique` prints it first: `unique: this is the only
/// tour`, `not unique: two tours differ in ...` or `no tour: ` and the proof's sentence.
pub fn verdict_sentence(problem: &Problem, verdict: &Verdict) -> String {
    match verdict {
        Verdict::NoTour => format!("no tour: {}", no_tour_sentence(problem)),
        Verdict::Unique(_) => "unique: this is the only tour".to_string(),
        Verdict::NotUnique { first, second } => format!(
            "not unique: two tours differ in {} of their {} moves",
            difference(problem, first, second).first_only.len(),
            moves_of(problem, first).len()
        ),
    }
}

/// Draws `tour` with `marked` moves heavy, when it is a rook tour; else writes its names.
fn write_drawing(
    problem: &Problem,
    tour: &Tour,
    marked: &[Move],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let mut links = vec![0u8; board.len()];
    let mut heavy = vec![0u8; board.len()];
    for step in moves_of(problem, tour) {
        let (Some(forward), Some(back)) =
            (link(board, step[0], step[1]), link(board, step[1], step[0]))
        else {
            return Names.write_tour(problem, tour, out);
        };
        links[step[0] as usize] |= forward;
        links[step[1] as usize] |= back;
        if marked.binary_search(&step).is_ok() {
            heavy[step[0] as usize] |= forward;
            heavy[step[1] as usize] |= back;
        }
    }
    for y in 0..board.rows() {
        let mut line = String::new();
        for x in 0..board.cols() {
            let square = board.square(x, y);
            let (link, heavy) = (links[square as usize], heavy[square as usize]);
            line.push(match board.is_free(square) {
                false => '█',
                true => box_char(link, heavy),
            });
            if x + 1 < board.cols() {
                line.push(match (link & EAST != 0, heavy & EAST != 0) {
                    (_, true) => '━',
                    (true, false) => '─',
                    _ => ' ',
                });
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// Links: north, east, south, west.
const NORTH: u8 = 1;
/// The link east.
const EAST: u8 = 2;
/// The link south.
const SOUTH: u8 = 4;
/// The link west.
const WEST: u8 = 8;

/// The link from `from` to `to`, a rook step away; `None` for any other move.
fn link(board: &Board, from: Square, to: Square) -> Option<u8> {
    let ((x0, y0), (x1, y1)) = (board.coords(from), board.coords(to));
    match (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64) {
        (0, -1) => Some(NORTH),
        (1, 0) => Some(EAST),
        (0, 1) => Some(SOUTH),
        (-1, 0) => Some(WEST),
        _ => None,
    }
}

/// The box-drawing character of a square with `links`, those of `heavy` drawn heavy.
fn box_char(links: u8, heavy: u8) -> char {
    const LIGHT: [char; 16] = [
        '·', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
    ];
    // Each pair of links: light, the first (lower bit) heavy, the second heavy, both heavy.
    let mixed = |chars: [char; 4], first: u8, second: u8| {
        chars[usize::from(heavy & first != 0) + 2 * usize::from(heavy & second != 0)]
    };
    match links {
        l if l == NORTH | SOUTH => mixed(['│', '╿', '╽', '┃'], NORTH, SOUTH),
        l if l == EAST | WEST => mixed(['─', '╼', '╾', '━'], EAST, WEST),
        l if l == NORTH | EAST => mixed(['└', '┖', '┕', '┗'], NORTH, EAST),
        l if l == NORTH | WEST => mixed(['┘', '┚', '┙', '┛'], NORTH, WEST),
        l if l == EAST | SOUTH => mixed(['┌', '┍', '┎', '┏'], EAST, SOUTH),
        l if l == SOUTH | WEST => mixed(['┐', '┒', '┑', '┓'], SOUTH, WEST),
        l if l == NORTH => mixed(['╵', '╹', '╹', '╹'], NORTH, 0),
        l if l == EAST => mixed(['╶', '╺', '╺', '╺'], EAST, 0),
        l if l == SOUTH => mixed(['╷', '╻', '╻', '╻'], SOUTH, 0),
        l if l == WEST => mixed(['╴', '╸', '╸', '╸'], WEST, 0),
        other => LIGHT[usize::from(other & 15)],
    }
}

/// Why `problem` has no tour, in one sentence: the cheap argument's where one settles it (its
/// squares named as the board names them), else the SAT solver's proof.
fn no_tour_sentence(problem: &Problem) -> String {
    let moves = MoveGraph::new(&problem.board, problem.piece);
    let why = cheap_proof(problem, &moves).unwrap_or(Impossibility::Unsatisfiable);
    explain(problem, &why)
}

/// Writes the verdict as one JSON object on one line (see `docs/json.md`), with the backbone's
/// moves when there is one, the puzzle's grade when given and the blocked squares it can do
/// without when asked.
pub fn write_json<'a>(
    problem: &'a Problem,
    verdict: &'a Verdict,
    backbone: Option<&'a Backbone>,
    drawn: Option<&'a Drawn>,
    grade: Option<Grade>,
    openable: Option<&Openable>,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let tour_json = |tour: &'a Tour| TourJson {
        board,
        squares: tour.squares(),
    };
    let (tours, differing) = match verdict {
        Verdict::NoTour => (Vec::new(), None),
        Verdict::Unique(tour) => (vec![tour_json(tour)], None),
        Verdict::NotUnique { first, second } => {
            let difference = difference(problem, first, second);
            let moves = |moves: Vec<Move>| MovesJson { board, moves };
            (
                vec![tour_json(first), tour_json(second)],
                Some(DifferingJson {
                    first: moves(difference.first_only),
                    second: moves(difference.second_only),
                }),
            )
        }
    };
    let document = VerdictJson {
        version: JSON_VERSION,
        problem: ProblemJson::of(problem),
        answer: verdict_word(verdict),
        tours,
        differing_moves: differing,
        backbone: backbone.map(|backbone| {
            let moves = |moves: &[Move]| MovesJson {
                board,
                moves: moves.to_vec(),
            };
            BackboneJson {
                forced: moves(&backbone.forced),
                impossible: moves(&backbone.impossible),
                open: moves(&backbone.open),
            }
        }),
        drawn: drawn.map(DrawnJson::of),
        grade: grade.map(|grade| grade.name()),
        openable: openable.map(|openable| OpenableJson::of(board, openable)),
    };
    write_document(&document, out)
}

/// The verdict's object.
#[derive(serde::Serialize)]
struct VerdictJson<'a> {
    version: u32,
    problem: ProblemJson<'a>,
    answer: &'static str,
    tours: Vec<TourJson<'a>>,
    differing_moves: Option<DifferingJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    backbone: Option<BackboneJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    openable: Option<OpenableJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawn: Option<DrawnJson<'a>>,
}

/// The loop drawn in a pzprv3 file, beside the verdict.
#[derive(serde::Serialize)]
struct DrawnJson<'a> {
    /// `only loop`, `one of several`, `no loop` or `against the verdict`.
    answer: &'static str,
    /// Why the lines make no loop (for `no loop`).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
}

impl DrawnJson<'_> {
    /// The object of `drawn`.
    fn of(drawn: &Drawn) -> DrawnJson<'_> {
        let (answer, reason) = match drawn {
            Drawn::NotATour(why) => ("no loop", Some(why.as_str())),
            Drawn::TheOnlyTour => ("only loop", None),
            Drawn::OneOfSeveral => ("one of several", None),
            Drawn::AgainstTheVerdict => ("against the verdict", None),
        };
        DrawnJson { answer, reason }
    }
}

/// The moves every tour makes, those none makes and those some make.
#[derive(serde::Serialize)]
struct BackboneJson<'a> {
    forced: MovesJson<'a>,
    impossible: MovesJson<'a>,
    open: MovesJson<'a>,
}

/// The moves each of two tours makes and the other does not.
#[derive(serde::Serialize)]
struct DifferingJson<'a> {
    first: MovesJson<'a>,
    second: MovesJson<'a>,
}

/// Moves written as `[[x, y], [x, y]]`.
struct MovesJson<'a> {
    board: &'a Board,
    moves: Vec<Move>,
}

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board;
        serializer.collect_seq(
            self.moves
                .iter()
                .map(|&[a, b]| [xy(board, a), xy(board, b)]),
        )
    }
}

/// The stroke of the moves both tours make (or the only tour's).
const SHARED_STROKE: &str = r##"stroke="#555555" stroke-width="4""##;
/// The stroke of the moves only the first tour makes.
const FIRST_STROKE: &str = r##"stroke="#1f5fbf" stroke-width="9""##;
/// The stroke of the moves only the second tour makes.
const SECOND_STROKE: &str = r##"stroke="#e07b00" stroke-width="9" stroke-dasharray="8 5""##;

/// Writes the verdict as an SVG picture: the board, the moves both tours make in grey, the
/// first tour's other moves in thick blue and the second's in thick dashed orange, with its
/// caption (the verdict in words) and its legend.
pub fn write_svg(
    problem: &Problem,
    verdict: &Verdict,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let noun = tour_noun(problem);
    let (shared, first_only, second_only) = match verdict {
        Verdict::NoTour => (Vec::new(), Vec::new(), Vec::new()),
        Verdict::Unique(tour) => (moves_of(problem, tour), Vec::new(), Vec::new()),
        Verdict::NotUnique { first, second } => {
            let difference = difference(problem, first, second);
            let shared = moves_of(problem, first)
                .into_iter()
                .filter(|step| difference.first_only.binary_search(step).is_err())
                .collect();
            (shared, difference.first_only, difference.second_only)
        }
    };
    let mut legend: Vec<LegendEntry> = blocked_entry(board, blocked_words(problem))
        .into_iter()
        .collect();
    let caption = match verdict {
        Verdict::NoTour => format!("no {noun}: the SAT engine proved that there is none"),
        Verdict::Unique(_) => {
            legend.push(LegendEntry::new(
                Swatch::Line(SHARED_STROKE),
                format!("the only {noun}"),
            ));
            format!("unique: this is the only {noun}")
        }
        Verdict::NotUnique { .. } => {
            legend.extend([
                LegendEntry::new(
                    Swatch::Line(SHARED_STROKE),
                    format!("moves both {noun}s make"),
                ),
                LegendEntry::new(
                    Swatch::Line(FIRST_STROKE),
                    format!("moves only the first {noun} makes"),
                ),
                LegendEntry::new(
                    Swatch::Line(SECOND_STROKE),
                    format!("moves only the second {noun} makes"),
                ),
            ]);
            format!(
                "not unique: two {noun}s differ in {} of their {} moves",
                first_only.len(),
                shared.len() + first_only.len()
            )
        }
    };
    let frame = Frame {
        title: picture_title(problem, verdict_word(verdict)),
        caption,
        legend,
        numbered: false,
    };
    begin_picture(board, &frame, out)?;
    write_squares(board, out)?;
    let styles = [
        (&shared, "shared", SHARED_STROKE),
        (&first_only, "first-only", FIRST_STROKE),
        (&second_only, "second-only", SECOND_STROKE),
    ];
    write_move_paths(board, &styles, out)?;
    end_picture(out)
}
