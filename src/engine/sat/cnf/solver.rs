//! An incremental varisat solver that stops at a deadline or after a number of conflicts.
//!
//! varisat 0.2.2 has no interrupt and no conflict counter. The solver writes its native proof
//! (which, unlike its DRAT output, allows clauses added between solves and assumptions) into a
//! sink that counts the conflicts in it and fails once the deadline has passed or the conflicts
//! have reached their budget; the failed write ends the solve with an error, which this module
//! reports as a timeout or a spent budget. A raised cancel flag (`engine::cancel`)
//! stops it as the deadline does. The sink discards the proof, or passes it on to a
//! proof target (a tee) when the proof is wanted.
//!
//! Without a proof, the solver may be told to start afresh from other phases (see
//! [`super::phases`]): varisat has no call that sets them.

use crate::engine::cancel;
use crate::engine::sat::cnf::conflicts::ConflictCounter;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::cnf::phases::PhaseFlips;
use crate::engine::Stop;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use varisat::config::SolverConfigUpdate;
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

/// Whether a solve must stop as at its deadline: the deadline has passed or the cancel flag is
/// raised.
fn stopped(deadline: Option<Instant>, cancel: &Option<Arc<AtomicBool>>) -> bool {
    cancel::raised(cancel) || deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// A proof sink that counts conflicts, passes what it is given on to a target (or discards it)
/// and fails after the deadline or once the conflicts reach their budget.
struct DeadlineSink {
    deadline: Option<Instant>,
    /// The cancel flag of the thread that made the solver ([`crate::engine::cancel`]).
    cancel: Option<Arc<AtomicBool>>,
    conflict_budget: Option<u64>,
    conflicts: Arc<AtomicU64>,
    target: Option<Box<dyn io::Write>>,
    counter: ConflictCounter,
}

impl DeadlineSink {
    fn check_deadline(&self) -> io::Result<()> {
        let spent = self
            .conflict_budget
            .is_some_and(|budget| self.conflicts.load(Ordering::Relaxed) >= budget);
        if spent || stopped(self.deadline, &self.cancel) {
            Err(io::Error::new(io::ErrorKind::TimedOut, "deadline passed"))
        } else {
            Ok(())
        }
    }
}

impl io::Write for DeadlineSink {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        self.check_deadline()?;
        let written = match &mut self.target {
            Some(target) => target.write(buffer)?,
            None => buffer.len(),
        };
        self.counter.feed(&buffer[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check_deadline()?;
        match &mut self.target {
            Some(target) => target.flush(),
            None => Ok(()),
        }
    }
}

impl DeadlineSink {
    /// A sink that stops at `deadline`, the raised `cancel` flag or `conflict_budget` conflicts,
    /// counting them into `conflicts`, and passes the proof on to `target`, if given.
    fn new(
        deadline: Option<Instant>,
        cancel: Option<Arc<AtomicBool>>,
        conflict_budget: Option<u64>,
        conflicts: &Arc<AtomicU64>,
        target: Option<Box<dyn io::Write>>,
    ) -> DeadlineSink {
        DeadlineSink {
            deadline,
            cancel,
            conflict_budget,
            conflicts: Arc::clone(conflicts),
            target,
            counter: ConflictCounter::new(Arc::clone(conflicts)),
        }
    }

    /// A new varisat solver that writes its native proof into this sink.
    fn into_solver(self) -> Solver<'static> {
        let mut solver = Solver::new();
        solver.write_proof(self, ProofFormat::Varisat);
        solver
    }
}

/// A varisat solver fed from a [`Formula`], solving under assumptions until a deadline.
pub struct DeadlineSolver {
    solver: Solver<'static>,
    /// Whether the solver writes its proof to a target (then it never starts afresh).
    proof_written: bool,
    /// The variables negated in what the solver was given (none until it starts afresh).
    flips: PhaseFlips,
    /// The variables a fresh start due before the next solve negates, if one is due.
    fresh_start: Option<PhaseFlips>,
    /// The restarts' scale set by [`DeadlineSolver::restart_every`], for a fresh start.
    restart_scale: Option<u64>,
    deadline: Option<Instant>,
    /// The cancel flag of the thread that made it: raised, it stops as at the deadline.
    cancel: Option<Arc<AtomicBool>>,
    /// The most conflicts all solves together may meet, if limited.
    conflict_budget: Option<u64>,
    loaded_clauses: usize,
    /// The clauses loaded at the first solve, which its proof does not hold.
    initial_clauses: usize,
    /// Conflicts so far, counted from the proof.
    conflicts: Arc<AtomicU64>,
    /// Calls to `solve` so far.
    solve_calls: u64,
    /// Seconds spent in `solve` so far.
    solve_seconds: f64,
}

impl DeadlineSolver {
    /// Calls to `solve` so far.
    pub fn solve_calls(&self) -> u64 {
        self.solve_calls
    }

    /// Seconds spent in `solve` so far.
    pub fn solve_seconds(&self) -> f64 {
        self.solve_seconds
    }

    /// The clauses the first solve loaded (none before it): its native proof starts from them
    /// and does not hold them.
    pub fn initial_clauses(&self) -> usize {
        self.initial_clauses
    }

    /// A solver with no clauses that gives up at `deadline` and writes its native proof (every
    /// clause added, every solve and its result) to `proof`, if given.
    pub fn with_proof(
        deadline: Option<Instant>,
        proof: Option<Box<dyn io::Write>>,
    ) -> DeadlineSolver {
        DeadlineSolver::with_budget(deadline, None, proof)
    }

    /// As [`DeadlineSolver::with_proof`], and giving up too once its solves have met
    /// `conflict_budget` conflicts in all, if given ([`Stop::ConflictBudget`]). Conflicts are
    /// counted as the proof is written, in pieces, so a solve may pass the budget by the few
    /// that one piece holds; the same formula stops at the same point on every run.
    pub fn with_budget(
        deadline: Option<Instant>,
        conflict_budget: Option<u64>,
        proof: Option<Box<dyn io::Write>>,
    ) -> DeadlineSolver {
        let conflicts = Arc::new(AtomicU64::new(0));
        let cancel = cancel::current_flag();
        let proof_written = proof.is_some();
        let sink = DeadlineSink::new(deadline, cancel.clone(), conflict_budget, &conflicts, proof);
        DeadlineSolver {
            solver: sink.into_solver(),
            proof_written,
            flips: PhaseFlips::none(),
            fresh_start: None,
            restart_scale: None,
            deadline,
            cancel,
            conflict_budget,
            loaded_clauses: 0,
            initial_clauses: 0,
            conflicts,
            solve_calls: 0,
            solve_seconds: 0.0,
        }
    }

    /// Solves `formula` (the clauses the solver was given before, and those added to the formula
    /// since) under `assumptions`: the value of every variable by index, `None` when
    /// unsatisfiable, or the stop at the deadline or the conflict budget (after which every call
    /// stops at once, loading nothing).
    pub fn solve(
        &mut self,
        formula: &Formula,
        assumptions: &[Lit],
    ) -> Result<Option<Vec<bool>>, Stop> {
        if stopped(self.deadline, &self.cancel) {
            return Err(Stop::Timeout);
        }
        let started = Instant::now();
        self.start_afresh_if_due();
        let mut renamed = Vec::new();
        for clause in formula.clauses_from(self.loaded_clauses) {
            renamed.clear();
            renamed.extend(clause.iter().map(|&lit| self.flips.map(lit)));
            self.solver.add_clause(&renamed);
        }
        if self.solve_calls == 0 {
            self.initial_clauses = formula.clause_count();
        }
        self.loaded_clauses = formula.clause_count();
        renamed.clear();
        renamed.extend(assumptions.iter().map(|&lit| self.flips.map(lit)));
        self.solver.assume(&renamed);
        let result = self.solver.solve();
        self.solve_calls += 1;
        self.solve_seconds += started.elapsed().as_secs_f64();
        match result {
            Ok(true) => {
                let model = self.solver.model().unwrap_or_default();
                Ok(Some(self.flips.values_of(&model)))
            }
            Ok(false) => Ok(None),
            // A proof error is the deadline, or a proof target that failed (its owner knows
            // why); the solver cannot be used again after it.
            Err(_) => {
                let timed_out = stopped(self.deadline, &self.cancel);
                let spent = self
                    .conflict_budget
                    .is_some_and(|budget| self.conflicts() >= budget);
                self.deadline = Some(started);
                Err(match (timed_out, spent) {
                    (true, _) => Stop::Timeout,
                    (false, true) => Stop::ConflictBudget,
                    (false, false) => Stop::InternalError,
                })
            }
        }
    }

    /// The assumptions that made the last solve unsatisfiable (some of them, not always the
    /// fewest; none when the formula has no model even without them), in the formula's terms:
    /// `None` unless the last solve found no model.
    pub fn failed_assumptions(&self) -> Option<Vec<Lit>> {
        let core = self.solver.failed_core()?;
        Some(core.iter().map(|&lit| self.flips.map(lit)).collect())
    }

    /// Restarts the solver's search on Luby's sequence times `conflicts` (varisat's default is
    /// 128).
    pub fn restart_every(&mut self, conflicts: u64) {
        self.restart_scale = Some(conflicts.max(1));
        self.apply_restart_scale();
    }

    /// Gives the solver the restarts' scale, if one was set.
    fn apply_restart_scale(&mut self) {
        if let Some(scale) = self.restart_scale {
            let mut update = SolverConfigUpdate::new();
            update.luby_restart_interval_scale = Some(scale);
            // The update is in range (at least 1), so varisat accepts it.
            let _ = self.solver.config(&update);
        }
    }

    /// Makes the next solve start afresh from the phases of `flips`: a new varisat solver is given
    /// the whole formula with the variables of `flips` negated, so that it tries them true first
    /// (see [`super::phases`]), and the clauses learnt so far are dropped; the conflicts are still
    /// counted in the same total. The answers mean what they meant: models come back in the
    /// formula's terms, and an UNSAT of the renamed formula is one of the formula. Returns false,
    /// and changes nothing, when the solver writes a proof (a fresh solver would start a new one).
    pub fn rephase(&mut self, flips: PhaseFlips) -> bool {
        if self.proof_written {
            return false;
        }
        self.fresh_start = Some(flips);
        true
    }

    /// Starts afresh as [`DeadlineSolver::rephase`] asked, if it did: the solve that follows
    /// gives the new solver every clause.
    fn start_afresh_if_due(&mut self) {
        let Some(flips) = self.fresh_start.take() else {
            return;
        };
        self.flips = flips;
        let sink = DeadlineSink::new(
            self.deadline,
            self.cancel.clone(),
            self.conflict_budget,
            &self.conflicts,
            None,
        );
        self.solver = sink.into_solver();
        self.apply_restart_scale();
        self.loaded_clauses = 0;
    }

    /// Conflicts met in every solve so far.
    pub fn conflicts(&self) -> u64 {
        self.conflicts.load(Ordering::Relaxed)
    }

    /// Ends the proof: writes its last step and flushes the target.
    pub fn close_proof(&mut self) -> Result<(), Stop> {
        self.solver.close_proof().map_err(|_| {
            if self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
            {
                Stop::Timeout
            } else {
                Stop::InternalError
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::SplitMix64;
    use varisat::Var;

    /// Whether `values` satisfy every clause of `formula`.
    fn satisfies(formula: &Formula, values: &[bool]) -> bool {
        formula.clauses().all(|clause| {
            clause
                .iter()
                .any(|lit| values[lit.index()] == lit.is_positive())
        })
    }

    /// A chain of implications x0 -> x1 -> ... -> x9 with x0 true (and the clause x8 or x9,
    /// which it implies): satisfiable only with every variable true.
    fn chain() -> (Formula, Vec<Var>) {
        let mut formula = Formula::new();
        let vars = formula.new_vars(10);
        formula.add_clause(&[vars[0].positive()]);
        for pair in vars.windows(2) {
            formula.add_clause(&[pair[0].negative(), pair[1].positive()]);
        }
        formula.add_clause(&[vars[8].positive(), vars[9].positive()]);
        (formula, vars)
    }

    #[test]
    fn a_fresh_start_from_other_phases_gives_models_in_the_formulas_terms() {
        let (mut formula, vars) = chain();
        let mut solver = DeadlineSolver::with_proof(None, None);
        let first = solver.solve(&formula, &[]).unwrap().unwrap();
        assert!(satisfies(&formula, &first));
        let mut rng = SplitMix64::new(5);
        for _ in 0..4 {
            assert!(solver.rephase(PhaseFlips::random(10, 50, &mut rng)));
            let model = solver.solve(&formula, &[]).unwrap().unwrap();
            assert!(satisfies(&formula, &model));
            assert_eq!(model, vec![true; 10]);
        }
        // Clauses added after a fresh start and assumptions are renamed too.
        formula.add_clause(&[vars[3].negative(), vars[4].negative(), vars[5].positive()]);
        assert!(solver.rephase(PhaseFlips::random(10, 50, &mut rng)));
        assert_eq!(solver.solve(&formula, &[vars[9].negative()]).unwrap(), None);
        assert!(solver
            .solve(&formula, &[vars[5].positive()])
            .unwrap()
            .is_some());
        assert_eq!(solver.solve_calls(), 7);
    }

    #[test]
    fn an_unsatisfiable_formula_stays_so_after_a_fresh_start() {
        let (mut formula, vars) = chain();
        formula.add_clause(&[vars[9].negative()]);
        let mut solver = DeadlineSolver::with_proof(None, None);
        assert_eq!(solver.solve(&formula, &[]).unwrap(), None);
        let mut rng = SplitMix64::new(9);
        assert!(solver.rephase(PhaseFlips::random(10, 50, &mut rng)));
        assert_eq!(solver.solve(&formula, &[]).unwrap(), None);
    }

    #[test]
    fn a_solver_that_writes_a_proof_does_not_start_afresh() {
        let (formula, _) = chain();
        let mut solver = DeadlineSolver::with_proof(None, Some(Box::new(io::sink())));
        assert!(solver.solve(&formula, &[]).unwrap().is_some());
        let flips = PhaseFlips::random(10, 100, &mut SplitMix64::new(1));
        assert!(!solver.rephase(flips));
        assert_eq!(solver.solve(&formula, &[]).unwrap(), Some(vec![true; 10]));
    }
}
