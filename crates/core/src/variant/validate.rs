//! The checks a constraint passes before it joins a puzzle: its cells inside the grid and
//! not repeated where that means nothing, its totals and counts within what digits can make,
//! its parameters within the grid's digits. The engines rely on them.

use std::collections::HashSet;

use super::{Constraint, Error, ErrorKind, Puzzle};
use crate::Cell;

/// Checks `constraint` against `puzzle`; `at` names its place in any error.
pub(super) fn constraint(puzzle: &Puzzle, constraint: &Constraint, at: &str) -> Result<(), Error> {
    let n = puzzle.size();
    let name = constraint.name();
    let cells = constraint.cells();
    for &cell in &cells {
        puzzle.check_cell(cell, at)?;
    }
    let bad = |message: String| Err(Error::new(ErrorKind::BadValue, message, at));
    let impossible = |message: String| Err(Error::new(ErrorKind::Impossible, message, at));
    let distinct = |cells: &[Cell]| -> Result<(), Error> {
        let mut seen = HashSet::new();
        match cells.iter().find(|c| !seen.insert(**c)) {
            Some(c) => Err(Error::new(
                ErrorKind::BadValue,
                format!("{name} names {c} twice"),
                at,
            )),
            None => Ok(()),
        }
    };
    let nonempty = |cells: &[Cell]| -> Result<(), Error> {
        if cells.is_empty() {
            Err(Error::new(
                ErrorKind::BadValue,
                format!("{name} has no cell"),
                at,
            ))
        } else {
            Ok(())
        }
    };
    let n32 = n as u32;
    match constraint {
        Constraint::Chess { offsets } => {
            if offsets.is_empty() || offsets.contains(&(0, 0)) {
                return bad("a chess move needs offsets other than (0, 0)".into());
            }
        }
        Constraint::Taxicab { distance } => {
            if *distance == 0 {
                return bad("a taxicab distance is at least 1".into());
            }
        }
        Constraint::ExtraRegion { cells } => {
            nonempty(cells)?;
            distinct(cells)?;
            if cells.len() > n {
                return impossible(format!(
                    "a region of {} cells cannot hold different digits of 1–{n}",
                    cells.len()
                ));
            }
        }
        Constraint::Quadruple { cells, digits } => {
            nonempty(cells)?;
            distinct(cells)?;
            if let Some(d) = digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
                return bad(format!("quadruple digit {d} is not in 1–{n}"));
            }
            if digits.len() > cells.len() {
                return impossible(format!(
                    "{} quadruple digits do not fit in {} cells",
                    digits.len(),
                    cells.len()
                ));
            }
        }
        Constraint::Clone { cells, copies } => {
            nonempty(cells)?;
            if cells.len() != copies.len() {
                return bad(format!(
                    "a clone of {} cells has {} copies",
                    cells.len(),
                    copies.len()
                ));
            }
        }
        Constraint::RowIndexer { cells }
        | Constraint::ColumnIndexer { cells }
        | Constraint::BoxIndexer { cells } => nonempty(cells)?,
        Constraint::Killer { cells, .. } | Constraint::Rellik { cells, .. } => {
            nonempty(cells)?;
            distinct(cells)?;
            let k = cells.len() as u32;
            if k > n32 {
                return impossible(format!(
                    "a cage of {k} cells cannot hold different digits of 1–{n}"
                ));
            }
            if let Constraint::Rellik { sum: 0, .. } = constraint {
                return bad("a rellik total is at least 1".into());
            }
            if let Constraint::Killer { sum: Some(sum), .. } = *constraint {
                let (lo, hi) = (k * (k + 1) / 2, k * (2 * n32 + 1 - k) / 2);
                if sum < lo || sum > hi {
                    return impossible(format!(
                        "killer cage {} cannot total {sum}: {k} different digits of 1–{n} make {lo} to {hi}",
                        span(cells)
                    ));
                }
            }
        }
        Constraint::Equality { cells } => {
            nonempty(cells)?;
            distinct(cells)?;
            let k = cells.len();
            if k % 2 == 1 || k > n - n % 2 {
                return impossible(format!(
                    "an equality cage of {k} cells cannot hold as many low digits of 1–{n} as high ones, all different"
                ));
            }
        }
        Constraint::LittleKiller { cells, sum, .. } => {
            nonempty(cells)?;
            let k = cells.len() as u32;
            if *sum < k || *sum > k * n32 {
                return impossible(format!(
                    "little killer {} cannot total {sum}: {k} digits of 1–{n} make {k} to {}",
                    span(cells),
                    k * n32
                ));
            }
        }
        Constraint::Sandwich { clue, sum } => {
            check_clue(puzzle, clue.index, at)?;
            let most = (2..n32).sum::<u32>();
            if n < 2 || *sum > most {
                return impossible(format!(
                    "a sandwich of {sum} cannot be made in a {n}×{n} grid (0 to {most})"
                ));
            }
        }
        Constraint::XSum { clue, sum } => {
            check_clue(puzzle, clue.index, at)?;
            let most = n32 * (n32 + 1) / 2;
            if *sum == 0 || *sum > most {
                return impossible(format!("an x-sum of {sum} cannot be made (1 to {most})"));
            }
        }
        Constraint::Skyscraper { clue, count } => {
            check_clue(puzzle, clue.index, at)?;
            if *count == 0 || *count > n32 {
                return impossible(format!("{count} skyscrapers cannot be seen (1 to {n})"));
            }
        }
        Constraint::NumberedRoom { clue, digit } => {
            check_clue(puzzle, clue.index, at)?;
            if *digit == 0 || usize::from(*digit) > n {
                return bad(format!("numbered room digit {digit} is not in 1–{n}"));
            }
        }
        Constraint::Arrow { bulb, shaft } => {
            nonempty(bulb)?;
            distinct(bulb)?;
            if shaft.is_empty() {
                return bad("an arrow needs a shaft beyond its bulb".into());
            }
            if bulb.len() > 3 {
                return bad(format!(
                    "a bulb of {} cells is a number too large for an arrow",
                    bulb.len()
                ));
            }
            if bulb.len() > 1 && n > 9 {
                return bad(format!(
                    "a bulb of several cells reads its digits as one number, on grids up to 9×9 only, not {n}×{n}"
                ));
            }
        }
        Constraint::Xv { cells, sum } => {
            if *sum < 3 || *sum > 2 * n32 - 1 {
                return impossible(format!(
                    "{} and {} cannot add up to {sum} with different digits of 1–{n}",
                    cells[0], cells[1]
                ));
            }
        }
        Constraint::Difference { difference, .. } => {
            if *difference == 0 || usize::from(*difference) >= n {
                return impossible(format!(
                    "a difference of {difference} is not in 1–{}",
                    n - 1
                ));
            }
        }
        Constraint::Ratio { ratio, .. } => {
            if *ratio < 2 || usize::from(*ratio) > n {
                return impossible(format!("a ratio of {ratio} is not in 2–{n}"));
            }
        }
        Constraint::Whispers { difference, .. } | Constraint::Lockout { difference, .. } => {
            nonempty(&cells)?;
            if usize::from(*difference) >= n {
                return impossible(format!(
                    "a {name} difference of {difference} is not below {n}"
                ));
            }
        }
        Constraint::Renban { line } | Constraint::Nabner { line } => {
            nonempty(line)?;
            distinct(line)?;
            if line.len() > n {
                return impossible(format!(
                    "a {name} line of {} cells cannot hold different digits of 1–{n}",
                    line.len()
                ));
            }
        }
        Constraint::Thermometer { line } => {
            nonempty(line)?;
            distinct(line)?;
            if line.len() > n {
                return impossible(format!(
                    "a thermometer of {} cells cannot increase within 1–{n}",
                    line.len()
                ));
            }
        }
        Constraint::RegionSum { line } => {
            nonempty(line)?;
            distinct(line)?;
        }
        Constraint::DoubleArrow { line }
        | Constraint::Between { line }
        | Constraint::Zipper { line }
        | Constraint::SlowThermometer { line }
        | Constraint::Palindrome { line }
        | Constraint::Modular { line }
        | Constraint::Entropic { line } => nonempty(line)?,
        Constraint::Even { .. } | Constraint::Odd { .. } if n < 2 => {
            return impossible(format!("no {name} digit in 1–{n}"));
        }
        Constraint::Diagonal(_)
        | Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::DisjointGroups
        | Constraint::Even { .. }
        | Constraint::Odd { .. }
        | Constraint::Minimum { .. }
        | Constraint::Maximum { .. }
        | Constraint::Negative(_) => {}
    }
    Ok(())
}

/// A clue's row or column must be in the grid.
fn check_clue(puzzle: &Puzzle, index: u16, at: &str) -> Result<(), Error> {
    puzzle
        .check_cell(Cell::new(usize::from(index), 0), at)
        .map(|_| ())
}

/// Cells as messages name them: `r1c1-r1c3` for a run, else the first and last.
pub(super) fn span(cells: &[Cell]) -> String {
    match cells {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] => format!("{first}-{last}"),
    }
}
