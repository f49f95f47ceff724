//! The judges' input streams: lines are bounded, one start a knight-tour line, a byte-order
//! mark is skipped; answers printed before a refused line stay printed.

mod common;

use common::toursat;
use std::io::{self, BufReader};
use toursat::judge::{
    knight_tour, knights_journey, rook_circuit, JudgeError, JudgeErrorKind, JudgeOptions,
    MAX_LINE_BYTES,
};
use toursat::Board;

/// The output written and the error met by a judge run over `input`.
fn refused(run: impl FnOnce(&mut Vec<u8>) -> Result<(), JudgeError>) -> (String, JudgeError) {
    let mut output = Vec::new();
    let error = run(&mut output).unwrap_err();
    (String::from_utf8(output).unwrap(), error)
}

#[test]
fn an_endless_line_is_refused_at_the_limit_by_every_judge() {
    let zeros = || BufReader::new(io::repeat(0));
    let options = JudgeOptions::default();
    let board = Board::new(8, 8).unwrap();
    let errors = [
        refused(|output| rook_circuit::run(zeros(), output, &options)).1,
        refused(|output| knight_tour::run(zeros(), output, &board, &options)).1,
        refused(|output| knights_journey::run(zeros(), output, &options)).1,
    ];
    for error in errors {
        assert!(
            matches!(
                error.kind,
                JudgeErrorKind::LineTooLong {
                    limit: MAX_LINE_BYTES
                }
            ),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "input line 1: the line is longer than 4096 bytes, the most a line may hold"
        );
    }
}

#[test]
fn answers_before_a_long_line_stay_printed() {
    let input = format!("2\n1 1\n{}\n1 1\n", " ".repeat(50));
    let options = JudgeOptions {
        max_line_bytes: 40,
        ..JudgeOptions::default()
    };
    let (output, error) =
        refused(|output| knights_journey::run(input.as_bytes(), output, &options));
    assert_eq!(output, "Scenario #1:\nA1\n\n");
    assert_eq!(error.line, 3);
    assert!(matches!(
        error.kind,
        JudgeErrorKind::LineTooLong { limit: 40 }
    ));
}

#[test]
fn a_line_as_long_as_the_limit_is_read() {
    let options = JudgeOptions {
        max_line_bytes: "1 1".len(),
        ..JudgeOptions::default()
    };
    let mut output = Vec::new();
    knights_journey::run(&b"1\n1 1"[..], &mut output, &options).unwrap();
    assert_eq!(output, b"Scenario #1:\nA1\n\n");
}

#[test]
fn knight_tour_refuses_two_starts_on_one_line() {
    let board = Board::new(1, 1).unwrap();
    let options = JudgeOptions::default();
    let (output, error) =
        refused(|output| knight_tour::run(&b"1\n1 1\n-1\n"[..], output, &board, &options));
    assert_eq!(output, "1\n");
    assert_eq!(
        error.to_string(),
        "input line 2 (case 2): expected one square number or -1, found \"1 1\""
    );
}

#[test]
fn a_byte_order_mark_opening_the_input_is_skipped() {
    let mut output = Vec::new();
    let board = Board::new(1, 1).unwrap();
    let input = "\u{FEFF}1\n-1\n";
    knight_tour::run(
        input.as_bytes(),
        &mut output,
        &board,
        &JudgeOptions::default(),
    )
    .unwrap();
    assert_eq!(output, b"1\n");
}

#[test]
fn a_null_stream_on_the_command_line_is_bad_input() {
    let zeros = "\0".repeat(3 * MAX_LINE_BYTES);
    for judge in ["rook-circuit", "knight-tour", "knights-journey"] {
        let run = toursat(&["judge", judge], &zeros);
        assert_eq!(run.status, 2, "{judge}: {}", run.stderr);
        assert_eq!(
            run.stderr,
            "toursat: input line 1: the line is longer than 4096 bytes, the most a line may hold\n"
        );
        assert_eq!(run.stdout, "");
    }
}
