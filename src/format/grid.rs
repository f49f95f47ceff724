//! The grid format: the board with the tour drawn in lines, or each square's visit number.

use super::{Format, FormatError};
use crate::core::board::Square;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use std::io::Write;

/// The board, one line a row (or two, for pieces that step diagonally).
///
/// Tours of pieces that step to a neighbouring square (rook, king) are drawn with box-drawing
/// characters: each square is a character joined by lines to the squares before and after it in
/// the tour, blocked squares are `█`, free squares off the tour `·`, and an open tour starts on
/// `●` and ends on `○`. Rook tours take one line a row and two characters a column; tours with
/// diagonal steps take two of each, the second for the lines between squares (`─ │ ╲ ╱ ╳`), with
/// `•` on squares a diagonal line reaches.
///
/// Other tours write each free square's 1-based visit number, blocked squares `X`, unvisited free
/// squares `.`, all right-aligned to one width and separated by spaces.
///
/// With `colour`, ANSI escapes colour the start square green, an open tour's end red and blocked
/// squares grey.
#[derive(Debug, Clone, Copy, Default)]
pub struct Grid {
    /// Whether to colour the start, the end and blocked squares with ANSI escapes.
    pub colour: bool,
}

impl Format for Grid {
    fn write_tour(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let steps_to_neighbours = problem
            .piece
            .steps()
            .iter()
            .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1);
        match links(problem, tour).filter(|_| steps_to_neighbours) {
            Some(links) => self.write_lines(problem, tour, &links, out),
            None => self.write_numbers(problem, tour, out),
        }
    }
}

/// How a character is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Paint {
    /// No colour.
    Plain,
    /// The start square.
    Start,
    /// The end of an open tour.
    End,
    /// A blocked square.
    Blocked,
}

impl Paint {
    /// The ANSI escape that starts this colour.
    fn escape(self) -> &'static str {
        match self {
            Paint::Plain => "\x1b[0m",
            Paint::Start => "\x1b[1;32m",
            Paint::End => "\x1b[1;31m",
            Paint::Blocked => "\x1b[90m",
        }
    }
}

/// One line of output, with colour changes written only where the paint changes.
struct Line {
    text: String,
    colour: bool,
    paint: Paint,
}

impl Line {
    /// An empty line.
    fn new(colour: bool) -> Line {
        Line {
            text: String::new(),
            colour,
            paint: Paint::Plain,
        }
    }

    /// Appends `text` in `paint`.
    fn push(&mut self, text: &str, paint: Paint) {
        if self.colour && paint != self.paint {
            self.text.push_str(paint.escape());
            self.paint = paint;
        }
        self.text.push_str(text);
    }

    /// Writes the line, back to no colour, and a newline; then empties it.
    fn write(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        self.push("", Paint::Plain);
        writeln!(out, "{}", self.text)?;
        self.text.clear();
        Ok(())
    }
}

/// The bit of a link from a square to its neighbour `(dx, dy)` away: N, E, S, W, NE, SE, SW, NW
/// are bits 0 to 7.
pub(super) fn link_bit(dx: i64, dy: i64) -> u8 {
    match (dx, dy) {
        (0, -1) => 1,
        (1, 0) => 2,
        (0, 1) => 4,
        (-1, 0) => 8,
        (1, -1) => 16,
        (1, 1) => 32,
        (-1, 1) => 64,
        _ => 128,
    }
}

/// The links of orthogonal steps.
pub(super) const ORTHOGONAL: u8 = 0b1111;
/// The link south-east, `(1, 1)`.
const SOUTH_EAST: u8 = 32;
/// The link south-west, `(-1, 1)`.
const SOUTH_WEST: u8 = 64;

/// Each square's links to its neighbours in the tour (bits of [`link_bit`]), or `None` when a
/// step of the tour does not go to a neighbouring square or a square is off the board.
fn links(problem: &Problem, tour: &Tour) -> Option<Vec<u8>> {
    let board = &problem.board;
    let squares = tour.squares();
    if squares.iter().any(|&square| !board.contains(square)) {
        return None;
    }
    let closing = match (problem.shape, squares) {
        (TourShape::Closed, [first, _, .., last]) => Some((*last, *first)),
        _ => None,
    };
    let mut links = vec![0u8; board.len()];
    let steps = squares.windows(2).map(|pair| (pair[0], pair[1]));
    for (from, to) in steps.chain(closing) {
        let (x0, y0) = board.coords(from);
        let (x1, y1) = board.coords(to);
        let (dx, dy) = (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64);
        if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
            return None;
        }
        links[from as usize] |= link_bit(dx, dy);
        links[to as usize] |= link_bit(-dx, -dy);
    }
    Some(links)
}

