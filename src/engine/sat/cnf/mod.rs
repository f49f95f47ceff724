//! CNF formulas and the solver they go to: the plumbing under every encoding and every solve.
//!
//! `formula` holds clauses in one flat buffer of literals, `solver` runs an incremental varisat
//! solver that stops at a deadline, and `conflicts` counts its conflicts from its proof.

pub mod conflicts;
pub mod formula;
pub mod solver;
