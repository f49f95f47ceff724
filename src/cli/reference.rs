//! The test that docs/commands.md is the reference of every option: each command of [`Cli`]
//! (a judge's subcommands under `judge`) has a section `## NAME, NAME and NAME: ...` there, and
//! the section mentions each of its long options that `--help` shows.

use super::Cli;
use clap::CommandFactory;

/// The page, as the test reads it from the repository.
const PAGE: &str = include_str!("../../docs/commands.md");

/// The sections of `page`: the commands its `## ` heading names (the words before the colon,
/// split at commas and `and`), and the section's text with its heading.
fn sections(page: &str) -> Vec<(Vec<String>, String)> {
    let mut found: Vec<(Vec<String>, String)> = Vec::new();
    for line in page.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            let names = heading.split(':').next().unwrap_or_default();
            let names = names
                .split([',', ' '])
                .filter(|word| !word.is_empty() && *word != "and")
                .map(String::from)
                .collect();
            found.push((names, String::new()));
        }
        if let Some((_, text)) = found.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    found
}

/// Whether `text` mentions the option `--long` as a whole word (`--max-squares` is not a
/// mention of `--max`).
fn mentions(text: &str, long: &str) -> bool {
    let option = format!("--{long}");
    text.match_indices(&option).any(|(at, _)| {
        let after = text[at + option.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// Every command as `(its name on the command line, its section's name, its shown long
/// options)`: a judge's subcommands under the name `judge`.
fn commands() -> Vec<(String, String, Vec<String>)> {
    let mut found = Vec::new();
    let cli = Cli::command();
    for command in cli.get_subcommands() {
        let name = command.get_name().to_string();
        let mut leaves: Vec<(String, &clap::Command)> = command
            .get_subcommands()
            .map(|sub| (format!("{name} {}", sub.get_name()), sub))
            .collect();
        if leaves.is_empty() {
            leaves.push((name.clone(), command));
        }
        for (full_name, leaf) in leaves {
            let options = leaf
                .get_arguments()
                .filter(|arg| !arg.is_hide_set())
                .filter_map(|arg| arg.get_long())
                .filter(|long| !matches!(*long, "help" | "version"))
                .map(String::from)
                .collect();
            found.push((full_name, name.clone(), options));
        }
    }
    found
}

#[test]
fn every_option_is_in_its_commands_section_of_the_reference() {
    let sections = sections(PAGE);
    let mut missing = Vec::new();
    for (full_name, section_name, options) in commands() {
        let Some((_, text)) = sections
            .iter()
            .find(|(names, _)| names.contains(&section_name))
        else {
            missing.push(format!(
                "`toursat {full_name}` has no section `## {section_name}: ...`"
            ));
            continue;
        };
        for long in options.iter().filter(|long| !mentions(text, long)) {
            missing.push(format!(
                "`toursat {full_name} --{long}` is not mentioned in the section of `{section_name}`"
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/commands.md, the reference of every option, lacks:\n{}",
        missing.join("\n")
    );
}

#[test]
fn sections_are_found_by_the_commands_their_headings_name() {
    let page = "# Commands\n## gen and compare: search\n`--seed`\n## completions, man and x: y\n";
    let found = sections(page);
    assert_eq!(found[0].0, ["gen", "compare"]);
    assert!(mentions(&found[0].1, "seed"));
    assert!(!mentions(&found[0].1, "see"));
    assert_eq!(found[1].0, ["completions", "man", "x"]);
    assert!(!mentions(&found[1].1, "seed"));
}
