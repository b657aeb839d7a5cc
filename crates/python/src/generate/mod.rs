//! New puzzles: `generate` (one) and `generate_many` (a batch, on every core); with
//! `variant=`, variant puzzles (`variant.rs`). What both are asked and give: `asked.rs`.

mod asked;
mod variant;

use nsudoku::Stop;
use nsudoku::generate::Generator;
use numpy::Element;
use pyo3::prelude::*;

use crate::errors;
use crate::grid::{PyGrid, array};
use crate::input::{self, BoxShape};
use crate::logic::Rating;
use crate::run::Work;
use crate::runner::{Runner, Status, Symbol};
pub use asked::Generated;
pub(crate) use asked::clock_seed;
use asked::{Asked, Made, none_found};

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
/// every killer cage total the puzzle can do without; ``givens=N`` makes killers with exactly
/// ``N`` givens, placed at random first, the cages made around them. ``scale`` is for classic
/// puzzles.
#[pyfunction]
#[pyo3(signature = (size = Size(9), r#box = None, *, variant = None, hide_totals = false,
    givens = None, symmetry = "none", minimal = false, difficulty = None, rating = None,
    scale = "sukaku", seed = None, timeout = None),
    text_signature = "(size=9, box=None, *, variant=None, hide_totals=False, givens=None, \
        symmetry='none', minimal=False, difficulty=None, rating=None, scale='sukaku', seed=None, timeout=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: Size,
    r#box: Option<BoxShape>,
    variant: Option<&str>,
    hide_totals: bool,
    givens: Option<usize>,
    symmetry: &str,
    minimal: bool,
    difficulty: Option<&str>,
    rating: Option<(f64, f64)>,
    scale: &str,
    seed: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Generated> {
    let asked = Asked::new(size.0, r#box, symmetry, minimal)
        .variant(variant, hide_totals, givens)
        .rated(difficulty, rating, scale, timeout);
    if let Some(kinds) = asked.variant {
        return variant::one(py, &asked, kinds, seed);
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
    givens = None, symmetry = "none", minimal = false, difficulty = None, rating = None,
    scale = "sukaku", seed = None, timeout = None, threads = None),
    text_signature = "(count, size=9, box=None, *, variant=None, hide_totals=False, \
        givens=None, symmetry='none', minimal=False, difficulty=None, rating=None, \
        scale='sukaku', seed=None, timeout=None, threads=None)")]
#[allow(clippy::too_many_arguments)]
pub fn generate_many<'py>(
    py: Python<'py>,
    count: usize,
    size: Size,
    r#box: Option<BoxShape>,
    variant: Option<&str>,
    hide_totals: bool,
    givens: Option<usize>,
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
        .variant(variant, hide_totals, givens)
        .rated(difficulty, rating, scale, timeout);
    if let Some(kinds) = asked.variant {
        return variant::many(py, &asked, kinds, count, seed, threads);
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
