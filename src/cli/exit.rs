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

/// The status for an engine that stopped without an answer.
pub fn for_stop(stop: Stop) -> u8 {
    match stop {
        Stop::Timeout | Stop::NodeBudget | Stop::ConflictBudget | Stop::FormulaTooLarge => STOPPED,
        Stop::InternalError => INTERNAL,
    }
}

/// The exit statuses as the help shows them.
pub const HELP: &str = "\
Exit status:
  0  tour found / all judge cases answered / tour valid
  1  proved that no tour exists / verify: the tour is wrong
  2  bad input or usage, or an I/O error
  3  stopped by --timeout (or a node budget, or --max-literals) before an answer
  4  internal error: an engine produced a tour that fails verification, or --certify
     found a proof of no tour that fails its check
  5  unique: two tours found (the puzzle is not unique)";
