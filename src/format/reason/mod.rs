//! The words of an answer, in one place: why no tour exists, one plain sentence (a board's in
//! `board`, squares named as the board's labels name them; a graph's in `graph`), why an engine
//! stopped (`stop`), the facts behind a sentence, the full explanation for a person and its
//! structured form for JSON.

mod board;
mod graph;
mod stop;

pub use board::explain;
pub(crate) use board::named_squares;
pub use graph::explain_graph;
pub(crate) use graph::{named_vertices, numbered};
pub use stop::explain_stop;

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::{colour_name, column_letters, name};
use crate::engine::proof::certify::Certified;
use crate::engine::proof::regions::{OpenEnds, RegionProof};
use crate::engine::{Answer, ForcedEnd, ForcedProof, Impossibility, SatStats, Solution};
use board::shade;

/// Why no tour exists, as data: a kind, the squares the argument names and its numbers.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Reason {
    /// The argument: `too-few-squares`, `colour-count`, `too-few-moves`, `too-many-dead-ends`,
    /// `disconnected`, `cut-square`, `move-shortage`, `forced-moves`, `no-two-factor`,
    /// `sealed-regions`, `theorem`, `exhausted` or `unsatisfiable`.
    pub kind: &'static str,
    /// The squares the argument names, as `[x, y]`.
    pub squares: Vec<[u32; 2]>,
    /// The same squares by name, as the board's labels name them (`A1` the top-left corner).
    pub names: Vec<String>,
    /// Free squares with `x + y` even (colour counts).
    pub even: Option<usize>,
    /// Free squares with `x + y` odd (colour counts).
    pub odd: Option<usize>,
    /// The square's number of moves (too few moves).
    pub moves: Option<usize>,
    /// Search nodes visited (exhausted search).
    pub nodes: Option<u64>,
    /// Tour moves needed at the squares of one colour (move shortage).
    pub needed: Option<u32>,
    /// The most of them the board's moves provide at once (move shortage).
    pub possible: Option<u32>,
    /// The encoding that was proved unsatisfiable.
    pub encoding: Option<String>,
    /// Cut clauses added to its base formula.
    pub cuts: Option<u64>,
    /// The sealed regions (sealed regions): `squares` above are the two squares they part.
    pub regions: Option<Vec<RegionReason>>,
    /// The argument in one sentence.
    pub text: String,
    /// The facts behind it, a sentence each, for a person to check it.
    pub details: Vec<String>,
}

/// A sealed region, as data: its squares and the colour whose moves out of it no circuit uses.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RegionReason {
    /// `even` or `odd` (`x + y`).
    pub sealed_colour: &'static str,
    /// The region's free squares, as `[x, y]`.
    pub squares: Vec<[u32; 2]>,
}

/// The structured reason for `why`; `sat` gives the encoding and cuts of an unsatisfiable formula.
pub fn reason(problem: &Problem, why: &Impossibility, sat: Option<&SatStats>) -> Reason {
    let board = &problem.board;
    let xy = |square: Square| {
        let (x, y) = board.coords(square);
        [x, y]
    };
    let named = named_squares(problem, why);
    let mut reason = Reason {
        kind: kind(why),
        squares: named.iter().map(|&square| xy(square)).collect(),
        names: named.iter().map(|&square| name(board, square)).collect(),
        even: None,
        odd: None,
        moves: None,
        nodes: None,
        needed: None,
        possible: None,
        encoding: None,
        cuts: None,
        regions: None,
        text: explain(problem, why),
        details: details(problem, why, sat),
    };
    match why {
        Impossibility::ColourCount { even, odd, .. } => {
            reason.even = Some(*even);
            reason.odd = Some(*odd);
        }
        Impossibility::TooFewMoves { moves, .. } => reason.moves = Some(*moves),
        Impossibility::Exhausted { nodes } => reason.nodes = Some(*nodes),
        Impossibility::MoveShortage {
            needed, possible, ..
        } => {
            reason.needed = Some(*needed);
            reason.possible = Some(*possible);
        }
        Impossibility::SealedRegions(proof) => {
            let regions = proof.regions.iter().map(|region| RegionReason {
                sealed_colour: colour_name(region.sealed_colour),
                squares: region.squares.iter().map(|&square| xy(square)).collect(),
            });
            reason.regions = Some(regions.collect());
        }
        Impossibility::Unsatisfiable => {
            reason.encoding = sat.map(|sat| sat.encoding.clone());
            reason.cuts = sat.map(|sat| sat.cuts);
        }
        Impossibility::TooFewSquares
        | Impossibility::NoTwoFactor
        | Impossibility::PieceWithoutPassage(_)
        | Impossibility::ForcedMoves(_)
        | Impossibility::Theorem(_)
        | Impossibility::TooManyDeadEnds { .. }
        | Impossibility::Disconnected { .. }
        | Impossibility::CutSquare { .. }
        | Impossibility::EndPockets { .. } => {}
    }
    reason
}

