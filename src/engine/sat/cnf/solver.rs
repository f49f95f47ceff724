//! An incremental varisat solver that stops at a deadline or after a number of conflicts.
//!
//! varisat 0.2.2 has no interrupt and no conflict counter. The solver writes its native proof
//! (which, unlike its DRAT output, allows clauses added between solves and assumptions) into a
//! sink that counts the conflicts in it and fails once the deadline has passed or the conflicts
//! have reached their budget; the failed write ends the solve with an error, which this module
//! reports as a timeout or a spent budget. A raised cancel flag (`engine::cancel`)
//! stops it as the deadline does. The sink discards the proof, or passes it on to a
//! proof target (a tee) when the proof is wanted.

use crate::engine::cancel;
use crate::engine::sat::cnf::conflicts::ConflictCounter;
use crate::engine::sat::cnf::formula::Formula;
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

/// A varisat solver fed from a [`Formula`], solving under assumptions until a deadline.
pub struct DeadlineSolver {
    solver: Solver<'static>,
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
        let mut solver = Solver::new();
        let conflicts = Arc::new(AtomicU64::new(0));
        let cancel = cancel::current_flag();
        let sink = DeadlineSink {
            deadline,
            cancel: cancel.clone(),
            conflict_budget,
            conflicts: Arc::clone(&conflicts),
            target: proof,
            counter: ConflictCounter::new(Arc::clone(&conflicts)),
        };
        solver.write_proof(sink, ProofFormat::Varisat);
        DeadlineSolver {
            solver,
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
        for clause in formula.clauses_from(self.loaded_clauses) {
            self.solver.add_clause(clause);
        }
        if self.solve_calls == 0 {
            self.initial_clauses = formula.clause_count();
        }
        self.loaded_clauses = formula.clause_count();
        let started = Instant::now();
        self.solver.assume(assumptions);
        let result = self.solver.solve();
        self.solve_calls += 1;
        self.solve_seconds += started.elapsed().as_secs_f64();
        match result {
            Ok(true) => {
                let model = self.solver.model().unwrap_or_default();
                let mut values = vec![false; model.len()];
                for lit in model {
                    if let Some(value) = values.get_mut(lit.index()) {
                        *value = lit.is_positive();
                    }
                }
                Ok(Some(values))
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

    /// Restarts the solver's search on Luby's sequence times `conflicts` (varisat's default is
    /// 128).
    pub fn restart_every(&mut self, conflicts: u64) {
        let mut update = SolverConfigUpdate::new();
        update.luby_restart_interval_scale = Some(conflicts.max(1));
        // The update is in range (at least 1), so varisat accepts it.
        let _ = self.solver.config(&update);
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
