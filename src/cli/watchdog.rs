//! The last resort of `--timeout` for work that holds borrowed state and so cannot be left on a
//! worker thread (`engine::deadline`): a thread that ends the process with the timeout message
//! when the work is still running shortly after the deadline.

use super::error::CliError;
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Instant;
use toursat::core::atomic_file::remove_temporary_files;
use toursat::engine::GRACE;

/// Ends the process with an error if not dropped by the deadline plus [`GRACE`]; nothing without
/// a deadline. Dropping it waits for its thread, so nothing is written after it fired.
pub struct Watchdog {
    /// The channel whose closing disarms it, and its thread.
    armed: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Watchdog {
    /// A watchdog that prints `error` and exits with its status at `deadline` plus [`GRACE`].
    pub fn arm(deadline: Option<Instant>, error: CliError) -> Watchdog {
        let Some(deadline) = deadline else {
            return Watchdog { armed: None };
        };
        let (disarm, disarmed) = mpsc::channel::<()>();
        let thread = thread::spawn(move || {
            let wait = deadline.saturating_duration_since(Instant::now()) + GRACE;
            if disarmed.recv_timeout(wait) == Err(RecvTimeoutError::Timeout) {
                let _ = writeln!(std::io::stderr(), "{error}");
                remove_temporary_files();
                std::process::exit(error.status.into());
            }
        });
        Watchdog {
            armed: Some((disarm, thread)),
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        if let Some((disarm, thread)) = self.armed.take() {
            drop(disarm);
            let _ = thread.join();
        }
    }
}
