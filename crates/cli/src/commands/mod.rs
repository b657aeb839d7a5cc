//! One file per subcommand. Each reads puzzles, calls the library and writes results; the
//! loop they share is [`each_puzzle`].
//!
//! The loop splits the input into puzzle records on the main thread (cheap), then reads,
//! validates, solves and formats a batch of records on every core, and writes the batch's
//! outputs in input order before taking the next batch: memory stays bounded by the batch.

pub mod bench;
pub mod canon;
pub mod check;
pub mod convert;
pub mod count;
pub mod dedup;
pub mod docs;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod rate;
pub mod serve;
pub mod setter;
pub mod solve;
pub mod transform;

use std::collections::{BTreeMap, VecDeque};
use std::sync::mpsc;

use anyhow::Context;
use nsudoku::format::Style;
use std::time::{Duration, Instant};

use nsudoku::{Error, Grid, Helpers, Solutions, Stop};
use rayon::prelude::*;

use crate::cli::{Format, InputArgs, SearchArgs};
use crate::input::{Item, Location, for_each_record, paths, read_options, total_size, validated};
use crate::output::{Out, Seen, Status, Writer};
use crate::progress::Progress;

/// The solutions of a grid with the engine asked for, given up after the timeout from now.
pub fn solutions(grid: &Grid, search: &SearchArgs) -> Solutions {
    let stop = Stop {
        deadline: search.timeout.and_then(|t| Instant::now().checked_add(t)),
        progress: Some(search.guesses.clone()),
        helpers: search.helpers.get().cloned(),
        ..Stop::default()
    };
    Solutions::new(grid, search.engine.into()).with_stop(stop)
}

/// Which puzzle a result speaks of, for its JSON fields (`size`, `box`, …), built only when
/// JSON is written.
#[derive(Clone, Copy)]
pub enum Described<'a> {
    Classic(&'a Grid),
    Variant(&'a nsudoku::variant::Puzzle),
}

impl Described<'_> {
    /// The puzzle's fields in a JSON result.
    pub fn fields(self) -> serde_json::Value {
        match self {
            Described::Classic(grid) => crate::output::shape_fields(grid),
            Described::Variant(puzzle) => crate::variant::fields(puzzle),
        }
    }
}

/// A search's solutions as the commands use them, for classic and variant puzzles alike.
pub trait Search {
    /// The next solution, as a grid to print.
    fn next_grid(&mut self) -> Option<Grid>;
    /// Whether there is another solution (found without building it).
    fn another(&mut self) -> bool;
    /// Counts the remaining solutions, stopping at `limit`.
    fn count_up_to(&mut self, limit: usize) -> nsudoku::Count;
    /// Whether the stop ended the search.
    fn interrupted(&self) -> bool;
    /// Guesses so far.
    fn guesses(&self) -> u64;
}

impl Search for Solutions {
    fn next_grid(&mut self) -> Option<Grid> {
        self.next()
    }
    fn another(&mut self) -> bool {
        self.next_values().is_some()
    }
    fn count_up_to(&mut self, limit: usize) -> nsudoku::Count {
        Solutions::count_up_to(self, limit)
    }
    fn interrupted(&self) -> bool {
        Solutions::interrupted(self)
    }
    fn guesses(&self) -> u64 {
        Solutions::guesses(self)
    }
}

/// A variant puzzle's solutions, printed in its grid's boxes.
pub struct VariantSearch {
    solutions: nsudoku::solve::puzzle::Solutions,
    shape: nsudoku::Shape,
}

impl VariantSearch {
    /// The solutions of `puzzle`, given up as `search` says.
    pub fn new(puzzle: &nsudoku::variant::Puzzle, search: &SearchArgs) -> VariantSearch {
        VariantSearch {
            solutions: puzzle.solutions().with_stop(crate::variant::stop(search)),
            shape: crate::variant::display_shape(puzzle),
        }
    }
}

impl Search for VariantSearch {
    fn next_grid(&mut self) -> Option<Grid> {
        let values = self.solutions.next_values()?;
        Some(Grid::from_values(self.shape, values).unwrap_or_else(|_| Grid::empty(self.shape)))
    }
    fn another(&mut self) -> bool {
        self.solutions.next_values().is_some()
    }
    fn count_up_to(&mut self, limit: usize) -> nsudoku::Count {
        self.solutions.count_up_to(limit)
    }
    fn interrupted(&self) -> bool {
        self.solutions.interrupted()
    }
    fn guesses(&self) -> u64 {
        self.solutions.guesses()
    }
}

