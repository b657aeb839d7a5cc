//! Batches: many puzzles in, arrays out, on every core.
//!
//! The Python package hands over a batch in one of three forms ([`Input`]): a 2-D integer
//! array (a puzzle a row, 0 for empty), a list of texts (read in place: [`ListTexts`]), or an
//! Arrow string array's buffers (offsets, bytes and validity, read in place). All the puzzles
//! of a batch have one shape: the `box` given, else the array's width, else the first text
//! that reads; a puzzle that does not read, has another size or clashing clues is `invalid`
//! and the batch goes on.
//!
//! [`Runner::rows`] runs a function on every puzzle, in chunks of [`CHUNK`] rows, on a rayon
//! pool of `threads` threads, with the GIL released and Ctrl-C looked for ([`detached`]).
//! Each thread keeps one solver and resets it for each puzzle (no allocation for 9×9, as in
//! `nsudoku bench`). Results are written in place into NumPy arrays ([`Runner::array`]), in
//! input order: `width` values a puzzle and a status code, an index into [`STATUSES`], which
//! the package turns into words.
//!
//! A list or string array whose first text is a variant puzzle (a link, a payload, JSON, the
//! text form) is a batch of variant puzzles: `solve_many` and `count_many` hand it to
//! `variant_batch.rs`, the others refuse it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nsudoku::canon::Canonicalizer;
use nsudoku::format::Style;
use nsudoku::logic::{self, Outcome};
use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::{Engine, Grid, Helpers, Shape, Solutions, Stop};
use numpy::ndarray::ArrayView2;
use numpy::{Element, IxDyn, PyArray, PyArray1, PyArrayDescrMethods, PyArrayMethods};
use numpy::{PyReadonlyArray1, PyReadonlyArray2, PyUntypedArray};
use numpy::{PyUntypedArrayMethods, dtype};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use rayon::prelude::*;

use crate::errors;
use crate::input::{self, BoxShape, shape};
use crate::list::ListTexts;
use crate::logic::{DEFAULT_TIMEOUT, count_within, scale};
use crate::run::{cpus, detached};
use crate::{variant, variant_batch};

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

/// The longest text of one puzzle in a batch, as the CLI's longest line.
const MAX_LINE: usize = 4 << 20;

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
        T: Copy + Send,
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

/// A batch as the package passes it.
pub enum Input<'py> {
    /// A 2-D integer array, held while its rows are read.
    Values(Box<dyn HeldArray + 'py>),
    /// A list's texts, read in place.
    List(ListTexts<'py>),
    /// An Arrow string array's buffers, read in place.
    Arrow {
        offsets: PyReadonlyArray1<'py, i64>,
        data: PyReadonlyArray1<'py, u8>,
        valid: Option<PyReadonlyArray1<'py, bool>>,
    },
}

/// An integer array of any type, borrowed from Python while a batch reads it.
pub trait HeldArray {
    fn rows(&self) -> Box<dyn ValueRows + '_>;
}

impl<T: Element + Copy + Sync> HeldArray for PyReadonlyArray2<'_, T>
where
    u16: TryFrom<T>,
{
    fn rows(&self) -> Box<dyn ValueRows + '_> {
        Box::new(self.as_array())
    }
}

/// Rows of an integer array, to read on any thread.
pub trait ValueRows: Sync {
    /// Rows, and values a row.
    fn dim(&self) -> (usize, usize);
    /// Row `i` as values; a value no cell can hold becomes `u16::MAX` (out of range).
    fn values(&self, i: usize) -> Vec<u16>;
}

impl<T: Copy + Sync> ValueRows for ArrayView2<'_, T>
where
    u16: TryFrom<T>,
{
    fn dim(&self) -> (usize, usize) {
        ArrayView2::dim(self)
    }

    fn values(&self, i: usize) -> Vec<u16> {
        let value = |&v: &T| u16::try_from(v).unwrap_or(u16::MAX);
        let row = self.row(i);
        // A contiguous row (the usual case) converts as a slice, several values at a time.
        match row.as_slice() {
            Some(values) => values.iter().map(value).collect(),
            None => row.iter().map(value).collect(),
        }
    }
}

