//! The refinement loop: solve, join a model's cycles, cut the cycles left, until one remains.
//!
//! [`Refinement`] holds a formula on one incremental solver. Its one loop serves every search
//! on it: the engine's own (`search_cycle_graph`), `lex` (the lexicographically first tour) and
//! the library's callers that ask for a tour through given moves. `merge` joins a model's cycles
//! by edge exchanges before the cycles left are cut, and `warm` gives the loop a first model from
//! a 2-factor and repairs it inside windows.

mod alternating;
mod end_cases;
pub(crate) mod lex;
mod local;
pub(crate) mod merge;
mod rotation;
mod warm;

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::core::progress;
use crate::core::rng::SplitMix64;
use crate::core::tour::Tour;
use crate::engine::flow::factor::{two_factor, NoTwoFactor, Shortfall, TwoFactor};
use crate::engine::proof::regions::open_region_proof;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::cnf::phases::PhaseFlips;
use crate::engine::sat::cnf::solver::DeadlineSolver;
use crate::engine::sat::encode::connectivity::{Connectivity, Layer};
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::SatOptions;
use crate::engine::{memory, Answer, Impossibility, Limits, SatStats, Stats, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::time::Instant;
use varisat::Lit;

/// A cut added by refinement: the vertices of a cycle it excludes, and its clauses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cut {
    /// The vertices on one side (those of the cycle the model had).
    pub(in crate::engine::sat) members: Vec<Vertex>,
    /// The numbers of its clauses in the formula.
    pub(in crate::engine::sat) clauses: std::ops::Range<usize>,
}

impl Cut {
    /// The vertices on one side (those of the cycle the model had).
    pub(crate) fn members(&self) -> &[Vertex] {
        &self.members
    }

    /// The numbers of its clauses in the formula.
    pub(crate) fn clauses(&self) -> std::ops::Range<usize> {
        self.clauses.clone()
    }
}

/// A formula being refined on one incremental solver.
pub(crate) struct Refinement {
    /// The cycle graph.
    graph: CycleGraph,
    /// The formula: base clauses, then every cut added.
    formula: Formula,
    /// The variables that stand for moves.
    moves: MoveVars,
    solver: DeadlineSolver,
    forced: Vec<bool>,
    merge: bool,
    /// Whether the first model may come from a flow (see [`warm`]): when the options ask for it.
    warm: bool,
    /// Whether the solves after a warm start repair the model inside windows: not when a proof
    /// is written (varisat's checker rejected one proof of solves under the window's
    /// assumptions), where each solve is of the whole formula.
    windows: bool,
    /// Every cut added, in order.
    cuts: Vec<Cut>,
    /// Models with several cycles after which the formula is completed (see
    /// [`SatOptions::complete_after`]); `None` once it is, or when it never is.
    complete_after: Option<u64>,
    /// Models with several cycles seen so far.
    fruitless_models: u64,
    /// Balanced models (see [`Refinement::count_fruitless_model`]) after which the formula is
    /// completed, when set: `None` once it is, or when it never is for this reason.
    complete_after_balanced: Option<u64>,
    /// Balanced models seen so far.
    balanced_models: u64,
    /// Balanced models after which the solver starts afresh from random phases, each time
    /// (see [`Refinement::with_fresh_starts`]), if it does.
    fresh_start_after: Option<u64>,
    /// Balanced models since the last fresh start (or the first solve).
    balanced_since_fresh_start: u64,
    /// Long-cycled models (see [`LONG_CYCLED_SHARE`]) since the last fresh start (or the
    /// first solve), the balanced ones not counted.
    long_cycled_since_fresh_start: u64,
    /// The random numbers that draw the fresh starts' phases.
    phase_rng: SplitMix64,
    /// The Hamiltonian cycles the formula's blocking clauses exclude (see
    /// [`Refinement::forbid`]), each as its sorted edge numbers: joining must not return one.
    forbidden: Vec<Vec<u32>>,
    /// The edges the solve under way assumes unused (see [`Refinement::cycle_with_edges`]),
    /// a flag per edge, or empty: joining must not bring one back.
    avoided: Vec<bool>,
    /// Counters.
    stats: SatStats,
}

impl Refinement {
    /// Encodes `problem` and loads the formula into a solver that stops at the deadline.
    pub(crate) fn new(
        problem: &Problem,
        move_graph: &MoveGraph,
        options: &SatOptions,
        limits: &Limits,
    ) -> Refinement {
        Refinement::with_proof(problem, move_graph, options, limits, None)
    }

    /// As [`Refinement::new`], with the solver's native proof written to `proof`, if given.
    pub(crate) fn with_proof(
        problem: &Problem,
        move_graph: &MoveGraph,
        options: &SatOptions,
        limits: &Limits,
        proof: Option<Box<dyn std::io::Write>>,
    ) -> Refinement {
        let started = Instant::now();
        let graph = CycleGraph::new(problem, move_graph);
        Refinement::on_graph(graph, options, limits, proof, started)
    }

