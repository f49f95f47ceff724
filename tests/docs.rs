//! The documentation stays inside the repository and true: every link in its markdown files
//! names a file of the repository (and a heading of it, after `#`), never a page elsewhere, and
//! its JSON samples are what the tool writes.

use std::path::{Path, PathBuf};

/// The markdown files a clone's reader meets.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = vec![root.join("README.md"), root.join("RELIABILITY.md")];
    for folder in [
        "docs",
        "encodings",
        "corpus/results",
        "corpus/scale/results",
    ] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|extension| extension == "md") {
                found.push(path);
            }
        }
    }
    found
}

/// The targets of the `[text](target)` links in `markdown`, outside code.
fn links(markdown: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code_block = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of `markdown`.
fn anchors(markdown: &str) -> Vec<String> {
    markdown
        .lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| anchor(line.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_in_the_documentation_stays_inside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap();
    for document in documents() {
        let text = std::fs::read_to_string(&document).unwrap();
        for target in links(&text) {
            let name = document.display();
            assert!(
                !target.contains("://"),
                "{name}: {target} leaves the repository"
            );
            let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
            let linked = match file {
                "" => document.clone(),
                file => document.parent().unwrap().join(file),
            };
            let linked = linked
                .canonicalize()
                .unwrap_or_else(|_| panic!("{name}: {target} names no file"));
            assert!(
                linked.starts_with(&root),
                "{name}: {target} leaves the repository"
            );
            if !heading.is_empty() {
                let headings = anchors(&std::fs::read_to_string(&linked).unwrap());
                assert!(
                    headings.iter().any(|a| a == heading),
                    "{name}: no heading #{heading}"
                );
            }
        }
    }
}

#[test]
fn the_judge_formats_are_stated_inside_the_repository() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    assert!(links(&readme).contains(&"docs/problems.md".to_string()));
    let problems =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/problems.md"))
            .unwrap();
    for command in [
        "judge rook-circuit",
        "judge knight-tour",
        "judge knights-journey",
    ] {
        assert!(
            problems.contains(command),
            "docs/problems.md states {command}"
        );
    }
}

/// The JSON samples of `markdown` that follow a paragraph naming the `toursat solve ... --format
/// json` command that writes them: the command's arguments and the sample.
fn json_samples(markdown: &str) -> Vec<(Vec<String>, String)> {
    let mut samples = Vec::new();
    let mut command: Option<Vec<String>> = None;
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "```json" {
            let sample: Vec<&str> = lines
                .by_ref()
                .take_while(|line| line.trim() != "```")
                .collect();
            if let Some(args) = command.take() {
                samples.push((args, sample.join("\n")));
            }
        } else if line.trim().is_empty() && command.is_none() {
            continue;
        } else if let Some(start) = line.find("`toursat solve ") {
            let rest = &line[start + 1..];
            let quoted = rest.split('`').next().unwrap_or_default();
            // A command with a placeholder (`--graph FILE`) is a pattern, not a command.
            let placeholder = quoted
                .split_whitespace()
                .any(|word| word.chars().all(|c| c.is_ascii_uppercase()) && word.len() > 1);
            command = (quoted.ends_with("--format json") && !placeholder).then(|| {
                quoted
                    .split_whitespace()
                    .skip(1)
                    .map(String::from)
                    .collect()
            });
        } else if line.starts_with('#') {
            command = None;
        }
    }
    samples
}

/// Whether `sample` is `actual` with some fields left out: every field of the sample is in the
/// output with the same value, except numbers of seconds, which change from run to run.
fn agrees(sample: &serde_json::Value, actual: &serde_json::Value, key: &str) -> bool {
    use serde_json::Value;
    match (sample, actual) {
        (Value::Object(sample), Value::Object(actual)) => sample.iter().all(|(name, value)| {
            actual
                .get(name)
                .is_some_and(|other| agrees(value, other, name))
        }),
        (Value::Number(_), Value::Number(_)) if key.ends_with("seconds") => true,
        _ => sample == actual,
    }
}

#[test]
fn json_samples_are_what_the_tool_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for page in ["docs/commands.md", "docs/json.md"] {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        for (args, sample) in json_samples(&text) {
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_toursat"))
                .args(&args)
                .current_dir(root)
                .output()
                .unwrap();
            let actual: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            let sample: serde_json::Value = serde_json::from_str(&sample)
                .unwrap_or_else(|error| panic!("{page}: {args:?}: the sample: {error}"));
            assert!(
                agrees(&sample, &actual, ""),
                "{page}: toursat {}\nsample: {sample}\nwrites: {actual}",
                args.join(" ")
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 2,
        "the samples of docs/commands.md and docs/json.md"
    );
}
