//! Cycle repair: joining the cycles of a model by edge exchanges before cutting.
//!
//! Two cycles that hold edges `a-b` and `c-d` where `a-c` and `b-d` are also moves become one
//! cycle when `a-b` and `c-d` are exchanged for `a-c` and `b-d` (a 2-opt patch). Exchanges are
//! made greedily, a union-find over cycles telling which vertices already share a cycle.

use crate::core::adjacency::root_with_halving;
use crate::graph::cycle::{cycles_of_partners, CycleGraph, Vertex};

/// The cycles after joining as many as greedy edge exchanges can, and the number of exchanges.
/// Edges marked in `protected` are never removed.
pub(crate) fn merge_cycles(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
) -> (Vec<Vec<Vertex>>, u64) {
    if cycles.len() < 2 {
        return (cycles.to_vec(), 0);
    }
    let cycle_of = cycle_numbers(cycles, graph.vertex_count());
    merge_numbered_cycles(graph, cycles, &cycle_of, protected)
}

/// As [`merge_cycles`], for `cycles` whose numbers each vertex's `cycle_of` gives.
pub(crate) fn merge_numbered_cycles(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    cycle_of: &[u32],
    protected: &[bool],
) -> (Vec<Vec<Vertex>>, u64) {
    if cycles.len() < 2 {
        return (cycles.to_vec(), 0);
    }
    let mut partners = partners_of(cycles, graph.vertex_count());
    let merges = merge_partners(graph, &mut partners, cycles, cycle_of, protected);
    (cycles_of_partners(&partners), merges)
}

/// Each vertex's two neighbours on its cycle of `cycles`, which cover the `vertex_count`
/// vertices.
pub(crate) fn partners_of(cycles: &[Vec<Vertex>], vertex_count: usize) -> Vec<[Vertex; 2]> {
    let mut partners = vec![[Vertex::MAX; 2]; vertex_count];
    for cycle in cycles {
        let mut previous = cycle[cycle.len() - 1];
        for (position, &vertex) in cycle.iter().enumerate() {
            let next = cycle[(position + 1) % cycle.len()];
            partners[vertex as usize] = [previous, next];
            previous = vertex;
        }
    }
    partners
}

/// The number of each vertex's cycle in `cycles`, which cover the `vertex_count` vertices.
pub(crate) fn cycle_numbers(cycles: &[Vec<Vertex>], vertex_count: usize) -> Vec<u32> {
    let mut cycle_of = vec![0u32; vertex_count];
    for (index, cycle) in cycles.iter().enumerate() {
        for &vertex in cycle {
            cycle_of[vertex as usize] = index as u32;
        }
    }
    cycle_of
}

/// Joins `cycles` (whose vertices have the `partners` and the cycle numbers `cycle_of`) by
/// greedy edge exchanges made on `partners`, never removing a `protected` edge; the number of
/// exchanges. The cycles joined are then those of the `partners`. The exchanges start from
/// the vertices of every cycle but the largest, in the order of their numbers.
fn merge_partners(
    graph: &CycleGraph,
    partners: &mut [[Vertex; 2]],
    cycles: &[Vec<Vertex>],
    cycle_of: &[u32],
    protected: &[bool],
) -> u64 {
    let mut owner = UnionFind::new(cycles.len());
    let removable = |a: Vertex, b: Vertex| {
        graph
            .edge_between(a, b)
            .is_some_and(|edge| !protected[edge as usize])
    };
    // Every exchange joins two cycles, one of them not the largest: the search starts from the
    // vertices of the others only (on a large board the largest holds nearly every vertex).
    let largest = (0..cycles.len())
        .max_by_key(|&index| (cycles[index].len(), std::cmp::Reverse(index)))
        .unwrap_or(0);
    let mut merges = 0;
    let vertex_count = cycle_of.len() as Vertex;
    for a in (0..vertex_count).filter(|&a| cycle_of[a as usize] != largest as u32) {
        'exchange: loop {
            for b in partners[a as usize] {
                if !removable(a, b) {
                    continue;
                }
                for &(c, _) in graph.incident(a) {
                    if owner.find(cycle_of[c as usize]) == owner.find(cycle_of[a as usize]) {
                        continue;
                    }
                    for d in partners[c as usize] {
                        if graph.edge_between(b, d).is_some() && removable(c, d) {
                            replace_partner(partners, a, b, c);
                            replace_partner(partners, b, a, d);
                            replace_partner(partners, c, d, a);
                            replace_partner(partners, d, c, b);
                            owner.union(cycle_of[a as usize], cycle_of[c as usize]);
                            merges += 1;
                            continue 'exchange;
                        }
                    }
                }
            }
            break;
        }
    }
    merges
}

