//! pzprv3 files of Simple Loop puzzles, as pzprjs saves them: the board and the lines drawn.
//!
//! An optional line `v:` (pzprjs's mark that the puzzle uses variant rules, with the variant's
//! name after it, often none), a line `pzprv3` (or `pzprv3.1`), a line `simpleloop`, the
//! number of rows, the number of columns, then a line a row: a cell a character, `*` shaded
//! (blocked) and `.` open, separated by spaces or not. Then the answer, the lines the solver
//! drew, as pzprjs writes the borders of the cells: first a line a row of the borders between
//! a cell and the one east of it (`COLS - 1` values: a value 1 is a line across that border,
//! from the cell to its east neighbour), then a line for each row but the last of the borders
//! between a cell and the one south of it (`COLS` values); 0 is no line and -1 a cross (the
//! solver's mark that no line passes), separated by spaces. A file that ends after the cells,
//! or goes on with pzprjs's editing history, has no answer; what follows the answer is ignored.
//! As in pzprjs, a `/` is a line end too (so `pzprv3/simpleloop/2/2/…` is a file).

use super::{Board, BoardError, Square};

/// The first word of a pzprv3 file (pzprjs also writes `pzprv3.1`).
pub(super) const HEADER: &str = "pzprv3";

/// What starts the line before the header of a puzzle with variant rules.
const VARIANT: &str = "v:";

/// The puzzle name of Simple Loop in pzprv3 files.
const PUZZLE: &str = "simpleloop";

/// What starts the lines pzprjs writes after the data: the editing history, the metadata, a
/// trial's data, an old file's URL (its `//` read as line ends, as every `/`). A file whose
/// cells are followed by one of them has no answer.
const TRAILERS: [&str; 6] = [
    "history:",
    "info:",
    "__HISTORY__",
    "TrialData",
    "http:",
    "https:",
];

/// The bit of [`DrawnLines`] for a line to a cell's east neighbour.
const EAST: u8 = 1;

/// The bit of [`DrawnLines`] for a line to a cell's south neighbour.
const SOUTH: u8 = 2;

/// The lines drawn on a board, each joining a cell to its east or south neighbour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnLines {
    cols: u32,
    /// For each square, the bits [`EAST`] and [`SOUTH`] of the lines leaving it that way.
    links: Vec<u8>,
}

impl DrawnLines {
    /// No line drawn on `board`.
    pub fn new(board: &Board) -> DrawnLines {
        DrawnLines {
            cols: board.cols(),
            links: vec![0; board.len()],
        }
    }

    /// Draws the line between `from` and `to`, orthogonal neighbours on the board; false (and
    /// nothing drawn) if they are not.
    pub fn join(&mut self, from: Square, to: Square) -> bool {
        let (first, second) = (from.min(to), from.max(to));
        let squares = self.links.len() as Square;
        let bit = if second == first + 1 && second % self.cols != 0 {
            EAST
        } else if second == first + self.cols {
            SOUTH
        } else {
            return false;
        };
        if second >= squares {
            return false;
        }
        self.links[first as usize] |= bit;
        true
    }

    /// Whether a line joins `square` to its east neighbour.
    pub fn east(&self, square: Square) -> bool {
        self.links[square as usize] & EAST != 0
    }

    /// Whether a line joins `square` to its south neighbour.
    pub fn south(&self, square: Square) -> bool {
        self.links[square as usize] & SOUTH != 0
    }

    /// The squares joined to `square` by a line: north, east, south and west in turn.
    pub fn neighbours(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        let cols = self.cols;
        let north = square.checked_sub(cols).filter(|&above| self.south(above));
        let east = self.east(square).then_some(square + 1);
        let south = self.south(square).then_some(square + cols);
        let west = (square % cols != 0)
            .then(|| square - 1)
            .filter(|&left| self.east(left));
        [north, east, south, west].into_iter().flatten()
    }

    /// The number of lines drawn.
    pub fn count(&self) -> usize {
        self.links
            .iter()
            .map(|links| links.count_ones() as usize)
            .sum()
    }
}