/// Why the engine asked for cannot solve `grid`, if it cannot.
pub fn unfit_engine(grid: &Grid, search: &SearchArgs) -> Option<String> {
    (search.engine == crate::cli::EngineArg::Fast9 && grid.shape() != nsudoku::Shape::CLASSIC).then(
        || {
            format!(
                "--engine fast9 solves 9×9 grids with 3x3 boxes only, and this one is {n}×{n} \
                 with {shape} boxes (the default engine, auto, takes every shape)",
                n = grid.side(),
                shape = grid.shape()
            )
        },
    )
}

/// A stop for logical reasoning on one puzzle: `timeout` from now.
pub fn logic_stop(timeout: Duration) -> Stop {
    Stop {
        deadline: Instant::now().checked_add(timeout),
        ..Stop::default()
    }
}

/// The number of solutions up to 2 (0, 1 or 2: none, unique, several), or `None` when the
/// stop fired first.
pub fn count_within(grid: &Grid, stop: &Stop) -> Option<usize> {
    let mut solutions = Solutions::new(grid, nsudoku::Engine::Auto).with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    (!solutions.interrupted()).then_some(count)
}

/// The seed asked for, or one from the clock, said on stderr so that the run can be repeated.
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let seed = now.as_nanos() as u64;
        warn!("nsudoku: seed {seed}");
        seed
    })
}

/// Puzzles handed to the threads at once (the first batch, doubling up to the most), and the
/// most text a batch may hold.
const FIRST_BATCH: usize = 64;
const BATCH_PUZZLES: usize = 1024;
const BATCH_BYTES: usize = 8 << 20;
/// Batches handed to the threads and not yet written.
const IN_FLIGHT: usize = 4;
/// The most puzzles a thread takes at a time from a batch, writing into one buffer: fewer in a
/// small batch, so that every thread has some (a batch makes at least four chunks a thread).
const CHUNK: usize = 64;

/// The puzzles of a chunk of a batch of `puzzles` on `threads` threads.
fn chunk_size(puzzles: usize, threads: usize) -> usize {
    (puzzles / (4 * threads.max(1))).clamp(1, CHUNK)
}

/// How a run of [`each_puzzle`] goes.
#[derive(Clone, Copy, Debug)]
pub struct Run<'a> {
    /// Worker threads (0: every core).
    pub threads: usize,
    /// The search options, whose counter ([`SearchArgs::guesses`]) the progress line shows,
    /// so that a long search is seen to move.
    pub search: Option<&'a SearchArgs>,
    /// One puzzle at a time, each output written as it grows ([`Out::streaming`]): for
    /// outputs with no bound, such as every solution of a puzzle.
    pub stream: bool,
    /// Clashing digits make a puzzle invalid (not for a player's grid checked against its
    /// givens, where a clash is a mistake to point out).
    pub clashes_invalid: bool,
    /// The columns the command adds to CSV output (`-f csv`), taken from its JSON objects
    /// (see [`Out::csv`]).
    pub columns: &'static [&'static str],
    /// Keep only the first output of each key ([`Out::keyed`]), remembering at most this many
    /// keys, and say on stderr how many were dropped (`dedup`).
    pub distinct: Option<usize>,
}

impl Run<'_> {
    /// A run on `threads` threads, without search options.
    pub fn threads(threads: usize) -> Run<'static> {
        Run {
            threads,
            search: None,
            stream: false,
            clashes_invalid: true,
            columns: &["status", "errors"],
            distinct: None,
        }
    }

    /// The same run, adding these columns to CSV output.
    pub fn columns(self, columns: &'static [&'static str]) -> Self {
        Run { columns, ..self }
    }
}

/// A puzzle as a command sees it: a classic grid (or its problems), or a variant puzzle (or
/// its problems).
pub enum Input {
    Classic(Result<Grid, Vec<Error>>),
    Variant(Result<nsudoku::variant::fpuzzles::Read, Vec<nsudoku::variant::Error>>),
}

