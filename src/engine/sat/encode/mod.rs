//! The encodings: a tour problem's cycle graph as CNF, one file per encoding, and what they share.
//!
//! One file per encoding, beside its page in `encodings/`: `cutset`, `arcs` (`cutset-arcs`, and
//! the successor arcs that `position` and `crt` build on), `position`, `crt`. They share
//! `cardinality` (exactly one or two of a set of literals) and `moves` (the variables that stand
//! for moves, and how a model's moves are read back as cycles); `connectivity` lays a complete
//! encoding's positions over a lazy encoding's moves.

pub mod arcs;
pub mod cardinality;
pub mod connectivity;
pub mod crt;
pub mod cutset;
pub mod moves;
pub mod position;
