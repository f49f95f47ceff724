//! Graph files: simple undirected graphs read from TSPLIB HCP, DIMACS or edge-list text, and
//! their tours.
//!
//! Files number vertices from 1; a [`GraphFile`] numbers them from 0. Whatever a Hamiltonian
//! cycle cannot use (a self-loop, a repeated edge) is dropped with a note naming its line;
//! anything else that is not the format is refused with the line it is on. No input panics,
//! and no header makes the reader allocate before it is checked against [`MAX_VERTICES`].

mod dimacs;
mod edge_list;
mod hcp;
mod tour;
mod write;

pub use tour::{read_graph_tour, write_tsplib_tour, write_vertices};
pub use write::{write_dimacs, write_hcp};

use crate::core::names::named;
use std::collections::hash_map::{Entry, HashMap};
use std::fmt;

/// The most vertices a graph file may declare (TSPLIB `DIMENSION`, DIMACS `N`) or use.
pub const MAX_VERTICES: usize = 10_000_000;

/// A simple undirected graph read from a file, over the vertices `0..vertex_count`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphFile {
    /// The HCP `NAME`, if the file gives one.
    pub name: Option<String>,
    /// The number of vertices.
    pub vertex_count: usize,
    /// The edges, 0-based, each `(a, b)` with `a < b`, sorted, without repeats.
    pub edges: Vec<(u32, u32)>,
    /// What was read and ignored (self-loops, repeated edges), each naming its line.
    pub notes: Vec<String>,
    /// The syntax the file was read in.
    pub syntax: GraphSyntax,
}

/// The syntaxes a graph file can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphSyntax {
    /// TSPLIB `TYPE : HCP`: a `KEY : VALUE` header, then `EDGE_DATA_SECTION` closed by `-1`.
    Hcp,
    /// DIMACS: `c` comment lines, one `p edge N M` (or bare `p N M`) line, then `e U V` lines.
    Dimacs,
    /// One edge `U V` a line, with `#` comments; the largest vertex number is the count.
    EdgeList,
}

named!(GraphSyntax, "graph format", {
    Hcp => "hcp", "TSPLIB HCP: an EDGE_LIST_SECTION or an EDGE_DATA_SECTION",
    Dimacs => "dimacs", "DIMACS: `p edge N M` (or `p N M`), then `e U V` lines",
    EdgeList => "edges", "One edge `U V` a line",
});

/// Why a graph file (or a tour of one) could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphFileError {
    /// The 1-based line at fault, or 0 when the fault is not on one line (an empty file).
    pub line: usize,
    /// What is wrong, starting lowercase.
    pub message: String,
    /// Whether the text is well formed but names a vertex outside the graph (or, in a tour
    /// file, declares another `DIMENSION`): a tour of another graph rather than bad text.
    pub outside_graph: bool,
}

impl GraphFileError {
    fn new(line: usize, message: impl Into<String>) -> GraphFileError {
        GraphFileError {
            line,
            message: message.into(),
            outside_graph: false,
        }
    }

    /// A well-formed vertex or `DIMENSION` on `line` that is not the graph's.
    fn outside_graph(line: usize, message: impl Into<String>) -> GraphFileError {
        GraphFileError {
            outside_graph: true,
            ..GraphFileError::new(line, message)
        }
    }
}

impl fmt::Display for GraphFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for GraphFileError {}

/// Reads a graph in the syntax [`detect_syntax`] finds.
pub fn read_graph(text: &str) -> Result<GraphFile, GraphFileError> {
    read_graph_as(text, detect_syntax(text))
}

/// Reads a graph in `syntax`.
pub fn read_graph_as(text: &str, syntax: GraphSyntax) -> Result<GraphFile, GraphFileError> {
    match syntax {
        GraphSyntax::Hcp => hcp::read(text),
        GraphSyntax::Dimacs => dimacs::read(text),
        GraphSyntax::EdgeList => edge_list::read(text),
    }
}

/// The TSPLIB keywords that mark a file as HCP when a line starts with one.
const HCP_KEYWORDS: [&str; 6] = [
    "NAME",
    "TYPE",
    "DIMENSION",
    "EDGE_DATA_FORMAT",
    "EDGE_DATA_SECTION",
    "COMMENT",
];

/// The syntax of a graph file: HCP if a line starts with a TSPLIB keyword, DIMACS if a line
/// starts with `c`, `p` or `e` alone, else an edge list.
pub fn detect_syntax(text: &str) -> GraphSyntax {
    let keywords = || numbered_lines(text).map(|(_, content)| split_keyword(content).0);
    if keywords().any(|keyword| HCP_KEYWORDS.contains(&keyword)) {
        GraphSyntax::Hcp
    } else if numbered_lines(text)
        .any(|(_, content)| matches!(content.split_whitespace().next(), Some("c" | "p" | "e")))
    {
        GraphSyntax::Dimacs
    } else {
        GraphSyntax::EdgeList
    }
}

/// The lines of `text`, numbered from 1 and trimmed.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, content)| (index + 1, content.trim()))
}

