//! Why a board has no tour, in one plain sentence in the board's own words: squares named as
//! its labels name them (`A1` the top-left corner, as the pictures and `--start` read them),
//! colours light and dark as the pictures draw them.

use super::{forced_named, forced_steps_taken};
use crate::core::board::{Board, Square};
use crate::core::piece::Piece;
use crate::core::plural::count_of;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::name;
use crate::engine::proof::regions::RegionProof;
use crate::engine::{ForcedEnd, ForcedProof, Impossibility};

/// Why no tour of `problem` exists, in one sentence.
pub fn explain(problem: &Problem, why: &Impossibility) -> String {
    let board = &problem.board;
    let at = |square| name(board, square);
    let piece = problem.piece;
    match why {
        // Only graph files are solved piece by piece (`explain_graph` words it); said here in
        // a board's words all the same.
        Impossibility::PieceWithoutPassage(proof) => format!(
            "every tour passes through a part of {} by the pairs of {piece} moves that cut it \
             off, and the part has no such passage",
            count_of(proof.vertices.len(), "square", "squares")
        ),
        Impossibility::TooFewSquares => format!(
            "a closed tour needs at least two free squares, and the board has {}",
            count_of(board.free_count(), "free square", "free squares")
        ),
        Impossibility::ColourCount { even, odd, .. } => colour_count(problem, *even, *odd),
        Impossibility::TooFewMoves { square, moves: 0 } => {
            format!(
                "no {piece} move leads to {}, so no tour can visit it",
                at(*square)
            )
        }
        Impossibility::TooFewMoves { square, .. } => format!(
            "{} has a single {piece} move, but {} enters and leaves every square by two",
            at(*square),
            tour_words(problem)
        ),
        Impossibility::TooManyDeadEnds { squares } => match &squares[..] {
            [square] => format!(
                "{} has a single {piece} move, so it would have to be an end of the tour, but {}",
                at(*square),
                ends_left(problem)
            ),
            _ => format!(
                "{} each have a single {piece} move, so each would have to be an end of the \
                 tour, but {}",
                listed(squares.iter().map(|&square| at(square))),
                ends_left(problem)
            ),
        },
        Impossibility::Disconnected { a, b } => format!(
            "no sequence of {piece} moves leads from {} to {}, so no tour visits both",
            at(*a),
            at(*b)
        ),
        Impossibility::CutSquare { square } => format!(
            "every way between two parts of the board goes through {}, so a closed tour would \
             have to pass through it twice",
            at(*square)
        ),
        Impossibility::EndPockets { pockets } => match &pockets[..] {
            [pocket] => format!(
                "{} lies in a pocket reached only through {}, so an open tour must end in it, \
                 but both its ends are fixed elsewhere",
                at(pocket.inside),
                at(pocket.cut)
            ),
            _ => format!(
                "{} lie in pockets reached only through one square each ({}), so an open tour \
                 must end in each pocket, but it has only {} to place",
                listed(pockets.iter().map(|pocket| at(pocket.inside))),
                listed(pockets.iter().map(|pocket| at(pocket.cut))),
                count_of(pockets.len() - 1, "end", "ends")
            ),
        },
        Impossibility::MoveShortage {
            needed, possible, ..
        } => format!(
            "every {piece} move joins a light and a dark square, and the squares of one colour \
             need {needed} tour moves, but the board's moves can give them at most {possible} \
             at once"
        ),
        Impossibility::NoTwoFactor => format!(
            "the {piece}'s moves cannot give every square the two tour moves a closed tour \
             needs, all at once"
        ),
        Impossibility::ForcedMoves(proof) => forced_moves(problem, proof),
        Impossibility::SealedRegions(proof) => sealed_regions(problem, proof),
        Impossibility::Theorem(_) => format!(
            "a theorem on knight's tours says that no {} x {} board has {}",
            board.rows(),
            board.cols(),
            shape_words(problem.shape, "knight's")
        ),
        Impossibility::Exhausted { .. } => {
            format!("a search through every sequence of {piece} moves found no tour")
        }
        Impossibility::Unsatisfiable => {
            "the SAT solver proved that no choice of moves forms a tour".into()
        }
    }
}

/// The squares a sentence of [`explain`] names, in its order.
pub fn named_squares(problem: &Problem, why: &Impossibility) -> Vec<Square> {
    match why {
        Impossibility::ColourCount { .. } => colour_count_ends(problem),
        Impossibility::TooFewMoves { square, .. } | Impossibility::CutSquare { square } => {
            vec![*square]
        }
        Impossibility::TooManyDeadEnds { squares } => squares.clone(),
        Impossibility::Disconnected { a, b } => vec![*a, *b],
        Impossibility::EndPockets { pockets } => pockets
            .iter()
            .flat_map(|pocket| [pocket.inside, pocket.cut])
            .collect(),
        Impossibility::SealedRegions(proof) => vec![proof.inside, proof.outside],
        Impossibility::ForcedMoves(proof) => forced_named(proof),
        _ => Vec::new(),
    }
}

/// The sentence of an [`Impossibility::ForcedMoves`]: the rule, where it starts and where it
/// ends.
fn forced_moves(problem: &Problem, proof: &ForcedProof) -> String {
    let board = &problem.board;
    let at = |square| name(board, square);
    let taken = forced_steps_taken(&proof.steps, "the board", "squares", at);
    let rule = format!(
        "{} uses both moves of a square that has only two left",
        tour_words(problem)
    );
    match &proof.end {
        ForcedEnd::TooFewMoves(square) => format!(
            "{rule}, and {taken} leaves {} fewer than two {} moves to use",
            at(*square),
            problem.piece
        ),
        ForcedEnd::Loop(squares) => format!(
            "{rule}, and {taken} closes a loop of {} through {}, short of all {} free squares",
            count_of(squares.len(), "square", "squares"),
            at(squares[0]),
            board.free_count()
        ),
    }
}

