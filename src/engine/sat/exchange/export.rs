//! A tour problem made into a formula for other solvers: encoded, solved first for its cuts
//! where asked, and completed by a connectivity layer.

use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, ProblemError};
use crate::engine::proof::cheap;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::connectivity::{Connectivity, Layer};
use crate::engine::sat::exchange::dimacs::{Dimacs, SolveRecord};
use crate::engine::sat::exchange::source::Source;
use crate::engine::sat::refine::Refinement;
use crate::engine::sat::{trivial_graph_tour, trivial_tour, Encoding, SatOptions};
use crate::engine::{Impossibility, Limits, Stop};
use crate::graph::cycle::CycleGraph;
use crate::graph::problem::GraphProblem;
use std::fmt;

/// How to export a problem.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// The encoding, and the options of the solve that `cuts_from_solve` runs.
    pub sat: SatOptions,
    /// For a lazy encoding: solve first, and keep every cut the solve added.
    pub cuts_from_solve: bool,
    /// The layer that ends the formula; `None` is the default of [`default_connectivity`].
    pub connectivity: Option<Connectivity>,
}

/// The layer an export writes when none is chosen: a complete one (`crt`) after a solve for the
/// cuts of a lazy encoding, else the cuts alone.
pub fn default_connectivity(encoding: Encoding, cuts_from_solve: bool) -> Connectivity {
    match cuts_from_solve && !encoding.is_complete() {
        true => Connectivity::Crt,
        false => Connectivity::Cuts,
    }
}

/// Refuses a connectivity layer over an encoding that is complete already (`position`, `crt`).
pub fn check_layer(encoding: Encoding, layer: Connectivity) -> Result<(), ExportError> {
    match encoding.is_complete() && layer != Connectivity::Cuts {
        true => Err(ExportError::LayerOverComplete { layer, encoding }),
        false => Ok(()),
    }
}

/// Why a problem was not exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// The problem is not well posed.
    Problem(ProblemError),
    /// A tour of one square (open) or two (closed) needs no formula.
    TrivialTour,
    /// A connectivity layer was asked of an encoding that is complete already.
    LayerOverComplete {
        /// The layer.
        layer: Connectivity,
        /// The encoding.
        encoding: Encoding,
    },
    /// The solve for the cuts, or the formula, passed a limit.
    Stopped(Stop),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Problem(error) => error.fmt(f),
            ExportError::TrivialTour => f.write_str(
                "a tour of one square (open) or two (closed) needs no formula: toursat solve \
                 answers it",
            ),
            ExportError::LayerOverComplete { layer, encoding } => write!(
                f,
                "--connectivity {layer} is for the lazy encodings (cutset, cutset-arcs): \
                 {encoding} is complete already"
            ),
            ExportError::Stopped(stop) => write!(f, "stopped: {stop:?}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// A formula ready to be written, with what it encodes.
pub struct Export<'p> {
    source: Source<'p>,
    encoding: Encoding,
    refinement: Refinement,
    solve: Option<SolveRecord>,
    layer: Layer,
    /// A cheap proof that the problem has no tour, when one settles it: the formula is then
    /// unsatisfiable or, for a lazy encoding without a complete layer, every model has
    /// subcycles.
    pub impossibility: Option<Impossibility>,
}

impl Export<'_> {
    /// The formula as a DIMACS file to write.
    pub fn dimacs(&self) -> Dimacs<'_> {
        Dimacs {
            source: self.source,
            encoding: self.encoding,
            graph: self.refinement.graph(),
            moves: self.refinement.moves(),
            formula: self.refinement.formula(),
            solve: self.solve,
            layer: Some(&self.layer),
        }
    }

    /// The formula: the encoding's clauses, the cuts of the solve (if one ran) and the layer,
    /// as [`Export::dimacs`] writes it, for a solver that takes clauses rather than a file.
    pub fn formula(&self) -> &Formula {
        self.refinement.formula()
    }

    /// Whether the solve for the cuts found a tour (`false`: it proved there is none); `None`
    /// when no solve ran.
    pub fn found_tour(&self) -> Option<bool> {
        self.solve.map(|solve| solve.found_tour)
    }
}

