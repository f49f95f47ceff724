//! Sealed regions: a proof of no circuit by counting, where a 2-factor exists but none is
//! connected.
//!
//! A circuit of three vertices or more is a 2-factor: two of its edges at every vertex. In a
//! bipartite graph, take a region `T` with `n0` vertices on side 0 and `n1` on side 1, and a
//! 2-factor that uses `x0` edges leaving `T` at side-0 vertices and `x1` at side-1 vertices.
//! Every edge inside `T` has one end on each side, so counting edge ends at each side of `T`
//! gives `2 n0 - x0 = 2 n1 - x1`, that is `x0 - x1 = 2 (n0 - n1)`. Call `e0` and `e1` the
//! numbers of the graph's edges leaving `T` at each side. When `2 (n_open - n_sealed) = e_open`
//! for the sides `open` and `sealed`, every 2-factor uses all `e_open` edges at the open side,
//! and so none at the sealed side: those edges are in no circuit. When the edges that remain
//! fall apart, there is no circuit. One inequality of the subtour LP, which resolution cannot
//! count but a flow finds.
//!
//! Finding the regions: a 2-factor found by the flow is a flow from side 0 to side 1; its
//! residual graph directs every unchosen edge from side 0 to side 1 and every chosen edge back.
//! An edge whose ends lie in different strongly connected components of the residual graph
//! has the same state in every 2-factor; an unchosen one is in none. The vertices a residual
//! path reaches from an edge's side-1 end (or that reach its side-0 end) form a region no
//! residual arc leaves (or enters), and such a region meets the equation above, so it seals
//! that edge. The regions that seal the edges leaving one piece of the remaining graph are the
//! certificate.

use crate::core::adjacency::component_numbers;
use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::graph::cycle::{CycleGraph, Vertex};

/// A region whose squares of one colour are sealed: no circuit uses a move that leaves the
/// region at them. On a graph, squares are vertices and colours the sides of its 2-colouring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedRegion {
    /// The region's free squares, the first of the sealed colour.
    pub squares: Vec<Square>,
    /// The colour (`x + y` parity) whose moves out of the region no circuit uses.
    pub sealed_colour: u8,
}

/// A proof that there is no circuit: with the moves its regions seal removed, `inside` and
/// `outside` are no longer joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionProof {
    /// The regions, each sealing some of the moves that leave `inside`'s piece.
    pub regions: Vec<SealedRegion>,
    /// A square of the piece the sealed moves cut off.
    pub inside: Square,
    /// A square outside that piece.
    pub outside: Square,
}

/// What a sealed region's argument counts: its squares and the moves leaving it, by colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionCounts {
    /// The region's squares of each colour.
    pub squares: [usize; 2],
    /// The moves leaving the region at its squares of each colour.
    pub leaving: [usize; 2],
}

impl SealedRegion {
    /// The region's counts on the move graph `graph`, whose squares have `colour`.
    pub fn counts(&self, graph: &MoveGraph, colour: impl Fn(Square) -> u8) -> RegionCounts {
        let mut in_region = vec![false; graph.len()];
        for &square in &self.squares {
            in_region[square as usize] = true;
        }
        let mut counts = RegionCounts {
            squares: [0; 2],
            leaving: [0; 2],
        };
        for &square in &self.squares {
            let colour = colour(square) as usize;
            counts.squares[colour] += 1;
            counts.leaving[colour] += graph
                .neighbours(square)
                .iter()
                .filter(|&&target| !in_region[target as usize])
                .count();
        }
        counts
    }
}

impl RegionProof {
    /// The proof in `graph`'s squares and `colour`s, from one in its vertices and sides.
    pub fn in_squares(self, graph: &CycleGraph, colour: impl Fn(Square) -> u8) -> RegionProof {
        let regions = self
            .regions
            .into_iter()
            .map(|region| {
                let squares: Vec<Square> = region
                    .squares
                    .iter()
                    .map(|&vertex| graph.square(vertex))
                    .collect();
                SealedRegion {
                    sealed_colour: colour(squares[0]),
                    squares,
                }
            })
            .collect();
        RegionProof {
            regions,
            inside: graph.square(self.inside),
            outside: graph.square(self.outside),
        }
    }
}

