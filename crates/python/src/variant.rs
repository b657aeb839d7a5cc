//! Variant puzzles: `nsudoku.Variant` (a puzzle read, its properties and its other forms),
//! `nsudoku.Broken` (a rule a grid breaks), and what the functions share for them: reading
//! options, the reader's warnings, the givens checked, a solution as a `Grid`.
//!
//! A variant puzzle comes as text (links, payloads, f-puzzles or SudokuPad JSON, the text
//! form), as a `dict` (an f-puzzles document) or as a `Variant`; `input.rs` tells it from a
//! classic one and reads it with `nsudoku::variant::read`. Its solutions are `Grid`s of its
//! size, in its boxes when its regions are boxes (else in the default boxes of its size:
//! then `Variant.check`, not `Grid.is_solution_of`, says whether a grid solves it).

use std::collections::hash_map::DefaultHasher;
use std::ffi::CString;
use std::hash::{Hash, Hasher};

use nsudoku::variant::fpuzzles::{self, Read, ReadOptions};
use nsudoku::variant::{self, NO_REGION, Puzzle};
use nsudoku::{Grid, Shape};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::errors::{self, Problem};
use crate::grid::PyGrid;
use crate::input::{self, BoxShape, Either};
use crate::repr::quote;

/// The reading options from the `ignore_unknown` argument.
pub fn options(ignore_unknown: bool) -> ReadOptions {
    ReadOptions { ignore_unknown }
}

/// Each of the reader's warnings as an `nsudoku.VariantWarning` (a `UserWarning`), which
/// Python's filters show once, hide or turn into errors.
pub fn warn(py: Python<'_>, warnings: &[String]) -> PyResult<()> {
    if warnings.is_empty() {
        return Ok(());
    }
    let category = py.import("nsudoku")?.getattr("VariantWarning")?;
    for w in warnings {
        let message =
            CString::new(w.replace('\0', " ")).map_err(|e| PyValueError::new_err(e.to_string()))?;
        // Level 1: the Python line that called the extension.
        PyErr::warn(py, &category, &message, 1)?;
    }
    Ok(())
}

/// A variant puzzle ready to search: no `box` given (its regions are its own), its warnings
/// given, and no rule broken by its givens (else `InvalidPuzzle`, as for clashing clues).
pub fn ready(py: Python<'_>, read: Read, boxes: Option<BoxShape>) -> PyResult<Puzzle> {
    refuse_box(boxes)?;
    warn(py, &read.warnings)?;
    let broken = read.puzzle.broken(read.puzzle.givens());
    if !broken.is_empty() {
        return Err(errors::invalid(
            broken
                .iter()
                .map(|b| Problem {
                    kind: "broken".to_owned(),
                    message: format!("the givens break a rule: {}", b.message),
                    line: None,
                    column: None,
                    cells: b.cells.iter().map(|c| (c.row(), c.col())).collect(),
                    at: b.constraint.map(|i| format!("constraints[{i}]")),
                })
                .collect(),
        ));
    }
    Ok(read.puzzle)
}

/// `ValueError` for a `box` given with a variant puzzle.
pub fn refuse_box(boxes: Option<BoxShape>) -> PyResult<()> {
    match boxes {
        None => Ok(()),
        Some(_) => Err(PyValueError::new_err(
            "box: a variant puzzle has its own regions (leave box out)",
        )),
    }
}

/// The boxes a variant puzzle's grids are given in: its regions when they are boxes, else the
/// default boxes of its size.
pub fn display_shape(puzzle: &Puzzle) -> Shape {
    puzzle
        .box_shape()
        .or_else(|| Shape::for_side(puzzle.size()).ok())
        .unwrap_or(Shape::CLASSIC)
}

/// Values of a variant puzzle's grid (0 to N, row-major) as a `Grid`.
pub fn grid_of(shape: Shape, values: &[u16]) -> Grid {
    Grid::from_values(shape, values).unwrap_or_else(|_| Grid::empty(shape))
}

