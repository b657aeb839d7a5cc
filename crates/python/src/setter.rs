//! For setters: `setter` (the clues of a unique puzzle that can go, a minimal set; two
//! solutions of one with several and the givens that fix it) and `estimate` (about how many
//! solutions), each answer a ``dict`` shaped as the HTTP API's and `nsudoku setter -f json`'s
//! (the library's `setter::json`).

use nsudoku::setter::{EstimateOptions, FixOptions, Options, analyse, json};
use nsudoku::variant::Puzzle as VariantPuzzle;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::input::{self, BoxShape, Either, Puzzle, shape};
use crate::run::Work;
use crate::variant;

/// The puzzle read, classic or variant, as a variant puzzle (`InvalidPuzzle` if it does not
/// read, has clashing clues or givens that break a rule, or is above 64×64).
fn read(
    py: Python<'_>,
    puzzle: Puzzle,
    boxes: Option<BoxShape>,
    ignore_unknown: bool,
) -> PyResult<VariantPuzzle> {
    match puzzle
        .read_either(shape(boxes), variant::options(ignore_unknown))
        .map_err(errors::invalid)?
    {
        Either::Classic(grid) => {
            grid.check().map_err(|e| errors::invalid_puzzle(&e))?;
            VariantPuzzle::from_grid(&grid).map_err(|e| errors::invalid_variant(&[e]))
        }
        Either::Variant(read) => variant::ready(py, read, boxes),
    }
}

/// A JSON value as Python's `json` module reads it.
fn to_python<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?
        .call_method1("loads", (value.to_string(),))
}

/// What a setter asks of a puzzle (classic or variant, as ``solve`` takes it; up to 64×64),
/// as a ``dict``:
///
/// - a unique puzzle: ``{"status": "unique", "solution", "clues", "redundant", "complete"}``,
///   each clue a ``dict`` with ``kind`` (``given``, ``constraint`` or ``total``: a killer
///   cage's total alone), ``cell`` and ``digit`` or the constraint's ``index``, ``name``,
///   ``text``, and ``redundant``: whether the puzzle without it alone keeps its one solution
///   (None when not checked in time); with ``minimal=True`` also ``minimal``: ``removed``,
///   ``puzzle`` (the text form) and ``minimal``, a set of clues none of which can go, taken
///   away givens first, then rules, in the order ``seed`` shuffles;
/// - several solutions: ``{"status": "multiple", "count", "exact", "estimate", "solutions"
///   (two, as rows), "differ" (cells), "fixes", "unique_fixes"}``, the fixes one digit in
///   one cell (``{"cell", "digit", "count", "exact"}``), fewest solutions left first, at
///   most ``fixes``, counted exactly when at most ``limit`` solutions are enumerated, else
///   estimated and the best counted again;
/// - ``{"status": "no_solution"}``, or ``{"status": "timeout"}`` when ``timeout`` seconds
///   passed before the number of solutions was known.
///
/// Raises ``InvalidPuzzle``, or ``ValueError`` for a ``limit`` below 2.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, minimal = false, seed = 0, fixes = 12,
    limit = 10_000, timeout = None, ignore_unknown = false))]
#[allow(clippy::too_many_arguments)]
pub fn setter<'py>(
    py: Python<'py>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    minimal: bool,
    seed: u64,
    fixes: usize,
    limit: usize,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if limit < 2 {
        return Err(PyValueError::new_err(format!(
            "limit: at least 2, not {limit}"
        )));
    }
    let puzzle = read(py, puzzle, r#box, ignore_unknown)?;
    let options = Options {
        minimal: minimal.then_some(seed),
        fixes: FixOptions {
            limit,
            fixes,
            ..FixOptions::default()
        },
    };
    let work = Work::new(input::duration(timeout)?, false);
    let answer = work.run(py, |stop| {
        json::analysis(&puzzle, &analyse(&puzzle, &options, stop))
    })?;
    to_python(py, &answer)
}

/// About how many solutions the puzzle has (classic or variant, up to 64×64), as a ``dict``:
/// ``count`` (None past 1.8e308), ``log10``, ``relative_error`` (the standard error over the
/// estimate), ``probes``, ``exact`` (a count small enough was counted to the end), ``method``.
/// Knuth's estimator: random probes down the search tree for ``seconds``, each branch with
/// at most 64 solutions counted exactly; the estimate is their mean. None when not one probe
/// ended in time.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, seconds = 1.0, seed = 0, ignore_unknown = false))]
pub fn estimate<'py>(
    py: Python<'py>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    seconds: f64,
    seed: u64,
    ignore_unknown: bool,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let puzzle = read(py, puzzle, r#box, ignore_unknown)?;
    let options = EstimateOptions {
        seed,
        ..EstimateOptions::default()
    };
    let work = Work::new(input::duration(Some(seconds))?, false);
    let found = work.run(py, |stop| {
        nsudoku::setter::estimate(&puzzle, &options, stop)
    })?;
    found
        .map(|e| to_python(py, &json::estimate(&e)))
        .transpose()
}
