//! `toursat bench`: shards split a folder of graphs so that every file runs exactly once, and
//! `--merge` sums the shards' lines up.

mod common;

use common::serve::children_of;
use common::{scratch_dir, toursat};
use std::collections::BTreeSet;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::Duration;
use toursat::bench::{read_records, BenchRecord};

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
            // The engine that answered: the SAT engine's tour, the cheap proofs' refutation.
            let engine = record.engine.as_deref().unwrap_or_default();
            let engine_expected = if expected == "found" {
                "sat:"
            } else {
                "proofs"
            };
            assert!(engine.starts_with(engine_expected), "{record:?}");
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

/// `corpus/fhcp/rest.sh` runs again, in shards, only the graphs a merged run did not answer:
/// here a run that answered three planted graphs and timed out on the other three and on the
/// triangles. Every one of those four is run once across the shards, and none of the others.
#[test]
fn the_rest_runs_again_only_the_graphs_a_run_left_unanswered() {
    let dir = graph_folder("bench-rest");
    let graph = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let mut run = String::new();
    for seed in 1..=6 {
        let answer = if seed <= 3 { "found" } else { "timeout" };
        run += &record_line(&graph(&format!("cubic{seed}.hcp")), answer, 0.5);
    }
    run += &record_line(&graph("triangles.col"), "timeout", 10.0);
    let run_file = dir.join("fhcp10.jsonl");
    std::fs::write(&run_file, run).unwrap();
    let out = dir.join("rest");
    let script = format!("{}/corpus/fhcp/rest.sh", env!("CARGO_MANIFEST_DIR"));
    let rest = Command::new("sh")
        .args([script.as_str(), run_file.to_str().unwrap(), "60"])
        .args([out.to_str().unwrap(), "2"])
        .env("TOURSAT", env!("CARGO_BIN_EXE_toursat"))
        .output()
        .unwrap();
    assert!(
        rest.status.success(),
        "{}",
        String::from_utf8_lossy(&rest.stderr)
    );
    let mut rerun = Vec::new();
    for shard in 0..2 {
        let text = std::fs::read_to_string(out.join(format!("rest60-{shard}.jsonl"))).unwrap();
        let records = read_records("shard", &text).unwrap();
        assert!(!records.is_empty(), "shard {shard} is empty");
        assert!(out.join(format!("rest60-{shard}.jsonl.done")).exists());
        for record in records {
            assert_eq!(record.limit, 60.0);
            let name = record.graph.rsplit('/').next().unwrap().to_string();
            rerun.push(name);
        }
    }
    rerun.sort();
    let expected = ["cubic4.hcp", "cubic5.hcp", "cubic6.hcp", "triangles.col"];
    assert_eq!(rerun, expected);
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

/// A benchmark line of `graph` answered `answer` in `seconds`.
fn record_line(graph: &str, answer: &str, seconds: f64) -> String {
    let record = BenchRecord {
        graph: graph.to_string(),
        vertices: 6,
        edges: 9,
        answer: answer.to_string(),
        seconds,
        limit: 10.0,
        engine: None,
        solve_calls: None,
        cuts: None,
        conflicts: None,
        verified: answer == "found",
        note: None,
    };
    format!("{}\n", record.to_line())
}

#[test]
fn merge_reads_a_shard_given_twice_once_with_a_warning() {
    let dir = scratch_dir("bench-merge-twice");
    let s0 = dir.join("s0.jsonl");
    let s1 = dir.join("s1.jsonl");
    std::fs::write(
        &s0,
        record_line("a.hcp", "found", 0.5) + &record_line("b.hcp", "no tour", 0.5),
    )
    .unwrap();
    std::fs::write(&s1, record_line("c.hcp", "found", 0.5)).unwrap();
    let (s0, s1) = (s0.to_str().unwrap(), s1.to_str().unwrap());
    let run = toursat(&["bench", "--merge", s0, s1, s0, "--limits", "1"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "runs: 3\nanswered: 3\nerrors: 0\nanswered within 1 s: 3\n"
    );
    assert_eq!(
        run.stderr,
        format!("toursat: warning: {s0} is given twice; its lines are counted once\n")
    );
}

#[test]
fn merge_refuses_a_graph_run_in_two_shards_naming_both_lines() {
    let dir = scratch_dir("bench-merge-overlap");
    let s0 = dir.join("s0.jsonl");
    let copy = dir.join("copy.jsonl");
    std::fs::write(&s0, record_line("a.hcp", "found", 0.5)).unwrap();
    std::fs::write(
        &copy,
        "\n".to_string() + &record_line("a.hcp", "found", 0.5),
    )
    .unwrap();
    let run = toursat(
        &[
            "bench",
            "--merge",
            s0.to_str().unwrap(),
            copy.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains(&format!(
            "{}: line 2: the graph a.hcp was run already ({}: line 1)",
            copy.display(),
            s0.display()
        )),
        "{}",
        run.stderr
    );
}

#[test]
fn merge_refuses_negative_seconds_and_an_unknown_answer_naming_the_line() {
    let dir = scratch_dir("bench-merge-values");
    for (name, line, fault) in [
        (
            "negative",
            record_line("a.hcp", "found", -5.0),
            "seconds -5 is not a time",
        ),
        (
            "weird",
            record_line("a.hcp", "weird", 0.5),
            "answer \"weird\" is none of",
        ),
    ] {
        let path = dir.join(format!("{name}.jsonl"));
        std::fs::write(&path, record_line("ok.hcp", "found", 0.5) + &line).unwrap();
        let run = toursat(&["bench", "--merge", path.to_str().unwrap()], "");
        assert_eq!(run.status, 2, "{name}: {}", run.stdout);
        let expected = format!("{}: line 2: {fault}", path.display());
        assert!(run.stderr.contains(&expected), "{name}: {}", run.stderr);
    }
}

#[test]
fn merge_refuses_a_limit_that_is_not_seconds_above_0() {
    let dir = scratch_dir("bench-merge-limits");
    let path = dir.join("s0.jsonl");
    std::fs::write(&path, record_line("a.hcp", "found", 0.5)).unwrap();
    for limit in ["nan", "inf", "-1", "0"] {
        let run = toursat(
            &[
                "bench",
                "--merge",
                path.to_str().unwrap(),
                &format!("--limits={limit}"),
            ],
            "",
        );
        assert_eq!(run.status, 2, "{limit}: {}", run.stdout);
        assert!(
            run.stderr.contains("is not a limit"),
            "{limit}: {}",
            run.stderr
        );
    }
}

#[test]
fn bench_refuses_a_folder_without_graph_files() {
    let dir = scratch_dir("bench-empty");
    std::fs::write(dir.join("notes.md"), "not a graph").unwrap();
    let run = toursat(&["bench", dir.to_str().unwrap()], "");
    assert_eq!(run.status, 2, "{}", run.stdout);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr
            .contains(&format!("{}: no graph files in this folder", dir.display())),
        "{}",
        run.stderr
    );
}

/// Whether the process `pid` has ended (it is gone, or a zombie waiting to be reaped).
fn has_ended(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
    })
}

