//! A flag that stops the SAT solves of the thread that runs under it, as its deadline would.
//!
//! Two engines racing on one problem (see `race`) both check their deadline
//! as they go, but once one has answered, the other should stop at once rather than run on to
//! the deadline. The winner raises the loser's flag; every [`DeadlineSolver`] made on the
//! loser's thread reads it wherever it reads its deadline, and stops with [`Stop::Timeout`],
//! which nobody reads: the race has been decided.
//!
//! [`DeadlineSolver`]: crate::engine::sat::cnf::solver::DeadlineSolver
//! [`Stop::Timeout`]: crate::engine::Stop::Timeout

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

thread_local! {
    /// The flag of the work running on this thread, if it runs under one.
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread under `flag`: its SAT solves stop once the flag is raised.
pub(crate) fn under_flag<T>(flag: Arc<AtomicBool>, work: impl FnOnce() -> T) -> T {
    let outer = FLAG.with(|current| current.replace(Some(flag)));
    let result = work();
    FLAG.with(|current| *current.borrow_mut() = outer);
    result
}

/// The flag this thread's work runs under, if any (a solver made here keeps it).
pub(crate) fn current_flag() -> Option<Arc<AtomicBool>> {
    FLAG.with(|current| current.borrow().clone())
}

/// Whether `flag` has been raised.
pub(crate) fn raised(flag: &Option<Arc<AtomicBool>>) -> bool {
    flag.as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_holds_for_the_work_under_it_and_no_longer() {
        let flag = Arc::new(AtomicBool::new(true));
        assert!(!raised(&current_flag()));
        let inside = under_flag(Arc::clone(&flag), || raised(&current_flag()));
        assert!(inside);
        assert!(current_flag().is_none());
    }

    #[test]
    fn another_thread_does_not_see_this_threads_flag() {
        let flag = Arc::new(AtomicBool::new(true));
        let elsewhere = under_flag(flag, || {
            std::thread::spawn(|| current_flag().is_none())
                .join()
                .unwrap()
        });
        assert!(elsewhere);
    }

    #[test]
    fn a_solver_made_under_a_raised_flag_stops_as_at_its_deadline() {
        use crate::engine::sat::cnf::formula::Formula;
        use crate::engine::sat::cnf::solver::DeadlineSolver;
        use crate::engine::Stop;
        let mut formula = Formula::new();
        let var = formula.new_var();
        formula.add_clause(&[var.positive()]);
        let flag = Arc::new(AtomicBool::new(false));
        let mut solver = under_flag(Arc::clone(&flag), || DeadlineSolver::with_proof(None, None));
        assert_eq!(solver.solve(&formula, &[]), Ok(Some(vec![true])));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(solver.solve(&formula, &[]), Err(Stop::Timeout));
    }
}
