//! The documentation's examples, run as pasted: every ```sh block of README.md and of each page
//! of docs/, in bash, from the repository root.
//!
//! `toursat` is the binary under test (first on PATH), and so is `cargo run --release --`; a
//! `cargo test` or `cargo build` line is passed over (the binary under test is built). A block that calls
//! minisat, man, jq or parallel needs it (see `tools`); a block after a line `<!-- not run by the tests:
//! REASON -->` is reported ignored with that reason. HOME is a scratch folder, so examples that
//! install files there (completions) touch nothing of the user's. After each block the
//! repository's `git status` must be as it was: examples write to temporary places only.
//!
//! A ```text block right after a ```sh block (blank lines between them at most) is what the
//! block prints, stdout and stderr together: the test compares them line by line (trailing
//! spaces aside), and a line `...` in the shown output stands for any number of lines.

use super::tools::{self, Tool};
use libtest_mimic::{Completion, Trial};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The marker that keeps the block after it from running, with the reason after the colon.
const NOT_RUN: &str = "<!-- not run by the tests:";

/// A bash trap that ends the script at the first command that fails, as `set -e` would, but
/// takes the answers that are not failures: toursat's status 1 (no tour, or not a tour) and
/// minisat's 10 (satisfiable) and 20 (unsatisfiable). A script that gets past its last line
/// exits with 0.
const STOP_ON_ERROR: &str = r#"trap 'status=$?; case "$BASH_COMMAND:$status" in
  toursat*:1 | minisat*:10 | minisat*:20) ;;
  *) echo "failed with status $status: $BASH_COMMAND" >&2; exit $status ;;
esac' ERR"#;

/// One ```sh block of a page.
#[derive(Debug, Clone)]
struct Example {
    /// The heading the block stands under.
    heading: String,
    /// The page's line of its opening fence.
    line: usize,
    /// Its lines.
    script: String,
    /// Why it is not run, if a marker says so.
    not_run: Option<String>,
    /// What it prints, if a ```text block right after it shows it.
    shown: Option<String>,
}

/// The lines of the fenced block whose opening fence is `lines[open]`, without their common
/// indent (the fence's), and the index of the line after its closing fence.
fn fenced(lines: &[&str], open: usize) -> (String, usize) {
    let indent = lines[open].len() - lines[open].trim_start().len();
    let mut text = String::new();
    let mut at = open + 1;
    while at < lines.len() && lines[at].trim() != "```" {
        let body = lines[at];
        text.push_str(body.get(indent..).unwrap_or(body.trim_start()));
        text.push('\n');
        at += 1;
    }
    (text, at + 1)
}

/// The ```sh blocks of `readme`, in order, each with the output a ```text block right after it
/// shows.
fn examples(readme: &str) -> Vec<Example> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut found = Vec::new();
    let mut heading = String::new();
    let mut not_run = None;
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let trimmed = line.trim_start();
        if let Some(title) = line.strip_prefix('#') {
            heading = title.trim_start_matches('#').trim().to_string();
        } else if let Some(reason) = trimmed.strip_prefix(NOT_RUN) {
            not_run = Some(reason.trim_end_matches("-->").trim().to_string());
        } else if trimmed == "```sh" {
            let (script, after) = fenced(&lines, at);
            let next = (after..lines.len()).find(|&index| !lines[index].trim().is_empty());
            let shown = next
                .filter(|&index| lines[index].trim() == "```text")
                .map(|index| fenced(&lines, index).0);
            found.push(Example {
                heading: heading.clone(),
                line: at + 1,
                script,
                not_run: not_run.take(),
                shown,
            });
            at = after;
            continue;
        } else if !trimmed.is_empty() {
            not_run = None;
        }
        at += 1;
    }
    found
}

/// Whether `actual` is the output `shown`, line by line with trailing spaces aside, where a
/// line `...` of `shown` stands for any number of lines.
fn shows(shown: &[&str], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| shows(rest, &actual[skip..])),
        Some((line, rest)) => actual.split_first().is_some_and(|(first, others)| {
            first.trim_end() == line.trim_end() && shows(rest, others)
        }),
    }
}

