//! `nsudoku check`: every error of every puzzle, or `ok`.

use nsudoku::{DigitSet, Grid};
use serde_json::json;

use crate::cli::{CheckArgs, Format};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    super::each_puzzle(
        &args.input,
        args.output.format.into(),
        super::Run::threads(args.run.threads).columns(&["status", "clues", "errors"]),
        "check",
        |out, result| {
            let at = out.at.clone();
            match (out.format, result) {
                (Format::Json, Ok(grid)) => {
                    let mut fields = json!({ "status": "valid", "clues": grid.clue_count() });
                    if let Some(n) = candidates(&grid) {
                        fields["candidates"] = json!(n);
                    }
                    out.json(merge([fields, shape_fields(&grid)]))
                }
                (Format::Json, Err(errors)) => {
                    out.fail(Status::InputError);
                    out.json(json!({ "status": "invalid", "errors": errors }));
                }
                (_, Ok(grid)) => out.text(&format!(
                    "{at}: ok ({n}x{n}, box {shape}, {given})",
                    n = grid.side(),
                    shape = grid.shape(),
                    given = match candidates(&grid) {
                        Some(n) => format!("pencil marks, {n} candidates"),
                        None => format!("{} clues", grid.clue_count()),
                    }
                )),
                (_, Err(errors)) => {
                    out.fail(Status::InputError);
                    for e in errors {
                        out.text(&format!("{at}: {e}"));
                    }
                }
            }
        },
    )
}

/// The candidates of a pencil-mark puzzle, counted; `None` for a plain grid.
fn candidates(grid: &Grid) -> Option<usize> {
    grid.pencil_marks()
        .map(|marks| marks.iter().map(DigitSet::len).sum())
}
