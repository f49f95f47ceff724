//! Arguments shared by several commands: engine, limits, pieces and boards.

use super::error::CliError;
use clap::{Args, ValueEnum};
use std::path::Path;
use std::time::Duration;
use toursat::engine::{EngineChoice, Limits};
use toursat::{square, Board, Square};

/// `--engine` and `--timeout`.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Engine that answers: `auto` picks per problem, `dfs` is depth-first search.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Give up after SECONDS (for judge: per case) and exit with status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

/// The engines on the command line.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineArg {
    /// Pick per problem.
    Auto,
    /// Depth-first search.
    Dfs,
}

impl EngineArgs {
    /// The engine to run.
    pub fn choice(&self) -> EngineChoice {
        match self.engine {
            EngineArg::Auto => EngineChoice::Auto,
            EngineArg::Dfs => EngineChoice::Dfs,
        }
    }

    /// The limits, starting now.
    pub fn limits(&self) -> Limits {
        self.timeout.map_or(Limits::none(), Limits::timeout)
    }

    /// The time limit in seconds, for messages.
    pub fn timeout_seconds(&self) -> Option<f64> {
        self.timeout.map(|timeout| timeout.as_secs_f64())
    }
}

/// Reads a time limit in seconds: a finite number, 0 or more.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} is not a time limit: give seconds, 0 or more"))
}

/// Reads a board file.
pub fn read_board(path: &Path) -> Result<Board, CliError> {
    let text = std::fs::read_to_string(path).map_err(|error| CliError::in_file(path, error))?;
    text.parse::<Board>()
        .map_err(|error| CliError::in_file(path, error))
}

/// Reads an optional square option (`x,y` or a name like `A1`) on `board`.
pub fn read_square(
    board: &Board,
    option: &str,
    text: Option<&str>,
) -> Result<Option<Square>, CliError> {
    text.map(|text| {
        square::parse(board, text).map_err(|error| CliError::input(format!("{option}: {error}")))
    })
    .transpose()
}
