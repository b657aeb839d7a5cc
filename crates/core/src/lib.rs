//! # nsudoku
//!
//! Sudoku of every size: read, validate, print and solve `N × N` grids with any box shape,
//! from 1×1 to 512×512, rectangular boxes included (6×6 with 3×2 boxes, 12×12 with 4×3, …).
//!
//! - [`Grid`], [`Shape`], [`Cell`], [`Digit`], [`House`] and [`DigitSet`] model the puzzle
//!   (see [`grid`] for the conventions: a shape is a box `width × height`).
//! - [`parse`] reads the formats people write: 81-character lines, grids with separators,
//!   box-drawn grids, numbers for large sizes, many puzzles to a file. Every problem is an
//!   [`Error`] that says what and where.
//! - [`format`](mod@format) writes lines and box-drawn grids.
//! - [`solve`] finds one solution, all of them lazily, a count up to a limit, or uniqueness.
//! - [`transform`] relabels and permutes grids without changing their solutions.
//! - [`logic`] solves step by step with human techniques, explains, hints and rates.
//! - [`generate`] makes unique puzzles of any shape, symmetry and difficulty.
//! - [`setter`] answers a setter: which clues can go, why a puzzle is not unique yet and what
//!   would fix it, about how many solutions it has.
//!
//! The library does no I/O and holds no global state; every value is `Send`.
//!
//! ```
//! use nsudoku::{Grid, Uniqueness};
//!
//! let puzzle: Grid =
//!     "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
//!         .parse()?;
//! assert!(puzzle.conflicts().is_empty());
//! let Uniqueness::Unique(solution) = puzzle.uniqueness() else { panic!("not unique") };
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(&nsudoku::format::Style::default().line(&solution)[..9], "534678912");
//! assert_eq!(puzzle.count_solutions(10).count, 1);
//! # Ok::<(), nsudoku::Error>(())
//! ```
#![warn(missing_docs)]

mod bits;
pub mod canon;
mod cell;
pub mod error;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod parse;
pub mod setter;
pub mod solve;
pub mod transform;
pub mod variant;

/// The README's examples, compiled and run as doc tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The user guide's examples, compiled and run as doc tests.
#[doc = include_str!("../../../docs/guide.md")]
#[cfg(doctest)]
pub struct GuideDoctests;

pub use error::{Error, Position, ShapeError};
pub use grid::{Cell, Conflict, Digit, DigitSet, Grid, House, MAX_SIDE, Shape};
pub use solve::{Busy, Count, Engine, Helpers, Solutions, Stop, Uniqueness};
