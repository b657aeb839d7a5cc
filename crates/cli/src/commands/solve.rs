//! `nsudoku solve`: the unique solution of each puzzle, the first one (`--first`), or all of
//! them up to a limit (`--all`).

use nsudoku::Grid;
use serde_json::json;

use crate::cli::{Format, SolveArgs};
use crate::output::{Out, Status, merge, shape_fields};

use super::Run;

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let how = Run {
        search: Some(&args.search),
        stream: args.all,
        ..Run::threads(args.run.threads).columns(&["status", "solution", "errors"])
    };
    if args.all && args.output.format == Format::Csv {
        anyhow::bail!("-f csv writes one row a puzzle, and --all many solutions: use -f json");
    }
    super::each_grid(
        &args.input,
        args.output.format,
        how,
        "solve",
        |out, grid| {
            if let Some(why) = super::unfit_engine(&grid, &args.search) {
                return out.unfit(&why);
            }
            if args.all {
                all(out, &grid, args)
            } else {
                one(out, &grid, args)
            }
        },
    )
}

/// The solution (`--first`: the first one): status `solved`, `no_solution` or `multiple`.
fn one(out: &mut Out, grid: &Grid, args: &SolveArgs) {
    let mut solutions = super::solutions(grid, &args.search);
    let first = solutions.next();
    let multiple = first.is_some() && !args.first && solutions.next_values().is_some();
    let timed_out = solutions.interrupted();
    let status = match (&first, multiple) {
        _ if timed_out => "timeout",
        (None, _) => "no_solution",
        (Some(_), true) => "multiple",
        (Some(_), false) => "solved",
    };
    if status != "solved" {
        out.fail(Status::Unsolved);
    }
    let hint = out.symbols_hint(grid).filter(|_| status != "solved");
    match (out.format, &first) {
        (Format::Json, _) => {
            let mut fields = merge([json!({ "status": status }), shape_fields(grid)]);
            if let Some(hint) = hint {
                fields["hint"] = json!(hint);
            }
            if let Some(solution) = &first {
                fields["grid"] = json!(solution);
            }
            if timed_out {
                fields["guesses"] = json!(solutions.guesses());
            }
            out.json(fields);
        }
        _ if timed_out => out.comment(&format!(
            "timed out after {} guesses{}",
            solutions.guesses(),
            if first.is_some() {
                ", a solution found but not proved unique"
            } else {
                ""
            }
        )),
        (_, Some(solution)) if !multiple => out.solution(solution, Some(grid)),
        (_, found) => {
            let what = if found.is_some() {
                "more than one solution"
            } else {
                "no solution"
            };
            match hint {
                Some(hint) => out.comment(&format!("{what} ({hint})")),
                None => out.comment(what),
            }
        }
    }
}

/// Every solution up to the limit, written as found (none is held: the output streams), then
/// a summary: a comment line, or in JSON one object per solution and a summary object.
fn all(out: &mut Out, grid: &Grid, args: &SolveArgs) {
    let mut solutions = super::solutions(grid, &args.search);
    let mut count = 0;
    while count < args.limit && out.flowing() {
        let Some(solution) = solutions.next() else {
            break;
        };
        count += 1;
        if out.format == Format::Json {
            out.json(json!({ "status": "solution", "solution": count, "grid": solution }));
        } else {
            out.solution(&solution, Some(grid));
        }
    }
    let timed_out = solutions.interrupted();
    let exact = count < args.limit && !timed_out;
    if count == 0 || timed_out {
        out.fail(Status::Unsolved);
    }
    if out.format == Format::Json {
        let status = match count {
            _ if timed_out => "timeout",
            0 => "no_solution",
            _ => "solved",
        };
        let mut fields = json!({ "status": status, "count": count, "exact": exact });
        if timed_out {
            fields["guesses"] = json!(solutions.guesses());
        }
        return out.json(merge([fields, shape_fields(grid)]));
    }
    if timed_out {
        return out.timed_out(solutions.guesses(), count);
    }
    let more = if exact { "" } else { "+" };
    let noun = if count == 1 { "solution" } else { "solutions" };
    out.comment(&format!("{count}{more} {noun}"));
}
