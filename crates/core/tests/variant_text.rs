//! The text form of variant puzzles: write → read gives the same puzzle (random puzzles with
//! every constraint kind, the dev set), and every example of `docs/variants.md` reads, with
//! the unique solution the document gives where it gives one.

use std::path::PathBuf;

use nsudoku::Cell;
use nsudoku::variant::fpuzzles::{ReadOptions, diagonal, from_payload};
use nsudoku::variant::text::{KEYWORDS, from_text, looks_like_text_form, to_text};
use nsudoku::variant::{Clue, Constraint, Diagonal, Direction, NO_REGION, Negative, Puzzle, Side};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use crate::support::data;

/// Random valid puzzles: sizes 4, 6, 9 and 16, sometimes irregular regions (numbered up to 80,
/// some cells in none), candidates and texts with spaces, tabs, backslashes and line breaks;
/// each constraint kind with probability `density`.
struct Gen {
    rng: SmallRng,
    n: usize,
}

impl Gen {
    fn below(&mut self, k: usize) -> usize {
        self.rng.random_range(0..k)
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn cell(&mut self) -> Cell {
        Cell::new(self.below(self.n), self.below(self.n))
    }

    /// Distinct cells, from 1 to `most`, scattered or as a rectangle in reading order.
    fn set(&mut self, most: usize) -> Vec<Cell> {
        let n = self.n;
        let k = 1 + self.below(most.min(n));
        if self.chance(0.3) {
            let (h, w) = (1 + self.below(2), 1 + self.below(3));
            let (r, c) = (self.below(n + 1 - h), self.below(n + 1 - w));
            let cells: Vec<Cell> = (0..h)
                .flat_map(|i| (0..w).map(move |j| Cell::new(r + i, c + j)))
                .collect();
            if cells.len() <= most.min(n) {
                return cells;
            }
        }
        let mut all: Vec<Cell> = (0..n * n).map(|i| Cell::new(i / n, i % n)).collect();
        all.shuffle(&mut self.rng);
        all.truncate(k);
        all
    }

    /// A path of distinct cells, each a king's step from the last, of 1 to `most` cells.
    fn walk(&mut self, most: usize) -> Vec<Cell> {
        let n = self.n as isize;
        let len = 1 + self.below(most.min(self.n));
        let mut cells = vec![self.cell()];
        let (mut dr, mut dc) = (0isize, 1isize);
        while cells.len() < len {
            if self.chance(0.3) {
                dr = self.below(3) as isize - 1;
                dc = self.below(3) as isize - 1;
            }
            let last = cells[cells.len() - 1];
            let (r, c) = (last.row() as isize + dr, last.col() as isize + dc);
            let next = Cell::new(r.max(0) as usize, c.max(0) as usize);
            if (dr, dc) == (0, 0) || r < 0 || c < 0 || r >= n || c >= n || cells.contains(&next) {
                if self.chance(0.2) {
                    break;
                }
                dr = self.below(3) as isize - 1;
                dc = self.below(3) as isize - 1;
                continue;
            }
            cells.push(next);
        }
        cells
    }

    fn clue(&mut self) -> Clue {
        let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][self.below(4)];
        Clue {
            side,
            index: self.below(self.n) as u16,
        }
    }

    fn text(&mut self) -> String {
        const PALETTE: &[&str] = &[
            "a", "Z", " ", "  ", "\t", "\\", "\\s", "\r", "\n", "#", ":", "é", "✓", "x y",
        ];
        (0..self.below(8))
            .map(|_| PALETTE[self.below(PALETTE.len())])
            .collect()
    }

    /// Constraints of random kinds, each kind with probability `density` (sometimes twice).
    fn constraints(&mut self, density: f64) -> Vec<Constraint> {
        let n = self.n;
        let n32 = n as u32;
        let mut out = Vec::new();
        for kind in 0..46 {
            if !self.chance(density) {
                continue;
            }
            let copies = if self.chance(0.2) { 2 } else { 1 };
            for _ in 0..copies {
                out.push(self.constraint(kind, n, n32));
            }
        }
        out.shuffle(&mut self.rng);
        out
    }

