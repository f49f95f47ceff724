//! The `toursat` command line; the work is done by the library and `cli`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
