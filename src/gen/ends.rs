//! Random fixed ends for an open tour of a generated board.

use super::GenError;
use crate::core::board::{Board, MarkedEnds, Square};
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, TourShape};
use crate::core::rng::{hash, SplitMix64};
use crate::engine::proof::cheap::cheap_proof;
use crate::engine::proof::open_ends::open_end_candidates;

/// Mixed into the seed so that the ends' draws do not repeat the board's.
const ENDS_STREAM: u64 = 0x656e_6473;

/// A start and an end for an open `piece` tour of `board`, drawn at random from `seed` (up to
/// `attempts` times) until the cheap proofs leave the tour between them open. When `piece`
/// alternates colours they are drawn with the colours an open tour needs: opposite colours
/// when the free squares of each colour are as many, both of the more numerous colour when it
/// has one more. Where every open tour must end is known, an end is drawn there: a square with
/// a single move (two such squares are both ends), else the squares of which, the engine
/// shows, every open tour takes one as an end (a source or sink piece of a 2-factor).
pub fn open_ends(
    board: &Board,
    piece: Piece,
    seed: u64,
    attempts: u32,
) -> Result<MarkedEnds, GenError> {
    let free: Vec<Square> = board.free_squares().collect();
    if free.len() < 2 {
        return Err(GenError::TooSmall(
            "an open tour between two fixed ends needs two free squares".to_string(),
        ));
    }
    let by_colour: [Vec<Square>; 2] = [0, 1].map(|colour| {
        free.iter()
            .copied()
            .filter(|&square| board.colour(square) == colour)
            .collect()
    });
    let graph = MoveGraph::new(board, piece);
    let open = Problem::new(board.clone(), piece, TourShape::Open);
    let single_move: Vec<Square> = free
        .iter()
        .copied()
        .filter(|&square| graph.degree(square) == 1)
        .collect();
    let must_end = if single_move.is_empty() {
        open_end_candidates(&open, &graph).unwrap_or_default()
    } else {
        single_move.clone()
    };
    // The squares the other end may take once one end is `end`, by colour.
    let more = usize::from(by_colour[1].len() > by_colour[0].len());
    let partners = |end: Square| -> &[Square] {
        if !piece.is_bipartite() {
            &free
        } else if by_colour[0].len() == by_colour[1].len() {
            &by_colour[1 - board.colour(end) as usize]
        } else {
            &by_colour[more]
        }
    };
    let mut rng = SplitMix64::new(hash(seed, ENDS_STREAM));
    let mut pick = |squares: &[Square]| squares[rng.below(squares.len() as u64) as usize];
    for _ in 0..attempts {
        let one = if must_end.is_empty() {
            let square = pick(&free);
            pick(partners(square))
        } else {
            pick(&must_end)
        };
        let other = match single_move[..] {
            [first, second, ..] => {
                if one == first {
                    second
                } else {
                    first
                }
            }
            _ => pick(partners(one)),
        };
        if one == other {
            continue;
        }
        let problem = open.clone().with_start(one).with_end(other);
        if cheap_proof(&problem, &graph).is_none() {
            return Ok(MarkedEnds {
                start: Some(one),
                end: Some(other),
            });
        }
    }
    Err(GenError::Failed(format!(
        "every start and end drawn in {attempts} attempts has no open {piece} tour between \
         them by the cheap proofs"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_ends_of_the_colours_an_open_tour_needs() {
        let even = Board::new(8, 8).unwrap();
        let odd = Board::new(7, 7).unwrap();
        for seed in 0..20 {
            let ends = open_ends(&even, Piece::Knight, seed, 100).unwrap();
            let (start, end) = (ends.start.unwrap(), ends.end.unwrap());
            assert_ne!(even.colour(start), even.colour(end));
            let ends = open_ends(&odd, Piece::Knight, seed, 100).unwrap();
            let (start, end) = (ends.start.unwrap(), ends.end.unwrap());
            assert_eq!((odd.colour(start), odd.colour(end)), (0, 0));
        }
    }

    #[test]
    fn a_square_with_a_single_move_is_an_end() {
        let mut board = Board::new(8, 8).unwrap();
        // The corner keeps one move, to (2, 1). Three draws: random ones would rarely meet it.
        board.block(board.square(1, 2));
        for seed in 0..10 {
            let ends = open_ends(&board, Piece::Knight, seed, 3).unwrap();
            assert!([ends.start, ends.end].contains(&Some(0)), "seed {seed}");
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_ends() {
        let board = Board::new(30, 30).unwrap();
        let draw = |seed| open_ends(&board, Piece::King, seed, 100).unwrap();
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
    }

    #[test]
    fn fails_where_the_cheap_proofs_refute_every_pair() {
        // A 2 x 2 board: no knight moves at all.
        let board = Board::new(2, 2).unwrap();
        assert!(matches!(
            open_ends(&board, Piece::Knight, 1, 50),
            Err(GenError::Failed(_))
        ));
    }
}