/// How many vertex visits, in multiples of the vertex count, the search for regions may spend
/// before it gives up (each region costs up to two searches of the residual graph).
const VISIT_BUDGET: usize = 16;

/// A proof that the closed-tour graph `graph`, bipartite with sides `side`, has no circuit,
/// given one of its 2-factors (`factor`, a flag per edge), in its vertices and sides: `None`
/// when the edges that lie in some 2-factor keep the graph connected (or the regions would
/// cost too much to find).
///
/// The region is, where it can be, one closed set of pieces: from the smallest piece, the
/// pieces residual paths reach (or that reach it), the smaller when it is not everything.
/// Every edge between pieces is in no 2-factor, so it is an arc from its side-0 end, and none
/// leaves the pieces reached at side 0: they are sealed at side 1 (those that reach, at side
/// 0). When both are everything, the greedy cover of the smallest piece's edges follows.
pub fn region_proof(graph: &CycleGraph, side: &[u8], factor: &[bool]) -> Option<RegionProof> {
    let residual = Residual {
        graph,
        side,
        factor,
    };
    let allowed = residual.edges_in_some_two_factor();
    let pieces = pieces(graph, &|edge| allowed[edge as usize]);
    let piece_count = pieces.iter().copied().max().map_or(0, |last| last + 1);
    if piece_count < 2 {
        return None;
    }
    let mut sizes = vec![0usize; piece_count as usize];
    for &piece in &pieces {
        sizes[piece as usize] += 1;
    }
    let smallest = (0..piece_count)
        .min_by_key(|&piece| sizes[piece as usize])
        .expect("two pieces or more");
    let inside = pieces.iter().position(|&piece| piece == smallest)? as Vertex;
    let closed = [true, false]
        .into_iter()
        .filter_map(|forward| residual.closure(inside, forward, &allowed))
        .min_by_key(|(region, _)| region.squares.len());
    if let Some((region, outside)) = closed {
        return Some(RegionProof {
            regions: vec![region],
            inside,
            outside,
        });
    }
    let outside = pieces.iter().position(|&piece| piece != smallest)? as Vertex;
    let leaving: Vec<u32> = (0..graph.edges().len() as u32)
        .filter(|&edge| {
            let (a, b) = graph.edges()[edge as usize];
            (pieces[a as usize] == smallest) != (pieces[b as usize] == smallest)
        })
        .collect();
    Some(RegionProof {
        regions: residual.sealing_regions(&leaving)?,
        inside,
        outside,
    })
}

