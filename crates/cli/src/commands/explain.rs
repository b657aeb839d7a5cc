//! `nsudoku explain`: the logical steps that solve each puzzle.

use nsudoku::logic::{self, Board, Level, Options, Outcome, Technique};
use nsudoku::variant::Puzzle;
use nsudoku::{Grid, Stop};
use serde_json::{Value, json};

use super::Input;
use crate::cli::{ExplainArgs, Format};
use crate::output::{Out, Status, merge, shape_fields};
use crate::variant;

pub fn run(args: &ExplainArgs) -> anyhow::Result<Status> {
    let how =
        super::Run::threads(args.run.threads).columns(&["status", "steps", "hardest", "errors"]);
    super::each_input(&args.input, args.output.format, how, |out, input| {
        let stop = super::logic_stop(args.logic.timeout);
        match input {
            Input::Classic(Ok(grid)) => explain(out, &grid, args, &stop),
            Input::Classic(Err(errors)) => out.invalid(&errors),
            Input::Variant(Err(errors)) => variant::invalid(out, &errors),
            Input::Variant(Ok(read)) => {
                variant::warnings(out, &read);
                if !variant::broken_givens(out, &read.puzzle) {
                    explain_variant(out, &read.puzzle, args, &stop);
                }
            }
        }
    })
}

/// A variant puzzle's steps: its constraints' own steps among the classic techniques'.
fn explain_variant(out: &mut Out, puzzle: &Puzzle, args: &ExplainArgs, stop: &Stop) {
    let fields = variant::fields(puzzle);
    let mut solutions = puzzle.solutions().with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    if solutions.interrupted() {
        return timed_out(out, fields, 0, 0.0, args);
    }
    if count != 1 {
        let givens = variant::grid_of(puzzle, puzzle.givens());
        let why = if count == 0 {
            "no_solution"
        } else {
            "multiple"
        };
        return out.not_unique(&givens, why);
    }
    match Board::from_puzzle(puzzle) {
        Ok(board) => steps(
            out,
            board.with_stop(stop),
            fields,
            args,
            puzzle.candidates().is_some(),
        ),
        Err(e) => {
            out.fail(Status::InputError);
            out.comment(&e.to_string());
        }
    }
}

fn explain(out: &mut Out, grid: &Grid, args: &ExplainArgs, stop: &Stop) {
    // Logic explains a puzzle's one solution: say first when there is none, or several.
    match super::count_within(grid, stop) {
        Some(0) => return out.not_unique(grid, "no_solution"),
        Some(1) => {}
        Some(_) => return out.not_unique(grid, "multiple"),
        None => return timed_out(out, shape_fields(grid), 0, 0.0, args),
    }
    match Board::new(grid) {
        Ok(b) => steps(
            out,
            b.with_stop(stop),
            shape_fields(grid),
            args,
            grid.pencil_marks().is_some(),
        ),
        Err(e) => {
            out.fail(Status::InputError);
            out.comment(&e.to_string());
        }
    }
}

/// Writes the steps from `board` on, then the summary with `fields`.
fn steps(out: &mut Out, mut board: Board, fields: Value, args: &ExplainArgs, marks: bool) {
    let options = Options {
        unique: true,
        ..Options::default()
    };
    if out.format != Format::Json {
        let n = board.side();
        let empty = (0..n * n)
            .filter(|&i| board.value(nsudoku::Cell::new(i / n, i % n)).is_none())
            .count();
        if marks {
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
        Outcome::Interrupted => return timed_out(out, fields, steps, hardest, args),
    };
    if status != "solved" {
        out.fail(Status::Unsolved);
    }
    // A variant puzzle's difficulty: its hardest step's level (see docs/variants.md).
    let level = board.is_variant().then(|| match status {
        "solved" => Level::of(hardest),
        _ => Level::Stuck,
    });
    match out.format {
        Format::Json => {
            let mut summary =
                json!({ "status": status, "steps": steps, "hardest": hardest, "unique": true });
            if let Some(level) = level {
                summary["level"] = json!(level);
            }
            out.json(merge([summary, fields]))
        }
        _ => {
            if out.format == Format::Grid || status != "solved" {
                out.text(&board.pencilmarks());
            }
            let level = level.map_or(String::new(), |l| format!(", level {l}"));
            out.comment(&format!(
                "{status} in {steps} steps, hardest {hardest:.1}{level}"
            ));
        }
    }
}

/// The summary of a puzzle whose time ran out: status `timeout`, exit status 1.
fn timed_out(out: &mut Out, fields: Value, steps: usize, hardest: f64, args: &ExplainArgs) {
    out.fail(Status::Unsolved);
    let secs = args.logic.timeout.as_secs_f64();
    match out.format {
        Format::Json => out.json(merge([
            json!({ "status": "timeout", "steps": steps, "hardest": hardest, "timeout": secs }),
            fields,
        ])),
        _ => out.comment(&format!(
            "timed out after {secs} s and {steps} steps, hardest so far {hardest:.1}"
        )),
    }
}
