//! What the command-line tests share: running the built `toursat` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the built `toursat` with `args`, `stdin` written to it (stdout and stderr are pipes):
/// stdout, stderr and the exit status.
pub fn run_toursat(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}
