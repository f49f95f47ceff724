//! Errors of the command line: a message and the exit status it ends with.

use super::exit;
use std::fmt;
use std::path::Path;

/// An error to print once as `toursat: MESSAGE`, and the status to exit with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    /// The exit status.
    pub status: u8,
    /// The message, one line.
    pub message: String,
}

impl CliError {
    /// Bad input or usage.
    pub fn input(message: impl fmt::Display) -> CliError {
        CliError {
            status: exit::BAD_INPUT,
            message: message.to_string(),
        }
    }

    /// Bad input in a file.
    pub fn in_file(path: &Path, message: impl fmt::Display) -> CliError {
        CliError::input(format!("{}: {message}", path.display()))
    }

    /// An error with its own status.
    pub fn with_status(status: u8, message: impl fmt::Display) -> CliError {
        CliError {
            status,
            message: message.to_string(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "toursat: {}", self.message)
    }
}
