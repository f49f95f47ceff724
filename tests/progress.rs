//! Progress on a terminal: under a pseudo-terminal, a run longer than a second shows what it is
//! doing and the time elapsed on stderr, and Ctrl-C says where it stopped; with stderr a pipe,
//! nothing changes.

mod common;

use common::{toursat, Run};
use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// A count that runs for many seconds (the 8 x 8 closed knight's tours).
const LONG_COUNT: &[&str] = &[
    "count", "--rows", "8", "--cols", "8", "--piece", "knight", "--tour", "closed",
];

/// What a run with stderr on a pseudo-terminal gave.
struct TerminalRun {
    /// Its standard output (a pipe).
    stdout: String,
    /// All it wrote on the terminal.
    terminal: String,
    /// Its exit status, if it exited.
    status: Option<i32>,
    /// The signal that ended it, if one did.
    signal: Option<i32>,
}

/// The longest a run on the terminal may take before it is killed, so that a run that never
/// ends (a Ctrl-C that is lost, say) fails its test instead of hanging the suite.
const LONGEST_RUN: Duration = Duration::from_secs(120);

/// Runs the built `toursat` with `args`, stderr on a fresh pseudo-terminal; with `interrupt`,
/// sends it SIGINT (as Ctrl-C does) as soon as it writes anything there (the spinner, which
/// appears after a second).
fn on_terminal(args: &[&str], interrupt: bool) -> TerminalRun {
    let (mut leader, mut follower) = (0, 0);
    // SAFETY: openpty writes two descriptors into the locals; the name, termios and window
    // size may be null.
    let opened = unsafe {
        libc::openpty(
            &mut leader,
            &mut follower,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: `leader` is a live descriptor; the child must not keep the terminal's other end.
    unsafe {
        libc::fcntl(leader, libc::F_SETFD, libc::FD_CLOEXEC);
    }
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (leader_fd, follower_fd) =
        unsafe { (OwnedFd::from_raw_fd(leader), OwnedFd::from_raw_fd(follower)) };
    let child = {
        let mut command = Command::new(env!("CARGO_BIN_EXE_toursat"));
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(follower_fd));
        command.spawn().unwrap()
        // The command, and with it this process's copy of the follower, is dropped here: the
        // leader reads the end of the terminal once the child has closed it.
    };
    let pid = child.id() as libc::pid_t;
    let reader = thread::spawn(move || {
        let mut leader = File::from(leader_fd);
        let mut terminal = Vec::new();
        let mut chunk = [0u8; 4096];
        // Reading the leader ends with EIO once no process holds the follower.
        while let Ok(read @ 1..) = leader.read(&mut chunk) {
            if interrupt && terminal.is_empty() {
                // SAFETY: kill with a valid signal and the child's process id, which it holds
                // while it runs (if it has just ended, the signal reaches nothing).
                unsafe {
                    libc::kill(pid, libc::SIGINT);
                }
            }
            terminal.extend_from_slice(&chunk[..read]);
        }
        String::from_utf8_lossy(&terminal).into_owned()
    });
    let (ended, watched) = mpsc::channel::<()>();
    let watchdog = thread::spawn(move || {
        if watched.recv_timeout(LONGEST_RUN) == Err(RecvTimeoutError::Timeout) {
            // SAFETY: kill with a valid signal and the child's process id; the child is not
            // reaped until `wait_with_output` returns, which this kill makes it do.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    let _ = ended.send(());
    watchdog.join().unwrap();
    TerminalRun {
        stdout: String::from_utf8(output.stdout).unwrap(),
        terminal: reader.join().unwrap(),
        status: output.status.code(),
        signal: output.status.signal(),
    }
}

/// The lines a terminal shows at the end: each line's text after its last carriage return,
/// without the codes that erase a line.
fn shown_lines(terminal: &str) -> Vec<String> {
    terminal
        .split('\n')
        .map(|line| line.trim_end_matches('\r'))
        .map(|line| {
            line.rsplit('\r')
                .next()
                .unwrap_or("")
                .replace("\x1b[2K", "")
        })
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn a_long_count_shows_its_steps_and_the_time_on_a_terminal_then_clears_them() {
    let args = [LONG_COUNT, &["--timeout", "2.5"]].concat();
    let run = on_terminal(&args, false);
    assert_eq!(run.status, Some(3), "{}", run.terminal);
    assert!(
        run.terminal.contains("counting, ") && run.terminal.contains(" of 168 steps, 1 s"),
        "{}",
        run.terminal
    );
    let message = "toursat: timed out after 2.5 s, before the count was done";
    let lines = shown_lines(&run.terminal);
    assert_eq!(lines.last().map(String::as_str), Some(message));
    assert_eq!(run.stdout, "");
}

#[test]
fn the_same_count_with_stderr_a_pipe_prints_only_its_message() {
    let args = [LONG_COUNT, &["--timeout", "2.5"]].concat();
    let Run {
        stdout,
        stderr,
        status,
        ..
    } = toursat(&args, "");
    assert_eq!(status, 3);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "toursat: timed out after 2.5 s, before the count was done\n"
    );
}

#[test]
fn a_fast_run_on_a_terminal_prints_nothing_on_it() {
    let run = on_terminal(
        &[
            "count", "--rows", "4", "--cols", "4", "--piece", "rook", "--tour", "closed",
        ],
        false,
    );
    assert_eq!((run.status, run.stdout.as_str()), (Some(0), "6\n"));
    assert_eq!(run.terminal, "");
}

#[test]
fn ctrl_c_on_a_terminal_says_where_the_count_stopped() {
    let run = on_terminal(LONG_COUNT, true);
    assert_eq!(run.status, Some(130), "{}", run.terminal);
    assert_eq!(run.stdout, "");
    let lines = shown_lines(&run.terminal);
    let last = lines.last().expect("a line on the terminal");
    assert!(
        last.starts_with("toursat: stopped by Ctrl-C after ")
            && last.contains(" s while counting, ")
            && last.ends_with(" of 168 steps; the count is incomplete"),
        "{last:?}"
    );
}

#[test]
fn ctrl_c_with_stderr_a_pipe_ends_the_run_as_before_without_a_word() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(LONG_COUNT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    thread::sleep(Duration::from_millis(1500));
    // SAFETY: kill with a child's own process id and a valid signal.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
    assert_eq!(stderr, "");
}

#[test]
fn generating_several_boards_shows_which_board_on_a_terminal() {
    let dir = common::scratch_dir("progress-gen");
    let dir = dir.to_str().unwrap();
    let run = on_terminal(
        &[
            "gen",
            "--kind",
            "region",
            "--door",
            "--rows",
            "50",
            "--cols",
            "50",
            "--count",
            "3",
            "--out-dir",
            dir,
            "--timeout",
            "2",
        ],
        false,
    );
    assert!(
        run.terminal.contains("generating board 1 of 3"),
        "{:?} {}",
        run.status,
        run.terminal
    );
    assert_eq!(run.signal, None);
}

/// A board of 20 x 20 on which depth-first search for a rook circuit runs for long.
fn hard_rook_board() -> String {
    let path = common::scratch_path("progress-rook-20.txt");
    let path = path.to_str().unwrap().to_string();
    let Run { status, stderr, .. } = toursat(
        &[
            "gen",
            "--kind",
            "random",
            "--rows",
            "20",
            "--cols",
            "20",
            "--density",
            "0.05",
            "--seed",
            "1",
            "-o",
            &path,
        ],
        "",
    );
    assert_eq!(status, 0, "{stderr}");
    path
}

#[test]
fn a_long_search_shows_its_phase_and_nodes_on_a_terminal_and_nothing_through_a_pipe() {
    let board = hard_rook_board();
    let args = [
        "solve",
        &board,
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--engine",
        "dfs",
        "--timeout",
        "2",
    ];
    let run = on_terminal(&args, false);
    assert_eq!(run.status, Some(3), "{}", run.terminal);
    assert!(
        run.terminal.contains("solving: search, ") && run.terminal.contains(" nodes, 1 s"),
        "{}",
        run.terminal
    );
    let piped = toursat(&args, "");
    assert_eq!(piped.status, 3);
    assert_eq!((piped.stdout, run.stdout), (String::new(), String::new()));
    assert_eq!(piped.stderr, "toursat: timed out after 2 s\n");
    assert_eq!(
        shown_lines(&run.terminal).last().map(String::as_str),
        Some("toursat: timed out after 2 s")
    );
}

#[test]
fn ctrl_c_on_a_terminal_says_where_the_solve_stopped() {
    let board = hard_rook_board();
    let args = [
        "solve", &board, "--piece", "rook", "--tour", "closed", "--engine", "dfs",
    ];
    let run = on_terminal(&args, true);
    assert_eq!(run.status, Some(130), "{}", run.terminal);
    let lines = shown_lines(&run.terminal);
    let last = lines.last().expect("a line on the terminal");
    assert!(
        last.starts_with("toursat: stopped by Ctrl-C after ")
            && last.contains(" s while solving: search, ")
            && last.ends_with(" nodes; no answer"),
        "{last:?}"
    );
}

#[test]
fn ctrl_c_with_stats_stops_the_solve_as_a_time_limit_and_names_the_phases_reached() {
    // The warm start of a closed king's tour of 1400 x 1400 squares takes seconds: Ctrl-C
    // when the spinner appears stops it, and --stats says where the time went.
    let args = [
        "solve", "--rows", "1400", "--cols", "1400", "--piece", "king", "--tour", "closed",
        "--format", "none", "--stats",
    ];
    let run = on_terminal(&args, true);
    assert_eq!(run.status, Some(130), "{}", run.terminal);
    let lines = shown_lines(&run.terminal);
    let phases: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("seconds in "))
        .collect();
    assert!(
        phases
            .iter()
            .any(|line| line.starts_with("seconds in cheap proofs: ")),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("toursat: stopped by Ctrl-C"),
        "{lines:?}"
    );
}