/// A proof that the open-tour graph `graph` has no tour, given one of its 2-factors `cycles`
/// (with the virtual vertex, whose two edges are the tour's ends), its squares coloured
/// `colour`, in its vertices: `None` when some move joins two squares of one colour, when the
/// moves that lie in some 2-factor keep the squares together, or when the regions found do not
/// count out (see [`OpenEnds`]).
///
/// The virtual vertex is split in two ([`split_virtual_vertex`]); an edge to a fixed end is left
/// out, as the flow leaves it. The split graph is bipartite, so its residual graph tells the
/// moves that lie in some 2-factor, as for a circuit.
/// A tour never passes through the virtual vertex, so the pieces are those of the squares
/// joined by such moves alone; the regions that seal the moves leaving the smallest piece are
/// found as for a circuit, with the virtual halves they reach left out of their squares. A
/// region's counts then hold a term for the tour's ends in it, which [`OpenEnds`] bounds.
pub fn open_region_proof(
    graph: &CycleGraph,
    colour: &dyn Fn(Square) -> u8,
    cycles: &[Vec<Vertex>],
) -> Option<RegionProof> {
    let hub = graph.virtual_vertex()?;
    let squares = graph.square_count();
    // The sides are the board's colours (a 2-colouring of each piece of a disconnected board
    // need not be), when every move joins two colours.
    let mut side: Vec<u8> = (0..squares as Vertex)
        .map(|vertex| colour(graph.square(vertex)))
        .collect();
    side.push(0);
    let alternates = graph
        .edges()
        .iter()
        .all(|&(a, b)| a == hub || b == hub || side[a as usize] != side[b as usize]);
    if !alternates {
        return None;
    }
    let mut chosen = vec![false; graph.edges().len()];
    for cycle in cycles {
        for (position, &vertex) in cycle.iter().enumerate() {
            let next = cycle[(position + 1) % cycle.len()];
            chosen[graph.edge_between(vertex, next)? as usize] = true;
        }
    }
    // An edge to a fixed end is left out, as the flow leaves it.
    let forced = graph.forced_edge_flags();
    let kept: Vec<u32> = (0..graph.edges().len() as u32)
        .filter(|&edge| !forced[edge as usize])
        .collect();
    let factor: Vec<bool> = kept.iter().map(|&edge| chosen[edge as usize]).collect();
    let (split, split_side) = split_virtual_vertex(graph, &side, &kept);
    let residual = Residual {
        graph: &split,
        side: &split_side,
        factor: &factor,
    };
    let allowed = residual.edges_in_some_two_factor();
    let is_square = |vertex: Vertex| (vertex as usize) < squares;
    let pieces = pieces(&split, &|edge| {
        let (a, b) = split.edges()[edge as usize];
        allowed[edge as usize] && is_square(a) && is_square(b)
    });
    let mut sizes = vec![0usize; split.vertex_count()];
    for &piece in &pieces[..squares] {
        sizes[piece as usize] += 1;
    }
    let smallest = pieces[..squares]
        .iter()
        .copied()
        .min_by_key(|&piece| sizes[piece as usize])?;
    if sizes[smallest as usize] == squares {
        return None;
    }
    let inside = pieces.iter().position(|&piece| piece == smallest)? as Vertex;
    let outside = pieces[..squares]
        .iter()
        .position(|&piece| piece != smallest)? as Vertex;
    let leaving: Vec<u32> = (0..split.edges().len() as u32)
        .filter(|&edge| {
            let (a, b) = split.edges()[edge as usize];
            is_square(a)
                && is_square(b)
                && (pieces[a as usize] == smallest) != (pieces[b as usize] == smallest)
        })
        .collect();
    let mut regions = residual.sealing_regions(&leaving)?;
    let ends = OpenEnds::of_graph(graph, colour);
    for region in &mut regions {
        region.squares.retain(|&vertex| is_square(vertex));
        if !open_region_seals(graph, &side, colour, &ends, region) {
            return None;
        }
    }
    Some(RegionProof {
        regions,
        inside,
        outside,
    })
}

/// Whether `region` (vertices of the open-tour graph `graph`, whose sides `side` are the colours
/// `colour` gives its squares, and whose tour has the `ends`) seals its moves at its sealed
/// side: counting tour moves at each side of the region, an open tour leaves it
/// `2 (n_open - n_sealed) - (e_open - e_sealed)` more times at open squares than at sealed ones,
/// where `e` counts the tour's ends in it; when the moves leaving at open squares and the most
/// that `e_open - e_sealed` can be add up to no more than `2 (n_open - n_sealed)`, none leaves at
/// a sealed square.
fn open_region_seals(
    graph: &CycleGraph,
    side: &[u8],
    colour: &dyn Fn(Square) -> u8,
    ends: &OpenEnds,
    region: &SealedRegion,
) -> bool {
    let hub = graph.virtual_vertex();
    let mut in_region = vec![false; graph.vertex_count()];
    for &vertex in &region.squares {
        in_region[vertex as usize] = true;
    }
    let (mut count, mut leaving) = ([0i64; 2], [0i64; 2]);
    for &vertex in &region.squares {
        let vertex_side = side[vertex as usize] as usize;
        count[vertex_side] += 1;
        leaving[vertex_side] += graph
            .incident(vertex)
            .iter()
            .filter(|&&(target, _)| Some(target) != hub && !in_region[target as usize])
            .count() as i64;
    }
    let open = 1 - region.sealed_colour as usize;
    let squares: Vec<Square> = region.squares.iter().map(|&v| graph.square(v)).collect();
    let Some(allowance) = ends.allowance(&squares, open as u8, colour) else {
        return false;
    };
    leaving[open] + allowance <= 2 * (count[open] - count[1 - open])
}