/// A rule a grid breaks, from ``check``.
///
/// ``name`` is the constraint's (``killer``, ``thermo``, as in ``Variant.constraints``), or
/// ``sudoku`` for a row, column or region with a repeated digit, a changed given, a digit out
/// of range or outside its cell's candidates; ``constraint`` is its index in
/// ``Variant.constraints`` (None for ``sudoku``). Cells are 0-based ``(row, column)``; the
/// message counts from 1 (``killer cage r1c1-r1c3 sums to 16, not 15``).
#[pyclass(frozen, eq, get_all, module = "nsudoku")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The constraint's name, or ``sudoku``.
    pub name: String,
    /// Its index among the puzzle's constraints; None for the sudoku rules.
    pub constraint: Option<usize>,
    /// The cells that break it, 0-based ``(row, column)``.
    pub cells: Vec<(usize, usize)>,
    /// What is wrong, in words.
    pub message: String,
}

#[pymethods]
impl Broken {
    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!(
            "Broken(name={}, message={})",
            quote(&self.name),
            quote(&self.message)
        )
    }
}

/// The rules `values` (row-major, 0 for empty) breaks in `puzzle`.
pub fn broken(puzzle: &Puzzle, values: &[u16]) -> Vec<Broken> {
    puzzle
        .broken(values)
        .into_iter()
        .map(|b| Broken {
            name: b
                .constraint
                .and_then(|i| puzzle.constraints().get(i))
                .map_or("sudoku", |c| c.name())
                .to_owned(),
            constraint: b.constraint,
            cells: b.cells.iter().map(|c| (c.row(), c.col())).collect(),
            message: b.message,
        })
        .collect()
}

/// A variant puzzle: a grid of size N (1 to 64), its givens, its regions and its constraints.
///
/// ``Variant(puzzle, ignore_unknown=False)`` reads an f-puzzles or SudokuPad link, an
/// f-puzzles payload, f-puzzles or SudokuPad JSON text, the text form (``title: …``, a grid,
/// ``killer 15 r1c1-3``), a JSON object with a ``fpuzzles``, ``puzzle`` or ``link`` field, a
/// ``dict`` (an f-puzzles document), or a classic puzzle (a variant without constraints).
/// ``ignore_unknown=True`` skips the constraints the reader does not know (each named in
/// ``warnings``) instead of raising ``InvalidPuzzle``. What the reader skipped is in
/// ``warnings``, and each is also given as a ``VariantWarning``.
///
/// Every function that takes a puzzle takes a ``Variant`` (or its text, or its ``dict``):
/// ``solve``, ``count``, ``is_unique``, ``solutions``, ``check``, ``solve_many``,
/// ``count_many``. ``str(v)`` is the text form.
#[pyclass(frozen, name = "Variant", module = "nsudoku")]
#[derive(Clone, Debug)]
pub struct PyVariant {
    pub puzzle: Puzzle,
    warnings: Vec<String>,
}

impl PyVariant {
    /// A puzzle made here (by the generator): nothing was skipped reading it.
    pub fn of(puzzle: Puzzle) -> PyVariant {
        PyVariant {
            puzzle,
            warnings: Vec::new(),
        }
    }
}

#[pymethods]
impl PyVariant {
    #[new]
    #[pyo3(signature = (puzzle, ignore_unknown = false))]
    fn new(py: Python<'_>, puzzle: input::Puzzle, ignore_unknown: bool) -> PyResult<PyVariant> {
        let read = match puzzle
            .read_either(None, options(ignore_unknown))
            .map_err(errors::invalid)?
        {
            Either::Variant(read) => read,
            Either::Classic(grid) => {
                Read::new(Puzzle::from_grid(&grid).map_err(|e| errors::invalid_variant(&[e]))?)
            }
        };
        warn(py, &read.warnings)?;
        Ok(PyVariant {
            puzzle: read.puzzle,
            warnings: read.warnings,
        })
    }

