//! The sign of life of long work on a terminal: a spinner on stderr with what the command is
//! doing (its label and the library's phase, `toursat::core::progress`) and the time elapsed,
//! drawn after a second of work and erased at its end; while it runs, Ctrl-C ends the command
//! with a line saying where it stopped. When stderr is not a terminal it does nothing at all:
//! no drawing, and Ctrl-C ends the
//! command as any stop signal does (`super::signals`).

use super::clock;
use super::exit;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;
use toursat::core::progress;

/// How long the command runs before the spinner appears.
const DELAY: Duration = Duration::from_secs(1);
/// Time between frames, and between looks at the Ctrl-C flag.
const FRAME: Duration = Duration::from_millis(100);

/// Raised by Ctrl-C ([`take_interrupt`]) while a [`Reporter`] runs.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Whether a [`Reporter`] draws on the terminal now, and so takes Ctrl-C.
static REPORTING: AtomicBool = AtomicBool::new(false);

/// The spinner of one command's long work, and its Ctrl-C; erased and disarmed when dropped.
pub struct Reporter {
    /// What the command is doing ("solving", "generating board 2 of 3").
    label: Arc<Mutex<String>>,
    /// The spinner, hidden until drawn.
    bar: ProgressBar,
    /// What Ctrl-C leaves undone.
    unfinished: &'static str,
    /// The channel whose closing stops the drawing thread, and the thread; none when stderr is
    /// not a terminal.
    running: Option<(mpsc::Sender<()>, JoinHandle<()>)>,
}

impl Reporter {
    /// Starts reporting work labelled `label`, if stderr is a terminal; `unfinished` says what
    /// Ctrl-C leaves undone ("the count is incomplete").
    pub fn start(label: impl Into<String>, unfinished: &'static str) -> Reporter {
        let label = Arc::new(Mutex::new(label.into()));
        let bar = ProgressBar::hidden();
        if !io::stderr().is_terminal() {
            return Reporter {
                label,
                bar,
                unfinished,
                running: None,
            };
        }
        progress::current().clear();
        INTERRUPTED.store(false, Ordering::Relaxed);
        REPORTING.store(true, Ordering::SeqCst);
        let (stop, stopped) = mpsc::channel();
        let shown = Arc::clone(&label);
        let drawn = bar.clone();
        let thread = thread::spawn(move || report(&drawn, &shown, unfinished, &stopped));
        Reporter {
            label,
            bar,
            unfinished,
            running: Some((stop, thread)),
        }
    }

    /// Says that the work is now `label`; the library's phase starts afresh.
    pub fn relabel(&self, label: impl Into<String>) {
        if self.running.is_some() {
            progress::current().clear();
        }
        *lock(&self.label) = label.into();
    }

    /// Runs `write` with the spinner erased, so that what it writes to the terminal is not
    /// mixed with it.
    pub fn suspend<T>(&self, write: impl FnOnce() -> T) -> T {
        self.bar.suspend(write)
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        if let Some((stop, thread)) = self.running.take() {
            drop(stop);
            let _ = thread.join();
            REPORTING.store(false, Ordering::SeqCst);
            // Ctrl-C as the work ended, too late for the thread to see, stops the command too:
            // the work may have been cut short (compare's and bench's runs are ended by it).
            if INTERRUPTED.load(Ordering::Relaxed) {
                stop_here(&lock(&self.label), self.unfinished);
            }
        }
    }
}

/// The label, even if a thread panicked holding it.
fn lock(label: &Mutex<String>) -> std::sync::MutexGuard<'_, String> {
    label
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Hands a Ctrl-C (SIGINT, taken by `super::signals`) to the running [`Reporter`]: true when
/// one runs, whose drawing thread then says where the work stopped and ends the process; false
/// when none does, and the signal acts as by default.
pub fn take_interrupt() -> bool {
    let reporting = REPORTING.load(Ordering::SeqCst);
    if reporting {
        INTERRUPTED.store(true, Ordering::SeqCst);
    }
    reporting
}

/// What the work is doing: the label, then the library's phase and counter unless the phase
/// is the label itself ("counting, 54 of 168 steps").
fn doing(label: &str) -> String {
    match progress::snapshot() {
        None => label.to_string(),
        Some(snapshot) if snapshot.phase == label => snapshot.to_string(),
        Some(snapshot) => format!("{label}: {snapshot}"),
    }
}

/// Says where Ctrl-C stopped the work labelled `label` and what is `unfinished`, and ends the
/// process with [`exit::INTERRUPTED`].
fn stop_here(label: &str, unfinished: &str) -> ! {
    let _ = writeln!(
        io::stderr(),
        "toursat: stopped by Ctrl-C after {:.1} s while {}; {unfinished}",
        clock::elapsed().as_secs_f64(),
        doing(label),
    );
    std::process::exit(exit::INTERRUPTED.into());
}

/// Draws the spinner on `bar` from a second after the command started until `stopped` is
/// closed, then erases it; on Ctrl-C, erases it, says where the work stopped and what is
/// `unfinished`, and ends the process with [`exit::INTERRUPTED`].
fn report(
    bar: &ProgressBar,
    label: &Mutex<String>,
    unfinished: &str,
    stopped: &mpsc::Receiver<()>,
) {
    let mut drawn = false;
    loop {
        if stopped.recv_timeout(FRAME) != Err(RecvTimeoutError::Timeout) {
            break;
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            bar.finish_and_clear();
            stop_here(&lock(label), unfinished);
        }
        let elapsed = clock::elapsed();
        if elapsed < DELAY {
            continue;
        }
        if !drawn {
            if let Ok(style) = ProgressStyle::with_template("{spinner} {wide_msg}") {
                bar.set_style(style);
            }
            bar.set_draw_target(ProgressDrawTarget::stderr());
            drawn = true;
        }
        bar.set_message(format!("{}, {} s", doing(&lock(label)), elapsed.as_secs()));
        bar.tick();
    }
    bar.finish_and_clear();
}
