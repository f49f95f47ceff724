//! The check of a move shortage: a minimum cut's capacity, summed from the board's moves.
//!
//! Every tour move of a piece that alternates colours joins a square of one colour to one of the
//! other. Each square needs two tour moves, except an open tour's fixed ends (one each); an open
//! tour with an end left free is given a stand-in vertex that needs one move, to any square of
//! the colour the tour ends on (a path of `n` squares from its first end `e` ends on the colour
//! of `e` when `n` is odd, the other colour when it is even), so the free end needs two too.
//!
//! Take a set `X` and a colour `c`: the squares of colour `c` in `X` need some number of tour
//! moves, and each of those moves goes either to a square of the other colour in `X` (which take
//! at most what they need) or leaves `X` along one of the board's moves. When the need is larger
//! than that supply (Hall's condition fails), there is no tour. Written as a flow, this is a cut
//! whose capacity — the need of colour `c` outside `X`, plus the need of the other colour inside
//! `X`, plus the moves leaving `X` from colour `c` — is below the whole need of colour `c`.

use super::{at, free_count, require_free, Moves};
use crate::board::Square;
use crate::engine::HallCut;
use crate::problem::{Problem, TourShape};

/// A vertex of the argument: a free square, or the stand-in for a free end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Vertex {
    Square(Square),
    FreeEnd,
}

/// What the tour needs, as the check derives it from the problem.
struct Needs {
    /// The ends with one tour move (a fixed start or end, or the dead end).
    single: Vec<Square>,
    /// For an open tour with an end left free: the colour of the squares the tour may end on,
    /// and the first end (which it may not end on).
    free_end: Option<(u8, Square)>,
}

impl Needs {
    /// The needs of `problem`'s tours; `dead_end` is the end the certificate names when the
    /// problem fixes none.
    fn of(problem: &Problem, moves: &Moves, dead_end: Option<Square>) -> Result<Needs, String> {
        let board = &problem.board;
        let squares = free_count(board);
        if problem.shape == TourShape::Closed {
            if squares < 3 {
                return Err("a circuit of fewer than three squares is not a 2-factor".to_string());
            }
            return Ok(Needs {
                single: Vec::new(),
                free_end: None,
            });
        }
        if squares < 2 {
            return Err("an open tour of one square has no move".to_string());
        }
        let first = match (problem.start.or(problem.end), dead_end) {
            (Some(_), Some(_)) => {
                return Err("the cut names a dead end, but the problem fixes an end".to_string())
            }
            (None, None) => {
                return Err("the cut names no end, and the problem fixes none".to_string())
            }
            (Some(fixed), None) => fixed,
            (None, Some(dead_end)) => {
                require_free(board, dead_end)?;
                let counted = moves.from(dead_end).count();
                if counted != 1 {
                    return Err(format!(
                        "the dead end {} has {counted} moves, not one",
                        at(board, dead_end)
                    ));
                }
                dead_end
            }
        };
        if let (Some(start), Some(end)) = (problem.start, problem.end) {
            if start == end {
                return Err("the fixed start is the fixed end".to_string());
            }
            return Ok(Needs {
                single: vec![start, end],
                free_end: None,
            });
        }
        let last_colour = colour(problem, first) ^ ((squares - 1) % 2) as u8;
        Ok(Needs {
            single: vec![first],
            free_end: Some((last_colour, first)),
        })
    }

    /// Tour moves at `vertex`.
    fn at(&self, vertex: Vertex) -> u64 {
        match vertex {
            Vertex::Square(square) if self.single.contains(&square) => 1,
            Vertex::Square(_) => 2,
            Vertex::FreeEnd => 1,
        }
    }

    /// The colour of the free end's stand-in: the other colour than the tour's last square.
    fn free_end_colour(&self) -> Option<u8> {
        self.free_end.map(|(last_colour, _)| 1 - last_colour)
    }
}

/// The colour of a square: `x + y` mod 2.
fn colour(problem: &Problem, square: Square) -> u8 {
    let (x, y) = problem.board.coords(square);
    ((x + y) % 2) as u8
}

/// The cut `cut` shows that `needed` tour moves cannot be placed when at most `possible` can.
pub(super) fn move_shortage(
    problem: &Problem,
    moves: &Moves,
    needed: u32,
    possible: u32,
    cut: &HallCut,
) -> Result<String, String> {
    let board = &problem.board;
    if !moves.alternate_colours() {
        return Err(format!("the {} does not alternate colours", problem.piece));
    }
    let needs = Needs::of(problem, moves, cut.dead_end)?;
    if cut.has_free_end && needs.free_end.is_none() {
        return Err("the cut holds a free end, but the tour has none".to_string());
    }
    let mut in_cut = vec![false; board.len()];
    for &square in &cut.squares {
        require_free(board, square)?;
        in_cut[square as usize] = true;
    }
    let mut found = Vec::new();
    for side_colour in [0, 1] {
        let (need, capacity) = capacity(
            problem,
            moves,
            &needs,
            &in_cut,
            cut.has_free_end,
            side_colour,
        );
        if capacity < need && (need, capacity) == (u64::from(needed), u64::from(possible)) {
            return Ok(format!(
                "a cut of {} squares has capacity {capacity} < {need} tour moves needed at the squares with x+y {}, summed from the board's moves",
                cut.squares.len(),
                if side_colour == 0 { "even" } else { "odd" }
            ));
        }
        found.push(format!("capacity {capacity} for a need of {need}"));
    }
    Err(format!(
        "the cut does not show {needed} tour moves needed with at most {possible} possible: it has {}",
        found.join(" and ")
    ))
}

/// The whole need of the vertices of `side_colour`, and the capacity of the cut `in_cut` (and
/// `free_end_in_cut`) for them.
fn capacity(
    problem: &Problem,
    moves: &Moves,
    needs: &Needs,
    in_cut: &[bool],
    free_end_in_cut: bool,
    side_colour: u8,
) -> (u64, u64) {
    let board = &problem.board;
    let (mut need, mut capacity) = (0, 0);
    let mut count = |vertex: Vertex, vertex_colour: u8, inside: bool| {
        let tour_moves = needs.at(vertex);
        if vertex_colour == side_colour {
            need += tour_moves;
            if !inside {
                capacity += tour_moves;
            }
        } else if inside {
            capacity += tour_moves;
        }
    };
    for square in 0..board.len() as Square {
        if board.is_free(square) {
            count(
                Vertex::Square(square),
                colour(problem, square),
                in_cut[square as usize],
            );
        }
    }
    if let Some(free_end_colour) = needs.free_end_colour() {
        count(Vertex::FreeEnd, free_end_colour, free_end_in_cut);
    }
    // The moves leaving the cut from the side's colour, the stand-in's moves included.
    let may_end_on = |square: Square| {
        needs.free_end.is_some_and(|(last_colour, first)| {
            square != first && colour(problem, square) == last_colour
        })
    };
    for square in 0..board.len() as Square {
        if !board.is_free(square) {
            continue;
        }
        let inside = in_cut[square as usize];
        if inside && colour(problem, square) == side_colour {
            capacity += moves
                .from(square)
                .filter(|&target| !in_cut[target as usize])
                .count() as u64;
            if may_end_on(square) && !free_end_in_cut {
                capacity += 1;
            }
        }
        let free_end_on_side = needs.free_end_colour() == Some(side_colour);
        if !inside && may_end_on(square) && free_end_in_cut && free_end_on_side {
            capacity += 1;
        }
    }
    (need, capacity)
}