/// The lines of a TSPLIB file (an HCP graph, a tour), numbered from 1 and trimmed, with the
/// number of the last one read: where a file that ends too soon ends.
struct TsplibLines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The number of the last line read (0 before the first).
    last_line: usize,
}

impl<'a> TsplibLines<'a> {
    fn new(text: &'a str) -> TsplibLines<'a> {
        TsplibLines {
            lines: text.lines().enumerate(),
            last_line: 0,
        }
    }

    /// The next line that is not blank: its number, its keyword and its value (see
    /// [`split_keyword`]).
    fn next_keyword(&mut self) -> Option<(usize, &'a str, &'a str)> {
        let (line, content) = self.find(|(_, content)| !content.is_empty())?;
        let (keyword, value) = split_keyword(content);
        Some((line, keyword, value))
    }

    /// Reads the lines of the section `section` after its keyword's line, each by `read_line`,
    /// through the one where `read_line` finds the closing `-1` (it returns `true`); lines that
    /// end before it are an error.
    fn read_section(
        &mut self,
        section: &str,
        mut read_line: impl FnMut(usize, &'a str) -> Result<bool, GraphFileError>,
    ) -> Result<(), GraphFileError> {
        for (line, content) in self.by_ref() {
            if read_line(line, content)? {
                return Ok(());
            }
        }
        Err(unterminated(section, self.last_line))
    }
}

impl<'a> Iterator for TsplibLines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (index, content) = self.lines.next()?;
        self.last_line = index + 1;
        Some((self.last_line, content.trim()))
    }
}

/// The error for the TSPLIB section `section` that runs to `line` (the end of the file, or
/// `EOF`) without its closing `-1`.
fn unterminated(section: &str, line: usize) -> GraphFileError {
    GraphFileError::new(line, format!("{section} does not end with -1"))
}

/// A TSPLIB line split into its keyword (up to whitespace or `:`) and its value (after an
/// optional `:`, trimmed).
fn split_keyword(content: &str) -> (&str, &str) {
    let end = content
        .find(|c: char| c.is_whitespace() || c == ':')
        .unwrap_or(content.len());
    let (keyword, rest) = content.split_at(end);
    let rest = rest.trim_start();
    let value = rest.strip_prefix(':').unwrap_or(rest).trim();
    (keyword, value)
}

/// Reads the 1-based vertex number `token` on `line`, which must lie in `1..=vertex_count`,
/// as a 0-based vertex.
fn parse_vertex(token: &str, line: usize, vertex_count: usize) -> Result<u32, GraphFileError> {
    let in_range = |number: u64| (1..=vertex_count as u64).contains(&number);
    match token.parse::<u64>() {
        Ok(number) if in_range(number) => u32::try_from(number - 1).map_err(|_| {
            GraphFileError::new(line, format!("vertex {token} does not fit in 32 bits"))
        }),
        Err(_) if !token.bytes().all(|byte| byte.is_ascii_digit()) => Err(GraphFileError::new(
            line,
            format!("{token:?} is not a vertex number"),
        )),
        _ => Err(GraphFileError::outside_graph(
            line,
            format!("vertex {token} is out of range 1..{vertex_count}"),
        )),
    }
}

/// Reads the vertex count `token` on `line` (a TSPLIB `DIMENSION`, a DIMACS `N`), which must
/// lie in `1..=MAX_VERTICES`; `label` names it in messages.
fn parse_vertex_count(token: &str, line: usize, label: &str) -> Result<usize, GraphFileError> {
    match token.parse::<u64>() {
        Ok(0) => Err(GraphFileError::new(
            line,
            format!("{label} is 0; a graph needs at least 1 vertex"),
        )),
        Ok(count) if count <= MAX_VERTICES as u64 => Ok(count as usize),
        Err(_) if !token.bytes().all(|byte| byte.is_ascii_digit()) => Err(GraphFileError::new(
            line,
            format!("{label} {token:?} is not a number"),
        )),
        _ => Err(GraphFileError::new(
            line,
            format!("{label} {token} is more than the limit of {MAX_VERTICES} vertices"),
        )),
    }
}

/// Where an edge was first read.
#[derive(Debug, Clone, Copy)]
struct FirstListing {
    /// The line it is on.
    line: usize,
    /// The vertex it was listed from (the first written, or the ADJ_LIST entry's vertex).
    from: u32,
    /// Whether it has since been listed once from its other end in an ADJ_LIST.
    mirrored: bool,
}

/// The edges read so far, each with where it was first read, and the notes on what was
/// ignored.
#[derive(Debug, Default)]
struct EdgeSet {
    first_listing: HashMap<(u32, u32), FirstListing>,
    notes: Vec<String>,
}

