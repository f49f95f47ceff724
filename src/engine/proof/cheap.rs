//! Cheap proofs that no tour exists: counting, degrees, connectivity, cut squares, theorems.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::engine::flow::factor::{
    any_two_factor, path_cover_shortfall, square_sides, NoTwoFactor, PathEnd, TwoFactor,
};
use crate::engine::flow::general_factor::general_two_factor;
use crate::engine::proof::forced;
use crate::engine::proof::regions::region_proof;
use crate::engine::proof::theory::{knight_tour_existence, Existence};
use crate::engine::{HallCut, Impossibility, Pocket};
use crate::graph::cut_squares::{cut_squares, pockets};
use crate::graph::cycle::{two_colouring, CycleGraph};
use crate::graph::problem::GraphProblem;

/// A proof that `problem` has no tour, if one of the cheap arguments settles it.
///
/// Every argument takes time and memory linear in the board and its moves.
pub fn cheap_proof(problem: &Problem, graph: &MoveGraph) -> Option<Impossibility> {
    cheap_proof_or_factor(problem, graph).err()
}

/// [`cheap_proof`]'s proof, or where none settles `problem`, the 2-factor its flow found for
/// a closed tour of a piece that alternates colours, if it ran: the warm start's own (see
/// [`TwoFactor`]), for the SAT engine to start from instead of computing it again.
pub(crate) fn cheap_proof_or_factor(
    problem: &Problem,
    graph: &MoveGraph,
) -> Result<Option<TwoFactor>, Impossibility> {
    let mut factor = None;
    match proof_keeping_factor(problem, graph, &mut factor) {
        Some(impossibility) => Err(impossibility),
        None => Ok(factor),
    }
}

/// [`cheap_proof`], the 2-factor of a closed tour's flow kept in `factor`.
fn proof_keeping_factor(
    problem: &Problem,
    graph: &MoveGraph,
    factor: &mut Option<TwoFactor>,
) -> Option<Impossibility> {
    let free_squares: Vec<Square> = problem.board.free_squares().collect();
    too_few_squares(problem.shape, &free_squares)
        .or_else(|| {
            let board = &problem.board;
            let colour = |square| board.colour(square);
            problem
                .piece
                .is_bipartite()
                .then(|| colour_count(Ends::of(problem), &free_squares, &colour))
                .flatten()
        })
        .or_else(|| degrees(Ends::of(problem), graph, &free_squares))
        .or_else(|| disconnection(graph, &free_squares))
        .or_else(|| cut_square(problem.shape, graph, &free_squares))
        .or_else(|| end_pockets(Ends::of(problem), graph, &free_squares))
        .or_else(|| knight_theorem(problem))
        .or_else(|| forced_moves_in_place(true, problem.shape, graph, &free_squares))
        .or_else(|| move_shortage(problem, graph, &free_squares, factor))
        .or_else(|| {
            let closed_non_bipartite = problem.shape == TourShape::Closed
                && !problem.piece.is_bipartite()
                && (3..=CLOSED_FLOW_PROOF_LIMIT).contains(&free_squares.len());
            closed_non_bipartite
                .then(|| lacks_any_two_factor(&CycleGraph::new(problem, graph)))
                .flatten()
        })
        .or_else(|| forced_moves_in_place(false, problem.shape, graph, &free_squares))
}

/// A proof that a graph problem has no tour, if one of the cheap arguments settles it: the
/// board's arguments that need only adjacency (degrees, connectivity, cut vertices), colour
/// counts for a bipartite graph (its two sides), and for a closed tour a 2-factor test and
/// sealed regions.
///
/// `graph` is the problem's graph as a move graph ([`MoveGraph::from_edges`]).
pub fn cheap_graph_proof(problem: &GraphProblem, graph: &MoveGraph) -> Option<Impossibility> {
    let vertices: Vec<Square> = (0..problem.vertex_count as Square).collect();
    let ends = Ends {
        shape: problem.shape,
        start: problem.start,
        end: problem.end,
    };
    too_few_vertices(problem)
        .or_else(|| degrees(ends, graph, &vertices))
        .or_else(|| disconnection(graph, &vertices))
        .or_else(|| {
            let side = two_colouring(graph.len(), |vertex| {
                graph.neighbours(vertex).iter().copied()
            })?;
            colour_count(ends, &vertices, &|vertex| side[vertex as usize])
        })
        .or_else(|| cut_square(problem.shape, graph, &vertices))
        .or_else(|| end_pockets(ends, graph, &vertices))
        .or_else(|| forced_moves_in_place(true, problem.shape, graph, &vertices))
        .or_else(|| {
            circuit_of_three(problem.shape, vertices.len())
                .then(|| lacks_any_two_factor(&problem.cycle_graph()))
                .flatten()
        })
        .or_else(|| forced_moves_in_place(false, problem.shape, graph, &vertices))
}

