//! Solving variant puzzles, with the contract of the classic engines ([`crate::Solutions`]):
//! a lazy sequence of solutions, so that the first, a count up to a limit, uniqueness and all
//! of them are the same loop with another stopping point. A classic puzzle (no constraint,
//! boxes for regions) goes to the classic engines; the rest to the variant engine.

use super::variant::VariantEngine;
use super::{Count, Engine, Stop, Watch};
use crate::Grid;
use crate::variant::Puzzle;

/// The solutions of a variant puzzle, found lazily.
///
/// ```
/// use nsudoku::Cell;
/// use nsudoku::variant::{Constraint, Puzzle};
///
/// let mut puzzle = Puzzle::new(4)?;
/// let row = |r| (0..4).map(move |c| Cell::new(r, c)).collect::<Vec<_>>();
/// puzzle.push(Constraint::Thermometer { line: row(0) })?; // 1 2 3 4
/// puzzle.push(Constraint::Thermometer { line: row(1).into_iter().rev().collect() })?;
/// // The first two rows are forced; the last two can be filled in 4 ways.
/// assert_eq!(puzzle.solutions().count_up_to(10).count, 4);
/// assert_eq!(&puzzle.solve().unwrap()[..8], &[1, 2, 3, 4, 4, 3, 2, 1]);
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    run: Run,
}

#[derive(Clone, Debug)]
enum Run {
    Classic(Box<crate::Solutions>),
    Variant(Box<VariantEngine>),
}

impl Solutions {
    /// The solutions of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Solutions {
        let run = match puzzle.classic() {
            Some(grid) => Run::Classic(Box::new(crate::Solutions::new(&grid, Engine::Auto))),
            None => Run::Variant(Box::new(VariantEngine::new(puzzle))),
        };
        Solutions { run }
    }

    /// The solutions of `puzzle` by the variant engine, even for a classic puzzle (for
    /// comparisons).
    pub fn variant_engine(puzzle: &Puzzle) -> Solutions {
        Solutions {
            run: Run::Variant(Box::new(VariantEngine::new(puzzle))),
        }
    }

    /// The same solutions, given up at the stop's deadline or flag.
    pub fn with_stop(mut self, stop: Stop) -> Solutions {
        self.run = match self.run {
            Run::Classic(s) => Run::Classic(Box::new(s.with_stop(stop))),
            Run::Variant(mut e) => {
                e.watch = Watch::new(stop);
                Run::Variant(e)
            }
        };
        self
    }

    /// Gives up the search after `guesses` guesses (none: no budget), the same point on every
    /// run and machine. After [`Self::with_stop`].
    pub(crate) fn with_guess_budget(mut self, guesses: Option<u64>) -> Solutions {
        self.run = match self.run {
            Run::Classic(s) => Run::Classic(Box::new(s.with_guess_budget(guesses))),
            Run::Variant(mut e) => {
                e.watch.cap = guesses;
                Run::Variant(e)
            }
        };
        self
    }

    /// The next solution's values, row-major.
    pub fn next_values(&mut self) -> Option<&[u16]> {
        match &mut self.run {
            Run::Classic(s) => s.next_values(),
            Run::Variant(e) => e.next_solution(),
        }
    }

    /// Counts the remaining solutions, stopping at `limit` (or at the stop: then the count is
    /// not exact either).
    pub fn count_up_to(&mut self, limit: usize) -> Count {
        let mut count = 0;
        while count < limit {
            if self.next_values().is_none() {
                return Count {
                    count,
                    exact: !self.interrupted(),
                };
            }
            count += 1;
        }
        Count {
            count,
            exact: false,
        }
    }

    /// Whether the stop ended the search: what was returned is right, but there may be more.
    pub fn interrupted(&self) -> bool {
        match &self.run {
            Run::Classic(s) => s.interrupted(),
            Run::Variant(e) => e.watch.fired(),
        }
    }

    /// Branching decisions taken so far.
    pub fn guesses(&self) -> u64 {
        match &self.run {
            Run::Classic(s) => s.guesses(),
            Run::Variant(e) => e.guesses(),
        }
    }
}

impl Puzzle {
    /// The puzzle's solutions, lazily.
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self)
    }

    /// The first solution, row-major.
    pub fn solve(&self) -> Option<Vec<u16>> {
        self.solutions().next_values().map(<[u16]>::to_vec)
    }

    /// The number of solutions, up to `limit`.
    pub fn count_solutions(&self, limit: usize) -> Count {
        self.solutions().count_up_to(limit)
    }

    /// The puzzle's givens as a classic grid when its regions are boxes (for printing).
    pub fn grid_of(&self, values: &[u16]) -> Option<Grid> {
        Grid::from_values(self.box_shape()?, values).ok()
    }
}
