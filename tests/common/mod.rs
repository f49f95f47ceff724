//! What the command-line tests share: running the built `toursat` binary, scratch files.
#![allow(dead_code)] // each test binary uses some of these

pub mod loops;
pub mod serve;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A 10 x 10 Simple Loop puzzle graded hard (docs/puzzles.md): its loop needs a colour count.
pub const HARD_PUZZLE: &str = "X.........\nX.........\n..XX..XXX.\n..XX......\n..........\n\
                               ......XX..\n.XX..X....\n....XX..X.\n....X.....\nXX....XX..\n";

/// A knight's board of 204 rows and 206 columns (above the 40,000 squares from which forced
/// moves come before the flow), its colours balanced, with four holes round the top-left
/// corner that leave A3 and E1 two moves each, both to C2, and A1 its two moves to B3 and C2;
/// and four holes in the middle for the colours. Rows of `.` and `X`.
pub fn forced_knight_board() -> String {
    let holes = [
        (1, 4),
        (2, 3),
        (6, 1),
        (3, 2),
        (100, 100),
        (100, 102),
        (102, 100),
        (104, 104),
    ];
    let mut text = String::new();
    for y in 0..204 {
        for x in 0..206 {
            text.push(if holes.contains(&(x, y)) { 'X' } else { '.' });
        }
        text.push('\n');
    }
    text
}

/// The phases and seconds that `--stats` prints after a stop (`seconds in PHASE: SECONDS`).
pub fn phase_seconds(stderr: &str) -> Vec<(&str, f64)> {
    stderr
        .lines()
        .filter_map(|line| line.strip_prefix("seconds in "))
        .map(|line| {
            let (phase, seconds) = line.rsplit_once(": ").expect("phase: seconds");
            (phase, seconds.parse().expect("seconds"))
        })
        .collect()
}

/// What a run of the built binary gave.
#[derive(Debug, Clone)]
pub struct Run {
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Its exit status.
    pub status: i32,
    /// How long it ran.
    pub elapsed: Duration,
}

/// Runs the built `toursat` with `args`, `stdin` written to it (a child that exits before
/// reading it all is no error).
pub fn toursat(args: &[&str], stdin: &str) -> Run {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let written = input.write_all(stdin.as_bytes());
    assert!(
        written.as_ref().map_or_else(
            |error| error.kind() == std::io::ErrorKind::BrokenPipe,
            |()| true
        ),
        "writing stdin: {written:?}"
    );
    drop(input);
    let output = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        status: output.status.code().unwrap(),
        elapsed: started.elapsed(),
    }
}

/// The JSON answer of `toursat solve --graph GRAPH --tour closed --format json`, which must
/// have exited with `status` (its standard error in the message if not).
pub fn closed_graph_json(graph: &str, status: i32) -> serde_json::Value {
    let json = toursat(
        &[
            "solve", "--graph", graph, "--tour", "closed", "--format", "json",
        ],
        "",
    );
    assert_eq!(json.status, status, "{}", json.stderr);
    serde_json::from_str(&json.stdout).unwrap()
}

/// A fresh folder named `name` in the tests' scratch folder.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path named `name` in the tests' scratch folder, not written.
pub fn scratch_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// A file named `name` holding `text`, in the tests' scratch folder. It is written whole under
/// another name and then renamed, so that tests running at once may write the same file.
pub fn scratch(name: &str, text: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = folder.join(name);
    let thread = std::thread::current().id();
    let partial = folder.join(format!("{name}.{}.{thread:?}.partial", std::process::id()));
    std::fs::write(&partial, text).unwrap();
    std::fs::rename(&partial, &path).unwrap();
    path
}
