//! The examples of every command's `--help`, run as printed: each works from the repository
//! root, names only files that exist or that an earlier line writes, and writes nothing into
//! the repository (the same checks as the documentation's examples).

use super::readme;
use super::tools;
use libtest_mimic::Trial;
use std::path::PathBuf;
use std::process::Command;

/// The commands whose help has examples, as words after `toursat`.
const COMMANDS: &[&str] = &[
    "",
    "solve",
    "verify",
    "dimacs",
    "decode",
    "completions",
    "man",
    "gen",
    "gen-graph",
    "compare",
    "count",
    "unique",
    "hint",
    "bench",
    "judge rook-circuit",
    "judge knight-tour",
    "judge knights-journey",
];

/// The help of `toursat WORDS`.
fn help(words: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(words.split_whitespace())
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "toursat {words} --help");
    String::from_utf8(output.stdout).unwrap()
}

/// The lines under `Examples:` (or `Example:`) up to the first blank line, unindented.
pub fn examples(help: &str) -> String {
    let mut lines = help.lines().skip_while(|line| !line.starts_with("Example"));
    lines.next();
    let mut script = String::new();
    for line in lines.take_while(|line| !line.trim().is_empty()) {
        script.push_str(line.trim_start());
        script.push('\n');
    }
    script
}

/// One test per command whose help has examples.
pub fn trials() -> Vec<Trial> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    COMMANDS
        .iter()
        .map(|&words| {
            let script = examples(&help(words));
            assert!(!script.is_empty(), "toursat {words} --help has examples");
            let page = format!("help-{}", words.replace(' ', "-"));
            let name = format!("help_examples::toursat {words}");
            let root = root.clone();
            tools::trial(name, readme::tools_called(&script), move || {
                readme::run_example(&root, &page, 1, &script, None)
            })
        })
        .collect()
}
