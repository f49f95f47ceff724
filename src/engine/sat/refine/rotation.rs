//! Joining a cycle to an open path by Pósa rotations: the path's end walks to the cycle.
//!
//! An open path is the cycle through the virtual vertex, whose two neighbours on it are the
//! path's ends. When an end `e` has a move to a square `x` of the path (not its neighbour
//! there), and `y` is the square before `x` on the way from `e`, the path from `e` to `y` may
//! be turned round: `y-x` is exchanged for `e-x` and the virtual edge `e` for `y`, and `y` is
//! the new end (a rotation). The squares stay covered by one path; only its end has moved.
//! Once an end has a move to a square `c` of another cycle, the cycle joins the path: `c-c'`
//! (an edge of the cycle) and the virtual edge `e` are exchanged for `e-c` and the virtual
//! edge `c'`, and `c'` is the new end.
//!
//! A window that holds its boundary edges keeps the number of ends inside it, so a cycle that
//! can only be joined by ending the path in it needs the end brought to it: the windows bring
//! it through a corridor, a formula that may be slow to solve (a region whose colours need an
//! end, say). The rotations bring it by a depth-first walk from each end that is not held where
//! it is: the turns whose new end is nearest the cycle (in moves) first, never to an end the
//! walk has had, at most [`MAX_DEPTH`] turns deep (a turn is undone by turning again at the
//! same place), for at most a given number of rotations; both bounds grow with the end's
//! distance to the cycle, as an end moves about two squares a rotation.
//!
//! The ends the walk passes through are only the path's ends while it walks: the path it gives
//! back ends at the square the join leaves, so only that square needs a move to the virtual
//! vertex. Where the ends are confined (to the pockets of a king's board that each need an
//! end, say), the squares between have none, and the walk passes through them all the same. A
//! path shorter than the largest cycle (the two squares of one pocket, both ends in it, while
//! the other pocket holds a cycle of its own) first takes that cycle in at its walking end,
//! whose next square on the cycle is the first end to walk from.

use super::warm::distances_from;
use crate::graph::cycle::{CycleGraph, Vertex};

/// The most rotations in a row that the search makes before it turns back.
const MAX_DEPTH: usize = 400;

/// What a join by rotations did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RotationJoin {
    /// The cycles after the join: the path's, in its place, with the cycle joined, which is
    /// gone from its place (as is the largest cycle, where the path took it in first); the
    /// others unchanged.
    pub cycles: Vec<Vec<Vertex>>,
    /// The rotations made, in all.
    pub rotations: u64,
}

