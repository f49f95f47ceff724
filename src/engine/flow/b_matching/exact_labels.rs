//! Exact distance labels: each vertex's distance to room along alternating paths, by one
//! breadth-first search backwards from the right vertices with room, on two threads where the
//! graph is large.
//!
//! The labelled walks set their labels exact at every round (12 to 40 times on a knight's
//! board of a million squares, where the last units of demand lie hundreds of steps from the
//! last room), and each search reads the whole graph: about half of the flow's time, on one
//! core of two. The search goes level by level, and the vertices of a level are shared out
//! between the threads: a vertex is claimed by the thread that first sets its label (an atomic
//! exchange, so each is taken once), each thread gathers the vertices it reached, and the
//! threads meet at the end of every level (a barrier that spins, as a level takes some
//! microseconds). The
//! labels are distances, which do not depend on the order in which the vertices are reached,
//! so the walks take the same paths on one thread or two.
//!
//! A hub (an open tour's virtual vertex, joined to every square of a side) is labelled after
//! every vertex that reaches room without one, so that the labels are the distances on the
//! board (see [`hubs_of`]).

use super::{HUB_EDGES, UNREACHED};
use crate::engine::cancel;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::thread;

/// The fewest vertices on which the search runs on two threads: below, starting the second
/// thread and meeting it at every level costs more than it shares out.
const PARALLEL_FROM: usize = 1 << 17;

/// The residual graph the search reads: the b-matching's graph and its chosen edges.
#[derive(Clone, Copy)]
pub(super) struct Residual<'a> {
    /// Where each vertex's neighbours start in `neighbours` (one more entry than vertices).
    pub offsets: &'a [u32],
    /// Each vertex's neighbours in turn, each with the number of the edge that joins them.
    pub neighbours: &'a [(u32, u32)],
    /// Whether each edge is chosen.
    pub chosen: &'a [bool],
    /// Whether each vertex is on the left side.
    pub is_left: &'a [bool],
    /// The edges each vertex may still take.
    pub room: &'a [u32],
    /// The hubs, labelled last (see [`hubs_of`]).
    pub hubs: &'a [u32],
}

impl Residual<'_> {
    /// The vertices the search starts from: the right vertices with room (a hub among them
    /// too, labelled last all the same).
    fn rooms(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.room.len() as u32)
            .filter(|&vertex| !self.is_left[vertex as usize] && self.room[vertex as usize] > 0)
    }

    /// Sets every label unreached, a hub's unseen (waiting, if it has room) and a room's 0,
    /// and gives the rooms that are not hubs: the search's first level.
    fn start_labels(&self, layer: &mut [u32]) -> Vec<u32> {
        layer.fill(UNREACHED);
        for &hub in self.hubs {
            layer[hub as usize] = HUB_UNSEEN;
        }
        let mut rooms = Vec::new();
        for vertex in self.rooms() {
            match layer[vertex as usize] {
                HUB_UNSEEN => layer[vertex as usize] = HUB_WAITING,
                _ => {
                    layer[vertex as usize] = 0;
                    rooms.push(vertex);
                }
            }
        }
        rooms
    }

    /// The vertices one step back from `vertex` along an alternating path: a right vertex is
    /// reached by edges not chosen from the left, a left vertex by chosen edges from the right.
    fn steps_back(&self, vertex: usize) -> impl Iterator<Item = u32> + '_ {
        let chosen_back = self.is_left[vertex];
        let range = self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize;
        self.neighbours[range]
            .iter()
            .filter(move |&&(_, edge)| self.chosen[edge as usize] == chosen_back)
            .map(|&(neighbour, _)| neighbour)
    }
}

/// The label of a hub that the search has not reached yet.
const HUB_UNSEEN: u32 = UNREACHED - 1;

/// The label of a hub that the search has reached, or that has room, until it is labelled
/// after the vertices that reach room without a hub.
const HUB_WAITING: u32 = UNREACHED - 2;

