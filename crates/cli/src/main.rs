//! The `nsudoku` command: argument handling and glue around the `nsudoku` library.

/// Writes a line to standard error, ignoring failure: a closed or full stderr must not stop a
/// run (nor panic, as `eprintln!` does). A leading `nsudoku:` is coloured when stderr takes
/// colour.
macro_rules! warn {
    ($($arg:tt)*) => {
        $crate::output::report(&format!($($arg)*), false)
    };
}

mod cli;
mod commands;
mod input;
mod output;
mod progress;
mod variant;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, ColorArg, Command};
use crate::output::Status;

fn main() -> ExitCode {
    match run() {
        Ok(status) => ExitCode::from(status.code()),
        Err(e) if input::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            output::report(&format!("nsudoku: {e:#}"), true);
            ExitCode::from(Status::InputError.code())
        }
    }
}

fn run() -> anyhow::Result<Status> {
    let cli = Cli::parse();
    anstream::ColorChoice::write_global(match cli.color {
        ColorArg::Auto => anstream::ColorChoice::Auto,
        ColorArg::Always => anstream::ColorChoice::Always,
        ColorArg::Never => anstream::ColorChoice::Never,
    });
    output::check_stdout()?;
    match &cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Count(args) => commands::count::run(args),
        Command::Setter(args) => commands::setter::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Explain(args) => commands::explain::run(args),
        Command::Hint(args) => commands::hint::run(args),
        Command::Rate(args) => commands::rate::run(args),
        Command::Generate(args) => commands::generate::run(args),
        Command::Canon(args) => commands::canon::run(args),
        Command::Dedup(args) => commands::dedup::run(args),
        Command::Transform(args) => commands::transform::run(args),
        Command::Convert(args) => commands::convert::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Completions { shell } => commands::docs::completions(*shell),
        Command::Man => commands::docs::man(),
    }
}
