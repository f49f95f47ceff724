//! Why a graph has no tour, in the words of graphs (vertices and edges, numbered from 1).

use super::{forced_named, forced_steps_taken};
use crate::core::plural::count_of;
use crate::engine::{ForcedEnd, Impossibility, PieceProof};

/// A vertex as files number it.
pub(crate) fn numbered(vertex: u32) -> u64 {
    vertex as u64 + 1
}

/// Why a graph has no tour, in words.
pub fn explain_graph(why: &Impossibility) -> String {
    let at = |vertex: u32| format!("vertex {}", numbered(vertex));
    match why {
        Impossibility::TooFewSquares => {
            "a Hamiltonian cycle of a simple graph needs at least three vertices".into()
        }
        Impossibility::ColourCount { even, odd, needed } => format!(
            "the graph is bipartite, with sides of {even} and {odd} vertices, and a tour \
             alternates its sides ({})",
            needed
                .replace("squares", "vertices")
                .replace("colours", "sides")
                .replace("colour", "side")
        ),
        Impossibility::TooFewMoves { square, moves } => {
            format!(
                "{} has only {}",
                at(*square),
                count_of(*moves, "edge", "edges")
            )
        }
        Impossibility::TooManyDeadEnds { squares } => {
            let names: Vec<String> = squares.iter().map(|&v| numbered(v).to_string()).collect();
            let have = match squares.len() {
                1 => "has",
                _ => "have",
            };
            format!(
                "{} {have} a single edge ({}), but a path has only two ends",
                count_of(squares.len(), "vertex", "vertices"),
                names.join(" ")
            )
        }
        Impossibility::Disconnected { a, b } => {
            format!("no path joins {} and {}", at(*a), at(*b))
        }
        Impossibility::CutSquare { square } => format!(
            "{} splits the graph, and a cycle cannot pass it twice",
            at(*square)
        ),
        Impossibility::EndPockets { pockets } => {
            let named: Vec<String> = pockets
                .iter()
                .map(|pocket| {
                    format!(
                        "the pocket of {} through {}",
                        at(pocket.inside),
                        at(pocket.cut)
                    )
                })
                .collect();
            format!(
                "{} pockets of vertices are each joined to the rest through a single vertex ({}), \
                 and a Hamiltonian path needs an end in each, but it has only {} to place",
                pockets.len(),
                named.join("; "),
                pockets.len() - 1
            )
        }
        Impossibility::MoveShortage {
            needed, possible, ..
        } => format!(
            "the graph is bipartite, so every tour edge joins its two sides; the vertices of one \
             side need {needed} tour edges, but a maximum flow shows the graph's edges can \
             provide at most {possible} of them at once (some group of vertices has too few \
             neighbours)"
        ),
        Impossibility::NoTwoFactor => "a Hamiltonian cycle gives every vertex two of its edges, \
            and a maximum matching of Tutte's gadget shows no set of edges does that at every \
            vertex at once (the graph has no 2-factor)"
            .into(),
        Impossibility::SealedRegions(proof) => format!(
            "counting tour edges by side shows that a Hamiltonian cycle never leaves {} \
             through {} sealed vertices, and without those edges no path joins {} and {}",
            match proof.regions.len() {
                1 => "the sealed region".to_string(),
                count => format!("{count} sealed regions"),
            },
            if proof.regions.len() == 1 {
                "its"
            } else {
                "their"
            },
            at(proof.inside),
            at(proof.outside)
        ),
        Impossibility::ForcedMoves(proof) => {
            let taken = forced_steps_taken(&proof.steps, "the graph", "vertices", at);
            let rule = "a Hamiltonian cycle uses both edges of a vertex that has only two left";
            match &proof.end {
                ForcedEnd::TooFewMoves(vertex) => format!(
                    "{rule}, and {taken} leaves {} fewer than two edges to use",
                    at(*vertex)
                ),
                ForcedEnd::Loop(vertices) => format!(
                    "{rule}, and {taken} closes a cycle of {} through {}, short of every vertex",
                    count_of(vertices.len(), "vertex", "vertices"),
                    at(vertices[0])
                ),
            }
        }
        Impossibility::Theorem(theorem) => theorem.clone(),
        Impossibility::Exhausted { nodes } => {
            format!("the search tried every possibility ({nodes} nodes)")
        }
        Impossibility::Unsatisfiable => "the SAT solver proved the formula unsatisfiable".into(),
        Impossibility::PieceWithoutPassage(proof) => piece_without_passage(proof),
    }
}

/// The sentence of an [`Impossibility::PieceWithoutPassage`].
fn piece_without_passage(proof: &PieceProof) -> String {
    let edge = |(a, b): (u32, u32)| format!("{}-{}", numbered(a), numbered(b));
    let pairs: Vec<String> = proof
        .pairs
        .iter()
        .map(|&[first, second]| format!("{} and {}", edge(first), edge(second)))
        .collect();
    let part = format!(
        "the {} on the side of vertex {}",
        count_of(proof.vertices.len(), "vertex", "vertices"),
        numbered(proof.vertices[0])
    );
    let passage = match &proof.pairs[..] {
        [[(a, _), (b, _)]] => format!(
            "every Hamiltonian cycle uses the edges {}, since removing both splits the graph, so \
             it passes through {part} as one path from vertex {} to vertex {}",
            pairs[0],
            numbered(*a),
            numbered(*b)
        ),
        _ => format!(
            "every Hamiltonian cycle uses both edges of each pair that cuts off {part} ({}), \
             since removing a pair splits the graph, so it passes through them as paths, each \
             between the two ends of a pair",
            pairs.join("; ")
        ),
    };
    let with_joints = "the part, with one vertex more for each pair joined to the pair's two ends,";
    let none = match *proof.within {
        Impossibility::NoTwoFactor => {
            format!("{with_joints} has no 2-factor, which a Hamiltonian cycle would be")
        }
        _ => format!("the SAT solver proved that {with_joints} has no Hamiltonian cycle"),
    };
    format!("{passage}; there is no such passage: {none}")
}

/// The vertices an argument names, 1-based.
pub(crate) fn named_vertices(why: &Impossibility) -> Vec<u64> {
    match why {
        Impossibility::TooFewMoves { square, .. } | Impossibility::CutSquare { square } => {
            vec![numbered(*square)]
        }
        Impossibility::TooManyDeadEnds { squares } => {
            squares.iter().map(|&vertex| numbered(vertex)).collect()
        }
        Impossibility::Disconnected { a, b } => vec![numbered(*a), numbered(*b)],
        Impossibility::EndPockets { pockets } => pockets
            .iter()
            .flat_map(|pocket| [numbered(pocket.inside), numbered(pocket.cut)])
            .collect(),
        Impossibility::SealedRegions(proof) => {
            vec![numbered(proof.inside), numbered(proof.outside)]
        }
        Impossibility::ForcedMoves(proof) => {
            forced_named(proof).into_iter().map(numbered).collect()
        }
        Impossibility::PieceWithoutPassage(proof) => proof
            .pairs
            .iter()
            .flatten()
            .flat_map(|&(inside, outside)| [numbered(inside), numbered(outside)])
            .collect(),
        _ => Vec::new(),
    }
}
