//! Each rule of a puzzle compiled into the builder's peers, groups and propagators: one arm
//! of [`add`] a constraint.

use std::collections::{BTreeMap, HashSet};

use super::super::clues::{Equality, Quadruple, Rellik, Sandwich, Skyscraper, XSum, rellik_start};
use super::super::lines::{Ends, Renban, Zipper};
use super::super::sums::{Cage, Combos, EqualSums, Term};
use super::{Builder, Prop};
use crate::Cell;
use crate::variant::{Constraint, Diagonal, NO_REGION, Negative, Puzzle};

/// The band of digit `x` (1-based) among low, middle, high on a side of `n`; the middle band
/// is the one of another size when 3 does not divide `n`.
fn band(x: i64, n: i64) -> i64 {
    let (small, large) = (n / 3, (n + 2) / 3);
    let (lo, mid) = match n % 3 {
        0 => (small, small),
        1 => (small, large),
        _ => (large, small),
    };
    if x <= lo {
        0
    } else if x <= lo + mid {
        1
    } else {
        2
    }
}

/// The marks that the negative constraints, non-consecutive and min/max cells look at.
#[derive(Clone, Copy)]
pub(super) struct Marks<'a> {
    pub kropki: &'a HashSet<(u32, u32)>,
    pub xv: &'a HashSet<(u32, u32)>,
    pub differences: &'a [i64],
    pub ratios: &'a [i64],
    pub minima: &'a HashSet<u32>,
    pub maxima: &'a HashSet<u32>,
}

