//! Checking a filled or partly filled grid against a puzzle: which rules it breaks, with the
//! cells and a sentence for each ([`Puzzle::broken`]), and whether it is a solution
//! ([`Puzzle::is_solution`]).
//!
//! This is a second, plain reading of every rule, written from the constraints' documentation
//! and not from the engine, so that the two can be tested against each other. On a partial
//! grid (0 for an empty cell) only what no filling of the empty cells can mend is reported: a
//! complete cage with the wrong total, a partial one already over it, a repeated digit, a
//! thermometer whose filled cells leave too little room between them. So a grid with nothing
//! broken may still have no solution, but a grid with something broken has none.

use std::collections::BTreeMap;

use super::validate::span;
use super::{Constraint, Diagonal, Negative, Puzzle, Side};
use crate::Cell;

/// A rule a grid breaks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Broken {
    /// The index of the constraint in [`Puzzle::constraints`], or `None` for a row, column,
    /// region, given or candidate.
    pub constraint: Option<usize>,
    /// The cells that break it.
    pub cells: Vec<Cell>,
    /// What is wrong, in words (`killer cage r1c1-r1c3 sums to 16, not 15`).
    pub message: String,
}

impl Puzzle {
    /// The rules that `values` (row-major, 0 for an empty cell) breaks: for a partial grid,
    /// only what the empty cells cannot mend. Empty when nothing is wrong yet.
    pub fn broken(&self, values: &[u16]) -> Vec<Broken> {
        let n = self.size();
        if values.len() != n * n {
            return vec![Broken {
                constraint: None,
                cells: Vec::new(),
                message: format!(
                    "{} values for the {} cells of a {n}×{n} grid",
                    values.len(),
                    n * n
                ),
            }];
        }
        let mut check = Check {
            puzzle: self,
            n,
            values: values.to_vec(),
            out: Vec::new(),
            at: None,
        };
        check.cells(values);
        check.houses();
        for (i, constraint) in self.constraints().iter().enumerate() {
            check.at = Some(i);
            check.constraint(constraint);
        }
        check.out
    }

    /// Whether `values` fills the grid (every digit in 1 to `N`) and breaks no rule.
    pub fn is_solution(&self, values: &[u16]) -> bool {
        let n = self.size();
        values.len() == n * n
            && values.iter().all(|&v| v != 0 && usize::from(v) <= n)
            && self.broken(values).is_empty()
    }
}

/// The grid being checked, the findings so far, and which constraint is being read.
struct Check<'a> {
    puzzle: &'a Puzzle,
    n: usize,
    /// The values, with digits above `N` emptied.
    values: Vec<u16>,
    out: Vec<Broken>,
    at: Option<usize>,
}

/// The least and greatest a sum can still be, and whether every term is known.
#[derive(Clone, Copy, Debug)]
struct Range {
    lo: i64,
    hi: i64,
    complete: bool,
}

impl Range {
    /// `= 7` when known, else `≥ 7` (its least, when `low`) or `≤ 7` (its most).
    fn says(self, low: bool) -> String {
        match (self.complete, low) {
            (true, _) => format!("= {}", self.lo),
            (false, true) => format!("≥ {}", self.lo),
            (false, false) => format!("≤ {}", self.hi),
        }
    }
}