/// Encodes `problem` as `options` say; the solve for the cuts stops at the limits, and a formula
/// past the literal limit is refused.
pub fn export<'p>(
    problem: &'p Problem,
    options: &ExportOptions,
    limits: &Limits,
) -> Result<Export<'p>, ExportError> {
    problem.validate().map_err(ExportError::Problem)?;
    if trivial_tour(problem).is_some() {
        return Err(ExportError::TrivialTour);
    }
    let move_graph = MoveGraph::new(&problem.board, problem.piece);
    let impossibility = cheap::cheap_proof(problem, &move_graph);
    let graph = CycleGraph::new(problem, &move_graph);
    export_cycle_graph(
        Source::Board(problem),
        graph,
        impossibility,
        options,
        limits,
    )
}

/// Encodes a graph problem (the graph named `name`) as [`export`] encodes a board's.
pub fn export_graph<'p>(
    problem: &'p GraphProblem,
    name: &'p str,
    options: &ExportOptions,
    limits: &Limits,
) -> Result<Export<'p>, ExportError> {
    problem.validate().map_err(ExportError::Problem)?;
    if trivial_graph_tour(problem).is_some() {
        return Err(ExportError::TrivialTour);
    }
    let move_graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
    let impossibility = cheap::cheap_graph_proof(problem, &move_graph);
    let graph = problem.cycle_graph();
    export_cycle_graph(
        Source::Graph(problem, name),
        graph,
        impossibility,
        options,
        limits,
    )
}

/// The export of either source, once its cycle graph is built.
fn export_cycle_graph<'p>(
    source: Source<'p>,
    graph: CycleGraph,
    impossibility: Option<Impossibility>,
    options: &ExportOptions,
    limits: &Limits,
) -> Result<Export<'p>, ExportError> {
    let encoding = options.sat.encoding;
    let connectivity = options
        .connectivity
        .unwrap_or_else(|| default_connectivity(encoding, options.cuts_from_solve));
    check_layer(encoding, connectivity)?;
    let mut refinement = Refinement::of_cycle_graph(graph, &options.sat, limits);
    let mut solve = None;
    if options.cuts_from_solve && !encoding.is_complete() {
        let cycle = refinement
            .cycle_through(&[])
            .map_err(ExportError::Stopped)?;
        solve = Some(SolveRecord {
            cut_clauses: refinement.stats().cuts,
            found_tour: cycle.is_some(),
        });
    }
    let layer = refinement.add_layer(connectivity);
    if refinement.formula().over_limit() {
        return Err(ExportError::Stopped(Stop::FormulaTooLarge));
    }
    Ok(Export {
        source,
        encoding,
        refinement,
        solve,
        layer,
        impossibility,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    fn knight6() -> Problem {
        Problem::new(Board::new(6, 6).unwrap(), Piece::Knight, TourShape::Closed)
    }

    #[test]
    fn a_solve_for_cuts_is_completed_by_crt_by_default() {
        let problem = knight6();
        let options = ExportOptions {
            cuts_from_solve: true,
            ..ExportOptions::default()
        };
        let export = export(&problem, &options, &Limits::none()).unwrap();
        let mut text = Vec::new();
        export.dimacs().write(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("\nc connectivity crt\n"));
        assert!(text.contains("toursat solved this formula first and found a tour"));
    }

    #[test]
    fn a_layer_over_a_complete_encoding_is_refused() {
        let problem = knight6();
        let options = ExportOptions {
            sat: SatOptions {
                encoding: Encoding::Position,
                ..SatOptions::default()
            },
            connectivity: Some(Connectivity::Crt),
            ..ExportOptions::default()
        };
        let refused = export(&problem, &options, &Limits::none()).err();
        assert!(matches!(
            refused,
            Some(ExportError::LayerOverComplete { .. })
        ));
    }

    #[test]
    fn a_tour_of_two_squares_needs_no_formula() {
        let problem = Problem::new(Board::new(1, 2).unwrap(), Piece::Rook, TourShape::Closed);
        let refused = export(&problem, &ExportOptions::default(), &Limits::none()).err();
        assert_eq!(refused, Some(ExportError::TrivialTour));
    }

    #[test]
    fn an_impossible_problem_says_why() {
        let problem = Problem::new(Board::new(3, 3).unwrap(), Piece::Rook, TourShape::Closed);
        let export = export(&problem, &ExportOptions::default(), &Limits::none()).unwrap();
        assert!(export.impossibility.is_some());
    }
}