/// The `cycles` (a 2-factor of `graph` with an open path through its virtual vertex) with the
/// cycle numbered `target` joined to the path after at most `max_rotations` rotations (or twice
/// the end's distance to the cycle, if more) from each end whose virtual edge is not
/// `protected` (each rotation, and the join, removes only edges that are not), the largest
/// cycle taken in first where the path is shorter; `None` when neither end's walk reaches the
/// cycle.
pub(super) fn join_by_rotations(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
    target: usize,
    max_rotations: u64,
) -> Option<RotationJoin> {
    let hub = graph.virtual_vertex()?;
    let path_index = cycles.iter().position(|cycle| cycle.contains(&hub))?;
    if path_index == target {
        return None;
    }
    let removable = |a: Vertex, b: Vertex| {
        graph
            .edge_between(a, b)
            .is_some_and(|edge| !protected[edge as usize])
    };
    let (distance, _) = distances_from(graph, cycles[target].iter().copied(), u32::MAX);
    let path = open_path(&cycles[path_index], hub);
    let (first, last) = (path[0], path[path.len() - 1]);
    // The end nearer the cycle walks first.
    let mut ends = [(first, false), (last, true)];
    ends.sort_by_key(|&(end, _)| distance[end as usize]);
    // A path shorter than the largest cycle (one held in a pocket by ends confined there) first
    // takes that cycle in, so that its end has squares to walk over.
    let largest = (0..cycles.len())
        .max_by_key(|&index| cycles[index].len())
        .filter(|&index| index != path_index && index != target);
    let mut rotations = 0;
    for (end, reversed) in ends {
        if !removable(hub, end) {
            continue;
        }
        let mut oriented = path.clone();
        if reversed {
            oriented.reverse();
        }
        if let Some(largest) = largest {
            match take_in(graph, &cycles[largest], &oriented, &removable) {
                Some(longer) => oriented = longer,
                None => continue,
            }
        }
        // The end walks about two squares a rotation at best: the budget and the depth allow
        // for its distance to the cycle.
        let reach = 2 * u64::from(distance[end as usize].min(u32::MAX / 2));
        let max_rotations = max_rotations.max(reach);
        let max_depth = MAX_DEPTH.max(reach as usize);
        let mut walk = PathWalk::new(graph, &oriented);
        // Depth-first over rotations, the turns whose ends are nearest the cycle first; each
        // frame holds the turn that led to it (turned again to undo it) and the turns left.
        let mut stack = vec![(0, walk.turns(graph, hub, &distance, &removable))];
        let mut walk_rotations = 0;
        while walk_rotations < max_rotations {
            if let Some(joined) = walk.join(graph, &cycles[target], &removable) {
                let mut cycles = cycles.to_vec();
                cycles[path_index] = joined;
                let mut gone: Vec<usize> = largest.into_iter().chain([target]).collect();
                gone.sort_unstable_by(|a, b| b.cmp(a));
                for index in gone {
                    cycles.remove(index);
                }
                return Some(RotationJoin {
                    cycles,
                    rotations: rotations + walk_rotations,
                });
            }
            let Some((_, turns)) = stack.last_mut() else {
                break;
            };
            match turns.pop() {
                Some(at) if stack.len() <= max_depth => {
                    if walk.turn(at) {
                        walk_rotations += 1;
                        let turns = walk.turns(graph, hub, &distance, &removable);
                        stack.push((at, turns));
                    }
                }
                _ => {
                    let (at, _) = stack.pop().unwrap_or_default();
                    if at > 0 {
                        walk.turn_back(at);
                    }
                }
            }
        }
        rotations += walk_rotations;
    }
    None
}

/// The squares of the cycle through `hub`, in order from the square after it.
fn open_path(cycle: &[Vertex], hub: Vertex) -> Vec<Vertex> {
    let at = cycle.iter().position(|&vertex| vertex == hub).unwrap_or(0);
    cycle[at + 1..]
        .iter()
        .chain(&cycle[..at])
        .copied()
        .collect()
}

/// The open `path` (its walking end first) with `cycle` taken in at that end, when the end has a
/// move to a square `c` of the cycle whose edge on to a neighbour `c'` there is `removable`:
/// `c'` round the cycle to `c`, then the path. `c'` is the new walking end, which need not have
/// a move to the virtual vertex: the walk goes on from it, and only the end that joins the
/// target cycle must.
fn take_in(
    graph: &CycleGraph,
    cycle: &[Vertex],
    path: &[Vertex],
    removable: &impl Fn(Vertex, Vertex) -> bool,
) -> Option<Vec<Vertex>> {
    let end = path[0];
    for (at, &square) in cycle.iter().enumerate() {
        if graph.edge_between(end, square).is_none() {
            continue;
        }
        let next = (at + 1) % cycle.len();
        if removable(square, cycle[next]) {
            // From `c'` (after `c`) round to `c`, then the path.
            let mut longer: Vec<Vertex> = cycle[next..]
                .iter()
                .chain(&cycle[..next])
                .copied()
                .collect();
            longer.extend_from_slice(path);
            return Some(longer);
        }
    }
    None
}

/// An open path whose end at position 0 walks by rotations, with each square's position.
struct PathWalk {
    /// The path's squares, the walking end first.
    path: Vec<Vertex>,
    /// Each vertex's position in `path` (`u32::MAX` off the path).
    position: Vec<u32>,
    /// The ends the walk has had, so that it never returns to one.
    visited: Vec<bool>,
}

impl PathWalk {
    /// The walk on `path` from its first square.
    fn new(graph: &CycleGraph, path: &[Vertex]) -> PathWalk {
        let path = path.to_vec();
        let mut position = vec![u32::MAX; graph.vertex_count()];
        for (at, &vertex) in path.iter().enumerate() {
            position[vertex as usize] = at as u32;
        }
        let mut visited = vec![false; graph.vertex_count()];
        visited[path[0] as usize] = true;
        PathWalk {
            path,
            position,
            visited,
        }
    }

