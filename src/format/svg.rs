//! The SVG format: a picture of the board and the tour.

use super::picture::{
    begin_picture, blocked_entry, blocked_words, board_size, end_picture, picture_title,
    square_centre as centre, tour_noun, write_grid_squares, write_runs, write_squares, Frame,
    LegendEntry, Swatch, CELL,
};
use super::reason::named_squares;
use super::{Format, FormatError};
use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::{colour_name, name};
use crate::core::tour::Tour;
use crate::engine::proof::regions::SealedRegion;
use crate::engine::Impossibility;
use std::io::Write;

/// Largest number of rows or columns whose squares get their visit numbers.
pub const MAX_NUMBERED_SIDE: u32 = 30;

/// A self-contained SVG document: a checkered board with blocked squares filled dark, the tour
/// as one path through the centres of its squares (closed with `Z` for a closed tour), the start
/// ringed green and an open tour's end ringed red, and, on boards of at most
/// [`MAX_NUMBERED_SIDE`] rows and columns, each square's visit number on a white disc at its
/// centre, above the path.
///
/// The path is a single `<path>` whose `d` has one point (`M` then `L`) per square of the tour.
/// A solution without a tour draws the board alone, its fixed ends marked, with the reason in
/// its `<title>` and caption, the squares the reason names ringed (`<g
/// class="named-squares">`), the sealed regions of a sealed-region proof shaded (a `<g
/// class="sealed-region">` each) and the moves that would have to leave them at their sealed
/// colour dashed (a `<line>` each in `<g class="crossing-moves">`), and the moves a
/// forced-moves proof takes drawn (a `<line>` each in `<g class="forced-moves">`).
///
/// The frame is `format::picture`'s: the board in a `<g class="board">` in whose units a square
/// `(x, y)` spans `40x` to `40x + 40` and `40y` to `40y + 40`, file letters and rank numbers
/// round it (`<g class="labels">`, A1 the top-left corner), below it a caption (`<g
/// class="caption">`) saying the answer and its reason and a legend (`<g class="legend">`) of
/// what is drawn. The visit numbers are in `<g class="visit-numbers">`. The `viewBox` is the
/// picture's natural size in pixels; it scales to any size.
#[derive(Debug, Clone, Copy, Default)]
pub struct Svg;

impl Format for Svg {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let caption = format!(
            "tour found: {} squares, {} {} tour, verified",
            tour.len(),
            problem.shape,
            problem.piece
        );
        let legend = legend(problem, Some(tour), &[]);
        write_picture(
            problem,
            Some(tour),
            &caption,
            None,
            Marks::default(),
            legend,
            out,
        )
    }

    /// The board alone, `line` ending its title, sealed regions shaded and the squares the
    /// reason names ringed.
    fn write_no_tour(
        &self,
        problem: &Problem,
        why: &Impossibility,
        line: &str,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let regions = match why {
            Impossibility::SealedRegions(proof) => &proof.regions[..],
            _ => &[],
        };
        let named = named_squares(problem, why);
        let forced: Vec<(Square, Square)> = match why {
            Impossibility::ForcedMoves(proof) => {
                let graph = MoveGraph::new(&problem.board, problem.piece);
                proof
                    .moves(&graph)
                    .into_iter()
                    .flat_map(|(square, left)| left.into_iter().map(move |next| (square, next)))
                    .collect()
            }
            _ => Vec::new(),
        };
        let mut legend = legend(problem, None, regions);
        if !forced.is_empty() {
            legend.push(LegendEntry::new(
                Swatch::Line(FORCED_STROKE),
                "lines: the moves the reason forces, square by square",
            ));
        }
        legend.extend([
            LegendEntry::new(Swatch::Square(LIGHT_SWATCH), "light squares: one colour"),
            LegendEntry::new(Swatch::Square(GREY_SWATCH), "grey squares: the other"),
        ]);
        if !named.is_empty() {
            legend.push(LegendEntry::new(
                Swatch::Square(NAMED_SWATCH),
                "ringed: the squares the reason names",
            ));
        }
        let marks = Marks {
            regions,
            named: &named,
            forced: &forced,
        };
        write_picture(problem, None, line, Some(line), marks, legend, out)
    }

    /// The board alone, `why` ending its title.
    fn write_stopped(
        &self,
        problem: &Problem,
        why: &str,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let caption = format!("stopped: {why}");
        let legend = legend(problem, None, &[]);
        write_picture(
            problem,
            None,
            &caption,
            Some(why),
            Marks::default(),
            legend,
            out,
        )
    }
}