/// Boards (and graphs) above this many free squares take the forced moves before the flow
/// and the 2-factor: there those take seconds (4 to 6 s for the closed boards of a million
/// squares of docs/benchmarks.md whose flow falls short, where forced moves find a
/// contradiction in 0.2 s). Smaller boards take the forced moves last, after the arguments
/// that were there before them, whose reasons their answers keep.
const FORCED_MOVES_FIRST_FROM: usize = FLOW_PROOF_LIMIT;

/// [`forced_moves`] in its place in the chain: `first` (before the flow) on boards above
/// [`FORCED_MOVES_FIRST_FROM`] free squares, last on the others.
fn forced_moves_in_place(
    first: bool,
    shape: TourShape,
    graph: &MoveGraph,
    free_squares: &[Square],
) -> Option<Impossibility> {
    (first == (free_squares.len() > FORCED_MOVES_FIRST_FROM))
        .then(|| forced_moves(shape, graph, free_squares))
        .flatten()
}

/// For a closed tour of three squares or more: the moves that squares with only two moves
/// left force ([`forced::forced_moves`]) leave a square short of moves or close a loop that
/// leaves squares out.
fn forced_moves(
    shape: TourShape,
    graph: &MoveGraph,
    free_squares: &[Square],
) -> Option<Impossibility> {
    if !circuit_of_three(shape, free_squares.len()) {
        return None;
    }
    forced::forced_moves(graph, free_squares).map(Impossibility::ForcedMoves)
}

/// Whether a tour of this shape through `squares` squares is a circuit of three squares or
/// more, a cycle of distinct moves: the arguments that count two moves at every square need
/// it (two squares make the judge's circuit of one move taken twice).
fn circuit_of_three(shape: TourShape, squares: usize) -> bool {
    shape == TourShape::Closed && squares >= 3
}

/// A closed tour of a graph of fewer than three vertices: a Hamiltonian cycle of a simple graph
/// has at least three (two vertices would use their one edge twice). Boards keep the judge's
/// rule instead, where two squares make a circuit of two moves ([`too_few_squares`]).
fn too_few_vertices(problem: &GraphProblem) -> Option<Impossibility> {
    (problem.shape == TourShape::Closed && problem.vertex_count < 3)
        .then_some(Impossibility::TooFewSquares)
}

/// What the arguments that need no board take of a problem: its shape and fixed ends.
#[derive(Debug, Clone, Copy)]
struct Ends {
    shape: TourShape,
    start: Option<Square>,
    end: Option<Square>,
}

impl Ends {
    fn of(problem: &Problem) -> Ends {
        Ends {
            shape: problem.shape,
            start: problem.start,
            end: problem.end,
        }
    }
}

/// Boards above this many free squares skip the flow argument for open tours (its time is not
/// linear: 3.7 s at 160,000 squares).
const FLOW_PROOF_LIMIT: usize = 40_000;

/// Boards above this many free squares skip the flow argument for closed tours, a 2-factor
/// (4.5 to 7 s on the holed boards of a million squares of docs/benchmarks.md, where a
/// 2-factor it finds is handed to the warm start, which would compute it otherwise).
const CLOSED_FLOW_PROOF_LIMIT: usize = 1_000_000;

