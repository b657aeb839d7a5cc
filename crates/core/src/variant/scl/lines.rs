//! Rules drawn as lines: diagonals, between lines, thermometers, arrows, little killers and the
//! lines known by their colour (see `draw.rs` for what each looks like).

use super::super::fpuzzles::diagonal;
use super::super::{Constraint, Diagonal, Direction};
use super::draw::Drawings;
use super::figure::{Rc, Rgb, Shape, TOL, Use, centre, containing, path, vertex};

/// A rule drawn as a coloured line: its reference colours, the words that name it, a label.
struct LineKind {
    colours: &'static [(u8, u8, u8)],
    words: &'static [&'static str],
    label: &'static str,
}

const LINE_KINDS: &[LineKind] = &[
    LineKind {
        colours: &[(0xF0, 0x67, 0xF0), (0xC0, 0x60, 0xC0), (0xFF, 0x00, 0xD4)],
        words: &["renban"],
        label: "renban",
    },
    LineKind {
        colours: &[(0x67, 0xF0, 0x67), (0x60, 0xC0, 0x60)],
        words: &["german whisper", "whisper"],
        label: "German whispers",
    },
    LineKind {
        colours: &[(0xFF, 0x9A, 0x00)],
        words: &["dutch whisper", "dutch"],
        label: "Dutch whispers",
    },
    LineKind {
        colours: &[(0xFF, 0xCC, 0xAA)],
        words: &["entropic"],
        label: "entropic",
    },
    LineKind {
        colours: &[(0x33, 0xBB, 0xBB)],
        words: &["modular"],
        label: "modular",
    },
    LineKind {
        colours: &[(0x2E, 0xCB, 0xFF)],
        words: &["region sum"],
        label: "region sum",
    },
    LineKind {
        colours: &[(0xC9, 0xC8, 0x83)],
        words: &["nabner"],
        label: "nabner",
    },
    LineKind {
        colours: &[(0xC5, 0x4B, 0x8B)],
        words: &["double arrow"],
        label: "double arrow",
    },
    LineKind {
        colours: &[(0xCD, 0xB1, 0xEC)],
        words: &["zipper"],
        label: "zipper",
    },
    LineKind {
        colours: &[(0xAA, 0xBE, 0xEF)],
        words: &["lockout"],
        label: "lockout",
    },
    LineKind {
        colours: &[(0xCF, 0xCF, 0xCF)],
        words: &["palindrom"],
        label: "palindrome",
    },
];

