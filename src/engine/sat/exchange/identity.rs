//! A formula's identity: the `c toursat formula` line `dimacs` writes, and the check that a
//! DIMACS file is the formula toursat wrote for a given problem.
//!
//! The line is `c toursat formula digest HEX vars V clauses C complete` (or `lazy`). The digest
//! is a 64-bit FNV-1a hash of the problem (board size, blocked squares, piece, tour shape and
//! ends; a graph's vertices and edges in place of the board), the encoding, the connectivity
//! layer, every clause in file order, and the counts and completeness. It guards against
//! mix-ups (another board, another piece, another encoding, an edited or cut short file, an
//! unrelated CNF), not against forgery: it is no signature.

use crate::engine::sat::encode::connectivity::Connectivity;
use crate::engine::sat::exchange::source::Source;
use crate::engine::sat::Encoding;
use std::fmt;
use std::io::{BufRead, Read};
use varisat::Lit;

/// How every identity line begins.
const PREFIX: &str = "c toursat formula ";

/// The longest comment line accepted before the clauses (a graph's name may be long).
const HEADER_LINE_BYTES: usize = 64 * 1024;

/// What a formula's identity line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    /// The digest of the problem, the encoding and the clauses.
    pub digest: u64,
    /// The number of variables.
    pub vars: usize,
    /// The number of clauses.
    pub clauses: u64,
    /// Whether every model of the formula is one tour.
    pub complete: bool,
}

impl Identity {
    /// The line as written, without its newline.
    pub fn line(&self) -> String {
        format!(
            "{PREFIX}digest {:016x} vars {} clauses {} {}",
            self.digest,
            self.vars,
            self.clauses,
            if self.complete { "complete" } else { "lazy" }
        )
    }

    /// The identity a line gives: `None` when it is not an identity line, an error when it is a
    /// malformed one.
    fn parse(line: &str) -> Option<Result<Identity, String>> {
        let rest = line.strip_prefix(PREFIX)?;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match fields.as_slice() {
            ["digest", digest, "vars", vars, "clauses", clauses, completeness] => (|| {
                Some(Identity {
                    digest: u64::from_str_radix(digest, 16).ok()?,
                    vars: vars.parse().ok()?,
                    clauses: clauses.parse().ok()?,
                    complete: match *completeness {
                        "complete" => true,
                        "lazy" => false,
                        _ => return None,
                    },
                })
            })(),
            _ => None,
        };
        Some(parsed.ok_or_else(|| format!("malformed identity line {line:?}")))
    }
}

/// A 64-bit FNV-1a hash, fed the problem first, then the clauses literal by literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digest(u64);

impl Digest {
    /// The digest of a formula for `source` under `encoding` and `connectivity` (the layer
    /// named in the header: `cuts` when none is), before its clauses.
    pub fn of_problem(source: Source, encoding: Encoding, connectivity: Connectivity) -> Digest {
        let mut digest = Digest(0xcbf2_9ce4_8422_2325);
        digest.text("toursat formula 1");
        match source {
            Source::Board(problem) => {
                let board = &problem.board;
                digest.text("board");
                digest.number(board.rows().into());
                digest.number(board.cols().into());
                for square in (0..board.len() as u32).filter(|&square| !board.is_free(square)) {
                    digest.number(square.into());
                }
                digest.text(&problem.piece.to_string());
                digest.text(&problem.shape.to_string());
                digest.end(problem.start);
                digest.end(problem.end);
            }
            Source::Graph(problem, _) => {
                digest.text("graph");
                digest.number(problem.vertex_count as u64);
                digest.number(problem.edges.len() as u64);
                for &(a, b) in &problem.edges {
                    digest.number(a.into());
                    digest.number(b.into());
                }
                digest.text(&problem.shape.to_string());
                digest.end(problem.start);
                digest.end(problem.end);
            }
        }
        digest.text(&encoding.to_string());
        digest.text(&connectivity.to_string());
        digest
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn number(&mut self, number: u64) {
        self.bytes(&number.to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.number(text.len() as u64);
        self.bytes(text.as_bytes());
    }

    fn end(&mut self, end: Option<u32>) {
        self.number(end.map_or(u64::MAX, u64::from));
    }

    /// Feeds one clause.
    pub fn clause(&mut self, clause: &[Lit]) {
        for lit in clause {
            self.literal(lit.to_dimacs() as i64);
        }
        self.literal(0);
    }

    /// Feeds one literal in DIMACS numbering, `0` for the end of a clause.
    fn literal(&mut self, literal: i64) {
        self.number(literal as u64);
    }

    /// The identity of the formula fed so far.
    pub fn identity(&self, vars: usize, clauses: u64, complete: bool) -> Identity {
        let mut last = *self;
        last.number(vars as u64);
        last.number(clauses);
        last.number(complete.into());
        Identity {
            digest: last.0,
            vars,
            clauses,
            complete,
        }
    }
}

/// What a formula must be to pass [`check_formula`]: toursat's for this problem and encoding.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// The problem.
    pub source: Source<'a>,
    /// The encoding.
    pub encoding: Encoding,
    /// The connectivity layer (`cuts` for none).
    pub connectivity: Connectivity,
    /// The number of variables of the formula toursat writes for them.
    pub var_count: usize,
}

impl Expected<'_> {
    /// Whether the formula toursat writes for them is complete.
    pub fn complete(&self) -> bool {
        self.encoding.is_complete() || self.connectivity != Connectivity::Cuts
    }

