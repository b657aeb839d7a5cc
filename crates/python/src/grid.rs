//! `nsudoku.Grid`: a puzzle or a solution, and how it is written.

use std::fmt::Write as _;

use nsudoku::Grid;
use nsudoku::format::Style;
use numpy::{Element, PyArray1, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::errors;
use crate::input::{BoxShape, Puzzle, shape};
use crate::repr::quote;

/// An N×N grid: a puzzle (0 for an empty cell) or a solution.
///
/// ``Grid(puzzle, box=None)`` reads a puzzle in any form the functions take (clashing clues
/// are allowed here: ``check`` finds them). ``str(grid)`` is the compact line up to 9×9
/// (``.`` for empty; a pencil-mark puzzle's ``N`` characters a cell, ``pencil_marks`` its
/// candidates), rows of numbers beyond; ``grid.line()`` and ``grid.pretty()`` are the
/// CLI's line and box-drawn formats. ``grid[r, c]`` is a cell's value, 0-based.
#[pyclass(frozen, eq, hash, name = "Grid", module = "nsudoku")]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyGrid(pub Grid);

#[pymethods]
impl PyGrid {
    #[new]
    #[pyo3(signature = (puzzle, r#box = None))]
    fn new(puzzle: Puzzle, r#box: Option<BoxShape>) -> PyResult<PyGrid> {
        puzzle
            .read(shape(r#box))
            .map(PyGrid)
            .map_err(errors::invalid)
    }

    /// N: the rows, columns, boxes and digits of the grid.
    #[getter]
    fn size(&self) -> usize {
        self.0.side()
    }

    /// The box shape, ``"WxH"``: ``"3x3"``, or ``"3x2"`` for 6×6 boxes 3 wide and 2 tall.
    #[getter(r#box)]
    fn box_shape(&self) -> String {
        self.0.shape().to_string()
    }

    /// The values, row by row (0 for empty).
    #[getter]
    fn rows(&self) -> Vec<Vec<u16>> {
        self.0.rows().map(<[u16]>::to_vec).collect()
    }

    /// How many cells hold a digit.
    #[getter]
    fn clues(&self) -> usize {
        self.0.clue_count()
    }

    /// For a pencil-mark puzzle, each cell's candidates, row by row (``[[[1, 3], [2], …], …]``);
    /// ``None`` for a grid of givens.
    #[getter]
    fn pencil_marks(&self) -> Option<Vec<Vec<Vec<usize>>>> {
        let marks = self.0.pencil_marks()?;
        let n = self.0.side();
        let cells: Vec<Vec<usize>> = marks
            .iter()
            .map(|set| set.iter().map(|d| d.get()).collect())
            .collect();
        Some(cells.chunks(n).map(<[Vec<usize>]>::to_vec).collect())
    }

    /// The values as an N×N NumPy array: ``uint8`` up to 255×255, ``uint16`` beyond.
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.0.side();
        if n <= usize::from(u8::MAX) {
            let values = self.0.values().iter().map(|&v| v as u8).collect();
            array(py, values, n, n)
        } else {
            array(py, self.0.values().to_vec(), n, n)
        }
    }

    /// The CLI's one-line format: a symbol a cell (``1``–``9``, then ``A``–``Z``) up to 35×35,
    /// numbers separated by spaces beyond; ``.`` for empty. A pencil-mark puzzle (up to 9×9):
    /// ``N`` characters a cell, the ``k``-th ``k`` when it is a candidate, else ``.``.
    fn line(&self) -> String {
        let style = Style::default();
        style
            .pencil_line(&self.0)
            .unwrap_or_else(|| style.line(&self.0))
    }

    /// The grid drawn with ``|``, ``-`` and ``+`` between boxes, one row a line.
    fn pretty(&self) -> String {
        Style::default().pretty(&self.0)
    }

    /// Whether this is a complete grid without clashes that keeps every clue of ``puzzle``.
    fn is_solution_of(&self, puzzle: PyRef<'_, PyGrid>) -> bool {
        self.0.is_solution_of(&puzzle.0)
    }

    fn __getitem__(&self, cell: (isize, isize)) -> PyResult<u16> {
        let n = self.0.side() as isize;
        let index = |i: isize| {
            let i = if i < 0 { i + n } else { i };
            (0..n).contains(&i).then_some(i as usize)
        };
        match (index(cell.0), index(cell.1)) {
            (Some(r), Some(c)) => Ok(self.0.values()[r * self.0.side() + c]),
            _ => Err(PyIndexError::new_err(format!(
                "cell {cell:?} is outside the {n}x{n} grid"
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        let n = self.0.side();
        let shape = self.0.shape();
        let square = shape.width() == shape.height();
        match n {
            ..=16 if square => format!("Grid({})", quote(&self.line())),
            ..=16 => format!(
                "Grid({}, box={})",
                quote(&self.line()),
                quote(&shape.to_string())
            ),
            _ => format!(
                "<nsudoku.Grid {n}x{n}, box {shape}, {} clues>",
                self.0.clue_count()
            ),
        }
    }

    /// Pickling: the rows (a pencil-mark puzzle's line) and the box.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, (Bound<'py, PyAny>, String))> {
        let grid = slf.get();
        let py = slf.py();
        let puzzle = match Style::default().pencil_line(&grid.0) {
            Some(line) => line.into_pyobject(py)?.into_any(),
            None => grid.rows().into_pyobject(py)?,
        };
        Ok((slf.get_type(), (puzzle, grid.box_shape())))
    }
}

impl PyGrid {
    /// `str(grid)`: the compact line up to 9×9 (a pencil-mark puzzle's line), rows of numbers
    /// beyond.
    pub fn text(&self) -> String {
        if self.0.side() <= 9 {
            return self.line();
        }
        let width = self.0.side().to_string().len();
        let mut out = String::new();
        for (r, row) in self.0.rows().enumerate() {
            if r > 0 {
                out.push('\n');
            }
            for (c, &v) in row.iter().enumerate() {
                let sep = if c > 0 { " " } else { "" };
                match v {
                    0 => write!(out, "{sep}{:>width$}", "."),
                    v => write!(out, "{sep}{v:>width$}"),
                }
                .expect("writing to a String");
            }
        }
        out
    }
}

/// A `rows × width` NumPy array of `values` (row-major), without a copy.
pub fn array<T: Element>(
    py: Python<'_>,
    values: Vec<T>,
    rows: usize,
    width: usize,
) -> PyResult<Bound<'_, PyAny>> {
    Ok(PyArray1::from_vec(py, values)
        .reshape([rows, width])?
        .into_any())
}
