//! Fuzz target: the knight-tour judge input (on a board of the first byte's size) must be
//! answered or refused with an error, never panic.
#![no_main]

#[path = "judge_common.rs"]
mod judge_common;

use libfuzzer_sys::fuzz_target;
use toursat::judge::knight_tour;
use toursat::Board;

fuzz_target!(|data: &[u8]| {
    let Some((&size, input)) = data.split_first() else {
        return;
    };
    let Ok(board) = Board::new(u64::from(size % 8 + 1), u64::from(size / 8 % 8 + 1)) else {
        return;
    };
    let mut output = Vec::new();
    let _ = knight_tour::run(input, &mut output, &board, &judge_common::options());
});
