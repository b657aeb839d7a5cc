//! `nsudoku solve`: the unique solution of each puzzle, the first one (`--first`), or all of
//! them up to a limit (`--all`).

use nsudoku::{Grid, Solutions};
use serde_json::json;

use crate::cli::{Format, SolveArgs};
use crate::input::Location;
use crate::output::{Printer, Status, merge, shape_fields};

pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    super::each_puzzle(&args.input, &args.output, |p, at, result| {
        let grid = match result {
            Ok(grid) => grid,
            Err(errors) => return Ok(p.invalid(at, &errors)?),
        };
        if args.all {
            all(p, at, &grid, args)
        } else {
            one(p, at, &grid, args)
        }
    })
}

/// The solution (`--first`: the first one): status `solved`, `no_solution` or `multiple`.
fn one(p: &mut Printer, at: &Location, grid: &Grid, args: &SolveArgs) -> anyhow::Result<()> {
    let mut solutions = Solutions::new(grid, args.engine.into());
    let first = solutions.next();
    let multiple = first.is_some() && !args.first && solutions.next_values().is_some();
    let status = match (&first, multiple) {
        (None, _) => "no_solution",
        (Some(_), true) => "multiple",
        (Some(_), false) => "solved",
    };
    if status != "solved" {
        p.fail(Status::Unsolved);
    }
    match (p.format, &first) {
        (Format::Json, _) => {
            let mut fields = merge([json!({ "status": status }), shape_fields(grid)]);
            if let Some(solution) = &first {
                fields["grid"] = json!(solution);
            }
            p.json(at, fields)?;
        }
        (_, Some(solution)) if !multiple => p.grid(solution)?,
        (_, Some(_)) => p.comment(at, "more than one solution")?,
        (_, None) => p.comment(at, "no solution")?,
    }
    Ok(())
}

/// Every solution up to the limit, streamed; a summary comment after each puzzle.
fn all(p: &mut Printer, at: &Location, grid: &Grid, args: &SolveArgs) -> anyhow::Result<()> {
    let mut solutions = Solutions::new(grid, args.engine.into());
    let mut found = Vec::new();
    let mut count = 0;
    while count < args.limit {
        let Some(solution) = solutions.next() else {
            break;
        };
        count += 1;
        if p.format == Format::Json {
            found.push(solution);
        } else {
            p.grid(&solution)?;
        }
    }
    let exact = count < args.limit;
    if count == 0 {
        p.fail(Status::Unsolved);
    }
    if p.format == Format::Json {
        let status = if count == 0 { "no_solution" } else { "solved" };
        let fields =
            json!({ "status": status, "count": count, "exact": exact, "solutions": found });
        return Ok(p.json(at, merge([fields, shape_fields(grid)]))?);
    }
    let more = if exact { "" } else { "+" };
    let noun = if count == 1 { "solution" } else { "solutions" };
    Ok(p.comment(at, &format!("{count}{more} {noun}"))?)
}
