//! What a stop signal (SIGTERM, SIGINT, SIGHUP) does to every command but `serve` (which has
//! its own handler): the temporary files of output files not yet in place are removed, the
//! child processes of `compare` and `bench` are killed with their process groups and the runs
//! they cut are named on stderr, then the process ends by the same signal; a Ctrl-C while a
//! terminal shows the work's progress goes to its reporter (`super::progress`), which says where
//! the work stopped and exits with status 130.
//!
//! The signals are blocked in every thread from the start and taken by one thread that waits
//! for them (`sigwait`), so the work done on a signal is ordinary code, not a signal handler.
//! A mask is inherited: the children of `compare` and `bench` clear it before they start
//! (`compare::child::run_limited`).

use super::compare::child::kill_running;
use super::progress::take_interrupt;
use std::io::Write;
use toursat::core::atomic_file::remove_temporary_files;

/// The signals that stop a command, with their names for messages.
const STOP_SIGNALS: [(libc::c_int, &str); 3] = [
    (libc::SIGTERM, "SIGTERM"),
    (libc::SIGINT, "SIGINT"),
    (libc::SIGHUP, "SIGHUP"),
];

/// Blocks the stop signals and starts the thread that takes them. Called by [`super::main`]
/// once the arguments are read, before any other thread exists, so that every thread inherits
/// the mask.
pub fn handle_stop_signals() {
    // SAFETY: an all-zero `sigset_t` is a valid value, and `sigemptyset` initializes it.
    let mut signals: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `signals` is a live, initialized set; the calls only change it and this thread's
    // mask.
    let blocked = unsafe {
        libc::sigemptyset(&mut signals);
        for (signal, _) in STOP_SIGNALS {
            libc::sigaddset(&mut signals, signal);
        }
        libc::pthread_sigmask(libc::SIG_BLOCK, &signals, std::ptr::null_mut())
    };
    if blocked != 0 {
        return;
    }
    std::thread::spawn(move || {
        let mut signal: libc::c_int = 0;
        // SAFETY: `signals` and `signal` are live locals of this thread.
        if unsafe { libc::sigwait(&signals, &mut signal) } == 0 {
            stop(signal);
        }
        // The wait failed: this thread lets the signals through, so they act as by default.
        // SAFETY: `signals` is a live, initialized set; only this thread's mask changes.
        unsafe {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &signals, std::ptr::null_mut());
        }
        loop {
            std::thread::park();
        }
    });
}

/// Cleans up after the stop signal `signal` and ends the process by it; a Ctrl-C that the
/// work heeds (`solve --stats`, see `toursat::engine::interrupt`) stops the work instead, and
/// the command says what it reached and ends by itself.
fn stop(signal: libc::c_int) {
    if signal == libc::SIGINT && toursat::engine::interrupt::interrupt() {
        loop {
            std::thread::park();
        }
    }
    remove_temporary_files();
    let name = STOP_SIGNALS
        .iter()
        .find(|(number, _)| *number == signal)
        .map_or("a signal", |(_, name)| name);
    // The list of children stays held until the process ends, so no run is recorded as failed
    // after its child was killed here.
    kill_running(|cut| {
        let mut err = std::io::stderr().lock();
        for run in cut {
            let _ = writeln!(
                err,
                "toursat: stopped by {name}: the run of {run} was cut, its process killed"
            );
        }
        let _ = err.flush();
        drop(err);
        if signal == libc::SIGINT && take_interrupt() {
            // The reporter's thread says where the work stopped and ends the process.
            loop {
                std::thread::park();
            }
        }
        end_by(signal);
    });
}

/// Ends the process by `signal` with its default action, so that the parent sees which signal
/// ended it (a shell's status 128 + the signal's number); exits with that status if it cannot.
fn end_by(signal: libc::c_int) -> ! {
    // SAFETY: SIG_DFL is a valid disposition; the set is a live local initialized by
    // `sigemptyset`; `raise` sends the signal to this thread, which now lets it through.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut only: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut only);
        libc::sigaddset(&mut only, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &only, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::process::exit(128 + signal);
}