    /// The most bytes a formula toursat writes for this problem can take: 64 KiB, 128 bytes
    /// of comments for each variable, and 12 bytes for each of the most literals a formula on
    /// this machine may have (`engine::memory`).
    pub fn byte_limit(&self) -> u64 {
        let literals = crate::engine::memory::default_formula_literals() as u64;
        (64 * 1024u64)
            .saturating_add(128u64.saturating_mul(self.var_count as u64))
            .saturating_add(12u64.saturating_mul(literals))
    }

    /// The longest line of such a formula: a comment line, or a clause naming every variable.
    fn line_limit(&self) -> usize {
        HEADER_LINE_BYTES.max(self.var_count.saturating_mul(16).saturating_add(64))
    }
}

/// A formula that passed [`check_formula`]: its identity, and the digest fed all its clauses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    /// The identity line, which the file's contents bear out.
    pub identity: Identity,
    /// The digest fed the problem and every clause of the file.
    digest: Digest,
}

impl Checked {
    /// The identity of the formula with `clauses` appended (cuts, which every tour satisfies).
    pub fn with_clauses(&self, clauses: &[Vec<Lit>]) -> Identity {
        let mut digest = self.digest;
        for clause in clauses {
            digest.clause(clause);
        }
        digest.identity(
            self.identity.vars,
            self.identity.clauses + clauses.len() as u64,
            self.identity.complete,
        )
    }
}

/// Why a file is not the formula toursat wrote for the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormulaMismatch {
    /// The file could not be read.
    Io(String),
    /// The file is longer than any formula toursat writes for the problem.
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// A line longer than any line of such a formula.
    LineTooLong {
        /// The 1-based line.
        line: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// No identity line before the `p cnf` line.
    NoIdentity,
    /// A line that is not DIMACS as toursat writes it.
    Malformed {
        /// The 1-based line.
        line: usize,
        /// What was wrong.
        what: String,
    },
    /// The `p cnf` line or the clauses disagree with the identity line.
    Changed(String),
    /// Another number of variables than toursat's formula for the problem has.
    VarCount {
        /// The file's.
        found: usize,
        /// The problem's.
        expected: usize,
    },
    /// The digest does not match the problem, the encoding and the clauses.
    Digest,
}

