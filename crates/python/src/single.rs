//! One puzzle's solutions and canonical form: `solve`, `count`, `is_unique`, `check`,
//! `solutions`, for classic and variant puzzles alike ([`Search`]), and `canonical`.

use nsudoku::{Count, Engine, Grid, Shape, Solutions};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors;
use crate::grid::PyGrid;
use crate::input::{self, BoxShape, Either, Puzzle, shape};
use crate::run::Work;
use crate::variant;

/// One puzzle's search: by the classic engines, or a variant puzzle's (whose solutions are
/// grids in its display boxes, [`variant::display_shape`]).
#[derive(Debug)]
enum Search {
    Classic(Solutions),
    Variant {
        solutions: nsudoku::solve::puzzle::Solutions,
        shape: Shape,
    },
}

impl Search {
    /// The puzzle read and checked (`InvalidPuzzle` if it does not read, has clashing clues
    /// or givens that break a rule), its search and its work, bounded by `timeout` seconds
    /// (quick for a 9×9 classic search).
    fn start(
        py: Python<'_>,
        puzzle: Puzzle,
        boxes: Option<BoxShape>,
        timeout: Option<f64>,
        ignore_unknown: bool,
    ) -> PyResult<(Search, Work)> {
        let timeout = input::duration(timeout)?;
        match puzzle
            .read_either(shape(boxes), variant::options(ignore_unknown))
            .map_err(errors::invalid)?
        {
            Either::Classic(grid) => {
                grid.check().map_err(|e| errors::invalid_puzzle(&e))?;
                let work = Work::new(timeout, grid.side() <= 9);
                let solutions = Solutions::new(&grid, Engine::Auto).with_stop(work.stop.clone());
                Ok((Search::Classic(solutions), work))
            }
            Either::Variant(read) => {
                let puzzle = variant::ready(py, read, boxes)?;
                let work = Work::new(timeout, false);
                let search = Search::Variant {
                    solutions: puzzle.solutions().with_stop(work.stop.clone()),
                    shape: variant::display_shape(&puzzle),
                };
                Ok((search, work))
            }
        }
    }

    /// The next solution.
    fn next(&mut self) -> Option<Grid> {
        match self {
            Search::Classic(s) => s.next(),
            Search::Variant { solutions, shape } => solutions
                .next_values()
                .map(|values| variant::grid_of(*shape, values)),
        }
    }

    /// Whether there is another solution (not kept).
    fn another(&mut self) -> bool {
        match self {
            Search::Classic(s) => s.next_values().is_some(),
            Search::Variant { solutions, .. } => solutions.next_values().is_some(),
        }
    }

    /// The solutions left, counted up to `limit`.
    fn count_up_to(&mut self, limit: usize) -> Count {
        match self {
            Search::Classic(s) => s.count_up_to(limit),
            Search::Variant { solutions, .. } => solutions.count_up_to(limit),
        }
    }

    /// Whether the stop ended the search.
    fn interrupted(&self) -> bool {
        match self {
            Search::Classic(s) => s.interrupted(),
            Search::Variant { solutions, .. } => solutions.interrupted(),
        }
    }

    /// Branching decisions so far.
    fn guesses(&self) -> u64 {
        match self {
            Search::Classic(s) => s.guesses(),
            Search::Variant { solutions, .. } => solutions.guesses(),
        }
    }
}

/// The `Timeout` of a search stopped after `guesses`.
fn timed_out(timeout: Option<f64>, guesses: u64, got: &str) -> PyErr {
    errors::timeout(format!(
        "timed out after {} s and {guesses} guesses{got}",
        timeout.unwrap_or(0.0)
    ))
}

/// The puzzle's solution: a classic puzzle, or a variant one (a link, payload, f-puzzles
/// JSON, text form, ``dict`` or ``Variant``; ``ignore_unknown=True`` skips constraints its
/// reader does not know).
///
/// Raises ``InvalidPuzzle`` if it does not read or has clashing clues (or givens that break a
/// rule), ``NoSolution``, ``MultipleSolutions`` (unless ``first``: then the first solution
/// found is returned), or ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, first = false, timeout = None, *,
    ignore_unknown = false))]
