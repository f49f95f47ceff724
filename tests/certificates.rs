//! Certificates of no tour: every cheap argument on small boards passes its independent check,
//! tampered arguments fail it, and `--certify` says what it certified, on stderr and in JSON.

mod common;

use common::{toursat, Run};
use toursat::engine::cheap_proof;
use toursat::engine::proof::certify::{certify, CertifyError, Evidence};
use toursat::engine::proof::check::{check, pocket_end_squares, Method};
use toursat::engine::sat::SatOptions;
use toursat::engine::{self, HallCut, Pocket, SolveOptions};
use toursat::format::reason::reason;
use toursat::{Answer, Board, Impossibility, Limits, MoveGraph, Piece, Problem, TourShape};

/// The `rows` x `cols` board with the squares of `mask` blocked.
fn masked_board(rows: u64, cols: u64, mask: u32) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..board.len() as u32 {
        if mask >> square & 1 == 1 {
            board.block(square);
        }
    }
    board
}

/// The cheap argument that `problem` has no tour, if there is one.
fn cheap(problem: &Problem) -> Option<Impossibility> {
    cheap_proof(problem, &MoveGraph::new(&problem.board, problem.piece))
}

/// The problem read from a board written in rows of `.` and `X`.
fn problem(board: &str, piece: Piece, shape: TourShape) -> Problem {
    Problem::new(board.parse().unwrap(), piece, shape)
}

/// The kind of an argument about `problem`, as the JSON output names it.
fn kind(problem: &Problem, why: &Impossibility) -> &'static str {
    reason(problem, why, None).kind
}

/// The problems of a board: closed, and open with no end fixed, a fixed start, a fixed end, and
/// both fixed (the first and last free squares).
fn every_shape(board: &Board, piece: Piece) -> Vec<Problem> {
    let free: Vec<u32> = board.free_squares().collect();
    let mut problems = vec![
        Problem::new(board.clone(), piece, TourShape::Closed),
        Problem::new(board.clone(), piece, TourShape::Open),
    ];
    if let (Some(&first), Some(&last)) = (free.first(), free.last()) {
        let open = Problem::new(board.clone(), piece, TourShape::Open);
        problems.push(open.clone().with_start(first));
        problems.push(open.clone().with_end(last));
        if first != last {
            problems.push(open.with_start(first).with_end(last));
        }
    }
    problems
}

#[test]
fn every_cheap_argument_on_small_boards_passes_its_check() {
    let mut kinds = std::collections::BTreeMap::new();
    let mut open_shortages = 0;
    let mut both_free_shortages = 0;
    let boards = (0..1u32 << 12)
        .map(|mask| masked_board(3, 4, mask))
        .chain(
            (0..1u32 << 16)
                .step_by(7)
                .map(|mask| masked_board(4, 4, mask)),
        )
        .filter(|board| board.free_count() > 0);
    for board in boards {
        for piece in [Piece::Rook, Piece::King, Piece::Knight] {
            for problem in every_shape(&board, piece) {
                let Some(why) = cheap(&problem) else {
                    continue;
                };
                match check(&problem, &why) {
                    Some(Ok(_)) => {}
                    Some(Err(error)) => panic!("{why:?} on {problem:?}: {error}"),
                    None => panic!("{why:?} on {problem:?} has no check"),
                }
                *kinds.entry(kind(&problem, &why)).or_insert(0) += 1;
                if problem.shape == TourShape::Open && kind(&problem, &why) == "move-shortage" {
                    open_shortages += 1;
                    both_free_shortages += usize::from(refutes_both_free_ends(&problem, &why));
                }
            }
        }
    }
    eprintln!("arguments checked: {kinds:?}; open move shortages: {open_shortages}");
    for kind in [
        "too-few-squares",
        "colour-count",
        "too-few-moves",
        "too-many-dead-ends",
        "disconnected",
        "cut-square",
        "move-shortage",
    ] {
        assert!(
            kinds.contains_key(kind),
            "no {kind} argument met: {kinds:?}"
        );
    }
    assert!(open_shortages > 0, "no open move shortage met");
    assert!(
        both_free_shortages > 0,
        "no move shortage of an open tour with both ends free met"
    );
}

