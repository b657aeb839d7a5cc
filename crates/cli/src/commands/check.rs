//! `nsudoku check`: every error of every puzzle, or `ok`.

use serde_json::json;

use crate::cli::{CheckArgs, Format};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    super::each_puzzle(
        &args.input,
        args.output.format.into(),
        super::Run::threads(args.run.threads),
        |out, result| {
            let at = out.at.clone();
            match (out.format, result) {
                (Format::Json, Ok(grid)) => out.json(merge([
                    json!({ "status": "valid", "clues": grid.clue_count() }),
                    shape_fields(&grid),
                ])),
                (Format::Json, Err(errors)) => {
                    out.fail(Status::InputError);
                    out.json(json!({ "status": "invalid", "errors": errors }));
                }
                (_, Ok(grid)) => out.text(&format!(
                    "{at}: ok ({n}x{n}, box {shape}, {clues} clues)",
                    n = grid.side(),
                    shape = grid.shape(),
                    clues = grid.clue_count()
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