impl<'py> FromPyObject<'_, 'py> for Input<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Input<'py>> {
        if let Ok(array) = obj.cast::<PyUntypedArray>() {
            let py = obj.py();
            let kind = array.dtype();
            if array.ndim() != 2 {
                return Err(PyValueError::new_err(format!(
                    "puzzles: expected a 2-D array, one puzzle a row; got {} dimensions",
                    array.ndim()
                )));
            }
            macro_rules! try_dtype {
                ($($t:ty),*) => {
                    $(if kind.is_equiv_to(&dtype::<$t>(py)) {
                        let held: PyReadonlyArray2<'py, $t> = obj.extract()?;
                        return Ok(Input::Values(Box::new(held)));
                    })*
                };
            }
            try_dtype!(u8, u16, u32, u64, i8, i16, i32, i64);
            return Err(PyTypeError::new_err(format!(
                "puzzles: expected an integer array (0 for empty), got {kind}"
            )));
        }
        if let Ok(list) = obj.cast::<PyList>() {
            return Ok(Input::List(ListTexts::new(&list.to_owned())));
        }
        if let Ok(tuple) = obj.cast::<PyTuple>() {
            if let Ok((offsets, data, valid)) = tuple.extract() {
                return Ok(Input::Arrow {
                    offsets,
                    data,
                    valid,
                });
            }
        }
        Err(PyTypeError::new_err(
            "puzzles: expected a 2-D integer array, a list of strings or a string array",
        ))
    }
}

impl Input<'_> {
    /// The rows to read, borrowed.
    pub fn rows(&self) -> PyResult<Rows<'_>> {
        let (data, offsets, valid) = match self {
            Input::Values(array) => return Ok(Rows::Values(array.rows())),
            Input::List(texts) => return Ok(Rows::List(texts)),
            Input::Arrow {
                offsets,
                data,
                valid,
            } => (
                data.as_slice()?,
                offsets.as_slice()?,
                valid.as_ref().map(|v| v.as_slice()).transpose()?,
            ),
        };
        if offsets.is_empty() {
            return Err(PyValueError::new_err("puzzles: no offsets"));
        }
        Ok(Rows::Texts {
            data,
            // Checked once for all: each text is then a slice of it.
            text: std::str::from_utf8(data).ok(),
            offsets,
            valid,
        })
    }
}

/// A batch's puzzles, to read one at a time on any thread.
pub enum Rows<'a> {
    Values(Box<dyn ValueRows + 'a>),
    List(&'a ListTexts<'a>),
    /// Text `i` is `data[offsets[i]..offsets[i + 1]]`, as in Arrow.
    Texts {
        data: &'a [u8],
        /// `data` when it is all UTF-8.
        text: Option<&'a str>,
        offsets: &'a [i64],
        valid: Option<&'a [bool]>,
    },
}

impl Rows<'_> {
    pub fn len(&self) -> usize {
        match self {
            Rows::Values(v) => v.dim().0,
            Rows::List(texts) => texts.len(),
            Rows::Texts { offsets, .. } => offsets.len() - 1,
        }
    }

    /// Text `i` (none if missing, not UTF-8 or longer than [`MAX_LINE`]).
    pub fn text(&self, i: usize) -> Option<&str> {
        let (data, text, offsets, valid) = match self {
            Rows::Values(_) => return None,
            Rows::List(texts) => return texts.text(i).filter(|t| t.len() <= MAX_LINE),
            Rows::Texts {
                data,
                text,
                offsets,
                valid,
            } => (data, text, offsets, valid),
        };
        if valid.is_some_and(|v| !v.get(i).copied().unwrap_or(false)) {
            return None;
        }
        let start = usize::try_from(*offsets.get(i)?).ok()?;
        let end = usize::try_from(*offsets.get(i + 1)?).ok()?;
        if end.saturating_sub(start) > MAX_LINE {
            return None;
        }
        match text {
            Some(text) => text.get(start..end),
            None => std::str::from_utf8(data.get(start..end)?).ok(),
        }
    }

    /// Whether the batch holds variant puzzles: its first text (not missing nor blank) is one.
    pub fn is_variant(&self) -> bool {
        (0..self.len())
            .filter_map(|i| self.text(i))
            .find(|t| !t.trim().is_empty())
            .is_some_and(input::is_variant_text)
    }

    /// The batch's shape: the `box` given, else the array's width, else the first text that
    /// reads (9×9 when none does).
    fn shape(&self, boxes: Option<Shape>) -> PyResult<Shape> {
        match self {
            Rows::Values(v) => {
                Shape::for_cell_count(v.dim().1, boxes).map_err(|e| errors::invalid_puzzle(&[e]))
            }
            Rows::List(_) | Rows::Texts { .. } => Ok(boxes.unwrap_or_else(|| {
                (0..self.len())
                    .filter_map(|i| read_line(self.text(i)?, &ReadOptions::default()).ok())
                    .map(|g| g.shape())
                    .next()
                    .unwrap_or(Shape::CLASSIC)
            })),
        }
    }

    /// Puzzle `i`, read with `options` (whose shape is the batch's): none when it does not
    /// read or is of another shape. Clashing clues are not looked for here: the engines find no
    /// solution to such a grid, and only then does [`unsolved`] look.
    fn grid(&self, i: usize, options: &ReadOptions) -> Option<Grid> {
        let shape = options.shape.unwrap_or(Shape::CLASSIC);
        match self {
            Rows::Values(v) => Grid::from_vec(shape, v.values(i)).ok(),
            Rows::List(_) | Rows::Texts { .. } => read_line(self.text(i)?, options)
                .ok()
                .filter(|g| g.shape() == shape),
        }
    }
}

