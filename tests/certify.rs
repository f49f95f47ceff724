//! Certified answers of no tour: every unsolvable small rook board certified, proofs checked in
//! process (the outside DRAT checker is in tests/external/drat.rs), explanations and JSON reasons.

mod common;

use common::{scratch_dir, toursat};
use toursat::engine::proof::certify::CertifyError;
use toursat::engine::sat::exchange::certify::{prove_no_tour, ProofRequest};
use toursat::engine::sat::{Encoding, SatOptions};
use toursat::engine::{self, Answer, SolveOptions};
use toursat::{Board, Limits, Piece, Problem, TourShape};

/// The closed rook problem on a `rows` x `cols` board with the squares of `mask` blocked.
fn rook_board(rows: u64, cols: u64, mask: u32) -> Problem {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..board.len() as u32 {
        if mask >> square & 1 == 1 {
            board.block(square);
        }
    }
    Problem::new(board, Piece::Rook, TourShape::Closed)
}

/// Certifies every unsolvable board among `problems` with `encoding`; returns how many.
fn certify_unsolvable(problems: impl Iterator<Item = Problem>, encoding: Encoding) -> usize {
    let request = ProofRequest {
        check: true,
        ..ProofRequest::default()
    };
    let options = SatOptions {
        encoding,
        merge: true,
        warm_start: true,
        ..SatOptions::default()
    };
    let mut certified = 0;
    for problem in problems {
        let Ok(solution) = engine::solve(&problem, &SolveOptions::default()) else {
            continue; // no free square
        };
        if let Answer::NoTour(_) = solution.answer {
            let certificate = prove_no_tour(&problem, &options, &Limits::none(), &request)
                .unwrap_or_else(|error| panic!("{encoding}: {error} on {problem:?}"));
            assert!(certificate.checked);
            certified += 1;
        }
    }
    certified
}

#[test]
fn every_unsolvable_3x3_rook_board_is_certified_with_every_encoding() {
    for encoding in Encoding::ALL {
        let certified = certify_unsolvable((0..512).map(|mask| rook_board(3, 3, mask)), encoding);
        // 512 patterns, one without free squares; 3x3 rook circuits exist only on the 8-ring,
        // the 2x2 blocks (4 placements) and the 2x3 rectangles (4), and the ring's subsets.
        eprintln!("3x3 rook closed, {encoding}: {certified} boards certified");
        assert!(certified > 480, "{encoding}: {certified}");
    }
}

#[test]
fn a_sample_of_unsolvable_4x4_rook_boards_is_certified() {
    // Every 37th pattern of the 65,536: 1,772 boards.
    let sample = || {
        (0..1u32 << 16)
            .step_by(37)
            .map(|mask| rook_board(4, 4, mask))
    };
    let cutset = certify_unsolvable(sample(), Encoding::Cutset);
    eprintln!("4x4 rook closed sample of 1,772: {cutset} boards certified");
    assert!(cutset > 1000, "{cutset}");
    assert_eq!(certify_unsolvable(sample(), Encoding::CutsetArcs), cutset);
}

#[test]
fn a_knight_ring_needs_cuts_and_every_cut_is_checked() {
    // A 6 x 6 knight ring: degrees, colours and connectivity all pass, the base formula does not.
    let board: Board = "......\n......\n..XX..\n..XX..\n......\n......\n"
        .parse()
        .unwrap();
    let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
    let certificate = prove_no_tour(
        &problem,
        &SatOptions::default(),
        &Limits::none(),
        &ProofRequest {
            check: true,
            ..ProofRequest::default()
        },
    )
    .unwrap();
    assert!(certificate.checked);
    assert!(!certificate.cuts.is_empty(), "{certificate}");
}

#[test]
fn certifying_a_board_with_a_tour_is_an_error() {
    let problem = rook_board(4, 4, 0);
    let error = prove_no_tour(
        &problem,
        &SatOptions::default(),
        &Limits::none(),
        &ProofRequest {
            check: true,
            ..ProofRequest::default()
        },
    )
    .unwrap_err();
    assert!(matches!(error, CertifyError::HasTour), "{error}");
}

#[test]
fn solve_certify_prints_no_tour_after_the_check_and_explains_it() {
    let dir = scratch_dir("certify-cli");
    let proof = dir.join("proof.bin");
    let output = toursat(
        &[
            "solve",
            "--rows",
            "4",
            "--cols",
            "4",
            "--blocked",
            "0,1 3,2",
            "--piece",
            "rook",
            "--tour",
            "closed",
            "--engine",
            "sat",
            "--certify",
            "--explain",
            "--proof",
            proof.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status, 1);
    let stdout = output.stdout;
    assert!(stdout.starts_with("no tour: "), "{stdout}");
    let stderr = output.stderr;
    assert!(
        stderr.contains("certificate: the cutset formula"),
        "{stderr}"
    );
    assert!(stderr.contains("varisat's checker accepted"), "{stderr}");
    assert!(std::fs::metadata(&proof).unwrap().len() > 0);
}

#[test]
fn json_carries_the_reason_as_kind_and_squares() {
    let output = toursat(
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "3",
            "--blocked",
            "1,0 0,1 1,1",
            "--piece",
            "king",
            "--tour",
            "open",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(output.status, 1);
    let value: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
    assert_eq!(value["answer"], "no tour");
    assert_eq!(value["why"]["kind"], "too-few-moves");
    assert_eq!(value["why"]["squares"], serde_json::json!([[0, 0]]));
    assert_eq!(value["why"]["moves"], 0);
}

#[test]
fn explain_names_the_square_and_its_moves() {
    let output = toursat(
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "4",
            "--blocked",
            "1,1",
            "--piece",
            "knight",
            "--tour",
            "closed",
            "--explain",
        ],
        "",
    );
    assert_eq!(output.status, 1);
    // The answer is on stdout; the explanation names the argument that proves it, then the facts.
    assert!(output.stdout.starts_with("no tour: "), "{}", output.stdout);
    let stderr = output.stderr;
    assert!(
        stderr.starts_with("proved by: counting light and dark squares\n"),
        "{stderr}"
    );
}