#[test]
fn a_stop_signal_kills_the_running_child_and_names_its_graph() {
    let dir = scratch_dir("bench-signal");
    // GP(1001, 2) has no Hamiltonian cycle and no cheap argument proves it: the run lasts to
    // its limit.
    let graph = dir.join("petersen.hcp");
    let made = toursat(
        &[
            "gen-graph",
            "--kind",
            "generalized-petersen",
            "--vertices",
            "2002",
            "-o",
            graph.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(made.status, 0, "{}", made.stderr);
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        let out = dir.join("runs.jsonl");
        let bench = Command::new(env!("CARGO_BIN_EXE_toursat"))
            .args(["bench", graph.to_str().unwrap(), "--timeout", "600", "-o"])
            .arg(&out)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut waited = Duration::ZERO;
        let child = loop {
            if let Some(&child) = children_of(bench.id()).first() {
                break child;
            }
            assert!(
                waited < Duration::from_secs(60),
                "no child after {waited:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
            waited += Duration::from_millis(20);
        };
        // SAFETY: `kill` only sends a signal, to our own child process.
        assert_eq!(unsafe { libc::kill(bench.id() as libc::pid_t, signal) }, 0);
        let ended = bench.wait_with_output().unwrap();
        assert_eq!(ended.status.signal(), Some(signal), "{:?}", ended.status);
        let stderr = String::from_utf8(ended.stderr).unwrap();
        assert!(
            stderr.contains(&format!("the run of {} was cut", graph.display())),
            "{stderr}"
        );
        assert!(has_ended(child), "the child {child} still runs");
    }
}
