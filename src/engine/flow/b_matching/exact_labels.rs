//! Exact distance labels: each vertex's distance to room along alternating paths, by one
//! breadth-first search backwards from the right vertices with room, on two threads where the
//! graph is large.
//!
//! The labelled walks set their labels exact at every round (15 to 40 times on a knight's
//! board of a million squares, where the last units of demand lie hundreds of steps from the
//! last room), and each search reads the whole graph: about half of the flow's time, on one
//! core of two. The search goes level by level, and the vertices of a level are shared out
//! between the threads: a vertex is claimed by the thread that first sets its label (an atomic
//! exchange, so each is taken once), each thread gathers the vertices it reached, and the
//! threads meet at the end of every level (a barrier that spins, as a level takes some
//! microseconds). The
//! labels are distances, which do not depend on the order in which the vertices are reached,
//! so the walks take the same paths on one thread or two.

use super::UNREACHED;
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
}

impl Residual<'_> {
    /// The vertices the search starts from: the right vertices with room.
    fn rooms(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.room.len() as u32)
            .filter(|&vertex| !self.is_left[vertex as usize] && self.room[vertex as usize] > 0)
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

/// Whether a search of the process has a second thread: one at a time does, so that solves
/// running side by side (`toursat serve`'s) add one thread in all, not one each.
static HELPER_TAKEN: AtomicBool = AtomicBool::new(false);

/// Sets `layer` to each vertex's distance to room in `residual` ([`UNREACHED`] for none): on
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
    layer.fill(UNREACHED);
    let mut queue: Vec<u32> = residual.rooms().collect();
    for &vertex in &queue {
        layer[vertex as usize] = 0;
    }
    let mut next = 0;
    while let Some(&vertex) = queue.get(next) {
        next += 1;
        let label = layer[vertex as usize] + 1;
        for before in residual.steps_back(vertex as usize) {
            if layer[before as usize] == UNREACHED {
                layer[before as usize] = label;
                queue.push(before);
            }
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
        *label = shared.load(Ordering::Relaxed);
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
        let labels: Vec<AtomicU32> = (0..vertices).map(|_| AtomicU32::new(UNREACHED)).collect();
        let first: Vec<AtomicU32> = (0..vertices).map(|_| AtomicU32::new(0)).collect();
        let mut rooms = 0;
        for vertex in residual.rooms() {
            labels[vertex as usize].store(0, Ordering::Relaxed);
            first[rooms].store(vertex, Ordering::Relaxed);
            rooms += 1;
        }
        SharedSearch {
            residual,
            labels,
            levels: [first, (0..vertices).map(|_| AtomicU32::new(0)).collect()],
            lengths: [
                AtomicUsize::new(rooms),
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
            let length = self.lengths[level % 3].load(Ordering::Acquire);
            if length == 0 {
                return;
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
                    if shared.load(Ordering::Relaxed) == UNREACHED
                        && shared
                            .compare_exchange(
                                UNREACHED,
                                label,
                                Ordering::Relaxed,
                                Ordering::Relaxed,
                            )
                            .is_ok()
                    {
                        reached.push(before);
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
    }

    impl RandomResidual {
        fn new(left: usize, right: usize, edges: usize, seed: u64) -> RandomResidual {
            let mut rng = SplitMix64::new(seed);
            let mut next = |below: usize| rng.below(below as u64) as usize;
            let mut graph = CapacitatedGraph::new(left + right);
            for right_vertex in left..left + right {
                graph.set_vertex(right_vertex, false, 1);
            }
            for _ in 0..edges {
                graph.add_edge(next(left), left + next(right));
            }
            let (offsets, neighbours) = graph.adjacency();
            RandomResidual {
                offsets,
                neighbours,
                chosen: (0..edges).map(|_| next(3) == 0).collect(),
                is_left: graph.is_left.clone(),
                room: (0..left + right).map(|_| (next(8) == 0) as u32).collect(),
            }
        }

        fn residual(&self) -> Residual<'_> {
            Residual {
                offsets: &self.offsets,
                neighbours: &self.neighbours,
                chosen: &self.chosen,
                is_left: &self.is_left,
                room: &self.room,
            }
        }
    }

    /// Distances by a plain breadth-first search over arcs listed one by one, for comparison.
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
        let mut distance = vec![UNREACHED; vertices];
        let mut queue = std::collections::VecDeque::new();
        for vertex in graph.residual().rooms() {
            distance[vertex as usize] = 0;
            queue.push_back(vertex as usize);
        }
        while let Some(vertex) = queue.pop_front() {
            for &before in &arcs_into[vertex] {
                if distance[before] == UNREACHED {
                    distance[before] = distance[vertex] + 1;
                    queue.push_back(before);
                }
            }
        }
        distance
    }

    #[test]
    fn one_thread_and_two_give_the_distances_to_room() {
        let mut some_unreached = false;
        for seed in 0..20 {
            let graph = RandomResidual::new(300 + seed as usize, 280, 900, seed);
            let expected = distances(&graph);
            let mut one = vec![7; expected.len()];
            label_on_one_thread(graph.residual(), &mut one);
            assert_eq!(one, expected, "seed {seed}, one thread");
            let mut two = vec![7; expected.len()];
            label_on_two_threads(graph.residual(), &mut two);
            assert_eq!(two, expected, "seed {seed}, two threads");
            assert!(expected.iter().any(|&label| label > 2), "seed {seed}: deep");
            some_unreached |= expected.contains(&UNREACHED);
        }
        assert!(some_unreached, "some vertex cannot reach room");
    }
}