pub fn solve(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    first: bool,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<PyGrid> {
    let (mut search, work) = Search::start(py, puzzle, r#box, timeout, ignore_unknown)?;
    let (solution, several) = work.run(py, |_| {
        let solution = search.next();
        let several = solution.is_some() && !first && search.another();
        (solution, several)
    })?;
    match solution {
        _ if search.interrupted() => Err(timed_out(
            timeout,
            search.guesses(),
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

/// The number of the puzzle's solutions (classic or variant, as ``solve`` takes it),
/// counting no further than ``limit``.
///
/// Raises ``InvalidPuzzle``, or ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 1000, r#box = None, timeout = None, *, ignore_unknown = false))]
pub fn count(
    py: Python<'_>,
    puzzle: Puzzle,
    limit: usize,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<usize> {
    let (mut search, work) = Search::start(py, puzzle, r#box, timeout, ignore_unknown)?;
    let count = work.run(py, |_| search.count_up_to(limit))?;
    if search.interrupted() {
        return Err(timed_out(
            timeout,
            search.guesses(),
            &format!(", {count} solutions found"),
        ));
    }
    Ok(count.count)
}

/// Whether the puzzle (classic or variant, as ``solve`` takes it) has exactly one solution.
///
/// Raises ``InvalidPuzzle``, or ``Timeout`` after ``timeout`` seconds (default: none).
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, timeout = None, *, ignore_unknown = false))]
pub fn is_unique(
    py: Python<'_>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<bool> {
    count(py, puzzle, 2, r#box, timeout, ignore_unknown).map(|n| n == 1)
}

/// What is wrong with a puzzle, or with a grid for it.
///
/// Without ``grid``, for a classic puzzle: every problem with it (``Problem``), what does not
/// read, then clashing clues; an empty list when it is valid (which says nothing of its
/// solutions). For a variant puzzle: the problems of what does not read (``Problem``), else
/// the rules its givens break (``Broken``).
///
/// With ``grid`` (a solution, or a grid in progress with 0 for empty cells, in any form a
/// puzzle takes: a ``Grid``, a line, rows, an array): the rules it breaks in the puzzle,
/// classic or variant, as ``Broken`` (name, cells, message); in a partial grid, only what its
/// empty cells cannot mend. A full grid solves the puzzle exactly when the list is empty.
/// Raises ``InvalidPuzzle`` if ``grid`` does not read as a grid of the puzzle's size.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None, *, grid = None, ignore_unknown = false))]
pub fn check<'py>(
    py: Python<'py>,
    puzzle: Puzzle,
    r#box: Option<BoxShape>,
    grid: Option<Puzzle>,
    ignore_unknown: bool,
) -> PyResult<Bound<'py, PyList>> {
    let read = puzzle.read_either(shape(r#box), variant::options(ignore_unknown));
    let puzzle = match (read, grid.is_some()) {
        (Err(problems), _) => return PyList::new(py, problems),
        (Ok(Either::Classic(grid)), false) => {
            let problems = grid
                .check()
                .err()
                .map_or_else(Vec::new, |e| errors::problems(&e));
            return PyList::new(py, problems);
        }
        (Ok(Either::Classic(grid)), true) => {
            nsudoku::variant::Puzzle::from_grid(&grid).map_err(|e| errors::invalid_variant(&[e]))?
        }
        (Ok(Either::Variant(read)), _) => {
            variant::refuse_box(r#box)?;
            variant::warn(py, &read.warnings)?;
            read.puzzle
        }
    };
    let values = match grid {
        None => puzzle.givens().to_vec(),
        Some(grid) => grid
            .read(Some(variant::display_shape(&puzzle)))
            .map_err(errors::invalid)?
            .values()
            .to_vec(),
    };
    PyList::new(py, variant::broken(&puzzle, &values))
}

/// The puzzle's canonical form: the smallest grid, read row by row with 0 for an empty cell,
/// of every grid made of it by the moves that keep a sudoku a sudoku (bands, rows within a
/// band, stacks, columns within a stack, a transpose for square boxes, relabelled digits).
/// Two puzzles are the same puzzle in disguise exactly when their forms are equal; this is
/// the "minlex" form in which the Sudoku Players' Forum keeps its lists (``nsudoku canon``).
///
/// Raises ``InvalidPuzzle`` if it does not read or has clashing clues, ``Error`` for a grid
/// above 16×16 or one too symmetric for the search's bounded memory (a 16×16 grid whose
/// first band holds empty rows, then a full one) or a variant puzzle.
#[pyfunction]
#[pyo3(signature = (puzzle, r#box = None))]
pub fn canonical(py: Python<'_>, puzzle: Puzzle, r#box: Option<BoxShape>) -> PyResult<PyGrid> {
    let grid = puzzle.classic_only("canonical")?.valid(shape(r#box))?;
    py.detach(|| nsudoku::canon::canonical(&grid))
        .map(|form| PyGrid(form.grid))
        .map_err(|e| errors::error(e.to_string()))
}

/// The puzzle's solutions (classic or variant, as ``solve`` takes it), found one at a time
/// as they are asked for, up to ``limit`` (None: all). Raises ``InvalidPuzzle`` at once;
/// ``Timeout`` from the iteration once ``timeout`` seconds (default: none) have passed since
/// the call.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = Some(1000), r#box = None, timeout = None, *,
    ignore_unknown = false),
    text_signature = "(puzzle, limit=1000, box=None, timeout=None, *, ignore_unknown=False)")]
pub fn solutions(
    py: Python<'_>,
    puzzle: Puzzle,
    limit: Option<usize>,
    r#box: Option<BoxShape>,
    timeout: Option<f64>,
    ignore_unknown: bool,
) -> PyResult<SolutionIter> {
    let (search, work) = Search::start(py, puzzle, r#box, timeout, ignore_unknown)?;
    Ok(SolutionIter {
        search,
        work,
        left: limit,
        timeout,
    })
}

/// An iterator of a puzzle's solutions (``Grid``), from ``solutions``.
#[pyclass(name = "Solutions", module = "nsudoku")]
#[derive(Debug)]
pub struct SolutionIter {
    search: Search,
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
        let SolutionIter { search, work, .. } = self;
        match work.run(py, |_| search.next())? {
            Some(grid) => {
                self.left = self.left.map(|n| n - 1);
                Ok(Some(PyGrid(grid)))
            }
            None if self.search.interrupted() => {
                Err(timed_out(self.timeout, self.search.guesses(), ""))
            }
            None => {
                self.left = Some(0);
                Ok(None)
            }
        }
    }
}
