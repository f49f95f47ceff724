//! Models decoded: the moves an external solver's model chooses, read back as a verified tour.

use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, ProblemError};
use crate::core::tour::Tour;
use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::connectivity::Connectivity;
use crate::engine::sat::encode::moves::MoveVars;
use crate::engine::sat::exchange::answer::{AnswerError, SolverAnswer};
use crate::engine::sat::exchange::identity::{check_formula, Checked, Expected, FormulaMismatch};
use crate::engine::sat::exchange::source::Source;
use crate::engine::sat::Encoding;
use crate::graph::cycle::{CycleGraph, Vertex};
use crate::graph::problem::GraphProblem;
use crate::verify::board::{verify, TourError};
use crate::verify::graph::verify_graph_tour;
use std::fmt;
use std::io::BufRead;

/// Which of a square's chosen moves were counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveDirection {
    /// Moves either way (undirected encodings).
    Any,
    /// Moves leaving the square.
    Leaving,
    /// Moves entering the square.
    Entering,
}

/// A square where a model chooses the wrong number of moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCount {
    /// The square's `x,y`, or `None` for the virtual vertex joined to an open tour's ends.
    pub square: Option<String>,
    /// Which moves were counted.
    pub direction: MoveDirection,
    /// How many the model chooses.
    pub chosen: usize,
    /// How many a tour chooses.
    pub expected: usize,
}

impl fmt::Display for MoveCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = match self.direction {
            MoveDirection::Any => "",
            MoveDirection::Leaving => " leaving",
            MoveDirection::Entering => " entering",
        };
        match &self.square {
            Some(square) => write!(f, "square {square}")?,
            None => write!(f, "the open tour's ends (virtual vertex)")?,
        }
        write!(
            f,
            " has {} chosen moves{which}, expected {}",
            self.chosen, self.expected
        )
    }
}

/// One of several cycles in a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelCycle {
    /// Its squares in order, each `x,y`.
    pub squares: Vec<String>,
    /// Whether it passes the virtual vertex of an open tour: then it is a path between two
    /// squares, not a cycle of moves.
    pub is_path: bool,
}

/// How many squares of a cycle a message shows.
const SHOWN_SQUARES: usize = 6;

/// How many cycles a message shows.
const SHOWN_CYCLES: usize = 8;

impl fmt::Display for ModelCycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_path { "path" } else { "cycle" };
        write!(f, "a {kind} of {} squares:", self.squares.len())?;
        for square in self.squares.iter().take(SHOWN_SQUARES) {
            write!(f, " {square}")?;
        }
        if self.squares.len() > SHOWN_SQUARES {
            write!(f, " ...")?;
        }
        Ok(())
    }
}

/// Why a solver's answer does not give a tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The problem is not well posed.
    Problem(ProblemError),
    /// The answer could not be read.
    Answer(AnswerError),
    /// The solver found the formula unsatisfiable, and the formula is the complete one toursat
    /// wrote for this problem (checked by [`Decoder::check_formula`]): the problem has no tour.
    Unsatisfiable,
    /// The solver claims the formula unsatisfiable, but that is not taken as a proof of no tour.
    Unconfirmed(Unconfirmed),
    /// The solver gave up.
    Unknown,
    /// The model's moves are not a set of cycles through every square: these squares have the
    /// wrong number of chosen moves.
    NotCycles(Vec<MoveCount>),
    /// The model's moves form several cycles (the formula lacks the cuts that exclude them).
    SeveralCycles(Vec<ModelCycle>),
    /// The model decodes to a tour that fails verification (a bug in the encoding).
    InvalidTour(TourError),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Problem(error) => error.fmt(f),
            DecodeError::Answer(error) => write!(f, "reading the solver's answer: {error}"),
            DecodeError::Unsatisfiable => write!(
                f,
                "the solver found toursat's complete formula for this problem unsatisfiable"
            ),
            DecodeError::Unconfirmed(why) => write!(
                f,
                "the solver claims the formula is unsatisfiable, but {why}: that is no proof \
                 that no tour exists"
            ),
            DecodeError::Unknown => write!(f, "the solver gave up without an answer"),
            DecodeError::NotCycles(counts) => {
                write!(f, "the model's moves are not a set of cycles")?;
                if let Some(first) = counts.first() {
                    write!(f, ": {first}")?;
                }
                if counts.len() > 1 {
                    write!(f, " (and {} more such squares)", counts.len() - 1)?;
                }
                Ok(())
            }
            DecodeError::SeveralCycles(cycles) => {
                write!(f, "the model has {} cycles, not one tour: ", cycles.len())?;
                for (index, cycle) in cycles.iter().take(SHOWN_CYCLES).enumerate() {
                    if index > 0 {
                        write!(f, "; ")?;
                    }
                    write!(f, "{cycle}")?;
                }
                if cycles.len() > SHOWN_CYCLES {
                    write!(f, "; and {} more", cycles.len() - SHOWN_CYCLES)?;
                }
                Ok(())
            }
            DecodeError::InvalidTour(error) => write!(
                f,
                "internal error: the model decodes to a tour that fails verification: {error}"
            ),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Why a solver's claim of unsatisfiability is not taken as a proof of no tour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unconfirmed {
    /// No formula file was checked against the problem.
    NoFormula,
    /// The formula file is not the one toursat wrote for this problem.
    Mismatch(FormulaMismatch),
    /// The formula is toursat's for this problem, but lazy (no connectivity layer): only a
    /// complete formula's unsatisfiability is taken as a proof.
    Lazy,
}

