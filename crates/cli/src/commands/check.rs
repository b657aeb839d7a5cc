//! `nsudoku check`: every error of every puzzle, or `ok`. A variant puzzle is checked as read
//! (its problems), then its givens, with the digits a player entered (an f-puzzles document's
//! values without `given`), against every rule: each rule broken is named with its cells.

use nsudoku::variant::fpuzzles::Read;
use nsudoku::{DigitSet, Grid};
use serde_json::json;

use crate::cli::{CheckArgs, Format};
use crate::output::{Out, Status, merge, shape_fields};
use crate::variant;

use super::Input;

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    super::each_input(
        &args.input,
        args.output.format.into(),
        super::Run::threads(args.run.threads).columns(&["status", "clues", "errors"]),
        |out, input| {
            let at = out.at.clone();
            match (out.format, input) {
                (Format::Json, Input::Variant(Err(errors))) => variant::invalid(out, &errors),
                (_, Input::Variant(Err(errors))) => {
                    out.fail(Status::InputError);
                    for e in errors {
                        out.text(&format!("{at}: {e}"));
                    }
                }
                (_, Input::Variant(Ok(read))) => check_variant(out, &read),
                (Format::Json, Input::Classic(Ok(grid))) => {
                    let mut fields = json!({ "status": "valid", "clues": grid.clue_count() });
                    if let Some(n) = candidates(&grid) {
                        fields["candidates"] = json!(n);
                    }
                    out.json(merge([fields, shape_fields(&grid)]))
                }
                (Format::Json, Input::Classic(Err(errors))) => {
                    out.fail(Status::InputError);
                    out.json(json!({ "status": "invalid", "errors": errors }));
                }
                (_, Input::Classic(Ok(grid))) => out.text(&format!(
                    "{at}: ok ({n}x{n}, box {shape}, {given})",
                    n = grid.side(),
                    shape = grid.shape(),
                    given = match candidates(&grid) {
                        Some(n) => format!("pencil marks, {n} candidates"),
                        None => format!("{} clues", grid.clue_count()),
                    }
                )),
                (_, Input::Classic(Err(errors))) => {
                    out.fail(Status::InputError);
                    for e in errors {
                        out.text(&format!("{at}: {e}"));
                    }
                }
            }
        },
    )
}

/// A variant puzzle's givens and entries against its rules: `ok`, or each rule broken (exit
/// status 2, as for a classic grid with clashing clues).
fn check_variant(out: &mut Out, read: &Read) {
    variant::warnings(out, read);
    let puzzle = &read.puzzle;
    let values = read.grid();
    let broken = puzzle.broken(&values);
    let clues = values.iter().filter(|&&v| v != 0).count();
    let at = out.at.clone();
    if out.format == Format::Json {
        let mut fields = if broken.is_empty() {
            json!({ "status": "valid", "clues": clues })
        } else {
            out.fail(Status::InputError);
            json!({ "status": "invalid", "errors": variant::broken_json(puzzle, &broken) })
        };
        if let Some(entered) = &read.entered {
            fields["entered"] = json!(entered.iter().filter(|&&v| v != 0).count());
        }
        return out.json(merge([fields, variant::fields(puzzle)]));
    }
    if broken.is_empty() {
        let n = puzzle.size();
        let entered = read
            .entered
            .as_ref()
            .map(|e| format!(", {} entered", e.iter().filter(|&&v| v != 0).count()))
            .unwrap_or_default();
        return out.text(&format!(
            "{at}: ok ({n}x{n} variant, {} constraints, {} givens{entered})",
            puzzle.constraints().len(),
            puzzle.givens().iter().filter(|&&v| v != 0).count(),
        ));
    }
    out.fail(Status::InputError);
    for b in &broken {
        out.text(&format!("{at}: {}", b.message));
    }
}

/// The candidates of a pencil-mark puzzle, counted; `None` for a plain grid.
fn candidates(grid: &Grid) -> Option<usize> {
    grid.pencil_marks()
        .map(|marks| marks.iter().map(DigitSet::len).sum())
}
