//! Fuzz target: solver answers (`SolverAnswer::parse`) must be read or refused, never panic; a
//! model has one value for each of the formula's variables.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::engine::sat::exchange::answer::SolverAnswer;

fuzz_target!(|data: &[u8]| {
    let Some((&count, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let var_count = usize::from(count);
    if let Ok(SolverAnswer::Satisfiable(values)) = SolverAnswer::parse(text, var_count) {
        assert_eq!(values.len(), var_count);
    }
});
