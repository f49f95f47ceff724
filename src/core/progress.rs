//! What long work is doing now: one process-wide phase and counter that the engines update
//! and a reporter reads.
//!
//! The work calls [`begin`] when it enters a phase ("cheap proofs", "SAT", "counting") and
//! [`advance`], [`reach`] or [`reach_in`] as it goes; each is a relaxed atomic operation, cheap enough for a
//! loop that runs once a round or once a thousand nodes (never once a node). A reporter on
//! another thread takes a [`snapshot`] now and then and words it with its `Display`. Nothing
//! here writes anywhere: drawing it is the caller's business (the CLI draws it on a terminal).
//!
//! ```
//! use toursat::core::progress::Progress;
//! let progress = Progress::new();
//! progress.begin("counting", "steps", Some(168));
//! progress.reach(54);
//! assert_eq!(progress.snapshot().unwrap().to_string(), "counting, 54 of 168 steps");
//! ```

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The phase of the cheap proofs of no tour, before any engine.
pub const CHEAP_PROOFS: &str = "cheap proofs";
/// The phase of depth-first search; it counts nodes.
pub const SEARCH: &str = "search";
/// The phase of the SAT engine; it counts the cycles of its last model.
pub const SAT: &str = "SAT";
/// The phase of the SAT engine's warm start that finds a 2-factor (by flow or matching) and
/// joins its cycles.
pub const TWO_FACTOR: &str = "2-factor";
/// The phase of the knight's-tour construction.
pub const CONSTRUCTION: &str = "construction";
/// The phase of the independent check of a tour found.
pub const VERIFYING: &str = "verifying";

/// The counter's value while nothing has been counted in the phase yet.
const UNCOUNTED: u64 = u64::MAX;

/// A phase and how far it has got, shared between the work and a reporter.
#[derive(Debug)]
pub struct Progress {
    /// The phase's name and the unit its counter counts; `None` before the first phase.
    phase: Mutex<Option<(&'static str, &'static str)>>,
    /// How many units are done ([`UNCOUNTED`]: none reported yet).
    done: AtomicU64,
    /// How many units there are in all ([`UNCOUNTED`]: not known).
    total: AtomicU64,
    /// The time spent in each phase since the last [`Progress::restart_times`].
    times: Mutex<PhaseTimes>,
}

/// The time spent in each phase: the phases left, in the order first entered, and the phase
/// entered last with when.
#[derive(Debug)]
struct PhaseTimes {
    spent: Vec<(&'static str, Duration)>,
    current: Option<(&'static str, Instant)>,
}

impl PhaseTimes {
    /// Adds the time of the current phase up to `now` to its total; it starts again at `now`.
    fn close(&mut self, now: Instant) {
        let Some((phase, since)) = self.current else {
            return;
        };
        let spent = now.saturating_duration_since(since);
        match self.spent.iter_mut().find(|(name, _)| *name == phase) {
            Some((_, total)) => *total += spent,
            None => self.spent.push((phase, spent)),
        }
        self.current = Some((phase, now));
    }
}

/// What a [`Progress`] held at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// The phase ("cheap proofs", "SAT", "counting").
    pub phase: &'static str,
    /// What the counter counts ("steps", "cycles left", "tours found so far"); empty when the
    /// phase counts nothing.
    pub unit: &'static str,
    /// How many units are done, if any were reported.
    pub done: Option<u64>,
    /// How many units there are in all, if known.
    pub total: Option<u64>,
}

/// The progress of the work of this process.
static CURRENT: Progress = Progress::new();

impl Progress {
    /// A progress with no phase yet.
    pub const fn new() -> Progress {
        Progress {
            phase: Mutex::new(None),
            done: AtomicU64::new(UNCOUNTED),
            total: AtomicU64::new(UNCOUNTED),
            times: Mutex::new(PhaseTimes {
                spent: Vec::new(),
                current: None,
            }),
        }
    }

