//! The frontier DP: Hamiltonian cycles counted edge by edge over a [`Plan`].
//!
//! A state says, for each frontier slot, what its vertex's chosen edges make of it: untouched
//! (no edge yet, or a free slot), the end of a path fragment whose other end is in slot `m`,
//! or done (two edges). It is packed 5 bits a slot in a `u128`, and the DP maps each state to
//! the number of ways of choosing the decided edges that lead to it. Deciding an edge either
//! skips it (not allowed for a forced edge) or uses it; using it never gives a vertex a third
//! edge, joins two fragments into one, and closes a fragment into a cycle only when that cycle
//! is the whole tour: every vertex has entered and every other slot is done. A state dies as
//! soon as an end of the decided edge has fewer edges left than it still needs, so a vertex
//! leaves the frontier done. Cycles are counted once each, as edge sets.

use super::plan::{Plan, Step};
use super::{CountStats, Natural, Progress};
use crate::engine::{Limits, Stop};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

/// Bits of a state per slot.
const SLOT_BITS: u32 = 5;
/// The value of an untouched vertex, and of a free slot.
const UNTOUCHED: u128 = 0;
/// The value of a vertex with two edges.
const DONE: u128 = 31;
/// States handled between two looks at the deadline.
const STATES_PER_CHECK: usize = 1 << 16;

/// A count the DP can add up: `u128`, which may overflow, or [`Natural`], which cannot.
pub trait Tally: Clone {
    /// The count of no way.
    fn zero() -> Self;
    /// The count of one way.
    fn one() -> Self;
    /// Adds `other`, or says that the sum does not fit.
    fn add(&mut self, other: &Self) -> Result<(), Overflow>;
}

/// A sum too large for the count's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

impl Tally for u128 {
    fn zero() -> u128 {
        0
    }

    fn one() -> u128 {
        1
    }

    fn add(&mut self, other: &u128) -> Result<(), Overflow> {
        *self = self.checked_add(*other).ok_or(Overflow)?;
        Ok(())
    }
}

impl Tally for Natural {
    fn zero() -> Natural {
        Natural::zero()
    }

    fn one() -> Natural {
        Natural::from(1u128)
    }

    fn add(&mut self, other: &Natural) -> Result<(), Overflow> {
        Natural::add(self, other);
        Ok(())
    }
}

/// Why the DP stopped without a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interrupted {
    /// A count passed the tally's type.
    Overflow,
    /// The limits stopped it.
    Stopped(Stop),
}

/// A fast hasher for packed states (multiply and rotate, as in rustc's FxHash).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(byte as u64);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, value: u128) {
        self.write_u64(value as u64);
        self.write_u64((value >> 64) as u64);
    }
}

/// States and their counts.
type States<T> = HashMap<u128, T, BuildHasherDefault<StateHasher>>;

/// The value of `slot` in `state`.
fn slot_value(state: u128, slot: u8) -> u128 {
    state >> (SLOT_BITS * slot as u32) & DONE
}

/// `state` with `slot` set to `value`.
fn with_slot(state: u128, slot: u8, value: u128) -> u128 {
    let shift = SLOT_BITS * slot as u32;
    state & !(DONE << shift) | value << shift
}

/// The number of Hamiltonian cycles of the plan's graph, with the DP's statistics filled in.
pub fn count_cycles<T: Tally>(
    plan: &Plan,
    limits: &Limits,
    progress: &mut dyn FnMut(Progress),
    stats: &mut CountStats,
) -> Result<T, Interrupted> {
    let started = Instant::now();
    let mut states: States<T> = States::default();
    states.insert(0, T::one());
    let mut cycles = T::zero();
    let mut handled = 0usize;
    for (index, step) in plan.steps.iter().enumerate() {
        let mut next: States<T> =
            States::with_capacity_and_hasher(states.len(), Default::default());
        for (&state, ways) in &states {
            handled += 1;
            if handled % STATES_PER_CHECK == 0 && limits.expired() {
                return Err(Interrupted::Stopped(Stop::Timeout));
            }
            if !step.forced {
                record(&mut next, leave(state, step), ways)?;
            }
            match join(state, step) {
                Joined::Fragment(joined) => record(&mut next, leave(joined, step), ways)?,
                Joined::Tour => cycles.add(ways).map_err(|_| Interrupted::Overflow)?,
                Joined::Refused => {}
            }
        }
        states = next;
        stats.states += states.len() as u64;
        stats.peak_states = stats.peak_states.max(states.len() as u64);
        if limits.expired() {
            return Err(Interrupted::Stopped(Stop::Timeout));
        }
        progress(Progress {
            steps_done: index + 1,
            steps: plan.steps.len(),
        });
    }
    stats.seconds += started.elapsed().as_secs_f64();
    Ok(cycles)
}

