//! The Python module `nsudoku._nsudoku`, which the package `nsudoku` re-exports: the
//! library's puzzles, searches, reasoning and generator, for one puzzle at a time or for
//! batches of millions as NumPy arrays.
//!
//! The binding is thin: each function turns its arguments into the library's types
//! (`input.rs`, which tells variant puzzles from classic ones; batches in `batch.rs` and
//! `variant_batch.rs`), makes its calls into the library with the GIL released
//! (`run.rs`), and turns the answer into Python objects (`grid.rs`, `logic.rs`,
//! `generate.rs`, `variant.rs`; `setter.rs` answers as `dict`s) or into one of the package's
//! exceptions (`errors.rs`).
//!
//! ```text
//! str, rows, ndarray, Grid ──── input.rs ─► Grid ────────────┐
//! link, JSON, text form, dict, Variant ──► variant::Puzzle ──┤ run.rs: GIL released,
//! 2-D array, texts, Arrow ───── batch.rs ─► rows ────────────┤ Ctrl-C looked for;
//! texts of variant puzzles ─ variant_batch.rs ─► rows ───────┤ batch.rs: a rayon pool
//!                                                            ▼
//!          the library: Solutions, solve::puzzle::Solutions, logic, Generator
//!                                                            │
//!   Grid, Step, Rating, Broken, … ◄─ grid.rs, logic.rs, … ────┤ arrays, statuses ◄─ batch.rs
//!   InvalidPuzzle, NoSolution, … ◄─ errors.rs ───────────────┘
//! ```

mod batch;
mod errors;
mod extract;
mod generate;
mod grid;
mod input;
mod list;
mod logic;
mod repr;
mod rows;
mod run;
mod runner;
mod setter;
mod single;
mod transform;
mod variant;
mod variant_batch;

use pyo3::prelude::*;

#[pymodule]
fn _nsudoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "STATUSES",
        pyo3::types::PyTuple::new(m.py(), runner::STATUSES)?,
    )?;
    m.add_class::<grid::PyGrid>()?;
    m.add_class::<errors::Problem>()?;
    m.add_class::<single::SolutionIter>()?;
    m.add_class::<logic::Step>()?;
    m.add_class::<logic::Explanation>()?;
    m.add_class::<logic::Rating>()?;
    m.add_class::<logic::Hint>()?;
    m.add_class::<generate::Generated>()?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<variant::Broken>()?;
    m.add_function(wrap_pyfunction!(single::solve, m)?)?;
    m.add_function(wrap_pyfunction!(single::count, m)?)?;
    m.add_function(wrap_pyfunction!(single::is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(single::check, m)?)?;
    m.add_function(wrap_pyfunction!(single::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(single::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(setter::setter, m)?)?;
    m.add_function(wrap_pyfunction!(setter::estimate, m)?)?;
    m.add_function(wrap_pyfunction!(logic::explain, m)?)?;
    m.add_function(wrap_pyfunction!(logic::hint, m)?)?;
    m.add_function(wrap_pyfunction!(logic::rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::count_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::canonical_many, m)?)?;
    m.add_function(wrap_pyfunction!(batch::to_lines, m)?)?;
    m.add_function(wrap_pyfunction!(transform::transform, m)?)?;
    Ok(())
}
