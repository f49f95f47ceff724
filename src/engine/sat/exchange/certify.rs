//! Certified answers of no tour: a checked proof that the base formula and its cuts are unsatisfiable.
//!
//! A certificate has three parts, each checked on its own:
//! - the base formula, encoded again from the problem (its soundness is the encoding's, as
//!   `encodings/` describes it); for an open tour whose pockets are as many as its free ends,
//!   of the graph whose virtual vertex is joined to the pockets' squares alone, the pockets
//!   checked by their own search ([`check::pocket_end_squares`]);
//! - every cut the refinement added, with the set of vertices it separates, checked to be exactly
//!   "some move crosses between this set and the rest" (for arcs: one leaves it, one enters it),
//!   which every tour satisfies when the set is neither empty nor everything;
//! - varisat's native proof of the incremental solve, checked by varisat's checker, which must
//!   add no clause outside the two parts above and must derive the empty clause.
//!
//! A standard DRAT proof of the final formula (base and cuts), solved once more from scratch, can
//! be written too, for checkers outside toursat (`rate`, `drat-trim`).

use crate::core::atomic_file::AtomicFile;
use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::Problem;
use crate::engine::proof::certify_error::CertifyError;
use crate::engine::proof::check;
use crate::engine::proof::pocket_ends::end_pockets;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::exchange::dimacs::{Dimacs, SolveRecord};
use crate::engine::sat::exchange::source::Source;
use crate::engine::sat::refine::{Cut, Refinement};
use crate::engine::sat::{trivial_tour, Encoding, SatOptions};
use crate::engine::{deadline, Limits, Pocket};
use crate::graph::cycle::{CycleGraph, Vertex};
use crate::verify::board::verify;
use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use varisat::checker::{Checker, ProofTranscriptProcessor, ProofTranscriptStep};
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

/// Where the proofs go and whether to check them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProofRequest {
    /// Write varisat's native proof here.
    pub proof_file: Option<PathBuf>,
    /// Check the certificate (cuts and native proof) before answering.
    pub check: bool,
    /// Write the final formula (DIMACS) and a DRAT proof of it, solved again from scratch.
    pub drat: Option<(PathBuf, PathBuf)>,
}

/// A cut of a certificate: the squares on one side and how many clauses say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertifiedCut {
    /// The squares of the side (the set the cut separates from the rest).
    pub squares: Vec<Square>,
    /// Whether the side also holds the virtual vertex of an open tour.
    pub has_virtual_vertex: bool,
    /// Its clauses (one for edges; one leaving and one entering for arcs).
    pub clauses: usize,
}

/// What was proved, and how much of it was checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The encoding of the base formula.
    pub encoding: Encoding,
    /// An open tour's ends confined to the board's pockets, each of which must hold one: what
    /// the check of the pockets found; the formula is then the confined graph's.
    pub ends_in_pockets: Option<String>,
    /// Variables of the formula.
    pub variables: usize,
    /// Clauses of the base formula.
    pub base_clauses: usize,
    /// The cuts, in the order they were added.
    pub cuts: Vec<CertifiedCut>,
    /// Bytes of varisat's native proof.
    pub proof_bytes: u64,
    /// Whether the cuts and the proof were checked (not only written).
    pub checked: bool,
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut_clauses: usize = self.cuts.iter().map(|cut| cut.clauses).sum();
        if let Some(pockets) = &self.ends_in_pockets {
            write!(f, "with the ends in the pockets ({pockets}), ")?;
        }
        write!(
            f,
            "the {} formula ({} variables, {} base clauses) with {} cuts ({} clauses) is unsatisfiable",
            self.encoding,
            self.variables,
            self.base_clauses,
            self.cuts.len(),
            cut_clauses
        )?;
        if self.checked && !self.cuts.is_empty() {
            write!(
                f,
                "; each cut was checked to say only that some move crosses between its squares and the rest"
            )?;
        }
        if self.checked {
            write!(
                f,
                "; varisat's checker accepted the {}-byte proof",
                self.proof_bytes
            )?;
        }
        Ok(())
    }
}

/// A proof target that keeps the first error it met, for the caller to report (the solver only
/// learns that writing failed).
struct ProofTarget {
    out: Box<dyn Write>,
    error: Rc<RefCell<Option<io::Error>>>,
    written: Rc<RefCell<u64>>,
}

