//! The line and dot rules of the checker: thermometers, whispers, renban, palindromes,
//! between and lockout lines, entropic and modular lines, nabner, zippers, kropki dots.

use super::{Check, Range, span};
use crate::Cell;
use crate::variant::Constraint;

impl Check<'_> {
    /// Lines and dots.
    pub(super) fn line_rules(&mut self, constraint: &Constraint) {
        let n = self.n as u16;
        let filled = |check: &Self, line: &[Cell]| -> Vec<(usize, Cell, u16)> {
            line.iter()
                .enumerate()
                .filter_map(|(i, &c)| check.get(c).map(|v| (i, c, v)))
                .collect()
        };
        match constraint {
            Constraint::Thermometer { line } => {
                let what = format!("thermometer {}", span(line));
                let known = filled(self, line);
                let len = line.len();
                if let Some(&(i, c, v)) = known.first() {
                    if usize::from(v) <= i {
                        let m =
                            format!("{what}: {v} at {c} leaves no room for the {i} cells below it");
                        self.report(vec![c], m);
                    }
                }
                if let Some(&(i, c, v)) = known.last() {
                    if usize::from(v) + (len - 1 - i) > usize::from(n) {
                        let m = format!(
                            "{what}: {v} at {c} leaves no room for the {} cells above it",
                            len - 1 - i
                        );
                        self.report(vec![c], m);
                    }
                }
                for w in known.windows(2) {
                    let ((i, a, x), (j, b, y)) = (w[0], w[1]);
                    if j == i + 1 && y <= x {
                        self.report(vec![a, b], format!("{what} does not increase at {b}"));
                    } else if usize::from(y) < usize::from(x) + (j - i) {
                        let m = format!(
                            "{what} cannot increase from {x} at {a} to {y} at {b} in {} steps",
                            j - i
                        );
                        self.report(vec![a, b], m);
                    }
                }
            }
            Constraint::SlowThermometer { line } => {
                let known = filled(self, line);
                for w in known.windows(2) {
                    let ((_, a, x), (_, b, y)) = (w[0], w[1]);
                    if y < x {
                        let m = format!(
                            "slow thermometer {} decreases from {x} at {a} to {y} at {b}",
                            span(line)
                        );
                        self.report(vec![a, b], m);
                    }
                }
            }
            Constraint::Whispers { line, difference } => {
                let what = format!("whispers {}", span(line));
                let d = *difference;
                for w in line.windows(2) {
                    if let (Some(x), Some(y)) = (self.get(w[0]), self.get(w[1])) {
                        if x.abs_diff(y) < d {
                            let m = format!(
                                "{what}: {x} at {} and {y} at {} differ by less than {d}",
                                w[0], w[1]
                            );
                            self.report(w.to_vec(), m);
                        }
                    }
                }
                if line.len() > 1 {
                    for (_, c, v) in filled(self, line) {
                        if (1..=n).all(|x| x.abs_diff(v) < d) {
                            let m = format!(
                                "{what}: no digit of 1–{n} is {d} or more away from {v} at {c}"
                            );
                            self.report(vec![c], m);
                        }
                    }
                }
            }
            Constraint::Renban { line } => {
                let what = format!("renban {}", span(line));
                self.duplicates(line, &what);
                let known = filled(self, line);
                let lo = known.iter().map(|k| k.2).min();
                let hi = known.iter().map(|k| k.2).max();
                if let (Some(lo), Some(hi)) = (lo, hi) {
                    if usize::from(hi - lo) >= line.len() {
                        let m = format!(
                            "{what}: {lo} and {hi} are too far apart for {} cells",
                            line.len()
                        );
                        self.report(line.clone(), m);
                    }
                }
            }
            Constraint::Palindrome { line } => {
                let len = line.len();
                for i in 0..len / 2 {
                    let (a, b) = (line[i], line[len - 1 - i]);
                    if let (Some(x), Some(y)) = (self.get(a), self.get(b)) {
                        if x != y {
                            let m = format!(
                                "palindrome {}: {a} holds {x} but {b} holds {y}",
                                span(line)
                            );
                            self.report(vec![a, b], m);
                        }
                    }
                }
            }
            Constraint::Between { line } | Constraint::Lockout { line, .. } => {
                self.ends_rule(constraint, line);
            }
            Constraint::Entropic { line } | Constraint::Modular { line } => {
                let entropic = matches!(constraint, Constraint::Entropic { .. });
                let (what, class): (String, Box<dyn Fn(u16) -> u16>) = if entropic {
                    (
                        format!("entropic line {}", span(line)),
                        Box::new(move |d| Constraint::entropic_band(d, n)),
                    )
                } else {
                    (format!("modular line {}", span(line)), Box::new(|d| d % 3))
                };
                let kind = if entropic {
                    "band"
                } else {
                    "remainder modulo 3"
                };
                let known = filled(self, line);
                for (k, &(i, a, x)) in known.iter().enumerate() {
                    for &(j, b, y) in &known[k + 1..] {
                        let same = class(x) == class(y);
                        if (j - i) % 3 == 0 && !same {
                            let m = format!(
                                "{what}: {x} at {a} and {y} at {b} are not in the same {kind}"
                            );
                            self.report(vec![a, b], m);
                        } else if (j - i) % 3 != 0 && same {
                            let m =
                                format!("{what}: {x} at {a} and {y} at {b} are in the same {kind}");
                            self.report(vec![a, b], m);
                        }
                    }
                }
            }
            Constraint::Nabner { line } => {
                let known = filled(self, line);
                for (k, &(_, a, x)) in known.iter().enumerate() {
                    for &(_, b, y) in &known[k + 1..] {
                        if x.abs_diff(y) < 2 {
                            let how = if x == y { "equal" } else { "consecutive" };
                            let m = format!(
                                "nabner {}: {x} at {a} and {y} at {b} are {how}",
                                span(line)
                            );
                            self.report(vec![a, b], m);
                        }
                    }
                }
            }
            Constraint::Zipper { line } => {
                let len = line.len();
                let mut parts: Vec<(String, Vec<Cell>, Range)> = (0..len / 2)
                    .map(|i| {
                        let pair = vec![line[i], line[len - 1 - i]];
                        (
                            format!("{} + {}", pair[0], pair[1]),
                            pair.clone(),
                            self.sum(&pair),
                        )
                    })
                    .collect();
                if len % 2 == 1 && len > 1 {
                    let middle = vec![line[len / 2]];
                    parts.push((
                        format!("the middle {}", middle[0]),
                        middle.clone(),
                        self.sum(&middle),
                    ));
                }
                self.equal_sums(&format!("zipper {}", span(line)), &parts);
            }
            Constraint::Difference { cells, difference } => {
                if let (Some(x), Some(y)) = (self.get(cells[0]), self.get(cells[1])) {
                    if x.abs_diff(y) != *difference {
                        let m = format!(
                            "white dot {}: {x} and {y} do not differ by {difference}",
                            span(cells)
                        );
                        self.report(cells.to_vec(), m);
                    }
                }
            }
            Constraint::Ratio { cells, ratio } => {
                if let (Some(x), Some(y)) = (self.get(cells[0]), self.get(cells[1])) {
                    if x != ratio * y && y != ratio * x {
                        let m = format!(
                            "black dot {}: {x} and {y} are not in ratio {ratio}",
                            span(cells)
                        );
                        self.report(cells.to_vec(), m);
                    }
                }
            }
            // Read by the caller.
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
            | Constraint::Negative(_) => {}
        }
    }

    /// Between lines (the middle strictly between the ends) and lockout lines (the ends far
    /// enough apart, the middle outside them, ends included).
    fn ends_rule(&mut self, constraint: &Constraint, line: &[Cell]) {
        let len = line.len();
        let lockout = match constraint {
            Constraint::Lockout { difference, .. } => Some(*difference),
            _ => None,
        };
        let what = match lockout {
            Some(_) => format!("lockout line {}", span(line)),
            None => format!("between line {}", span(line)),
        };
        // A between line needs a middle, a lockout line two ends: a line of one cell says
        // nothing (like any other line of one cell).
        if len < 2 || (lockout.is_none() && len < 3) {
            return;
        }
        let (a, b) = (line[0], line[len - 1]);
        let middle = &line[1..len - 1];
        let (x, y) = (self.get(a), self.get(b));
        if let (Some(x), Some(y)) = (x, y) {
            let (lo, hi) = (x.min(y), x.max(y));
            match lockout {
                Some(d) if hi - lo < d => {
                    let m = format!("{what}: the ends {x} and {y} differ by less than {d}");
                    self.report(vec![a, b], m);
                }
                None if hi - lo < 2 => {
                    let m = format!("{what}: no digit lies between the ends {x} and {y}");
                    self.report(vec![a, b], m);
                    return;
                }
                _ => {}
            }
            for &c in middle {
                let Some(v) = self.get(c) else { continue };
                let inside = lo < v && v < hi;
                let on_end = v == lo || v == hi;
                if lockout.is_some() && (inside || on_end) {
                    let m = format!("{what}: {v} at {c} is not outside the ends {x} and {y}");
                    self.report(vec![c, a, b], m);
                } else if lockout.is_none() && !inside {
                    let m = format!("{what}: {v} at {c} is not between the ends {x} and {y}");
                    self.report(vec![c, a, b], m);
                }
            }
            return;
        }
        // One end known: a middle digit may not equal it under either rule.
        for (end, value) in [(a, x), (b, y)] {
            let Some(e) = value else { continue };
            for &c in middle {
                if self.get(c) == Some(e) {
                    let m = format!("{what}: {e} at {c} equals the end {end}");
                    self.report(vec![c, end], m);
                }
            }
        }
    }
}
