//! A batch's puzzles as the package passes them ([`Input`]: an integer array, a list's
//! texts, an Arrow string array's buffers), read in place one at a time on any thread
//! ([`Rows`]), by classic and variant batches alike.

use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::{Grid, Shape};
use numpy::ndarray::ArrayView2;
use numpy::{Element, PyArrayDescrMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArray};
use numpy::{PyUntypedArrayMethods, dtype};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors;
use crate::input;
use crate::list::ListTexts;

/// The longest text of one puzzle in a batch, as the CLI's longest line.
const MAX_LINE: usize = 4 << 20;

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
    pub fn shape(&self, boxes: Option<Shape>) -> PyResult<Shape> {
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
    /// solution to such a grid, and only then are they looked for.
    pub fn grid(&self, i: usize, options: &ReadOptions) -> Option<Grid> {
        let shape = options.shape.unwrap_or(Shape::CLASSIC);
        match self {
            Rows::Values(v) => Grid::from_vec(shape, v.values(i)).ok(),
            Rows::List(_) | Rows::Texts { .. } => read_line(self.text(i)?, options)
                .ok()
                .filter(|g| g.shape() == shape),
        }
    }
}
