//! The exit statuses of `toursat`, in one place.

use toursat::engine::Stop;

/// A tour was found, every judge case was answered, or the tour verified.
pub const SUCCESS: u8 = 0;
/// It is proved that no tour exists, or `verify` found the tour wrong.
pub const NO_TOUR: u8 = 1;
/// Bad input or usage (clap's usage errors exit with 2 too), or an I/O error.
pub const BAD_INPUT: u8 = 2;
/// Stopped by the time limit, the node budget or the formula size limit, with nothing proved.
pub const STOPPED: u8 = 3;
/// Internal error: an engine produced a tour that fails verification, or a proof of no tour
/// failed its check (`--certify`).
pub const INTERNAL: u8 = 4;
/// `unique`: the board has two tours or more (two are printed).
pub const NOT_UNIQUE: u8 = 5;

/// `decode`: an outside solver claims no tour (its formula unsatisfiable), but the formula was
/// not given, is not the one toursat wrote for this problem, or is lazy: nothing is proved.
pub const UNCONFIRMED: u8 = 5;

/// Stopped by Ctrl-C while a command showed its progress on a terminal (128 + SIGINT, as a
/// shell reports a program that SIGINT ended).
pub const INTERRUPTED: u8 = 130;

/// The status for an engine that stopped without an answer.
pub fn for_stop(stop: Stop) -> u8 {
    match stop {
        Stop::Timeout | Stop::NodeBudget | Stop::ConflictBudget | Stop::FormulaTooLarge => STOPPED,
        Stop::InternalError => INTERNAL,
        Stop::Interrupted => INTERRUPTED,
    }
}

/// The exit statuses as `toursat --help` shows them: every status of every command.
pub const HELP: &str = "\
Exit status:
  0  tour found / all judge cases answered / tour valid
  1  proved that no tour exists / verify: the tour is wrong
  2  bad input or usage, or an I/O error
  3  stopped by --timeout (or a node budget, or --max-literals) before an answer
  4  internal error: an engine produced a tour that fails verification, or --certify
     found a proof of no tour that fails its check
  5  decode: the solver claims no tour, unconfirmed (no --formula, or not toursat's
     complete formula for this problem): nothing is proved
     unique: two tours found (the puzzle is not unique)
  130  stopped by Ctrl-C on a terminal (the line before it says where), or solve --stats
       stopped by Ctrl-C (its statistics printed)";

/// Status 2 in a command's help.
pub const BAD_INPUT_LINE: (u8, &str) = (BAD_INPUT, "bad input or usage, or an I/O error");
/// Status 3 in the help of a command with `--timeout`.
pub const STOPPED_LINE: (u8, &str) = (
    STOPPED,
    "stopped by --timeout (or a node budget, or --max-literals) before an answer",
);
/// Status 4 in the help of a command that verifies the tours it prints.
pub const INTERNAL_LINE: (u8, &str) = (
    INTERNAL,
    "internal error: a tour failed verification, or a proof of no tour failed its check",
);

/// The exit-status table at the end of a command's help: the statuses that command returns,
/// each with what it means there.
pub fn help(statuses: &[(u8, &str)]) -> String {
    let lines: Vec<String> = statuses
        .iter()
        .map(|(status, meaning)| format!("  {status}  {meaning}"))
        .collect();
    format!("Exit status:\n{}", lines.join("\n"))
}

/// A command's examples, then its exit-status table.
pub fn examples_and_help(examples: &str, statuses: &[(u8, &str)]) -> String {
    format!("{examples}\n\n{}", help(statuses))
}
