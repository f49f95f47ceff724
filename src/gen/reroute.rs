//! Rerouting a loop inside a rectangle after squares there were shaded or opened, the loop
//! kept as it is outside.
//!
//! Before the change, the circuit's runs outside the rectangle are read off (each entering at
//! one square inside and leaving at another, as [`super::window`] reads them). The change may
//! touch only squares whose neighbours all lie inside the rectangle or off the board, so the
//! squares inside that the runs meet stay free. The new loop is then a Hamiltonian cycle of a
//! small graph: the free squares inside, their rook moves, and one vertex per run joined to the
//! two squares it meets; the SAT engine finds one or proves that there is none.

use super::window::{rook_edges, Rect};
use super::{Circuit, GenError, Grid};
use crate::core::board::Square;
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::SatOptions;
use crate::engine::{Limits, Stop};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::collections::HashMap;

/// The circuit's runs outside a rectangle: for each, the square inside before it, its first
/// and last squares, and the square inside after it.
pub(super) struct Runs {
    rect: Rect,
    runs: Vec<[Square; 4]>,
}

impl Runs {
    /// The runs of the circuit of `length` squares outside `rect`; `None` when none of its
    /// squares is inside, or a run leaves and re-enters at one square.
    pub(super) fn of(grid: &Grid, circuit: &Circuit, length: usize, rect: Rect) -> Option<Runs> {
        let start = rect
            .squares(grid.cols)
            .find(|&square| grid.free[square as usize])?;
        let walk = circuit.walk(start, length);
        let walk = walk.squares();
        let mut runs = Vec::new();
        let mut index = 0;
        while index < walk.len() {
            if rect.holds(walk[index], grid.cols) {
                index += 1;
                continue;
            }
            let first = index;
            while index < walk.len() && !rect.holds(walk[index], grid.cols) {
                index += 1;
            }
            let (before, after) = (walk[first - 1], walk[index % walk.len()]);
            if before == after {
                return None;
            }
            runs.push([before, walk[first], walk[index - 1], after]);
        }
        Some(Runs { rect, runs })
    }

    /// A new circuit through every free square of `grid` (changed inside the rectangle since
    /// the runs were read), equal to `circuit` outside the rectangle; `None` when the solver
    /// proves that there is none.
    pub(super) fn reroute(
        &self,
        grid: &Grid,
        circuit: &Circuit,
        limits: &Limits,
    ) -> Result<Option<Circuit>, GenError> {
        let squares: Vec<Square> = self
            .rect
            .squares(grid.cols)
            .filter(|&square| grid.free[square as usize])
            .collect();
        let vertex_of: HashMap<Square, Vertex> = squares
            .iter()
            .enumerate()
            .map(|(vertex, &square)| (square, vertex as Vertex))
            .collect();
        let mut edges = rook_edges(grid, &squares, &vertex_of);
        for (run, &[before, _, _, after]) in self.runs.iter().enumerate() {
            let (Some(&before), Some(&after)) = (vertex_of.get(&before), vertex_of.get(&after))
            else {
                return Ok(None);
            };
            let vertex = (squares.len() + run) as Vertex;
            edges.push((before, vertex));
            edges.push((after, vertex));
        }
        let vertex_count = squares.len() + self.runs.len();
        if vertex_count < 3 {
            return Ok(None);
        }
        let graph = CycleGraph::from_edges(vertex_count, &edges);
        let mut refinement = Refinement::of_cycle_graph(graph, &SatOptions::default(), limits);
        let cycle = match refinement.cycle_through(&[]) {
            Ok(Some(cycle)) => cycle,
            Ok(None) => return Ok(None),
            Err(Stop::Timeout) => {
                return Err(GenError::Failed(
                    "timed out before the puzzle was unique".to_string(),
                ))
            }
            Err(stop) => {
                return Err(GenError::Failed(format!(
                    "rerouting the loop failed: {stop:?}"
                )))
            }
        };
        let mut partners = circuit.partners.clone();
        let square_of = |vertex: Vertex, from: Square| -> Square {
            match (vertex as usize).checked_sub(squares.len()) {
                None => squares[vertex as usize],
                Some(run) => {
                    let [before, first, last, _] = self.runs[run];
                    if from == before {
                        first
                    } else {
                        last
                    }
                }
            }
        };
        for (index, &vertex) in cycle.iter().enumerate() {
            let Some(&square) = squares.get(vertex as usize) else {
                continue;
            };
            let before = cycle[(index + cycle.len() - 1) % cycle.len()];
            let after = cycle[(index + 1) % cycle.len()];
            // A run's vertex joins only the two squares it met before, so its ends keep their
            // partners.
            let [a, b] = [square_of(before, square), square_of(after, square)];
            partners[square as usize] = [a, b];
        }
        Ok(Some(Circuit { partners }))
    }
}
