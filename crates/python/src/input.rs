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
//! "https://f-puzzles.com/?…"  a variant puzzle: a link, a payload, f-puzzles or SudokuPad
//!                              JSON, the text form (`nsudoku::variant::read`)
//! {"size": 9, "grid": …}       a variant puzzle: an f-puzzles document
//! nsudoku.Variant              a variant puzzle, as read
//! ```
//!
//! Text is a variant puzzle when the library says so ([`is_variant_text`]): a JSON object, a
//! link, a payload, an ISS constraint string, a killer or jigsaw line of the forums, or lines
//! with a constraint's keyword or a header. Anything else, classic
//! text included, is read as a classic grid, as the command line does.
//!
//! Which form a Python object is, is told in `extract.rs` (it knows the package's classes,
//! which take a [`Puzzle`] themselves); this file reads the forms.

use std::time::{Duration, Instant};

use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::variant::{self, fpuzzles};
use nsudoku::{Grid, Shape};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::{self, Collected, Problem};

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
    /// A `dict`: an f-puzzles document (or an object naming one), as JSON text.
    Document(String),
    /// An `nsudoku.Variant`.
    Variant(Box<variant::Puzzle>),
}

/// A puzzle read: a classic grid, or a variant puzzle and what its reader skipped.
#[derive(Debug)]
pub enum Either {
    Classic(Grid),
    Variant(fpuzzles::Read),
}

/// Whether `text` is a variant puzzle rather than a classic grid: a JSON object, a link,
/// payload, ISS constraint string, killer or jigsaw line ([`variant::is_variant_line`], which
/// never decodes a line of digits as a payload), or the text form
/// ([`variant::text::looks_like_text_form`]: keywords and headers have letters).
pub fn is_variant_text(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim();
    variant::is_variant_line(t)
        || (t.bytes().any(|b| b.is_ascii_alphabetic())
            && variant::text::looks_like_text_form(t.lines()))
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

/// The problem of a text longer than [`MAX_TEXT`].
fn too_long(text: &str) -> Vec<Problem> {
    vec![Problem::at(
        "too_long",
        format!(
            "{} MiB of text: no puzzle is longer than {} MiB",
            text.len() >> 20,
            MAX_TEXT >> 20
        ),
        None,
    )]
}

impl Puzzle {
    /// Whether this is a variant puzzle: a `Variant`, a `dict`, or variant text.
    pub fn is_variant(&self) -> bool {
        match self {
            Puzzle::Text(text) => text.len() <= MAX_TEXT && is_variant_text(text),
            Puzzle::Document(_) | Puzzle::Variant(_) => true,
            Puzzle::Rows(_) | Puzzle::Flat(_) | Puzzle::Grid(_) => false,
        }
    }

    /// For what takes classic puzzles only: `nsudoku.Error` if this is a variant puzzle,
    /// saying that `what` (`explain`) does not take it.
    pub fn classic_only(self, what: &str) -> PyResult<Puzzle> {
        if self.is_variant() {
            return Err(errors::variant_refused(&format!(
                "{what} does not take them"
            )));
        }
        Ok(self)
    }

    /// The puzzle read, classic or variant (a `Variant` as it is, without its warnings, which
    /// were given when it was made), or every problem found.
    pub fn read_either(
        self,
        shape: Option<Shape>,
        options: fpuzzles::ReadOptions,
    ) -> Result<Either, Vec<Problem>> {
        match self {
            Puzzle::Text(text) if text.len() > MAX_TEXT => Err(too_long(&text)),
            Puzzle::Text(text) if is_variant_text(&text) => variant_read(&text, options),
            Puzzle::Document(json) => variant_read(&json, options),
            Puzzle::Variant(puzzle) => Ok(Either::Variant(fpuzzles::Read::new(*puzzle))),
            classic => classic.read(shape).map(Either::Classic),
        }
    }

    /// The grid as read (clashing clues are not looked for), or every problem found; a
    /// variant puzzle is a problem here (of kind `variant`).
    pub fn read(self, shape: Option<Shape>) -> Result<Grid, Vec<Problem>> {
        match self {
            Puzzle::Text(text) if text.len() > MAX_TEXT => Err(too_long(&text)),
            Puzzle::Document(_) | Puzzle::Variant(_) => Err(not_classic()),
            Puzzle::Text(text) if is_variant_text(&text) => Err(not_classic()),
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

/// A variant puzzle's text read (`nsudoku::variant::read`).
fn variant_read(text: &str, options: fpuzzles::ReadOptions) -> Result<Either, Vec<Problem>> {
    variant::read(text, options)
        .map(Either::Variant)
        .map_err(|errors| errors.iter().map(Problem::from).collect())
}

/// The problem of a variant puzzle where a classic grid is wanted.
fn not_classic() -> Vec<Problem> {
    vec![Problem::at(
        "variant",
        "a variant puzzle, not a classic grid (nsudoku.Variant reads it)".to_owned(),
        None,
    )]
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
