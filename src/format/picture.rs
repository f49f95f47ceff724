//! The frame every SVG picture of a board shares: file letters and rank numbers round the
//! board, a caption and a legend below it, all laid out in pixels so that every word is
//! legible at the picture's natural size, and the board drawn in its own units inside.
//!
//! A picture is one `<svg>` whose `viewBox` is its natural size in pixels. The board sits in a
//! `<g class="board">` translated and scaled so that in its units a square `(x, y)` spans `40x`
//! to `40x + 40` and `40y` to `40y + 40`, whatever its size in pixels. File letters and rank
//! numbers (`<g class="labels">`, A1 the top-left corner, as the text formats name squares)
//! fill the margins; below the board, the caption (`<g class="caption">`, wrapped within the
//! picture's width, which grows for a long caption) and the legend (`<g class="legend">`, one
//! `<g class="legend-entry">` a thing drawn: a swatch and its words).

use super::FormatError;
use crate::core::board::{Board, Square};
use crate::core::piece::Piece;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::column_letters;
use std::io::Write;

/// Side of a square in the board's own units.
pub(super) const CELL: u64 = 40;

/// Pixels of a square at the natural size: at most this many.
const MAX_SQUARE_PIXELS: f64 = 56.0;
/// Pixels of a square whose visit number is drawn: at least this many, so the number is legible.
const NUMBERED_SQUARE_PIXELS: f64 = 40.0;
/// The longer side of a board without visit numbers is drawn at most this many pixels long.
const BOARD_PIXELS: f64 = 1200.0;
/// Font size of the labels, caption and legend, in pixels.
pub(super) const FONT: f64 = 14.0;
/// Height of a line of the caption or the legend.
const LINE: f64 = 20.0;
/// Width of a character, a generous estimate for a sans-serif font at [`FONT`].
const CHARACTER: f64 = 0.55 * FONT;
/// Space round the parts of the picture.
const PAD: f64 = 8.0;
/// Height of the margin above the board, for the file letters.
const TOP_MARGIN: f64 = 24.0;
/// Narrowest picture, so that a small board's caption is not cut into many short lines.
const MIN_WIDTH: f64 = 420.0;
/// Widest a picture grows for its caption.
const MAX_WIDTH: f64 = 960.0;
/// A caption longer than this many lines at the board's width widens the picture.
const CAPTION_LINES: f64 = 3.0;
/// Width of a legend swatch.
const SWATCH: f64 = 36.0;

