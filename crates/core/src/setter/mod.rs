//! A setter's questions about a puzzle being made, answered by the engines: which clues can go
//! with the puzzle still unique ([`redundant_clues`], [`minimal_clues`]), why it is not unique
//! yet and which one given would make it so ([`ambiguity`]), and about how many solutions it
//! has when there are too many to count ([`estimate`]). [`analyse`] asks the question that
//! fits: the clues of a unique puzzle, the ambiguity of one with several solutions.
//!
//! A puzzle here is a [`Puzzle`], classic or variant; a [`Clue`] is a given, a constraint
//! (a cage, a line, a dot, a clue outside the grid, a rule of the whole grid), or a killer
//! cage's total alone. Every answer is bounded by a [`Stop`]: what was not decided when it
//! fired is said to be unknown, and what was decided is right.
//!
//! ```
//! use nsudoku::setter::{self, Analysis, Clue};
//! use nsudoku::variant::Puzzle;
//! use nsudoku::{Cell, Grid, Stop};
//!
//! let grid: Grid =
//!     "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
//!         .parse()?;
//! // One given more than the puzzle needs: r1c3 of its solution.
//! let mut puzzle = Puzzle::from_grid(&grid).expect("9×9");
//! puzzle.set_given(Cell::new(0, 2), 4, "").expect("a digit");
//! let options = setter::Options::default();
//! let Analysis::Unique(clues) = setter::analyse(&puzzle, &options, &Stop::default()) else {
//!     panic!("unique")
//! };
//! let redundant: Vec<Clue> = clues.redundant().collect();
//! assert!(redundant.contains(&Clue::Given { cell: Cell::new(0, 2), digit: 4 }));
//! # Ok::<(), nsudoku::Error>(())
//! ```

mod clues;
mod estimate;
mod fixes;
pub mod json;

use std::time::{Duration, Instant};

pub use clues::{ClueCheck, Clues, Minimal, minimal_clues, redundant_clues};
pub use estimate::{Estimate, EstimateOptions, estimate};
pub use fixes::{Ambiguity, Fix, FixOptions, ambiguity};

use crate::solve::Stop;
use crate::solve::puzzle::Solutions;
use crate::variant::text::constraint_line;
use crate::variant::{Constraint, Puzzle};
use crate::{Cell, Count};

/// One clue of a puzzle that a setter may take away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Clue {
    /// The given digit in this cell.
    Given {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: u16,
    },
    /// The constraint at this index of [`Puzzle::constraints`].
    Constraint(usize),
    /// The total of the killer cage at this index: the cage stays, its digits different.
    Total(usize),
}

impl Clue {
    /// Every clue of `puzzle`: its givens in reading order, then its constraints in order,
    /// each killer cage with a total followed by that total.
    pub fn all(puzzle: &Puzzle) -> Vec<Clue> {
        let n = puzzle.size();
        let mut clues: Vec<Clue> = (0..n * n)
            .filter(|&i| puzzle.givens()[i] != 0)
            .map(|i| Clue::Given {
                cell: Cell::new(i / n, i % n),
                digit: puzzle.givens()[i],
            })
            .collect();
        for (i, c) in puzzle.constraints().iter().enumerate() {
            clues.push(Clue::Constraint(i));
            if has_total(c) {
                clues.push(Clue::Total(i));
            }
        }
        clues
    }

    /// The clue as messages name it: `r1c3 = 4`, a constraint's line of the text form
    /// (`killer 15 r1c1-2`), or `the total of ` and its cage's line.
    pub fn text(self, puzzle: &Puzzle) -> String {
        let line = |i: usize| {
            puzzle
                .constraints()
                .get(i)
                .map_or_else(String::new, |c| constraint_line(c, puzzle.size()))
        };
        match self {
            Clue::Given { cell, digit } => format!("{cell} = {digit}"),
            Clue::Constraint(i) => line(i),
            Clue::Total(i) => format!("the total of {}", line(i)),
        }
    }

    /// `given`, or the constraint's name (`killer`, `thermo`, …).
    pub fn name(self, puzzle: &Puzzle) -> &'static str {
        match self {
            Clue::Given { .. } => "given",
            Clue::Constraint(i) | Clue::Total(i) => {
                puzzle.constraints().get(i).map_or("", Constraint::name)
            }
        }
    }
}

/// Whether the constraint is a killer cage with its total written.
fn has_total(c: &Constraint) -> bool {
    matches!(c, Constraint::Killer { sum: Some(_), .. })
}