    fn constraint(&mut self, kind: usize, n: usize, n32: u32) -> Constraint {
        let digit = |g: &mut Gen| 1 + g.below(n) as u16;
        match kind {
            0 => Constraint::Diagonal(Diagonal::Positive),
            1 => Constraint::Diagonal(Diagonal::Negative),
            2 => Constraint::AntiKnight,
            3 => Constraint::AntiKing,
            4 => Constraint::NonConsecutive,
            5 => Constraint::DisjointGroups,
            6 => {
                let k = 1 + self.below(3);
                let offsets = (0..k)
                    .map(|_| {
                        let (a, b) = (self.below(n) as u16, 1 + self.below(n) as u16);
                        if self.chance(0.5) { (a, b) } else { (b, a) }
                    })
                    .collect();
                Constraint::Chess { offsets }
            }
            7 => Constraint::Taxicab {
                distance: 1 + self.below(2 * n) as u16,
            },
            8 => Constraint::ExtraRegion { cells: self.set(n) },
            9 => Constraint::Even { cell: self.cell() },
            10 => Constraint::Odd { cell: self.cell() },
            11 => Constraint::Minimum { cell: self.cell() },
            12 => Constraint::Maximum { cell: self.cell() },
            13 => {
                let cells = self.set(4);
                let k = self.below(cells.len() + 1);
                let digits = (0..k).map(|_| digit(self)).collect();
                Constraint::Quadruple { cells, digits }
            }
            14 => {
                let cells = self.walk(5);
                let copies = (0..cells.len()).map(|_| self.cell()).collect();
                Constraint::Clone { cells, copies }
            }
            15 => Constraint::RowIndexer { cells: self.set(n) },
            16 => Constraint::ColumnIndexer { cells: self.set(n) },
            17 => Constraint::BoxIndexer { cells: self.set(n) },
            18 => {
                let cells = self.set(6);
                let k = cells.len() as u32;
                let (lo, hi) = (k * (k + 1) / 2, k * (2 * n32 + 1 - k) / 2);
                let sum = self
                    .chance(0.8)
                    .then(|| lo + self.below((hi - lo + 1) as usize) as u32);
                Constraint::Killer { cells, sum }
            }
            19 => loop {
                let direction = [
                    Direction::UpLeft,
                    Direction::UpRight,
                    Direction::DownLeft,
                    Direction::DownRight,
                ][self.below(4)];
                let edge = |g: &mut Gen| if g.chance(0.5) { -1 } else { n as i16 };
                let inside = |g: &mut Gen| g.below(n) as i16;
                let clue = match self.below(3) {
                    0 => (edge(self), inside(self)),
                    1 => (inside(self), edge(self)),
                    _ => (edge(self), edge(self)),
                };
                let mut cells = diagonal(clue, direction, n);
                if self.chance(0.1) {
                    cells = self.walk(4);
                }
                if cells.is_empty() {
                    continue;
                }
                let k = cells.len() as u32;
                let sum = k + self.below((k * n32 - k + 1) as usize) as u32;
                break Constraint::LittleKiller {
                    clue,
                    direction,
                    cells,
                    sum,
                };
            },
            20 => {
                let most: u32 = (2..n32).sum();
                Constraint::Sandwich {
                    clue: self.clue(),
                    sum: self.below(most as usize + 1) as u32,
                }
            }
            21 => Constraint::XSum {
                clue: self.clue(),
                sum: 1 + self.below(n * (n + 1) / 2) as u32,
            },
            22 => Constraint::Skyscraper {
                clue: self.clue(),
                count: 1 + self.below(n) as u32,
            },
            23 => {
                let bulb = if n <= 9 {
                    self.walk(3)
                } else {
                    vec![self.cell()]
                };
                Constraint::Arrow {
                    bulb,
                    shaft: self.walk(5),
                }
            }
            24 => Constraint::DoubleArrow { line: self.walk(7) },
            25 => {
                let sum = match self.below(3) {
                    0 if n >= 6 => 10,
                    1 => 5,
                    _ => 3 + self.below(2 * n - 3) as u32,
                };
                let a = self.cell();
                let b = Cell::new((a.row() + 1) % n, a.col());
                Constraint::Xv { cells: [a, b], sum }
            }
            26 => Constraint::RegionSum { line: self.walk(8) },
            27 => Constraint::Thermometer { line: self.walk(8) },
            28 => Constraint::SlowThermometer { line: self.walk(8) },
            29 => Constraint::Whispers {
                line: self.walk(8),
                difference: self.below(n) as u16,
            },
            30 => Constraint::Renban { line: self.walk(8) },
            31 => Constraint::Palindrome { line: self.walk(8) },
            32 => Constraint::Between { line: self.walk(8) },
            33 => Constraint::Entropic { line: self.walk(8) },
            34 => Constraint::Modular { line: self.walk(8) },
            35 => Constraint::Nabner { line: self.walk(5) },
            36 => Constraint::Zipper { line: self.walk(8) },
            37 => Constraint::Lockout {
                line: self.walk(8),
                difference: self.below(n) as u16,
            },
            38 => Constraint::Difference {
                cells: [self.cell(), self.cell()],
                difference: 1 + self.below(n - 1) as u16,
            },
            39 => Constraint::Ratio {
                cells: [self.cell(), self.cell()],
                ratio: 2 + self.below(n - 1) as u16,
            },
            40 => Constraint::Negative(Negative::Difference),
            41 => Constraint::Negative(Negative::Ratio),
            42 => Constraint::Negative(Negative::Xv),
            44 => Constraint::NumberedRoom {
                clue: self.clue(),
                digit: 1 + self.below(n) as u16,
            },
            43 => Constraint::Rellik {
                cells: self.set(n),
                sum: 1 + self.below(n * (n + 1) / 2) as u32,
            },
            _ => {
                let mut cells = self.set(n);
                cells.truncate(cells.len().max(2) & !1);
                if cells.len() < 2 {
                    cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
                }
                Constraint::Equality { cells }
            }
        }
    }
}