/// Writes the blank board of `problem` as a picture, to be solved by hand: its blocked squares
/// (a Simple Loop puzzle's shaded cells) and fixed ends, no tour, the task in its caption.
pub fn write_blank(problem: &Problem, out: &mut dyn Write) -> Result<(), FormatError> {
    let board = &problem.board;
    let task = match (tour_noun(problem), problem.start, problem.end) {
        ("loop", _, _) => "Simple Loop puzzle: draw one loop through every white cell, each \
                           visited once, moving between cells side by side"
            .to_string(),
        (_, Some(_), Some(_)) => format!(
            "find an open {} tour from the start to the end, visiting every free square once",
            problem.piece
        ),
        _ => format!(
            "find a {} {} tour visiting every free square once",
            problem.shape, problem.piece
        ),
    };
    let frame = Frame {
        title: picture_title(problem, "the board to solve"),
        caption: task,
        legend: legend(problem, None, &[]),
        numbered: false,
    };
    begin_picture(board, &frame, out)?;
    // A puzzle is drawn as setters print it: white cells in a grid; a tour's board checkered.
    match tour_noun(problem) {
        "loop" => write_grid_squares(board, out)?,
        _ => write_squares(board, out)?,
    }
    write_fixed_ends(problem, out)?;
    end_picture(out)
}

/// Whether the squares of `board` get their visit numbers.
fn numbered(board: &Board) -> bool {
    board.rows() <= MAX_NUMBERED_SIDE && board.cols() <= MAX_NUMBERED_SIDE
}

/// What a picture marks on the board besides the tour: the sealed regions of a sealed-region
/// proof and the squares a reason names.
#[derive(Default)]
struct Marks<'a> {
    /// The sealed regions, shaded with the moves that would have to leave them.
    regions: &'a [SealedRegion],
    /// The squares the reason names, ringed.
    named: &'a [Square],
    /// The moves a forced-moves proof takes, drawn as lines.
    forced: &'a [(Square, Square)],
}

/// Writes the document: `caption` is written below the board, `title_end`, if any, ends its
/// title, `marks` are drawn (each sealed region shaded with its crossing moves, each named
/// square ringed), and `legend` says what is drawn.
fn write_picture(
    problem: &Problem,
    tour: Option<&Tour>,
    caption: &str,
    title_end: Option<&str>,
    marks: Marks,
    legend: Vec<LegendEntry>,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let mut title = format!(
        "{}, {} {} tour",
        board_size(board),
        problem.shape,
        problem.piece
    );
    if let Some(title_end) = title_end {
        title = format!("{title}: {title_end}");
    }
    let frame = Frame {
        title,
        caption: caption.to_string(),
        legend,
        numbered: tour.is_some() && numbered(board),
    };
    begin_picture(board, &frame, out)?;
    write_squares(board, out)?;
    for (index, region) in marks.regions.iter().enumerate() {
        let mut in_region = vec![false; board.len()];
        for &square in &region.squares {
            in_region[square as usize] = true;
        }
        writeln!(
            out,
            r##"<g class="sealed-region" fill="{REGION_FILL}" fill-opacity="0.45"><title>sealed region {}: {} squares, no circuit leaves it at its {} squares</title>"##,
            index + 1,
            region.squares.len(),
            colour_name(region.sealed_colour)
        )?;
        write_runs(board, |square| in_region[square as usize], out)?;
        writeln!(out, "</g>")?;
        write_crossing_moves(problem, region, &in_region, out)?;
    }
    match tour {
        Some(tour) => write_tour_lines(problem, tour, out)?,
        None => write_fixed_ends(problem, out)?,
    }
    write_forced_moves(board, marks.forced, out)?;
    write_named_squares(board, marks.named, out)?;
    end_picture(out)
}