/// The vertices of `offsets`' adjacency (one more entry than vertices) with at least
/// [`HUB_EDGES`] edges: on a board, an open tour's virtual vertex, whose halves are joined to
/// every square of a side.
///
/// Such a vertex joins everything within two steps: through the virtual vertex's half on the
/// right, every left vertex is two steps from its partner, so where that partner lies near
/// room every label is small, and the walks of a round all head for the one vertex that only
/// one of them may enter (on a knight's open 1000 x 1000 board with 10% holes, every other
/// round placed 2 to 24 units of 400 to 40, its largest label 9 to 57). So a hub is labelled
/// only once every vertex that reaches room without a hub is: the labels are the distances on
/// the board, and a hub serves the walks that have no other way (12 rounds there instead of
/// 21).
pub(super) fn hubs_of(offsets: &[u32]) -> Vec<u32> {
    (0..offsets.len().saturating_sub(1) as u32)
        .filter(|&vertex| {
            (offsets[vertex as usize + 1] - offsets[vertex as usize]) as usize >= HUB_EDGES
        })
        .collect()
}

/// Whether a search of the process has a second thread: one at a time does, so that solves
/// running side by side (`toursat serve`'s) add one thread in all, not one each.
static HELPER_TAKEN: AtomicBool = AtomicBool::new(false);

/// Sets `layer` to each vertex's distance to room in `residual` ([`UNREACHED`] for none), the
/// hubs counted last (see [`hubs_of`]: a hub's label is one more than the largest label of the
/// vertices that reach room without a hub, and the vertices it leads to are labelled from it): on
/// two threads when the graph has at least [`PARALLEL_FROM`] vertices, the machine two cores,
/// this thread does not race another engine (a race's runners run under a cancel flag, see
/// `race`, and take both cores already) and no other search of the process has a second
/// thread; otherwise on this one.
pub(super) fn label_exactly(residual: Residual, layer: &mut [u32]) {
    let cores = thread::available_parallelism().map_or(1, |cores| cores.get());
    let racing = cancel::current_flag().is_some();
    let helper = cores >= 2
        && !racing
        && layer.len() >= PARALLEL_FROM
        && HELPER_TAKEN
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok();
    if !helper {
        return label_on_one_thread(residual, layer);
    }
    label_on_two_threads(residual, layer);
    HELPER_TAKEN.store(false, Ordering::Release);
}

/// [`label_exactly`] on this thread alone.
pub(super) fn label_on_one_thread(residual: Residual, layer: &mut [u32]) {
    let mut queue = residual.start_labels(layer);
    let mut next = 0;
    loop {
        while let Some(&vertex) = queue.get(next) {
            next += 1;
            let label = layer[vertex as usize] + 1;
            for before in residual.steps_back(vertex as usize) {
                match layer[before as usize] {
                    UNREACHED => {
                        layer[before as usize] = label;
                        queue.push(before);
                    }
                    HUB_UNSEEN => layer[before as usize] = HUB_WAITING,
                    _ => {}
                }
            }
        }
        // The hubs that wait take the level after the last.
        let label = queue.last().map_or(0, |&vertex| layer[vertex as usize] + 1);
        let labelled = queue.len();
        for &hub in residual.hubs {
            if layer[hub as usize] == HUB_WAITING {
                layer[hub as usize] = label;
                queue.push(hub);
            }
        }
        if queue.len() == labelled {
            break;
        }
    }
    for &hub in residual.hubs {
        if layer[hub as usize] == HUB_UNSEEN {
            layer[hub as usize] = UNREACHED;
        }
    }
}

/// [`label_exactly`] on this thread and one more (on this one alone should the other fail to
/// start).
pub(super) fn label_on_two_threads(residual: Residual, layer: &mut [u32]) {
    let search = SharedSearch::new(residual, layer.len());
    thread::scope(|scope| {
        let helper = thread::Builder::new()
            .name("toursat-labels".to_string())
            .spawn_scoped(scope, || search.run(1));
        if helper.is_err() {
            search.threads.store(1, Ordering::Relaxed);
        }
        search.run(0);
    });
    for (label, shared) in layer.iter_mut().zip(&search.labels) {
        *label = match shared.load(Ordering::Relaxed) {
            HUB_UNSEEN => UNREACHED,
            reached => reached,
        };
    }
}