    /// As [`Refinement::new`], on a cycle graph built already (a graph file's, say).
    pub(crate) fn of_cycle_graph(
        graph: CycleGraph,
        options: &SatOptions,
        limits: &Limits,
    ) -> Refinement {
        Refinement::on_graph(graph, options, limits, None, Instant::now())
    }

    /// As [`Refinement::with_proof`], on a cycle graph built already (an open tour's with its
    /// ends confined to the board's pockets, say).
    pub(crate) fn of_cycle_graph_with_proof(
        graph: CycleGraph,
        options: &SatOptions,
        limits: &Limits,
        proof: Option<Box<dyn std::io::Write>>,
    ) -> Refinement {
        Refinement::on_graph(graph, options, limits, proof, Instant::now())
    }

    /// As [`Refinement::with_proof`], on the cycle graph of the problem, built from `started`.
    fn on_graph(
        graph: CycleGraph,
        options: &SatOptions,
        limits: &Limits,
        proof: Option<Box<dyn std::io::Write>>,
        started: Instant,
    ) -> Refinement {
        let mut formula = Formula::with_literal_limit(
            limits
                .formula_literals
                .unwrap_or_else(memory::default_formula_literals),
        );
        let moves = options.encoding.encode(&graph, &mut formula);
        let warm = warm::wanted(options);
        let windows = proof.is_none();
        // The solver is given the formula at its first call, if there is one.
        let solver = DeadlineSolver::with_proof(limits.deadline, proof);
        let forced = graph.forced_edge_flags();
        let stats = SatStats {
            encoding: options.encoding.name().to_string(),
            variables: formula.var_count() as u64,
            clauses: formula.clause_count() as u64,
            encode_seconds: started.elapsed().as_secs_f64(),
            ..SatStats::default()
        };
        Refinement {
            graph,
            formula,
            moves,
            solver,
            forced,
            merge: options.merge,
            warm,
            windows,
            cuts: Vec::new(),
            complete_after: options
                .complete_after
                .filter(|_| !options.encoding.is_complete()),
            fruitless_models: 0,
            complete_after_balanced: None,
            balanced_models: 0,
            fresh_start_after: None,
            balanced_since_fresh_start: 0,
            long_cycled_since_fresh_start: 0,
            phase_rng: SplitMix64::new(PHASE_SEED),
            forbidden: Vec::new(),
            avoided: Vec::new(),
            stats,
        }
    }

    /// The same refinement with its solver stopped after `budget` conflicts in all (then every
    /// solve ends in [`Stop::ConflictBudget`]): a short look at the whole formula. Only before
    /// the first solve.
    fn with_conflict_budget(mut self, limits: &Limits, budget: u64) -> Refinement {
        self.solver = DeadlineSolver::with_budget(limits.deadline, Some(budget), None);
        self
    }

    /// The same refinement completing its formula also after `after` balanced models: models
    /// whose every cycle holds at least [`BALANCED_SHARE`] of the vertices, whose cuts, each as
    /// long as a large share of the edges, exclude little.
    fn with_balanced_completion(mut self, after: u64) -> Refinement {
        self.complete_after_balanced = Some(after);
        self
    }

    /// The same refinement starting its solver afresh from random phases after every `after`
    /// balanced models (see [`Refinement::start_afresh`]). varisat keeps each variable's last
    /// value and tries it first, so after a balanced model the next is much the same two long
    /// cycles, and the cuts of thousands of them exclude little; fresh phases give models of
    /// other cycles.
    fn with_fresh_starts(mut self, after: u64) -> Refinement {
        self.fresh_start_after = Some(after);
        self
    }

    /// The cycle graph.
    pub(crate) fn graph(&self) -> &CycleGraph {
        &self.graph
    }

    /// The formula: base clauses, then every cut added (and any layer).
    pub(crate) fn formula(&self) -> &Formula {
        &self.formula
    }

    /// The variables that stand for moves.
    pub(crate) fn moves(&self) -> &MoveVars {
        &self.moves
    }

    /// Every cut added, in order.
    pub(crate) fn cuts(&self) -> &[Cut] {
        &self.cuts
    }

    /// The counters so far.
    pub(crate) fn stats(&self) -> &SatStats {
        &self.stats
    }

    /// The cuts, for the tests that tamper with one: the certificate's checks must refuse it.
    #[cfg(test)]
    pub(in crate::engine::sat) fn cuts_mut(&mut self) -> &mut [Cut] {
        &mut self.cuts
    }

