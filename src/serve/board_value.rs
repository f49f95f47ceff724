//! A board as the page takes it, the shape in which `/api/board`, `/api/gen` and `/api/hint`
//! answer one.

use crate::core::board::{Board, MarkedEnds};
use serde_json::json;

/// A board as the page takes it: `rows`, `cols`, `blocked` (`[x, y]`s), `start` and `end`
/// (`[x, y]` or null) and `text` (the board file).
pub fn board_value(board: &Board, ends: MarkedEnds) -> serde_json::Value {
    let xy = |square: crate::Square| {
        let (x, y) = board.coords(square);
        [x, y]
    };
    let blocked: Vec<[u32; 2]> = (0..board.len() as crate::Square)
        .filter(|&square| !board.is_free(square))
        .map(xy)
        .collect();
    json!({
        "rows": board.rows(),
        "cols": board.cols(),
        "blocked": blocked,
        "start": ends.start.map(xy),
        "end": ends.end.map(xy),
        "text": board.marked_text(ends),
    })
}
