//! `corpus/graphs/join.py`, which joins two graph files by a two-edge cut (docs/graphs.md), on
//! graphs `gen-graph` writes: GP(11, 2), which has no Hamiltonian cycle, joined to a planted
//! cubic graph is refuted by its Petersen side alone, the cut edges named.

use super::common::{closed_graph_json, scratch_dir, toursat};
use super::tools::{self, Tool};
use libtest_mimic::Trial;
use std::path::Path;
use std::process::Command;

/// `toursat gen-graph` with `args`, written to `path`.
fn generate(args: &[&str], path: &Path) {
    let mut all = vec!["gen-graph"];
    all.extend(args);
    all.extend(["-o", path.to_str().unwrap()]);
    let made = toursat(&all, "");
    assert_eq!(made.status, 0, "{}", made.stderr);
}

/// The trials of this file.
pub fn trials() -> Vec<Trial> {
    vec![tools::trial(
        "graph_join::a_non_hamiltonian_graph_joined_to_another_is_refuted_by_its_piece",
        vec![Tool::Python3],
        || {
            let folder = scratch_dir("graph-join");
            let petersen = folder.join("gp11.hcp");
            let cubic = folder.join("cubic40.hcp");
            let joined = folder.join("joined.col");
            let petersen_args = ["--kind", "generalized-petersen", "--vertices", "22"];
            generate(&petersen_args, &petersen);
            let cubic_args = ["--kind", "planted-cubic", "--vertices", "40", "--seed", "3"];
            generate(&cubic_args, &cubic);
            let script = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/graphs/join.py");
            let run = Command::new("python3")
                .arg(script)
                .args([&petersen, &cubic, &joined])
                .output()
                .unwrap();
            assert!(run.status.success(), "{run:?}");
            let graph = joined.to_str().unwrap();
            let answer = closed_graph_json(graph, 1);
            assert_eq!(answer["problem"]["vertices"], 62);
            assert_eq!(answer["why"]["kind"], "piece-without-passage");
            let named = answer["why"]["vertices"].as_array().unwrap();
            // GP(11, 2)'s first edge is 1-2: its ends go to the cubic graph's (23 and above).
            assert_eq!((named[0].as_u64(), named[2].as_u64()), (Some(1), Some(2)));
            assert!(named[1].as_u64().unwrap() > 22 && named[3].as_u64().unwrap() > 22);
            let usage = Command::new("python3").arg(script).output().unwrap();
            assert!(!usage.status.success());
        },
    )]
}