impl fmt::Display for FormulaMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormulaMismatch::Io(error) => write!(f, "reading it: {error}"),
            FormulaMismatch::TooLarge { limit } => write!(
                f,
                "it is longer than any formula toursat writes for this problem ({limit} bytes)"
            ),
            FormulaMismatch::LineTooLong { line, limit } => write!(
                f,
                "line {line}: longer than any line of a formula toursat writes for this problem \
                 ({limit} bytes)"
            ),
            FormulaMismatch::NoIdentity => f.write_str(
                "it has no `c toursat formula` line before its `p cnf` line: not a formula \
                 toursat wrote (or one written before toursat marked its formulas)",
            ),
            FormulaMismatch::Malformed { line, what } => write!(f, "line {line}: {what}"),
            FormulaMismatch::Changed(what) => write!(f, "{what}: the file was changed"),
            FormulaMismatch::VarCount { found, expected } => write!(
                f,
                "it has {found} variables, but toursat's formula for this problem and encoding \
                 has {expected}: it was written for another problem or encoding"
            ),
            FormulaMismatch::Digest => f.write_str(
                "its digest does not match: it was written for another problem (board, blocked \
                 squares, piece, tour shape or ends) or encoding, or changed since",
            ),
        }
    }
}

impl std::error::Error for FormulaMismatch {}

/// Reads lines of at most `line_limit` bytes from `input`, at most `byte_limit` bytes in all.
pub(crate) struct BoundedLines<R> {
    input: R,
    buffer: Vec<u8>,
    /// 1-based number of the last line read.
    line: usize,
    read: u64,
    line_limit: usize,
    byte_limit: u64,
}

impl<R: BufRead> BoundedLines<R> {
    /// Lines of `input` under the two limits.
    pub(crate) fn new(input: R, line_limit: usize, byte_limit: u64) -> BoundedLines<R> {
        BoundedLines {
            input,
            buffer: Vec::new(),
            line: 0,
            read: 0,
            line_limit,
            byte_limit,
        }
    }

    /// The next line without its line end and its 1-based number, `None` at the end of the
    /// input.
    pub(crate) fn next_line(&mut self) -> Result<Option<(usize, &str)>, FormulaMismatch> {
        self.buffer.clear();
        let taken = (&mut self.input)
            .take(self.line_limit as u64 + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|error| FormulaMismatch::Io(error.to_string()))?;
        if taken == 0 {
            return Ok(None);
        }
        self.line += 1;
        self.read += taken as u64;
        if self.read > self.byte_limit {
            return Err(FormulaMismatch::TooLarge {
                limit: self.byte_limit,
            });
        }
        if self.buffer.last() == Some(&b'\n') {
            self.buffer.pop();
        } else if taken > self.line_limit {
            return Err(FormulaMismatch::LineTooLong {
                line: self.line,
                limit: self.line_limit,
            });
        }
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        std::str::from_utf8(&self.buffer)
            .map(|text| Some((self.line, text)))
            .map_err(|_| FormulaMismatch::Malformed {
                line: self.line,
                what: "not UTF-8 text".to_string(),
            })
    }
}

/// The limits for reading a formula's header before the problem's encoding is known.
pub(crate) fn header_lines<R: BufRead>(input: R) -> BoundedLines<R> {
    BoundedLines::new(input, HEADER_LINE_BYTES, u64::MAX)
}

