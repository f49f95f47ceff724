//! Augmenting towards the nearest room, guided by distance labels, in rounds: every left
//! vertex with room walks to room by a depth-first search that steps down the labels, and a
//! round places as many units as its walks can without getting in each other's way.
//!
//! After the greedy pass some demand is left, scattered over the graph (a thousand units on a
//! knight's board of a million squares), and the augmenting paths it needs have every length
//! from 3 edges to hundreds. Hopcroft and Karp's phases take one length a phase, each a sweep
//! of the whole graph. Here every round starts with a label at every vertex, the length of the
//! shortest alternating path from it to room (edges not chosen lead right, chosen ones back
//! left; a right vertex with room has 0), set by a breadth-first search backwards from all the
//! right vertices with room (on two threads on large graphs, see [`exact_labels`]). Each left
//! vertex with room, the nearest first, then walks: at every vertex it takes a step whose label
//! falls by one if there is one, else a step to any vertex that can reach room, and it steps
//! back where there is none; a vertex is entered once a round, by one walk, so a round scans
//! every edge at most once from each end. Where no walk got in its way, a walk takes a
//! shortest path, as in Hopcroft and Karp's phases, and the b-matching stays close to the
//! greedy pass's; where one did, it goes round, which places units that would otherwise each
//! wait for a round of their own (the last units on a board of a million squares lie hundreds
//! of steps from the last room, and a labelling reads the whole graph). A walk that finds no
//! way waits for the next round; the first walk of a round always finds one, as nothing is
//! entered yet.
//!
//! A left vertex with room that cannot reach room never will (an augmenting path cannot enter
//! the vertices that cannot reach room, as it would have to leave them), so no b-matching
//! fills every left vertex, and the walks go on from the others: the b-matching they reach is
//! maximum. The whole works in a budget in proportion to the graph's size, past which Hopcroft
//! and Karp's phases take over from the b-matching reached.

use super::exact_labels::{self, Residual};
use super::{Search, UNREACHED};

/// The work (edges scanned) the labelled walks may do in all, in multiples of the graph's
/// size (vertices and the edges seen from both ends), before Hopcroft and Karp's phases take
/// over.
const WORK_PER_SIZE: usize = 256;

/// How the walks ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WalksEnd {
    /// Every left vertex is full.
    Full,
    /// A left vertex with room cannot reach room: no b-matching fills every left vertex.
    Short,
    /// The walks ran out of budget.
    OverBudget,
}

/// How a walk from a left vertex with room ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// It reached room and flipped its path.
    Augmented,
    /// The walks ran out of budget.
    OverBudget,
    /// It found no way to room past the vertices the round's walks entered: it waits for the
    /// next round.
    Deferred,
}

/// The label of a vertex a walk of the round entered, until the labels are set exact again:
/// no walk of the round enters it again.
const ENTERED: u32 = UNREACHED - 1;

/// The state of the walks besides [`Search`]'s: the chosen edges of every right vertex, and
/// the work done.
pub(super) struct LabelledWalks {
    /// Where each vertex's slots for chosen edges start in `chosen_at`, as many as its
    /// capacity (one more entry than vertices; only right vertices have any).
    slot_offsets: Vec<u32>,
    /// The chosen edges at each right vertex, in its slots, its used ones first: a right
    /// vertex steps on only along them, and one joined to every square of the other side
    /// (an open tour's virtual vertex) would cost a scan of all its edges to find two.
    chosen_at: Vec<u32>,
    /// The edges scanned so far.
    work: usize,
    /// The most edges the walks may scan.
    budget: usize,
    /// Whether every walk of a labelling but its first waits for the next labelling (tests
    /// take this way through the rounds).
    one_walk_a_labelling: bool,
    /// The labels of the vertices on the current walk's path, which [`ENTERED`] replaced.
    path_labels: Vec<u32>,
    /// The next edge each left vertex tries for a step that is not down (an index into
    /// `neighbours`), once its steps down are used up.
    detour: Vec<u32>,
    /// The vertices labelled after all others (see [`exact_labels::hubs_of`]).
    hubs: Vec<u32>,
}

