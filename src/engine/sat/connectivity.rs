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

use crate::engine::sat::arcs;
use crate::engine::sat::crt;
use crate::engine::sat::cycle::CycleGraph;
use crate::engine::sat::formula::Formula;
use crate::engine::sat::moves::MoveVars;
use crate::engine::sat::position;
use std::fmt;
use std::str::FromStr;
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
    /// Every choice, in the order the documentation lists them.
    pub const ALL: [Connectivity; 3] = [
        Connectivity::Cuts,
        Connectivity::Position,
        Connectivity::Crt,
    ];

    /// The name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Connectivity::Cuts => "cuts",
            Connectivity::Position => "position",
            Connectivity::Crt => "crt",
        }
    }

    /// Adds the layer to `formula` over `moves` (a lazy encoding's move variables) and says what
    /// it added; nothing for [`Connectivity::Cuts`].
    pub fn add_layer(self, graph: &CycleGraph, moves: &MoveVars, formula: &mut Formula) -> Layer {
        let clauses_before = formula.clause_count();
        let vars_before = formula.var_count();
        let mut orientation = None;
        if self != Connectivity::Cuts {
            let arc_vars = match moves {
                MoveVars::Arcs(arc_vars) => arc_vars.clone(),
                MoveVars::Edges(edge_vars) => {
                    let arc_vars = orient(graph, edge_vars, formula);
                    orientation = Some(MoveVars::Arcs(arc_vars.clone()));
                    arc_vars
                }
            };
            match self {
                Connectivity::Position => position::add_positions(graph, &arc_vars, formula),
                Connectivity::Crt => crt::add_residues(graph, &arc_vars, formula),
                Connectivity::Cuts => {}
            }
        }
        Layer {
            connectivity: self,
            orientation,
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

impl fmt::Display for Connectivity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Connectivity {
    type Err = String;

    fn from_str(text: &str) -> Result<Connectivity, String> {
        Connectivity::ALL
            .into_iter()
            .find(|connectivity| connectivity.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = Connectivity::ALL.iter().map(Connectivity::name).collect();
                format!(
                    "unknown connectivity {text:?}: expected {}",
                    names.join(", ")
                )
            })
    }
}
