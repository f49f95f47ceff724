//! Why a board has no tour, in the words of boards (squares named `x,y`).

use crate::core::board::Board;
use crate::core::plural::count_of;
use crate::core::square::coordinates;
use crate::engine::Impossibility;

/// Why no tour exists, in words.
pub fn explain(board: &Board, why: &Impossibility) -> String {
    let at = |square| coordinates(board, square);
    match why {
        Impossibility::TooFewSquares => "a closed tour needs at least two free squares".into(),
        Impossibility::ColourCount { even, odd, needed } => format!(
            "the piece alternates colours, and {even} free squares with x+y even and {odd} with x+y odd do not allow it ({needed})"
        ),
        Impossibility::TooFewMoves { square, moves } => {
            format!(
                "square {} has only {}",
                at(*square),
                count_of(*moves, "move", "moves")
            )
        }
        Impossibility::TooManyDeadEnds { squares } => {
            let names: Vec<String> = squares.iter().map(|&square| at(square)).collect();
            let have = match squares.len() {
                1 => "has",
                _ => "have",
            };
            format!(
                "{} {have} a single move ({}), but a tour has only two ends",
                count_of(squares.len(), "square", "squares"),
                names.join(" ")
            )
        }
        Impossibility::Disconnected { a, b } => {
            format!("no sequence of moves joins {} and {}", at(*a), at(*b))
        }
        Impossibility::CutSquare { square } => format!(
            "square {} splits the free squares, and a circuit cannot pass it twice",
            at(*square)
        ),
        Impossibility::EndPockets { pockets } => {
            let named: Vec<String> = pockets
                .iter()
                .map(|pocket| {
                    let (inside, cut) = (at(pocket.inside), at(pocket.cut));
                    format!("the pocket of {inside} through {cut}")
                })
                .collect();
            format!(
                "{} pockets of free squares are each joined to the rest through a single square \
                 ({}), and an open tour needs an end in each, but it has only {} to place",
                pockets.len(),
                named.join("; "),
                pockets.len() - 1
            )
        }
        Impossibility::MoveShortage {
            needed, possible, ..
        } => format!(
            "the piece alternates colours, so every tour move joins a square of one colour to one \
             of the other; the squares of one colour need {needed} tour moves, but a maximum \
             flow shows the board's moves can provide at most {possible} of them at once (some \
             group of squares has too few neighbours)"
        ),
        Impossibility::NoTwoFactor => "a circuit gives every free square two tour moves, and a \
            maximum matching shows the piece's moves cannot do that at every square at once (no \
            2-factor)"
            .into(),
        Impossibility::SealedRegions(proof) => {
            let sizes: Vec<String> = proof
                .regions
                .iter()
                .map(|region| region.squares.len().to_string())
                .collect();
            format!(
                "{} of {} free squares: counting tour moves by colour (an \
                 open tour's ends take one each), a tour takes every move that leaves such a \
                 region at its squares of one colour, and so none that leaves at the other \
                 (sealed) colour; without the sealed moves, no sequence of moves joins {} and {}",
                count_of(proof.regions.len(), "sealed region", "sealed regions"),
                sizes.join(", "),
                at(proof.inside),
                at(proof.outside)
            )
        }
        Impossibility::Theorem(theorem) => theorem.clone(),
        Impossibility::Exhausted { nodes } => {
            format!("the search tried every possibility ({nodes} nodes)")
        }
        Impossibility::Unsatisfiable => "the SAT solver proved the formula unsatisfiable".into(),
    }
}
