//! Cut squares (articulation points) of a move graph: the squares whose removal splits the
//! squares joined to them, found by Tarjan's depth-first search with low points; and the
//! pockets they leave, where an open tour must end.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;

/// Every cut square of `graph`, in index order, over all its pieces; linear time.
pub fn cut_squares(graph: &MoveGraph) -> Vec<Square> {
    const UNSEEN: u32 = u32::MAX;
    let squares = graph.len();
    let mut discovery = vec![UNSEEN; squares];
    let mut low_point = vec![UNSEEN; squares];
    let mut is_cut = vec![false; squares];
    let mut discovered = 0u32;
    for root in 0..squares as Square {
        if discovery[root as usize] != UNSEEN || graph.degree(root) == 0 {
            continue;
        }
        discovery[root as usize] = discovered;
        low_point[root as usize] = discovered;
        discovered += 1;
        let mut root_children = 0;
        // Each entry is a square on the depth-first path and the index of its next neighbour.
        let mut path: Vec<(Square, usize)> = vec![(root, 0)];
        while let Some(&mut (square, ref mut next_neighbour)) = path.last_mut() {
            if let Some(&neighbour) = graph.neighbours(square).get(*next_neighbour) {
                *next_neighbour += 1;
                if discovery[neighbour as usize] == UNSEEN {
                    discovery[neighbour as usize] = discovered;
                    low_point[neighbour as usize] = discovered;
                    discovered += 1;
                    path.push((neighbour, 0));
                } else {
                    let low = low_point[square as usize].min(discovery[neighbour as usize]);
                    low_point[square as usize] = low;
                }
                continue;
            }
            path.pop();
            let Some(&(parent, _)) = path.last() else {
                break;
            };
            let low = low_point[parent as usize].min(low_point[square as usize]);
            low_point[parent as usize] = low;
            if parent == root {
                root_children += 1;
            } else if low_point[square as usize] >= discovery[parent as usize] {
                is_cut[parent as usize] = true;
            }
        }
        is_cut[root as usize] = root_children >= 2;
    }
    (0..squares as Square)
        .filter(|&square| is_cut[square as usize])
        .collect()
}

/// A pocket: squares that a single cut square joins to the rest of the board (a leaf of the
/// block tree, less its cut square; a square with a single move is one).
///
/// A path that covers a pocket and also squares beyond its cut square leaves the pocket only
/// through the cut square. Without an end in the pocket, every stretch of the path inside it
/// comes from the cut square and goes back to it, so one stretch takes both of the cut
/// square's tour moves and the path never gets beyond. So on connected squares every open
/// tour has an end in every pocket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PocketSquares {
    /// The cut square every move out of the pocket leads to.
    pub cut: Square,
    /// The squares of the pocket, the first in index order first.
    pub squares: Vec<Square>,
}

/// Every pocket of `graph` among `free_squares` (in index order), in the order of their first
/// squares; linear time.
pub fn pockets(graph: &MoveGraph, free_squares: &[Square]) -> Vec<PocketSquares> {
    let cuts = cut_squares(graph);
    if cuts.is_empty() {
        return Vec::new();
    }
    let mut is_cut = vec![false; graph.len()];
    for &cut in &cuts {
        is_cut[cut as usize] = true;
    }
    let mut seen = vec![false; graph.len()];
    let mut pockets = Vec::new();
    for &root in free_squares {
        if is_cut[root as usize] || seen[root as usize] {
            continue;
        }
        // One piece without the cut squares, and the cut squares it touches (two are enough to
        // know it is no pocket).
        let mut touched = Vec::with_capacity(2);
        seen[root as usize] = true;
        let mut squares = vec![root];
        let mut next = 0;
        while let Some(&square) = squares.get(next) {
            next += 1;
            for &neighbour in graph.neighbours(square) {
                if is_cut[neighbour as usize] {
                    if touched.len() < 2 && !touched.contains(&neighbour) {
                        touched.push(neighbour);
                    }
                } else if !seen[neighbour as usize] {
                    seen[neighbour as usize] = true;
                    squares.push(neighbour);
                }
            }
        }
        if let [cut] = touched.as_slice() {
            pockets.push(PocketSquares { cut: *cut, squares });
        }
    }
    pockets
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;

    fn rook_cut_squares(board: &str) -> Vec<Square> {
        let board: Board = board.parse().unwrap();
        cut_squares(&MoveGraph::new(&board, Piece::Rook))
    }

    #[test]
    fn two_blocks_sharing_a_square_are_cut_there() {
        assert_eq!(rook_cut_squares("..X\n...\nX..\n"), [4]);
    }

    #[test]
    fn a_ring_has_no_cut_square() {
        assert!(rook_cut_squares("...\n.X.\n...\n").is_empty());
    }

    #[test]
    fn the_root_of_the_search_is_a_cut_square_with_two_branches() {
        assert_eq!(rook_cut_squares("..\n.X\n"), [0]);
    }

    #[test]
    fn every_piece_of_the_board_is_searched() {
        // A path of three squares, a blocked column, and another path of three squares.
        assert_eq!(rook_cut_squares("...X...\n"), [1, 5]);
    }

    #[test]
    fn a_path_is_cut_at_every_inner_square() {
        assert_eq!(rook_cut_squares("....\n"), [1, 2]);
    }

    fn rook_pockets(board: &str) -> Vec<(Square, Vec<Square>)> {
        let board: Board = board.parse().unwrap();
        let free: Vec<Square> = board.free_squares().collect();
        pockets(&MoveGraph::new(&board, Piece::Rook), &free)
            .into_iter()
            .map(|pocket| {
                let mut squares = pocket.squares;
                squares.sort_unstable();
                (pocket.cut, squares)
            })
            .collect()
    }

    #[test]
    fn the_blocks_at_the_ends_of_a_corridor_are_pockets() {
        // Two 3 x 2 blocks joined through the middle row: 6, 7 and 8 are cut squares, and the
        // pockets are the blocks without them.
        assert_eq!(
            rook_pockets("..X..\n.....\n..X..\n"),
            [(6, vec![0, 1, 5, 10, 11]), (8, vec![3, 4, 9, 13, 14])]
        );
    }

    #[test]
    fn a_piece_between_two_cut_squares_is_no_pocket() {
        // A path of five squares: its two end squares are pockets, the middle square is not.
        assert_eq!(rook_pockets(".....\n"), [(1, vec![0]), (3, vec![4])]);
    }

    #[test]
    fn a_board_without_cut_squares_has_no_pockets() {
        assert!(rook_pockets("...\n...\n").is_empty());
    }
}
