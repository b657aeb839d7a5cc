//! `nsudoku setter`: what a setter asks of each puzzle (the library's `setter::analyse`): the
//! clues of a unique puzzle that could go, a minimal set; the ambiguity of one with several
//! solutions and the givens that would fix it.

use std::time::Instant;

use nsudoku::setter::{self, Analysis, Clue, FixOptions, Options};
use nsudoku::variant::Puzzle;
use nsudoku::variant::text::to_text;
use nsudoku::{Grid, Stop};
use serde_json::json;

use crate::cli::{Format, SetterArgs};
use crate::output::{Out, Status, merge};
use crate::variant;

use super::{Described, Input, Run};

pub fn run(args: &SetterArgs) -> anyhow::Result<Status> {
    let seed = args.minimal.then(|| super::seed_or_clock(args.seed));
    let options = Options {
        minimal: seed,
        fixes: FixOptions {
            limit: args.limit,
            fixes: args.fixes,
            ..FixOptions::default()
        },
    };
    let how = Run::threads(args.run.threads).columns(&["status", "redundant", "count", "errors"]);
    super::each_input(
        &args.input,
        args.output.format.into(),
        how,
        |out, input| match input {
            Input::Classic(Err(errors)) => out.invalid(&errors),
            Input::Classic(Ok(grid)) => match Puzzle::from_grid(&grid) {
                Ok(puzzle) => analyse(out, &puzzle, Described::Classic(&grid), &options, args),
                Err(_) => out.unfit(&format!(
                    "setter takes grids up to {m}×{m}, not {n}×{n}",
                    m = nsudoku::variant::MAX_SIDE,
                    n = grid.side()
                )),
            },
            Input::Variant(Err(errors)) => variant::invalid(out, &errors),
            Input::Variant(Ok(read)) => {
                variant::warnings(out, &read);
                if variant::broken_givens(out, &read.puzzle) {
                    return;
                }
                let p = &read.puzzle;
                analyse(out, p, Described::Variant(p), &options, args);
            }
        },
    )
}

fn analyse(
    out: &mut Out,
    puzzle: &Puzzle,
    described: Described,
    options: &Options,
    args: &SetterArgs,
) {
    let stop = Stop {
        deadline: args.timeout.and_then(|t| Instant::now().checked_add(t)),
        ..Stop::default()
    };
    let analysis = setter::analyse(puzzle, options, &stop);
    // Not unique, or not all checked in time.
    let complete = match &analysis {
        Analysis::Unique(clues) => {
            clues.complete() && clues.minimal.as_ref().is_none_or(|m| m.minimal)
        }
        _ => false,
    };
    if !complete {
        out.fail(Status::Unsolved);
    }
    if out.format == Format::Json {
        let mut fields = setter::json::analysis(puzzle, &analysis);
        if let (Some(seed), Some(m)) = (options.minimal, fields.get_mut("minimal")) {
            m["seed"] = json!(seed);
        }
        return out.json(merge([fields, described.fields()]));
    }
    let givens = variant::grid_of(puzzle, puzzle.givens());
    match &analysis {
        Analysis::NoSolution => out.comment("no solution"),
        Analysis::Interrupted => out.comment("timed out before the number of solutions was known"),
        Analysis::Unique(clues) => {
            let all = clues.checks.len();
            let can = clues.redundant().count();
            let unknown = clues
                .checks
                .iter()
                .filter(|c| c.redundant.is_none())
                .count();
            let late = if unknown > 0 {
                format!("; timed out with {unknown} not checked")
            } else {
                String::new()
            };
            out.comment(&format!("unique; {can} of {all} clues can go alone{late}"));
            // A cage that can go takes its total: the total is not listed again.
            let gone: Vec<Clue> = clues.redundant().collect();
            for &clue in &gone {
                if !matches!(clue, Clue::Total(i) if gone.contains(&Clue::Constraint(i))) {
                    out.text(&describe(puzzle, clue));
                }
            }
            if let (Some(m), Some(seed)) = (&clues.minimal, options.minimal) {
                let what = if m.minimal {
                    "a minimal set"
                } else {
                    "timed out: a smaller set, perhaps not minimal,"
                };
                out.comment(&format!(
                    "{what} of clues (seed {seed}): {} taken away",
                    m.removed.len()
                ));
                show(out, &m.puzzle, &givens);
            }
        }
        Analysis::Several(a) => {
            let count = match &a.estimate {
                Some(e) if !a.count.exact => format!("{} solutions, {e}", a.count),
                _ => format!("{} solutions", a.count),
            };
            let cells: Vec<String> = a.differ.iter().map(ToString::to_string).collect();
            out.comment(&format!(
                "{count}; the first two differ in {}",
                cells.join(" ")
            ));
            for s in &a.solutions {
                out.solution(&variant::grid_of(puzzle, s), Some(&givens));
            }
            let fixes: Vec<String> = a
                .fixes
                .iter()
                .map(|f| {
                    let about = if f.exact { "" } else { "about " };
                    format!("{} = {} ({about}{})", f.cell, f.digit, f.count)
                })
                .collect();
            let unique = match a.unique_fixes {
                Some(k) => format!("; {k} make it unique"),
                None => String::new(),
            };
            if fixes.is_empty() {
                out.comment("no given found in time that cuts the count");
            } else {
                out.comment(&format!(
                    "givens that fix it (solutions left): {}{unique}",
                    fixes.join(", ")
                ));
            }
        }
        _ => out.comment("not analysed"),
    }
}

/// A clue that can go, for the text output: `r1c3 = 4`, `killer 15 r1c1-2 (rule 3)`.
fn describe(puzzle: &Puzzle, clue: Clue) -> String {
    match clue {
        Clue::Given { .. } => clue.text(puzzle),
        Clue::Constraint(i) | Clue::Total(i) => format!("{} (rule {})", clue.text(puzzle), i + 1),
    }
}

/// A puzzle found: a classic one as a grid line, a variant one in the text form.
fn show(out: &mut Out, puzzle: &Puzzle, givens: &Grid) {
    match puzzle.classic() {
        Some(grid) if puzzle.candidates().is_none() => out.solution(&grid, Some(givens)),
        _ => out.text(to_text(puzzle).trim_end()),
    }
}
