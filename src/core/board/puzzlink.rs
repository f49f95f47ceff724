//! puzz.link (pzprjs) URLs of Simple Loop puzzles: `…?simpleloop/COLS/ROWS/BODY`.
//!
//! BODY lists the cells row by row, five cells a character: the character is a base-32 digit
//! (`0-9`, `a-v`) whose bits 16, 8, 4, 2 and 1 are the five cells, 1 for a shaded (blocked)
//! cell; the last character is written even when fewer cells are left. An empty body is a grid
//! with no shaded cell (pzprjs writes it so); what follows a complete body is ignored, as
//! pzprjs ignores it. As pzprjs reads them, a `v:` segment may stand before the size
//! (`simpleloop/v:/COLS/ROWS/BODY`: the setter's mark that the puzzle uses variant rules, which
//! pzprjs keeps as a flag and checks Simple Loop's rules all the same), and body letters may be
//! upper case (pzprjs decodes each with JavaScript's `parseInt(letter, 32)`, blind to case).
//! A query `pzprv3/…` (or `v:/pzprv3/…`) is a whole pzprv3 file packed into the URL,
//! percent-encoded with a `/` for each line end, which pzprjs writes and reads too.

use super::{pzprv3, Board, BoardError};

/// The puzzle name of Simple Loop in pzprjs URLs.
const PUZZLE: &str = "simpleloop";

/// The address puzz.link opens puzzles at.
const PUZZLINK: &str = "https://puzz.link/p?";

/// What starts pzprjs's segment marking a puzzle of variant rules: `v:` and the variant's
/// name, often none (`simpleloop/v:/11/11/…`).
const VARIANT: &str = "v:";

/// The cells a body character holds.
const CELLS_PER_DIGIT: u64 = 5;

/// Whether a board argument names a puzz.link URL rather than a file: it has a scheme (`://`),
/// a query naming Simple Loop (`?simpleloop`), or is the bare `simpleloop/COLS/ROWS/BODY`.
pub fn is_url(text: &str) -> bool {
    let text = text.trim();
    text.contains("://") || text.contains(&format!("?{PUZZLE}")) || is_bare(text)
}

/// Whether `text` starts as a bare Simple Loop query does (`simpleloop/`, `simpleloop_edit/`).
fn is_bare(text: &str) -> bool {
    text.strip_prefix(PUZZLE)
        .is_some_and(|rest| rest.starts_with('/') || rest.starts_with('_'))
}

/// Whether a query is a pzprv3 file packed into the URL, as pzprjs writes one: `pzprv3/…`,
/// or `v:/pzprv3/…` for a puzzle of variant rules.
fn is_packed(query: &str) -> bool {
    let file = match query.strip_prefix(VARIANT) {
        Some(variant) => variant.split_once('/').map_or("", |(_, file)| file),
        None => query,
    };
    file.starts_with(pzprv3::HEADER)
}

/// `text` with each `%XX` replaced by the byte it stands for, as UTF-8; or the 0-based
/// character offset of a `%` that is not followed by two hexadecimal digits, or of the first
/// character if the bytes are not UTF-8.
fn percent_decoded(text: &str) -> Result<String, usize> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(mark) = rest.find('%') {
        bytes.extend_from_slice(&rest.as_bytes()[..mark]);
        let byte = rest
            .get(mark + 1..mark + 3)
            .and_then(|digits| u8::from_str_radix(digits, 16).ok())
            .filter(|_| rest.as_bytes()[mark + 1].is_ascii_hexdigit())
            .ok_or_else(|| text[..text.len() - rest.len() + mark].chars().count())?;
        bytes.push(byte);
        rest = &rest[mark + 3..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    String::from_utf8(bytes).map_err(|_| 0)
}

/// Whether board text holds a URL: its first non-blank line has a `/` or a `?`, which no line
/// of a board file has.
pub(super) fn holds_url(text: &str) -> bool {
    text.lines()
        .find(|line| !line.trim().is_empty())
        .is_some_and(|line| line.contains('/') || line.contains('?'))
}

/// Reads the board of a Simple Loop URL (surrounding whitespace ignored), at most `limit`
/// squares; errors name the position, counted in characters from 1 along the URL.
pub(super) fn read(text: &str, limit: u64) -> Result<Board, BoardError> {
    let url = text.trim();
    if url.lines().count() > 1 {
        return Err(BoardError::UrlForm {
            position: url.lines().next().map_or(0, |line| line.chars().count()) + 1,
            expected: "the end of the input after the URL (one URL, on one line)",
        });
    }
    let mut cursor = Cursor::new(url);
    cursor.skip_to_query()?;
    if is_packed(cursor.rest) {
        return cursor.packed_file(limit);
    }
    cursor.puzzle_name()?;
    cursor.variant();
    let cols = cursor.number("the number of columns, a whole number")?;
    let rows = cursor.number("the number of rows, a whole number")?;
    let mut board = Board::with_limit(rows, cols, limit)?;
    cursor.body(&mut board)?;
    Ok(board)
}

/// The puzz.link URL of a board: `https://puzz.link/p?simpleloop/COLS/ROWS/BODY`, every
/// blocked square shaded, the body written in full.
///
/// ```
/// use toursat::core::board::puzzlink;
/// let board: toursat::Board = "XX.\n...\n".parse().unwrap();
/// assert_eq!(puzzlink::url(&board), "https://puzz.link/p?simpleloop/3/2/o0");
/// ```
pub fn url(board: &Board) -> String {
    let squares = board.len() as u64;
    let mut body = String::with_capacity(squares.div_ceil(CELLS_PER_DIGIT) as usize);
    for first in (0..squares).step_by(CELLS_PER_DIGIT as usize) {
        let digit = (first..(first + CELLS_PER_DIGIT).min(squares))
            .enumerate()
            .filter(|&(_, square)| !board.is_free(square as u32))
            .map(|(place, _)| 16 >> place)
            .sum::<u32>();
        body.push(char::from_digit(digit, 32).unwrap_or('0'));
    }
    format!(
        "{PUZZLINK}{PUZZLE}/{}/{}/{body}",
        board.cols(),
        board.rows()
    )
}

/// A reading position in a URL: the characters left and how many were read before them.
struct Cursor<'a> {
    rest: &'a str,
    read: usize,
}