/// An open tour's ends, as a sealed region's count needs them: the board's free squares of each
/// colour (which fix the ends' colours) and the fixed ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenEnds {
    /// The free squares of each colour.
    colours: [i64; 2],
    /// The fixed ends' squares.
    fixed: Vec<Square>,
}

impl OpenEnds {
    /// The ends of an open tour of `problem`.
    pub fn of_problem(problem: &Problem) -> OpenEnds {
        let board = &problem.board;
        let mut colours = [0i64; 2];
        for square in board.free_squares() {
            colours[board.colour(square) as usize] += 1;
        }
        let fixed = [problem.start, problem.end].into_iter().flatten().collect();
        OpenEnds { colours, fixed }
    }

    /// The ends of an open tour of the open-tour graph `graph`, its squares coloured `colour`.
    fn of_graph(graph: &CycleGraph, colour: &dyn Fn(Square) -> u8) -> OpenEnds {
        let mut colours = [0i64; 2];
        for vertex in 0..graph.square_count() as Vertex {
            colours[colour(graph.square(vertex)) as usize] += 1;
        }
        let fixed = [graph.start(), graph.end()]
            .into_iter()
            .flatten()
            .map(|vertex| graph.square(vertex))
            .collect();
        OpenEnds { colours, fixed }
    }

    /// The most an open tour can make of its ends in `region` on squares of colour `open`,
    /// less its ends there on squares of the other colour. The ends' colours follow from the
    /// counts (one of each when the colours are as many, both of the larger otherwise); a fixed
    /// end counts where it lies, a free end of the open colour counts when the region has an
    /// open square left for it, and a free end of the other colour may lie outside, so it
    /// counts nothing. `None` when the colours cannot hold two ends.
    pub fn allowance(
        &self,
        region: &[Square],
        open: u8,
        colour: impl Fn(Square) -> u8,
    ) -> Option<i64> {
        let mut end_colours = match self.colours[0] - self.colours[1] {
            0 => vec![0u8, 1],
            1 => vec![0, 0],
            -1 => vec![1, 1],
            _ => return None,
        };
        let mut allowance = 0i64;
        for &end in &self.fixed {
            let end_colour = colour(end);
            let at = end_colours
                .iter()
                .position(|&wanted| wanted == end_colour)?;
            end_colours.swap_remove(at);
            if region.contains(&end) {
                allowance += if end_colour == open { 1 } else { -1 };
            }
        }
        let free_open = end_colours
            .iter()
            .filter(|&&end_colour| end_colour == open)
            .count();
        let room = region
            .iter()
            .filter(|&&square| colour(square) == open && !self.fixed.contains(&square))
            .count();
        Some(allowance + free_open.min(room) as i64)
    }
}

/// The pieces the edges that lie in some 2-factor leave of the bipartite graph `graph` (sides
/// `side`, `factor` one of its 2-factors): a number per vertex, from 0. Every 2-factor keeps
/// to the pieces, so a piece taken away leaves the rest's 2-factors and pieces as they were.
pub fn two_factor_pieces(graph: &CycleGraph, side: &[u8], factor: &[bool]) -> Vec<u32> {
    let residual = Residual {
        graph,
        side,
        factor,
    };
    let allowed = residual.edges_in_some_two_factor();
    pieces(graph, &|edge| allowed[edge as usize])
}

