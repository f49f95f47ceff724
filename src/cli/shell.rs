//! `toursat completions` and `toursat man`: shell completions and manual pages generated from
//! the clap definitions.

use super::error::CliError;
use super::exit;
use clap::Args;
use clap_complete::Shell;
use std::io::{self, Write};

/// The examples shown under `toursat completions --help`.
pub const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  mkdir -p ~/.local/share/bash-completion/completions
  toursat completions bash > ~/.local/share/bash-completion/completions/toursat
  mkdir -p ~/.zfunc && toursat completions zsh > ~/.zfunc/_toursat
  # (with fpath+=~/.zfunc before compinit in ~/.zshrc)
  mkdir -p ~/.config/fish/completions
  toursat completions fish > ~/.config/fish/completions/toursat.fish";

/// The examples shown under `toursat man --help`.
pub const MAN_EXAMPLES: &str = "\
Examples:
  toursat man | man -l -
  toursat man judge rook-circuit | man -l -
  toursat man solve > /tmp/toursat-solve.1";

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
    render_page(&page, &mut out)
        .map_err(|error| CliError::input(format!("writing the manual page: {error}")))?;
    write_stdout(&out)
}

/// Writes the manual page of `page` (a built command): clap_mangen's title, name, description
/// and options, with a synopsis that shows every option's value, the commands under it named
/// as `toursat man` takes them (no pages of their own are installed), and the examples and exit
/// statuses as written, line by line. Hyphenation is off, so that no command breaks mid-word.
fn render_page(page: &clap::Command, out: &mut Vec<u8>) -> io::Result<()> {
    let man = clap_mangen::Man::new(page.clone());
    man.render_title(out)?;
    writeln!(out, ".nh")?;
    man.render_name_section(out)?;
    writeln!(out, ".SH SYNOPSIS")?;
    writeln!(out, "{}", roff_text(&synopsis(page)))?;
    man.render_description_section(out)?;
    if page.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(out)?;
    }
    let commands: Vec<&clap::Command> = page
        .get_subcommands()
        .filter(|command| !command.is_hide_set())
        .collect();
    if !commands.is_empty() {
        writeln!(out, ".SH COMMANDS")?;
        let path = page.get_bin_name().unwrap_or(page.get_name());
        let path = path.strip_prefix("toursat").unwrap_or(path).trim();
        for command in commands {
            let words = [path, command.get_name()].join(" ");
            writeln!(out, ".TP")?;
            writeln!(
                out,
                "{}",
                roff_text(&format!("toursat man {}", words.trim()))
            )?;
            if let Some(about) = command.get_about() {
                writeln!(out, "{}", roff_text(&about.to_string()))?;
            }
        }
    }
    if let Some(after) = page.get_after_help() {
        writeln!(out, ".SH EXAMPLES AND EXIT STATUS")?;
        writeln!(out, ".nf")?;
        for line in after.to_string().lines() {
            writeln!(out, "{}", roff_text(line))?;
        }
        writeln!(out, ".fi")?;
    }
    Ok(())
}

/// The synopsis of `command`: its path, then every option with its value (`[--engine NAME]`),
/// required ones without brackets, then its arguments.
fn synopsis(command: &clap::Command) -> String {
    let mut words = vec![command
        .get_bin_name()
        .unwrap_or(command.get_name())
        .to_string()];
    let shown = command.get_arguments().filter(|arg| !arg.is_hide_set());
    for arg in shown {
        let value = arg
            .get_value_names()
            .map(|names| names.join(" "))
            .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
        let takes_value = arg.get_num_args().is_some_and(|range| range.takes_values());
        let word = match arg.get_long() {
            Some(long) if takes_value => format!("--{long} {value}"),
            Some(long) => format!("--{long}"),
            None if arg.is_positional() => value,
            None => continue,
        };
        words.push(if arg.is_required_set() {
            word
        } else {
            format!("[{word}]")
        });
    }
    if command.has_subcommands() {
        words.push("COMMAND".to_string());
    }
    words.join(" ")
}

/// `text` as a line of roff: backslashes escaped, hyphens as minus signs (so that pasted
/// commands work), and a leading `.` or `'` kept from reading as a request.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
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