/// How an answer of no tour was certified, as data: the argument's kind, how it was checked,
/// what the check found and how long it took.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Certification {
    /// The argument's kind, as in [`Reason::kind`].
    pub kind: &'static str,
    /// How it was checked: `recount`, `search`, `min-cut`, `theorem`, `region-count`, `replay` or
    /// `sat-proof`.
    pub method: &'static str,
    /// What the check found, in words.
    pub findings: String,
    /// Wall-clock seconds the certificate took.
    pub seconds: f64,
}

/// The certification of the argument `why`, as data.
pub fn certification(why: &Impossibility, certified: &Certified) -> Certification {
    Certification {
        kind: kind(why),
        method: certified.method(),
        findings: certified.findings(),
        seconds: certified.seconds,
    }
}

/// One line saying what was certified and how: `certified: no closed tour: ARGUMENT (checked
/// by METHOD: FINDINGS; SECONDS s)`.
pub fn certified_line(problem: &Problem, why: &Impossibility, certified: &Certified) -> String {
    format!(
        "certified: no {} tour: {} (checked by {}: {}; {:.3} s)",
        problem.shape,
        explain(problem, why),
        certified.method(),
        certified.findings(),
        certified.seconds
    )
}

/// The name of an argument's kind.
pub(super) fn kind(why: &Impossibility) -> &'static str {
    match why {
        Impossibility::TooFewSquares => "too-few-squares",
        Impossibility::ColourCount { .. } => "colour-count",
        Impossibility::TooFewMoves { .. } => "too-few-moves",
        Impossibility::TooManyDeadEnds { .. } => "too-many-dead-ends",
        Impossibility::Disconnected { .. } => "disconnected",
        Impossibility::CutSquare { .. } => "cut-square",
        Impossibility::EndPockets { .. } => "end-pockets",
        Impossibility::MoveShortage { .. } => "move-shortage",
        Impossibility::ForcedMoves(_) => "forced-moves",
        Impossibility::NoTwoFactor => "no-two-factor",
        Impossibility::SealedRegions(_) => "sealed-regions",
        Impossibility::Theorem(_) => "theorem",
        Impossibility::Exhausted { .. } => "exhausted",
        Impossibility::Unsatisfiable => "unsatisfiable",
        Impossibility::PieceWithoutPassage(_) => "piece-without-passage",
    }
}

/// The answer explained in lines a person can check: what was found or proved, and for no tour
/// the sentence, the argument that proves it (`proved by: ...`) and the facts it rests on.
pub fn explain_in_full(problem: &Problem, solution: &Solution) -> Vec<String> {
    let engine = &solution.stats.engine;
    match &solution.answer {
        Answer::Found(tour) => vec![format!(
            "found {} tour of {} squares ({}); it was verified: every free square once, each step a {} move{}",
            match problem.shape {
                TourShape::Closed => "a closed",
                TourShape::Open => "an open",
            },
            tour.len(),
            engine,
            problem.piece,
            if problem.shape == TourShape::Closed {
                ", and the last square one move from the first"
            } else {
                ""
            }
        )],
        Answer::Stopped(stop) => vec![format!(
            "{} ({engine}): nothing is proved either way",
            explain_stop(*stop, None)
        )],
        Answer::NoTour(why) => {
            let mut lines = vec![
                format!("no tour: {}", explain(problem, why)),
                format!("proved by: {}", argument(why)),
            ];
            lines.extend(details(problem, why, solution.stats.sat.as_ref()));
            lines
        }
    }
}

