//! CNF formulas and the solver they go to: the plumbing under every encoding and every solve.
//!
//! `formula` holds clauses in one flat buffer of literals, `solver` runs an incremental varisat
//! solver that stops at a deadline, `conflicts` counts its conflicts from its proof, and `phases`
//! renames variables so that a fresh solver starts from random phases.

pub mod conflicts;
pub mod formula;
pub mod phases;
pub mod solver;
