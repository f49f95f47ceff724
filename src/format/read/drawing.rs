//! Reading the grid format's line drawing (rook and king tours) back as a tour.
//!
//! The drawing has one line a row, or two when it has diagonal lines (the second holds the lines
//! down to the next row: `│` and `╲ ╱ ╳`); a square is every second character. The lines between
//! squares are taken from what is drawn between them (`─`, and the second line of a row), and,
//! in a drawing of one line a row, the lines north and south from each square's box character.
//! Every square's mark must then agree with the lines that meet it, no square may have more than
//! two, and the lines must make one path from `●` to `○` (an open tour) or one cycle (a closed
//! tour, which has no start or direction: it is walked from `--start` or from its first square
//! in row-major order).

use super::{lines_in_words, ReadError};
use crate::core::board::{Board, Square};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::coordinates;
use crate::core::tour::Tour;
use crate::format::grid::{link_bit, BOXES, ORTHOGONAL};

/// The step of each link bit, bit 0 first (see [`link_bit`]), and its name.
const DIRECTIONS: [(i64, i64, &str); 8] = [
    (0, -1, "north"),
    (1, 0, "east"),
    (0, 1, "south"),
    (-1, 0, "west"),
    (1, -1, "north-east"),
    (1, 1, "south-east"),
    (-1, 1, "south-west"),
    (-1, -1, "north-west"),
];

/// What the drawing shows on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// `█`.
    Blocked,
    /// A box character, `·` for none: the orthogonal lines it shows.
    Lines(u8),
    /// `•`: a square a diagonal line reaches.
    Diagonal,
    /// `●`: an open tour's start.
    Start,
    /// `○`: an open tour's end.
    End,
}

/// A drawing read: each square's mark and its links (bits of [`link_bit`]).
struct Drawing<'a> {
    board: &'a Board,
    marks: Vec<Mark>,
    links: Vec<u8>,
    /// Text lines a board row: 1, or 2 for a drawing with diagonal lines.
    lines_a_row: usize,
}

/// Reads the tour drawn in `text` (without colour codes).
pub(super) fn read_drawing(problem: &Problem, text: &str) -> Result<Tour, ReadError> {
    let drawing = Drawing::parse(&problem.board, text)?;
    drawing.check_marks()?;
    drawing.tour(problem)
}

