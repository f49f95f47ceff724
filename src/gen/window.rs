//! A window's loop question: can the loop change inside a rectangle while it stays as it is
//! everywhere outside?
//!
//! With every square outside the rectangle keeping both its circuit moves, a loop of the board
//! is the circuit's runs outside (each entering the rectangle at one square and leaving at
//! another) joined by paths inside. So the question is a Hamiltonian cycle of a small graph:
//! the free squares inside, their rook moves, and one vertex per outside run joined to the two
//! squares it meets. Its cycles are exactly the board's loops that agree with the circuit
//! outside the rectangle, which makes the question as small as the rectangle.

use super::{Circuit, GenError, Grid};
use crate::core::board::Square;
use crate::count::{other_cycle, CountError};
use crate::engine::{Limits, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::collections::HashMap;

/// A rectangle of the grid: its first column and row, and one past its last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rect {
    pub(super) left: u64,
    pub(super) top: u64,
    pub(super) right: u64,
    pub(super) bottom: u64,
}

impl Rect {
    /// Whether `square`, of a grid `cols` wide, lies inside.
    pub(super) fn holds(&self, square: Square, cols: u64) -> bool {
        let (x, y) = (square as u64 % cols, square as u64 / cols);
        (self.left..self.right).contains(&x) && (self.top..self.bottom).contains(&y)
    }

    /// The squares inside, row by row, of a grid `cols` wide.
    pub(super) fn squares(self, cols: u64) -> impl Iterator<Item = Square> {
        (self.top..self.bottom)
            .flat_map(move |y| (self.left..self.right).map(move |x| (y * cols + x) as Square))
    }

    /// The smallest rectangle holding `squares` and `margin` squares round them, cut to a grid
    /// of `rows` x `cols`.
    pub(super) fn round(squares: &[Square], margin: u64, rows: u64, cols: u64) -> Rect {
        let xs = squares.iter().map(|&square| square as u64 % cols);
        let ys = squares.iter().map(|&square| square as u64 / cols);
        Rect {
            left: xs.clone().min().unwrap_or(0).saturating_sub(margin),
            top: ys.clone().min().unwrap_or(0).saturating_sub(margin),
            right: (xs.max().unwrap_or(0) + 1 + margin).min(cols),
            bottom: (ys.max().unwrap_or(0) + 1 + margin).min(rows),
        }
    }
}

/// The circuit seen through a rectangle: the small graph, which square each of its first
/// vertices is, and the circuit as a cycle of it.
pub(super) struct Window {
    graph: CycleGraph,
    /// The square of each vertex inside; the vertices after them stand for outside runs.
    squares: Vec<Square>,
    /// For each outside run: the square inside before it, its first and last squares, and the
    /// square inside after it.
    runs: Vec<[Square; 4]>,
    /// The circuit as a cycle of `graph`.
    circuit: Vec<Vertex>,
}

impl Window {
    /// The circuit of `length` squares seen through `rect`; `None` when fewer than four of its
    /// squares are inside, or a run leaves and re-enters at one square.
    pub(super) fn new(grid: &Grid, circuit: &Circuit, length: usize, rect: Rect) -> Option<Window> {
        let inside = |square: Square| {
            let (x, y) = (square as u64 % grid.cols, square as u64 / grid.cols);
            (rect.left..rect.right).contains(&x) && (rect.top..rect.bottom).contains(&y)
        };
        let start = (rect.top..rect.bottom)
            .flat_map(|y| (rect.left..rect.right).map(move |x| (y * grid.cols + x) as Square))
            .find(|&square| grid.free[square as usize])?;
        let tour = circuit.walk(start, length);
        let walk = tour.squares();
        let mut vertex_of = HashMap::new();
        let mut squares = Vec::new();
        for &square in walk.iter().filter(|&&square| inside(square)) {
            vertex_of.insert(square, squares.len() as Vertex);
            squares.push(square);
        }
        if squares.len() < 4 {
            return None;
        }
        // Runs outside, in walk order: the walk starts inside, so each run has squares inside
        // before and after it (the one after may be the start, past the walk's end).
        let mut runs = Vec::new();
        let mut cycle = Vec::new();
        let mut index = 0;
        while index < walk.len() {
            if inside(walk[index]) {
                cycle.push(vertex_of[&walk[index]]);
                index += 1;
                continue;
            }
            let first = index;
            while index < walk.len() && !inside(walk[index]) {
                index += 1;
            }
            let (before, after) = (walk[first - 1], walk[index % walk.len()]);
            if before == after {
                return None;
            }
            cycle.push((squares.len() + runs.len()) as Vertex);
            runs.push([before, walk[first], walk[index - 1], after]);
        }
        let mut edges = rook_edges(grid, &squares, &vertex_of);
        for (run, &[before, _, _, after]) in runs.iter().enumerate() {
            let vertex = (squares.len() + run) as Vertex;
            edges.push((vertex_of[&before], vertex));
            edges.push((vertex_of[&after], vertex));
        }
        Some(Window {
            graph: CycleGraph::from_edges(squares.len() + runs.len(), &edges),
            squares,
            runs,
            circuit: cycle,
        })
    }