/// Whether `why` is a move shortage of an open tour that fixes neither end and names no dead
/// end: the argument of the 2-factor through a virtual square joined to every square.
fn refutes_both_free_ends(problem: &Problem, why: &Impossibility) -> bool {
    let ends_free = problem.start.is_none() && problem.end.is_none();
    matches!(why, Impossibility::MoveShortage { cut: Some(cut), .. } if ends_free && cut.dead_end.is_none())
}

/// Small boards whose open tours with both ends free the flow argument refutes: every blocked
/// 3 x 5 and 4 x 4 board, for the rook and the knight.
fn both_free_refutations() -> Vec<(Problem, Impossibility)> {
    let boards = (0..1u32 << 15)
        .map(|mask| masked_board(3, 5, mask))
        .chain((0..1u32 << 16).map(|mask| masked_board(4, 4, mask)));
    let mut refuted = Vec::new();
    for board in boards.filter(|board| board.free_count() > 2) {
        for piece in [Piece::Rook, Piece::Knight] {
            let problem = Problem::new(board.clone(), piece, TourShape::Open);
            if let Some(why) = cheap(&problem).filter(|why| refutes_both_free_ends(&problem, why)) {
                refuted.push((problem, why));
            }
        }
    }
    refuted
}

#[test]
fn open_tours_with_both_ends_free_are_refuted_only_where_search_finds_none() {
    let refuted = both_free_refutations();
    assert!(refuted.len() >= 10, "only {} boards refuted", refuted.len());
    for (problem, why) in &refuted {
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let answer = engine::search::dfs::search(
            problem,
            &graph,
            &Limits::none(),
            &mut engine::Stats::default(),
        );
        assert!(
            matches!(answer, Answer::NoTour(_)),
            "{why:?} on {problem:?}, but search answers {answer:?}"
        );
    }
}

#[test]
fn rejects_a_both_free_ends_cut_with_a_square_taken_out() {
    let (problem, why) = both_free_refutations()
        .into_iter()
        .find(|(_, why)| matches!(why, Impossibility::MoveShortage { cut: Some(cut), .. } if cut.squares.len() >= 2))
        .expect("a refutation whose cut holds two squares");
    let Impossibility::MoveShortage {
        needed,
        possible,
        cut: Some(mut cut),
    } = why
    else {
        unreachable!("filtered above")
    };
    check_shortage(&problem, needed, possible, cut.clone()).unwrap();
    cut.squares.pop();
    assert!(check_shortage(&problem, needed, possible, cut).is_err());
}

#[test]
fn knight_theorems_pass_their_check() {
    for (rows, cols, shape) in [
        (4, 5, TourShape::Closed),
        (4, 6, TourShape::Closed),
        (3, 8, TourShape::Closed),
        (3, 5, TourShape::Open),
        (4, 4, TourShape::Open),
    ] {
        let problem = Problem::new(Board::new(rows, cols).unwrap(), Piece::Knight, shape);
        let why = cheap(&problem).unwrap();
        assert_eq!(kind(&problem, &why), "theorem", "{rows} x {cols} {shape}");
        let checked = check(&problem, &why).unwrap().unwrap();
        assert_eq!(checked.method, Method::Theorem);
    }
}

