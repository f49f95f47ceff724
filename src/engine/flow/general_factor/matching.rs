//! Perfect matchings of general graphs: Edmonds' blossom algorithm, from a greedy start.
//!
//! Each search grows an alternating tree from one unmatched root by breadth-first search.
//! Vertices are labelled even (the root, and the mates of odd vertices) or odd (reached from an
//! even vertex over an unmatched edge). An edge between two even vertices closes an odd cycle,
//! a blossom: it is contracted into its base by a union-find over the vertices, and its odd
//! vertices become even. An edge from an even vertex to an unlabelled unmatched vertex ends an
//! augmenting path, which is flipped along the `parent` links. If the tree stops growing
//! without one, no augmenting path leaves the root, now or after any later augmentation, so the
//! root stays unmatched in every maximum matching and the graph has no perfect matching.
//!
//! A search touches only the vertices it labels, and resets only those, so it costs about what
//! it explores rather than the whole graph; the greedy start leaves few roots to search from.

use crate::core::adjacency::root_with_halving;
use crate::graph::cycle::{CycleGraph, Vertex};

/// No vertex: the mate of an unmatched vertex, or the end of a walk.
const NONE: Vertex = Vertex::MAX;

/// A vertex's label in the current search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Even,
    Odd,
}

/// A perfect matching of `graph`, as each vertex's mate; `None` when the graph has none.
pub(super) fn perfect_matching(graph: &CycleGraph) -> Option<Vec<Vertex>> {
    let mut search = Search::new(graph);
    search.match_greedily();
    for root in 0..graph.vertex_count() as Vertex {
        if search.mate[root as usize] == NONE && !search.augment_from(root) {
            return None;
        }
    }
    Some(search.mate)
}

/// The graph, the matching, and the alternating tree of the current search.
struct Search<'a> {
    graph: &'a CycleGraph,
    mate: Vec<Vertex>,
    label: Vec<Label>,
    /// For an odd vertex, the even vertex that reached it; inside a blossom, also for even
    /// vertices, the way round the blossom towards its base.
    parent: Vec<Vertex>,
    /// Union-find over the vertices: a vertex's representative is the base of the outermost
    /// blossom holding it.
    blossom: Vec<Vertex>,
    /// The number of the call of `common_base` that last walked through a base.
    visited: Vec<u64>,
    common_base_calls: u64,
    labelled: Vec<Vertex>,
    queue: Vec<Vertex>,
}