/// The state the threads of one search share.
struct SharedSearch<'a> {
    /// The graph searched.
    residual: Residual<'a>,
    /// Each vertex's label, set once by the thread that reaches it first.
    labels: Vec<AtomicU32>,
    /// The vertices of the current level and of the next, by the parity of the level.
    levels: [Vec<AtomicU32>; 2],
    /// How many vertices each level holds, by the level modulo 3: the current level's is
    /// read, the next one's filled, and the one before is cleared for reuse.
    lengths: [AtomicUsize; 3],
    /// The threads that take part (2, or 1 if the second did not start).
    threads: AtomicUsize,
    /// Where the threads meet at the end of every level.
    barrier: SpinBarrier,
}

impl<'a> SharedSearch<'a> {
    /// A search of `residual`, whose `vertices` are all unlabelled but the rooms (level 0).
    fn new(residual: Residual<'a>, vertices: usize) -> SharedSearch<'a> {
        let mut start = vec![UNREACHED; vertices];
        let rooms = residual.start_labels(&mut start);
        let first: Vec<AtomicU32> = (0..vertices)
            .map(|index| AtomicU32::new(rooms.get(index).copied().unwrap_or(0)))
            .collect();
        SharedSearch {
            residual,
            labels: start.into_iter().map(AtomicU32::new).collect(),
            levels: [first, (0..vertices).map(|_| AtomicU32::new(0)).collect()],
            lengths: [
                AtomicUsize::new(rooms.len()),
                AtomicUsize::new(0),
                AtomicUsize::new(0),
            ],
            threads: AtomicUsize::new(2),
            barrier: SpinBarrier::new(),
        }
    }

    /// The search's work for thread `thread`: its share of every level, until a level is
    /// empty.
    fn run(&self, thread: usize) {
        let threads = self.threads.load(Ordering::Relaxed);
        let mut reached = Vec::new();
        let mut level = 0usize;
        loop {
            let mut length = self.lengths[level % 3].load(Ordering::Acquire);
            if length == 0 {
                // The hubs that wait take this level, the one after the last, once both
                // threads have read it empty.
                self.barrier.wait(threads);
                if thread == 0 {
                    self.enter_waiting_hubs(level);
                }
                self.barrier.wait(threads);
                length = self.lengths[level % 3].load(Ordering::Acquire);
                if length == 0 {
                    return;
                }
            }
            // Both threads read the count before last at the last meeting.
            if thread == 0 {
                self.lengths[(level + 2) % 3].store(0, Ordering::Relaxed);
            }
            let current = &self.levels[level % 2];
            let label = level as u32 + 1;
            for slot in &current[length * thread / threads..length * (thread + 1) / threads] {
                let vertex = slot.load(Ordering::Relaxed) as usize;
                for before in self.residual.steps_back(vertex) {
                    let shared = &self.labels[before as usize];
                    match shared.load(Ordering::Relaxed) {
                        UNREACHED => {
                            let claim = shared.compare_exchange(
                                UNREACHED,
                                label,
                                Ordering::Relaxed,
                                Ordering::Relaxed,
                            );
                            if claim.is_ok() {
                                reached.push(before);
                            }
                        }
                        HUB_UNSEEN => shared.store(HUB_WAITING, Ordering::Relaxed),
                        _ => {}
                    }
                }
            }
            let next = &self.levels[(level + 1) % 2];
            let at = self.lengths[(level + 1) % 3].fetch_add(reached.len(), Ordering::AcqRel);
            for (slot, &vertex) in next[at..].iter().zip(&reached) {
                slot.store(vertex, Ordering::Relaxed);
            }
            reached.clear();
            self.barrier.wait(threads);
            level += 1;
        }
    }

    /// Labels `level` the hubs that wait, as level `level`'s vertices (which had none).
    fn enter_waiting_hubs(&self, level: usize) {
        let mut entered = 0;
        for &hub in self.residual.hubs {
            let shared = &self.labels[hub as usize];
            if shared.load(Ordering::Relaxed) == HUB_WAITING {
                shared.store(level as u32, Ordering::Relaxed);
                self.levels[level % 2][entered].store(hub, Ordering::Relaxed);
                entered += 1;
            }
        }
        self.lengths[level % 3].store(entered, Ordering::Release);
    }
}

/// A barrier for threads that meet thousands of times a second: it spins a while before it
/// yields, where a barrier that sleeps would cost more than a level's work at every meeting.
struct SpinBarrier {
    /// The threads that have arrived at the current meeting.
    arrived: AtomicUsize,
    /// The meetings completed so far.
    generation: AtomicUsize,
}

impl SpinBarrier {
    /// Spins before a waiting thread yields its core.
    const SPINS: u32 = 1 << 12;