/// Adds `ways` to `state` in `states`, unless `state` is `None` (a dead end).
fn record<T: Tally>(
    states: &mut States<T>,
    state: Option<u128>,
    ways: &T,
) -> Result<(), Interrupted> {
    let Some(state) = state else {
        return Ok(());
    };
    match states.entry(state) {
        std::collections::hash_map::Entry::Occupied(mut entry) => {
            entry.get_mut().add(ways).map_err(|_| Interrupted::Overflow)
        }
        std::collections::hash_map::Entry::Vacant(entry) => {
            entry.insert(ways.clone());
            Ok(())
        }
    }
}

/// What using an edge makes of a state.
enum Joined {
    /// The state with the edge added to the fragments.
    Fragment(u128),
    /// The edge closes the one cycle through every vertex: a tour.
    Tour,
    /// The edge would give a vertex a third edge, or close a cycle too early.
    Refused,
}

/// Uses the edge of `step` in `state`.
fn join(state: u128, step: &Step) -> Joined {
    let (low, high) = (slot_value(state, step.low), slot_value(state, step.high));
    if low == DONE || high == DONE {
        return Joined::Refused;
    }
    let low_mate = if low == UNTOUCHED {
        step.low
    } else {
        (low - 1) as u8
    };
    let high_mate = if high == UNTOUCHED {
        step.high
    } else {
        (high - 1) as u8
    };
    if low != UNTOUCHED && low_mate == step.high {
        return if closes_tour(state, step) {
            Joined::Tour
        } else {
            Joined::Refused
        };
    }
    let mut joined = with_slot(state, low_mate, high_mate as u128 + 1);
    joined = with_slot(joined, high_mate, low_mate as u128 + 1);
    if low != UNTOUCHED {
        joined = with_slot(joined, step.low, DONE);
    }
    if high != UNTOUCHED {
        joined = with_slot(joined, step.high, DONE);
    }
    Joined::Fragment(joined)
}

/// Whether closing the fragment whose ends are the two ends of `step` makes a tour: every
/// vertex has entered and every other held slot is done.
fn closes_tour(state: u128, step: &Step) -> bool {
    if !step.all_entered {
        return false;
    }
    let mut others = step.occupied & !(1 << step.low) & !(1 << step.high);
    while others != 0 {
        let slot = others.trailing_zeros() as u8;
        if slot_value(state, slot) != DONE {
            return false;
        }
        others &= others - 1;
    }
    true
}

/// `state` after `step`: `None` if an end of its edge has fewer edges left than it needs
/// (two untouched, one a fragment's end); an end with no edge left leaves the frontier.
fn leave(state: u128, step: &Step) -> Option<u128> {
    let mut left = state;
    for (slot, edges_left) in [
        (step.low, step.low_edges_left),
        (step.high, step.high_edges_left),
    ] {
        let needed = match slot_value(left, slot) {
            UNTOUCHED => 2,
            DONE => 0,
            _ => 1,
        };
        if edges_left < needed {
            return None;
        }
        if edges_left == 0 {
            left = with_slot(left, slot, UNTOUCHED);
        }
    }
    Some(left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece, Problem, TourShape};

    /// A tally of at most 255 ways, to see overflow reported.
    impl Tally for u8 {
        fn zero() -> u8 {
            0
        }

        fn one() -> u8 {
            1
        }

        fn add(&mut self, other: &u8) -> Result<(), Overflow> {
            *self = self.checked_add(*other).ok_or(Overflow)?;
            Ok(())
        }
    }

    fn six_by_six_rook_plan() -> Plan {
        let problem = Problem::new(Board::new(6, 6).unwrap(), Piece::Rook, TourShape::Closed);
        Plan::new(&problem).unwrap()
    }

    #[test]
    fn a_count_past_its_tally_is_reported_as_overflow() {
        let mut stats = CountStats::default();
        let counted = count_cycles::<u8>(
            &six_by_six_rook_plan(),
            &Limits::none(),
            &mut |_| {},
            &mut stats,
        );
        assert_eq!(counted, Err(Interrupted::Overflow));
    }

    #[test]
    fn naturals_count_as_u128_does() {
        let mut stats = CountStats::default();
        let counted = count_cycles::<Natural>(
            &six_by_six_rook_plan(),
            &Limits::none(),
            &mut |_| {},
            &mut stats,
        );
        assert_eq!(counted, Ok(Natural::from(1072u128)));
    }
}