/// The fill of a sealed region.
const REGION_FILL: &str = "#e8902a";
/// The stroke of the tour's path.
const TOUR_STROKE: &str = r##"stroke="#c0392b" stroke-opacity="0.85" stroke-width="3""##;
/// The start's ring.
const START_RING: &str = r##"fill="none" stroke="#27ae60" stroke-width="4""##;
/// An open tour's end's ring.
const END_RING: &str = r##"fill="none" stroke="#c0392b" stroke-width="4""##;
/// The stroke of the moves a forced-moves proof takes.
const FORCED_STROKE: &str = r##"stroke="#1f4fd1" stroke-width="3""##;
/// The stroke of the moves that would leave a sealed region.
const CROSSING_STROKE: &str = r##"stroke="#d01010" stroke-width="3" stroke-dasharray="7 4""##;
/// The swatch of the board's light squares.
const LIGHT_SWATCH: &str = r##"fill="#f4f4f4" stroke="#9a9a9a""##;
/// The legend's swatch of a square a reason names: the ring drawn round it.
const NAMED_SWATCH: &str = r##"fill="none" stroke="#1f4fd1" stroke-width="3""##;
/// The swatch of the board's grey squares.
const GREY_SWATCH: &str = r##"fill="#d8d8d8" stroke="#9a9a9a""##;
/// Radius of the rings of the start and the end.
const RING_RADIUS: u64 = CELL * 2 / 5;
/// Radius of the white disc under a visit number.
const NUMBER_RADIUS: u64 = CELL * 3 / 10;

