//! The command's clock: every `--timeout` counts from the moment the command started, so that
//! reading and parsing its input are inside the limit.

use super::error::CliError;
use super::exit;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use toursat::engine::finish_by;
use toursat::format::reason::explain_stop;

/// When the command started.
static STARTED: OnceLock<Instant> = OnceLock::new();

/// Starts the clock: called first thing in [`super::main`].
pub fn start() {
    STARTED.get_or_init(Instant::now);
}

/// The instant `timeout` after the command started.
pub fn deadline(timeout: Duration) -> Instant {
    *STARTED.get_or_init(Instant::now) + timeout
}

/// The time since the command started.
pub fn elapsed() -> Duration {
    STARTED.get_or_init(Instant::now).elapsed()
}

/// Reads an input by `work` so that the time limit holds while it is read and parsed: with a
/// `deadline`, on a worker thread that is given up at the deadline (a stalled stdin, a huge
/// file), with the stop's error (`timeout_seconds` for its message).
pub fn read_by<T, F>(
    deadline: Option<Instant>,
    timeout_seconds: Option<f64>,
    work: F,
) -> Result<T, CliError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, CliError> + Send + 'static,
{
    finish_by(deadline, work).map_err(|stop| {
        CliError::with_status(exit::for_stop(stop), explain_stop(stop, timeout_seconds))
    })?
}
