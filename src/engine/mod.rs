//! Engines that find tours, and what they share: limits, answers and statistics (`answer`),
//! and the choice of an engine for a problem (`choose`, whose entry point is [`solve`]).

mod answer;
mod block_solve;
pub(crate) mod cancel;
mod choose;
pub mod construct;
mod cut_solve;
pub(crate) mod deadline;
pub mod flow;
mod graph_solve;
pub mod interrupt;
pub(crate) mod memory;
pub mod proof;
mod race;
pub mod sat;
pub mod search;

pub use answer::{
    Answer, ForcedEnd, ForcedProof, HallCut, Impossibility, Limits, PhaseTime, PieceProof, Pocket,
    SatStats, Stats, Stop,
};
pub use choose::{solve, EngineChoice, Order, Solution, SolveError, SolveOptions};
pub use deadline::{finish_by, GRACE};
pub use flow::factor::two_factor;
pub use graph_solve::solve_graph;
pub use memory::default_formula_literals;
pub use proof::cheap::cheap_proof;
pub use proof::regions::RegionProof;
