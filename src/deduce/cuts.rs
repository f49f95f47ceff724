//! The global rules of the board's connections: the moves still possible must hold the open
//! cells together without a cut square, and two moves that are the only ways between two parts
//! of the board are both in the loop (a loop crosses between two parts at least twice).
//!
//! The pairs of moves that cut the board are found in linear time by a depth-first tree and
//! random labels: every move off the tree gets a random 64-bit label, every tree move the
//! exclusive or of the labels of the moves off the tree whose cycles pass it. Removing two
//! moves splits the board when their labels are equal and not zero (a tree move and the one
//! move off the tree over it, or two tree moves that the same moves off the tree pass). Equal
//! labels are only a candidate: each pair is checked by a search without its two moves before
//! a step uses it, so the rule stays sound whatever the labels.

use super::state::{MoveState, State};
use super::step::{Decision, Rule, Step};
use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::rng::SplitMix64;
use crate::graph::cut_squares::cut_squares;
use std::collections::HashMap;

/// What the board's connections show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connections {
    /// No loop agrees with the state: these cells are cut off, or a cut square.
    Broken(Vec<Square>),
    /// A step of the rule of the only two ways.
    Step(Step),
    /// Nothing to decide.
    Nothing,
}

/// The graph of the moves still possible (used or unknown), on every square of the board.
fn possible_graph(state: &State) -> MoveGraph {
    let edges: Vec<(Square, Square)> = state
        .all_moves()
        .filter(|&id| state.get(id) != MoveState::Excluded)
        .map(|id| {
            let [a, b] = state.squares(id);
            (a, b)
        })
        .collect();
    MoveGraph::from_edges(state.board().len(), &edges)
}

/// The open cells reached from `start` without the moves `skipped`.
fn reached(graph: &MoveGraph, start: Square, skipped: [(Square, Square); 2]) -> Vec<bool> {
    let skip = |a: Square, b: Square| {
        skipped
            .iter()
            .any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b))
    };
    let mut seen = vec![false; graph.len()];
    let mut stack = vec![start];
    seen[start as usize] = true;
    while let Some(square) = stack.pop() {
        for &next in graph.neighbours(square) {
            if !seen[next as usize] && !skip(square, next) {
                seen[next as usize] = true;
                stack.push(next);
            }
        }
    }
    seen
}

/// The connections of `state`: cut-off cells or a cut square, else a step of the only two ways
/// between two parts, else nothing.
pub fn connections(state: &State) -> Connections {
    let board = state.board();
    let Some(start) = board.free_squares().next() else {
        return Connections::Nothing;
    };
    let graph = possible_graph(state);
    let seen = reached(&graph, start, [(start, start); 2]);
    let cut_off: Vec<Square> = board
        .free_squares()
        .filter(|&square| !seen[square as usize])
        .collect();
    if !cut_off.is_empty() {
        return Connections::Broken(cut_off);
    }
    if let Some(&cut) = cut_squares(&graph).first() {
        return Connections::Broken(vec![cut]);
    }
    only_two_ways(state, &graph, start)
}

/// The first pair of moves, one of them unknown, that splits the board when both are removed.
fn only_two_ways(state: &State, graph: &MoveGraph, start: Square) -> Connections {
    const UNSEEN: u32 = u32::MAX;
    let len = graph.len();
    let mut parent = vec![UNSEEN; len];
    let mut order: Vec<Square> = Vec::with_capacity(len);
    let mut visited = vec![false; len];
    let mut labels = vec![0u64; len];
    let mut off_tree: Vec<((Square, Square), u64)> = Vec::new();
    let mut random = SplitMix64::new(0x05ee_d0f2_ca75);
    // Depth-first: each entry a square and the index of its next neighbour.
    let mut path: Vec<(Square, usize)> = vec![(start, 0)];
    visited[start as usize] = true;
    order.push(start);
    while let Some(&mut (square, ref mut next)) = path.last_mut() {
        let Some(&neighbour) = graph.neighbours(square).get(*next) else {
            path.pop();
            continue;
        };
        *next += 1;
        if !visited[neighbour as usize] {
            visited[neighbour as usize] = true;
            parent[neighbour as usize] = square;
            order.push(neighbour);
            path.push((neighbour, 0));
        } else if square < neighbour
            && parent[square as usize] != neighbour
            && parent[neighbour as usize] != square
        {
            // A move off the tree, taken once: from its smaller square.
            let label = random.next_u64();
            labels[square as usize] ^= label;
            labels[neighbour as usize] ^= label;
            off_tree.push(((square, neighbour), label));
        }
    }
    let mut tree: Vec<((Square, Square), u64)> = Vec::with_capacity(len);
    for &square in order.iter().rev() {
        let up = parent[square as usize];
        if up != UNSEEN {
            tree.push(((up, square), labels[square as usize]));
            labels[up as usize] ^= labels[square as usize];
        }
    }
    let mut groups: HashMap<u64, Vec<(Square, Square)>> = HashMap::new();
    for &(pair, label) in tree.iter().chain(&off_tree) {
        if label != 0 {
            groups.entry(label).or_default().push(pair);
        }
    }
    let unknown = |(a, b): (Square, Square)| {
        state
            .between(a, b)
            .is_some_and(|id| state.get(id) == MoveState::Unknown)
    };
    let mut candidates: Vec<[(Square, Square); 2]> = groups
        .values()
        .filter(|group| group.len() >= 2)
        .flat_map(|group| {
            group
                .iter()
                .enumerate()
                .filter(|&(_, &pair)| unknown(pair))
                .map(|(index, &pair)| [pair, group[(index + 1) % group.len()]])
                .collect::<Vec<_>>()
        })
        .collect();
    candidates.sort_unstable();
    for pair in candidates {
        let seen = reached(graph, start, pair);
        let part: Vec<Square> = state
            .board()
            .free_squares()
            .filter(|&square| !seen[square as usize])
            .collect();
        if part.is_empty() {
            continue;
        }
        let rest = state.open_cells() - part.len();
        let cells = match part.len() <= rest {
            true => part,
            false => state
                .board()
                .free_squares()
                .filter(|&square| seen[square as usize])
                .collect(),
        };
        let decided = pair
            .iter()
            .filter(|&&move_pair| unknown(move_pair))
            .map(|&(a, b)| Decision {
                squares: [a.min(b), a.max(b)],
                state: MoveState::Used,
            })
            .collect();
        return Connections::Step(Step {
            rule: Rule::OnlyTwoWays,
            decided,
            cells,
            line: None,
        });
    }
    Connections::Nothing
}
