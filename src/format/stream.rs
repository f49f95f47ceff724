//! Streaming output for tours too large to hold: squares written as an iterator yields them.

use crate::core::board::{Board, Square};
use crate::core::square::column_letters;
use std::io::{self, Write};

/// The formats a streamed tour can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamFormat {
    /// 1-based row-major numbers separated by spaces, one line.
    Numbers,
    /// One `x,y` a line.
    Squares,
    /// Chess names run together, one line.
    Names,
}

/// Writes the squares of `squares` on `board` in `format` to `out` as they come.
pub fn write_stream(
    board: &Board,
    squares: impl Iterator<Item = Square>,
    format: StreamFormat,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut number = itoa::Buffer::new();
    let mut first = true;
    for square in squares {
        match format {
            StreamFormat::Numbers => {
                if !first {
                    out.write_all(b" ")?;
                }
                out.write_all(number.format(square as u64 + 1).as_bytes())?;
            }
            StreamFormat::Squares => {
                let (x, y) = board.coords(square);
                out.write_all(number.format(x).as_bytes())?;
                out.write_all(b",")?;
                out.write_all(number.format(y).as_bytes())?;
                out.write_all(b"\n")?;
            }
            StreamFormat::Names => {
                let (x, y) = board.coords(square);
                out.write_all(column_letters(x).as_bytes())?;
                out.write_all(number.format(y + 1).as_bytes())?;
            }
        }
        first = false;
    }
    if format != StreamFormat::Squares && !first {
        out.write_all(b"\n")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(format: StreamFormat) -> String {
        let board = Board::new(2, 3).unwrap();
        let mut out = Vec::new();
        write_stream(&board, [0, 4, 2].into_iter(), format, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn streams_each_format_like_the_whole_tour_formats() {
        assert_eq!(written(StreamFormat::Numbers), "1 5 3\n");
        assert_eq!(written(StreamFormat::Squares), "0,0\n1,1\n2,0\n");
        assert_eq!(written(StreamFormat::Names), "A1B2C1\n");
    }
}
