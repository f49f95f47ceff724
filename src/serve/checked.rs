//! The workers' answers checked in the server: every tour in a document is verified before the
//! document is sent, so that no tour reaches a client unchecked, whatever the worker did.

use super::http::ApiError;
use crate::core::problem::Problem;
use crate::{verify, Board, Piece, Tour, TourShape};
use serde_json::Value;

/// Checks a solve document of `problem`: its tour, when it has one, is a tour of the problem.
pub fn solution(problem: &Problem, body: &[u8]) -> Result<(), ApiError> {
    let document = read(body)?;
    if document["answer"] == "found" {
        check_tour(problem, &document["tour"])?;
    }
    Ok(())
}

/// Checks a count document of `problem`: each of its `distinct` tours is a tour of the problem.
pub fn count(problem: &Problem, body: &[u8]) -> Result<(), ApiError> {
    let document = read(body)?;
    for tour in document["distinct"].as_array().into_iter().flatten() {
        check_tour(problem, tour)?;
    }
    Ok(())
}

/// Checks a puzzle document of `board` (`/api/hint`): the loops of its verdict and the loop its
/// path draws are rook circuits of the board.
pub fn puzzle(board: &Board, body: &[u8]) -> Result<(), ApiError> {
    let document = read(body)?;
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    for tour in document["verdict"]["tours"]
        .as_array()
        .into_iter()
        .flatten()
    {
        check_tour(&problem, tour)?;
    }
    match &document["path"]["tour"] {
        Value::Null => Ok(()),
        tour => check_tour(&problem, tour),
    }
}

/// The worker's document as JSON.
fn read(body: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(body)
        .map_err(|error| ApiError::internal(format!("the worker's answer is not JSON: {error}")))
}

/// Verifies a JSON tour (`[[x, y], ...]`) of `problem`.
fn check_tour(problem: &Problem, tour: &Value) -> Result<(), ApiError> {
    let wrong = |why: String| ApiError::internal(format!("a tour failed the verifier: {why}"));
    let squares = tour
        .as_array()
        .ok_or_else(|| wrong("the tour is not a list".to_string()))?
        .iter()
        .map(|pair| {
            let xy = pair.as_array().filter(|xy| xy.len() == 2);
            let coordinate = |index: usize| xy.and_then(|xy| xy[index].as_i64());
            coordinate(0)
                .zip(coordinate(1))
                .and_then(|(x, y)| problem.board.checked_square(x, y))
                .ok_or_else(|| wrong(format!("{pair} is not a square of the board")))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    verify(problem, &Tour::new(squares)).map_err(|error| wrong(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rook_2x2() -> Problem {
        Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn a_true_tour_passes() {
        let body = br#"{"answer": "found", "tour": [[0, 0], [1, 0], [1, 1], [0, 1]]}"#;
        assert_eq!(solution(&rook_2x2(), body), Ok(()));
    }

    #[test]
    fn a_false_tour_is_an_internal_error() {
        let body = br#"{"answer": "found", "tour": [[0, 0], [1, 1], [1, 0], [0, 1]]}"#;
        assert_eq!(solution(&rook_2x2(), body).unwrap_err().status, 500);
        let body = br#"{"distinct": [[[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [5, 5]]]}"#;
        assert_eq!(count(&rook_2x2(), body).unwrap_err().status, 500);
    }
}
