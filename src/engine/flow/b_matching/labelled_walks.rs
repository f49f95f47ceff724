//! Augmenting to the nearest room, guided by distance labels: every left vertex with room
//! takes a shortest augmenting path from it, found without a sweep of the graph per length.
//!
//! After the greedy pass some demand is left, scattered over the graph (a thousand units on a
//! knight's board of a million squares), and the augmenting paths it needs have every length
//! from 3 edges to hundreds. Hopcroft and Karp's phases take one length a phase, each a sweep
//! of the whole graph. Here every vertex carries a label, a lower bound on the length of an
//! alternating path from it to room (edges not chosen lead right, chosen ones back left; a
//! right vertex with room has 0): a breadth-first search backwards from all the right vertices
//! with room sets them exact (on two threads on large graphs, see [`exact_labels`]). Each left vertex with room, the nearest first, then walks down
//! steps whose label falls by one; a vertex with no such step is relabelled (one more than its
//! lowest neighbour along a step) and the walk steps back. Flipping a path keeps the labels
//! lower bounds, so a walk that reaches room has taken a path as long as its start's label,
//! which no path from there beats: a shortest one, as in Hopcroft and Karp's phases, and the
//! b-matching stays as close to the greedy pass's. Each left vertex keeps a cursor on its
//! edges (the next to try), which moves back to the first edge when the vertex is relabelled.
//!
//! Relabelling is local; when its work since the last search passes the graph's size, the
//! labels are set exact again by a new search (walks then waste no steps on labels that are
//! too low, and a vertex that cannot reach room gets the label of none). A left vertex with
//! room that cannot reach room never will (an augmenting path cannot enter the vertices that
//! cannot reach room, as it would have to leave them), so no b-matching fills every left
//! vertex, and the walks go on from the others: the b-matching they reach is maximum. A walk
//! that has to relabel much is in a region whose room the walks before it took: past its share
//! of work it waits for the next exact labels, and the walks go round the starts again after
//! them. The whole works in a budget in proportion to the graph's size, past which Hopcroft and
//! Karp's phases take over from the b-matching reached.

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
    /// Its start, or another left vertex with room, cannot reach room.
    NoRoom,
    /// The walks ran out of budget.
    OverBudget,
    /// It passed its own share of work ([`WORK_PER_STEP`]): it waits for the next exact labels.
    Deferred,
}

