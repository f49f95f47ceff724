//! The check of a move shortage: a minimum cut's capacity, summed from the board's moves.
//!
//! Every tour move of a piece that alternates colours joins a square of one colour to one of the
//! other. Each square needs two tour moves, except an open tour's fixed ends (one each); an open
//! tour with an end left free is given a stand-in vertex that needs one move, to any square of
//! the colour the tour ends on (a path of `n` squares from its first end `e` ends on the colour
//! of `e` when `n` is odd, the other colour when it is even), so the free end needs two too.
//! With both ends free, the stand-ins follow the colour counts: as many squares of each colour
//! put one end on each (a stand-in of each colour, needing one move to a square of the other),
//! one square more of a colour puts both ends on it (one stand-in of the other colour, needing
//! two moves to different squares of it). The certificate does not say on which side of the
//! cut these stand-ins lie: the check tries each way.
//!
//! Take a set `X` and a colour `c`: the squares of colour `c` in `X` need some number of tour
//! moves, and each of those moves goes either to a square of the other colour in `X` (which take
//! at most what they need) or leaves `X` along one of the board's moves. When the need is larger
//! than that supply (Hall's condition fails), there is no tour. Written as a flow, this is a cut
//! whose capacity — the need of colour `c` outside `X`, plus the need of the other colour inside
//! `X`, plus the moves leaving `X` from colour `c` — is below the whole need of colour `c`.

use super::{at, free_count, require_free, Moves};
use crate::core::board::Square;
use crate::core::problem::{Problem, TourShape};
use crate::engine::HallCut;

/// A vertex that stands in for a free end: it needs `moves` tour moves, to squares of the other
/// colour than its own, at most one to each, and none to `first`.
#[derive(Clone, Copy)]
struct StandIn {
    colour: u8,
    moves: u64,
    first: Option<Square>,
}

impl StandIn {
    /// Whether the stand-in may take a tour move to `square`.
    fn may_join(&self, problem: &Problem, square: Square) -> bool {
        self.first != Some(square) && colour(problem, square) != self.colour
    }
}

/// What the tour needs, as the check derives it from the problem.
struct Needs {
    /// The ends with one tour move (a fixed start or end, or the dead end).
    single: Vec<Square>,
    /// The stand-ins for the ends an open tour leaves free.
    stand_ins: Vec<StandIn>,
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
                stand_ins: Vec::new(),
            });
        }
        if squares < 2 {
            return Err("an open tour of one square has no move".to_string());
        }
        let first = match (problem.start.or(problem.end), dead_end) {
            (Some(_), Some(_)) => {
                return Err("the cut names a dead end, but the problem fixes an end".to_string())
            }
            (None, None) => return Needs::both_ends_free(problem),
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
                stand_ins: Vec::new(),
            });
        }
        let last_colour = colour(problem, first) ^ ((squares - 1) % 2) as u8;
        Ok(Needs {
            single: vec![first],
            stand_ins: vec![StandIn {
                colour: 1 - last_colour,
                moves: 1,
                first: Some(first),
            }],
        })
    }

    /// The needs of an open tour that fixes neither end: every square needs two moves, and the
    /// stand-ins for the ends follow the colour counts.
    fn both_ends_free(problem: &Problem) -> Result<Needs, String> {
        let board = &problem.board;
        let mut counts = [0usize; 2];
        for square in (0..board.len() as Square).filter(|&square| board.is_free(square)) {
            counts[colour(problem, square) as usize] += 1;
        }
        let stand_in = |colour: u8, moves: u64| StandIn {
            colour,
            moves,
            first: None,
        };
        let stand_ins = match counts[0] as i64 - counts[1] as i64 {
            0 => vec![stand_in(0, 1), stand_in(1, 1)],
            // Both ends on the colour with a square more: a stand-in of the other colour.
            1 => vec![stand_in(1, 2)],
            -1 => vec![stand_in(0, 2)],
            _ => {
                return Err(format!(
                    "{} and {} squares of the two colours: no open tour, but by counting, not by \
                     this cut",
                    counts[0], counts[1]
                ))
            }
        };
        Ok(Needs {
            single: Vec::new(),
            stand_ins,
        })
    }

    /// Tour moves at `square`.
    fn at(&self, square: Square) -> u64 {
        match self.single.contains(&square) {
            true => 1,
            false => 2,
        }
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
    if cut.has_free_end && needs.stand_ins.is_empty() {
        return Err("the cut holds a free end, but the tour has none".to_string());
    }
    let mut in_cut = vec![false; board.len()];
    for &square in &cut.squares {
        require_free(board, square)?;
        in_cut[square as usize] = true;
    }
    // The side of each stand-in: as the cut says for the single free end of a path from a
    // fixed end or the dead end; each way for the stand-ins of two free ends.
    let placements: Vec<Vec<bool>> = match needs.stand_ins.as_slice() {
        [single] if single.first.is_some() => vec![vec![cut.has_free_end]],
        stand_ins => (0..1usize << stand_ins.len())
            .map(|bits| {
                (0..stand_ins.len())
                    .map(|index| bits >> index & 1 == 1)
                    .collect()
            })
            .collect(),
    };
    let mut found = Vec::new();
    for side_colour in [0, 1] {
        for stand_ins_in_cut in &placements {
            let (need, capacity) = capacity(
                problem,
                moves,
                &needs,
                &in_cut,
                stand_ins_in_cut,
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
    }
    Err(format!(
        "the cut does not show {needed} tour moves needed with at most {possible} possible: it has {}",
        found.join(" and ")
    ))
}

/// The whole need of the vertices of `side_colour`, and the capacity of the cut `in_cut` (and
/// the stand-ins for which `stand_ins_in_cut` holds) for them.
fn capacity(
    problem: &Problem,
    moves: &Moves,
    needs: &Needs,
    in_cut: &[bool],
    stand_ins_in_cut: &[bool],
    side_colour: u8,
) -> (u64, u64) {
    let board = &problem.board;
    let (mut need, mut capacity) = (0, 0);
    let mut count = |tour_moves: u64, vertex_colour: u8, inside: bool| {
        if vertex_colour == side_colour {
            need += tour_moves;
            if !inside {
                capacity += tour_moves;
            }
        } else if inside {
            capacity += tour_moves;
        }
    };
    for square in (0..board.len() as Square).filter(|&square| board.is_free(square)) {
        count(
            needs.at(square),
            colour(problem, square),
            in_cut[square as usize],
        );
    }
    let stand_ins = needs.stand_ins.iter().zip(stand_ins_in_cut.iter().copied());
    for (stand_in, inside) in stand_ins.clone() {
        count(stand_in.moves, stand_in.colour, inside);
    }
    // The moves leaving the cut from the side's colour, the stand-ins' moves included.
    for square in (0..board.len() as Square).filter(|&square| board.is_free(square)) {
        let inside = in_cut[square as usize];
        let square_on_side = colour(problem, square) == side_colour;
        if inside && square_on_side {
            capacity += moves
                .from(square)
                .filter(|&target| !in_cut[target as usize])
                .count() as u64;
        }
        for (stand_in, stand_in_inside) in stand_ins.clone() {
            if !stand_in.may_join(problem, square) {
                continue;
            }
            let leaves_from_square = inside && square_on_side && !stand_in_inside;
            let leaves_from_stand_in = !inside && stand_in_inside && stand_in.colour == side_colour;
            if leaves_from_square || leaves_from_stand_in {
                capacity += 1;
            }
        }
    }
    (need, capacity)
}
