//! The judge problems answer the samples of problems.md, and every tour they print is valid.

use toursat::engine::EngineChoice;
use toursat::judge::{knight_tour, knights_journey, rook_circuit, JudgeErrorKind, JudgeOptions};
use toursat::{verify, Board, Piece, Problem, Tour, TourShape};

/// Runs a judge function on `input` and returns its output.
fn judged(
    run: impl FnOnce(&[u8], &mut Vec<u8>) -> Result<(), toursat::judge::JudgeError>,
    input: &str,
) -> String {
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

/// The squares visited by the moves `letters` from `start` (the closing move included).
fn decode_moves(board: &Board, start: (i64, i64), letters: &str) -> Vec<u32> {
    let (mut x, mut y) = start;
    let mut squares = vec![board.checked_square(x, y).unwrap()];
    for letter in letters.chars() {
        match letter {
            'N' => y -= 1,
            'S' => y += 1,
            'E' => x += 1,
            'W' => x -= 1,
            other => panic!("not a move: {other:?}"),
        }
        squares.push(board.checked_square(x, y).expect("a move off the board"));
    }
    squares
}

#[test]
fn knights_journey_sample_is_exact() {
    let input = std::fs::read_to_string("examples/journey.in").unwrap();
    let output = judged(
        |input, output| knights_journey::run(input, output, &JudgeOptions::default()),
        &input,
    );
    assert_eq!(
        output,
        "Scenario #1:\nA1\n\nScenario #2:\nimpossible\n\nScenario #3:\nA1B3C1A2B4C2A3B1C3A4B2C4\n\n"
    );
}

#[test]
fn rook_sample_first_case_has_no_solution_and_every_circuit_is_valid() {
    let input = std::fs::read_to_string("examples/rook.in").unwrap();
    let output = judged(
        |input, output| rook_circuit::run(input, output, &JudgeOptions::default()),
        &input,
    );
    assert!(output.starts_with("NO SOLUTION\n\n"), "{output}");
    let answers: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(
        answers.len(),
        6,
        "five answers and the empty rest: {output:?}"
    );
    assert_eq!(answers[5], "");
    let cases: [(&str, (i64, i64)); 4] = [
        ("....\n....\n....\n....\n", (2, 2)),
        ("....\n....\n....\n....\n", (0, 0)),
        ("....\n....\n..X.\nX...\n", (1, 2)),
        (&"........\n".repeat(8), (0, 0)),
    ];
    for (answer, (board_text, start)) in answers[1..5].iter().zip(cases) {
        let board: Board = board_text.parse().unwrap();
        let lines: Vec<&str> = answer.lines().collect();
        let (last, full) = lines.split_last().unwrap();
        assert!(full.iter().all(|line| line.len() == 40), "{answer}");
        assert!(!last.is_empty() && last.len() <= 40, "{answer}");
        let mut squares = decode_moves(&board, start, &lines.concat());
        assert_eq!(squares.pop(), Some(squares[0]), "the circuit returns home");
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed).with_start(squares[0]);
        verify(&problem, &Tour::new(squares)).unwrap();
    }
}

#[test]
fn two_squares_side_by_side_form_a_circuit() {
    let output = judged(
        |input, output| rook_circuit::run(input, output, &JudgeOptions::default()),
        "2 2 2 0 0\n1 0\n1 1\n\n2 2 1 1 1\n0 0\n\n0 0 0 0 0\n",
    );
    assert_eq!(output, "SN\n\nNO SOLUTION\n\n");
}

#[test]
fn boards_narrower_than_two_have_no_rook_circuit() {
    let output = judged(
        |input, output| rook_circuit::run(input, output, &JudgeOptions::default()),
        "1 2 0 0 0\n\n3 1 0 0 1\n\n0 0 0 0 0\n",
    );
    assert_eq!(output, "NO SOLUTION\n\nNO SOLUTION\n\n");
}

/// Answers every start of a `rows` x `cols` board and checks each line is a valid tour.
fn every_start_has_a_valid_knight_tour(rows: u64, cols: u64) {
    let board = Board::new(rows, cols).unwrap();
    let starts: Vec<String> = (1..=board.len()).map(|n| n.to_string()).collect();
    let input = format!("{}\n-1\n", starts.join("\n"));
    let output = judged(
        |input, output| knight_tour::run(input, output, &board, &JudgeOptions::default()),
        &input,
    );
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), board.len());
    for (start, line) in lines.iter().enumerate() {
        let squares: Vec<u32> = line
            .split(' ')
            .map(|number| number.parse::<u32>().unwrap() - 1)
            .collect();
        let problem =
            Problem::new(board.clone(), Piece::Knight, TourShape::Open).with_start(start as u32);
        verify(&problem, &Tour::new(squares)).unwrap_or_else(|error| panic!("{line}: {error}"));
    }
}

#[test]
fn knight_tour_from_every_start_on_8x8() {
    every_start_has_a_valid_knight_tour(8, 8);
}

#[test]
fn knight_tour_from_every_start_on_5x6() {
    every_start_has_a_valid_knight_tour(5, 6);
}

#[test]
fn knight_tour_samples_give_tours_from_their_starts() {
    let input = std::fs::read_to_string("examples/knight-tour-5x6.in").unwrap();
    let board = Board::new(5, 6).unwrap();
    let output = judged(
        |input, output| knight_tour::run(input, output, &board, &JudgeOptions::default()),
        &input,
    );
    let firsts: Vec<&str> = output
        .lines()
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts, ["4", "8", "15"]);
}

#[test]
fn a_stopped_case_is_an_error_never_no_solution() {
    let board = Board::new(100, 100).unwrap();
    let options = JudgeOptions {
        engine: EngineChoice::Dfs,
        node_budget: Some(1),
        ..JudgeOptions::default()
    };
    let mut output = Vec::new();
    let error = knight_tour::run(&b"1\n-1\n"[..], &mut output, &board, &options).unwrap_err();
    assert!(output.is_empty(), "{}", String::from_utf8_lossy(&output));
    assert!(
        matches!(error.kind, JudgeErrorKind::Stopped { .. }),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "case 1: stopped: the node budget ran out"
    );
}

#[test]
fn certified_answers_are_the_same_answers() {
    let certify = JudgeOptions {
        certify: true,
        ..JudgeOptions::default()
    };
    let rook = std::fs::read_to_string("examples/rook.in").unwrap()
        + "3 3 0 1 1\n\n4 4 2 0 0\n1 1\n2 2\n\n0 0 0 0 0\n";
    let rook = rook.replacen("0 0 0 0 0\n", "", 1);
    let journey = "4\n1 1\n2 2\n3 3\n3 4\n";
    let answers = |options: JudgeOptions| {
        let rook_output = judged(
            |input, output| rook_circuit::run(input, output, &options),
            &rook,
        );
        let journey_output = judged(
            |input, output| knights_journey::run(input, output, &options),
            journey,
        );
        (rook_output, journey_output)
    };
    let (rook_output, journey_output) = answers(certify);
    assert_eq!(
        rook_output.matches("NO SOLUTION").count(),
        3,
        "{rook_output}"
    );
    assert_eq!(
        journey_output.matches("impossible").count(),
        2,
        "{journey_output}"
    );
    assert_eq!(
        (rook_output, journey_output),
        answers(JudgeOptions::default())
    );
}
