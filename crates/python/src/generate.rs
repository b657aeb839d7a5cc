//! New puzzles: `generate` (one) and `generate_many` (a batch, on every core); with
//! `variant=`, variant puzzles (`generate_variant.rs`).

use std::ops::RangeInclusive;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use nsudoku::generate::{Difficulty, Generator, Options, Symmetry};
use nsudoku::{Shape, Stop};
use numpy::Element;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors;
use crate::generate_variant;
use crate::grid::{PyGrid, array};
use crate::input::{self, BoxShape};
use crate::logic::{DEFAULT_TIMEOUT, Rating, scale};
use crate::repr::quote;
use crate::run::Work;
use crate::runner::{Runner, Status, Symbol};
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
    pub symmetry: &'a str,
    pub minimal: bool,
    pub difficulty: Option<&'a str>,
    pub rating: Option<(f64, f64)>,
    pub scale: &'a str,
    pub timeout: Option<f64>,
}

impl<'a> Asked<'a> {
    /// Classic puzzles of `size` (or `boxes`), without a rating.
    fn new(size: usize, boxes: Option<BoxShape>, symmetry: &'a str, minimal: bool) -> Asked<'a> {
        Asked {
            size,
            boxes,
            variant: None,
            hide_totals: false,
            symmetry,
            minimal,
            difficulty: None,
            rating: None,
            scale: "sukaku",
            timeout: None,
        }
    }

    /// Variant puzzles of these kinds (none: classic ones).
    fn variant(self, variant: Option<&'a str>, hide_totals: bool) -> Asked<'a> {
        Asked {
            variant,
            hide_totals,
            ..self
        }
    }

    /// Rated in a band (`difficulty` or `rating`, on `scale`), each within `timeout`.
    fn rated(
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
    fn classic(&self) -> PyResult<(Options, Option<Duration>)> {
        if self.hide_totals {
            return Err(PyValueError::new_err(
                "hide_totals: only killer puzzles (variant=\"killer\") have cage totals",
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

/// The `size` argument: a number. A variant puzzle given instead is refused: the generator
/// makes classic puzzles.
#[derive(Clone, Copy, Debug)]
pub struct Size(pub usize);

impl<'py> FromPyObject<'_, 'py> for Size {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Size> {
        let not_a_size = match obj.extract::<usize>() {
            Ok(n) => return Ok(Size(n)),
            Err(e) => e,
        };
        if obj.extract::<input::Puzzle>().is_ok_and(|p| p.is_variant()) {
            return Err(errors::variant_refused(
                "generate does not make them from a puzzle (variant=\"killer\" makes new ones)",
            ));
        }
        Err(not_a_size)
    }
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

/// A new puzzle with exactly one solution, as ``nsudoku generate`` makes it.
///
/// ``size`` N makes N×N grids with boxes as square as N allows (``box="3x2"`` names them);
/// ``symmetry`` is the clue pattern's (``none``, ``rot180``, ``rot90``, ``mirror``, ``flip``,
/// ``diagonal``, ``antidiagonal``, ``dihedral``, ``full``); ``minimal``: every clue needed;
/// ``difficulty`` (``easy`` … ``extreme``) or ``rating`` (an ER range ``(low, high)``) rates
/// the candidates on ``scale`` until one fits. The same ``seed`` gives the same puzzle, the
/// first of ``nsudoku generate --seed``. Raises ``Timeout`` after ``timeout`` seconds (default:
/// 60 with a difficulty or rating, else none). The puzzles are classic: a variant puzzle
/// given for ``size`` raises ``Error``.
///
/// ``variant`` (``"killer"``, ``"killer,x"``, ``"jigsaw,anti-knight"``, …; sizes 4 to 16) makes
/// a variant puzzle instead, unique and minimal: ``puzzle`` is then a ``Variant`` and
/// ``solution`` a ``Grid``, the same as ``nsudoku generate --variant KINDS --seed seed``;
/// ``difficulty`` and ``rating`` rate it by the variant logic; ``hide_totals=True`` takes off
/// every killer cage total the puzzle can do without. ``scale`` is for classic puzzles.
#[pyfunction]
#[pyo3(signature = (size = Size(9), r#box = None, *, variant = None, hide_totals = false,
    symmetry = "none", minimal = false, difficulty = None, rating = None, scale = "sukaku",
    seed = None, timeout = None),
    text_signature = "(size=9, box=None, *, variant=None, hide_totals=False, symmetry='none', \
        minimal=False, difficulty=None, rating=None, scale='sukaku', seed=None, timeout=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: Size,
    r#box: Option<BoxShape>,
    variant: Option<&str>,
    hide_totals: bool,
    symmetry: &str,
    minimal: bool,
    difficulty: Option<&str>,
    rating: Option<(f64, f64)>,
    scale: &str,
    seed: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Generated> {
    let asked = Asked::new(size.0, r#box, symmetry, minimal)
        .variant(variant, hide_totals)
        .rated(difficulty, rating, scale, timeout);
    if let Some(kinds) = asked.variant {
        return generate_variant::one(py, &asked, kinds, seed);
    }
    let (options, duration) = asked.classic()?;
    let seed = seed.unwrap_or_else(clock_seed);
    let generator = Generator::new(options, seed);
    let work = Work::new(duration, false);
    let made = work.run(py, |stop| generator.puzzle_within(0, stop))?;
    match made {
        Some(g) => Ok(Generated {
            puzzle: Made::Classic(PyGrid(g.puzzle)),
            solution: PyGrid(g.solution),
            rating: g.rating.as_ref().and_then(Rating::of),
            seed,
        }),
        None => Err(none_found(
            &work,
            duration,
            generator.options().max_attempts,
        )),
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

/// ``count`` new puzzles with the options of ``generate``, on ``threads`` threads (default:
/// every core): the same as ``nsudoku generate -n count --seed seed``, whatever the threads.
///
/// Returns ``(puzzles, solutions)``, two ``(count, N²)`` arrays (``uint8``; ``uint16`` beyond
/// 255×255), the ``i``-th rows the ``i``-th puzzle of the seed. A puzzle not found within
/// ``timeout`` seconds leaves both rows zero.
///
/// With ``variant``, ``puzzles`` is a list of ``Variant`` (None for one not found in time) and
/// ``solutions`` a ``(count, N²)`` ``uint8`` array (zeros for none): the puzzles of
/// ``nsudoku generate --variant KINDS -n count --seed seed``, whatever the threads.
#[pyfunction]
#[pyo3(signature = (count, size = Size(9), r#box = None, *, variant = None, hide_totals = false,
    symmetry = "none", minimal = false, difficulty = None, rating = None, scale = "sukaku",
    seed = None, timeout = None, threads = None),
    text_signature = "(count, size=9, box=None, *, variant=None, hide_totals=False, \
        symmetry='none', minimal=False, difficulty=None, rating=None, scale='sukaku', seed=None, \
        timeout=None, threads=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate_many<'py>(
    py: Python<'py>,
    count: usize,
    size: Size,
    r#box: Option<BoxShape>,
    variant: Option<&str>,
    hide_totals: bool,
    symmetry: &str,
    minimal: bool,
    difficulty: Option<&str>,
    rating: Option<(f64, f64)>,
    scale: &str,
    seed: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let asked = Asked::new(size.0, r#box, symmetry, minimal)
        .variant(variant, hide_totals)
        .rated(difficulty, rating, scale, timeout);
    if let Some(kinds) = asked.variant {
        return generate_variant::many(py, &asked, kinds, count, seed, threads);
    }
    let (options, duration) = asked.classic()?;
    let side = options.shape.side();
    let generator = Generator::new(options, seed.unwrap_or_else(clock_seed));
    let runner = Runner::new(threads, duration)?;
    if side <= usize::from(u8::MAX) {
        many::<u8>(py, &runner, &generator, count)
    } else {
        many::<u16>(py, &runner, &generator, count)
    }
}

/// [`generate_many`] with cells of type `T`.
fn many<'py, T: Symbol + Element>(
    py: Python<'py>,
    runner: &Runner,
    generator: &Generator,
    count: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let cells = generator.options().shape.cell_count();
    let mut both = vec![T::default(); count * 2 * cells];
    runner.rows(
        py,
        &mut both,
        2 * cells,
        || (),
        |(), i, stop: &Stop, out| {
            let Some(g) = generator.puzzle_within(i as u64, stop) else {
                return Status::Timeout;
            };
            let (puzzle, solution) = out.split_at_mut(cells);
            for (o, &v) in puzzle.iter_mut().zip(g.puzzle.values()) {
                *o = T::from_value(v);
            }
            for (o, &v) in solution.iter_mut().zip(g.solution.values()) {
                *o = T::from_value(v);
            }
            Status::Solved
        },
    )?;
    let (mut puzzles, mut solutions) = (Vec::with_capacity(count * cells), Vec::new());
    solutions.reserve(count * cells);
    for row in both.chunks(2 * cells) {
        puzzles.extend_from_slice(&row[..cells]);
        solutions.extend_from_slice(&row[cells..]);
    }
    Ok((
        array(py, puzzles, count, cells)?,
        array(py, solutions, count, cells)?,
    ))
}
