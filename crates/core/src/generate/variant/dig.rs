//! Uniqueness checks within a budget of guesses, and minimising: the items of a pool taken out
//! one group at a time (a given and its symmetric images together), each kept out only while
//! the puzzle stays unique.
//!
//! Taking items out can only add solutions, so an item that could not go when it was tried
//! cannot go from the final puzzle either: digging one item at a time with every check
//! finished gives a minimal puzzle. With symmetry (groups of several items), or when a check
//! ran out of its budget, minimality is checked item by item at the end when asked for.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

use super::{Miss, Options};
use crate::Cell;
use crate::solve::Stop;
use crate::variant::{Constraint, Puzzle};

/// What a puzzle being made holds beyond its layout: a given or a constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Item {
    /// A given: the cell (row-major index) and its digit.
    Given(usize, u16),
    /// A clue (a mark, a line, a clue outside the grid).
    Clue(Constraint),
}

/// The answer of a uniqueness check.
pub(super) enum Check {
    /// Exactly one solution.
    Unique,
    /// Another solution than the known one.
    Other(Vec<u16>),
    /// The budget ran out: uniqueness unknown.
    Unknown,
}

/// Uniqueness checks with a budget of guesses each, watching the run's stop.
pub(super) struct Checker {
    stop: Stop,
    budget: u64,
    /// Checks made.
    pub(super) checks: u64,
}

/// The guesses one check may take on a grid of side `n`: far above what checks of 9×9
/// puzzles take (a few hundred at most), so that they all end; the budget only keeps a rare
/// hard check from running long, and makes its answer ("unknown") the same on every machine.
fn budget(n: usize) -> u64 {
    match n {
        0..=6 => 5_000,
        7..=9 => 20_000,
        _ => 50_000,
    }
}

impl Checker {
    /// A checker for grids of side `n` that gives up when `stop` fires.
    pub(super) fn new(n: usize, stop: &Stop) -> Checker {
        Checker {
            stop: stop.clone(),
            budget: budget(n),
            checks: 0,
        }
    }

    /// The puzzle's first solution within the budget, or `Ok(None)`.
    pub(super) fn first(&mut self, puzzle: &Puzzle) -> Result<Option<Vec<u16>>, Miss> {
        self.checks += 1;
        let mut s = puzzle
            .solutions()
            .with_stop(self.stop.clone())
            .with_guess_budget(Some(self.budget));
        let first = s.next_values().map(<[u16]>::to_vec);
        if first.is_none() && self.stop.expired() {
            return Err(Miss::Stopped);
        }
        Ok(first)
    }

    /// Whether `puzzle`, which `solution` solves, has no other solution.
    pub(super) fn check(&mut self, puzzle: &Puzzle, solution: &[u16]) -> Result<Check, Miss> {
        self.checks += 1;
        let mut s = puzzle
            .solutions()
            .with_stop(self.stop.clone())
            .with_guess_budget(Some(self.budget));
        let mut found = 0;
        while found < 2 {
            match s.next_values() {
                Some(v) if v != solution => return Ok(Check::Other(v.to_vec())),
                Some(_) => found += 1,
                None => break,
            }
        }
        if s.interrupted() {
            if self.stop.expired() {
                return Err(Miss::Stopped);
            }
            return Ok(Check::Unknown);
        }
        Ok(if found == 1 {
            Check::Unique
        } else {
            Check::Unknown
        })
    }

    /// Whether the puzzle is surely unique.
    pub(super) fn unique(&mut self, puzzle: &Puzzle, solution: &[u16]) -> Result<bool, Miss> {
        Ok(matches!(self.check(puzzle, solution)?, Check::Unique))
    }
}