impl Drawings<'_> {
    /// Main diagonals drawn corner to corner (1).
    pub(super) fn diagonals(&mut self) {
        let n = self.n as f64;
        let blue = Rgb(0x34, 0xBB, 0xE6);
        let named = self.rules.mentions(&["diagonal"]);
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if line.arrow || line.used != Use::Free || line.points.len() != 2 {
                continue;
            }
            let ends = (vertex(line.points[0]), vertex(line.points[1]));
            let corner = |v: Option<Rc>, r: f64, c: f64| v == Some((r as i64, c as i64));
            let is = |a: (f64, f64), b: (f64, f64)| {
                (corner(ends.0, a.0, a.1) && corner(ends.1, b.0, b.1))
                    || (corner(ends.0, b.0, b.1) && corner(ends.1, a.0, a.1))
            };
            let which = if is((0.0, 0.0), (n, n)) {
                Diagonal::Negative
            } else if is((0.0, n), (n, 0.0)) {
                Diagonal::Positive
            } else {
                continue;
            };
            if !(named || line.colour.is_some_and(|c| c.distance(blue) <= 1.0)) {
                continue;
            }
            let what = line.describe();
            self.lines[i].used = Use::Used;
            let constraint = Constraint::Diagonal(which);
            if !self.puzzle.constraints().contains(&constraint) {
                self.add(constraint, &what);
            }
        }
    }

    /// A free circle of `lo`–`hi` cells centred on the cell, that `accept` takes.
    pub(super) fn circle_on(
        &self,
        rc: Rc,
        lo: f64,
        hi: f64,
        accept: impl Fn(&Shape) -> bool,
    ) -> Option<usize> {
        self.shapes.iter().position(|s| {
            s.used != Use::Used
                && s.round
                && s.size_in(lo, hi)
                && centre(s.at) == Some(rc)
                && accept(s)
        })
    }

    /// Lines between two white circles (2).
    pub(super) fn between_lines(&mut self) {
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if line.arrow || line.used != Use::Free || line.thickness > 6.0 || line.points.len() < 2
            {
                continue;
            }
            let k = line.points.len();
            let mut rcs = vec![containing(line.points[0])];
            match line.points[1..k - 1]
                .iter()
                .map(|&p| centre(p))
                .collect::<Option<Vec<_>>>()
            {
                Some(mid) => rcs.extend(mid),
                None => continue,
            }
            rcs.push(containing(line.points[k - 1]));
            let (first, last) = (rcs[0], rcs[rcs.len() - 1]);
            if first == last || !self.inside(first) || !self.inside(last) {
                continue;
            }
            let white = |s: &Shape| s.border.is_some() && s.light() && s.used == Use::Free;
            let (Some(a), Some(b)) = (
                self.circle_on(first, 0.6, 0.95, white),
                self.circle_on(last, 0.6, 0.95, white),
            ) else {
                continue;
            };
            let Some(cells) = path(&rcs).filter(|p| p.iter().all(|&rc| self.inside(rc))) else {
                continue;
            };
            let what = line.describe();
            self.lines[i].used = Use::Used;
            self.shapes[a].used = Use::Used;
            self.shapes[b].used = Use::Used;
            let line = self.cells(&cells);
            self.add(Constraint::Between { line }, &what);
        }
    }

    /// Thermometers and their branches (3).
    pub(super) fn thermometers(&mut self) {
        let bulb =
            |s: &Shape| s.fill.is_some_and(|f| f.lightness() < 0.95) && (s.w - s.h).abs() <= 0.05;
        let slow_named = self.rules.mentions(&["slow thermo"]);
        let blue = Rgb(0x64, 0x95, 0xED);
        // Each thermometer read: its cells from the bulb, its colour and thickness.
        let mut found: Vec<(Vec<Rc>, Option<Rgb>, f64)> = Vec::new();
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if line.arrow || line.used != Use::Free || line.thickness < 4.0 {
                continue;
            }
            // f-puzzles draws thermometers 21 px thick, palindromes (no bulb) 16.
            let grey = line.colour.is_some_and(Rgb::grey);
            if self.from_fpuzzles && grey && line.thickness < 18.0 {
                continue;
            }
            let Some(mut cells) = line
                .centres()
                .and_then(|c| path(&c))
                .filter(|p| p.len() >= 2 && p.iter().all(|&rc| self.inside(rc)))
            else {
                continue;
            };
            let b = match self.circle_on(cells[0], 0.5, 0.95, bulb) {
                Some(b) => b,
                None => match self.circle_on(cells[cells.len() - 1], 0.5, 0.95, bulb) {
                    Some(b) => {
                        cells.reverse();
                        b
                    }
                    None => continue,
                },
            };
            self.shapes[b].used = Use::Bulb;
            found.push((cells.clone(), line.colour, line.thickness));
            self.lines[i].used = Use::Used;
            self.thermo(cells, i, slow_named, blue);
        }
        // Branches: a line like a thermometer's that starts on one.
        let mut grew = true;
        while grew {
            grew = false;
            for i in 0..self.lines.len() {
                let line = &self.lines[i];
                if line.arrow || line.used != Use::Free {
                    continue;
                }
                let Some(cells) = line
                    .centres()
                    .and_then(|c| path(&c))
                    .filter(|p| p.len() >= 2 && p.iter().all(|&rc| self.inside(rc)))
                else {
                    continue;
                };
                let like = |(_, colour, thickness): &&(Vec<Rc>, Option<Rgb>, f64)| {
                    (thickness - line.thickness).abs() <= 1.0
                        && match (colour, line.colour) {
                            (Some(a), Some(b)) => a.distance(b) <= 0.3,
                            (a, b) => *a == b,
                        }
                };
                let branch = found.iter().filter(like).find_map(|(stem, ..)| {
                    let (first, last) = (cells[0], cells[cells.len() - 1]);
                    if let Some(k) = stem.iter().position(|&c| c == first) {
                        Some([&stem[..=k], &cells[1..]].concat())
                    } else {
                        let k = stem.iter().position(|&c| c == last)?;
                        let mut rest = cells[..cells.len() - 1].to_vec();
                        rest.reverse();
                        Some([&stem[..=k], &rest[..]].concat())
                    }
                });
                if let Some(cells) = branch {
                    found.push((cells.clone(), line.colour, line.thickness));
                    self.lines[i].used = Use::Used;
                    self.thermo(cells, i, slow_named, blue);
                    grew = true;
                }
            }
        }
    }

    /// Adds the thermometer along `cells`, drawn by line `i`: slow if the rules and colour say so.
    pub(super) fn thermo(&mut self, cells: Vec<Rc>, i: usize, slow_named: bool, blue: Rgb) {
        let what = self.lines[i].describe();
        let line = self.cells(&cells);
        let slow = slow_named
            && self.lines[i]
                .colour
                .is_some_and(|c| c.distance(blue) <= 1.0);
        let constraint = if slow {
            Constraint::SlowThermometer { line }
        } else {
            Constraint::Thermometer { line }
        };
        self.add(constraint, &what);
    }

    /// The cells of a bulb at `start`: a shape's, or thick lines'; and what to mark used.
    pub(super) fn bulb_at(&self, start: Rc) -> Option<(Vec<Rc>, Vec<usize>, Vec<usize>)> {
        for (k, s) in self.shapes.iter().enumerate() {
            if s.used == Use::Used
                || !s.round
                || !s.size_in(0.55, 2.95)
                || s.border.is_none()
                || !s.light()
            {
                continue;
            }
            let reach = |size: f64| (size / 2.0 - 0.35).max(0.0) + TOL;
            let mut cells = Vec::new();
            let (r0, r1) = (
                (s.at.0 - s.h / 2.0).floor() as i64,
                (s.at.0 + s.h / 2.0).ceil() as i64,
            );
            let (c0, c1) = (
                (s.at.1 - s.w / 2.0).floor() as i64,
                (s.at.1 + s.w / 2.0).ceil() as i64,
            );
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if (r as f64 + 0.5 - s.at.0).abs() <= reach(s.h)
                        && (c as f64 + 0.5 - s.at.1).abs() <= reach(s.w)
                        && self.inside((r, c))
                    {
                        cells.push((r, c));
                    }
                }
            }
            if cells.contains(&start) {
                return Some((cells, vec![k], Vec::new()));
            }
        }
        let thick: Vec<(usize, Vec<Rc>)> = self
            .lines
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.arrow && l.used != Use::Used && l.thickness >= 25.0)
            .filter_map(|(i, l)| Some((i, path(&l.centres()?)?)))
            .collect();
        let outer: Vec<&(usize, Vec<Rc>)> = thick
            .iter()
            .filter(|(i, cells)| self.lines[*i].thickness >= 30.0 && cells.contains(&start))
            .collect();
        if outer.is_empty() {
            return None;
        }
        let mut cells: Vec<Rc> = outer.iter().flat_map(|(_, c)| c.iter().copied()).collect();
        cells.sort_unstable();
        cells.dedup();
        let used = thick
            .iter()
            .filter(|(_, c)| c.iter().all(|rc| cells.contains(rc)))
            .map(|(i, _)| *i)
            .collect();
        Some((cells, Vec::new(), used))
    }

    /// Arrows from a bulb (4).
    pub(super) fn arrows(&mut self) {
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if !line.arrow || line.used != Use::Free || line.svg {
                continue;
            }
            let start = containing(line.points[0]);
            if !self.inside(start) {
                continue;
            }
            let Some((mut bulb, shapes, thick)) = self.bulb_at(start) else {
                continue;
            };
            let what = line.describe();
            let mut rcs = vec![start];
            rcs.extend(
                line.points[1..]
                    .iter()
                    .map(|&p| centre(p).unwrap_or_else(|| containing(p))),
            );
            let shaft: Option<Vec<Rc>> =
                path(&rcs).map(|p| p.into_iter().filter(|rc| !bulb.contains(rc)).collect());
            let Some(shaft) = shaft.filter(|s| s.iter().all(|&rc| self.inside(rc))) else {
                self.warnings.push(format!(
                    "{what} from a bulb does not run through cells: ignored"
                ));
                self.lines[i].used = Use::Used;
                continue;
            };
            for k in shapes {
                self.shapes[k].used = Use::Bulb;
            }
            for k in thick {
                self.lines[k].used = Use::Used;
            }
            self.lines[i].used = Use::Used;
            bulb.sort_unstable();
            let (bulb, shaft) = (self.cells(&bulb), self.cells(&shaft));
            self.add(Constraint::Arrow { bulb, shaft }, &what);
        }
    }

    /// The free text shape in cell `rc`, if any.
    pub(super) fn text_in(&self, rc: Rc) -> Option<usize> {
        self.shapes
            .iter()
            .position(|s| s.used == Use::Free && !s.text.is_empty() && containing(s.at) == rc)
    }

    /// Little killers: short arrows from outside the grid, beside their totals (5).
    pub(super) fn little_killers(&mut self) {
        let n = self.n as usize;
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if !line.arrow || line.used != Use::Free || line.svg {
                continue;
            }
            let (a, b) = (line.points[0], line.points[line.points.len() - 1]);
            let clue = containing(a);
            let (dr, dc) = (b.0 - a.0, b.1 - a.1);
            if self.inside(clue) || dr.abs() < 0.05 || dc.abs() < 0.05 || dr.hypot(dc) > 1.5 {
                continue;
            }
            let direction = match (dr > 0.0, dc > 0.0) {
                (false, false) => Direction::UpLeft,
                (false, true) => Direction::UpRight,
                (true, false) => Direction::DownLeft,
                (true, true) => Direction::DownRight,
            };
            let (Ok(r), Ok(c)) = (i16::try_from(clue.0), i16::try_from(clue.1)) else {
                continue;
            };
            let cells = diagonal((r, c), direction, n);
            if cells.is_empty() {
                continue;
            }
            let what = line.describe();
            self.lines[i].used = Use::Used;
            let Some(t) = self.text_in(clue) else {
                self.warnings.push(format!(
                    "{what} looks like a little killer's arrow, but has no total beside it: ignored"
                ));
                continue;
            };
            self.shapes[t].used = Use::Used;
            let text = self.shapes[t].text.clone();
            if text == "_" || text == "?" {
                continue;
            }
            match text.parse::<u32>() {
                Ok(sum) => {
                    self.add(Constraint::LittleKiller { clue: (r, c), direction, cells, sum }, &what);
                }
                Err(_) => self.warnings.push(format!(
                    "{what} looks like a little killer's arrow, but its total {text:?} is not a number: ignored"
                )),
            }
        }
    }

    /// Lines known by their colour, when the rules name them, and diagonals through cell centres (11).
    pub(super) fn coloured_lines(&mut self) {
        let n = self.n;
        let diagonals = self.rules.mentions(&["diagonal"]);
        for i in 0..self.lines.len() {
            let line = &self.lines[i];
            if line.arrow || line.used != Use::Free || line.thickness < 3.0 {
                continue;
            }
            let Some(cells) = line
                .centres()
                .and_then(|c| path(&c))
                .filter(|p| p.len() >= 2 && p.iter().all(|&rc| self.inside(rc)))
            else {
                continue;
            };
            let what = line.describe();
            if diagonals && cells.len() as i64 == n {
                let down = cells.iter().all(|&(r, c)| r == c);
                let up = cells.iter().all(|&(r, c)| r + c == n - 1);
                if down || up {
                    self.lines[i].used = Use::Used;
                    let constraint = Constraint::Diagonal(if down {
                        Diagonal::Negative
                    } else {
                        Diagonal::Positive
                    });
                    if !self.puzzle.constraints().contains(&constraint) {
                        self.add(constraint, &what);
                    }
                    continue;
                }
            }
            let Some(colour) = line.colour else { continue };
            let thin_grey = colour.grey() && line.thickness < 5.0;
            let close: Vec<(f64, &LineKind)> = LINE_KINDS
                .iter()
                .filter_map(|k| {
                    let d = k
                        .colours
                        .iter()
                        .map(|&(r, g, b)| colour.distance(Rgb(r, g, b)))
                        .fold(f64::INFINITY, f64::min);
                    (d <= 1.0 && !thin_grey).then_some((d, k))
                })
                .collect();
            let named = close
                .iter()
                .filter(|(_, k)| self.rules.mentions(k.words))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            let Some(&(_, kind)) = named else {
                if let Some((_, kind)) = close.iter().min_by(|a, b| a.0.total_cmp(&b.0)) {
                    self.lines[i].used = Use::Used;
                    self.warnings.push(format!(
                        "{what} has the colour of {} lines, but the rules do not speak of them: ignored",
                        kind.label
                    ));
                }
                continue;
            };
            self.lines[i].used = Use::Used;
            let line = self.cells(&cells);
            let size = n as u16;
            let constraint = match kind.label {
                "renban" => Constraint::Renban { line },
                "German whispers" => Constraint::Whispers {
                    line,
                    difference: size.div_ceil(2),
                },
                "Dutch whispers" => Constraint::Whispers {
                    line,
                    difference: (size.saturating_sub(1) / 2).max(1),
                },
                "entropic" => Constraint::Entropic { line },
                "modular" => Constraint::Modular { line },
                "region sum" => Constraint::RegionSum { line },
                "nabner" => Constraint::Nabner { line },
                "double arrow" => Constraint::DoubleArrow { line },
                "zipper" => Constraint::Zipper { line },
                "lockout" => {
                    for end in [cells[0], cells[cells.len() - 1]] {
                        if let Some(k) = self.shapes.iter().position(|s| {
                            s.used == Use::Free
                                && !s.round
                                && (s.angle - 45.0).abs() < 1.0
                                && centre(s.at) == Some(end)
                        }) {
                            self.shapes[k].used = Use::Used;
                        }
                    }
                    Constraint::Lockout {
                        line,
                        difference: size / 2,
                    }
                }
                _ => Constraint::Palindrome { line },
            };
            self.add(constraint, &what);
        }
    }
}
