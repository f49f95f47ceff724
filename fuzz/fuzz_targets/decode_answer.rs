//! Fuzz target: a solver's answer decoded for a small problem (`Decoder::read`, then
//! `Decoder::tour`) never panics, a tour it gives verifies, and without a checked formula an
//! unsatisfiable answer is never taken as a proof of no tour.
#![no_main]

#[path = "decode_common.rs"]
mod decode_common;

use libfuzzer_sys::fuzz_target;
use toursat::engine::sat::exchange::model::{DecodeError, Decoder};
use toursat::verify::board::verify;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let (problem, encoding) = decode_common::problem(pick);
    let decoder = Decoder::new(&problem, encoding).unwrap();
    let Ok(answer) = decoder.read(text) else {
        return;
    };
    match decoder.tour(&answer) {
        Ok(tour) => assert_eq!(verify(&problem, &tour), Ok(())),
        Err(DecodeError::Unsatisfiable) => panic!("an unchecked UNSAT taken as a proof"),
        Err(DecodeError::InvalidTour(error)) => panic!("a decoded tour fails: {error}"),
        Err(_) => {}
    }
});
