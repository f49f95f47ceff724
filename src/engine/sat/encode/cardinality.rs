//! Cardinality constraints: exactly one or exactly two of a set of literals.

use crate::engine::sat::cnf::formula::Formula;
use itertools::Itertools;
use varisat::Lit;

/// Sets larger than this use a totalizer instead of direct clauses.
const DIRECT_LIMIT: usize = 8;

/// Adds clauses saying that exactly `k` (1 or 2) of `literals` are true.
///
/// Small sets get direct clauses (every `k + 1` literals not all true; every `n - k + 1`
/// literals not all false); larger ones a totalizer (Bailleux and Boufkhad 2003) that counts to
/// `k + 1`, whose count must be `k`. A totalizer is a balanced tree, so a literal set or cleared
/// reaches the count in about log2 `n` steps, where a sequential counter's chain is `n` long:
/// on graphs with vertices of hundreds of edges (FHCP graph405 has one of 752) varisat spent
/// most of its time analysing conflicts along such chains (docs/fhcp.md).
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
        // More than DIRECT_LIMIT literals, so the count reaches k + 1.
        let at_least = unary_count(formula, literals, k + 1);
        formula.add_clause(&[at_least[k - 1]]);
        formula.add_clause(&[!at_least[k]]);
    }
}

/// A totalizer's count of `literals` (at least one), in unary up to `cap`: literal `i` of the
/// result is true exactly when at least `i + 1` of `literals` are (the last, `cap` or more).
/// The two halves are counted first, the first half first; then the node's own variables and,
/// for every `i` counted in the first half and `j` in the second, `i + j` counted here (capped)
/// and, below the cap, more than `i + j` here only with more than `i` or more than `j` there.
fn unary_count(formula: &mut Formula, literals: &[Lit], cap: usize) -> Vec<Lit> {
    if let [literal] = literals {
        return vec![*literal];
    }
    let (first, second) = literals.split_at(literals.len() / 2);
    let first = unary_count(formula, first, cap);
    let second = unary_count(formula, second, cap);
    let size = (first.len() + second.len()).min(cap);
    let at_least: Vec<Lit> = formula
        .new_vars(size)
        .iter()
        .map(|var| var.positive())
        .collect();
    for i in 0..=first.len() {
        for j in 0..=second.len() {
            if i + j >= 1 {
                let mut clause = vec![at_least[(i + j).min(size) - 1]];
                clause.extend(i.checked_sub(1).map(|below| !first[below]));
                clause.extend(j.checked_sub(1).map(|below| !second[below]));
                formula.add_clause(&clause);
            }
            if i + j < size {
                let mut clause = vec![!at_least[i + j]];
                clause.extend(first.get(i).copied());
                clause.extend(second.get(j).copied());
                formula.add_clause(&clause);
            }
        }
    }
    at_least
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
        let mut solver = Solver::new();
        for clause in formula.clauses() {
            solver.add_clause(clause);
        }
        let mut models = 0;
        for assignment in 0u32..1 << n {
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
    fn totalizers_count_exactly() {
        for n in 9..=12 {
            assert_eq!(count_models(n, 1), n);
            assert_eq!(count_models(n, 2), n * (n - 1) / 2);
        }
    }

    #[test]
    fn too_few_literals_is_unsatisfiable() {
        let mut formula = Formula::new();
        let a = formula.new_var().positive();
        exactly(&mut formula, &[a], 2);
        assert!(formula.clauses().any(|clause| clause.is_empty()));
    }
}
