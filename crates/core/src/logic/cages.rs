//! Combined cages: the killer cages that lie wholly inside a house, and the house's other
//! cells, split the house's digits between them. Each cage takes one combination of its total
//! (digits its cells can hold, one a cell), the combinations are disjoint because the house's
//! digits differ, and the other cells hold exactly the digits left, whose total is the house's
//! less the cages' (the 45 rule on a 9×9). A digit no such split gives a part's cell leaves
//! that cell.
//!
//! ```text
//!  row 9:  [ . | 25 25 25 25 25 25 | . . ]   cage 25 (6 cells) + rest r9c1,r9c8,r9c9
//!          the rest holds one of the 3-digit sets left by the cage's combinations that fit
//! ```
//!
//! One cage per house is cage splitting by a house (what innies and outies give, with the
//! combinations); several are the combinations of cages that must not overlap.

use super::board::{Board, bits};
use super::extras::cell_text;
use super::step::{Step, Technique};
use crate::variant::Constraint;

/// Search nodes a house may take before it is left alone (the step is then not found there).
const BUDGET: usize = 200_000;

/// The difficulty of a combined-cages step (see `docs/variants.md`).
pub(super) const DIFFICULTY: f64 = 3.2;

/// The first house (rows, columns, regions, then full extra groups) where the combined cages
/// remove candidates.
pub(super) fn combined(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let x = geo.extras.as_ref()?;
    let n = geo.n;
    let cages: Vec<(Vec<usize>, u64, String, usize)> = x
        .puzzle
        .constraints()
        .iter()
        .enumerate()
        .filter_map(|(k, c)| match c {
            Constraint::Killer {
                cells,
                sum: Some(s),
            } => {
                let cells: Vec<usize> = cells.iter().map(|c| c.row() * n + c.col()).collect();
                let name = format!("killer cage {s} {}", cell_text(cells.iter().copied(), n));
                Some((cells, *s as u64, name, k))
            }
            _ => None,
        })
        .collect();
    if cages.is_empty() {
        return None;
    }
    let masks = board.masks(&board.cands);
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let houses = (0..geo.houses.len()).chain(geo.extra_groups(true));
    for h in houses {
        if board.interrupted() {
            return None;
        }
        let house: Vec<usize> = geo.group(h).iter().map(|&c| c as usize).collect();
        let inside: Vec<usize> = (0..cages.len())
            .filter(|&i| {
                let cells = &cages[i].0;
                cells.len() < house.len() && cells.iter().all(|c| house.contains(c))
            })
            .collect();
        if inside.is_empty() {
            continue;
        }
        let parts: Vec<Part> = inside
            .iter()
            .map(|&i| Part::of(&cages[i].0, cages[i].1, &masks, n))
            .collect();
        let rest: Vec<usize> = house
            .iter()
            .copied()
            .filter(|c| !inside.iter().any(|&i| cages[i].0.contains(c)))
            .collect();
        let Some(allowed) = split(&parts, &rest, &masks, full) else {
            continue;
        };
        let mut step = Step::new(Technique::CombinedCages, DIFFICULTY);
        let mut any = false;
        let owners = inside
            .iter()
            .zip(&allowed)
            .map(|(&i, &a)| (&cages[i].0, a))
            .chain(std::iter::once((&rest, allowed[parts.len()])));
        for (cells, keep) in owners {
            for &c in cells {
                if board.values[c] == 0 && board.cands[c] & !keep != 0 {
                    for d in bits(board.cands[c] & !keep) {
                        step.eliminate(geo, c, d);
                    }
                    any = true;
                }
            }
        }
        if !any {
            continue;
        }
        for &c in &house {
            step.cell(geo, c);
        }
        step.house(geo, h);
        let names: Vec<String> = inside.iter().map(|&i| cages[i].2.clone()).collect();
        for &i in &inside {
            step.constraint(cages[i].2.clone(), Some(cages[i].3));
        }
        let total: u64 =
            (1..=n as u64).sum::<u64>() - inside.iter().map(|&i| cages[i].1).sum::<u64>();
        step.reason = format!(
            "combined cages in {}: {} and the other cells {} (total {total}) share its digits, \
             each cage a combination of its total",
            geo.name(h),
            names.join(", "),
            cell_text(rest.iter().copied(), n),
        );
        return Some(step);
    }
    None
}

/// A cage inside the house: its cells' digits and the combinations of its total that fit them.
struct Part {
    combos: Vec<u64>,
}

impl Part {
    fn of(cells: &[usize], total: u64, masks: &[u64], n: usize) -> Part {
        let own: Vec<u64> = cells.iter().map(|&c| masks[c]).collect();
        let union = own.iter().fold(0, |a, &m| a | m);
        let mut combos = Vec::new();
        sets(union, cells.len(), total, 0, n, 0, &mut |m| {
            if fits(&own, m) {
                combos.push(m);
            }
        });
        Part { combos }
    }
}