/// A pzprv3 file read: its board, and its answer's lines if it has an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pzprv3File {
    /// The board, the shaded cells blocked.
    pub board: Board,
    /// The lines of the answer, or `None` when the file has no answer section.
    pub drawn: Option<DrawnLines>,
}

/// Whether board text is a pzprv3 file: its first non-blank line starts `pzprv3`, or is the
/// `v:` line of a variant before it (alone, or followed by `/pzprv3` in a packed file).
pub fn holds_pzprv3(text: &str) -> bool {
    let first = text.lines().find(|line| !line.trim().is_empty());
    first.map(str::trim_start).is_some_and(|line| {
        line.starts_with(HEADER)
            || line.strip_prefix(VARIANT).is_some_and(|variant| {
                variant
                    .split_once('/')
                    .is_none_or(|(_, file)| file.starts_with(HEADER))
            })
    })
}

/// Reads the board of a Simple Loop pzprv3 file, at most `limit` squares; errors name the line.
pub(super) fn read(text: &str, limit: u64) -> Result<Board, BoardError> {
    read_file(text, limit).map(|file| file.board)
}

/// Reads a Simple Loop pzprv3 file, its board (at most `limit` squares) and its answer's lines;
/// errors name the line.
///
/// ```
/// use toursat::core::board::{pzprv3, MAX_SQUARES};
/// let file = pzprv3::read_file("pzprv3\nsimpleloop\n2\n2\n. . \n. . \n1 \n1 \n1 1 \n", MAX_SQUARES)
///     .unwrap();
/// assert_eq!(file.drawn.map(|lines| lines.count()), Some(4));
/// ```
pub fn read_file(text: &str, limit: u64) -> Result<Pzprv3File, BoardError> {
    // pzprjs reads a `/` as a line end in every file, so a file packed on one line reads too.
    let unpacked = text.replace('/', "\n");
    let mut lines = Lines::new(&unpacked);
    let (line, first) = lines.next("the line pzprv3")?;
    let header = if first.starts_with(VARIANT) {
        lines.next("the line pzprv3 after the variant's line v:")?
    } else {
        (line, first)
    };
    if !header.1.starts_with(HEADER) {
        return Err(lines.error(header.0, "the line pzprv3", header.1));
    }
    let (line, puzzle) = lines.next("the puzzle name simpleloop")?;
    if puzzle != PUZZLE {
        let expected = "the puzzle name simpleloop (toursat reads Simple Loop puzzles)";
        return Err(lines.error(line, expected, puzzle));
    }
    let rows = lines.number("rows")?;
    let cols = lines.number("columns")?;
    let mut board = Board::with_limit(rows, cols, limit)?;
    let expected =
        format!("a row of {cols} cells, '*' (shaded) or '.' (open), separated by spaces or not");
    for y in 0..board.rows() {
        let (line, row) = lines.next(&expected)?;
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != cols as usize || cells.iter().any(|&cell| cell != '*' && cell != '.') {
            return Err(lines.error(line, &expected, row));
        }
        for (x, _) in cells.iter().enumerate().filter(|(_, &cell)| cell == '*') {
            board.block(board.square(x as u32, y));
        }
    }
    let drawn = match lines.answer_follows() {
        true => Some(read_answer(&mut lines, &board)?),
        false => None,
    };
    Ok(Pzprv3File { board, drawn })
}

