//! `nsudoku count`: the number of solutions of each puzzle, up to a limit.

use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::output::{Status, merge, shape_fields};

use super::Run;

pub fn run(args: &CountArgs) -> anyhow::Result<Status> {
    let how = Run {
        search: Some(&args.search),
        stream: false,
        ..Run::threads(args.run.threads).columns(&["status", "count", "exact", "errors"])
    };
    super::each_grid(
        &args.input,
        args.output.format.into(),
        how,
        "count",
        |out, grid| {
            if let Some(why) = super::unfit_engine(&grid, &args.search) {
                return out.unfit(&why);
            }
            let mut solutions = super::solutions(&grid, &args.search);
            let count = solutions.count_up_to(args.limit);
            let timed_out = solutions.interrupted();
            if timed_out {
                out.fail(Status::Unsolved);
            }
            match out.format {
                Format::Json if timed_out => out.json(merge([
                    json!({
                        "status": "timeout",
                        "count": count.count,
                        "exact": false,
                        "guesses": solutions.guesses(),
                    }),
                    shape_fields(&grid),
                ])),
                Format::Json => out.json(merge([
                    json!({ "status": "counted", "count": count.count, "exact": count.exact }),
                    shape_fields(&grid),
                ])),
                _ if timed_out => out.timed_out(solutions.guesses(), count.count),
                _ => out.text(&count.to_string()),
            }
        },
    )
}