impl Write for ProofTarget {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        self.out
            .write(buffer)
            .inspect(|&count| *self.written.borrow_mut() += count as u64)
            .map_err(|error| self.keep(error))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush().map_err(|error| self.keep(error))
    }
}

impl ProofTarget {
    fn keep(&self, error: io::Error) -> io::Error {
        let copy = io::Error::new(error.kind(), error.to_string());
        self.error.borrow_mut().get_or_insert(error);
        copy
    }
}

/// A byte buffer shared between the solver that writes a proof and the checker that reads it.
#[derive(Clone, Default)]
struct SharedBuffer(Rc<RefCell<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, buffer: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buffer);
        Ok(buffer.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Proves with the SAT engine that `problem` has no tour, writing and checking proofs as
/// `request` asks. The problem must be well posed.
///
/// With a deadline the work runs on a worker thread, so that a stop comes within
/// [`GRACE`](crate::engine::GRACE) of the deadline even while the formula is being built.
pub fn prove_no_tour(
    problem: &Problem,
    options: &SatOptions,
    limits: &Limits,
    request: &ProofRequest,
) -> Result<Certificate, CertifyError> {
    let (problem, options, limits, request) = (problem.clone(), *options, *limits, request.clone());
    deadline::finish_by(limits.deadline, move || {
        prove_no_tour_now(&problem, &options, &limits, &request)
    })
    .unwrap_or_else(|stop| Err(CertifyError::Stopped(stop)))
}

/// [`prove_no_tour`] on the caller's thread.
fn prove_no_tour_now(
    problem: &Problem,
    options: &SatOptions,
    limits: &Limits,
    request: &ProofRequest,
) -> Result<Certificate, CertifyError> {
    // The tours too small for the formula: one square (open), two there and back (closed).
    if trivial_tour(problem).is_some_and(|tour| verify(problem, &tour).is_ok()) {
        return Err(CertifyError::HasTour);
    }
    let move_graph = MoveGraph::new(&problem.board, problem.piece);
    let memory = SharedBuffer::default();
    let mut proof_file = None;
    let out: Box<dyn Write> = match &request.proof_file {
        Some(path) => {
            let (guard, file) = AtomicFile::create(path).map_err(|error| unwritten(path, error))?;
            proof_file = Some((guard, path));
            Box::new(BufWriter::new(file))
        }
        None if request.check => Box::new(memory.clone()),
        None => Box::new(io::sink()),
    };
    let error = Rc::new(RefCell::new(None));
    let written = Rc::new(RefCell::new(0));
    let target = ProofTarget {
        out,
        error: error.clone(),
        written: written.clone(),
    };
    let (graph, ends_in_pockets) = proof_graph(problem, &move_graph)?;
    let base = base_formula(&graph, options.encoding);
    let mut refinement =
        Refinement::of_cycle_graph_with_proof(graph, options, limits, Some(Box::new(target)));
    let solved = refinement
        .cycle_through(&[])
        .and_then(|cycle| refinement.close_proof().map(|()| cycle));
    if let Some(error) = error.borrow_mut().take() {
        return Err(match &proof_file {
            Some((_, path)) => unwritten(path, error),
            None => CertifyError::Io(error),
        });
    }
    match solved {
        Ok(Some(_)) => return Err(CertifyError::HasTour),
        Err(stop) => return Err(CertifyError::Stopped(stop)),
        Ok(None) => {}
    }
    if let Some((guard, path)) = proof_file {
        guard.commit().map_err(|error| unwritten(path, error))?;
    }
    let mut certificate = Certificate {
        encoding: options.encoding,
        ends_in_pockets,
        variables: refinement.formula().var_count(),
        base_clauses: base.clause_count(),
        cuts: Vec::new(),
        proof_bytes: *written.borrow(),
        checked: false,
    };
    let graph = refinement.graph();
    for cut in refinement.cuts() {
        let squares = cut
            .members()
            .iter()
            .filter(|&&vertex| (vertex as usize) < graph.square_count())
            .map(|&vertex| graph.square(vertex))
            .collect();
        certificate.cuts.push(CertifiedCut {
            squares,
            has_virtual_vertex: graph
                .virtual_vertex()
                .is_some_and(|vertex| cut.members().contains(&vertex)),
            clauses: cut.clauses().len(),
        });
    }
    if request.check {
        let allowed = allowed_clauses(&refinement, &base)?;
        let formula = refinement.formula();
        let initial = refinement.initial_clauses();
        match &request.proof_file {
            Some(path) => check_proof(
                formula,
                initial,
                BufReader::new(File::open(path)?),
                &allowed,
            )?,
            None => check_proof(formula, initial, &memory.0.borrow()[..], &allowed)?,
        }
        certificate.checked = true;
    }
    if let Some((cnf_path, drat_path)) = &request.drat {
        write_drat(problem, options.encoding, &refinement, cnf_path, drat_path)?;
    }
    Ok(certificate)
}

/// The cycle graph of `problem` (whose move graph is `move_graph`) that the proof is about, and
/// what confines its ends: an open tour's virtual vertex joined only to the squares of the
/// board's pockets, when they are as many as the free ends (so each holds one, see
/// [`end_pockets`]) and pass their independent check ([`check::pocket_end_squares`]); the
/// problem's own graph otherwise. Every tour of the board is then a tour of the graph.
fn proof_graph(
    problem: &Problem,
    move_graph: &MoveGraph,
) -> Result<(CycleGraph, Option<String>), CertifyError> {
    let graph = CycleGraph::new(problem, move_graph);
    let Some(pockets) = end_pockets(problem, move_graph) else {
        return Ok((graph, None));
    };
    let pockets: Vec<Pocket> = pockets
        .iter()
        .map(|pocket| Pocket {
            cut: pocket.cut,
            inside: pocket.squares[0],
        })
        .collect();
    let (in_pocket, findings) = check::pocket_end_squares(problem, &pockets).map_err(|why| {
        CertifyError::ProofRejected(format!("the pockets that hold the ends: {why}"))
    })?;
    let may_end: Vec<bool> = (0..graph.vertex_count())
        .map(|vertex| {
            vertex < graph.square_count() && in_pocket[graph.square(vertex as Vertex) as usize]
        })
        .collect();
    Ok((graph.with_end_squares(&may_end), Some(findings)))
}

/// The base formula of `encoding`, encoded again from the cycle graph.
fn base_formula(graph: &CycleGraph, encoding: Encoding) -> Formula {
    let mut formula = Formula::new();
    encoding.encode(graph, &mut formula);
    formula
}

/// A clause with its literals sorted and without repeats: the form the checker compares.
fn normalized(clause: &[Lit]) -> Vec<Lit> {
    let mut sorted = clause.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted
}

/// The clauses a proof may add: the base formula encoded again, and every cut of the refinement,
/// each checked to be exactly the crossing of its set.
fn allowed_clauses(
    refinement: &Refinement,
    base: &Formula,
) -> Result<HashSet<Vec<Lit>>, CertifyError> {
    let formula = refinement.formula();
    let clauses: Vec<&[Lit]> = formula.clauses().collect();
    let base_count = base.clause_count();
    let same_base = base.var_count() == formula.var_count()
        && clauses.len() >= base_count
        && base.clauses().zip(&clauses).all(|(a, b)| a == *b);
    if !same_base {
        return Err(CertifyError::ProofRejected(
            "the solved formula does not start with the base formula".to_string(),
        ));
    }
    let mut next = base_count;
    for (index, cut) in refinement.cuts().iter().enumerate() {
        let bad = |why: String| CertifyError::BadCut { index, why };
        if cut.clauses().start != next {
            return Err(bad(
                "its clauses do not follow the previous ones".to_string()
            ));
        }
        next = cut.clauses().end;
        let expected =
            crossing_clauses(refinement.graph(), refinement.moves(), cut).map_err(bad)?;
        let found: Vec<Vec<Lit>> = clauses
            .get(cut.clauses())
            .ok_or_else(|| bad("its clauses are not in the formula".to_string()))?
            .iter()
            .map(|clause| normalized(clause))
            .collect();
        if found != expected {
            return Err(bad(
                "its clauses are not exactly the moves that cross between its set and the rest"
                    .to_string(),
            ));
        }
    }
    if next != clauses.len() {
        return Err(CertifyError::ProofRejected(
            "the formula has clauses that are neither base clauses nor cuts".to_string(),
        ));
    }
    Ok(clauses.iter().map(|clause| normalized(clause)).collect())
}

/// The clauses that say some move crosses between the vertices of `cut` and the rest, computed
/// from the graph alone; an error when the set is empty, everything, or not a set of vertices.
fn crossing_clauses(
    graph: &CycleGraph,
    moves: &MoveVars,
    cut: &Cut,
) -> Result<Vec<Vec<Lit>>, String> {
    let vertex_count = graph.vertex_count();
    let mut inside = vec![false; vertex_count];
    for &vertex in cut.members() {
        match inside.get_mut(vertex as usize) {
            Some(seen) if !*seen => *seen = true,
            Some(_) => return Err(format!("vertex {vertex} is listed twice")),
            None => return Err(format!("vertex {vertex} is not in the graph")),
        }
    }
    if cut.members().is_empty() || cut.members().len() == vertex_count {
        return Err("its set is empty or every vertex: no tour need cross it".to_string());
    }
    let mut leaving = Vec::new();
    let mut entering = Vec::new();
    for (edge, &(a, b)) in graph.edges().iter().enumerate() {
        if inside[a as usize] == inside[b as usize] {
            continue;
        }
        match moves {
            MoveVars::Edges(vars) => leaving.push(vars[edge].positive()),
            MoveVars::Arcs(vars) => {
                // Arc 2e walks a -> b, arc 2e + 1 walks b -> a.
                let (out_arc, in_arc) = if inside[a as usize] {
                    (2 * edge, 2 * edge + 1)
                } else {
                    (2 * edge + 1, 2 * edge)
                };
                leaving.push(vars[out_arc].positive());
                entering.push(vars[in_arc].positive());
            }
        }
    }
    Ok(match moves {
        MoveVars::Edges(_) => vec![normalized(&leaving)],
        MoveVars::Arcs(_) => vec![normalized(&leaving), normalized(&entering)],
    })
}

/// Follows a checked proof: every clause it adds must be allowed, and it must reach the empty
/// clause (or an empty core of failed assumptions).
struct ProofAudit<'a> {
    allowed: &'a HashSet<Vec<Lit>>,
    foreign: Option<Vec<Lit>>,
    refuted: bool,
}

