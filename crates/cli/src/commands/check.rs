//! `nsudoku check`: every error of every puzzle, or `ok`.

use serde_json::json;

use crate::cli::{CheckArgs, Format};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    super::each_puzzle(&args.input, &args.output, |p, at, result| {
        if result.is_err() {
            p.fail(Status::InputError);
        }
        match (p.format, result) {
            (Format::Json, Ok(grid)) => p.json(
                at,
                merge([
                    json!({ "status": "valid", "clues": grid.clue_count() }),
                    shape_fields(&grid),
                ]),
            )?,
            (Format::Json, Err(errors)) => {
                p.json(at, json!({ "status": "invalid", "errors": errors }))?
            }
            (_, Ok(grid)) => p.text(&format!(
                "{at}: ok ({n}x{n}, box {shape}, {clues} clues)",
                n = grid.side(),
                shape = grid.shape(),
                clues = grid.clue_count()
            ))?,
            (_, Err(errors)) => {
                for e in errors {
                    p.text(&format!("{at}: {e}"))?;
                }
            }
        }
        Ok(())
    })
}