/// For a piece that alternates colours: every free square needs two tour moves (the ends of an
/// open tour one), each joining the two colours; when a maximum flow shows the board's moves
/// cannot provide them all at once (Hall's condition fails somewhere), there is no tour. An
/// open tour with both ends free starts its path at a square with a single move, or failing
/// one, is a 2-factor through a virtual square ([`lacks_open_two_factor`]). A closed tour's
/// 2-factor, when there is one, is kept in `factor`.
fn move_shortage(
    problem: &Problem,
    graph: &MoveGraph,
    free_squares: &[Square],
    factor: &mut Option<TwoFactor>,
) -> Option<Impossibility> {
    if !problem.piece.is_bipartite() || free_squares.len() < 3 {
        return None;
    }
    // The knight's tour theorems settle boards without blocked squares.
    let board = &problem.board;
    if problem.piece.is_knight() && board.free_count() == board.len() {
        return None;
    }
    let (head, end) = match (problem.shape, problem.start, problem.end) {
        (TourShape::Closed, _, _) => return lacks_two_factor(problem, graph, free_squares, factor),
        _ if free_squares.len() > FLOW_PROOF_LIMIT => return None,
        (TourShape::Open, Some(start), Some(end)) => (start, PathEnd::On(end)),
        (TourShape::Open, Some(start), None) => (start, PathEnd::Anywhere),
        (TourShape::Open, None, Some(end)) => (end, PathEnd::Anywhere),
        // A square with a single move must be an end of an open tour: start the path there.
        (TourShape::Open, None, None) => {
            let dead_end = free_squares
                .iter()
                .copied()
                .find(|&square| graph.degree(square) == 1);
            match dead_end {
                Some(dead_end) => (dead_end, PathEnd::Anywhere),
                None => return lacks_open_two_factor(problem, graph),
            }
        }
    };
    let mut unvisited = vec![false; board.len()];
    for &square in free_squares {
        unvisited[square as usize] = square != head;
    }
    let head_is_dead_end = problem.start.is_none() && problem.end.is_none();
    path_cover_shortfall(board, graph, &unvisited, head, end).map(|shortfall| {
        Impossibility::MoveShortage {
            needed: shortfall.needed,
            possible: shortfall.possible,
            cut: shortfall.cut.map(|cut| HallCut {
                dead_end: head_is_dead_end.then_some(head),
                ..cut
            }),
        }
    })
}

/// An open tour that fixes neither end, with a virtual square joined to both its ends, is a
/// 2-factor of the board and the virtual square (joined to every square): when the flow finds
/// none, there is no open tour. The flow gives the virtual square one move to each colour, or
/// two to the colour with a square more (the ends' colours by counting).
fn lacks_open_two_factor(problem: &Problem, graph: &MoveGraph) -> Option<Impossibility> {
    match any_two_factor(&CycleGraph::new(problem, graph)) {
        Err(NoTwoFactor::Shortfall(shortfall)) => Some(shortfall.into()),
        Ok(_) | Err(NoTwoFactor::NotBipartite) => None,
    }
}

/// A closed tour of three squares or more is a 2-factor (two tour moves at every square): when
/// a maximum flow finds none, there is no closed tour; when it finds one, sealed regions may
/// still show that no 2-factor is connected. The flow is the warm start's
/// ([`TwoFactor::of`]), and its 2-factor is kept in `factor` for the SAT engine.
fn lacks_two_factor(
    problem: &Problem,
    graph: &MoveGraph,
    free_squares: &[Square],
    factor: &mut Option<TwoFactor>,
) -> Option<Impossibility> {
    if free_squares.len() > CLOSED_FLOW_PROOF_LIMIT {
        return None;
    }
    let cycle_graph = CycleGraph::new(problem, graph);
    match TwoFactor::of(&cycle_graph) {
        Err(NoTwoFactor::Shortfall(shortfall)) => Some(shortfall.into()),
        Ok(found) => {
            let side = square_sides(&cycle_graph)?;
            let colour = |square| problem.board.colour(square);
            let proof = sealed_regions(&cycle_graph, &side, found.chosen(), colour);
            *factor = Some(found);
            proof
        }
        Err(NoTwoFactor::NotBipartite) => None,
    }
}

/// A circuit is a 2-factor: when the edges that lie in some 2-factor (`factor` is one) leave
/// the bipartite graph (with sides `side`) in pieces, regions whose boundary colours seal them
/// prove there is no circuit. `colour` names the colour of a square in the proof.
fn sealed_regions(
    graph: &CycleGraph,
    side: &[u8],
    factor: &[bool],
    colour: impl Fn(Square) -> u8,
) -> Option<Impossibility> {
    let proof = region_proof(graph, side, factor)?;
    Some(Impossibility::SealedRegions(
        proof.in_squares(graph, colour),
    ))
}