    /// Adds a `connectivity` layer over the move variables to the formula (see
    /// [`Connectivity::add_layer`]) and says what it added.
    pub(crate) fn add_layer(&mut self, connectivity: Connectivity) -> Layer {
        connectivity.add_layer(&self.graph, &self.moves, &mut self.formula)
    }

    /// The formula's clauses the solver was given at its first solve (the base formula, and
    /// the cuts of a warm start's first model): its native proof starts from them.
    pub(crate) fn initial_clauses(&self) -> usize {
        self.solver.initial_clauses()
    }

    /// Ends the solver's proof: writes its last step and flushes the target.
    pub(crate) fn close_proof(&mut self) -> Result<(), Stop> {
        self.solver.close_proof()
    }

    /// A Hamiltonian cycle that walks `path` (vertices joined by edges), found by solving,
    /// repairing and cutting until one cycle remains; `None` when there is none.
    pub(crate) fn cycle_through(&mut self, path: &[Vertex]) -> Result<Option<Vec<Vertex>>, Stop> {
        let pairs: Vec<[Vertex; 2]> = path.windows(2).map(|pair| [pair[0], pair[1]]).collect();
        self.cycle_using(&pairs)
    }

    /// A Hamiltonian cycle that uses every move in `pairs` (two vertices joined by an edge,
    /// walked in this direction), found as [`Refinement::cycle_through`] finds one; `None` when
    /// there is none.
    pub(crate) fn cycle_using(
        &mut self,
        pairs: &[[Vertex; 2]],
    ) -> Result<Option<Vec<Vertex>>, Stop> {
        let assumptions: Vec<Lit> = pairs
            .iter()
            .flat_map(|pair| self.moves.path_literals(&self.graph, pair))
            .collect();
        let mut protected = self.forced.clone();
        for pair in pairs {
            if let Some(edge) = self.graph.edge_between(pair[0], pair[1]) {
                protected[edge as usize] = true;
            }
        }
        // The warm start serves a first call only: it knows nothing of the solver's clauses.
        let first_call = self.solver.solve_calls() == 0 && self.forbidden.is_empty();
        let start = (pairs.is_empty() && self.warm && first_call)
            .then(|| warm::warm_model(&self.graph, None).ok().flatten())
            .flatten();
        self.refine(start, &assumptions, &protected)
    }

    /// A Hamiltonian cycle that uses every edge of `used` and none of `unused` (edge numbers of
    /// the cycle graph), found as [`Refinement::cycle_through`] finds one, with joining kept from
    /// bringing an unused edge back; `None` when there is none. The formula must have a variable
    /// per edge ([`MoveVars::Edges`]): under arc variables "used" is no single literal, and the
    /// answer is [`Stop::InternalError`].
    pub(crate) fn cycle_with_edges(
        &mut self,
        used: &[u32],
        unused: &[u32],
    ) -> Result<Option<Vec<Vertex>>, Stop> {
        let MoveVars::Edges(edge_vars) = &self.moves else {
            return Err(Stop::InternalError);
        };
        let assumptions: Vec<Lit> = used
            .iter()
            .map(|&edge| edge_vars[edge as usize].positive())
            .chain(
                unused
                    .iter()
                    .map(|&edge| edge_vars[edge as usize].negative()),
            )
            .collect();
        let mut protected = self.forced.clone();
        for &edge in used {
            protected[edge as usize] = true;
        }
        self.avoided = vec![false; self.graph.edges().len()];
        for &edge in unused {
            self.avoided[edge as usize] = true;
        }
        let found = self.refine(None, &assumptions, &protected);
        self.avoided.clear();
        found
    }

    /// The refinement loop that every search shares: solve under `assumptions`, join the
    /// model's cycles by exchanges that keep the `protected` edges, cut the cycles left, and
    /// again, until one cycle remains (`Ok(None)`: the solver proved there is none).
    ///
    /// From a warm start's first model, each solve after it is a repair inside windows around
    /// the cycles but the largest (see [`warm`]); without one, each solve is of the whole
    /// formula.
    fn refine(
        &mut self,
        start: Option<warm::WarmModel>,
        assumptions: &[Lit],
        protected: &[bool],
    ) -> Result<Option<Vec<Vertex>>, Stop> {
        let windowed = start.is_some() && self.windows;
        let mut cycles = start.map(|model| {
            self.stats.flow_seconds += model.seconds;
            self.stats.merges += model.merges;
            model.cycles
        });
        loop {
            if let Some(current) = &mut cycles {
                if current.len() == 1 {
                    return Ok(current.pop());
                }
                progress::reach_in(progress::SAT, current.len() as u64);
                let cuts_started = Instant::now();
                self.add_cuts(current);
                self.count_fruitless_model(current);
                self.stats.cut_seconds += cuts_started.elapsed().as_secs_f64();
            }
            let model = match &cycles {
                Some(current) if windowed => self.solve_in_windows(current, assumptions)?,
                _ => self.solve(assumptions)?,
            };
            let Some(model) = model else {
                return Ok(None);
            };
            let join_started = Instant::now();
            let Some(found) = self.moves.cycles(&self.graph, &model) else {
                // The base formula makes every model a set of cycles: anything else is a bug,
                // reported as such rather than as an answer.
                return Err(Stop::InternalError);
            };
            cycles = Some(self.joined(found, protected));
            self.stats.cut_seconds += join_started.elapsed().as_secs_f64();
        }
    }

