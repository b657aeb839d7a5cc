//! One file per subcommand. Each reads puzzles, calls the library and writes results; the
//! loop they share is [`each_puzzle`].
//!
//! The loop splits the input into puzzle records on the main thread (cheap), then reads,
//! validates, solves and formats a batch of records on every core, and writes the batch's
//! outputs in input order before taking the next batch: memory stays bounded by the batch.

pub mod bench;
pub mod check;
pub mod count;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod rate;
pub mod solve;

use std::collections::VecDeque;
use std::sync::mpsc;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nsudoku::format::Style;
use nsudoku::parse::Record;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nsudoku::{Error, Grid, Solutions, Stop};
use rayon::prelude::*;

use crate::cli::{InputArgs, OutputArgs, SearchArgs};
use crate::input::{Location, for_each_record, paths, read_options, total_size, validated};
use crate::output::{Out, Status, Writer};

/// The solutions of a grid with the engine asked for, given up after the timeout from now.
pub fn solutions(grid: &Grid, search: &SearchArgs) -> Solutions {
    let stop = Stop {
        deadline: search.timeout.map(|t| Instant::now() + t),
        progress: Some(search.guesses.clone()),
        ..Stop::default()
    };
    Solutions::new(grid, search.engine.into()).with_stop(stop)
}

/// Puzzles handed to the threads at once, and the most text a batch may hold.
const BATCH_PUZZLES: usize = 1024;
const BATCH_BYTES: usize = 8 << 20;
/// Puzzles a thread takes at a time from a batch, writing into one buffer.
const CHUNK: usize = 64;

/// Runs `each` on every puzzle of the inputs, on `threads` threads (0: every core), and writes
/// the outputs in input order; returns the exit status. `search`: the search options, whose
/// counter ([`SearchArgs::guesses`]) the progress line shows, so that a long search is seen to
/// move.
pub fn each_puzzle<F>(
    input: &InputArgs,
    output: &OutputArgs,
    threads: usize,
    search: Option<&SearchArgs>,
    each: F,
) -> anyhow::Result<Status>
where
    F: Fn(&mut Out, Result<Grid, Vec<Error>>) + Sync,
{
    let options = read_options(input)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start threads")?;
    let paths = paths(input);
    let progress = progress_bar(total_size(&paths));
    let live = Arc::new(AtomicBool::new(true));
    if !progress.is_hidden() {
        // Keep the clock moving while one long puzzle holds the batch, with the guesses made.
        progress.enable_steady_tick(Duration::from_millis(250));
        if let Some(search) = search {
            let (bar, counter, live) = (progress.clone(), search.guesses.clone(), live.clone());
            std::thread::spawn(move || {
                while live.load(Ordering::Relaxed) {
                    let n = counter.load(Ordering::Relaxed);
                    if n > 0 {
                        bar.set_message(format!("{n} guesses"));
                    }
                    std::thread::sleep(Duration::from_millis(250));
                }
            });
        }
    }
    let style = Style {
        alphabet: options.alphabet.clone(),
        empty: '.',
    };
    let run = |records: &[(Location, Record)]| {
        let first = records.first().map(|(at, _)| at.clone());
        let mut out = Out::new(
            output.format,
            style.clone(),
            first.unwrap_or(Location {
                file: None,
                line: 0,
            }),
        );
        for (at, record) in records {
            let entry = record.read(&options);
            out.start(at.clone(), entry.empty);
            each(&mut out, validated(entry));
        }
        out
    };

    let mut writer = Writer::new();
    let mut batch: Vec<(Location, Record)> = Vec::with_capacity(BATCH_PUZZLES);
    let mut batch_bytes = 0;
    let result = if pool.current_num_threads() == 1 {
        // One thread: no pool, no batches.
        for_each_record(&paths, &options, |at, record, bytes| {
            progress.inc(bytes);
            Ok(writer.write(run(&[(at, record)]))?)
        })
    } else {
        // The main thread reads batch k + 1 while the pool works on batch k; at most two
        // batches are in flight, and results are written in order.
        pool.in_place_scope(|scope| {
            let mut in_flight: VecDeque<mpsc::Receiver<Vec<Out>>> = VecDeque::new();
            let submit = |batch: Vec<(Location, Record)>,
                          in_flight: &mut VecDeque<mpsc::Receiver<Vec<Out>>>,
                          writer: &mut Writer|
             -> anyhow::Result<()> {
                if in_flight.len() >= 2 {
                    write_batch(in_flight.pop_front(), writer)?;
                }
                let (tx, rx) = mpsc::channel();
                let run = &run;
                scope.spawn(move |_| {
                    let outs = batch.par_chunks(CHUNK).map(run).collect();
                    let _ = tx.send(outs);
                });
                in_flight.push_back(rx);
                Ok(())
            };
            let read = for_each_record(&paths, &options, |at, record, bytes| {
                progress.inc(bytes);
                batch_bytes += record.text_len();
                batch.push((at, record));
                if batch.len() >= BATCH_PUZZLES || batch_bytes >= BATCH_BYTES {
                    batch_bytes = 0;
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH_PUZZLES));
                    submit(full, &mut in_flight, &mut writer)?;
                }
                Ok(())
            });
            let last = std::mem::take(&mut batch);
            let mut done = read.and_then(|u| submit(last, &mut in_flight, &mut writer).map(|()| u));
            while let Some(rx) = in_flight.pop_front() {
                let written = write_batch(Some(rx), &mut writer);
                if done.is_ok() {
                    done = written.map(|()| done.unwrap_or_default());
                }
            }
            done
        })
    };
    live.store(false, Ordering::Relaxed);
    progress.finish_and_clear();
    let flushed = writer.flush();
    if result? {
        writer.status = writer.status.max(Status::InputError);
    }
    flushed?;
    Ok(writer.status)
}

/// [`each_puzzle`] for commands that work on valid grids only: a puzzle that cannot be read or
/// has clashing clues is reported as invalid and `each` sees the rest.
pub fn each_grid<F>(
    input: &InputArgs,
    output: &OutputArgs,
    threads: usize,
    search: Option<&SearchArgs>,
    each: F,
) -> anyhow::Result<Status>
where
    F: Fn(&mut Out, Grid) + Sync,
{
    each_puzzle(input, output, threads, search, |out, result| match result {
        Ok(grid) => each(out, grid),
        Err(errors) => out.invalid(&errors),
    })
}

/// Waits for a batch's outputs and writes them in order.
fn write_batch(rx: Option<mpsc::Receiver<Vec<Out>>>, writer: &mut Writer) -> anyhow::Result<()> {
    let outs = rx
        .and_then(|rx| rx.recv().ok())
        .context("a worker thread stopped")?;
    for out in outs {
        writer.write(out)?;
    }
    Ok(())
}

/// A progress bar on stderr, drawn only when stderr is a terminal: bytes of the input when its
/// size is known, else a spinner.
pub fn progress_bar(total: Option<u64>) -> ProgressBar {
    let target = ProgressDrawTarget::stderr();
    match total {
        Some(total) => ProgressBar::with_draw_target(Some(total), target).with_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {elapsed} (eta {eta}) {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::with_draw_target(None, target).with_style(
            ProgressStyle::with_template("{spinner} {bytes} read, {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    }
}
