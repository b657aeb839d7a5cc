//! What SudokuPad's drawings mean: lines, arrows, underlays and overlays back to rules.
//!
//! SCL has no rule keys: a thermometer is a grey circle and a thick line. The patterns read
//! here are those SudokuPad's f-puzzles converter draws and those its own feature detectors
//! look for (the legacy CTC app's conventions), with tolerances for Sudoku Maker's sizes.
//! Coordinates are in cells from the grid's top-left corner (a cell's centre is `r + 0.5`);
//! positions match within 0.06 of a cell. They are tried in this order, each drawing used once:
//!
//! 1. **diagonal**: a 2-point line from corner to corner of the grid, blue (`#34BBE6`, as
//!    f-puzzles draws it) or any colour when the rules speak of diagonals;
//! 2. **between line**: a thin line between two white circles (0.6–0.95 cells) on its end cells;
//! 3. **thermometer**: a line at least 4 px thick through cell centres from a filled, not white,
//!    circle (0.5–0.95) on its first or last cell (in a puzzle converted from f-puzzles, a grey
//!    line at least 18 px thick: f-puzzles' are 21, its palindromes 16); a line like a
//!    thermometer's that starts on another's cells is a branch (that thermometer up to there,
//!    then this line). Slow when the rules speak of slow thermometers and the line is blue
//!    (`#6495ED`);
//! 4. **arrow**: an arrow (the `arrows` list) that starts in a bulb: a circle or pill
//!    (0.55–2.95) with a border and a white or no fill, or a line at least 30 px thick; the
//!    bulb's cells are those its shape covers, read in reading order; the shaft is the rest;
//! 5. **little killer**: a diagonal arrow at most 1.5 cells long that starts outside the grid,
//!    with a number in that outside cell (an overlay or a margin cell's value);
//! 6. **kropki dot**: a small circle (0.15–0.5) on the edge between two cells: white (or no
//!    fill) a difference (its number, else 1), black a ratio (its number, else 2); **XV**: the
//!    text `X` or `V` on an edge;
//! 7. **quadruple**: a circle at a corner of cells with digits in it;
//! 8. **odd / even**: a grey circle / square (0.4–0.9) in a cell, when there are no rules or
//!    they speak of odd / even digits or parity;
//! 9. **extra region**: a rectangle of N cells' underlay, when the rules speak of windoku,
//!    extra regions or hyper sudoku;
//! 10. **sandwich, x-sum, skyscraper**: a number outside the grid beside a row or column: x-sum
//!     or skyscraper beside the userscript's `◯` / `▯`, else the one of the three the rules
//!     speak of, else sandwich for a puzzle converted from f-puzzles;
//! 11. **lines by colour**, through cell centres, only when the rules name the rule (the colours
//!     of Rangsk's f-puzzles userscript, by hue and lightness): renban pink/purple (`#F067F0`,
//!     `#C060C0`, `#FF00D4`), German whispers green (`#67F067`, `#60C060`), Dutch whispers
//!     orange (`#FF9A00`), entropic peach (`#FFCCAA`), modular teal (`#33BBBB`), region sum sky
//!     blue (`#2ECBFF`), nabner khaki (`#C9C883`), double arrow magenta (`#C54B8B`), zipper
//!     lavender (`#CDB1EC`), lockout blue-grey (`#AABEEF`, its end diamonds with it),
//!     palindrome grey (at least 5 px); and a line along a main diagonal when the rules speak
//!     of diagonals.
//!
//! Everything else that is drawn is a warning naming it (drawings alike in one warning that
//! lists their places), and so is a rule the rules text names that nothing read gives. A
//! constraint read from a drawing that cannot be (a thermometer longer than N) is a warning
//! too: the drawing was misread or the puzzle is broken, and the rest of it is still worth
//! solving. The readers of lines (1–5 and 11) are in `lines.rs`, the figures and colours in
//! `figure.rs`.

use serde_json::{Map, Value};

use super::super::{Clue, Constraint, Puzzle, Side};
use super::figure::{
    Line, Rc, Rules, Shape, Use, centre, containing, edge, figures, near, place, vertex,
};
use crate::Cell;

/// The drawings of one puzzle and what has been read from them.
pub(super) struct Drawings<'a> {
    pub(super) n: i64,
    pub(super) rules: Rules,
    pub(super) from_fpuzzles: bool,
    pub(super) shapes: Vec<Shape>,
    pub(super) lines: Vec<Line>,
    pub(super) puzzle: &'a mut Puzzle,
    pub(super) warnings: Vec<String>,
}

