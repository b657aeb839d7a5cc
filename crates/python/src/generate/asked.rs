//! What `generate` and `generate_many` are asked, classic or variant: their arguments read into
//! the library's options (names, the rating band, the time a puzzle gets), and what they give
//! back (a `Generated` puzzle, or the error for none found).

use std::ops::RangeInclusive;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use nsudoku::Shape;
use nsudoku::generate::{Difficulty, Options, Symmetry};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::grid::PyGrid;
use crate::input::{self, BoxShape};
use crate::logic::{DEFAULT_TIMEOUT, Rating, scale};
use crate::repr::quote;
use crate::run::Work;
use crate::variant::PyVariant;

/// The choice of `all` that `name` names (the library's names: `rot180`, `easy`), or
/// `ValueError` listing them, for the argument `arg`.
pub(crate) fn named<T: Copy>(
    arg: &str,
    name: &str,
    all: &[T],
    name_of: fn(T) -> &'static str,
) -> PyResult<T> {
    all.iter()
        .copied()
        .find(|&t| name_of(t) == name)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&t| name_of(t)).collect();
            PyValueError::new_err(format!(
                "{arg}: {name:?} is not one of {}",
                names.join(", ")
            ))
        })
}

/// What `generate` and `generate_many` are asked to make: their arguments but the count, seed
/// and threads.
pub struct Asked<'a> {
    pub size: usize,
    pub boxes: Option<BoxShape>,
    /// The variant kinds (`killer,x`), for variant puzzles.
    pub variant: Option<&'a str>,
    pub hide_totals: bool,
    /// Killers: exactly this many givens.
    pub givens: Option<usize>,
    pub symmetry: &'a str,
    pub minimal: bool,
    pub difficulty: Option<&'a str>,
    pub rating: Option<(f64, f64)>,
    pub scale: &'a str,
    pub timeout: Option<f64>,
}

impl<'a> Asked<'a> {
    /// Classic puzzles of `size` (or `boxes`), without a rating.
    pub(super) fn new(
        size: usize,
        boxes: Option<BoxShape>,
        symmetry: &'a str,
        minimal: bool,
    ) -> Asked<'a> {
        Asked {
            size,
            boxes,
            variant: None,
            hide_totals: false,
            givens: None,
            symmetry,
            minimal,
            difficulty: None,
            rating: None,
            scale: "sukaku",
            timeout: None,
        }
    }

    /// Variant puzzles of these kinds (none: classic ones).
    pub(super) fn variant(
        self,
        variant: Option<&'a str>,
        hide_totals: bool,
        givens: Option<usize>,
    ) -> Asked<'a> {
        Asked {
            variant,
            hide_totals,
            givens,
            ..self
        }
    }

    /// Rated in a band (`difficulty` or `rating`, on `scale`), each within `timeout`.
    pub(super) fn rated(
        self,
        difficulty: Option<&'a str>,
        rating: Option<(f64, f64)>,
        scale: &'a str,
        timeout: Option<f64>,
    ) -> Asked<'a> {
        Asked {
            difficulty,
            rating,
            scale,
            timeout,
            ..self
        }
    }

    /// The classic generator's options, and the timeout a puzzle gets (by default 60 s when a
    /// rating is asked, none otherwise, as the CLI's).
    pub(super) fn classic(&self) -> PyResult<(Options, Option<Duration>)> {
        if self.hide_totals {
            return Err(PyValueError::new_err(
                "hide_totals: only killer puzzles (variant=\"killer\") have cage totals",
            ));
        }
        if self.givens.is_some() {
            return Err(PyValueError::new_err(
                "givens: only killer puzzles (variant=\"killer\") take a number of givens",
            ));
        }
        let (size, boxes) = (self.size, self.boxes);
        let shape = match boxes {
            Some(BoxShape(shape)) if size == 9 || size == shape.side() => shape,
            Some(BoxShape(shape)) => {
                return Err(PyValueError::new_err(format!(
                    "box {shape} makes {n}x{n} grids, not size {size}",
                    n = shape.side()
                )));
            }
            None => {
                Shape::for_side(size).map_err(|e| PyValueError::new_err(format!("size: {e}")))?
            }
        };
        let symmetry = named("symmetry", self.symmetry, &Symmetry::ALL, Symmetry::name)?;
        let (rating, duration) = band(self.difficulty, self.rating, self.timeout)?;
        if rating.is_some() && shape.side() > 64 {
            return Err(PyValueError::new_err(format!(
                "ratings work up to 64×64 grids, not {n}×{n}",
                n = shape.side()
            )));
        }
        let options = Options {
            symmetry,
            minimal: self.minimal,
            rating,
            scale: scale(self.scale)?,
            ..Options::new(shape)
        };
        Ok((options, duration))
    }
}

/// The ER band `difficulty` or `rating` asks for, and the timeout a puzzle gets (by default
/// 60 s with a band, none otherwise, as the CLI's): what classic and variant generation share.
pub(crate) fn band(
    difficulty: Option<&str>,
    rating: Option<(f64, f64)>,
    timeout: Option<f64>,
) -> PyResult<(Option<RangeInclusive<f64>>, Option<Duration>)> {
    let band = match (difficulty, rating) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give difficulty or rating, not both"));
        }
        (Some(name), None) => {
            Some(named("difficulty", name, &Difficulty::ALL, Difficulty::name)?.range())
        }
        (None, Some((low, high))) if low <= high && high >= 1.0 && low <= 20.0 => Some(low..=high),
        (None, Some((low, high))) => {
            return Err(PyValueError::new_err(format!(
                "rating: ({low}, {high}) must be a range (low ≤ high) that meets 1.0–20.0"
            )));
        }
        (None, None) => None,
    };
    let timeout = match timeout {
        None if band.is_some() => Some(DEFAULT_TIMEOUT),
        t => t,
    };
    Ok((band, input::duration(timeout)?))
}

/// A seed from the clock, for calls without one.
pub(crate) fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A new puzzle: a classic one's grid, or a variant puzzle.
#[derive(Clone, Debug, IntoPyObject)]
pub enum Made {
    Classic(PyGrid),
    Variant(PyVariant),
}

/// A new puzzle, from ``generate``.
#[pyclass(frozen, get_all, module = "nsudoku")]
#[derive(Debug)]
pub struct Generated {
    /// The puzzle: exactly one solution (a ``Grid``, or a ``Variant`` with ``variant=``).
    pub puzzle: Made,
    /// Its solution.
    pub solution: PyGrid,
    /// Its rating, when a ``difficulty`` or ``rating`` was asked for.
    pub rating: Option<Rating>,
    /// The seed: ``generate(…, seed=seed)`` makes the same puzzle again.
    pub seed: u64,
}

#[pymethods]
impl Generated {
    fn __str__(&self) -> String {
        match &self.puzzle {
            Made::Classic(grid) => grid.text(),
            Made::Variant(v) => v.to_text(),
        }
    }

    fn __repr__(&self) -> String {
        let puzzle = match &self.puzzle {
            Made::Classic(grid) => quote(&grid.text()),
            Made::Variant(v) => v.__repr__(),
        };
        format!("Generated(puzzle={puzzle}, seed={})", self.seed)
    }
}

/// The error for a puzzle not found: `Timeout` when the work's time ran out, else `Error`.
pub(crate) fn none_found(work: &Work, duration: Option<Duration>, attempts: u32) -> PyErr {
    match work.stop.expired() {
        true => errors::timeout(format!(
            "no puzzle found in {} s",
            duration.map_or(0.0, |d| d.as_secs_f64())
        )),
        false => errors::error(format!("no puzzle found in {attempts} attempts")),
    }
}
