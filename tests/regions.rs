//! Sealed regions: the proof never refutes a board with a circuit, its certificate passes the
//! independent check, and tampered certificates fail it; an open tour's regions, which count
//! its ends, from the SAT engine's warm start.

mod common;

use common::{scratch, toursat};
use toursat::core::rng::SplitMix64;
use toursat::engine::cheap_proof;
use toursat::engine::proof::check::{check, Method};
use toursat::engine::search::dfs;
use toursat::engine::RegionProof;
use toursat::engine::{self, solve_graph, SolveOptions, Stats};
use toursat::graph::generate::board_graph;
use toursat::{Answer, Board, Impossibility, Limits, MoveGraph, Piece, Problem, Square, TourShape};

/// A 6 x 6 board found among the sampled ones, which no earlier cheap argument settles: its
/// top-left corner (8 free squares, 4 even and 4 odd) is left only by two moves at odd squares,
/// so a circuit, which would leave it as often at even squares as at odd ones, never leaves.
const SEALED_6X6: &str = "\
...X..
......
..X...
X.....
......
...X..
";

/// The closed rook tour problem of a board written in rows of `.` and `X`.
fn rook_circuit(board: &str) -> Problem {
    Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed)
}

/// The cheap argument that `problem` has no tour, if there is one.
fn cheap(problem: &Problem) -> Option<Impossibility> {
    cheap_proof(problem, &MoveGraph::new(&problem.board, problem.piece))
}

/// The sealed regions that refute the 6 x 6 board.
fn sealed_proof() -> (Problem, RegionProof) {
    let problem = rook_circuit(SEALED_6X6);
    match cheap(&problem) {
        Some(Impossibility::SealedRegions(proof)) => (problem, proof),
        other => panic!("expected sealed regions, found {other:?}"),
    }
}

/// The check's verdict on a sealed-region proof of `problem`.
fn check_regions(problem: &Problem, proof: RegionProof) -> Result<Method, String> {
    check(problem, &Impossibility::SealedRegions(proof))
        .expect("sealed regions have a linear-time check")
        .map(|checked| checked.method)
}

/// A board of `rows` x `cols` with about `percent` of its squares blocked at random.
fn sampled_board(rows: u64, cols: u64, percent: u64, random: &mut SplitMix64) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..board.len() as Square {
        if random.below(100) < percent {
            board.block(square);
        }
    }
    board
}

/// That an exhaustive search finds no circuit of `problem` either, and that `why` (sealed
/// regions) passes its check.
fn assert_searched_and_certified(problem: &Problem, why: &Impossibility) {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let answer = dfs::search(problem, &graph, &Limits::none(), &mut Stats::default());
    assert!(
        matches!(answer, Answer::NoTour(Impossibility::Exhausted { .. })),
        "{}: sealed regions, but search answers {answer:?}",
        problem.board
    );
    assert_eq!(
        check(problem, why).unwrap().map(|checked| checked.method),
        Ok(Method::RegionCount),
        "{}",
        problem.board
    );
}

#[test]
fn sealed_regions_never_refute_a_board_with_a_circuit() {
    let mut random = SplitMix64::new(7);
    let mut sealed = 0;
    for (rows, cols) in [(4, 6), (5, 6), (6, 6), (6, 7)] {
        for _ in 0..60_000 {
            let problem = Problem::new(
                sampled_board(rows, cols, 15, &mut random),
                Piece::Rook,
                TourShape::Closed,
            );
            let Some(why @ Impossibility::SealedRegions(_)) = cheap(&problem) else {
                continue;
            };
            sealed += 1;
            assert_searched_and_certified(&problem, &why);
        }
    }
    assert!(sealed >= 50, "only {sealed} sampled boards were sealed");
}

#[test]
fn sealed_regions_never_refute_a_small_board_with_a_circuit() {
    // Every board of 4 x 5 squares, each square free or blocked.
    let (rows, cols) = (4, 5);
    let mut sealed = 0;
    for blocked in 0u32..1 << (rows * cols) {
        let mut board = Board::new(rows, cols).unwrap();
        for square in 0..board.len() as Square {
            if blocked >> square & 1 == 1 {
                board.block(square);
            }
        }
        let problem = Problem::new(board, Piece::Rook, TourShape::Closed);
        let Some(why @ Impossibility::SealedRegions(_)) = cheap(&problem) else {
            continue;
        };
        sealed += 1;
        assert_searched_and_certified(&problem, &why);
    }
    // Two of them are sealed: 4 x 5 leaves little room for a region.
    assert!(sealed >= 2, "only {sealed} boards were sealed");
}

