//! What one constraint cannot live with, found by trying: a candidate is placed on a copy of
//! the board (its digit leaves the cell's peers), the constraint's own propagators run alone
//! on the copy (`Facts::narrow`, as for a constraint step), and the copy is looked at.
//!
//! ```text
//!  clash       the rule cannot be met (a cell of it is left without a candidate), two cells
//!              that see each other are left with the same single digit, or a house (or a
//!              full extra group) is left without a place for a digit
//!  constraint contradiction   a candidate whose placement makes a clash goes:
//!              r4c9 ≠ 4: whispers line r3c9,r4c9,r5c9: …; r4c9=4 would make r3c9 and r5c9
//!              both 9 (column 9)
//!  constraint pointing        a digit whose absence from every cell of a constraint makes a
//!              clash is one the constraint must hold (a 5 on a renban of five cells): it
//!              leaves every cell that sees all its places, as pointing does from a box
//! ```
//!
//! These are the steps a solver takes along lines and clues before any chain: the engine's
//! forks (a cell related to two cells that see each other) are the first kind, seen from the
//! middle cell. [`required`] also hands the digits each constraint must hold to the chains,
//! where they are strong links like a house's.

use super::board::{Board, Geometry, bits};
use super::constraints::unit_text;
use super::extras::Extras;
use super::step::{Step, Technique};
use crate::solve::variant::Scratch;

/// The difficulty of a constraint contradiction (see `docs/variants.md`).
const CONTRADICTION: f64 = 2.5;

/// The difficulty of constraint pointing: pointing's.
const POINTING: f64 = 2.6;

/// What a copy of the board breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clash {
    /// The constraint's rule cannot be met.
    Broken,
    /// Two cells that see each other hold the same single digit.
    Twins(usize, usize, usize),
    /// A house or full group has no place left for a digit.
    NoPlace(usize, usize),
}

/// The first constraint (in the puzzle's order, derived rules last) that refutes some of its
/// cells' candidates: every candidate it refutes, with why, as one step.
pub(super) fn contradiction(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let x = geo.extras.as_ref()?;
    let now = board.masks(&board.cands);
    let mut work = now.clone();
    let mut scratch = Scratch::default();
    for u in 0..x.facts.unit_count() {
        if board.interrupted() {
            return None;
        }
        let mut found: Vec<(usize, usize, Clash)> = Vec::new();
        for &c in x.facts.unit_cells(u) {
            if board.values[c] != 0 {
                continue;
            }
            for d in bits(board.cands[c]) {
                work.copy_from_slice(&now);
                if !assume(geo, &mut work, c, d) {
                    // A peer holds only this digit: a naked single's business.
                    continue;
                }
                let clash = if x.facts.narrow(u, &mut work, &mut scratch) {
                    clash(geo, &now, &work)
                } else {
                    Some(Clash::Broken)
                };
                if let Some(why) = clash {
                    found.push((c, d, why));
                }
            }
        }
        if found.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::ConstraintContradiction, CONTRADICTION);
        let (name, rule, index) = unit_text(x, u, geo.n);
        step.constraint(name.clone(), index);
        let mut whys = Vec::new();
        for &(c, d, why) in &found {
            step.eliminate(geo, c, d);
            step.cell(geo, c);
            whys.push(format!(
                "{}={} {}",
                geo.cell(c),
                d + 1,
                say(geo, x, why, &mut step)
            ));
        }
        step.reason = format!("{name}: {rule}; {}", whys.join("; "));
        return Some(step);
    }
    None
}

/// The first digit a constraint must hold (in the puzzle's order, derived rules last) that
/// leaves cells seeing all its places.
pub(super) fn pointing(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let x = geo.extras.as_ref()?;
    for (u, d, places) in required(board) {
        if board.interrupted() {
            return None;
        }
        let targets = seeing_all(board, &places, d);
        if targets.is_empty() {
            continue;
        }
        let mut step = Step::new(Technique::ConstraintPointing, POINTING);
        for &c in &targets {
            step.eliminate(geo, c, d);
        }
        for &c in &places {
            step.cell(geo, c);
        }
        step.digit(d);
        let (name, rule, index) = unit_text(x, u, geo.n);
        step.constraint(name.clone(), index);
        step.reason = format!(
            "{name}: {rule}; it must hold a {}, and {} see every place of it ({})",
            d + 1,
            super::step::cell_list(geo, targets.iter().copied()),
            super::step::cell_list(geo, places.iter().copied()),
        );
        return Some(step);
    }
    None
}

