//! Answering by a deadline, even when the work cannot be cut short.
//!
//! Every engine checks its deadline as it goes, but some steps run a while between checks:
//! building a large SAT formula, varisat between two writes of its proof (it buffers them), the
//! move graph and the cheap proofs of a huge board. [`finish_by`] runs such work on a worker
//! thread and waits for it until the deadline and a short [`GRACE`]. A worker still running then
//! is left behind: it checks the same deadline, so it stops by itself soon after, and its result
//! is dropped.

use super::{interrupt, Stop};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How often the caller looks whether the work was interrupted ([`super::interrupt`]).
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// How long after the deadline the caller still waits for the work's own answer (which carries
/// its statistics) before it stops waiting.
pub const GRACE: Duration = Duration::from_millis(100);

/// Stack of the worker thread: twice what a main thread usually has (8 MiB), so that no engine
/// runs with less stack than it would without a deadline.
pub(crate) const WORKER_STACK: usize = 16 << 20;

/// The result of `work`, or the stop: [`Stop::Timeout`] when it is still running at `deadline`
/// plus [`GRACE`], [`Stop::Interrupted`] when it was interrupted first (where the process heeds
/// [`super::interrupt`]), [`Stop::InternalError`] when it panicked. Where no thread can be started (the
/// process is out of memory or of threads, as a server's worker under its memory limit may
/// be), `work` runs on the caller's thread, held to its deadline by its own checks only, rather
/// than not at all. Without a deadline `work` runs on the caller's thread, unless the process
/// heeds interrupts.
pub fn finish_by<T, F>(deadline: Option<Instant>, work: F) -> Result<T, Stop>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    finish_on_stack_by(deadline, WORKER_STACK, work)
}

/// [`finish_by`] with a worker thread of `stack` bytes of stack.
fn finish_on_stack_by<T, F>(deadline: Option<Instant>, stack: usize, work: F) -> Result<T, Stop>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    if deadline.is_none() && !interrupt::heeded() {
        return Ok(work());
    }
    let (sender, receiver) = mpsc::sync_channel(1);
    // The work is taken by the thread, or back by the caller when the thread cannot start.
    let work = Arc::new(Mutex::new(Some(work)));
    let taken = Arc::clone(&work);
    let spawned = thread::Builder::new()
        .name("toursat-worker".to_string())
        .stack_size(stack)
        .spawn(move || {
            let work = taken.lock().ok().and_then(|mut work| work.take());
            if let Some(work) = work {
                // The caller may have stopped waiting: then nobody wants the result.
                let _ = sender.send(work());
            }
        });
    let Ok(worker) = spawned else {
        let work = work.lock().ok().and_then(|mut work| work.take());
        return work.map(|work| work()).ok_or(Stop::InternalError);
    };
    let given_up_at = deadline.map(|deadline| deadline + GRACE);
    loop {
        let left = given_up_at.map_or(LOOK_EVERY, |at| {
            at.saturating_duration_since(Instant::now()).min(LOOK_EVERY)
        });
        match receiver.recv_timeout(left) {
            Ok(result) => {
                // The worker has sent its result and is ending: wait for it, so that no thread
                // is left behind when the work finished in time.
                let _ = worker.join();
                return Ok(result);
            }
            Err(RecvTimeoutError::Timeout) if interrupt::raised() => return Err(Stop::Interrupted),
            Err(RecvTimeoutError::Timeout) => {
                if given_up_at.is_some_and(|at| Instant::now() >= at) {
                    return Err(Stop::Timeout);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Err(Stop::InternalError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_without_a_deadline_runs_to_its_end() {
        assert_eq!(finish_by(None, || 6 * 7), Ok(42));
    }

    #[test]
    fn work_done_in_time_gives_its_result() {
        let deadline = Instant::now() + Duration::from_secs(60);
        assert_eq!(finish_by(Some(deadline), || 6 * 7), Ok(42));
    }

    #[test]
    fn work_that_ignores_the_deadline_is_left_behind() {
        let deadline = Instant::now();
        let (release, released) = mpsc::channel::<()>();
        let result = finish_by(Some(deadline), move || released.recv().is_ok());
        assert_eq!(result, Err(Stop::Timeout));
        drop(release);
    }

    #[test]
    fn work_whose_thread_cannot_start_runs_on_the_callers_thread() {
        // No machine maps a stack of half the address space.
        let deadline = Instant::now() + Duration::from_secs(60);
        let caller = thread::current().id();
        let ran_on = finish_on_stack_by(Some(deadline), usize::MAX / 2, move || {
            thread::current().id()
        });
        assert_eq!(ran_on, Ok(caller));
    }

    #[test]
    fn a_panic_in_the_work_is_an_internal_error() {
        let deadline = Instant::now() + Duration::from_secs(60);
        let result: Result<(), Stop> = finish_by(Some(deadline), || panic!("a bug"));
        assert_eq!(result, Err(Stop::InternalError));
    }
}
