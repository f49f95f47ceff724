//! Connectivity layers: a complete encoding's positions laid over a lazy encoding's moves.
//!
//! A lazy formula (`cutset`, `cutset-arcs`) excludes subcycles only by the cuts a solve adds, and
//! any set of cuts may leave models that another solver finds and toursat never saw. A layer
//! makes such a formula complete on its own, for a solver outside toursat: `cutset-arcs` takes
//! the positions of `position` (or the residues of `crt`) over its own arcs; `cutset` first
//! orients its edges, with two arc variables per edge, one of them chosen exactly when the edge
//! is. The cuts stay in the formula as clauses every tour satisfies.
//!
//! See `encodings/README.md` ("Completing a lazy formula").

use crate::core::names::named;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::arcs;
use crate::engine::sat::encode::crt;
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::encode::position;
use crate::graph::cycle::CycleGraph;
use varisat::Var;

/// What excludes subcycles from a lazy encoding's formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Connectivity {
    /// Cut clauses alone (those a solve added, if any): models may still have subcycles.
    #[default]
    Cuts,
    /// The shift-register positions of `position` over arc variables: every model is one tour.
    Position,
    /// The residues of `crt` over arc variables: every model is one tour.
    Crt,
}

impl Connectivity {
    /// Adds the layer to `formula` over `moves` (a lazy encoding's move variables) and says what
    /// it added; nothing for [`Connectivity::Cuts`].
    pub fn add_layer(self, graph: &CycleGraph, moves: &MoveVars, formula: &mut Formula) -> Layer {
        let clauses_before = formula.clause_count();
        let vars_before = formula.var_count();
        // What orders the squares over arc variables.
        let add_order: Option<fn(&CycleGraph, &[Var], &mut Formula)> = match self {
            Connectivity::Cuts => None,
            Connectivity::Position => Some(position::add_positions),
            Connectivity::Crt => Some(crt::add_residues),
        };
        let mut orientation = None;
        if let Some(add_order) = add_order {
            let arc_vars = match moves {
                MoveVars::Arcs(arc_vars) => arc_vars,
                MoveVars::Edges(edge_vars) => orientation.insert(orient(graph, edge_vars, formula)),
            };
            add_order(graph, arc_vars, formula);
        }
        Layer {
            connectivity: self,
            orientation: orientation.map(MoveVars::Arcs),
            vars: formula.var_count() - vars_before,
            clauses: formula.clause_count() - clauses_before,
        }
    }
}

/// What [`Connectivity::add_layer`] added to a formula.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// The layer.
    pub connectivity: Connectivity,
    /// For edge variables: the arc variables that orient them.
    pub orientation: Option<MoveVars>,
    /// How many variables it added.
    pub vars: usize,
    /// How many clauses it added (the formula's last ones).
    pub clauses: usize,
}

impl Layer {
    /// Whether every model of the formula with this layer is one tour.
    pub fn is_complete(&self) -> bool {
        self.connectivity != Connectivity::Cuts
    }
}

/// Adds the arc base of `cutset-arcs` over the edges of `graph` and ties each edge variable to
/// its two arcs: the edge is chosen exactly when one of them is. Returns the arc variables.
fn orient(graph: &CycleGraph, edge_vars: &[Var], formula: &mut Formula) -> Vec<Var> {
    let arc_vars = arcs::encode_vars(graph, formula);
    for (edge, edge_var) in edge_vars.iter().enumerate() {
        // A formula past its literal limit is refused: no need to finish it.
        if formula.over_limit() {
            break;
        }
        let (forwards, backwards) = (arc_vars[2 * edge], arc_vars[2 * edge + 1]);
        formula.add_clause(&[forwards.negative(), edge_var.positive()]);
        formula.add_clause(&[backwards.negative(), edge_var.positive()]);
        formula.add_clause(&[
            edge_var.negative(),
            forwards.positive(),
            backwards.positive(),
        ]);
    }
    arc_vars
}

named!(Connectivity, "connectivity", {
    Cuts => "cuts", "The cuts alone: models may have subcycles",
    Position => "position", "The position encoding's places over the moves: every model is a tour",
    Crt => "crt", "The crt encoding's residues over the moves: every model is a tour",
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::sat::Encoding;

    fn knight_graph(shape: TourShape) -> CycleGraph {
        let problem = Problem::new(Board::new(5, 6).unwrap(), Piece::Knight, shape);
        CycleGraph::new(&problem, &MoveGraph::new(&problem.board, problem.piece))
    }

    #[test]
    fn arcs_with_a_layer_are_the_complete_encoding_itself() {
        for shape in [TourShape::Closed, TourShape::Open] {
            let graph = knight_graph(shape);
            for (connectivity, complete) in [
                (Connectivity::Position, Encoding::Position),
                (Connectivity::Crt, Encoding::Crt),
            ] {
                let mut layered = Formula::new();
                let moves = Encoding::CutsetArcs.encode(&graph, &mut layered);
                let layer = connectivity.add_layer(&graph, &moves, &mut layered);
                assert_eq!(layer.orientation, None);
                let mut expected = Formula::new();
                complete.encode(&graph, &mut expected);
                assert_eq!(layered, expected, "{connectivity} {shape:?}");
            }
        }
    }

    #[test]
    fn edges_get_two_arcs_each_and_three_linking_clauses() {
        let graph = knight_graph(TourShape::Closed);
        let edges = graph.edges().len();
        let mut formula = Formula::new();
        let moves = Encoding::Cutset.encode(&graph, &mut formula);
        let base_vars = formula.var_count();
        let layer = Connectivity::Position.add_layer(&graph, &moves, &mut formula);
        let Some(MoveVars::Arcs(arc_vars)) = &layer.orientation else {
            panic!("edges are oriented by arcs");
        };
        assert_eq!(arc_vars.len(), 2 * edges);
        assert_eq!(arc_vars[0].index(), base_vars);
        let mut positions = Formula::new();
        position::encode(&graph, &mut positions);
        assert_eq!(layer.vars, positions.var_count());
        assert_eq!(
            layer.clauses,
            positions.clause_count() + 3 * edges,
            "the position formula plus three clauses an edge"
        );
        let cuts_only = Connectivity::Cuts.add_layer(&graph, &moves, &mut formula);
        assert_eq!((cuts_only.vars, cuts_only.clauses), (0, 0));
        assert!(!cuts_only.is_complete() && layer.is_complete());
    }
}