    /// A model's `cycles` joined by exchanges that keep the `protected` edges, when merging is
    /// on and the join is neither a forbidden tour nor one with an avoided edge; the cycles as
    /// they were otherwise.
    fn joined(&mut self, cycles: Vec<Vec<Vertex>>, protected: &[bool]) -> Vec<Vec<Vertex>> {
        if cycles.len() < 2 || !self.merge {
            return cycles;
        }
        let (merged, merges) = merge::merge_cycles(&self.graph, &cycles, protected);
        if self.is_forbidden(&merged) || self.brings_back_avoided(&merged) {
            return cycles;
        }
        self.stats.merges += merges;
        merged
    }

    /// Adds a clause that excludes the Hamiltonian cycle `cycle` (walked either way, as `clauses`
    /// say: the caller builds them for its move variables), and keeps joining from returning it:
    /// exchanges that would join a model's cycles into it are dropped, and the model's cycles
    /// are cut instead. So the warm start, joining and repair stay correct for "is there
    /// another tour?".
    pub(crate) fn forbid(&mut self, cycle: &[Vertex], clauses: &[Vec<Lit>]) {
        for clause in clauses {
            self.formula.add_clause(clause);
        }
        self.forbidden.push(self.edges_of(cycle));
    }

    /// The sorted edge numbers of a cycle.
    fn edges_of(&self, cycle: &[Vertex]) -> Vec<u32> {
        let mut edges: Vec<u32> = (0..cycle.len())
            .filter_map(|index| {
                let next = cycle[(index + 1) % cycle.len()];
                self.graph.edge_between(cycle[index], next)
            })
            .collect();
        edges.sort_unstable();
        edges
    }

    /// Whether `cycles` is a single cycle that [`Refinement::forbid`] excluded.
    fn is_forbidden(&self, cycles: &[Vec<Vertex>]) -> bool {
        match cycles {
            [cycle] if !self.forbidden.is_empty() => self.forbidden.contains(&self.edges_of(cycle)),
            _ => false,
        }
    }

    /// Whether `cycles` is a single cycle that uses an edge the solve under way assumes unused.
    fn brings_back_avoided(&self, cycles: &[Vec<Vertex>]) -> bool {
        match cycles {
            [cycle] if !self.avoided.is_empty() => self
                .edges_of(cycle)
                .iter()
                .any(|&edge| self.avoided[edge as usize]),
            _ => false,
        }
    }

    /// Counts a model whose `cycles` stayed several after joining, and completes the formula
    /// when there have been [`SatOptions::complete_after`] of them, or the number of balanced
    /// ones that [`Refinement::with_balanced_completion`] set.
    fn count_fruitless_model(&mut self, cycles: &[Vec<Vertex>]) {
        self.fruitless_models += 1;
        let smallest = cycles.iter().map(Vec::len).min().unwrap_or(0);
        if smallest * BALANCED_SHARE >= self.graph.vertex_count() {
            self.balanced_models += 1;
            self.balanced_since_fresh_start += 1;
        } else if smallest * LONG_CYCLED_SHARE >= self.graph.vertex_count() {
            self.long_cycled_since_fresh_start += 1;
        }
        if self.fresh_start_after.is_some_and(|after| {
            self.balanced_since_fresh_start >= after
                || self.long_cycled_since_fresh_start >= LONG_CYCLED_PER_BALANCED * after
        }) {
            self.start_afresh();
        }
        let due = self
            .complete_after
            .is_some_and(|after| self.fruitless_models >= after);
        let balanced_due = self
            .complete_after_balanced
            .is_some_and(|after| self.balanced_models >= after);
        if due || balanced_due {
            self.complete();
        }
    }

    /// Has the next solve start afresh from random phases: a fresh solver given the formula
    /// with [`FRESH_START_FLIPS`] in a hundred of its variables, drawn at random, negated (see
    /// [`crate::engine::sat::cnf::phases`]).
    fn start_afresh(&mut self) {
        let var_count = self.formula.var_count();
        let flips = PhaseFlips::random(var_count, FRESH_START_FLIPS, &mut self.phase_rng);
        if self.solver.rephase(flips) {
            self.stats.fresh_starts += 1;
        }
        self.balanced_since_fresh_start = 0;
        self.long_cycled_since_fresh_start = 0;
    }

