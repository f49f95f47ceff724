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

#[doc(hidden)]
// Public for the command line's output files; not part of the library's surface.
pub mod atomic_file;
pub mod bench;
pub mod board;
pub mod compare;
pub mod count;
pub(crate) mod cut_squares;
pub mod engine;
pub mod format;
pub mod gen;
pub mod gen_graph;
pub mod graph;
pub mod graph_file;
pub mod graph_problem;
pub mod judge;
pub mod names;
pub mod piece;
pub(crate) mod plural;
pub mod problem;
// Not part of the API (hidden from the docs): the tests sample boards with the generator that
// `gen` uses.
#[doc(hidden)]
pub mod rng;
pub mod serve;
pub mod square;
pub mod text_input;
pub mod tour;
pub mod verify;
pub mod verify_graph;
pub mod verify_stream;

pub use board::{Board, BoardError, MarkedEnds, Square};
pub use engine::{Answer, Impossibility, Limits, Order, Solution, SolveOptions, Stats};
pub use piece::{MoveGraph, Piece};
pub use problem::{Problem, TourShape};
pub use tour::Tour;
pub use verify::{verify, TourError};
