//! A run of `nsudoku generate`, classic or variant: the puzzles made in batches on the worker
//! pool and written in order, with a progress line, a warning when a rating band is rare, and
//! one for each puzzle not found.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nsudoku::Stop;
use rayon::prelude::*;

use crate::cli::GenerateArgs;
use crate::output::Status;
use crate::progress::Progress;

/// The time a puzzle in a rating band may take when no `--timeout` is given.
const DEFAULT_RATED_TIMEOUT: Duration = Duration::from_secs(60);

/// The rating band `--difficulty` or `--rating` asks for.
pub(super) fn band(args: &GenerateArgs) -> Option<(f64, f64)> {
    match (args.difficulty, args.rating) {
        (Some(d), _) => Some((*d.range().start(), *d.range().end())),
        (None, Some(r)) => Some(r),
        (None, None) => None,
    }
}

/// A run of `generate`, classic or variant: how many puzzles, in batches of how many, the
/// band they are rated in, the attempts a puzzle may take.
pub(super) struct Run<'a> {
    pub args: &'a GenerateArgs,
    /// Puzzles made at once (then written in order).
    pub batch: u64,
    /// The rating band asked for.
    pub rating: Option<(f64, f64)>,
    pub max_attempts: u32,
}

impl Run<'_> {
    /// Puzzles `0..count`, `batch` at a time on the worker pool, each made by `make` with its
    /// own stop (`--timeout`, or 60 s a puzzle with a band), written in order by `write`; a
    /// progress line, a warning when a band is rare, and one for each puzzle not found.
    pub fn make<G: Send>(
        &self,
        make: impl Fn(u64, &Stop) -> Option<G> + Sync,
        mut write: impl FnMut(&mut dyn Write, u64, &G) -> anyhow::Result<()>,
    ) -> anyhow::Result<Status> {
        let args = self.args;
        let timeout = args.timeout.or(self.rating.map(|_| DEFAULT_RATED_TIMEOUT));
        let pool = crate::commands::worker_pool(args.run.threads)?;
        let candidates = Arc::new(AtomicU64::new(0));
        let progress = Progress::new("puzzles", None, Some((candidates.clone(), "candidates")));
        progress.set_total(args.count);
        let found = Arc::new(AtomicU64::new(0));
        let _watch = self.rating.map(|(low, high)| {
            warn_when_rare(
                progress.bar(),
                candidates.clone(),
                found.clone(),
                low,
                high,
                timeout,
            )
        });
        let mut out = BufWriter::new(io::stdout().lock());
        let mut start = 0;
        let mut status = Status::Success;
        while start < args.count {
            let end = (start + self.batch).min(args.count);
            let made: Vec<(Option<G>, bool)> = pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map(|i| {
                        let stop = Stop {
                            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
                            progress: Some(candidates.clone()),
                            ..Stop::default()
                        };
                        let g = make(i, &stop);
                        progress.done(1);
                        if g.is_some() {
                            found.fetch_add(1, Ordering::Relaxed);
                        }
                        (g, stop.expired())
                    })
                    .collect()
            });
            for (i, g) in (start..end).zip(made) {
                match g {
                    (Some(g), _) => write(&mut out, i, &g)?,
                    (None, late) => {
                        status = Status::Unsolved;
                        match timeout.filter(|_| late) {
                            Some(t) => warn!(
                                "nsudoku: puzzle {i}: none found in {} s (--timeout)",
                                t.as_secs_f64()
                            ),
                            None => warn!(
                                "nsudoku: puzzle {i}: none found in {} attempts",
                                self.max_attempts
                            ),
                        }
                    }
                }
            }
            start = end;
        }
        drop(progress);
        out.flush()?;
        Ok(status)
    }
}

/// Watches a run that asks for a rating band and says, once, when candidates keep missing it:
/// after a few seconds without a puzzle, how many were made and how long each puzzle may
/// still take. Stops with the run (the guard it returns).
fn warn_when_rare(
    bar: indicatif::ProgressBar,
    candidates: Arc<AtomicU64>,
    found: Arc<AtomicU64>,
    low: f64,
    high: f64,
    timeout: Option<Duration>,
) -> Watch {
    let live = Arc::new(AtomicBool::new(true));
    let watching = live.clone();
    std::thread::spawn(move || {
        let start = Instant::now();
        while watching.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
            if start.elapsed() < RARE_AFTER || found.load(Ordering::Relaxed) > 0 {
                continue;
            }
            let made = candidates.load(Ordering::Relaxed);
            let bound = timeout.map_or("--max-attempts".to_owned(), |t| {
                format!("--timeout {} s a puzzle", t.as_secs_f64())
            });
            let say = || {
                warn!(
                    "nsudoku: {made} candidates rated in {} s, none yet in {low}..{high}: \
                     a rare band at this size; still trying, until {bound}",
                    RARE_AFTER.as_secs()
                )
            };
            if bar.is_hidden() {
                say();
            } else {
                bar.suspend(say);
            }
            return;
        }
    });
    Watch(live)
}

/// When [`warn_when_rare`] speaks.
const RARE_AFTER: Duration = Duration::from_secs(5);

/// Stops a watching thread when dropped.
struct Watch(Arc<AtomicBool>);

impl Drop for Watch {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
    }
}