/// Runs `each` on every classic puzzle of the inputs as `how` says, and writes the outputs in
/// input order; a variant puzzle is refused with a word (`command` does not take them yet);
/// returns the exit status.
pub fn each_puzzle<F>(
    input: &InputArgs,
    format: Format,
    how: Run<'_>,
    command: &str,
    each: F,
) -> anyhow::Result<Status>
where
    F: Fn(&mut Out, Result<Grid, Vec<Error>>) + Sync,
{
    each_input(input, format, how, |out, puzzle| match puzzle {
        Input::Classic(result) => each(out, result),
        Input::Variant(_) => out.unfit(&format!(
            "{command} does not take variant puzzles yet (solve, count, check, convert and \
             bench do)"
        )),
    })
}

/// Runs `each` on every puzzle of the inputs, classic or variant, as `how` says, and writes
/// the outputs in input order; returns the exit status.
pub fn each_input<F>(
    input: &InputArgs,
    format: Format,
    how: Run<'_>,
    each: F,
) -> anyhow::Result<Status>
where
    F: Fn(&mut Out, Input) + Sync,
{
    let Run {
        threads,
        search,
        stream,
        clashes_invalid,
        columns,
        distinct,
    } = how;
    let ignore_unknown = input.ignore_unknown;
    let options = read_options(input)?;
    let column = input.column.as_deref();
    let pool = worker_pool(if stream { 1 } else { threads })?;
    if let Some(search) = search {
        // A long search may borrow the threads left idle (a lone hard puzzle races on them).
        let _ = search.helpers.set(helpers(pool.current_num_threads()));
    }
    let paths = paths(input);
    let counter = search.map(|s| (s.guesses.clone(), "guesses"));
    let mut progress = Progress::new("puzzles", total_size(&paths), counter);
    let style = Style {
        alphabet: options.alphabet.clone(),
        empty: '.',
    };
    let colour = format == Format::Grid && crate::output::stdout_colour();
    let run = |records: &[(Location, Option<Item>)]| {
        let first = records.first().map(|(at, _)| at.clone());
        let mut out = Out::new(format, style.clone(), first.unwrap_or_default());
        if stream {
            out = out.streaming();
        }
        if format == Format::Csv {
            out = out.csv(columns);
        }
        out.colour = colour;
        for (at, record) in records {
            let Some(record) = record else {
                // A CSV record without its puzzle.
                out.start(at.clone(), '.');
                let problem = at.csv.as_ref().and_then(|r| r.problem.clone());
                out.unfit(problem.as_deref().unwrap_or("no puzzle"));
                continue;
            };
            let _busy = search.and_then(|s| s.helpers.get()).map(Helpers::busy);
            match record {
                Item::Classic(record) => {
                    let entry = record.read(&options);
                    out.start(at.clone(), entry.empty);
                    each(
                        &mut out,
                        Input::Classic(if clashes_invalid {
                            validated(entry)
                        } else {
                            entry.result
                        }),
                    );
                }
                Item::Variant(text) => {
                    out.start(at.clone(), '.');
                    each(
                        &mut out,
                        Input::Variant(crate::variant::read(text, ignore_unknown)),
                    );
                }
            }
        }
        out
    };

    let mut writer = Writer::new().with_progress(progress.bar());
    writer.seen = distinct.map(|max| Seen::new(max, format == Format::Json));
    let result = if pool.current_num_threads() == 1 {
        // One thread: no pool, no batches.
        for_each_record(&paths, &options, column, |at, record, bytes| {
            progress.read(1, bytes);
            if stream {
                // What is written first goes first.
                writer.flush()?;
            }
            Ok(writer.write(run(&[(at, record)]))?)
        })
    } else {
        // The main thread reads and splits the input into batches and hands each to the pool
        // as soon as it is full, then writes the outputs of the batches done, in input order.
        // Up to `IN_FLIGHT` batches are queued, so the workers have work while the main thread
        // (which shares their cores) reads; the first batches are small so that they start at
        // once. Each batch comes back with its outputs, to be freed here ([`Done`]).
        let threads = pool.current_num_threads();
        pool.in_place_scope(|scope| {
            let mut in_flight: VecDeque<InFlight> = VecDeque::new();
            let mut submit =
                |batch: Vec<(Location, Option<Item>)>, writer: &mut Writer| -> anyhow::Result<()> {
                    let (tx, rx) = mpsc::channel();
                    let run = &run;
                    let chunk = chunk_size(batch.len(), threads);
                    in_flight.push_back(InFlight::new(rx, batch.len().div_ceil(chunk)));
                    scope.spawn(move |_| {
                        batch.par_chunks(chunk).enumerate().for_each_with(
                            tx.clone(),
                            |tx, (k, records)| {
                                let _ = tx.send(Done::Chunk(k, Box::new(run(records))));
                            },
                        );
                        let _ = tx.send(Done::Batch(batch));
                    });
                    write_done(&mut in_flight, IN_FLIGHT, writer)
                };
            let mut batch: Vec<(Location, Option<Item>)> = Vec::with_capacity(FIRST_BATCH);
            let (mut batch_bytes, mut read_bytes, mut size) = (0, 0, FIRST_BATCH);
            let read = for_each_record(&paths, &options, column, |at, record, bytes| {
                read_bytes += bytes;
                batch_bytes += record.as_ref().map_or(0, Item::text_len);
                batch.push((at, record));
                if batch.len() >= size || batch_bytes >= BATCH_BYTES {
                    progress.read(batch.len() as u64, std::mem::take(&mut read_bytes));
                    size = (size * 2).min(BATCH_PUZZLES);
                    batch_bytes = 0;
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(size));
                    submit(full, &mut writer)?;
                }
                Ok(())
            });
            progress.read(batch.len() as u64, read_bytes);
            progress.all_read();
            let last = std::mem::take(&mut batch);
            let done = read.and_then(|failed| submit(last, &mut writer).map(|()| failed));
            let written = write_done(&mut in_flight, 0, &mut writer);
            done.and_then(|failed| written.map(|()| failed))
        })
    };
    drop(progress);
    let flushed = writer.flush();
    if let Some(seen) = &writer.seen {
        warn!("nsudoku: {seen}");
    }
    if result? {
        writer.status = writer.status.max(Status::InputError);
    }
    flushed?;
    Ok(writer.status)
}

