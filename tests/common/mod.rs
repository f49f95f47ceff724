//! What the command-line tests share: running the built `toursat` binary.

use std::io::Write;
use std::path::PathBuf;
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

/// A file named `name` holding `text`, in the tests' scratch folder. It is written whole under
/// another name and then renamed, so that tests running at once may write the same file.
#[allow(dead_code)] // not every test binary writes files
pub fn scratch(name: &str, text: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = folder.join(name);
    let thread = std::thread::current().id();
    let partial = folder.join(format!("{name}.{}.{thread:?}.partial", std::process::id()));
    std::fs::write(&partial, text).unwrap();
    std::fs::rename(&partial, &path).unwrap();
    path
}
