//! Every engine answer on small boards checked against brute force.
//!
//! The brute force below tries every path in lexicographic order (squares by column, then row),
//! without any pruning, so the first tour it meets is the lexicographically first.

use toursat::core::rng::SplitMix64;
use toursat::engine::{self, Answer, Order, SolveOptions};
use toursat::{verify, Board, Piece, Problem, Square, TourShape};

/// Board shapes checked, as (rows, cols).
fn shapes() -> Vec<(u64, u64)> {
    let mut shapes: Vec<(u64, u64)> = (1..=4)
        .flat_map(|rows| (1..=4).map(move |cols| (rows, cols)))
        .collect();
    shapes.extend([(3, 5), (5, 3)]);
    shapes
}

/// Patterns of blocked squares (bit i blocks square i): all of them for boards of up to 12
/// squares, a fixed sample of `sample` for larger ones.
fn patterns(squares: u64, sample: usize, seed: u64) -> Vec<u64> {
    if squares <= 12 {
        return (0..1u64 << squares).collect();
    }
    let mut generator = SplitMix64::new(seed);
    (0..sample)
        .map(|_| generator.next_u64() & ((1 << squares) - 1))
        .collect()
}

fn board_with(rows: u64, cols: u64, blocked: u64) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for square in 0..(rows * cols) as Square {
        if blocked >> square & 1 == 1 {
            board.block(square);
        }
    }
    board
}

/// The free squares in lexicographic order: by column, then row.
fn lex_squares(board: &Board) -> Vec<Square> {
    let mut squares: Vec<Square> = board.free_squares().collect();
    squares.sort_by_key(|&square| board.coords(square));
    squares
}

/// The free squares one move of `piece` from `square`, in lexicographic order.
fn moves_from(board: &Board, piece: Piece, square: Square) -> Vec<Square> {
    let (x, y) = board.coords(square);
    let mut targets: Vec<Square> = piece
        .steps()
        .into_iter()
        .filter_map(|(dx, dy)| board.checked_square(x as i64 + dx as i64, y as i64 + dy as i64))
        .filter(|&target| board.is_free(target))
        .collect();
    targets.sort_by_key(|&target| board.coords(target));
    targets
}

/// The lexicographically first tour of `problem`, by trying every path.
fn brute_force_first_tour(problem: &Problem) -> Option<Vec<Square>> {
    let board = &problem.board;
    let moves: Vec<Vec<Square>> = (0..board.len() as Square)
        .map(|square| moves_from(board, problem.piece, square))
        .collect();
    let free_count = board.free_count();
    let starts = match problem.start {
        Some(start) => vec![start],
        None => lex_squares(board),
    };
    let is_tour = |path: &[Square]| {
        let (first, last) = (path[0], path[path.len() - 1]);
        match problem.shape {
            TourShape::Closed => path.len() >= 2 && moves[last as usize].contains(&first),
            TourShape::Open => problem.end.is_none_or(|end| end == last),
        }
    };
    fn extend(
        path: &mut Vec<Square>,
        visited: &mut [bool],
        moves: &[Vec<Square>],
        free_count: usize,
        is_tour: &dyn Fn(&[Square]) -> bool,
    ) -> bool {
        if path.len() == free_count {
            return is_tour(path);
        }
        let head = path[path.len() - 1] as usize;
        for &next in &moves[head] {
            if !visited[next as usize] {
                visited[next as usize] = true;
                path.push(next);
                if extend(path, visited, moves, free_count, is_tour) {
                    return true;
                }
                path.pop();
                visited[next as usize] = false;
            }
        }
        false
    }
    for start in starts {
        let mut visited = vec![false; board.len()];
        visited[start as usize] = true;
        let mut path = vec![start];
        if extend(&mut path, &mut visited, &moves, free_count, &is_tour) {
            return Some(path);
        }
    }
    None
}

/// The problems asked of one board: closed and open, free and fixed start, and a fixed end.
fn problems_on(board: &Board, piece: Piece, choice: u64) -> Vec<Problem> {
    let free: Vec<Square> = board.free_squares().collect();
    let some_square = |salt: u64| free[((choice ^ salt) % free.len() as u64) as usize];
    let mut problems = Vec::new();
    for shape in [TourShape::Closed, TourShape::Open] {
        let problem = Problem::new(board.clone(), piece, shape);
        problems.push(problem.clone());
        problems.push(problem.with_start(some_square(0)));
    }
    let open = Problem::new(board.clone(), piece, TourShape::Open);
    problems.push(open.clone().with_end(some_square(7)));
    let (start, end) = (some_square(0), some_square(13));
    // Both ends on one square of a larger board is refused as not well posed (`SameEnds`).
    if start != end || free.len() == 1 {
        problems.push(open.with_start(start).with_end(end));
    }
    problems
}

/// Checks both orders of `toursat::engine::solve` on every problem of every pattern.
fn check_against_brute_force(piece: Piece, sample: usize) {
    let mut checked = 0;
    for (rows, cols) in shapes() {
        for blocked in patterns(rows * cols, sample, rows * 31 + cols) {
            let board = board_with(rows, cols, blocked);
            if board.free_count() == 0 {
                continue;
            }
            for problem in problems_on(&board, piece, blocked.wrapping_mul(2_654_435_761)) {
                let expected = brute_force_first_tour(&problem);
                for order in [Order::Any, Order::Lex] {
                    let options = SolveOptions {
                        order,
                        ..SolveOptions::default()
                    };
                    let solution = engine::solve(&problem, &options).unwrap();
                    let context = format!("{problem:?} {order:?}: {:?}", solution.answer);
                    match (&solution.answer, &expected) {
                        (Answer::Found(tour), Some(first)) => {
                            assert_eq!(verify(&problem, tour), Ok(()), "{context}");
                            if order == Order::Lex {
                                assert_eq!(tour.squares(), &first[..], "{context}");
                            }
                        }
                        (Answer::NoTour(_), None) => {}
                        _ => panic!("{context}, brute force: {expected:?}"),
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} problems checked");
}

#[test]
fn rook_answers_match_brute_force_on_every_small_pattern() {
    check_against_brute_force(Piece::Rook, 8000);
}

#[test]
fn knight_answers_match_brute_force_on_every_small_pattern() {
    check_against_brute_force(Piece::Knight, 8000);
}

#[test]
fn king_answers_match_brute_force_on_sampled_patterns() {
    check_against_brute_force(Piece::King, 2000);
}

/// The knights-journey reference: the first open knight's tour of a `rows` x `cols` board in
/// lexicographic order, by plain depth-first search from every start.
fn reference_journey(rows: u64, cols: u64) -> Option<Vec<Square>> {
    let board = Board::new(rows, cols).unwrap();
    brute_force_first_tour(&Problem::new(board, Piece::Knight, TourShape::Open))
}

#[test]
fn lexicographic_journeys_match_the_reference_search() {
    for rows in 1..=26u64 {
        for cols in 1..=26 / rows {
            let problem = Problem::new(
                Board::new(rows, cols).unwrap(),
                Piece::Knight,
                TourShape::Open,
            );
            let options = SolveOptions {
                order: Order::Lex,
                ..SolveOptions::default()
            };
            let answer = engine::solve(&problem, &options).unwrap().answer;
            let found = match answer {
                Answer::Found(tour) => Some(tour.into_squares()),
                Answer::NoTour(_) => None,
                Answer::Stopped(stop) => panic!("{rows}x{cols} stopped: {stop:?}"),
            };
            assert_eq!(found, reference_journey(rows, cols), "{rows}x{cols}");
        }
    }
}
