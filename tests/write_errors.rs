//! A file that cannot be written (a path under a regular file) loses no answer: the answer is
//! printed first, then the error naming the path, with status 2; nothing is left at the path.

mod common;

use common::{scratch, scratch_dir, toursat, Run};

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
