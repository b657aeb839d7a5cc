//! `nsudoku count`: the number of solutions of each puzzle, up to a limit.

use nsudoku::Solutions;
use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::output::Status;

pub fn run(args: &CountArgs) -> anyhow::Result<Status> {
    let engine = args.engine.into();
    super::each_puzzle(&args.input, &args.output, |p, at, result| {
        let grid = match result {
            Ok(grid) => grid,
            Err(errors) => return Ok(p.invalid(at, &errors)?),
        };
        let count = Solutions::new(&grid, engine).count_up_to(args.limit);
        match p.format {
            Format::Json => p.json(
                at,
                json!({ "status": "counted", "count": count.count, "exact": count.exact }),
            )?,
            _ => p.text(&count.to_string())?,
        }
        Ok(())
    })
}
