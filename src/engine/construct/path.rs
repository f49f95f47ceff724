//! Block paths: knight paths through every square of a small block, found by backtracking.
//!
//! The strip construction ([`super::strip`]) needs, in blocks of 3 or 4 rows and a few columns,
//! a path that visits every square once from a given square (to a given square, or anywhere),
//! and for blocks crossed by two lanes, two such paths at once: the first lane ends on a square,
//! the second goes on from another (a *lane change*, not a move). The lane change is between
//! two given squares, or anywhere: then the path passes through an extra square, the *hub*,
//! joined to every square of the block.
//!
//! A block has at most 64 squares, so the unvisited squares are one `u64` and each check is a
//! few bit operations. Every check only cuts branches that hold no path:
//!
//! - every unvisited square keeps two *ports* (unvisited neighbours or the head of the path;
//!   the lane change counts as a move), one for the square that ends the path;
//! - the unvisited squares stay connected to the head.
//!
//! Moves are tried by Warnsdorff's rule (fewest onward moves first, ties by square index), so
//! the search is deterministic, and a node budget gives up on blocks that take long.

/// Where a block path changes lanes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LaneChange {
    /// One lane.
    None,
    /// The path leaves the first square for the second (which it enters no other way) instead
    /// of making a move.
    Between(u32, u32),
    /// The path leaves any square for the hub, square `rows * cols`, and the hub for any square.
    Anywhere,
}

/// What a block path must do. Squares are row-major indices `v * cols + u` of a block of
/// `rows` x `cols` squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PathSpec {
    /// Rows of the block.
    pub rows: u32,
    /// Columns of the block.
    pub cols: u32,
    /// The first square.
    pub start: u32,
    /// The last square, or `None` for any.
    pub end: Option<u32>,
    /// Where the path changes lanes.
    pub lane_change: LaneChange,
}

/// A path through every square of the block (and the hub, for a lane change anywhere) as
/// `spec` asks, in order, or `None` when there is none or the search spent `budget` nodes
/// without finding one.
pub fn find_path(spec: &PathSpec, budget: u64) -> Option<Vec<u32>> {
    let squares = spec.rows * spec.cols;
    let count = squares + u32::from(spec.lane_change == LaneChange::Anywhere);
    if squares == 0 || count > 64 {
        return None;
    }
    let mut named = vec![spec.start];
    named.extend(spec.end);
    let mut lane_change = None;
    if let LaneChange::Between(from, to) = spec.lane_change {
        named.extend([from, to]);
        lane_change = Some((from, to));
    }
    let distinct = named
        .iter()
        .enumerate()
        .all(|(index, square)| !named[..index].contains(square));
    if !distinct || named.iter().any(|&square| square >= squares) {
        return None;
    }
    let mut moves = knight_moves(spec.rows, spec.cols);
    let mut ports = moves.clone();
    match spec.lane_change {
        LaneChange::None => {}
        LaneChange::Between(from, to) => {
            ports[from as usize] |= bit(to);
            ports[to as usize] |= bit(from);
        }
        LaneChange::Anywhere => {
            let hub = squares;
            let every_square = u64::MAX >> (64 - squares);
            for square_moves in &mut moves {
                *square_moves |= bit(hub);
            }
            moves.push(every_square);
            ports = moves.clone();
        }
    }
    let mut search = Search {
        moves,
        ports,
        end: spec.end,
        lane_change,
        path: Vec::with_capacity(count as usize),
        nodes: 0,
        budget,
    };
    search.path.push(spec.start);
    let unvisited = (u64::MAX >> (64 - count)) & !bit(spec.start);
    match search.extend(spec.start, unvisited) {
        Outcome::Found => Some(search.path),
        Outcome::Exhausted | Outcome::OutOfBudget => None,
    }
}

/// The set holding only `square`.
fn bit(square: u32) -> u64 {
    1 << square
}

/// The squares of a set, in index order.
fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros();
            set &= set - 1;
            square
        })
    })
}

/// The knight moves of each square of a `rows` x `cols` block, as sets.
fn knight_moves(rows: u32, cols: u32) -> Vec<u64> {
    const STEPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    (0..rows * cols)
        .map(|square| {
            let (u, v) = ((square % cols) as i32, (square / cols) as i32);
            STEPS
                .iter()
                .map(|&(du, dv)| (u + du, v + dv))
                .filter(|&(u, v)| (0..cols as i32).contains(&u) && (0..rows as i32).contains(&v))
                .fold(0, |set, (u, v)| set | bit(v as u32 * cols + u as u32))
        })
        .collect()
}

/// How a branch of the search ended.
enum Outcome {
    Found,
    Exhausted,
    OutOfBudget,
}

/// The state of one search.
struct Search {
    /// The moves of each square: knight moves, and the links of the hub when there is one.
    moves: Vec<u64>,
    /// The moves of each square plus a lane change between given squares: the ways a path may
    /// enter or leave it.
    ports: Vec<u64>,
    end: Option<u32>,
    /// A lane change between two given squares.
    lane_change: Option<(u32, u32)>,
    /// The path so far; its last square is the head.
    path: Vec<u32>,
    nodes: u64,
    budget: u64,
}