    /// A loop of the window other than the circuit's, or `None` when the solver proves there
    /// is none.
    pub(super) fn other_loop(&self, limits: &Limits) -> Result<Option<Vec<Vertex>>, GenError> {
        other_cycle(self.graph.clone(), &self.circuit, limits).map_err(|error| match error {
            CountError::Stopped(Stop::Timeout) => {
                GenError::Failed("timed out before the puzzle was unique".to_string())
            }
            other => GenError::Failed(format!("asking for a second loop failed: {other}")),
        })
    }

    /// Flags of the board's squares (of `square_count`) inside the window whose two
    /// neighbours on `other`, a loop of the window, are not those on the circuit.
    pub(super) fn differing_squares(&self, other: &[Vertex], square_count: usize) -> Vec<bool> {
        let (ours, theirs) = (self.partners(&self.circuit), self.partners(other));
        let mut differing = vec![false; square_count];
        for (vertex, &square) in self.squares.iter().enumerate() {
            let ([a, b], [c, d]) = (ours[vertex], theirs[vertex]);
            differing[square as usize] = !((a == c && b == d) || (a == d && b == c));
        }
        differing
    }

    /// The board's circuit that `other`, a loop of the window, stands for: the circuit outside,
    /// `other`'s moves inside.
    pub(super) fn circuit_of(&self, other: &[Vertex], circuit: &Circuit) -> Circuit {
        let mut partners = circuit.partners.clone();
        let theirs = self.partners(other);
        for (vertex, &square) in self.squares.iter().enumerate() {
            partners[square as usize] = theirs[vertex].map(|partner| {
                match partner.checked_sub(self.squares.len() as Vertex) {
                    None => self.squares[partner as usize],
                    Some(run) => {
                        let [before, first, last, _] = self.runs[run as usize];
                        if square == before {
                            first
                        } else {
                            last
                        }
                    }
                }
            });
        }
        Circuit { partners }
    }

    /// The two neighbours of each vertex on `cycle`, a Hamiltonian cycle of the graph.
    fn partners(&self, cycle: &[Vertex]) -> Vec<[Vertex; 2]> {
        let mut partners = vec![[0, 0]; cycle.len()];
        for (index, &vertex) in cycle.iter().enumerate() {
            let before = cycle[(index + cycle.len() - 1) % cycle.len()];
            let after = cycle[(index + 1) % cycle.len()];
            partners[vertex as usize] = [before, after];
        }
        partners
    }
}

/// The rook's moves among `squares` (vertex `i` is `squares[i]`, found again by `vertex_of`),
/// each once, as edges between their vertices.
pub(super) fn rook_edges(
    grid: &Grid,
    squares: &[Square],
    vertex_of: &HashMap<Square, Vertex>,
) -> Vec<(Vertex, Vertex)> {
    let mut edges = Vec::new();
    for (vertex, &square) in squares.iter().enumerate() {
        for next in grid.rook_neighbours(square) {
            if let Some(&other) = vertex_of.get(&next) {
                if (vertex as Vertex) < other {
                    edges.push((vertex as Vertex, other));
                }
            }
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::verify::board::verify;

    /// A planted board of `rows` x `cols` with every square free, its grid and circuit.
    fn planted(rows: u64, cols: u64) -> (Grid, Circuit, usize) {
        let planted = super::super::planted(rows, cols, 1.0, 0, 1).unwrap();
        let mut grid = Grid::blocked(rows, cols).unwrap();
        let mut circuit = Circuit {
            partners: vec![[0, 0]; grid.free.len()],
        };
        let walk = planted.circuit.squares();
        for (index, &square) in walk.iter().enumerate() {
            grid.free[square as usize] = true;
            circuit.partners[square as usize] = [
                walk[(index + walk.len() - 1) % walk.len()],
                walk[(index + 1) % walk.len()],
            ];
        }
        (grid, circuit, walk.len())
    }

    fn whole(rows: u64, cols: u64) -> Rect {
        Rect {
            left: 0,
            top: 0,
            right: cols,
            bottom: rows,
        }
    }

    #[test]
    fn a_window_over_a_board_with_six_loops_finds_another_that_is_a_loop_of_the_board() {
        let (grid, circuit, length) = planted(4, 4);
        assert_eq!(length, 16);
        let window = Window::new(&grid, &circuit, length, whole(4, 4)).unwrap();
        let other = window
            .other_loop(&Limits::none())
            .unwrap()
            .expect("six loops");
        assert!(window.differing_squares(&other, 16).contains(&true));
        let other_circuit = window.circuit_of(&other, &circuit);
        let tour = other_circuit.walk(0, length);
        let problem = Problem::new(grid.to_board().unwrap(), Piece::Rook, TourShape::Closed);
        verify(&problem, &tour).unwrap();
        assert_ne!(tour, circuit.walk(0, length));
    }

    #[test]
    fn a_window_whose_outside_fixes_everything_has_no_other_loop() {
        // On 2 x 6 the one loop is the outline; a 2 x 3 window has nothing to change either.
        let (grid, circuit, length) = planted(2, 6);
        let half = Rect {
            left: 0,
            top: 0,
            right: 3,
            bottom: 2,
        };
        for rect in [whole(2, 6), half] {
            let window = Window::new(&grid, &circuit, length, rect).unwrap();
            assert_eq!(window.other_loop(&Limits::none()).unwrap(), None);
        }
    }
}