/// The legend of the picture of `problem` with `tour` (or none) and `regions` shaded.
fn legend(problem: &Problem, tour: Option<&Tour>, regions: &[SealedRegion]) -> Vec<LegendEntry> {
    let board = &problem.board;
    let mut entries: Vec<LegendEntry> = blocked_entry(board, blocked_words(problem))
        .into_iter()
        .collect();
    let open = problem.shape == TourShape::Open;
    if let Some(tour) = tour {
        let words = match numbered(board) {
            true => "the tour; the numbers give its order",
            false => "the tour",
        };
        entries.push(LegendEntry::new(Swatch::Line(TOUR_STROKE), words));
        entries.push(LegendEntry::new(Swatch::Disc(START_RING), "start"));
        if open && tour.len() > 1 {
            entries.push(LegendEntry::new(Swatch::Disc(END_RING), "end"));
        }
    } else {
        if problem.start.is_some() {
            entries.push(LegendEntry::new(Swatch::Disc(START_RING), "fixed start"));
        }
        if problem.end.is_some() {
            entries.push(LegendEntry::new(Swatch::Disc(END_RING), "fixed end"));
        }
    }
    if !regions.is_empty() {
        entries.push(LegendEntry::new(
            Swatch::Square(r##"fill="#e8902a" fill-opacity="0.45""##),
            "sealed region",
        ));
        entries.push(LegendEntry::new(
            Swatch::Line(CROSSING_STROKE),
            "a move that would leave it at its sealed colour",
        ));
    }
    entries
}

/// Writes the moves that leave `region` at its squares of the sealed colour, dashed: the moves
/// no circuit can use.
fn write_crossing_moves(
    problem: &Problem,
    region: &SealedRegion,
    in_region: &[bool],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let moves = MoveGraph::new(board, problem.piece);
    writeln!(
        out,
        r##"<g class="crossing-moves" {CROSSING_STROKE}><title>the moves that would leave the region at its {} squares</title>"##,
        colour_name(region.sealed_colour)
    )?;
    let sealed = region
        .squares
        .iter()
        .filter(|&&square| board.colour(square) == region.sealed_colour);
    for &square in sealed {
        for &next in moves.neighbours(square) {
            if !in_region[next as usize] {
                write_move_line(board, square, next, out)?;
            }
        }
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// Draws the moves a forced-moves proof takes (`<g class="forced-moves">`, a `<line>` each).
fn write_forced_moves(
    board: &Board,
    forced: &[(Square, Square)],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    if forced.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        r##"<g class="forced-moves" {FORCED_STROKE}><title>the moves the reason forces, square by square</title>"##
    )?;
    for &(square, next) in forced {
        write_move_line(board, square, next, out)?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// Writes the move from `square` to `next` as a `<line>` between their centres (its stroke is
/// its group's).
fn write_move_line(
    board: &Board,
    square: Square,
    next: Square,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let ((x1, y1), (x2, y2)) = (centre(board, square), centre(board, next));
    writeln!(out, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#)?;
    Ok(())
}

/// Rings the squares a reason names (`<g class="named-squares">`, a `<rect>` each, its name in
/// its `<title>`), so that the picture shows what the caption says.
fn write_named_squares(
    board: &Board,
    named: &[Square],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    if named.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        r##"<g class="named-squares" fill="none" stroke="#1f4fd1" stroke-width="{}">"##,
        CELL / 10
    )?;
    let inset = CELL / 10;
    for &square in named {
        let (x, y) = board.coords(square);
        writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{2}" height="{2}"><title>{3}</title></rect>"#,
            x as u64 * CELL + inset,
            y as u64 * CELL + inset,
            CELL - 2 * inset,
            name(board, square)
        )?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// Marks the problem's fixed ends, as a tour's ends are marked: the start a green ring, the end
/// a red ring.
fn write_fixed_ends(problem: &Problem, out: &mut dyn Write) -> Result<(), FormatError> {
    if let Some(start) = problem.start {
        write_ring(problem, start, "start", START_RING, out)?;
    }
    if let Some(end) = problem.end {
        write_ring(problem, end, "end", END_RING, out)?;
    }
    Ok(())
}

/// Writes the ring of class `class` round `square`.
fn write_ring(
    problem: &Problem,
    square: u32,
    class: &str,
    attributes: &str,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let (x, y) = centre(&problem.board, square);
    writeln!(
        out,
        r#"<circle class="{class}" cx="{x}" cy="{y}" r="{RING_RADIUS}" {attributes}/>"#
    )?;
    Ok(())
}

/// Writes the path, the start and end rings and the visit numbers, each on a white disc above
/// the path.
fn write_tour_lines(
    problem: &Problem,
    tour: &Tour,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let centre = |square: u32| centre(board, square);
    let squares = tour.squares();
    write!(
        out,
        r#"<path fill="none" {TOUR_STROKE} stroke-linejoin="round" stroke-linecap="round" d=""#
    )?;
    for (index, &square) in squares.iter().enumerate() {
        let (x, y) = centre(square);
        let command = if index == 0 { 'M' } else { 'L' };
        write!(out, "{command}{x} {y}")?;
    }
    if problem.shape == TourShape::Closed && squares.len() > 1 {
        write!(out, "Z")?;
    }
    writeln!(out, r#""/>"#)?;
    if let Some(&start) = squares.first() {
        write_ring(problem, start, "start", START_RING, out)?;
    }
    if let (TourShape::Open, [_, .., end]) = (problem.shape, squares) {
        write_ring(problem, *end, "end", END_RING, out)?;
    }
    if numbered(board) {
        writeln!(
            out,
            r##"<g class="visit-numbers" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="#000000">"##
        )?;
        for (index, &square) in squares.iter().enumerate() {
            let (x, y) = centre(square);
            let number = index + 1;
            // Three digits take a smaller font to stay on their disc.
            let size = if number < 100 {
                CELL * 2 / 5
            } else {
                CELL * 3 / 10
            };
            writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{NUMBER_RADIUS}" fill="#ffffff"/><text x="{x}" y="{y}" font-size="{size}">{number}</text>"##
            )?;
        }
        writeln!(out, "</g>")?;
    }
    Ok(())
}