/// A closed tour of three squares or more is a 2-factor: none exists when the flow finds a
/// shortage (a bipartite graph) or a maximum matching of Tutte's gadget is not perfect (any
/// other); a bipartite graph with a 2-factor may still have sealed regions.
fn lacks_any_two_factor(graph: &CycleGraph) -> Option<Impossibility> {
    match any_two_factor(graph) {
        Err(NoTwoFactor::Shortfall(shortfall)) => Some(shortfall.into()),
        Err(NoTwoFactor::NotBipartite) => general_two_factor(graph)
            .is_none()
            .then_some(Impossibility::NoTwoFactor),
        Ok(factor) => {
            let side = square_sides(graph)?;
            sealed_regions(graph, &side, &factor, |vertex| side[vertex as usize])
        }
    }
}

/// The knight's tour theorems (Schwenk, Conrad et al.) on a board without blocked squares.
fn knight_theorem(problem: &Problem) -> Option<Impossibility> {
    let board = &problem.board;
    if !problem.piece.is_knight() || board.free_count() != board.len() {
        return None;
    }
    let rows = board.rows() as u64;
    let cols = board.cols() as u64;
    match knight_tour_existence(rows, cols, problem.shape, problem.start, problem.end) {
        Existence::NoTour(reason) => Some(Impossibility::Theorem(reason)),
        Existence::Exists | Existence::Unknown => None,
    }
}

/// A closed tour of a single square.
fn too_few_squares(shape: TourShape, free_squares: &[Square]) -> Option<Impossibility> {
    (shape == TourShape::Closed && free_squares.len() < 2).then_some(Impossibility::TooFewSquares)
}

/// Colour counts and end colours a tour cannot meet when every move joins two colours
/// (`colour`: the board's for a bipartite piece, a bipartite graph's two sides).
fn colour_count(
    ends: Ends,
    free_squares: &[Square],
    colour: &dyn Fn(Square) -> u8,
) -> Option<Impossibility> {
    let odd = free_squares
        .iter()
        .filter(|&&square| colour(square) == 1)
        .count();
    let even = free_squares.len() - odd;
    let impossible = |needed: &str| {
        Some(Impossibility::ColourCount {
            even,
            odd,
            needed: needed.to_string(),
        })
    };
    let square_count = free_squares.len();
    if ends.shape == TourShape::Closed {
        return if even == odd {
            None
        } else {
            impossible("a closed tour needs as many squares of one colour as of the other")
        };
    }
    if square_count % 2 == 0 {
        if even != odd {
            return impossible(
                "an open tour of an even number of squares needs as many of each colour",
            );
        }
        if let (Some(start), Some(end)) = (ends.start, ends.end) {
            if colour(start) == colour(end) {
                return impossible(
                    "an open tour of an even number of squares starts and ends on different colours",
                );
            }
        }
        return None;
    }
    if even.abs_diff(odd) != 1 {
        return impossible(
            "an open tour of an odd number of squares needs one more square of one colour",
        );
    }
    let majority = u8::from(odd > even);
    let ends_on_minority = [ends.start, ends.end]
        .into_iter()
        .flatten()
        .any(|square| colour(square) != majority);
    if ends_on_minority {
        return impossible(
            "an open tour of an odd number of squares starts and ends on the more numerous colour",
        );
    }
    None
}

/// Squares with too few moves: every square of a circuit has two, every square of a path one,
/// and a path has only two ends.
fn degrees(ends: Ends, graph: &MoveGraph, free_squares: &[Square]) -> Option<Impossibility> {
    let square_count = free_squares.len();
    let needed_moves = match ends.shape {
        TourShape::Closed if square_count >= 3 => 2,
        _ if square_count >= 2 => 1,
        _ => 0,
    };
    if let Some(&square) = free_squares
        .iter()
        .find(|&&square| graph.degree(square) < needed_moves)
    {
        return Some(Impossibility::TooFewMoves {
            square,
            moves: graph.degree(square),
        });
    }
    if ends.shape == TourShape::Closed || square_count < 2 {
        return None;
    }
    let fixed_ends: Vec<Square> = [ends.start, ends.end].into_iter().flatten().collect();
    let dead_ends: Vec<Square> = free_squares
        .iter()
        .copied()
        .filter(|&square| graph.degree(square) == 1)
        .collect();
    if dead_ends.len() > 2 {
        return Some(Impossibility::TooManyDeadEnds { squares: dead_ends });
    }
    let unfixed_dead_ends: Vec<Square> = dead_ends
        .into_iter()
        .filter(|square| !fixed_ends.contains(square))
        .collect();
    let free_end_count = 2 - fixed_ends.len().min(2);
    (unfixed_dead_ends.len() > free_end_count).then_some(Impossibility::TooManyDeadEnds {
        squares: unfixed_dead_ends,
    })
}