/// A batch read: its rows and the options to read each (with the batch's shape).
fn batch<'a>(input: &'a Input<'_>, boxes: Option<BoxShape>) -> PyResult<(Rows<'a>, ReadOptions)> {
    classic_batch(input.rows()?, boxes)
}

/// A classic batch's rows and the options to read each (with the batch's shape).
fn classic_batch(rows: Rows<'_>, boxes: Option<BoxShape>) -> PyResult<(Rows<'_>, ReadOptions)> {
    let options = ReadOptions {
        shape: Some(rows.shape(shape(boxes))?),
        ..ReadOptions::default()
    };
    Ok((rows, options))
}

/// A batch of classic puzzles for `what` (`rate_many`), which refuses variant ones.
fn classic_only<'a>(
    input: &'a Input<'_>,
    boxes: Option<BoxShape>,
    what: &str,
) -> PyResult<(Rows<'a>, ReadOptions)> {
    let rows = input.rows()?;
    if rows.is_variant() {
        return Err(errors::variant_refused(&format!(
            "{what} does not take them"
        )));
    }
    classic_batch(rows, boxes)
}

/// The thread's solver, started on `grid` with `stop`: one per thread, reset for each puzzle
/// (a reset keeps the stop; a stop with a deadline is the puzzle's own, and replaces it).
fn solver<'s>(slot: &'s mut Option<Solutions>, grid: &Grid, stop: &Stop) -> &'s mut Solutions {
    let solver = match slot.take() {
        Some(mut s) if stop.deadline.is_none() => {
            s.reset(grid);
            s
        }
        Some(mut s) => {
            s.reset(grid);
            s.with_stop(stop.clone())
        }
        None => Solutions::new(grid, Engine::Auto).with_stop(stop.clone()),
    };
    slot.insert(solver)
}

/// The status of a grid without a solution: `invalid` if its clues clash, else `no_solution`.
fn unsolved(grid: &Grid) -> Status {
    match grid.check() {
        Ok(()) => Status::NoSolution,
        Err(_) => Status::Invalid,
    }
}

/// Solves every puzzle of a batch; see `nsudoku.solve_many`. Returns the solutions, an
/// `(n, N²)` array (zeros where not solved), and the status codes.
#[pyfunction]
#[pyo3(signature = (puzzles, r#box = None, first = false, timeout = None, threads = None,
    ignore_unknown = false))]
pub fn solve_many<'py>(
    py: Python<'py>,
    puzzles: Input<'py>,
    r#box: Option<BoxShape>,
    first: bool,
    timeout: Option<f64>,
    threads: Option<usize>,
    ignore_unknown: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let rows = puzzles.rows()?;
    let runner = Runner::new(threads, input::duration(timeout)?)?;
    if rows.is_variant() {
        let options = variant::options(ignore_unknown);
        return variant_batch::solve(py, runner, &rows, r#box, options, first);
    }
    let (rows, options) = classic_batch(rows, r#box)?;
    let shape = options.shape.unwrap_or(Shape::CLASSIC);
    if shape.side() <= usize::from(u8::MAX) {
        solve_rows::<u8>(py, &runner, &rows, &options, first)
    } else {
        solve_rows::<u16>(py, &runner, &rows, &options, first)
    }
}

/// [`solve_many`] with cells of type `T`.
fn solve_rows<'py, T: Symbol>(
    py: Python<'py>,
    runner: &Runner,
    rows: &Rows<'_>,
    options: &ReadOptions,
    first: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let cells = options.shape.unwrap_or(Shape::CLASSIC).cell_count();
    runner.array::<T, _, _, _>(
        py,
        rows.len(),
        cells,
        || None,
        |slot, i, stop, out| {
            let Some(grid) = rows.grid(i, options) else {
                return Status::Invalid;
            };
            let solver = solver(slot, &grid, stop);
            let Some(solution) = solver.next_values() else {
                return match solver.interrupted() {
                    true => Status::Timeout,
                    false => unsolved(&grid),
                };
            };
            for (o, &v) in out.iter_mut().zip(solution) {
                *o = T::from_value(v);
            }
            let status = match () {
                _ if !first && solver.next_values().is_some() => Status::Multiple,
                _ if solver.interrupted() => Status::Timeout,
                _ => Status::Solved,
            };
            if status != Status::Solved {
                out.fill(T::default());
            }
            status
        },
    )
}

/// Counts the solutions of every puzzle of a batch, up to `limit`; see `nsudoku.count_many`.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 1000, r#box = None, timeout = None, threads = None,
    ignore_unknown = false))]
