//! The words of an answer, in one place: why no tour exists (a board's in `board`, a graph's
//! in `graph`), why an engine stopped (`stop`), the full explanation for a person and its
//! structured form for JSON.

mod board;
mod graph;
mod stop;

pub use board::explain;
pub use graph::explain_graph;
pub(crate) use graph::{named_vertices, numbered};
pub use stop::explain_stop;

use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::square::{colour_name, coordinates};
use crate::engine::proof::certify::Certified;
use crate::engine::proof::regions::{OpenEnds, RegionProof};
use crate::engine::{Answer, Impossibility, SatStats, Solution};

/// Why no tour exists, as data: a kind, the squares the argument names and its numbers.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Reason {
    /// The argument: `too-few-squares`, `colour-count`, `too-few-moves`, `too-many-dead-ends`,
    /// `disconnected`, `cut-square`, `move-shortage`, `no-two-factor`, `sealed-regions`,
    /// `theorem`, `exhausted` or `unsatisfiable`.
    pub kind: &'static str,
    /// The squares the argument names, as `[x, y]`.
    pub squares: Vec<[u32; 2]>,
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
    /// The argument in words.
    pub text: String,
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
pub fn reason(board: &Board, why: &Impossibility, sat: Option<&SatStats>) -> Reason {
    let xy = |square: Square| {
        let (x, y) = board.coords(square);
        [x, y]
    };
    let mut reason = Reason {
        kind: kind(why),
        squares: Vec::new(),
        even: None,
        odd: None,
        moves: None,
        nodes: None,
        needed: None,
        possible: None,
        encoding: None,
        cuts: None,
        regions: None,
        text: explain(board, why),
    };
    match why {
        Impossibility::ColourCount { even, odd, .. } => {
            reason.even = Some(*even);
            reason.odd = Some(*odd);
        }
        Impossibility::TooFewMoves { square, moves } => {
            reason.squares = vec![xy(*square)];
            reason.moves = Some(*moves);
        }
        Impossibility::TooManyDeadEnds { squares } => {
            reason.squares = squares.iter().map(|&square| xy(square)).collect();
        }
        Impossibility::Disconnected { a, b } => reason.squares = vec![xy(*a), xy(*b)],
        Impossibility::CutSquare { square } => reason.squares = vec![xy(*square)],
        Impossibility::EndPockets { pockets } => {
            let named = pockets
                .iter()
                .flat_map(|pocket| [pocket.inside, pocket.cut]);
            reason.squares = named.map(xy).collect();
        }
        Impossibility::Exhausted { nodes } => reason.nodes = Some(*nodes),
        Impossibility::MoveShortage {
            needed, possible, ..
        } => {
            reason.needed = Some(*needed);
            reason.possible = Some(*possible);
        }
        Impossibility::SealedRegions(proof) => {
            reason.squares = vec![xy(proof.inside), xy(proof.outside)];
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
        Impossibility::TooFewSquares | Impossibility::NoTwoFactor | Impossibility::Theorem(_) => {}
    }
    reason
}

/// How an answer of no tour was certified, as data: the argument's kind, how it was checked,
/// what the check found and how long it took.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Certification {
    /// The argument's kind, as in [`Reason::kind`].
    pub kind: &'static str,
    /// How it was checked: `recount`, `search`, `min-cut`, `theorem`, `region-count` or
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
        explain(&problem.board, why),
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
        Impossibility::NoTwoFactor => "no-two-factor",
        Impossibility::SealedRegions(_) => "sealed-regions",
        Impossibility::Theorem(_) => "theorem",
        Impossibility::Exhausted { .. } => "exhausted",
        Impossibility::Unsatisfiable => "unsatisfiable",
    }
}

/// The answer explained in lines a person can check: what was found or proved, by which engine,
/// and the argument with the facts it rests on.
pub fn explain_in_full(problem: &Problem, solution: &Solution) -> Vec<String> {
    let board = &problem.board;
    let engine = &solution.stats.engine;
    match &solution.answer {
        Answer::Found(tour) => vec![format!(
            "found {} tour of {} squares ({}); it was verified: every free square once, each step a {} move{}",
            match problem.shape {
                crate::core::problem::TourShape::Closed => "a closed",
                crate::core::problem::TourShape::Open => "an open",
            },
            tour.len(),
            engine,
            problem.piece,
            if problem.shape == crate::core::problem::TourShape::Closed {
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
            let mut lines = vec![format!("no tour ({engine}): {}", explain(board, why))];
            lines.extend(details(problem, why, solution.stats.sat.as_ref()));
            lines
        }
    }
}

/// The facts behind an argument, for a person to check it.
fn details(problem: &Problem, why: &Impossibility, sat: Option<&SatStats>) -> Vec<String> {
    let board = &problem.board;
    let at = |square| coordinates(board, square);
    match why {
        Impossibility::ColourCount { needed, .. } => vec![format!(
            "each {} move joins squares of different colours (x+y even and odd), so a tour alternates them: {needed}",
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
        Impossibility::NoTwoFactor => vec![
            "a circuit gives every square two tour moves; Tutte's gadget (a vertex per move end, \
             and as many inner vertices at each square as it has moves less two) has a perfect \
             matching exactly when such moves exist, and Edmonds' blossom algorithm leaves one of \
             its vertices unmatched"
                .to_string(),
        ],
        Impossibility::SealedRegions(proof) => sealed_region_details(problem, proof),
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
        Impossibility::TooFewSquares | Impossibility::Theorem(_) => Vec::new(),
    }
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
        let span = |values: &[u32]| {
            let low = values.iter().min().copied().unwrap_or(0);
            let high = values.iter().max().copied().unwrap_or(0);
            format!("{low}..{high}")
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
                    colour_name(open as u8),
                    counts.squares[open],
                    counts.squares[sealed],
                    surplus - allowed
                )
            }
        };
        lines.push(format!(
            "region {}: {} free squares (x {}, y {}; first {}), {} {} and {} {}; {} moves leave \
             it at {} squares and {} at {} squares; {leaves} at {} squares than at the others, \
             and as only {} moves leave there, it uses none of the {} at {} squares",
            number + 1,
            region.squares.len(),
            span(&xs),
            span(&ys),
            coordinates(board, region.squares[0]),
            counts.squares[open],
            colour_name(open as u8),
            counts.squares[sealed],
            colour_name(sealed as u8),
            counts.leaving[open],
            colour_name(open as u8),
            counts.leaving[sealed],
            colour_name(sealed as u8),
            colour_name(open as u8),
            counts.leaving[open],
            counts.leaving[sealed],
            colour_name(sealed as u8),
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
        coordinates(board, proof.inside),
        coordinates(board, proof.outside)
    ));
    lines
}
