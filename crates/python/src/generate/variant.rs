//! Variant puzzles from ``generate(…, variant="killer,x")`` and ``generate_many(…,
//! variant=…)``: the library's variant generator with the options, seeds and attempts of
//! `nsudoku generate --variant`, so that a seed gives the CLI's puzzles. One puzzle runs as
//! `generate` does (`run.rs`); a batch on the [`Runner`], one puzzle a thread at a time (each
//! takes milliseconds to seconds), the puzzles as `Variant`s and the solutions as an array.

use std::time::Duration;

use nsudoku::generate::Symmetry;
use nsudoku::generate::variant::{
    self as generate, Generator, Kind, Options, givens_problem, parse_kinds,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::asked::{Asked, Generated, Made, band, clock_seed, named, none_found};
use crate::grid::{PyGrid, array};
use crate::logic::Rating;
use crate::runner::{Runner, Status};
use crate::variant::{PyVariant, display_shape, grid_of, refuse_box};

/// Candidates a puzzle may take: the cap `nsudoku generate --variant` puts on
/// `--max-attempts` (whose default is above it), so that a seed gives the CLI's puzzles.
const MAX_ATTEMPTS: u32 = 1_000;

/// The generator of the variant puzzles of `kinds` asked for, from `seed`, and the time a
/// puzzle gets.
fn generator(asked: &Asked<'_>, kinds: &str, seed: u64) -> PyResult<(Generator, Option<Duration>)> {
    refuse_box(asked.boxes)?;
    let n = asked.size;
    if !(4..=16).contains(&n) {
        return Err(PyValueError::new_err(format!(
            "size: variant puzzles are generated from 4×4 to 16×16, not {n}×{n}"
        )));
    }
    let kinds = parse_kinds(kinds).map_err(|e| PyValueError::new_err(format!("variant: {e}")))?;
    if asked.hide_totals && !kinds.contains(&Kind::Killer) {
        return Err(PyValueError::new_err(
            "hide_totals: only killer puzzles have cage totals",
        ));
    }
    if let Some(problem) = givens_problem(&kinds, n, asked.givens) {
        return Err(PyValueError::new_err(format!("givens: {problem}")));
    }
    let symmetry = named("symmetry", asked.symmetry, &Symmetry::ALL, Symmetry::name)?;
    let (rating, duration) = band(asked.difficulty, asked.rating, asked.timeout)?;
    let options = Options {
        symmetry,
        minimal: asked.minimal,
        hide_totals: asked.hide_totals,
        givens: asked.givens,
        rating,
        max_attempts: MAX_ATTEMPTS,
        ..Options::new(n, kinds)
    };
    Ok((Generator::new(options, seed), duration))
}

/// One variant puzzle (see `nsudoku.generate`).
pub fn one(
    py: Python<'_>,
    asked: &Asked<'_>,
    kinds: &str,
    seed: Option<u64>,
) -> PyResult<Generated> {
    let seed = seed.unwrap_or_else(clock_seed);
    let (generator, duration) = generator(asked, kinds, seed)?;
    let work = crate::run::Work::new(duration, false);
    let Some(g) = work.run(py, |stop| generator.puzzle_within(0, stop))? else {
        return Err(none_found(&work, duration, MAX_ATTEMPTS));
    };
    let shape = display_shape(&g.puzzle);
    Ok(Generated {
        solution: PyGrid(grid_of(shape, &g.solution)),
        rating: g.rating.as_ref().and_then(Rating::of),
        puzzle: Made::Variant(PyVariant::of(g.puzzle)),
        seed,
    })
}

/// `count` variant puzzles (see `nsudoku.generate_many`): a list of `Variant`s (None for one
/// not found in time) and their solutions, a `(count, N²)` `uint8` array (zeros for none).
pub fn many<'py>(
    py: Python<'py>,
    asked: &Asked<'_>,
    kinds: &str,
    count: usize,
    seed: Option<u64>,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let (generator, duration) = generator(asked, kinds, seed.unwrap_or_else(clock_seed))?;
    let runner = Runner::new(threads, duration)?.one_at_a_time();
    let mut made: Vec<Option<generate::Generated>> = (0..count).map(|_| None).collect();
    runner.rows(
        py,
        &mut made,
        1,
        || (),
        |(), i, stop, out| {
            out[0] = generator.puzzle_within(i as u64, stop);
            match out[0] {
                Some(_) => Status::Solved,
                None => Status::Timeout,
            }
        },
    )?;
    let cells = asked.size * asked.size;
    let mut solutions = vec![0u8; count * cells];
    let mut puzzles = Vec::with_capacity(count);
    for (g, row) in made.into_iter().zip(solutions.chunks_mut(cells)) {
        puzzles.push(g.map(|g| {
            for (o, &v) in row.iter_mut().zip(&g.solution) {
                // A digit of a grid of at most 16×16.
                *o = v as u8;
            }
            PyVariant::of(g.puzzle)
        }));
    }
    Ok((
        puzzles.into_pyobject(py)?.into_any(),
        array(py, solutions, count, cells)?,
    ))
}
