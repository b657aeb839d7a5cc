//! Redundant clues: which givens and constraints of a unique puzzle could each be taken away
//! with the puzzle still unique, and a minimal set of clues.
//!
//! A clue can go when the puzzle without it has no solution but the one it had (a kropki dot
//! taken away under the negative rule may leave another solution, or none). For a given,
//! the search is for a solution with another digit in its cell (the cell keeps every other
//! candidate): one search that the known solution cannot end. For a constraint, the puzzle
//! without it is searched for a second solution. A killer cage that cannot go is tried once
//! more without its total; a cage that can go can lose its total too, without a search (a cage
//! of different digits lies between none and the cage with its total).
//!
//! Minimal: the clues are taken away one at a time in a seeded random order, givens first (so
//! that the rules do the work, as variant generation does), each kept away while the puzzle
//! stays unique. Taking a clue away only adds solutions, so a clue that could not go when it
//! was tried cannot go from the final puzzle either, and one pass gives a minimal set. Four
//! rules break that: negative constraints and non-consecutive (a dot taken away forbids its
//! pair), minimum and maximum cells (a mark taken away orders its neighbour); with one of
//! them, or when a check was cut short, the passes go on until one takes nothing away.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;

use super::{Clue, first_solutions, only, without};
use crate::solve::Stop;
use crate::variant::{Constraint, Puzzle};

/// One clue and whether it could go alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClueCheck {
    /// The clue.
    pub clue: Clue,
    /// Whether the puzzle without it would still be unique (`None`: the stop fired first).
    pub redundant: Option<bool>,
}

/// The clues of a unique puzzle ([`redundant_clues`]).
#[derive(Clone, Debug)]
pub struct Clues {
    /// The puzzle's solution, row-major.
    pub solution: Vec<u16>,
    /// Every clue ([`Clue::all`]'s order) and whether it could go alone.
    pub checks: Vec<ClueCheck>,
    /// A minimal set of clues, when asked for ([`super::Options::minimal`]).
    pub minimal: Option<Minimal>,
}

impl Clues {
    /// The clues that could each go alone.
    pub fn redundant(&self) -> impl Iterator<Item = Clue> + '_ {
        self.checks
            .iter()
            .filter(|c| c.redundant == Some(true))
            .map(|c| c.clue)
    }

    /// Whether every clue was checked (the stop did not fire first).
    pub fn complete(&self) -> bool {
        self.checks.iter().all(|c| c.redundant.is_some())
    }
}

/// A minimal set of clues ([`minimal_clues`]).
#[derive(Clone, Debug)]
pub struct Minimal {
    /// The puzzle with the clues left.
    pub puzzle: Puzzle,
    /// The clues taken away, as the original puzzle numbers them, in the order taken.
    pub removed: Vec<Clue>,
    /// Whether no clue left can go: false when the stop fired first (the puzzle is unique,
    /// but some clue left may still go).
    pub minimal: bool,
}

/// Every clue of `puzzle` ([`Clue::all`]) and whether it could go alone with the puzzle still
/// unique; `None` when the puzzle is not unique (or the stop fired before that was known).
pub fn redundant_clues(puzzle: &Puzzle, stop: &Stop) -> Option<Clues> {
    let solution = unique_solution(puzzle, stop)?;
    Some(redundant_with(puzzle, &solution, stop))
}

/// A minimal set of clues of `puzzle`, taken away in the order `seed` shuffles; `None` when
/// the puzzle is not unique (or the stop fired before that was known).
pub fn minimal_clues(puzzle: &Puzzle, seed: u64, stop: &Stop) -> Option<Minimal> {
    let solution = unique_solution(puzzle, stop)?;
    Some(minimal_with(puzzle, &solution, seed, stop))
}

/// The solution of a unique puzzle.
fn unique_solution(puzzle: &Puzzle, stop: &Stop) -> Option<Vec<u16>> {
    let (found, exact) = first_solutions(puzzle, 2, stop);
    (exact && found.len() == 1).then(|| found.into_iter().next().unwrap_or_default())
}

