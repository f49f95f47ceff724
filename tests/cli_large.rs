//! Large knight's tours from the command line: constructed, verified and streamed.

mod common;

use common::{toursat, Run};
use toursat::format::read::{read_tour, TourSyntax};
use toursat::{verify, Board, Piece, Problem, TourShape};

/// Runs `toursat solve` with `args`.
fn solve(args: &[&str]) -> Run {
    let mut with_command = vec!["solve"];
    with_command.extend_from_slice(args);
    toursat(&with_command, "")
}

#[test]
fn a_million_square_tour_is_streamed_and_verifies() {
    let args = [
        "--rows", "1000", "--cols", "1000", "--piece", "knight", "--tour", "closed", "--format",
        "numbers", "--stats",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve(&args);
    assert_eq!(status, 0, "{stderr}");
    assert!(stderr.contains("engine: construct (streamed)"), "{stderr}");
    let problem = Problem::new(
        Board::new(1000, 1000).unwrap(),
        Piece::Knight,
        TourShape::Closed,
    );
    let tour = read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap();
    verify(&problem, &tour).unwrap();
}

#[test]
fn format_none_reports_only_statistics() {
    let args = [
        "--rows", "1200", "--cols", "1000", "--piece", "knight", "--tour", "open", "--start",
        "5,7", "--format", "none", "--stats",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve(&args);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("engine: construct (streamed)\n"),
        "{stderr}"
    );
}

#[test]
fn strips_of_3_and_4_squares_are_streamed_and_verify() {
    for (rows, cols, tour) in [(3, 40_000, "closed"), (40_001, 4, "open")] {
        let (rows_arg, cols_arg) = (rows.to_string(), cols.to_string());
        let args = [
            "--rows", &rows_arg, "--cols", &cols_arg, "--piece", "knight", "--tour", tour,
            "--format", "numbers", "--stats",
        ];
        let Run {
            stdout,
            stderr,
            status,
            ..
        } = solve(&args);
        assert_eq!(status, 0, "{stderr}");
        assert!(stderr.contains("engine: construct (streamed)"), "{stderr}");
        let shape = match tour {
            "closed" => TourShape::Closed,
            _ => TourShape::Open,
        };
        let problem = Problem::new(Board::new(rows, cols).unwrap(), Piece::Knight, shape);
        let tour = read_tour(&problem, &stdout, TourSyntax::Numbers).unwrap();
        verify(&problem, &tour).unwrap();
    }
}
