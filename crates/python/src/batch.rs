//! Batches: many puzzles in, arrays out, on every core.
//!
//! The Python package hands over a batch in one of three forms ([`Input`], `rows.rs`): a 2-D
//! integer array (a puzzle a row, 0 for empty), a list of texts (read in place: `list.rs`),
//! or an Arrow string array's buffers (offsets, bytes and validity, read in place). All the
//! puzzles of a batch have one shape: the `box` given, else the array's width, else the first
//! text that reads; a puzzle that does not read, has another size or clashing clues is
//! `invalid` and the batch goes on.
//!
//! [`Runner::rows`] (`runner.rs`) runs a function on every puzzle, in chunks of rows, on a
//! rayon pool of `threads` threads, with the GIL released and Ctrl-C looked for. Each thread
//! keeps one solver and resets it for each puzzle (no allocation for 9×9, as in `nsudoku
//! bench`). Results are written in place into NumPy arrays ([`Runner::array`]), in input
//! order: `width` values a puzzle and a status code, an index into `STATUSES`, which the
//! package turns into words.
//!
//! A list or string array whose first text is a variant puzzle (a link, a payload, JSON, the
//! text form) is a batch of variant puzzles: `solve_many` and `count_many` hand it to
//! `variant_batch.rs`, the others refuse it.

use nsudoku::canon::Canonicalizer;
use nsudoku::format::Style;
use nsudoku::logic::{self, Outcome};
use nsudoku::parse::ReadOptions;
use nsudoku::{Engine, Grid, Shape, Solutions, Stop};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::errors;
use crate::input::{self, BoxShape, shape};
use crate::logic::{DEFAULT_TIMEOUT, count_within, scale};
use crate::rows::{Input, Rows};
use crate::runner::{Runner, Status, Symbol};
use crate::{variant, variant_batch};

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

/// A batch of classic puzzles for `what` (`canonical_many`), which refuses variant ones.
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
    let scale = self::scale(scale)?;
    let runner = Runner::new(threads, input::duration(timeout)?)?;
    let rows = puzzles.rows()?;
    if rows.is_variant() {
        return variant_batch::rate(py, runner, &rows, r#box, variant::options(false));
    }
    let (rows, options) = classic_batch(rows, r#box)?;
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
