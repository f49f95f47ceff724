//! The rules that read one cell or one move: the trivial ones and the dead end one move ahead.
//!
//! Each returns the step it makes at a cell, or nothing. Each is sound: a move it uses is made
//! by every loop that agrees with the state, a move it excludes by none.

use super::state::{MoveId, MoveState, State};
use super::step::{Decision, Rule, Step};
use crate::core::board::Square;

/// A step of `rule` at the cells `cells` that gives `moves` the state `state`.
fn step(
    state: &State,
    rule: Rule,
    cells: Vec<Square>,
    moves: &[MoveId],
    decided: MoveState,
) -> Step {
    Step {
        rule,
        decided: moves
            .iter()
            .map(|&id| Decision {
                squares: state.squares(id),
                state: decided,
            })
            .collect(),
        cells,
        line: None,
    }
}

/// The unknown moves of `square`.
fn unknown(state: &State, square: Square) -> Vec<MoveId> {
    state.unknown_at(square).map(|(id, _)| id).collect()
}

/// A cell with exactly two possible moves, not both used yet, uses both.
pub fn two_open_neighbours(state: &State, square: Square) -> Option<Step> {
    (state.possible_count(square) == 2 && state.used_count(square) < 2).then(|| {
        let moves = unknown(state, square);
        step(
            state,
            Rule::TwoOpenNeighbours,
            vec![square],
            &moves,
            MoveState::Used,
        )
    })
}

/// A cell that uses two moves excludes its unknown ones.
pub fn full_cell(state: &State, square: Square) -> Option<Step> {
    let moves = unknown(state, square);
    (state.used_count(square) == 2 && !moves.is_empty()).then(|| {
        step(
            state,
            Rule::FullCell,
            vec![square],
            &moves,
            MoveState::Excluded,
        )
    })
}

/// The unknown move joining the two ends of the piece of loop that `square` ends, when that
/// piece does not hold every open cell: the loop it would close would miss cells.
pub fn no_early_close(state: &State, square: Square) -> Option<Step> {
    if state.used_count(square) != 1 {
        return None;
    }
    let ([first, second], length) = state.piece_of(square);
    let closing = state.between(first, second)?;
    (state.get(closing) == MoveState::Unknown && (length as usize) < state.open_cells()).then(
        || {
            step(
                state,
                Rule::NoEarlyClose,
                vec![first, second],
                &[closing],
                MoveState::Excluded,
            )
        },
    )
}

/// The trivial rules at `square`, in order.
pub fn trivial(state: &State, square: Square) -> Option<Step> {
    full_cell(state, square)
        .or_else(|| two_open_neighbours(state, square))
        .or_else(|| no_early_close(state, square))
}

/// An unknown move of `square` whose use would leave a cell with fewer than two possible moves:
/// the cells it fills exclude their other moves, the piece it makes excludes its closing move,
/// and a neighbour is left a dead end.
pub fn dead_end(state: &State, square: Square) -> Option<Step> {
    state
        .unknown_at(square)
        .find_map(|(id, _)| dead_end_of(state, id).map(|dead| (id, dead)))
        .map(|(id, dead)| {
            let [a, b] = state.squares(id);
            step(
                state,
                Rule::DeadEnd,
                vec![a, b, dead],
                &[id],
                MoveState::Excluded,
            )
        })
}

/// The cell left a dead end if the loop made move `id`, if any.
fn dead_end_of(state: &State, id: MoveId) -> Option<Square> {
    let [a, b] = state.squares(id);
    let mut lost: Vec<MoveId> = Vec::with_capacity(8);
    for cell in [a, b] {
        if state.used_count(cell) + 1 == 2 {
            lost.extend(
                state
                    .unknown_at(cell)
                    .map(|(other, _)| other)
                    .filter(|&other| other != id),
            );
        }
    }
    let (ends_a, length_a) = state.piece_of(a);
    let (ends_b, length_b) = state.piece_of(b);
    if ends_a != ends_b {
        let far = |ends: [Square; 2], near: Square| if ends[0] == near { ends[1] } else { ends[0] };
        let (first, second) = (far(ends_a, a), far(ends_b, b));
        let length = (length_a + length_b) as usize;
        if let Some(closing) = state.between(first, second) {
            if closing != id
                && state.get(closing) == MoveState::Unknown
                && length < state.open_cells()
            {
                lost.push(closing);
            }
        }
    }
    lost.sort_unstable();
    lost.dedup();
    let mut touched: Vec<(Square, u8)> = Vec::with_capacity(2 * lost.len());
    for &gone in &lost {
        for cell in state.squares(gone) {
            match touched.iter_mut().find(|(seen, _)| *seen == cell) {
                Some((_, count)) => *count += 1,
                None => touched.push((cell, 1)),
            }
        }
    }
    touched
        .into_iter()
        .find(|&(cell, count)| state.possible_count(cell) < 2 + count)
        .map(|(cell, _)| cell)
}
