//! A file that cannot be written (a path under a regular file) loses no answer: the answer is
//! printed first, then the error naming the path, with status 2; nothing is left at the path.
//! A file replaced keeps its mode, owner and hard links, a file the user may not write is not
//! replaced, and a stop signal leaves no temporary file.

mod common;

use common::{scratch, scratch_dir, toursat, Run};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A path under a regular file, which no write can create, and the regular file's folder.
fn unwritable(name: &str) -> (String, std::path::PathBuf) {
    let dir = scratch_dir(&format!("unwritable-{name}"));
    std::fs::write(dir.join("afile"), "a regular file\n").unwrap();
    (dir.join("afile").join(name).display().to_string(), dir)
}

/// Asserts that the run printed `answer`, then failed naming `path`.
fn assert_answer_then_error(run: &Run, answer: &str, path: &str) {
    assert!(run.stdout.starts_with(answer), "{}", run.stdout);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("toursat: ") && run.stderr.contains(path),
        "{}",
        run.stderr
    );
}

const ROOK_3X3: [&str; 8] = [
    "--rows", "3", "--cols", "3", "--piece", "rook", "--tour", "closed",
];

#[test]
fn an_unwritable_proof_file_keeps_the_no_tour_answer() {
    let (path, _) = unwritable("p.proof");
    let run = toursat(
        &[&["solve"], &ROOK_3X3[..], &["--proof", &path]].concat(),
        "",
    );
    assert_answer_then_error(&run, "no tour: ", &path);
}

#[test]
fn an_unwritable_drat_file_keeps_the_answer_and_leaves_no_formula() {
    let (drat, dir) = unwritable("a.drat");
    let cnf = dir.join("a.cnf").display().to_string();
    let run = toursat(
        &[&["solve"], &ROOK_3X3[..], &["--drat", &cnf, &drat]].concat(),
        "",
    );
    assert_answer_then_error(&run, "no tour: ", &drat);
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["afile"]);
}

#[test]
fn an_unwritable_svg_keeps_the_verdict_of_verify() {
    let (svg, _) = unwritable("v.svg");
    let board = scratch("write-errors-2x2.txt", "..\n..\n");
    let tour = scratch("write-errors-2x2.tour", "0,0 1,0 1,1 0,1\n");
    let args = [
        "verify",
        board.to_str().unwrap(),
        tour.to_str().unwrap(),
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--svg",
        &svg,
    ];
    assert_answer_then_error(&toursat(&args, ""), "ok\n", &svg);
}

#[test]
fn an_unwritable_svg_keeps_the_tour_of_decode() {
    let (svg, _) = unwritable("d.svg");
    // The 2 x 2 rook board has four edges; a circuit uses all of them.
    let model = scratch("write-errors-2x2.model", "SAT\n1 2 3 4 0\n");
    let args = [
        "decode",
        model.to_str().unwrap(),
        "--rows",
        "2",
        "--cols",
        "2",
        "--piece",
        "rook",
        "--tour",
        "closed",
        "--svg",
        &svg,
    ];
    assert_answer_then_error(&toursat(&args, ""), "0,0\n1,0\n", &svg);
}

#[test]
fn an_unwritable_formula_file_leaves_nothing() {
    let (cnf, dir) = unwritable("f.cnf");
    let run = toursat(&[&["dimacs"], &ROOK_3X3[..], &["-o", &cnf]].concat(), "");
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains(&cnf), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A fresh empty folder named `name` in the scratch folder, with `mode`.
fn empty_dir(name: &str, mode: u32) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
    dir
}

