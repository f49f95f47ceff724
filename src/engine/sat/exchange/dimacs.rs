//! DIMACS CNF writer: a tour formula with a header naming the problem and its move variables.
//!
//! The file opens with comment lines: the problem, the encoding, whether the formula is
//! complete, which clauses are cuts and which a connectivity layer, and one `c edge VAR A B` or
//! `c arc VAR FROM TO` line per move variable (squares as `x,y`, a graph file's vertices by their
//! numbers from 1, the virtual vertex of an open tour as `virtual`), the arcs that orient a layer's edges included. Then `p cnf VARS CLAUSES`
//! and the clauses in the order they were added: the encoding's, the cuts, the layer's. The same
//! input always gives the same bytes.

use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::connectivity::{Connectivity, Layer};
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::exchange::identity::{self, Digest, Identity};
use crate::engine::sat::exchange::source::Source;
use crate::engine::sat::Encoding;
use crate::graph::cycle::{CycleGraph, Vertex};
use std::io::{self, BufRead, BufWriter, Write};

/// Encodes `problem` with `encoding` (its base formula, no cuts) and writes it to `out`.
pub fn write_problem(
    out: impl Write,
    problem: &Problem,
    move_graph: &MoveGraph,
    encoding: Encoding,
) -> io::Result<()> {
    let graph = CycleGraph::new(problem, move_graph);
    let mut formula = Formula::new();
    let moves = encoding.encode(&graph, &mut formula);
    let cnf = Dimacs {
        source: Source::Board(problem),
        encoding,
        graph: &graph,
        moves: &moves,
        formula: &formula,
        solve: None,
        layer: None,
    };
    cnf.write(out)
}

/// What solving a lazy formula before writing it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveRecord {
    /// How many cut clauses it added (they follow the encoding's clauses).
    pub cut_clauses: u64,
    /// Whether it found a tour (else it proved that there is none).
    pub found_tour: bool,
}

/// A formula together with what it encodes, ready to be written.
#[derive(Debug, Clone, Copy)]
pub struct Dimacs<'a> {
    /// The tour problem.
    pub source: Source<'a>,
    /// The encoding that built the formula.
    pub encoding: Encoding,
    /// The cycle graph the formula's move variables refer to.
    pub graph: &'a CycleGraph,
    /// The move variables.
    pub moves: &'a MoveVars,
    /// The formula.
    pub formula: &'a Formula,
    /// The solve whose cuts follow the encoding's clauses, if the formula was solved first.
    pub solve: Option<SolveRecord>,
    /// The connectivity layer that ends the formula, if any.
    pub layer: Option<&'a Layer>,
}

impl Dimacs<'_> {
    /// The identity line's values: the digest of the problem, the encoding, the layer and every
    /// clause.
    pub fn identity(&self) -> Identity {
        let layer = self.layer.filter(|layer| layer.is_complete());
        let connectivity = layer.map_or(Connectivity::Cuts, |layer| layer.connectivity);
        let mut digest = Digest::of_problem(self.source, self.encoding, connectivity);
        for clause in self.formula.clauses() {
            digest.clause(clause);
        }
        digest.identity(
            self.formula.var_count(),
            self.formula.clause_count() as u64,
            self.encoding.is_complete() || layer.is_some(),
        )
    }

    /// Writes the header and the formula as DIMACS CNF, streaming.
    pub fn write(&self, out: impl Write) -> io::Result<()> {
        let mut out = BufWriter::new(out);
        writeln!(out, "{}", self.identity().line())?;
        self.source.write_header(&mut out)?;
        writeln!(out, "c encoding {}", self.encoding)?;
        let layer = self.layer.filter(|layer| layer.is_complete());
        if let Some(layer) = layer {
            writeln!(out, "c connectivity {}", layer.connectivity)?;
        }
        if self.encoding.is_complete() {
            writeln!(
                out,
                "c this formula is complete: the moves of every model form one tour"
            )?;
        } else if let Some(layer) = layer {
            writeln!(
                out,
                "c this formula is complete: its last {} clauses (and its variables from {} on) \
                 order the squares as the {} encoding does, so the moves of every model form \
                 one tour",
                layer.clauses,
                self.formula.var_count() - layer.vars + 1,
                layer.connectivity
            )?;
        }
        if let Some(SolveRecord { found_tour, .. }) = self.solve {
            let outcome = match found_tour {
                true => "found a tour",
                false => "proved it unsatisfiable: there is no tour",
            };
            writeln!(out, "c toursat solved this formula first and {outcome}")?;
        }
        let cuts = self.solve.map(|solve| solve.cut_clauses);
        if cuts == Some(0) {
            writeln!(out, "c no cuts: toursat's solve added none")?;
        } else if let Some(cuts) = cuts {
            writeln!(
                out,
                "c {cuts} clauses{} are cuts that toursat added while solving: every tour \
                 satisfies them",
                match layer {
                    Some(_) => " before the layer",
                    None => ", the last ones,",
                }
            )?;
        }
        if !self.encoding.is_complete() && layer.is_none() {
            match self.solve {
                Some(_) => writeln!(
                    out,
                    "c another solver may still answer with subcycles (toursat decode \
                     --add-cuts-to writes the next cuts; toursat dimacs --connectivity crt \
                     writes a complete formula)"
                )?,
                None => writeln!(
                    out,
                    "c this formula omits connectivity: its models may be sets of subcycles"
                )?,
            }
        }
        if let Some(layer) = layer {
            writeln!(
                out,
                "c decode a model with: toursat decode ... --encoding {} --connectivity {}",
                self.encoding, layer.connectivity
            )?;
        }
        let vertex_name = |vertex: Vertex| {
            if Some(vertex) == self.graph.virtual_vertex() {
                "virtual".to_string()
            } else {
                self.source.name(self.graph.square(vertex))
            }
        };
        let kind = match self.moves {
            MoveVars::Edges(_) => "edge",
            MoveVars::Arcs(_) => "arc",
        };
        for (var, a, b) in self.moves.described(self.graph) {
            writeln!(
                out,
                "c {kind} {} {} {}",
                var.to_dimacs(),
                vertex_name(a),
                vertex_name(b)
            )?;
        }
        let orientation = self.layer.and_then(|layer| layer.orientation.as_ref());
        for (var, from, to) in orientation.map_or(Vec::new(), |arcs| arcs.described(self.graph)) {
            writeln!(
                out,
                "c arc {} {} {}",
                var.to_dimacs(),
                vertex_name(from),
                vertex_name(to)
            )?;
        }
        writeln!(
            out,
            "p cnf {} {}",
            self.formula.var_count(),
            self.formula.clause_count()
        )?;
        for clause in self.formula.clauses() {
            for lit in clause {
                write!(out, "{} ", lit.to_dimacs())?;
            }
            writeln!(out, "0")?;
        }
        out.flush()
    }
}

