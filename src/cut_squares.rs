//! Cut squares (articulation points) of a move graph: the squares whose removal splits the
//! squares joined to them, found by Tarjan's depth-first search with low points.

use crate::board::Square;
use crate::piece::MoveGraph;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::Piece;

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
}
