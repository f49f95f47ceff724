//! Fuzz target: tour files (`format::read::read_tour`) in every syntax must be read or refused,
//! never panic; a tour read back must lie on the board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{Board, Piece, Problem, TourShape};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let Ok(board) = Board::new(u64::from(shape % 5 + 1), u64::from(shape / 5 % 5 + 1)) else {
        return;
    };
    let tour_shape = if shape & 0x80 == 0 {
        TourShape::Open
    } else {
        TourShape::Closed
    };
    let problem = Problem::new(board, Piece::Rook, tour_shape).with_start(0);
    for syntax in [
        TourSyntax::Auto,
        TourSyntax::Squares,
        TourSyntax::Names,
        TourSyntax::Numbers,
        TourSyntax::Moves,
    ] {
        if let Ok(tour) = read_tour(&problem, text, syntax) {
            assert!(tour
                .squares()
                .iter()
                .all(|&square| problem.board.contains(square)));
            let _ = toursat::verify(&problem, &tour);
        }
    }
});