/// Reads the drawings of `doc` into `puzzle` (its grid's top-left cell at `origin` in the
/// document; `margin` the values of cells outside it); returns the warnings.
pub(super) fn read(
    doc: &Map<String, Value>,
    origin: Rc,
    margin: &[(Rc, String)],
    puzzle: &mut Puzzle,
) -> Vec<String> {
    let (shapes, lines) = figures(doc, origin, margin);
    let rules = Rules::of(&puzzle.info);
    let from_fpuzzles = doc
        .get("id")
        .and_then(Value::as_str)
        .is_some_and(|id| id.starts_with("fpuzzle"));
    let mut d = Drawings {
        n: puzzle.size() as i64,
        rules,
        from_fpuzzles,
        shapes,
        lines,
        puzzle,
        warnings: Vec::new(),
    };
    d.diagonals();
    d.between_lines();
    d.thermometers();
    d.arrows();
    d.little_killers();
    d.dots();
    d.quadruples();
    d.parity();
    d.extra_regions();
    d.outside_clues();
    d.coloured_lines();
    d.leftovers();
    d.unmet_rules();
    d.warnings
}

/// Rules named in the rules text, and the constraints that give them.
const NAMED: &[(&[&str], &str, &[&str])] = &[
    (
        &["anti knight", "antiknight"],
        "anti-knight",
        &["antiknight", "chess"],
    ),
    (
        &["anti king", "antiking"],
        "anti-king",
        &["antiking", "chess"],
    ),
    (
        &["nonconsecutive", "non consecutive"],
        "non-consecutive",
        &["nonconsecutive", "negative-difference"],
    ),
    (&["thermo"], "thermometers", &["thermo", "slowthermo"]),
    (
        &["arrow"],
        "arrows",
        &["arrow", "littlekiller", "doublearrow"],
    ),
    (&["killer", "cage"], "cages", &["killer", "littlekiller"]),
    (
        &["kropki", "white dot", "black dot"],
        "kropki dots",
        &[
            "difference",
            "ratio",
            "negative-difference",
            "negative-ratio",
        ],
    ),
    (&["xv"], "XV", &["xv", "negative-xv"]),
    (&["renban"], "renban", &["renban"]),
    (&["whisper"], "whispers", &["whispers"]),
    (&["palindrom"], "palindromes", &["palindrome"]),
    (&["sandwich"], "sandwiches", &["sandwich"]),
    (&["little killer"], "little killers", &["littlekiller"]),
    (&["x sum", "xsum"], "x-sums", &["xsum"]),
    (&["skyscraper"], "skyscrapers", &["skyscraper"]),
    (
        &["between line", "betweener"],
        "between lines",
        &["between"],
    ),
    (&["entropic"], "entropic lines", &["entropic"]),
    (&["region sum"], "region sum lines", &["regionsum"]),
    (&["zipper"], "zipper lines", &["zipper"]),
    (&["lockout"], "lockout lines", &["lockout"]),
    (&["nabner"], "nabner lines", &["nabner"]),
    (&["modular"], "modular lines", &["modular"]),
    (&["disjoint"], "disjoint groups", &["disjoint"]),
    (&["windoku", "extra region"], "extra regions", &["region"]),
    (&["quadruple"], "quadruples", &["quadruple"]),
];