impl<'a> Search<'a> {
    fn new(graph: &'a CycleGraph) -> Search<'a> {
        let vertex_count = graph.vertex_count();
        Search {
            graph,
            mate: vec![NONE; vertex_count],
            label: vec![Label::Unlabelled; vertex_count],
            parent: vec![NONE; vertex_count],
            blossom: (0..vertex_count as Vertex).collect(),
            visited: vec![0; vertex_count],
            common_base_calls: 0,
            labelled: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// A maximal matching by Karp and Sipser's rule: a vertex with a single unmatched
    /// neighbour is matched to it (no maximum matching loses by that); when there is none, the
    /// next unmatched vertex in index order is matched to its unmatched neighbour with fewest
    /// unmatched neighbours.
    fn match_greedily(&mut self) {
        let graph = self.graph;
        let vertex_count = self.mate.len();
        let mut free_degree: Vec<u32> = (0..vertex_count as Vertex)
            .map(|vertex| graph.incident(vertex).len() as u32)
            .collect();
        let mut forced: Vec<Vertex> = (0..vertex_count as Vertex)
            .filter(|&vertex| free_degree[vertex as usize] == 1)
            .collect();
        let mut next_choice = 0;
        loop {
            let vertex = match forced.pop() {
                Some(vertex) => vertex,
                None => {
                    while next_choice < vertex_count
                        && (self.mate[next_choice] != NONE || free_degree[next_choice] == 0)
                    {
                        next_choice += 1;
                    }
                    if next_choice == vertex_count {
                        return;
                    }
                    next_choice as Vertex
                }
            };
            if self.mate[vertex as usize] != NONE {
                continue;
            }
            let partner = graph
                .incident(vertex)
                .iter()
                .map(|&(next, _)| next)
                .filter(|&next| self.mate[next as usize] == NONE)
                .min_by_key(|&next| free_degree[next as usize]);
            let Some(partner) = partner else {
                continue;
            };
            self.mate[vertex as usize] = partner;
            self.mate[partner as usize] = vertex;
            for end in [vertex, partner] {
                for &(next, _) in graph.incident(end) {
                    let degree = &mut free_degree[next as usize];
                    *degree -= 1;
                    if *degree == 1 && self.mate[next as usize] == NONE {
                        forced.push(next);
                    }
                }
            }
        }
    }

    /// The base of the outermost blossom holding `vertex` (with path halving).
    fn base(&mut self, vertex: Vertex) -> Vertex {
        root_with_halving(&mut self.blossom, vertex)
    }

    /// Gives `vertex` a label, remembering it for the reset.
    fn set_label(&mut self, vertex: Vertex, label: Label) {
        if self.label[vertex as usize] == Label::Unlabelled {
            self.labelled.push(vertex);
        }
        self.label[vertex as usize] = label;
    }

    /// Labels `vertex` even and queues it for the search.
    fn make_even(&mut self, vertex: Vertex) {
        self.set_label(vertex, Label::Even);
        self.queue.push(vertex);
    }

    /// Searches for an augmenting path from the unmatched `root` and flips it; `false` when
    /// there is none.
    fn augment_from(&mut self, root: Vertex) -> bool {
        for vertex in std::mem::take(&mut self.labelled) {
            self.label[vertex as usize] = Label::Unlabelled;
            self.parent[vertex as usize] = NONE;
            self.blossom[vertex as usize] = vertex;
        }
        self.queue.clear();
        self.make_even(root);
        let mut head = 0;
        while head < self.queue.len() {
            let vertex = self.queue[head];
            head += 1;
            let graph = self.graph;
            for &(next, _) in graph.incident(vertex) {
                if self.label[next as usize] == Label::Odd || self.base(vertex) == self.base(next) {
                    continue;
                }
                if self.label[next as usize] == Label::Unlabelled {
                    self.set_label(next, Label::Odd);
                    self.parent[next as usize] = vertex;
                    let mate = self.mate[next as usize];
                    if mate == NONE {
                        self.flip(next);
                        return true;
                    }
                    self.make_even(mate);
                } else {
                    let base = self.common_base(vertex, next);
                    self.contract(vertex, next, base);
                    self.contract(next, vertex, base);
                }
            }
        }
        false
    }

    /// Flips the augmenting path that ends at the unmatched odd vertex `end`.
    fn flip(&mut self, end: Vertex) {
        let mut vertex = end;
        while vertex != NONE {
            let parent = self.parent[vertex as usize];
            let next = self.mate[parent as usize];
            self.mate[vertex as usize] = parent;
            self.mate[parent as usize] = vertex;
            vertex = next;
        }
    }

    /// The base of the blossom that the edge between the even vertices `a` and `b` closes: the
    /// first base on both their tree paths to the root.
    fn common_base(&mut self, a: Vertex, b: Vertex) -> Vertex {
        self.common_base_calls += 1;
        let mut walkers = [self.base(a), self.base(b)];
        loop {
            for walker in &mut walkers {
                if *walker == NONE {
                    continue;
                }
                let vertex = *walker;
                if self.visited[vertex as usize] == self.common_base_calls {
                    return vertex;
                }
                self.visited[vertex as usize] = self.common_base_calls;
                let mate = self.mate[vertex as usize];
                *walker = if mate == NONE {
                    NONE
                } else {
                    let parent = self.parent[mate as usize];
                    self.base(parent)
                };
            }
        }
    }

    /// Contracts the half of the blossom from the even `vertex` up to `base`, entered across
    /// the edge from `across`: links its vertices towards the base, makes its odd vertices
    /// even, and merges their blossoms into the base's.
    fn contract(&mut self, mut vertex: Vertex, mut across: Vertex, base: Vertex) {
        while self.base(vertex) != base {
            self.parent[vertex as usize] = across;
            across = self.mate[vertex as usize];
            if self.label[across as usize] == Label::Odd {
                self.make_even(across);
            }
            if self.blossom[vertex as usize] == vertex {
                self.blossom[vertex as usize] = base;
            }
            if self.blossom[across as usize] == across {
                self.blossom[across as usize] = base;
            }
            vertex = self.parent[across as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::SplitMix64;

    /// Whether the graph has a perfect matching, by trying every partner of the first
    /// unmatched vertex.
    fn has_perfect_matching(matched: &mut [bool], edges: &[(u32, u32)]) -> bool {
        let Some(first) = matched.iter().position(|&done| !done) else {
            return true;
        };
        matched[first] = true;
        for &(a, b) in edges {
            let other = match (a as usize == first, b as usize == first) {
                (true, _) => b as usize,
                (_, true) => a as usize,
                _ => continue,
            };
            if !matched[other] {
                matched[other] = true;
                let found = has_perfect_matching(matched, edges);
                matched[other] = false;
                if found {
                    matched[first] = false;
                    return true;
                }
            }
        }
        matched[first] = false;
        false
    }

    /// A perfect matching by the searches alone, with no greedy start, so that they meet
    /// every blossom.
    fn perfect_matching_by_search(graph: &CycleGraph) -> Option<Vec<Vertex>> {
        let mut search = Search::new(graph);
        for root in 0..graph.vertex_count() as Vertex {
            if search.mate[root as usize] == NONE && !search.augment_from(root) {
                return None;
            }
        }
        Some(search.mate)
    }

    /// Checks that `mate` is a perfect matching of `edges`.
    fn check_perfect(mate: &[u32], edges: &[(u32, u32)]) {
        for (vertex, &partner) in mate.iter().enumerate() {
            assert_eq!(mate[partner as usize], vertex as u32);
            let (a, b) = (vertex.min(partner as usize), vertex.max(partner as usize));
            assert!(edges.contains(&(a as u32, b as u32)));
        }
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_graphs() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..2000 {
            let vertex_count = 2 * (1 + rng.below(5)) as usize;
            let density = rng.unit();
            let mut edges = Vec::new();
            for a in 0..vertex_count as u32 {
                for b in a + 1..vertex_count as u32 {
                    if rng.unit() < density {
                        edges.push((a, b));
                    }
                }
            }
            let expected = has_perfect_matching(&mut vec![false; vertex_count], &edges);
            let graph = CycleGraph::from_edges(vertex_count, &edges);
            for matching in [perfect_matching(&graph), perfect_matching_by_search(&graph)] {
                assert_eq!(
                    matching.is_some(),
                    expected,
                    "{vertex_count} vertices, {edges:?}"
                );
                if let Some(mate) = matching {
                    check_perfect(&mate, &edges);
                }
            }
        }
    }

    #[test]
    fn an_odd_cycle_has_none() {
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)];
        assert_eq!(perfect_matching(&CycleGraph::from_edges(5, &edges)), None);
    }
}
