//! The check of sealed regions: each region's colours and the moves leaving it recounted from
//! the board, then a search without the moves the regions seal.
//!
//! A circuit of three squares or more gives every square two tour moves. For a region whose
//! squares of the open colour number `n_open` and of the sealed colour `n_sealed`, counting tour
//! moves by the colour of their square in the region (every move inside joins the two colours)
//! shows that a circuit leaves the region `2 (n_open - n_sealed)` more times at open squares
//! than at sealed ones. When that is exactly the number of moves leaving the region at its open
//! squares, a circuit takes them all, and none of those leaving at its sealed squares.
//!
//! An open tour's ends take one tour move each, so it leaves the region
//! `2 (n_open - n_sealed) - (e_open - e_sealed)` more times at open squares, with `e` its ends
//! in the region at each colour. When the moves leaving at open squares, with the most that
//! `e_open - e_sealed` can be, are no more than `2 (n_open - n_sealed)`, an open tour leaves
//! the region at no sealed square either.

use super::reach::reached_from;
use super::{at, free_count, require_free, Moves};
use crate::core::board::Square;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::colour_name;
use crate::engine::proof::regions::RegionProof;
use std::collections::HashSet;

/// Every region is sealed, and without the moves they seal `proof.inside` does not reach
/// `proof.outside`.
pub(super) fn sealed_regions(
    problem: &Problem,
    moves: &Moves,
    proof: &RegionProof,
) -> Result<String, String> {
    let board = &problem.board;
    if free_count(board) < 3 {
        return Err("sealed regions rule out only tours of three squares or more".to_string());
    }
    if !moves.alternate_colours() {
        return Err(format!(
            "the {} does not alternate colours, so a region's counts say nothing",
            problem.piece
        ));
    }
    require_free(board, proof.inside)?;
    require_free(board, proof.outside)?;
    let mut in_region = vec![false; board.len()];
    let mut sealed_moves: HashSet<(Square, Square)> = HashSet::new();
    let mut counts = Vec::with_capacity(proof.regions.len());
    for (number, region) in proof.regions.iter().enumerate() {
        let name = format!("region {}", number + 1);
        if region.squares.is_empty() || region.sealed_colour > 1 {
            return Err(format!("{name} is empty or names no colour"));
        }
        for &square in &region.squares {
            require_free(board, square)?;
            if std::mem::replace(&mut in_region[square as usize], true) {
                return Err(format!("{name} names {} twice", at(board, square)));
            }
        }
        let sealed = region.sealed_colour;
        let (mut squares, mut leaving) = ([0i64; 2], [0i64; 2]);
        for &square in &region.squares {
            let colour = board.colour(square) as usize;
            squares[colour] += 1;
            for target in moves.from(square) {
                if in_region[target as usize] {
                    continue;
                }
                leaving[colour] += 1;
                if colour == sealed as usize {
                    sealed_moves.insert((square.min(target), square.max(target)));
                }
            }
        }
        for &square in &region.squares {
            in_region[square as usize] = false;
        }
        let open = 1 - sealed as usize;
        let surplus = squares[open] - squares[sealed as usize];
        let ends = match problem.shape {
            TourShape::Closed => 0,
            TourShape::Open => ends_allowed(problem, &region.squares, open as u8)
                .ok_or_else(|| format!("{name}: the colours cannot hold an open tour's ends"))?,
        };
        if leaving[open] + ends > 2 * surplus {
            return Err(format!(
                "{name}: 2 x ({} - {}) = {} is less than the {} moves leaving it at its {} squares \
                 and {}",
                squares[open],
                squares[sealed as usize],
                2 * surplus,
                leaving[open],
                colour_name(open as u8),
                count_of(ends as usize, "end", "ends")
            ));
        }
        let relation = match 2 * surplus == leaving[open] + ends {
            true => "=",
            false => ">=",
        };
        let ends_term = match problem.shape {
            TourShape::Closed => String::new(),
            TourShape::Open => format!(" + {}", count_of(ends as usize, "end", "ends")),
        };
        counts.push(format!(
            "{} squares, 2 x {surplus} {relation} {} moves out at {} squares{ends_term}, {} sealed",
            region.squares.len(),
            leaving[open],
            colour_name(open as u8),
            leaving[sealed as usize]
        ));
    }
    let (reached, reached_count) = reached_from(moves, proof.inside, |from, to| {
        !sealed_moves.contains(&(from.min(to), from.max(to)))
    });
    if reached[proof.outside as usize] {
        return Err(format!(
            "without the sealed moves, a search from {} still reaches {}",
            at(board, proof.inside),
            at(board, proof.outside)
        ));
    }
    Ok(format!(
        "{} ({}); without the {} sealed moves a search from {} reached {reached_count} squares, not {}",
        count_of(proof.regions.len(), "sealed region", "sealed regions"),
        counts.join("; "),
        sealed_moves.len(),
        at(board, proof.inside),
        at(board, proof.outside)
    ))
}

/// The most that an open tour of `problem` can make of its ends in `region` on `open` squares,
/// less its ends there on squares of the other colour. The ends' colours follow from the
/// board's counts: one of each when the colours are as many, both of the larger otherwise. A
/// fixed end counts where it lies; a free end of the open colour counts once for each open
/// square of the region not a fixed end, to its number; a free end of the other colour may lie
/// outside, so it counts nothing. `None` when the colours cannot hold two ends.
fn ends_allowed(problem: &Problem, region: &[Square], open: u8) -> Option<i64> {
    let board = &problem.board;
    let mut colours = [0i64; 2];
    for square in board.free_squares() {
        colours[board.colour(square) as usize] += 1;
    }
    let mut end_colours = match colours[0] - colours[1] {
        0 => vec![0u8, 1],
        1 => vec![0, 0],
        -1 => vec![1, 1],
        _ => return None,
    };
    let fixed: Vec<Square> = [problem.start, problem.end].into_iter().flatten().collect();
    let in_region: HashSet<Square> = region.iter().copied().collect();
    let mut allowed = 0i64;
    for &end in &fixed {
        let colour = board.colour(end);
        let at = end_colours.iter().position(|&wanted| wanted == colour)?;
        end_colours.swap_remove(at);
        if in_region.contains(&end) {
            allowed += if colour == open { 1 } else { -1 };
        }
    }
    let free_open = end_colours.iter().filter(|&&colour| colour == open).count();
    let room = region
        .iter()
        .filter(|&&square| board.colour(square) == open && !fixed.contains(&square))
        .count();
    Some(allowed + free_open.min(room) as i64)
}