/// `base` (layout and fixed constraints) with the items.
pub(super) fn build(base: &Puzzle, items: &[Item]) -> Puzzle {
    let n = base.size();
    let mut puzzle = base.clone();
    for item in items {
        // Every item is made from the solution and fits the grid: nothing to refuse.
        let _ = match item {
            Item::Given(i, d) => puzzle.set_given(Cell::new(i / n, i % n), *d, ""),
            Item::Clue(c) => puzzle.push(c.clone()),
        };
    }
    puzzle
}

/// The cell an item stands on, for symmetry: givens and one-cell marks.
fn cell_of(item: &Item, n: usize) -> Option<usize> {
    match item {
        Item::Given(i, _) => Some(*i),
        Item::Clue(Constraint::Even { cell } | Constraint::Odd { cell }) => {
            Some(cell.row() * n + cell.col())
        }
        _ => None,
    }
}

/// The items taken out together: those on the cells of one orbit of the symmetry, each clue
/// on its own. Givens come first (in random order), then the rest (in random order).
fn groups(items: &[Item], options: &Options, rng: &mut SmallRng) -> Vec<Vec<usize>> {
    let n = options.size;
    let orbits = options.symmetry.orbits(n);
    let mut orbit_of = vec![0; n * n];
    for (k, orbit) in orbits.iter().enumerate() {
        for &c in orbit {
            orbit_of[c] = k;
        }
    }
    let mut givens: Vec<Vec<usize>> = vec![Vec::new(); orbits.len()];
    let mut marks: Vec<Vec<usize>> = vec![Vec::new(); orbits.len()];
    let mut rest = Vec::new();
    for (k, item) in items.iter().enumerate() {
        match (item, cell_of(item, n)) {
            (Item::Given(..), Some(c)) => givens[orbit_of[c]].push(k),
            (_, Some(c)) => marks[orbit_of[c]].push(k),
            _ => rest.push(vec![k]),
        }
    }
    let mut first: Vec<Vec<usize>> = givens.into_iter().filter(|g| !g.is_empty()).collect();
    first.shuffle(rng);
    let mut then: Vec<Vec<usize>> = marks.into_iter().filter(|g| !g.is_empty()).collect();
    then.extend(rest);
    then.shuffle(rng);
    first.extend(then);
    first
}

/// Takes the pool's items out while the puzzle stays unique: a puzzle of `base` and what is
/// left, minimal when every group was one item and every check ended (or when checked).
pub(super) fn dig(
    base: &Puzzle,
    pool: Vec<Item>,
    options: &Options,
    solution: &[u16],
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> Result<Puzzle, Miss> {
    let mut kept = vec![true; pool.len()];
    let now = |kept: &[bool]| -> Vec<Item> {
        pool.iter()
            .zip(kept)
            .filter(|(_, k)| **k)
            .map(|(i, _)| i.clone())
            .collect()
    };
    if !checker.unique(&build(base, &pool), solution)? {
        return Err(Miss::Retry);
    }
    let mut exact = true;
    for group in groups(&pool, options, rng) {
        for &k in &group {
            kept[k] = false;
        }
        let check = checker.check(&build(base, &now(&kept)), solution)?;
        exact &= group.len() == 1 && !matches!(check, Check::Unknown);
        if !matches!(check, Check::Unique) {
            for &k in &group {
                kept[k] = true;
            }
        }
    }
    let items = now(&kept);
    if options.minimal && !exact && !minimal_items(base, &items, solution, checker)? {
        return Err(Miss::Retry);
    }
    Ok(build(base, &items))
}

/// Whether no one of `items` can go from `base` with them without losing uniqueness.
pub(super) fn minimal_items(
    base: &Puzzle,
    items: &[Item],
    solution: &[u16],
    checker: &mut Checker,
) -> Result<bool, Miss> {
    for k in 0..items.len() {
        let mut fewer = items.to_vec();
        fewer.remove(k);
        if !matches!(
            checker.check(&build(base, &fewer), solution)?,
            Check::Other(_)
        ) {
            return Ok(false);
        }
    }
    Ok(true)
}
