//! DRAT proofs of no tour (`toursat solve --drat`) checked by the outside checker `rate`.

use super::common::{scratch_dir, toursat};
use super::tools::{self, Tool};
use libtest_mimic::Trial;
use std::process::Command;

fn drat_proofs_of_the_final_formula_pass_an_outside_checker() {
    let dir = scratch_dir("drat-final-formula");
    let boards = [
        ("walled", "...X...\n...X...\n.......\n", "rook", "closed"),
        (
            "ring",
            "......\n......\n..XX..\n..XX..\n......\n......\n",
            "knight",
            "closed",
        ),
        ("knight3", "...\n...\n...\n", "knight", "open"),
    ];
    for (name, board, piece, tour) in boards {
        let board_file = dir.join(format!("{name}.txt"));
        std::fs::write(&board_file, board).unwrap();
        let cnf = dir.join(format!("{name}.cnf"));
        let drat = dir.join(format!("{name}.drat"));
        let (cnf_path, drat_path) = (cnf.to_str().unwrap(), drat.to_str().unwrap());
        let board_path = board_file.to_str().unwrap();
        let args = [
            "solve", board_path, "--piece", piece, "--tour", tour, "--drat", cnf_path, drat_path,
        ];
        let output = toursat(&args, "");
        assert_eq!(output.status, 1, "{name}: {output:?}");
        let checked = Command::new("rate").arg(&cnf).arg(&drat).output().unwrap();
        let verdict = String::from_utf8_lossy(&checked.stdout);
        assert!(verdict.contains("s VERIFIED"), "{name}: {verdict}");
    }
}

/// The tests of this file, each needing rate.
pub fn trials() -> Vec<Trial> {
    vec![tools::trial(
        "drat::drat_proofs_of_the_final_formula_pass_an_outside_checker",
        vec![Tool::Rate],
        drat_proofs_of_the_final_formula_pass_an_outside_checker,
    )]
}
