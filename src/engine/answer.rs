//! What every engine answers: its limits, a tour or a proof of no tour or a stop, and its
//! statistics.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::tour::Tour;
use crate::engine::proof::regions::RegionProof;
use std::time::{Duration, Instant};

/// When an engine must give up without an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time by which to stop.
    pub deadline: Option<Instant>,
    /// Most search nodes to visit.
    pub node_budget: Option<u64>,
    /// Most literals a SAT formula may hold: the SAT engine stops with
    /// [`Stop::FormulaTooLarge`] rather than run out of memory building or solving a larger one
    /// (toursat keeps 4 bytes a literal, the solver several times that). `None` is the
    /// machine's default, [`crate::engine::default_formula_literals`]; `Some(usize::MAX)` no limit.
    pub formula_literals: Option<usize>,
}

impl Limits {
    /// No limit of time or search nodes (SAT formulas are still held to the machine's memory).
    pub fn none() -> Limits {
        Limits::default()
    }

    /// A time limit from now.
    pub fn timeout(duration: Duration) -> Limits {
        Limits {
            deadline: Some(Instant::now() + duration),
            ..Limits::default()
        }
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// Why there is no tour: an argument a person can check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossibility {
    /// A closed tour needs at least two free squares.
    TooFewSquares,
    /// A bipartite piece alternates colours, and the counts do not allow it.
    ColourCount {
        /// Free squares with `x + y` even.
        even: usize,
        /// Free squares with `x + y` odd.
        odd: usize,
        /// What the tour needs of them, in words.
        needed: String,
    },
    /// A free square with too few moves (fewer than 2 for a closed tour, none for an open one).
    TooFewMoves {
        /// The square.
        square: Square,
        /// Its number of moves.
        moves: usize,
    },
    /// An open tour has two ends, and more squares than that have a single move.
    TooManyDeadEnds {
        /// The squares with a single move (or those of them that cannot be an end).
        squares: Vec<Square>,
    },
    /// Two free squares that no sequence of moves joins.
    Disconnected {
        /// One square.
        a: Square,
        /// A square not reachable from `a`.
        b: Square,
    },
    /// A square whose removal splits the free squares: a circuit cannot pass it twice.
    CutSquare {
        /// The square.
        square: Square,
    },
    /// An open tour needs an end in every pocket (squares that a single cut square joins to
    /// the rest: a path that enters a pocket through its cut square cannot come out), and more
    /// pockets hold no fixed end than the tour has ends left to place.
    EndPockets {
        /// Pockets without a fixed end, one more than the ends left to place.
        pockets: Vec<Pocket>,
    },
    /// For a piece that alternates colours: the tour moves the squares of one colour need
    /// cannot all be placed at once (a maximum flow; Hall's condition fails somewhere).
    MoveShortage {
        /// Tour moves needed at the squares of one colour.
        needed: u32,
        /// The most of them the board's moves can provide at once.
        possible: u32,
        /// The flow's minimum cut, whose capacity is `possible` (`None` when the shortfall
        /// needed no flow: an open tour whose fixed end is its start).
        cut: Option<HallCut>,
    },
    /// A closed tour enters and leaves every square by two moves: the squares with only two
    /// moves left, taken in turn, use both and rule out the other moves of the squares they
    /// fill, until a square is left fewer than two moves or the moves taken close a loop that
    /// leaves squares out ([`ForcedProof`]).
    ForcedMoves(ForcedProof),
    /// A closed tour is a 2-factor (two tour moves at every square), and the pieces' moves
    /// (or the graph's edges) have none: a maximum matching of Tutte's gadget leaves a vertex
    /// unmatched. For pieces and graphs that do not alternate colours; otherwise a flow finds
    /// the shortage ([`Impossibility::MoveShortage`]).
    NoTwoFactor,
    /// A 2-factor exists, but regions whose boundary colours seal them cut the board apart:
    /// counting the tour moves at each colour of a region shows that no circuit uses the moves
    /// leaving it at its squares of one colour, and without those moves two squares are no
    /// longer joined ([`RegionProof`]). For pieces that alternate colours (graphs: bipartite ones).
    SealedRegions(RegionProof),
    /// A theorem on knight's tours settles it.
    Theorem(String),
    /// The search tried every possibility.
    Exhausted {
        /// Search nodes visited.
        nodes: u64,
    },
    /// The SAT solver proved the formula unsatisfiable.
    Unsatisfiable,
    /// A graph's piece between two-edge cuts has no passage: every Hamiltonian cycle uses both
    /// edges of each pair that cuts the piece off (removing the two splits the graph), so it
    /// passes through the piece as paths between the pairs' ends, and the piece with a vertex
    /// more for each pair, joined to its two ends, has no Hamiltonian cycle ([`PieceProof`]).
    PieceWithoutPassage(PieceProof),
}

/// The argument of an [`Impossibility::PieceWithoutPassage`], in the graph's own vertex numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceProof {
    /// The piece's vertices, in increasing order.
    pub vertices: Vec<Square>,
    /// The pairs of edges that cut the piece off, each edge as its end in the piece, then its
    /// end outside; each pair checked to split the graph, and together every edge that leaves
    /// the piece.
    pub pairs: Vec<[(Square, Square); 2]>,
    /// Why the piece with a vertex for each pair has no Hamiltonian cycle: the SAT solver's
    /// refutation ([`Impossibility::Unsatisfiable`]) or no 2-factor
    /// ([`Impossibility::NoTwoFactor`]), neither of which names a vertex.
    pub within: Box<Impossibility>,
}

