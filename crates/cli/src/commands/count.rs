//! `nsudoku count`: the number of solutions of each puzzle, classic or variant, up to a limit;
//! past it, with `--estimate`, about how many (the library's `setter::estimate`).

use std::time::Instant;

use nsudoku::Stop;
use nsudoku::setter::{self, EstimateOptions};
use nsudoku::variant::Puzzle;
use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::output::{Out, Status, merge};
use crate::variant;

use super::{Described, Input, Run, Search, VariantSearch};

pub fn run(args: &CountArgs) -> anyhow::Result<Status> {
    // The estimate's columns only when one is asked for.
    let columns: &'static [&'static str] = match args.estimate {
        Some(_) => &[
            "status",
            "count",
            "exact",
            "estimate.count",
            "estimate.relative_error",
            "errors",
        ],
        None => &["status", "count", "exact", "errors"],
    };
    let how = Run {
        search: Some(&args.search),
        stream: false,
        ..Run::threads(args.run.threads).columns(columns)
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
                let started = Instant::now();
                let solutions = super::solutions(&grid, &args.search);
                count(out, solutions, Described::Classic(&grid), args, started);
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
                let started = Instant::now();
                let solutions = VariantSearch::new(&read.puzzle, &args.search);
                count(
                    out,
                    solutions,
                    Described::Variant(&read.puzzle),
                    args,
                    started,
                );
            }
        },
    )
}

/// Counts up to the limit and says how many: `3`, `2+` at the limit (with `--estimate`, `2+,
/// about 6.7e21 (± 2.9 %, 120 probes)`), a comment when timed out.
fn count(
    out: &mut Out,
    mut solutions: impl Search,
    puzzle: Described,
    args: &CountArgs,
    started: Instant,
) {
    let count = solutions.count_up_to(args.limit);
    let timed_out = solutions.interrupted();
    if timed_out {
        out.fail(Status::Unsolved);
    }
    let estimate = match args.estimate {
        Some(seconds) if !count.exact && !timed_out => {
            Some(estimate(out, puzzle, args, seconds, started))
        }
        _ => None,
    };
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
        Format::Json => {
            let mut fields =
                json!({ "status": "counted", "count": count.count, "exact": count.exact });
            if let Some(e) = &estimate {
                fields["estimate"] = e.as_ref().map_or(json!(null), setter::json::estimate);
            }
            out.json(merge([fields, puzzle.fields()]))
        }
        _ if timed_out => out.timed_out(solutions.guesses(), count.count),
        _ => match estimate {
            Some(Some(e)) => out.text(&format!("{count}, {e}")),
            Some(None) => out.text(&format!("{count}, no estimate in time")),
            None => out.text(&count.to_string()),
        },
    }
}

/// About how many solutions the puzzle has, from probes for `seconds` (no later than the
/// search's own deadline); `None` when not one probe ended in time, or the grid is too large
/// (said on stderr).
fn estimate(
    out: &mut Out,
    puzzle: Described,
    args: &CountArgs,
    seconds: std::time::Duration,
    started: Instant,
) -> Option<setter::Estimate> {
    let classic;
    let puzzle = match puzzle {
        Described::Variant(p) => p,
        Described::Classic(grid) => match Puzzle::from_grid(grid) {
            Ok(p) => {
                classic = p;
                &classic
            }
            Err(_) => {
                out.note(&format!(
                    "--estimate takes grids up to {m}×{m}",
                    m = nsudoku::variant::MAX_SIDE
                ));
                return None;
            }
        },
    };
    let mut deadline = Instant::now().checked_add(seconds);
    if let Some(end) = args.search.timeout.and_then(|t| started.checked_add(t)) {
        deadline = Some(deadline.map_or(end, |d| d.min(end)));
    }
    let stop = Stop {
        deadline,
        ..Stop::default()
    };
    setter::estimate(puzzle, &EstimateOptions::default(), &stop)
}
