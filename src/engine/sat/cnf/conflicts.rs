//! Conflicts counted from varisat's native proof.
//!
//! varisat 0.2.2 keeps its conflict counter to itself, but its proof records every conflict: the
//! clause learned from it (an `AtClause` step whose propagation hashes name the clauses the
//! conflict analysis resolved, at least two). The only other `AtClause` steps shorten a clause by
//! its false literals and name a single clause. The counter parses the proof as the solver
//! writes it and counts the steps that name two clauses or more.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use varisat_internal_proof::binary_format::Parser;
use varisat_internal_proof::ProofStep;

/// Bytes of unparsed proof beyond which the counter gives up (a step is never this long).
const MAX_PENDING: usize = 64 << 20;

/// Reads a native proof in the pieces it is written in and counts its conflicts.
pub struct ConflictCounter {
    parser: Parser,
    /// Proof bytes not parsed yet: the start of a step whose end has not been written.
    pending: Vec<u8>,
    /// Conflicts so far, shared with the solver's owner.
    conflicts: Arc<AtomicU64>,
    /// Set when the proof could not be parsed: the count stops there.
    given_up: bool,
}

impl ConflictCounter {
    /// A counter that adds to `conflicts`.
    pub fn new(conflicts: Arc<AtomicU64>) -> ConflictCounter {
        ConflictCounter {
            parser: Parser::default(),
            pending: Vec::new(),
            conflicts,
            given_up: false,
        }
    }

    /// Reads the next piece of the proof.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.given_up {
            return;
        }
        self.pending.extend_from_slice(bytes);
        let mut unread: &[u8] = &self.pending;
        let mut conflicts = 0;
        loop {
            let before = unread.len();
            if before == 0 {
                break;
            }
            let mut rest = unread;
            match self.parser.parse_step(&mut rest) {
                Ok(ProofStep::AtClause {
                    propagation_hashes, ..
                }) => {
                    if propagation_hashes.len() >= 2 {
                        conflicts += 1;
                    }
                }
                Ok(_) => {}
                // The step is not complete yet: wait for the rest.
                Err(_) => break,
            }
            unread = rest;
        }
        let parsed = self.pending.len() - unread.len();
        self.pending.drain(..parsed);
        self.conflicts.fetch_add(conflicts, Ordering::Relaxed);
        if self.pending.len() > MAX_PENDING {
            self.given_up = true;
            self.pending = Vec::new();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sat::cnf::formula::Formula;
    use crate::engine::sat::cnf::solver::DeadlineSolver;
    use crate::engine::Stop;
    use varisat::Lit;

    /// Pigeons into holes: every pigeon in some hole, no hole with two pigeons.
    fn pigeonhole(pigeons: usize, holes: usize) -> Formula {
        let mut formula = Formula::new();
        let vars = formula.new_vars(pigeons * holes);
        let sits = |pigeon: usize, hole: usize| vars[pigeon * holes + hole].positive();
        for pigeon in 0..pigeons {
            let clause: Vec<Lit> = (0..holes).map(|hole| sits(pigeon, hole)).collect();
            formula.add_clause(&clause);
        }
        for hole in 0..holes {
            for first in 0..pigeons {
                for second in first + 1..pigeons {
                    formula.add_clause(&[!sits(first, hole), !sits(second, hole)]);
                }
            }
        }
        formula
    }

    fn conflicts_solving(formula: &Formula) -> (Option<bool>, u64) {
        let mut solver = DeadlineSolver::with_proof(None, None);
        let answer = solver.solve(formula, &[]).ok().map(|model| model.is_some());
        (answer, solver.conflicts())
    }

    #[test]
    fn a_formula_settled_by_propagation_has_no_conflict() {
        let mut formula = Formula::new();
        let vars = formula.new_vars(3);
        let [a, b, c] = [0, 1, 2].map(|index| vars[index].positive());
        formula.add_clause(&[a]);
        formula.add_clause(&[!a, b]);
        formula.add_clause(&[!b, c]);
        assert_eq!(conflicts_solving(&formula), (Some(true), 0));
    }

    #[test]
    fn refuting_pigeons_takes_conflicts_and_more_pigeons_take_more() {
        let (answer, few) = conflicts_solving(&pigeonhole(4, 3));
        assert_eq!(answer, Some(false));
        assert!(few > 0);
        let (answer, many) = conflicts_solving(&pigeonhole(7, 6));
        assert_eq!(answer, Some(false));
        assert!(many > few, "{many} conflicts for 7 pigeons, {few} for 4");
    }

    #[test]
    fn a_solve_stops_at_its_conflict_budget_and_no_sooner() {
        let formula = pigeonhole(8, 7);
        let (answer, needed) = conflicts_solving(&formula);
        assert_eq!(answer, Some(false));
        let budget = needed / 4;
        let mut solver = DeadlineSolver::with_budget(None, Some(budget), None);
        assert_eq!(solver.solve(&formula, &[]), Err(Stop::ConflictBudget));
        assert!(solver.conflicts() >= budget && solver.conflicts() < needed);
        // With room to spare, the same formula is refuted.
        let mut solver = DeadlineSolver::with_budget(None, Some(needed + 1), None);
        assert_eq!(solver.solve(&formula, &[]), Ok(None));
    }

    #[test]
    fn a_proof_written_in_single_bytes_counts_the_same() {
        let mut whole = Vec::new();
        {
            let mut solver = varisat::Solver::new();
            solver.write_proof(&mut whole, varisat::ProofFormat::Varisat);
            for clause in pigeonhole(6, 5).clauses() {
                varisat::ExtendFormula::add_clause(&mut solver, clause);
            }
            assert_eq!(solver.solve().ok(), Some(false));
            solver.close_proof().unwrap();
        }
        let count = |pieces: &mut dyn Iterator<Item = &[u8]>| {
            let conflicts = Arc::new(AtomicU64::new(0));
            let mut counter = ConflictCounter::new(Arc::clone(&conflicts));
            for piece in pieces {
                counter.feed(piece);
            }
            conflicts.load(Ordering::Relaxed)
        };
        let at_once = count(&mut std::iter::once(&whole[..]));
        assert!(at_once > 0);
        assert_eq!(count(&mut whole.chunks(1)), at_once);
        assert_eq!(count(&mut whole.chunks(7)), at_once);
    }
}
