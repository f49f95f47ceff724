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

    /// Bad input in a file (or on stdin, for the path `-`).
    pub fn in_file(path: &Path, message: impl fmt::Display) -> CliError {
        CliError::input(format!("{}: {message}", input_name(path)))
    }

    /// An error with its own status.
    pub fn with_status(status: u8, message: impl fmt::Display) -> CliError {
        CliError {
            status,
            message: message.to_string(),
        }
    }
}

/// The name of an input in messages: `stdin` for `-`, else the path.
pub fn input_name(path: &Path) -> String {
    if path == Path::new("-") {
        "stdin".to_string()
    } else {
        path.display().to_string()
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "toursat: {}", self.message)
    }
}