/// How a formula file says it was written: its header's `c encoding NAME` and
/// `c connectivity NAME` lines (the second only where a layer completes the formula).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeaderNames {
    /// The encoding named, if the header names one.
    pub encoding: Option<Encoding>,
    /// The connectivity layer named, if the header names one.
    pub connectivity: Option<Connectivity>,
}

/// Reads the names in the comment lines before the `p cnf` line of a DIMACS file; an unknown
/// name is an error naming the line.
pub fn read_header_names(input: impl BufRead) -> io::Result<HeaderNames> {
    let mut names = HeaderNames::default();
    let mut lines = identity::header_lines(input);
    while let Some((number, line)) = lines
        .next_line()
        .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error.to_string()))?
    {
        if !line.starts_with('c') {
            break;
        }
        let invalid = |error: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("line {number}: {error}"),
            )
        };
        if let Some(name) = line.strip_prefix("c encoding ") {
            names.encoding = Some(name.trim().parse().map_err(invalid)?);
        } else if let Some(name) = line.strip_prefix("c connectivity ") {
            names.connectivity = Some(name.trim().parse().map_err(invalid)?);
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    #[test]
    fn open_tours_name_the_virtual_vertex() {
        let problem = Problem::new(Board::new(1, 2).unwrap(), Piece::Rook, TourShape::Open);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let mut text = Vec::new();
        write_problem(&mut text, &problem, &graph, Encoding::Cutset).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("c edge 1 0,0 1,0\nc edge 2 0,0 virtual\n"));
        assert!(text.contains("omits connectivity"));
        assert!(text.contains("\np cnf 3 "));
    }

    #[test]
    fn the_header_names_the_encoding_and_the_layer() {
        let text =
            "c toursat tour problem\nc encoding cutset-arcs\nc connectivity crt\np cnf 1 0\n";
        let names = read_header_names(text.as_bytes()).unwrap();
        assert_eq!(names.encoding, Some(Encoding::CutsetArcs));
        assert_eq!(names.connectivity, Some(Connectivity::Crt));
    }

    #[test]
    fn a_header_without_a_layer_names_none() {
        let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        let mut text = Vec::new();
        write_problem(&mut text, &problem, &graph, Encoding::Position).unwrap();
        let names = read_header_names(text.as_slice()).unwrap();
        assert_eq!(names.encoding, Some(Encoding::Position));
        assert_eq!(names.connectivity, None);
    }

    #[test]
    fn an_unknown_name_in_the_header_is_an_error_with_its_line() {
        let text = "c toursat tour problem\nc encoding magic\n";
        let error = read_header_names(text.as_bytes()).unwrap_err();
        assert!(error.to_string().starts_with("line 2: "), "{error}");
    }
}