/// The pzprv3 file of `board` with the lines `drawn` as its answer, laid out as pzprjs saves
/// it: every value followed by a space, every line ended.
///
/// ```
/// use toursat::core::board::pzprv3::{self, DrawnLines};
/// let board: toursat::Board = "X..\n...\n".parse().unwrap();
/// let mut drawn = DrawnLines::new(&board);
/// drawn.join(1, 2);
/// assert_eq!(
///     pzprv3::write(&board, &drawn),
///     "pzprv3\nsimpleloop\n2\n3\n* . . \n. . . \n0 1 \n0 0 \n0 0 0 \n"
/// );
/// ```
pub fn write(board: &Board, drawn: &DrawnLines) -> String {
    let (rows, cols) = (board.rows(), board.cols());
    let mut text = format!("{HEADER}\n{PUZZLE}\n{rows}\n{cols}\n");
    text.reserve(board.len() * 6);
    let mut write_grid = |rows: u32, cols: u32, value: &dyn Fn(Square) -> &'static str| {
        for y in 0..rows {
            for x in 0..cols {
                text.push_str(value(board.square(x, y)));
                text.push(' ');
            }
            text.push('\n');
        }
    };
    write_grid(rows, cols, &|square| match board.is_free(square) {
        true => ".",
        false => "*",
    });
    let line = |drawn: bool| if drawn { "1" } else { "0" };
    write_grid(rows, cols - 1, &|square| line(drawn.east(square)));
    write_grid(rows - 1, cols, &|square| line(drawn.south(square)));
    text
}

/// Reads the answer's lines of `board`: the borders east of each cell, then south of each.
fn read_answer(lines: &mut Lines, board: &Board) -> Result<DrawnLines, BoardError> {
    let mut drawn = DrawnLines::new(board);
    let (rows, cols) = (board.rows(), board.cols());
    let across = format!(
        "a row of the answer's {} borders east of a cell: 1 a line, 0 none, -1 a cross",
        cols - 1
    );
    let down = format!(
        "a row of the answer's {cols} borders south of a cell: 1 a line, 0 none, -1 a cross"
    );
    let grids = [(rows, cols - 1, across, 1), (rows - 1, cols, down, cols)];
    for (grid_rows, width, expected, step) in grids {
        for y in 0..grid_rows {
            let (line, row) = lines.next_or_blank(&expected)?;
            let values: Vec<&str> = row.split_whitespace().collect();
            if values.len() != width as usize {
                return Err(lines.error(line, &expected, row));
            }
            for (x, value) in values.into_iter().enumerate() {
                match value {
                    "1" => {
                        let square = board.square(x as u32, y);
                        drawn.join(square, square + step);
                    }
                    "0" | "-1" => {}
                    _ => return Err(lines.error(line, &expected, row)),
                }
            }
        }
    }
    Ok(drawn)
}

