//! The SVG format: a picture of the board and the tour.

use super::reason::named_squares;
use super::{Format, FormatError};
use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::{colour_name, column_letters, name};
use crate::core::tour::Tour;
use crate::engine::proof::regions::SealedRegion;
use crate::engine::Impossibility;
use std::io::Write;

/// Side of a square in the picture's units.
pub(super) const CELL: u64 = 40;
/// Smallest and largest width or height, in pixels, the picture asks to be shown at.
const PIXELS: (u64, u64) = (400, 1200);
/// Largest number of rows or columns whose squares get their visit numbers.
pub const MAX_NUMBERED_SIDE: u32 = 30;

/// A self-contained SVG document: a checkered board with blocked squares filled dark, the tour
/// as one path through the centres of its squares (closed with `Z` for a closed tour), the start
/// marked by a green disc and an open tour's end by a red ring, and, on boards of at most
/// [`MAX_NUMBERED_SIDE`] rows and columns, each square's visit number in its top left corner.
///
/// The path is a single `<path>` whose `d` has one point (`M` then `L`) per square of the tour.
/// A solution without a tour draws the board alone, its fixed ends marked, with the reason in
/// its `<title>`, the squares the reason names ringed (`<g class="named-squares">`), the sealed regions of a sealed-region proof shaded (a `<g
/// class="sealed-region">` each) and the moves that would have to leave them at their sealed
/// colour dashed (a `<line>` each in `<g class="crossing-moves">`).
///
/// The board sits in a `<g class="board">` moved one square right and down, so that in its
/// units a square `(x, y)` spans `40x` to `40x + 40` and `40y` to `40y + 40`; file letters
/// and rank numbers (`<g class="labels">`, A1 the top-left corner) fill the margin, and a
/// caption below the board (`<g class="caption">`) says the answer and its reason. The visit
/// numbers are in `<g class="visit-numbers">`. The `viewBox` makes it scale to any size.
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
        write_picture(problem, Some(tour), &caption, None, &[], &[], out)
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
        write_picture(problem, None, line, Some(line), regions, &named, out)
    }

    /// The board alone, `why` ending its title.
    fn write_stopped(
        &self,
        problem: &Problem,
        why: &str,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let caption = format!("stopped: {why}");
        write_picture(problem, None, &caption, Some(why), &[], &[], out)
    }
}

/// Writes one rectangle for each run of squares along a row that are `member`s.
pub(super) fn write_runs(
    board: &Board,
    member: impl Fn(Square) -> bool,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    for y in 0..board.rows() {
        let mut x = 0;
        while x < board.cols() {
            let run = (x..board.cols())
                .take_while(|&x| member(board.square(x, y)))
                .count() as u64;
            if run > 0 {
                writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{CELL}"/>"#,
                    x as u64 * CELL,
                    y as u64 * CELL,
                    run * CELL
                )?;
            }
            x += run.max(1) as u32;
        }
    }
    Ok(())
}

