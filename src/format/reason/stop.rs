//! Why an engine stopped without an answer, in words.

use crate::engine::Stop;

/// Why an engine stopped, in words; `timeout` is the time limit in seconds, if one was set.
pub fn explain_stop(stop: Stop, timeout: Option<f64>) -> String {
    match (stop, timeout) {
        (Stop::Timeout, Some(seconds)) => format!("timed out after {seconds} s"),
        (Stop::Timeout, None) => "timed out".to_string(),
        (Stop::NodeBudget, _) => "stopped: the node budget ran out".to_string(),
        (Stop::ConflictBudget, _) => {
            "stopped: the SAT solver's conflict budget ran out".to_string()
        }
        (Stop::FormulaTooLarge, _) => "stopped: the SAT formula would pass the literal limit \
            (--max-literals, set by default from this machine's memory); try a smaller board, \
            or --engine construct or dfs"
            .to_string(),
        (Stop::Interrupted, _) => "stopped by Ctrl-C".to_string(),
        (Stop::InternalError, _) => {
            "internal error: the engine reached a state it should never reach".to_string()
        }
    }
}
