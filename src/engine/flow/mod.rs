//! 2-factors by flow and matching: the flow of pieces that alternate colours, maximum
//! b-matchings of bipartite graphs, and Tutte's reduction for any graph.

pub(crate) mod b_matching;
pub(crate) mod factor;
pub(crate) mod general_factor;