/// The graph of `edges` (numbers of `graph`'s edges, a piece that alternates colours, `side`
/// each vertex's side) with the virtual vertex split in two halves, as the flow splits it (see
/// [`crate::engine::flow::factor::two_factor`]), and its sides: the graph's vertices (the virtual one
/// left without edges), then the half on side 0, joined to the side-1 squares, then the half on
/// side 1. Its edge `i` is `edges[i]`. The split graph is bipartite, so its residual graph tells
/// the edges that lie in some subgraph with the degrees of a given one: in a subgraph with two
/// edges at every square, the colour count fixes how many of the virtual vertex's edges go to
/// each side.
pub(crate) fn split_virtual_vertex(
    graph: &CycleGraph,
    side: &[u8],
    edges: &[u32],
) -> (CycleGraph, Vec<u8>) {
    let count = graph.vertex_count();
    let hub = graph.virtual_vertex();
    let halves = [count as Vertex, count as Vertex + 1];
    let end_of = |vertex: Vertex, other: Vertex| match Some(vertex) == hub {
        true => halves[1 - side[other as usize] as usize],
        false => vertex,
    };
    let pairs: Vec<(Vertex, Vertex)> = edges
        .iter()
        .map(|&edge| {
            let (a, b) = graph.edges()[edge as usize];
            let (a, b) = (end_of(a, b), end_of(b, a));
            (a.min(b), a.max(b))
        })
        .collect();
    let mut split_side = side[..count].to_vec();
    split_side.extend([0, 1]);
    (CycleGraph::from_edges(count + 2, &pairs), split_side)
}

/// The edges of the bipartite graph `graph` (sides `side`) that lie in some subgraph with the
/// same degrees as `factor` (a flag per edge): those of `factor`, and those a residual cycle
/// exchanges into it.
pub(crate) fn edges_in_some_factor(graph: &CycleGraph, side: &[u8], factor: &[bool]) -> Vec<bool> {
    let residual = Residual {
        graph,
        side,
        factor,
    };
    residual.edges_in_some_two_factor()
}

/// Whether an edge at a vertex on `side` is an arc leaving the vertex in the residual graph of
/// a 2-factor that holds the edge (`chosen`) or not (otherwise the arc enters it): unchosen
/// edges go from side 0 to side 1, chosen ones back.
pub(crate) fn residual_arc_leaves(side: u8, chosen: bool) -> bool {
    (side == 0) != chosen
}

/// The residual graph of a 2-factor as a flow from side 0 to side 1: every edge becomes one
/// arc, from side 0 to side 1 when it is not chosen, back when it is.
struct Residual<'a> {
    graph: &'a CycleGraph,
    side: &'a [u8],
    factor: &'a [bool],
}