impl fmt::Display for Unconfirmed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unconfirmed::NoFormula => f.write_str(
                "the formula file was not given, so toursat cannot check that it is its complete \
                 formula for this problem",
            ),
            Unconfirmed::Mismatch(mismatch) => write!(
                f,
                "the formula file is not the one toursat writes for this problem ({mismatch})"
            ),
            Unconfirmed::Lazy => f.write_str(
                "the formula is lazy (its encoding omits connectivity, and no layer completes \
                 it): toursat takes a solver's word only for a complete formula",
            ),
        }
    }
}

/// A problem's encoding rebuilt to read models: the cycle graph and move variables, numbered
/// exactly as the SAT engine numbers them when it encodes the problem.
pub struct Decoder<'p> {
    source: Source<'p>,
    encoding: Encoding,
    connectivity: Connectivity,
    graph: CycleGraph,
    moves: MoveVars,
    var_count: usize,
    /// Whether an unsatisfiable answer proves no tour: `Ok` once [`Decoder::check_formula`]
    /// found the complete formula toursat writes for the problem.
    formula: Result<(), Unconfirmed>,
}

impl<'p> Decoder<'p> {
    /// The decoder for `problem` under `encoding`.
    pub fn new(problem: &'p Problem, encoding: Encoding) -> Result<Decoder<'p>, ProblemError> {
        Decoder::with_connectivity(problem, encoding, Connectivity::Cuts)
    }

    /// The decoder for `problem` under `encoding` completed by a `connectivity` layer, whose
    /// variables follow the encoding's (as `toursat dimacs --connectivity` writes them).
    pub fn with_connectivity(
        problem: &'p Problem,
        encoding: Encoding,
        connectivity: Connectivity,
    ) -> Result<Decoder<'p>, ProblemError> {
        problem.validate()?;
        let move_graph = MoveGraph::new(&problem.board, problem.piece);
        let graph = CycleGraph::new(problem, &move_graph);
        Ok(Decoder::of_cycle_graph(
            Source::Board(problem),
            graph,
            encoding,
            connectivity,
        ))
    }