#[test]
fn planted_circuits_are_never_sealed() {
    for seed in 1..=20 {
        let planted = toursat::gen::planted(24, 30, 0.7, 40, seed).unwrap();
        let problem = Problem::new(planted.board, Piece::Rook, TourShape::Closed);
        assert_eq!(cheap(&problem), None, "seed {seed}");
    }
}

#[test]
fn the_sealed_board_passes_its_check() {
    let (problem, proof) = sealed_proof();
    assert_eq!(check_regions(&problem, proof), Ok(Method::RegionCount));
}

#[test]
fn rejects_a_region_with_a_square_left_out() {
    let (problem, mut proof) = sealed_proof();
    proof.regions[0].squares.pop();
    assert!(check_regions(&problem, proof).is_err());
}

#[test]
fn rejects_a_region_with_the_other_colour_sealed() {
    let (problem, mut proof) = sealed_proof();
    proof.regions[0].sealed_colour ^= 1;
    assert!(check_regions(&problem, proof).is_err());
}

#[test]
fn rejects_a_proof_with_a_region_left_out() {
    let (problem, mut proof) = sealed_proof();
    proof.regions.pop();
    let error = check_regions(&problem, proof).unwrap_err();
    assert!(error.contains("still reaches"), "{error}");
}

#[test]
fn rejects_squares_on_the_same_side() {
    let (problem, mut proof) = sealed_proof();
    let graph = MoveGraph::new(&problem.board, Piece::Rook);
    proof.outside = graph.neighbours(proof.inside)[0];
    let error = check_regions(&problem, proof).unwrap_err();
    assert!(error.contains("still reaches"), "{error}");
}

#[test]
fn rejects_a_region_with_a_blocked_or_repeated_square() {
    let (problem, proof) = sealed_proof();
    let blocked = problem.board.square(3, 0);
    let mut with_blocked = proof.clone();
    with_blocked.regions[0].squares.push(blocked);
    assert!(check_regions(&problem, with_blocked).is_err());
    let mut repeated = proof;
    let first = repeated.regions[0].squares[0];
    repeated.regions[0].squares.push(first);
    let error = check_regions(&problem, repeated).unwrap_err();
    assert!(error.contains("twice"), "{error}");
}

/// A circuit's region is not sealed for an open tour: an end may lie in it, and the count
/// then allows a move out at its sealed colour.
#[test]
fn rejects_a_circuits_regions_for_an_open_tour_or_a_king() {
    let (problem, proof) = sealed_proof();
    let open = Problem::new(problem.board.clone(), Piece::Rook, TourShape::Open);
    let error = check_regions(&open, proof.clone()).unwrap_err();
    assert!(error.contains("and 1 end"), "{error}");
    let king = Problem::new(problem.board, Piece::King, TourShape::Closed);
    assert!(check_regions(&king, proof).is_err());
}

#[test]
fn explain_and_json_name_the_regions_and_certify_checks_them() {
    let board = scratch("sealed-6x6.txt", SEALED_6X6);
    let board = board.to_str().unwrap();
    let args = ["solve", board, "--piece", "rook", "--tour", "closed"];
    let explained = toursat(&[&args[..], &["--explain", "--certify"]].concat(), "");
    assert_eq!(explained.status, 1, "{explained:?}");
    assert!(
        explained.stderr.contains("(checked by region-count: 1 sealed region (8 squares, 2 x 0 = 0 moves out at even squares, 2 sealed)"),
        "{}",
        explained.stderr
    );
    assert!(
        explained.stderr.contains(
            "region 1: 8 free squares (columns A-C, rows 1-3; first A2), 4 light and 4 dark"
        ),
        "{}",
        explained.stderr
    );
    let json = toursat(&[&args[..], &["--format", "json"]].concat(), "");
    let document: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let why = &document["why"];
    assert_eq!(why["kind"], "sealed-regions");
    assert_eq!(why["regions"].as_array().unwrap().len(), 1);
    assert_eq!(why["regions"][0]["sealed_colour"], "odd");
    assert_eq!(why["regions"][0]["squares"].as_array().unwrap().len(), 8);
}