impl<'a> Cursor<'a> {
    /// At the start of `url`.
    fn new(url: &'a str) -> Cursor<'a> {
        Cursor { rest: url, read: 0 }
    }

    /// The 1-based position of the next character.
    fn position(&self) -> usize {
        self.read + 1
    }

    /// Moves past `text`, a prefix of the rest.
    fn advance(&mut self, text: &str) {
        self.read += text.chars().count();
        self.rest = &self.rest[text.len()..];
    }

    /// Moves past the address up to the query (after the first `?`; a bare query has none),
    /// and past its parameters (`type=editor&`) before the puzzle name.
    fn skip_to_query(&mut self) -> Result<(), BoardError> {
        if !is_bare(self.rest) && !is_packed(self.rest) {
            let Some(mark) = self.rest.find('?') else {
                return Err(BoardError::UrlForm {
                    position: self.rest.chars().count() + 1,
                    expected:
                        "a query: a puzz.link URL is https://puzz.link/p?simpleloop/COLS/ROWS/BODY",
                });
            };
            self.advance(&self.rest[..=mark]);
        }
        loop {
            let segment = self.rest.split('/').next().unwrap_or("");
            match segment.find('&') {
                Some(end) => self.advance(&self.rest[..=end]),
                None => return Ok(()),
            }
        }
    }

    /// Reads the pzprv3 file packed into the rest of the URL (percent-encoded, a `/` for each
    /// line end): its board, at most `limit` squares.
    fn packed_file(&self, limit: u64) -> Result<Board, BoardError> {
        let file = percent_decoded(self.rest).map_err(|offset| BoardError::UrlForm {
            position: self.position() + offset,
            expected: "a percent sign and two hexadecimal digits, bytes of UTF-8",
        })?;
        pzprv3::read(&file, limit).map_err(|error| BoardError::UrlPzprv3 {
            position: self.position(),
            error: Box::new(error),
        })
    }

    /// Moves past the puzzle name, `simpleloop` (or `simpleloop_edit`, `simpleloop_play`),
    /// and the `/` after it.
    fn puzzle_name(&mut self) -> Result<(), BoardError> {
        let name = self.rest.split('/').next().unwrap_or("");
        let puzzle = name
            .strip_suffix("_edit")
            .or_else(|| name.strip_suffix("_play"))
            .unwrap_or(name);
        if puzzle != PUZZLE {
            return Err(BoardError::UrlPuzzle {
                position: self.position(),
                found: name.to_string(),
            });
        }
        self.advance(name);
        self.slash("'/' and the number of columns")
    }

    /// Moves past a `v:` segment and its `/` (pzprjs's mark of variant rules, `v:` and an
    /// optional name), if one stands here.
    fn variant(&mut self) {
        let segment = self.rest.split('/').next().unwrap_or("");
        if segment.starts_with(VARIANT) {
            self.advance(segment);
            if !self.rest.is_empty() {
                self.advance("/");
            }
        }
    }

    /// Moves past a `/`, or says what was `expected` there.
    fn slash(&mut self, expected: &'static str) -> Result<(), BoardError> {
        match self.rest.strip_prefix('/') {
            Some(_) => {
                self.advance("/");
                Ok(())
            }
            None => Err(BoardError::UrlForm {
                position: self.position(),
                expected,
            }),
        }
    }

    /// Reads a whole number up to the next `/` or the end, and moves past that `/`.
    fn number(&mut self, expected: &'static str) -> Result<u64, BoardError> {
        let digits = self.rest.split('/').next().unwrap_or("");
        let value = digits
            .parse::<u64>()
            .ok()
            .filter(|_| digits.bytes().all(|byte| byte.is_ascii_digit()))
            .ok_or(BoardError::UrlForm {
                position: self.position(),
                expected,
            })?;
        self.advance(digits);
        if !self.rest.is_empty() {
            self.advance("/");
        }
        Ok(value)
    }

    /// Reads the body into `board`'s blocked squares: nothing when it is empty, else one base-32
    /// digit for each five cells; what follows is ignored.
    fn body(&mut self, board: &mut Board) -> Result<(), BoardError> {
        let squares = board.len() as u64;
        let needed = squares.div_ceil(CELLS_PER_DIGIT) as usize;
        let mut digits = self.rest.chars();
        for (read, found) in (0..needed).map(|read| (read, digits.next())) {
            let position = self.position() + read;
            let digit = match found {
                None | Some('/') if read == 0 => return Ok(()),
                None | Some('/') => {
                    return Err(BoardError::UrlShortBody {
                        position,
                        length: read,
                        needed,
                        cols: board.cols(),
                        rows: board.rows(),
                    })
                }
                Some(found) => match found {
                    '0'..='9' | 'a'..='v' | 'A'..='V' => found.to_digit(32).unwrap_or(0),
                    _ => return Err(BoardError::UrlCharacter { position, found }),
                },
            };
            let first = read as u64 * CELLS_PER_DIGIT;
            for (place, square) in (first..(first + CELLS_PER_DIGIT).min(squares)).enumerate() {
                if digit & (16 >> place) != 0 {
                    board.block(square as u32);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::MAX_SQUARES;

    fn blocked(board: &Board) -> Vec<u32> {
        (0..board.len() as u32)
            .filter(|&square| !board.is_free(square))
            .collect()
    }

    #[test]
    fn reads_pzprjs_test_board() {
        let board = read("https://puzz.link/p?simpleloop/5/5/sg020", MAX_SQUARES).unwrap();
        assert_eq!((board.cols(), board.rows()), (5, 5));
        assert_eq!(blocked(&board), [0, 1, 2, 5, 18]);
    }

    #[test]
    fn reads_columns_before_rows() {
        let board = read(
            "http://pzv.jp/p.html?simpleloop/8/7/200200a42000",
            MAX_SQUARES,
        )
        .unwrap();
        assert_eq!((board.cols(), board.rows()), (8, 7));
        assert_eq!(blocked(&board), [3, 18, 31, 33, 37, 43]);
    }

    #[test]
    fn reads_bare_queries_editor_urls_and_surrounding_whitespace() {
        let expected = read("simpleloop/5/5/sg020", MAX_SQUARES).unwrap();
        for text in [
            "  https://puzz.link/p?simpleloop/5/5/sg020\n",
            "https://puzz.link/p?simpleloop_edit/5/5/sg020",
            "http://pzv.jp/p.html?type=editor&simpleloop/5/5/sg020",
        ] {
            assert_eq!(read(text, MAX_SQUARES), Ok(expected.clone()), "{text}");
        }
    }

    #[test]
    fn reads_the_variant_segment_pzprjs_writes() {
        let url = "https://puzz.link/p?simpleloop/v:/11/11/0408080080k400g014000024g";
        let board = read(url, MAX_SQUARES).unwrap();
        let plain = read(&url.replace("v:/", ""), MAX_SQUARES).unwrap();
        assert_eq!(
            (board.cols(), board.rows(), board.free_count()),
            (11, 11, 108)
        );
        assert_eq!(board, plain);
        let named = read("simpleloop_edit/v:rule/5/5/sg020", MAX_SQUARES).unwrap();
        assert_eq!(named, read("simpleloop/5/5/sg020", MAX_SQUARES).unwrap());
        let empty = read("simpleloop/v:/4/3", MAX_SQUARES).unwrap();
        assert_eq!(empty.free_count(), 12);
    }

    #[test]
    fn reads_upper_case_body_letters_as_pzprjs_does() {
        let upper = read("simpleloop/8/7/200200A42000", MAX_SQUARES).unwrap();
        let lower = read("simpleloop/8/7/200200a42000", MAX_SQUARES).unwrap();
        assert_eq!(upper, lower);
        let mixed = read("simpleloop/5/5/Sg020", MAX_SQUARES).unwrap();
        assert_eq!(blocked(&mixed), [0, 1, 2, 5, 18]);
        assert_eq!(
            read("simpleloop/5/5/sgW20", MAX_SQUARES),
            Err(BoardError::UrlCharacter {
                position: 18,
                found: 'W'
            })
        );
    }

    #[test]
    fn a_variant_segment_is_no_size() {
        let error = read("simpleloop/v:/x/5/0", MAX_SQUARES).unwrap_err();
        assert!(
            matches!(error, BoardError::UrlForm { position: 15, .. }),
            "{error:?}"
        );
    }

    #[test]
    fn reads_a_pzprv3_file_packed_into_the_url() {
        let file =
            "pzprv3/simpleloop/2/3/*%20.%20.%20/.%20.%20*%20/0%200%20/0%200%20/0%200%200%20//";
        let expected: Board = "X..\n..X\n".parse().unwrap();
        for url in [
            format!("https://puzz.link/p?{file}"),
            format!("https://puzz.link/p?type=editor&v:/{file}"),
            format!("v:/{file}"),
        ] {
            assert_eq!(read(&url, MAX_SQUARES), Ok(expected.clone()), "{url}");
        }
    }

    #[test]
    fn names_where_a_packed_file_goes_wrong() {
        let error = read(
            "https://puzz.link/p?pzprv3/simpleloop/2/3/*..%2",
            MAX_SQUARES,
        );
        assert!(
            matches!(error, Err(BoardError::UrlForm { position: 46, .. })),
            "{error:?}"
        );
        let error = read("https://puzz.link/p?pzprv3/simpleloop/2/x/", MAX_SQUARES).unwrap_err();
        assert_eq!(
            error.to_string(),
            "character 21 of the URL: the pzprv3 file packed there (a '/' ending each line): \
             line 4: expected the number of columns, a whole number, found \"x\""
        );
    }

    #[test]
    fn an_empty_body_shades_no_cell() {
        for text in ["simpleloop/4/3", "simpleloop/4/3/", "simpleloop/4/3//"] {
            let board = read(text, MAX_SQUARES).unwrap();
            assert_eq!((board.cols(), board.rows(), board.free_count()), (4, 3, 12));
        }
    }

    #[test]
    fn ignores_what_follows_a_complete_body() {
        let board = read("simpleloop/5/1/vextra/data", MAX_SQUARES).unwrap();
        assert_eq!(board.free_count(), 0);
    }

    #[test]
    fn names_the_position_of_a_bad_character() {
        let error = read("simpleloop/5/5/sgw20", MAX_SQUARES).unwrap_err();
        assert_eq!(
            error,
            BoardError::UrlCharacter {
                position: 18,
                found: 'w'
            }
        );
    }

    #[test]
    fn names_where_a_short_body_ends() {
        let error = read("https://puzz.link/p?simpleloop/5/5/sg0", MAX_SQUARES).unwrap_err();
        assert_eq!(
            error,
            BoardError::UrlShortBody {
                position: 39,
                length: 3,
                needed: 5,
                cols: 5,
                rows: 5
            }
        );
        assert!(error.to_string().starts_with("character 39 of the URL:"));
    }

    #[test]
    fn refuses_other_puzzles_and_bad_sizes() {
        assert!(matches!(
            read("https://puzz.link/p?slither/5/5/abc", MAX_SQUARES),
            Err(BoardError::UrlPuzzle { position: 21, .. })
        ));
        assert!(matches!(
            read("simpleloop/5x/5/0", MAX_SQUARES),
            Err(BoardError::UrlForm { position: 12, .. })
        ));
        assert_eq!(
            read("simpleloop/0/5/0", MAX_SQUARES),
            Err(BoardError::Empty)
        );
        assert!(matches!(
            read("simpleloop/100000/100000/0", MAX_SQUARES),
            Err(BoardError::TooLarge { .. })
        ));
        assert!(matches!(
            read("https://puzz.link/p", MAX_SQUARES),
            Err(BoardError::UrlForm { position: 20, .. })
        ));
    }

    #[test]
    fn writes_widths_that_are_not_a_multiple_of_five() {
        let board = read("simpleloop/8/7/200200a42000", MAX_SQUARES).unwrap();
        assert_eq!(
            url(&board),
            "https://puzz.link/p?simpleloop/8/7/200200a42000"
        );
        assert_eq!(read(&url(&board), MAX_SQUARES), Ok(board));
    }

    #[test]
    fn tells_urls_from_file_names() {
        assert!(is_url("https://puzz.link/p?simpleloop/5/5/sg020"));
        assert!(is_url("pzv.jp/p.html?simpleloop/5/5/sg020"));
        assert!(is_url("simpleloop/5/5/sg020"));
        assert!(!is_url("boards/simpleloop.txt"));
        assert!(!is_url("-"));
    }
}