/// Makes `new` a partner of `vertex` in place of `old`.
fn replace_partner(partners: &mut [[Vertex; 2]], vertex: Vertex, old: Vertex, new: Vertex) {
    let pair = &mut partners[vertex as usize];
    if pair[0] == old {
        pair[0] = new;
    } else {
        pair[1] = new;
    }
}

/// Disjoint sets of cycle numbers, with path halving.
struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    fn new(size: usize) -> UnionFind {
        UnionFind {
            parent: (0..size as u32).collect(),
        }
    }

    fn find(&mut self, item: u32) -> u32 {
        root_with_halving(&mut self.parent, item)
    }

    fn union(&mut self, a: u32, b: u32) {
        let (root_a, root_b) = (self.find(a), self.find(b));
        self.parent[root_a as usize] = root_b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::core::rng::SplitMix64;
    use crate::engine::proof::cheap::cheap_proof;
    use crate::engine::sat::refine::Refinement;
    use crate::engine::sat::{self, SatOptions};
    use crate::engine::{Answer, Limits, Stats};
    use crate::gen;
    use crate::verify::board::verify;
    use varisat::{ExtendFormula, Solver};

    /// Whether `cycles` cover every vertex of `graph` once and follow its edges.
    fn is_cycle_cover(graph: &CycleGraph, cycles: &[Vec<Vertex>]) -> bool {
        let mut seen = vec![false; graph.vertex_count()];
        for cycle in cycles {
            for (position, &vertex) in cycle.iter().enumerate() {
                if std::mem::replace(&mut seen[vertex as usize], true) {
                    return false;
                }
                let next = cycle[(position + 1) % cycle.len()];
                if graph.edge_between(vertex, next).is_none() {
                    return false;
                }
            }
        }
        seen.iter().all(|&seen| seen)
    }

    /// The 2 x 2 blocks of an even board as 4-cycles of the rook's cycle graph.
    fn blocks(board: &Board, graph: &CycleGraph) -> Vec<Vec<Vertex>> {
        let mut cycles = Vec::new();
        for by in (0..board.rows()).step_by(2) {
            for bx in (0..board.cols()).step_by(2) {
                let corners = [(bx, by), (bx + 1, by), (bx + 1, by + 1), (bx, by + 1)];
                let cycle = corners
                    .iter()
                    .map(|&(x, y)| graph.vertex(board.square(x, y)).unwrap())
                    .collect();
                cycles.push(cycle);
            }
        }
        cycles
    }

    #[test]
    fn joining_the_blocks_of_a_board_makes_one_circuit() {
        let board = Board::new(6, 8).unwrap();
        let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
        let graph = CycleGraph::new(&problem, &MoveGraph::new(&board, Piece::Rook));
        let cycles = blocks(&board, &graph);
        let protected = vec![false; graph.edges().len()];
        let (merged, merges) = merge_cycles(&graph, &cycles, &protected);
        assert_eq!(merged.len(), 1);
        assert_eq!(merges, 11);
        verify(&problem, &graph.tour_of_cycle(&merged[0])).unwrap();
    }

    #[test]
    fn protected_edges_survive_joining() {
        let board = Board::new(2, 4).unwrap();
        let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
        let graph = CycleGraph::new(&problem, &MoveGraph::new(&board, Piece::Rook));
        let cycles = blocks(&board, &graph);
        let mut protected = vec![true; graph.edges().len()];
        let (kept, merges) = merge_cycles(&graph, &cycles, &protected);
        assert_eq!((kept.len(), merges), (2, 0));
        protected.fill(false);
        let (joined, merges) = merge_cycles(&graph, &cycles, &protected);
        assert_eq!((joined.len(), merges), (1, 1));
    }

    /// The cycles of the first model of `refinement`'s base formula, solved by a fresh varisat
    /// solver; `None` when it is unsatisfiable.
    fn first_model_cycles(refinement: &Refinement) -> Option<Vec<Vec<Vertex>>> {
        let mut solver = Solver::new();
        for clause in refinement.formula().clauses() {
            solver.add_clause(clause);
        }
        if !solver.solve().ok()? {
            return None;
        }
        let mut values = vec![false; refinement.formula().var_count()];
        for lit in solver.model()? {
            values[lit.index()] = lit.is_positive();
        }
        refinement.moves().cycles(refinement.graph(), &values)
    }

    /// Random cycle covers of small random boards: take the first model of the base formula
    /// (which may be several cycles), join, and check what comes out.
    #[test]
    fn joining_keeps_every_square_and_uses_only_moves() {
        let mut rng = SplitMix64::new(2026);
        let mut joined_any = false;
        for _ in 0..300 {
            let rows = 3 + rng.below(4);
            let cols = 3 + rng.below(4);
            let piece = [Piece::Rook, Piece::Knight, Piece::King][rng.below(3) as usize];
            let shape = [TourShape::Closed, TourShape::Open][rng.below(2) as usize];
            let mut board = Board::new(rows, cols).unwrap();
            for _ in 0..rng.below(4) {
                board.block(rng.below(rows * cols) as u32);
            }
            if board.free_count() < 3 {
                continue;
            }
            let problem = Problem::new(board, piece, shape);
            let move_graph = MoveGraph::new(&problem.board, piece);
            // Degree formulas the cheap proofs refute can be hard for CDCL (pigeonhole-like).
            if cheap_proof(&problem, &move_graph).is_some() {
                continue;
            }
            let options = SatOptions {
                merge: false,
                ..SatOptions::default()
            };
            let refinement = Refinement::new(&problem, &move_graph, &options, &Limits::none());
            let graph = refinement.graph();
            let Some(cycles) = first_model_cycles(&refinement) else {
                continue;
            };
            let protected = vec![false; graph.edges().len()];
            let (merged, merges) = merge_cycles(graph, &cycles, &protected);
            assert!(is_cycle_cover(graph, &merged), "{problem:?}");
            assert_eq!(merged.len() as u64 + merges, cycles.len() as u64);
            joined_any |= merges > 0;
        }
        assert!(
            joined_any,
            "no model needed joining: the test checks nothing"
        );
    }

    #[test]
    fn a_board_whose_first_model_has_several_cycles_takes_one_sat_call() {
        let planted = gen::planted(40, 40, 0.6, 0, 1).unwrap();
        let problem = Problem::new(planted.board, Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, Piece::Rook);
        let run = |merge: bool| {
            // The solver's first model, not the flow's: that is what this test joins.
            let options = SatOptions {
                merge,
                warm_start: false,
                ..SatOptions::default()
            };
            let mut stats = Stats::default();
            let answer = sat::search(&problem, &graph, &options, &Limits::none(), &mut stats);
            let Answer::Found(tour) = answer else {
                panic!("a planted board has a circuit")
            };
            verify(&problem, &tour).unwrap();
            stats.sat.unwrap()
        };
        let joined = run(true);
        assert_eq!(joined.solve_calls, 1);
        assert!(joined.merges >= 2, "{joined:?}");
        let cut = run(false);
        assert!(cut.solve_calls > 1, "{cut:?}");
    }
}
