//! `toursat completions` and `toursat man`: shell completions and manual pages generated from
//! the clap definitions.

use super::error::CliError;
use super::exit;
use clap::Args;
use clap_complete::Shell;
use std::io::{self, Write};

/// Arguments of `toursat completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `toursat man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to write, as one or several words: `solve`, `judge rook-circuit`
    /// or `judge "rook-circuit"` (none: the main page).
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
}

/// Writes the completion script for `args.shell` to stdout.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> Result<u8, CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "toursat", &mut out);
    write_stdout(&out)
}

/// Writes the manual page (roff) of `toursat` or one of its commands to stdout.
pub fn man(args: &ManArgs, command: clap::Command) -> Result<u8, CliError> {
    let mut page = command.disable_help_subcommand(true);
    page.build();
    let mut words = args.command.iter().flat_map(|arg| arg.split_whitespace());
    let mut word = words.next();
    if word == Some("toursat") {
        word = words.next();
    }
    while let Some(name) = word {
        let known: Vec<&str> = page
            .get_subcommands()
            .map(|command| command.get_name())
            .collect();
        page = page.find_subcommand(name).cloned().ok_or_else(|| {
            CliError::input(format!(
                "man: no command {name:?} here; the commands are {}",
                known.join(", ")
            ))
        })?;
        word = words.next();
    }
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .map_err(|error| CliError::input(format!("writing the manual page: {error}")))?;
    write_stdout(&out)
}

/// Writes `bytes` to stdout.
fn write_stdout(bytes: &[u8]) -> Result<u8, CliError> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|error| CliError::input(format!("writing to stdout: {error}")))?;
    Ok(exit::SUCCESS)
}