/// Writes the document: `caption` is written below the board, `title_end`, if any, ends its
/// title, each of `regions` is shaded with its crossing moves and each of `named` ringed.
fn write_picture(
    problem: &Problem,
    tour: Option<&Tour>,
    caption: &str,
    title_end: Option<&str>,
    regions: &[SealedRegion],
    named: &[Square],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let (cols, rows) = (board.cols() as u64, board.rows() as u64);
    let (board_width, board_height) = (cols * CELL, rows * CELL);
    let caption_lines = wrap(caption, (CELL + board_width) / (CAPTION_FONT * 6 / 10));
    let width = CELL + board_width;
    let height = CELL + board_height + CAPTION_LINE * (caption_lines.len() as u64 + 1);
    let side = width.max(height);
    let pixels = side.clamp(PIXELS.0, PIXELS.1);
    let scale = |units: u64| (units * pixels).div_ceil(side);
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{}" height="{}">"#,
        scale(width),
        scale(height)
    )?;
    let mut title = format!(
        "{rows} x {cols} board, {} {} tour",
        problem.shape, problem.piece
    );
    if let Some(title_end) = title_end {
        title = format!("{title}: {title_end}");
    }
    writeln!(out, "<title>{}</title>", escape(&title))?;
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    write_labels(board, out)?;
    writeln!(
        out,
        r##"<g class="caption" font-family="sans-serif" font-size="{CAPTION_FONT}" fill="#000000">"##
    )?;
    for (index, line) in caption_lines.iter().enumerate() {
        let y = CELL + board_height + CAPTION_LINE * (index as u64 + 1);
        writeln!(out, r#"<text x="4" y="{y}">{}</text>"#, escape(line))?;
    }
    writeln!(out, "</g>")?;
    writeln!(
        out,
        r#"<g class="board" transform="translate({CELL} {CELL})">"#
    )?;
    writeln!(
        out,
        r##"<defs><pattern id="dark" width="{0}" height="{0}" patternUnits="userSpaceOnUse"><rect x="{1}" width="{1}" height="{1}" fill="#d8d8d8"/><rect y="{1}" width="{1}" height="{1}" fill="#d8d8d8"/></pattern></defs>"##,
        2 * CELL,
        CELL
    )?;
    writeln!(
        out,
        r##"<rect width="{board_width}" height="{board_height}" fill="#f4f4f4"/><rect width="{board_width}" height="{board_height}" fill="url(#dark)"/>"##
    )?;
    writeln!(out, r##"<g fill="#3a3a3a">"##)?;
    write_runs(board, |square| !board.is_free(square), out)?;
    writeln!(out, "</g>")?;
    for (index, region) in regions.iter().enumerate() {
        let mut in_region = vec![false; board.len()];
        for &square in &region.squares {
            in_region[square as usize] = true;
        }
        writeln!(
            out,
            r##"<g class="sealed-region" fill="#e8902a" fill-opacity="0.45"><title>sealed region {}: {} squares, no circuit leaves it at its {} squares</title>"##,
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
    write_named_squares(board, named, out)?;
    writeln!(out, "</g>")?;
    writeln!(out, "</svg>")?;
    Ok(())
}

/// Font size of the caption, in the picture's units.
const CAPTION_FONT: u64 = CELL / 3;
/// Height of a caption line.
const CAPTION_LINE: u64 = CELL / 2;

/// `text` cut into lines of at most `width` characters, at spaces where it can be.
fn wrap(text: &str, width: u64) -> Vec<String> {
    let width = width.max(20) as usize;
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// Writes the file letters above the board and the rank numbers left of it (every square's on
/// boards up to 60 a side, then every few), in the margin of one square.
fn write_labels(board: &Board, out: &mut dyn Write) -> Result<(), FormatError> {
    let every = |side: u32| side.div_ceil(60).max(1) as usize;
    writeln!(
        out,
        r##"<g class="labels" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="#444444">"##,
        CELL / 3
    )?;
    for x in (0..board.cols()).step_by(every(board.cols())) {
        let centre = CELL + x as u64 * CELL + CELL / 2;
        writeln!(
            out,
            r#"<text x="{centre}" y="{}">{}</text>"#,
            CELL / 2,
            column_letters(x)
        )?;
    }
    for y in (0..board.rows()).step_by(every(board.rows())) {
        let centre = CELL + y as u64 * CELL + CELL / 2;
        writeln!(
            out,
            r#"<text x="{}" y="{centre}">{}</text>"#,
            CELL / 2,
            y + 1
        )?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// The centre of `square`, in the board's units.
fn centre(board: &Board, square: Square) -> (u64, u64) {
    let (x, y) = board.coords(square);
    (x as u64 * CELL + CELL / 2, y as u64 * CELL + CELL / 2)
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
        r##"<g class="crossing-moves" stroke="#d01010" stroke-width="{}" stroke-dasharray="{} {}"><title>the moves that would leave the region at its {} squares</title>"##,
        CELL / 12,
        CELL / 6,
        CELL / 10,
        colour_name(region.sealed_colour)
    )?;
    let sealed = region
        .squares
        .iter()
        .filter(|&&square| board.colour(square) == region.sealed_colour);
    for &square in sealed {
        for &next in moves.neighbours(square) {
            if !in_region[next as usize] {
                let ((x1, y1), (x2, y2)) = (centre(board, square), centre(board, next));
                writeln!(out, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#)?;
            }
        }
    }
    writeln!(out, "</g>")?;
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

/// Marks the problem's fixed ends, as a tour's ends are marked: the start a green disc, the end
/// a red ring.
fn write_fixed_ends(problem: &Problem, out: &mut dyn Write) -> Result<(), FormatError> {
    let radius = CELL / 5;
    if let Some(start) = problem.start {
        let (x, y) = centre(&problem.board, start);
        writeln!(
            out,
            r##"<circle class="start" cx="{x}" cy="{y}" r="{radius}" fill="#27ae60"/>"##
        )?;
    }
    if let Some(end) = problem.end {
        let (x, y) = centre(&problem.board, end);
        writeln!(
            out,
            r##"<circle class="end" cx="{x}" cy="{y}" r="{radius}" fill="#ffffff" stroke="#c0392b" stroke-width="{}"/>"##,
            CELL / 10
        )?;
    }
    Ok(())
}

/// Writes the path, the start and end marks and the visit numbers.
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
        r##"<path fill="none" stroke="#c0392b" stroke-opacity="0.85" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round" d=""##,
        CELL / 12
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
    let radius = CELL / 5;
    if let Some(&start) = squares.first() {
        let (x, y) = centre(start);
        writeln!(
            out,
            r##"<circle class="start" cx="{x}" cy="{y}" r="{radius}" fill="#27ae60"/>"##
        )?;
    }
    if let (TourShape::Open, [_, .., end]) = (problem.shape, squares) {
        let (x, y) = centre(*end);
        writeln!(
            out,
            r##"<circle class="end" cx="{x}" cy="{y}" r="{radius}" fill="#ffffff" stroke="#c0392b" stroke-width="{}"/>"##,
            CELL / 10
        )?;
    }
    if board.rows() <= MAX_NUMBERED_SIDE && board.cols() <= MAX_NUMBERED_SIDE {
        writeln!(
            out,
            r##"<g class="visit-numbers" font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="#000000" stroke="#ffffff" stroke-width="{}" paint-order="stroke">"##,
            CELL / 4,
            CELL / 10
        )?;
        for (index, &square) in squares.iter().enumerate() {
            let (x, y) = centre(square);
            let (x, y) = (x - CELL / 5, y - CELL / 4);
            writeln!(out, r#"<text x="{x}" y="{y}">{}</text>"#, index + 1)?;
        }
        writeln!(out, "</g>")?;
    }
    Ok(())
}

/// `text` with the characters XML reserves replaced by entities.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    escaped
}