    /// A barrier no thread has arrived at.
    fn new() -> SpinBarrier {
        SpinBarrier {
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
        }
    }

    /// Waits until `threads` threads have arrived; what each wrote before is seen by all after.
    fn wait(&self, threads: usize) {
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == threads {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation.fetch_add(1, Ordering::Release);
            return;
        }
        let mut spins = 0;
        while self.generation.load(Ordering::Acquire) == generation {
            match spins < Self::SPINS {
                true => {
                    spins += 1;
                    std::hint::spin_loop();
                }
                false => thread::yield_now(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::CapacitatedGraph;
    use super::*;
    use crate::core::rng::SplitMix64;

    /// A bipartite graph of `left` and `right` vertices with random edges, a random set of them
    /// chosen and random room, in the layout [`Residual`] reads (the b-matching's adjacency).
    struct RandomResidual {
        offsets: Vec<u32>,
        neighbours: Vec<(u32, u32)>,
        chosen: Vec<bool>,
        is_left: Vec<bool>,
        room: Vec<u32>,
        hubs: Vec<u32>,
    }

    impl RandomResidual {
        /// `left` and `right` vertices, `edges` random edges among them, and with `hubs` two
        /// more: one on the left joined to every right vertex, one on the right joined to
        /// every left vertex.
        fn new(left: usize, right: usize, edges: usize, hubs: bool, seed: u64) -> RandomResidual {
            let mut rng = SplitMix64::new(seed);
            let mut next = |below: usize| rng.below(below as u64) as usize;
            let vertices = left + right + 2 * hubs as usize;
            let mut graph = CapacitatedGraph::new(vertices);
            for right_vertex in left..left + right {
                graph.set_vertex(right_vertex, false, 1);
            }
            for _ in 0..edges {
                graph.add_edge(next(left), left + next(right));
            }
            if hubs {
                let (left_hub, right_hub) = (left + right, left + right + 1);
                graph.set_vertex(left_hub, true, 1);
                graph.set_vertex(right_hub, false, 1);
                for vertex in 0..left {
                    graph.add_edge(vertex, right_hub);
                }
                for vertex in left..left + right {
                    graph.add_edge(left_hub, vertex);
                }
            }
            let (offsets, neighbours) = graph.adjacency();
            let edges = graph.edge_count();
            RandomResidual {
                hubs: hubs_of(&offsets),
                offsets,
                neighbours,
                chosen: (0..edges).map(|_| next(3) == 0).collect(),
                is_left: graph.is_left.clone(),
                room: (0..vertices).map(|_| (next(8) == 0) as u32).collect(),
            }
        }

        fn residual(&self) -> Residual<'_> {
            Residual {
                offsets: &self.offsets,
                neighbours: &self.neighbours,
                chosen: &self.chosen,
                is_left: &self.is_left,
                room: &self.room,
                hubs: &self.hubs,
            }
        }
    }

    /// Distances by a plain breadth-first search over arcs listed one by one, for comparison:
    /// the hubs left out until the search has labelled everything else it reaches, then
    /// labelled one more than the largest label, and the search goes on from them.
    fn distances(graph: &RandomResidual) -> Vec<u32> {
        let vertices = graph.is_left.len();
        let mut arcs_into = vec![Vec::new(); vertices];
        for vertex in 0..vertices {
            let range = graph.offsets[vertex] as usize..graph.offsets[vertex + 1] as usize;
            for &(neighbour, edge) in &graph.neighbours[range] {
                // An arc vertex -> neighbour: not chosen from the left, chosen from the right.
                if graph.is_left[vertex] != graph.chosen[edge as usize] {
                    arcs_into[neighbour as usize].push(vertex);
                }
            }
        }
        let is_hub = |vertex: usize| graph.hubs.contains(&(vertex as u32));
        let mut distance = vec![UNREACHED; vertices];
        let mut waiting: Vec<usize> = Vec::new();
        let mut queue = std::collections::VecDeque::new();
        for vertex in graph.residual().rooms() {
            match is_hub(vertex as usize) {
                true => waiting.push(vertex as usize),
                false => {
                    distance[vertex as usize] = 0;
                    queue.push_back(vertex as usize);
                }
            }
        }
        loop {
            while let Some(vertex) = queue.pop_front() {
                for &before in &arcs_into[vertex] {
                    if is_hub(before) {
                        if distance[before] == UNREACHED && !waiting.contains(&before) {
                            waiting.push(before);
                        }
                    } else if distance[before] == UNREACHED {
                        distance[before] = distance[vertex] + 1;
                        queue.push_back(before);
                    }
                }
            }
            if waiting.is_empty() {
                return distance;
            }
            let label = distance
                .iter()
                .filter(|&&label| label != UNREACHED)
                .max()
                .map_or(0, |&largest| largest + 1);
            for hub in waiting.drain(..) {
                distance[hub] = label;
                queue.push_back(hub);
            }
        }
    }

    /// [`distances`] of `graph`, after asserting that the search on one thread and on two
    /// give them.
    fn labels_on_one_thread_and_two(graph: &RandomResidual, seed: u64) -> Vec<u32> {
        let expected = distances(graph);
        let mut one = vec![7; expected.len()];
        label_on_one_thread(graph.residual(), &mut one);
        assert_eq!(one, expected, "seed {seed}, one thread");
        let mut two = vec![7; expected.len()];
        label_on_two_threads(graph.residual(), &mut two);
        assert_eq!(two, expected, "seed {seed}, two threads");
        expected
    }

    #[test]
    fn one_thread_and_two_give_the_distances_to_room() {
        let mut some_unreached = false;
        for seed in 0..20 {
            let graph = RandomResidual::new(300 + seed as usize, 280, 900, false, seed);
            assert!(graph.hubs.is_empty(), "seed {seed}: no hub");
            let expected = labels_on_one_thread_and_two(&graph, seed);
            assert!(expected.iter().any(|&label| label > 2), "seed {seed}: deep");
            some_unreached |= expected.contains(&UNREACHED);
        }
        assert!(some_unreached, "some vertex cannot reach room");
    }

    #[test]
    fn hubs_are_labelled_after_every_vertex_that_reaches_room_without_them() {
        let (mut hubs_labelled, mut hubs_late) = (0, false);
        for seed in 0..40 {
            let graph = RandomResidual::new(300, 280 + seed as usize % 3, 700, true, seed);
            assert_eq!(graph.hubs, [580 + seed as u32 % 3, 581 + seed as u32 % 3]);
            let expected = labels_on_one_thread_and_two(&graph, seed);
            for &hub in &graph.hubs {
                let label = expected[hub as usize];
                if label == UNREACHED {
                    continue;
                }
                hubs_labelled += 1;
                // Labelled after every vertex that reaches room without a hub: those the
                // search labels before the hubs, each one more than a vertex it steps to.
                let largest_before = expected
                    .iter()
                    .filter(|&&other| other < label)
                    .max()
                    .copied();
                assert_eq!(largest_before.map_or(0, |largest| largest + 1), label);
                hubs_late |= label > 2;
            }
        }
        assert!(hubs_labelled > 20, "hubs labelled: {hubs_labelled}");
        assert!(
            hubs_late,
            "a hub two steps from room is labelled later than 2"
        );
    }
}