/// The box-drawing character for orthogonal links N (1), E (2), S (4), W (8).
pub(super) const BOXES: [char; 16] = [
    '·', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
];

impl Grid {
    /// Writes the tour as lines joining squares.
    fn write_lines(
        &self,
        problem: &Problem,
        tour: &Tour,
        links: &[u8],
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let board = &problem.board;
        let diagonal = links.iter().any(|&link| link & !ORTHOGONAL != 0);
        let ends = match (problem.shape, tour.squares()) {
            (TourShape::Open, [first, .., last]) => Some((*first, *last)),
            (TourShape::Open, [only]) => Some((*only, *only)),
            _ => None,
        };
        let start = tour.squares().first().copied();
        let cell = |square: Square| -> (char, Paint) {
            let paint = if Some(square) == start {
                Paint::Start
            } else if ends.is_some_and(|(_, end)| end == square) {
                Paint::End
            } else {
                Paint::Plain
            };
            let link = links[square as usize];
            let symbol = match ends {
                _ if !board.is_free(square) => return ('█', Paint::Blocked),
                Some((first, _)) if first == square => '●',
                Some((_, last)) if last == square => '○',
                _ if link & !ORTHOGONAL != 0 => '•',
                _ => BOXES[(link & ORTHOGONAL) as usize],
            };
            (symbol, paint)
        };
        let blocked = |x: u32, y: u32| !board.is_free(board.square(x, y));
        let mut line = Line::new(self.colour);
        let mut buffer = [0u8; 4];
        for y in 0..board.rows() {
            for x in 0..board.cols() {
                let square = board.square(x, y);
                let (symbol, paint) = cell(square);
                line.push(symbol.encode_utf8(&mut buffer), paint);
                if x + 1 < board.cols() {
                    let joined = links[square as usize] & 2 != 0;
                    let (symbol, paint) = gap(joined, "─", || blocked(x, y) && blocked(x + 1, y));
                    line.push(symbol, paint);
                }
            }
            line.write(out)?;
            if !diagonal || y + 1 == board.rows() {
                continue;
            }
            for x in 0..board.cols() {
                let square = board.square(x, y);
                let below = || blocked(x, y + 1) && blocked(x, y);
                let (symbol, paint) = gap(links[square as usize] & 4 != 0, "│", below);
                line.push(symbol, paint);
                if x + 1 < board.cols() {
                    let falling = links[square as usize] & SOUTH_EAST != 0;
                    let rising = links[board.square(x + 1, y) as usize] & SOUTH_WEST != 0;
                    let (symbol, paint) = match (falling, rising) {
                        (true, true) => ("╳", Paint::Plain),
                        (true, false) => ("╲", Paint::Plain),
                        (false, true) => ("╱", Paint::Plain),
                        (false, false) => gap(false, " ", || {
                            below() && blocked(x + 1, y) && blocked(x + 1, y + 1)
                        }),
                    };
                    line.push(symbol, paint);
                }
            }
            line.write(out)?;
        }
        Ok(())
    }

    /// Writes each square's visit number.
    fn write_numbers(
        &self,
        problem: &Problem,
        tour: &Tour,
        out: &mut dyn Write,
    ) -> Result<(), FormatError> {
        let board = &problem.board;
        let mut visit = vec![0u32; board.len()];
        for (index, &square) in tour.squares().iter().enumerate() {
            if let Some(slot) = visit.get_mut(square as usize) {
                *slot = index as u32 + 1;
            }
        }
        let last = tour.len() as u32;
        let open = problem.shape == TourShape::Open;
        let width = tour.len().max(1).to_string().len();
        let mut line = Line::new(self.colour);
        for y in 0..board.rows() {
            for x in 0..board.cols() {
                let square = board.square(x, y);
                if x > 0 {
                    line.push(" ", Paint::Plain);
                }
                let (cell, paint) = match visit[square as usize] {
                    _ if !board.is_free(square) => ("X".to_string(), Paint::Blocked),
                    0 => (".".to_string(), Paint::Plain),
                    1 => ("1".to_string(), Paint::Start),
                    number if open && number == last => (number.to_string(), Paint::End),
                    number => (number.to_string(), Paint::Plain),
                };
                line.push(&format!("{cell:>width$}"), paint);
            }
            line.write(out)?;
        }
        Ok(())
    }
}

/// The text between two neighbouring squares: `link` if they are joined, `█` if the squares
/// around it are all blocked, a space otherwise.
fn gap(
    joined: bool,
    link: &'static str,
    all_blocked: impl FnOnce() -> bool,
) -> (&'static str, Paint) {
    if joined {
        (link, Paint::Plain)
    } else if all_blocked() {
        ("█", Paint::Blocked)
    } else {
        (" ", Paint::Plain)
    }
}
