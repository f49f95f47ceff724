//! A Hamiltonian cycle found block by block: a small formula over the edges outside the blocks
//! of a graph ([`crate::graph::blocks`]) chooses how the cycle passes through each block, and
//! each block's passage is then found alone.
//!
//! A cycle crosses the few edges that join a block to the rest an even number of times. The
//! passages tried are one path through the whole block between two of them (at two different
//! vertices), and a vertex of the block that takes two of them (the cycle passes through it from
//! outside to outside) with one path through the rest of the block between two others. The
//! formula has a variable for each edge outside the blocks, two of them at every vertex outside
//! the blocks, and one passage at every block; a model whose passages and edges close several
//! cycles is cut off (not all of those edges with the same passages again), and a passage its
//! block has not (no Hamiltonian path between those vertices, or none found within
//! [`PART_SECONDS`]) is ruled out. Each block's path is the cycle of the block and two vertices
//! more, joined to each other and each to where its end of the path may be, found by the engine
//! that would have solved the whole graph (block by block again, where that problem is a graph
//! of blocks). A wide hub ([`crate::graph::blocks`]) is outside every block; each block joined
//! to it may leave by it from any of its vertices joined to it.
//!
//! It only finds cycles: when it finds none (the formula runs out of models, or the three
//! quarters of the time limit it has are spent) the engine solves the whole graph with what is
//! left, and every cycle is verified as always.

use super::{Answer, Limits, SatStats, Stats, Stop};
use crate::core::adjacency::Vertex;
use crate::core::piece::MoveGraph;
use crate::core::problem::TourShape;
use crate::core::tour::Tour;
use crate::graph::blocks::{divisions, Block, Division, Port};
use crate::graph::problem::GraphProblem;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use varisat::{ExtendFormula, Lit, Solver, Var};

/// The most vertices outside the blocks: the formula is about them and the blocks' edges.
const MOST_OUTSIDE: usize = 64;

/// The most edges of a vertex outside the blocks (its two edges are said by clauses over each
/// three of them).
const MOST_OUTSIDE_DEGREE: usize = 16;

/// The most edges and ways into blocks of a wide hub (its two edges are said by clauses over
/// each three of them).
const MOST_WIDE_DEGREE: usize = 48;

/// The longest a block's passage is searched for; one not found by then is ruled out.
const PART_SECONDS: f64 = 10.0;

/// The time the blocks have when the solve has no time limit; with one, three quarters of it
/// (the 11 FHCP graphs of blocks whose copies have 700 to 1,085 vertices take 4.1 to 10.9 s:
/// with half of a 10 s limit none of them was answered within it, with three quarters 9).
const BLOCKS_SECONDS: f64 = 60.0;

/// The most models of the formula tried.
const MOST_MODELS: usize = 10_000;

/// How a cycle passes through a block: the ports it uses (indices into the block's ports).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Passage {
    /// The two ports a path through the block (less `through`) joins.
    path: [usize; 2],
    /// The two ports of the vertex the cycle passes through from outside to outside, if any.
    through: Option<[usize; 2]>,
}

impl Passage {
    /// The ports it uses.
    fn ports(&self) -> Vec<usize> {
        let mut ports = self.path.to_vec();
        ports.extend(self.through.into_iter().flatten());
        ports
    }
}

/// A step of a walk along a model's cycle: the vertex it enters by the edge before, the vertex
/// it leaves from (the same outside the blocks and where the cycle passes through; a block's
/// path's other end), and the edge it leaves by.
#[derive(Debug, Clone, Copy)]
struct Step {
    entered: Vertex,
    exit: Vertex,
    leaving: usize,
}

