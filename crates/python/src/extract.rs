//! A puzzle argument from whatever Python object a function is given: text (`str` or UTF-8
//! `bytes`), rows of text or of numbers, a NumPy array, a `Grid`, a `Variant` or a `dict`
//! (the forms are listed in `input.rs`, which reads them). This sits above the classes it
//! recognises (`grid.rs`, `variant.rs`), whose constructors take a [`Puzzle`] too.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::grid::PyGrid;
use crate::input::{Puzzle, Value};
use crate::variant::PyVariant;

impl<'py> FromPyObject<'_, 'py> for Puzzle {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Puzzle> {
        if let Some(text) = text_of(obj)? {
            return Ok(Puzzle::Text(text));
        }
        if let Ok(grid) = obj.cast::<PyGrid>() {
            return Ok(Puzzle::Grid(grid.get().0.clone()));
        }
        if let Ok(v) = obj.cast::<PyVariant>() {
            return Ok(Puzzle::Variant(Box::new(v.get().puzzle.clone())));
        }
        if obj.cast::<PyDict>().is_ok() {
            return json_text(obj).map(Puzzle::Document);
        }
        // NumPy arrays (and the like) become nested lists.
        let obj = if obj.hasattr("tolist")? {
            obj.call_method0("tolist")?
        } else {
            obj.to_owned()
        };
        let not_a_puzzle = || {
            PyTypeError::new_err(
                "expected a puzzle: a string, rows (of strings or numbers), an array, a Grid, \
                 a Variant or a dict (an f-puzzles document)",
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

/// A `dict` as JSON text (Python's `json.dumps`).
fn json_text(obj: Borrowed<'_, '_, PyAny>) -> PyResult<String> {
    let py = obj.py();
    py.import("json")?
        .call_method1("dumps", (obj,))
        .and_then(|text| text.extract())
        .map_err(|e| {
            PyTypeError::new_err(format!(
                "a dict puzzle is an f-puzzles document, which JSON can hold: {e}"
            ))
        })
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
