//! `nsudoku rate`: each puzzle's difficulty on Sudoku Explainer's ER scale.

use nsudoku::logic::{self, Outcome};
use serde_json::json;

use super::Input;
use crate::cli::{Format, RateArgs};
use crate::output::{Status, merge, shape_fields};
use crate::variant;

/// The rating of a puzzle whose uniqueness check ran out of time.
const UNCHECKED: logic::Rating = logic::Rating {
    er: 0.0,
    ed: 0.0,
    level: logic::Level::Easy,
    hardest: None,
    steps: 0,
    outcome: Outcome::Interrupted,
    reached: 0.0,
};

pub fn run(args: &RateArgs) -> anyhow::Result<Status> {
    let how = super::Run::threads(args.run.threads)
        .columns(&["status", "er", "level", "hardest", "errors"]);
    super::each_input(&args.input, args.output.format.into(), how, |out, input| {
        let stop = super::logic_stop(args.logic.timeout);
        let (rating, fields) = match input {
            Input::Classic(Err(errors)) => return out.invalid(&errors),
            Input::Variant(Err(errors)) => return variant::invalid(out, &errors),
            Input::Classic(Ok(grid)) => match super::count_within(&grid, &stop) {
                Some(1) => (
                    logic::rate_within(&grid, args.scale.into(), &stop),
                    shape_fields(&grid),
                ),
                Some(0) => return out.not_unique(&grid, "no_solution"),
                Some(_) => return out.not_unique(&grid, "multiple"),
                None => (Ok(UNCHECKED), shape_fields(&grid)),
            },
            Input::Variant(Ok(read)) => {
                let puzzle = &read.puzzle;
                variant::warnings(out, &read);
                if variant::broken_givens(out, puzzle) {
                    return;
                }
                let mut solutions = puzzle.solutions().with_stop(stop.clone());
                let count = solutions.count_up_to(2).count;
                let givens = variant::grid_of(puzzle, puzzle.givens());
                match count {
                    _ if solutions.interrupted() => (Ok(UNCHECKED), variant::fields(puzzle)),
                    1 => (logic::rate_variant(puzzle, &stop), variant::fields(puzzle)),
                    0 => return out.not_unique(&givens, "no_solution"),
                    _ => return out.not_unique(&givens, "multiple"),
                }
            }
        };
        let secs = args.logic.timeout.as_secs_f64();
        match (rating, out.format) {
            (Ok(r), Format::Json) => {
                let status = if r.outcome == Outcome::Interrupted {
                    out.fail(Status::Unsolved);
                    "timeout"
                } else {
                    "rated"
                };
                out.json(merge([json!({ "status": status }), json!(r), fields]))
            }
            (Ok(r), _) if r.outcome == Outcome::Interrupted => {
                out.fail(Status::Unsolved);
                out.comment(&format!(
                    "timed out after {secs} s and {} steps, ER so far {:.1}",
                    r.steps, r.er
                ))
            }
            // Not rated: how far logic got, and where it stopped.
            (Ok(r), _) if r.outcome == Outcome::Stuck => out.text(&match r.hardest {
                None => "- stuck: no technique rates the first step".to_owned(),
                Some(t) => format!(
                    "{:.1}+ stuck: no technique rates step {} (the hardest before it, {t})",
                    r.reached,
                    r.steps + 1
                ),
            }),
            (Ok(r), _) => {
                let hardest = r.hardest.map_or("-", |t| t.name());
                out.text(&format!("{:.1} {} {}", r.er, r.level, hardest))
            }
            (Err(e), Format::Json) => {
                out.fail(Status::InputError);
                out.json(json!({ "status": "error", "error": e.to_string() }))
            }
            (Err(e), _) => {
                out.fail(Status::InputError);
                out.comment(&e.to_string())
            }
        }
    })
}