/// The script as the test runs it: the binary under test for `cargo run --release --`, and
/// without `cargo test` and `cargo build` lines.
fn runnable(script: &str) -> String {
    script
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            !line.starts_with("cargo test") && !line.starts_with("cargo build")
        })
        .map(|line| line.replace("cargo run --release --", "toursat"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The outside programs `script` calls: the first word of each command in it.
pub fn tools_called(script: &str) -> Vec<Tool> {
    let commands: Vec<&str> = script
        .split(['\n', '|', ';', '&', '(', ')'])
        .filter_map(|command| command.split_whitespace().next())
        .collect();
    [Tool::Minisat, Tool::Man, Tool::Jq, Tool::Parallel]
        .into_iter()
        .filter(|tool| commands.contains(&tool.program()))
        .collect()
}

/// The last 3,000 characters of `text`, for a failure's message.
fn tail(text: &str) -> &str {
    let start = text
        .char_indices()
        .rev()
        .nth(2999)
        .map_or(0, |(index, _)| index);
    &text[start..]
}

/// The repository's `git status`, or `None` where git or the repository is not there.
fn git_status(root: &Path) -> Option<String> {
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(root)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Runs `script` in bash from `root` with the binary under test first on PATH, HOME at `home`,
/// stopping at the first command that fails (see [`STOP_ON_ERROR`]).
fn bash(root: &Path, home: &Path, script: &str) -> Output {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_toursat"));
    let bin_dir = binary.parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let script = format!("{STOP_ON_ERROR}\n{script}\nexit 0");
    Command::new("bash")
        .args(["-o", "pipefail", "-c", &script])
        .current_dir(root)
        .env("PATH", path)
        .env("HOME", home)
        .output()
        .unwrap()
}

/// A scratch HOME for the example at `line` of the page `page` (a name without slashes).
fn scratch_home(page: &str, line: usize) -> PathBuf {
    let home =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-home-{page}-{line}"));
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// Runs the example at line `line` of `page`; panics with its output when it fails, changes
/// the repository or prints other than the output `shown` (stdout and stderr together).
pub fn run_example(root: &Path, page: &str, line: usize, script: &str, shown: Option<&str>) {
    let name = format!("{page} line {line}");
    let before = git_status(root);
    let script = match shown {
        Some(_) => format!("exec 2>&1\n{script}"),
        None => script.to_string(),
    };
    let output = bash(root, &scratch_home(&page.replace('/', "-"), line), &script);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{name}: {}\n--- script\n{script}\n--- stdout (end)\n{}\n--- stderr (end)\n{}",
        output.status,
        tail(&stdout),
        tail(&stderr)
    );
    let after = git_status(root).unwrap_or_default();
    let before = before.unwrap_or_default();
    let changed: Vec<&str> = after
        .lines()
        .filter(|line| !before.lines().any(|earlier| earlier == *line))
        .collect();
    assert!(
        changed.is_empty(),
        "{name}: the example changed the repository (git status): {changed:?}"
    );
    if let Some(shown) = shown {
        let shown_lines: Vec<&str> = shown.lines().collect();
        let actual: Vec<&str> = stdout.lines().collect();
        assert!(
            shows(&shown_lines, &actual),
            "{name}: the example prints other than the output shown after it\n--- shown\n{shown}--- printed\n{stdout}"
        );
    }
}

/// The tests of how an example is run: a failing command stops it, a proof of no tour does not.
fn harness_trials() -> Vec<Trial> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let at = root.clone();
    vec![
        Trial::test("readme::a_failure_shows_the_end_of_the_output", || {
            assert_eq!(tail("short"), "short");
            let long = format!("{}é{}", "x".repeat(5000), "y".repeat(2999));
            assert_eq!(tail(&long), format!("é{}", "y".repeat(2999)));
            Ok(())
        }),
        Trial::test("readme::a_failing_command_fails_its_example", move || {
            let output = bash(
                &root,
                &scratch_home("harness", 0),
                "toursat solve --rows 0\necho after",
            );
            assert_eq!(output.status.code(), Some(2));
            assert!(!String::from_utf8_lossy(&output.stdout).contains("after"));
            Ok(())
        }),
        Trial::test("readme::a_shown_output_block_follows_its_example", || {
            let page = "```sh\necho a\n```\n\n```text\na\n```\n```sh\necho b\n```\ntext\n```text\nb\n```\n";
            let found = examples(page);
            assert_eq!(found[0].shown.as_deref(), Some("a\n"));
            assert_eq!(found[1].shown, None, "prose between: not its output");
            Ok(())
        }),
        Trial::test("readme::dots_in_a_shown_output_stand_for_any_lines", || {
            assert!(shows(&["a", "...", "d"], &["a", "b", "c", "d"]));
            assert!(shows(&["a", "..."], &["a"]));
            assert!(shows(&["a  "], &["a"]));
            assert!(!shows(&["a", "...", "d"], &["a", "b"]));
            assert!(!shows(&["a"], &["a", "b"]));
            Ok(())
        }),
        Trial::test("readme::a_proof_of_no_tour_is_an_answer", move || {
            let script = "toursat solve --rows 3 --cols 3 --piece rook --tour closed";
            let output = bash(&at, &scratch_home("harness", 0), script);
            assert!(output.status.success(), "{output:?}");
            Ok(())
        }),
    ]
}

/// The pages whose examples are run: README.md and every page of docs/, by path from the
/// repository root, in name order.
fn pages(root: &Path) -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    std::iter::once("README.md".to_string())
        .chain(docs)
        .collect()
}

/// One test per ```sh block of README.md and of the pages of docs/, and the tests of how they
/// are run.
pub fn trials() -> Vec<Trial> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut trials = harness_trials();
    for page in pages(&root) {
        let text = std::fs::read_to_string(root.join(&page)).unwrap();
        trials.extend(examples(&text).into_iter().map(|example| {
            let name = format!("readme::{page}:{} ({})", example.line, example.heading);
            match example.not_run {
                Some(reason) => Trial::ignorable_test(name, move || {
                    Ok(Completion::ignored_with(format!("not run: {reason}")))
                }),
                None => {
                    let script = runnable(&example.script);
                    let (root, page, line) = (root.clone(), page.clone(), example.line);
                    let shown = example.shown;
                    tools::trial(name, tools_called(&script), move || {
                        run_example(&root, &page, line, &script, shown.as_deref())
                    })
                }
            }
        }));
    }
    trials
}