impl Residual<'_> {
    /// The edges that lie in some 2-factor: those of the 2-factor, and those whose ends share a
    /// strongly connected component (a residual cycle through the edge changes the 2-factor
    /// into one that holds it).
    fn edges_in_some_two_factor(&self) -> Vec<bool> {
        let component = self.strong_components();
        let edges = self.graph.edges().iter().zip(self.factor);
        edges
            .map(|(&(a, b), &chosen)| chosen || component[a as usize] == component[b as usize])
            .collect()
    }

    /// Whether `edge`, at `vertex`, is an arc leaving `vertex` (otherwise it enters it).
    fn leaves(&self, vertex: Vertex, edge: u32) -> bool {
        residual_arc_leaves(self.side[vertex as usize], self.factor[edge as usize])
    }

    /// The strongly connected component of every vertex (Tarjan's algorithm, without
    /// recursion): a number per vertex.
    fn strong_components(&self) -> Vec<u32> {
        let count = self.graph.vertex_count();
        let unvisited = u32::MAX;
        let mut order = vec![unvisited; count];
        let mut low = vec![0u32; count];
        let mut component = vec![unvisited; count];
        let mut on_stack = vec![false; count];
        let mut stack: Vec<Vertex> = Vec::new();
        let mut calls: Vec<(Vertex, usize)> = Vec::new();
        let (mut visited, mut components) = (0u32, 0u32);
        for root in 0..count as Vertex {
            if order[root as usize] != unvisited {
                continue;
            }
            calls.push((root, 0));
            while let Some(&mut (vertex, ref mut next)) = calls.last_mut() {
                let at = vertex as usize;
                if *next == 0 && order[at] == unvisited {
                    order[at] = visited;
                    low[at] = visited;
                    visited += 1;
                    stack.push(vertex);
                    on_stack[at] = true;
                }
                let incident = self.graph.incident(vertex);
                if let Some(&(target, edge)) = incident.get(*next) {
                    *next += 1;
                    if !self.leaves(vertex, edge) {
                        continue;
                    }
                    let to = target as usize;
                    if order[to] == unvisited {
                        calls.push((target, 0));
                    } else if on_stack[to] {
                        low[at] = low[at].min(order[to]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[at]);
                }
                if low[at] == order[at] {
                    while let Some(member) = stack.pop() {
                        on_stack[member as usize] = false;
                        component[member as usize] = components;
                        if member == vertex {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        component
    }

    /// `root`'s closure: the vertices reached from `root` along `allowed` edges both ways and
    /// other edges as arcs (`forward`) or against them, a vertex of the sealed side first, and
    /// a vertex outside it; `None` when it is every vertex. Sealed at side 1 when `forward`,
    /// else at side 0, when every edge leaving it is not allowed.
    fn closure(
        &self,
        root: Vertex,
        forward: bool,
        allowed: &[bool],
    ) -> Option<(SealedRegion, Vertex)> {
        let mut reached = vec![false; self.graph.vertex_count()];
        reached[root as usize] = true;
        let mut found = vec![root];
        let mut next = 0;
        while let Some(&vertex) = found.get(next) {
            next += 1;
            for &(target, edge) in self.graph.incident(vertex) {
                let follows = allowed[edge as usize] || self.leaves(vertex, edge) == forward;
                if follows && !reached[target as usize] {
                    reached[target as usize] = true;
                    found.push(target);
                }
            }
        }
        let outside = reached.iter().position(|&inside| !inside)? as Vertex;
        let sealed_colour = u8::from(forward);
        if let Some(first) = found
            .iter()
            .position(|&v| self.side[v as usize] == sealed_colour)
        {
            found.swap(0, first);
        }
        let region = SealedRegion {
            squares: found,
            sealed_colour,
        };
        Some((region, outside))
    }

    /// Regions that together seal every edge of `edges` (each in no 2-factor), found greedily:
    /// for an edge not sealed yet, the smaller of the region residual paths reach from its
    /// side-1 end and the region that reaches its side-0 end. `None` past the visit budget.
    fn sealing_regions(&self, edges: &[u32]) -> Option<Vec<SealedRegion>> {
        let count = self.graph.vertex_count();
        let mut budget = VISIT_BUDGET * count;
        let mut sealed = vec![false; self.graph.edges().len()];
        let mut in_region = vec![false; count];
        let mut regions = Vec::new();
        for &edge in edges {
            if sealed[edge as usize] {
                continue;
            }
            let (a, b) = self.graph.edges()[edge as usize];
            let (end_0, end_1) = if self.side[a as usize] == 0 {
                (a, b)
            } else {
                (b, a)
            };
            let forward = self.reach(end_1, true, count, &mut in_region);
            let backward = self.reach(end_0, false, forward.len(), &mut in_region);
            budget = budget.checked_sub(forward.len() + backward.len())?;
            let region = match backward.len() < forward.len() {
                true => SealedRegion {
                    squares: backward,
                    sealed_colour: 0,
                },
                false => SealedRegion {
                    squares: forward,
                    sealed_colour: 1,
                },
            };
            for &vertex in &region.squares {
                in_region[vertex as usize] = true;
            }
            for &vertex in &region.squares {
                if self.side[vertex as usize] != region.sealed_colour {
                    continue;
                }
                for &(target, crossing) in self.graph.incident(vertex) {
                    if !in_region[target as usize] {
                        sealed[crossing as usize] = true;
                    }
                }
            }
            for &vertex in &region.squares {
                in_region[vertex as usize] = false;
            }
            regions.push(region);
        }
        debug_assert!(edges.iter().all(|&edge| sealed[edge as usize]));
        Some(regions)
    }

    /// The vertices residual paths reach from `root` (`forward`) or that reach `root`, in the
    /// order found, `root` first; stops once it holds `limit` vertices. `marks` is all false
    /// and is left so.
    fn reach(&self, root: Vertex, forward: bool, limit: usize, marks: &mut [bool]) -> Vec<Vertex> {
        let mut found = vec![root];
        marks[root as usize] = true;
        let mut next = 0;
        while let Some(&vertex) = found.get(next) {
            next += 1;
            if found.len() >= limit {
                break;
            }
            for &(target, edge) in self.graph.incident(vertex) {
                if self.leaves(vertex, edge) == forward && !marks[target as usize] {
                    marks[target as usize] = true;
                    found.push(target);
                }
            }
        }
        for &vertex in &found {
            marks[vertex as usize] = false;
        }
        found
    }
}

/// The connected pieces of `graph` on the edges `allowed` keeps: a number per vertex.
fn pieces(graph: &CycleGraph, allowed: &impl Fn(u32) -> bool) -> Vec<u32> {
    component_numbers(graph.vertex_count(), |vertex| {
        graph
            .incident(vertex)
            .iter()
            .filter(|&&(_, edge)| allowed(edge))
            .map(|&(target, _)| target)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;
    use crate::engine::flow::factor::{factor_cycles, two_factor};
    use crate::engine::proof::check;
    use crate::engine::search::dfs;
    use crate::engine::{Answer, Impossibility, Limits, Stats};

    /// On every blocked pattern of 4 x 4, 3 x 5 and 3 x 6 boards, for the knight and the rook,
    /// with both ends free and with the start fixed on the first free square: where the open
    /// region proof finds regions, search finds no open tour, and the independent check passes.
    #[test]
    fn open_regions_are_found_only_where_there_is_no_open_tour() {
        let mut proofs = 0;
        for (rows, cols) in [(4, 4), (3, 5), (3, 6)] {
            for board in every_blocked_pattern(rows, cols) {
                if board.free_squares().count() < 3 {
                    continue;
                }
                for piece in [Piece::Knight, Piece::Rook] {
                    let open = Problem::new(board.clone(), piece, TourShape::Open);
                    let first = board.free_squares().next().expect("three free squares");
                    for problem in [open.clone(), open.with_start(first)] {
                        let flow = |graph: &CycleGraph| two_factor(graph).ok();
                        let Some((moves, graph, cycles)) = factor_cycles(&problem, flow) else {
                            continue;
                        };
                        let colour = |square| problem.board.colour(square);
                        let Some(proof) = open_region_proof(&graph, &colour, &cycles) else {
                            continue;
                        };
                        let answer =
                            dfs::search(&problem, &moves, &Limits::none(), &mut Stats::default());
                        assert!(
                            matches!(answer, Answer::NoTour(_)),
                            "{board}{piece} from {:?}: regions, yet {answer:?}",
                            problem.start
                        );
                        let why = Impossibility::SealedRegions(proof.in_squares(&graph, colour));
                        let checked = check::check(&problem, &why).expect("a region check");
                        assert!(checked.is_ok(), "{board}{piece}: {checked:?}");
                        proofs += 1;
                    }
                }
            }
        }
        assert!(proofs >= 1000, "only {proofs} proofs found");
    }
}
