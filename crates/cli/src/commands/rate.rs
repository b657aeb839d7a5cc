//! `nsudoku rate`: each puzzle's difficulty on Sudoku Explainer's ER scale.

use nsudoku::logic;
use serde_json::json;

use crate::cli::{Format, RateArgs};
use crate::output::{Status, merge, shape_fields};

pub fn run(args: &RateArgs) -> anyhow::Result<Status> {
    super::each_grid(
        &args.input,
        &args.output,
        super::Run::threads(args.run.threads),
        |out, grid| {
            let count = grid.count_solutions(2).count;
            let rating = match count {
                1 => logic::rate_with(&grid, args.scale.into()),
                0 => return out.not_unique(&grid, "no_solution"),
                _ => return out.not_unique(&grid, "multiple"),
            };
            match (rating, out.format) {
                (Ok(r), Format::Json) => out.json(merge([
                    json!({ "status": "rated" }),
                    json!(r),
                    shape_fields(&grid),
                ])),
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
