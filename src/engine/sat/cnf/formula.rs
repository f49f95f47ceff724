//! CNF formulas: one flat buffer of literals plus clause ends.

use varisat::{Lit, Var};

/// A CNF formula whose clauses are stored back to back in one buffer.
///
/// A formula may have a limit on its literals: a clause that would take it past the limit is
/// not stored, and the formula is marked [`over_limit`](Formula::over_limit). It is then only
/// good for refusing the problem before memory runs out: the encoders stop filling it, so even
/// its variables are not all there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Formula {
    var_count: usize,
    literals: Vec<Lit>,
    clause_ends: Vec<usize>,
    literal_limit: Option<usize>,
    over_limit: bool,
}

impl Formula {
    /// An empty formula with no variables.
    pub fn new() -> Formula {
        Formula::default()
    }

    /// An empty formula that stores at most `limit` literals.
    pub fn with_literal_limit(limit: usize) -> Formula {
        Formula {
            literal_limit: Some(limit),
            ..Formula::default()
        }
    }

    /// Whether a clause was left out because it would have passed the literal limit.
    pub fn over_limit(&self) -> bool {
        self.over_limit
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        self.var_count += 1;
        Var::from_index(self.var_count - 1)
    }

    /// `count` fresh variables, in order.
    pub fn new_vars(&mut self, count: usize) -> Vec<Var> {
        (0..count).map(|_| self.new_var()).collect()
    }

    /// Adds a clause (a disjunction of literals), unless it would pass the literal limit.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        let needed = self.literals.len() + clause.len();
        if let Some(limit) = self.literal_limit {
            if needed > limit {
                self.over_limit = true;
                return;
            }
            // Grow as a vector does, but never past the limit.
            if needed > self.literals.capacity() {
                let target = (self.literals.capacity() * 2).max(needed).min(limit);
                self.literals.reserve_exact(target - self.literals.len());
            }
        }
        self.literals.extend_from_slice(clause);
        self.clause_ends.push(self.literals.len());
    }

    /// Number of variables.
    pub fn var_count(&self) -> usize {
        self.var_count
    }

    /// Number of clauses.
    pub fn clause_count(&self) -> usize {
        self.clause_ends.len()
    }

    /// The clauses in the order they were added.
    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        let starts = std::iter::once(0).chain(self.clause_ends.iter().copied());
        starts
            .zip(self.clause_ends.iter().copied())
            .map(|(start, end)| &self.literals[start..end])
    }

    /// The clauses added since clause number `first` (for loading a formula in parts).
    pub fn clauses_from(&self, first: usize) -> impl Iterator<Item = &[Lit]> + '_ {
        self.clauses().skip(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_come_back_in_order() {
        let mut formula = Formula::new();
        let a = formula.new_var();
        let b = formula.new_var();
        formula.add_clause(&[a.positive(), b.negative()]);
        formula.add_clause(&[b.positive()]);
        let clauses: Vec<&[Lit]> = formula.clauses().collect();
        assert_eq!(
            clauses,
            [&[a.positive(), b.negative()][..], &[b.positive()][..]]
        );
        assert_eq!(formula.clauses_from(1).count(), 1);
        assert_eq!(formula.var_count(), 2);
        assert!(!formula.over_limit());
    }

    #[test]
    fn clauses_past_the_literal_limit_are_left_out_and_marked() {
        let mut formula = Formula::with_literal_limit(3);
        let [a, b] = [formula.new_var(), formula.new_var()];
        formula.add_clause(&[a.positive(), b.positive()]);
        formula.add_clause(&[a.negative()]);
        assert!(!formula.over_limit());
        formula.add_clause(&[b.negative()]);
        assert!(formula.over_limit());
        assert_eq!(formula.clause_count(), 2);
        formula.new_var();
        assert_eq!(formula.var_count(), 3, "variables are still counted");
    }
}