/// Two free squares that no sequence of moves joins.
fn disconnection(graph: &MoveGraph, free_squares: &[Square]) -> Option<Impossibility> {
    let &first = free_squares.first()?;
    let mut reached = vec![false; graph.len()];
    let mut queue = vec![first];
    reached[first as usize] = true;
    let mut next = 0;
    while let Some(&square) = queue.get(next) {
        next += 1;
        for &neighbour in graph.neighbours(square) {
            if !reached[neighbour as usize] {
                reached[neighbour as usize] = true;
                queue.push(neighbour);
            }
        }
    }
    free_squares
        .iter()
        .find(|&&square| !reached[square as usize])
        .map(|&b| Impossibility::Disconnected { a: first, b })
}

/// A square whose removal splits the free squares, which a circuit would have to pass twice.
///
/// The free squares are connected here (the disconnection argument comes first), so any cut
/// square of the move graph splits them.
fn cut_square(
    shape: TourShape,
    graph: &MoveGraph,
    free_squares: &[Square],
) -> Option<Impossibility> {
    if !circuit_of_three(shape, free_squares.len()) {
        return None;
    }
    let square = *cut_squares(graph).first()?;
    Some(Impossibility::CutSquare { square })
}

/// Pockets an open tour needs an end in (see [`crate::graph::cut_squares::PocketSquares`]), more than it has ends to
/// place: those that hold no fixed end. The free squares are connected here (the disconnection
/// argument comes first).
fn end_pockets(ends: Ends, graph: &MoveGraph, free_squares: &[Square]) -> Option<Impossibility> {
    if ends.shape != TourShape::Open || free_squares.len() < 3 {
        return None;
    }
    let fixed: Vec<Square> = [ends.start, ends.end].into_iter().flatten().collect();
    let ends_left = 2 - fixed.len().min(2);
    let mut pockets: Vec<Pocket> = pockets(graph, free_squares)
        .into_iter()
        .filter(|pocket| !pocket.squares.iter().any(|square| fixed.contains(square)))
        .map(|pocket| Pocket {
            cut: pocket.cut,
            inside: pocket.squares[0],
        })
        .collect();
    pockets.truncate(ends_left + 1);
    (pockets.len() > ends_left).then_some(Impossibility::EndPockets { pockets })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;

    fn proof(board: &str, piece: Piece, shape: TourShape) -> Option<Impossibility> {
        proof_of(&Problem::new(board.parse().unwrap(), piece, shape))
    }

    fn proof_of(problem: &Problem) -> Option<Impossibility> {
        cheap_proof(problem, &MoveGraph::new(&problem.board, problem.piece))
    }

    /// A 10 x 10 rook board with a wall down column 5, open at rows 3 and 7, and two squares
    /// blocked on the right. Colours balance, every square has two moves, and no single square
    /// splits the board; but a circuit must cross the wall twice, so its left part runs from
    /// (4,3) to (4,7), both with `x + y` odd, and needs one more odd square than even ones there,
    /// where the left side has 25 of each.
    fn walled_board() -> Problem {
        let mut rows: Vec<Vec<char>> = vec![vec!['.'; 10]; 10];
        for (y, row) in rows.iter_mut().enumerate() {
            if y != 3 && y != 7 {
                row[5] = 'X';
            }
        }
        rows[0][6] = 'X';
        rows[9][9] = 'X';
        let text: String = rows
            .iter()
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect();
        Problem::new(text.parse().unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn finds_a_move_shortage_behind_a_wall() {
        let problem = walled_board();
        let board = &problem.board;
        let even = board
            .free_squares()
            .filter(|&s| board.colour(s) == 0)
            .count();
        assert_eq!(even * 2, board.free_count(), "the colours balance");
        assert!(matches!(
            proof_of(&problem),
            Some(Impossibility::MoveShortage { .. })
        ));
    }

    #[test]
    fn the_proofs_flow_gives_the_verdicts_of_the_warm_starts() {
        // Holed boards of the bipartite pieces, closed and open: the proofs' 2-factor (any
        // maximum flow) and the warm start's (Hopcroft and Karp's) agree on whether there is
        // one, on the shortfall and its cut, and on the sealed regions of a closed tour.
        use crate::engine::flow::factor::two_factor;
        let mut compared = [0; 2];
        for seed in 1..=30u64 {
            let size = 6 + seed % 19;
            let holes = 1 + seed * size * size / 150;
            for piece in [Piece::Knight, Piece::Rook, Piece::Leaper(1, 4)] {
                let Ok(board) = crate::gen::holes(size, size, holes, piece, seed, 1) else {
                    continue;
                };
                for shape in [TourShape::Closed, TourShape::Open] {
                    let problem = Problem::new(board.clone(), piece, shape);
                    let moves = MoveGraph::new(&problem.board, piece);
                    let graph = CycleGraph::new(&problem, &moves);
                    let (proofs, warm) = (any_two_factor(&graph), two_factor(&graph));
                    assert_eq!(
                        proofs.is_ok(),
                        warm.is_ok(),
                        "{board:?} {piece:?} {shape:?}"
                    );
                    let (Ok(proofs), Ok(warm)) = (proofs.clone(), warm.clone()) else {
                        assert_eq!(proofs, warm);
                        compared[0] += 1;
                        continue;
                    };
                    if shape == TourShape::Closed {
                        let side = square_sides(&graph).unwrap();
                        let colour = |square| problem.board.colour(square);
                        assert_eq!(
                            sealed_regions(&graph, &side, &proofs, colour),
                            sealed_regions(&graph, &side, &warm, colour)
                        );
                        compared[1] += 1;
                    }
                }
            }
        }
        assert!(compared[0] > 10 && compared[1] > 10, "{compared:?}");
    }

    #[test]
    fn one_square_has_no_circuit() {
        assert_eq!(
            proof(".X\n", Piece::Rook, TourShape::Closed),
            Some(Impossibility::TooFewSquares)
        );
        assert_eq!(proof(".X\n", Piece::Rook, TourShape::Open), None);
    }

    #[test]
    fn two_adjacent_squares_may_form_a_circuit() {
        assert_eq!(proof("..\n", Piece::Rook, TourShape::Closed), None);
    }

    #[test]
    fn two_apart_squares_have_too_few_moves() {
        assert_eq!(
            proof(".X.\n", Piece::King, TourShape::Closed),
            Some(Impossibility::TooFewMoves {
                square: 0,
                moves: 0
            })
        );
    }

    #[test]
    fn rejects_unbalanced_colours() {
        // The rook-circuit sample case 1: 8 even squares and 6 odd.
        let answer = proof("...X\n....\n.X..\n....\n", Piece::Rook, TourShape::Closed);
        assert!(matches!(
            answer,
            Some(Impossibility::ColourCount {
                even: 8,
                odd: 6,
                ..
            })
        ));
    }

    #[test]
    fn rejects_open_colours_differing_by_more_than_one() {
        let answer = proof("X.X\n...\nX.X\n", Piece::Rook, TourShape::Open);
        assert!(matches!(
            answer,
            Some(Impossibility::ColourCount {
                even: 1,
                odd: 4,
                ..
            })
        ));
        let answer = proof("...\n.X.\nX.X\n", Piece::Rook, TourShape::Open);
        assert!(matches!(
            answer,
            Some(Impossibility::ColourCount {
                even: 2,
                odd: 4,
                ..
            })
        ));
    }

    #[test]
    fn rejects_odd_path_starting_on_minority_colour() {
        let board = Board::new(3, 3).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Open).with_start(1);
        assert!(matches!(
            proof_of(&problem),
            Some(Impossibility::ColourCount { .. })
        ));
        let board = Board::new(3, 3).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Open).with_start(0);
        assert_eq!(proof_of(&problem), None);
    }

    #[test]
    fn rejects_even_path_with_ends_of_one_colour() {
        let board = Board::new(2, 2).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Open)
            .with_start(0)
            .with_end(3);
        assert!(matches!(
            proof_of(&problem),
            Some(Impossibility::ColourCount { .. })
        ));
    }

    #[test]
    fn circuit_square_with_one_move_has_too_few_moves() {
        let answer = proof("...\n...\nX.X\n", Piece::King, TourShape::Closed);
        assert_eq!(answer, None);
        let board: Board = "..\n..\n.X\n".parse().unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let free_squares: Vec<Square> = problem.board.free_squares().collect();
        assert_eq!(
            degrees(Ends::of(&problem), &graph, &free_squares),
            Some(Impossibility::TooFewMoves {
                square: 4,
                moves: 1
            })
        );
    }

    #[test]
    fn rejects_three_dead_ends() {
        let board: Board = ".X.X.\n.....\n".parse().unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Open);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let free_squares: Vec<Square> = problem.board.free_squares().collect();
        assert_eq!(
            degrees(Ends::of(&problem), &graph, &free_squares),
            Some(Impossibility::TooManyDeadEnds {
                squares: vec![0, 2, 4]
            })
        );
    }

    #[test]
    fn rejects_dead_end_away_from_a_fixed_start() {
        let line = || Problem::new(Board::new(1, 4).unwrap(), Piece::Rook, TourShape::Open);
        assert_eq!(
            proof_of(&line().with_start(1)),
            Some(Impossibility::TooManyDeadEnds {
                squares: vec![0, 3]
            })
        );
        assert_eq!(proof_of(&line().with_start(0)), None);
        assert_eq!(
            proof_of(&line().with_start(0).with_end(1)),
            Some(Impossibility::TooManyDeadEnds { squares: vec![3] })
        );
    }

    #[test]
    fn finds_disconnected_squares() {
        let answer = proof("..X..\n..X..\n", Piece::Rook, TourShape::Open);
        assert_eq!(answer, Some(Impossibility::Disconnected { a: 0, b: 3 }));
    }

    fn cut_square_of(board: &str) -> Option<Impossibility> {
        let problem = Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let free_squares: Vec<Square> = problem.board.free_squares().collect();
        cut_square(problem.shape, &graph, &free_squares)
    }

    #[test]
    fn finds_cut_square() {
        // Two 2x2 blocks sharing the centre square.
        assert_eq!(
            cut_square_of("..X\n...\nX..\n"),
            Some(Impossibility::CutSquare { square: 4 })
        );
        assert_eq!(cut_square_of("...\n.X.\n...\n"), None);
    }

    #[test]
    fn finds_cut_square_at_the_root() {
        assert_eq!(
            cut_square_of("..\n.X\n"),
            Some(Impossibility::CutSquare { square: 0 })
        );
    }

    #[test]
    fn cut_squares_allowed_on_open_tours() {
        let problem = Problem::new("..\n.X\n".parse().unwrap(), Piece::Rook, TourShape::Open);
        assert_eq!(proof_of(&problem), None);
    }

    #[test]
    fn cut_square_search_survives_a_huge_board() {
        let board = Board::new(1000, 1000).unwrap();
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        assert_eq!(proof_of(&problem), None);
        let mut board = Board::new(1000, 1000).unwrap();
        for y in 0..999 {
            board.block(board.square(500, y));
            board.block(board.square(501, y));
        }
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        assert!(matches!(
            proof_of(&problem),
            Some(Impossibility::CutSquare { .. })
        ));
    }

    #[test]
    fn three_pockets_leave_an_open_tour_an_end_short() {
        // Two 2 x 2 corners, each joined to the rest by one square, and a dead end at 0,3.
        let answer = proof("..X..\n..X..\nX..X.\n.....\n", Piece::Rook, TourShape::Open);
        let Some(Impossibility::EndPockets { pockets }) = &answer else {
            panic!("{answer:?}");
        };
        assert_eq!(pockets.len(), 3, "{pockets:?}");
    }

    #[test]
    fn a_fixed_end_in_one_pocket_leaves_one_end_for_two() {
        let board = "..X..\n..X..\n.....\n".parse().unwrap();
        let free = Problem::new(board, Piece::Rook, TourShape::Open);
        assert_eq!(proof_of(&free), None, "two pockets take the two ends");
        // The middle of the bottom row is in no pocket: the two corners then want both ends.
        let answer = proof_of(&free.clone().with_start(12));
        let Some(Impossibility::EndPockets { pockets }) = &answer else {
            panic!("{answer:?}");
        };
        assert_eq!(pockets.len(), 2, "{pockets:?}");
        assert_eq!(
            proof_of(&free.with_start(0)),
            None,
            "the start is in a pocket"
        );
    }
}