fn random_puzzle(seed: u64, density: f64) -> Puzzle {
    let mut g = Gen {
        rng: SmallRng::seed_from_u64(seed),
        n: 0,
    };
    let n = [4, 6, 9, 16][g.below(4)];
    g.n = n;
    let mut puzzle = Puzzle::new(n).expect("a size");
    if g.chance(0.3) {
        // Regions: the boxes renumbered (beyond 61 sometimes), some cells in none.
        let mut labels: Vec<u16> = (0..80).collect();
        labels.shuffle(&mut g.rng);
        let none = g.chance(0.5);
        let regions = puzzle
            .regions()
            .iter()
            .map(|&r| match r {
                _ if none && g.chance(0.1) => NO_REGION,
                r => labels[usize::from(r)],
            })
            .collect();
        puzzle.set_regions(regions).expect("regions");
    }
    for i in 0..n * n {
        let cell = Cell::new(i / n, i % n);
        if g.chance(0.15) {
            let d = 1 + g.below(n) as u16;
            puzzle.set_given(cell, d, "").expect("a digit");
        }
    }
    if g.chance(0.2) {
        let all = puzzle.all_digits();
        for _ in 0..g.below(4) + 1 {
            let cell = g.cell();
            let mask = if g.chance(0.2) {
                all
            } else {
                (g.rng.random::<u64>() & all).max(1)
            };
            puzzle.set_candidates(cell, mask, "").expect("candidates");
        }
    }
    for field in [
        &mut puzzle.info.title,
        &mut puzzle.info.author,
        &mut puzzle.info.rules,
    ] {
        if g.chance(0.3) {
            *field = Some(g.text());
        }
    }
    for c in g.constraints(density) {
        puzzle
            .push(c.clone())
            .unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
    puzzle
}

fn assert_round_trip(puzzle: &Puzzle, what: &str) {
    let text = to_text(puzzle);
    let back = from_text(&text).unwrap_or_else(|e| panic!("{what}:\n{text}\n{e:?}"));
    assert_eq!(&back, puzzle, "{what}:\n{text}");
    assert_eq!(to_text(&back), text, "{what}");
    assert!(looks_like_text_form(text.lines()) || puzzle.constraints().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn write_then_read_gives_the_same_puzzle(seed in any::<u64>()) {
        assert_round_trip(&random_puzzle(seed, 0.3), &format!("seed {seed}"));
    }
}

#[test]
fn every_constraint_kind_survives_the_round_trip() {
    let mut names = std::collections::HashSet::new();
    let mut sizes = std::collections::BTreeSet::new();
    let (mut numbered, mut lettered, mut none, mut candidates) = (false, false, false, false);
    for seed in 0..40 {
        let puzzle = random_puzzle(seed, 1.0);
        names.extend(puzzle.constraints().iter().map(Constraint::name));
        sizes.insert(puzzle.size());
        let regions = puzzle.regions();
        let irregular = regions != Puzzle::new(puzzle.size()).expect("a size").regions();
        let beyond = regions.iter().any(|&r| r != NO_REGION && r >= 61);
        numbered |= beyond;
        lettered |= irregular && !beyond;
        none |= regions.contains(&NO_REGION);
        candidates |= puzzle.candidates().is_some();
        assert_round_trip(&puzzle, &format!("seed {seed}"));
    }
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [4, 6, 9, 16]);
    assert!(numbered && lettered && none && candidates);
    let mut missing: Vec<&str> = KEYWORDS
        .iter()
        .filter(|k| **k != "candidates" && !names.contains(*k))
        .copied()
        .collect();
    missing.sort_unstable();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    assert_eq!(
        names.len(),
        KEYWORDS.len() - 1,
        "a name that is not a keyword"
    );
}

#[test]
fn every_dev_puzzle_survives_the_round_trip() {
    let mut count = 0;
    for line in data("variants/dev.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let name = v["name"].as_str().expect("a name");
        let payload = v["fpuzzles"].as_str().expect("a payload");
        let read = from_payload(payload, ReadOptions::default()).expect("a dev puzzle");
        assert_round_trip(&read.puzzle, name);
        count += 1;
    }
    assert_eq!(count, 85);
}

/// The fenced blocks of `docs/variants.md` whose info string starts with `text variant`: the
/// line of the fence, the rest of the info string, and the text.
fn doc_examples() -> Vec<(usize, String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/variants.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    let mut open: Option<(usize, String, String)> = None;
    for (i, line) in doc.lines().enumerate() {
        match &mut open {
            None => {
                if let Some(flags) = line.strip_prefix("```text variant") {
                    open = Some((i + 1, flags.trim().to_owned(), String::new()));
                }
            }
            Some((_, _, text)) if line.trim_end() != "```" => {
                text.push_str(line);
                text.push('\n');
            }
            Some(_) => out.extend(open.take()),
        }
    }
    assert!(open.is_none(), "an example block is not closed");
    out
}

/// The puzzle without its constraints (givens, regions, candidates kept).
fn without_constraints(puzzle: &Puzzle) -> Puzzle {
    let n = puzzle.size();
    let mut plain = Puzzle::new(n).expect("a size");
    plain
        .set_regions(puzzle.regions().to_vec())
        .expect("regions");
    for (i, &d) in puzzle.givens().iter().enumerate() {
        plain
            .set_given(Cell::new(i / n, i % n), d, "")
            .expect("a given");
    }
    if let Some(candidates) = puzzle.candidates() {
        for (i, &m) in candidates.iter().enumerate() {
            plain
                .set_candidates(Cell::new(i / n, i % n), m, "")
                .expect("candidates");
        }
    }
    plain
}

/// Every example of the documentation reads; those marked `unique` have one solution, which
/// the comment `# solution: …` in the example gives, and more than one without their
/// constraints (so the example shows its rule at work).
#[test]
fn every_example_of_the_documentation_reads() {
    let examples = doc_examples();
    assert!(examples.len() >= 45, "{} examples", examples.len());
    let mut unique = 0;
    for (line, flags, text) in examples {
        let puzzle =
            from_text(&text).unwrap_or_else(|e| panic!("docs/variants.md:{line}: {e:?}\n{text}"));
        assert!(
            looks_like_text_form(text.lines()),
            "docs/variants.md:{line}"
        );
        assert_round_trip(&puzzle, &format!("docs/variants.md:{line}"));
        if !flags.split_whitespace().any(|f| f == "unique") {
            continue;
        }
        unique += 1;
        let count = puzzle.count_solutions(2);
        assert!(
            count.exact && count.count == 1,
            "docs/variants.md:{line}: {count:?}"
        );
        let solution = puzzle.solve().expect("a solution");
        let written: String = text
            .lines()
            .filter_map(|l| l.strip_prefix("# solution:"))
            .collect::<Vec<_>>()
            .join(" ");
        let written: Vec<u16> = written
            .split_whitespace()
            .flat_map(|row| {
                if puzzle.size() > 9 {
                    vec![row.parse().expect("a number")]
                } else {
                    row.bytes().map(|b| u16::from(b - b'0')).collect()
                }
            })
            .collect();
        assert_eq!(
            written, solution,
            "docs/variants.md:{line}: the solution written"
        );
        if !puzzle.constraints().is_empty() {
            let plain = without_constraints(&puzzle).count_solutions(2).count;
            assert!(
                plain > 1,
                "docs/variants.md:{line}: unique without its constraints"
            );
        }
    }
    assert!(unique >= 40, "{unique} examples with a unique solution");
}
