//! The greedy pass: edges chosen the most constrained vertex first, before any augmenting path.
//!
//! A vertex's slack is the number of its open edges (not chosen, the other end with room)
//! less its room. A vertex of slack 0 or less must take every open edge it has to be filled,
//! so it takes them all (Karp and Sipser's rule for a vertex of degree 1, for capacities);
//! otherwise the vertex of least slack takes one edge, to its open neighbour of least slack.
//! Slack only falls (choosing an edge takes one from a vertex's open edges and one from its
//! room; a neighbour that fills up takes one from its open edges alone), so the vertices wait
//! in buckets by slack, a vertex moved to a lower bucket as its slack falls and its entry in
//! the higher one skipped when reached: every edge is looked at a bounded number of times.
//! A hub (an open tour's virtual vertex, joined to every square) chooses before the others.
//!
//! Taking the constrained first leaves far less demand to the augmenting paths than an order
//! fixed in advance (the fewest edges first): on the knight's closed 1000 x 1000 board with
//! 10% holes of "A million squares", 1,109 units instead of 34,245.

use super::{Search, HUB_EDGES};

/// The buckets of slack kept apart: a vertex of more slack waits in the last one.
const SLACK_BUCKETS: usize = 32;

/// The vertices waiting to choose edges, by slack (see the module doc).
struct Queue {
    /// The vertices of each bucket, stale entries among them.
    buckets: Vec<Vec<u32>>,
    /// No bucket below this one holds an entry.
    lowest: usize,
}

impl Queue {
    /// Adds `vertex` to bucket `bucket`.
    fn push(&mut self, vertex: usize, bucket: usize) {
        self.buckets[bucket].push(vertex as u32);
        self.lowest = self.lowest.min(bucket);
    }

    /// Takes an entry from the lowest bucket that has one, and that bucket.
    fn pop(&mut self) -> Option<(usize, usize)> {
        while self.lowest < SLACK_BUCKETS {
            if let Some(vertex) = self.buckets[self.lowest].pop() {
                return Some((vertex as usize, self.lowest));
            }
            self.lowest += 1;
        }
        None
    }
}

impl Search<'_> {
    /// Chooses edges whose two ends still have room, the hubs first, then the vertices of
    /// least slack (see the module doc).
    pub(super) fn take_greedily(&mut self) {
        let vertices = self.room.len();
        let mut open: Vec<u32> = (0..vertices)
            .map(|vertex| match self.room[vertex] {
                0 => 0,
                _ => self
                    .incident(vertex)
                    .iter()
                    .filter(|&&(neighbour, edge)| self.is_open(neighbour, edge))
                    .count() as u32,
            })
            .collect();
        let mut queue = Queue {
            buckets: vec![Vec::new(); SLACK_BUCKETS],
            lowest: SLACK_BUCKETS,
        };
        for vertex in (0..vertices).rev() {
            if self.room[vertex] > 0 && open[vertex] > 0 {
                queue.push(vertex, self.bucket(&open, vertex));
            }
        }
        // A hub (a vertex of at least `HUB_EDGES` open edges) chooses its partners before any
        // other vertex: an open tour's virtual vertex, whose partners are the tour's ends.
        // Taken last, by least slack, its partners were squares the others had left with
        // room, and the knight's open 1000 x 1000 board with 10% holes of "A million squares"
        // took 92 s (85 s of local repair); first, the squares of least slack (the fewest
        // moves, where a path's ends fit), 14 s.
        for vertex in 0..vertices {
            while self.room[vertex] > 0 && open[vertex] as usize >= HUB_EDGES {
                match self.least_slack_edge(&open, vertex) {
                    Some(edge) => self.take(edge, &mut open, &mut queue),
                    None => break,
                }
            }
        }
        while let Some((vertex, bucket)) = queue.pop() {
            let waiting = self.room[vertex] > 0 && open[vertex] > 0;
            if !waiting || self.bucket(&open, vertex) != bucket {
                continue;
            }
            if open[vertex] <= self.room[vertex] {
                let range = self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize;
                for index in range {
                    let (neighbour, edge) = self.neighbours[index];
                    if self.is_open(neighbour, edge) {
                        self.take(edge as usize, &mut open, &mut queue);
                    }
                    if self.room[vertex] == 0 {
                        break;
                    }
                }
            } else if let Some(edge) = self.least_slack_edge(&open, vertex) {
                self.take(edge, &mut open, &mut queue);
            }
            if self.room[vertex] > 0 && open[vertex] > 0 {
                queue.push(vertex, self.bucket(&open, vertex));
            }
        }
    }

    /// The neighbours of `vertex`, each with the edge that joins them.
    fn incident(&self, vertex: usize) -> &[(u32, u32)] {
        &self.neighbours[self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize]
    }

    /// Whether `edge`, to `neighbour`, is open: not chosen, and `neighbour` has room.
    fn is_open(&self, neighbour: u32, edge: u32) -> bool {
        self.room[neighbour as usize] > 0 && !self.chosen[edge as usize]
    }

    /// The open edge of `vertex` to the neighbour of least slack (the first of those), if any.
    fn least_slack_edge(&self, open: &[u32], vertex: usize) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        for &(neighbour, edge) in self.incident(vertex) {
            if !self.is_open(neighbour, edge) {
                continue;
            }
            let slack = self.bucket(open, neighbour as usize);
            if best.is_none_or(|(least, _)| slack < least) {
                best = Some((slack, edge));
            }
        }
        best.map(|(_, edge)| edge as usize)
    }

    /// The bucket of `vertex` by its slack, given its `open` edges.
    fn bucket(&self, open: &[u32], vertex: usize) -> usize {
        (open[vertex].saturating_sub(self.room[vertex]) as usize).min(SLACK_BUCKETS - 1)
    }

    /// Chooses `edge`; an end that fills up closes its other open edges, which lowers the
    /// slack of their other ends.
    fn take(&mut self, edge: usize, open: &mut [u32], queue: &mut Queue) {
        self.choose(edge);
        for end in self.graph.edges[edge] {
            let end = end as usize;
            open[end] -= 1;
            if self.room[end] > 0 {
                continue;
            }
            for &(neighbour, other_edge) in self.incident(end) {
                if !self.is_open(neighbour, other_edge) {
                    continue;
                }
                let neighbour = neighbour as usize;
                let before = self.bucket(open, neighbour);
                open[neighbour] -= 1;
                let after = self.bucket(open, neighbour);
                if after != before && open[neighbour] > 0 {
                    queue.push(neighbour, after);
                }
            }
        }
    }
}
