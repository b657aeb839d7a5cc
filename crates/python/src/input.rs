//! Arguments from Python: one puzzle in any of the forms the package takes, a box shape, a
//! timeout.
//!
//! ```text
//! "53..7....6..195…"          text in any format the library reads (a line, a grid, …)
//! ["53..7....", "6..195...", …] rows of text: a grid
//! [[5, 3, 0, …], …]            rows of numbers (0 or None empty), N × N
//! [5, 3, 0, …]                 N² numbers
//! numpy.ndarray                N × N or flat, any integer type (through `tolist`)
//! nsudoku.Grid                 as it is (with another box shape if one is given)
//! ```

use std::time::{Duration, Instant};

use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::{Grid, Shape};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::errors::{self, Collected, Problem};
use crate::grid::PyGrid;

/// The most text one puzzle may take: a 512×512 grid written as numbers takes about 1 MiB,
/// drawn with rules a few; a longer text is refused before it is read.
pub const MAX_TEXT: usize = 16 << 20;

/// One puzzle as given, not yet read.
#[derive(Debug)]
pub enum Puzzle {
    Text(String),
    /// Rows of values.
    Rows(Vec<Vec<Value>>),
    /// `N²` values.
    Flat(Vec<Value>),
    Grid(Grid),
}

/// One cell's value as given: a number (None is 0), or something else, by its `repr`.
#[derive(Debug)]
pub enum Value {
    Number(i64),
    Bad(String),
}

impl<'py> FromPyObject<'_, 'py> for Value {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Value> {
        if obj.is_none() {
            return Ok(Value::Number(0));
        }
        match obj.extract::<i64>() {
            Ok(v) => Ok(Value::Number(v)),
            Err(_) => Ok(Value::Bad(obj.repr()?.to_cow()?.into_owned())),
        }
    }
}

impl<'py> FromPyObject<'_, 'py> for Puzzle {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Puzzle> {
        if let Some(text) = text_of(obj)? {
            return Ok(Puzzle::Text(text));
        }
        if let Ok(grid) = obj.cast::<PyGrid>() {
            return Ok(Puzzle::Grid(grid.get().0.clone()));
        }
        // NumPy arrays (and the like) become nested lists.
        let obj = if obj.hasattr("tolist")? {
            obj.call_method0("tolist")?
        } else {
            obj.to_owned()
        };
        let not_a_puzzle = || {
            PyTypeError::new_err(
                "expected a puzzle: a string, rows (of strings or numbers), an array or a Grid",
            )
        };
        let items: Vec<Bound<'py, PyAny>> = obj
            .try_iter()
            .map_err(|_| not_a_puzzle())?
            .collect::<PyResult<_>>()?;
        let Some(first) = items.first() else {
            return Ok(Puzzle::Flat(Vec::new()));
        };
        if text_of(first.as_borrowed())?.is_some() {
            let rows = items
                .iter()
                .map(|row| text_of(row.as_borrowed())?.ok_or_else(not_a_puzzle))
                .collect::<PyResult<Vec<String>>>()?;
            return Ok(Puzzle::Text(rows.join("\n")));
        }
        if first.try_iter().is_ok() {
            let rows = items
                .iter()
                .map(|row| row.extract::<Vec<Value>>().map_err(|_| not_a_puzzle()))
                .collect::<PyResult<_>>()?;
            return Ok(Puzzle::Rows(rows));
        }
        Ok(Puzzle::Flat(
            items.iter().map(|v| v.extract()).collect::<PyResult<_>>()?,
        ))
    }
}

/// The text of a `str` or (UTF-8) `bytes` object; `None` for anything else.
fn text_of(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(Some(text.to_cow()?.into_owned()));
    }
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        return Ok(Some(String::from_utf8_lossy(bytes.as_bytes()).into_owned()));
    }
    Ok(None)
}