    /// Adds the `crt` layer over the move variables: from the next solve on, every model is one
    /// tour (the cuts stay, as clauses every tour satisfies).
    fn complete(&mut self) {
        self.add_layer(Connectivity::Crt);
        self.complete_after = None;
        self.complete_after_balanced = None;
        self.stats.completed_after = Some(self.solver.solve_calls());
        self.stats.clauses = self.formula.clause_count() as u64;
        self.stats.variables = self.formula.var_count() as u64;
    }

    /// Adds a cut for every cycle of a model that has several.
    fn add_cuts(&mut self, cycles: &[Vec<Vertex>]) {
        let cuts = self.moves.cuts_of_cycles(&self.graph, cycles);
        for (cycle, clauses) in cycles.iter().zip(cuts) {
            let first = self.formula.clause_count();
            for clause in clauses {
                self.formula.add_clause(&clause);
                self.stats.cuts += 1;
            }
            self.cuts.push(Cut {
                members: cycle.clone(),
                clauses: first..self.formula.clause_count(),
            });
        }
        self.stats.clauses = self.formula.clause_count() as u64;
    }

    /// The answer of a search on this formula that ended in `found` (a tour; `None`: the solver
    /// proved there is none), with the counters recorded in `stats`.
    fn into_answer(self, found: Result<Option<Tour>, Stop>, stats: &mut Stats) -> Answer {
        stats.sat = Some(self.stats);
        match found {
            Ok(Some(tour)) => Answer::Found(tour),
            Ok(None) => Answer::NoTour(Impossibility::Unsatisfiable),
            Err(stop) => Answer::Stopped(stop),
        }
    }

    /// Solves the formula as it stands under `assumptions` and brings the counters up to date;
    /// stops if the formula has passed its literal limit.
    fn solve(&mut self, assumptions: &[Lit]) -> Result<Option<Vec<bool>>, Stop> {
        if self.formula.over_limit() {
            return Err(Stop::FormulaTooLarge);
        }
        let model = self.solver.solve(&self.formula, assumptions);
        self.stats.solve_calls = self.solver.solve_calls();
        self.stats.solve_seconds = self.solver.solve_seconds();
        self.stats.conflicts = self.solver.conflicts();
        model
    }
}

/// Finds a tour of `whole` by searching `cases` in turn (see [`crate::engine::proof::pocket_ends`]):
/// the first tour or stop ends the search, and there is none when no case has one. Where the
/// cases confine the ends and `whole` fixes none, the warm start's flow on `whole` (the flow
/// alone, without joining) comes first: its shortfall is the proof that there is none, which
/// the cases' flows cannot give (a shortfall of a graph whose ends are confined is not a move
/// shortage of the board).
pub(super) fn search_cases(
    whole: CycleGraph,
    cases: Vec<CycleGraph>,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    let confined = cases.iter().any(CycleGraph::ends_confined);
    if confined && warm::wanted(options) && !whole.forced_edge_flags().contains(&true) {
        let started = Instant::now();
        if let Err(NoTwoFactor::Shortfall(shortfall)) = two_factor(&whole) {
            return flow_proof(shortfall, started.elapsed().as_secs_f64(), options, stats);
        }
    }
    let mut answer = Answer::Stopped(Stop::InternalError);
    for case in cases {
        answer = search_cycle_graph(case, None, None, options, limits, stats);
        if !matches!(answer, Answer::NoTour(_)) {
            break;
        }
    }
    answer
}

/// The answer of no tour from a flow's `shortfall` (a move shortage of the board), found in
/// `flow_seconds`, with the SAT engine's statistics empty but for its encoding and those
/// seconds.
fn flow_proof(
    shortfall: Shortfall,
    flow_seconds: f64,
    options: &SatOptions,
    stats: &mut Stats,
) -> Answer {
    stats.sat = Some(SatStats {
        encoding: options.encoding.name().to_string(),
        flow_seconds,
        ..SatStats::default()
    });
    Answer::NoTour(shortfall.into())
}

/// What a short search on the whole formula may spend (see
/// [`search_graph_within`](crate::engine::sat::search_graph_within)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budgets {
    /// The conflicts of all its solves together.
    pub conflicts: u64,
    /// Balanced models after which the formula is completed, if any (see [`BALANCED_SHARE`]).
    pub balanced_completion: Option<u64>,
    /// The solver's restarts, if not varisat's own: Luby's sequence times this many conflicts.
    pub restart_interval: Option<u64>,
    /// Balanced models after which the solver starts afresh from random phases, each time, if
    /// it does (see [`BALANCED_SHARE`] and [`FRESH_START_FLIPS`]).
    pub fresh_start_after: Option<u64>,
}

