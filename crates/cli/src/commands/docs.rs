//! `nsudoku completions SHELL` and `nsudoku man`: the shell completions and the manual page,
//! made from the command line's declaration so that they never drift from it.

use std::io::{self, Write};

use clap::CommandFactory;

use crate::cli::Cli;
use crate::output::Status;

pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    clap_complete::generate(shell, &mut Cli::command(), "nsudoku", &mut out);
    out.flush()?;
    Ok(Status::Success)
}

pub fn man() -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    out.flush()?;
    Ok(Status::Success)
}
