//! The `crt` encoding: successor arcs plus every vertex's position modulo a few coprime numbers.
//!
//! See `encodings/crt.md`. After Heule, "Chinese Remainder Encoding for Hamiltonian Cycles"
//! (SAT 2021).
//!
//! The root (as in `position`: the fixed start, else the virtual vertex, else vertex 0) has
//! position 0. Every other vertex has, for each modulus `p`, one-hot residue variables
//! `r[0..p)`, and an arc `u -> v` into a vertex other than the root forces
//! `pos(v) ≡ pos(u) + 1 (mod p)`. A cycle avoiding the root has a length `L` that every modulus
//! divides, so the product `P` of the (pairwise coprime) moduli divides `L`; the moduli are
//! chosen with `P >= V > L`, so there is no such cycle. Among such sets the one with the fewest
//! variables (the smallest sum) is taken. As in `position`, an arc `u -> root` forces
//! `pos(u) ≡ V - 1`.

use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::arcs;
use crate::engine::sat::encode::cardinality::exactly;
use crate::engine::sat::encode::moves::{arc_ends, MoveVars};
use crate::engine::sat::encode::position::root;
use crate::graph::cycle::{CycleGraph, Vertex};
use varisat::{Lit, Var};

/// Adds the arc base, then residue variables and the clauses that tie them to arcs.
pub fn encode(graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
    let arc_vars = arcs::encode_vars(graph, formula);
    add_residues(graph, &arc_vars, formula);
    MoveVars::Arcs(arc_vars)
}

/// Adds one-hot residue variables for every vertex but the root, and the clauses that make
/// each arc of `arc_vars` (numbered as in [`MoveVars::Arcs`]) add one to its ends' residues.
pub fn add_residues(graph: &CycleGraph, arc_vars: &[Var], formula: &mut Formula) {
    let root = root(graph);
    let moduli = moduli(graph.vertex_count());
    // residues[vertex][k][j]: the vertex's position is j modulo moduli[k]; empty for the root.
    let mut residues: Vec<Vec<Vec<Lit>>> = vec![Vec::new(); graph.vertex_count()];
    for vertex in 0..graph.vertex_count() as Vertex {
        if vertex != root {
            residues[vertex as usize] = moduli
                .iter()
                .map(|&modulus| {
                    let vars = formula.new_vars(modulus as usize);
                    vars.iter().map(|var| var.positive()).collect()
                })
                .collect();
        }
    }
    for vertex_residues in &residues {
        // A formula past its literal limit is refused: no need to finish it.
        if formula.over_limit() {
            break;
        }
        for one_hot in vertex_residues {
            exactly(formula, one_hot, 1);
        }
    }
    for (arc, var) in arc_vars.iter().enumerate() {
        if formula.over_limit() {
            break;
        }
        let (from, to) = arc_ends(graph, arc);
        let arc_lit = var.positive();
        if to == root {
            // The root's predecessor is the last vertex: position V - 1.
            let last = graph.vertex_count() - 1;
            for source in &residues[from as usize] {
                formula.add_clause(&[!arc_lit, source[last % source.len()]]);
            }
            continue;
        }
        for (k, target) in residues[to as usize].iter().enumerate() {
            if from == root {
                formula.add_clause(&[!arc_lit, target[1 % target.len()]]);
                continue;
            }
            let source = &residues[from as usize][k];
            for (j, &residue) in source.iter().enumerate() {
                formula.add_clause(&[!arc_lit, !residue, target[(j + 1) % target.len()]]);
            }
        }
    }
}

/// Pairwise coprime moduli, each at least 2, whose product is at least `vertex_count`, with
/// the smallest sum; ties go to the set found first (prime powers tried in increasing order of
/// prime, each prime's powers before skipping it).
pub fn moduli(vertex_count: usize) -> Vec<u64> {
    let target = vertex_count as u64;
    // The first primes multiply past any board's vertex count within a sum of 100.
    let greedy = first_primes_product_sum(target);
    let primes: Vec<u64> = (2..=greedy.max(2))
        .filter(|&n| (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0))
        .collect();
    let mut best = (greedy + 1, Vec::new());
    search(&primes, target, 1, 0, &mut Vec::new(), &mut best);
    best.1
}

/// The sum of the first primes whose product reaches `target` (0 when `target <= 1`).
fn first_primes_product_sum(target: u64) -> u64 {
    let (mut product, mut sum, mut candidate) = (1u64, 0u64, 2u64);
    while product < target {
        if (2..candidate).all(|d| candidate % d != 0) {
            product = product.saturating_mul(candidate);
            sum += candidate;
        }
        candidate += 1;
    }
    sum
}

/// Depth-first search over prime powers for [`moduli`], pruned by the best sum so far.
fn search(
    primes: &[u64],
    target: u64,
    product: u64,
    sum: u64,
    chosen: &mut Vec<u64>,
    best: &mut (u64, Vec<u64>),
) {
    if product >= target {
        if sum < best.0 {
            *best = (sum, chosen.clone());
        }
        return;
    }
    let Some((&prime, rest)) = primes.split_first() else {
        return;
    };
    let mut power = prime;
    while sum + power < best.0 {
        chosen.push(power);
        search(
            rest,
            target,
            product.saturating_mul(power),
            sum + power,
            chosen,
            best,
        );
        chosen.pop();
        power = power.saturating_mul(prime);
    }
    search(rest, target, product, sum, chosen, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moduli_cover_the_vertices_with_the_smallest_sum() {
        assert_eq!(moduli(1), Vec::<u64>::new());
        assert_eq!(moduli(2), [2]);
        assert_eq!(moduli(6), [2, 3]);
        assert_eq!(moduli(16), [4, 5]);
        assert_eq!(moduli(64), [2, 5, 7]);
        assert_eq!(moduli(256), [4, 3, 5, 7]);
        let big = moduli(10_001);
        assert!(big.iter().product::<u64>() >= 10_001);
    }
}
