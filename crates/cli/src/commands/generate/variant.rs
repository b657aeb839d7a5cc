//! `nsudoku generate --variant KIND[,KIND…]`: variant puzzles with exactly one solution,
//! minimal, streamed in order and made on every core; the same seed gives the same puzzles
//! whatever the thread count. Each is written in a form `convert` writes (`--to`), as JSON
//! (`-f json`: the payload and the text form), or as the text form (`-f grid`).

use std::io::Write;

use anyhow::bail;
use nsudoku::generate::variant::{Generated, Generator, Options, givens_problem};
use nsudoku::variant::{fpuzzles, text};
use serde_json::json;

use super::batches::{Run, band};
use crate::cli::{ConvertTo, Format, GenerateArgs, Kinds};
use crate::output::Status;

/// Puzzles made at once (then written in order).
const BATCH: u64 = 64;

pub fn run(args: &GenerateArgs, kinds: &Kinds) -> anyhow::Result<Status> {
    let band = band(args);
    let size = args.size.unwrap_or(9);
    if !(4..=16).contains(&size) {
        bail!("variant puzzles are generated from 4×4 to 16×16, not {size}×{size}");
    }
    if let Some(problem) = givens_problem(&kinds.0, size, args.givens) {
        bail!("--givens: {problem}");
    }
    let seed = crate::commands::seed_or_clock(args.seed);
    let options = Options {
        symmetry: args.symmetry,
        minimal: args.minimal,
        killer_givens: args.killer_givens,
        givens: args.givens,
        hide_totals: args.hide_totals,
        rating: band.map(|(low, high)| low..=high),
        max_attempts: args.max_attempts.min(1_000),
        ..Options::new(size, kinds.0.clone())
    };
    let generator = Generator::new(options, seed);
    let run = Run {
        args,
        batch: BATCH,
        rating: band,
        max_attempts: generator.options().max_attempts,
    };
    run.make(
        |i, stop| generator.puzzle_within(i, stop),
        |out, i, g| write(out, args, i, g),
    )
}

fn write(out: &mut dyn Write, args: &GenerateArgs, i: u64, g: &Generated) -> anyhow::Result<()> {
    let p = &g.puzzle;
    let n = p.size();
    let solution = || -> String {
        let sep = if n > 9 { " " } else { "" };
        g.solution
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    match args.format {
        Format::Json => {
            let kinds: Vec<&str> = args
                .variant
                .iter()
                .flat_map(|k| k.0.iter().map(|k| k.name()))
                .collect();
            let mut o = json!({
                "index": i,
                "size": n,
                "kinds": kinds,
                "givens": p.givens().iter().filter(|&&d| d != 0).count(),
                "constraints": p.constraints().len(),
                "attempts": g.attempts,
                "payload": fpuzzles::to_payload(p)?,
                "text": text::to_text(p),
            });
            if args.with_solution {
                o["solution"] = json!(solution());
            }
            if let Some(r) = &g.rating {
                o["er"] = json!(r.er);
                o["level"] = json!(r.level);
            }
            writeln!(out, "{o}")?;
        }
        Format::Grid => writeln!(out, "{}", text::to_text(p).trim_end())?,
        Format::Line | Format::Csv => {
            let form = args.to.write(p)?;
            // The text form takes several lines: its solution only goes in JSON.
            let with_solution = args.with_solution && args.to != ConvertTo::Text;
            if args.format == Format::Csv {
                let mut w = csv::Writer::from_writer(&mut *out);
                if i == 0 {
                    let mut header = vec!["index", "puzzle"];
                    header.extend(with_solution.then_some("solution"));
                    w.write_record(&header)?;
                }
                let mut row = vec![i.to_string(), form.trim_end().to_owned()];
                row.extend(with_solution.then(solution));
                w.write_record(&row)?;
                w.flush()?;
            } else if with_solution {
                writeln!(out, "{} {}", form.trim_end(), solution())?;
            } else {
                writeln!(out, "{}", form.trim_end())?;
                if args.to == ConvertTo::Text {
                    writeln!(out)?;
                }
            }
        }
    }
    Ok(())
}
