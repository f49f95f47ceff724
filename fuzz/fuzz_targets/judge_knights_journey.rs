//! Fuzz target: the knights_journey judge input must be answered or refused with an error, never panic.
#![no_main]

#[path = "judge_common.rs"]
mod judge_common;

use libfuzzer_sys::fuzz_target;
use toursat::judge::knights_journey;

fuzz_target!(|data: &[u8]| {
    let mut output = Vec::new();
    let _ = knights_journey::run(data, &mut output, &judge_common::options());
});
