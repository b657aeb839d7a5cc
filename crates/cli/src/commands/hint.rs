//! `nsudoku hint`: the next logical step for a grid in progress. Entries (and pencil marks)
//! that contradict the solution are reported first, instead of a step.

use anyhow::anyhow;
use nsudoku::logic::{self, Hint};
use nsudoku::parse::{read_line, read_marks};
use nsudoku::{Digit, Grid, Stop};
use serde_json::json;

use super::Input;
use crate::cli::{Format, HintArgs};
use crate::input::read_options;
use crate::output::{Out, Status};
use crate::variant;

pub fn run(args: &HintArgs) -> anyhow::Result<Status> {
    let options = read_options(&args.input)?;
    let givens = match &args.givens {
        Some(text) => Some(
            read_line(text, &options)
                .and_then(|g| g.check().map(|()| g))
                .map_err(|errors| anyhow!("--givens: {}", errors[0]))?,
        ),
        None => None,
    };
    super::each_input(
        &args.input,
        args.output.format.into(),
        super::Run {
            // A player's clash is a mistake to show, when the givens say which digit is wrong.
            clashes_invalid: givens.is_none(),
            ..super::Run::threads(1).columns(&["status", "step", "wrong", "errors"])
        },
        |out, input| {
            let grid = match input {
                Input::Classic(Ok(grid)) => grid,
                Input::Classic(Err(errors)) => return out.invalid(&errors),
                Input::Variant(Err(errors)) => return variant::invalid(out, &errors),
                Input::Variant(Ok(read)) => {
                    if givens.is_some() {
                        return out.unfit(
                            "--givens is for classic grids (a variant puzzle carries its own)",
                        );
                    }
                    variant::warnings(out, &read);
                    let values = read.grid();
                    // The marks are read against the player's grid, in the puzzle's boxes.
                    let marks = match &args.marks {
                        Some(text) => {
                            let grid = variant::grid_of(&read.puzzle, &values);
                            match read_marks(text, &grid, &options.alphabet) {
                                Ok(marks) => Some(marks),
                                Err(errors) => return out.invalid_option("--marks", &errors),
                            }
                        }
                        None => None,
                    };
                    let stop = super::logic_stop(args.logic.timeout);
                    let hint =
                        logic::hint_variant_with(&read.puzzle, &values, marks.as_deref(), &stop);
                    return write(out, hint, false);
                }
            };
            let marks = match &args.marks {
                Some(text) => match read_marks(text, &grid, &options.alphabet) {
                    Ok(marks) => Some(marks),
                    Err(errors) => return out.invalid_option("--marks", &errors),
                },
                None => None,
            };
            let stop = super::logic_stop(args.logic.timeout);
            hint(out, &grid, givens.as_ref(), marks.as_deref(), &stop);
        },
    )
}

fn hint(
    out: &mut Out,
    grid: &Grid,
    givens: Option<&Grid>,
    marks: Option<&[Vec<Digit>]>,
    stop: &Stop,
) {
    write(
        out,
        logic::hint(givens, grid, marks, stop),
        givens.is_some(),
    );
}

/// Writes a hint; `givens` says whether the givens were passed apart from the grid.
fn write(out: &mut Out, hint: Result<Hint, logic::LogicError>, givens: bool) {
    let hint = match hint {
        Ok(hint) => hint,
        Err(e) => {
            out.fail(Status::InputError);
            return out.comment(&e.to_string());
        }
    };
    let json = out.format == Format::Json;
    match hint {
        Hint::Step(step) if json => {
            out.json(json!({ "status": "hint", "step": step, "text": step.to_string() }))
        }
        Hint::Step(step) => out.text(&step.to_string()),
        Hint::Mistakes(mistakes) => {
            let wrong: Vec<String> = mistakes.iter().map(ToString::to_string).collect();
            if json {
                out.json(json!({ "status": "wrong_entries", "wrong": wrong, "mistakes": mistakes }))
            } else {
                for w in &wrong {
                    out.comment(w);
                }
            }
        }
        Hint::Solved if json => out.json(json!({ "status": "solved" })),
        Hint::Solved => out.comment("solved"),
        Hint::Stuck if json => out.json(json!({ "status": "stuck" })),
        Hint::Stuck => out.comment("no logical step found"),
        Hint::Interrupted => {
            out.fail(Status::Unsolved);
            if json {
                out.json(json!({ "status": "timeout" }))
            } else {
                out.comment("timed out before a step was found")
            }
        }
        Hint::NoUniqueSolution | _ => {
            out.fail(Status::Unsolved);
            let what = if givens {
                "the givens have no unique solution"
            } else {
                "the grid has no unique solution (an entry may be wrong: pass --givens to find it)"
            };
            if json {
                out.json(json!({ "status": "no_unique_solution", "message": what }))
            } else {
                out.comment(what)
            }
        }
    }
}
