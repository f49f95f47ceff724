//! The page's puzzle mode in the worker: a Simple Loop puzzle's verdict (as `toursat unique`
//! proves and says it), its grade and the steps of the reasoning solver (as `toursat hint --all
//! --format json` writes them), in one document.

use super::board_value::board_value;
use super::http::ApiError;
use crate::core::board::{puzzlink, Board, MarkedEnds};
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::count::{self, CountError, Verdict};
use crate::deduce;
use crate::engine::{Limits, Stop};
use crate::format::hint::write_path_json;
use crate::format::verdict::{verdict_sentence, write_json};
use serde_json::{json, Value};
use std::time::Instant;

/// The puzzle document of `board`, its verdict proved by `deadline`: `board` (as
/// `/api/board` answers it), `url` (its puzz.link URL), `verdict` (the document of `toursat
/// unique --format json`), `verdict_words` (the line `unique` prints first) and `path` (the
/// document of `toursat hint --all --format json`).
pub fn document(board: &Board, deadline: Instant) -> Result<Vec<u8>, ApiError> {
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let limits = Limits {
        deadline: Some(deadline),
        ..Limits::none()
    };
    let verdict = count::verdict(&problem, &limits).map_err(|error| match error {
        CountError::Stopped(Stop::Timeout) => {
            ApiError::busy("the time limit passed before the verdict was proved")
        }
        CountError::Problem(error) => ApiError::unprocessable(error.to_string()),
        other => ApiError::internal(other.to_string()),
    })?;
    let path = deduce::solve(board);
    let solved_loop = match deduce::solved_loop(board, &path) {
        Some(Err(error)) => {
            return Err(ApiError::internal(format!(
                "the loop the rules drew failed verification: {error}"
            )))
        }
        Some(Ok(tour)) => Some(tour),
        None => None,
    };
    let grade = matches!(verdict, Verdict::Unique(_)).then(|| path.grade());
    let mut verdict_json = Vec::new();
    let mut path_json = Vec::new();
    write_json(
        &problem,
        &verdict,
        None,
        None,
        grade,
        None,
        &mut verdict_json,
    )
    .and_then(|()| write_path_json(board, &path, false, solved_loop.as_ref(), &mut path_json))
    .map_err(writing)?;
    let document = json!({
        "board": board_value(board, MarkedEnds::default()),
        "url": puzzlink::url(board),
        "verdict": parsed(&verdict_json)?,
        "verdict_words": verdict_sentence(&problem, &verdict),
        "path": parsed(&path_json)?,
    });
    serde_json::to_vec(&document).map_err(writing)
}

/// A document written by a command's writer, read back to nest it in the answer.
fn parsed(written: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(written).map_err(writing)
}

/// The error of a document that could not be written.
fn writing(error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("writing the puzzle's answer: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn answer(text: &str) -> Value {
        let board: Board = text.parse().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        serde_json::from_slice(&document(&board, deadline).unwrap()).unwrap()
    }

    #[test]
    fn a_unique_puzzle_has_its_grade_its_words_and_every_step() {
        let text = "....\n.XX.\n....\n";
        let document = answer(text);
        let board: Board = text.parse().unwrap();
        let path = deduce::solve(&board);
        assert_eq!(document["verdict"]["answer"], "unique");
        assert_eq!(document["verdict_words"], "unique: this is the only tour");
        assert_eq!(document["verdict"]["grade"], path.grade().name());
        assert_eq!(document["path"]["grade"], path.grade().name());
        assert_eq!(
            document["path"]["steps"].as_array().unwrap().len(),
            path.steps.len()
        );
        assert_eq!(document["url"], puzzlink::url(&board));
    }

    #[test]
    fn a_board_with_two_loops_is_not_unique_and_has_no_grade_in_its_verdict() {
        let document = answer("......\n......\n......\n..XX..\n");
        assert_eq!(document["verdict"]["answer"], "not unique");
        assert!(document["verdict"].get("grade").is_none());
        assert_eq!(document["path"]["grade"], "needs-trial");
        assert!(document["verdict_words"]
            .as_str()
            .unwrap()
            .starts_with("not unique: two tours differ in "));
    }
}