/// What a legend entry shows beside its words; each holds SVG attributes (stroke or fill).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Swatch {
    /// A line with these stroke attributes.
    Line(&'static str),
    /// A disc with these attributes.
    Disc(&'static str),
    /// A square with these fill attributes.
    Square(&'static str),
    /// A small cross with these stroke attributes.
    Cross(&'static str),
}

/// One line of a legend: what is drawn and what it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LegendEntry {
    /// How it is drawn.
    pub swatch: Swatch,
    /// What it means.
    pub words: String,
}

impl LegendEntry {
    /// The entry `words` for `swatch`.
    pub fn new(swatch: Swatch, words: impl Into<String>) -> LegendEntry {
        LegendEntry {
            swatch,
            words: words.into(),
        }
    }
}

/// What frames a picture of a board: its title, caption and legend, and whether its squares
/// carry visit numbers (which need larger squares).
#[derive(Debug, Clone)]
pub(super) struct Frame {
    /// The `<title>`: what the picture is.
    pub title: String,
    /// The line below the board: the answer it shows.
    pub caption: String,
    /// What each mark drawn means.
    pub legend: Vec<LegendEntry>,
    /// Whether squares carry visit numbers.
    pub numbered: bool,
}

/// Where the parts of a picture go, in pixels.
struct Layout {
    /// Pixels of a square.
    square: f64,
    /// The board's top-left corner.
    board_left: f64,
    /// The board's top edge.
    board_top: f64,
    /// The picture's width.
    width: f64,
    /// The caption cut into lines.
    caption_lines: Vec<String>,
    /// The top of the caption.
    caption_top: f64,
    /// The legend's entries by line: each entry's index and left edge.
    legend_lines: Vec<Vec<(usize, f64)>>,
    /// The top of the legend.
    legend_top: f64,
    /// The picture's height.
    height: f64,
}

impl Layout {
    /// The layout of `frame` round `board`.
    fn of(board: &Board, frame: &Frame) -> Layout {
        let (cols, rows) = (board.cols() as f64, board.rows() as f64);
        let mut square = (BOARD_PIXELS / cols.max(rows)).min(MAX_SQUARE_PIXELS);
        if frame.numbered {
            square = square.max(NUMBERED_SQUARE_PIXELS);
        }
        let rank_digits = board.rows().to_string().len() as f64;
        let board_left = (rank_digits * CHARACTER + 2.0 * PAD).max(TOP_MARGIN);
        let board_top = TOP_MARGIN;
        let board_right = board_left + cols * square + PAD;
        let caption_pixels = frame.caption.chars().count() as f64 * CHARACTER + 2.0 * PAD;
        let width = board_right
            .max(MIN_WIDTH)
            .max((caption_pixels / CAPTION_LINES).min(MAX_WIDTH))
            .ceil();
        let caption_lines = wrap(
            &frame.caption,
            ((width - 2.0 * PAD) / CHARACTER).floor() as usize,
        );
        let caption_top = board_top + rows * square + PAD;
        let legend_top = caption_top + LINE * caption_lines.len() as f64;
        let mut legend_lines: Vec<Vec<(usize, f64)>> = Vec::new();
        let mut left = PAD;
        for (index, entry) in frame.legend.iter().enumerate() {
            let entry_width =
                SWATCH + PAD + entry.words.chars().count() as f64 * CHARACTER + 2.0 * PAD;
            if legend_lines.is_empty() || (left > PAD && left + entry_width > width) {
                legend_lines.push(Vec::new());
                left = PAD;
            }
            legend_lines
                .last_mut()
                .expect("a legend line")
                .push((index, left));
            left += entry_width;
        }
        let height = (legend_top + LINE * legend_lines.len() as f64 + PAD).ceil();
        Layout {
            square,
            board_left,
            board_top,
            width,
            caption_lines,
            caption_top,
            legend_lines,
            legend_top,
            height,
        }
    }
}

/// Writes the picture's frame round `board` (header, title, background, labels, caption,
/// legend), then opens the board's `<g class="board">`, in whose units the caller draws; then
/// [`end_picture`] closes it.
pub(super) fn begin_picture(
    board: &Board,
    frame: &Frame,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    let layout = Layout::of(board, frame);
    let (width, height) = (layout.width, layout.height);
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">"#
    )?;
    writeln!(out, "<title>{}</title>", escape(&frame.title))?;
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    write_labels(board, &layout, out)?;
    writeln!(
        out,
        r##"<g class="caption" font-family="sans-serif" font-size="{FONT}" fill="#000000">"##
    )?;
    for (index, line) in layout.caption_lines.iter().enumerate() {
        let y = pixels(layout.caption_top + LINE * (index as f64 + 1.0) - 5.0);
        writeln!(out, r#"<text x="{PAD}" y="{y}">{}</text>"#, escape(line))?;
    }
    writeln!(out, "</g>")?;
    write_legend(frame, &layout, out)?;
    writeln!(
        out,
        r#"<g class="board" transform="translate({} {}) scale({})">"#,
        pixels(layout.board_left),
        pixels(layout.board_top),
        layout.square / CELL as f64
    )?;
    Ok(())
}

/// Closes the board's group and the picture.
pub(super) fn end_picture(out: &mut dyn Write) -> Result<(), FormatError> {
    writeln!(out, "</g>")?;
    writeln!(out, "</svg>")?;
    Ok(())
}

/// `value` to a tenth of a pixel, as SVG reads it.
fn pixels(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// Writes the legend: a line of entries after another, each a swatch and its words.
fn write_legend(frame: &Frame, layout: &Layout, out: &mut dyn Write) -> Result<(), FormatError> {
    if frame.legend.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        r##"<g class="legend" font-family="sans-serif" font-size="{FONT}" fill="#000000">"##
    )?;
    for (line, entries) in layout.legend_lines.iter().enumerate() {
        let middle = layout.legend_top + LINE * (line as f64 + 0.5);
        for &(index, left) in entries {
            let entry = &frame.legend[index];
            writeln!(out, r#"<g class="legend-entry">"#)?;
            let (right, centre) = (left + SWATCH, left + SWATCH / 2.0);
            let (top, bottom) = (middle - LINE / 3.0, middle + LINE / 3.0);
            let (left, right, centre, middle) = (
                pixels(left + 2.0),
                pixels(right - 2.0),
                pixels(centre),
                pixels(middle),
            );
            match entry.swatch {
                Swatch::Line(stroke) => writeln!(
                    out,
                    r#"<line x1="{left}" y1="{middle}" x2="{right}" y2="{middle}" stroke-linecap="round" {stroke}/>"#
                )?,
                Swatch::Disc(attributes) => writeln!(
                    out,
                    r#"<circle cx="{centre}" cy="{middle}" r="{}" {attributes}/>"#,
                    LINE / 3.0
                )?,
                Swatch::Square(fill) => writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" {fill}/>"#,
                    pixels(centre - LINE / 3.0),
                    pixels(top),
                    pixels(2.0 * LINE / 3.0),
                    pixels(bottom - top)
                )?,
                Swatch::Cross(stroke) => {
                    let arm = LINE / 4.0;
                    writeln!(
                        out,
                        r#"<path fill="none" {stroke} d="M{} {}L{} {}M{} {}L{} {}"/>"#,
                        pixels(centre - arm),
                        pixels(middle - arm),
                        pixels(centre + arm),
                        pixels(middle + arm),
                        pixels(centre - arm),
                        pixels(middle + arm),
                        pixels(centre + arm),
                        pixels(middle - arm)
                    )?
                }
            }
            writeln!(
                out,
                r#"<text x="{}" y="{}">{}</text>"#,
                pixels(right + PAD + 2.0),
                pixels(middle + FONT / 3.0),
                escape(&entry.words)
            )?;
            writeln!(out, "</g>")?;
        }
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// Writes the file letters above the board and the rank numbers left of it, as many as fit
/// apart.
fn write_labels(board: &Board, layout: &Layout, out: &mut dyn Write) -> Result<(), FormatError> {
    let letters = column_letters(board.cols() - 1).len() as f64;
    let every_column = ((letters * CHARACTER + PAD) / layout.square)
        .ceil()
        .max(1.0) as usize;
    let every_row = (LINE / layout.square).ceil().max(1.0) as usize;
    writeln!(
        out,
        r##"<g class="labels" font-family="sans-serif" font-size="{FONT}" text-anchor="middle" dominant-baseline="central" fill="#444444">"##
    )?;
    for x in (0..board.cols()).step_by(every_column) {
        let centre = pixels(layout.board_left + (x as f64 + 0.5) * layout.square);
        writeln!(
            out,
            r#"<text x="{centre}" y="{}">{}</text>"#,
            layout.board_top / 2.0,
            column_letters(x)
        )?;
    }
    for y in (0..board.rows()).step_by(every_row) {
        let centre = pixels(layout.board_top + (y as f64 + 0.5) * layout.square);
        writeln!(
            out,
            r#"<text x="{}" y="{centre}">{}</text>"#,
            pixels(layout.board_left / 2.0),
            y + 1
        )?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}

/// `text` cut into lines of at most `width` characters, at spaces where it can be.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(20);
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

/// The board's size in words, columns first as file letters and puzz.link URLs give it:
/// `7 columns x 6 rows`.
pub(super) fn board_size(board: &Board) -> String {
    format!(
        "{} x {}",
        count_of(board.cols() as usize, "column", "columns"),
        count_of(board.rows() as usize, "row", "rows")
    )
}

/// What a tour of `problem` is called in pictures: a `loop` for a rook circuit (a Simple Loop
/// puzzle's answer), else a `tour`.
pub(super) fn tour_noun(problem: &Problem) -> &'static str {
    match (problem.piece, problem.shape) {
        (Piece::Rook, TourShape::Closed) => "loop",
        _ => "tour",
    }
}

/// What a blocked square of `problem` is called in pictures: a shaded cell of a Simple Loop
/// puzzle, else a blocked square.
pub(super) fn blocked_words(problem: &Problem) -> &'static str {
    match tour_noun(problem) {
        "loop" => "shaded cell: the loop does not visit it",
        _ => "blocked square",
    }
}

/// The title of a picture of `problem`: the board's size (columns first), the tour asked for
/// and `what` the picture shows.
pub(super) fn picture_title(problem: &Problem, what: &str) -> String {
    format!(
        "{}, {} {} tour: {what}",
        board_size(&problem.board),
        problem.shape,
        problem.piece
    )
}

/// Writes the board's squares: a checkerboard of two light greys, the blocked squares dark.
pub(super) fn write_squares(board: &Board, out: &mut dyn Write) -> Result<(), FormatError> {
    let (width, height) = (board.cols() as u64 * CELL, board.rows() as u64 * CELL);
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
    write_blocked(board, out)
}

/// Writes the board's squares as a puzzle's grid: white cells parted by thin grey lines, the
/// blocked (shaded) cells dark.
pub(super) fn write_grid_squares(board: &Board, out: &mut dyn Write) -> Result<(), FormatError> {
    let (width, height) = (board.cols() as u64 * CELL, board.rows() as u64 * CELL);
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##
    )?;
    write!(
        out,
        r##"<path class="grid" fill="none" stroke="#9a9a9a" stroke-width="1" d=""##
    )?;
    for x in 1..board.cols() as u64 {
        write!(out, "M{} 0V{height}", x * CELL)?;
    }
    for y in 1..board.rows() as u64 {
        write!(out, "M0 {}H{width}", y * CELL)?;
    }
    writeln!(out, r#""/>"#)?;
    write_blocked(board, out)?;
    writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="none" stroke="#000000" stroke-width="2"/>"##
    )?;
    Ok(())
}

/// Writes the blocked squares, dark, in a `<g class="blocked">`.
fn write_blocked(board: &Board, out: &mut dyn Write) -> Result<(), FormatError> {
    writeln!(out, r##"<g class="blocked" fill="{BLOCKED}">"##)?;
    write_runs(board, |square| !board.is_free(square), out)?;
    writeln!(out, "</g>")?;
    Ok(())
}

/// The fill of a blocked square.
const BLOCKED: &str = "#3a3a3a";

/// The legend's entry for blocked squares, when `board` has any: `words` says what they are
/// (blocked squares, shaded cells).
pub(super) fn blocked_entry(board: &Board, words: &str) -> Option<LegendEntry> {
    (board.free_count() < board.len())
        .then(|| LegendEntry::new(Swatch::Square(r##"fill="#3a3a3a""##), words.to_string()))
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

/// The centre of `square`, in the board's units.
pub(super) fn square_centre(board: &Board, square: Square) -> (u64, u64) {
    let (x, y) = board.coords(square);
    (x as u64 * CELL + CELL / 2, y as u64 * CELL + CELL / 2)
}

/// Writes one SVG path for each non-empty set of moves (each the pair of its squares), each move a line between its squares'
/// centres: the moves, the path's class and its stroke attributes.
pub(super) fn write_move_paths(
    board: &Board,
    styles: &[(&Vec<[Square; 2]>, &str, &str)],
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    for &(moves, class, style) in styles {
        if moves.is_empty() {
            continue;
        }
        write!(
            out,
            r#"<path class="{class}" fill="none" stroke-linecap="round" {style} d=""#
        )?;
        for &[a, b] in moves.iter() {
            let ((x0, y0), (x1, y1)) = (square_centre(board, a), square_centre(board, b));
            write!(out, "M{x0} {y0}L{x1} {y1}")?;
        }
        writeln!(out, r#""/>"#)?;
    }
    Ok(())
}

/// Writes one SVG path of small crosses, one at the middle of each of `moves` (each the pair of
/// its squares): the path's class and its stroke attributes.
pub(super) fn write_move_crosses(
    board: &Board,
    moves: &[[Square; 2]],
    class: &str,
    style: &str,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    if moves.is_empty() {
        return Ok(());
    }
    write!(out, r#"<path class="{class}" fill="none" {style} d=""#)?;
    let arm = CELL / 8;
    for &[a, b] in moves {
        let ((x0, y0), (x1, y1)) = (square_centre(board, a), square_centre(board, b));
        let (x, y) = ((x0 + x1) / 2, (y0 + y1) / 2);
        write!(
            out,
            "M{} {}L{} {}M{} {}L{} {}",
            x - arm,
            y - arm,
            x + arm,
            y + arm,
            x - arm,
            y + arm,
            x + arm,
            y - arm
        )?;
    }
    writeln!(out, r#""/>"#)?;
    Ok(())
}

/// `text` with the characters XML reserves replaced by entities.
pub(super) fn escape(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_line_within_the_width() {
        let text = "no tour: the piece alternates colours, and 5 free squares with x+y even \
                    and 4 with x+y odd do not allow it";
        let lines = wrap(text, 30);
        assert!(lines.len() > 1);
        assert!(
            lines.iter().all(|line| line.chars().count() <= 30),
            "{lines:?}"
        );
        assert_eq!(
            lines.join(" "),
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        );
    }

    #[test]
    fn a_long_caption_widens_a_small_board_s_picture() {
        let board = Board::new(3, 3).unwrap();
        let frame = |caption: &str| Frame {
            title: String::new(),
            caption: caption.to_string(),
            legend: Vec::new(),
            numbered: false,
        };
        let short = Layout::of(&board, &frame("no tour"));
        assert_eq!((short.width, short.caption_lines.len()), (MIN_WIDTH, 1));
        let long = Layout::of(&board, &frame(&"word ".repeat(60)));
        assert!(long.width > MIN_WIDTH);
        assert!(long.caption_lines.len() <= 4, "{:?}", long.caption_lines);
    }

    #[test]
    fn numbered_squares_are_never_smaller_than_their_minimum() {
        let board = Board::new(30, 30).unwrap();
        let frame = Frame {
            title: String::new(),
            caption: String::new(),
            legend: Vec::new(),
            numbered: true,
        };
        assert_eq!(Layout::of(&board, &frame).square, NUMBERED_SQUARE_PIXELS);
    }
}
