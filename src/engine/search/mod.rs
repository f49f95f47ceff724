//! Depth-first search: any tour, and the lexicographically first one.

pub mod dfs;
pub(crate) mod lex;
