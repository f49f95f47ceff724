//! Checks of the counting arguments: too few squares, colour counts, too few moves, dead ends.

use super::{at, free_count, require_free, Moves};
use crate::core::board::Square;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};

/// A closed tour needs two free squares.
pub(super) fn too_few_squares(problem: &Problem) -> Result<String, String> {
    let squares = free_count(&problem.board);
    if problem.shape == TourShape::Closed && squares < 2 {
        Ok(format!(
            "recounted {}",
            count_of(squares, "free square", "free squares")
        ))
    } else {
        Err(format!(
            "a {} tour of {squares} free squares is not ruled out by their number",
            problem.shape
        ))
    }
}

/// The colour counts, recounted, forbid a tour that alternates colours.
pub(super) fn colour_count(
    problem: &Problem,
    moves: &Moves,
    even: usize,
    odd: usize,
) -> Result<String, String> {
    let board = &problem.board;
    if !moves.alternate_colours() {
        return Err(format!("the {} does not alternate colours", problem.piece));
    }
    let (mut counted_even, mut counted_odd) = (0, 0);
    for square in 0..board.len() as Square {
        if board.is_free(square) {
            let (x, y) = board.coords(square);
            if (x + y) % 2 == 0 {
                counted_even += 1;
            } else {
                counted_odd += 1;
            }
        }
    }
    if (counted_even, counted_odd) != (even, odd) {
        return Err(format!(
            "the board has {counted_even} even and {counted_odd} odd free squares, not {even} and {odd}"
        ));
    }
    let colour = |square: Square| {
        let (x, y) = board.coords(square);
        (x + y) % 2
    };
    let ends: Vec<u32> = [problem.start, problem.end]
        .into_iter()
        .flatten()
        .map(colour)
        .collect();
    let more_numerous = u32::from(odd > even);
    let forbidden = match problem.shape {
        TourShape::Closed => even != odd,
        // An even path has one end on each colour; an odd one both on the more numerous colour.
        TourShape::Open if (even + odd) % 2 == 0 => {
            even != odd || (ends.len() == 2 && ends[0] == ends[1])
        }
        TourShape::Open => even.abs_diff(odd) != 1 || ends.iter().any(|&end| end != more_numerous),
    };
    let fixed = if ends.is_empty() || problem.shape == TourShape::Closed {
        String::new()
    } else {
        format!(
            " and the colours of the {}",
            count_of(ends.len(), "fixed end", "fixed ends")
        )
    };
    if forbidden {
        Ok(format!(
            "recounted {even} even and {odd} odd free squares{fixed}"
        ))
    } else {
        Err(format!(
            "{even} even and {odd} odd free squares{fixed} allow an {} tour",
            problem.shape
        ))
    }
}

/// The moves a tour needs at every square: two for a circuit of three squares or more, one
/// for a circuit of two or a path, none for a single square.
fn moves_needed(problem: &Problem, squares: usize) -> usize {
    match problem.shape {
        TourShape::Closed if squares >= 3 => 2,
        _ if squares >= 2 => 1,
        _ => 0,
    }
}

/// The square has fewer moves, recounted, than a tour needs there.
pub(super) fn too_few_moves(
    problem: &Problem,
    moves: &Moves,
    square: Square,
    count: usize,
) -> Result<String, String> {
    let board = &problem.board;
    require_free(board, square)?;
    let counted = moves.from(square).count();
    let needed = moves_needed(problem, free_count(board));
    if counted != count {
        return Err(format!(
            "square {} has {counted} moves, not {count}",
            at(board, square)
        ));
    }
    if counted >= needed {
        return Err(format!(
            "square {} has {counted} moves, as many as a tour needs there ({needed})",
            at(board, square)
        ));
    }
    Ok(format!(
        "recounted {} from {}, where a tour needs {needed}",
        count_of(counted, "move", "moves"),
        at(board, square)
    ))
}

/// The squares each have a single move, recounted, and are more than an open tour's two ends
/// (less those the problem fixes) can hold.
pub(super) fn too_many_dead_ends(
    problem: &Problem,
    moves: &Moves,
    squares: &[Square],
) -> Result<String, String> {
    let board = &problem.board;
    if problem.shape != TourShape::Open || free_count(board) < 2 {
        return Err("dead ends rule out only open tours of two squares or more".to_string());
    }
    let mut listed = vec![false; board.len()];
    for &square in squares {
        require_free(board, square)?;
        if std::mem::replace(&mut listed[square as usize], true) {
            return Err(format!("square {} is listed twice", at(board, square)));
        }
        let counted = moves.from(square).count();
        if counted != 1 {
            return Err(format!(
                "square {} has {counted} moves, not one",
                at(board, square)
            ));
        }
    }
    // Every square with one move is an end of an open tour; a fixed end takes one of the two
    // (a fixed start that is also the fixed end leaves no tour of two squares at all).
    let fixed: Vec<Square> = [problem.start, problem.end].into_iter().flatten().collect();
    let unfixed = squares
        .iter()
        .filter(|square| !fixed.contains(square))
        .count();
    let free_ends = 2 - fixed.len();
    if squares.len() > 2 || unfixed > free_ends {
        Ok(format!(
            "recounted a single move at each of the {}, {unfixed} of them not a fixed end, where the tour has {} left",
            count_of(squares.len(), "square", "squares"),
            count_of(free_ends, "end", "ends")
        ))
    } else {
        Err(format!(
            "{} dead ends, {unfixed} of them not fixed, fit the two ends of an open tour",
            squares.len()
        ))
    }
}
