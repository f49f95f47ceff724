//! Pieces (move sets) and the move graph they make on a board.

use crate::core::adjacency::compressed_adjacency;
use crate::core::board::{Board, Square};
use std::fmt;
use std::str::FromStr;

/// A piece that moves from square to square: its moves define which squares are adjacent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// One step north, south, east or west (the rook of the rook-circuit problem).
    Rook,
    /// Two squares one way and one at right angles.
    Knight,
    /// One step in any of the eight directions.
    King,
    /// An `(a, b)` leaper: `a` squares one way and `b` at right angles (the knight is `1,2`).
    Leaper(u8, u8),
}

impl Piece {
    /// The `(dx, dy)` steps of the piece, without duplicates.
    pub fn steps(&self) -> Vec<(i32, i32)> {
        match *self {
            Piece::Rook => leaper_steps(0, 1),
            Piece::Knight => leaper_steps(1, 2),
            Piece::King => {
                let mut steps = leaper_steps(0, 1);
                steps.extend(leaper_steps(1, 1));
                steps
            }
            Piece::Leaper(a, b) => leaper_steps(a as i32, b as i32),
        }
    }

    /// Whether every move changes the colour of the square (so tours alternate colours).
    pub fn is_bipartite(&self) -> bool {
        self.steps().iter().all(|(dx, dy)| (dx + dy) % 2 != 0)
    }

    /// Whether a move goes from `from` to `to` on `board` (both on the board; blocking ignored).
    pub fn moves_between(&self, board: &Board, from: Square, to: Square) -> bool {
        let (x0, y0) = board.coords(from);
        let (x1, y1) = board.coords(to);
        let dx = x1 as i64 - x0 as i64;
        let dy = y1 as i64 - y0 as i64;
        self.steps()
            .iter()
            .any(|&(sx, sy)| sx as i64 == dx && sy as i64 == dy)
    }

    /// Whether the piece moves as a knight (the knight, or the (1,2)-leaper under either name).
    pub fn is_knight(&self) -> bool {
        matches!(
            self,
            Piece::Knight | Piece::Leaper(1, 2) | Piece::Leaper(2, 1)
        )
    }

    /// Whether every move is one step north, south, east or west.
    pub fn is_rook(&self) -> bool {
        matches!(
            self,
            Piece::Rook | Piece::Leaper(0, 1) | Piece::Leaper(1, 0)
        )
    }
}

/// The eight (or four) sign and swap variants of an `(a, b)` leap.
fn leaper_steps(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut steps = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for (sp, sq) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let step = (p * sp, q * sq);
            if step != (0, 0) && !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    steps
}

/// The longest step of a leaper, either way.
pub const LONGEST_LEAP: u8 = 100;

/// Why a piece name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// No piece has this name.
    Unknown(String),
    /// A leaper whose steps are not two numbers from 0 to [`LONGEST_LEAP`], not both 0.
    Leap(String),
}

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceError::Unknown(text) => write!(
                f,
                "unknown piece {text:?}: expected rook, knight, king or leaper:A,B"
            ),
            PieceError::Leap(text) => write!(
                f,
                "piece {text:?}: a leaper's steps A and B in leaper:A,B are whole numbers from 0 \
                 to {LONGEST_LEAP}, not both 0"
            ),
        }
    }
}

impl std::error::Error for PieceError {}

impl FromStr for Piece {
    type Err = PieceError;

    fn from_str(text: &str) -> Result<Piece, PieceError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "rook" => Ok(Piece::Rook),
            "knight" => Ok(Piece::Knight),
            "king" => Ok(Piece::King),
            other => {
                let leap = other
                    .strip_prefix("leaper:")
                    .ok_or_else(|| PieceError::Unknown(text.to_string()))?;
                let wrong_leap = || PieceError::Leap(text.to_string());
                let (a, b) = leap.split_once(',').ok_or_else(wrong_leap)?;
                let step = |step: &str| {
                    step.trim()
                        .parse::<u8>()
                        .ok()
                        .filter(|&step| step <= LONGEST_LEAP)
                        .ok_or_else(wrong_leap)
                };
                let (a, b) = (step(a)?, step(b)?);
                if (a, b) == (0, 0) {
                    return Err(wrong_leap());
                }
                Ok(Piece::Leaper(a, b))
            }
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Rook => write!(f, "rook"),
            Piece::Knight => write!(f, "knight"),
            Piece::King => write!(f, "king"),
            Piece::Leaper(a, b) => write!(f, "leaper:{a},{b}"),
        }
    }
}

/// The moves of a piece between the free squares of a board, as compressed adjacency lists.
///
/// Each square's neighbours are sorted in lexicographic order (by column, then row), so
/// engines that try them in order find the lexicographically first tour first.
///
/// ```
/// use toursat::{Board, MoveGraph, Piece};
/// let board = Board::new(3, 3).unwrap();
/// let graph = MoveGraph::new(&board, Piece::Knight);
/// assert_eq!(graph.neighbours(board.square(0, 0)), [board.square(1, 2), board.square(2, 1)]);
/// assert!(graph.neighbours(board.square(1, 1)).is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct MoveGraph {
    offsets: Vec<u32>,
    targets: Vec<Square>,
}

