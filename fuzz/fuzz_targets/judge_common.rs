//! Judge options for fuzzing: small boards and a short time limit per case.

use std::time::Duration;
use toursat::judge::JudgeOptions;

/// Options that keep every case small and quick.
pub fn options() -> JudgeOptions {
    JudgeOptions {
        timeout: Some(Duration::from_millis(200)),
        node_budget: Some(200_000),
        max_squares: 64,
        ..JudgeOptions::default()
    }
}
