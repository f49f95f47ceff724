//! Reading the JSON format back: the `tour` of a document whose answer is `found`.

use super::ReadError;
use crate::core::board::Board;
use crate::core::tour::Tour;
use serde_json::Value;

/// Reads the tour of a JSON document (docs/json.md) on `board`.
pub(super) fn read_json(board: &Board, text: &str) -> Result<Tour, ReadError> {
    let document: Value = serde_json::from_str(text)
        .map_err(|error| ReadError::JsonSyntax(format!("not valid JSON: {error}")))?;
    let answer = document["answer"].as_str().ok_or_else(|| {
        ReadError::JsonSyntax("no `answer`: not a toursat JSON document (docs/json.md)".into())
    })?;
    if answer != "found" {
        let reason = document["reason"]
            .as_str()
            .map_or(String::new(), |reason| format!(" ({reason})"));
        return Err(ReadError::JsonNotATour(format!(
            "the JSON holds no tour: its answer is {answer:?}, not \"found\"{reason}"
        )));
    }
    let problem = &document["problem"];
    if let (Some(rows), Some(cols)) = (problem["rows"].as_u64(), problem["cols"].as_u64()) {
        if (rows, cols) != (u64::from(board.rows()), u64::from(board.cols())) {
            return Err(ReadError::JsonNotATour(format!(
                "the JSON answers a board of {rows} rows and {cols} columns, but this board has \
                 {} rows and {} columns",
                board.rows(),
                board.cols()
            )));
        }
    }
    let entries = document["tour"]
        .as_array()
        .ok_or_else(|| ReadError::JsonSyntax("`tour` is not a list of squares [x, y]".into()))?;
    let mut squares = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let xy = match entry.as_array().map(Vec::as_slice) {
            Some([x, y]) => x.as_i64().zip(y.as_i64()),
            _ => None,
        };
        let (x, y) = xy.ok_or_else(|| {
            ReadError::JsonSyntax(format!(
                "tour[{index}]: expected a square [x, y], found {entry}"
            ))
        })?;
        let square = board.checked_square(x, y).ok_or_else(|| {
            ReadError::JsonNotATour(format!("tour[{index}]: square [{x}, {y}] is off the board"))
        })?;
        squares.push(square);
    }
    Ok(Tour::new(squares))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_tour_of_a_found_answer() {
        let board = Board::new(1, 2).unwrap();
        let text = r#"{"answer":"found","problem":{"rows":1,"cols":2},"tour":[[1,0],[0,0]]}"#;
        assert_eq!(read_json(&board, text).unwrap().squares(), [1, 0]);
    }

    #[test]
    fn an_answer_other_than_found_is_not_a_tour() {
        let board = Board::new(3, 3).unwrap();
        let text = r#"{"answer":"no tour","reason":"colours","tour":null}"#;
        let error = read_json(&board, text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the JSON holds no tour: its answer is \"no tour\", not \"found\" (colours)"
        );
        assert!(!error.is_syntax_error());
    }

    #[test]
    fn malformed_json_is_a_syntax_error() {
        let error = read_json(&Board::new(2, 2).unwrap(), "{\"answer\":").unwrap_err();
        assert!(error.is_syntax_error());
        assert!(error.to_string().contains("line 1 column"), "{error}");
    }
}
