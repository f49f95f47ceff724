//! Judge options for fuzzing: small boards, a short time limit per case and short lines, so
//! that inputs of a few hundred bytes reach the line limit as well as the cases.

use std::time::Duration;
use toursat::judge::JudgeOptions;

/// Options that keep every case small and quick, and refuse lines over 40 bytes.
pub fn options() -> JudgeOptions {
    JudgeOptions {
        timeout: Some(Duration::from_millis(200)),
        node_budget: Some(200_000),
        max_squares: 64,
        max_line_bytes: 40,
        ..JudgeOptions::default()
    }
}
