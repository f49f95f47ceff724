//! Cardinality constraints: exactly one or exactly two of a set of literals.

use crate::engine::sat::cnf::formula::Formula;
use crate::graph::cycle::CycleGraph;
use itertools::Itertools;
use varisat::Lit;

/// Sets larger than this use a totalizer (or a sequential counter) instead of direct clauses.
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
    if !direct(formula, literals, k) {
        // More than DIRECT_LIMIT literals, so the count reaches k + 1.
        let at_least = unary_count(formula, literals, k + 1);
        formula.add_clause(&[at_least[k - 1]]);
        formula.add_clause(&[!at_least[k]]);
    }
}

/// An encoding of "exactly `k` of these literals" ([`exactly`] or [`exactly_chained`]).
pub type Exactly = fn(&mut Formula, &[Lit], usize);

/// The encoding of the degree constraints of `graph`'s vertices: sequential counters for an open
/// tour's graph (one with a virtual vertex), totalizers otherwise. The totalizers were measured
/// on the FHCP graphs, all closed; on open tours of boards, where the virtual vertex is joined to
/// every square an end may take and a king's or knight's square has up to 9 edges, the counters
/// answered faster: on the king's boards with 30% holes at 200 x 200, seeds 1 to 12
/// (docs/benchmarks.md), all twelve, seed 3 in 2.1 s against 8.2 s.
pub fn exactly_for(graph: &CycleGraph) -> Exactly {
    if graph.virtual_vertex().is_some() {
        exactly_chained
    } else {
        exactly
    }
}

/// As [`exactly`], with a sequential counter (Sinz 2005) with `k` register bits per literal in
/// place of the totalizer.
pub fn exactly_chained(formula: &mut Formula, literals: &[Lit], k: usize) {
    if !direct(formula, literals, k) {
        sequential_counter(formula, literals, k);
    }
}

/// Adds the clauses of [`exactly`] for a set of at most [`DIRECT_LIMIT`] literals (or fewer
/// than `k`: the empty clause) and says whether it did; a larger set is left to the caller.
fn direct(formula: &mut Formula, literals: &[Lit], k: usize) -> bool {
    debug_assert!(k == 1 || k == 2);
    if literals.len() < k {
        formula.add_clause(&[]);
        return true;
    }
    if literals.len() > DIRECT_LIMIT {
        return false;
    }
    for subset in literals.iter().combinations(k + 1) {
        let clause: Vec<Lit> = subset.iter().map(|&&lit| !lit).collect();
        formula.add_clause(&clause);
    }
    for subset in literals.iter().combinations(literals.len() - k + 1) {
        let clause: Vec<Lit> = subset.into_iter().copied().collect();
        formula.add_clause(&clause);
    }
    true
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

    /// Counts the models of `encode(k)` over `n` literals by enumerating assignments.
    fn count_models_of(encode: Exactly, n: usize, k: usize) -> usize {
        let mut formula = Formula::new();
        let literals: Vec<Lit> = formula.new_vars(n).iter().map(|v| v.positive()).collect();
        encode(&mut formula, &literals, k);
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

    /// Counts the models of `exactly(k)` over `n` literals.
    fn count_models(n: usize, k: usize) -> usize {
        count_models_of(exactly, n, k)
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
    fn sequential_counters_count_exactly() {
        for n in [5, 9, 10, 11] {
            assert_eq!(count_models_of(exactly_chained, n, 1), n);
            assert_eq!(count_models_of(exactly_chained, n, 2), n * (n - 1) / 2);
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