    /// The decoder for a graph problem (the graph named `name`), as `toursat dimacs --graph`
    /// encodes it.
    pub fn for_graph(
        problem: &'p GraphProblem,
        name: &'p str,
        encoding: Encoding,
        connectivity: Connectivity,
    ) -> Result<Decoder<'p>, ProblemError> {
        problem.validate()?;
        let graph = problem.cycle_graph();
        Ok(Decoder::of_cycle_graph(
            Source::Graph(problem, name),
            graph,
            encoding,
            connectivity,
        ))
    }

    /// The decoder of either source, once its cycle graph is built.
    fn of_cycle_graph(
        source: Source<'p>,
        graph: CycleGraph,
        encoding: Encoding,
        connectivity: Connectivity,
    ) -> Decoder<'p> {
        let mut formula = Formula::new();
        let moves = encoding.encode(&graph, &mut formula);
        connectivity.add_layer(&graph, &moves, &mut formula);
        Decoder {
            source,
            encoding,
            connectivity,
            graph,
            moves,
            var_count: formula.var_count(),
            formula: Err(Unconfirmed::NoFormula),
        }
    }

    /// The board problem decoded, `None` for a graph's.
    pub fn board_problem(&self) -> Option<&'p Problem> {
        match self.source {
            Source::Board(problem) => Some(problem),
            Source::Graph(..) => None,
        }
    }

    /// The cycle graph.
    pub fn graph(&self) -> &CycleGraph {
        &self.graph
    }

    /// The move variables.
    pub fn moves(&self) -> &MoveVars {
        &self.moves
    }

    /// The formula's number of variables (cuts add none).
    pub fn var_count(&self) -> usize {
        self.var_count
    }

    /// What the formula toursat writes for this problem is.
    pub fn expected(&self) -> Expected<'p> {
        Expected {
            source: self.source,
            encoding: self.encoding,
            connectivity: self.connectivity,
            var_count: self.var_count,
        }
    }

    /// Checks the formula file the solver answered (see [`check_formula`]). After a check that
    /// finds the complete formula toursat writes for this problem, and only then, an
    /// unsatisfiable answer decodes to [`DecodeError::Unsatisfiable`].
    pub fn check_formula(&mut self, input: impl BufRead) -> Result<Checked, FormulaMismatch> {
        let checked = check_formula(input, &self.expected());
        self.formula = match &checked {
            Ok(checked) if checked.identity.complete => Ok(()),
            Ok(_) => Err(Unconfirmed::Lazy),
            Err(mismatch) => Err(Unconfirmed::Mismatch(mismatch.clone())),
        };
        checked
    }

    /// The most bytes a solver's answer to this formula may take: 16 MiB of comments and 24
    /// bytes a variable.
    pub fn answer_byte_limit(&self) -> u64 {
        (16u64 << 20).saturating_add(24u64.saturating_mul(self.var_count as u64))
    }

    /// Reads a solver's answer to this formula.
    pub fn read(&self, text: &str) -> Result<SolverAnswer, AnswerError> {
        SolverAnswer::parse(text, self.var_count)
    }

    /// The cycles of the cycle graph a model chooses (values by variable index, missing ones
    /// false), each a list of vertices in order; an error naming the squares with the wrong
    /// number of chosen moves when they are not a set of cycles through every vertex.
    pub fn cycles(&self, values: &[bool]) -> Result<Vec<Vec<Vertex>>, DecodeError> {
        self.moves
            .cycles(&self.graph, values)
            .ok_or_else(|| DecodeError::NotCycles(self.wrong_move_counts(values)))
    }

    /// The verified tour a solver's answer gives.
    pub fn tour(&self, answer: &SolverAnswer) -> Result<Tour, DecodeError> {
        let values = match answer {
            SolverAnswer::Satisfiable(values) => values,
            SolverAnswer::Unsatisfiable => {
                return Err(match &self.formula {
                    Ok(()) => DecodeError::Unsatisfiable,
                    Err(why) => DecodeError::Unconfirmed(why.clone()),
                })
            }
            SolverAnswer::Unknown => return Err(DecodeError::Unknown),
        };
        let cycles = self.cycles(values)?;
        let [cycle] = cycles.as_slice() else {
            return Err(DecodeError::SeveralCycles(
                cycles.iter().map(|cycle| self.describe(cycle)).collect(),
            ));
        };
        let tour = self.graph.tour_of_cycle(cycle);
        match self.source {
            Source::Board(problem) => verify(problem, &tour),
            Source::Graph(problem, _) => verify_graph_tour(problem, &tour),
        }
        .map_err(DecodeError::InvalidTour)?;
        Ok(tour)
    }

    /// Every vertex where the model chooses a number of moves no tour chooses.
    fn wrong_move_counts(&self, values: &[bool]) -> Vec<MoveCount> {
        let vertex_count = self.graph.vertex_count();
        let (mut leaving, mut entering) = (vec![0; vertex_count], vec![0; vertex_count]);
        for (var, from, to) in self.moves.described(&self.graph) {
            if values.get(var.index()).copied().unwrap_or(false) {
                leaving[from as usize] += 1;
                entering[to as usize] += 1;
            }
        }
        let mut wrong = Vec::new();
        for vertex in 0..vertex_count {
            let square = self.square_name(vertex as Vertex);
            let counts = match self.moves {
                MoveVars::Edges(_) => {
                    vec![(MoveDirection::Any, leaving[vertex] + entering[vertex], 2)]
                }
                MoveVars::Arcs(_) => vec![
                    (MoveDirection::Leaving, leaving[vertex], 1),
                    (MoveDirection::Entering, entering[vertex], 1),
                ],
            };
            for (direction, chosen, expected) in counts {
                if chosen != expected {
                    wrong.push(MoveCount {
                        square: square.clone(),
                        direction,
                        chosen,
                        expected,
                    });
                }
            }
        }
        wrong
    }

    /// A vertex's square as `x,y` (a graph's vertex by its number), `None` for the virtual
    /// vertex.
    fn square_name(&self, vertex: Vertex) -> Option<String> {
        (Some(vertex) != self.graph.virtual_vertex())
            .then(|| self.source.name(self.graph.square(vertex)))
    }

    /// A cycle of the model in squares, begun after the virtual vertex if it passes it.
    fn describe(&self, cycle: &[Vertex]) -> ModelCycle {
        let mut order = cycle.to_vec();
        let virtual_position = order
            .iter()
            .position(|&vertex| Some(vertex) == self.graph.virtual_vertex());
        if let Some(position) = virtual_position {
            order.rotate_left(position);
            order.remove(0);
        }
        ModelCycle {
            squares: order
                .into_iter()
                .map(|vertex| self.source.name(self.graph.square(vertex)))
                .collect(),
            is_path: virtual_position.is_some(),
        }
    }
}

