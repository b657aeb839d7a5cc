//! `nsudoku bench`: single-threaded throughput per file, as a markdown table.
//!
//! Like tdoku's harness: puzzles are loaded (optionally permuted and cycled to a fixed number),
//! written back as lines, then timed as parse + solve (count up to 2, or the first solution)
//! after a warm-up, over whole passes; the solutions are checked after the clock stops.

use std::hint::black_box;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use nsudoku::canon::Canonicalizer;
use nsudoku::format::Style;
use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::transform::Transform;
use nsudoku::{Engine, Grid, Solutions};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::cli::BenchArgs;
use crate::input::{Item, VariantText, printable, read_options, read_path};
use crate::output::Status;
use crate::progress::spinner;

/// What one pass over the puzzles measured.
#[derive(Default)]
struct Pass {
    solutions: usize,
    guesses: u64,
    guessless: usize,
}

/// The most text the timed puzzles may take (`--expand` copies of a file's lines): the
/// timed loop holds them all.
const MAX_TEXT: usize = 512 << 20;

pub fn run(args: &BenchArgs) -> anyhow::Result<Status> {
    let options = read_options(&args.input)?;
    // Files, or standard input (`-` or none), as every command reads.
    let files = crate::input::paths(&args.input);
    let mode = match (args.canon, args.first) {
        (true, _) => "canon",
        (false, true) => "first",
        (false, false) => "count up to 2",
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let table = Table::new(&files);
    table.header(&mut out)?;
    out.flush()?;
    let mut status = Status::Success;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let spinner = spinner();
    for path in &files {
        let name = printable(&path.display().to_string()).into_owned();
        spinner.set_message(format!("{name}: reading"));
        let (grids, variants) = load(
            path,
            &name,
            &options,
            args.input.column.as_deref(),
            &mut status,
        )?;
        if !variants.is_empty() {
            let rows = variant_bench(&variants, args, &name, &spinner, &mut status);
            spinner.suspend(|| -> io::Result<()> {
                table.row(&mut out, &rows.row(base_name(path)))?;
                if args.each {
                    rows.each(&mut out)?;
                }
                out.flush()
            })?;
            continue;
        }
        if grids.is_empty() {
            warn!("nsudoku: {name}: no valid puzzle, skipped");
            status = status.max(Status::InputError);
            continue;
        }
        let lines = prepare(&grids, args, &mut rng)?;
        let engine: Engine = args.engine.into();
        let limit = if args.first { 1 } else { 2 };
        let mut work = if args.canon {
            Work::Canon(Box::new(Canonicalizer::new()))
        } else {
            Work::Solve(Solutions::new(&grids[0], engine))
        };

        spinner.set_message(format!(
            "{name}: {} puzzles, warming up for {} s",
            lines.len(),
            args.warmup.as_secs_f64()
        ));
        let warm = Instant::now();
        while warm.elapsed() < args.warmup {
            for chunk in lines.chunks(1024) {
                pass(chunk, &options, &mut work, limit);
                if warm.elapsed() >= args.warmup {
                    break;
                }
            }
        }
        spinner.set_message(format!(
            "{name}: timing whole passes for {} s ({mode})",
            args.secs.as_secs_f64()
        ));
        let start = Instant::now();
        let mut passes = 0;
        let mut stats = Pass::default();
        while passes == 0 || start.elapsed() < args.secs {
            let p = pass(&lines, &options, &mut work, limit);
            if passes == 0 {
                stats = p;
            }
            passes += 1;
        }
        let elapsed = start.elapsed().as_secs_f64();
        let rate = (passes * lines.len()) as f64 / elapsed;
        spinner.set_message(format!("{name}: checking the solutions"));
        let checked = match work {
            Work::Solve(_) => verify(&lines, &options, limit, stats.solutions),
            Work::Canon(_) => Ok(()),
        };
        if let Err(e) = checked {
            warn!("nsudoku: {name}: {e}");
            status = status.max(Status::Unsolved);
        }
        let n = lines.len() as f64;
        let (no_guess, guesses) = match work {
            Work::Solve(_) => (
                format!("{:.1}", 100.0 * stats.guessless as f64 / n),
                format!("{:.2}", stats.guesses as f64 / n),
            ),
            Work::Canon(_) => ("-".to_owned(), "-".to_owned()),
        };
        spinner.suspend(|| -> io::Result<()> {
            table.row(
                &mut out,
                &[
                    base_name(path),
                    lines.len().to_string(),
                    mode.to_owned(),
                    format!("{rate:.0}"),
                    format!("{:.2}", 1e6 / rate),
                    no_guess,
                    guesses,
                ],
            )?;
            out.flush()
        })?;
    }
    spinner.finish_and_clear();
    Ok(status)
}

/// The file's name without its folder.
fn base_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || printable(&path.display().to_string()).into_owned(),
        |f| printable(&f.to_string_lossy()).into_owned(),
    )
}