impl Drawing<'_> {
    /// Reads the marks and the lines of `text`.
    fn parse<'a>(board: &'a Board, text: &str) -> Result<Drawing<'a>, ReadError> {
        let mut rows: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
        while rows
            .last()
            .is_some_and(|row| row.iter().all(|c| c.is_whitespace()))
        {
            rows.pop();
        }
        let board_rows = board.rows() as usize;
        let lines_a_row = match rows.len() {
            count if count == board_rows => 1,
            count if count == 2 * board_rows - 1 => 2,
            count => {
                return Err(ReadError::Layout {
                    line: None,
                    expected: format!(
                        "{board_rows} lines, one a row of the board ({} with diagonal lines)",
                        2 * board_rows - 1
                    ),
                    found: lines_in_words(count),
                })
            }
        };
        let width = 2 * board.cols() as usize - 1;
        for (index, row) in rows.iter().enumerate() {
            check_width(row, width, index)?;
        }
        let mut drawing = Drawing {
            board,
            marks: vec![Mark::Lines(0); board.len()],
            links: vec![0; board.len()],
            lines_a_row,
        };
        let at = |row: &[char], column: usize| row.get(column).copied().unwrap_or(' ');
        for y in 0..board.rows() {
            let line = y as usize * lines_a_row;
            let row = &rows[line];
            for x in 0..board.cols() {
                let square = board.square(x, y);
                let column = 2 * x as usize;
                drawing.marks[square as usize] = read_mark(at(row, column), line, column)?;
                if x + 1 < board.cols() {
                    match at(row, column + 1) {
                        '─' => drawing.link(square, 1, 0),
                        ' ' | '█' => {}
                        found => return Err(unexpected(line, column + 1, "─ or a space", found)),
                    }
                }
            }
            if lines_a_row == 2 && y + 1 < board.rows() {
                drawing.read_lines_down(&rows[line + 1], line + 1, y)?;
            }
        }
        if lines_a_row == 1 {
            drawing.link_vertical_boxes();
        }
        Ok(drawing)
    }

    /// Reads the lines from row `y` down to the next, drawn on text line `line` (0-based).
    fn read_lines_down(&mut self, row: &[char], line: usize, y: u32) -> Result<(), ReadError> {
        let at = |column: usize| row.get(column).copied().unwrap_or(' ');
        for x in 0..self.board.cols() {
            let square = self.board.square(x, y);
            let column = 2 * x as usize;
            match at(column) {
                '│' => self.link(square, 0, 1),
                ' ' | '█' => {}
                found => return Err(unexpected(line, column, "│ or a space", found)),
            }
            if x + 1 < self.board.cols() {
                let east = self.board.square(x + 1, y);
                match at(column + 1) {
                    '╲' => self.link(square, 1, 1),
                    '╱' => self.link(east, -1, 1),
                    '╳' => {
                        self.link(square, 1, 1);
                        self.link(east, -1, 1);
                    }
                    ' ' | '█' => {}
                    found => return Err(unexpected(line, column + 1, "╲, ╱, ╳ or a space", found)),
                }
            }
        }
        Ok(())
    }

    /// In a drawing of one line a row, the lines north and south are drawn only by the box
    /// characters: links them.
    fn link_vertical_boxes(&mut self) {
        for square in 0..self.board.len() as Square {
            if let Mark::Lines(lines) = self.marks[square as usize] {
                let (_, y) = self.board.coords(square);
                if lines & link_bit(0, 1) != 0 && y + 1 < self.board.rows() {
                    self.link(square, 0, 1);
                }
                if lines & link_bit(0, -1) != 0 && y > 0 {
                    self.link(square, 0, -1);
                }
            }
        }
        // A line between `●` and `○` one above the other is not drawn: it is the whole tour.
        let ends: Vec<Square> = (0..self.board.len() as Square)
            .filter(|&square| matches!(self.marks[square as usize], Mark::Start | Mark::End))
            .collect();
        if let [first, second] = ends[..] {
            let (x0, y0) = self.board.coords(first);
            let (x1, y1) = self.board.coords(second);
            let unlinked = self.links[first as usize] == 0 && self.links[second as usize] == 0;
            if unlinked && x0 == x1 && y0 + 1 == y1 {
                self.link(first, 0, 1);
            }
        }
    }

    /// Links `square` and its neighbour `(dx, dy)` away, which is on the board.
    fn link(&mut self, square: Square, dx: i64, dy: i64) {
        let (x, y) = self.board.coords(square);
        let neighbour = self
            .board
            .checked_square(x as i64 + dx, y as i64 + dy)
            .expect("the drawing links squares of the board");
        self.links[square as usize] |= link_bit(dx, dy);
        self.links[neighbour as usize] |= link_bit(-dx, -dy);
    }

    /// The squares linked to `square`.
    fn neighbours(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        let (x, y) = self.board.coords(square);
        let links = self.links[square as usize];
        DIRECTIONS
            .iter()
            .enumerate()
            .filter(move |&(bit, _)| links & (1 << bit) != 0)
            .filter_map(move |(_, &(dx, dy, _))| {
                self.board.checked_square(x as i64 + dx, y as i64 + dy)
            })
    }

    /// The 1-based line and column of `square`'s mark.
    fn position(&self, square: Square) -> (usize, usize) {
        let (x, y) = self.board.coords(square);
        (y as usize * self.lines_a_row + 1, 2 * x as usize + 1)
    }

    /// A drawing error at `square`'s mark.
    fn error_at(&self, square: Square, problem: String) -> ReadError {
        ReadError::BadDrawing {
            at: Some(self.position(square)),
            problem,
        }
    }

    /// Checks that each mark agrees with the board and with the lines that meet it, and that no
    /// square has more than two lines.
    fn check_marks(&self) -> Result<(), ReadError> {
        for square in 0..self.board.len() as Square {
            let links = self.links[square as usize];
            let mark = self.marks[square as usize];
            let here = coordinates(self.board, square);
            let problem = match mark {
                Mark::Blocked if self.board.is_free(square) => Some(format!(
                    "█ marks a blocked square, but {here} is free on the board"
                )),
                Mark::Blocked if links != 0 => {
                    Some(format!("a line reaches the blocked square {here}"))
                }
                Mark::Blocked => None,
                _ if !self.board.is_free(square) => Some(format!(
                    "{here} is blocked on the board, but the drawing shows it free"
                )),
                _ if links.count_ones() > 2 => Some(format!(
                    "square {here} has {} lines ({}): a tour enters and leaves a square once",
                    links.count_ones(),
                    directions(links)
                )),
                Mark::Lines(shown) => self.check_box(square, shown),
                Mark::Diagonal if links & !ORTHOGONAL == 0 => Some(format!(
                    "• marks a square a diagonal line reaches, but none reaches {here}"
                )),
                Mark::Diagonal | Mark::Start | Mark::End => None,
            };
            if let Some(problem) = problem {
                return Err(self.error_at(square, problem));
            }
        }
        Ok(())
    }

    /// What is wrong with the box character showing `shown` on `square`, if anything.
    fn check_box(&self, square: Square, shown: u8) -> Option<String> {
        let symbol = BOXES[shown as usize];
        let (x, y) = self.board.coords(square);
        let off_board = DIRECTIONS.iter().enumerate().find(|&(bit, &(dx, dy, _))| {
            shown & (1 << bit) != 0
                && self
                    .board
                    .checked_square(x as i64 + dx, y as i64 + dy)
                    .is_none()
        });
        if let Some((_, (_, _, name))) = off_board {
            return Some(format!(
                "{symbol} has a line leading off the board to the {name}"
            ));
        }
        let links = self.links[square as usize];
        (links != shown).then(|| {
            format!(
                "{symbol} shows lines {}, but the lines that meet it come from {}",
                directions(shown),
                directions(links)
            )
        })
    }

    /// The tour the lines make.
    fn tour(&self, problem: &Problem) -> Result<Tour, ReadError> {
        let marked = |wanted: Mark| {
            (0..self.board.len() as Square)
                .filter(move |&square| self.marks[square as usize] == wanted)
        };
        let starts: Vec<Square> = marked(Mark::Start).collect();
        let ends: Vec<Square> = marked(Mark::End).collect();
        let squares = match (&starts[..], &ends[..]) {
            ([], []) => self.cycle(problem)?,
            ([start], [end]) => self.path(problem, *start, *end)?,
            ([start], []) if self.links[*start as usize] == 0 => vec![*start],
            ([start], []) => {
                return Err(self.error_at(*start, "the drawing marks a start ● but no end ○".into()))
            }
            ([], [end, ..]) => {
                return Err(self.error_at(*end, "the drawing marks an end ○ but no start ●".into()))
            }
            ([_, second, ..], _) => {
                return Err(self.error_at(*second, "a second start ●: a tour has one".into()))
            }
            (_, [_, second, ..]) => {
                return Err(self.error_at(*second, "a second end ○: an open tour has one".into()))
            }
        };
        let mut on_tour = vec![false; self.board.len()];
        for &square in &squares {
            on_tour[square as usize] = true;
        }
        let stray = (0..self.board.len() as Square)
            .find(|&square| self.links[square as usize] != 0 && !on_tour[square as usize]);
        if let Some(stray) = stray {
            return Err(self.error_at(
                stray,
                format!(
                    "the lines at {} are not joined to the rest of the tour",
                    coordinates(self.board, stray)
                ),
            ));
        }
        Ok(Tour::new(squares))
    }

    /// The squares of an open tour's path from `start` to `end`.
    fn path(
        &self,
        problem: &Problem,
        start: Square,
        end: Square,
    ) -> Result<Vec<Square>, ReadError> {
        if problem.shape == TourShape::Closed {
            return Err(self.error_at(
                start,
                "the drawing marks an open tour's start ● and end ○, but the tour must be closed"
                    .into(),
            ));
        }
        if self.links[start as usize].count_ones() > 1 {
            return Err(self.error_at(
                start,
                "the start ● has two lines: an open tour leaves its start by one".into(),
            ));
        }
        let (squares, _) = self.follow(start);
        let last = *squares.last().expect("a walk holds its start");
        if last != end {
            return Err(self.error_at(
                last,
                format!(
                    "the line from the start ● stops at {}, not at the end ○",
                    coordinates(self.board, last)
                ),
            ));
        }
        Ok(squares)
    }

    /// The squares of a closed tour's cycle, from `problem.start` if it is on it.
    fn cycle(&self, problem: &Problem) -> Result<Vec<Square>, ReadError> {
        if problem.shape == TourShape::Open {
            return Err(ReadError::BadDrawing {
                at: None,
                problem: "the drawing marks no start ● and end ○: it is of a closed tour, but \
                          the tour must be open"
                    .into(),
            });
        }
        let linked = |square: &Square| self.links[*square as usize] != 0;
        let Some(start) = problem
            .start
            .filter(linked)
            .or_else(|| (0..self.board.len() as Square).find(linked))
        else {
            return Ok(Vec::new());
        };
        let (squares, closed) = self.follow(start);
        if !closed && squares.len() != 2 {
            let last = *squares.last().expect("a walk holds its start");
            return Err(self.error_at(
                last,
                format!(
                    "the line stops at {}: a closed tour's lines go round in one cycle",
                    coordinates(self.board, last)
                ),
            ));
        }
        Ok(squares)
    }

    /// The squares met walking along the lines from `start` (each square has at most two), and
    /// whether the walk came back to `start`.
    fn follow(&self, start: Square) -> (Vec<Square>, bool) {
        let mut squares = vec![start];
        let mut previous = None;
        let mut current = start;
        loop {
            let next = self
                .neighbours(current)
                .find(|&neighbour| Some(neighbour) != previous);
            match next {
                None => return (squares, false),
                Some(next) if next == start => return (squares, true),
                Some(next) => {
                    previous = Some(current);
                    current = next;
                    squares.push(next);
                }
            }
        }
    }
}

