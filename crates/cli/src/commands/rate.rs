//! `nsudoku rate`: each puzzle's difficulty on Sudoku Explainer's ER scale.

use nsudoku::logic::{self, Outcome};
use serde_json::json;

use crate::cli::{Format, RateArgs};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &RateArgs) -> anyhow::Result<Status> {
    let how = super::Run::threads(args.run.threads)
        .columns(&["status", "er", "level", "hardest", "errors"]);
    super::each_grid(
        &args.input,
        args.output.format.into(),
        how,
        "rate",
        |out, grid| {
            let stop = super::logic_stop(args.logic.timeout);
            let rating = match super::count_within(&grid, &stop) {
                Some(1) => logic::rate_within(&grid, args.scale.into(), &stop),
                Some(0) => return out.not_unique(&grid, "no_solution"),
                Some(_) => return out.not_unique(&grid, "multiple"),
                None => Ok(logic::Rating {
                    er: 0.0,
                    ed: 0.0,
                    level: logic::Level::Easy,
                    hardest: None,
                    steps: 0,
                    outcome: Outcome::Interrupted,
                    reached: 0.0,
                }),
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
                    out.json(merge([
                        json!({ "status": status }),
                        json!(r),
                        shape_fields(&grid),
                    ]))
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
        },
    )
}