pub fn count_many<'py>(
    py: Python<'py>,
    puzzles: Input<'py>,
    limit: usize,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
    threads: Option<usize>,
    ignore_unknown: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let rows = puzzles.rows()?;
    let runner = Runner::new(threads, input::duration(timeout)?)?;
    if rows.is_variant() {
        let options = variant::options(ignore_unknown);
        return variant_batch::count(py, runner, &rows, r#box, options, limit);
    }
    let (rows, options) = classic_batch(rows, r#box)?;
    runner.array::<i64, _, _, _>(
        py,
        rows.len(),
        1,
        || None,
        |slot, i, stop, out| {
            let Some(grid) = rows.grid(i, &options) else {
                return Status::Invalid;
            };
            let solver = solver(slot, &grid, stop);
            let count = solver.count_up_to(limit).count;
            out[0] = count as i64;
            match solver.interrupted() {
                true => Status::Timeout,
                false if count == 0 && grid.check().is_err() => Status::Invalid,
                false => Status::Counted,
            }
        },
    )
}

/// Rates every puzzle of a batch as `nsudoku rate` does; see `nsudoku.rate_many`.
#[pyfunction]
#[pyo3(signature = (puzzles, r#box = None, scale = "sukaku", timeout = Some(DEFAULT_TIMEOUT), threads = None),
    text_signature = "(puzzles, box=None, scale='sukaku', timeout=60.0, threads=None)")]
pub fn rate_many<'py>(
    py: Python<'py>,
    puzzles: Input<'py>,
    r#box: Option<BoxShape>,
    scale: &str,
    timeout: Option<f64>,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let (rows, options) = classic_only(&puzzles, r#box, "rate_many")?;
    let scale = self::scale(scale)?;
    let runner = Runner::new(threads, input::duration(timeout)?)?;
    runner.array::<f64, _, _, _>(
        py,
        rows.len(),
        1,
        || (),
        |(), i, stop, out| {
            out[0] = f64::NAN;
            let Some(grid) = rows.grid(i, &options) else {
                return Status::Invalid;
            };
            match count_within(&grid, stop) {
                None => Status::Timeout,
                Some(0) => unsolved(&grid),
                Some(1) => match logic::rate_within(&grid, scale, stop) {
                    Ok(r) if r.outcome == Outcome::Interrupted => Status::Timeout,
                    Ok(r) => {
                        out[0] = r.er;
                        Status::Rated
                    }
                    Err(_) => Status::Error,
                },
                Some(_) => Status::Multiple,
            }
        },
    )
}

/// The canonical (minlex) form of every puzzle of a batch, as `nsudoku canon` gives it; see
/// `nsudoku.canonical_many`. Returns the forms, an `(n, N²)` array (zeros where there is
/// none), and the status codes.
#[pyfunction]
#[pyo3(signature = (puzzles, r#box = None, threads = None))]
pub fn canonical_many<'py>(
    py: Python<'py>,
    puzzles: Input<'py>,
    r#box: Option<BoxShape>,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let (rows, options) = classic_only(&puzzles, r#box, "canonical_many")?;
    let runner = Runner::new(threads, None)?;
    let cells = options.shape.unwrap_or(Shape::CLASSIC).cell_count();
    runner.array::<u8, _, _, _>(
        py,
        rows.len(),
        cells,
        Canonicalizer::new,
        |canon, i, _, out| {
            let Some(grid) = rows.grid(i, &options) else {
                return Status::Invalid;
            };
            if grid.check().is_err() {
                return Status::Invalid;
            }
            match canon.canonical(&grid) {
                Ok(form) => {
                    // Up to 16×16: every value fits a byte.
                    for (o, &v) in out.iter_mut().zip(form.grid.values()) {
                        *o = v as u8;
                    }
                    Status::Canonical
                }
                Err(_) => Status::Error,
            }
        },
    )
}

/// Each row of an `(n, N²)` array of values as the CLI writes a grid on a line: ``.`` for
/// empty, a symbol a cell up to 35×35 (``1``–``9``, ``A``–``Z``), numbers beyond. A row that
/// is no grid of the shape (a value above N) gives ``None``.
#[pyfunction]
#[pyo3(signature = (values, r#box = None))]
pub fn to_lines(values: Input<'_>, r#box: Option<BoxShape>) -> PyResult<Vec<Option<String>>> {
    let (rows, options) = batch(&values, r#box)?;
    let Rows::Values(values) = rows else {
        return Err(PyTypeError::new_err("values: expected a 2-D integer array"));
    };
    let shape = options.shape.unwrap_or(Shape::CLASSIC);
    let style = Style::default();
    Ok((0..values.dim().0)
        .map(|i| {
            Grid::from_vec(shape, values.values(i))
                .ok()
                .map(|g| style.line(&g))
        })
        .collect())
}