/// The mark `symbol` at 0-based `line` and `column`.
fn read_mark(symbol: char, line: usize, column: usize) -> Result<Mark, ReadError> {
    match symbol {
        '█' => Ok(Mark::Blocked),
        '●' => Ok(Mark::Start),
        '○' => Ok(Mark::End),
        '•' => Ok(Mark::Diagonal),
        _ => match BOXES.iter().position(|&shown| shown == symbol) {
            Some(lines) => Ok(Mark::Lines(lines as u8)),
            None => Err(unexpected(
                line,
                column,
                "a square's mark: a box-drawing line, ·, █, ●, ○ or •",
                symbol,
            )),
        },
    }
}

/// Checks that nothing but spaces follows the last square of text line `line` (0-based).
fn check_width(row: &[char], width: usize, line: usize) -> Result<(), ReadError> {
    let extra = row
        .iter()
        .enumerate()
        .skip(width)
        .find(|(_, c)| !c.is_whitespace());
    match extra {
        None => Ok(()),
        Some((column, '─' | '│' | '╲' | '╱' | '╳')) => Err(ReadError::BadDrawing {
            at: Some((line + 1, column + 1)),
            problem: "a line leads off the board to the east".into(),
        }),
        Some((column, &found)) => Err(ReadError::Layout {
            line: Some(line + 1),
            expected: format!("a row of at most {width} characters, as wide as the board"),
            found: format!("{found:?} at column {}", column + 1),
        }),
    }
}