/// The steps of an [`Impossibility::ForcedMoves`]: the squares taken, each with two moves
/// left that it uses, in order, and where they lead. Only the steps the end rests on are kept,
/// so replaying them from the board reaches the same end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedProof {
    /// The squares taken, in order: each has two moves left when taken (its moves to squares
    /// that already use two moves are ruled out) and uses both.
    pub steps: Vec<Square>,
    /// Where the steps lead.
    pub end: ForcedEnd,
}

impl ForcedProof {
    /// Each step's square and the two moves it uses, replayed on `graph` (the problem's move
    /// graph): the moves a square has left are those it uses already and those to squares
    /// that do not use two.
    pub fn moves(&self, graph: &MoveGraph) -> Vec<(Square, Vec<Square>)> {
        let mut partners: Vec<Vec<Square>> = vec![Vec::new(); graph.len()];
        let mut steps = Vec::with_capacity(self.steps.len());
        for &square in &self.steps {
            let left: Vec<Square> = graph
                .neighbours(square)
                .iter()
                .copied()
                .filter(|&next| {
                    partners[square as usize].contains(&next) || partners[next as usize].len() < 2
                })
                .collect();
            for &next in &left {
                if !partners[square as usize].contains(&next) {
                    partners[square as usize].push(next);
                    partners[next as usize].push(square);
                }
            }
            steps.push((square, left));
        }
        steps
    }
}

/// Where the forced moves of a [`ForcedProof`] lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForcedEnd {
    /// This square is left fewer than two moves.
    TooFewMoves(Square),
    /// The moves taken close a loop through these squares (in order along it), which leaves
    /// other squares out.
    Loop(Vec<Square>),
}

impl ForcedEnd {
    /// The square the end names: the square left short, or the loop's first.
    pub fn square(&self) -> Square {
        match self {
            ForcedEnd::TooFewMoves(square) => *square,
            ForcedEnd::Loop(squares) => squares[0],
        }
    }
}

/// The minimum cut behind a [`Impossibility::MoveShortage`]: the squares on the source side of
/// the flow's residual graph. The squares of one colour in it need more tour moves than the
/// squares of the other colour in it, and the moves leaving it, can give them (Hall's
/// condition fails).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallCut {
    /// The free squares on the source side, of both colours, in no particular order.
    pub squares: Vec<Square>,
    /// Whether the source side also holds the stand-in for an open tour's end that the problem
    /// leaves free (it needs one move, to any square of the colour the tour ends on), when one
    /// end is fixed or named as a dead end. With both ends free and no dead end the cut does not
    /// place the stand-ins of the two ends: the check tries each side for each.
    pub has_free_end: bool,
    /// The square taken as one end of an open tour that fixes neither end: it has a single
    /// move, so every open tour ends there.
    pub dead_end: Option<Square>,
}

/// A pocket of an [`Impossibility::EndPockets`]: the squares that only `cut` joins to the rest,
/// named by one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pocket {
    /// The cut square every move out of the pocket leads to.
    pub cut: Square,
    /// A square in the pocket; the pocket is what a search from it reaches without `cut`.
    pub inside: Square,
}