/// The variables in a hundred that a fresh start negates, so that the solver tries them true
/// first. On FHCP graph205, 465 and 605 (`--engine sat --encoding cutset-arcs --no-complete`,
/// a fresh start after every 8 balanced models, four seeds each) a tenth answered them in
/// 0.5-0.8 s, 1.4-3.1 s and 2.9-13.4 s; a half in 0.2-0.7, 4.5-7.8 and 6.4-12.6 s; with none
/// negated (a fresh solver alone) none of the three was answered within 20 s.
pub const FRESH_START_FLIPS: u64 = 10;

/// The seed of the fresh starts' random phases: fixed, so that a graph is searched the same
/// way on every run.
const PHASE_SEED: u64 = 0x0074_6f75_7273_6174;

/// The inverse share of the vertices that every cycle of a balanced model holds at least: an
/// eighth. On the FHCP graphs built against cuts (graph45, graph185 ...) every model is two
/// interleaved cycles of about half the vertices each, and each cut is a clause of some 130 to
/// 480 arcs; there the completed formula answers where thousands of cuts do not.
pub const BALANCED_SHARE: usize = 8;

/// The inverse share of the vertices that every cycle of a long-cycled model holds at least: a
/// sixteenth. Where fresh starts are on ([`Budgets::fresh_start_after`]), the solver starts
/// afresh also after [`LONG_CYCLED_PER_BALANCED`] times as many long-cycled models as balanced
/// ones. On FHCP graph787 (4,608 vertices) every model after the first few is one long cycle
/// and one of 377 to 449 vertices (about a twelfth) over nearly the same vertices, each cut a
/// clause of some 316 arcs: the arcs cut 545 such models in 6 s and the race did not answer
/// within 60 s. Counting them as balanced (a fresh start after every 8) answered it in 3.3 s,
/// but graph569 and 696, answered in 5.0 and 3.7 s, then were not within 10 s (on graph569 one
/// fresh start among 31 solves threw away a solver close to a tour), and graph751 took 8.8 s
/// instead of 4.7.
pub const LONG_CYCLED_SHARE: usize = 16;

/// How many times as many long-cycled models as balanced ones start the solver afresh.
pub const LONG_CYCLED_PER_BALANCED: u64 = 8;

/// Refinement alone on a cycle graph (no warm start, every solve of the whole formula), its
/// solves stopped once they have met `conflict_budget` conflicts in all
/// ([`Stop::ConflictBudget`]); the formula completed also after `balanced_completion` balanced
/// models, if given (see [`BALANCED_SHARE`]).
pub(super) fn search_cycle_graph_within(
    graph: CycleGraph,
    options: &SatOptions,
    limits: &Limits,
    budgets: Budgets,
    stats: &mut Stats,
) -> Answer {
    let protected = graph.forced_edge_flags();
    let mut refinement = Refinement::on_graph(graph, options, limits, None, Instant::now())
        .with_conflict_budget(limits, budgets.conflicts);
    if let Some(after) = budgets.balanced_completion {
        refinement = refinement.with_balanced_completion(after);
    }
    if let Some(conflicts) = budgets.restart_interval {
        refinement.solver.restart_every(conflicts);
    }
    if let Some(after) = budgets.fresh_start_after {
        refinement = refinement.with_fresh_starts(after);
    }
    let found = refinement.refine(None, &[], &protected);
    let found = found.map(|cycle| cycle.map(|cycle| refinement.graph.tour_of_cycle(&cycle)));
    refinement.into_answer(found, stats)
}