/// The colour of squares with `x + y` even (`0`, A1's) and odd (`1`), as the pictures draw
/// them.
pub(super) fn shade(colour: u8) -> &'static str {
    match colour {
        0 => "light",
        _ => "dark",
    }
}

/// `a closed knight's tour`, `an open rook's tour`, `a closed leaper:1,4 tour`.
fn tour_words(problem: &Problem) -> String {
    let piece = match problem.piece {
        Piece::Leaper(..) => format!("{}", problem.piece),
        piece => format!("{piece}'s"),
    };
    shape_words(problem.shape, &piece)
}

/// `a closed PIECE tour` or `an open PIECE tour`.
fn shape_words(shape: TourShape, piece: &str) -> String {
    match shape {
        TourShape::Closed => format!("a closed {piece} tour"),
        TourShape::Open => format!("an open {piece} tour"),
    }
}

/// `A`, `A and B`, `A, B and C`.
fn listed(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, others)) => format!("{} and {last}", others.join(", ")),
        None => String::new(),
    }
}

/// The light and dark counts: `32 light and 31 dark`.
fn counts(even: usize, odd: usize) -> String {
    format!("{even} {} and {odd} {}", shade(0), shade(1))
}

/// The fixed ends a colour count names: both, when they share a colour an open tour of an
/// even number of squares cannot end on; those on the colour with fewer squares, when an open
/// tour of an odd number must start and end on the other; none otherwise.
fn colour_count_ends(problem: &Problem) -> Vec<Square> {
    let board = &problem.board;
    let ends: Vec<Square> = [problem.start, problem.end].into_iter().flatten().collect();
    let odd = board
        .free_squares()
        .filter(|&s| board.colour(s) == 1)
        .count();
    let even = board.free_count() - odd;
    match (problem.shape, even.abs_diff(odd)) {
        (TourShape::Open, 0) => match ends[..] {
            [start, end] if board.colour(start) == board.colour(end) => ends,
            _ => Vec::new(),
        },
        (TourShape::Open, 1) => {
            let majority = u8::from(odd > even);
            let wrong = ends.into_iter().filter(|&s| board.colour(s) != majority);
            wrong.collect()
        }
        _ => Vec::new(),
    }
}

/// The colour count in words, naming the ends at fault if the ends are the fault.
fn colour_count(problem: &Problem, even: usize, odd: usize) -> String {
    let board = &problem.board;
    let tour = format!("{} of {} squares", tour_words(problem), even + odd);
    let ends = colour_count_ends(problem);
    let names = listed(ends.iter().map(|&square| name(board, square)));
    match (problem.shape, (even + odd) % 2, &ends[..]) {
        (TourShape::Open, 0, [_, _]) => format!(
            "{names} have the same colour, but {tour} ends on the other colour from where it \
             starts"
        ),
        (TourShape::Open, _, [end, ..]) => format!(
            "{names} {} {} {}, but {tour} starts and ends on the colour with more squares ({})",
            if ends.len() == 1 { "is a" } else { "are" },
            shade(board.colour(*end)),
            if ends.len() == 1 { "square" } else { "squares" },
            counts(even, odd)
        ),
        (TourShape::Open, 1, _) => format!(
            "{tour} alternates colours, so it needs one more square of one colour than of the \
             other, but the board has {}",
            counts(even, odd)
        ),
        _ => format!(
            "{tour} alternates colours, so it needs as many light squares as dark ones, but the \
             board has {}",
            counts(even, odd)
        ),
    }
}

/// What a tour with dead ends has left: two ends, one, or none (both fixed elsewhere).
fn ends_left(problem: &Problem) -> String {
    let at = |square| name(&problem.board, square);
    match (problem.start, problem.end) {
        (None, None) => "an open tour has only two ends".to_string(),
        (Some(end), None) | (None, Some(end)) => {
            format!("one end is fixed at {}, which leaves only one", at(end))
        }
        (Some(start), Some(end)) => {
            format!("the tour's ends are fixed at {} and {}", at(start), at(end))
        }
    }
}

/// The sealed regions in words: which moves no tour uses, and which two squares that parts.
fn sealed_regions(problem: &Problem, proof: &RegionProof) -> String {
    let board: &Board = &problem.board;
    let (regions, their) = match &proof.regions[..] {
        [region] => (
            format!("the region of {} squares", region.squares.len()),
            "its",
        ),
        regions => {
            let sizes = regions
                .iter()
                .map(|region| region.squares.len().to_string());
            let sizes = format!("{} regions of {} squares", regions.len(), listed(sizes));
            (sizes, "their")
        }
    };
    let colours = proof.regions.iter().map(|region| region.sealed_colour);
    let sealed = match colours.clone().min() == colours.max() {
        true => format!("{} squares", shade(proof.regions[0].sealed_colour)),
        false => "sealed squares".to_string(),
    };
    format!(
        "counting tour moves by colour shows that {} never leaves {regions} at {their} {sealed}, \
         and without those moves nothing leads from {} to {}",
        tour_words(problem),
        name(board, proof.inside),
        name(board, proof.outside)
    )
}