/// The work (edges scanned) a walk may do before it waits for the next exact labels, for each
/// step its start's label promises and for 64 more: a walk down exact labels scans a few edges
/// a step, and one that has to relabel much is in a region whose room the walks before it
/// took, where relabelling step by step costs far more than the next exact labelling shares
/// out. With 16 (8 and 32 measured, and no limit) the knight's closed 1000 x 1000 board of
/// "A million squares" took 10.4 s CPU in all instead of 16.1 s, after the greedy pass that
/// left 34,245 units; after the one that leaves 1,109 (see `greedy`), 64, 256 and 1024 took as
/// long as 16 (fewer exact labellings, more relabelling), and no limit the (1,4) leaper's open
/// board with 20% holes 7.8 s instead of 6.6 s.
const WORK_PER_STEP: usize = 16;

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
    /// The edges scanned by relabelling since the labels were last set exact.
    relabel_work: usize,
    /// The relabelling work after which the labels are set exact again.
    relabel_limit: usize,
    /// The work a walk may do for each step its start's label promises ([`WORK_PER_STEP`]).
    work_per_step: usize,
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
            relabel_work: 0,
            relabel_limit: size,
            work_per_step: WORK_PER_STEP,
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
    /// waits for the next one after its first step.
    #[cfg(test)]
    pub(super) fn deferring_every_walk(search: &Search) -> LabelledWalks {
        LabelledWalks {
            work_per_step: 0,
            ..LabelledWalks::new(search)
        }
    }

    /// Fills the room of every left vertex of `search` that can reach room, by labelled walks
    /// from each in turn, the nearest to room first, until every one is full or cannot reach
    /// room, or the budget is spent.
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
            for (index, &start) in starts.iter().enumerate() {
                let start = start as usize;
                while search.room[start] > 0 {
                    // The round's first walk goes on to the end, so that every round places
                    // a unit.
                    let promised = (search.layer[start] as usize).saturating_add(64);
                    let give_up = match index {
                        0 => usize::MAX,
                        _ => {
                            (self.work_per_step.saturating_mul(promised)).saturating_add(self.work)
                        }
                    };
                    match self.walk_from(search, start, &mut path, give_up) {
                        Walk::Augmented => {}
                        Walk::NoRoom => break,
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
        };
        exact_labels::label_exactly(residual, &mut search.layer);
        search.cursor = search.offsets[..vertices].to_vec();
        self.work += vertices + search.neighbours.len();
        self.relabel_work = 0;
    }

    /// Walks from `start` (a left vertex with room) down the labels to room and flips the
    /// path, relabelling the vertices where the walk is stuck.
    fn walk_from(
        &mut self,
        search: &mut Search,
        start: usize,
        path: &mut Vec<(u32, u32)>,
        give_up: usize,
    ) -> Walk {
        path.clear();
        let mut vertex = start;
        loop {
            if self.work > self.budget {
                return Walk::OverBudget;
            }
            if self.work > give_up {
                return Walk::Deferred;
            }
            if self.relabel_work > self.relabel_limit {
                self.label_exactly(search);
                path.clear();
                vertex = start;
            }
            if search.layer[start] == UNREACHED {
                return Walk::NoRoom;
            }
            if !search.graph.is_left[vertex] && search.room[vertex] > 0 {
                self.flip_path(search, path, vertex);
                return Walk::Augmented;
            }
            match self.step_down(search, vertex) {
                Some((next, edge)) => {
                    path.push((vertex as u32, edge));
                    vertex = next;
                }
                None => {
                    self.relabel(search, vertex);
                    if let Some((previous, _)) = path.pop() {
                        vertex = previous as usize;
                    }
                }
            }
        }
    }

    /// A step from `vertex` to a neighbour whose label is one less, and the edge it takes:
    /// for a left vertex the edge at its cursor or a later one (the cursor moves there), for
    /// a right vertex one of its chosen edges.
    fn step_down(&mut self, search: &mut Search, vertex: usize) -> Option<(usize, u32)> {
        let below = search.layer[vertex].wrapping_sub(1);
        if search.graph.is_left[vertex] {
            let end = search.offsets[vertex + 1];
            while search.cursor[vertex] < end {
                self.work += 1;
                let (neighbour, edge) = search.neighbours[search.cursor[vertex] as usize];
                let chosen = search.chosen[edge as usize];
                if !chosen && search.layer[neighbour as usize] == below {
                    return Some((neighbour as usize, edge));
                }
                search.cursor[vertex] += 1;
            }
            return None;
        }
        self.work += self.used_slots(search, vertex).len();
        for &edge in self.used_slots(search, vertex) {
            let left = search.graph.edges[edge as usize][0];
            if search.layer[left as usize] == below {
                return Some((left as usize, edge));
            }
        }
        None
    }

    /// Raises the label of `vertex`, which has no step down, to one more than the lowest
    /// label of a neighbour it can step to ([`UNREACHED`] for none), and moves its cursor
    /// back to its first edge.
    fn relabel(&mut self, search: &mut Search, vertex: usize) {
        let lowest = if search.graph.is_left[vertex] {
            let range = search.offsets[vertex] as usize..search.offsets[vertex + 1] as usize;
            self.relabel_work += range.len();
            search.neighbours[range]
                .iter()
                .filter(|&&(_, edge)| !search.chosen[edge as usize])
                .map(|&(neighbour, _)| search.layer[neighbour as usize])
                .min()
        } else {
            let slots = self.used_slots(search, vertex);
            let lowest = slots
                .iter()
                .map(|&edge| search.layer[search.graph.edges[edge as usize][0] as usize])
                .min();
            self.relabel_work += slots.len();
            lowest
        };
        search.layer[vertex] = match lowest {
            Some(label) if label < UNREACHED - 1 => label + 1,
            _ => UNREACHED,
        };
        search.cursor[vertex] = search.offsets[vertex];
        self.work += 1;
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