/// The threads of [`each_puzzle`] and `generate`: `threads` of them (0: one per CPU). When
/// they take every CPU this process may run on, each stays on its own CPU. Left to itself,
/// Linux was seen to queue both workers of a two-CPU machine on one CPU for 4 ms slices, up to
/// 35 ms in an 80 ms run, while the other CPU ran only the reading thread's short bursts
/// (`perf sched`); pinned, `solve -j 2` of 49,158 puzzles is 3–9 % faster
/// (`docs/research/batch.md`). The reading thread is not pinned, and a pool smaller than the
/// machine is left to the scheduler.
///
/// More than four threads a CPU only adds threads to start and memory for the searches that
/// borrow them ([`nsudoku::Helpers`]), not speed: `threads` is capped there, with a word.
pub fn worker_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    let cpus_here = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = 4 * cpus_here;
    let count = match threads {
        0 => cpus_here,
        n if n > most => {
            warn!("nsudoku: -j {n}: running {most} threads (four per CPU)");
            most
        }
        n => n,
    };
    let cpus = core_affinity::get_core_ids().unwrap_or_default();
    let pin = pins(count, cpus.len());
    rayon::ThreadPoolBuilder::new()
        .num_threads(count)
        .start_handler(move |i| {
            if let Some(&cpu) = cpus.get(i).filter(|_| pin) {
                core_affinity::set_for_current(cpu);
            }
        })
        .build()
        .context("cannot start threads")
}

/// `threads` idle threads for long searches to borrow. A borrowed thread starts on the CPUs
/// this process may use, not on the one CPU of the pinned worker that starts it (where it
/// would only share that worker's time).
fn helpers(threads: usize) -> Helpers {
    let helpers = Helpers::new(threads);
    #[cfg(target_os = "linux")]
    {
        use nix::sched::{sched_getaffinity, sched_setaffinity};
        use nix::unistd::Pid;
        // Read on the main thread, which is never pinned.
        if let Ok(cpus) = sched_getaffinity(Pid::from_raw(0)) {
            return helpers.on_thread_start(move || {
                let _ = sched_setaffinity(Pid::from_raw(0), &cpus);
            });
        }
    }
    helpers
}

