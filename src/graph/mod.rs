//! Graphs: the cycle graph every engine shares, tour problems on graph files, the files
//! themselves, generated graphs, cut squares, blocks and two-edge cuts.

pub(crate) mod blocks;
pub(crate) mod cut_squares;
pub mod cycle;
pub mod file;
pub mod generate;
pub mod problem;
pub(crate) mod two_edge_cuts;
