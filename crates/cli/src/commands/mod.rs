//! One file per subcommand. Each reads puzzles, calls the library and writes results; the
//! loop they share is [`each_puzzle`].

pub mod check;
pub mod count;
pub mod solve;

use nsudoku::{Error, Grid};

use crate::cli::{InputArgs, OutputArgs};
use crate::input::{Location, for_each_entry, read_options, validated};
use crate::output::{Printer, Status};

/// Runs `each` on every puzzle of the inputs, in order, with a printer for the results, and
/// returns the exit status. Input that cannot be read counts as an input error.
pub fn each_puzzle(
    input: &InputArgs,
    output: &OutputArgs,
    mut each: impl FnMut(&mut Printer, &Location, Result<Grid, Vec<Error>>) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    let options = read_options(input)?;
    let mut printer = Printer::new(output.format, options.alphabet.clone());
    let unreadable = for_each_entry(input, &options, |at, entry| {
        printer.set_empty(entry.empty);
        each(&mut printer, at, validated(&entry))
    });
    let unreadable = match unreadable {
        Ok(u) => u,
        Err(e) => {
            // Flush what was computed before reporting (a broken pipe is handled by main).
            let _ = printer.flush();
            return Err(e);
        }
    };
    if unreadable {
        printer.fail(Status::InputError);
    }
    printer.flush()?;
    Ok(printer.status)
}