/// Why an engine stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed.
    Timeout,
    /// The node budget ran out.
    NodeBudget,
    /// A SAT solve met its budget of conflicts (the budget of an internal solve, such as a
    /// window of the local repair; no limit the caller sets).
    ConflictBudget,
    /// An engine found itself in a state its invariants rule out (a bug in toursat).
    InternalError,
    /// The SAT formula would pass [`Limits::formula_literals`].
    FormulaTooLarge,
    /// The user stopped the work (Ctrl-C) where the process heeds it
    /// ([`crate::engine::interrupt`]).
    Interrupted,
}

/// What an engine found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A tour (verified when it comes from [`crate::engine::solve`]).
    Found(Tour),
    /// A proof that no tour exists.
    NoTour(Impossibility),
    /// Stopped by a limit, with nothing proved.
    Stopped(Stop),
}

/// Counters from the SAT engine.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct SatStats {
    /// The encoding's name.
    pub encoding: String,
    /// Variables in the final formula.
    pub variables: u64,
    /// Clauses in the final formula.
    pub clauses: u64,
    /// Calls to the solver.
    pub solve_calls: u64,
    /// Conflicts the solver met, over all its calls (counted from its proof).
    pub conflicts: u64,
    /// Cut clauses added by refinement.
    pub cuts: u64,
    /// Cycles joined by edge exchanges.
    pub merges: u64,
    /// The solve calls made before the cut loop completed its formula with the `crt` layer
    /// ([`crate::engine::sat::SatOptions::complete_after`]); `None` when it did not.
    pub completed_after: Option<u64>,
    /// Times the cut loop started its solver afresh from random phases after balanced models
    /// (`auto`'s directed arcs on a graph; see `docs/fhcp.md`).
    pub fresh_starts: u64,
    /// Seconds spent decoding models, joining cycles and adding cuts.
    pub cut_seconds: f64,
    /// Seconds spent building the formula.
    pub encode_seconds: f64,
    /// Seconds spent on the warm start's first model: a maximum flow's 2-factor, joined.
    pub flow_seconds: f64,
    /// Seconds spent in the solver.
    pub solve_seconds: f64,
    /// Seconds spent repairing the warm start in small window formulas before the whole
    /// formula was built (see `encodings/cutset.md`).
    pub local_seconds: f64,
    /// Calls to the window formulas' solvers.
    pub local_solve_calls: u64,
    /// Conflicts the local repair's window solvers met.
    pub local_conflicts: u64,
    /// Cycles the local repair joined to an open path by Pósa rotations of its ends (see
    /// `encodings/cutset.md`).
    pub rotation_joins: u64,
    /// Cycles the local repair let out of their pieces by an exchange along an alternating
    /// cycle (see `encodings/cutset.md`).
    pub alternating_exchanges: u64,
    /// Cases of an open tour with both ends fixed that the flow and the local repair tried,
    /// where the flow confines an end to a few squares (see `encodings/cutset.md`).
    pub end_cases: u64,
    /// Conflicts met by those cases' repairs and by the short look at the whole formula
    /// before them.
    pub end_case_conflicts: u64,
    /// Seconds spent on those cases and the look.
    pub end_case_seconds: f64,
}

impl SatStats {
    /// Adds the solve calls, conflicts and cuts of a part's solve (a block's passage, a piece
    /// between two-edge cuts), whose sum is what a solve part by part reports.
    pub(crate) fn add_part_counts(&mut self, part: &SatStats) {
        self.solve_calls += part.solve_calls;
        self.conflicts += part.conflicts;
        self.cuts += part.cuts;
    }
}

/// What an engine did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Name of the engine that answered.
    pub engine: String,
    /// Search nodes visited (0 for engines that do not search).
    pub nodes: u64,
    /// Wall-clock seconds in all.
    pub seconds: f64,
    /// Seconds spent on the cheap proofs before any engine ran.
    pub proof_seconds: f64,
    /// SAT counters, when the SAT engine ran.
    pub sat: Option<SatStats>,
    /// The seconds spent in each phase of the work (`core::progress`'s: cheap proofs,
    /// 2-factor, SAT, ...), in the order entered; given when the work was stopped before it
    /// could give its own statistics (a time limit), empty otherwise.
    pub phases: Vec<PhaseTime>,
}

/// The seconds spent in one phase of the work.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PhaseTime {
    /// The phase ([`crate::core::progress`]'s name: "cheap proofs", "2-factor", "SAT").
    pub phase: String,
    /// Seconds spent in it.
    pub seconds: f64,
}
