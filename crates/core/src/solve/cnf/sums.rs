//! The CNF of sums, outside clues and lines: automata for what is read along cells, forbidden
//! pairs and triples for the rest.

use super::Cnf;
use crate::Cell;
use crate::variant::{Constraint, NO_REGION, Puzzle};

/// A sandwich's reading: before the first crust, between the crusts with the sum so far,
/// after the second crust.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Bread {
    Before,
    Inside(u32),
    After,
}

impl Cnf {
    pub(super) fn sums(&mut self, puzzle: &Puzzle, constraint: &Constraint, top: u16) {
        let n = self.n;
        match constraint {
            Constraint::Killer { cells, sum } => {
                self.all_different(cells);
                if let Some(sum) = sum {
                    let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
                    self.linear(&terms, i64::from(*sum));
                }
            }
            Constraint::Rellik { cells, sum } => {
                self.all_different(cells);
                self.no_set_makes(cells, *sum);
            }
            Constraint::Equality { cells } => self.equality(cells),
            Constraint::NumberedRoom { clue, digit } => {
                // The first cell holding p puts the digit in the p-th cell.
                let cells = clue.cells(n);
                for (p, &cell) in cells.iter().enumerate() {
                    let clause = [-self.x(cells[0], p as u16 + 1), self.x(cell, *digit)];
                    self.clause(clause);
                }
            }
            Constraint::LittleKiller { cells, sum, .. } => {
                let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
                self.linear(&terms, i64::from(*sum));
            }
            Constraint::Sandwich { clue, sum } => {
                let sum = *sum;
                let crust = |d: u16| d == 1 || d == top;
                self.automaton(
                    &clue.cells(n),
                    Bread::Before,
                    |_, s, d| match s {
                        Bread::Before if crust(d) => Some(Bread::Inside(0)),
                        Bread::Before => Some(Bread::Before),
                        Bread::Inside(t) if crust(d) => (t == sum).then_some(Bread::After),
                        Bread::Inside(t) => {
                            let t = t + u32::from(d);
                            (t <= sum).then_some(Bread::Inside(t))
                        }
                        Bread::After => Some(Bread::After),
                    },
                    |s| s == Bread::After,
                );
            }
            Constraint::XSum { clue, sum } => {
                // (cells still to count, their sum so far)
                let sum = *sum;
                self.automaton(
                    &clue.cells(n),
                    (0u32, 0u32),
                    |i, (left, total), d| {
                        let d = u32::from(d);
                        let next = match (i, left) {
                            (0, _) => (d - 1, d),
                            (_, 0) => (0, total),
                            _ => (left - 1, total + d),
                        };
                        (next.1 <= sum).then_some(next)
                    },
                    |(left, total)| left == 0 && total == sum,
                );
            }
            Constraint::Skyscraper { clue, count } => {
                // (the highest so far, how many seen)
                let count = *count;
                self.automaton(
                    &clue.cells(n),
                    (0u16, 0u32),
                    |_, (high, seen), d| {
                        let next = if d > high {
                            (d, seen + 1)
                        } else {
                            (high, seen)
                        };
                        (next.1 <= count).then_some(next)
                    },
                    |(_, seen)| seen == count,
                );
            }
            Constraint::Arrow { bulb, shaft } => {
                let mut terms: Vec<(Cell, i64)> = shaft.iter().map(|&c| (c, 1)).collect();
                let mut weight = -1;
                for &c in bulb.iter().rev() {
                    terms.push((c, weight));
                    weight *= 10;
                }
                self.linear(&terms, 0);
            }
            Constraint::DoubleArrow { line } => {
                if line.len() > 2 {
                    let last = line.len() - 1;
                    let terms: Vec<(Cell, i64)> = line
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (c, if i == 0 || i == last { -1 } else { 1 }))
                        .collect();
                    self.linear(&terms, 0);
                }
            }
            Constraint::Xv { cells, sum } => {
                let sum = *sum;
                self.pairs(cells[0], cells[1], |p, q| u32::from(p + q) == sum);
            }
            Constraint::RegionSum { line } => {
                let of = |c: Cell| puzzle.regions()[c.row() * n + c.col()];
                let cells: Vec<Cell> = line
                    .iter()
                    .copied()
                    .filter(|&c| of(c) != NO_REGION)
                    .collect();
                // Whether each cell is the last of its segment.
                let ends: Vec<bool> = (0..cells.len())
                    .map(|i| i + 1 == cells.len() || of(cells[i]) != of(cells[i + 1]))
                    .collect();
                if ends.iter().filter(|&&e| e).count() > 1 {
                    // (the first segment's sum, 0 before it ends; this segment's so far)
                    self.automaton(
                        &cells,
                        (0u32, 0u32),
                        |i, (target, part), d| {
                            let part = part + u32::from(d);
                            match (ends[i], target) {
                                (false, _) => Some((target, part)),
                                (true, 0) => Some((part, 0)),
                                (true, t) => (t == part).then_some((t, 0)),
                            }
                        },
                        |_| true,
                    );
                }
            }
            Constraint::Zipper { line } => {
                let len = line.len();
                let mut order = Vec::new();
                for i in 0..len / 2 {
                    order.push(line[i]);
                    order.push(line[len - 1 - i]);
                }
                let pairs = order.len();
                if len % 2 == 1 {
                    order.push(line[len / 2]);
                }
                // (the common sum, 0 before the first pair; the first digit of a pair)
                self.automaton(
                    &order,
                    (0u32, 0u32),
                    |i, (target, first), d| {
                        let d = u32::from(d);
                        if i == pairs {
                            // The middle cell.
                            return (target == 0 || d == target).then_some((target, 0));
                        }
                        if i % 2 == 0 {
                            return Some((target, d));
                        }
                        match target {
                            0 => Some((first + d, 0)),
                            t => (first + d == t).then_some((t, 0)),
                        }
                    },
                    |_| true,
                );
            }
            _ => self.lines(constraint, top),
        }
    }

    /// Lines, dots, and nothing for what the caller encoded.
    fn lines(&mut self, constraint: &Constraint, top: u16) {
        match constraint {
            Constraint::Thermometer { line } => {
                for w in line.windows(2) {
                    self.pairs(w[0], w[1], |p, q| p < q);
                }
            }
            Constraint::SlowThermometer { line } => {
                for w in line.windows(2) {
                    self.pairs(w[0], w[1], |p, q| p <= q);
                }
            }
            Constraint::Whispers { line, difference } => {
                for w in line.windows(2) {
                    self.pairs(w[0], w[1], |p, q| p.abs_diff(q) >= *difference);
                }
            }
            Constraint::Renban { line } => {
                self.all_different(line);
                let len = line.len() as u16;
                if len == 0 || len > top {
                    return;
                }
                // One window of `len` digits holds them all.
                let windows: Vec<(u16, i32)> =
                    (1..=top + 1 - len).map(|m| (m, self.fresh())).collect();
                self.clause(windows.iter().map(|w| w.1));
                for &(m, w) in &windows {
                    for &cell in line {
                        let lits: Vec<i32> = (m..m + len).map(|d| self.x(cell, d)).collect();
                        self.clause(std::iter::once(-w).chain(lits));
                    }
                }
            }
            Constraint::Palindrome { line } => {
                let len = line.len();
                for i in 0..len / 2 {
                    self.pairs(line[i], line[len - 1 - i], |p, q| p == q);
                }
            }
            Constraint::Between { line } => {
                if line.len() > 2 {
                    let (a, b) = (line[0], line[line.len() - 1]);
                    for &m in &line[1..line.len() - 1] {
                        self.triples([a, b, m], |p, q, r| p.min(q) < r && r < p.max(q));
                    }
                }
            }
            // A line of one cell has no two ends: it says nothing.
            Constraint::Lockout { line, difference } if line.len() > 1 => {
                let (a, b) = (line[0], line[line.len() - 1]);
                self.pairs(a, b, |p, q| p.abs_diff(q) >= *difference);
                if line.len() > 2 {
                    for &m in &line[1..line.len() - 1] {
                        self.triples([a, b, m], |p, q, r| r < p.min(q) || r > p.max(q));
                    }
                }
            }
            Constraint::Entropic { line } | Constraint::Modular { line } => {
                let class: Vec<u16> = if matches!(constraint, Constraint::Entropic { .. }) {
                    (0..=top)
                        .map(|d| Constraint::entropic_band(d, top))
                        .collect()
                } else {
                    (0..=top).map(|d| d % 3).collect()
                };
                for i in 0..line.len() {
                    for j in i + 1..line.len().min(i + 4) {
                        let same = j - i == 3;
                        let class = &class;
                        self.pairs(line[i], line[j], |p, q| {
                            (class[usize::from(p)] == class[usize::from(q)]) == same
                        });
                    }
                }
            }
            Constraint::Nabner { line } => {
                for i in 0..line.len() {
                    for j in i + 1..line.len() {
                        self.pairs(line[i], line[j], |p, q| p.abs_diff(q) >= 2);
                    }
                }
            }
            Constraint::Difference { cells, difference } => {
                self.pairs(cells[0], cells[1], |p, q| p.abs_diff(q) == *difference);
            }
            Constraint::Ratio { cells, ratio } => {
                self.pairs(cells[0], cells[1], |p, q| p == ratio * q || q == ratio * p);
            }
            Constraint::Diagonal(_)
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::DisjointGroups
            | Constraint::Chess { .. }
            | Constraint::Taxicab { .. }
            | Constraint::ExtraRegion { .. }
            | Constraint::Even { .. }
            | Constraint::Odd { .. }
            | Constraint::Minimum { .. }
            | Constraint::Maximum { .. }
            | Constraint::Quadruple { .. }
            | Constraint::Clone { .. }
            | Constraint::RowIndexer { .. }
            | Constraint::ColumnIndexer { .. }
            | Constraint::BoxIndexer { .. }
            | Constraint::Killer { .. }
            | Constraint::Rellik { .. }
            | Constraint::NumberedRoom { .. }
            | Constraint::Equality { .. }
            | Constraint::LittleKiller { .. }
            | Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::Arrow { .. }
            | Constraint::DoubleArrow { .. }
            | Constraint::Xv { .. }
            | Constraint::RegionSum { .. }
            | Constraint::Zipper { .. }
            | Constraint::Lockout { .. }
            | Constraint::Negative(_) => {}
        }
    }
}