/// The argument that proves no tour exists, named in words.
fn argument(why: &Impossibility) -> String {
    match why {
        Impossibility::TooFewSquares => "counting the free squares",
        Impossibility::ColourCount { .. } => "counting light and dark squares",
        Impossibility::TooFewMoves { .. } => "counting a square's moves",
        Impossibility::TooManyDeadEnds { .. } => "counting the squares with a single move",
        Impossibility::Disconnected { .. } => "following the moves from square to square",
        Impossibility::CutSquare { .. } => "finding a square that parts the board",
        Impossibility::EndPockets { .. } => "finding pockets with a single entrance",
        Impossibility::MoveShortage { .. } => {
            "a maximum flow of tour moves between the two colours (Hall's condition)"
        }
        Impossibility::ForcedMoves(_) => {
            "following the moves forced at squares with two moves left"
        }
        Impossibility::NoTwoFactor => "a maximum matching (no 2-factor)",
        Impossibility::SealedRegions(_) => "counting tour moves by colour around sealed regions",
        Impossibility::Theorem(_) => "a theorem on knight's tours",
        Impossibility::Exhausted { .. } => "a depth-first search of every sequence of moves",
        Impossibility::Unsatisfiable => "the SAT solver (varisat)",
        Impossibility::PieceWithoutPassage(_) => {
            "a part cut off by pairs of moves, and the part's own refutation"
        }
    }
    .to_string()
}

/// The facts behind an argument, a sentence each, for a person to check it.
fn details(problem: &Problem, why: &Impossibility, sat: Option<&SatStats>) -> Vec<String> {
    let board = &problem.board;
    let at = |square| name(board, square);
    match why {
        Impossibility::ColourCount { even, odd, needed } => vec![format!(
            "each {} move joins a light square (x+y even, as A1) to a dark one (x+y odd), so a \
             tour alternates them: {needed}; the board has {even} light and {odd} dark free squares",
            problem.piece
        )],
        Impossibility::TooFewMoves { square, .. } => {
            let graph = MoveGraph::new(board, problem.piece);
            let targets: Vec<String> = graph
                .neighbours(*square)
                .iter()
                .map(|&target| at(target))
                .collect();
            vec![format!(
                "the free squares one {} move from {} are: {}; a tour enters and leaves every square of a circuit, and reaches every square of a path",
                problem.piece,
                at(*square),
                if targets.is_empty() { "none".to_string() } else { targets.join(" ") }
            )]
        }
        Impossibility::TooManyDeadEnds { .. } => vec![
            "a square with a single move can only be an end of an open tour".to_string(),
        ],
        Impossibility::Disconnected { .. } => vec![
            "a tour visits every free square by moves, so every two squares are joined by a sequence of moves".to_string(),
        ],
        Impossibility::EndPockets { .. } => vec![
            "a path that enters a pocket through the one square joining it to the rest, and has \
             no end inside, must leave through that square again, which it cannot pass twice"
                .to_string(),
        ],
        Impossibility::CutSquare { .. } => vec![
            "removing the square leaves free squares in separate pieces; a circuit, after leaving one piece through it, cannot come back".to_string(),
        ],
        Impossibility::MoveShortage { .. } => vec![
            "a maximum flow from the squares of one colour to those of the other, each square \
             taking as many tour moves as it needs, falls short: by the max-flow min-cut theorem \
             some group of squares has fewer moves to its neighbours than it needs (Hall's \
             condition fails), and every tour would provide them"
                .to_string(),
        ],
        Impossibility::ForcedMoves(proof) => forced_move_details(problem, proof),
        Impossibility::NoTwoFactor => vec![
            "a circuit gives every square two tour moves; Tutte's gadget (a vertex per move end, \
             and as many inner vertices at each square as it has moves less two) has a perfect \
             matching exactly when such moves exist, and Edmonds' blossom algorithm leaves one of \
             its vertices unmatched"
                .to_string(),
        ],
        Impossibility::SealedRegions(proof) => sealed_region_details(problem, proof),
        Impossibility::Theorem(theorem) => vec![theorem.clone()],
        Impossibility::Exhausted { nodes } => vec![format!(
            "depth-first search tried every sequence of moves from the allowed starts ({nodes} nodes) and none covers the board"
        )],
        Impossibility::Unsatisfiable => match sat {
            Some(sat) => vec![format!(
                "the {} CNF encoding (see encodings/{}.md) has {} variables and {} clauses, of which {} are cuts (each says some move crosses between a set of squares and the rest, which every tour does); varisat answered unsatisfiable after {} solve calls",
                sat.encoding, sat.encoding, sat.variables, sat.clauses, sat.cuts, sat.solve_calls
            )],
            None => Vec::new(),
        },
        Impossibility::TooFewSquares | Impossibility::PieceWithoutPassage(_) => Vec::new(),
    }
}