/// The digits each constraint must hold, found by taking the digit out of all its cells:
/// (unit, digit, the cells that may hold it), for digits not placed there yet. A digit of
/// several places only; one place is a hidden single of the constraint's, which its own step
/// gives.
pub(super) fn required(board: &Board) -> Vec<(usize, usize, Vec<usize>)> {
    let geo = &*board.geo;
    let Some(x) = geo.extras.as_ref() else {
        return Vec::new();
    };
    let now = board.masks(&board.cands);
    let mut work = now.clone();
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    for u in 0..x.facts.unit_count() {
        let cells = x.facts.unit_cells(u);
        let placed = cells
            .iter()
            .filter(|&&c| board.values[c] != 0)
            .fold(0u64, |m, &c| m | now[c]);
        let open = cells.iter().fold(0u64, |m, &c| m | board.cands[c]);
        for d in bits(open & !placed) {
            let bit = 1u64 << d;
            let places: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| board.cands[c] & bit != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            work.copy_from_slice(&now);
            for &c in &places {
                work[c] &= !bit;
            }
            let needed = places.iter().any(|&c| work[c] == 0)
                || !x.facts.narrow(u, &mut work, &mut scratch)
                || clash(geo, &now, &work).is_some();
            if needed {
                out.push((u, d, places));
            }
        }
    }
    out
}

/// The empty cells outside `places` that may hold `d` and see every cell of `places`.
fn seeing_all(board: &Board, places: &[usize], d: usize) -> Vec<usize> {
    let geo = &*board.geo;
    let Some(&first) = places.first() else {
        return Vec::new();
    };
    let mut out: Vec<usize> = geo.peers[first]
        .iter()
        .map(|&p| p as usize)
        .filter(|&p| {
            board.cands[p] >> d & 1 == 1
                && !places.contains(&p)
                && places.iter().all(|&q| geo.sees(p, q))
        })
        .collect();
    out.sort_unstable();
    out
}

/// Places digit `d` in cell `c` of `work`: the cell keeps `d` alone and its peers lose it.
/// False when a peer is left with nothing.
fn assume(geo: &Geometry, work: &mut [u64], c: usize, d: usize) -> bool {
    work[c] = 1 << d;
    geo.peers[c].iter().all(|&p| {
        let p = p as usize;
        work[p] &= !(1 << d);
        work[p] != 0
    })
}

