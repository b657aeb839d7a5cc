//! `nsudoku explain`: the logical steps that solve each puzzle.

use nsudoku::logic::{self, Board, Options, Outcome, Technique};
use nsudoku::{Grid, Stop};
use serde_json::json;

use crate::cli::{ExplainArgs, Format};
use crate::output::{Out, Status, merge, shape_fields};

pub fn run(args: &ExplainArgs) -> anyhow::Result<Status> {
    let how =
        super::Run::threads(args.run.threads).columns(&["status", "steps", "hardest", "errors"]);
    super::each_grid(
        &args.input,
        args.output.format,
        how,
        "explain",
        |out, grid| {
            explain(out, &grid, args, &super::logic_stop(args.logic.timeout));
        },
    )
}

fn explain(out: &mut Out, grid: &Grid, args: &ExplainArgs, stop: &Stop) {
    // Logic explains a puzzle's one solution: say first when there is none, or several.
    match super::count_within(grid, stop) {
        Some(0) => return out.not_unique(grid, "no_solution"),
        Some(1) => {}
        Some(_) => return out.not_unique(grid, "multiple"),
        None => return timed_out(out, grid, 0, 0.0, args),
    }
    let options = Options {
        unique: true,
        ..Options::default()
    };
    let mut board = match Board::new(grid) {
        Ok(b) => b.with_stop(stop),
        Err(e) => {
            out.fail(Status::InputError);
            return out.comment(&e.to_string());
        }
    };
    if out.format != Format::Json {
        let empty = grid.values().iter().filter(|&&v| v == 0).count();
        if grid.pencil_marks().is_some() {
            out.comment(&format!("pencil marks, {empty} cells to fill"));
            if out.format == Format::Grid {
                out.text(&board.pencilmarks());
            }
        } else {
            out.comment(&format!("{empty} cells to fill"));
        }
    }
    let mut steps = 0;
    let mut hardest = 0.0f64;
    while !board.is_solved() {
        let Some(step) = logic::next_step(&board, &options) else {
            break;
        };
        steps += 1;
        hardest = hardest.max(step.difficulty);
        match out.format {
            Format::Json => out.json(merge([
                json!({ "status": "step", "step": steps }),
                json!(step),
            ])),
            _ => {
                let single = matches!(
                    step.technique,
                    Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
                );
                if args.candidates && !single {
                    out.text(&board.pencilmarks());
                }
                // A nested chain's lines follow the step's, indented: the rating ends the first.
                let text = step.to_string();
                let (first, nested) = text.split_once('\n').unwrap_or((&text, ""));
                let rest = if nested.is_empty() {
                    String::new()
                } else {
                    format!("\n{nested}")
                };
                out.text(&format!(
                    "{steps:>3}. {first}  [{:.1}]{rest}",
                    step.difficulty
                ));
            }
        }
        board.apply(&step);
    }
    let status = match Outcome::of(&board) {
        Outcome::Solved => "solved",
        Outcome::Stuck => "stuck",
        Outcome::Interrupted => return timed_out(out, grid, steps, hardest, args),
    };
    if status != "solved" {
        out.fail(Status::Unsolved);
    }
    match out.format {
        Format::Json => out.json(merge([
            json!({ "status": status, "steps": steps, "hardest": hardest, "unique": true }),
            shape_fields(grid),
        ])),
        _ => {
            if out.format == Format::Grid || status != "solved" {
                out.text(&board.pencilmarks());
            }
            out.comment(&format!("{status} in {steps} steps, hardest {hardest:.1}"));
        }
    }
}

/// The summary of a puzzle whose time ran out: status `timeout`, exit status 1.
fn timed_out(out: &mut Out, grid: &Grid, steps: usize, hardest: f64, args: &ExplainArgs) {
    out.fail(Status::Unsolved);
    let secs = args.logic.timeout.as_secs_f64();
    match out.format {
        Format::Json => out.json(merge([
            json!({ "status": "timeout", "steps": steps, "hardest": hardest, "timeout": secs }),
            shape_fields(grid),
        ])),
        _ => out.comment(&format!(
            "timed out after {secs} s and {steps} steps, hardest so far {hardest:.1}"
        )),
    }
}