/// [`redundant_clues`] of a puzzle whose only solution is `solution`.
pub(super) fn redundant_with(puzzle: &Puzzle, solution: &[u16], stop: &Stop) -> Clues {
    let mut checks: Vec<ClueCheck> = Vec::new();
    for clue in Clue::all(puzzle) {
        let redundant = match clue {
            // A cage that can go can lose its total.
            Clue::Total(i)
                if checks
                    .iter()
                    .any(|c| c.clue == Clue::Constraint(i) && c.redundant == Some(true)) =>
            {
                Some(true)
            }
            _ if stop.expired() => None,
            _ => can_go(puzzle, &[], clue, solution, stop),
        };
        checks.push(ClueCheck { clue, redundant });
    }
    Clues {
        solution: solution.to_vec(),
        checks,
        minimal: None,
    }
}

/// Whether `clue` can go from `puzzle` less `gone` with `solution` still its only one.
fn can_go(
    puzzle: &Puzzle,
    gone: &[Clue],
    clue: Clue,
    solution: &[u16],
    stop: &Stop,
) -> Option<bool> {
    let mut fewer = gone.to_vec();
    fewer.push(clue);
    let mut p = without(puzzle, &fewer);
    if let Clue::Given { cell, digit } = clue {
        // Another digit in the cell: any solution found is another one.
        let n = puzzle.size();
        let i = cell.row() * n + cell.col();
        if i >= n * n || digit == 0 {
            return Some(false);
        }
        let allowed = p.candidates().map_or(p.all_digits(), |c| c[i]) & !(1u64 << (digit - 1));
        if allowed == 0 {
            return Some(true);
        }
        let _ = p.set_candidates(cell, allowed, "");
        let (found, exact) = first_solutions(&p, 1, stop);
        return match (found.is_empty(), exact) {
            (false, _) => Some(false),
            (true, true) => Some(true),
            (true, false) => None,
        };
    }
    only(&p, solution, stop)
}

/// [`minimal_clues`] of a puzzle whose only solution is `solution`.
pub(super) fn minimal_with(puzzle: &Puzzle, solution: &[u16], seed: u64, stop: &Stop) -> Minimal {
    let mut rng = SmallRng::seed_from_u64(seed);
    let all = Clue::all(puzzle);
    let mut givens: Vec<Clue> = all
        .iter()
        .copied()
        .filter(|c| matches!(c, Clue::Given { .. }))
        .collect();
    let mut rules: Vec<Clue> = all
        .iter()
        .copied()
        .filter(|c| matches!(c, Clue::Constraint(_)))
        .collect();
    givens.shuffle(&mut rng);
    rules.shuffle(&mut rng);
    let order: Vec<Clue> = givens.into_iter().chain(rules).collect();
    let monotone = !puzzle.constraints().iter().any(|c| {
        matches!(
            c,
            Constraint::Negative(_)
                | Constraint::NonConsecutive
                | Constraint::Minimum { .. }
                | Constraint::Maximum { .. }
        )
    });
    let mut removed: Vec<Clue> = Vec::new();
    let mut settled = false;
    loop {
        let mut cut_short = false;
        let mut took = false;
        for &clue in &order {
            if removed.contains(&clue) {
                continue;
            }
            let mut tries = vec![clue];
            if let Clue::Constraint(i) = clue
                && all.contains(&Clue::Total(i))
                && !removed.contains(&Clue::Total(i))
            {
                tries.push(Clue::Total(i));
            }
            for c in tries {
                match can_go(puzzle, &removed, c, solution, stop) {
                    Some(true) => {
                        removed.push(c);
                        took = true;
                        break;
                    }
                    Some(false) => {}
                    None => cut_short = true,
                }
            }
            if stop.expired() {
                break;
            }
        }
        if stop.expired() {
            break;
        }
        // One pass is enough when every check ended and no rule breaks the order.
        if !took || (monotone && !cut_short) {
            settled = !cut_short;
            break;
        }
    }
    // A cage taken away after its total: say only that the cage went.
    let gone_cages: Vec<usize> = removed
        .iter()
        .filter_map(|c| match c {
            Clue::Constraint(i) => Some(*i),
            _ => None,
        })
        .collect();
    removed.retain(|c| !matches!(c, Clue::Total(i) if gone_cages.contains(i)));
    Minimal {
        puzzle: without(puzzle, &removed),
        removed,
        minimal: settled,
    }
}