    /// The path's cycle with `cycle` joined at the walking end, when the end has a move to a
    /// square `c` of it whose edge on to `c'` is removable and `c'` may be an end (has a move
    /// to the hub): the hub, then `c'` round the cycle to `c`, then the path. (The first end's
    /// virtual edge is removable, as [`join_by_rotations`] walks only such an end; the ends
    /// after it have none in the path.)
    fn join(
        &self,
        graph: &CycleGraph,
        cycle: &[Vertex],
        removable: &impl Fn(Vertex, Vertex) -> bool,
    ) -> Option<Vec<Vertex>> {
        let hub = graph.virtual_vertex()?;
        let end = self.path[0];
        for (at, &square) in cycle.iter().enumerate() {
            if graph.edge_between(end, square).is_none() {
                continue;
            }
            let next = cycle[(at + 1) % cycle.len()];
            let previous = cycle[(at + cycle.len() - 1) % cycle.len()];
            for (new_end, backward) in [(next, false), (previous, true)] {
                if !removable(square, new_end) || graph.edge_between(hub, new_end).is_none() {
                    continue;
                }
                // The cycle from `new_end` away from `square`, round to `square`.
                let mut joined = Vec::with_capacity(cycle.len() + self.path.len() + 1);
                joined.push(hub);
                for step in 0..cycle.len() {
                    let index = match backward {
                        true => (at + cycle.len() - 1 + cycle.len() - step) % cycle.len(),
                        false => (at + 1 + step) % cycle.len(),
                    };
                    joined.push(cycle[index]);
                }
                joined.extend_from_slice(&self.path);
                return Some(joined);
            }
        }
        None
    }

    /// The positions at which the path may be turned round (see the module's doc): the
    /// squares, after the end's neighbour, to which the end has a move, whose edges to the
    /// squares before them are `removable`; the farthest from the cycle (by `distance`, then the
    /// longest turn) first, so that the nearest is popped first. The square before becomes the
    /// walking end whether or not it has a move to the hub: only the end that joins the cycle
    /// must.
    fn turns(
        &self,
        graph: &CycleGraph,
        hub: Vertex,
        distance: &[u32],
        removable: &impl Fn(Vertex, Vertex) -> bool,
    ) -> Vec<u32> {
        let end = self.path[0];
        let mut turns: Vec<(u32, u32)> = graph
            .incident(end)
            .iter()
            .filter_map(|&(square, _)| {
                let at = self.position[square as usize];
                if square == hub || at == u32::MAX || at < 2 {
                    return None;
                }
                let new_end = self.path[at as usize - 1];
                removable(new_end, square).then_some((distance[new_end as usize], at))
            })
            .collect();
        turns.sort_unstable_by(|a, b| b.cmp(a));
        turns.into_iter().map(|(_, at)| at).collect()
    }

    /// Turns the path round before position `at` (the square there keeps its place, the one
    /// before it is the new end), unless the walk has had that end already; whether it turned.
    fn turn(&mut self, at: u32) -> bool {
        let new_end = self.path[at as usize - 1];
        if self.visited[new_end as usize] {
            return false;
        }
        self.visited[new_end as usize] = true;
        self.turn_back(at);
        true
    }

