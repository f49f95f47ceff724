//! A spinner on stderr while long work runs, drawn only when stderr is a terminal.

use std::io::{self, IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long work runs before the spinner appears.
const DELAY: Duration = Duration::from_secs(1);
/// Time between frames.
const FRAME: Duration = Duration::from_millis(100);
/// The frames of the spinner.
const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// A spinner with the seconds elapsed, shown after a second of work and erased when dropped.
pub struct Spinner {
    /// The thread drawing it and the channel whose closing stops it; none when stderr is not a
    /// terminal.
    running: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Spinner {
    /// Starts a spinner labelled `label`, if stderr is a terminal.
    pub fn start(label: &'static str) -> Spinner {
        if !io::stderr().is_terminal() {
            return Spinner { running: None };
        }
        let (stop, stopped) = mpsc::channel();
        let thread = thread::spawn(move || spin(label, &stopped));
        Spinner {
            running: Some((stop, thread)),
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.running.take() {
            drop(stop);
            let _ = thread.join();
        }
    }
}

/// Draws the spinner until `stopped` is closed, then erases it.
fn spin(label: &str, stopped: &mpsc::Receiver<()>) {
    let started = Instant::now();
    if stopped.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
        return;
    }
    let mut stderr = io::stderr();
    for frame in FRAMES.iter().cycle() {
        let seconds = started.elapsed().as_secs();
        let _ = write!(stderr, "\r{frame} {label} {seconds} s");
        let _ = stderr.flush();
        if stopped.recv_timeout(FRAME) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
    let _ = write!(stderr, "\r\x1b[2K");
    let _ = stderr.flush();
}
