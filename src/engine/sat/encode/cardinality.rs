//! Cardinality constraints: exactly one or exactly two of a set of literals.

use crate::engine::sat::cnf::formula::Formula;
use itertools::Itertools;
use varisat::Lit;

/// Sets larger than this use a sequential counter instead of direct clauses.
const DIRECT_LIMIT: usize = 8;

/// Adds clauses saying that exactly `k` (1 or 2) of `literals` are true.
///
/// Small sets get direct clauses (every `k + 1` literals not all true; every `n - k + 1`
/// literals not all false); larger ones a sequential counter (Sinz 2005) with `k` register bits
/// per literal.
pub fn exactly(formula: &mut Formula, literals: &[Lit], k: usize) {
    debug_assert!(k == 1 || k == 2);
    if literals.len() < k {
        formula.add_clause(&[]);
        return;
    }
    if literals.len() <= DIRECT_LIMIT {
        for subset in literals.iter().combinations(k + 1) {
            let clause: Vec<Lit> = subset.iter().map(|&&lit| !lit).collect();
            formula.add_clause(&clause);
        }
        for subset in literals.iter().combinations(literals.len() - k + 1) {
            let clause: Vec<Lit> = subset.into_iter().copied().collect();
            formula.add_clause(&clause);
        }
    } else {
        sequential_counter(formula, literals, k);
    }
}

/// `at_least[j]` after literal `i` is true exactly when at least `j + 1` of the first `i + 1`
/// literals are true; the last register must reach `k` and no literal may push it past `k`.
fn sequential_counter(formula: &mut Formula, literals: &[Lit], k: usize) {
    let mut previous: Vec<Option<Lit>> = vec![None; k];
    for &lit in literals {
        let current: Vec<Lit> = formula
            .new_vars(k)
            .iter()
            .map(|var| var.positive())
            .collect();
        for j in 0..k {
            let below = if j == 0 { None } else { previous[j - 1] };
            // Carried over: at least j+1 before implies at least j+1 now.
            if let Some(prev) = previous[j] {
                formula.add_clause(&[!prev, current[j]]);
            }
            // Counted: lit and at least j before imply at least j+1 now.
            match (j, below) {
                (0, _) => formula.add_clause(&[!lit, current[0]]),
                (_, Some(below)) => formula.add_clause(&[!below, !lit, current[j]]),
                (_, None) => {}
            }
            // Justified: at least j+1 now needs it before, or lit and j before.
            let mut reason = vec![!current[j]];
            reason.extend(previous[j]);
            formula.add_clause(&[reason.clone(), vec![lit]].concat());
            if j > 0 {
                match below {
                    Some(below) => formula.add_clause(&[reason, vec![below]].concat()),
                    None => formula.add_clause(&reason),
                }
            }
        }
        // Never more than k.
        if let Some(full) = previous[k - 1] {
            formula.add_clause(&[!full, !lit]);
        }
        previous = current.into_iter().map(Some).collect();
    }
    if let Some(last) = previous[k - 1] {
        formula.add_clause(&[last]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{ExtendFormula, Solver};

    /// Counts the models of `exactly(k)` over `n` literals by enumerating assignments.
    fn count_models(n: usize, k: usize) -> usize {
        let mut formula = Formula::new();
        let literals: Vec<Lit> = formula.new_vars(n).iter().map(|v| v.positive()).collect();
        exactly(&mut formula, &literals, k);
        let mut models = 0;
        for assignment in 0u32..1 << n {
            let mut solver = Solver::new();
            for clause in formula.clauses() {
                solver.add_clause(clause);
            }
            let fixed: Vec<Lit> = (0..n)
                .map(|i| {
                    if assignment >> i & 1 == 1 {
                        literals[i]
                    } else {
                        !literals[i]
                    }
                })
                .collect();
            solver.assume(&fixed);
            if solver.solve().unwrap_or(false) {
                assert_eq!(assignment.count_ones() as usize, k);
                models += 1;
            }
        }
        models
    }

    #[test]
    fn direct_clauses_count_exactly() {
        assert_eq!(count_models(5, 2), 10);
        assert_eq!(count_models(4, 1), 4);
    }

    #[test]
    fn sequential_counter_counts_exactly() {
        assert_eq!(count_models(10, 2), 45);
        assert_eq!(count_models(11, 1), 11);
    }

    #[test]
    fn too_few_literals_is_unsatisfiable() {
        let mut formula = Formula::new();
        let a = formula.new_var().positive();
        exactly(&mut formula, &[a], 2);
        assert!(formula.clauses().any(|clause| clause.is_empty()));
    }
}
