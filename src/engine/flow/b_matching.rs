//! Maximum b-matchings of bipartite graphs, by augmenting paths, the shortest where they can.
//!
//! Every vertex has a capacity, the most chosen edges it may have, and every edge is chosen at
//! most once: a b-matching. It is the maximum flow of the network source -> left vertex (the
//! capacity) -> right vertex (1 an edge) -> sink (the capacity), solved without the network:
//! an augmenting path starts at a left vertex with room to spare, takes an edge not chosen to
//! the right, a chosen edge back to the left, and so on, and ends at a right vertex with room
//! to spare; flipping its edges adds one to the matching.
//!
//! A greedy pass ([`greedy`]) first takes edges whose two ends have room, the most
//! constrained vertices first. The demand it leaves is placed by walks down distance labels
//! ([`labelled_walks`]): each left vertex with room takes a shortest augmenting path from it
//! unless a walk before it in the round took its way, and one breadth-first search a round
//! serves paths of every length. Hopcroft and Karp's phases end
//! the search, or take over should the walks pass their budget: each phase finds the length
//! of the shortest augmenting paths by a breadth-first search in layers from every left vertex
//! with room, then augments along paths of that length only by depth-first search, each
//! vertex's edges scanned once a phase (a vertex that leads nowhere leaves its layer). The
//! adjacency is one flat buffer with offsets, so a phase reads memory in order.
//!
//! Where a left vertex with room cannot reach room, no b-matching fills every left vertex, and
//! the walks place the rest of the demand that can be placed.
//!
//! The phase that finds no augmenting path has searched everything the left vertices with room
//! reach: those vertices are the source side of a minimum cut (the same set for every maximum
//! b-matching), which the callers turn into a Hall-type proof that the demands cannot be met.

mod exact_labels;
mod greedy;
mod labelled_walks;

use labelled_walks::LabelledWalks;

/// A bipartite graph with a capacity at every vertex, to be matched.
#[derive(Debug, Clone)]
pub(crate) struct CapacitatedGraph {
    /// The most chosen edges each vertex may have.
    capacity: Vec<u32>,
    /// Whether each vertex is on the left side.
    is_left: Vec<bool>,
    /// The edges, each as its left and its right end.
    edges: Vec<[u32; 2]>,
}

/// A maximum b-matching and the vertices its last search reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BMatching {
    /// The number of chosen edges.
    pub(crate) size: u32,
    /// Whether each edge (in the order added) is chosen.
    pub(crate) chosen: Vec<bool>,
    /// Whether each vertex is reached by an alternating path from a left vertex with room to
    /// spare: the source side of a minimum cut.
    pub(crate) reached: Vec<bool>,
}

impl CapacitatedGraph {
    /// A graph of `vertices` vertices, all on the left with capacity 0, and no edges.
    pub(crate) fn new(vertices: usize) -> CapacitatedGraph {
        CapacitatedGraph {
            capacity: vec![0; vertices],
            is_left: vec![true; vertices],
            edges: Vec::new(),
        }
    }

    /// Puts `vertex` on the left side or the right, with `capacity`.
    pub(crate) fn set_vertex(&mut self, vertex: usize, left: bool, capacity: u32) {
        self.is_left[vertex] = left;
        self.capacity[vertex] = capacity;
    }

    /// Adds an edge between a left and a right vertex; its number is the count of edges before.
    pub(crate) fn add_edge(&mut self, left: usize, right: usize) -> usize {
        debug_assert!(self.is_left[left] && !self.is_left[right]);
        self.edges.push([left as u32, right as u32]);
        self.edges.len() - 1
    }

    /// The number of edges added.
    pub(crate) fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// A maximum b-matching, by the greedy pass, then labelled walks (where it left at least
    /// [`WALKS_FROM_DEMAND`] units), then Hopcroft and Karp's phases (which find no augmenting
    /// path left unless the walks passed their budget, or did not run): its augmenting paths
    /// are shortest or go round the paths of the same round, so its chosen edges stay close to
    /// the greedy pass's (a 2-factor of short, local changes, which the warm start's joining
    /// and repair take best).
    ///
    /// Where a left vertex with room cannot reach room (no b-matching fills every left vertex),
    /// the walks go on from the others. Pothen and Fan's phases
    /// ([`CapacitatedGraph::any_maximum_matching`]) placed the rest instead until the greedy
    /// pass left less: after it, the rook's 1000 x 1000 board with 3% holes (closed) takes
    /// 4.2 s with the walks and 3.0 s with the phases, the knight's with 20% holes 5.5 s and
    /// 3.7 s, but the (1,4) leaper's with 20% holes 6.2 s and 14.0 s, where the phases' last
    /// searches place a unit or two each and reach half the board.
    pub(crate) fn maximum_matching(&self) -> BMatching {
        let mut search = Search::new(self);
        search.take_greedily();
        if search.demand_left() >= WALKS_FROM_DEMAND {
            LabelledWalks::new(&search).augment(&mut search);
        }
        search.finish()
    }