impl EdgeSet {
    /// Adds the edge `a b` (0-based) written on `line`; a self-loop or a repeat (in either
    /// orientation) is dropped with a note.
    fn add(&mut self, line: usize, a: u32, b: u32) {
        let written = format!("{} {}", a as u64 + 1, b as u64 + 1);
        if a == b {
            self.notes.push(format!(
                "line {line}: self-loop {written} ignored (a tour never uses it)"
            ));
            return;
        }
        match self.first_listing.entry((a.min(b), a.max(b))) {
            Entry::Occupied(first) => self.notes.push(format!(
                "line {line}: edge {written} repeats line {}; ignored",
                first.get().line
            )),
            Entry::Vacant(slot) => {
                slot.insert(FirstListing {
                    line,
                    from: a,
                    mirrored: false,
                });
            }
        }
    }

    /// Adds `neighbour` of `vertex` from an ADJ_LIST entry on `line`: as [`EdgeSet::add`],
    /// except that the edge's first listing from its other end is the symmetric form, silent.
    fn add_neighbour(&mut self, line: usize, vertex: u32, neighbour: u32) {
        let key = (vertex.min(neighbour), vertex.max(neighbour));
        if let Some(first) = self.first_listing.get_mut(&key) {
            if vertex != neighbour && first.from == neighbour && !first.mirrored {
                first.mirrored = true;
                return;
            }
        }
        self.add(line, vertex, neighbour);
    }

    /// The graph of the edges read.
    fn into_graph(
        self,
        name: Option<String>,
        vertex_count: usize,
        syntax: GraphSyntax,
    ) -> GraphFile {
        let mut edges: Vec<(u32, u32)> = self.first_listing.into_keys().collect();
        edges.sort_unstable();
        GraphFile {
            name,
            vertex_count,
            edges,
            notes: self.notes,
            syntax,
        }
    }
}

/// The refusal at `line` with `message`, as the readers return it.
#[cfg(test)]
fn refusal<T>(line: usize, message: &str) -> Result<T, GraphFileError> {
    Err(GraphFileError::new(line, message))
}

/// The refusal of a vertex outside the graph on `line`, for tests.
#[cfg(test)]
fn refusal_outside<T>(line: usize, message: &str) -> Result<T, GraphFileError> {
    Err(GraphFileError::outside_graph(line, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_hcp_by_a_tsplib_keyword() {
        assert_eq!(detect_syntax("NAME: x\n1 2\n"), GraphSyntax::Hcp);
        assert_eq!(detect_syntax("\n  DIMENSION : 3\n"), GraphSyntax::Hcp);
        assert_eq!(
            detect_syntax("EDGE_DATA_SECTION\n1 2\n-1\n"),
            GraphSyntax::Hcp
        );
    }

    #[test]
    fn detects_dimacs_by_c_p_or_e_lines() {
        assert_eq!(detect_syntax("p edge 2 1\ne 1 2\n"), GraphSyntax::Dimacs);
        assert_eq!(detect_syntax("c a comment\n"), GraphSyntax::Dimacs);
        assert_eq!(detect_syntax("e 1 2\n"), GraphSyntax::Dimacs);
    }

    #[test]
    fn detects_an_edge_list_otherwise() {
        assert_eq!(detect_syntax("# c p e\n1 2\n2 3\n"), GraphSyntax::EdgeList);
        assert_eq!(detect_syntax(""), GraphSyntax::EdgeList);
    }

    #[test]
    fn read_graph_uses_the_detected_syntax() {
        let graph = read_graph("p edge 3 2\ne 1 2\ne 2 3\n").unwrap();
        assert_eq!(graph.syntax, GraphSyntax::Dimacs);
        assert_eq!(graph.edges, vec![(0, 1), (1, 2)]);
    }

    #[test]
    fn syntax_names_parse_back() {
        for syntax in GraphSyntax::ALL {
            assert_eq!(syntax.name().parse(), Ok(syntax));
        }
        assert!("tsp"
            .parse::<GraphSyntax>()
            .unwrap_err()
            .contains("\"tsp\""));
    }

    #[test]
    fn an_error_displays_its_line() {
        assert_eq!(GraphFileError::new(3, "bad").to_string(), "line 3: bad");
        assert_eq!(GraphFileError::new(0, "no edges").to_string(), "no edges");
    }

    #[test]
    fn a_vertex_number_is_checked_against_the_range() {
        assert_eq!(parse_vertex("18", 7, 18), Ok(17));
        for token in ["0", "19", "99999999999999999999999"] {
            assert_eq!(
                parse_vertex(token, 7, 18),
                Err(GraphFileError::outside_graph(
                    7,
                    format!("vertex {token} is out of range 1..18")
                ))
            );
        }
        for token in ["x", "-1", "1.5"] {
            assert_eq!(
                parse_vertex(token, 3, 18),
                Err(GraphFileError::new(
                    3,
                    format!("{token:?} is not a vertex number")
                ))
            );
        }
    }

    #[test]
    fn adj_list_mirrors_are_silent_but_a_third_listing_is_noted() {
        let mut edges = EdgeSet::default();
        edges.add_neighbour(1, 0, 1);
        edges.add_neighbour(2, 1, 0);
        assert!(edges.notes.is_empty());
        edges.add_neighbour(3, 1, 0);
        assert_eq!(edges.notes, ["line 3: edge 2 1 repeats line 1; ignored"]);
    }
}