    /// Turns the path round before position `at` whatever end it has: a second turn at the
    /// same position undoes the first.
    fn turn_back(&mut self, at: u32) {
        self.path[..at as usize].reverse();
        for (position, &vertex) in self.path[..at as usize].iter().enumerate() {
            self.position[vertex as usize] = position as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::flow::factor::factor_cycles;
    use crate::engine::flow::general_factor::general_two_factor;

    /// Whether `cycles` cover each vertex of `graph` once, along its edges, with every
    /// `protected` edge among theirs.
    fn is_two_factor_with(graph: &CycleGraph, cycles: &[Vec<Vertex>], protected: &[bool]) -> bool {
        let mut seen = vec![false; graph.vertex_count()];
        let mut kept = vec![false; graph.edges().len()];
        for cycle in cycles {
            for (at, &vertex) in cycle.iter().enumerate() {
                if std::mem::replace(&mut seen[vertex as usize], true) {
                    return false;
                }
                match graph.edge_between(vertex, cycle[(at + 1) % cycle.len()]) {
                    Some(edge) => kept[edge as usize] = true,
                    None => return false,
                }
            }
        }
        let protected_kept = (0..kept.len()).all(|edge| kept[edge] || !protected[edge]);
        seen.iter().all(|&seen| seen) && protected_kept
    }

    /// A king's open tour whose ends are confined to two pockets (two squares with moves only
    /// to each other and a third), the path in one pocket and a triangle in the other: the
    /// path takes the largest cycle in and its end walks to the other pocket through squares
    /// that cannot end the tour, which joins all three into a tour.
    #[test]
    fn a_path_held_in_one_pocket_walks_through_squares_that_cannot_end_to_the_other() {
        let board: crate::core::board::Board = "..X...X..\nX.X...X.X\n.........\n.........\n"
            .parse()
            .unwrap();
        let problem = Problem::new(board.clone(), Piece::King, TourShape::Open);
        let free = CycleGraph::new(
            &problem,
            &crate::core::piece::MoveGraph::new(&board, Piece::King),
        );
        let at = |x, y| free.vertex(board.square(x, y)).unwrap();
        let pockets = [at(0, 0), at(1, 0), at(7, 0), at(8, 0)];
        let mut may_end = vec![false; free.vertex_count()];
        for vertex in pockets {
            may_end[vertex as usize] = true;
        }
        let graph = free.with_end_squares(&may_end);
        let hub = graph.virtual_vertex().unwrap();
        let big = [
            (1, 1),
            (0, 2),
            (0, 3),
            (1, 3),
            (2, 3),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
            (8, 3),
            (8, 2),
            (7, 2),
            (6, 2),
            (5, 2),
            (5, 1),
            (5, 0),
            (4, 0),
            (3, 0),
            (4, 1),
            (3, 1),
            (4, 2),
            (3, 2),
            (2, 2),
            (1, 2),
        ];
        let cycles = vec![
            big.iter().map(|&(x, y)| at(x, y)).collect(),
            vec![hub, at(0, 0), at(1, 0)],
            vec![at(7, 0), at(8, 0), at(7, 1)],
        ];
        let protected = graph.forced_edge_flags();
        assert!(is_two_factor_with(&graph, &cycles, &protected));
        let join = join_by_rotations(&graph, &cycles, &protected, 2, 100).expect("a join");
        assert_eq!(join.cycles.len(), 1);
        assert!(is_two_factor_with(&graph, &join.cycles, &protected));
        let tour = graph.tour_of_cycle(&join.cycles[0]);
        crate::verify::board::verify(&problem, &tour).unwrap();
    }

    /// On every blocked pattern of a 4 x 4 board, for the knight, the king and the rook, open
    /// from any square and from the first free square: each cycle of a 2-factor that the
    /// rotations join leaves a 2-factor with one cycle fewer that keeps the fixed end's edge,
    /// and some joins need rotations.
    #[test]
    fn a_cycle_joined_by_rotations_leaves_a_two_factor_with_one_cycle_fewer() {
        let (mut joins, mut rotated) = (0, 0);
        for board in every_blocked_pattern(4, 4) {
            let Some(first) = board.free_squares().next() else {
                continue;
            };
            for piece in [Piece::Knight, Piece::King, Piece::Rook] {
                let free = Problem::new(board.clone(), piece, TourShape::Open);
                for problem in [free.clone(), free.with_start(first)] {
                    let Some((_, graph, cycles)) = factor_cycles(&problem, general_two_factor)
                    else {
                        continue;
                    };
                    let protected = graph.forced_edge_flags();
                    for target in 0..cycles.len() {
                        let Some(join) =
                            join_by_rotations(&graph, &cycles, &protected, target, 100)
                        else {
                            continue;
                        };
                        // A path shorter than the largest other cycle takes it in first.
                        let hub = graph.virtual_vertex().unwrap();
                        let path = cycles.iter().position(|cycle| cycle.contains(&hub));
                        let largest = (0..cycles.len()).max_by_key(|&i| cycles[i].len());
                        let taken_in = usize::from(largest != path && largest != Some(target));
                        assert_eq!(
                            join.cycles.len(),
                            cycles.len() - 1 - taken_in,
                            "{board}{piece}"
                        );
                        assert!(
                            is_two_factor_with(&graph, &join.cycles, &protected),
                            "{board}{piece}: {:?} from {cycles:?}",
                            join.cycles
                        );
                        joins += 1;
                        rotated += usize::from(join.rotations > 0);
                    }
                }
            }
        }
        assert!(
            joins >= 10_000 && rotated >= 1_000,
            "{joins} joins, {rotated} rotated"
        );
    }
}
