//! One run: `toursat solve` as a child process, killed at its time limit, its answer checked.
//!
//! Each child runs in a process group of its own, listed while it runs, so that a stop signal
//! to `compare` or `bench` kills it too ([`kill_running`]) instead of leaving it to its limit.

use super::fault::Fault;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use toursat::compare::{BoardEntry, Contender, Instance, Run, Status};
use toursat::engine::sat::COMPLETE_AFTER;
use toursat::engine::{construct, EngineChoice, Stop};
use toursat::format::graph::tour_of_json;
use toursat::format::reason::explain_stop;
use toursat::graph::problem::GraphProblem;
use toursat::verify::graph::verify_graph_tour;
use toursat::{verify, Tour};

/// What every run shares.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The `toursat` executable the children run.
    pub exe: PathBuf,
    /// The time limit of one run.
    pub timeout: Duration,
}

/// Extra time a child has after the limit to stop by itself before it is killed.
const GRACE: Duration = Duration::from_millis(100);

/// What a child process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChildKind {
    /// `toursat solve` with this engine.
    Solve(EngineChoice),
    /// A deliberately wrong engine, for toursat's tests of `compare` itself.
    Fault(Fault),
}

/// An engine that `compare` runs as a child process.
#[derive(Debug, Clone)]
pub struct ChildEngine {
    /// Its name, as given on the command line.
    pub name: String,
    /// What the child runs.
    pub kind: ChildKind,
    /// The executable and the time limit.
    pub setup: Setup,
}

impl Contender for ChildEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn run(&self, board: &BoardEntry) -> Run {
        match cannot_take(self.kind, board) {
            Some(reason) => Run {
                status: Status::NotApplicable,
                seconds: 0.0,
                peak_kib: 0,
                note: Some(reason),
            },
            None => run_child(&self.setup, board, self.kind),
        }
    }
}

/// Why the engine `kind` cannot take `board`'s problem, if it cannot: the construction builds
/// knight's tours of boards without blocked squares, and no graph's cycle.
fn cannot_take(kind: ChildKind, board: &BoardEntry) -> Option<String> {
    match (kind, &board.problem) {
        (ChildKind::Solve(EngineChoice::Construct), Instance::Board(problem)) => {
            construct::cannot_build(problem)
        }
        (ChildKind::Solve(EngineChoice::Construct), Instance::Graph(_)) => {
            Some("the construction builds knight's tours of boards, not graphs".to_string())
        }
        _ => None,
    }
}

/// The `toursat solve` options that choose `engine`.
fn solve_options(engine: EngineChoice) -> Vec<String> {
    let mut options = vec!["--engine".to_string(), engine.to_string()];
    if let EngineChoice::Sat(sat) = engine {
        options.extend(["--encoding".to_string(), sat.encoding.to_string()]);
        if !sat.merge {
            options.push("--no-merge".to_string());
        }
        if !sat.warm_start {
            options.push("--no-warm-start".to_string());
        }
        match sat.complete_after {
            Some(COMPLETE_AFTER) => {}
            Some(calls) => options.extend(["--complete-after".to_string(), calls.to_string()]),
            None => options.push("--no-complete".to_string()),
        }
    }
    options
}

/// The engine a child runs, for messages.
fn kind_name(kind: ChildKind) -> String {
    match kind {
        ChildKind::Solve(engine) => engine.to_string(),
        ChildKind::Fault(fault) => fault.as_str().to_string(),
    }
}

/// Runs `kind` on `board` in a child process and checks what it says.
fn run_child(setup: &Setup, board: &BoardEntry, kind: ChildKind) -> Run {
    let mut command = Command::new(&setup.exe);
    match kind {
        ChildKind::Fault(fault) => command.args(["compare", "--fault", fault.as_str()]),
        ChildKind::Solve(engine) => command
            .arg("solve")
            .args(solve_options(engine))
            .args(["--format", "json"]),
    };
    match &board.problem {
        Instance::Board(problem) => command
            .arg(&board.path)
            .args(["--piece", &problem.piece.to_string()])
            .args(["--tour", &problem.shape.to_string()]),
        Instance::Graph(problem) => command
            .arg("--graph")
            .arg(&board.path)
            .args(["--tour", &problem.shape.to_string()]),
    };
    command.args(["--timeout", &setup.timeout.as_secs_f64().to_string()]);
    let label = format!("{} on {}", kind_name(kind), board.name);
    let finished = match run_limited(command, setup.timeout, &label) {
        Ok(finished) => finished,
        Err(failure) => {
            return Run {
                status: Status::Error,
                seconds: failure.seconds,
                peak_kib: 0,
                note: Some(failure.note),
            }
        }
    };
    let (status, note) = if finished.killed {
        (Status::Timeout, None)
    } else {
        judge(board, finished.exit, &finished.stdout, &finished.stderr)
    };
    Run {
        status,
        seconds: finished.seconds,
        peak_kib: finished.peak_kib,
        note,
    }
}

