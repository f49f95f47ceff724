//! `corpus/fhcp/structure.py`, which sorts graphs by what they are built of (hubs, and copies
//! of one graph), on graphs written here: the kind of each, the counts by kind, the graphs a
//! file names as left unanswered, and its refusals.

use super::common::scratch_dir;
use super::tools::{self, Tool};
use libtest_mimic::Trial;
use std::fmt::Write;
use std::path::Path;
use std::process::{Command, Output};

/// The edges of a cycle through the vertices `first..first + length` (numbered from 1).
fn cycle(first: u32, length: u32) -> Vec<(u32, u32)> {
    (0..length)
        .map(|step| (first + step, first + (step + 1) % length))
        .collect()
}

/// `edges` of a graph of `vertices` vertices as DIMACS, in `folder/name.col`.
fn write_graph(folder: &Path, name: &str, vertices: u32, edges: &[(u32, u32)]) {
    let mut text = format!("c {name}\np {vertices} {}\n", edges.len());
    for (a, b) in edges {
        writeln!(text, "e {a} {b}").unwrap();
    }
    std::fs::write(folder.join(format!("{name}.col")), text).unwrap();
}

/// Four graphs, one of each kind: three 12-cycles each with a hub joined to all of it (the
/// hubs in a triangle); two 12-cycles, one of them so covered, and its hub joined to a vertex
/// of the other; a wheel of 12 spokes; a 20-cycle.
fn write_graphs(folder: &Path) {
    let mut covered = Vec::new();
    for copy in 0..3 {
        covered.extend(cycle(12 * copy + 1, 12));
        covered.extend((1..=12).map(|vertex| (12 * copy + vertex, 37 + copy)));
    }
    covered.extend([(37, 38), (38, 39), (39, 37)]);
    write_graph(folder, "covered", 39, &covered);
    let mut partly = cycle(1, 12);
    partly.extend(cycle(13, 12));
    partly.extend((1..=12).map(|vertex| (vertex, 25)));
    partly.push((13, 25));
    write_graph(folder, "partly", 25, &partly);
    let mut wheel = cycle(1, 12);
    wheel.extend((1..=12).map(|vertex| (vertex, 13)));
    write_graph(folder, "wheel", 13, &wheel);
    write_graph(folder, "ring", 20, &cycle(1, 20));
}

/// The script run on `folder`, with the file of graphs left if given.
fn structure(folder: &Path, left: Option<&Path>) -> Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/fhcp/structure.py");
    Command::new("python3")
        .arg(script)
        .arg(folder)
        .args(left)
        .output()
        .unwrap()
}

/// The trials of this file.
pub fn trials() -> Vec<Trial> {
    vec![
        tools::trial(
            "fhcp_structure::each_graph_is_sorted_by_its_hubs_and_copies",
            vec![Tool::Python3],
            || {
                let folder = scratch_dir("fhcp-structure");
                write_graphs(&folder);
                let left = folder.join("left.txt");
                std::fs::write(&left, "# left at 60 s\ncovered\nring  # a comment\n").unwrap();
                let output = structure(&folder, Some(&left));
                let stdout = String::from_utf8(output.stdout).unwrap();
                assert!(output.status.success(), "{stdout}");
                let expected = "\
| kind | graphs | left |
| --- | --- | --- |
| copies, each with a hub joined to all of it | 1 | 1 |
| copies and hubs | 1 | 0 |
| hubs | 1 | 0 |
| no hubs | 1 | 1 |

| graph | kind | hubs | largest hub degree | copies | copy size |
| --- | --- | --- | --- | --- | --- |
| covered | copies, each with a hub joined to all of it | 3 | 14 | 3 | 12 |
| ring | no hubs | 0 | 0 | 1 | 20 |
";
                assert_eq!(stdout, expected);
            },
        ),
        tools::trial(
            "fhcp_structure::a_graph_it_cannot_read_or_a_name_it_does_not_hold_is_refused",
            vec![Tool::Python3],
            || {
                let folder = scratch_dir("fhcp-structure-refused");
                write_graphs(&folder);
                let left = folder.join("left.txt");
                std::fs::write(&left, "graph7\n").unwrap();
                let output = structure(&folder, Some(&left));
                let stderr = String::from_utf8(output.stderr).unwrap();
                assert_eq!(output.status.code(), Some(1), "{stderr}");
                assert!(stderr.contains("left.txt: not in"), "{stderr}");
                assert!(stderr.ends_with("graph7\n"), "{stderr}");
                std::fs::write(folder.join("wheel.col"), "p 13 2\ne 1 2\ne 2 14\n").unwrap();
                let output = structure(&folder, None);
                let stderr = String::from_utf8(output.stderr).unwrap();
                assert_eq!(output.status.code(), Some(1), "{stderr}");
                assert!(
                    stderr.contains("wheel.col:3: edge 2 14 outside 1..13"),
                    "{stderr}"
                );
            },
        ),
    ]
}
