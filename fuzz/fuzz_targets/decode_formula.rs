//! Fuzz target: a formula file checked against a small problem (`Decoder::check_formula`)
//! never panics, and is accepted only when its clauses are those toursat writes for the
//! problem; only then is an unsatisfiable answer a proof, and only for a complete formula.
#![no_main]

#[path = "decode_common.rs"]
mod decode_common;

use libfuzzer_sys::fuzz_target;
use toursat::engine::sat::exchange::answer::SolverAnswer;
use toursat::engine::sat::exchange::model::{DecodeError, Decoder};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let (problem, encoding) = decode_common::problem(pick);
    let mut decoder = Decoder::new(&problem, encoding).unwrap();
    let checked = decoder.check_formula(text);
    if checked.is_ok() {
        let genuine = decode_common::genuine(&problem, encoding);
        assert_eq!(
            decode_common::clauses(text),
            decode_common::clauses(&genuine),
            "a changed formula accepted"
        );
    }
    let proved = decoder.tour(&SolverAnswer::Unsatisfiable) == Err(DecodeError::Unsatisfiable);
    let complete = checked.is_ok_and(|checked| checked.identity.complete);
    assert_eq!(proved, complete && encoding.is_complete());
});