/// Checks that `input` is the formula toursat wrote for `expected`, cuts added by toursat
/// allowed: its identity line, its `p cnf` line, every clause, and the digest over them.
pub fn check_formula(input: impl BufRead, expected: &Expected) -> Result<Checked, FormulaMismatch> {
    let mut lines = BoundedLines::new(input, expected.line_limit(), expected.byte_limit());
    let malformed = |line, what: &str| FormulaMismatch::Malformed {
        line,
        what: what.to_string(),
    };
    let mut identity = None;
    // The header holds a few lines, one a blocked square and one a move variable; the body one
    // line a clause. An endless stream of blank or comment lines stops here.
    let squares = match expected.source {
        Source::Board(problem) => problem.board.len(),
        Source::Graph(problem, _) => problem.vertex_count,
    };
    let header_lines = squares
        .saturating_add(expected.var_count)
        .saturating_add(1024);
    let (vars, clauses) = loop {
        let Some((line, text)) = lines.next_line()? else {
            return Err(malformed(
                lines.line,
                "no `p cnf` line: not a DIMACS formula",
            ));
        };
        if let Some(parsed) = Identity::parse(text) {
            if identity.is_some() {
                return Err(malformed(line, "a second identity line"));
            }
            identity = Some(parsed.map_err(|what| malformed(line, &what))?);
        } else if text.starts_with('p') {
            let fields: Vec<&str> = text.split_whitespace().collect();
            let counts = match fields.as_slice() {
                ["p", "cnf", vars, clauses] => vars.parse::<usize>().ok().zip(clauses.parse().ok()),
                _ => None,
            };
            break counts.ok_or_else(|| malformed(line, "malformed `p cnf` line"))?;
        } else if !text.starts_with('c') && !text.trim().is_empty() {
            return Err(malformed(
                line,
                "expected comments and a `p cnf` line first",
            ));
        }
        if line > header_lines {
            return Err(malformed(line, "more comment lines than toursat writes"));
        }
    };
    let identity = identity.ok_or(FormulaMismatch::NoIdentity)?;
    if (identity.vars, identity.clauses) != (vars, clauses) {
        return Err(FormulaMismatch::Changed(format!(
            "its `p cnf {vars} {clauses}` line disagrees with its identity line ({} variables, \
             {} clauses)",
            identity.vars, identity.clauses
        )));
    }
    if vars != expected.var_count {
        return Err(FormulaMismatch::VarCount {
            found: vars,
            expected: expected.var_count,
        });
    }
    let mut digest = Digest::of_problem(expected.source, expected.encoding, expected.connectivity);
    let (mut clauses_read, mut open_clause) = (0u64, false);
    let body_start = lines.line;
    while let Some((line, text)) = lines.next_line()? {
        if (line - body_start) as u64 > clauses.saturating_add(1024) {
            return Err(FormulaMismatch::Changed(format!(
                "line {line}: more lines than its {clauses} clauses take"
            )));
        }
        if text.starts_with('c') {
            continue;
        }
        for token in text.split_whitespace() {
            let literal: i64 = token
                .parse()
                .ok()
                .filter(|literal: &i64| literal.unsigned_abs() <= vars as u64)
                .ok_or_else(|| malformed(line, &format!("expected a literal, found {token:?}")))?;
            digest.literal(literal);
            open_clause = literal != 0;
            if literal == 0 {
                clauses_read += 1;
                if clauses_read > clauses {
                    return Err(FormulaMismatch::Changed(format!(
                        "line {line}: more clauses than its `p cnf` line declares ({clauses})"
                    )));
                }
            }
        }
    }
    if open_clause {
        return Err(malformed(lines.line, "the last clause does not end in 0"));
    }
    if clauses_read != clauses {
        return Err(FormulaMismatch::Changed(format!(
            "it has {clauses_read} clauses, its `p cnf` line declares {clauses}"
        )));
    }
    if identity.complete != expected.complete()
        || digest.identity(vars, clauses, identity.complete) != identity
    {
        return Err(FormulaMismatch::Digest);
    }
    Ok(Checked { identity, digest })
}

/// Rewrites the formula `text`, checked as `checked`, with `clauses` appended: its identity and
/// `p cnf` lines count them.
pub fn append_clauses(text: &str, checked: &Checked, clauses: &[Vec<Lit>]) -> String {
    let identity = checked.with_clauses(clauses);
    let mut rewritten = String::with_capacity(text.len() + 16 * clauses.len());
    let mut in_header = true;
    for line in text.lines() {
        if in_header && Identity::parse(line).is_some() {
            rewritten.push_str(&identity.line());
        } else if in_header && line.starts_with('p') {
            rewritten.push_str(&format!("p cnf {} {}", identity.vars, identity.clauses));
            in_header = false;
        } else {
            rewritten.push_str(line);
        }
        rewritten.push('\n');
    }
    for clause in clauses {
        for lit in clause {
            rewritten.push_str(&format!("{} ", lit.to_dimacs()));
        }
        rewritten.push_str("0\n");
    }
    rewritten
}

