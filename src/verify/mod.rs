//! The independent verifiers: a board's tour, a streamed tour, a graph's tour. They share no
//! code with the engines.

pub mod board;
pub mod graph;
pub mod stream;