/// The passages of a block of `ports`: a path between two ports at different vertices; and a
/// vertex with two ports passed through, with a path through the rest between two ports at two
/// other different vertices.
fn passages(ports: &[Port]) -> Vec<Passage> {
    let inside = |port: usize| ports[port].inside;
    let count = ports.len();
    let pairs: Vec<[usize; 2]> = (0..count)
        .flat_map(|a| (a + 1..count).map(move |b| [a, b]))
        .collect();
    let mut found: Vec<Passage> = pairs
        .iter()
        .filter(|&&[a, b]| inside(a) != inside(b))
        .map(|&path| Passage {
            path,
            through: None,
        })
        .collect();
    for &through in pairs.iter().filter(|&&[a, b]| inside(a) == inside(b)) {
        let vertex = inside(through[0]);
        for &path in &pairs {
            let [a, b] = path;
            if inside(a) != inside(b) && inside(a) != vertex && inside(b) != vertex {
                found.push(Passage {
                    path,
                    through: Some(through),
                });
            }
        }
    }
    found
}

/// A Hamiltonian cycle of `problem` (closed, no fixed start) found by its blocks, if it has
/// blocks and they give one in time; `solve_part` is the engine each block's passage is found
/// by. With a cycle, `stats` gets the engine `sat:blocks` and the passages' solves, conflicts
/// and cuts summed. The blocks are those of the first of the graph's divisions
/// ([`divisions`]) worth solving ([`worth_solving`]). `None` (and `stats` as it was) when none
/// is, or no cycle was found.
///
/// With one block nearly the whole graph, each passage is nearly the whole problem: on the
/// FHCP Challenge Set, block by block at 10 s (half of it for the blocks), the 106 graphs of one
/// block or of a block of more than half gained none that the whole graph's engine leaves at
/// 60 s, and 41 that it answers within 60 s were not answered.
pub(super) fn solve_by_blocks(
    problem: &GraphProblem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
    solve_part: impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Option<Tour> {
    if problem.shape != TourShape::Closed || problem.start.is_some() {
        return None;
    }
    let (division, outside) = divisions(graph)
        .into_iter()
        .map(|division| {
            let outside: Vec<Vertex> = (0..graph.len() as Vertex)
                .filter(|&vertex| division.block_of[vertex as usize].is_none())
                .collect();
            (division, outside)
        })
        .find(|(division, outside)| worth_solving(graph, division, outside))?;
    let now = Instant::now();
    let deadline = match limits.deadline {
        Some(deadline) => now + deadline.saturating_duration_since(now) * 3 / 4,
        None => now + Duration::from_secs_f64(BLOCKS_SECONDS),
    };
    let blocks = &division.blocks;
    let mut skeleton = Skeleton::new(graph, &division, &outside)?;
    let mut found: HashMap<(usize, usize), Option<Vec<Vertex>>> = HashMap::new();
    let mut parts = SatStats {
        encoding: "blocks".to_string(),
        ..SatStats::default()
    };
    for _ in 0..MOST_MODELS {
        let (used, chosen) = skeleton.next_model()?;
        let mut cycles = skeleton.cycles(&used, &chosen);
        if cycles.len() > 1 {
            for cycle in &cycles {
                skeleton.cut_off(cycle, &chosen);
            }
            continue;
        }
        let mut all_found = true;
        for (number, block) in blocks.iter().enumerate() {
            let path = match found.entry((number, chosen[number])) {
                Entry::Occupied(entry) => entry.into_mut(),
                Entry::Vacant(entry) => {
                    if Instant::now() >= deadline {
                        return None;
                    }
                    let part_limits = Limits {
                        deadline: Some(
                            deadline.min(Instant::now() + Duration::from_secs_f64(PART_SECONDS)),
                        ),
                        ..*limits
                    };
                    let passage = &skeleton.passages[number][chosen[number]];
                    let ports = &skeleton.ports[number];
                    let found_path = find_passage(
                        graph,
                        block,
                        ports,
                        passage,
                        &part_limits,
                        &mut parts,
                        &solve_part,
                    )
                    .ok()?;
                    entry.insert(found_path)
                }
            };
            if path.is_none() {
                skeleton.rule_out(number, chosen[number]);
                all_found = false;
            }
        }
        if all_found {
            let cycle = cycles.pop().expect("one cycle");
            stats.engine = "sat:blocks".to_string();
            stats.sat = Some(parts);
            return Some(Tour::new(skeleton.assemble(&cycle, &chosen, &found)));
        }
    }
    None
}

/// Whether `division` of `graph` is worth solving block by block: two blocks or more, none of
/// more than half of the graph, at most [`MOST_OUTSIDE`] vertices outside them (`outside`),
/// each of at most [`MOST_OUTSIDE_DEGREE`] edges, or a wide hub with at most
/// [`MOST_WIDE_DEGREE`] edges and ways into blocks.
fn worth_solving(graph: &MoveGraph, division: &Division, outside: &[Vertex]) -> bool {
    let largest = division
        .blocks
        .iter()
        .map(|block| block.vertices.len())
        .max();
    let few_edges = |vertex: Vertex| match division.wide_hubs.binary_search(&vertex) {
        Ok(_) => wide_hub_degree(graph, division, vertex) <= MOST_WIDE_DEGREE,
        Err(_) => graph.degree(vertex) <= MOST_OUTSIDE_DEGREE,
    };
    division.blocks.len() >= 2
        && largest.is_some_and(|largest| 2 * largest <= graph.len())
        && outside.len() <= MOST_OUTSIDE
        && outside.iter().all(|&vertex| few_edges(vertex))
}

/// The edges of wide hub `hub` in the formula: those to vertices outside the blocks, and two
/// for each block it is joined to.
fn wide_hub_degree(graph: &MoveGraph, division: &Division, hub: Vertex) -> usize {
    let outside = graph
        .neighbours(hub)
        .iter()
        .filter(|&&next| division.block_of[next as usize].is_none())
        .count();
    let blocks = division
        .blocks
        .iter()
        .filter(|block| block.wide_hubs.contains(&hub))
        .count();
    outside + 2 * blocks
}

/// The path of `passage` through `block` (whose ports, and ways out by its wide hubs, are
/// `ports`): from the end of its first path port to that of its second, through every vertex
/// of the block but the one passed through; `Ok(None)` when there is none or none was found in
/// time, `Err` when the user stopped the solve. The solve's calls, conflicts and cuts are added
/// to `parts`.
///
/// The problem solved is a cycle through the block and two vertices more, joined to each other
/// and each to the vertices its end of the path may be: the port's inside end, or, for a way
/// out by a wide hub, every vertex of the block joined to it.
fn find_passage(
    graph: &MoveGraph,
    block: &Block,
    ports: &[Port],
    passage: &Passage,
    limits: &Limits,
    parts: &mut SatStats,
    solve_part: &impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Result<Option<Vec<Vertex>>, Stop> {
    let through = passage.through.map(|[port, _]| ports[port].inside);
    let vertices: Vec<Vertex> = block
        .vertices
        .iter()
        .copied()
        .filter(|&vertex| Some(vertex) != through)
        .collect();
    let local = |vertex: Vertex| vertices.binary_search(&vertex).ok().map(|at| at as Vertex);
    let mut edges = graph.induced_edges(&vertices);
    let path_ends = [vertices.len() as Vertex, vertices.len() as Vertex + 1];
    for (&port, &path_end) in passage.path.iter().zip(&path_ends) {
        let Port { inside, outside } = ports[port];
        let may_end = match local(inside) {
            Some(at) => vec![at],
            None => graph
                .neighbours(outside)
                .iter()
                .filter_map(|&next| local(next))
                .collect(),
        };
        edges.extend(may_end.into_iter().map(|at| (at, path_end)));
    }
    edges.push((path_ends[0], path_ends[1]));
    let part = GraphProblem::new(vertices.len() + 2, edges, TourShape::Closed);
    let mut part_stats = Stats::default();
    let answer = solve_part(&part, limits, &mut part_stats);
    if let Some(sat) = &part_stats.sat {
        parts.add_part_counts(sat);
    }
    match answer {
        Answer::Found(cycle) => {
            // The cycle from the first path end on: the second next, or last.
            let mut cycle = cycle.squares().to_vec();
            let at = cycle
                .iter()
                .position(|&vertex| vertex == path_ends[0])
                .expect("all");
            cycle.rotate_left(at);
            if cycle[1] == path_ends[1] {
                cycle[1..].reverse();
            }
            let path = cycle[1..cycle.len() - 1]
                .iter()
                .map(|&vertex| vertices[vertex as usize])
                .collect();
            Ok(Some(path))
        }
        Answer::NoTour(_) => Ok(None),
        Answer::Stopped(stop @ Stop::Interrupted) => Err(stop),
        Answer::Stopped(_) => Ok(None),
    }
}

/// The formula over the edges outside the blocks, and what its variables stand for.
///
/// A block joined to a wide hub has two ways out by it, each an edge of the formula between
/// the hub and a vertex of its own past the graph's (the block's end of that edge, any of its
/// vertices joined to the hub): a port like the others, at an end of its own. The second is
/// used only with the first.
struct Skeleton<'a> {
    graph: &'a MoveGraph,
    /// Which block holds each vertex, those past the graph's included.
    block_of: Vec<Option<u32>>,
    /// Each block's ports, then its ways out by its wide hubs.
    ports: Vec<Vec<Port>>,
    /// The edges outside the blocks (either end outside, or the ends in two blocks; not those
    /// between a block and a wide hub), then the ways out by wide hubs.
    edges: Vec<(Vertex, Vertex)>,
    /// The edges of `edges` at each vertex.
    edges_at: Vec<Vec<usize>>,
    /// Each block's passages.
    passages: Vec<Vec<Passage>>,
    /// The variable of each block's first passage (the others follow).
    first_passage_var: Vec<usize>,
    solver: Solver<'static>,
}

impl<'a> Skeleton<'a> {
    /// The formula: two edges at every vertex outside the blocks, one passage at every block;
    /// `None` when a block has no passage.
    fn new(graph: &'a MoveGraph, division: &Division, outside: &[Vertex]) -> Option<Skeleton<'a>> {
        let is_wide = |vertex: Vertex| division.wide_hubs.binary_search(&vertex).is_ok();
        let mut block_of = division.block_of.clone();
        let mut edges = Vec::new();
        let mut edges_at: Vec<Vec<usize>> = vec![Vec::new(); graph.len()];
        for vertex in 0..graph.len() as Vertex {
            for &next in graph.neighbours(vertex) {
                let (ours, theirs) = (block_of[vertex as usize], block_of[next as usize]);
                let inner = ours.is_some() && ours == theirs;
                let into_block_by_wide_hub =
                    (is_wide(vertex) && theirs.is_some()) || (is_wide(next) && ours.is_some());
                if vertex < next && !inner && !into_block_by_wide_hub {
                    edges_at[vertex as usize].push(edges.len());
                    edges_at[next as usize].push(edges.len());
                    edges.push((vertex, next));
                }
            }
        }
        let mut ports: Vec<Vec<Port>> = Vec::new();
        let mut second_ways: Vec<(usize, usize)> = Vec::new();
        for (number, block) in division.blocks.iter().enumerate() {
            let mut block_ports = block.ports.clone();
            for &hub in &block.wide_hubs {
                let mut ways = [0; 2];
                for way in &mut ways {
                    let end = block_of.len() as Vertex;
                    block_of.push(Some(number as u32));
                    edges_at.push(vec![edges.len()]);
                    edges_at[hub as usize].push(edges.len());
                    *way = edges.len();
                    edges.push((hub, end));
                    block_ports.push(Port {
                        inside: end,
                        outside: hub,
                    });
                }
                second_ways.push((ways[1], ways[0]));
            }
            ports.push(block_ports);
        }
        let passages: Vec<Vec<Passage>> = ports.iter().map(|ports| passages(ports)).collect();
        if passages.iter().any(Vec::is_empty) {
            return None;
        }
        let mut solver = Solver::new();
        let edge_lit = |edge: usize| Lit::from_var(Var::from_index(edge), true);
        for &vertex in outside {
            let at = &edges_at[vertex as usize];
            for skip in 0..at.len() {
                let others: Vec<Lit> = (0..at.len())
                    .filter(|&other| other != skip)
                    .map(|other| edge_lit(at[other]))
                    .collect();
                solver.add_clause(&others);
            }
            for a in 0..at.len() {
                for b in a + 1..at.len() {
                    for c in b + 1..at.len() {
                        solver.add_clause(&[!edge_lit(at[a]), !edge_lit(at[b]), !edge_lit(at[c])]);
                    }
                }
            }
        }
        for &(second, first) in &second_ways {
            solver.add_clause(&[!edge_lit(second), edge_lit(first)]);
        }
        let mut first_passage_var = Vec::new();
        let mut next_var = edges.len();
        for (block_ports, block_passages) in ports.iter().zip(&passages) {
            first_passage_var.push(next_var);
            let port_lits: Vec<Lit> = block_ports
                .iter()
                .map(|port| {
                    let (a, b) = (port.inside.min(port.outside), port.inside.max(port.outside));
                    let edge = edges_at[a as usize]
                        .iter()
                        .copied()
                        .find(|&edge| edges[edge] == (a, b))
                        .expect("a port is an edge outside the blocks");
                    edge_lit(edge)
                })
                .collect();
            let mut any = Vec::new();
            for passage in block_passages {
                let chosen = Lit::from_var(Var::from_index(next_var), true);
                next_var += 1;
                any.push(chosen);
                let ports = passage.ports();
                for (index, &port) in port_lits.iter().enumerate() {
                    let used = if ports.contains(&index) { port } else { !port };
                    solver.add_clause(&[!chosen, used]);
                }
            }
            solver.add_clause(&any);
        }
        Some(Skeleton {
            graph,
            block_of,
            ports,
            edges,
            edges_at,
            passages,
            first_passage_var,
            solver,
        })
    }

    /// The next model: the edges it uses, and each block's passage; `None` when there is none.
    fn next_model(&mut self) -> Option<(Vec<bool>, Vec<usize>)> {
        if !self.solver.solve().ok()? {
            return None;
        }
        let model = self.solver.model()?;
        let mut value = vec![false; model.len()];
        for lit in model {
            value[lit.var().index()] = lit.is_positive();
        }
        let used = value[..self.edges.len()].to_vec();
        let chosen = self
            .first_passage_var
            .iter()
            .zip(&self.passages)
            .map(|(&first, passages)| {
                (0..passages.len())
                    .find(|&index| value[first + index])
                    .expect("a passage")
            })
            .collect();
        Some((used, chosen))
    }

    /// The edge used at `vertex` other than `edge`.
    fn other_edge(&self, used: &[bool], vertex: Vertex, edge: usize) -> usize {
        self.edges_at[vertex as usize]
            .iter()
            .copied()
            .find(|&other| other != edge && used[other])
            .expect("two edges at a vertex")
    }

    /// Where the cycle goes on after entering `vertex` by `edge`: the vertex it leaves from
    /// (the same one outside the blocks and where it passes through; a block's path's other
    /// end) and the edge it leaves by.
    fn leave(
        &self,
        used: &[bool],
        chosen: &[usize],
        vertex: Vertex,
        edge: usize,
    ) -> (Vertex, usize) {
        let Some(block) = self.block_of[vertex as usize] else {
            return (vertex, self.other_edge(used, vertex, edge));
        };
        let block = block as usize;
        let passage = &self.passages[block][chosen[block]];
        let ports = &self.ports[block];
        let [a, b] = passage.path.map(|port| ports[port].inside);
        let exit = match vertex {
            _ if vertex == a => b,
            _ if vertex == b => a,
            _ => vertex,
        };
        let leaving = if exit == vertex {
            self.other_edge(used, vertex, edge)
        } else {
            self.edges_at[exit as usize]
                .iter()
                .copied()
                .find(|&other| used[other])
                .expect("a used port")
        };
        (exit, leaving)
    }

    /// The cycles the used edges and the passages close, each as the steps of a walk along it.
    fn cycles(&self, used: &[bool], chosen: &[usize]) -> Vec<Vec<Step>> {
        let mut seen = vec![false; self.edges.len()];
        let mut cycles = Vec::new();
        for first in 0..self.edges.len() {
            if !used[first] || seen[first] {
                continue;
            }
            let mut cycle = Vec::new();
            let (mut edge, mut vertex) = (first, self.edges[first].1);
            while !seen[edge] {
                seen[edge] = true;
                let (exit, leaving) = self.leave(used, chosen, vertex, edge);
                cycle.push(Step {
                    entered: vertex,
                    exit,
                    leaving,
                });
                let (a, b) = self.edges[leaving];
                vertex = if a == exit { b } else { a };
                edge = leaving;
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// Rules out models that use every edge of `cycle` and the passages `chosen` of the
    /// blocks it passes through (another passage may join its edges otherwise).
    fn cut_off(&mut self, cycle: &[Step], chosen: &[usize]) {
        let mut clause: Vec<Lit> = Vec::new();
        let mut blocks_passed: Vec<usize> = Vec::new();
        for step in cycle {
            clause.push(Lit::from_var(Var::from_index(step.leaving), false));
            let (a, b) = self.edges[step.leaving];
            for vertex in [a, b] {
                if let Some(block) = self.block_of[vertex as usize] {
                    if !blocks_passed.contains(&(block as usize)) {
                        blocks_passed.push(block as usize);
                    }
                }
            }
        }
        for block in blocks_passed {
            let var = Var::from_index(self.first_passage_var[block] + chosen[block]);
            clause.push(Lit::from_var(var, false));
        }
        self.solver.add_clause(&clause);
    }

    /// Rules out passage `passage` of block `block`.
    fn rule_out(&mut self, block: usize, passage: usize) {
        let var = Var::from_index(self.first_passage_var[block] + passage);
        self.solver.add_clause(&[Lit::from_var(var, false)]);
    }

    /// The whole cycle of the walk `cycle`, the one cycle of a model: the vertices outside the
    /// blocks, the vertices passed through, and each block's path, in order along it.
    fn assemble(
        &self,
        cycle: &[Step],
        chosen: &[usize],
        found: &HashMap<(usize, usize), Option<Vec<Vertex>>>,
    ) -> Vec<Vertex> {
        let mut vertices = Vec::with_capacity(self.graph.len());
        for step in cycle {
            if step.exit == step.entered {
                vertices.push(step.entered);
                continue;
            }
            let block = self.block_of[step.entered as usize].expect("a block") as usize;
            let path = found[&(block, chosen[block])].as_ref().expect("found");
            let first_end = self.ports[block][self.passages[block][chosen[block]].path[0]].inside;
            match step.entered == first_end {
                true => vertices.extend(path),
                false => vertices.extend(path.iter().rev()),
            }
        }
        vertices
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::generate::{hubbed_copies, hubbed_units, CopyLinks};
    use crate::verify::graph::verify_graph_tour;

    /// The SAT engine's defaults, for the blocks' passages.
    fn sat_part(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
        crate::engine::sat::search_graph(problem, &Default::default(), limits, stats)
    }

    /// The cycle that `solve_by_blocks` finds for `problem` (no time limit, `solve_part` for the
    /// passages, `stats` kept), checked by the verifier.
    fn verified_cycle_by_blocks(
        problem: &GraphProblem,
        stats: &mut Stats,
        solve_part: impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
    ) -> Tour {
        let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
        let cycle = solve_by_blocks(problem, &graph, &Limits::none(), stats, solve_part)
            .expect("a cycle by blocks");
        verify_graph_tour(problem, &cycle).unwrap();
        cycle
    }

    /// The blocks of graphs of 4, 6 and 10 copies, each with its hubs, give a verified cycle,
    /// found as pieces around the hubs or, with the copies' cycles joined, as the hubs'
    /// neighbourhoods.
    #[test]
    fn copies_with_their_hubs_are_joined_into_one_verified_cycle() {
        for (copies, links) in [4, 6, 10].into_iter().flat_map(|copies| {
            [
                (copies, CopyLinks::Hubs),
                (copies, CopyLinks::HubsAndCycles),
            ]
        }) {
            let problem = hubbed_copies(copies, links).unwrap();
            verified_cycle_by_blocks(&problem, &mut Stats::default(), sat_part);
        }
    }

    /// A passage the engine finds no path for is ruled out, and the formula chooses others: the
    /// first three passages asked for are refused here, and a verified cycle still comes.
    #[test]
    fn a_passage_without_a_path_is_ruled_out_and_others_are_taken() {
        let refused = std::cell::Cell::new(0);
        let refusing_first = |part: &GraphProblem, limits: &Limits, stats: &mut Stats| {
            if refused.get() < 3 {
                refused.set(refused.get() + 1);
                return Answer::NoTour(crate::engine::Impossibility::Unsatisfiable);
            }
            sat_part(part, limits, stats)
        };
        let problem = hubbed_copies(6, CopyLinks::Hubs).unwrap();
        let mut stats = Stats::default();
        verified_cycle_by_blocks(&problem, &mut stats, refusing_first);
        assert_eq!(refused.get(), 3);
        assert_eq!(stats.engine, "sat:blocks");
    }

    /// A vertex joined to all of a graph of blocks is a wide hub: the blocks leave by it from
    /// any of their vertices joined to it, and the cycle passes through it between two blocks.
    #[test]
    fn a_wide_hub_is_passed_through_between_two_blocks() {
        let mut problem = hubbed_copies(4, CopyLinks::Hubs).unwrap();
        problem.edges.extend((0..168).map(|vertex| (vertex, 168)));
        problem.vertex_count = 169;
        let cycle = verified_cycle_by_blocks(&problem, &mut Stats::default(), sat_part);
        let squares = cycle.squares();
        let at = squares.iter().position(|&vertex| vertex == 168).unwrap();
        let before = squares[(at + squares.len() - 1) % squares.len()];
        let after = squares[(at + 1) % squares.len()];
        assert_ne!(before / 42, after / 42, "{before} and {after} in one copy");
    }

    /// Each unit of a graph of units of blocks is a block, and each unit's passage is a graph
    /// of blocks in its turn (its own hub a wide hub there), solved block by block too.
    #[test]
    fn the_passages_of_a_graph_of_blocks_of_blocks_are_solved_block_by_block() {
        let passages_solved = std::cell::Cell::new(0);
        let by_blocks = |part: &GraphProblem, limits: &Limits, stats: &mut Stats| {
            let graph = MoveGraph::from_edges(part.vertex_count, &part.edges);
            let cycle = solve_by_blocks(part, &graph, limits, stats, sat_part)
                .expect("a passage by blocks");
            passages_solved.set(passages_solved.get() + 1);
            Answer::Found(cycle)
        };
        verified_cycle_by_blocks(&hubbed_units(3).unwrap(), &mut Stats::default(), by_blocks);
        assert_eq!(passages_solved.get(), 3);
    }

    /// Passages: a path between ports at two different vertices, or a vertex with two ports
    /// passed through and a path between two ports at two other vertices.
    #[test]
    fn a_block_passes_by_one_path_or_through_a_vertex_and_one_path() {
        let port = |inside, outside| Port { inside, outside };
        let ports = [port(0, 50), port(0, 51), port(7, 52), port(9, 53)];
        let found: Vec<(Vec<usize>, bool)> = passages(&ports)
            .iter()
            .map(|passage| (passage.ports(), passage.through.is_some()))
            .collect();
        let expected = [
            (vec![0, 2], false),
            (vec![0, 3], false),
            (vec![1, 2], false),
            (vec![1, 3], false),
            (vec![2, 3], false),
            (vec![2, 3, 0, 1], true),
        ];
        assert_eq!(found, expected);
    }

    /// A graph without hubs, or an open tour, is not taken block by block.
    #[test]
    fn a_graph_without_blocks_or_an_open_tour_is_left_to_the_engine() {
        let by_blocks = |problem: &GraphProblem| {
            let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
            solve_by_blocks(
                problem,
                &graph,
                &Limits::none(),
                &mut Stats::default(),
                sat_part,
            )
        };
        let ring: Vec<(Vertex, Vertex)> = (0..50).map(|v| (v, (v + 1) % 50)).collect();
        assert_eq!(
            by_blocks(&GraphProblem::new(50, ring, TourShape::Closed)),
            None
        );
        let open = GraphProblem {
            shape: TourShape::Open,
            ..hubbed_copies(4, CopyLinks::Hubs).unwrap()
        };
        assert_eq!(by_blocks(&open), None);
    }
}
