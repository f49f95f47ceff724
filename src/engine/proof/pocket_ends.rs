//! Where an open tour must end: in the board's pockets.
//!
//! Every open tour has an end in every pocket (see [`PocketSquares`]). A block tree with a cut
//! square has at least two leaves, so a board with pockets has two or more; with more than the
//! free ends, a cheap proof has already answered. When the pockets that hold no fixed end are
//! exactly as many as the free ends, each free end lies in one of them:
//!
//! - the virtual vertex needs no edge to any other square, so the warm start puts the ends
//!   there from the first flow, and the repair and the formula never try the rest (a
//!   200 x 200 king's board with 30% holes, seed 4, pockets of 2 and 8 squares: 3.5 s, where
//!   neither the windows nor the whole formula had joined the last cycle after 30 s); with
//!   two pockets and no fixed end, one end in each ([`CycleGraph::with_end_pockets`]): a
//!   2-factor with both ends in one pocket leaves the other's cycle to an end walked across
//!   the board (a king's 1000 x 1000 board with 20% holes, seed 12, pockets 647 moves apart:
//!   a timeout at 60 s, where the split ends take 5.4 s);
//! - on a piece that alternates colours (whose flow splits the virtual vertex by colour, not by
//!   pocket), with both ends free, one of the two pockets small (at most [`CASE_SQUARES`]
//!   squares) and the other not (so that the pockets together confine little), the tour
//!   starts on one of the small pocket's squares and ends in the other pocket: one case a
//!   square, each with its start fixed, which the repair handles far better than a free end
//!   that may lie in either pocket. On other pieces the split ends do that in one graph (a king's
//!   1000 x 1000 board with 20% holes, seed 13, a pocket of at most 8 squares and a larger
//!   one: 16.4 s CPU with the cases, 7.3 s with the ends split; a 200 x 200 king's board with
//!   30% holes, seed 2, whose pockets are 2 squares and the rest, for which the cases were
//!   made: 0.52 and 0.58 s, where with the ends in either pocket it had taken 9.2 s).
//!
//! A tour of any case is a tour of the board; when every case has none, neither has the board.
//!
//! [`PocketSquares`]: crate::graph::cut_squares::PocketSquares

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::graph::cut_squares::{pockets, PocketSquares};
use crate::graph::cycle::CycleGraph;

/// The most squares of a pocket that is split into cases, one a square.
const CASE_SQUARES: usize = 8;

/// The pockets that hold the free ends of an open tour of `problem` (whose move graph is
/// `move_graph`), each as its cut square and its squares: those without a fixed end, when they
/// are exactly as many as the ends left to place (so each holds one, and no end lies
/// elsewhere); `None` when the pockets say nothing of where the ends lie.
pub fn end_pockets(problem: &Problem, move_graph: &MoveGraph) -> Option<Vec<PocketSquares>> {
    if problem.shape != TourShape::Open {
        return None;
    }
    let free_squares: Vec<Square> = problem.board.free_squares().collect();
    if free_squares.len() < 3 {
        return None;
    }
    let fixed: Vec<Square> = [problem.start, problem.end].into_iter().flatten().collect();
    let ends_left = 2usize.saturating_sub(fixed.len());
    let pockets: Vec<PocketSquares> = pockets(move_graph, &free_squares)
        .into_iter()
        .filter(|pocket| !pocket.squares.iter().any(|square| fixed.contains(square)))
        .collect();
    (ends_left > 0 && pockets.len() == ends_left).then_some(pockets)
}

