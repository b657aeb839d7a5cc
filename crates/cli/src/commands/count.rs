//! `nsudoku count`: the number of solutions of each puzzle, classic or variant, up to a limit.

use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::output::{Out, Status, merge};
use crate::variant;

use super::{Described, Input, Run, Search, VariantSearch};

pub fn run(args: &CountArgs) -> anyhow::Result<Status> {
    let how = Run {
        search: Some(&args.search),
        stream: false,
        ..Run::threads(args.run.threads).columns(&["status", "count", "exact", "errors"])
    };
    super::each_input(
        &args.input,
        args.output.format.into(),
        how,
        |out, input| match input {
            Input::Classic(Err(errors)) => out.invalid(&errors),
            Input::Classic(Ok(grid)) => {
                if let Some(why) = super::unfit_engine(&grid, &args.search) {
                    return out.unfit(&why);
                }
                let solutions = super::solutions(&grid, &args.search);
                count(out, solutions, Described::Classic(&grid), args.limit);
            }
            Input::Variant(Err(errors)) => variant::invalid(out, &errors),
            Input::Variant(Ok(read)) => {
                variant::warnings(out, &read);
                if let Some(why) = variant::unfit_engine(&args.search) {
                    return out.unfit(why);
                }
                if variant::broken_givens(out, &read.puzzle) {
                    return;
                }
                let solutions = VariantSearch::new(&read.puzzle, &args.search);
                count(out, solutions, Described::Variant(&read.puzzle), args.limit);
            }
        },
    )
}

/// Counts up to `limit` and says how many: `3`, `2+` at the limit, a comment when timed out.
fn count(out: &mut Out, mut solutions: impl Search, puzzle: Described, limit: usize) {
    let count = solutions.count_up_to(limit);
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
            puzzle.fields(),
        ])),
        Format::Json => out.json(merge([
            json!({ "status": "counted", "count": count.count, "exact": count.exact }),
            puzzle.fields(),
        ])),
        _ if timed_out => out.timed_out(solutions.guesses(), count.count),
        _ => out.text(&count.to_string()),
    }
}