/// Calls `f` with each set of `k` digits of `from` (digits `d..`, 0-based) totalling `total`.
fn sets(from: u64, k: usize, total: u64, d: usize, n: usize, acc: u64, f: &mut impl FnMut(u64)) {
    if k == 0 {
        if total == 0 {
            f(acc);
        }
        return;
    }
    for e in d..n {
        let v = e as u64 + 1;
        if v > total {
            break;
        }
        if from >> e & 1 == 1 {
            sets(from, k - 1, total - v, e + 1, n, acc | 1 << e, f);
        }
    }
}

/// Whether the cells (their digits `own`) can hold the digits of `set`, one a cell.
fn fits(own: &[u64], set: u64) -> bool {
    if own.len() != set.count_ones() as usize {
        return false;
    }
    // Kuhn's augmenting paths: `owner[d]` is the cell holding digit `d`.
    let mut owner = [usize::MAX; 64];
    fn augment(own: &[u64], set: u64, c: usize, seen: &mut u64, owner: &mut [usize; 64]) -> bool {
        for d in bits(own[c] & set & !*seen) {
            *seen |= 1 << d;
            if owner[d] == usize::MAX || augment(own, set, owner[d], seen, owner) {
                owner[d] = c;
                return true;
            }
        }
        false
    }
    (0..own.len()).all(|c| augment(own, set, c, &mut 0, &mut owner))
}

/// The digits each part (then the rest) holds in some split of the house's digits, or `None`
/// when there is none or the search runs past its budget.
fn split(parts: &[Part], rest: &[usize], masks: &[u64], full: u64) -> Option<Vec<u64>> {
    let own: Vec<u64> = rest.iter().map(|&c| masks[c]).collect();
    let mut allowed = vec![0u64; parts.len() + 1];
    let mut chosen = vec![0u64; parts.len()];
    let mut nodes = 0usize;
    let mut found = false;
    #[allow(clippy::too_many_arguments)]
    fn go(
        parts: &[Part],
        i: usize,
        used: u64,
        full: u64,
        own: &[u64],
        chosen: &mut [u64],
        allowed: &mut [u64],
        nodes: &mut usize,
        found: &mut bool,
    ) -> bool {
        *nodes += 1;
        if *nodes > BUDGET {
            return false;
        }
        if i == parts.len() {
            let left = full & !used;
            if fits(own, left) {
                *found = true;
                for (a, &c) in allowed.iter_mut().zip(chosen.iter()) {
                    *a |= c;
                }
                allowed[parts.len()] |= left;
            }
            return true;
        }
        for &m in &parts[i].combos {
            if m & used == 0 {
                chosen[i] = m;
                if !go(
                    parts,
                    i + 1,
                    used | m,
                    full,
                    own,
                    chosen,
                    allowed,
                    nodes,
                    found,
                ) {
                    return false;
                }
            }
        }
        true
    }
    let done = go(
        parts,
        0,
        0,
        full,
        &own,
        &mut chosen,
        &mut allowed,
        &mut nodes,
        &mut found,
    );
    (done && found).then_some(allowed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::logic::{Options, next_step};
    use crate::variant::Puzzle;

    #[test]
    fn cages_in_a_row_take_disjoint_combinations() {
        // Row 1: cage 3 is {1,2}, so cage 7 beside it is {3,4} (not {1,6} or {2,5}), and the
        // other five cells hold 5 to 9.
        let mut puzzle = Puzzle::new(9).unwrap();
        for (cols, sum) in [([0, 1], 3), ([2, 3], 7)] {
            let cells = cols.iter().map(|&c| Cell::new(0, c)).collect();
            puzzle
                .push(Constraint::Killer {
                    cells,
                    sum: Some(sum),
                })
                .unwrap();
        }
        let board = Board::from_puzzle(&puzzle).unwrap();
        let options = Options {
            techniques: vec![Technique::CombinedCages],
            ..Options::default()
        };
        let step = next_step(&board, &options).unwrap();
        assert_eq!(step.technique, Technique::CombinedCages);
        assert_eq!(step.eliminations.len(), 2 * 7 + 2 * 7 + 5 * 4);
        assert!(
            step.reason.starts_with(
                "combined cages in row 1: killer cage 3 r1c1,r1c2, killer cage 7 r1c3,r1c4 and \
                 the other cells r1c5,r1c6,r1c7,r1c8,r1c9 (total 35)"
            ),
            "{}",
            step.reason
        );
        let mut after = board.clone();
        after.apply(&step);
        for c in 2..4 {
            let left: Vec<usize> = after
                .candidates(Cell::new(0, c))
                .iter()
                .map(|d| d.get())
                .collect();
            assert_eq!(left, [3, 4]);
        }
    }

    #[test]
    fn a_matching_is_needed_not_only_the_digits() {
        // Two cells that can only hold 1 cannot hold {1, 2}.
        assert!(!fits(&[0b01, 0b01], 0b11));
        assert!(fits(&[0b01, 0b11], 0b11));
        assert!(!fits(&[0b11], 0b11));
        let mut all = Vec::new();
        sets(0x1ff, 2, 5, 0, 9, 0, &mut |m| all.push(m));
        assert_eq!(all, [0b1001, 0b0110]);
    }
}
