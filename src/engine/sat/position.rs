//! The `position` encoding: successor arcs plus every vertex's position on the tour, in binary.
//!
//! See `encodings/position.md`.
//!
//! One vertex, the root, sits at position 0: the fixed start if any, else the virtual vertex of
//! an open tour, else vertex 0. Every other vertex has `b = ceil(log2 V)` position bits, and an
//! arc `u -> v` into a vertex other than the root forces `pos(v) = pos(u) + 1 (mod 2^b)`. A cycle
//! that avoids the root would raise every position by its length `L` and come back to where it
//! began, so `L ≡ 0 (mod 2^b)`; but `0 < L < V <= 2^b`. Hence the only cycle is the one through
//! the root, and every model is a Hamiltonian cycle. Conversely, numbering a Hamiltonian cycle
//! from the root satisfies every constraint. An arc `u -> root` forces `pos(u) = V - 1`: true
//! of every Hamiltonian cycle, and it lets the solver count down from the root's end too.

use crate::engine::sat::arcs;
use crate::engine::sat::cycle::{CycleGraph, Vertex};
use crate::engine::sat::formula::Formula;
use crate::engine::sat::moves::{arc_ends, MoveVars};
use varisat::Lit;

/// Adds the arc base, then position and successor bits, and the clauses tying them to arcs.
pub fn encode(graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
    let moves = arcs::encode(graph, formula);
    let MoveVars::Arcs(arc_vars) = &moves else {
        return moves;
    };
    let root = root(graph);
    let bits = position_bits(graph.vertex_count());
    // Each vertex's position bits and successor bits (pos + 1), least significant first;
    // empty for the root, whose position is 0.
    let mut position: Vec<Vec<Lit>> = vec![Vec::new(); graph.vertex_count()];
    let mut successor: Vec<Vec<Lit>> = vec![Vec::new(); graph.vertex_count()];
    for vertex in 0..graph.vertex_count() as Vertex {
        if vertex == root {
            continue;
        }
        let pos: Vec<Lit> = formula
            .new_vars(bits)
            .iter()
            .map(|var| var.positive())
            .collect();
        let mut succ: Vec<Lit> = pos.first().map(|&low| !low).into_iter().collect();
        succ.extend(
            formula
                .new_vars(bits.saturating_sub(1))
                .iter()
                .map(|var| var.positive()),
        );
        position[vertex as usize] = pos;
        successor[vertex as usize] = succ;
    }
    for vertex in 0..graph.vertex_count() {
        define_successor(formula, &position[vertex], &successor[vertex]);
    }
    for (arc, var) in arc_vars.iter().enumerate() {
        let (from, to) = arc_ends(graph, arc);
        let arc_lit = var.positive();
        if to == root {
            // The root's predecessor is the last vertex: position V - 1.
            let last = graph.vertex_count() - 1;
            for (bit, &lit) in position[from as usize].iter().enumerate() {
                formula.add_clause(&[!arc_lit, if last >> bit & 1 == 1 { lit } else { !lit }]);
            }
            continue;
        }
        let target = &position[to as usize];
        if from == root {
            for (bit, &lit) in target.iter().enumerate() {
                formula.add_clause(&[!arc_lit, if bit == 0 { lit } else { !lit }]);
            }
        } else {
            for (&pos, &succ) in target.iter().zip(&successor[from as usize]) {
                formula.add_clause(&[!arc_lit, !pos, succ]);
                formula.add_clause(&[!arc_lit, pos, !succ]);
            }
        }
    }
    moves
}

/// The vertex at position 0: the fixed start, else the virtual vertex, else vertex 0.
pub fn root(graph: &CycleGraph) -> Vertex {
    graph.start().or(graph.virtual_vertex()).unwrap_or(0)
}

/// Bits that number `vertex_count` positions: `ceil(log2 vertex_count)`.
pub fn position_bits(vertex_count: usize) -> usize {
    match vertex_count {
        0 | 1 => 0,
        count => (usize::BITS - (count - 1).leading_zeros()) as usize,
    }
}

/// Clauses making `succ` the binary increment of `pos` (bit 0 is `!pos[0]` already).
///
/// The carry into bit `i >= 2` is `pos[i-1] & !succ[i-1]`, so no carry variables are needed.
fn define_successor(formula: &mut Formula, pos: &[Lit], succ: &[Lit]) {
    for bit in 1..pos.len() {
        let (y, a) = (succ[bit], pos[bit]);
        if bit == 1 {
            // y <-> a xor pos[0]
            let c = pos[0];
            formula.add_clause(&[!y, a, c]);
            formula.add_clause(&[!y, !a, !c]);
            formula.add_clause(&[y, !a, c]);
            formula.add_clause(&[y, a, !c]);
        } else {
            // y <-> a xor (b & !c)
            let (b, c) = (pos[bit - 1], succ[bit - 1]);
            formula.add_clause(&[!b, c, y, a]);
            formula.add_clause(&[!b, c, !y, !a]);
            formula.add_clause(&[b, !y, a]);
            formula.add_clause(&[b, y, !a]);
            formula.add_clause(&[!c, !y, a]);
            formula.add_clause(&[!c, y, !a]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{ExtendFormula, Solver};

    #[test]
    fn position_bits_cover_every_vertex() {
        assert_eq!(position_bits(1), 0);
        assert_eq!(position_bits(2), 1);
        assert_eq!(position_bits(4), 2);
        assert_eq!(position_bits(5), 3);
        assert_eq!(position_bits(64), 6);
        assert_eq!(position_bits(65), 7);
    }

    #[test]
    fn successor_bits_are_the_increment() {
        for bits in 1..=4usize {
            for value in 0u32..1 << bits {
                let mut formula = Formula::new();
                let pos: Vec<Lit> = formula
                    .new_vars(bits)
                    .iter()
                    .map(|v| v.positive())
                    .collect();
                let mut succ = vec![!pos[0]];
                succ.extend(formula.new_vars(bits - 1).iter().map(|v| v.positive()));
                define_successor(&mut formula, &pos, &succ);
                let mut solver = Solver::new();
                for clause in formula.clauses() {
                    solver.add_clause(clause);
                }
                let fixed: Vec<Lit> = (0..bits)
                    .map(|i| if value >> i & 1 == 1 { pos[i] } else { !pos[i] })
                    .collect();
                solver.assume(&fixed);
                assert_eq!(solver.solve().ok(), Some(true));
                let model = solver.model().unwrap_or_default();
                let got = succ.iter().enumerate().fold(0u32, |sum, (i, lit)| {
                    sum | (model.contains(lit) as u32) << i
                });
                assert_eq!(got, (value + 1) % (1 << bits), "{bits} bits, {value}");
            }
        }
    }
}
