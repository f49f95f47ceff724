//! CNF formulas: one flat buffer of literals plus clause ends.

use varisat::{Lit, Var};

/// A CNF formula whose clauses are stored back to back in one buffer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Formula {
    var_count: usize,
    literals: Vec<Lit>,
    clause_ends: Vec<usize>,
}

impl Formula {
    /// An empty formula with no variables.
    pub fn new() -> Formula {
        Formula::default()
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

    /// Adds a clause (a disjunction of literals).
    pub fn add_clause(&mut self, clause: &[Lit]) {
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
    }
}
