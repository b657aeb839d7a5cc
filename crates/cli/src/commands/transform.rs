//! `nsudoku transform`: equivalent copies of each puzzle, random or named.
//!
//! Random copies of the puzzle at a place of the input come from the seed, that place (file
//! and line) and nothing else, so a run is reproduced by its seed whatever the thread count.

use nsudoku::transform::{Transform, random_copies};
use nsudoku::{Grid, Shape, Uniqueness};
use serde_json::json;

use crate::cli::{Format, TransformArgs};
use crate::output::{Out, Status, merge, shape_fields, transform_fields};

use super::Run;

/// Copies of one puzzle past which the puzzles go one at a time, each output written as it
/// grows (no batch holds many copies of many puzzles).
const STREAM_COPIES: usize = 16;

pub fn run(args: &TransformArgs) -> anyhow::Result<Status> {
    let named = args.apply.is_some()
        || args.transpose
        || args.rotate.is_some()
        || args.mirror
        || args.flip
        || args.relabel.is_some()
        || args.inverse;
    let seed = (!named).then(|| super::seed_or_clock(args.seed));
    let how = Run {
        stream: !named && args.count > STREAM_COPIES,
        ..Run::threads(args.batch.run.threads)
    };
    super::each_grid(
        &args.batch.input,
        args.batch.output.format,
        how,
        "transform",
        |out, grid| {
            if grid.pencil_marks().is_some() {
                return out.unfit(
                    "transform takes puzzles of givens, and this is a pencil-mark puzzle: its \
                     candidates would be lost",
                );
            }
            let solution = if args.with_solution {
                match grid.uniqueness() {
                    Uniqueness::Unique(solution) => Some(solution),
                    Uniqueness::None => return out.not_unique(&grid, "no_solution"),
                    Uniqueness::Multiple(_) => return out.not_unique(&grid, "multiple"),
                }
            } else {
                None
            };
            let Some(seed) = seed else {
                match named_transform(args, grid.shape()) {
                    Ok(t) => write(out, &t, &grid, solution.as_ref(), 1),
                    Err(why) => out.unfit(&why),
                }
                return;
            };
            let copies = random_copies(grid.shape(), place_seed(seed, out));
            for (copy, t) in (1..=args.count).zip(copies) {
                if !out.flowing() {
                    return;
                }
                write(out, &t, &grid, solution.as_ref(), copy);
            }
        },
    )
}

/// The seed of the random copies of the puzzle at `out`'s place: the seed, the file's name
/// (FNV-1a) and the line, mixed by SplitMix64's finaliser, the same from release to release
/// (unlike the standard library's hasher).
fn place_seed(seed: u64, out: &Out) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let file = out
        .at
        .file
        .as_deref()
        .unwrap_or("")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    mix(mix(mix(seed) ^ file) ^ out.at.line as u64)
}

/// One copy: the transformed puzzle (and solution), as a line, grids or a JSON object.
fn write(out: &mut Out, t: &Transform, grid: &Grid, solution: Option<&Grid>, copy: usize) {
    let puzzle = t.apply(grid);
    let solution = solution.map(|s| t.apply(s));
    if out.format == Format::Json {
        let mut fields = merge([
            json!({ "status": "transformed", "copy": copy }),
            shape_fields(grid),
            json!({ "puzzle": puzzle }),
        ]);
        if let Some(solution) = &solution {
            fields["solution"] = json!(solution);
        }
        fields["transform"] = transform_fields(t);
        return out.json(fields);
    }
    match &solution {
        Some(solution) => out.pair(&puzzle, solution),
        None => out.solution(&puzzle, None),
    }
}

/// The named transformations of the command line, in the order the help gives, for `shape`.
fn named_transform(args: &TransformArgs, shape: Shape) -> Result<Transform, String> {
    let mut t = Transform::identity(shape);
    let mut then = |next: Result<Transform, nsudoku::transform::TransformError>, what: &str| {
        next.map(|next| t = t.then(&next))
            .map_err(|e| format!("{what}: {e}"))
    };
    if let Some(spec) = &args.apply {
        then(Transform::parse(shape, spec), "--apply")?;
    }
    if args.transpose {
        then(Transform::transposition(shape), "--transpose")?;
    }
    if let Some(quarters) = args.rotate {
        then(Transform::rotation(shape, quarters), "--rotate")?;
    }
    if args.mirror {
        then(Ok(Transform::mirror(shape)), "--mirror")?;
    }
    if args.flip {
        then(Ok(Transform::flip(shape)), "--flip")?;
    }
    if let Some(digits) = &args.relabel {
        then(
            Transform::parse(shape, &format!("digits={digits}")),
            "--relabel",
        )?;
    }
    Ok(if args.inverse { t.inverse() } else { t })
}
