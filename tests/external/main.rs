//! Tests that run outside programs (minisat, rate, man, chromium, and the examples of the
//! documentation and of `--help` in bash).
//!
//! A test whose program is not on PATH is reported `ignored`, with the program and how to
//! install it, rather than `ok`; with `TOURSAT_REQUIRE_EXTERNAL=1` (set by `.ci/run`, which
//! installs them) it fails instead. This file has its own harness (libtest-mimic) so that the
//! decision is taken when the tests run.

mod browser;
#[path = "../common/mod.rs"]
mod common;
mod drat;
mod fhcp_structure;
mod graph_join;
mod help_examples;
mod minisat_cli;
mod minisat_library;
mod readme;
mod tools;

fn main() {
    let mut arguments = libtest_mimic::Arguments::from_args();
    // One at a time: the documentation's examples share /tmp paths, and each checks the repository.
    arguments.test_threads.get_or_insert(1);
    let trials = [
        minisat_library::trials(),
        minisat_cli::trials(),
        drat::trials(),
        readme::trials(),
        help_examples::trials(),
        tools::trials(),
        fhcp_structure::trials(),
        graph_join::trials(),
        browser::trials(),
    ]
    .into_iter()
    .flatten()
    .collect();
    libtest_mimic::run(&arguments, trials).exit();
}
