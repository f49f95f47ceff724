//! The user's stop (Ctrl-C) as an answer: work that [`super::deadline::finish_by`] waits for is
//! given up as at its deadline, answered [`Stop::Interrupted`](super::Stop::Interrupted), so that
//! a command can still say what it reached (`solve --stats` prints the seconds of each phase).
//!
//! A command runs its work under [`heeding`]; its stop signal's handler calls [`interrupt`],
//! which says whether work heeds it now (if not, the handler ends the process as before).

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether work heeds [`interrupt`]: set while [`heeding`] runs.
static HEEDED: AtomicBool = AtomicBool::new(false);

/// Raised by [`interrupt`] while work heeds it.
static RAISED: AtomicBool = AtomicBool::new(false);

/// Runs `work` heeding [`interrupt`]: the engines' work in it runs on a worker thread even
/// without a deadline, and is given up when interrupted.
pub fn heeding<T>(work: impl FnOnce() -> T) -> T {
    RAISED.store(false, Ordering::SeqCst);
    HEEDED.store(true, Ordering::SeqCst);
    let result = work();
    HEEDED.store(false, Ordering::SeqCst);
    result
}

/// Whether the work of this process heeds [`interrupt`].
pub fn heeded() -> bool {
    HEEDED.load(Ordering::SeqCst)
}

/// Asks the work of this process to be given up; whether it heeds the request (if not,
/// nothing changes).
pub fn interrupt() -> bool {
    let heeded = heeded();
    if heeded {
        RAISED.store(true, Ordering::SeqCst);
    }
    heeded
}

/// Whether the work has been interrupted.
pub fn raised() -> bool {
    RAISED.load(Ordering::SeqCst)
}
