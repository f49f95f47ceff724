//! Options for showing tours: colour in the grid and SVG pictures.

use super::error::CliError;
use clap::{Args, ValueEnum};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use toursat::core::atomic_file;
use toursat::format::FormatError;

/// `--color` and `--svg`.
#[derive(Args, Debug, Clone)]
pub struct ShowArgs {
    /// Colour the grid format (start, open tour's end, blocked squares): auto (when stdout is a
    /// terminal and NO_COLOR is unset), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Also draw the board and the tour as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// When to colour.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorArg {
    /// When stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ShowArgs {
    /// Whether to write ANSI colours to stdout.
    pub fn colour(&self) -> bool {
        match self.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
            }
        }
    }
}

/// Writes the file at `path` whole (see [`atomic_file`]) by letting `draw` write the picture
/// into it; an error names the path.
pub fn write_svg(
    path: &Path,
    draw: impl FnOnce(&mut dyn Write) -> Result<(), FormatError>,
) -> Result<(), CliError> {
    atomic_file::write_file(path, draw).map_err(|error| CliError::in_file(path, error))
}
