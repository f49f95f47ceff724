//! Checks of the connectivity arguments: disconnected squares and cut squares, by search.

use super::{at, free_count, require_free, Moves};
use crate::core::board::Square;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};
use crate::engine::Pocket;

/// The squares a breadth-first search of the moves reaches from `root`, taking only the moves
/// `(from, to)` that `keep` keeps; returns a flag per square and how many were reached.
pub(super) fn reached_from(
    moves: &Moves,
    root: Square,
    keep: impl Fn(Square, Square) -> bool,
) -> (Vec<bool>, usize) {
    let mut reached = vec![false; moves.board.len()];
    reached[root as usize] = true;
    let mut queue = vec![root];
    let mut next = 0;
    while let Some(&square) = queue.get(next) {
        next += 1;
        for target in moves.from(square) {
            if keep(square, target) && !reached[target as usize] {
                reached[target as usize] = true;
                queue.push(target);
            }
        }
    }
    (reached, queue.len())
}

/// No sequence of moves joins `a` to `b`.
pub(super) fn disconnected(
    problem: &Problem,
    moves: &Moves,
    a: Square,
    b: Square,
) -> Result<String, String> {
    let board = &problem.board;
    require_free(board, a)?;
    require_free(board, b)?;
    let (reached, count) = reached_from(moves, a, |_, _| true);
    if reached[b as usize] {
        return Err(format!(
            "a search from {} reaches {}",
            at(board, a),
            at(board, b)
        ));
    }
    Ok(format!(
        "a search from {} reached {count} squares, not {}",
        at(board, a),
        at(board, b)
    ))
}

/// Without `square`, the other free squares fall apart, and a circuit of three squares or
/// more, less one square, is a path through all the others.
pub(super) fn cut_square(
    problem: &Problem,
    moves: &Moves,
    square: Square,
) -> Result<String, String> {
    let board = &problem.board;
    require_free(board, square)?;
    let squares = free_count(board);
    if problem.shape != TourShape::Closed || squares < 3 {
        return Err("a cut square rules out only circuits of three squares or more".to_string());
    }
    let root = (0..board.len() as Square)
        .find(|&other| other != square && board.is_free(other))
        .ok_or("the board has no other free square")?;
    let (_, count) = reached_from(moves, root, |_, target| target != square);
    if count == squares - 1 {
        return Err(format!(
            "the free squares stay joined without {}",
            at(board, square)
        ));
    }
    Ok(format!(
        "a search from {} without {} reached {count} of the other {} free squares",
        at(board, root),
        at(board, square),
        squares - 1
    ))
}

/// Each pocket is what a search from its square reaches without its cut square, with free
/// squares beyond the cut square and no fixed end; the pockets are disjoint; and they are more
/// than the ends an open tour has left to place.
pub(super) fn end_pockets(
    problem: &Problem,
    moves: &Moves,
    pockets: &[Pocket],
) -> Result<String, String> {
    let searched = searched_pockets(problem, moves, pockets)?;
    if pockets.len() <= searched.ends_left {
        return Err(searched.count());
    }
    Ok(searched.findings())
}

/// As [`end_pockets`], with the pockets exactly as many as the ends left to place: then each
/// holds one of them, and no end lies elsewhere. Each free square's flag, whether it lies in a
/// pocket, and what the check found.
pub(super) fn pockets_take_the_ends(
    problem: &Problem,
    moves: &Moves,
    pockets: &[Pocket],
) -> Result<(Vec<bool>, String), String> {
    let searched = searched_pockets(problem, moves, pockets)?;
    if pockets.len() != searched.ends_left {
        return Err(searched.count());
    }
    let in_pocket = searched
        .owner
        .iter()
        .map(|&owner| owner != usize::MAX)
        .collect();
    Ok((in_pocket, searched.findings()))
}

/// The pockets of an open tour, each searched from its square without its cut square.
struct SearchedPockets {
    /// Each square's pocket (`usize::MAX` in none).
    owner: Vec<usize>,
    /// Each pocket's squares, counted.
    sizes: Vec<usize>,
    /// The ends the tour has left to place: two less the fixed ones.
    ends_left: usize,
}

impl SearchedPockets {
    /// The pockets and the ends left to place, counted in words.
    fn count(&self) -> String {
        format!(
            "{} for {} to place",
            count_of(self.sizes.len(), "pocket", "pockets"),
            count_of(self.ends_left, "end", "ends")
        )
    }

    /// What the searches found, in words.
    fn findings(&self) -> String {
        let sizes: Vec<String> = self.sizes.iter().map(usize::to_string).collect();
        format!(
            "searches without each cut square found {} disjoint pockets of {} squares, without a \
             fixed end, for {} to place",
            self.sizes.len(),
            sizes.join(", "),
            count_of(self.ends_left, "end", "ends")
        )
    }
}

/// Searches each pocket from its square without its cut square: it must have free squares
/// beyond the cut square and no fixed end, and the pockets must be disjoint; an open tour then
/// has an end in each. The search of a pocket stops at the first square another pocket took,
/// so the checks take time linear in the board.
fn searched_pockets(
    problem: &Problem,
    moves: &Moves,
    pockets: &[Pocket],
) -> Result<SearchedPockets, String> {
    let board = &problem.board;
    let squares = free_count(board);
    if problem.shape != TourShape::Open || squares < 3 {
        return Err(
            "pockets hold the ends only of open tours of three squares or more".to_string(),
        );
    }
    let fixed: Vec<Square> = [problem.start, problem.end].into_iter().flatten().collect();
    let ends_left = 2 - fixed.len().min(2);
    let mut owner = vec![usize::MAX; board.len()];
    let mut sizes = Vec::with_capacity(pockets.len());
    for (index, pocket) in pockets.iter().enumerate() {
        require_free(board, pocket.cut)?;
        require_free(board, pocket.inside)?;
        let name = format!(
            "the pocket of {} behind {}",
            at(board, pocket.inside),
            at(board, pocket.cut)
        );
        if pocket.inside == pocket.cut {
            return Err(format!("{name} is its own cut square"));
        }
        let other = owner[pocket.inside as usize];
        if other != usize::MAX {
            return Err(format!("{name} lies in pocket {other}"));
        }
        let mut queue = vec![pocket.inside];
        owner[pocket.inside as usize] = index;
        let mut next = 0;
        while let Some(&square) = queue.get(next) {
            next += 1;
            if fixed.contains(&square) {
                return Err(format!("{name} holds the fixed end {}", at(board, square)));
            }
            for target in moves.from(square).filter(|&target| target != pocket.cut) {
                match owner[target as usize] {
                    usize::MAX => {
                        owner[target as usize] = index;
                        queue.push(target);
                    }
                    other if other != index => {
                        return Err(format!("{name} meets pocket {other}"));
                    }
                    _ => {}
                }
            }
        }
        if queue.len() + 1 >= squares {
            return Err(format!("{name} is every free square but its cut square"));
        }
        sizes.push(queue.len());
    }
    Ok(SearchedPockets {
        owner,
        sizes,
        ends_left,
    })
}
