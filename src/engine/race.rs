//! `auto` on a graph with two cores: the directed arcs and the SAT engine's defaults race, each
//! on a thread of its own, and the first to answer (a verified tour or a proof) wins.
//!
//! Neither engine is better on every graph (docs/fhcp.md): the arcs' models hold many cycles to
//! cut at once, and on graphs built against cuts fresh phases make their cuts converge; the
//! defaults' warm start and windowed repair answer large graphs whose whole formula is slow.
//! One after the other, the arcs get a budget of conflicts (their formula completed after a few
//! balanced models) and the defaults what time is left; side by side, each gets all of it, and
//! the arcs start their solver afresh from random phases after every few balanced models. The
//! loser is stopped through its cancel flag ([`super::cancel`]) and left to end by itself, as
//! [`super::deadline`] leaves a worker past its deadline.

use super::{cancel, deadline, sat, Answer, Limits, Stats, Stop};
use crate::graph::problem::GraphProblem;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;

/// The directed arcs' options: `cutset-arcs`, otherwise the defaults.
pub(super) fn arcs_options() -> sat::SatOptions {
    sat::SatOptions {
        encoding: sat::Encoding::CutsetArcs,
        ..sat::SatOptions::default()
    }
}

/// The arcs' restarts in a race: Luby's sequence times 64 conflicts, half varisat's default.
/// Their run time on a graph is heavy-tailed (docs/fhcp.md: renumbering graph45 took 559 to
/// 209,626 conflicts), and quicker restarts cut the tail: on the 50 FHCP graphs at 10 s it
/// answered 19 within 1 s where the default answered 13.
const ARCS_RESTART_INTERVAL: u64 = 64;

/// The balanced models (see [`sat::BALANCED_SHARE`]) after which the arcs start their solver
/// afresh from random phases in a race, each time ([`sat::Budgets::fresh_start_after`]), in place
/// of completing their formula. On FHCP graph205, 465 and 605 (two interleaved cycles of half
/// the vertices in every model, thousands of them) the arcs alone answered in 0.5-0.8 s, 1.4-3.1
/// s and 2.9-13.4 s over four seeds after every 8 (4 and 16 measured alike), where the completed
/// formula answers graph205 in 13 s and the others not in 60 s. The formula is never completed
/// in a race: the defaults prove that there is no tour where the arcs do not. They start afresh
/// also after [`sat::LONG_CYCLED_PER_BALANCED`] times as many models of a few long cycles that
/// are not balanced (see [`sat::LONG_CYCLED_SHARE`]).
const ARCS_FRESH_START_AFTER: u64 = 8;

/// Whether the machine has the two cores a race needs.
pub(super) fn pays() -> bool {
    thread::available_parallelism().is_ok_and(|cores| cores.get() >= 2)
}

/// The two runners of a race.
#[derive(Debug, Clone, Copy)]
enum Runner {
    /// The directed arcs, refinement alone, their conflicts not limited, the solver started
    /// afresh after every [`ARCS_FRESH_START_AFTER`] balanced models.
    Arcs,
    /// The SAT engine's defaults.
    Defaults,
}

impl Runner {
    fn run(self, problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
        match self {
            Runner::Arcs => {
                let options = arcs_options();
                stats.engine = options.engine_name();
                let budgets = sat::Budgets {
                    conflicts: u64::MAX,
                    balanced_completion: None,
                    restart_interval: Some(ARCS_RESTART_INTERVAL),
                    fresh_start_after: Some(ARCS_FRESH_START_AFTER),
                };
                sat::search_graph_within(problem, &options, limits, budgets, stats)
            }
            Runner::Defaults => {
                let options = sat::SatOptions::default();
                stats.engine = options.engine_name();
                sat::search_graph(problem, &options, limits, stats)
            }
        }
    }
}

/// The first answer of the arcs and the defaults, run at once: a tour or a proof from either; a
/// stop only when both stopped (the later stop). The statistics are the answering engine's.
/// `None` when a runner's thread cannot start (the process is out of memory or of threads): the
/// caller runs them one after the other instead.
pub(super) fn race(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Option<Answer> {
    let problem = Arc::new(problem.clone());
    let (sender, receiver) = mpsc::channel();
    let mut flags = Vec::new();
    for runner in [Runner::Arcs, Runner::Defaults] {
        let flag = Arc::new(AtomicBool::new(false));
        flags.push(Arc::clone(&flag));
        let (problem, limits, sender) = (Arc::clone(&problem), *limits, sender.clone());
        let spawned = thread::Builder::new()
            .name("toursat-race".to_string())
            .stack_size(deadline::WORKER_STACK)
            .spawn(move || {
                let mut stats = Stats::default();
                let answer = cancel::under_flag(flag, || runner.run(&problem, &limits, &mut stats));
                // The race may be over: then nobody wants the answer.
                let _ = sender.send((answer, stats));
            });
        if spawned.is_err() {
            flags
                .iter()
                .for_each(|flag| flag.store(true, Ordering::Relaxed));
            return None;
        }
    }
    drop(sender);
    let mut last = Answer::Stopped(Stop::InternalError);
    // A runner that panics drops its sender unsent: the loop then ends with what it has.
    for (answer, runner_stats) in receiver.iter() {
        let settled = !matches!(answer, Answer::Stopped(_));
        *stats = runner_stats;
        last = answer;
        if settled {
            break;
        }
    }
    flags
        .iter()
        .for_each(|flag| flag.store(true, Ordering::Relaxed));
    Some(last)
}
