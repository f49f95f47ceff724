//! Cycle repair: joining the cycles of a model by edge exchanges before cutting.
//!
//! Two cycles that hold edges `a-b` and `c-d` where `a-c` and `b-d` are also moves become one
//! cycle when `a-b` and `c-d` are exchanged for `a-c` and `b-d` (a 2-opt patch). Exchanges are
//! made greedily, a union-find over cycles telling which vertices already share a cycle.

use crate::core::adjacency::root_with_halving;
use crate::graph::cycle::{cycles_of_partners, CycleGraph, Vertex};

/// The cycles after joining as many as greedy edge exchanges can, and the number of exchanges.
/// Edges marked in `protected` are never removed.
pub fn merge_cycles(
    graph: &CycleGraph,
    cycles: &[Vec<Vertex>],
    protected: &[bool],
) -> (Vec<Vec<Vertex>>, u64) {
    if cycles.len() < 2 {
        return (cycles.to_vec(), 0);
    }
    let vertex_count = graph.vertex_count();
    let mut partners = vec![[Vertex::MAX; 2]; vertex_count];
    let mut owner = UnionFind::new(cycles.len());
    let mut cycle_of = vec![0u32; vertex_count];
    for (index, cycle) in cycles.iter().enumerate() {
        for (position, &vertex) in cycle.iter().enumerate() {
            let next = cycle[(position + 1) % cycle.len()];
            let previous = cycle[(position + cycle.len() - 1) % cycle.len()];
            partners[vertex as usize] = [previous, next];
            cycle_of[vertex as usize] = index as u32;
        }
    }
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
    for a in (0..vertex_count as Vertex).filter(|&a| cycle_of[a as usize] != largest as u32) {
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
                            replace_partner(&mut partners, a, b, c);
                            replace_partner(&mut partners, b, a, d);
                            replace_partner(&mut partners, c, d, a);
                            replace_partner(&mut partners, d, c, b);
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
    (cycles_of_partners(&partners), merges)
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