/// What `work` (narrowed from `before`) breaks beyond its constraint's own rule: two cells
/// that see each other left with the same single digit (one of them changed), or a house or
/// full group (one of whose cells changed) with no place left for a digit.
fn clash(geo: &Geometry, before: &[u64], work: &[u64]) -> Option<Clash> {
    let n = geo.n;
    let mut houses: Vec<usize> = Vec::new();
    for c in (0..work.len()).filter(|&c| work[c] != before[c]) {
        let m = work[c];
        if m & (m - 1) == 0
            && let Some(&p) = geo.peers[c].iter().find(|&&p| work[p as usize] == m)
        {
            return Some(Clash::Twins(c, p as usize, m.trailing_zeros() as usize));
        }
        for h in geo.cell_houses[c] {
            if !houses.contains(&(h as usize)) {
                houses.push(h as usize);
            }
        }
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let groups = geo.extra_groups(true).filter(|&g| {
        geo.group(g)
            .iter()
            .any(|&c| work[c as usize] != before[c as usize])
    });
    for h in houses.into_iter().chain(groups) {
        let seen = geo.group(h).iter().fold(0, |m, &c| m | work[c as usize]);
        if seen != full {
            return Some(Clash::NoPlace(h, (full & !seen).trailing_zeros() as usize));
        }
    }
    None
}

/// A clash in words (`would make r3c9 and r5c9 both 9 (column 9)`); the constraints it
/// names join the step's.
fn say(geo: &Geometry, x: &Extras, why: Clash, step: &mut Step) -> String {
    match why {
        Clash::Broken => "would break it".to_string(),
        Clash::Twins(a, b, d) => {
            let by = match geo.common_houses(a, b).next() {
                Some(h) => geo.name(h),
                None => match x.why_at(geo.n, a, b) {
                    Some((name, index)) => {
                        step.constraint(name.clone(), index);
                        name
                    }
                    None => "they see each other".to_string(),
                },
            };
            format!(
                "would make {} and {} both {} ({by})",
                geo.cell(a),
                geo.cell(b),
                d + 1
            )
        }
        Clash::NoPlace(h, d) => {
            step.house(geo, h);
            format!("would leave no {} in {}", d + 1, geo.name(h))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::logic::{Options, next_step};
    use crate::variant::{Constraint, Puzzle};

    fn only(t: Technique) -> Options {
        Options {
            techniques: vec![t],
            ..Options::default()
        }
    }

    #[test]
    fn a_whisper_whose_neighbours_share_a_column_loses_4_and_6_in_the_middle() {
        let mut puzzle = Puzzle::new(9).unwrap();
        let line = (2..5).map(|r| Cell::new(r, 8)).collect();
        puzzle
            .push(Constraint::Whispers {
                line,
                difference: 5,
            })
            .unwrap();
        let mut board = Board::from_puzzle(&puzzle).unwrap();
        // The whisper's own step first: no 5 on it.
        let step = next_step(&board, &only(Technique::ConstraintLogic)).unwrap();
        assert_eq!(step.eliminations.len(), 3);
        board.apply(&step);
        let step = next_step(&board, &only(Technique::ConstraintContradiction)).unwrap();
        assert_eq!(
            step.to_string(),
            "r4c9 ≠ 4; r4c9 ≠ 6: whispers line r3c9,r4c9,r5c9: neighbours on it differ by at \
             least 5; r4c9=4 would make r3c9 and r5c9 both 9 (column 9); r4c9=6 would make \
             r3c9 and r5c9 both 1 (column 9)"
        );
        assert_eq!(step.difficulty, CONTRADICTION);
        assert_eq!(step.constraint_indices, [Some(0)]);
        board.apply(&step);
        assert!(next_step(&board, &only(Technique::ConstraintContradiction)).is_none());
    }

    #[test]
    fn a_constraint_that_would_leave_a_house_without_a_digit_is_a_contradiction() {
        // A cage r1c1 + r2c1 = 5 on a 4×4, and no 1 in the rest of row 1 (marks).
        let mut puzzle = Puzzle::new(4).unwrap();
        puzzle
            .push(Constraint::Killer {
                cells: vec![Cell::new(0, 0), Cell::new(1, 0)],
                sum: Some(5),
            })
            .unwrap();
        for c in 1..4 {
            puzzle.set_candidates(Cell::new(0, c), 0b1110, "").unwrap();
        }
        let board = Board::from_puzzle(&puzzle).unwrap();
        // r1c1 = 2 or 3 would leave row 1 without a 1 (the cage's 1 then sits in r2c1).
        let step = next_step(&board, &only(Technique::ConstraintContradiction)).unwrap();
        assert!(
            step.reason.contains("r1c1=2 would leave no 1 in row 1"),
            "{}",
            step.reason
        );
        assert_eq!(step.houses, [crate::grid::House::Row(0)]);
    }

    #[test]
    fn a_renban_of_five_holds_a_5_which_leaves_the_rest_of_its_row() {
        let mut puzzle = Puzzle::new(9).unwrap();
        let line = (0..5).map(|c| Cell::new(0, c)).collect();
        puzzle.push(Constraint::Renban { line }).unwrap();
        let board = Board::from_puzzle(&puzzle).unwrap();
        let required = required(&board);
        assert_eq!(required.len(), 1, "{required:?}");
        assert_eq!(required[0].1, 4);
        let step = next_step(&board, &only(Technique::ConstraintPointing)).unwrap();
        assert_eq!(
            step.to_string(),
            "r1c6,r1c7,r1c8,r1c9 ≠ 5: renban line r1c1,r1c2,r1c3,r1c4,r1c5: its digits are \
             a run of consecutive digits; it must hold a 5, and r1c6,r1c7,r1c8,r1c9 see every \
             place of it (r1c1,r1c2,r1c3,r1c4,r1c5)"
        );
    }
}