/// `puzzle` without `clues` (a clue it does not have is ignored). The constraints left keep
/// their order; their indices close up.
pub fn without(puzzle: &Puzzle, clues: &[Clue]) -> Puzzle {
    let mut p = puzzle.clone();
    let mut gone = vec![false; p.constraints().len()];
    for &clue in clues {
        match clue {
            Clue::Given { cell, .. } => {
                let _ = p.set_given(cell, 0, "");
            }
            Clue::Total(i) => {
                p.clear_total(i);
            }
            Clue::Constraint(i) => {
                if let Some(g) = gone.get_mut(i) {
                    *g = true;
                }
            }
        }
    }
    if gone.contains(&true) {
        p.retain_constraints(|i, _| !gone[i]);
    }
    p
}

/// What [`analyse`] does beyond the question that fits.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// For a unique puzzle, also a minimal set of clues, found in the order this seed
    /// shuffles ([`minimal_clues`]).
    pub minimal: Option<u64>,
    /// For a puzzle with several solutions, how its fixes are found ([`ambiguity`]).
    pub fixes: FixOptions,
}

/// A setter's view of a puzzle ([`analyse`]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Analysis {
    /// No solution.
    NoSolution,
    /// Exactly one solution: which clues can go.
    Unique(Box<Clues>),
    /// Several solutions: two of them, where they differ and what would make it unique.
    Several(Box<Ambiguity>),
    /// The stop fired before even the number of solutions (none, one, several) was known.
    Interrupted,
}

/// The question that fits `puzzle`, answered within `stop`: for a unique one, every clue that
/// could go alone ([`redundant_clues`]) and, if asked, a minimal set ([`minimal_clues`]); for
/// one with several solutions, its [`ambiguity`].
pub fn analyse(puzzle: &Puzzle, options: &Options, stop: &Stop) -> Analysis {
    let (found, exact) = first_solutions(puzzle, 2, stop);
    match (found.len(), exact) {
        (0, true) => Analysis::NoSolution,
        (1, true) => {
            let solution = found.into_iter().next().unwrap_or_default();
            let mut clues = clues::redundant_with(puzzle, &solution, stop);
            if let Some(seed) = options.minimal {
                clues.minimal = Some(clues::minimal_with(puzzle, &solution, seed, stop));
            }
            Analysis::Unique(Box::new(clues))
        }
        (2, _) => match ambiguity(puzzle, &options.fixes, stop) {
            Some(a) => Analysis::Several(Box::new(a)),
            None => Analysis::Interrupted,
        },
        _ => Analysis::Interrupted,
    }
}

/// The first solutions of `puzzle`, up to `limit`, and whether they are all of them.
pub(crate) fn first_solutions(puzzle: &Puzzle, limit: usize, stop: &Stop) -> (Vec<Vec<u16>>, bool) {
    let mut solutions = Solutions::new(puzzle).with_stop(stop.clone());
    let mut found = Vec::new();
    while found.len() < limit {
        match solutions.next_values() {
            Some(v) => found.push(v.to_vec()),
            None => return (found, !solutions.interrupted()),
        }
    }
    (found, false)
}

/// Whether `solution` is the only solution of `puzzle` (None: the stop fired first). Taking
/// a rule away may also take `solution` away (a kropki dot with the negative rule): then it
/// is not.
fn only(puzzle: &Puzzle, solution: &[u16], stop: &Stop) -> Option<bool> {
    let (found, exact) = first_solutions(puzzle, 2, stop);
    match found.as_slice() {
        [one] if exact => Some(one == solution),
        [_, _] => Some(false),
        [one] if one != solution => Some(false),
        [] if exact => Some(false),
        _ => None,
    }
}

/// Counts the solutions of `puzzle` up to `limit`, calling `each` on every one found.
fn count_each(
    puzzle: &Puzzle,
    limit: usize,
    stop: &Stop,
    mut each: impl FnMut(&[u16]),
) -> (Count, bool) {
    let mut solutions = Solutions::new(puzzle).with_stop(stop.clone());
    let mut count = 0;
    while count < limit {
        match solutions.next_values() {
            Some(v) => {
                each(v);
                count += 1;
            }
            None => {
                let interrupted = solutions.interrupted();
                return (
                    Count {
                        count,
                        exact: !interrupted,
                    },
                    interrupted,
                );
            }
        }
    }
    (
        Count {
            count,
            exact: false,
        },
        false,
    )
}

/// `stop` with its deadline no later than `within` from now.
fn sooner(stop: &Stop, within: Duration) -> Stop {
    let at = Instant::now().checked_add(within);
    Stop {
        deadline: match (stop.deadline, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..stop.clone()
    }
}