#[test]
fn a_replaced_file_keeps_its_mode_and_its_hard_links() {
    let dir = empty_dir("replace-keeps-mode", 0o755);
    let private = dir.join("priv.cnf");
    let link = dir.join("link.cnf");
    std::fs::write(&private, "old\n").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::hard_link(&private, &link).unwrap();
    let inode = std::fs::metadata(&private).unwrap().ino();
    let run = toursat(
        &[
            &["dimacs"],
            &ROOK_3X3[..],
            &["-o", private.to_str().unwrap()],
        ]
        .concat(),
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let meta = std::fs::metadata(&private).unwrap();
    assert_eq!(meta.mode() & 0o777, 0o600);
    assert_eq!((meta.ino(), meta.nlink()), (inode, 2));
    let formula = std::fs::read_to_string(&link).unwrap();
    assert!(formula.starts_with("c toursat formula"), "{formula}");
    assert_eq!(names_in(&dir), ["link.cnf", "priv.cnf"]);
    // A file of one link is renamed over, and takes the old file's mode all the same.
    std::fs::remove_file(&link).unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o640)).unwrap();
    let run = toursat(
        &[
            &["dimacs"],
            &ROOK_3X3[..],
            &["-o", private.to_str().unwrap()],
        ]
        .concat(),
        "",
    );
    assert_eq!(run.status, 0, "{}", run.stderr);
    let meta = std::fs::metadata(&private).unwrap();
    assert_eq!(meta.mode() & 0o777, 0o640);
    assert_ne!(meta.ino(), inode);
}

/// Whether the tests run as root.
fn as_root() -> bool {
    // SAFETY: `geteuid` only reads the process's user id.
    unsafe { libc::geteuid() == 0 }
}

#[test]
fn a_file_the_user_may_not_write_is_not_replaced_whatever_its_folder_allows() {
    // A folder anyone may write, without the sticky bit, holding a read-only file: run as
    // another user when the tests run as root (root may write any file), else the file is the
    // user's own, mode 0444.
    let dir = empty_dir("replace-read-only", 0o777);
    let read_only = dir.join("ro.cnf");
    std::fs::write(&read_only, "kept\n").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_toursat"));
    command
        .args(["dimacs"])
        .args(ROOK_3X3)
        .arg("-o")
        .arg(&read_only)
        .stdin(Stdio::null());
    if as_root() {
        command.uid(65534).gid(65534);
    }
    let run = command.output().unwrap();
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: ", read_only.display()))
            && stderr.contains("not replaced: the file is not writable by you (mode 0444"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "kept\n");
    assert_eq!(names_in(&dir), ["ro.cnf"]);
}

#[test]
fn a_file_of_another_owner_is_written_through_and_keeps_its_owner() {
    if !as_root() {
        eprintln!("skipped: only root can make a file another user may write but not own");
        return;
    }
    let dir = empty_dir("replace-other-owner", 0o777);
    let shared = dir.join("shared.cnf");
    std::fs::write(&shared, "old\n").unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o666)).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(["dimacs"])
        .args(ROOK_3X3)
        .arg("-o")
        .arg(&shared)
        .uid(65534)
        .gid(65534)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let meta = std::fs::metadata(&shared).unwrap();
    assert_eq!((meta.uid(), meta.mode() & 0o777), (0, 0o666));
    assert!(std::fs::read_to_string(&shared)
        .unwrap()
        .starts_with("c toursat formula"));
    assert_eq!(names_in(&dir), ["shared.cnf"]);
}

#[test]
fn a_stop_signal_removes_the_temporary_file() {
    let dir = empty_dir("signal-temporary", 0o755);
    let proof = dir.join("p.proof");
    // An 11 x 11 board has no rook circuit (an odd number of squares); proving it again with
    // SAT, the proof written as it goes, takes seconds.
    let mut solve = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(["solve", "--rows", "11", "--cols", "11", "--piece", "rook"])
        .args(["--tour", "closed", "--proof"])
        .arg(&proof)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut waited = Duration::ZERO;
    while names_in(&dir).is_empty() {
        assert!(solve.try_wait().unwrap().is_none(), "ended before writing");
        assert!(waited < Duration::from_secs(60), "no file after {waited:?}");
        std::thread::sleep(Duration::from_millis(5));
        waited += Duration::from_millis(5);
    }
    let temporary = names_in(&dir);
    assert!(
        temporary[0].starts_with(".p.proof.toursat-"),
        "{temporary:?}"
    );
    // SAFETY: `kill` only sends a signal, to our own child process.
    assert_eq!(
        unsafe { libc::kill(solve.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    let status = solve.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
    assert_eq!(names_in(&dir), Vec::<String>::new());
}
