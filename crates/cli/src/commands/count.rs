//! `nsudoku count`: the number of solutions of each puzzle, up to a limit.

use nsudoku::Solutions;
use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::output::Status;

pub fn run(args: &CountArgs) -> anyhow::Result<Status> {
    let engine = args.engine.into();
    super::each_puzzle(&args.input, &args.output, args.threads, |out, result| {
        let grid = match result {
            Ok(grid) => grid,
            Err(errors) => return out.invalid(&errors),
        };
        let count = Solutions::new(&grid, engine).count_up_to(args.limit);
        match out.format {
            Format::Json => {
                out.json(json!({ "status": "counted", "count": count.count, "exact": count.exact }))
            }
            _ => out.text(&count.to_string()),
        }
    })
}
