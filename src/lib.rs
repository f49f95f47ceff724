//! toursat: rook circuits and knight's tours on chess-like boards, by SAT and by search.
//!
//! A [`Problem`] is a [`Board`] (with blocked squares), a [`Piece`] and the shape of tour
//! (closed or open, with fixed ends if wanted). [`engine::solve`] answers it with a [`Tour`]
//! that has passed [`verify()`], a proof that no tour exists, or a stop at a limit.
//!
//! ```
//! use toursat::{engine, Answer, Board, Piece, Problem, SolveOptions, TourShape};
//! let problem = Problem::new(Board::new(5, 6).unwrap(), Piece::Knight, TourShape::Open)
//!     .with_start(0);
//! let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
//! let Answer::Found(tour) = solution.answer else { panic!() };
//! assert_eq!(tour.len(), 30);
//! ```

pub mod bench;
pub mod compare;
pub mod core;
pub mod count;
pub mod deduce;
pub mod engine;
pub mod format;
pub mod gen;
pub mod graph;
pub mod judge;
pub mod serve;
pub mod verify;

pub use crate::core::board::{Board, BoardError, MarkedEnds, Square};
pub use crate::core::piece::{MoveGraph, Piece};
pub use crate::core::problem::{Problem, TourShape};
pub use crate::core::tour::Tour;
pub use engine::{Answer, Impossibility, Limits, Order, Solution, SolveOptions, Stats};
pub use verify::board::{verify, TourError};