/// A child process that ended, by itself or killed at its time limit.
#[derive(Debug, Clone)]
pub struct Finished {
    /// Its exit status (`None` when killed by a signal).
    pub exit: Option<i32>,
    /// Its peak resident memory, in KiB.
    pub peak_kib: u64,
    /// What it wrote to standard output.
    pub stdout: String,
    /// What it wrote to standard error.
    pub stderr: String,
    /// Wall-clock seconds from start to exit (or to the kill).
    pub seconds: f64,
    /// Whether it was killed at its time limit.
    pub killed: bool,
}

/// A child process that could not be started or waited for: why, and when.
#[derive(Debug, Clone)]
pub struct NotRun {
    /// What went wrong.
    pub note: String,
    /// Seconds from the attempt to start it.
    pub seconds: f64,
}

/// The children running now: each one's process id (also its process group's) and what it runs.
static RUNNING: Mutex<Vec<(libc::pid_t, String)>> = Mutex::new(Vec::new());

/// The list of running children, held (a panic elsewhere does not lose it).
fn running() -> MutexGuard<'static, Vec<(libc::pid_t, String)>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills every running child's process group and waits for the child, then calls `report`
/// with what each ran, while the list stays held: no child is started or reaped elsewhere until
/// `report` returns, so a `report` that ends the process leaves no run half recorded.
pub fn kill_running(report: impl FnOnce(&[String])) {
    let children = running();
    for (pid, _) in children.iter() {
        kill_group(*pid);
    }
    for (pid, _) in children.iter() {
        // SAFETY: `pid` is our own child, killed and not yet reaped (the list is held); a null
        // status pointer is allowed.
        unsafe {
            libc::waitpid(*pid, std::ptr::null_mut(), 0);
        }
    }
    let labels: Vec<String> = children.iter().map(|(_, label)| label.clone()).collect();
    report(&labels);
}

/// Kills the process group `pid` leads (the child and whatever it started).
fn kill_group(pid: libc::pid_t) {
    // SAFETY: `kill` only sends a signal; `pid` leads a group of our own children, listed until
    // reaped, so the group is ours.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
}

/// Runs `command` (its stdin closed, its output collected, in a process group of its own) and
/// kills it when it has not ended `timeout` (and a short grace) after it started; `label` says
/// what it runs, for the message of a stop signal.
pub fn run_limited(
    mut command: Command,
    timeout: Duration,
    label: &str,
) -> Result<Finished, NotRun> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: between fork and exec the closure makes only async-signal-safe calls
    // (`sigemptyset`, `pthread_sigmask`) on a local set.
    unsafe {
        command.pre_exec(|| {
            // The child starts with no signal blocked: this process blocks its stop signals
            // for the thread that takes them (`cli::signals`), and a mask is inherited.
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            Ok(())
        });
    }
    let started = Instant::now();
    let failed = |note: String| NotRun {
        note,
        seconds: started.elapsed().as_secs_f64(),
    };
    let spawned = {
        let mut children = running();
        let spawned = command.spawn();
        if let Ok(child) = &spawned {
            children.push((child.id() as libc::pid_t, label.to_string()));
        }
        spawned
    };
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            let program = command.get_program().to_string_lossy().into_owned();
            return Err(failed(format!("cannot start {program}: {error}")));
        }
    };
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|pipe| Box::new(pipe) as Box<dyn Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|pipe| Box::new(pipe) as Box<dyn Read + Send>),
    );
    let pid = child.id() as libc::pid_t;
    let deadline = started + timeout + GRACE;
    let mut killed = false;
    let ended = loop {
        match reap_listed(pid) {
            Ok(Some(ended)) => break Ok(ended),
            Ok(None) => {}
            Err(error) => break Err(error),
        }
        if !killed && Instant::now() >= deadline {
            kill_group(pid);
            killed = true;
        }
        let elapsed = started.elapsed();
        std::thread::sleep(if elapsed < Duration::from_millis(200) {
            Duration::from_micros(500)
        } else {
            Duration::from_millis(5)
        });
    };
    let seconds = started.elapsed().as_secs_f64();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    let (exit, peak_kib) =
        ended.map_err(|error| failed(format!("waiting for the child: {error}")))?;
    Ok(Finished {
        exit,
        peak_kib,
        stdout,
        stderr,
        seconds,
        killed,
    })
}

/// Looks whether the listed child `pid` ended, as [`reap`] does, with the list held, and takes
/// it off the list once reaped (or once it cannot be waited for): a stop signal never kills a
/// reaped child's number, which another process may have taken.
fn reap_listed(pid: libc::pid_t) -> Result<Option<Ended>, String> {
    let mut children = running();
    let reaped = reap(pid);
    if !matches!(reaped, Ok(None)) {
        children.retain(|(listed, _)| *listed != pid);
    }
    reaped
}

/// How the child ended: its exit status (`None` when killed by a signal) and peak memory (KiB).
type Ended = (Option<i32>, u64);

