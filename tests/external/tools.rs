//! Outside programs some tests need: found on PATH, or the test is skipped with the reason
//! (and fails instead where `TOURSAT_REQUIRE_EXTERNAL=1`, as `.ci/run` sets it).

use libtest_mimic::{Completion, Failed, Trial};
use std::process::{Command, Stdio};

/// The variable that turns a missing outside program from a skip into a failure.
const REQUIRE_VARIABLE: &str = "TOURSAT_REQUIRE_EXTERNAL";

/// An outside program a test runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// The SAT solver minisat (Debian package `minisat`).
    Minisat,
    /// The DRAT proof checker rate (crates.io).
    Rate,
    /// The manual-page viewer man (Debian package `man-db`).
    Man,
    /// The browser Chromium (Debian package `chromium`).
    Chromium,
    /// Chromium's WebDriver server (Debian package `chromium-driver`).
    Chromedriver,
    /// The JSON processor jq (Debian package `jq`), which a page of docs/ pipes JSON into.
    Jq,
    /// GNU parallel (Debian package `parallel`), which docs/fhcp.md runs `bench`'s shards with.
    Parallel,
    /// Python 3 (Debian package `python3`), which the scripts of corpus/ are written in.
    Python3,
}

impl Tool {
    /// The program's name on PATH.
    pub fn program(self) -> &'static str {
        match self {
            Tool::Minisat => "minisat",
            Tool::Rate => "rate",
            Tool::Man => "man",
            Tool::Chromium => "chromium",
            Tool::Chromedriver => "chromedriver",
            Tool::Jq => "jq",
            Tool::Parallel => "parallel",
            Tool::Python3 => "python3",
        }
    }

    /// How to install it.
    fn install_hint(self) -> &'static str {
        match self {
            Tool::Minisat => "apt-get install minisat",
            Tool::Rate => "cargo install rate --version 0.3.0",
            Tool::Man => "apt-get install man-db",
            Tool::Chromium => "apt-get install chromium",
            Tool::Chromedriver => "apt-get install chromium-driver",
            Tool::Jq => "apt-get install jq",
            Tool::Parallel => "apt-get install parallel",
            Tool::Python3 => "apt-get install python3",
        }
    }

    /// Whether the program can be started.
    fn available(self) -> bool {
        Command::new(self.program())
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    }
}

/// What to do about a missing program: `Ok(reason)` to skip with the reason, `Err(message)`
/// to fail when `required`.
fn missing(tool: Tool, required: bool) -> Result<String, String> {
    let why = format!(
        "{} is not on PATH ({})",
        tool.program(),
        tool.install_hint()
    );
    match required {
        true => Err(format!("{why}, and {REQUIRE_VARIABLE}=1")),
        false => Ok(format!("skipped: {why}")),
    }
}

/// A test that needs `tools`: `body` runs when they are all on PATH (a panic in it fails the
/// test); otherwise the test is reported `ignored` with the missing program and how to install
/// it, or fails when `TOURSAT_REQUIRE_EXTERNAL=1`.
pub fn trial(
    name: impl Into<String>,
    tools: Vec<Tool>,
    body: impl FnOnce() + Send + 'static,
) -> Trial {
    Trial::ignorable_test(name, move || {
        if let Some(&absent) = tools.iter().find(|tool| !tool.available()) {
            let required = std::env::var(REQUIRE_VARIABLE).is_ok_and(|value| value == "1");
            return missing(absent, required)
                .map(Completion::ignored_with)
                .map_err(Failed::from);
        }
        body();
        Ok(Completion::Completed)
    })
}

/// The tests of this file: what a missing program does.
pub fn trials() -> Vec<Trial> {
    vec![
        Trial::test(
            "tools::a_missing_program_skips_with_how_to_install_it",
            || {
                let reason = missing(Tool::Minisat, false).map_err(Failed::from)?;
                assert_eq!(
                    reason,
                    "skipped: minisat is not on PATH (apt-get install minisat)"
                );
                Ok(())
            },
        ),
        Trial::test(
            "tools::a_missing_program_fails_where_it_is_required",
            || {
                let message = missing(Tool::Rate, true).expect_err("required");
                assert!(message.ends_with("TOURSAT_REQUIRE_EXTERNAL=1"), "{message}");
                Ok(())
            },
        ),
    ]
}