/// How the sentence of an [`Impossibility::ForcedMoves`] says where the forced moves were
/// taken: at `steps`, `whole` naming what was there before any (`the board`), `many` the things
/// taken (`squares`), `at` naming each.
pub(super) fn forced_steps_taken(
    steps: &[Square],
    whole: &str,
    many: &str,
    at: impl Fn(Square) -> String,
) -> String {
    match steps {
        [] => format!("{whole} as it is"),
        [only] => format!("doing so at {}", at(*only)),
        [first, ..] => format!(
            "doing so at {} {many} in turn, from {},",
            steps.len(),
            at(*first)
        ),
    }
}

/// The squares (or vertices) an [`Impossibility::ForcedMoves`] names: the first taken, and
/// the one its end names.
pub(super) fn forced_named(proof: &ForcedProof) -> Vec<Square> {
    proof
        .steps
        .first()
        .copied()
        .into_iter()
        .chain([proof.end.square()])
        .collect()
}

/// Squares listed in full by `--explain` for forced moves; the others are counted.
const FORCED_STEPS_EXPLAINED: usize = 12;

/// The steps of forced moves, for a person to replay them: the rule, then the squares taken in
/// order, each with the two moves it has left when taken.
fn forced_move_details(problem: &Problem, proof: &ForcedProof) -> Vec<String> {
    let board = &problem.board;
    let graph = MoveGraph::new(board, problem.piece);
    let at = |square| name(board, square);
    let mut lines = vec![format!(
        "a closed tour enters and leaves every square by two {} moves: a square with only two \
         moves left uses both, and a square that uses two rules out its others; each square \
         below, taken in this order, has two moves left and uses them",
        problem.piece
    )];
    for (square, left) in proof.moves(&graph).into_iter().take(FORCED_STEPS_EXPLAINED) {
        let moves: Vec<String> = left.iter().map(|&next| at(next)).collect();
        lines.push(format!(
            "{} uses its moves to {}",
            at(square),
            moves.join(" and ")
        ));
    }
    if proof.steps.len() > FORCED_STEPS_EXPLAINED {
        lines.push(format!(
            "and {} more squares in turn",
            proof.steps.len() - FORCED_STEPS_EXPLAINED
        ));
    }
    lines.push(match &proof.end {
        ForcedEnd::TooFewMoves(square) => format!(
            "then {} has fewer than two moves left: every other move from it leads to a square \
             that uses two already",
            at(*square)
        ),
        ForcedEnd::Loop(squares) => {
            let mut names: Vec<String> = squares
                .iter()
                .take(FORCED_STEPS_EXPLAINED)
                .map(|&square| at(square))
                .collect();
            if squares.len() > FORCED_STEPS_EXPLAINED {
                names.push(format!(
                    "and {} more",
                    squares.len() - FORCED_STEPS_EXPLAINED
                ));
            }
            format!(
                "then the moves used close a loop of {} squares ({}), which leaves the other \
                 squares out",
                squares.len(),
                names.join(" ")
            )
        }
    });
    lines
}