    /// A maximum b-matching of any shape, by Pothen and Fan's phases: depth-first searches
    /// from every left vertex with room, each vertex reached once a phase, a left vertex first
    /// looking for a right neighbour with room (a lookahead that never goes back, as right
    /// vertices only lose room), a failed search's closed set marked dead for good. Its size
    /// and `reached` are those of [`CapacitatedGraph::maximum_matching`] (the minimum cut is
    /// the same for every maximum b-matching), found 2-6 times faster on large boards, where
    /// Hopcroft and Karp's phases take one sweep of the board for each length of path; but its
    /// long augmenting paths leave a 2-factor that wanders, so it serves the proofs, which need
    /// only the verdict and the cut.
    pub(crate) fn any_maximum_matching(&self) -> BMatching {
        let mut greedy = Search::new(self);
        greedy.take_greedily();
        DepthSearch::after(greedy).finish()
    }

    /// The vertices that some b-matching as large as `chosen` joins to `vertex`, given that
    /// `chosen` (a flag per edge) fills every vertex to its capacity: the vertices it joins, and
    /// those an unchosen edge joins where the edge lies on an alternating cycle (edges not
    /// chosen lead right, chosen ones back left), which exchanges it into the matching.
    pub(crate) fn partners_in_some_full_matching(
        &self,
        chosen: &[bool],
        vertex: usize,
    ) -> Vec<usize> {
        let (offsets, neighbours) = self.adjacency();
        let incident = |at: usize| &neighbours[offsets[at] as usize..offsets[at + 1] as usize];
        // An unchosen edge from a left vertex needs a way back to it; one into a right vertex,
        // a way on from it. So the search follows the arcs backwards from a left vertex.
        let forward = !self.is_left[vertex];
        let mut reached = vec![false; self.capacity.len()];
        reached[vertex] = true;
        let mut found = vec![vertex as u32];
        let mut next = 0;
        while let Some(&at) = found.get(next) {
            next += 1;
            let at = at as usize;
            for &(neighbour, edge) in incident(at) {
                let leads_on = self.is_left[at] != chosen[edge as usize];
                if leads_on == forward && !reached[neighbour as usize] {
                    reached[neighbour as usize] = true;
                    found.push(neighbour);
                }
            }
        }
        incident(vertex)
            .iter()
            .filter(|&&(neighbour, edge)| chosen[edge as usize] || reached[neighbour as usize])
            .map(|&(neighbour, _)| neighbour as usize)
            .collect()
    }

    /// Each vertex's neighbours, each with the number of the edge that joins them, in one
    /// buffer, and where each vertex's start (one more entry than vertices).
    fn adjacency(&self) -> (Vec<u32>, Vec<(u32, u32)>) {
        let vertices = self.capacity.len();
        let mut offsets = vec![0u32; vertices + 1];
        for &[left, right] in &self.edges {
            offsets[left as usize + 1] += 1;
            offsets[right as usize + 1] += 1;
        }
        for vertex in 0..vertices {
            offsets[vertex + 1] += offsets[vertex];
        }
        let mut filled = offsets.clone();
        let mut neighbours = vec![(0, 0); 2 * self.edges.len()];
        for (edge, &[left, right]) in self.edges.iter().enumerate() {
            for (from, to) in [(left, right), (right, left)] {
                neighbours[filled[from as usize] as usize] = (to, edge as u32);
                filled[from as usize] += 1;
            }
        }
        (offsets, neighbours)
    }
}

/// The layer of a vertex the current phase has not reached (or has found leads nowhere).
const UNREACHED: u32 = u32::MAX;

/// The fewest edges that make a vertex a hub: far more than any piece has moves (8 at most),
/// and as many as an open tour's virtual vertex has squares on a side. The greedy pass lets a
/// vertex with this many open edges choose first ([`greedy`]), and the exact labels label the
/// vertices with this many edges last ([`exact_labels::hubs_of`]).
const HUB_EDGES: usize = 64;

/// The least demand left after the greedy pass for which the labelled walks run: they start
/// with a labelling of the whole graph, which costs more than a phase or two of Hopcroft and
/// Karp where a few units are left. The greedy pass leaves few units, but far apart, whose
/// paths have many lengths, one phase each: the knight's open 500 x 500 board of "A million
/// squares", 418 units left, took 3.3 s with the phases and 1.1 s with the walks, the (1,4)
/// leaper's open 1000 x 1000 board (365 units) 12.0 s and 5.3 s.
const WALKS_FROM_DEMAND: u32 = 16;

/// The state of the phases: the adjacency, the room left at each vertex, the chosen edges and
/// the layers of the current phase.
struct Search<'a> {
    graph: &'a CapacitatedGraph,
    /// Where each vertex's neighbours start in `neighbours` (one more entry than vertices).
    offsets: Vec<u32>,
    /// Each vertex's neighbours in turn, each with the number of the edge that joins them.
    neighbours: Vec<(u32, u32)>,
    /// The edges each vertex may still take.
    room: Vec<u32>,
    /// Whether each edge is chosen.
    chosen: Vec<bool>,
    /// Each vertex's layer in the current phase.
    layer: Vec<u32>,
    /// The layer at which the current phase's augmenting paths end.
    last_layer: u32,
    /// The next neighbour (an index into `neighbours`) each vertex tries in this phase.
    cursor: Vec<u32>,
}