impl LabelledWalks {
    /// The walks over `search`'s graph, with its chosen edges so far.
    pub(super) fn new(search: &Search) -> LabelledWalks {
        let graph = search.graph;
        let vertices = graph.capacity.len();
        let mut slot_offsets = vec![0u32; vertices + 1];
        for vertex in 0..vertices {
            let slots = match graph.is_left[vertex] {
                true => 0,
                false => graph.capacity[vertex],
            };
            slot_offsets[vertex + 1] = slot_offsets[vertex] + slots;
        }
        let mut chosen_at = vec![0; slot_offsets[vertices] as usize];
        let mut used = vec![0u32; vertices];
        for (edge, &[_, right]) in graph.edges.iter().enumerate() {
            if search.chosen[edge] {
                let right = right as usize;
                chosen_at[(slot_offsets[right] + used[right]) as usize] = edge as u32;
                used[right] += 1;
            }
        }
        let size = vertices + search.neighbours.len();
        LabelledWalks {
            slot_offsets,
            chosen_at,
            work: 0,
            budget: WORK_PER_SIZE * size,
            one_walk_a_labelling: false,
            path_labels: Vec::new(),
            detour: Vec::new(),
            hubs: exact_labels::hubs_of(&search.offsets),
        }
    }

    /// The walks over `search`'s graph with a budget of `budget` edges scanned.
    #[cfg(test)]
    pub(super) fn with_budget(search: &Search, budget: usize) -> LabelledWalks {
        LabelledWalks {
            budget,
            ..LabelledWalks::new(search)
        }
    }

    /// The walks over `search`'s graph in which every walk but the first of a labelling
    /// waits for the next one.
    #[cfg(test)]
    pub(super) fn deferring_every_walk(search: &Search) -> LabelledWalks {
        LabelledWalks {
            one_walk_a_labelling: true,
            ..LabelledWalks::new(search)
        }
    }

    /// Fills the room of every left vertex of `search` that can reach room, in rounds: exact
    /// labels, then walks from each left vertex with room in turn, the nearest to room first,
    /// each through vertices no walk of the round entered, until every one is full or cannot
    /// reach room, or the budget is spent.
    pub(super) fn augment(&mut self, search: &mut Search) -> WalksEnd {
        let graph = search.graph;
        let mut path = Vec::new();
        loop {
            self.label_exactly(search);
            let mut starts: Vec<u32> = (0..search.room.len() as u32)
                .filter(|&vertex| {
                    let vertex = vertex as usize;
                    graph.is_left[vertex]
                        && search.room[vertex] > 0
                        && search.layer[vertex] != UNREACHED
                })
                .collect();
            starts.sort_by_key(|&vertex| search.layer[vertex as usize]);
            let mut deferred = false;
            let mut augmented = false;
            for &start in &starts {
                let start = start as usize;
                let start_label = search.layer[start];
                while search.room[start] > 0 {
                    if augmented && self.one_walk_a_labelling {
                        deferred = true;
                        break;
                    }
                    match self.walk_from(search, (start, start_label), &mut path) {
                        Walk::Augmented => augmented = true,
                        Walk::OverBudget => return WalksEnd::OverBudget,
                        Walk::Deferred => {
                            deferred = true;
                            break;
                        }
                    }
                }
            }
            if !deferred {
                return match search.demand_left() {
                    0 => WalksEnd::Full,
                    _ => WalksEnd::Short,
                };
            }
        }
    }

    /// Sets every vertex's label (in `search.layer`) to the length of the shortest alternating
    /// path from it to room ([`UNREACHED`] for none), by a breadth-first search backwards from
    /// the right vertices with room, and moves every cursor back to its vertex's first edge.
    fn label_exactly(&mut self, search: &mut Search) {
        let vertices = search.room.len();
        let residual = Residual {
            offsets: &search.offsets,
            neighbours: &search.neighbours,
            chosen: &search.chosen,
            is_left: &search.graph.is_left,
            room: &search.room,
            hubs: &self.hubs,
        };
        exact_labels::label_exactly(residual, &mut search.layer);
        search.cursor = search.offsets[..vertices].to_vec();
        self.detour = search.offsets[..vertices].to_vec();
        self.work += vertices + search.neighbours.len();
    }

