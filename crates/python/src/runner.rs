//! How a batch runs: [`Runner`] calls a function on every puzzle, in chunks of [`CHUNK`]
//! rows, on a rayon pool, with the GIL released and Ctrl-C looked for, and writes the results
//! in place with a [`Status`] code a puzzle. Classic batches (`batch.rs`), variant ones
//! (`variant_batch.rs`) and the generator (`generate.rs`) run on it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nsudoku::{Helpers, Stop};
use numpy::{Element, IxDyn, PyArray, PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::input;
use crate::run::{cpus, detached};

/// The statuses, as in the CLI's JSON; a batch's codes index this list.
pub const STATUSES: [&str; 9] = [
    "solved",
    "no_solution",
    "multiple",
    "invalid",
    "timeout",
    "counted",
    "rated",
    "error",
    "canonical",
];

/// A puzzle's status in a batch: its index in [`STATUSES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Status {
    Solved,
    NoSolution,
    Multiple,
    Invalid,
    Timeout,
    Counted,
    Rated,
    /// What the library cannot do (rating a grid above 64×64, the canonical form of one
    /// above 16×16 or of one too symmetric).
    Error,
    Canonical,
}

/// Puzzles a thread takes at a time.
const CHUNK: usize = 64;

/// A cell's type in the arrays returned: `u8` up to 255×255, `u16` beyond.
pub trait Symbol: Element + Copy + Default + Send + Sync {
    fn from_value(v: u16) -> Self;
}

impl Symbol for u8 {
    fn from_value(v: u16) -> u8 {
        v as u8
    }
}

impl Symbol for u16 {
    fn from_value(v: u16) -> u16 {
        v
    }
}

/// How a batch runs: on how many threads, each puzzle within how long, and the stop every
/// puzzle shares (the flag Ctrl-C raises, the idle threads a long search may borrow).
#[derive(Debug)]
pub struct Runner {
    threads: usize,
    timeout: Option<Duration>,
    base: Stop,
    cancel: Arc<AtomicBool>,
    /// Puzzles a thread takes at a time.
    chunk: usize,
}

impl Runner {
    /// A run on `threads` threads (default: one per CPU; at most four per CPU), each puzzle
    /// given up `timeout` after it starts.
    pub fn new(threads: Option<usize>, timeout: Option<Duration>) -> PyResult<Runner> {
        let threads = match threads {
            None => cpus(),
            Some(0) => return Err(PyValueError::new_err("threads: at least 1 (or None)")),
            Some(n) => n.min(4 * cpus()),
        };
        let cancel = Arc::<AtomicBool>::default();
        Ok(Runner {
            threads,
            timeout,
            base: Stop {
                cancel: Some(cancel.clone()),
                helpers: Some(Helpers::new(threads)),
                ..Stop::default()
            },
            cancel,
            chunk: CHUNK,
        })
    }

    /// The same run, a thread taking one puzzle at a time: for puzzles that take long each
    /// (variant puzzles), so that the threads share the work evenly.
    pub fn one_at_a_time(self) -> Runner {
        Runner { chunk: 1, ..self }
    }

    /// [`Runner::rows`] into a new NumPy array of `n` rows of `width` values (a 1-D array for
    /// one value a row), and the status codes. NumPy gives large arrays huge pages, so that
    /// writing the results costs few page faults (4 KiB pages cost about 3 % of the time on
    /// 17-clue puzzles).
    pub fn array<'py, T, S, I, F>(
        &self,
        py: Python<'py>,
        n: usize,
        width: usize,
        init: I,
        each: F,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)>
    where
        T: Element + Copy + Default + Send,
        I: Fn() -> S + Sync + Send,
        F: Fn(&mut S, usize, &Stop, &mut [T]) -> Status + Sync + Send,
    {
        let dims = if width == 1 { vec![n] } else { vec![n, width] };
        let array = PyArray::<T, IxDyn>::zeros(py, dims, false);
        let codes = {
            let mut values = array.readwrite();
            let values = values
                .as_slice_mut()
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            self.rows(py, values, width, init, each)?
        };
        Ok((array.into_any(), PyArray1::from_vec(py, codes).into_any()))
    }

    /// Calls `each(state, i, stop, out)` for every `i`, where `out` is the `i`-th row of
    /// `width` values of `values` and `state` belongs to the thread (made by `init`); returns
    /// a status code a row. Without a timeout, every puzzle gets the same stop, which a
    /// thread's solver keeps from one puzzle to the next: the threads share no counter they
    /// would write for each puzzle (on 17-clue puzzles, at about 2 µs each, that would cost
    /// more than a tenth of the time on two threads).
    pub fn rows<T, S, I, F>(
        &self,
        py: Python<'_>,
        values: &mut [T],
        width: usize,
        init: I,
        each: F,
    ) -> PyResult<Vec<u8>>
    where
        T: Send,
        I: Fn() -> S + Sync + Send,
        F: Fn(&mut S, usize, &Stop, &mut [T]) -> Status + Sync + Send,
    {
        let width = width.max(1);
        let chunk_rows = self.chunk;
        let n = values.len() / width;
        let mut codes = vec![0u8; n];
        if n == 0 {
            return Ok(codes);
        }
        let chunk = |state: &mut S, k: usize, (out, codes): (&mut [T], &mut [u8])| {
            let _busy = self.base.helpers.as_ref().map(Helpers::busy);
            for (j, (code, out)) in codes.iter_mut().zip(out.chunks_mut(width)).enumerate() {
                if self.cancel.load(Ordering::Relaxed) {
                    return;
                }
                let own;
                let stop = match self.timeout {
                    None => &self.base,
                    Some(t) => {
                        own = Stop {
                            deadline: input::deadline(Some(t)),
                            ..self.base.clone()
                        };
                        &own
                    }
                };
                *code = each(state, k * chunk_rows + j, stop, out) as u8;
            }
        };
        let pool = (self.threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .thread_name(|i| format!("nsudoku-{i}"))
                    .build()
            })
            .transpose()
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start threads: {e}")))?;
        detached(py, &self.cancel, || match &pool {
            None => {
                let mut state = init();
                for (k, c) in values
                    .chunks_mut(chunk_rows * width)
                    .zip(codes.chunks_mut(chunk_rows))
                    .enumerate()
                {
                    chunk(&mut state, k, c);
                }
            }
            Some(pool) => pool.install(|| {
                values
                    .par_chunks_mut(chunk_rows * width)
                    .zip(codes.par_chunks_mut(chunk_rows))
                    .enumerate()
                    .for_each_init(&init, |state, (k, c)| chunk(state, k, c));
            }),
        })?;
        Ok(codes)
    }
}
