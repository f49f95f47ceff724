//! The `position` encoding: successor arcs plus every vertex's position on the tour, counted by
//! a linear feedback shift register.
//!
//! See `encodings/position.md`.
//!
//! One vertex, the root, sits at position 0: the fixed start if any, else the virtual vertex of
//! an open tour, else vertex 0. A position is a state of a maximal-length Fibonacci LFSR of
//! `b = ceil(log2 V)` bits, whose `2^b - 1 >= V - 1` non-zero states form one orbit;
//! "position + 1" is one step of the register. The root's state is the constant
//! [`ROOT_STATE`]; every other vertex has `b` state bits, not all zero, and an arc `u -> v`
//! into a vertex other than the root forces `state(v) = step(state(u))`. A cycle that avoids
//! the root, of length `L`, would come back to a non-zero state after `L` steps, so
//! `2^b - 1` divides `L`; but `0 < L <= V - 1 <= 2^b - 1`, so `L = V - 1`, and the root would
//! be a cycle of its own, which the arcs (no loops) forbid. Hence the only cycle is the one
//! through the root, and every model is a Hamiltonian cycle. Conversely, giving the vertex `k` steps
//! after the root the state `step^k(ROOT_STATE)` satisfies every constraint. An arc
//! `u -> root` forces `state(u) = step^(V-1)(ROOT_STATE)`: true of every Hamiltonian cycle, and
//! it lets the solver count down from the root's end too.
//!
//! A step shifts the state down one bit (`bit i` of the new state is `bit i + 1` of the old)
//! and sets the top bit to the XOR of the register's taps. The XOR depends on `u` alone, so it
//! is one feedback variable per vertex, and an arc costs two clauses per bit with no carry or
//! successor variables.

use crate::engine::sat::cnf::formula::Formula;
use crate::engine::sat::encode::arcs;
use crate::engine::sat::encode::moves::{arc_ends, MoveVars};
use crate::graph::cycle::{CycleGraph, Vertex};
use varisat::{Lit, Var};

/// The root's state: bit 0 set, every other bit clear.
pub const ROOT_STATE: u64 = 1;

/// Adds the arc base, then state bits and feedback variables, and the clauses tying them to
/// arcs.
pub fn encode(graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
    let arc_vars = arcs::encode_vars(graph, formula);
    add_positions(graph, &arc_vars, formula);
    MoveVars::Arcs(arc_vars)
}

/// Adds state bits and feedback variables for every vertex but the root, and the clauses that
/// make each arc of `arc_vars` (numbered as in [`MoveVars::Arcs`]) step its ends' states.
pub fn add_positions(graph: &CycleGraph, arc_vars: &[Var], formula: &mut Formula) {
    let root = root(graph);
    let register = Lfsr::new(position_bits(graph.vertex_count()));
    // Each vertex's state bits, bit 0 first, and feedback variables; empty for the root, whose
    // state is ROOT_STATE.
    let mut state: Vec<Vec<Lit>> = vec![Vec::new(); graph.vertex_count()];
    let mut feedback_vars: Vec<Vec<Lit>> = vec![Vec::new(); graph.vertex_count()];
    for vertex in 0..graph.vertex_count() as Vertex {
        if vertex == root {
            continue;
        }
        state[vertex as usize] = positive(&formula.new_vars(register.bits()));
        feedback_vars[vertex as usize] =
            positive(&formula.new_vars(register.taps().len().saturating_sub(1)));
    }
    // Each vertex's literals of the state one step on: bits 1.. of its state, then its feedback.
    let mut next: Vec<Vec<Lit>> = vec![Vec::new(); graph.vertex_count()];
    for vertex in 0..graph.vertex_count() {
        // A formula past its literal limit is refused: no need to finish it.
        if formula.over_limit() {
            return;
        }
        if state[vertex].is_empty() {
            continue;
        }
        formula.add_clause(&state[vertex]);
        next[vertex] = define_step(formula, &register, &state[vertex], &feedback_vars[vertex]);
    }
    let after_root = register.step(ROOT_STATE);
    let before_root = register.steps(ROOT_STATE, graph.vertex_count().saturating_sub(1));
    for (arc, var) in arc_vars.iter().enumerate() {
        if formula.over_limit() {
            break;
        }
        let (from, to) = arc_ends(graph, arc);
        let arc_lit = var.positive();
        let (bits, fixed) = if to == root {
            // The root's predecessor is the last vertex: V - 1 steps after the root.
            (&state[from as usize], before_root)
        } else if from == root {
            (&state[to as usize], after_root)
        } else {
            for (&bit, &stepped) in state[to as usize].iter().zip(&next[from as usize]) {
                formula.add_clause(&[!arc_lit, !bit, stepped]);
                formula.add_clause(&[!arc_lit, bit, !stepped]);
            }
            continue;
        };
        for (index, &bit) in bits.iter().enumerate() {
            formula.add_clause(&[!arc_lit, if fixed >> index & 1 == 1 { bit } else { !bit }]);
        }
    }
}

