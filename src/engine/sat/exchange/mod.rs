//! What leaves or enters the engine: formulas for other solvers, their answers, certificates.
//!
//! `source` names what a formula encodes, `dimacs` writes a formula with a header that names
//! its variables, `export` makes a problem
//! into such a formula, `answer` reads what another solver answered, `model` decodes its model
//! into a verified tour, and `certify` proves no tour with a checked certificate.

pub mod answer;
pub mod certify;
pub mod dimacs;
pub mod export;
pub mod identity;
pub mod model;
pub mod source;