/// A walled board of `corpus/scale`: no closed rook tour, proved by the 2-factor flow.
fn walled(name: &str) -> Problem {
    let path = format!("{}/corpus/scale/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    Problem::new(text.parse().unwrap(), Piece::Rook, TourShape::Closed)
}

#[test]
fn walled_boards_are_certified_by_the_flows_minimum_cut() {
    let problem = walled("walled-202x202-w100.txt");
    let why = cheap(&problem).unwrap();
    let certified = certify(&problem, &why, &SatOptions::default(), &Limits::none()).unwrap();
    match certified.evidence {
        Evidence::Argument(checked) => assert_eq!(checked.method, Method::MinCut),
        Evidence::SatProof(_) => panic!("certified by SAT, not by the cut"),
    }
}

/// The walled board's move shortage, whose cut the tampering tests change.
fn walled_shortage() -> (Problem, u32, u32, HallCut) {
    let problem = walled("walled-202x202-w100.txt");
    match cheap(&problem) {
        Some(Impossibility::MoveShortage {
            needed,
            possible,
            cut: Some(cut),
        }) => (problem, needed, possible, cut),
        other => panic!("expected a move shortage with a cut, found {other:?}"),
    }
}

/// The check's verdict on a move shortage.
fn check_shortage(
    problem: &Problem,
    needed: u32,
    possible: u32,
    cut: HallCut,
) -> Result<(), String> {
    let why = Impossibility::MoveShortage {
        needed,
        possible,
        cut: Some(cut),
    };
    check(problem, &why).unwrap().map(|_| ())
}

#[test]
fn rejects_a_cut_with_a_square_moved() {
    let (problem, needed, possible, mut cut) = walled_shortage();
    check_shortage(&problem, needed, possible, cut.clone()).unwrap();
    let board = &problem.board;
    let moved = cut.squares.pop().unwrap();
    let (x, y) = board.coords(moved);
    let replacement = [(x + 1, y), (x, y + 1), (x + 2, y), (x, y + 2)]
        .into_iter()
        .filter(|&(x, y)| x < board.cols() && y < board.rows())
        .map(|(x, y)| board.square(x, y))
        .find(|&square| board.is_free(square) && !cut.squares.contains(&square))
        .unwrap();
    cut.squares.push(replacement);
    let error = check_shortage(&problem, needed, possible, cut).unwrap_err();
    assert!(error.contains("the cut does not show"), "{error}");
}

#[test]
fn rejects_a_cut_that_is_not_below_the_need() {
    let (problem, needed, _, _) = walled_shortage();
    let everything = HallCut {
        squares: problem.board.free_squares().collect(),
        has_free_end: false,
        dead_end: None,
    };
    assert!(check_shortage(&problem, needed, needed - 1, everything).is_err());
}

#[test]
fn rejects_a_shortage_whose_numbers_are_not_the_cuts() {
    let (problem, needed, possible, cut) = walled_shortage();
    assert!(check_shortage(&problem, needed, possible - 1, cut).is_err());
}

#[test]
fn rejects_an_open_cut_whose_dead_end_has_two_moves() {
    let problem = problem("....\n....\n", Piece::Rook, TourShape::Open);
    let cut = HallCut {
        squares: problem.board.free_squares().collect(),
        has_free_end: true,
        dead_end: Some(0),
    };
    let error = check_shortage(&problem, 5, 3, cut).unwrap_err();
    assert!(error.contains("not one"), "{error}");
}

#[test]
fn rejects_wrong_colour_counts() {
    let problem = problem("...\n...\n...\n", Piece::Rook, TourShape::Closed);
    let why = cheap(&problem).unwrap();
    check(&problem, &why).unwrap().unwrap();
    let wrong = Impossibility::ColourCount {
        even: 6,
        odd: 3,
        needed: "as many of each colour".to_string(),
    };
    let error = check(&problem, &wrong).unwrap().unwrap_err();
    assert!(error.contains("not 6 and 3"), "{error}");
}

#[test]
fn rejects_colour_counts_that_allow_a_tour() {
    let problem = problem("....\n....\n", Piece::Rook, TourShape::Closed);
    let balanced = Impossibility::ColourCount {
        even: 4,
        odd: 4,
        needed: "as many of each colour".to_string(),
    };
    assert!(check(&problem, &balanced).unwrap().is_err());
}

#[test]
fn rejects_a_square_that_is_not_a_cut_square() {
    // Full 3 x 3: no closed rook tour (colours), but the centre does not split the ring.
    let problem = problem("...\n...\n...\n", Piece::Rook, TourShape::Closed);
    let centre = problem.board.square(1, 1);
    let error = check(&problem, &Impossibility::CutSquare { square: centre })
        .unwrap()
        .unwrap_err();
    assert!(error.contains("stay joined"), "{error}");
    let bridge = problem_with_cut_square();
    let why = cheap(&bridge).unwrap();
    assert!(matches!(why, Impossibility::CutSquare { .. }), "{why:?}");
    assert_eq!(
        check(&bridge, &why).unwrap().unwrap().method,
        Method::Search
    );
}

/// Two 2 x 2 blocks joined by two squares in a row, which a circuit cannot pass twice.
fn problem_with_cut_square() -> Problem {
    problem("..XX..\n......\n", Piece::Rook, TourShape::Closed)
}

#[test]
fn rejects_squares_that_are_joined() {
    let problem = problem("...\n...\n...\n", Piece::Rook, TourShape::Closed);
    let joined = Impossibility::Disconnected { a: 0, b: 8 };
    assert!(check(&problem, &joined).unwrap().is_err());
}

#[test]
fn rejects_a_wrong_move_count_and_a_square_with_enough_moves() {
    let problem = problem("...\n...\n...\n", Piece::Rook, TourShape::Closed);
    let miscounted = Impossibility::TooFewMoves {
        square: 0,
        moves: 1,
    };
    assert!(check(&problem, &miscounted).unwrap().is_err());
    let enough = Impossibility::TooFewMoves {
        square: 0,
        moves: 2,
    };
    assert!(check(&problem, &enough).unwrap().is_err());
}

#[test]
fn rejects_dead_ends_with_two_moves() {
    let problem = problem(".....\n.....\n", Piece::Rook, TourShape::Open);
    let corners = Impossibility::TooManyDeadEnds {
        squares: vec![0, 4, 5],
    };
    assert!(check(&problem, &corners).unwrap().is_err());
}

#[test]
fn end_pockets_pass_their_check_and_tampered_pockets_fail_it() {
    // Two 2 x 2 corners, each behind one square, and a dead end at 0,3: three pockets.
    let problem = problem("..X..\n..X..\nX..X.\n.....\n", Piece::Rook, TourShape::Open);
    let why = cheap(&problem).unwrap();
    let Impossibility::EndPockets { pockets } = &why else {
        panic!("{why:?}");
    };
    assert_eq!(
        check(&problem, &why).unwrap().unwrap().method,
        Method::Search
    );
    assert_eq!(kind(&problem, &why), "end-pockets");
    let with = |pockets: Vec<Pocket>| check(&problem, &Impossibility::EndPockets { pockets });
    let error = with(pockets[..2].to_vec()).unwrap().unwrap_err();
    assert!(error.contains("2 pockets for 2 ends"), "{error}");
    let twice = vec![pockets[0], pockets[1], pockets[0]];
    let error = with(twice).unwrap().unwrap_err();
    assert!(error.contains("pocket 0"), "{error}");
    // Behind a square that does not shut it off, the pocket is the whole board.
    let open_cut = Pocket {
        cut: problem.board.square(1, 0),
        inside: problem.board.square(0, 0),
    };
    let error = with(vec![open_cut, pockets[1], pockets[2]])
        .unwrap()
        .unwrap_err();
    assert!(error.contains("every free square"), "{error}");
    // Behind 4,3 the pocket of 0,0 is real, but it holds the dead end at 0,3.
    let wide = Pocket {
        cut: problem.board.square(4, 3),
        inside: problem.board.square(0, 0),
    };
    let dead_end = Pocket {
        cut: problem.board.square(1, 3),
        inside: problem.board.square(0, 3),
    };
    let error = with(vec![wide, pockets[1], dead_end]).unwrap().unwrap_err();
    assert!(error.contains("pocket 0"), "{error}");
    // A fixed end in a pocket takes it off the list.
    let fixed = problem.clone().with_start(pockets[0].inside);
    let error = check(&fixed, &why).unwrap().unwrap_err();
    assert!(
        error.contains("3 pockets") || error.contains("fixed end"),
        "{error}"
    );
}

#[test]
fn pockets_as_many_as_the_ends_confine_them_and_no_others_do() {
    // The same board: three pockets, of which any two hold the two ends of an open tour.
    let problem = problem("..X..\n..X..\nX..X.\n.....\n", Piece::Rook, TourShape::Open);
    let Impossibility::EndPockets { pockets } = cheap(&problem).unwrap() else {
        panic!("three pockets");
    };
    let (in_pocket, findings) = pocket_end_squares(&problem, &pockets[..2]).unwrap();
    assert!(findings.contains("2 disjoint pockets"), "{findings}");
    // The first two pockets are three squares of each top corner, behind 1,1 and 4,1; the
    // dead end 0,3 is not among them.
    let inside: Vec<_> = (0..problem.board.len() as u32)
        .filter(|&square| in_pocket[square as usize])
        .map(|square| problem.board.coords(square))
        .collect();
    assert_eq!(inside, [(0, 0), (1, 0), (3, 0), (4, 0), (0, 1), (3, 1)]);
    let error = pocket_end_squares(&problem, &pockets).unwrap_err();
    assert!(error.contains("3 pockets for 2 ends"), "{error}");
    // With the start fixed outside them, one pocket holds the one end left.
    let fixed = problem.clone().with_start(problem.board.square(2, 3));
    assert!(pocket_end_squares(&fixed, &pockets[..1]).is_ok());
    let error = pocket_end_squares(&fixed, &pockets[..2]).unwrap_err();
    assert!(error.contains("2 pockets for 1 end"), "{error}");
}

#[test]
fn rejects_a_theorem_applied_to_a_board_it_does_not_fit() {
    let schwenk = "Schwenk (1991): no closed knight's tour".to_string();
    let eight = Problem::new(Board::new(8, 8).unwrap(), Piece::Knight, TourShape::Closed);
    let error = check(&eight, &Impossibility::Theorem(schwenk.clone()))
        .unwrap()
        .unwrap_err();
    assert!(error.contains("gives the 8 x 8 board"), "{error}");
    let mut blocked = Board::new(4, 5).unwrap();
    blocked.block(7);
    let blocked = Problem::new(blocked, Piece::Knight, TourShape::Closed);
    assert!(check(&blocked, &Impossibility::Theorem(schwenk.clone()))
        .unwrap()
        .is_err());
    let rook = Problem::new(Board::new(4, 5).unwrap(), Piece::Rook, TourShape::Closed);
    assert!(check(&rook, &Impossibility::Theorem(schwenk))
        .unwrap()
        .is_err());
}

/// A 6 x 6 board with four holes and no closed knight's tour that no cheap argument settles
/// (found by sampling; the knight ring with a 2 x 2 hole in the middle now falls to sealed
/// regions).
const HOLED_KNIGHT_6X6: &str = "......\n.X..X.\n.....X\n......\n......\n...X..\n";

#[test]
fn search_and_sat_answers_are_certified_by_the_sat_proof() {
    // A holed 6 x 6 knight board: the cheap arguments pass, search proves it.
    let ring = problem(HOLED_KNIGHT_6X6, Piece::Knight, TourShape::Closed);
    let solution = engine::solve(&ring, &SolveOptions::default()).unwrap();
    let Answer::NoTour(why) = solution.answer else {
        panic!("the ring has no closed tour");
    };
    assert!(check(&ring, &why).is_none(), "{why:?}");
    let certified = certify(&ring, &why, &SatOptions::default(), &Limits::none()).unwrap();
    match certified.evidence {
        Evidence::SatProof(certificate) => assert!(certificate.checked),
        Evidence::Argument(checked) => panic!("checked by {:?}", checked.method),
    }
}

#[test]
fn a_rejected_argument_is_an_error_not_a_certificate() {
    let problem = problem("...\n...\n...\n", Piece::Rook, TourShape::Closed);
    let wrong = Impossibility::CutSquare { square: 4 };
    let error = certify(&problem, &wrong, &SatOptions::default(), &Limits::none()).unwrap_err();
    assert!(matches!(error, CertifyError::Rejected(_)), "{error}");
    assert!(error.to_string().starts_with("internal error"), "{error}");
}

/// The arguments of a `toursat solve` of a board file in `corpus/scale`.
fn solve_walled(name: &str, extra: &[&str]) -> Run {
    let path = format!("{}/corpus/scale/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut args = vec!["solve", &path, "--piece", "rook", "--tour", "closed"];
    args.extend_from_slice(extra);
    toursat(&args, "")
}

#[test]
fn solve_certify_prints_what_it_certified_on_stderr() {
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = solve_walled("walled-202x202-w100.txt", &["--certify"]);
    assert_eq!(status, 1);
    assert!(stdout.starts_with("no tour: "), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("toursat: certified: no closed tour: "),
        "{stderr}"
    );
    assert!(
        stderr.contains("(checked by min-cut: a cut of "),
        "{stderr}"
    );
    assert!(stderr.contains("capacity 40596 < 40600"), "{stderr}");
}

#[test]
fn solve_without_certify_prints_nothing_on_stderr() {
    let Run { stderr, status, .. } = solve_walled("walled-202x202-w100.txt", &[]);
    assert_eq!(status, 1);
    assert_eq!(stderr, "");
}

#[test]
fn every_walled_board_is_certified_by_the_flow_in_json() {
    for name in [
        "walled-150x300-w150.txt",
        "walled-202x202-w100.txt",
        "walled-210x210-w104.txt",
        "walled-250x250-w124.txt",
    ] {
        let Run { stdout, status, .. } = solve_walled(name, &["--certify", "--format", "json"]);
        assert_eq!(status, 1, "{name}");
        let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let certificate = &value["certificate"];
        assert_eq!(certificate["kind"], "move-shortage", "{name}");
        assert_eq!(certificate["method"], "min-cut", "{name}");
        assert!(certificate["seconds"].is_number(), "{name}");
    }
}

#[test]
fn json_certificate_is_null_without_certify() {
    let Run { stdout, .. } = solve_walled("walled-202x202-w100.txt", &["--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(value["certificate"].is_null(), "{stdout}");
}

#[test]
fn solve_certify_names_the_sat_proof_for_a_sat_answer() {
    let dir = std::env::temp_dir().join(format!("toursat-certificates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ring = dir.join("ring.txt");
    std::fs::write(&ring, HOLED_KNIGHT_6X6).unwrap();
    let args = [
        "solve",
        ring.to_str().unwrap(),
        "--piece",
        "knight",
        "--tour",
        "closed",
        "--certify",
        "--format",
        "json",
    ];
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 1);
    assert!(stderr.contains("(checked by sat-proof: "), "{stderr}");
    assert!(
        stderr.contains("varisat's checker accepted the "),
        "{stderr}"
    );
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["certificate"]["method"], "sat-proof");
    assert_eq!(value["certificate"]["kind"], value["why"]["kind"]);
}

#[test]
fn judge_certify_prints_a_line_for_each_certified_case() {
    // Case 1 has no circuit (colours); case 2 has one.
    let input = "4 4 2 0 0\n3 0\n1 2\n4 4 0 0 0\n0 0 0 0 0\n";
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&["judge", "rook-circuit", "--certify"], input);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.starts_with("NO SOLUTION\n"), "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("toursat: case 1: certified: no closed tour: "),
        "{stderr}"
    );
    assert!(lines[0].contains("(checked by recount: "), "{stderr}");
}
