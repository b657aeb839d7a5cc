//! Batches of variant puzzles: `solve_many`, `count_many` and `rate_many` over texts (links, payloads,
//! JSON, the text form) whose first is a variant puzzle.
//!
//! Each puzzle is read and searched on a worker of the batch's rayon pool ([`Runner`]), one
//! puzzle at a time (a variant puzzle takes milliseconds to seconds, not microseconds: chunks
//! of many would leave threads idle at the end), with the GIL released and Ctrl-C looked
//! for. The solutions of a batch have one size, that of its first puzzle that reads: a puzzle
//! of another size is `invalid` for `solve_many`, as is one that does not read, or one without
//! a solution whose givens already break a rule. A classic puzzle among them is read as a variant without constraints. The
//! reader's warnings are not given for batches (`Variant(text).warnings` has them).

use nsudoku::logic::Outcome;
use nsudoku::parse::{self, read_line};
use nsudoku::variant::Puzzle;
use nsudoku::variant::fpuzzles::ReadOptions;
use pyo3::prelude::*;

use crate::input::{self, BoxShape};
use crate::rows::Rows;
use crate::runner::{Runner, Status};
use crate::variant;

/// Puzzle `i` of the batch, if it reads (as a variant puzzle, or as a classic one made a
/// variant without constraints).
fn read(rows: &Rows<'_>, i: usize, options: ReadOptions) -> Option<Puzzle> {
    let text = rows.text(i)?;
    if input::is_variant_text(text) {
        return nsudoku::variant::read(text, options)
            .ok()
            .map(|read| read.puzzle);
    }
    let grid = read_line(text, &parse::ReadOptions::default()).ok()?;
    Puzzle::from_grid(&grid).ok()
}

/// The batch's size: that of its first puzzle that reads (9 when none does).
fn size(rows: &Rows<'_>, options: ReadOptions) -> usize {
    (0..rows.len())
        .find_map(|i| read(rows, i, options))
        .map_or(9, |p| p.size())
}

/// The status of a puzzle without a solution: `invalid` if its givens break a rule, else
/// `no_solution`.
fn unsolved(puzzle: &Puzzle) -> Status {
    match puzzle.broken(puzzle.givens()).is_empty() {
        true => Status::NoSolution,
        false => Status::Invalid,
    }
}

/// Solves every puzzle of a variant batch (see `nsudoku.solve_many`): the solutions, an
/// `(n, N²)` `uint8` array (zeros where not solved), and the status codes.
pub fn solve<'py>(
    py: Python<'py>,
    runner: Runner,
    rows: &Rows<'_>,
    boxes: Option<BoxShape>,
    options: ReadOptions,
    first: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    variant::refuse_box(boxes)?;
    let n = size(rows, options);
    runner.one_at_a_time().array::<u8, _, _, _>(
        py,
        rows.len(),
        n * n,
        || (),
        |(), i, stop, out| {
            let Some(puzzle) = read(rows, i, options).filter(|p| p.size() == n) else {
                return Status::Invalid;
            };
            let mut solutions = puzzle.solutions().with_stop(stop.clone());
            let Some(solution) = solutions.next_values() else {
                return match solutions.interrupted() {
                    true => Status::Timeout,
                    false => unsolved(&puzzle),
                };
            };
            for (o, &v) in out.iter_mut().zip(solution) {
                // A digit of a grid of at most 64×64.
                *o = v as u8;
            }
            let status = match () {
                _ if !first && solutions.next_values().is_some() => Status::Multiple,
                _ if solutions.interrupted() => Status::Timeout,
                _ => Status::Solved,
            };
            if status != Status::Solved {
                out.fill(0);
            }
            status
        },
    )
}

/// Counts the solutions of every puzzle of a variant batch up to `limit` (see
/// `nsudoku.count_many`): the counts and the status codes.
pub fn count<'py>(
    py: Python<'py>,
    runner: Runner,
    rows: &Rows<'_>,
    boxes: Option<BoxShape>,
    options: ReadOptions,
    limit: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    variant::refuse_box(boxes)?;
    runner.one_at_a_time().array::<i64, _, _, _>(
        py,
        rows.len(),
        1,
        || (),
        |(), i, stop, out| {
            let Some(puzzle) = read(rows, i, options) else {
                return Status::Invalid;
            };
            let mut solutions = puzzle.solutions().with_stop(stop.clone());
            let count = solutions.count_up_to(limit).count;
            out[0] = count as i64;
            match solutions.interrupted() {
                true => Status::Timeout,
                false if count == 0 => match unsolved(&puzzle) {
                    Status::Invalid => Status::Invalid,
                    _ => Status::Counted,
                },
                false => Status::Counted,
            }
        },
    )
}

/// Rates every puzzle of a variant batch by the variant logic (see `nsudoku.rate_many`): the
/// hardest step's ER of each unique puzzle (NaN where not rated) and the status codes, as
/// `rate` rates one.
pub fn rate<'py>(
    py: Python<'py>,
    runner: Runner,
    rows: &Rows<'_>,
    boxes: Option<BoxShape>,
    options: ReadOptions,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    variant::refuse_box(boxes)?;
    runner.one_at_a_time().array::<f64, _, _, _>(
        py,
        rows.len(),
        1,
        || (),
        |(), i, stop, out| {
            out[0] = f64::NAN;
            let Some(puzzle) = read(rows, i, options) else {
                return Status::Invalid;
            };
            let mut solutions = puzzle.solutions().with_stop(stop.clone());
            let count = solutions.count_up_to(2).count;
            if solutions.interrupted() {
                return Status::Timeout;
            }
            match count {
                0 => unsolved(&puzzle),
                1 => match nsudoku::logic::rate_variant(&puzzle, stop) {
                    Ok(r) if r.outcome == Outcome::Interrupted => Status::Timeout,
                    Ok(r) => {
                        out[0] = r.er;
                        Status::Rated
                    }
                    Err(_) => Status::Error,
                },
                _ => Status::Multiple,
            }
        },
    )
}