/// The SAT engine on a cycle graph of three vertices or more: the warm start when it applies
/// (from `factor`, the cheap proofs' 2-factor of `graph`, where they found one), then
/// refinement.
///
/// `colour` is the board's colouring when the graph is a board problem's own (its ends are the
/// problem's, not a case's): then, where the repair leaves an open tour's cycles apart, sealed
/// regions may prove that there is none (see [`open_region_proof`]).
pub(super) fn search_cycle_graph(
    graph: CycleGraph,
    factor: Option<TwoFactor>,
    colour: Option<&dyn Fn(Square) -> u8>,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    // The warm start, joined and repaired in window formulas, may find the tour before the
    // whole formula is built.
    let protected = graph.forced_edge_flags();
    let mut repaired = None;
    // Inside the SAT phase (not, say, a count's), the 2-factor is a phase of its own.
    let in_sat_phase = progress::snapshot().is_some_and(|now| now.phase == progress::SAT);
    let flow_started = Instant::now();
    let warm_model = warm::wanted(options).then(|| {
        if in_sat_phase {
            progress::begin(progress::TWO_FACTOR, "", None);
        }
        let model = warm::warm_model(&graph, factor);
        if in_sat_phase {
            progress::begin(progress::SAT, "cycles left", None);
        }
        model
    });
    let warm_model = match warm_model {
        Some(Ok(model)) => model,
        // No 2-factor: with no edge forced (no fixed end) and the ends not confined to pockets,
        // the flow's cut is the proof the cheap proofs give on smaller boards (a move
        // shortage); otherwise the formula's.
        Some(Err(shortfall)) if !protected.contains(&true) && !graph.ends_confined() => {
            let flow_seconds = flow_started.elapsed().as_secs_f64();
            return flow_proof(shortfall, flow_seconds, options, stats);
        }
        Some(Err(_)) | None => None,
    };
    if let Some(model) = warm_model {
        // A 2-factor whose cycles stay apart may show sealed regions: a proof that there is no
        // tour, which no window would find.
        if let (Some(colour), true) = (colour, model.cycles.len() > 1) {
            if let Some(proof) = open_region_proof(&graph, colour, &model.cycles) {
                stats.sat = Some(model.stats(options));
                let proof = proof.in_squares(&graph, colour);
                return Answer::NoTour(Impossibility::SealedRegions(proof));
            }
        }
        // Where the flow confines an open tour's end, the repair is cut short: the cases on the
        // ends find what it cannot (see `end_cases`).
        let end_plan = model
            .free_ends
            .as_deref()
            .and_then(|free_ends| end_cases::plan(&graph, free_ends));
        let repair_conflicts = match end_plan {
            Some(_) => local::CONFINED_REPAIR_CONFLICTS,
            None => local::REPAIR_CONFLICTS,
        };
        let repaired_locally = local::repair_locally(
            &graph,
            model.cycles,
            &protected,
            limits.deadline,
            repair_conflicts,
        );
        let repair = match repaired_locally {
            Ok(repair) => repair,
            Err(stop) => return Answer::Stopped(stop),
        };
        let start = warm::WarmModel {
            cycles: repair.cycles.clone(),
            ..model
        };
        let mut cases = end_cases::EndCases::default();
        if let (Some(end_plan), true) = (&end_plan, repair.cycles.len() > 1) {
            // A board without a tour is often refuted in a few hundred conflicts of the whole
            // formula, where the cases would try every pair in vain: a short look first.
            let look_started = Instant::now();
            let mut look = Refinement::on_graph(graph.clone(), options, limits, None, look_started)
                .with_conflict_budget(limits, end_cases::LOOK_CONFLICTS);
            let looked = look.refine(Some(start.clone()), &[], &protected);
            if !matches!(looked, Err(Stop::ConflictBudget)) {
                repair.record(&mut look.stats);
                let found = looked.map(|cycle| cycle.map(|cycle| graph.tour_of_cycle(&cycle)));
                return look.into_answer(found, stats);
            }
            let look_seconds = look_started.elapsed().as_secs_f64();
            cases = match end_plan.tour(&graph, &repair.cycles, limits.deadline) {
                Ok(cases) => cases,
                Err(stop) => return Answer::Stopped(stop),
            };
            cases.looked(look.solver.conflicts(), look_seconds);
        }
        let found = match (repair.cycles.as_slice(), &cases.cycle) {
            ([cycle], _) | (_, Some(cycle)) => Some(graph.tour_of_cycle(cycle)),
            _ => None,
        };
        if let Some(tour) = found {
            let mut sat_stats = start.stats(options);
            repair.record(&mut sat_stats);
            cases.record(&mut sat_stats);
            stats.sat = Some(sat_stats);
            return Answer::Found(tour);
        }
        repaired = Some((start, repair, cases));
    }
    let mut refinement = Refinement::on_graph(graph, options, limits, None, Instant::now());
    let warm = repaired.map(|(start, repair, cases)| {
        repair.record(&mut refinement.stats);
        cases.record(&mut refinement.stats);
        start
    });
    let found = refinement.refine(warm, &[], &protected);
    let found = found.map(|cycle| cycle.map(|cycle| refinement.graph.tour_of_cycle(&cycle)));
    refinement.into_answer(found, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::problem::TourShape;
    use crate::graph::generate::generalized_petersen;
    use crate::graph::problem::GraphProblem;
    use crate::verify::graph::verify_graph_tour;

    /// A refinement of `problem` on the directed arcs, with its default completion far off.
    fn arcs_refinement(problem: &GraphProblem) -> Refinement {
        let options = SatOptions {
            encoding: crate::engine::sat::Encoding::CutsetArcs,
            ..SatOptions::default()
        };
        Refinement::of_cycle_graph(problem.cycle_graph(), &options, &Limits::none())
    }

    /// The prism over a 20-cycle: two 20-cycles joined rung by rung.
    fn prism() -> GraphProblem {
        let n = 20;
        let mut edges = Vec::new();
        for i in 0..n {
            edges.push((i, (i + 1) % n));
            edges.push((n + i, n + (i + 1) % n));
            edges.push((i, n + i));
        }
        GraphProblem::new(2 * n as usize, edges, TourShape::Closed)
    }

    /// A refinement of the prism on the directed arcs, completing after 3 balanced models.
    fn prism_refinement() -> Refinement {
        arcs_refinement(&prism()).with_balanced_completion(3)
    }

    /// The answer of the refinement loop alone on `problem`'s arcs, the solver started afresh
    /// after every balanced model, with the fresh starts made.
    fn answer_with_fresh_starts(problem: &GraphProblem) -> (Option<Vec<Vertex>>, u64) {
        let mut refinement = arcs_refinement(problem).with_fresh_starts(1);
        let protected = refinement.graph.forced_edge_flags();
        let found = refinement.refine(None, &[], &protected).unwrap();
        (found, refinement.stats.fresh_starts)
    }

    #[test]
    fn balanced_models_start_the_solver_afresh_after_their_number() {
        let mut refinement = arcs_refinement(&prism()).with_fresh_starts(2);
        let rims = vec![(0..20).collect::<Vec<Vertex>>(), (20..40).collect()];
        let short = vec![vec![0, 1, 21, 20], (2..20).chain(22..40).collect()];
        refinement.count_fruitless_model(&rims);
        refinement.count_fruitless_model(&short);
        assert_eq!(
            refinement.stats.fresh_starts, 0,
            "one balanced model so far"
        );
        refinement.count_fruitless_model(&rims);
        assert_eq!(refinement.stats.fresh_starts, 1);
        refinement.count_fruitless_model(&rims);
        assert_eq!(refinement.stats.fresh_starts, 1, "the count starts again");
        assert_eq!(refinement.stats.completed_after, None);
    }

    #[test]
    fn long_cycled_models_start_the_solver_afresh_after_more_of_them() {
        let mut refinement = arcs_refinement(&prism()).with_fresh_starts(2);
        // A 4-cycle is a tenth of the prism's 40 vertices: long-cycled, not balanced.
        let long_cycled = vec![vec![0, 1, 21, 20], (2..20).chain(22..40).collect()];
        let after = LONG_CYCLED_PER_BALANCED * 2;
        for _ in 1..after {
            refinement.count_fruitless_model(&long_cycled);
        }
        assert_eq!(refinement.stats.fresh_starts, 0);
        refinement.count_fruitless_model(&long_cycled);
        assert_eq!(refinement.stats.fresh_starts, 1);
        assert_eq!(refinement.balanced_models, 0);
    }

    #[test]
    fn fresh_starts_keep_the_loops_answers() {
        for n in [8, 11, 12, 14, 17, 23] {
            let problem = generalized_petersen(n, 2).unwrap();
            let (found, fresh_starts) = answer_with_fresh_starts(&problem);
            // GP(n, 2) is Hamiltonian unless n is 5 mod 6 (Alspach).
            match found {
                Some(cycle) => {
                    assert!(n % 6 != 5, "GP({n}, 2) has no Hamiltonian cycle");
                    let tour = problem.cycle_graph().tour_of_cycle(&cycle);
                    verify_graph_tour(&problem, &tour).unwrap();
                }
                None => {
                    assert_eq!(n % 6, 5, "GP({n}, 2) is Hamiltonian");
                    // The loop cut models of several cycles before its UNSAT; GP(n, 2) with n
                    // odd has no cycle shorter than 5, so up to 40 vertices every such model is
                    // balanced.
                    if problem.vertex_count <= 5 * BALANCED_SHARE {
                        assert!(fresh_starts > 0, "GP({n}, 2) refuted with no fresh start");
                    }
                }
            }
        }
    }

    #[test]
    fn balanced_models_complete_the_formula_after_their_number() {
        let mut refinement = prism_refinement();
        let rims = vec![(0..20).collect::<Vec<Vertex>>(), (20..40).collect()];
        for _ in 0..2 {
            refinement.count_fruitless_model(&rims);
        }
        assert_eq!(refinement.stats.completed_after, None);
        let clauses = refinement.formula.clause_count();
        refinement.count_fruitless_model(&rims);
        assert!(refinement.stats.completed_after.is_some());
        assert!(
            refinement.formula.clause_count() > clauses,
            "the crt layer was added"
        );
    }

    #[test]
    fn models_with_a_short_cycle_are_not_balanced() {
        let mut refinement = prism_refinement();
        // A 4-cycle of two rungs and the rest: 4 vertices are fewer than an eighth of 40.
        let short = vec![vec![0, 1, 21, 20], (2..20).chain(22..40).collect()];
        for _ in 0..10 {
            refinement.count_fruitless_model(&short);
        }
        assert_eq!(refinement.stats.completed_after, None);
    }
}