impl ProofTranscriptProcessor for ProofAudit<'_> {
    fn process_step(&mut self, step: &ProofTranscriptStep) -> Result<(), anyhow::Error> {
        match step {
            ProofTranscriptStep::AddClause { clause } => {
                let clause = normalized(clause);
                if !self.allowed.contains(&clause) && self.foreign.is_none() {
                    self.foreign = Some(clause);
                }
            }
            ProofTranscriptStep::Unsat => self.refuted = true,
            ProofTranscriptStep::FailedAssumptions { failed_core: [] } => self.refuted = true,
            _ => {}
        }
        Ok(())
    }
}

/// Checks varisat's native proof read from `proof` against the clauses it may add. The proof
/// starts from the first `initial_clauses` clauses of `formula`, those the solver was given
/// before its first solve (the base formula, and the cuts of a warm start's first model),
/// which are not in it: the checker is given them, and each must be allowed too. A formula
/// that unit propagation alone refutes (an empty clause, conflicting units) has a proof with
/// no step that derives the empty clause: it is checked by propagation instead.
fn check_proof(
    formula: &Formula,
    initial_clauses: usize,
    proof: impl io::Read,
    allowed: &HashSet<Vec<Lit>>,
) -> Result<(), CertifyError> {
    let mut audit = ProofAudit {
        allowed,
        foreign: None,
        refuted: false,
    };
    {
        let mut checker = Checker::new();
        for clause in formula.clauses().take(initial_clauses) {
            if !allowed.contains(&normalized(clause)) && audit.foreign.is_none() {
                audit.foreign = Some(normalized(clause));
            }
            checker
                .add_clause(clause)
                .map_err(|error| CertifyError::ProofRejected(error.to_string()))?;
        }
        checker.add_transcript(&mut audit);
        checker
            .check_proof(proof)
            .map_err(|error| CertifyError::ProofRejected(error.to_string()))?;
    }
    if let Some(clause) = audit.foreign {
        let literals: Vec<String> = clause
            .iter()
            .map(|lit| lit.to_dimacs().to_string())
            .collect();
        return Err(CertifyError::ProofRejected(format!(
            "the proof adds the clause {} that is neither a base clause nor a checked cut",
            literals.join(" ")
        )));
    }
    if !audit.refuted && !propagation_refutes(formula) {
        return Err(CertifyError::ProofRejected(
            "the proof does not derive the empty clause".to_string(),
        ));
    }
    Ok(())
}

