//! Random phases for a solver that cannot be told them: the formula with some variables renamed
//! to their negation.
//!
//! varisat saves each variable's last value (its phase) and tries it first, and has no call that
//! sets phases. In a refinement loop that makes each model a near-copy of the one before: on graphs
//! built against cuts, thousands of models of two long cycles, each cut excluding little. A fresh
//! solver starts with every phase false; given the formula with some variables negated, it starts
//! with those true in the formula's own terms. Negating variables maps the formula's models one to
//! one onto the renamed formula's, so the renamed formula is satisfiable exactly when the formula
//! is, and an UNSAT of it is an UNSAT of the formula.

use crate::core::rng::SplitMix64;
use varisat::Lit;

/// Which variables are negated: a flag per variable, by index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhaseFlips {
    flipped: Vec<bool>,
}

impl PhaseFlips {
    /// No variable negated (the formula as it is).
    pub fn none() -> PhaseFlips {
        PhaseFlips::default()
    }

    /// Each of `var_count` variables negated with probability `percent` in a hundred, drawn
    /// from `rng`.
    pub fn random(var_count: usize, percent: u64, rng: &mut SplitMix64) -> PhaseFlips {
        let flipped = (0..var_count).map(|_| rng.below(100) < percent).collect();
        PhaseFlips { flipped }
    }

    /// Whether the variable of index `index` is negated (variables past the flags are not).
    fn flips(&self, index: usize) -> bool {
        self.flipped.get(index).copied().unwrap_or(false)
    }

    /// `lit` in the renamed formula's terms (and back: the renaming is its own inverse).
    pub fn map(&self, lit: Lit) -> Lit {
        if self.flips(lit.index()) {
            !lit
        } else {
            lit
        }
    }

    /// The formula's value of every variable, by index, from a model of the renamed formula.
    pub fn values_of(&self, model: &[Lit]) -> Vec<bool> {
        let mut values = vec![false; model.len()];
        for &lit in model {
            if let Some(value) = values.get_mut(lit.index()) {
                *value = self.map(lit).is_positive();
            }
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::Var;

    #[test]
    fn about_the_share_asked_is_flipped_and_mapping_twice_is_the_identity() {
        let flips = PhaseFlips::random(1000, 10, &mut SplitMix64::new(3));
        let flipped = (0..1000).filter(|&index| flips.flips(index)).count();
        assert!((60..140).contains(&flipped), "{flipped} of 1000 flipped");
        for index in 0..1000 {
            let lit = Var::from_index(index).positive();
            assert_eq!(flips.map(flips.map(lit)), lit);
            assert_eq!(flips.map(lit) == !lit, flips.flips(index));
        }
    }

    #[test]
    fn a_renamed_model_gives_back_the_formulas_values() {
        let flips = PhaseFlips::random(130, 50, &mut SplitMix64::new(8));
        let values: Vec<bool> = (0..130).map(|index| index % 3 == 0).collect();
        let renamed: Vec<Lit> = values
            .iter()
            .enumerate()
            .map(|(index, &value)| flips.map(Var::from_index(index).lit(value)))
            .collect();
        assert_eq!(flips.values_of(&renamed), values);
        assert_eq!(PhaseFlips::none().values_of(&renamed).len(), 130);
    }
}