/// Compiles one constraint.
pub(super) fn add(
    b: &mut Builder,
    puzzle: &Puzzle,
    regions: &BTreeMap<u16, Vec<u32>>,
    constraint: &Constraint,
    marks: Marks,
    combos: &mut Option<Combos>,
) {
    let n = b.n;
    let ni = n as i64;
    let nu = n as u32;
    match constraint {
        Constraint::Diagonal(Diagonal::Negative) => b.group((0..nu).map(|i| i * nu + i).collect()),
        Constraint::Diagonal(Diagonal::Positive) => {
            b.group((0..nu).map(|i| (nu - 1 - i) * nu + i).collect())
        }
        Constraint::AntiKnight => b.offsets(1, 2),
        Constraint::AntiKing => b.offsets(1, 1),
        Constraint::Chess { offsets } => {
            for &(dr, dc) in offsets {
                b.offsets(i64::from(dr), i64::from(dc));
            }
        }
        Constraint::Taxicab { distance } => {
            let d = i64::from(*distance);
            for dr in 0..=d {
                b.offsets(dr, d - dr);
            }
        }
        Constraint::NonConsecutive => {
            for (x, y) in b.adjacent() {
                if !marks.kropki.contains(&(x, y)) {
                    b.pair(x, y, |p, q| (p - q).abs() != 1);
                }
            }
        }
        Constraint::DisjointGroups => {
            let mut groups: Vec<Vec<u32>> = vec![Vec::new(); n];
            for cells in regions.values() {
                for (p, &c) in cells.iter().enumerate() {
                    if p < n {
                        groups[p].push(c);
                    }
                }
            }
            for g in groups {
                b.group(g);
            }
        }
        Constraint::ExtraRegion { cells } => {
            let cells = b.cells(cells);
            b.group(cells);
        }
        Constraint::Even { cell } => {
            let i = b.index(*cell) as usize;
            b.narrow(i, 0xAAAA_AAAA_AAAA_AAAA);
        }
        Constraint::Odd { cell } => {
            let i = b.index(*cell) as usize;
            b.narrow(i, 0x5555_5555_5555_5555);
        }
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let minimum = matches!(constraint, Constraint::Minimum { .. });
            let same = if minimum { marks.minima } else { marks.maxima };
            let me = b.index(*cell);
            for other in orthogonal(*cell, n) {
                let o = b.index(other);
                if !same.contains(&o) {
                    if minimum {
                        b.pair(me, o, |x, y| x < y);
                    } else {
                        b.pair(me, o, |x, y| x > y);
                    }
                }
            }
        }
        Constraint::Quadruple { cells, digits } => {
            let mut needs: Vec<(u64, u32)> = Vec::new();
            for &d in digits {
                let bit = 1u64 << (d - 1);
                match needs.iter_mut().find(|(m, _)| *m == bit) {
                    Some((_, k)) => *k += 1,
                    None => needs.push((bit, 1)),
                }
            }
            let cells = b.cells(cells);
            b.props.push(Prop::Quadruple(Quadruple {
                cells: cells.into_boxed_slice(),
                needs: needs.into_boxed_slice(),
            }));
        }
        Constraint::Clone { cells, copies } => {
            for (x, y) in cells.iter().zip(copies) {
                let (x, y) = (b.index(*x), b.index(*y));
                b.pair(x, y, |p, q| p == q);
                b.equal.push((x, y));
            }
        }
        Constraint::RowIndexer { cells } => {
            for &cell in cells {
                let me = b.index(cell);
                let r = cell.row() as i64 + 1;
                for d in 0..n {
                    let target = b.index(Cell::new(d, cell.col()));
                    let v = d as i64 + 1;
                    b.pair(me, target, move |x, y| (x == v) == (y == r));
                }
            }
        }
        Constraint::ColumnIndexer { cells } => {
            for &cell in cells {
                let me = b.index(cell);
                let c = cell.col() as i64 + 1;
                for d in 0..n {
                    let target = b.index(Cell::new(cell.row(), d));
                    let v = d as i64 + 1;
                    b.pair(me, target, move |x, y| (x == v) == (y == c));
                }
            }
        }
        Constraint::BoxIndexer { cells } => {
            for &cell in cells {
                let me = b.index(cell);
                let region = puzzle.regions()[me as usize];
                let Some(members) = regions.get(&region) else {
                    continue;
                };
                let Some(p) = members.iter().position(|&c| c == me) else {
                    continue;
                };
                let p = p as i64 + 1;
                let len = members.len() as i64;
                let members = members.clone();
                for (d, &target) in members.iter().enumerate() {
                    let v = d as i64 + 1;
                    b.pair(me, target, move |x, y| (x == v) == (y == p));
                }
                b.pair(me, me, move |x, _| x <= len);
            }
        }
        Constraint::Killer { cells, sum } => {
            let cells = b.cells(cells);
            b.group(cells.clone());
            if let Some(sum) = *sum {
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                b.cages.push((sorted, sum));
                if n <= Combos::MAX_SIDE {
                    combos.get_or_insert_with(|| Combos::new(n));
                    b.props.push(Prop::Cage(Cage::new(cells, sum)));
                } else {
                    b.sum(cells.iter().map(|&c| (c, 1)).collect(), i64::from(sum));
                }
            }
        }
        Constraint::Rellik { cells, sum } => {
            let cells = b.cells(cells);
            b.group(cells.clone());
            // No set of different digits of 1..=N makes more than their sum.
            if *sum as usize <= n * (n + 1) / 2 {
                for &c in &cells {
                    b.narrow(c as usize, rellik_start(n, *sum));
                }
                b.props.push(Prop::Rellik(Rellik {
                    cells: cells.into_boxed_slice(),
                    sum: *sum,
                }));
            }
        }
        Constraint::Equality { cells } => {
            let cells = b.cells(cells);
            b.group(cells.clone());
            let all = super::super::ctx::range(0, ni - 1);
            let half = n / 2;
            // Bit d − 1 for digit d: the even digits are the odd bits.
            let even = all & 0xAAAA_AAAA_AAAA_AAAA;
            let low = super::super::ctx::range(0, half as i64 - 1);
            let high = super::super::ctx::range((n - half) as i64, ni - 1);
            for &c in &cells {
                b.narrow(c as usize, low | high);
            }
            b.props.push(Prop::Equality(Equality {
                cells: cells.into_boxed_slice(),
                splits: [(even, all & !even), (low, high)],
            }));
        }
        Constraint::LittleKiller { cells, sum, .. } => {
            let cells = b.cells(cells);
            b.sum(cells.iter().map(|&c| (c, 1)).collect(), i64::from(*sum));
        }
        Constraint::Sandwich { clue, sum } => {
            let cells = b.cells(&clue.cells(n));
            b.props.push(Prop::Sandwich(Sandwich {
                cells: cells.into_boxed_slice(),
                sum: *sum,
                n: nu,
            }));
        }
        Constraint::XSum { clue, sum } => {
            let cells = b.cells(&clue.cells(n));
            b.props.push(Prop::XSum(XSum {
                cells: cells.into_boxed_slice(),
                sum: *sum,
                n: nu,
            }));
        }
        Constraint::Skyscraper { clue, count } => {
            let cells = b.cells(&clue.cells(n));
            b.props.push(Prop::Skyscraper(Skyscraper {
                cells: cells.into_boxed_slice(),
                count: *count,
                n: nu,
            }));
        }
        Constraint::NumberedRoom { clue, digit } => {
            // The first cell holding p puts the digit in the p-th cell: a pair each.
            let cells = b.cells(&clue.cells(n));
            let v = i64::from(*digit);
            for (p, &cell) in cells.iter().enumerate() {
                let p = p as i64 + 1;
                b.pair(cells[0], cell, move |x, y| x != p || y == v);
            }
        }
        Constraint::Arrow { bulb, shaft } => {
            let mut terms: Vec<(u32, i64)> = shaft.iter().map(|&c| (b.index(c), 1)).collect();
            let k = bulb.len() as u32;
            for (j, &c) in bulb.iter().enumerate() {
                terms.push((b.index(c), -(10i64.pow(k - 1 - j as u32))));
            }
            b.sum(terms, 0);
        }
        Constraint::DoubleArrow { line } => {
            if line.len() >= 3 {
                let last = line.len() - 1;
                let terms = line
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| (b.index(c), if i == 0 || i == last { -1 } else { 1 }))
                    .collect();
                b.sum(terms, 0);
            }
        }
        Constraint::Xv { cells, sum } => {
            let (x, y) = (b.index(cells[0]), b.index(cells[1]));
            let s = i64::from(*sum);
            b.pair(x, y, move |p, q| p + q == s);
        }
        Constraint::RegionSum { line } => {
            let mut segments: Vec<Vec<Term>> = Vec::new();
            let mut last = None;
            for &c in line {
                let i = b.index(c);
                let r = puzzle.regions()[i as usize];
                if r == NO_REGION {
                    continue;
                }
                if last != Some(r) {
                    segments.push(Vec::new());
                    last = Some(r);
                }
                if let Some(seg) = segments.last_mut() {
                    seg.push(Term {
                        cell: i,
                        coef: 1,
                        reflected: false,
                    });
                }
            }
            if segments.len() >= 2 {
                if n <= Combos::MAX_SIDE {
                    combos.get_or_insert_with(|| Combos::new(n));
                }
                b.props.push(Prop::EqualSums(EqualSums {
                    segments: segments.into_iter().map(Vec::into_boxed_slice).collect(),
                    n: nu,
                }));
            }
        }
        Constraint::Thermometer { line } => {
            let cells = b.cells(line);
            for w in cells.windows(2) {
                b.pair(w[0], w[1], |x, y| x < y);
            }
            for (i, &x) in cells.iter().enumerate() {
                for &y in &cells[i + 1..] {
                    b.differ(x, y);
                }
            }
            // Cell i of a thermometer of k cells holds i + 1 to N − (k − 1 − i).
            let k = cells.len();
            for (i, &c) in cells.iter().enumerate() {
                let keep = super::super::ctx::range(i as i64, (n - k + i) as i64);
                b.narrow(c as usize, keep);
            }
        }
        Constraint::SlowThermometer { line } => {
            let cells = b.cells(line);
            for w in cells.windows(2) {
                b.pair(w[0], w[1], |x, y| x <= y);
            }
        }
        Constraint::Whispers { line, difference } => {
            let d = i64::from(*difference);
            let cells = b.cells(line);
            for w in cells.windows(2) {
                b.pair(w[0], w[1], move |x, y| (x - y).abs() >= d);
            }
        }
        Constraint::Renban { line } => {
            let cells = b.cells(line);
            b.group(cells.clone());
            if cells.len() >= 2 {
                b.props.push(Prop::Renban(Renban {
                    cells: cells.into_boxed_slice(),
                    n: nu,
                }));
            }
        }
        Constraint::Palindrome { line } => {
            let cells = b.cells(line);
            let k = cells.len();
            for i in 0..k / 2 {
                b.pair(cells[i], cells[k - 1 - i], |x, y| x == y);
                b.equal.push((cells[i], cells[k - 1 - i]));
            }
        }
        Constraint::Between { line } | Constraint::Lockout { line, .. } => {
            let cells = b.cells(line);
            let lockout = match constraint {
                Constraint::Lockout { difference, .. } => Some(u32::from(*difference)),
                _ => None,
            };
            if cells.len() >= 3 || (lockout.is_some() && cells.len() >= 2) {
                let k = cells.len();
                b.props.push(Prop::Ends(Ends {
                    first: cells[0],
                    last: cells[k - 1],
                    middle: cells[1..k - 1].to_vec().into_boxed_slice(),
                    lockout,
                }));
            }
        }
        Constraint::Entropic { line } | Constraint::Modular { line } => {
            let entropic = matches!(constraint, Constraint::Entropic { .. });
            let class = move |x: i64| if entropic { band(x, ni) } else { x % 3 };
            let cells = b.cells(line);
            for (i, &x) in cells.iter().enumerate() {
                for (j, &y) in cells.iter().enumerate().skip(i + 1).take(3) {
                    if (j - i) % 3 == 0 {
                        b.pair(x, y, move |p, q| class(p) == class(q));
                    } else {
                        b.pair(x, y, move |p, q| class(p) != class(q));
                    }
                }
            }
        }
        Constraint::Nabner { line } => {
            let cells = b.cells(line);
            for (i, &x) in cells.iter().enumerate() {
                for &y in &cells[i + 1..] {
                    b.pair(x, y, |p, q| (p - q).abs() >= 2);
                    b.differ(x, y);
                }
            }
        }
        Constraint::Zipper { line } => {
            let cells = b.cells(line);
            let k = cells.len();
            if k >= 2 {
                let pairs: Vec<(u32, u32)> =
                    (0..k / 2).map(|i| (cells[i], cells[k - 1 - i])).collect();
                b.props.push(Prop::Zipper(Zipper {
                    pairs: pairs.into_boxed_slice(),
                    middle: (k % 2 == 1).then(|| cells[k / 2]),
                    n: nu,
                }));
            }
        }
        Constraint::Difference { cells, difference } => {
            let (x, y) = (b.index(cells[0]), b.index(cells[1]));
            let d = i64::from(*difference);
            b.pair(x, y, move |p, q| (p - q).abs() == d);
        }
        Constraint::Ratio { cells, ratio } => {
            let (x, y) = (b.index(cells[0]), b.index(cells[1]));
            let r = i64::from(*ratio);
            b.pair(x, y, move |p, q| p == r * q || q == r * p);
        }
        Constraint::Negative(kind) => {
            let kind = *kind;
            let banned: Vec<i64> = match kind {
                Negative::Difference if marks.differences.is_empty() => vec![1],
                Negative::Difference => marks.differences.to_vec(),
                Negative::Ratio if marks.ratios.is_empty() => vec![2],
                Negative::Ratio => marks.ratios.to_vec(),
                Negative::Xv => vec![5, 10],
            };
            for (x, y) in b.adjacent() {
                let marked = match kind {
                    Negative::Xv => marks.xv.contains(&(x, y)),
                    _ => marks.kropki.contains(&(x, y)),
                };
                if marked {
                    continue;
                }
                let banned = banned.clone();
                match kind {
                    Negative::Difference => {
                        b.pair(x, y, move |p, q| !banned.contains(&(p - q).abs()))
                    }
                    Negative::Ratio => b.pair(x, y, move |p, q| {
                        !banned.iter().any(|&r| p == r * q || q == r * p)
                    }),
                    Negative::Xv => b.pair(x, y, move |p, q| !banned.contains(&(p + q))),
                }
            }
        }
    }
}

/// The cells orthogonally next to `cell` in a grid of side `n`.
fn orthogonal(cell: Cell, n: usize) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell.row() as i64, cell.col() as i64);
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
        .map(|(r, c)| Cell::new(r as usize, c as usize))
}