/// An unexpected character at 0-based `line` and `column`.
fn unexpected(line: usize, column: usize, expected: &'static str, found: char) -> ReadError {
    ReadError::Unexpected {
        line: line + 1,
        column: column + 1,
        expected,
        found,
    }
}

/// The directions of the links in `links`, in words.
fn directions(links: u8) -> String {
    let names: Vec<&str> = DIRECTIONS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| links & (1 << bit) != 0)
        .map(|(_, &(_, _, name))| name)
        .collect();
    match names.len() {
        0 => "nowhere".to_string(),
        _ => names.join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;

    fn problem(board: &str, piece: Piece, shape: TourShape) -> Problem {
        Problem::new(board.parse().unwrap(), piece, shape)
    }

    #[test]
    fn directions_follow_the_link_bits() {
        for (bit, &(dx, dy, _)) in DIRECTIONS.iter().enumerate() {
            assert_eq!(link_bit(dx, dy), 1 << bit);
        }
    }

    #[test]
    fn reads_a_rook_circuit_from_its_first_square() {
        let rook = problem("...\n...\n", Piece::Rook, TourShape::Closed);
        let tour = read_drawing(&rook, "┌───┐\n└───┘\n").unwrap();
        assert_eq!(tour.squares(), [0, 1, 2, 5, 4, 3]);
    }

    #[test]
    fn reads_a_rook_circuit_from_the_given_start() {
        let rook = problem("...\n...\n", Piece::Rook, TourShape::Closed).with_start(4);
        let tour = read_drawing(&rook, "┌───┐\n└───┘\n").unwrap();
        assert_eq!(tour.squares()[0], 4);
        assert_eq!(tour.len(), 6);
    }

    #[test]
    fn reads_an_open_tour_from_its_start_to_its_end() {
        let rook = problem("....\n....\n..XX\n", Piece::Rook, TourShape::Open);
        let tour = read_drawing(&rook, "●─────┐\n┌─────┘\n└─○ ███\n").unwrap();
        assert_eq!(tour.squares(), [0, 1, 2, 3, 7, 6, 5, 4, 8, 9]);
    }

    #[test]
    fn reads_two_ends_one_above_the_other() {
        let rook = problem(".\n.\n", Piece::Rook, TourShape::Open);
        assert_eq!(read_drawing(&rook, "○\n●\n").unwrap().squares(), [1, 0]);
    }

    #[test]
    fn reads_diagonal_lines() {
        let king = problem("..\n..\n", Piece::King, TourShape::Closed);
        let tour = read_drawing(&king, "•─•\n ╳\n•─•\n").unwrap();
        assert_eq!(tour.squares(), [0, 1, 2, 3]);
    }

    #[test]
    fn refuses_a_square_with_three_lines() {
        let rook = problem("...\n...\n", Piece::Rook, TourShape::Closed);
        let error = read_drawing(&rook, "┌─┬─┐\n└───┘\n").unwrap_err();
        assert_eq!(
            error,
            ReadError::BadDrawing {
                at: Some((1, 3)),
                problem: "square 1,0 has 3 lines (east, south, west): a tour enters and leaves \
                          a square once"
                    .into()
            }
        );
        assert!(!error.is_syntax_error());
    }

    #[test]
    fn refuses_a_line_off_the_board() {
        let rook = problem("...\n...\n", Piece::Rook, TourShape::Closed);
        let error = read_drawing(&rook, "┌───┼\n└───┘\n").unwrap_err();
        assert!(error.to_string().contains("off the board"), "{error}");
    }

    #[test]
    fn refuses_a_missing_segment() {
        let rook = problem("...\n...\n", Piece::Rook, TourShape::Closed);
        let error = read_drawing(&rook, "┌── ┐\n└───┘\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 3: ─ shows lines east, west, but the lines that meet it come from west"
        );
    }

    #[test]
    fn refuses_two_cycles() {
        let rook = problem("....\n....\n", Piece::Rook, TourShape::Closed);
        let error = read_drawing(&rook, "┌─┐ ┌─┐\n└─┘ └─┘\n").unwrap_err();
        assert!(error.to_string().contains("not joined"), "{error}");
    }
}