impl Puzzle {
    /// The grid as read (clashing clues are not looked for), or every problem found.
    pub fn read(self, shape: Option<Shape>) -> Result<Grid, Vec<Problem>> {
        match self {
            Puzzle::Text(text) if text.len() > MAX_TEXT => Err(vec![Problem::at(
                "too_long",
                format!(
                    "{} MiB of text: no puzzle is longer than {} MiB",
                    text.len() >> 20,
                    MAX_TEXT >> 20
                ),
                None,
            )]),
            Puzzle::Text(text) => {
                let options = ReadOptions {
                    shape,
                    ..ReadOptions::default()
                };
                read_line(&text, &options).map_err(|e| errors::problems(&e))
            }
            Puzzle::Grid(grid) => match shape {
                Some(shape) if shape != grid.shape() => {
                    Grid::from_values(shape, grid.values()).map_err(|e| errors::problems(&[e]))
                }
                _ => Ok(grid),
            },
            Puzzle::Rows(rows) => {
                let side = rows.len();
                let mut problems = Collected::default();
                for (r, row) in rows.iter().enumerate() {
                    if row.len() != side {
                        problems.push(Problem::at(
                            "row_length",
                            format!("row {} has {} values, expected {side}", r + 1, row.len()),
                            None,
                        ));
                    }
                }
                problems.finish()?;
                let shape = match shape {
                    Some(shape) => Shape::for_cell_count(side * side, Some(shape)),
                    None => Shape::square(side).map_err(nsudoku::Error::from),
                };
                values(shape, rows.into_iter().flatten())
            }
            Puzzle::Flat(values_given) => values(
                Shape::for_cell_count(values_given.len(), shape),
                values_given.into_iter(),
            ),
        }
    }

    /// The grid as read and checked: [`errors::invalid`] if it does not read or has clashing
    /// clues.
    pub fn valid(self, shape: Option<Shape>) -> PyResult<Grid> {
        let grid = self.read(shape).map_err(errors::invalid)?;
        grid.check().map_err(|e| errors::invalid_puzzle(&e))?;
        Ok(grid)
    }
}

/// A grid of `shape` from row-major values: every value out of range, or not a number, is a
/// problem at its cell.
fn values(
    shape: Result<Shape, nsudoku::Error>,
    given: impl Iterator<Item = Value>,
) -> Result<Grid, Vec<Problem>> {
    let shape = shape.map_err(|e| errors::problems(&[e]))?;
    let n = shape.side();
    let mut problems = Collected::default();
    let mut values = Vec::with_capacity(shape.cell_count());
    for (i, value) in given.enumerate() {
        let (r, c) = (i / n, i % n);
        match value {
            Value::Number(v) if (0..=n as i64).contains(&v) => values.push(v as u16),
            Value::Number(v) => problems.push(Problem::at(
                "value_out_of_range",
                format!("value {v} out of range 1..{n} at r{}c{}", r + 1, c + 1),
                Some((r, c)),
            )),
            Value::Bad(repr) => problems.push(Problem::at(
                "bad_value",
                format!("bad value {repr} at r{}c{}: not a number", r + 1, c + 1),
                Some((r, c)),
            )),
        }
    }
    problems.finish()?;
    Grid::from_vec(shape, values).map_err(|e| errors::problems(&[e]))
}

/// The `box` argument: `"3x2"` or `(3, 2)`, a box 3 cells wide and 2 tall.
#[derive(Clone, Copy, Debug)]
pub struct BoxShape(pub Shape);

impl<'py> FromPyObject<'_, 'py> for BoxShape {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<BoxShape> {
        let shape = if let Ok((w, h)) = obj.extract::<(usize, usize)>() {
            Shape::new(w, h).map_err(|e| e.to_string())
        } else {
            let text: String = obj.extract().map_err(|_| {
                PyTypeError::new_err("box: expected \"WxH\" (such as \"3x2\") or (width, height)")
            })?;
            text.parse::<Shape>().map_err(|e| e.to_string())
        };
        shape
            .map(BoxShape)
            .map_err(|e| PyValueError::new_err(format!("box: {e}")))
    }
}

/// The shape a `box` argument names, if any.
pub fn shape(boxes: Option<BoxShape>) -> Option<Shape> {
    boxes.map(|b| b.0)
}

/// A timeout in seconds as a duration: none for `None` or for more than a century.
pub fn duration(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(t) if t.is_nan() || t < 0.0 => Err(PyValueError::new_err(format!(
            "timeout: {t} is not a number of seconds ≥ 0 (or None)"
        ))),
        Some(t) => Ok(Duration::try_from_secs_f64(t)
            .ok()
            .filter(|d| d.as_secs() < 100 * 365 * 86_400)),
    }
}

/// The deadline `timeout` seconds from now, if any.
pub fn deadline(timeout: Option<Duration>) -> Option<Instant> {
    timeout.and_then(|t| Instant::now().checked_add(t))
}
