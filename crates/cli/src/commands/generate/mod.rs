//! `nsudoku generate`: puzzles with exactly one solution, streamed in order, made on every
//! core; the same seed gives the same puzzles whatever the thread count. Classic puzzles here;
//! variant ones (`--variant`) in `variant.rs`; both run in batches (`batches.rs`).

mod batches;
mod variant;

use std::io::{self, Write};

use anyhow::bail;
use nsudoku::Shape;
use nsudoku::format::Style;
use nsudoku::generate::{Generated, Generator, Options};
use serde_json::json;

use crate::cli::{Format, GenerateArgs};
use crate::output::Status;
use batches::{Run, band};

/// Puzzles made at once (then written in order).
const BATCH: u64 = 256;

pub fn run(args: &GenerateArgs) -> anyhow::Result<Status> {
    if let Some(kinds) = &args.variant {
        return variant::run(args, kinds);
    }
    let shape = match (args.shape, args.size) {
        (Some(s), _) => s,
        (None, Some(n)) => Shape::for_side(n)?,
        (None, None) => Shape::CLASSIC,
    };
    let rating = band(args);
    if rating.is_some() && shape.side() > 64 {
        bail!(
            "ratings work up to 64×64 grids, not {n}×{n}",
            n = shape.side()
        );
    }
    let seed = crate::commands::seed_or_clock(args.seed);
    let options = Options {
        shape,
        symmetry: args.symmetry,
        minimal: args.minimal,
        rating: rating.map(|(a, b)| a..=b),
        scale: args.scale.into(),
        holes: args.holes,
        max_attempts: args.max_attempts,
    };
    let generator = Generator::new(options, seed);
    let style = Style::default();
    let run = Run {
        args,
        batch: BATCH,
        rating,
        max_attempts: generator.options().max_attempts,
    };
    run.make(
        |i, stop| generator.puzzle_within(i, stop),
        |out, i, g| Ok(write(out, args, &style, i, g)?),
    )
}

fn write(
    out: &mut dyn Write,
    args: &GenerateArgs,
    style: &Style,
    i: u64,
    g: &Generated,
) -> io::Result<()> {
    match args.format {
        Format::Json => {
            let mut o = json!({
                "index": i,
                "size": g.puzzle.side(),
                "box": g.puzzle.shape().to_string(),
                "clues": g.puzzle.clue_count(),
                "attempts": g.attempts,
                "puzzle": g.puzzle,
            });
            if args.with_solution {
                o["solution"] = json!(g.solution);
            }
            if let Some(r) = &g.rating {
                o["er"] = json!(r.er);
                o["level"] = json!(r.level);
            }
            writeln!(out, "{o}")
        }
        Format::Grid => {
            write!(out, "{}", style.pretty(&g.puzzle))?;
            if args.with_solution {
                write!(out, "{}", style.pretty(&g.solution))?;
            }
            writeln!(out)
        }
        Format::Csv => {
            let rated = args.difficulty.is_some() || args.rating.is_some();
            let mut rows = Vec::with_capacity(2);
            if i == 0 {
                let mut header = vec!["index", "puzzle"];
                header.extend(args.with_solution.then_some("solution"));
                header.extend(if rated { &["er", "level"][..] } else { &[] });
                rows.push(header.into_iter().map(String::from).collect::<Vec<_>>());
            }
            let mut row = vec![i.to_string(), style.line(&g.puzzle)];
            row.extend(args.with_solution.then(|| style.line(&g.solution)));
            if let Some(r) = g.rating.as_ref().filter(|_| rated) {
                row.extend([format!("{:.1}", r.er), r.level.to_string()]);
            }
            rows.push(row);
            let mut w = csv::Writer::from_writer(out);
            for r in rows {
                w.write_record(&r)?;
            }
            w.flush()
        }
        Format::Line => {
            write!(out, "{}", style.line(&g.puzzle))?;
            if args.with_solution {
                write!(out, " {}", style.line(&g.solution))?;
            }
            writeln!(out)
        }
    }
}