impl Search {
    /// Extends the path from `head` through the `unvisited` squares; on success the path holds
    /// every square.
    fn extend(&mut self, head: u32, unvisited: u64) -> Outcome {
        if unvisited == 0 {
            return if self.end.is_none_or(|end| end == head) {
                Outcome::Found
            } else {
                Outcome::Exhausted
            };
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Outcome::OutOfBudget;
        }
        if !self.may_finish(head, unvisited) {
            return Outcome::Exhausted;
        }
        let mut candidates: Vec<(u32, u32)> = squares(self.next_squares(head, unvisited))
            .map(|next| {
                let onward = (self.ports[next as usize] & unvisited & !bit(next)).count_ones();
                (onward, next)
            })
            .collect();
        candidates.sort_unstable();
        for (_, next) in candidates {
            self.path.push(next);
            match self.extend(next, unvisited & !bit(next)) {
                Outcome::Found => return Outcome::Found,
                Outcome::OutOfBudget => return Outcome::OutOfBudget,
                Outcome::Exhausted => {}
            }
            self.path.pop();
        }
        Outcome::Exhausted
    }

    /// The squares the path may go to from `head`.
    fn next_squares(&self, head: u32, unvisited: u64) -> u64 {
        if let Some((from, to)) = self.lane_change {
            if head == from {
                return bit(to) & unvisited;
            }
        }
        let mut next = self.moves[head as usize] & unvisited;
        if let Some((_, to)) = self.lane_change {
            next &= !bit(to);
        }
        if let Some(end) = self.end {
            if unvisited != bit(end) {
                next &= !bit(end);
            }
        }
        next
    }

    /// Whether every unvisited square keeps the ports it needs and stays connected to `head`.
    fn may_finish(&self, head: u32, unvisited: u64) -> bool {
        let open = unvisited | bit(head);
        let mut dead_ends = 0;
        for square in squares(unvisited) {
            match (self.ports[square as usize] & open).count_ones() {
                0 => return false,
                1 => {
                    dead_ends += 1;
                    if dead_ends > 1 || self.end.is_some_and(|end| end != square) {
                        return false;
                    }
                }
                _ => {}
            }
        }
        let (mut reached, mut frontier) = (bit(head), bit(head));
        while frontier != 0 {
            let next = squares(frontier).fold(0, |set, square| set | self.ports[square as usize]);
            frontier = next & unvisited & !reached;
            reached |= frontier;
        }
        reached & unvisited == unvisited
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `path` visits every square of the block (and the hub, when there is one) once,
    /// by moves and the lane change.
    fn is_block_path(spec: &PathSpec, path: &[u32]) -> bool {
        let squares = spec.rows * spec.cols;
        let hub = (spec.lane_change == LaneChange::Anywhere).then_some(squares);
        let moves = knight_moves(spec.rows, spec.cols);
        let mut seen = vec![false; (squares + u32::from(hub.is_some())) as usize];
        for &square in path {
            if std::mem::replace(&mut seen[square as usize], true) {
                return false;
            }
        }
        let step = |from: u32, to: u32| match spec.lane_change {
            LaneChange::Between(change_from, change_to) => (from, to) == (change_from, change_to),
            LaneChange::Anywhere => hub == Some(from) || hub == Some(to),
            LaneChange::None => false,
        } || (from < squares && to < squares && moves[from as usize] & bit(to) != 0);
        seen.iter().all(|&seen| seen)
            && path.first() == Some(&spec.start)
            && spec.end.is_none_or(|end| path.last() == Some(&end))
            && path.windows(2).all(|pair| step(pair[0], pair[1]))
    }

    /// A spec for a path from `start` on a `rows` x `cols` block, in one lane.
    fn spec(rows: u32, cols: u32, start: u32, end: Option<u32>) -> PathSpec {
        PathSpec {
            rows,
            cols,
            start,
            end,
            lane_change: LaneChange::None,
        }
    }

    #[test]
    fn finds_a_path_between_given_squares() {
        let free_end = spec(3, 4, 0, None);
        let path = find_path(&free_end, 10_000).unwrap();
        assert!(is_block_path(&free_end, &path));
        let fixed_end = spec(3, 4, 0, path.last().copied());
        let path = find_path(&fixed_end, 10_000).unwrap();
        assert!(is_block_path(&fixed_end, &path));
    }

    #[test]
    fn proves_there_is_no_path_on_3_x_5() {
        for start in 0..15 {
            assert_eq!(find_path(&spec(3, 5, start, None), u64::MAX), None);
        }
    }

    #[test]
    fn a_lane_change_between_squares_splits_the_path_in_two() {
        // 3 x 4: lane A from (0, 0) to (0, 2), lane B from (0, 1) to (1, 0); (0, 2) and (0, 1)
        // are not a knight's move apart.
        let spec = PathSpec {
            lane_change: LaneChange::Between(8, 4),
            ..spec(3, 4, 0, Some(1))
        };
        let path = find_path(&spec, u64::MAX).unwrap();
        assert!(is_block_path(&spec, &path));
        let change = path.iter().position(|&square| square == 8).unwrap();
        assert_eq!(path[change + 1], 4);
    }

    #[test]
    fn a_lane_change_anywhere_passes_through_the_hub() {
        // The centre of 3 x 3 has no move: the hub is its only port, so only an end may be it.
        let centre_stuck = PathSpec {
            lane_change: LaneChange::Anywhere,
            ..spec(3, 3, 0, Some(2))
        };
        assert_eq!(find_path(&centre_stuck, u64::MAX), None);
        let two_lanes = PathSpec {
            lane_change: LaneChange::Anywhere,
            ..spec(4, 4, 0, Some(15))
        };
        let path = find_path(&two_lanes, u64::MAX).unwrap();
        assert!(is_block_path(&two_lanes, &path));
        assert!(path.contains(&16));
    }

    #[test]
    fn refuses_squares_named_twice_or_outside_the_block() {
        assert_eq!(find_path(&spec(4, 5, 3, Some(3)), 1_000), None);
        assert_eq!(find_path(&spec(4, 5, 3, Some(20)), 1_000), None);
    }
}