/// The results as a markdown table whose columns line up (readable in a terminal, and
/// markdown all the same): the file column as wide as the longest name.
struct Table {
    widths: [usize; 7],
}

impl Table {
    const HEADER: [&str; 7] = [
        "file",
        "puzzles",
        "mode",
        "puzzles/s",
        "µs/puzzle",
        "% no guess",
        "guesses/puzzle",
    ];

    fn new(files: &[std::path::PathBuf]) -> Table {
        let mut widths = Self::HEADER.map(|h| h.chars().count());
        let longest = files.iter().map(|f| base_name(f).chars().count()).max();
        widths[0] = widths[0].max(longest.unwrap_or(0));
        widths[2] = widths[2].max("count up to 2".len());
        Table { widths }
    }

    fn header(&self, out: &mut impl Write) -> io::Result<()> {
        let bold = if crate::output::stdout_colour() {
            anstyle::Style::new().bold()
        } else {
            anstyle::Style::new()
        };
        self.styled_row(out, &Self::HEADER.map(str::to_owned), bold)?;
        let rule: Vec<String> = self
            .widths
            .iter()
            .enumerate()
            .map(|(i, &w)| match i {
                0 | 2 => "-".repeat(w),
                _ => format!("{}:", "-".repeat(w - 1)),
            })
            .collect();
        writeln!(out, "| {} |", rule.join(" | "))
    }

    /// Text columns (file, mode) to the left, numbers to the right.
    fn row(&self, out: &mut impl Write, cells: &[String; 7]) -> io::Result<()> {
        self.styled_row(out, cells, anstyle::Style::new())
    }

    /// A row, each cell padded then written in `style`.
    fn styled_row(
        &self,
        out: &mut impl Write,
        cells: &[String; 7],
        style: anstyle::Style,
    ) -> io::Result<()> {
        let padded: Vec<String> = cells
            .iter()
            .zip(self.widths)
            .enumerate()
            .map(|(i, (c, w))| match i {
                0 | 2 => format!("{style}{c:<w$}{style:#}"),
                _ => format!("{style}{c:>w$}{style:#}"),
            })
            .collect();
        writeln!(out, "| {} |", padded.join(" | "))
    }
}

fn load(
    path: &Path,
    name: &str,
    options: &ReadOptions,
    column: Option<&str>,
    status: &mut Status,
) -> anyhow::Result<(Vec<Grid>, Vec<VariantText>)> {
    let mut grids = Vec::new();
    let mut variants = Vec::new();
    let mut text = 0;
    read_path(path, options, column, |line, record, csv, _| {
        let read = match record {
            Some(Item::Classic(record)) => crate::input::validated(record.read(options)),
            Some(Item::Variant(text)) => {
                variants.push(text);
                return Ok(());
            }
            None => {
                let problem = csv.and_then(|r| r.problem.clone()).unwrap_or_default();
                *status = (*status).max(Status::InputError);
                warn!("nsudoku: {name}:{line}: {problem} (skipped)");
                return Ok(());
            }
        };
        match read {
            Ok(grid) => {
                // Two bytes a cell, or a byte a candidate place of a pencil-mark puzzle.
                let cells = grid.values().len();
                text += match grid.pencil_marks() {
                    Some(_) => cells * grid.side(),
                    None => 2 * cells,
                };
                if text > MAX_TEXT {
                    bail!("more than {} MiB of puzzles to time", MAX_TEXT >> 20);
                }
                grids.push(grid);
            }
            Err(errors) => {
                *status = (*status).max(Status::InputError);
                warn!("nsudoku: {name}:{line}: {} (skipped)", errors[0]);
            }
        }
        Ok(())
    })
    .with_context(|| name.to_owned())?;
    Ok((grids, variants))
}

