//! The progress line on stderr, drawn only when stderr is a terminal: puzzles done of puzzles
//! read, with the rate and the time left reckoned from puzzles (the total is estimated from the
//! share of the input read while reading goes on), and what a long run is doing now (guesses
//! made, attempts made).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress line for a run over puzzles.
pub struct Progress {
    bar: ProgressBar,
    /// The input's size in bytes, when every input is a regular file.
    total_bytes: Option<u64>,
    read_bytes: u64,
    read_puzzles: u64,
    /// Tells the watching thread to stop.
    live: Arc<AtomicBool>,
}

impl Progress {
    /// A line for `what` (`puzzles`), over an input of `total_bytes` if known. `counter`,
    /// if given, is shown as `N {counted}` while it grows (guesses made, attempts made).
    pub fn new(
        what: &str,
        total_bytes: Option<u64>,
        counter: Option<(Arc<AtomicU64>, &'static str)>,
    ) -> Progress {
        let template = format!(
            "{{bar:30}} {{pos}}/{{len}} {what} {{per_sec}} {{elapsed}} (eta {{eta}}) {{msg}}"
        );
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let live = Arc::new(AtomicBool::new(true));
        if !bar.is_hidden() {
            // Keep the clock moving while one long puzzle holds a batch.
            bar.enable_steady_tick(Duration::from_millis(250));
            if let Some((counter, noun)) = counter {
                let (bar, live) = (bar.clone(), live.clone());
                std::thread::spawn(move || {
                    while live.load(Ordering::Relaxed) {
                        let n = counter.load(Ordering::Relaxed);
                        if n > 0 {
                            bar.set_message(format!("{n} {noun}"));
                        }
                        std::thread::sleep(Duration::from_millis(250));
                    }
                });
            }
        }
        Progress {
            bar,
            total_bytes,
            read_bytes: 0,
            read_puzzles: 0,
            live,
        }
    }

    /// `puzzles` more were read, `bytes` of input: the total is estimated anew.
    pub fn read(&mut self, puzzles: u64, bytes: u64) {
        self.read_bytes += bytes;
        self.read_puzzles += puzzles;
        let estimate = match self.total_bytes {
            Some(total) if self.read_bytes > 0 && total > self.read_bytes => {
                (self.read_puzzles as f64 * total as f64 / self.read_bytes as f64) as u64
            }
            _ => self.read_puzzles,
        };
        self.bar.set_length(estimate.max(self.read_puzzles));
    }

    /// Every puzzle has been read: the total is known.
    pub fn all_read(&self) {
        self.bar.set_length(self.read_puzzles);
    }

    /// Sets the total outright (a run that knows it, such as `generate -n K`).
    pub fn set_total(&self, total: u64) {
        self.bar.set_length(total);
    }

    /// `n` more puzzles done.
    pub fn done(&self, n: u64) {
        self.bar.inc(n);
    }

    /// A handle to the line for other threads (`inc` and messages only).
    pub fn bar(&self) -> ProgressBar {
        self.bar.clone()
    }
}

/// A spinner on stderr (when it is a terminal) saying what a command measures now.
pub fn spinner() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_millis(100));
    }
    bar
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.live.store(false, Ordering::Relaxed);
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_is_estimated_from_the_share_of_the_input_read() {
        let mut p = Progress::new("puzzles", Some(1000), None);
        p.read(10, 100);
        assert_eq!(p.bar.length(), Some(100));
        p.read(10, 300);
        assert_eq!(p.bar.length(), Some(50));
        p.done(7);
        assert_eq!(p.bar.position(), 7);
        // Reading ends: the total is what was read.
        p.read(5, 100);
        p.all_read();
        assert_eq!(p.bar.length(), Some(25));
        // Unknown size (a pipe): the total so far is what was read.
        let mut q = Progress::new("puzzles", None, None);
        q.read(3, 30);
        assert_eq!(q.bar.length(), Some(3));
    }
}
