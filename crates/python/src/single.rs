//! One puzzle's solutions and canonical form: `solve`, `count`, `is_unique`, `check`,
//! `solutions`, `canonical`.

use nsudoku::{Engine, Grid, Solutions, Stop};
use pyo3::prelude::*;

use crate::errors::{self, Problem};
use crate::grid::PyGrid;
use crate::input::{self, BoxShape, Puzzle, shape};
use crate::run::Work;

/// Work on `grid` bounded by `timeout` seconds: quick for a 9×9 search.
fn search_work(grid: &Grid, timeout: Option<f64>) -> PyResult<Work> {
    Ok(Work::new(input::duration(timeout)?, grid.side() <= 9))
}

/// The search of `grid`'s solutions with `stop`.
fn search(grid: &Grid, stop: &Stop) -> Solutions {
    Solutions::new(grid, Engine::Auto).with_stop(stop.clone())
}

/// The `Timeout` of a search stopped after `guesses`.
fn timed_out(timeout: Option<f64>, guesses: u64, got: &str) -> PyErr {
    errors::timeout(format!(
        "timed out after {} s and {guesses} guesses{got}",
        timeout.unwrap_or(0.0)
    ))
}

/// The puzzle's solution.
///
/// Raises ``InvalidPuzzle`` if it does not read or has clashing clues, ``NoSolution``,
/// ``MultipleSolutions`` (unless ``first``: then the first solution found is returned), or
/// ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, first = false, timeout = None))]
pub fn solve(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    first: bool,
    timeout: Option<f64>,
) -> PyResult<PyGrid> {
    let grid = puzzle.valid(shape(r#box))?;
    let work = search_work(&grid, timeout)?;
    let (solution, several, interrupted, guesses) = work.run(py, |stop| {
        let mut solutions = search(&grid, stop);
        let solution = solutions.next();
        let several = solution.is_some() && !first && solutions.next_values().is_some();
        (
            solution,
            several,
            solutions.interrupted(),
            solutions.guesses(),
        )
    })?;
    match solution {
        _ if interrupted => Err(timed_out(
            timeout,
            guesses,
            if solution.is_some() {
                ", a solution found but not proved unique (first=True takes it)"
            } else {
                ""
            },
        )),
        None => Err(errors::no_solution()),
        Some(_) if several => Err(errors::multiple(" (first=True takes the first found)")),
        Some(solution) => Ok(PyGrid(solution)),
    }
}

/// The number of the puzzle's solutions, counting no further than ``limit``.
///
/// Raises ``InvalidPuzzle``, or ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 1000, r#box = None, timeout = None))]
pub fn count(
    py: Python<'_>,
    puzzle: Puzzle,
    limit: usize,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
) -> PyResult<usize> {
    let grid = puzzle.valid(shape(r#box))?;
    let work = search_work(&grid, timeout)?;
    let (count, interrupted, guesses) = work.run(py, |stop| {
        let mut solutions = search(&grid, stop);
        let count = solutions.count_up_to(limit);
        (count, solutions.interrupted(), solutions.guesses())
    })?;
    if interrupted {
        return Err(timed_out(
            timeout,
            guesses,
            &format!(", {count} solutions found"),
        ));
    }
    Ok(count.count)
}

/// Whether the puzzle has exactly one solution.
///
/// Raises ``InvalidPuzzle``, or ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, timeout = None))]
pub fn is_unique(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
) -> PyResult<bool> {
    count(py, puzzle, 2, r#box, timeout).map(|n| n == 1)
}

/// Every problem with the puzzle: what does not read, then clashing clues. An empty list when
/// it is valid (which says nothing of its solutions).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None))]
pub fn check(puzzle: Puzzle, r#box: Option<BoxShape>) -> Vec<Problem> {
    match puzzle.read(shape(r#box)) {
        Err(problems) => problems,
        Ok(grid) => grid
            .check()
            .err()
            .map_or_else(Vec::new, |e| errors::problems(&e)),
    }
}

/// The puzzle's canonical form: the smallest grid, read row by row with 0 for an empty cell,
/// of every grid made of it by the moves that keep a sudoku a sudoku (bands, rows within a
/// band, stacks, columns within a stack, a transpose for square boxes, relabelled digits).
/// Two puzzles are the same puzzle in disguise exactly when their forms are equal; this is
/// the "minlex" form in which the Sudoku Players' Forum keeps its lists (``nsudoku canon``).
///
/// Raises ``InvalidPuzzle`` if it does not read or has clashing clues, ``Error`` for a grid
/// above 16×16 or one too symmetric for the search's bounded memory (a 16×16 grid whose
/// first band holds empty rows, then a full one).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None))]
pub fn canonical(py: Python<'_>, puzzle: Puzzle, r#box: Option<BoxShape>) -> PyResult<PyGrid> {
    let grid = puzzle.valid(shape(r#box))?;
    py.detach(|| nsudoku::canon::canonical(&grid))
        .map(|form| PyGrid(form.grid))
        .map_err(|e| errors::error(e.to_string()))
}

/// The puzzle's solutions, found one at a time as they are asked for, up to ``limit`` (None:
/// all). Raises ``InvalidPuzzle`` at once; ``Timeout`` from the iteration once ``timeout``
/// seconds (default: none) have passed since the call.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = Some(1000), r#box = None, timeout = None),
    text_signature = "(puzzle, limit=1000, box=None, timeout=None)")]
pub fn solutions(
    puzzle: Puzzle,
    limit: Option<usize>,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
) -> PyResult<SolutionIter> {
    let grid = puzzle.valid(shape(r#box))?;
    let work = search_work(&grid, timeout)?;
    Ok(SolutionIter {
        solutions: search(&grid, &work.stop),
        work,
        left: limit,
        timeout,
    })
}

/// An iterator of a puzzle's solutions (``Grid``), from ``solutions``.
#[pyclass(name = "Solutions", module = "nsudoku")]
#[derive(Debug)]
pub struct SolutionIter {
    solutions: Solutions,
    work: Work,
    left: Option<usize>,
    timeout: Option<f64>,
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyGrid>> {
        if self.left == Some(0) {
            return Ok(None);
        }
        let SolutionIter {
            solutions, work, ..
        } = self;
        match work.run(py, |_| solutions.next())? {
            Some(grid) => {
                self.left = self.left.map(|n| n - 1);
                Ok(Some(PyGrid(grid)))
            }
            None if self.solutions.interrupted() => {
                Err(timed_out(self.timeout, self.solutions.guesses(), ""))
            }
            None => {
                self.left = Some(0);
                Ok(None)
            }
        }
    }
}
