//! `toursat bench`: shards split a folder of graphs so that every file runs exactly once, and
//! `--merge` sums the shards' lines up.

mod common;

use common::{scratch_dir, toursat};
use std::collections::BTreeSet;
use toursat::bench::read_records;

/// A folder of six planted cubic graphs (Hamiltonian by construction), one graph that is not
/// Hamiltonian (two triangles), and a file that is not a graph file by its name.
fn graph_folder(name: &str) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    for seed in 1..=6 {
        let path = dir.join(format!("cubic{seed}.hcp"));
        let made = toursat(
            &[
                "gen-graph",
                "--kind",
                "planted-cubic",
                "--vertices",
                "40",
                "--seed",
                &seed.to_string(),
                "-o",
                path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(made.status, 0, "{}", made.stderr);
    }
    let triangles = "p 6 6\ne 1 2\ne 2 3\ne 3 1\ne 4 5\ne 5 6\ne 6 4\n";
    std::fs::write(dir.join("triangles.col"), triangles).unwrap();
    std::fs::write(dir.join("notes.md"), "not a graph").unwrap();
    dir
}

#[test]
fn shards_run_every_graph_once_and_merge_into_the_right_counts() {
    let dir = graph_folder("bench-shards");
    let mut shard_files = Vec::new();
    let mut graphs = Vec::new();
    for index in 0..3 {
        let out = dir.join(format!("runs-{index}.jsonl"));
        let shard = format!("{index}/3");
        let run = toursat(
            &[
                "bench",
                dir.to_str().unwrap(),
                "--timeout",
                "60",
                "--shard",
                &shard,
                "-o",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        let text = std::fs::read_to_string(&out).unwrap();
        let records = read_records("shard", &text).unwrap();
        assert!(!records.is_empty(), "shard {index} is empty");
        for record in &records {
            let expected = if record.graph.ends_with("triangles.col") {
                "no tour"
            } else {
                "found"
            };
            assert_eq!(record.answer, expected, "{record:?}");
            assert_eq!(record.verified, expected == "found");
        }
        graphs.extend(records.into_iter().map(|record| record.graph));
        shard_files.push(out);
    }
    let distinct: BTreeSet<&String> = graphs.iter().collect();
    assert_eq!((graphs.len(), distinct.len()), (7, 7));
    let svg = dir.join("cactus.svg");
    let merged = dir.join("merged.jsonl");
    let mut args = vec!["bench", "--merge"];
    args.extend(shard_files.iter().map(|path| path.to_str().unwrap()));
    args.extend(["--limits", "60", "--svg", svg.to_str().unwrap()]);
    args.extend(["--merged", merged.to_str().unwrap()]);
    let summary = toursat(&args, "");
    assert_eq!(summary.status, 0, "{}", summary.stderr);
    assert_eq!(
        summary.stdout,
        "runs: 7\nanswered: 7\nerrors: 0\nanswered within 60 s: 7\n"
    );
    let merged = read_records("merged", &std::fs::read_to_string(merged).unwrap()).unwrap();
    assert_eq!(merged.len(), 7);
    assert!(std::fs::read_to_string(svg).unwrap().starts_with("<svg"));
}

#[test]
fn a_graph_file_that_cannot_be_read_is_a_line_with_its_reason() {
    let dir = scratch_dir("bench-bad");
    let bad = dir.join("bad.col");
    std::fs::write(&bad, "p 3 2\ne 1 2\n").unwrap();
    let run = toursat(&["bench", bad.to_str().unwrap()], "");
    assert_eq!(run.status, 2);
    let records = read_records("stdout", &run.stdout).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].answer, "error");
    assert!(records[0]
        .note
        .as_deref()
        .unwrap()
        .ends_with("line 1: the p line says 2 edges, the file has 1"));
}

#[test]
fn merge_names_the_file_and_line_of_a_bad_record() {
    let dir = scratch_dir("bench-merge-bad");
    let lines = dir.join("runs.jsonl");
    std::fs::write(&lines, "\n{\"graph\": 3}\n").unwrap();
    let run = toursat(&["bench", "--merge", lines.to_str().unwrap()], "");
    assert_eq!(run.status, 2);
    assert!(
        run.stderr.contains("runs.jsonl: line 2: "),
        "{}",
        run.stderr
    );
}
