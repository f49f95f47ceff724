//! The global rule of colour pairing: every cell of the loop makes two moves, each to a cell
//! of the other colour (as on a chessboard), so the loop's moves are a way of giving every
//! dark cell its two light partners and every light cell its two dark ones. A move that no
//! such way makes is excluded; a move that every way makes is used.
//!
//! The undecided moves form a bipartite graph in which each cell still needs two moves less
//! its used ones; one full b-matching comes from `engine::flow::b_matching`. The others differ
//! from it by alternating cycles: unchosen moves from dark to light, chosen ones back. So a
//! move is in some full matching and out of another exactly when its two cells lie in one
//! strongly connected component of that directed graph; a move between two components keeps
//! its state in every full matching. No full matching at all means no loop.

use super::state::{MoveId, MoveState, State};
use super::step::{Decision, Rule, Step};
use crate::core::board::Square;
use crate::engine::flow::b_matching::CapacitatedGraph;

/// What colour pairing shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pairing {
    /// No way of giving every cell its moves: these cells cannot all get them.
    Broken(Vec<Square>),
    /// Steps deciding moves, one round each component where some are decided. Each stays
    /// sound after other steps: what follows from less known follows from more.
    Steps(Vec<Step>),
    /// Nothing to decide.
    Nothing,
}

/// The colour pairing of `state`.
pub fn colour_pairing(state: &State) -> Pairing {
    let board = state.board();
    let len = board.len();
    let mut graph = CapacitatedGraph::new(len);
    let mut needed = [0u32; 2];
    for square in board.free_squares() {
        let colour = board.colour(square);
        let room = 2 - u32::from(state.used_count(square).min(2));
        graph.set_vertex(square as usize, colour == 0, room);
        needed[colour as usize] += room;
    }
    let moves: Vec<MoveId> = state
        .all_moves()
        .filter(|&id| state.get(id) == MoveState::Unknown)
        .collect();
    let mut ends: Vec<[usize; 2]> = Vec::with_capacity(moves.len());
    for &id in &moves {
        let [a, b] = state.squares(id);
        let (dark, light) = match board.colour(a) {
            0 => (a as usize, b as usize),
            _ => (b as usize, a as usize),
        };
        graph.add_edge(dark, light);
        ends.push([dark, light]);
    }
    let matching = graph.maximum_matching();
    if needed[0] != needed[1] || matching.size != needed[0] {
        let mut short: Vec<Square> = board
            .free_squares()
            .filter(|&square| matching.reached[square as usize])
            .collect();
        if short.is_empty() {
            short = board.free_squares().collect();
        }
        return Pairing::Broken(short);
    }
    // Arcs: an unchosen move from its dark cell to its light one, a chosen move back.
    let mut arcs: Vec<Vec<u32>> = vec![Vec::new(); len];
    for (index, &[dark, light]) in ends.iter().enumerate() {
        match matching.chosen[index] {
            false => arcs[dark].push(light as u32),
            true => arcs[light].push(dark as u32),
        }
    }
    let component = components(&arcs);
    let decided_at = |index: usize| -> Option<MoveState> {
        let [dark, light] = ends[index];
        (component[dark] != component[light]).then_some(match matching.chosen[index] {
            true => MoveState::Used,
            false => MoveState::Excluded,
        })
    };
    // One step for each component with a decided move, the first such move's dark cell's.
    let mut steps: Vec<Step> = Vec::new();
    let mut stepped = vec![false; len];
    for index in 0..moves.len() {
        let region = component[ends[index][0]];
        if decided_at(index).is_none() || stepped[region as usize] {
            continue;
        }
        stepped[region as usize] = true;
        let cells: Vec<Square> = board
            .free_squares()
            .filter(|&square| component[square as usize] == region)
            .collect();
        let decided = (0..moves.len())
            .filter(|&other| ends[other].iter().any(|&cell| component[cell] == region))
            .filter_map(|other| {
                decided_at(other).map(|state_now| Decision {
                    squares: state.squares(moves[other]),
                    state: state_now,
                })
            })
            .collect();
        steps.push(Step {
            rule: Rule::ColourPairing,
            decided,
            cells,
            line: None,
        });
    }
    match steps.is_empty() {
        true => Pairing::Nothing,
        false => Pairing::Steps(steps),
    }
}

/// The strongly connected component of every vertex of the directed graph `arcs`, by
/// Tarjan's algorithm without recursion.
fn components(arcs: &[Vec<u32>]) -> Vec<u32> {
    const UNSEEN: u32 = u32::MAX;
    let len = arcs.len();
    let mut index = vec![UNSEEN; len];
    let mut low = vec![0u32; len];
    let mut on_stack = vec![false; len];
    let mut component = vec![UNSEEN; len];
    let mut stack: Vec<u32> = Vec::new();
    let (mut counter, mut components) = (0u32, 0u32);
    for root in 0..len {
        if index[root] != UNSEEN {
            continue;
        }
        let mut path: Vec<(u32, usize)> = vec![(root as u32, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        while let Some(&mut (vertex, ref mut next)) = path.last_mut() {
            let vertex = vertex as usize;
            if let Some(&target) = arcs[vertex].get(*next) {
                *next += 1;
                let target = target as usize;
                if index[target] == UNSEEN {
                    index[target] = counter;
                    low[target] = counter;
                    counter += 1;
                    stack.push(target as u32);
                    on_stack[target] = true;
                    path.push((target as u32, 0));
                } else if on_stack[target] {
                    low[vertex] = low[vertex].min(index[target]);
                }
                continue;
            }
            path.pop();
            if let Some(&(parent, _)) = path.last() {
                low[parent as usize] = low[parent as usize].min(low[vertex]);
            }
            if low[vertex] == index[vertex] {
                while let Some(member) = stack.pop() {
                    on_stack[member as usize] = false;
                    component[member as usize] = components;
                    if member as usize == vertex {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    component
}