    /// Enters `phase`, counting `unit`s (empty: nothing counted), `total` of them if known (then
    /// from 0 done; else from nothing reported).
    pub fn begin(&self, phase: &'static str, unit: &'static str, total: Option<u64>) {
        let mut current = self
            .phase
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *current = Some((phase, unit));
        let mut times = self.times();
        times.close(Instant::now());
        times.current = Some((phase, Instant::now()));
        drop(times);
        // With a known total, the count starts at none of it done.
        let done = total.map_or(UNCOUNTED, |_| 0);
        self.done.store(done, Ordering::Relaxed);
        self.total
            .store(total.unwrap_or(UNCOUNTED), Ordering::Relaxed);
    }

    /// Counts `units` more done in the current phase.
    pub fn advance(&self, units: u64) {
        // The first advance of a phase starts from zero, not from the UNCOUNTED mark.
        let _ = self
            .done
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |done| {
                Some(match done {
                    UNCOUNTED => units,
                    done => done.saturating_add(units),
                })
            });
    }

    /// Sets the units done in the current phase to `done`.
    pub fn reach(&self, done: u64) {
        self.done.store(done.min(UNCOUNTED - 1), Ordering::Relaxed);
    }

    /// Sets the units done to `done` if the current phase is `phase`: work that runs inside
    /// several phases (the SAT engine's rounds under a count of distinct tours) counts only in
    /// its own.
    pub fn reach_in(&self, phase: &'static str, done: u64) {
        let current = self
            .phase
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if current.is_some_and(|(name, _)| name == phase) {
            self.reach(done);
        }
    }

    /// Forgets the phase: the next snapshot is `None` until a phase begins.
    pub fn clear(&self) {
        let mut current = self
            .phase
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *current = None;
    }

    /// Forgets the time spent in every phase: [`Progress::phase_seconds`] counts from here (the
    /// current phase from now).
    pub fn restart_times(&self) {
        let mut times = self.times();
        times.spent.clear();
        times.current = times.current.map(|(phase, _)| (phase, Instant::now()));
    }

    /// The seconds spent in each phase entered since the last [`Progress::restart_times`]
    /// (the current one up to now), in the order first entered.
    pub fn phase_seconds(&self) -> Vec<(&'static str, f64)> {
        let mut times = self.times();
        times.close(Instant::now());
        times
            .spent
            .iter()
            .map(|&(phase, spent)| (phase, spent.as_secs_f64()))
            .collect()
    }

    /// The phase times, whatever a panic elsewhere left in them.
    fn times(&self) -> std::sync::MutexGuard<'_, PhaseTimes> {
        self.times
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The phase and its counter now; `None` before the first phase.
    pub fn snapshot(&self) -> Option<Snapshot> {
        let current = *self
            .phase
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let (phase, unit) = current?;
        let known = |value: u64| (value != UNCOUNTED).then_some(value);
        Some(Snapshot {
            phase,
            unit,
            done: known(self.done.load(Ordering::Relaxed)),
            total: known(self.total.load(Ordering::Relaxed)),
        })
    }
}

impl Default for Progress {
    fn default() -> Progress {
        Progress::new()
    }
}

/// The progress of this process's work (what [`begin`], [`advance`] and [`reach`] update).
pub fn current() -> &'static Progress {
    &CURRENT
}

/// Enters `phase` in this process's progress: see [`Progress::begin`].
pub fn begin(phase: &'static str, unit: &'static str, total: Option<u64>) {
    CURRENT.begin(phase, unit, total);
}

/// Counts `units` more done in this process's progress: see [`Progress::advance`].
pub fn advance(units: u64) {
    CURRENT.advance(units);
}

/// Sets the units done in this process's progress: see [`Progress::reach`].
pub fn reach(done: u64) {
    CURRENT.reach(done);
}

/// Sets the units done in this process's progress if its phase is `phase`: see
/// [`Progress::reach_in`].
pub fn reach_in(phase: &'static str, done: u64) {
    CURRENT.reach_in(phase, done);
}

