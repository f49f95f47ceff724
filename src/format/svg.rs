//! The SVG format: a picture of the board and the tour.

use super::{Format, FormatError};
use crate::board::{Board, Square};
use crate::engine::regions::SealedRegion;
use crate::engine::Impossibility;
use crate::problem::{Problem, TourShape};
use crate::square::colour_name;
use crate::tour::Tour;
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
/// A solution without a tour draws the board alone, with the reason in its `<title>`, and the
/// sealed regions of a sealed-region proof shaded (a `<g class="sealed-region">` each).
#[derive(Debug, Clone, Copy, Default)]
pub struct Svg;

impl Format for Svg {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        write_picture(problem, Some(tour), None, &[], out)
    }

    /// The board alone, `line` ending its title, and sealed regions shaded.
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
        write_picture(problem, None, Some(line), regions, out)
    }

    /// The board alone, `why` ending its title.
    fn write_stopped(
        &self,
        problem: &Problem,
        why: &str,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        write_picture(problem, None, Some(why), &[], out)
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

/// Writes the document; `caption`, if any, ends its title, and each of `regions` is shaded.
fn write_picture(
    problem: &Problem,
    tour: Option<&Tour>,
    caption: Option<&str>,
    regions: &[SealedRegion],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let (cols, rows) = (board.cols() as u64, board.rows() as u64);
    let (width, height) = (cols * CELL, rows * CELL);
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
    if let Some(caption) = caption {
        title = format!("{title}: {caption}");
    }
    writeln!(out, "<title>{}</title>", escape(&title))?;
    writeln!(
        out,
        r##"<defs><pattern id="dark" width="{0}" height="{0}" patternUnits="userSpaceOnUse"><rect x="{1}" width="{1}" height="{1}" fill="#d8d8d8"/><rect y="{1}" width="{1}" height="{1}" fill="#d8d8d8"/></pattern></defs>"##,
        2 * CELL,
        CELL
    )?;
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#f4f4f4"/><rect width="{width}" height="{height}" fill="url(#dark)"/>"##
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
    }
    if let Some(tour) = tour {
        write_tour_lines(problem, tour, out)?;
    }
    writeln!(out, "</svg>")?;
    Ok(())
}

/// Writes the path, the start and end marks and the visit numbers.
fn write_tour_lines(
    problem: &Problem,
    tour: &Tour,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let board = &problem.board;
    let centre = |square: u32| {
        let (x, y) = board.coords(square);
        (x as u64 * CELL + CELL / 2, y as u64 * CELL + CELL / 2)
    };
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
            r##"<circle cx="{x}" cy="{y}" r="{radius}" fill="#27ae60"/>"##
        )?;
    }
    if let (TourShape::Open, [_, .., end]) = (problem.shape, squares) {
        let (x, y) = centre(*end);
        writeln!(
            out,
            r##"<circle cx="{x}" cy="{y}" r="{radius}" fill="#ffffff" stroke="#c0392b" stroke-width="{}"/>"##,
            CELL / 10
        )?;
    }
    if board.rows() <= MAX_NUMBERED_SIDE && board.cols() <= MAX_NUMBERED_SIDE {
        writeln!(
            out,
            r##"<g font-family="sans-serif" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="#000000" stroke="#ffffff" stroke-width="{}" paint-order="stroke">"##,
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