impl<'a> Search<'a> {
    fn new(graph: &'a CapacitatedGraph) -> Search<'a> {
        let vertices = graph.capacity.len();
        let (offsets, neighbours) = graph.adjacency();
        Search {
            graph,
            offsets,
            neighbours,
            room: graph.capacity.clone(),
            chosen: vec![false; graph.edges.len()],
            layer: vec![UNREACHED; vertices],
            last_layer: 0,
            cursor: Vec::new(),
        }
    }

    /// The room left at the left vertices: the units an augmenting path each would place.
    fn demand_left(&self) -> u32 {
        (0..self.room.len())
            .filter(|&vertex| self.graph.is_left[vertex])
            .map(|vertex| self.room[vertex])
            .sum()
    }

    /// Chooses `edge`, whose two ends must have room.
    fn choose(&mut self, edge: usize) {
        let [left, right] = self.graph.edges[edge];
        self.room[left as usize] -= 1;
        self.room[right as usize] -= 1;
        self.chosen[edge] = true;
    }

    /// Augments in phases until no augmenting path is left: the maximum b-matching that
    /// extends the edges chosen so far.
    fn finish(mut self) -> BMatching {
        while self.build_layers() {
            self.augment_in_layers();
        }
        let reached = self.layer.iter().map(|&layer| layer != UNREACHED).collect();
        BMatching {
            size: self.chosen.iter().filter(|&&chosen| chosen).count() as u32,
            chosen: self.chosen,
            reached,
        }
    }

    /// Whether a chosen status lets an alternating path go from `vertex` along `edge`: edges
    /// not chosen lead right, chosen ones lead back left.
    fn leads_on(&self, vertex: usize, edge: u32) -> bool {
        self.graph.is_left[vertex] != self.chosen[edge as usize]
    }

    /// The layers of a breadth-first search from the left vertices with room; whether it
    /// reached a right vertex with room (then `last_layer` is that vertex's layer and the
    /// search stopped there).
    fn build_layers(&mut self) -> bool {
        self.layer.fill(UNREACHED);
        let mut frontier: Vec<u32> = (0..self.layer.len() as u32)
            .filter(|&vertex| self.graph.is_left[vertex as usize] && self.room[vertex as usize] > 0)
            .collect();
        for &vertex in &frontier {
            self.layer[vertex as usize] = 0;
        }
        let mut depth = 0;
        let mut next = Vec::new();
        while !frontier.is_empty() {
            let mut found = false;
            next.clear();
            for &vertex in &frontier {
                let vertex = vertex as usize;
                let range = self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize;
                for &(neighbour, edge) in &self.neighbours[range] {
                    if self.leads_on(vertex, edge) && self.layer[neighbour as usize] == UNREACHED {
                        self.layer[neighbour as usize] = depth + 1;
                        next.push(neighbour);
                        let ends_here = !self.graph.is_left[neighbour as usize]
                            && self.room[neighbour as usize] > 0;
                        found |= ends_here;
                    }
                }
            }
            depth += 1;
            if found {
                self.last_layer = depth;
                return true;
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        false
    }

    /// Augments along shortest paths in the layers until none is left.
    fn augment_in_layers(&mut self) {
        self.cursor = self.offsets[..self.layer.len()].to_vec();
        let starts: Vec<u32> = (0..self.layer.len() as u32)
            .filter(|&vertex| self.layer[vertex as usize] == 0)
            .collect();
        let mut path = Vec::new();
        for start in starts {
            while self.room[start as usize] > 0 && self.augment_from(start as usize, &mut path) {}
        }
    }

    /// The next vertex in the layers from `vertex` (of `layer`), moving its cursor to the edge
    /// that leads there; `None` when its edges are used up.
    fn step(&mut self, vertex: usize, layer: u32) -> Option<usize> {
        let end = self.offsets[vertex + 1];
        while self.cursor[vertex] < end {
            let (neighbour, edge) = self.neighbours[self.cursor[vertex] as usize];
            if self.layer[neighbour as usize] == layer + 1 && self.leads_on(vertex, edge) {
                return Some(neighbour as usize);
            }
            self.cursor[vertex] += 1;
        }
        None
    }

    /// Finds one shortest augmenting path from `start` in the layers and flips its edges;
    /// whether there was one. Vertices found to lead nowhere leave the layers.
    fn augment_from(&mut self, start: usize, path: &mut Vec<(usize, u32)>) -> bool {
        path.clear();
        let mut vertex = start;
        loop {
            let layer = self.layer[vertex];
            if layer == self.last_layer {
                if !self.graph.is_left[vertex] && self.room[vertex] > 0 {
                    for &(_, edge) in path.iter() {
                        self.chosen[edge as usize] ^= true;
                    }
                    self.room[start] -= 1;
                    self.room[vertex] -= 1;
                    return true;
                }
            } else if let Some(next) = self.step(vertex, layer) {
                path.push((vertex, self.neighbours[self.cursor[vertex] as usize].1));
                vertex = next;
                continue;
            }
            // `vertex` leads nowhere: take it out and step back.
            self.layer[vertex] = UNREACHED;
            let Some((previous, _)) = path.pop() else {
                return false;
            };
            self.cursor[previous] += 1;
            vertex = previous;
        }
    }
}

/// A step of the depth-first search: a vertex on the path, how many of its neighbours it has
/// tried, and the edge the path took into it.
#[derive(Debug, Clone, Copy)]
struct Frame {
    vertex: u32,
    tried: u32,
    edge: u32,
}

/// The mark of a vertex that no augmenting path can pass (see [`DepthSearch::augment_in_phase`]).
const DEAD: u32 = u32::MAX;

/// The edge into the search's first vertex, which has none.
const NO_EDGE: u32 = u32::MAX;

/// The state of Pothen and Fan's phases (see [`CapacitatedGraph::any_maximum_matching`]): the
/// adjacency, the room left at each vertex, the chosen edges and the marks of the current phase.
struct DepthSearch<'a> {
    graph: &'a CapacitatedGraph,
    /// Where each vertex's neighbours start in `neighbours` (one more entry than vertices).
    offsets: Vec<u32>,
    /// Each vertex's neighbours in turn, each with the number of the edge that joins them.
    neighbours: Vec<(u32, u32)>,
    /// The edges each vertex may still take.
    room: Vec<u32>,
    /// Whether each edge is chosen.
    chosen: Vec<bool>,
    /// The phase that last reached each vertex (0: none yet; [`DEAD`]: no augmenting path
    /// can pass it).
    reached_in: Vec<u32>,
    /// The left vertices with room after the last phase, where the next one searches from.
    starts: Vec<u32>,
    /// The vertices reached in this phase and not yet [`DEAD`].
    reached_now: Vec<u32>,
    /// The current phase, from 1.
    phase: u32,
    /// The next neighbour (an index into `neighbours`) each left vertex looks at for a right
    /// vertex with room: right vertices only lose room, so it never goes back.
    lookahead: Vec<u32>,
    /// The path of the current search.
    path: Vec<Frame>,
}

impl<'a> DepthSearch<'a> {
    /// The phases after the greedy pass of `greedy`, taking over its adjacency and choices.
    fn after(greedy: Search<'a>) -> DepthSearch<'a> {
        let vertices = greedy.graph.capacity.len();
        DepthSearch {
            graph: greedy.graph,
            lookahead: greedy.offsets[..vertices].to_vec(),
            offsets: greedy.offsets,
            neighbours: greedy.neighbours,
            room: greedy.room,
            chosen: greedy.chosen,
            reached_in: vec![0; vertices],
            starts: Vec::new(),
            reached_now: Vec::new(),
            phase: 0,
            path: Vec::new(),
        }
    }

    /// The number of edges at `vertex`.
    fn degree(&self, vertex: usize) -> u32 {
        self.offsets[vertex + 1] - self.offsets[vertex]
    }

    /// Augments in phases until a phase finds no augmenting path: the maximum b-matching that
    /// extends the edges chosen so far.
    fn finish(mut self) -> BMatching {
        self.starts = (0..self.room.len() as u32)
            .filter(|&vertex| self.graph.is_left[vertex as usize] && self.room[vertex as usize] > 0)
            .collect();
        while self.augment_in_phase() {}
        let phase = self.phase;
        let reached = self
            .reached_in
            .iter()
            .map(|&seen| seen == phase || seen == DEAD)
            .collect();
        BMatching {
            size: self.chosen.iter().filter(|&&chosen| chosen).count() as u32,
            chosen: self.chosen,
            reached,
        }
    }

    /// One phase: a search from every left vertex with room, as long as it finds augmenting
    /// paths, each vertex reached at most once in the phase; whether any path was found.
    ///
    /// A search that fails before any path of the phase was found leaves a closed set: every
    /// alternating step from a vertex reached so far leads to one reached, and no right vertex
    /// reached has room. No augmenting path enters such a set (it could not leave it), so it
    /// stays closed, and its vertices are [`DEAD`] for good: later searches skip them. The
    /// next phase starts with the vertices whose last search reached the most, so that a
    /// vertex no path can serve, whose search reaches most of the board on a board without a
    /// 2-factor, is buried first instead of blocking the other searches of every phase.
    fn augment_in_phase(&mut self) -> bool {
        self.phase += 1;
        self.reached_now.clear();
        let mut augmented = false;
        let mut left_with_room = Vec::new();
        for start in std::mem::take(&mut self.starts) {
            let start = start as usize;
            if self.reached_in[start] == DEAD {
                continue;
            }
            let reached_before = self.reached_now.len();
            self.reach(start);
            while self.room[start] > 0 && self.augment_from(start) {
                augmented = true;
            }
            if self.room[start] > 0 {
                if augmented {
                    let reached = self.reached_now.len() - reached_before;
                    left_with_room.push((reached, start as u32));
                } else {
                    self.bury_reached();
                }
            }
        }
        left_with_room.sort_by_key(|&(reached, _)| std::cmp::Reverse(reached));
        self.starts = left_with_room
            .into_iter()
            .map(|(_, start)| start)
            .filter(|&start| self.reached_in[start as usize] != DEAD)
            .collect();
        augmented
    }

    /// Marks every vertex this phase has reached [`DEAD`].
    fn bury_reached(&mut self) {
        for vertex in self.reached_now.drain(..) {
            self.reached_in[vertex as usize] = DEAD;
        }
    }

    /// Marks `vertex` reached in this phase.
    fn reach(&mut self, vertex: usize) {
        self.reached_in[vertex] = self.phase;
        self.reached_now.push(vertex as u32);
    }

    /// Whether this phase's searches may not enter `vertex`: reached in it already, or dead.
    fn reached(&self, vertex: usize) -> bool {
        self.reached_in[vertex] >= self.phase
    }

    /// Whether a chosen status lets an alternating path go from `vertex` along `edge`: edges
    /// not chosen lead right, chosen ones lead back left.
    fn leads_on(&self, vertex: usize, edge: u32) -> bool {
        self.graph.is_left[vertex] != self.chosen[edge as usize]
    }

    /// The `tried`-th neighbour of `vertex` in this phase's order: odd phases read a vertex's
    /// neighbours forwards, even ones backwards, so that no neighbour is always tried last.
    fn neighbour(&self, vertex: usize, tried: u32) -> (u32, u32) {
        let at = if self.phase % 2 == 1 {
            self.offsets[vertex] + tried
        } else {
            self.offsets[vertex + 1] - 1 - tried
        };
        self.neighbours[at as usize]
    }

    /// An edge not chosen from the left vertex `vertex` to a right vertex with room, if any.
    fn look_ahead(&mut self, vertex: usize) -> Option<(u32, u32)> {
        let end = self.offsets[vertex + 1];
        while self.lookahead[vertex] < end {
            let (neighbour, edge) = self.neighbours[self.lookahead[vertex] as usize];
            if self.room[neighbour as usize] > 0 && !self.chosen[edge as usize] {
                return Some((neighbour, edge));
            }
            self.lookahead[vertex] += 1;
        }
        None
    }

    /// Finds an augmenting path from `start` by depth-first search through the vertices this
    /// phase has not reached, and flips its edges; whether there was one. A left vertex first
    /// looks for a right neighbour with room, which ends the path at once.
    fn augment_from(&mut self, start: usize) -> bool {
        self.path.clear();
        self.path.push(Frame {
            vertex: start as u32,
            tried: 0,
            edge: NO_EDGE,
        });
        while let Some(&Frame { vertex, tried, .. }) = self.path.last() {
            let vertex = vertex as usize;
            if tried == 0 && self.graph.is_left[vertex] {
                if let Some((end, edge)) = self.look_ahead(vertex) {
                    self.reach(end as usize);
                    self.flip_path(start, end as usize, edge);
                    return true;
                }
            }
            if tried == self.degree(vertex) {
                self.path.pop();
                continue;
            }
            self.path.last_mut().expect("a vertex on the path").tried += 1;
            let (next, edge) = self.neighbour(vertex, tried);
            if !self.leads_on(vertex, edge) || self.reached(next as usize) {
                continue;
            }
            self.reach(next as usize);
            if !self.graph.is_left[next as usize] && self.room[next as usize] > 0 {
                self.flip_path(start, next as usize, edge);
                return true;
            }
            self.path.push(Frame {
                vertex: next,
                tried: 0,
                edge,
            });
        }
        false
    }

    /// Flips the edges of the path from `start` to its last vertex and on along `last_edge` to
    /// `end`, a right vertex with room: one more chosen edge.
    fn flip_path(&mut self, start: usize, end: usize, last_edge: u32) {
        for frame in &self.path[1..] {
            self.chosen[frame.edge as usize] ^= true;
        }
        self.chosen[last_edge as usize] ^= true;
        self.room[start] -= 1;
        self.room[end] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use labelled_walks::WalksEnd;

    /// A complete bipartite graph of `left` and `right` vertices with capacities.
    fn complete(left: &[u32], right: &[u32]) -> CapacitatedGraph {
        let mut graph = CapacitatedGraph::new(left.len() + right.len());
        for (vertex, &capacity) in left.iter().enumerate() {
            graph.set_vertex(vertex, true, capacity);
        }
        for (vertex, &capacity) in right.iter().enumerate() {
            graph.set_vertex(left.len() + vertex, false, capacity);
        }
        for a in 0..left.len() {
            for b in 0..right.len() {
                graph.add_edge(a, left.len() + b);
            }
        }
        graph
    }

    /// Checks that `matching` respects the capacities and counts its edges.
    fn check(graph: &CapacitatedGraph, matching: &BMatching) {
        let mut used = vec![0; graph.capacity.len()];
        for (edge, &[a, b]) in graph.edges.iter().enumerate() {
            if matching.chosen[edge] {
                used[a as usize] += 1;
                used[b as usize] += 1;
            }
        }
        for (vertex, &used) in used.iter().enumerate() {
            assert!(used <= graph.capacity[vertex], "vertex {vertex}");
        }
        let size = matching.chosen.iter().filter(|&&chosen| chosen).count();
        assert_eq!(matching.size as usize, size);
    }

    #[test]
    fn a_complete_graph_fills_the_smaller_side() {
        let graph = complete(&[2, 2, 2], &[3, 3]);
        let matching = graph.maximum_matching();
        check(&graph, &matching);
        assert_eq!(matching.size, 6);
        assert!(matching.reached.iter().all(|&reached| !reached));
    }

    /// A graph of `vertices` (each its side, left or not, and its capacity) and `edges` (each
    /// a left and a right vertex).
    fn graph_of(vertices: &[(bool, u32)], edges: &[(usize, usize)]) -> CapacitatedGraph {
        let mut graph = CapacitatedGraph::new(vertices.len());
        for (vertex, &(left, capacity)) in vertices.iter().enumerate() {
            graph.set_vertex(vertex, left, capacity);
        }
        for &(left, right) in edges {
            graph.add_edge(left, right);
        }
        graph
    }

    /// The maximum b-matching the phases reach from the edges `first` chosen (no greedy pass).
    fn phases_after(graph: &CapacitatedGraph, first: &[usize]) -> BMatching {
        let mut search = Search::new(graph);
        for &edge in first {
            search.choose(edge);
        }
        let matching = search.finish();
        check(graph, &matching);
        matching
    }

    #[test]
    fn a_wrong_first_choice_is_undone_by_an_augmenting_path() {
        // Left 0 - right 2 (chosen first), left 0 - right 3, left 1 - right 2 only.
        let unit = |left| (left, 1);
        let graph = graph_of(
            &[unit(true), unit(true), unit(false), unit(false)],
            &[(0, 2), (0, 3), (1, 2)],
        );
        let matching = phases_after(&graph, &[0]);
        assert_eq!(matching.size, 2);
        assert_eq!(matching.chosen, vec![false, true, true]);
        assert_eq!(graph.maximum_matching().size, 2);
    }

    #[test]
    fn a_hall_violator_is_the_reached_set() {
        // Left 0 and 1 (capacity 1 each) share the single right vertex 2; left 3 has right 4.
        let unit = |left| (left, 1);
        let vertices = [unit(true), unit(true), unit(false), unit(true), unit(false)];
        let graph = graph_of(&vertices, &[(0, 2), (1, 2), (3, 4)]);
        let matching = graph.maximum_matching();
        check(&graph, &matching);
        assert_eq!(matching.size, 2);
        assert_eq!(matching.reached, vec![true, true, true, false, false]);
    }

    #[test]
    fn the_greedy_pass_follows_a_forced_chain_from_its_ends() {
        // A path l0 - r0 - l1 - r1 - ... of capacity-1 vertices, numbered at random: its ends
        // have one edge each, and each edge the greedy pass takes leaves the next vertex one
        // choice, so it matches the whole path with no augmenting path, whatever the order.
        let mut rng = crate::core::rng::SplitMix64::new(3);
        for _ in 0..50 {
            let pairs = 2 + rng.below(40) as usize;
            let mut numbers: Vec<usize> = (0..2 * pairs).collect();
            rng.shuffle(&mut numbers);
            let vertices: Vec<(bool, u32)> = (0..2 * pairs)
                .map(|number| {
                    let place = numbers.iter().position(|&n| n == number).unwrap();
                    (place % 2 == 0, 1)
                })
                .collect();
            let mut edges: Vec<(usize, usize)> = (0..2 * pairs - 1)
                .map(|place| match place % 2 {
                    0 => (numbers[place], numbers[place + 1]),
                    _ => (numbers[place + 1], numbers[place]),
                })
                .collect();
            rng.shuffle(&mut edges);
            let graph = graph_of(&vertices, &edges);
            let mut search = Search::new(&graph);
            search.take_greedily();
            assert_eq!(search.demand_left(), 0, "{graph:?}");
        }
    }

    #[test]
    fn the_greedy_pass_is_maximal_within_the_capacities() {
        // Random bipartite graphs with capacities 1 to 3: no vertex takes more than its
        // capacity, and no edge is left whose two ends both have room.
        let mut rng = crate::core::rng::SplitMix64::new(11);
        for _ in 0..300 {
            let per_side = 2 + rng.below(30) as usize;
            let mut vertices = Vec::new();
            for left in [true, false] {
                for _ in 0..per_side {
                    vertices.push((left, rng.below(4) as u32));
                }
            }
            let edges: Vec<(usize, usize)> = (0..per_side * (1 + rng.below(4) as usize))
                .map(|_| {
                    let left = rng.below(per_side as u64) as usize;
                    (left, per_side + rng.below(per_side as u64) as usize)
                })
                .collect();
            let graph = graph_of(&vertices, &edges);
            let mut search = Search::new(&graph);
            search.take_greedily();
            let mut used = vec![0; vertices.len()];
            for (edge, &(left, right)) in edges.iter().enumerate() {
                if search.chosen[edge] {
                    used[left] += 1;
                    used[right] += 1;
                }
            }
            for (vertex, &(_, capacity)) in vertices.iter().enumerate() {
                assert!(used[vertex] <= capacity, "vertex {vertex} of {graph:?}");
                assert_eq!(search.room[vertex], capacity - used[vertex]);
            }
            for (edge, &(left, right)) in edges.iter().enumerate() {
                let both_have_room = search.room[left] > 0 && search.room[right] > 0;
                assert!(
                    search.chosen[edge] || !both_have_room,
                    "edge {edge} of {graph:?}"
                );
            }
        }
    }

    #[test]
    fn long_augmenting_paths_are_found() {
        // A path l0 - r0 - l1 - r1 - ... with every second edge chosen first, each from the
        // wrong end: only one augmenting path, through every vertex, completes it.
        let pairs = 50;
        let vertices: Vec<(bool, u32)> =
            (0..2 * pairs).map(|vertex| (vertex % 2 == 0, 1)).collect();
        let wrong = (0..pairs - 1).map(|index| (2 * index + 2, 2 * index + 1));
        let right = (0..pairs).map(|index| (2 * index, 2 * index + 1));
        let edges: Vec<(usize, usize)> = wrong.chain(right).collect();
        let graph = graph_of(&vertices, &edges);
        let matching = phases_after(&graph, &(0..pairs - 1).collect::<Vec<_>>());
        assert_eq!(matching.size as usize, pairs);
        assert_eq!(graph.maximum_matching().size as usize, pairs);
    }

    /// A maximum b-matching by the plainest method, for comparison: from nothing, one
    /// augmenting path at a time, each by breadth-first search from every left vertex with
    /// room; its size and the vertices the last search reached.
    fn reference_matching(graph: &CapacitatedGraph) -> (u32, Vec<bool>) {
        let vertices = graph.capacity.len();
        let mut room = graph.capacity.clone();
        let mut chosen = vec![false; graph.edges.len()];
        let mut size = 0;
        loop {
            let mut came_by: Vec<Option<usize>> = vec![None; vertices];
            let mut reached = vec![false; vertices];
            let mut queue: Vec<usize> = (0..vertices)
                .filter(|&vertex| graph.is_left[vertex] && room[vertex] > 0)
                .collect();
            for &vertex in &queue {
                reached[vertex] = true;
            }
            let mut next = 0;
            let mut end = None;
            while let Some(&vertex) = queue.get(next) {
                next += 1;
                if !graph.is_left[vertex] && room[vertex] > 0 {
                    end = Some(vertex);
                    break;
                }
                for (edge, &[left, right]) in graph.edges.iter().enumerate() {
                    let (left, right) = (left as usize, right as usize);
                    let step = match (
                        vertex == left && !chosen[edge],
                        vertex == right && chosen[edge],
                    ) {
                        (true, _) => right,
                        (_, true) => left,
                        _ => continue,
                    };
                    if !reached[step] {
                        reached[step] = true;
                        came_by[step] = Some(edge);
                        queue.push(step);
                    }
                }
            }
            let Some(end) = end else {
                return (size, reached);
            };
            room[end] -= 1;
            let mut vertex = end;
            while let Some(edge) = came_by[vertex] {
                chosen[edge] ^= true;
                let [left, right] = graph.edges[edge];
                vertex = if vertex == left as usize { right } else { left } as usize;
            }
            room[vertex] -= 1;
            size += 1;
        }
    }

    /// The size of the b-matching the walks start from (the greedy pass's, or none chosen
    /// without `greedy`), the size the labelled walks reach after it with a budget of `budget`
    /// edges scanned, how they ended, and the maximum b-matchings after Hopcroft and Karp's
    /// phases end the search and after Pothen and Fan's do.
    fn walks_then_phases(
        graph: &CapacitatedGraph,
        greedy: bool,
        budget: usize,
    ) -> (u32, u32, WalksEnd, [BMatching; 2]) {
        let mut search = Search::new(graph);
        if greedy {
            search.take_greedily();
        }
        let size = |search: &Search| search.chosen.iter().filter(|&&chosen| chosen).count();
        let greedy = size(&search) as u32;
        let end = LabelledWalks::with_budget(&search, budget).augment(&mut search);
        let walked = size(&search) as u32;
        let by_depth = DepthSearch::after(Search {
            room: search.room.clone(),
            chosen: search.chosen.clone(),
            ..Search::new(graph)
        })
        .finish();
        (greedy, walked, end, [search.finish(), by_depth])
    }

    /// The maximum b-matching after the greedy pass, the labelled walks with every walk but a
    /// labelling's first deferred to the next labelling, and Hopcroft and Karp's phases; and
    /// how the walks ended.
    fn deferred_walks(graph: &CapacitatedGraph) -> (WalksEnd, BMatching) {
        let mut search = Search::new(graph);
        search.take_greedily();
        let end = LabelledWalks::deferring_every_walk(&search).augment(&mut search);
        (end, search.finish())
    }

    /// The graph of a 2-factor of a piece that alternates colours on `board`: every free square
    /// needs two moves, the squares of colour 0 on the left.
    fn factor_graph(
        board: &crate::core::board::Board,
        piece: crate::core::piece::Piece,
    ) -> CapacitatedGraph {
        let moves = crate::core::piece::MoveGraph::new(board, piece);
        let mut graph = CapacitatedGraph::new(board.len());
        for square in board.free_squares() {
            graph.set_vertex(square as usize, board.colour(square) == 0, 2);
        }
        for square in board.free_squares() {
            if board.colour(square) == 0 {
                for &next in moves.neighbours(square) {
                    graph.add_edge(square as usize, next as usize);
                }
            }
        }
        graph
    }

    /// [`factor_graph`] with an open tour's virtual vertex in two halves, as the warm start
    /// has it: one on each side, joined to every square of the other, with capacities
    /// `left_half` and 2 - `left_half`.
    fn open_factor_graph(
        board: &crate::core::board::Board,
        piece: crate::core::piece::Piece,
        left_half: u32,
    ) -> CapacitatedGraph {
        let closed = factor_graph(board, piece);
        let squares = closed.capacity.len();
        let mut graph = CapacitatedGraph::new(squares + 2);
        for square in 0..squares {
            graph.set_vertex(square, closed.is_left[square], closed.capacity[square]);
        }
        graph.set_vertex(squares, true, left_half);
        graph.set_vertex(squares + 1, false, 2 - left_half);
        for &[left, right] in &closed.edges {
            graph.add_edge(left as usize, right as usize);
        }
        for square in board.free_squares() {
            match closed.is_left[square as usize] {
                true => graph.add_edge(square as usize, squares + 1),
                false => graph.add_edge(squares, square as usize),
            };
        }
        graph
    }

    #[test]
    fn every_kind_of_augmentation_agrees_with_plain_augmenting_paths() {
        // Random sparse bipartite graphs with capacities 1 to 3, and the 2-factor graphs of
        // holed boards (with and without a 2-factor): the same size and the same minimum cut
        // from the warm start's matching, the proofs' (Pothen and Fan's phases), the labelled
        // walks alone (then the phases find nothing more, and where no b-matching is full,
        // the walks alone reach the maximum all the same) and the walks cut short by their
        // budget (then the phases place the rest), and the walks that wait for the next exact
        // labels after a step; the boards with an open tour's virtual vertex too.
        let mut rng = crate::core::rng::SplitMix64::new(50);
        let mut graphs = Vec::new();
        for _ in 0..300 {
            let per_side = 2 + rng.below(30) as usize;
            let mut vertices = Vec::new();
            for left in [true, false] {
                for _ in 0..per_side {
                    vertices.push((left, 1 + rng.below(3) as u32));
                }
            }
            let edges: Vec<(usize, usize)> = (0..per_side * (1 + rng.below(3) as usize))
                .map(|_| {
                    let left = rng.below(per_side as u64) as usize;
                    (left, per_side + rng.below(per_side as u64) as usize)
                })
                .collect();
            graphs.push(graph_of(&vertices, &edges));
        }
        let (mut short, mut stopped_short, mut left_to_the_phases) = (0, 0, 0);
        let random_graphs = graphs.len();
        for seed in 1..=40 {
            let size = 6 + seed % 15;
            let holes = 1 + seed * size * size / 200;
            for piece in [
                crate::core::piece::Piece::Knight,
                crate::core::piece::Piece::Rook,
            ] {
                if let Ok(board) = crate::gen::holes(size, size, holes, piece, seed, 1) {
                    graphs.push(factor_graph(&board, piece));
                    graphs.push(open_factor_graph(&board, piece, seed as u32 % 3));
                }
            }
        }
        assert!(graphs.len() > random_graphs + 40, "too few boards drawn");
        for graph in &graphs {
            let (size, reached) = reference_matching(graph);
            let demand: u32 = (0..graph.capacity.len())
                .filter(|&vertex| graph.is_left[vertex])
                .map(|vertex| graph.capacity[vertex])
                .sum();
            // The walks alone fill every left vertex, or stop where one cannot reach room.
            let (_, walked, end, [by_phases, by_depth]) =
                walks_then_phases(graph, true, usize::MAX);
            match end {
                WalksEnd::Full => assert_eq!(walked, size, "the walks alone: {graph:?}"),
                WalksEnd::Short => {
                    assert!(size < demand, "the walks stopped short: {graph:?}");
                    assert_eq!(walked, size, "the walks alone, short: {graph:?}");
                }
                WalksEnd::OverBudget => panic!("the walks without a budget passed it"),
            }
            // Budgets that run out before the walks end (the first labels cost about the
            // graph's size), on some graphs after a few walks; from no edge chosen, as the
            // greedy pass leaves the walks little to place on such small graphs.
            let graph_size = graph.capacity.len() + 2 * graph.edges.len();
            let (deferred_end, deferred) = deferred_walks(graph);
            assert_eq!(deferred_end, end, "{graph:?}");
            let mut matchings = vec![
                graph.maximum_matching(),
                graph.any_maximum_matching(),
                by_phases,
                by_depth,
                deferred,
            ];
            for budget in [graph_size + 8, graph_size + graph_size / 4, 2 * graph_size] {
                let (greedy, walked, _, [matching, _]) = walks_then_phases(graph, false, budget);
                left_to_the_phases += usize::from(greedy < walked && walked < size);
                matchings.push(matching);
            }
            for matching in &matchings {
                check(graph, matching);
                assert_eq!(
                    (matching.size, &matching.reached),
                    (size, &reached),
                    "{graph:?}"
                );
            }
            short += usize::from(size < demand);
            stopped_short += usize::from(end == WalksEnd::Short);
        }
        assert!(short > 50, "only {short} graphs without a full matching");
        assert_eq!(
            stopped_short, short,
            "the walks stop short where no matching is full"
        );
        assert!(
            left_to_the_phases > 30,
            "only {left_to_the_phases} graphs where the walks placed some units, not all"
        );
    }

    #[test]
    fn partners_are_the_edges_some_full_matching_chooses() {
        // Random bipartite graphs with capacities 1 and 2: an edge at the probed vertex is in
        // some full b-matching exactly when the matching with that edge taken first (its ends'
        // capacities lowered, the edge left out) is still full.
        let mut rng = crate::core::rng::SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..400 {
            let per_side = 2 + rng.below(4) as usize;
            let mut vertices = Vec::new();
            for left in [true, false] {
                for _ in 0..per_side {
                    vertices.push((left, 1 + rng.below(2) as u32));
                }
            }
            let mut edges = Vec::new();
            for left in 0..per_side {
                for right in per_side..2 * per_side {
                    if rng.below(3) > 0 {
                        edges.push((left, right));
                    }
                }
            }
            let graph = graph_of(&vertices, &edges);
            let full: u32 = vertices.iter().filter(|v| v.0).map(|v| v.1).sum();
            let other: u32 = vertices.iter().filter(|v| !v.0).map(|v| v.1).sum();
            let matching = graph.maximum_matching();
            if full != other || matching.size != full {
                continue;
            }
            for vertex in 0..vertices.len() {
                let mut partners = graph.partners_in_some_full_matching(&matching.chosen, vertex);
                partners.sort_unstable();
                let mut expected = Vec::new();
                for (index, &(left, right)) in edges.iter().enumerate() {
                    if left != vertex && right != vertex {
                        continue;
                    }
                    let mut lowered = vertices.clone();
                    lowered[left].1 -= 1;
                    lowered[right].1 -= 1;
                    let mut rest = edges.clone();
                    rest.remove(index);
                    if graph_of(&lowered, &rest).maximum_matching().size == full - 1 {
                        expected.push(left + right - vertex);
                    }
                }
                expected.sort_unstable();
                assert_eq!(
                    partners, expected,
                    "vertex {vertex} of {vertices:?} {edges:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} vertices checked");
    }
}