    /// Walks from `start` (a left vertex with room that can reach room, labelled `start_label`
    /// before the round's walks entered it) to room and flips the path: a depth-first search
    /// that steps down the labels where it can and to any other vertex that can reach room
    /// where it cannot, entering each vertex once a round (its label is then [`ENTERED`], and
    /// the walk keeps the labels of the vertices on its path).
    fn walk_from(
        &mut self,
        search: &mut Search,
        (start, start_label): (usize, u32),
        path: &mut Vec<(u32, u32)>,
    ) -> Walk {
        path.clear();
        self.path_labels.clear();
        let mut label = start_label;
        if label == ENTERED {
            return Walk::Deferred;
        }
        search.layer[start] = ENTERED;
        let mut vertex = start;
        loop {
            if self.work > self.budget {
                return Walk::OverBudget;
            }
            if !search.graph.is_left[vertex] && search.room[vertex] > 0 {
                self.flip_path(search, path, vertex);
                return Walk::Augmented;
            }
            match self.step(search, vertex, label.wrapping_sub(1)) {
                Some((next, edge)) => {
                    path.push((vertex as u32, edge));
                    self.path_labels.push(label);
                    label = search.layer[next];
                    search.layer[next] = ENTERED;
                    vertex = next;
                }
                None => match (path.pop(), self.path_labels.pop()) {
                    (Some((previous, _)), Some(previous_label)) => {
                        vertex = previous as usize;
                        label = previous_label;
                    }
                    _ => return Walk::Deferred,
                },
            }
        }
    }

    /// A step from `vertex` to a neighbour a walk may enter (one that can reach room and that
    /// no walk of the round entered), and the edge it takes: one labelled `below` if there is
    /// one, else any. A left vertex steps along edges not chosen, from its cursor (steps down)
    /// or its detour (others), which move past the edges tried; a right vertex along its
    /// chosen edges.
    fn step(&mut self, search: &mut Search, vertex: usize, below: u32) -> Option<(usize, u32)> {
        let open = |label: u32| label < ENTERED;
        if search.graph.is_left[vertex] {
            let end = search.offsets[vertex + 1];
            while search.cursor[vertex] < end {
                self.work += 1;
                let (neighbour, edge) = search.neighbours[search.cursor[vertex] as usize];
                if !search.chosen[edge as usize] && search.layer[neighbour as usize] == below {
                    return Some((neighbour as usize, edge));
                }
                search.cursor[vertex] += 1;
            }
            while self.detour[vertex] < end {
                self.work += 1;
                let (neighbour, edge) = search.neighbours[self.detour[vertex] as usize];
                if !search.chosen[edge as usize] && open(search.layer[neighbour as usize]) {
                    return Some((neighbour as usize, edge));
                }
                self.detour[vertex] += 1;
            }
            return None;
        }
        self.work += self.used_slots(search, vertex).len();
        for down in [true, false] {
            for &edge in self.used_slots(search, vertex) {
                let left = search.graph.edges[edge as usize][0] as usize;
                let label = search.layer[left];
                if open(label) && (!down || label == below) {
                    return Some((left, edge));
                }
            }
        }
        None
    }

    /// The chosen edges at the right vertex `right`.
    fn used_slots(&self, search: &Search, right: usize) -> &[u32] {
        let first = self.slot_offsets[right] as usize;
        let used = search.graph.capacity[right] - search.room[right];
        &self.chosen_at[first..first + used as usize]
    }

    /// Flips the edges of `path` (each step's vertex and edge), which ends at `end`, a right
    /// vertex with room: one more chosen edge. Each right vertex on the way swaps the chosen
    /// edge it was left by for the one it was reached by; `end` takes one more.
    fn flip_path(&mut self, search: &mut Search, path: &[(u32, u32)], end: usize) {
        for (index, &(vertex, edge)) in path.iter().enumerate() {
            search.chosen[edge as usize] ^= true;
            if !search.graph.is_left[vertex as usize] {
                let reached_by = path[index - 1].1;
                let slots = self.slot_offsets[vertex as usize] as usize
                    ..self.slot_offsets[vertex as usize + 1] as usize;
                let first = slots.start;
                let slot = self.chosen_at[slots]
                    .iter()
                    .position(|&chosen| chosen == edge)
                    .expect("a chosen edge has a slot");
                self.chosen_at[first + slot] = reached_by;
            }
        }
        let used = search.graph.capacity[end] - search.room[end];
        let last = path.last().expect("a path has an edge").1;
        self.chosen_at[(self.slot_offsets[end] + used) as usize] = last;
        search.room[path[0].0 as usize] -= 1;
        search.room[end] -= 1;
        self.work += path.len();
    }
}
