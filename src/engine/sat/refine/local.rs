//! Local repair: the warm start's cycles joined by a small formula over a window, before the
//! whole board's formula is built.
//!
//! On a large board the joined 2-factor usually leaves a few small cycles, and the repair
//! inside a window (see [`super::warm`]) then needs only the squares near them; yet the
//! window's solve is asked of the whole formula (millions of clauses on a 200 x 200 knight's
//! board, most of the time spent loading them). Here the window gets a formula of its own:
//! a variable for each edge with both ends in the window, every other edge a constant (as the
//! 2-factor has it), and at every window vertex exactly the edges its constants leave it. Its
//! models are cut and joined as the main loop's are; a model whose cycles join into one is the
//! tour. An unsatisfiable window is doubled, and a window that outgrows its limit gives the
//! cycles it reached back to the main loop, so only tours come from here: a proof that there
//! is none is always the whole formula's.

use super::merge;
use super::warm::{window_distances, FIRST_RADIUS};
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::cnf::solver::DeadlineSolver;
use crate::engine::sat::encode::cardinality::exactly;
use crate::engine::sat::encode::cutset::short_cycles_within;
use crate::engine::{SatStats, Stop};
use crate::graph::{CycleGraph, Vertex};
use std::time::{Duration, Instant};
use varisat::Lit;

/// Windows with more vertices than this share of the graph's are left to the main loop.
const LARGEST_SHARE: usize = 4;

/// The most time a window's solves may take, and their share of the time left: a window whose
/// cycles cannot be joined inside it may be slow to refute, and the main loop then takes over.
const WINDOW_SECONDS: f64 = 1.0;
const WINDOW_SHARE_OF_TIME_LEFT: u32 = 4;

/// Windows tried before the main loop takes over.
const MAX_WINDOWS: u32 = 12;

/// Models of one window's formula before the window is rebuilt around the cycles it reached.
const MODELS_PER_WINDOW: u32 = 32;

/// What a local repair did.
#[derive(Debug, Clone, Default)]
pub(super) struct LocalRepair {
    /// The cycles at the end: one (the tour) when the repair succeeded.
    pub cycles: Vec<Vec<Vertex>>,
    /// Exchanges made while joining.
    pub merges: u64,
    /// Calls to the window solvers.
    pub solve_calls: u64,
    /// Seconds spent in all.
    pub seconds: f64,
}

impl LocalRepair {
    /// Adds this repair's exchanges, seconds and solve calls to `stats`.
    pub(super) fn record(&self, stats: &mut SatStats) {
        stats.merges += self.merges;
        stats.local_seconds += self.seconds;
        stats.local_solve_calls += self.solve_calls;
    }
}

/// Joins `cycles` (a 2-factor of `graph` that holds its `protected` edges) into one cycle by
/// small window formulas, as far as [`MAX_WINDOWS`] windows up to a quarter of the graph go;
/// stops at the `deadline`.
pub(super) fn repair_locally(
    graph: &CycleGraph,
    cycles: Vec<Vec<Vertex>>,
    protected: &[bool],
    deadline: Option<Instant>,
) -> Result<LocalRepair, Stop> {
    let mut repair = LocalRepair {
        cycles,
        ..LocalRepair::default()
    };
    if repair.cycles.len() < 2 {
        return Ok(repair);
    }
    let started = Instant::now();
    let mut radius = FIRST_RADIUS;
    for _ in 0..MAX_WINDOWS {
        if repair.cycles.len() < 2 {
            break;
        }
        let (distance, inside) = window_distances(graph, &repair.cycles, radius);
        // A window that has stopped growing (the cycles' part of a disconnected graph) is left
        // to the main loop too.
        let spent = inside * LARGEST_SHARE > graph.vertex_count()
            || radius as usize >= graph.vertex_count();
        if spent {
            break;
        }
        let window = Window::new(graph, &repair.cycles, &distance, protected);
        let window_deadline = window_deadline(deadline);
        match window.solve(graph, protected, Some(window_deadline), &mut repair) {
            Ok(WindowOutcome::Joined(cycle)) => repair.cycles = vec![cycle],
            Ok(WindowOutcome::TooSmall) => radius = radius.saturating_mul(2),
            Ok(WindowOutcome::Moved(cycles)) => repair.cycles = cycles,
            Err(Stop::Timeout) if deadline.is_some_and(|deadline| Instant::now() >= deadline) => {
                return Err(Stop::Timeout)
            }
            // The window's own time is up: the main loop takes over.
            Err(Stop::Timeout) => break,
            Err(stop) => return Err(stop),
        }
    }
    repair.seconds = started.elapsed().as_secs_f64();
    Ok(repair)
}

/// When a window's solves must end: [`WINDOW_SECONDS`] from now, or a share of the time left
/// before `deadline`, whichever comes first.
fn window_deadline(deadline: Option<Instant>) -> Instant {
    let now = Instant::now();
    let budget = Duration::from_secs_f64(WINDOW_SECONDS);
    match deadline {
        Some(deadline) => {
            let share = deadline.saturating_duration_since(now) / WINDOW_SHARE_OF_TIME_LEFT;
            now + budget.min(share)
        }
        None => now + budget,
    }
}

/// How a window's formula ended.
enum WindowOutcome {
    /// A model whose cycles joined into this one.
    Joined(Vec<Vertex>),
    /// Unsatisfiable: no model inside the window joins the cycles.
    TooSmall,
    /// Out of models: the joined cycles of the last one, for the next window.
    Moved(Vec<Vec<Vertex>>),
}