    /// N: the rows, columns and digits of the grid.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.size()
    }

    /// The constraints beyond rows, columns and regions, by name, in order: ``["killer",
    /// "killer", "thermo"]`` (``Broken.constraint`` indexes this list).
    #[getter]
    fn constraints(&self) -> Vec<&'static str> {
        self.puzzle.constraints().iter().map(|c| c.name()).collect()
    }

    /// The givens as a ``Grid`` (0 for an empty cell), in the puzzle's boxes when its regions
    /// are boxes, else in the default boxes of its size.
    #[getter]
    fn givens(&self) -> PyGrid {
        PyGrid(grid_of(display_shape(&self.puzzle), self.puzzle.givens()))
    }

    /// Each cell's region, row by row: a number from 0, or None for a cell in no region.
    #[getter]
    fn regions(&self) -> Vec<Vec<Option<u16>>> {
        let n = self.puzzle.size();
        self.puzzle
            .regions()
            .chunks(n)
            .map(|row| row.iter().map(|&r| (r != NO_REGION).then_some(r)).collect())
            .collect()
    }

    /// The box shape, ``"WxH"``, when the regions are boxes; None for irregular regions.
    #[getter(r#box)]
    fn box_shape(&self) -> Option<String> {
        self.puzzle.box_shape().map(|s| s.to_string())
    }

    /// The title, if the puzzle has one.
    #[getter]
    fn title(&self) -> Option<&str> {
        self.puzzle.info.title.as_deref()
    }

    /// The author, if the puzzle names one.
    #[getter]
    fn author(&self) -> Option<&str> {
        self.puzzle.info.author.as_deref()
    }

    /// The rules in words, if the puzzle has them.
    #[getter]
    fn rules(&self) -> Option<&str> {
        self.puzzle.info.rules.as_deref()
    }

    /// What the reader skipped or did not understand (cosmetic marks, unknown constraints with
    /// ``ignore_unknown=True``, …).
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
    }

    /// A link that opens the puzzle in f-puzzles. Raises ``Error`` for a rule f-puzzles cannot
    /// hold (a chess rule, …).
    fn to_link(&self) -> PyResult<String> {
        fpuzzles::to_link(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// A link that opens the puzzle in SudokuPad (an f-puzzles payload). Raises ``Error`` for
    /// a rule f-puzzles cannot hold.
    fn to_sudokupad_link(&self) -> PyResult<String> {
        fpuzzles::to_sudokupad_link(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// The payload of an f-puzzles link (lz-string base64 of ``to_json()``).
    fn to_payload(&self) -> PyResult<String> {
        fpuzzles::to_payload(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// The f-puzzles document as JSON text, on one line.
    fn to_json(&self) -> PyResult<String> {
        fpuzzles::to_json(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// The puzzle as a constraint string of sigh's Interactive Sudoku Solver (ISS). Raises
    /// ``Error`` for a rule ISS has no way to say (a slow thermometer, …) or a grid beyond 16×16.
    fn to_iss(&self) -> PyResult<String> {
        variant::iss::to_string(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// A link that opens the puzzle in ISS. Raises ``Error`` as ``to_iss``.
    fn to_iss_link(&self) -> PyResult<String> {
        variant::iss::to_link(&self.puzzle).map_err(|e| errors::error(e.to_string()))
    }

    /// The f-puzzles document as a ``dict`` (which ``Variant`` and the functions read back).
    fn to_fpuzzles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.to_json()?,))
    }

    /// The text form: headers, the grid of givens, one line a constraint. It holds every rule
    /// (f-puzzles cannot hold some), and reads back to an equal puzzle.
    pub(crate) fn to_text(&self) -> String {
        variant::text::to_text(&self.puzzle)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    pub(crate) fn __repr__(&self) -> String {
        let n = self.puzzle.size();
        let mut names: Vec<&str> = Vec::new();
        for name in self.constraints() {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let count = self.puzzle.constraints().len();
        let mut out = format!("<nsudoku.Variant {n}x{n}, {count} constraints");
        if !names.is_empty() {
            let shown: Vec<&str> = names.iter().take(6).copied().collect();
            out += &format!(
                " ({}{})",
                shown.join(", "),
                if names.len() > 6 { ", …" } else { "" }
            );
        }
        if let Some(title) = &self.puzzle.info.title {
            out += &format!(", {}", quote(title));
        }
        out + ">"
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyVariant>()
            .is_ok_and(|o| o.get().puzzle == self.puzzle)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.puzzle.hash(&mut hasher);
        hasher.finish()
    }

    /// Pickling: the text form.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().to_text(),))
    }
}