/// Looks whether the child `pid` ended, without waiting.
fn reap(pid: libc::pid_t) -> Result<Option<Ended>, String> {
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet reaped; both pointers are to live locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    match reaped {
        0 => Ok(None),
        -1 => Err(std::io::Error::last_os_error().to_string()),
        _ => {
            let exit = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
            Ok(Some((exit, usage.ru_maxrss.max(0) as u64)))
        }
    }
}

/// The status of a run that ended by itself, from its exit status and output.
fn judge(
    board: &BoardEntry,
    exit: Option<i32>,
    stdout: &str,
    stderr: &str,
) -> (Status, Option<String>) {
    let error = |note: String| (Status::Error, Some(note));
    let first_line = |text: &str| text.lines().next().unwrap_or("").to_string();
    let answer = || -> Result<(String, serde_json::Value), String> {
        let document: serde_json::Value = serde_json::from_str(stdout.trim())
            .map_err(|parse| format!("unreadable JSON answer: {parse}"))?;
        let answer = document["answer"].as_str().unwrap_or("").to_string();
        Ok((answer, document["tour"].clone()))
    };
    match exit {
        Some(0) => match answer() {
            Ok((answer, tour)) if answer == "found" => match check_tour(board, &tour) {
                Ok(()) => (Status::Found, None),
                Err(wrong) => error(format!("wrong tour: {wrong}")),
            },
            Ok((answer, _)) => error(format!("exit status 0 with answer {answer:?}")),
            Err(note) => error(note),
        },
        Some(1) => match answer() {
            Ok((answer, _)) if answer == "no tour" => (Status::NoTour, None),
            Ok((answer, _)) => error(format!("exit status 1 with answer {answer:?}")),
            Err(note) => error(note),
        },
        // Status 3 is a timeout, unless the SAT formula passed the literal limit first.
        Some(3) => match serde_json::from_str::<serde_json::Value>(stdout.trim()) {
            Ok(document)
                if document["reason"].as_str()
                    == Some(&explain_stop(Stop::FormulaTooLarge, None)) =>
            {
                error("the SAT formula passed the literal limit (--max-literals)".to_string())
            }
            _ => (Status::Timeout, None),
        },
        Some(code) => error(format!("exit status {code}: {}", first_line(stderr))),
        None => error(format!("killed by a signal: {}", first_line(stderr))),
    }
}

/// Reads a JSON tour (a list of `[x, y]`, or of vertex numbers for a graph) and verifies it.
fn check_tour(board: &BoardEntry, tour: &serde_json::Value) -> Result<(), String> {
    let problem = match &board.problem {
        Instance::Board(problem) => problem,
        Instance::Graph(problem) => return check_graph_tour(problem, tour),
    };
    let squares = tour
        .as_array()
        .ok_or("the tour is not a list")?
        .iter()
        .map(|pair| {
            let xy = pair.as_array().filter(|xy| xy.len() == 2);
            let coordinate = |index: usize| xy.and_then(|xy| xy[index].as_i64());
            coordinate(0)
                .zip(coordinate(1))
                .and_then(|(x, y)| problem.board.checked_square(x, y))
                .ok_or_else(|| format!("{pair} is not a square of the board"))
        })
        .collect::<Result<Vec<_>, String>>()?;
    verify(problem, &Tour::new(squares)).map_err(|wrong| wrong.to_string())
}

/// Reads a JSON graph tour (a list of vertex numbers from 1) and verifies it.
fn check_graph_tour(problem: &GraphProblem, tour: &serde_json::Value) -> Result<(), String> {
    let tour = tour_of_json(tour, problem.vertex_count)?;
    verify_graph_tour(problem, &tour).map_err(|wrong| wrong.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;
    use toursat::engine::sat::{Encoding, SatOptions};
    use toursat::{Board, Piece, Problem, TourShape};

    fn entry() -> BoardEntry {
        BoardEntry {
            name: "4x4".to_string(),
            path: PathBuf::from("4x4.txt"),
            problem: Instance::Board(Problem::new(
                Board::new(4, 4).unwrap(),
                Piece::Rook,
                TourShape::Closed,
            )),
        }
    }

    #[test]
    fn status_3_is_a_timeout_unless_the_formula_was_too_large() {
        let stopped = |reason: &str| {
            format!(r#"{{"answer":"stopped","reason":"{reason}","why":null,"tour":null}}"#)
        };
        assert_eq!(
            judge(&entry(), Some(3), &stopped("timed out after 5 s"), ""),
            (Status::Timeout, None)
        );
        let too_large = explain_stop(Stop::FormulaTooLarge, None);
        let (status, note) = judge(&entry(), Some(3), &stopped(&too_large), "");
        assert_eq!(status, Status::Error);
        assert!(note.unwrap().contains("literal limit"));
    }

    #[test]
    fn engine_choices_become_solve_options() {
        let engine = EngineChoice::Sat(SatOptions {
            encoding: Encoding::from_str("position").unwrap(),
            merge: false,
            ..SatOptions::default()
        });
        assert_eq!(
            solve_options(engine),
            ["--engine", "sat", "--encoding", "position", "--no-merge"]
        );
        assert_eq!(solve_options(EngineChoice::Dfs), ["--engine", "dfs"]);
    }
}
