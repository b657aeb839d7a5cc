//! `transform`: equivalent copies of one puzzle, random (from a seed) or named (a spec, as
//! `nsudoku transform --apply` reads it), over the library's `transform`.

use nsudoku::Grid;
use nsudoku::transform::{Transform, random_copies};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::generate::clock_seed;
use crate::grid::PyGrid;
use crate::input::{BoxShape, Puzzle, shape};

/// The most copies one call makes, as `nsudoku transform --count`.
const MAX_COPIES: usize = 1_000_000;

/// A valid puzzle of givens: `InvalidPuzzle` if it does not read or has clashing clues;
/// `Error` for a variant or pencil-mark puzzle, whose rules or candidates no transformation
/// carries.
fn givens(puzzle: Puzzle, r#box: Option<BoxShape>) -> PyResult<Grid> {
    let grid = puzzle.classic_only("transform")?.valid(shape(r#box))?;
    if grid.pencil_marks().is_some() {
        return Err(errors::error(
            "transform takes puzzles of givens, and this is a pencil-mark puzzle: its \
             candidates would be lost"
                .to_owned(),
        ));
    }
    Ok(grid)
}

/// Equivalent copies of a puzzle: the same puzzle in disguise, with as many solutions, each
/// the puzzle's solution transformed alike (``nsudoku transform``).
///
/// ``count`` random copies (1 to 1,000,000) drawn from ``seed``: the same seed and puzzle give
/// the same copies (default: a seed from the clock). Or, with ``apply``, the one copy a named
/// transformation makes: ``"rows=…,cols=…,digits=…"`` and ``",transpose"`` (1-based lists,
/// one symbol an entry), as ``nsudoku canon -f json`` gives it and
/// ``nsudoku transform --apply`` reads it; ``inverse=True`` undoes it.
///
/// Returns a list of ``Grid``. Raises ``InvalidPuzzle`` if the puzzle does not read or has
/// clashing clues, ``ValueError`` for a bad ``apply``, ``count`` or option, and ``Error`` for
/// a variant or pencil-mark puzzle.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, seed = None, count = 1, apply = None,
    inverse = false))]
pub fn transform(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    seed: Option<u64>,
    count: usize,
    apply: Option<&str>,
    inverse: bool,
) -> PyResult<Vec<PyGrid>> {
    let grid = givens(puzzle, r#box)?;
    let shape = grid.shape();
    let transforms: Vec<Transform> = match apply {
        Some(spec) => {
            if seed.is_some() || count != 1 {
                return Err(PyValueError::new_err(
                    "apply: a named transformation, or random copies (seed, count), not both",
                ));
            }
            let t = Transform::parse(shape, spec)
                .map_err(|e| PyValueError::new_err(format!("apply: {e}")))?;
            vec![if inverse { t.inverse() } else { t }]
        }
        None if inverse => {
            return Err(PyValueError::new_err(
                "inverse: of a transformation named by apply",
            ));
        }
        None if !(1..=MAX_COPIES).contains(&count) => {
            return Err(PyValueError::new_err(format!(
                "count: {count} is not from 1 to {MAX_COPIES}"
            )));
        }
        None => {
            let seed = seed.unwrap_or_else(clock_seed);
            py.detach(|| random_copies(shape, seed).take(count).collect())
        }
    };
    Ok(py.detach(|| transforms.iter().map(|t| PyGrid(t.apply(&grid))).collect()))
}