/// The formula of one window: its free edges and the clauses over them.
struct Window {
    /// Every edge's value outside the window: whether the 2-factor has it.
    held: Vec<bool>,
    /// The edges with both ends in the window (protected ones excepted), in order, each with
    /// its variable.
    free_edges: Vec<(u32, varisat::Var)>,
    /// The variable of each edge, when it is free.
    edge_var: Vec<Option<varisat::Var>>,
    /// Whether each vertex is in the window.
    inside: Vec<bool>,
    formula: Formula,
}

impl Window {
    /// The formula of the window of vertices at a finite `distance`, around the 2-factor
    /// `cycles`.
    fn new(
        graph: &CycleGraph,
        cycles: &[Vec<Vertex>],
        distance: &[u32],
        protected: &[bool],
    ) -> Window {
        let mut held = vec![false; graph.edges().len()];
        for cycle in cycles {
            for (position, &vertex) in cycle.iter().enumerate() {
                let next = cycle[(position + 1) % cycle.len()];
                if let Some(edge) = graph.edge_between(vertex, next) {
                    held[edge as usize] = true;
                }
            }
        }
        let inside: Vec<bool> = distance.iter().map(|&steps| steps != u32::MAX).collect();
        let mut formula = Formula::new();
        let mut edge_var = vec![None; graph.edges().len()];
        let mut free_edges = Vec::new();
        for (edge, &(a, b)) in graph.edges().iter().enumerate() {
            if inside[a as usize] && inside[b as usize] && !protected[edge] {
                let var = formula.new_var();
                edge_var[edge] = Some(var);
                free_edges.push((edge as u32, var));
            }
        }
        for vertex in (0..graph.vertex_count() as Vertex).filter(|&v| inside[v as usize]) {
            let mut free = Vec::new();
            let mut held_here = 0;
            for &(_, edge) in graph.incident(vertex) {
                match edge_var[edge as usize] {
                    Some(var) => free.push(var.positive()),
                    None => held_here += usize::from(held[edge as usize]),
                }
            }
            match 2usize.saturating_sub(held_here) {
                0 => free.iter().for_each(|&lit| formula.add_clause(&[!lit])),
                wanted => exactly(&mut formula, &free, wanted),
            }
        }
        // No cycle of three or four squares inside (the whole formula's clauses, on the window).
        if graph.vertex_count() > 4 {
            for cycle in short_cycles_within(graph, |vertex| inside[vertex as usize]) {
                let clause: Option<Vec<Lit>> = cycle
                    .iter()
                    .filter_map(|&edge| match edge_var[edge as usize] {
                        Some(var) => Some(Some(var.negative())),
                        None if held[edge as usize] => None,
                        // A held edge the 2-factor leaves out: the cycle cannot close.
                        None => Some(None),
                    })
                    .collect();
                if let Some(clause) = clause.filter(|clause| !clause.is_empty()) {
                    formula.add_clause(&clause);
                }
            }
        }
        Window {
            held,
            free_edges,
            edge_var,
            inside,
            formula,
        }
    }

    /// Solves, joins and cuts until a model's cycles join into one, the formula has no model,
    /// or [`MODELS_PER_WINDOW`] models have passed; counts into `repair`.
    fn solve(
        mut self,
        graph: &CycleGraph,
        protected: &[bool],
        deadline: Option<Instant>,
        repair: &mut LocalRepair,
    ) -> Result<WindowOutcome, Stop> {
        let mut solver = DeadlineSolver::with_proof(deadline, None);
        let mut last = None;
        for _ in 0..MODELS_PER_WINDOW {
            let model = solver.solve(&self.formula, &[]);
            repair.solve_calls += 1;
            let Some(values) = model? else {
                return Ok(WindowOutcome::TooSmall);
            };
            let mut chosen = self.held.clone();
            for &(edge, var) in &self.free_edges {
                chosen[edge as usize] = values.get(var.index()).copied().unwrap_or(false);
            }
            let cycles = graph.cycles_of_edges(&chosen).ok_or(Stop::InternalError)?;
            let (mut joined, merges) = merge::merge_cycles(graph, &cycles, protected);
            repair.merges += merges;
            if joined.len() == 1 {
                return Ok(WindowOutcome::Joined(joined.remove(0)));
            }
            let mut cycle_of = vec![0u32; graph.vertex_count()];
            for (index, cycle) in cycles.iter().enumerate() {
                for &vertex in cycle {
                    cycle_of[vertex as usize] = index as u32;
                }
            }
            for (index, cycle) in cycles.iter().enumerate() {
                let cut = self.cut(graph, cycle, index as u32, &cycle_of);
                if cut.is_empty() {
                    return Ok(WindowOutcome::TooSmall);
                }
                self.formula.add_clause(&cut);
            }
            last = Some(joined);
        }
        Ok(last.map_or(WindowOutcome::TooSmall, WindowOutcome::Moved))
    }

    /// The cut of `cycle` (number `index` in `cycle_of`, each vertex's cycle): some free edge
    /// with one end on it and the other off it. (The held edges that cross it are all
    /// unchosen, as the cycle is one of the model's.)
    fn cut(&self, graph: &CycleGraph, cycle: &[Vertex], index: u32, cycle_of: &[u32]) -> Vec<Lit> {
        cycle
            .iter()
            .filter(|&&vertex| self.inside[vertex as usize])
            .flat_map(|&vertex| graph.incident(vertex))
            .filter(|&&(other, _)| cycle_of[other as usize] != index)
            .filter_map(|&(_, edge)| self.edge_var[edge as usize].map(|var| var.positive()))
            .collect()
    }
}
