//! Fuzz target: board files (`Board::parse_with_limit`) must parse or fail, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::Board;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(board) = Board::parse_with_limit(text, 4_096) {
            // What parses writes back to the same board.
            let again = Board::parse_with_limit(&board.to_string(), 4_096);
            assert_eq!(again.as_ref(), Ok(&board));
        }
    }
});
