//! Text read from a file or a stream: bounded in bytes, checked as UTF-8 while it is read.
//!
//! Every board, graph and tour file goes through [`read_text`]: reading stops as soon as the
//! input passes its limit, holds a byte that is not UTF-8 text or holds a NUL byte (which no
//! text format of toursat has), and the error names the line. A byte-order mark opening the
//! text, as some editors write, is dropped.

use std::fmt;
use std::io::{self, ErrorKind, Read};

/// The byte-order mark some editors write at the start of a UTF-8 file; readers skip it.
pub const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// Bytes read at a time, each chunk checked before the next is read.
const CHUNK_BYTES: usize = 1 << 16;

/// Why a text input could not be read.
#[derive(Debug)]
pub enum TextError {
    /// Reading failed.
    Io(io::Error),
    /// The input holds more bytes than the limit.
    TooLong {
        /// The most bytes allowed.
        limit: u64,
    },
    /// A byte sequence that is not UTF-8.
    NotUtf8 {
        /// Its 1-based line.
        line: usize,
    },
    /// A NUL byte: the input is binary, not text.
    NulByte {
        /// Its 1-based line.
        line: usize,
    },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Io(error) => write!(f, "{error}"),
            TextError::TooLong { limit } => {
                write!(
                    f,
                    "the input is longer than {limit} bytes, the most allowed"
                )
            }
            TextError::NotUtf8 { line } => write!(f, "line {line}: the input is not UTF-8 text"),
            TextError::NulByte { line } => {
                write!(f, "line {line}: a NUL byte: the input is not text")
            }
        }
    }
}

impl std::error::Error for TextError {}

/// Reads all of `input` as text of at most `limit` bytes, without a leading byte-order mark.
///
/// ```
/// use toursat::core::text_input::{read_text, TextError};
/// assert_eq!(read_text(&b"\xEF\xBB\xBF..\n"[..], 100).unwrap(), "..\n");
/// assert!(matches!(read_text(&b"..\n\xFF\n"[..], 100), Err(TextError::NotUtf8 { line: 2 })));
/// assert!(matches!(read_text(&[b'.'; 101][..], 100), Err(TextError::TooLong { limit: 100 })));
/// ```
pub fn read_text(mut input: impl Read, limit: u64) -> Result<String, TextError> {
    let mut bytes: Vec<u8> = Vec::new();
    let mut checked = 0;
    let mut lines_checked = 0;
    loop {
        // At least one byte: the input has not yet passed the limit.
        let room = (limit.saturating_add(1) - bytes.len() as u64).min(CHUNK_BYTES as u64);
        let start = bytes.len();
        bytes.resize(start + room as usize, 0);
        let read = input.read(&mut bytes[start..]);
        bytes.truncate(start + *read.as_ref().unwrap_or(&0));
        let read = match read {
            Ok(read) => read,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(TextError::Io(error)),
        };
        if bytes.len() as u64 > limit {
            return Err(TextError::TooLong { limit });
        }
        let at_end = read == 0;
        let fresh = &bytes[checked..];
        let valid = match std::str::from_utf8(fresh) {
            Ok(_) => fresh.len(),
            // A character cut by the chunk's end: checked with the next chunk.
            Err(error) if error.error_len().is_none() && !at_end => error.valid_up_to(),
            Err(error) => {
                let line = lines_checked + newlines(&fresh[..error.valid_up_to()]) + 1;
                return Err(TextError::NotUtf8 { line });
            }
        };
        if let Some(nul) = fresh[..valid].iter().position(|&byte| byte == 0) {
            let line = lines_checked + newlines(&fresh[..nul]) + 1;
            return Err(TextError::NulByte { line });
        }
        lines_checked += newlines(&fresh[..valid]);
        checked += valid;
        if at_end {
            break;
        }
    }
    let mut text = String::from_utf8(bytes).map_err(|_| TextError::NotUtf8 { line: 1 })?;
    if text.starts_with(BYTE_ORDER_MARK) {
        text.drain(..BYTE_ORDER_MARK.len_utf8());
    }
    Ok(text)
}

/// The line ends in `bytes`.
fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte a call, so that characters are cut between chunks.
    struct ByteByByte<'a>(&'a [u8]);

    impl Read for ByteByByte<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buffer[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn characters_cut_between_reads_are_read_whole() {
        let text = "é ü\n∀ 𝄞\n";
        assert_eq!(read_text(ByteByByte(text.as_bytes()), 100).unwrap(), text);
    }

    #[test]
    fn a_character_cut_by_the_end_is_not_utf8_on_its_line() {
        let error = read_text(ByteByByte(b"1 2\n2 3\n\xE2\x88"), 100).unwrap_err();
        assert!(matches!(error, TextError::NotUtf8 { line: 3 }), "{error:?}");
    }

    #[test]
    fn binary_input_is_refused_at_its_first_chunk() {
        let zeros = io::repeat(0);
        let error = read_text(zeros, u64::MAX / 2).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1: a NUL byte: the input is not text"
        );
    }

    #[test]
    fn the_limit_counts_bytes_exactly() {
        assert_eq!(read_text(&b"1234"[..], 4).unwrap(), "1234");
        assert!(matches!(
            read_text(&b"12345"[..], 4),
            Err(TextError::TooLong { limit: 4 })
        ));
    }

    #[test]
    fn only_a_leading_byte_order_mark_is_dropped() {
        let text = "\u{FEFF}1 2\n\u{FEFF}";
        assert_eq!(read_text(text.as_bytes(), 100).unwrap(), "1 2\n\u{FEFF}");
    }
}
