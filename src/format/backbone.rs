//! A backbone drawn: the moves every tour makes, those none makes and those still open.
//!
//! In text, a rook board is drawn at twice its size: squares on the even lines and columns,
//! the moves between them in the gaps, a forced move as a line (`─`, `│`, and the squares'
//! box-drawing corners), an impossible one as `×`, an open one dotted (`┄`, `┆`). Other
//! pieces' moves are listed by square names. In SVG the forced moves are dark lines, the open
//! ones dashed orange, the impossible ones small grey crosses.

use super::move_grid::write_move_grid;
use super::picture::{
    begin_picture, blocked_entry, blocked_words, end_picture, picture_title, tour_noun,
    write_move_crosses, write_move_paths, write_squares, Frame, LegendEntry, Swatch,
};
use super::FormatError;
use crate::core::board::{Board, Square};
use crate::core::plural::count_of;
use crate::core::problem::Problem;
use crate::core::square::name;
use crate::count::{Backbone, Move, Verdict};
use std::io::Write;

/// What the backbone says of a move, for drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Every tour makes it.
    Forced,
    /// No tour makes it.
    Impossible,
    /// Some tours make it.
    Open,
}

/// Writes a line counting the backbone's moves, then the backbone drawn (a rook board) or its
/// moves listed by square names (any other piece); nothing when there is no tour.
pub fn write_backbone_text(
    problem: &Problem,
    backbone: &Backbone,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    if backbone.verdict == Verdict::NoTour {
        return Ok(());
    }
    writeln!(
        out,
        "backbone: {} moves forced (─ │), {} impossible (×), {} open (┄ ┆)",
        backbone.forced.len(),
        backbone.impossible.len(),
        backbone.open.len()
    )?;
    let board = &problem.board;
    let all_steps = marked_moves(backbone)
        .all(|(&[a, b], _)| is_step_east(board, a, b) || is_step_south(board, a, b));
    if !all_steps {
        for (label, moves) in [
            ("forced", &backbone.forced),
            ("impossible", &backbone.impossible),
            ("open", &backbone.open),
        ] {
            let names: Vec<String> = moves
                .iter()
                .map(|&[a, b]| format!("{}-{}", name(board, a), name(board, b)))
                .collect();
            writeln!(out, "{label}: {}", names.join(" "))?;
        }
        return Ok(());
    }
    // The mark of the move east and the move south of each square, if there is one.
    let mut east = vec![None; board.len()];
    let mut south = vec![None; board.len()];
    let mut forced_links = vec![0u8; board.len()];
    for (&[a, b], mark) in marked_moves(backbone) {
        let (towards_b, towards_a) = match is_step_east(board, a, b) {
            true => {
                east[a as usize] = Some(mark);
                (EAST, WEST)
            }
            false => {
                south[a as usize] = Some(mark);
                (SOUTH, NORTH)
            }
        };
        if mark == Mark::Forced {
            forced_links[a as usize] |= towards_b;
            forced_links[b as usize] |= towards_a;
        }
    }
    write_move_grid(
        board,
        &|square| forced_links[square as usize],
        &|square| gap(east[square as usize], '─', '┄'),
        &|square| gap(south[square as usize], '│', '┆'),
        out,
    )
}

/// Every move of the backbone with its mark.
fn marked_moves(backbone: &Backbone) -> impl Iterator<Item = (&Move, Mark)> {
    [
        (&backbone.forced, Mark::Forced),
        (&backbone.impossible, Mark::Impossible),
        (&backbone.open, Mark::Open),
    ]
    .into_iter()
    .flat_map(|(moves, mark)| moves.iter().map(move |step| (step, mark)))
}

/// The link north.
const NORTH: u8 = 1;
/// The link east.
const EAST: u8 = 2;
/// The link south.
const SOUTH: u8 = 4;
/// The link west.
const WEST: u8 = 8;

/// Whether `b` is the square just east of `a`.
fn is_step_east(board: &Board, a: Square, b: Square) -> bool {
    let ((xa, ya), (xb, yb)) = (board.coords(a), board.coords(b));
    ya == yb && xb == xa + 1
}

/// Whether `b` is the square just south of `a`.
fn is_step_south(board: &Board, a: Square, b: Square) -> bool {
    let ((xa, ya), (xb, yb)) = (board.coords(a), board.coords(b));
    xa == xb && yb == ya + 1
}

/// The character of a gap holding a move marked `mark` (`None`: no move there).
fn gap(mark: Option<Mark>, forced: char, open: char) -> char {
    match mark {
        None => ' ',
        Some(Mark::Forced) => forced,
        Some(Mark::Impossible) => '×',
        Some(Mark::Open) => open,
    }
}

/// The stroke of a forced move.
const FORCED_STROKE: &str = r##"stroke="#1a1a1a" stroke-width="6""##;
/// The stroke of an open move.
const OPEN_STROKE: &str = r##"stroke="#e07b00" stroke-width="4" stroke-dasharray="6 5""##;
/// The stroke of the cross on an impossible move.
const IMPOSSIBLE_STROKE: &str = r##"stroke="#9a9a9a" stroke-width="2""##;

/// Writes the backbone as an SVG picture: the board, forced moves as dark lines, open moves
/// dashed orange, impossible moves as small grey crosses at the middle of the move, with a
/// caption counting them and a legend.
pub fn write_backbone_svg(
    problem: &Problem,
    backbone: &Backbone,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let noun = tour_noun(problem);
    let caption = match backbone.verdict {
        Verdict::NoTour => format!("no {noun}: the SAT engine proved that there is none"),
        _ => format!(
            "{} forced, {} impossible, {} open",
            count_of(backbone.forced.len(), "move", "moves"),
            backbone.impossible.len(),
            backbone.open.len()
        ),
    };
    let mut legend: Vec<LegendEntry> = blocked_entry(board, blocked_words(problem))
        .into_iter()
        .collect();
    if backbone.verdict != Verdict::NoTour {
        legend.extend([
            LegendEntry::new(
                Swatch::Line(FORCED_STROKE),
                format!("forced: every {noun} makes it"),
            ),
            LegendEntry::new(
                Swatch::Line(OPEN_STROKE),
                format!("open: some {noun}s make it, some not"),
            ),
            LegendEntry::new(
                Swatch::Cross(IMPOSSIBLE_STROKE),
                format!("impossible: no {noun} makes it"),
            ),
        ]);
    }
    let frame = Frame {
        title: picture_title(problem, "backbone"),
        caption,
        legend,
        numbered: false,
    };
    begin_picture(board, &frame, out)?;
    write_squares(board, out)?;
    let lines = [
        (&backbone.forced, "forced", FORCED_STROKE),
        (&backbone.open, "open", OPEN_STROKE),
    ];
    write_move_paths(board, &lines, out)?;
    write_move_crosses(
        board,
        &backbone.impossible,
        "impossible",
        IMPOSSIBLE_STROKE,
        out,
    )?;
    end_picture(out)
}
