//! A rook board's moves drawn in text at twice its size: each square a character (its corner of
//! the loop, or `█` when blocked), the move east of it in the gap to its right, the move south
//! of it on the line below. `hint` draws a reasoning state so, `unique --backbone` its backbone.

use super::FormatError;
use crate::core::board::{Board, Square};
use std::io::Write;

/// The character of a free square joined to its neighbours by `links`: 1 north, 2 east, 4
/// south, 8 west (`·` for none).
fn corner(links: u8) -> char {
    const BY_LINKS: [char; 16] = [
        '·', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
    ];
    BY_LINKS[usize::from(links & 15)]
}

/// Writes `board` row by row: each free square `s` as the corner its `links(s)` make (see
/// [`corner`]), each blocked one as `█`, `east(s)` between it and the square to its right, and
/// on a line of its own below each row but the last, `south(s)` under it.
pub(super) fn write_move_grid(
    board: &Board,
    links: &dyn Fn(Square) -> u8,
    east: &dyn Fn(Square) -> char,
    south: &dyn Fn(Square) -> char,
    out: &mut dyn Write,
) -> Result<(), FormatError> {
    for y in 0..board.rows() {
        let mut squares_line = String::new();
        let mut gaps_line = String::new();
        for x in 0..board.cols() {
            let at = board.square(x, y);
            squares_line.push(match board.is_free(at) {
                false => '█',
                true => corner(links(at)),
            });
            gaps_line.push(south(at));
            if x + 1 < board.cols() {
                squares_line.push(east(at));
                gaps_line.push(' ');
            }
        }
        writeln!(out, "{}", squares_line.trim_end())?;
        if y + 1 < board.rows() {
            writeln!(out, "{}", gaps_line.trim_end())?;
        }
    }
    Ok(())
}
