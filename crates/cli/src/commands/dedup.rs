//! `nsudoku dedup`: the first puzzle of each equivalence class, in input order.
//!
//! The canonical forms are computed on every core; the main thread, which writes in input
//! order, keeps a puzzle when the 128-bit hash of its form is new. Only the hashes are held
//! (16 bytes a class, about 40 with the table), so memory grows with the classes, not the
//! text; two different forms share a hash with a chance of about `k² / 2¹²⁹` in `k` classes.

use std::hash::{DefaultHasher, Hash, Hasher};

use nsudoku::Grid;
use serde_json::json;

use crate::cli::{DedupArgs, Format};
use crate::output::{Status, merge, shape_fields};

use super::Run;

pub fn run(args: &DedupArgs) -> anyhow::Result<Status> {
    let how = Run {
        distinct: Some(args.max_distinct),
        ..Run::threads(args.batch.run.threads)
    };
    super::each_grid(
        &args.batch.input,
        args.batch.output.format,
        how,
        "dedup",
        |out, grid| {
            let Some(form) = super::canon::canonical(out, &grid) else {
                return;
            };
            out.keyed(key(&form.grid), |out| {
                if out.format == Format::Json {
                    out.json(merge([
                        json!({ "status": "kept" }),
                        shape_fields(&grid),
                        json!({ "grid": grid }),
                    ]));
                } else {
                    out.solution(&grid, None);
                }
            });
        },
    )
}

/// A 128-bit hash of a grid: its shape and values, hashed twice with different prefixes.
fn key(grid: &Grid) -> u128 {
    let half = |prefix: u8| {
        let mut h = DefaultHasher::new();
        prefix.hash(&mut h);
        grid.shape().width().hash(&mut h);
        grid.shape().height().hash(&mut h);
        grid.values().hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}
