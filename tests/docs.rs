//! The documentation stays inside the repository: every link in its markdown files names a file
//! of the repository (and a heading of it, after `#`), never a page elsewhere.

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
