//! `nsudoku hint`: the next logical step for a grid in progress. Entries (and pencil marks)
//! that contradict the solution are reported first, instead of a step.

use anyhow::{Context, bail};
use nsudoku::logic::{self, Board, Options};
use nsudoku::{Digit, Grid, Uniqueness};
use serde_json::json;

use crate::cli::{Format, HintArgs};
use crate::output::{Out, Status};

pub fn run(args: &HintArgs) -> anyhow::Result<Status> {
    let givens = match &args.givens {
        Some(text) => Some(text.parse::<Grid>().context("--givens")?),
        None => None,
    };
    let marks = match &args.marks {
        Some(text) => Some(parse_marks(text)?),
        None => None,
    };
    super::each_grid(
        &args.input,
        &args.output,
        super::Run::threads(1),
        |out, grid| {
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

/// One token per cell: the digits marked (`1`–`9`, then `A`…), or `.`/`0` for none.
fn parse_marks(text: &str) -> anyhow::Result<Vec<Vec<Digit>>> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            if token == "." || token == "0" {
                return Ok(Vec::new());
            }
            token
                .chars()
                .map(|c| {
                    c.to_digit(36)
                        .and_then(|v| Digit::new(v as usize))
                        .with_context(|| format!("--marks: bad mark {c:?} in token {}", i + 1))
                })
                .collect()
        })
        .collect::<anyhow::Result<Vec<_>>>()
        .and_then(|m| {
            if m.is_empty() {
                bail!("--marks: no tokens")
            } else {
                Ok(m)
            }
        })
}