/// The lines to time: each puzzle (permuted with `--shuffle`), cycled to `--expand`; at most
/// [`MAX_TEXT`] bytes of them. A pencil-mark puzzle is written with its candidates, `N`
/// characters a cell.
fn prepare(grids: &[Grid], args: &BenchArgs, rng: &mut SmallRng) -> anyhow::Result<Vec<String>> {
    let style = Style::default();
    let line = |grid: &Grid| style.pencil_line(grid).unwrap_or_else(|| style.line(grid));
    let n = args.expand.max(grids.len());
    let cells = |g: &Grid| {
        g.values().len()
            * if g.pencil_marks().is_some() {
                g.side()
            } else {
                1
            }
    };
    let mean = grids.iter().map(|g| cells(g) + 1).sum::<usize>() / grids.len();
    // Each line is its text and a `String` of 24 bytes.
    if n.saturating_mul(mean + 24) > MAX_TEXT {
        bail!(
            "--expand {n}: {n} puzzles of {mean} characters would take more than {} MiB",
            MAX_TEXT >> 20
        );
    }
    Ok((0..n)
        .map(|k| {
            let grid = &grids[k % grids.len()];
            if args.shuffle {
                line(&Transform::random(grid.shape(), rng).apply(grid))
            } else {
                line(grid)
            }
        })
        .collect())
}

/// What is timed on each puzzle after reading it: a search, or its canonical form.
enum Work {
    Solve(Solutions),
    Canon(Box<Canonicalizer>),
}

fn pass(lines: &[String], options: &ReadOptions, work: &mut Work, limit: usize) -> Pass {
    let mut p = Pass::default();
    for line in lines {
        let Ok(grid) = read_line(black_box(line), options) else {
            continue;
        };
        let solver = match work {
            Work::Solve(solver) => solver,
            Work::Canon(canon) => {
                // Forms that are their puzzle, as most of the 17-clue list is.
                p.solutions += usize::from(canon.canonical(&grid).is_ok_and(|f| f.grid == grid));
                continue;
            }
        };
        solver.reset(&grid);
        let count = solver.count_up_to(limit).count;
        p.solutions += count;
        let guesses = solver.guesses();
        p.guesses += guesses;
        p.guessless += usize::from(guesses == 0);
    }
    black_box(p)
}

/// Outside the clock: every puzzle's first solution is a solution, and the counts add up.
fn verify(
    lines: &[String],
    options: &ReadOptions,
    limit: usize,
    timed: usize,
) -> anyhow::Result<()> {
    let mut total = 0;
    for (i, line) in lines.iter().enumerate() {
        let grid = read_line(line, options).map_err(|e| anyhow::anyhow!("puzzle {i}: {}", e[0]))?;
        let mut all = grid.solutions();
        match all.next() {
            Some(s) if s.is_solution_of(&grid) => total += 1,
            Some(_) => bail!("puzzle {i}: wrong solution"),
            None => {}
        }
        if limit > 1 && all.next().is_some() {
            total += 1;
        }
    }
    if total != timed {
        bail!("the timed pass found {timed} solutions, the check {total}");
    }
    Ok(())
}

/// What timing a file of variant puzzles measured: each puzzle's median time over the passes
/// (read, then count up to 2), its guesses and its name.
struct VariantRows {
    times: Vec<f64>,
    guesses: Vec<u64>,
    names: Vec<String>,
    mode: &'static str,
}