/// The vertex at position 0: the fixed start, else the virtual vertex, else vertex 0.
pub fn root(graph: &CycleGraph) -> Vertex {
    graph.start().or(graph.virtual_vertex()).unwrap_or(0)
}

/// State bits for `vertex_count` positions: `ceil(log2 vertex_count)` (at least 1), the fewest
/// whose `2^b - 1` non-zero states number every vertex but the root.
pub fn position_bits(vertex_count: usize) -> usize {
    let others = vertex_count.saturating_sub(1);
    ((usize::BITS - others.leading_zeros()) as usize).max(1)
}

/// The positive literals of `vars`.
fn positive(vars: &[Var]) -> Vec<Lit> {
    vars.iter().map(|var| var.positive()).collect()
}

/// Clauses defining the feedback of `state` (the XOR of its tap bits, chained through
/// `feedback_vars`, the last of which is the feedback); returns the literals of the state one
/// step on: bits `1 .. b-1` of `state`, then the feedback.
fn define_step(
    formula: &mut Formula,
    register: &Lfsr,
    state: &[Lit],
    feedback_vars: &[Lit],
) -> Vec<Lit> {
    let mut taps = register.taps().iter().map(|&tap| state[tap]);
    let mut feedback = taps.next().expect("a register has at least one tap");
    for (tap, &sum) in taps.zip(feedback_vars) {
        // sum <-> feedback xor tap
        formula.add_clause(&[!sum, feedback, tap]);
        formula.add_clause(&[!sum, !feedback, !tap]);
        formula.add_clause(&[sum, !feedback, tap]);
        formula.add_clause(&[sum, feedback, !tap]);
        feedback = sum;
    }
    state[1..].iter().copied().chain([feedback]).collect()
}

/// A maximal-length Fibonacci linear feedback shift register over GF(2).
///
/// Its state is `b` bits `s_0 .. s_{b-1}`; a step shifts `s_{i+1}` into `s_i` and sets
/// `s_{b-1}` to the XOR of the taps `s_j`, one for each term `x^j` (`j < b`) of its
/// characteristic polynomial. The polynomial is primitive, so every non-zero state comes back
/// to itself after exactly `2^b - 1` steps, and not before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lfsr {
    polynomial: u64,
    taps: Vec<usize>,
}

impl Lfsr {
    /// The register of `bits` bits (1 to 32) whose polynomial is
    /// [`primitive_polynomial`]`(bits)`.
    pub fn new(bits: usize) -> Lfsr {
        let polynomial = primitive_polynomial(bits);
        let taps = (0..bits).filter(|&j| polynomial >> j & 1 == 1).collect();
        Lfsr { polynomial, taps }
    }

    /// The number of state bits.
    pub fn bits(&self) -> usize {
        degree(self.polynomial)
    }

    /// The tapped bits, in increasing order; always starting with bit 0.
    pub fn taps(&self) -> &[usize] {
        &self.taps
    }

    /// The state one step after `state` (bit `i` of the number is `s_i`).
    pub fn step(&self, state: u64) -> u64 {
        let feedback = self
            .taps
            .iter()
            .fold(0, |sum, &tap| sum ^ (state >> tap & 1));
        state >> 1 | feedback << (self.bits() - 1)
    }

    /// The state `count` steps after `state`.
    pub fn steps(&self, state: u64, count: usize) -> u64 {
        (0..count).fold(state, |state, _| self.step(state))
    }
}

