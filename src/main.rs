//! The `toursat` command line; the work is done by the library and `cli`.

mod cli;

fn main() -> std::process::ExitCode {
    restore_default_sigpipe();
    cli::main()
}

/// Lets a closed pipe end the process quietly, as it does `cat` or `grep`
/// (`toursat judge ... | head`), instead of surfacing as a write error. Rust ignores SIGPIPE by
/// default.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called first thing in `main`, before any thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Other platforms have no SIGPIPE.
#[cfg(not(unix))]
fn restore_default_sigpipe() {}
