//! `nsudoku solve`: the unique solution of each puzzle, the first one (`--first`), or all of
//! them up to a limit (`--all`), classic or variant.

use nsudoku::Grid;
use serde_json::json;

use crate::cli::{Format, SolveArgs};
use crate::output::{Out, Status, merge};
use crate::variant;

use super::{Described, Input, Run, Search, VariantSearch};

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let how = Run {
        search: Some(&args.search),
        stream: args.all,
        ..Run::threads(args.run.threads).columns(&["status", "solution", "errors"])
    };
    if args.all && args.output.format == Format::Csv {
        anyhow::bail!("-f csv writes one row a puzzle, and --all many solutions: use -f json");
    }
    super::each_input(
        &args.input,
        args.output.format,
        how,
        |out, input| match input {
            Input::Classic(Err(errors)) => out.invalid(&errors),
            Input::Classic(Ok(grid)) => {
                if let Some(why) = super::unfit_engine(&grid, &args.search) {
                    return out.unfit(&why);
                }
                let solutions = super::solutions(&grid, &args.search);
                let hint = out.symbols_hint(&grid);
                let puzzle = Puzzle {
                    givens: &grid,
                    described: Described::Classic(&grid),
                    hint,
                };
                solve(out, &puzzle, solutions, args);
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
                let p = &read.puzzle;
                let givens = variant::grid_of(p, p.givens());
                let solutions = VariantSearch::new(p, &args.search);
                let puzzle = Puzzle {
                    givens: &givens,
                    described: Described::Variant(p),
                    hint: None,
                };
                solve(out, &puzzle, solutions, args);
            }
        },
    )
}

/// What the output says of a puzzle: its givens (to print them in bold), its JSON fields (size,
/// box), and a likely reason for no or several solutions.
struct Puzzle<'a> {
    givens: &'a Grid,
    described: Described<'a>,
    hint: Option<String>,
}

fn solve(out: &mut Out, puzzle: &Puzzle, solutions: impl Search, args: &SolveArgs) {
    if args.all {
        all(out, puzzle, solutions, args)
    } else {
        one(out, puzzle, solutions, args)
    }
}

/// The solution (`--first`: the first one): status `solved`, `no_solution` or `multiple`.
fn one(out: &mut Out, puzzle: &Puzzle, mut solutions: impl Search, args: &SolveArgs) {
    let first = solutions.next_grid();
    let multiple = first.is_some() && !args.first && solutions.another();
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
    let hint = puzzle.hint.clone().filter(|_| status != "solved");
    match (out.format, &first) {
        (Format::Json, _) => {
            let mut fields = merge([json!({ "status": status }), puzzle.described.fields()]);
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
        (_, Some(solution)) if !multiple => out.solution(solution, Some(puzzle.givens)),
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
fn all(out: &mut Out, puzzle: &Puzzle, mut solutions: impl Search, args: &SolveArgs) {
    let mut count = 0;
    while count < args.limit && out.flowing() {
        let Some(solution) = solutions.next_grid() else {
            break;
        };
        count += 1;
        if out.format == Format::Json {
            out.json(json!({ "status": "solution", "solution": count, "grid": solution }));
        } else {
            out.solution(&solution, Some(puzzle.givens));
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
        return out.json(merge([fields, puzzle.described.fields()]));
    }
    if timed_out {
        return out.timed_out(solutions.guesses(), count);
    }
    let more = if exact { "" } else { "+" };
    let noun = if count == 1 { "solution" } else { "solutions" };
    out.comment(&format!("{count}{more} {noun}"));
}