/// The first primitive polynomial of degree `degree` (1 to 32) over GF(2), bit `j` the
/// coefficient of `x^j`: of the polynomials `x^degree + ... + 1`, those with the fewest terms
/// first (trinomials before pentanomials), and among those the one whose middle exponents come
/// first in lexicographic order.
pub fn primitive_polynomial(degree: usize) -> u64 {
    assert!((1..=32).contains(&degree), "degree {degree} is not 1 to 32");
    let period = (1u64 << degree) - 1;
    let prime_factors = prime_factors(period);
    let ends = 1u64 << degree | 1;
    for middle_terms in 0..degree {
        let mut exponents: Vec<usize> = (1..=middle_terms).collect();
        loop {
            let polynomial = exponents.iter().fold(ends, |sum, &j| sum | 1 << j);
            if is_primitive(polynomial, period, &prime_factors) {
                return polynomial;
            }
            if !next_combination(&mut exponents, degree - 1) {
                break;
            }
        }
    }
    unreachable!("every degree has a primitive polynomial")
}

/// Advances `chosen` (increasing numbers from `1 ..= top`) to the next combination of the same
/// size in lexicographic order; `false` after the last.
fn next_combination(chosen: &mut [usize], top: usize) -> bool {
    let size = chosen.len();
    for index in (0..size).rev() {
        if chosen[index] < top - (size - 1 - index) {
            chosen[index] += 1;
            for later in index + 1..size {
                chosen[later] = chosen[later - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Whether `polynomial` (of degree `b`, with `period = 2^b - 1` whose distinct prime factors
/// are `prime_factors`) is primitive: `x` has order exactly `period` modulo it. Then the
/// `period` powers of `x` are every non-zero residue, all units, so the quotient ring is a
/// field and the polynomial is irreducible too.
fn is_primitive(polynomial: u64, period: u64, prime_factors: &[u64]) -> bool {
    let x = reduce(0b10, polynomial);
    power(x, period, polynomial) == 1
        && prime_factors
            .iter()
            .all(|&prime| power(x, period / prime, polynomial) != 1)
}

/// The degree of a non-zero polynomial.
fn degree(polynomial: u64) -> usize {
    (u64::BITS - 1 - polynomial.leading_zeros()) as usize
}

/// `value` modulo `modulus`.
fn reduce(mut value: u64, modulus: u64) -> u64 {
    let top = degree(modulus);
    while value != 0 && degree(value) >= top {
        value ^= modulus << (degree(value) - top);
    }
    value
}

/// `a * b` modulo `modulus`, for `a` and `b` of lower degree than `modulus`.
fn multiply(a: u64, b: u64, modulus: u64) -> u64 {
    let top = degree(modulus);
    let mut product = 0;
    for bit in (0..top).rev() {
        product <<= 1;
        if product >> top & 1 == 1 {
            product ^= modulus;
        }
        if a >> bit & 1 == 1 {
            product ^= b;
        }
    }
    product
}

/// `base^exponent` modulo `modulus`.
fn power(base: u64, mut exponent: u64, modulus: u64) -> u64 {
    let (mut result, mut square) = (reduce(1, modulus), base);
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = multiply(result, square, modulus);
        }
        square = multiply(square, square, modulus);
        exponent >>= 1;
    }
    result
}

/// The distinct prime factors of `number`, in increasing order, by trial division.
fn prime_factors(mut number: u64) -> Vec<u64> {
    let mut factors = Vec::new();
    let mut divisor = 2;
    while divisor * divisor <= number {
        if number % divisor == 0 {
            factors.push(divisor);
            while number % divisor == 0 {
                number /= divisor;
            }
        }
        divisor += 1;
    }
    if number > 1 {
        factors.push(number);
    }
    factors
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};
    use varisat::{ExtendFormula, Solver};

    #[test]
    fn position_bits_leave_a_non_zero_state_for_every_vertex() {
        assert_eq!(position_bits(1), 1);
        assert_eq!(position_bits(2), 1);
        assert_eq!(position_bits(3), 2);
        assert_eq!(position_bits(4), 2);
        assert_eq!(position_bits(5), 3);
        assert_eq!(position_bits(64), 6);
        assert_eq!(position_bits(65), 7);
        assert_eq!(position_bits(128), 7);
        assert_eq!(position_bits(129), 8);
        for count in 2..1000 {
            // 2^b - 1 non-zero states for the count - 1 vertices after the root, and
            // 2^(b-1) - 1 would be too few.
            let states = (1usize << position_bits(count)) - 1;
            assert!(states >= count - 1 && states >> 1 < count - 1, "{count}");
        }
    }

    #[test]
    fn small_primitive_polynomials_are_the_known_ones() {
        assert_eq!(primitive_polynomial(1), 0b11); // x + 1
        assert_eq!(primitive_polynomial(2), 0b111); // x^2 + x + 1
        assert_eq!(primitive_polynomial(3), 0b1011); // x^3 + x + 1
        assert_eq!(primitive_polynomial(4), 0b10011); // x^4 + x + 1
        assert_eq!(primitive_polynomial(5), 0b100101); // x^5 + x^2 + 1
        assert_eq!(primitive_polynomial(7), 0b1000_0011); // x^7 + x + 1
        assert_eq!(primitive_polynomial(8), 0b1_1000_0111); // x^8 + x^7 + x^2 + x + 1
        assert_eq!(primitive_polynomial(9), 0b10_0001_0001); // x^9 + x^4 + 1
    }

    #[test]
    fn degrees_without_a_primitive_trinomial_get_a_pentanomial() {
        for degree in [8, 12, 13, 14, 16, 24, 32] {
            assert_eq!(
                primitive_polynomial(degree).count_ones(),
                5,
                "degree {degree}"
            );
        }
    }

    #[test]
    fn every_non_zero_state_has_the_full_period() {
        for bits in 1..=16 {
            let register = Lfsr::new(bits);
            assert_eq!(register.bits(), bits);
            assert_eq!(register.taps()[0], 0);
            let period = (1u64 << bits) - 1;
            let mut state = ROOT_STATE;
            let mut steps = 0;
            loop {
                state = register.step(state);
                steps += 1;
                assert_ne!(state, 0, "{bits} bits");
                if state == ROOT_STATE {
                    break;
                }
                assert!(steps < period, "{bits} bits: no return in {period} steps");
            }
            assert_eq!(steps, period, "{bits} bits");
            assert_eq!(register.step(0), 0);
        }
    }

    #[test]
    fn primitive_polynomials_are_found_quickly() {
        let started = Instant::now();
        for degree in 1..=32 {
            let polynomial = primitive_polynomial(degree);
            assert_eq!(super::degree(polynomial), degree);
        }
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn reducible_polynomials_are_not_primitive() {
        // x^4 + x^3 + x^2 + x + 1 is irreducible but x has order 5, not 15.
        let period = 15;
        let factors = prime_factors(period);
        assert_eq!(factors, [3, 5]);
        assert!(!is_primitive(0b11111, period, &factors));
        // (x^2 + x + 1)^2 = x^4 + x^2 + 1.
        assert!(!is_primitive(0b10101, period, &factors));
        assert!(is_primitive(0b11001, period, &factors)); // x^4 + x^3 + 1
    }

    #[test]
    fn step_clauses_give_the_register_step() {
        for bits in 1..=9usize {
            let register = Lfsr::new(bits);
            let mut formula = Formula::new();
            let state = positive(&formula.new_vars(bits));
            let feedback_vars = positive(&formula.new_vars(register.taps().len() - 1));
            let next = define_step(&mut formula, &register, &state, &feedback_vars);
            let mut solver = Solver::new();
            for clause in formula.clauses() {
                solver.add_clause(clause);
            }
            for value in 0u64..1 << bits {
                let fixed: Vec<Lit> = (0..bits)
                    .map(|i| {
                        if value >> i & 1 == 1 {
                            state[i]
                        } else {
                            !state[i]
                        }
                    })
                    .collect();
                solver.assume(&fixed);
                assert_eq!(solver.solve().ok(), Some(true));
                let model = solver.model().unwrap_or_default();
                let got = next.iter().enumerate().fold(0u64, |sum, (i, lit)| {
                    sum | (model.contains(lit) as u64) << i
                });
                assert_eq!(got, register.step(value), "{bits} bits, state {value}");
            }
        }
    }
}