#[test]
fn the_sealed_board_as_a_graph_is_refuted_by_sealed_regions() {
    let problem = rook_circuit(SEALED_6X6);
    let mut graph = board_graph(&problem.board, Piece::Rook);
    graph.shape = TourShape::Closed;
    let answer = solve_graph(&graph, &SolveOptions::default())
        .unwrap()
        .answer;
    let Answer::NoTour(Impossibility::SealedRegions(proof)) = answer else {
        panic!("expected sealed regions, found {answer:?}");
    };
    let (_, on_board) = sealed_proof();
    let vertex = |square| problem.board.free_squares().position(|free| free == square);
    assert_eq!(Some(proof.inside as usize), vertex(on_board.inside));
    assert_eq!(proof.regions.len(), 1);
    assert_eq!(proof.regions[0].squares.len(), 8);
}

#[test]
fn the_knight_ring_is_sealed() {
    // A 2 x 2 hole in the middle of 6 x 6: every local argument passes, but a region of 8
    // squares, 4 of each colour, is left only by knight's moves at its odd squares.
    let ring: Board = "......\n......\n..XX..\n..XX..\n......\n......\n"
        .parse()
        .unwrap();
    let problem = Problem::new(ring, Piece::Knight, TourShape::Closed);
    let why = cheap(&problem).unwrap();
    assert!(matches!(why, Impossibility::SealedRegions(_)), "{why:?}");
    assert_eq!(
        check(&problem, &why).unwrap().map(|checked| checked.method),
        Ok(Method::RegionCount)
    );
}

#[test]
fn the_region_corpus_is_sealed_and_its_door_boards_have_circuits() {
    let dir = format!("{}/corpus/regions", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    for name in names {
        // region-RxC-...: the 300 x 300 boards are for the benchmark alone.
        let side: u64 = name["region-".len()..]
            .split('x')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if side > 200 {
            continue;
        }
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let problem = rook_circuit(&text);
        if name.contains("-door") {
            let answer = engine::solve(&problem, &SolveOptions::default())
                .unwrap()
                .answer;
            let Answer::Found(tour) = answer else {
                panic!("{name}: {answer:?}");
            };
            assert_eq!(toursat::verify(&problem, &tour), Ok(()), "{name}");
        } else {
            let why = cheap(&problem);
            assert!(
                matches!(why, Some(Impossibility::SealedRegions(_))),
                "{name}: {why:?}"
            );
            let method = check(&problem, &why.unwrap()).unwrap().map(|c| c.method);
            assert_eq!(method, Ok(Method::RegionCount), "{name}");
        }
    }
}

/// A 4 x 4 knight's board with one blocked square, which no cheap argument settles: the SAT
/// engine's 2-factor shows three sealed regions, whose counts allow for an open tour's ends.
const OPEN_SEALED_4X4: &str = "\
.X..
....
....
....
";

#[test]
fn an_open_tours_sealed_regions_count_its_ends_and_pass_the_check() {
    let board = scratch("open-sealed-4x4.txt", OPEN_SEALED_4X4);
    let board = board.to_str().unwrap();
    let args = ["solve", board, "--piece", "knight", "--tour", "open"];
    let sat = ["--engine", "sat", "--explain", "--certify"];
    let explained = toursat(&[&args[..], &sat[..]].concat(), "");
    assert_eq!(explained.status, 1, "{explained:?}");
    assert!(
        explained
            .stderr
            .contains("certified: no open tour: counting tour moves by colour shows that an open knight's tour never leaves 3 regions of 6, 3 and 3 squares"),
        "{}",
        explained.stderr
    );
    assert!(
        explained.stderr.contains(
            "region 1: 6 free squares (columns A-D, rows 1-4; first B3), 4 light and 2 dark; 2 \
             moves leave it at light squares and 2 at dark squares; its ends in it, those at \
             light squares less those at the others, come to at most 2, so an open tour leaves \
             it at least 2 x (4 - 2) - 2 = 2 more times at light squares"
        ),
        "{}",
        explained.stderr
    );
    // Search agrees: there is no open tour.
    let searched = toursat(&[&args[..], &["--engine", "dfs"]].concat(), "");
    assert_eq!(searched.status, 1, "{searched:?}");
    assert!(searched.stdout.contains("no tour"), "{searched:?}");
}
