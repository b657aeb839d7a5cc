//! `nsudoku canon`: the canonical (minlex) form of each puzzle, or with `--same`, whether each
//! puzzle is the first in disguise.

use std::cell::RefCell;
use std::sync::Mutex;

use nsudoku::Grid;
use nsudoku::canon::{Canonical, Canonicalizer};
use serde_json::json;

use crate::cli::{CanonArgs, Format};
use crate::input::Location;
use crate::output::{Out, Status, merge, shape_fields, transform_fields};

use super::Run;

thread_local! {
    /// Each thread's canonicaliser, whose buffers serve every puzzle it takes.
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

/// The canonical form of `grid`, or why there is none (a grid beyond 16×16) as an unfit
/// puzzle on `out`.
pub fn canonical(out: &mut Out, grid: &Grid) -> Option<Canonical> {
    match CANON.with(|c| c.borrow_mut().canonical(grid)) {
        Ok(form) => Some(form),
        Err(e) => {
            out.unfit(&e.to_string());
            None
        }
    }
}

pub fn run(args: &CanonArgs) -> anyhow::Result<Status> {
    if args.same {
        return same(args);
    }
    let how = Run::threads(args.batch.run.threads);
    super::each_grid(
        &args.batch.input,
        args.batch.output.format,
        how,
        "canon",
        |out, grid| {
            let Some(form) = canonical(out, &grid) else {
                return;
            };
            if out.format == Format::Json {
                out.json(merge([
                    json!({ "status": "canonical", "canonical": zero_line(&form.grid) }),
                    shape_fields(&grid),
                    json!({ "grid": form.grid, "transform": transform_fields(&form.transform) }),
                ]));
            } else {
                out.solution(&form.grid, None);
            }
        },
    )
}

/// A grid as one line with `0` for an empty cell, the text the canonical form minimises.
fn zero_line(grid: &Grid) -> String {
    nsudoku::format::Style {
        empty: '0',
        ..Default::default()
    }
    .line(grid)
}

/// `--same`: each puzzle against the first valid one, in input order on one thread.
fn same(args: &CanonArgs) -> anyhow::Result<Status> {
    let first: Mutex<Option<(Location, Canonical)>> = Mutex::new(None);
    super::each_grid(
        &args.batch.input,
        args.batch.output.format,
        Run::threads(1),
        "canon",
        |out, grid| {
            let Some(form) = canonical(out, &grid) else {
                return;
            };
            let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
            let Some((at, reference)) = first.as_ref() else {
                if out.format == Format::Json {
                    out.json(merge([
                        json!({ "status": "reference", "canonical": zero_line(&form.grid) }),
                        shape_fields(&grid),
                    ]));
                }
                *first = Some((out.at.clone(), form));
                return;
            };
            // From the first to its form, then back from that form to this puzzle.
            let to_this = (reference.grid == form.grid)
                .then(|| reference.transform.then(&form.transform.inverse()));
            if to_this.is_none() {
                out.fail(Status::Unsolved);
            }
            match (out.format, to_this) {
                (Format::Json, Some(t)) => out.json(json!({
                    "status": "equivalent",
                    "to": at.json(),
                    "transform": transform_fields(&t),
                })),
                (Format::Json, None) => {
                    out.json(json!({ "status": "not_equivalent", "to": at.json() }));
                }
                (_, Some(t)) => {
                    let text = format!("{}: equivalent to {at}: {t}", out.at);
                    out.text(&text);
                }
                (_, None) => {
                    let text = format!("{}: not equivalent to {at}", out.at);
                    out.text(&text);
                }
            }
        },
    )
}
