//! Graphs: the cycle graph every engine shares, tour problems on graph files, the files
//! themselves, generated graphs and cut squares.

pub(crate) mod cut_squares;
pub mod cycle;
pub mod file;
pub mod generate;
pub mod problem;