impl MoveGraph {
    /// The move graph of `piece` on the free squares of `board` (blocked squares have none).
    pub fn new(board: &Board, piece: Piece) -> MoveGraph {
        let mut steps = piece.steps();
        steps.sort_by_key(|&(dx, dy)| (dx, dy));
        let mut offsets = Vec::with_capacity(board.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for square in 0..board.len() as Square {
            if board.is_free(square) {
                let (x, y) = board.coords(square);
                for &(dx, dy) in &steps {
                    if let Some(target) =
                        board.checked_square(x as i64 + dx as i64, y as i64 + dy as i64)
                    {
                        if board.is_free(target) {
                            targets.push(target);
                        }
                    }
                }
            }
            offsets.push(targets.len() as u32);
        }
        MoveGraph { offsets, targets }
    }

    /// The graph of `edges` (pairs of vertices below `vertex_count`, each once) on vertices
    /// `0..vertex_count`, as if each vertex were a square: a graph file as a move graph, for
    /// the arguments that need only adjacency. Neighbours are sorted by number.
    pub fn from_edges(vertex_count: usize, edges: &[(Square, Square)]) -> MoveGraph {
        let (offsets, adjacency) = compressed_adjacency(vertex_count, edges);
        let mut targets: Vec<Square> = adjacency.into_iter().map(|(target, _)| target).collect();
        for vertex in 0..vertex_count {
            targets[offsets[vertex] as usize..offsets[vertex + 1] as usize].sort_unstable();
        }
        MoveGraph { offsets, targets }
    }

    /// Number of squares (free and blocked) the graph spans.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether the graph spans no square.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The squares one move away from `square`, in lexicographic order.
    pub fn neighbours(&self, square: Square) -> &[Square] {
        let index = square as usize;
        &self.targets[self.offsets[index] as usize..self.offsets[index + 1] as usize]
    }

    /// Number of moves from `square`.
    pub fn degree(&self, square: Square) -> usize {
        let index = square as usize;
        (self.offsets[index + 1] - self.offsets[index]) as usize
    }

    /// Whether `a` and `b` are one move apart.
    pub fn adjacent(&self, a: Square, b: Square) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// Every undirected move `(a, b)` with `a < b`, in order of `a` then of `b`'s position.
    pub fn edges(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len() as Square).flat_map(move |a| {
            self.neighbours(a)
                .iter()
                .filter(move |&&b| a < b)
                .map(move |&b| (a, b))
        })
    }

    /// Number of undirected moves.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The moves between `vertices` (in increasing order), each `(a, b)` with `a < b` and both
    /// numbered by their place in `vertices`: the subgraph they induce, renumbered.
    pub(crate) fn induced_edges(&self, vertices: &[Square]) -> Vec<(Square, Square)> {
        let local = |square: Square| vertices.binary_search(&square).ok().map(|at| at as Square);
        let mut edges = Vec::new();
        for (at, &square) in vertices.iter().enumerate() {
            for &next in self.neighbours(square) {
                if let Some(other) = local(next) {
                    if (at as Square) < other {
                        edges.push((at as Square, other));
                    }
                }
            }
        }
        edges
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_of_edges_has_their_adjacency() {
        let graph = MoveGraph::from_edges(4, &[(0, 2), (1, 2), (0, 1)]);
        assert_eq!(graph.len(), 4);
        assert_eq!(graph.neighbours(0), [1, 2]);
        assert_eq!(graph.neighbours(2), [0, 1]);
        assert_eq!(graph.degree(3), 0);
        assert_eq!(graph.edges().collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(graph.edge_count(), 3);
    }

    #[test]
    fn knight_is_a_one_two_leaper() {
        let mut knight = Piece::Knight.steps();
        let mut leaper = "leaper:1,2".parse::<Piece>().unwrap().steps();
        knight.sort();
        leaper.sort();
        assert_eq!(knight, leaper);
        assert_eq!(knight.len(), 8);
    }

    #[test]
    fn rook_and_king_step_counts() {
        assert_eq!(Piece::Rook.steps().len(), 4);
        assert_eq!(Piece::King.steps().len(), 8);
        assert_eq!(Piece::Leaper(1, 1).steps().len(), 4);
        assert_eq!(Piece::Leaper(2, 2).steps().len(), 4);
    }

    #[test]
    fn bipartite_pieces() {
        assert!(Piece::Rook.is_bipartite());
        assert!(Piece::Knight.is_bipartite());
        assert!(!Piece::King.is_bipartite());
        assert!(!Piece::Leaper(1, 1).is_bipartite());
        assert!(Piece::Leaper(2, 3).is_bipartite());
    }

    #[test]
    fn rejects_unknown_pieces() {
        for text in ["queen", "leaper:0,0", "leaper:1", "leaper:a,b"] {
            assert!(text.parse::<Piece>().is_err(), "{text}");
        }
    }

    #[test]
    fn a_leap_out_of_range_is_refused_naming_the_limit() {
        for text in [
            "leaper:101,1",
            "leaper:300,1",
            "leaper:-1,2",
            "leaper:0,0",
            "leaper:3",
        ] {
            let error = text.parse::<Piece>().unwrap_err();
            assert_eq!(error, PieceError::Leap(text.to_string()));
            assert!(error.to_string().contains("from 0 to 100"), "{error}");
        }
        assert_eq!("leaper:100,0".parse(), Ok(Piece::Leaper(100, 0)));
        assert_eq!(
            "queen".parse::<Piece>(),
            Err(PieceError::Unknown("queen".to_string()))
        );
    }

    #[test]
    fn move_graph_skips_blocked_squares() {
        let board: Board = "..\n.X\n".parse().unwrap();
        let graph = MoveGraph::new(&board, Piece::Rook);
        assert_eq!(graph.neighbours(0), [2, 1]);
        assert_eq!(graph.neighbours(1), [0]);
        assert!(graph.neighbours(3).is_empty());
        assert_eq!(graph.edge_count(), 2);
    }
}