/// Whether unit propagation on `formula` alone reaches a conflict.
fn propagation_refutes(formula: &Formula) -> bool {
    let mut value: Vec<Option<bool>> = vec![None; formula.var_count()];
    loop {
        let mut changed = false;
        for clause in formula.clauses() {
            let mut open = Vec::new();
            let mut satisfied = false;
            for &lit in clause {
                match value.get(lit.index()).copied().flatten() {
                    Some(holds) if holds == lit.is_positive() => satisfied = true,
                    Some(_) => {}
                    None => open.push(lit),
                }
            }
            match open.as_slice() {
                _ if satisfied => {}
                [] => return true,
                [lit] => {
                    if let Some(slot) = value.get_mut(lit.index()) {
                        *slot = Some(lit.is_positive());
                        changed = true;
                    }
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

/// Writes the refinement's final formula (base and cuts) as DIMACS to `cnf_path`, solves it again
/// from scratch, and writes varisat's DRAT proof to `drat_path`.
fn write_drat(
    problem: &Problem,
    encoding: Encoding,
    refinement: &Refinement,
    cnf_path: &Path,
    drat_path: &Path,
) -> Result<(), CertifyError> {
    let cnf = Dimacs {
        source: Source::Board(problem),
        encoding,
        graph: refinement.graph(),
        moves: refinement.moves(),
        formula: refinement.formula(),
        layer: None,
        solve: Some(SolveRecord {
            cut_clauses: refinement
                .cuts()
                .iter()
                .map(|cut| cut.clauses().len() as u64)
                .sum(),
            found_tour: false,
        }),
    };
    // Both files are made before either is written, and neither appears unless both are whole.
    let (cnf_guard, cnf_file) =
        AtomicFile::create(cnf_path).map_err(|error| unwritten(cnf_path, error))?;
    let (drat_guard, drat_file) =
        AtomicFile::create(drat_path).map_err(|error| unwritten(drat_path, error))?;
    cnf.write(cnf_file)
        .map_err(|error| unwritten(cnf_path, error))?;
    let mut solver = Solver::new();
    solver.write_proof(BufWriter::new(drat_file), ProofFormat::Drat);
    for clause in refinement.formula().clauses() {
        solver.add_clause(clause);
    }
    let satisfiable = solver
        .solve()
        .map_err(|error| CertifyError::Io(io::Error::other(error.to_string())))?;
    if satisfiable {
        return Err(CertifyError::ProofRejected(
            "the final formula solved again from scratch is satisfiable".to_string(),
        ));
    }
    solver
        .close_proof()
        .map_err(|error| unwritten(drat_path, io::Error::other(error.to_string())))?;
    cnf_guard
        .commit()
        .map_err(|error| unwritten(cnf_path, error))?;
    drat_guard
        .commit()
        .map_err(|error| unwritten(drat_path, error))
}

/// The error of a file that could not be written.
fn unwritten(path: &Path, error: io::Error) -> CertifyError {
    CertifyError::Write {
        path: path.to_path_buf(),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    /// A 6 x 6 knight board with the centre blocked: no closed tour, and the SAT engine needs cuts.
    fn walled() -> (Problem, MoveGraph) {
        let board: Board = "......\n......\n..XX..\n..XX..\n......\n......\n"
            .parse()
            .unwrap();
        let problem = Problem::new(board, Piece::Knight, TourShape::Closed);
        let graph = MoveGraph::new(&problem.board, problem.piece);
        (problem, graph)
    }

    /// The walled board refined to unsatisfiability, with its proof in memory.
    fn refuted() -> (Problem, Refinement, Formula, Vec<u8>) {
        let (problem, graph) = walled();
        let memory = SharedBuffer::default();
        let proof: Box<dyn Write> = Box::new(memory.clone());
        let options = SatOptions::default();
        let mut refinement =
            Refinement::with_proof(&problem, &graph, &options, &Limits::none(), Some(proof));
        assert_eq!(refinement.cycle_through(&[]), Ok(None));
        refinement.close_proof().unwrap();
        assert!(!refinement.cuts().is_empty());
        let base = base_formula(&CycleGraph::new(&problem, &graph), options.encoding);
        let bytes = memory.0.borrow().clone();
        (problem, refinement, base, bytes)
    }

    #[test]
    fn an_honest_certificate_passes() {
        let (_, refinement, base, proof) = refuted();
        let allowed = allowed_clauses(&refinement, &base).unwrap();
        let initial = refinement.initial_clauses();
        check_proof(refinement.formula(), initial, &proof[..], &allowed).unwrap();
    }

    #[test]
    fn a_cut_that_is_not_a_crossing_is_refused() {
        let (_, mut refinement, base, _) = refuted();
        refinement.cuts_mut()[0].members.pop();
        let error = allowed_clauses(&refinement, &base).unwrap_err();
        assert!(
            matches!(error, CertifyError::BadCut { index: 0, .. }),
            "{error}"
        );
    }

    #[test]
    fn a_cut_of_every_vertex_is_refused() {
        let (_, mut refinement, base, _) = refuted();
        let every_vertex = (0..refinement.graph().vertex_count() as u32).collect();
        refinement.cuts_mut()[0].members = every_vertex;
        let error = allowed_clauses(&refinement, &base).unwrap_err();
        assert!(
            matches!(error, CertifyError::BadCut { index: 0, .. }),
            "{error}"
        );
    }

    #[test]
    fn a_proof_that_adds_an_unchecked_clause_is_refused() {
        let (_, refinement, base, proof) = refuted();
        let mut allowed = allowed_clauses(&refinement, &base).unwrap();
        let cut = &refinement.cuts()[0];
        let cut_clause: Vec<&[Lit]> = refinement
            .formula()
            .clauses()
            .skip(cut.clauses().start)
            .take(1)
            .collect();
        allowed.remove(&normalized(cut_clause[0]));
        let initial = refinement.initial_clauses();
        let error = check_proof(refinement.formula(), initial, &proof[..], &allowed).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("neither a base clause nor a checked cut"),
            "{error}"
        );
    }

    #[test]
    fn a_cut_short_proof_is_refused() {
        let (_, refinement, base, proof) = refuted();
        let allowed = allowed_clauses(&refinement, &base).unwrap();
        let error = check_proof(
            refinement.formula(),
            refinement.initial_clauses(),
            &proof[..proof.len() / 2],
            &allowed,
        )
        .unwrap_err();
        assert!(matches!(error, CertifyError::ProofRejected(_)), "{error}");
    }
}

#[cfg(test)]
mod pocket_tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;
    use crate::engine::search::dfs;
    use crate::engine::{Answer, Stats};

    /// On every blocked 3 x 4 and 4 x 4 board whose pockets hold an open tour's two ends, for
    /// the king and the knight: the proof's graph joins the virtual vertex to the pockets alone,
    /// and the re-proof agrees with search. Where search finds a tour, the confined formula has
    /// one too; where it finds none, the certificate passes its checks and names the pockets.
    #[test]
    fn a_re_proof_with_the_ends_in_the_pockets_agrees_with_search() {
        let request = ProofRequest {
            check: true,
            ..ProofRequest::default()
        };
        let (mut certified, mut found) = (0, 0);
        for board in every_blocked_pattern(3, 4).chain(every_blocked_pattern(4, 4)) {
            for piece in [Piece::King, Piece::Knight] {
                let problem = Problem::new(board.clone(), piece, TourShape::Open);
                let moves = MoveGraph::new(&problem.board, piece);
                if end_pockets(&problem, &moves).is_none() {
                    continue;
                }
                let searched =
                    dfs::search(&problem, &moves, &Limits::none(), &mut Stats::default());
                let options = SatOptions::default();
                let proved = prove_no_tour(&problem, &options, &Limits::none(), &request);
                match (searched, proved) {
                    (Answer::Found(_), Err(CertifyError::HasTour)) => found += 1,
                    (Answer::NoTour(_), Ok(certificate)) => {
                        assert!(certificate.checked, "{board}{piece}");
                        let pockets = certificate.ends_in_pockets.expect("the pockets named");
                        assert!(pockets.contains("2 disjoint pockets"), "{pockets}");
                        certified += 1;
                    }
                    (searched, proved) => panic!("{board}{piece}: {searched:?} but {proved:?}"),
                }
            }
        }
        assert!(
            certified >= 10_000 && found >= 10_000,
            "{certified} certified, {found} found"
        );
    }
}