/// Whether a pool of `threads` threads, on a process allowed `cpus` CPUs, pins one to each.
fn pins(threads: usize, cpus: usize) -> bool {
    threads > 1 && threads == cpus
}

/// [`each_puzzle`] for commands that work on valid grids only: a puzzle that cannot be read or
/// has clashing clues is reported as invalid and `each` sees the rest.
pub fn each_grid<F>(
    input: &InputArgs,
    format: Format,
    how: Run<'_>,
    command: &str,
    each: F,
) -> anyhow::Result<Status>
where
    F: Fn(&mut Out, Grid) + Sync,
{
    each_puzzle(input, format, how, command, |out, result| match result {
        Ok(grid) => each(out, grid),
        Err(errors) => out.invalid(&errors),
    })
}

/// What the threads send back for a batch: each chunk's output as it is done, with its place in
/// the batch, then the batch's records (freed by the thread that read them: memory freed on
/// another thread goes to that thread's cache, and the reading thread would allocate afresh).
enum Done {
    Chunk(usize, Box<Out>),
    Batch(Vec<(Location, Option<Item>)>),
}

/// A batch handed to the threads: its chunks' outputs not yet written, kept until those before
/// them are, so that the outputs go out in input order as soon as they can.
struct InFlight {
    rx: mpsc::Receiver<Done>,
    chunks: usize,
    written: usize,
    waiting: BTreeMap<usize, Box<Out>>,
    records_back: bool,
}

impl InFlight {
    fn new(rx: mpsc::Receiver<Done>, chunks: usize) -> InFlight {
        InFlight {
            rx,
            chunks,
            written: 0,
            waiting: BTreeMap::new(),
            records_back: false,
        }
    }

    fn take(&mut self, done: Done) {
        match done {
            Done::Chunk(k, out) => {
                self.waiting.insert(k, out);
            }
            Done::Batch(_records) => self.records_back = true,
        }
    }

    /// Writes the chunks whose predecessors are all written.
    fn write_ready(&mut self, writer: &mut Writer) -> anyhow::Result<()> {
        while let Some(out) = self.waiting.remove(&self.written) {
            writer.write(*out)?;
            self.written += 1;
        }
        Ok(())
    }

    fn finished(&self) -> bool {
        self.records_back && self.written == self.chunks
    }
}

/// Writes the outputs of the oldest batches, in order, chunk by chunk as they are done; waits
/// for more until at most `keep` batches are still in flight.
fn write_done(
    in_flight: &mut VecDeque<InFlight>,
    keep: usize,
    writer: &mut Writer,
) -> anyhow::Result<()> {
    let mut queued = in_flight.len();
    while let Some(front) = in_flight.front_mut() {
        loop {
            match front.rx.try_recv() {
                Ok(done) => front.take(done),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) if front.records_back => break,
                Err(mpsc::TryRecvError::Disconnected) => anyhow::bail!("a worker thread stopped"),
            }
        }
        front.write_ready(writer)?;
        if front.finished() {
            in_flight.pop_front();
            queued -= 1;
            continue;
        }
        if queued <= keep {
            return Ok(());
        }
        // What is written so far is seen while the threads work on.
        writer.flush()?;
        let done = front.rx.recv().context("a worker thread stopped")?;
        front.take(done);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, chunk_size, pins};

    #[test]
    fn a_small_batch_is_shared_by_every_thread() {
        // The first batch of 64 slow puzzles (explain on 25×25) on two threads: 16 chunks.
        assert_eq!(chunk_size(64, 2), 8);
        assert_eq!(chunk_size(3, 8), 1);
        assert_eq!(chunk_size(0, 2), 1);
        // Large batches: the most a chunk takes.
        assert_eq!(chunk_size(1024, 2), CHUNK);
        assert_eq!(chunk_size(100_000, 0), CHUNK);
    }

    #[test]
    fn threads_are_pinned_only_when_they_take_every_cpu() {
        assert!(pins(2, 2));
        assert!(pins(64, 64));
        // One thread: nothing to keep apart. Fewer threads than CPUs, or more: the scheduler
        // places them.
        assert!(!pins(1, 1));
        assert!(!pins(2, 4));
        assert!(!pins(4, 2));
        // No affinity mask could be read.
        assert!(!pins(2, 0));
    }
}