impl Drawings<'_> {
    /// Whether the cell is in the grid.
    pub(super) fn inside(&self, (r, c): Rc) -> bool {
        (0..self.n).contains(&r) && (0..self.n).contains(&c)
    }

    /// The grid cell (which must be inside).
    pub(super) fn cell(&self, (r, c): Rc) -> Cell {
        Cell::new(r as usize, c as usize)
    }

    /// The grid cells (which must be inside).
    pub(super) fn cells(&self, rcs: &[Rc]) -> Vec<Cell> {
        rcs.iter().map(|&rc| self.cell(rc)).collect()
    }

    /// Adds a constraint read from `what`; one that cannot be is a warning.
    pub(super) fn add(&mut self, constraint: Constraint, what: &str) -> bool {
        let name = constraint.name();
        match self.puzzle.push(constraint) {
            Ok(()) => true,
            Err(e) => {
                self.warnings
                    .push(format!("{what} read as {name}, but {}: ignored", e.message));
                false
            }
        }
    }

    /// Kropki dots and XV letters on edges (6).
    pub(super) fn dots(&mut self) {
        for k in 0..self.shapes.len() {
            let s = &self.shapes[k];
            if s.used != Use::Free || s.list == "cells" {
                continue;
            }
            let Some([a, b]) = edge(s.at).filter(|[a, b]| self.inside(*a) && self.inside(*b))
            else {
                continue;
            };
            let cells = [self.cell(a), self.cell(b)];
            let what = s.describe();
            let constraint = if (s.text == "X" || s.text == "V") && s.w.max(s.h) <= 0.6 {
                let sum = if s.text == "X" { 10 } else { 5 };
                Constraint::Xv { cells, sum }
            } else if s.round && s.size_in(0.15, 0.5) {
                let value = if s.text.is_empty() {
                    None
                } else {
                    match s.text.parse::<u16>() {
                        Ok(v) => Some(v),
                        Err(_) => continue,
                    }
                };
                match s.fill {
                    Some(f) if f.lightness() <= 0.3 => Constraint::Ratio {
                        cells,
                        ratio: value.unwrap_or(2),
                    },
                    None if s.border.is_some() => Constraint::Difference {
                        cells,
                        difference: value.unwrap_or(1),
                    },
                    Some(f) if f.lightness() >= 0.85 && f.grey() => Constraint::Difference {
                        cells,
                        difference: value.unwrap_or(1),
                    },
                    _ => continue,
                }
            } else {
                continue;
            };
            self.shapes[k].used = Use::Used;
            self.add(constraint, &what);
        }
    }

    /// Circles with digits at corners of cells (7).
    pub(super) fn quadruples(&mut self) {
        for k in 0..self.shapes.len() {
            let s = &self.shapes[k];
            if s.used != Use::Free || !s.round || !s.size_in(0.4, 1.0) || s.text.is_empty() {
                continue;
            }
            let Some((r, c)) = vertex(s.at) else { continue };
            let tokens: Vec<&str> = s
                .text
                .split(|ch: char| ch.is_whitespace() || ch == ',')
                .filter(|t| !t.is_empty())
                .collect();
            let digits: Option<Vec<u16>> = if tokens.len() == 1 && self.n <= 9 {
                tokens[0]
                    .chars()
                    .map(|ch| ch.to_digit(10).map(|d| d as u16))
                    .collect()
            } else {
                tokens.iter().map(|t| t.parse().ok()).collect()
            };
            let Some(digits) = digits else { continue };
            let cells: Vec<Rc> = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
                .into_iter()
                .filter(|&rc| self.inside(rc))
                .collect();
            if cells.is_empty() {
                continue;
            }
            let what = s.describe();
            self.shapes[k].used = Use::Used;
            let cells = self.cells(&cells);
            self.add(Constraint::Quadruple { cells, digits }, &what);
        }
    }

    /// Grey circles (odd) and squares (even) in cells (8).
    pub(super) fn parity(&mut self) {
        let no_rules = !self.rules.any();
        let odd = no_rules || self.rules.mentions(&["odd", "parity"]);
        let even = no_rules || self.rules.mentions(&["even", "parity"]);
        for k in 0..self.shapes.len() {
            let s = &self.shapes[k];
            let grey = s
                .fill
                .is_some_and(|f| f.grey() && (0.35..=0.93).contains(&f.lightness()));
            if s.used != Use::Free
                || !s.text.is_empty()
                || !grey
                || !s.size_in(0.4, 0.9)
                || (s.w - s.h).abs() > 0.05
            {
                continue;
            }
            let Some(rc) = centre(s.at).filter(|&rc| self.inside(rc)) else {
                continue;
            };
            let what = s.describe();
            let cell = self.cell(rc);
            let (constraint, named, digits) = if s.round {
                (Constraint::Odd { cell }, odd, "odd")
            } else {
                (Constraint::Even { cell }, even, "even")
            };
            self.shapes[k].used = Use::Used;
            if named {
                self.add(constraint, &what);
            } else {
                self.warnings.push(format!(
                    "{what} looks like an {digits} clue, but the rules do not speak of {digits} digits: ignored"
                ));
            }
        }
    }

    /// Underlays of N cells, when the rules speak of extra regions (9).
    pub(super) fn extra_regions(&mut self) {
        if !self.rules.mentions(&["windoku", "extra region", "hyper"]) {
            return;
        }
        let n = self.n;
        for k in 0..self.shapes.len() {
            let s = &self.shapes[k];
            let whole = |x: f64| near(x, x.round()) && x.round() >= 1.0;
            if s.used != Use::Free || s.round || s.list != "underlays" || !whole(s.w) || !whole(s.h)
            {
                continue;
            }
            let (h, w) = (s.h.round() as i64, s.w.round() as i64);
            let top = (s.at.0 - s.h / 2.0, s.at.1 - s.w / 2.0);
            let Some(top) = vertex(top) else { continue };
            if h > n || w > n || h * w != n {
                continue;
            }
            let cells: Vec<Rc> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (top.0 + r, top.1 + c)))
                .collect();
            if !cells.iter().all(|&rc| self.inside(rc)) {
                continue;
            }
            let what = s.describe();
            self.shapes[k].used = Use::Used;
            let cells = self.cells(&cells);
            self.add(Constraint::ExtraRegion { cells }, &what);
        }
    }

    /// Numbers beside a row or column: sandwich, x-sum or skyscraper clues (10).
    pub(super) fn outside_clues(&mut self) {
        let n = self.n;
        let kinds: Vec<&str> = [
            ("sandwich", &["sandwich"][..]),
            ("xsum", &["x sum", "xsum"]),
            ("skyscraper", &["skyscraper"]),
        ]
        .into_iter()
        .filter(|(_, words)| self.rules.mentions(words))
        .map(|(k, _)| k)
        .collect();
        for k in 0..self.shapes.len() {
            let s = &self.shapes[k];
            if s.used != Use::Free
                || s.text.is_empty()
                || !s.text.bytes().all(|b| b.is_ascii_digit())
                || s.text.len() > 6
            {
                continue;
            }
            let (r, c) = containing(s.at);
            let inner = |x: i64| (0..n).contains(&x);
            let (side, index) = match (r, c) {
                (-1, c) if inner(c) => (Side::Top, c),
                (r, c) if r == n && inner(c) => (Side::Bottom, c),
                (r, -1) if inner(r) => (Side::Left, r),
                (r, c) if c == n && inner(r) => (Side::Right, r),
                _ => continue,
            };
            let what = s.describe();
            let value: u32 = s.text.parse().unwrap_or(u32::MAX);
            let symbol = self.shapes.iter().position(|o| {
                o.used == Use::Free
                    && containing(o.at) == (r, c)
                    && (o.text == "\u{25EF}" || o.text == "\u{25AF}")
            });
            let kind = match symbol {
                Some(j) => {
                    self.shapes[j].used = Use::Used;
                    if self.shapes[j].text == "\u{25EF}" {
                        "xsum"
                    } else {
                        "skyscraper"
                    }
                }
                None => match kinds.as_slice() {
                    [one] => one,
                    [] if self.from_fpuzzles => "sandwich",
                    _ => {
                        self.shapes[k].used = Use::Used;
                        let why = if kinds.is_empty() {
                            "the rules name none of them"
                        } else {
                            "the rules name several"
                        };
                        self.warnings.push(format!(
                            "{what}: a sandwich, x-sum or skyscraper clue, but {why}: ignored"
                        ));
                        continue;
                    }
                },
            };
            self.shapes[k].used = Use::Used;
            let clue = Clue {
                side,
                index: index as u16,
            };
            let constraint = match kind {
                "sandwich" => Constraint::Sandwich { clue, sum: value },
                "xsum" => Constraint::XSum { clue, sum: value },
                _ => Constraint::Skyscraper { clue, count: value },
            };
            self.add(constraint, &what);
        }
    }

    /// A warning for every drawing not read.
    pub(super) fn leftovers(&mut self) {
        const MAX: usize = 40;
        let mut notes = Vec::new();
        for line in self.lines.iter().filter(|l| l.used == Use::Free) {
            notes.push(format!(
                "{} has no standard meaning: ignored",
                line.describe()
            ));
        }
        // Shapes alike, one warning for all their places.
        let mut alike: Vec<(String, Vec<String>)> = Vec::new();
        for s in self.shapes.iter().filter(|s| s.used == Use::Free) {
            if s.fill.is_none() && s.border.is_none() && s.text.is_empty() {
                continue; // nothing is drawn
            }
            let kind = s.kind();
            match alike.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, places)) => places.push(place(s.at)),
                None => alike.push((kind, vec![place(s.at)])),
            }
        }
        for (kind, mut places) in alike {
            let more = places.len().saturating_sub(20);
            places.truncate(20);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            notes.push(format!(
                "{kind} at {}{more} has no standard meaning: ignored",
                places.join(", ")
            ));
        }
        let more = notes.len().saturating_sub(MAX);
        notes.truncate(MAX);
        self.warnings.extend(notes);
        if more > 0 {
            self.warnings.push(format!(
                "and {more} more drawings with no standard meaning: ignored"
            ));
        }
    }

    /// A warning for every rule the rules text names that nothing read gives.
    pub(super) fn unmet_rules(&mut self) {
        for (words, label, names) in NAMED {
            if !self.rules.mentions(words) {
                continue;
            }
            if !self
                .puzzle
                .constraints()
                .iter()
                .any(|c| names.contains(&c.name()))
            {
                self.warnings.push(format!(
                    "the rules speak of {label}, but nothing drawn or tagged gives them: the puzzle may lack that rule"
                ));
            }
        }
    }
}