/// The verified tour that a solver's answer `text` gives for `problem` encoded by `encoding`.
///
/// ```
/// use toursat::engine::sat::exchange::model;
/// use toursat::engine::sat::Encoding;
/// use toursat::{Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
/// // The 2x2 rook board has four edges; a circuit uses all of them.
/// let tour = model::decode(&problem, Encoding::Cutset, "SAT\n1 2 3 4 0\n").unwrap();
/// assert_eq!(tour.squares(), [0, 1, 3, 2]);
/// ```
pub fn decode(problem: &Problem, encoding: Encoding, text: &str) -> Result<Tour, DecodeError> {
    let decoder = Decoder::new(problem, encoding).map_err(DecodeError::Problem)?;
    let answer = decoder.read(text).map_err(DecodeError::Answer)?;
    decoder.tour(&answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::{Board, Square};
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    /// The values that choose the moves `(from, to)` for which `chosen` holds.
    fn choosing(decoder: &Decoder, chosen: impl Fn(Square, Square) -> bool) -> Vec<bool> {
        let graph = decoder.graph();
        let square =
            |vertex: Vertex| (Some(vertex) != graph.virtual_vertex()).then(|| graph.square(vertex));
        let mut values = vec![false; decoder.var_count()];
        for (var, from, to) in decoder.moves().described(graph) {
            // The virtual vertex is written as `u32::MAX`.
            let ends = (
                square(from).unwrap_or(u32::MAX),
                square(to).unwrap_or(u32::MAX),
            );
            values[var.index()] = chosen(ends.0, ends.1);
        }
        values
    }

    fn rook_problem(rows: u64, cols: u64, shape: TourShape) -> Problem {
        Problem::new(Board::new(rows, cols).unwrap(), Piece::Rook, shape)
    }

    #[test]
    fn decodes_a_model_into_a_verified_tour() {
        let problem = rook_problem(2, 2, TourShape::Closed);
        let decoder = Decoder::new(&problem, Encoding::CutsetArcs).unwrap();
        // Arcs around the square 0 -> 1 -> 3 -> 2 -> 0.
        let around = [(0, 1), (1, 3), (3, 2), (2, 0)];
        let values = choosing(&decoder, |from, to| around.contains(&(from, to)));
        let tour = decoder.tour(&SolverAnswer::Satisfiable(values)).unwrap();
        assert_eq!(tour.squares(), [0, 1, 3, 2]);
    }

    #[test]
    fn an_unsatisfiable_answer_without_a_checked_formula_is_unconfirmed() {
        let problem = rook_problem(2, 2, TourShape::Closed);
        assert_eq!(
            decode(&problem, Encoding::Cutset, "s UNSATISFIABLE\n"),
            Err(DecodeError::Unconfirmed(Unconfirmed::NoFormula))
        );
        assert_eq!(
            decode(&problem, Encoding::Cutset, "INDET\n"),
            Err(DecodeError::Unknown)
        );
    }

    #[test]
    fn names_the_squares_with_the_wrong_number_of_moves() {
        let problem = rook_problem(2, 2, TourShape::Closed);
        // Edges 0-1, 0-2 and 1-3 but not 2-3: squares 0,1 and 1,1 have one move each.
        let error = decode(&problem, Encoding::Cutset, "1 2 3 -4 0").unwrap_err();
        let one_move = |square: &str| MoveCount {
            square: Some(square.to_string()),
            direction: MoveDirection::Any,
            chosen: 1,
            expected: 2,
        };
        assert_eq!(
            error,
            DecodeError::NotCycles(vec![one_move("0,1"), one_move("1,1")])
        );
        assert_eq!(
            error.to_string(),
            "the model's moves are not a set of cycles: square 0,1 has 1 chosen moves, \
             expected 2 (and 1 more such squares)"
        );
    }

    #[test]
    fn counts_arcs_leaving_and_entering_separately() {
        let problem = rook_problem(2, 2, TourShape::Closed);
        let decoder = Decoder::new(&problem, Encoding::CutsetArcs).unwrap();
        // Square 0 sends arcs to both neighbours; nothing else is chosen.
        let values = choosing(&decoder, |from, _| from == 0);
        let Err(DecodeError::NotCycles(counts)) = decoder.tour(&SolverAnswer::Satisfiable(values))
        else {
            panic!("expected NotCycles")
        };
        assert_eq!(
            counts[0],
            MoveCount {
                square: Some("0,0".to_string()),
                direction: MoveDirection::Leaving,
                chosen: 2,
                expected: 1
            }
        );
        assert!(counts
            .iter()
            .any(|count| count.direction == MoveDirection::Entering));
    }

    #[test]
    fn a_square_without_a_leaving_arc_is_not_a_cycle() {
        // Found by the decode_answer fuzz target: one arc 0 -> 1, and square 1 has no successor.
        let problem = rook_problem(2, 2, TourShape::Closed);
        let decoder = Decoder::new(&problem, Encoding::CutsetArcs).unwrap();
        let values = choosing(&decoder, |from, to| (from, to) == (0, 1));
        let decoded = decoder.tour(&SolverAnswer::Satisfiable(values));
        assert!(
            matches!(decoded, Err(DecodeError::NotCycles(_))),
            "{decoded:?}"
        );
    }

    #[test]
    fn reports_several_cycles_rather_than_accepting_one() {
        // Two 2x2 rook cycles side by side on a 2x4 board (x = square % 4).
        let problem = rook_problem(2, 4, TourShape::Closed);
        let decoder = Decoder::new(&problem, Encoding::Cutset).unwrap();
        let values = choosing(&decoder, |a, b| (a % 4 < 2) == (b % 4 < 2));
        let error = decoder
            .tour(&SolverAnswer::Satisfiable(values))
            .unwrap_err();
        let cycle = |squares: [&str; 4]| ModelCycle {
            squares: squares.iter().map(|square| square.to_string()).collect(),
            is_path: false,
        };
        assert_eq!(
            error,
            DecodeError::SeveralCycles(vec![
                cycle(["0,0", "0,1", "1,1", "1,0"]),
                cycle(["2,0", "2,1", "3,1", "3,0"]),
            ])
        );
        assert_eq!(
            error.to_string(),
            "the model has 2 cycles, not one tour: a cycle of 4 squares: 0,0 0,1 1,1 1,0; \
             a cycle of 4 squares: 2,0 2,1 3,1 3,0"
        );
    }

    #[test]
    fn an_open_tours_extra_cycle_is_reported_beside_its_path() {
        // A path 0,0 1,0 1,1 0,1 (its ends joined to the virtual vertex) and a separate cycle.
        let problem = rook_problem(2, 4, TourShape::Open);
        let decoder = Decoder::new(&problem, Encoding::Cutset).unwrap();
        let path = [(0, 1), (1, 5), (4, 5), (0, u32::MAX), (4, u32::MAX)];
        let values = choosing(&decoder, |a, b| {
            path.contains(&(a, b)) || (a != u32::MAX && b != u32::MAX && a % 4 >= 2 && b % 4 >= 2)
        });
        let Err(DecodeError::SeveralCycles(cycles)) =
            decoder.tour(&SolverAnswer::Satisfiable(values))
        else {
            panic!("expected SeveralCycles")
        };
        assert_eq!(cycles.len(), 2);
        let paths: Vec<&ModelCycle> = cycles.iter().filter(|cycle| cycle.is_path).collect();
        assert_eq!(paths.len(), 1);
        assert_eq!(paths[0].squares.len(), 4);
        assert!(paths[0].to_string().starts_with("a path of 4 squares: "));
    }

    #[test]
    fn rejects_an_ill_posed_problem() {
        let problem = rook_problem(2, 2, TourShape::Closed).with_start(7);
        assert!(matches!(
            decode(&problem, Encoding::Cutset, "1 2 3 4"),
            Err(DecodeError::Problem(_))
        ));
    }
}
