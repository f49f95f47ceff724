//! The order in which the frontier DP decides the moves of a problem, and the frontier slots.
//!
//! Squares are numbered row by row along the board's short side (the board is turned when its
//! rows are shorter than its columns), so the squares still waiting for moves, the frontier,
//! span about `reach` short rows, where `reach` is the longest step of the piece across rows.
//! An open tour is counted as a cycle through one extra *virtual* vertex, numbered first and
//! joined to every square a tour may end on; fixing an end forces its virtual edge.
//! Each vertex holds a slot of the frontier from its first edge to its last.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};

/// One edge to decide: the frontier slots of its two ends and what changes around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Slot of the end numbered first.
    pub low: u8,
    /// Slot of the end numbered last.
    pub high: u8,
    /// Whether every tour uses this edge (the virtual edge of a fixed end).
    pub forced: bool,
    /// Edges of the low end decided after this one (at 0 it leaves the frontier).
    pub low_edges_left: u32,
    /// Edges of the high end decided after this one.
    pub high_edges_left: u32,
    /// The slots held during this step, one bit a slot.
    pub occupied: u32,
    /// Whether every vertex has taken a slot by this step (a cycle may close only then).
    pub all_entered: bool,
}

/// The edges of a problem's graph in the order the DP decides them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The edges, in order.
    pub steps: Vec<Step>,
    /// The most slots held at once: the width of the frontier.
    pub slots: usize,
}

/// The most frontier slots a plan may use (a state keeps 5 bits a slot in a `u128`).
pub const MAX_SLOTS: usize = 25;

impl Plan {
    /// The plan of `problem` (at least two free squares), or the frontier width it would need
    /// when that is more than [`MAX_SLOTS`].
    pub fn new(problem: &Problem) -> Result<Plan, usize> {
        let board = &problem.board;
        let turned = board.cols() > board.rows();
        let order_key = |square: Square| {
            let (x, y) = board.coords(square);
            if turned {
                x as u64 * board.rows() as u64 + y as u64
            } else {
                y as u64 * board.cols() as u64 + x as u64
            }
        };
        let mut free_squares: Vec<Square> = (0..board.len() as Square)
            .filter(|&square| board.is_free(square))
            .collect();
        free_squares.sort_by_key(|&square| order_key(square));
        let virtual_offset = usize::from(problem.shape == TourShape::Open);
        let mut vertex_of = vec![u32::MAX; board.len()];
        for (index, &square) in free_squares.iter().enumerate() {
            vertex_of[square as usize] = (index + virtual_offset) as u32;
        }
        let graph = MoveGraph::new(board, problem.piece);
        // Edges as (later vertex, earlier vertex, forced).
        let mut edges: Vec<(u32, u32, bool)> = graph
            .edges()
            .map(|(a, b)| {
                let (a, b) = (vertex_of[a as usize], vertex_of[b as usize]);
                (a.max(b), a.min(b), false)
            })
            .collect();
        if problem.shape == TourShape::Open {
            edges.extend(virtual_edges(problem, &vertex_of));
        }
        edges.sort_unstable();
        Plan::from_edges(&edges, free_squares.len() + virtual_offset)
    }

    /// The plan of edges `(later, earlier, forced)` sorted, on `vertices` vertices.
    fn from_edges(edges: &[(u32, u32, bool)], vertices: usize) -> Result<Plan, usize> {
        let mut first = vec![usize::MAX; vertices];
        let mut last = vec![0; vertices];
        let mut edges_left = vec![0u32; vertices];
        for (index, &(high, low, _)) in edges.iter().enumerate() {
            for vertex in [high as usize, low as usize] {
                first[vertex] = first[vertex].min(index);
                last[vertex] = index;
                edges_left[vertex] += 1;
            }
        }
        let mut slot_of = vec![u8::MAX; vertices];
        let mut occupied = 0u32;
        let mut widest = 0;
        let mut entered = 0;
        let mut steps = Vec::with_capacity(edges.len());
        for (index, &(high, low, forced)) in edges.iter().enumerate() {
            for vertex in [low as usize, high as usize] {
                if first[vertex] == index {
                    let slot = (!occupied).trailing_zeros() as usize;
                    if slot >= MAX_SLOTS {
                        return Err(slot + 1);
                    }
                    slot_of[vertex] = slot as u8;
                    occupied |= 1 << slot;
                    entered += 1;
                    widest = widest.max(occupied.count_ones() as usize);
                }
            }
            edges_left[low as usize] -= 1;
            edges_left[high as usize] -= 1;
            steps.push(Step {
                low: slot_of[low as usize],
                high: slot_of[high as usize],
                forced,
                low_edges_left: edges_left[low as usize],
                high_edges_left: edges_left[high as usize],
                occupied,
                all_entered: entered == vertices,
            });
            for vertex in [low as usize, high as usize] {
                if last[vertex] == index {
                    occupied &= !(1 << slot_of[vertex]);
                }
            }
        }
        Ok(Plan {
            steps,
            slots: widest,
        })
    }
}

/// The edges of the virtual vertex 0 of an open tour: to the fixed ends if both are fixed, else
/// to every square, forced to a fixed end.
fn virtual_edges(problem: &Problem, vertex_of: &[u32]) -> Vec<(u32, u32, bool)> {
    let fixed: Vec<u32> = [problem.start, problem.end]
        .into_iter()
        .flatten()
        .map(|square| vertex_of[square as usize])
        .collect();
    if fixed.len() == 2 {
        return fixed.iter().map(|&vertex| (vertex, 0, false)).collect();
    }
    vertex_of
        .iter()
        .filter(|&&vertex| vertex != u32::MAX)
        .map(|&vertex| (vertex, 0, fixed.contains(&vertex)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece};

    #[test]
    fn rook_frontier_is_the_short_side_and_one() {
        let problem = Problem::new(Board::new(3, 7).unwrap(), Piece::Rook, TourShape::Closed);
        assert_eq!(Plan::new(&problem).unwrap().slots, 4);
        let turned = Problem::new(Board::new(7, 3).unwrap(), Piece::Rook, TourShape::Closed);
        assert_eq!(Plan::new(&turned).unwrap().slots, 4);
    }

    #[test]
    fn refuses_a_frontier_wider_than_a_state_holds() {
        let problem = Problem::new(Board::new(30, 30).unwrap(), Piece::Rook, TourShape::Closed);
        assert!(Plan::new(&problem).is_err());
    }
}