impl Check<'_> {
    fn get(&self, cell: Cell) -> Option<u16> {
        match self.values[cell.row() * self.n + cell.col()] {
            0 => None,
            v => Some(v),
        }
    }

    fn report(&mut self, cells: Vec<Cell>, message: String) {
        self.out.push(Broken {
            constraint: self.at,
            cells,
            message,
        });
    }

    /// Digits above `N`, changed givens, digits outside a cell's candidates.
    fn cells(&mut self, values: &[u16]) {
        let n = self.n;
        for (i, &v) in values.iter().enumerate() {
            let cell = Cell::new(i / n, i % n);
            if usize::from(v) > n {
                self.values[i] = 0;
                self.report(vec![cell], format!("digit {v} at {cell} is above {n}"));
                continue;
            }
            let given = self.puzzle.givens()[i];
            if v != 0 && given != 0 && v != given {
                self.report(
                    vec![cell],
                    format!("given {given} at {cell} changed to {v}"),
                );
            }
            if let Some(candidates) = self.puzzle.candidates() {
                if v != 0 && candidates[i] >> (v - 1) & 1 == 0 {
                    let list: Vec<String> = (1..=n)
                        .filter(|d| candidates[i] >> (d - 1) & 1 != 0)
                        .map(|d| d.to_string())
                        .collect();
                    self.report(
                        vec![cell],
                        format!(
                            "{v} at {cell} is not among its candidates {}",
                            list.join(", ")
                        ),
                    );
                }
            }
        }
    }

    /// Repeated digits in rows, columns and regions.
    fn houses(&mut self) {
        let n = self.n;
        for r in 0..n {
            let cells: Vec<Cell> = (0..n).map(|c| Cell::new(r, c)).collect();
            self.duplicates(&cells, &format!("row {}", r + 1));
        }
        for c in 0..n {
            let cells: Vec<Cell> = (0..n).map(|r| Cell::new(r, c)).collect();
            self.duplicates(&cells, &format!("column {}", c + 1));
        }
        for (region, cells) in self.regions() {
            self.duplicates(&cells, &format!("region {}", u32::from(region) + 1));
        }
    }

    /// Each region's cells in reading order, by region number.
    fn regions(&self) -> BTreeMap<u16, Vec<Cell>> {
        let n = self.n;
        let mut regions: BTreeMap<u16, Vec<Cell>> = BTreeMap::new();
        for (i, &r) in self.puzzle.regions().iter().enumerate() {
            if r != super::NO_REGION {
                regions.entry(r).or_default().push(Cell::new(i / n, i % n));
            }
        }
        regions
    }

    /// Reports each digit found twice or more among `cells`, in `what`.
    fn duplicates(&mut self, cells: &[Cell], what: &str) {
        let mut by_digit: BTreeMap<u16, Vec<Cell>> = BTreeMap::new();
        for &cell in cells {
            if let Some(v) = self.get(cell) {
                by_digit.entry(v).or_default().push(cell);
            }
        }
        for (d, at) in by_digit {
            if at.len() > 1 {
                let message = format!("duplicate {d} in {what}: {}", and_list(&at));
                self.report(at, message);
            }
        }
    }

    /// Pairs of filled cells `offset` apart (each pair once) holding the same digit.
    fn same_at_offsets(&mut self, offsets: &[(isize, isize)], apart: &str) {
        let n = self.n as isize;
        for r in 0..n {
            for c in 0..n {
                let a = Cell::new(r as usize, c as usize);
                for &(dr, dc) in offsets {
                    let (r2, c2) = (r + dr, c + dc);
                    // Each unordered pair once: the second cell later in reading order.
                    if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || (r2, c2) <= (r, c) {
                        continue;
                    }
                    let b = Cell::new(r2 as usize, c2 as usize);
                    if let (Some(x), Some(y)) = (self.get(a), self.get(b)) {
                        if x == y {
                            self.report(vec![a, b], format!("{a} and {b} both hold {x} {apart}"));
                        }
                    }
                }
            }
        }
    }

    /// The pairs a negative rule of `kind` speaks of (no mark of its kind between them) whose
    /// digits `bad` rejects, with `why` saying it.
    fn negative(&mut self, kind: Negative, bad: impl Fn(u16, u16) -> Option<String>) {
        for (a, b) in self.puzzle.unmarked_pairs(kind) {
            if let (Some(x), Some(y)) = (self.get(a), self.get(b)) {
                if let Some(why) = bad(x, y) {
                    self.report(vec![a, b], format!("{a} and {b} hold {x} and {y}: {why}"));
                }
            }
        }
    }

    /// The range of `Σ weight × digit` over `terms`, each empty cell taking `lo..=hi`.
    fn range(&self, terms: &[(Cell, i64)], lo: i64, hi: i64) -> Range {
        let mut range = Range {
            lo: 0,
            hi: 0,
            complete: true,
        };
        for &(cell, w) in terms {
            let (a, b) = match self.get(cell) {
                Some(v) => (w * i64::from(v), w * i64::from(v)),
                None => {
                    range.complete = false;
                    (w * lo, w * hi)
                }
            };
            range.lo += a.min(b);
            range.hi += a.max(b);
        }
        range
    }

    /// The range of the plain sum of `cells`, each empty one taking 1 to `N`.
    fn sum(&self, cells: &[Cell]) -> Range {
        let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
        self.range(&terms, 1, self.n as i64)
    }

    /// Reports when the sums of the `parts` cannot all be equal, naming two that differ.
    fn equal_sums(&mut self, what: &str, parts: &[(String, Vec<Cell>, Range)]) {
        if parts.len() < 2 {
            return;
        }
        let high = parts.iter().max_by_key(|p| p.2.lo).map(|p| p.2.lo);
        let low = parts.iter().min_by_key(|p| p.2.hi).map(|p| p.2.hi);
        let (Some(high), Some(low)) = (high, low) else {
            return;
        };
        if high <= low {
            return;
        }
        let (Some(a), Some(b)) = (
            parts.iter().find(|p| p.2.lo == high),
            parts.iter().find(|p| p.2.hi == low),
        ) else {
            return;
        };
        let cells = a.1.iter().chain(&b.1).copied().collect();
        let message = format!(
            "{what}: {} {}, {} {}",
            a.0,
            a.2.says(true),
            b.0,
            b.2.says(false)
        );
        self.report(cells, message);
    }

    fn constraint(&mut self, constraint: &Constraint) {
        let n = self.n;
        match constraint {
            Constraint::Diagonal(which) => {
                let cells = which.cells(n);
                let what = match which {
                    Diagonal::Positive => "the positive diagonal",
                    Diagonal::Negative => "the negative diagonal",
                };
                self.duplicates(&cells, what);
            }
            Constraint::AntiKnight => {
                self.same_at_offsets(&symmetric(&[(1, 2)]), "a knight's move apart");
            }
            Constraint::AntiKing => {
                self.same_at_offsets(&symmetric(&[(1, 1)]), "a king's move apart");
            }
            Constraint::Chess { offsets } => {
                for &(a, b) in offsets {
                    let move_ = [(a as isize, b as isize)];
                    self.same_at_offsets(&symmetric(&move_), &format!("a ({a}, {b}) move apart"));
                }
            }
            Constraint::Taxicab { distance } => {
                let d = *distance as isize;
                let mut offsets: Vec<(isize, isize)> = (-d..=d)
                    .flat_map(|dr| [(dr, d - dr.abs()), (dr, dr.abs() - d)])
                    .collect();
                offsets.dedup();
                self.same_at_offsets(&offsets, &format!("at taxicab distance {distance}"));
            }
            Constraint::NonConsecutive => self.negative(Negative::Difference, |x, y| {
                (x.abs_diff(y) == 1).then(|| "consecutive without a dot".to_string())
            }),
            Constraint::Negative(Negative::Difference) => {
                let differences = self.puzzle.negative_values(Negative::Difference);
                self.negative(Negative::Difference, |x, y| {
                    differences
                        .contains(&x.abs_diff(y))
                        .then(|| format!("a difference of {} without a white dot", x.abs_diff(y)))
                });
            }
            Constraint::Negative(Negative::Ratio) => {
                let ratios = self.puzzle.negative_values(Negative::Ratio);
                self.negative(Negative::Ratio, |x, y| {
                    let r = ratios.iter().find(|&&r| x == r * y || y == r * x)?;
                    Some(format!("a ratio of {r} without a black dot"))
                });
            }
            Constraint::Negative(Negative::Xv) => {
                let sums = self.puzzle.negative_values(Negative::Xv);
                self.negative(Negative::Xv, |x, y| {
                    let s = x + y;
                    sums.contains(&s)
                        .then(|| format!("a sum of {s} without an X or V"))
                });
            }
            Constraint::DisjointGroups => {
                let mut groups: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
                for cells in self.regions().into_values() {
                    for (place, cell) in cells.into_iter().enumerate() {
                        groups.entry(place).or_default().push(cell);
                    }
                }
                for (place, cells) in groups {
                    self.duplicates(&cells, &format!("disjoint group {}", place + 1));
                }
            }
            Constraint::ExtraRegion { cells } => {
                self.duplicates(cells, &format!("extra region {}", span(cells)));
            }
            _ => self.cell_rules(constraint),
        }
    }

    /// Single cells, quadruples, clones and indexers.
    fn cell_rules(&mut self, constraint: &Constraint) {
        match constraint {
            Constraint::Even { cell } | Constraint::Odd { cell } => {
                let even = matches!(constraint, Constraint::Even { .. });
                if let Some(v) = self.get(*cell) {
                    if (v % 2 == 0) != even {
                        let kind = if even { "even" } else { "odd" };
                        self.report(vec![*cell], format!("{kind} cell {cell} holds {v}"));
                    }
                }
            }
            Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
                let min = matches!(constraint, Constraint::Minimum { .. });
                let Some(v) = self.get(*cell) else {
                    return;
                };
                for other in self.puzzle.extremum_neighbours(*cell, min) {
                    if let Some(w) = self.get(other) {
                        if min && v >= w {
                            let m =
                                format!("minimum {cell} holds {v}, not less than {w} at {other}");
                            self.report(vec![*cell, other], m);
                        } else if !min && v <= w {
                            let m =
                                format!("maximum {cell} holds {v}, not more than {w} at {other}");
                            self.report(vec![*cell, other], m);
                        }
                    }
                }
            }
            Constraint::Quadruple { cells, digits } => {
                let mut need: BTreeMap<u16, usize> = BTreeMap::new();
                for &d in digits {
                    *need.entry(d).or_default() += 1;
                }
                let filled: Vec<u16> = cells.iter().filter_map(|&c| self.get(c)).collect();
                let empty = cells.len() - filled.len();
                let mut missing = Vec::new();
                for (&d, &count) in &need {
                    let have = filled.iter().filter(|&&v| v == d).count();
                    for _ in have..count {
                        missing.push(d.to_string());
                    }
                }
                if missing.len() > empty {
                    let room = match empty {
                        0 => "no empty cell".to_string(),
                        1 => "1 empty cell".to_string(),
                        e => format!("{e} empty cells"),
                    };
                    let m = format!(
                        "quadruple {} lacks {} with {room} left",
                        span(cells),
                        and_words(&missing)
                    );
                    self.report(cells.clone(), m);
                }
            }
            Constraint::Clone { cells, copies } => {
                for (&a, &b) in cells.iter().zip(copies) {
                    if let (Some(x), Some(y)) = (self.get(a), self.get(b)) {
                        if x != y {
                            let m = format!("clone {a} holds {x}, its copy {b} holds {y}");
                            self.report(vec![a, b], m);
                        }
                    }
                }
            }
            Constraint::RowIndexer { cells } | Constraint::ColumnIndexer { cells } => {
                let rows = matches!(constraint, Constraint::RowIndexer { .. });
                for &cell in cells {
                    let Some(v) = self.get(cell) else { continue };
                    let d = usize::from(v) - 1;
                    let (target, wanted, kind) = if rows {
                        (Cell::new(d, cell.col()), cell.row() + 1, "row")
                    } else {
                        (Cell::new(cell.row(), d), cell.col() + 1, "column")
                    };
                    self.indexed(cell, v, kind, Some(target), wanted);
                }
            }
            Constraint::BoxIndexer { cells } => {
                let regions = self.regions();
                let n = self.n;
                for &cell in cells {
                    let Some(v) = self.get(cell) else { continue };
                    let region = self.puzzle.regions()[cell.row() * n + cell.col()];
                    let Some(members) = regions.get(&region) else {
                        continue;
                    };
                    let Some(place) = members.iter().position(|&c| c == cell) else {
                        continue;
                    };
                    let target = members.get(usize::from(v) - 1).copied();
                    self.indexed(cell, v, "box", target, place + 1);
                }
            }
            _ => self.sum_rules(constraint),
        }
    }

    /// An indexer at `cell` holding `v` wants `wanted` at `target` (none: no such cell).
    fn indexed(&mut self, cell: Cell, v: u16, kind: &str, target: Option<Cell>, wanted: usize) {
        match target {
            None => {
                let m = format!("{kind} indexer {cell} holds {v}, beyond its region's cells");
                self.report(vec![cell], m);
            }
            Some(target) => {
                if let Some(w) = self.get(target) {
                    if usize::from(w) != wanted {
                        let m = format!(
                            "{kind} indexer {cell} holds {v}: {target} should hold {wanted}, not {w}"
                        );
                        self.report(vec![cell, target], m);
                    }
                }
            }
        }
    }

    /// Cages, little killers, outside clues, arrows, X and V, region sums.
    fn sum_rules(&mut self, constraint: &Constraint) {
        let n = self.n as i64;
        match constraint {
            Constraint::Killer { cells, sum } => {
                let what = format!("killer cage {}", span(cells));
                self.duplicates(cells, &what);
                let Some(sum) = sum else { return };
                let sum = i64::from(*sum);
                let filled: Vec<i64> = cells
                    .iter()
                    .filter_map(|&c| self.get(c))
                    .map(i64::from)
                    .collect();
                let empty = cells.len() - filled.len();
                let got: i64 = filled.iter().sum();
                if empty == 0 {
                    if got != sum {
                        self.report(cells.clone(), format!("{what} sums to {got}, not {sum}"));
                    }
                    return;
                }
                // The empty cells take different digits not yet in the cage.
                let free: Vec<i64> = (1..=n).filter(|d| !filled.contains(d)).collect();
                if free.len() < empty {
                    return;
                }
                let lo = got + free[..empty].iter().sum::<i64>();
                let hi = got + free[free.len() - empty..].iter().sum::<i64>();
                if lo > sum {
                    let m = format!("{what} sums to at least {lo}, over {sum}");
                    self.report(cells.clone(), m);
                } else if hi < sum {
                    let m = format!("{what} sums to at most {hi}, under {sum}");
                    self.report(cells.clone(), m);
                }
            }
            Constraint::LittleKiller { cells, sum, .. } => {
                let what = format!("little killer {}", span(cells));
                let range = self.sum(cells);
                self.total(&what, cells.clone(), range, i64::from(*sum));
            }
            Constraint::Sandwich { clue, sum } => {
                let line = clue.cells(self.n);
                let what = format!("sandwich {sum} {}", clue_place(clue.side, clue.index));
                let ends: Vec<usize> = [1, n as u16]
                    .iter()
                    .filter_map(|&d| line.iter().position(|&c| self.get(c) == Some(d)))
                    .collect();
                if let [a, b] = ends[..] {
                    let (a, b) = (a.min(b), a.max(b));
                    let terms: Vec<(Cell, i64)> = line[a + 1..b].iter().map(|&c| (c, 1)).collect();
                    let range = self.range(&terms, 2, n - 1);
                    self.total(&what, line[a..=b].to_vec(), range, i64::from(*sum));
                }
            }
            Constraint::XSum { clue, sum } => {
                let line = clue.cells(self.n);
                let what = format!("x-sum {sum} {}", clue_place(clue.side, clue.index));
                if let Some(x) = self.get(line[0]) {
                    let cells = line[..usize::from(x).min(line.len())].to_vec();
                    let range = self.sum(&cells);
                    self.total(&what, cells, range, i64::from(*sum));
                }
            }
            Constraint::Skyscraper { clue, count } => {
                let line = clue.cells(self.n);
                let mut seen = 0;
                let mut highest = 0;
                let mut end = None;
                for &cell in &line {
                    let Some(v) = self.get(cell) else { break };
                    if v > highest {
                        highest = v;
                        seen += 1;
                    }
                    if usize::from(v) == self.n || cell == line[line.len() - 1] {
                        end = Some(seen);
                        break;
                    }
                }
                let place = clue_place(clue.side, clue.index);
                let message = match end {
                    Some(seen) if seen != *count => {
                        format!("skyscraper {count} {place}: {seen} are seen")
                    }
                    None if seen > *count => {
                        format!("skyscraper {count} {place}: {seen} are seen already")
                    }
                    _ => return,
                };
                self.report(line, message);
            }
            Constraint::NumberedRoom { clue, digit } => {
                let line = clue.cells(self.n);
                let Some(x) = self.get(line[0]) else { return };
                let target = line[usize::from(x) - 1];
                if let Some(v) = self.get(target) {
                    if v != *digit {
                        let place = clue_place(clue.side, clue.index);
                        let m = format!(
                            "numbered room {digit} {place}: {x} at {} puts {digit} at {target}, not {v}",
                            line[0]
                        );
                        let mut cells = vec![line[0]];
                        if target != line[0] {
                            cells.push(target);
                        }
                        self.report(cells, m);
                    }
                }
            }
            Constraint::Arrow { bulb, shaft } => {
                let what = format!("arrow {}", span(&constraint.cells()));
                let shaft_range = self.sum(shaft);
                let mut weight = 1;
                let mut terms = Vec::new();
                for &cell in bulb.iter().rev() {
                    terms.push((cell, weight));
                    weight *= 10;
                }
                let bulb_range = self.range(&terms, 1, n);
                if shaft_range.lo > bulb_range.hi || shaft_range.hi < bulb_range.lo {
                    let low = shaft_range.lo > bulb_range.hi;
                    let m = format!(
                        "{what}: shaft {}, bulb {}",
                        shaft_range.says(low),
                        bulb_range.says(!low)
                    );
                    self.report(constraint.cells(), m);
                }
            }
            Constraint::DoubleArrow { line } => {
                if line.len() > 2 {
                    let ends = [line[0], line[line.len() - 1]];
                    let parts = [
                        ("ends".to_string(), ends.to_vec(), self.sum(&ends)),
                        (
                            "middle".to_string(),
                            line[1..line.len() - 1].to_vec(),
                            self.sum(&line[1..line.len() - 1]),
                        ),
                    ];
                    self.equal_sums(&format!("double arrow {}", span(line)), &parts);
                }
            }
            Constraint::Xv { cells, sum } => {
                if let (Some(x), Some(y)) = (self.get(cells[0]), self.get(cells[1])) {
                    if u32::from(x + y) != *sum {
                        let mark = match sum {
                            10 => "X".to_string(),
                            5 => "V".to_string(),
                            s => format!("sum {s}"),
                        };
                        let m = format!("{mark} {}: {x} + {y} is not {sum}", span(cells));
                        self.report(cells.to_vec(), m);
                    }
                }
            }
            Constraint::RegionSum { line } => {
                let regions = self.puzzle.regions();
                let mut segments: Vec<Vec<Cell>> = Vec::new();
                let mut current = None;
                for &cell in line {
                    let region = regions[cell.row() * self.n + cell.col()];
                    if region == super::NO_REGION {
                        continue;
                    }
                    if current != Some(region) {
                        segments.push(Vec::new());
                        current = Some(region);
                    }
                    if let Some(last) = segments.last_mut() {
                        last.push(cell);
                    }
                }
                let parts: Vec<(String, Vec<Cell>, Range)> = segments
                    .iter()
                    .map(|s| (format!("segment {}", span(s)), s.clone(), self.sum(s)))
                    .collect();
                self.equal_sums(&format!("region sum line {}", span(line)), &parts);
            }
            Constraint::Rellik { .. } | Constraint::Equality { .. } => self.set_rules(constraint),
            _ => self.line_rules(constraint),
        }
    }

    /// Reports when `range` cannot be `sum`.
    fn total(&mut self, what: &str, cells: Vec<Cell>, range: Range, sum: i64) {
        let message = if range.complete && range.lo != sum {
            format!("{what} sums to {}, not {sum}", range.lo)
        } else if range.lo > sum {
            format!("{what} sums to at least {}, over {sum}", range.lo)
        } else if range.hi < sum {
            format!("{what} sums to at most {}, under {sum}", range.hi)
        } else {
            return;
        };
        self.report(cells, message);
    }
}

/// The offsets in all eight orientations (signs and swaps).
fn symmetric(moves: &[(isize, isize)]) -> Vec<(isize, isize)> {
    let mut out = Vec::new();
    for &(a, b) in moves {
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !out.contains(&(sx * x, sy * y)) {
                    out.push((sx * x, sy * y));
                }
            }
        }
    }
    out
}

/// Where a clue stands, in words: `left of row 3`.
fn clue_place(side: Side, index: u16) -> String {
    let i = index + 1;
    match side {
        Side::Top => format!("above column {i}"),
        Side::Bottom => format!("below column {i}"),
        Side::Left => format!("left of row {i}"),
        Side::Right => format!("right of row {i}"),
    }
}

/// `r1c1`, `r1c1 and r1c2`, `r1c1, r1c2 and r1c3`.
fn and_list(cells: &[Cell]) -> String {
    and_words(&cells.iter().map(Cell::to_string).collect::<Vec<_>>())
}

/// `a`, `a and b`, `a, b and c`.
fn and_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

mod lines;
mod sets;
#[cfg(test)]
mod tests;