/// Regions listed in full by `--explain`; the others are counted.
const REGIONS_EXPLAINED: usize = 5;

/// The counts behind sealed regions, region by region, for a person to check them.
fn sealed_region_details(problem: &Problem, proof: &RegionProof) -> Vec<String> {
    let board = &problem.board;
    let graph = MoveGraph::new(board, problem.piece);
    let open_ends = (problem.shape == TourShape::Open).then(|| OpenEnds::of_problem(problem));
    let first = match open_ends {
        None => {
            "a circuit gives every square two tour moves, and each tour move inside a region \
            joins its two colours; so, counting at each colour of a region, a circuit leaves it \
            2 x (squares of one colour - squares of the other) more times at the first colour \
            than at the second"
        }
        Some(_) => {
            "an open tour gives every square two tour moves but its two ends one, and each \
            tour move inside a region joins its two colours; so, counting at each colour of a \
            region, an open tour leaves it 2 x (squares of one colour - squares of the other) \
            more times at the first colour than at the second, less its ends there at the first \
            colour, plus those at the second"
        }
    };
    let mut lines = vec![first.to_string()];
    for (number, region) in proof.regions.iter().enumerate().take(REGIONS_EXPLAINED) {
        let counts = region.counts(&graph, |square| board.colour(square));
        let sealed = region.sealed_colour as usize;
        let open = 1 - sealed;
        let (xs, ys): (Vec<u32>, Vec<u32>) = region
            .squares
            .iter()
            .map(|&square| board.coords(square))
            .unzip();
        let span = |values: &[u32], label: fn(u32) -> String| {
            let low = values.iter().min().copied().unwrap_or(0);
            let high = values.iter().max().copied().unwrap_or(0);
            match low == high {
                true => label(low),
                false => format!("{}-{}", label(low), label(high)),
            }
        };
        let surplus = 2 * (counts.squares[open] as i64 - counts.squares[sealed] as i64);
        let colour = |square| board.colour(square);
        let leaves = match &open_ends {
            None => format!(
                "a circuit leaves it 2 x ({} - {}) = {surplus} more times",
                counts.squares[open], counts.squares[sealed]
            ),
            Some(ends) => {
                let allowed = ends
                    .allowance(&region.squares, open as u8, colour)
                    .unwrap_or(0);
                format!(
                    "its ends in it, those at {} squares less those at the others, come to at \
                     most {allowed}, so an open tour leaves it at least 2 x ({} - {}) - {allowed} \
                     = {} more times",
                    shade(open as u8),
                    counts.squares[open],
                    counts.squares[sealed],
                    surplus - allowed
                )
            }
        };
        lines.push(format!(
            "region {}: {} free squares (columns {}, rows {}; first {}), {} {} and {} {}; {} \
             moves leave it at {} squares and {} at {} squares; {leaves} at {} squares than at \
             the others, and as only {} moves leave there, it uses none of the {} at {} squares",
            number + 1,
            region.squares.len(),
            span(&xs, column_letters),
            span(&ys, |y| (y + 1).to_string()),
            name(board, region.squares[0]),
            counts.squares[open],
            shade(open as u8),
            counts.squares[sealed],
            shade(sealed as u8),
            counts.leaving[open],
            shade(open as u8),
            counts.leaving[sealed],
            shade(sealed as u8),
            shade(open as u8),
            counts.leaving[open],
            counts.leaving[sealed],
            shade(sealed as u8),
        ));
    }
    if proof.regions.len() > REGIONS_EXPLAINED {
        lines.push(format!(
            "and {} more regions (all listed in --format json)",
            proof.regions.len() - REGIONS_EXPLAINED
        ));
    }
    lines.push(format!(
        "without the sealed moves, the squares joined to {} do not include {}",
        name(board, proof.inside),
        name(board, proof.outside)
    ));
    lines
}
