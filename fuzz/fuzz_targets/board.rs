//! Fuzz target: board files (`Board::parse_with_limit`) must parse or fail, never panic; a
//! pzprv3 file's board and answer lines write back to the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toursat::core::board::pzprv3::{self, DrawnLines};
use toursat::Board;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(board) = Board::parse_with_limit(text, 4_096) {
            // What parses writes back to the same board.
            let again = Board::parse_with_limit(&board.to_string(), 4_096);
            assert_eq!(again.as_ref(), Ok(&board));
        }
        if let Ok(file) = pzprv3::read_file(text, 4_096) {
            let drawn = file.drawn.unwrap_or_else(|| DrawnLines::new(&file.board));
            let written = pzprv3::write(&file.board, &drawn);
            let again = pzprv3::read_file(&written, 4_096).expect("a written file reads back");
            assert_eq!(again.board, file.board);
            let lines = again.drawn.unwrap_or_else(|| DrawnLines::new(&again.board));
            assert_eq!(lines, drawn);
        }
    }
});