/// The lines of a pzprv3 file, trimmed, and the reading position among them.
struct Lines<'a> {
    lines: Vec<&'a str>,
    /// The index of the next line to read.
    next: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, read from its first non-blank line.
    fn new(text: &'a str) -> Lines<'a> {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let next = lines
            .iter()
            .position(|line| !line.is_empty())
            .unwrap_or(lines.len());
        Lines { lines, next }
    }

    /// The next line, which must hold something: `expected` names it if it is missing or blank.
    fn next(&mut self, expected: &str) -> Result<(usize, &'a str), BoardError> {
        match self.next_or_blank(expected)? {
            (line, "") => Err(self.error(line, expected, "")),
            found => Ok(found),
        }
    }

    /// The next line, blank or not: `expected` names it if the file ends before it.
    fn next_or_blank(&mut self, expected: &str) -> Result<(usize, &'a str), BoardError> {
        let line = self
            .lines
            .get(self.next)
            .ok_or_else(|| BoardError::Pzprv3 {
                line: self.lines.len() + 1,
                expected: expected.to_string(),
                found: "the end of the file".to_string(),
            })?;
        self.next += 1;
        Ok((self.next, line))
    }

    /// The next line as a whole number of `what` (rows or columns).
    fn number(&mut self, what: &str) -> Result<u64, BoardError> {
        let expected = format!("the number of {what}, a whole number");
        let (line, text) = self.next(&expected)?;
        text.parse::<u64>()
            .map_err(|_| self.error(line, &expected, text))
    }

    /// Whether an answer follows: the lines left hold something other than blank lines, and
    /// do not start with one of pzprjs's [`TRAILERS`].
    fn answer_follows(&self) -> bool {
        self.lines[self.next..]
            .iter()
            .find(|line| !line.is_empty())
            .is_some_and(|line| !TRAILERS.iter().any(|trailer| line.starts_with(trailer)))
    }

    /// The error of line `line`: `expected` there, `found` instead.
    fn error(&self, line: usize, expected: &str, found: &str) -> BoardError {
        BoardError::Pzprv3 {
            line,
            expected: expected.to_string(),
            found: format!("{found:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::MAX_SQUARES;

    /// pzprjs's own Simple Loop test file with its correct answer: the board of `5/5/sg020`.
    const SOLVED: &str = "pzprv3\nsimpleloop\n5\n5\n* * * . . \n* . . . . \n. . . . . \n\
                          . . . * . \n. . . . . \n0 0 0 1 \n0 1 0 0 \n1 0 1 0 \n0 1 0 0 \n\
                          1 0 1 1 \n0 0 0 1 1 \n0 1 1 1 1 \n1 0 0 0 1 \n1 1 1 0 1 \n";

    /// The cells `drawn` joins to `square`, as `x,y`.
    fn joined(drawn: &DrawnLines, board: &Board, square: Square) -> Vec<(u32, u32)> {
        drawn
            .neighbours(square)
            .map(|other| board.coords(other))
            .collect()
    }

    #[test]
    fn reads_the_board_and_the_answer_of_a_saved_file() {
        let file = read_file(SOLVED, MAX_SQUARES).unwrap();
        let blocked: Vec<u32> = (0..25).filter(|&s| !file.board.is_free(s)).collect();
        assert_eq!(blocked, [0, 1, 2, 5, 18]);
        let drawn = file.drawn.unwrap();
        assert_eq!(drawn.count(), 20);
        // Cell 3,0 has lines east (the first line's last 1) and south (line 15's 1 at x = 3).
        assert_eq!(joined(&drawn, &file.board, 3), [(4, 0), (3, 1)]);
        // Cell 0,4 has lines north (line 18's first 1) and east (line 14's first 1).
        assert_eq!(joined(&drawn, &file.board, 20), [(0, 3), (1, 4)]);
    }

    #[test]
    fn writes_what_it_reads_as_pzprjs_lays_it_out() {
        let file = read_file(SOLVED, MAX_SQUARES).unwrap();
        assert_eq!(write(&file.board, file.drawn.as_ref().unwrap()), SOLVED);
    }

    #[test]
    fn a_file_without_an_answer_has_no_lines() {
        let cells = "pzprv3\nsimpleloop\n2\n3\n* . .\n. . .\n";
        for text in [
            cells.to_string(),
            format!("{cells}\n\n"),
            format!("{cells}history:{{\n \"type\": \"pzpr\"\n}}\n"),
            format!("{cells}http://indi.s58.xrea.com/pzpr/v3/p.html?simpleloop/3/2/o0\n"),
        ] {
            let file = read_file(&text, MAX_SQUARES).unwrap();
            assert_eq!(file.drawn, None, "{text}");
        }
    }

    #[test]
    fn reads_crosses_as_no_line_and_ignores_what_follows_the_answer() {
        let text = "pzprv3\nsimpleloop\n1\n3\n. . .\n1 -1 \nhistory:{}\n";
        let file = read_file(text, MAX_SQUARES).unwrap();
        let drawn = file.drawn.unwrap();
        assert_eq!(
            (drawn.count(), drawn.east(0), drawn.east(1)),
            (1, true, false)
        );
    }

    #[test]
    fn a_single_column_has_blank_lines_for_its_east_borders() {
        let board: Board = ".\n.\n".parse().unwrap();
        let mut drawn = DrawnLines::new(&board);
        assert!(drawn.join(0, 1));
        let text = write(&board, &drawn);
        assert_eq!(text, "pzprv3\nsimpleloop\n2\n1\n. \n. \n\n\n1 \n");
        assert_eq!(read_file(&text, MAX_SQUARES).unwrap().drawn, Some(drawn));
    }

    #[test]
    fn joins_only_orthogonal_neighbours() {
        let board = Board::new(3, 3).unwrap();
        let mut drawn = DrawnLines::new(&board);
        assert!(!drawn.join(2, 3), "2 and 3 are the ends of two rows");
        assert!(!drawn.join(0, 4));
        assert!(!drawn.join(8, 11));
        assert!(drawn.join(5, 4) && drawn.join(1, 4));
        assert_eq!(joined(&drawn, &board, 4), [(1, 0), (2, 1)]);
        assert_eq!(drawn.count(), 2);
    }

    #[test]
    fn reads_the_variant_line_before_the_header() {
        let text = "v:\npzprv3\nsimpleloop\n1\n2\n* .\n0 \n";
        assert!(holds_pzprv3(text));
        let file = read_file(text, MAX_SQUARES).unwrap();
        assert_eq!(file.board, "X.\n".parse().unwrap());
        let named = read_file("v:rule\npzprv3.1\nsimpleloop\n1\n1\n.\n\n", MAX_SQUARES);
        assert_eq!(named.unwrap().board.free_count(), 1);
        let error = read_file("v:\nsimpleloop\n1\n1\n", MAX_SQUARES).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("line 2: expected the line pzprv3"),
            "{error}"
        );
    }

    #[test]
    fn reads_a_file_packed_on_one_line_as_pzprjs_does() {
        let packed = SOLVED.replace('\n', "/");
        assert!(holds_pzprv3(&packed) && holds_pzprv3(&format!("v:/{packed}")));
        assert_eq!(
            read_file(&packed, MAX_SQUARES),
            read_file(SOLVED, MAX_SQUARES)
        );
        let variant = read_file(&format!("v:/{packed}"), MAX_SQUARES);
        assert_eq!(variant, read_file(SOLVED, MAX_SQUARES));
        assert!(!holds_pzprv3("v:/simpleloop/5/5/sg020"));
    }

    #[test]
    fn names_the_line_of_a_bad_answer() {
        let cells = "pzprv3\nsimpleloop\n2\n2\n. .\n. .\n";
        for (answer, line) in [
            ("1 1\n1\n1 1\n", 7),
            ("1\n1\n1 2\n", 9),
            ("1\n1\n", 9),
            ("x\n1\n1 1\n", 7),
        ] {
            let error = read_file(&format!("{cells}{answer}"), MAX_SQUARES).unwrap_err();
            assert!(
                matches!(error, BoardError::Pzprv3 { line: found, .. } if found == line),
                "{answer:?}: {error}"
            );
        }
    }

    #[test]
    fn reads_rows_written_without_spaces_and_crlf() {
        let board = read(
            "pzprv3.1\r\nsimpleloop\r\n2\r\n3\r\n*..\r\n..*\r\n",
            MAX_SQUARES,
        );
        assert_eq!(board, "X..\n..X\n".parse());
    }

    #[test]
    fn names_the_line_of_a_bad_row() {
        let error = read("pzprv3\nsimpleloop\n2\n3\n* . .\n* o .\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(error, BoardError::Pzprv3 { line: 6, .. }),
            "{error}"
        );
        assert!(error
            .to_string()
            .starts_with("line 6: expected a row of 3 cells"));
    }

    #[test]
    fn names_the_line_of_a_bad_header() {
        let other = read("pzprv3\nslither\n2\n3\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(other, BoardError::Pzprv3 { line: 2, .. }),
            "{other}"
        );
        let rows = read("pzprv3\nsimpleloop\nfive\n3\n", MAX_SQUARES).unwrap_err();
        assert!(matches!(rows, BoardError::Pzprv3 { line: 3, .. }), "{rows}");
        let short = read("pzprv3\nsimpleloop\n2\n3\n* . .\n", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(short, BoardError::Pzprv3 { line: 6, .. }),
            "{short}"
        );
    }

    #[test]
    fn refuses_a_size_over_the_limit_before_reading_rows() {
        let error = read("pzprv3\nsimpleloop\n1000\n1000\n", 999_999).unwrap_err();
        assert!(matches!(error, BoardError::TooLarge { .. }), "{error}");
    }
}
