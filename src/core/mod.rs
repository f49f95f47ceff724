//! The ground floor: boards, squares, pieces and their moves, tour problems, tours, and the
//! plumbing every layer above shares (named values, bounded text input, output files written
//! whole, counted words, the phase and counter of long work, a seeded random generator).

pub(crate) mod adjacency;
pub mod atomic_file;
pub mod board;
pub mod names;
pub mod piece;
pub(crate) mod plural;
pub mod problem;
pub mod progress;
pub mod rng;
pub mod square;
pub mod text_input;
pub mod tour;