/// The graphs to search in turn for a tour of `problem` (whose move graph is `move_graph` and
/// cycle graph `graph`): every tour is one of some graph's, so when none has a tour, the board
/// has none. `None` where the pockets say nothing (`graph` is searched as it is); else `graph`
/// with the virtual vertex joined only to the pockets' squares and the fixed ends, as one graph
/// (with an end in each of two pockets) or as one case for each square of a small pocket.
pub fn pocket_cases(
    problem: &Problem,
    move_graph: &MoveGraph,
    graph: &CycleGraph,
) -> Option<Vec<CycleGraph>> {
    let mut pockets: Vec<Vec<Square>> = end_pockets(problem, move_graph)?
        .into_iter()
        .map(|pocket| pocket.squares)
        .collect();
    let vertices = |squares: &[Square]| -> Vec<bool> {
        let mut marked = vec![false; graph.vertex_count()];
        for vertex in squares.iter().filter_map(|&square| graph.vertex(square)) {
            marked[vertex as usize] = true;
        }
        marked
    };
    pockets.sort_by_key(Vec::len);
    Some(match pockets.as_slice() {
        [small, large]
            if problem.piece.is_bipartite()
                && small.len() <= CASE_SQUARES
                && large.len() > CASE_SQUARES =>
        {
            let may_end = vertices(large);
            small
                .iter()
                .filter_map(|&square| graph.vertex(square))
                .map(|start| {
                    graph
                        .with_ends(Some(start), None)
                        .with_end_squares(&may_end)
                })
                .collect()
        }
        _ => {
            let pockets: Vec<Vec<_>> = pockets
                .iter()
                .map(|pocket| {
                    pocket
                        .iter()
                        .filter_map(|&square| graph.vertex(square))
                        .collect()
                })
                .collect();
            vec![graph.with_end_pockets(&pockets)]
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::engine::flow::general_factor::general_two_factor;
    use crate::engine::sat::{self, SatOptions};
    use crate::engine::{Answer, Limits, Stats};
    use crate::graph::cycle::Vertex;

    /// The cases of an open tour of `piece` (with `start`, if given) on `board`: each case's
    /// fixed start and the squares its virtual vertex is joined to.
    fn cases_of(
        board: &str,
        piece: Piece,
        start: Option<Square>,
    ) -> Vec<(Option<Square>, Vec<Square>)> {
        let board: Board = board.parse().unwrap();
        let mut problem = Problem::new(board.clone(), piece, TourShape::Open);
        if let Some(start) = start {
            problem = problem.with_start(start);
        }
        let move_graph = MoveGraph::new(&board, piece);
        let graph = CycleGraph::new(&problem, &move_graph);
        pocket_cases(&problem, &move_graph, &graph)
            .unwrap_or_else(|| vec![graph.clone()])
            .into_iter()
            .map(|case| {
                let hub = case.virtual_vertex().unwrap();
                let mut ends: Vec<Square> = case
                    .incident(hub)
                    .iter()
                    .map(|&(vertex, _): &(Vertex, u32)| case.square(vertex))
                    .collect();
                ends.sort_unstable();
                (case.start().map(|vertex| case.square(vertex)), ends)
            })
            .collect()
    }

    /// [`cases_of`] a king's tour.
    fn king_cases(board: &str, start: Option<Square>) -> Vec<(Option<Square>, Vec<Square>)> {
        cases_of(board, Piece::King, start)
    }

    #[test]
    fn a_board_without_pockets_is_searched_whole() {
        let cases = king_cases("...\n...\n", None);
        assert_eq!(cases, [(None, vec![0, 1, 2, 3, 4, 5])]);
    }

    #[test]
    fn two_small_pockets_take_the_two_ends() {
        // Two 2 x 2 blocks at the ends of a corridor along the bottom row, whose first and last
        // squares (9 and 11) are cut squares: one graph, the ends in the blocks.
        let cases = king_cases("..XXX..\n.......\n", None);
        assert_eq!(cases, [(None, vec![0, 1, 5, 6, 7, 8, 12, 13])]);
    }

    #[test]
    fn a_small_pocket_beside_a_large_one_takes_one_end_of_a_kings_tour() {
        // A 4 x 4 block, and square 29 joined to it through square 22 alone: the pockets are
        // square 29 and the block; one graph, an end in each (the king's 2-factor is a
        // matching's, which splits the ends between the pockets).
        let board = "....XX\n....XX\n....XX\n.....X\nXXXXX.\n";
        let block = vec![0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 14, 15, 18, 19, 20, 21, 29];
        assert_eq!(king_cases(board, None), [(None, block)]);
    }

    #[test]
    fn a_small_pocket_beside_a_large_one_is_split_by_its_squares_for_a_knight() {
        // A knight's pockets of this board: a small one and the rest. Each square of the small
        // pocket starts a case (the knight's flow splits the virtual vertex by colour, not by
        // pocket), whose other end lies in the large pocket.
        let board = ".......\nX.....X\n..X.X..\n";
        let parsed: Board = board.parse().unwrap();
        let problem = Problem::new(parsed.clone(), Piece::Knight, TourShape::Open);
        let mut pockets: Vec<Vec<Square>> =
            end_pockets(&problem, &MoveGraph::new(&parsed, Piece::Knight))
                .unwrap()
                .into_iter()
                .map(|pocket| pocket.squares)
                .collect();
        pockets.sort_by_key(Vec::len);
        let [small, large] = pockets.as_slice() else {
            panic!("{pockets:?}");
        };
        assert!(small.len() <= CASE_SQUARES && large.len() > CASE_SQUARES);
        let cases = cases_of(board, Piece::Knight, None);
        let starts: Vec<Square> = cases.iter().filter_map(|&(start, _)| start).collect();
        assert_eq!(&starts, small);
        for (start, ends) in cases {
            let mut expected = large.clone();
            expected.extend(start);
            expected.sort_unstable();
            assert_eq!(ends, expected);
        }
    }

    /// A king's board of `rows` by `cols` with a pocket of two squares in two opposite
    /// corners (each square with moves only to the other and the square diagonally inward).
    fn corner_pockets(rows: u64, cols: u64) -> Board {
        let mut board = Board::new(rows, cols).unwrap();
        let at = |x: u64, y: u64| (y * cols + x) as Square;
        for (x, y) in [(2, 0), (0, 1), (2, 1)] {
            board.block(at(x, y));
            board.block(at(cols - 1 - x, rows - 1 - y));
        }
        board
    }

    #[test]
    fn two_pockets_far_apart_each_get_an_end_from_the_warm_starts_two_factor() {
        // Two pockets 300 moves apart: the 2-factor of the graph whose virtual vertex is joined
        // to the four squares of both puts both ends in one pocket, and the other pocket's
        // triangle then needs an end walked across the board (by rotations, or windows with
        // corridors). With the ends split, one lies in each from the first 2-factor, and the
        // windows join the tour alone.
        let board = corner_pockets(5, 300);
        let problem = Problem::new(board.clone(), Piece::King, TourShape::Open);
        let move_graph = MoveGraph::new(&board, Piece::King);
        let graph = CycleGraph::new(&problem, &move_graph);
        let pockets: Vec<Vec<Square>> = end_pockets(&problem, &move_graph)
            .unwrap()
            .into_iter()
            .map(|pocket| pocket.squares)
            .collect();
        assert_eq!(pockets, [vec![0, 1], vec![1498, 1499]]);
        let ends_in_one_pocket = |graph: &CycleGraph| {
            let chosen = general_two_factor(graph).unwrap();
            let hub = graph.virtual_vertex().unwrap();
            let ends = graph.incident(hub).iter();
            let ends: Vec<Square> = ends
                .filter(|&&(_, edge)| chosen[edge as usize])
                .map(|&(vertex, _)| graph.square(vertex))
                .collect();
            pockets
                .iter()
                .any(|pocket| ends.iter().all(|end| pocket.contains(end)))
        };
        let mut may_end = vec![false; graph.vertex_count()];
        for &square in pockets.concat().iter() {
            may_end[graph.vertex(square).unwrap() as usize] = true;
        }
        assert!(ends_in_one_pocket(&graph.with_end_squares(&may_end)));
        let cases = pocket_cases(&problem, &move_graph, &graph).unwrap();
        assert_eq!(cases.len(), 1);
        assert!(!ends_in_one_pocket(&cases[0]));
        let options = SatOptions {
            warm_start: true,
            ..SatOptions::default()
        };
        let mut stats = Stats::default();
        let answer = sat::search(&problem, &move_graph, &options, &Limits::none(), &mut stats);
        let Answer::Found(tour) = answer else {
            panic!("{answer:?}");
        };
        crate::verify::board::verify(&problem, &tour).unwrap();
        let squares = tour.squares();
        let ends = [squares[0], squares[squares.len() - 1]];
        assert!(pockets
            .iter()
            .all(|pocket| ends.iter().any(|end| pocket.contains(end))));
        let stats = stats.sat.unwrap();
        assert_eq!(
            (stats.rotation_joins, stats.solve_calls),
            (0, 0),
            "{stats:?}"
        );
    }

    #[test]
    fn a_fixed_start_in_one_pocket_confines_the_other_end_to_the_other() {
        let cases = king_cases("..XXX..\n.......\n", Some(0));
        assert_eq!(cases, [(Some(0), vec![0, 5, 6, 12, 13])]);
    }
}