/// Reads `input` whole, refusing more than `limit` bytes.
pub fn read_bounded(input: impl Read, limit: u64) -> Result<Vec<u8>, FormulaMismatch> {
    let mut bytes = Vec::new();
    input
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|error| FormulaMismatch::Io(error.to_string()))?;
    match bytes.len() as u64 > limit {
        true => Err(FormulaMismatch::TooLarge { limit }),
        false => Ok(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::sat::exchange::dimacs::write_problem;
    use std::io::{self, BufReader};

    fn knight6() -> Problem {
        Problem::new(Board::new(6, 6).unwrap(), Piece::Knight, TourShape::Closed)
    }

    fn formula(problem: &Problem, encoding: Encoding) -> Vec<u8> {
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let mut text = Vec::new();
        write_problem(&mut text, problem, &graph, encoding).unwrap();
        text
    }

    fn expected<'a>(problem: &'a Problem, encoding: Encoding, text: &[u8]) -> Expected<'a> {
        let var_count = std::str::from_utf8(text)
            .unwrap()
            .lines()
            .find_map(|line| line.strip_prefix("p cnf "))
            .and_then(|counts| counts.split_whitespace().next()?.parse().ok())
            .unwrap();
        Expected {
            source: Source::Board(problem),
            encoding,
            connectivity: Connectivity::Cuts,
            var_count,
        }
    }

    #[test]
    fn a_written_formula_passes_and_its_identity_says_complete() {
        let problem = knight6();
        let text = formula(&problem, Encoding::Position);
        let checked = check_formula(
            text.as_slice(),
            &expected(&problem, Encoding::Position, &text),
        );
        assert!(checked.unwrap().identity.complete);
    }

    #[test]
    fn an_endless_line_is_refused_at_the_line_limit() {
        let problem = knight6();
        let text = formula(&problem, Encoding::Position);
        let expected = expected(&problem, Encoding::Position, &text);
        let refused = check_formula(BufReader::new(io::repeat(b'c')), &expected);
        assert!(matches!(
            refused,
            Err(FormulaMismatch::LineTooLong { line: 1, .. })
        ));
    }

    #[test]
    fn endless_blank_lines_are_refused() {
        let problem = knight6();
        let text = formula(&problem, Encoding::Position);
        let expected = expected(&problem, Encoding::Position, &text);
        let refused = check_formula(BufReader::new(io::repeat(b'\n')), &expected);
        assert!(matches!(refused, Err(FormulaMismatch::Malformed { .. })));
        let endless_body = text.as_slice().chain(io::repeat(b'\n'));
        let refused = check_formula(BufReader::new(endless_body), &expected);
        assert!(matches!(refused, Err(FormulaMismatch::Changed(_))));
    }

    #[test]
    fn a_changed_clause_fails_the_digest() {
        let problem = knight6();
        let text = String::from_utf8(formula(&problem, Encoding::Position)).unwrap();
        let changed = text.replacen("\n1 ", "\n-1 ", 1);
        assert_ne!(changed, text);
        let expected = expected(&problem, Encoding::Position, text.as_bytes());
        let refused = check_formula(changed.as_bytes(), &expected);
        assert_eq!(refused, Err(FormulaMismatch::Digest));
    }

    #[test]
    fn appended_clauses_keep_the_formula_checked() {
        let problem = knight6();
        let text = String::from_utf8(formula(&problem, Encoding::Cutset)).unwrap();
        let expected = expected(&problem, Encoding::Cutset, text.as_bytes());
        let checked = check_formula(text.as_bytes(), &expected).unwrap();
        assert!(!checked.identity.complete);
        let cut = vec![Lit::from_dimacs(1), Lit::from_dimacs(2)];
        let appended = append_clauses(&text, &checked, &[cut]);
        assert!(appended.ends_with("\n1 2 0\n"));
        let again = check_formula(appended.as_bytes(), &expected).unwrap();
        assert_eq!(again.identity.clauses, checked.identity.clauses + 1);
    }

    #[test]
    fn a_read_past_the_limit_is_refused() {
        assert_eq!(
            read_bounded(io::repeat(0), 1000),
            Err(FormulaMismatch::TooLarge { limit: 1000 })
        );
        assert_eq!(read_bounded(&b"abc"[..], 3), Ok(b"abc".to_vec()));
    }
}