impl VariantRows {
    /// The file's row of the table: puzzles/s over the sum of the medians.
    fn row(&self, file: String) -> [String; 7] {
        let n = self.times.len() as f64;
        let total: f64 = self.times.iter().sum();
        let guessless = self.guesses.iter().filter(|&&g| g == 0).count() as f64;
        [
            file,
            self.times.len().to_string(),
            self.mode.to_owned(),
            format!("{:.0}", n / total),
            format!("{:.2}", 1e6 * total / n),
            format!("{:.1}", 100.0 * guessless / n),
            format!("{:.2}", self.guesses.iter().sum::<u64>() as f64 / n),
        ]
    }

    /// Every puzzle's time (`--each`): a second table, and the total, median and most.
    fn each(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out)?;
        writeln!(out, "| # | puzzle | ms | guesses |")?;
        writeln!(out, "|--:|---|--:|--:|")?;
        for (i, ((t, g), name)) in self
            .times
            .iter()
            .zip(&self.guesses)
            .zip(&self.names)
            .enumerate()
        {
            writeln!(
                out,
                "| {} | {} | {:.3} | {g} |",
                i + 1,
                name.replace('|', "/"),
                t * 1e3
            )?;
        }
        let mut sorted = self.times.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        let most = sorted.last().copied().unwrap_or(0.0);
        writeln!(
            out,
            "\ntotal {:.3} s, median {:.3} ms, most {:.3} ms",
            self.times.iter().sum::<f64>(),
            median * 1e3,
            most * 1e3
        )
    }
}

/// Times each variant puzzle on this thread: read (decode and check) and count up to 2 (or
/// the first solution), in passes until `--secs`, after a pass to warm up; each puzzle's
/// median. The solution counts are checked against the first pass.
fn variant_bench(
    texts: &[VariantText],
    args: &BenchArgs,
    name: &str,
    spinner: &indicatif::ProgressBar,
    status: &mut Status,
) -> VariantRows {
    let limit = if args.first { 1 } else { 2 };
    let once = |text: &VariantText| -> Option<(usize, u64, String)> {
        let read = crate::variant::read(black_box(text), args.input.ignore_unknown).ok()?;
        let mut solutions = read.puzzle.solutions();
        let count = solutions.count_up_to(limit).count;
        let title = read.puzzle.info.title.clone().unwrap_or_default();
        Some((count, solutions.guesses(), title))
    };
    spinner.set_message(format!(
        "{name}: {} variant puzzles, warming up",
        texts.len()
    ));
    let first: Vec<Option<(usize, u64, String)>> = texts.iter().map(once).collect();
    for (text, result) in texts.iter().zip(&first) {
        if result.is_none() {
            warn!("nsudoku: {name}:{}: not a puzzle (skipped)", text.line);
            *status = (*status).max(Status::InputError);
        }
    }
    let kept: Vec<(&VariantText, &(usize, u64, String))> = texts
        .iter()
        .zip(&first)
        .filter_map(|(t, r)| r.as_ref().map(|r| (t, r)))
        .collect();
    spinner.set_message(format!(
        "{name}: timing whole passes for {} s ({})",
        args.secs.as_secs_f64(),
        if args.first { "first" } else { "count up to 2" }
    ));
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); kept.len()];
    let start = Instant::now();
    while samples.first().is_none_or(Vec::is_empty) || start.elapsed() < args.secs {
        for (k, (text, expected)) in kept.iter().enumerate() {
            let t = Instant::now();
            let got = once(text);
            samples[k].push(t.elapsed().as_secs_f64());
            if got.as_ref().map(|g| g.0) != Some(expected.0) {
                warn!(
                    "nsudoku: {name}:{}: counts differ between passes",
                    text.line
                );
                *status = (*status).max(Status::Unsolved);
            }
        }
        if kept.is_empty() {
            break;
        }
    }
    let times = samples
        .iter_mut()
        .map(|s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2]
        })
        .collect();
    VariantRows {
        times,
        guesses: kept.iter().map(|(_, r)| r.1).collect(),
        names: kept
            .iter()
            .map(|(t, r)| {
                if r.2.is_empty() {
                    format!("line {}", t.line)
                } else {
                    r.2.clone()
                }
            })
            .collect(),
        mode: if args.first { "first" } else { "count up to 2" },
    }
}