/// Forgets the time spent in this process's phases: see [`Progress::restart_times`].
pub fn restart_times() {
    CURRENT.restart_times();
}

/// The seconds spent in each of this process's phases: see [`Progress::phase_seconds`].
pub fn phase_seconds() -> Vec<(&'static str, f64)> {
    CURRENT.phase_seconds()
}

/// This process's progress now: see [`Progress::snapshot`].
pub fn snapshot() -> Option<Snapshot> {
    CURRENT.snapshot()
}

impl fmt::Display for Snapshot {
    /// `phase`, then `, 54 of 168 steps` or `, 1,234 tours found so far` when counted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.phase)?;
        match (self.done, self.total) {
            (_, _) if self.unit.is_empty() => Ok(()),
            (Some(done), Some(total)) => {
                write!(f, ", {} of {} {}", grouped(done), grouped(total), self.unit)
            }
            (Some(done), None) => write!(f, ", {} {}", grouped(done), self.unit),
            (None, _) => Ok(()),
        }
    }
}

/// `number` with its digits in groups of three: `1,234,567`.
fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_phase_no_snapshot() {
        let progress = Progress::new();
        assert_eq!(progress.snapshot(), None);
        progress.begin("SAT", "cycles left", None);
        progress.clear();
        assert_eq!(progress.snapshot(), None);
    }

    #[test]
    fn a_phase_with_nothing_counted_yet_shows_its_name_alone() {
        let progress = Progress::new();
        progress.begin("SAT", "cycles left", None);
        assert_eq!(progress.snapshot().unwrap().to_string(), "SAT");
    }

    #[test]
    fn advances_add_up_from_zero_and_a_new_phase_starts_again() {
        let progress = Progress::new();
        progress.begin("counting", "tours found so far", None);
        progress.advance(1);
        progress.advance(1233);
        assert_eq!(
            progress.snapshot().unwrap().to_string(),
            "counting, 1,234 tours found so far"
        );
        progress.begin("verifying", "", None);
        let snapshot = progress.snapshot().unwrap();
        assert_eq!(
            (snapshot.done, snapshot.to_string()),
            (None, "verifying".into())
        );
    }

    #[test]
    fn a_known_total_is_shown_after_the_units_done() {
        let progress = Progress::new();
        progress.begin("counting", "steps", Some(1680));
        assert_eq!(
            progress.snapshot().unwrap().to_string(),
            "counting, 0 of 1,680 steps"
        );
        progress.reach(54);
        assert_eq!(
            progress.snapshot().unwrap().to_string(),
            "counting, 54 of 1,680 steps"
        );
    }

    #[test]
    fn work_counts_only_in_its_own_phase() {
        let progress = Progress::new();
        progress.begin("finding tours", "tours found so far", None);
        progress.reach_in("SAT", 12);
        assert_eq!(progress.snapshot().unwrap().done, None);
        progress.begin("SAT", "cycles left", None);
        progress.reach_in("SAT", 12);
        assert_eq!(
            progress.snapshot().unwrap().to_string(),
            "SAT, 12 cycles left"
        );
    }

    #[test]
    fn each_phase_keeps_its_time_and_a_restart_forgets_them() {
        let progress = Progress::new();
        progress.begin("cheap proofs", "", None);
        std::thread::sleep(Duration::from_millis(20));
        progress.begin("SAT", "cycles left", None);
        progress.begin("cheap proofs", "", None);
        let times = progress.phase_seconds();
        let phases: Vec<&str> = times.iter().map(|&(phase, _)| phase).collect();
        assert_eq!(phases, ["cheap proofs", "SAT"]);
        assert!(times[0].1 >= 0.02, "{times:?}");
        progress.restart_times();
        let phases: Vec<&str> = progress.phase_seconds().iter().map(|t| t.0).collect();
        assert_eq!(phases, ["cheap proofs"], "the current phase goes on");
    }

    #[test]
    fn digits_are_grouped_by_three() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12_345_678), "12,345,678");
    }
}
