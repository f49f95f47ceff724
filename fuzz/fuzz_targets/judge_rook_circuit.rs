//! Fuzz target: the rook_circuit judge input must be answered or refused with an error, never panic.
#![no_main]

#[path = "judge_common.rs"]
mod judge_common;

use libfuzzer_sys::fuzz_target;
use toursat::judge::rook_circuit;

fuzz_target!(|data: &[u8]| {
    let mut output = Vec::new();
    let _ = rook_circuit::run(data, &mut output, &judge_common::options());
});
