//! `nsudoku hint`: the next logical step for a grid in progress. Entries (and pencil marks)
//! that contradict the solution are reported first, instead of a step.

use anyhow::anyhow;
use nsudoku::logic::{self, Board, Options};
use nsudoku::parse::{read_line, read_marks};
use nsudoku::{Digit, Grid, Uniqueness};
use serde_json::json;

use crate::cli::{Format, HintArgs};
use crate::input::read_options;
use crate::output::{Out, Status};

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
    super::each_grid(
        &args.input,
        &args.output,
        super::Run::threads(1),
        |out, grid| {
            let marks = match &args.marks {
                Some(text) => match read_marks(text, &grid, &options.alphabet) {
                    Ok(marks) => Some(marks),
                    Err(errors) => return out.invalid_option("--marks", &errors),
                },
                None => None,
            };
            hint(out, &grid, givens.as_ref(), marks.as_deref());
        },
    )
}

fn hint(out: &mut Out, grid: &Grid, givens: Option<&Grid>, marks: Option<&[Vec<Digit>]>) {
    let puzzle = givens.unwrap_or(grid);
    if puzzle.shape() != grid.shape() {
        out.fail(Status::InputError);
        return out.comment("the givens and the grid differ in size");
    }
    let Uniqueness::Unique(solution) = puzzle.uniqueness() else {
        out.fail(Status::Unsolved);
        let what = if givens.is_some() {
            "the givens have no unique solution"
        } else {
            "the grid has no unique solution (an entry may be wrong: pass --givens to find it)"
        };
        return match out.format {
            Format::Json => out.json(json!({ "status": "no_unique_solution", "message": what })),
            _ => out.comment(what),
        };
    };
    // Wrong entries and marks first.
    let n = grid.side();
    let mut wrong = Vec::new();
    for (i, (&v, &s)) in grid.values().iter().zip(solution.values()).enumerate() {
        let cell = nsudoku::Cell::new(i / n, i % n);
        if v != 0 && v != s {
            wrong.push(format!("{cell} holds {v}, which is wrong"));
        } else if v == 0 {
            if let Some(m) = marks.and_then(|m| m.get(i)).filter(|m| !m.is_empty()) {
                if !m.iter().any(|d| d.get() == s as usize) {
                    wrong.push(format!("{cell}: the pencil marks rule out the right digit"));
                }
            }
        }
    }
    if !wrong.is_empty() {
        return match out.format {
            Format::Json => out.json(json!({ "status": "wrong_entries", "wrong": wrong })),
            _ => {
                for w in &wrong {
                    out.comment(w);
                }
            }
        };
    }
    let board = match marks {
        Some(m) => Board::with_marks(grid, m),
        None => Board::new(grid),
    };
    let board = match board {
        Ok(b) => b,
        Err(e) => {
            out.fail(Status::InputError);
            return out.comment(&e.to_string());
        }
    };
    if board.is_solved() {
        return match out.format {
            Format::Json => out.json(json!({ "status": "solved" })),
            _ => out.comment("solved"),
        };
    }
    let options = Options {
        unique: true,
        ..Options::default()
    };
    match (logic::next_step(&board, &options), out.format) {
        (Some(step), Format::Json) => out.json(json!({ "status": "hint", "step": step })),
        (Some(step), _) => out.text(&step.to_string()),
        (None, Format::Json) => out.json(json!({ "status": "stuck" })),
        (None, _) => out.comment("no logical step found"),
    }
}
