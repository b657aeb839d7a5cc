//! Random puzzles for the oracle tests: regions (the boxes, or irregular ones made by swapping
//! cells between neighbouring regions while each stays connected), a planted grid, and
//! constraints of every kind, most of them kept by the planted grid so that many puzzles have
//! solutions, some not.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use nsudoku::solve::puzzle::Solutions;
use nsudoku::variant::text::KEYWORDS;
use nsudoku::variant::{Clue, Constraint, Diagonal, Direction, NO_REGION, Negative, Puzzle, Side};
use nsudoku::{Cell, Stop};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// Every kind of constraint the generator makes: every keyword of the text form but
/// `candidates` (a cell's marks, not a rule), so that a new rule is met here at once.
pub(crate) static KINDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    KEYWORDS
        .iter()
        .copied()
        .filter(|&k| k != "candidates")
        .collect()
});

/// The kinds that are rules of the whole grid.
const GLOBAL: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjoint",
    "chess",
    "taxicab",
    "negative-difference",
    "negative-ratio",
    "negative-xv",
];

/// A random puzzle of side `n` and the grid it was planted on.
pub(crate) struct Made {
    pub(crate) puzzle: Puzzle,
    pub(crate) kinds: Vec<&'static str>,
}

struct Gen {
    rng: SmallRng,
    n: usize,
    regions: Vec<u16>,
    /// A grid that keeps rows, columns and regions: clues are read from it most of the time,
    /// so that many puzzles have solutions.
    sol: Vec<u16>,
}

impl Gen {
    fn new(seed: u64, n: usize) -> Gen {
        let mut rng = SmallRng::seed_from_u64(seed);
        loop {
            let mut regions = Puzzle::new(n).expect("a size").regions().to_vec();
            if n > 4 && rng.random_bool(0.3) || n == 4 && rng.random_bool(0.2) {
                jumble(&mut regions, n, &mut rng);
            }
            if let Some(sol) = fill(&regions, n, &mut rng) {
                return Gen {
                    rng,
                    n,
                    regions,
                    sol,
                };
            }
        }
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn below(&mut self, k: usize) -> usize {
        self.rng.random_range(0..k)
    }

    fn cell(&mut self) -> Cell {
        Cell::new(self.below(self.n), self.below(self.n))
    }

    fn at(&self, c: Cell) -> u16 {
        self.sol[c.row() * self.n + c.col()]
    }

    fn sum(&self, cells: &[Cell]) -> u32 {
        cells.iter().map(|&c| u32::from(self.at(c))).sum()
    }

    /// A self-avoiding walk of `lo` to `hi` cells (fewer if it gets stuck), by king's moves
    /// when `diagonal`.
    fn walk(&mut self, lo: usize, hi: usize, diagonal: bool) -> Vec<Cell> {
        let len = self.rng.random_range(lo..=hi);
        let n = self.n as isize;
        let mut line = vec![self.cell()];
        while line.len() < len {
            let last = line[line.len() - 1];
            let (r, c) = (last.row() as isize, last.col() as isize);
            let steps: Vec<(isize, isize)> = if diagonal {
                vec![
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                    (0, -1),
                    (0, 1),
                    (1, -1),
                    (1, 0),
                    (1, 1),
                ]
            } else {
                vec![(-1, 0), (0, -1), (0, 1), (1, 0)]
            };
            let next: Vec<Cell> = steps
                .into_iter()
                .map(|(dr, dc)| (r + dr, c + dc))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < n && c < n)
                .map(|(r, c)| Cell::new(r as usize, c as usize))
                .filter(|c| !line.contains(c))
                .collect();
            if next.is_empty() {
                break;
            }
            line.push(next[self.below(next.len())]);
        }
        line
    }

    /// Two orthogonally adjacent cells.
    fn pair(&mut self) -> [Cell; 2] {
        let line = self.walk(2, 2, false);
        [line[0], line[1]]
    }

    /// Two adjacent cells whose planted digits keep `good`, if some try finds them.
    fn pair_where(&mut self, good: impl Fn(u16, u16) -> bool) -> [Cell; 2] {
        for _ in 0..60 {
            let p = self.pair();
            if good(self.at(p[0]), self.at(p[1])) {
                return p;
            }
        }
        self.pair()
    }

    fn clue(&mut self) -> Clue {
        let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][self.below(4)];
        Clue {
            side,
            index: self.below(self.n) as u16,
        }
    }

    /// The constraints of one kind (negative ones come with a few marks): most of the time
    /// ones the planted grid keeps (drawn again until it does, for up to a few hundred draws).
    fn make(&mut self, kind: &str, so_far: &Puzzle) -> Vec<Constraint> {
        let truthful = self.chance(0.85);
        let mut made = self.draw(kind, truthful);
        for _ in 0..300 {
            if !truthful || self.keeps(so_far, &made) {
                break;
            }
            made = self.draw(kind, truthful);
        }
        made
    }

    /// Whether the planted grid keeps the puzzle so far with `constraints`, and each can be
    /// pushed.
    fn keeps(&self, so_far: &Puzzle, constraints: &[Constraint]) -> bool {
        let mut puzzle = so_far.clone();
        constraints.iter().all(|c| puzzle.push(c.clone()).is_ok()) && puzzle.is_solution(&self.sol)
    }

    /// Constraints of one kind, at random; clues read from the planted grid when `truthful`.
    fn draw(&mut self, kind: &str, truthful: bool) -> Vec<Constraint> {
        let n = self.n;
        let n16 = n as u16;
        let one = |c: Constraint| vec![c];
        match kind {
            "diagonal+" => one(Constraint::Diagonal(Diagonal::Positive)),
            "diagonal-" => one(Constraint::Diagonal(Diagonal::Negative)),
            "antiknight" => one(Constraint::AntiKnight),
            "antiking" => one(Constraint::AntiKing),
            "nonconsecutive" | "negative-difference" | "negative-ratio" => {
                let mut out = vec![match kind {
                    "nonconsecutive" => Constraint::NonConsecutive,
                    "negative-difference" => Constraint::Negative(Negative::Difference),
                    _ => Constraint::Negative(Negative::Ratio),
                }];
                for _ in 0..self.below(3) {
                    let dot = if self.chance(0.5) {
                        "difference"
                    } else {
                        "ratio"
                    };
                    out.extend(self.draw(dot, truthful));
                }
                out
            }
            "negative-xv" => {
                let mut out = vec![Constraint::Negative(Negative::Xv)];
                for _ in 0..self.below(3) {
                    out.extend(self.draw("xv", truthful));
                }
                out
            }
            "disjoint" => one(Constraint::DisjointGroups),
            "chess" => {
                let moves = [(0, 2), (1, 3), (2, 2), (0, 3), (2, 3), (1, 2)];
                let offsets = (0..1 + self.below(2))
                    .map(|_| moves[self.below(moves.len())])
                    .collect();
                one(Constraint::Chess { offsets })
            }
            "taxicab" => one(Constraint::Taxicab {
                distance: 1 + self.below(4) as u16,
            }),
            "extraregion" => {
                let mut cells = self.walk(2, n, false);
                if truthful {
                    cells = self.distinct_prefix(cells);
                }
                one(Constraint::ExtraRegion { cells })
            }
            "even" | "odd" => {
                let even = kind == "even";
                let mut cell = self.cell();
                for _ in 0..30 {
                    if !truthful || (self.at(cell) % 2 == 0) == even {
                        break;
                    }
                    cell = self.cell();
                }
                one(if even {
                    Constraint::Even { cell }
                } else {
                    Constraint::Odd { cell }
                })
            }
            "minimum" | "maximum" => {
                let min = kind == "minimum";
                let mut cell = self.cell();
                for _ in 0..60 {
                    let v = self.at(cell);
                    let ok = neighbours(cell, n)
                        .iter()
                        .all(|&o| if min { self.at(o) > v } else { self.at(o) < v });
                    if !truthful || ok {
                        break;
                    }
                    cell = self.cell();
                }
                let make = |cell| {
                    if min {
                        Constraint::Minimum { cell }
                    } else {
                        Constraint::Maximum { cell }
                    }
                };
                let mut out = vec![make(cell)];
                // Sometimes a neighbour of the same kind: the two are not compared.
                if self.chance(0.3) {
                    let near = neighbours(cell, n);
                    out.push(make(near[self.below(near.len())]));
                }
                out
            }
            "quadruple" => {
                let (r, c) = (self.below(n - 1), self.below(n - 1));
                let cells = vec![
                    Cell::new(r, c),
                    Cell::new(r, c + 1),
                    Cell::new(r + 1, c),
                    Cell::new(r + 1, c + 1),
                ];
                let k = 1 + self.below(4);
                let digits = if truthful {
                    let mut d: Vec<u16> = cells.iter().map(|&c| self.at(c)).collect();
                    d.shuffle(&mut self.rng);
                    d.truncate(k);
                    d
                } else {
                    (0..k).map(|_| 1 + self.below(n) as u16).collect()
                };
                one(Constraint::Quadruple { cells, digits })
            }
            "clone" => {
                let cells = self.walk(1, 3, false);
                let (dr, dc) = (self.below(n) as isize, self.below(n) as isize);
                let copies: Vec<Cell> = cells
                    .iter()
                    .map(|c| {
                        Cell::new(
                            (c.row() as isize + dr).rem_euclid(n as isize) as usize,
                            (c.col() as isize + dc).rem_euclid(n as isize) as usize,
                        )
                    })
                    .collect();
                one(Constraint::Clone { cells, copies })
            }
            "rowindexer" | "columnindexer" | "boxindexer" => {
                let cells: Vec<Cell> = (0..1 + self.below(3)).map(|_| self.cell()).collect();
                let mut cells = cells;
                cells.sort();
                cells.dedup();
                one(match kind {
                    "rowindexer" => Constraint::RowIndexer { cells },
                    "columnindexer" => Constraint::ColumnIndexer { cells },
                    _ => Constraint::BoxIndexer { cells },
                })
            }
            "killer" => {
                let mut cells = self.walk(1, n.min(5), false);
                if truthful {
                    cells = self.distinct_prefix(cells);
                }
                let k = cells.len() as u32;
                let n32 = n as u32;
                let sum = if self.chance(0.1) {
                    None
                } else if truthful {
                    Some(self.sum(&cells))
                } else {
                    let (lo, hi) = (k * (k + 1) / 2, k * (2 * n32 + 1 - k) / 2);
                    Some(self.rng.random_range(lo..=hi))
                };
                one(Constraint::Killer { cells, sum })
            }
            "rellik" => {
                let mut cells = self.walk(1, n.min(5), false);
                if truthful {
                    cells = self.distinct_prefix(cells);
                }
                let most = (n * (n + 1) / 2) as u32;
                let mut sum = 1 + self.below(most as usize) as u32;
                if truthful {
                    let digits: Vec<u16> = cells.iter().map(|&c| self.at(c)).collect();
                    for _ in 0..20 {
                        if !subset_makes(&digits, sum) {
                            break;
                        }
                        sum = 1 + self.below(most as usize) as u32;
                    }
                }
                one(Constraint::Rellik { cells, sum })
            }
            "equality" => {
                let mut cells = self.walk(2, n.min(6), false);
                if truthful {
                    cells = self.distinct_prefix(cells);
                }
                cells.truncate(cells.len().max(2) & !1);
                one(Constraint::Equality { cells })
            }
            "littlekiller" => {
                let (clue, direction) = self.little_killer_clue();
                let cells = diagonal(clue, direction, n);
                let k = cells.len() as u32;
                let sum = if truthful {
                    self.sum(&cells)
                } else {
                    self.rng.random_range(k..=k * n as u32)
                };
                one(Constraint::LittleKiller {
                    clue,
                    direction,
                    cells,
                    sum,
                })
            }
            "sandwich" => {
                let clue = self.clue();
                let line: Vec<u16> = clue.cells(n).iter().map(|&c| self.at(c)).collect();
                let sum = if truthful {
                    let a = line.iter().position(|&d| d == 1).expect("a 1");
                    let b = line.iter().position(|&d| d == n16).expect("an N");
                    line[a.min(b) + 1..a.max(b)]
                        .iter()
                        .map(|&d| u32::from(d))
                        .sum()
                } else {
                    self.rng.random_range(0..=(2..n as u32).sum::<u32>())
                };
                one(Constraint::Sandwich { clue, sum })
            }
            "xsum" => {
                let clue = self.clue();
                let line = clue.cells(n);
                let sum = if truthful {
                    self.sum(&line[..usize::from(self.at(line[0]))])
                } else {
                    self.rng.random_range(1..=(n * (n + 1) / 2) as u32)
                };
                one(Constraint::XSum { clue, sum })
            }
            "skyscraper" => {
                let clue = self.clue();
                let count = if truthful {
                    let mut high = 0;
                    let mut seen = 0;
                    for c in clue.cells(n) {
                        if self.at(c) > high {
                            high = self.at(c);
                            seen += 1;
                        }
                    }
                    seen
                } else {
                    1 + self.below(n) as u32
                };
                one(Constraint::Skyscraper { clue, count })
            }
            "numberedroom" => {
                let clue = self.clue();
                let line = clue.cells(n);
                let digit = if truthful {
                    self.at(line[usize::from(self.at(line[0])) - 1])
                } else {
                    1 + self.below(n) as u16
                };
                one(Constraint::NumberedRoom { clue, digit })
            }
            "arrow" => {
                let pill = n == 9 && self.chance(0.15);
                let line = if pill {
                    self.walk(5, 5, true)
                } else {
                    self.walk(2, 4, true)
                };
                if line.len() < 2 || (pill && line.len() < 4) {
                    return Vec::new();
                }
                let split = if pill { 2 } else { 1 };
                one(Constraint::Arrow {
                    bulb: line[..split].to_vec(),
                    shaft: line[split..].to_vec(),
                })
            }
            "doublearrow" => {
                let line = self.walk(3, 6, true);
                if line.len() < 3 {
                    return Vec::new();
                }
                one(Constraint::DoubleArrow { line })
            }
            "xv" => {
                let cells = if truthful {
                    self.pair_where(|a, b| a + b == 5 || a + b == 10)
                } else {
                    self.pair()
                };
                let s = self.at(cells[0]) + self.at(cells[1]);
                let sum = if truthful && (s == 5 || s == 10) {
                    u32::from(s)
                } else if self.chance(0.5) {
                    5
                } else {
                    10
                };
                one(Constraint::Xv { cells, sum })
            }
            "regionsum" => one(Constraint::RegionSum {
                line: self.walk(2, 6, true),
            }),
            "thermo" | "slowthermo" => {
                let mut line = self.walk(2, n.min(5), true);
                if truthful && self.at(line[0]) > self.at(line[line.len() - 1]) {
                    line.reverse();
                }
                one(if kind == "thermo" {
                    Constraint::Thermometer { line }
                } else {
                    Constraint::SlowThermometer { line }
                })
            }
            "whispers" => {
                let difference = if self.chance(0.6) {
                    n16.div_ceil(2)
                } else {
                    1 + self.below(n - 1) as u16
                };
                one(Constraint::Whispers {
                    line: self.walk(2, 6, true),
                    difference,
                })
            }
            "renban" => one(Constraint::Renban {
                line: self.walk(2, n.min(5), true),
            }),
            "palindrome" => one(Constraint::Palindrome {
                line: self.walk(2, 6, true),
            }),
            "between" => {
                let line = self.walk(3, 6, true);
                one(Constraint::Between { line })
            }
            "entropic" => one(Constraint::Entropic {
                line: self.walk(2, 7, true),
            }),
            "modular" => one(Constraint::Modular {
                line: self.walk(2, 7, true),
            }),
            "nabner" => one(Constraint::Nabner {
                line: self.walk(2, 4, true),
            }),
            "zipper" => one(Constraint::Zipper {
                line: self.walk(2, 7, true),
            }),
            "lockout" => {
                let difference = if self.chance(0.7) {
                    n16 / 2
                } else {
                    1 + self.below(n - 1) as u16
                };
                one(Constraint::Lockout {
                    line: self.walk(2, 6, true),
                    difference,
                })
            }
            "difference" => {
                let cells = self.pair();
                let difference = if truthful {
                    self.at(cells[0]).abs_diff(self.at(cells[1]))
                } else if self.chance(0.5) {
                    1
                } else {
                    1 + self.below(n - 1) as u16
                };
                one(Constraint::Difference { cells, difference })
            }
            "ratio" => {
                let cells = if truthful {
                    self.pair_where(|a, b| a.max(b) % a.min(b) == 0)
                } else {
                    self.pair()
                };
                let (a, b) = (self.at(cells[0]), self.at(cells[1]));
                let ratio = if truthful && a.max(b) % a.min(b) == 0 {
                    a.max(b) / a.min(b)
                } else if self.chance(0.6) {
                    2
                } else {
                    2 + self.below(n - 1) as u16
                };
                one(Constraint::Ratio { cells, ratio })
            }
            other => panic!("no generator for {other}"),
        }
    }

    /// The cells up to the first whose planted digit repeats one before it.
    fn distinct_prefix(&self, cells: Vec<Cell>) -> Vec<Cell> {
        let mut seen = Vec::new();
        cells
            .into_iter()
            .take_while(|&c| {
                let d = self.at(c);
                let fresh = !seen.contains(&d);
                seen.push(d);
                fresh
            })
            .collect()
    }

    /// A clue outside the grid and a direction into it.
    fn little_killer_clue(&mut self) -> ((i16, i16), Direction) {
        let n = self.n as i16;
        loop {
            let k = self.below(self.n + 1) as i16;
            let (clue, directions) = match self.below(4) {
                0 => ((-1, k), [Direction::DownLeft, Direction::DownRight]),
                1 => ((n, k), [Direction::UpLeft, Direction::UpRight]),
                2 => ((k, -1), [Direction::UpRight, Direction::DownRight]),
                _ => ((k, n), [Direction::UpLeft, Direction::DownLeft]),
            };
            let direction = directions[self.below(2)];
            if !diagonal(clue, direction, self.n).is_empty() {
                return (clue, direction);
            }
        }
    }
}

/// The cells from an outside clue along `direction`, to the edge of the grid.
fn diagonal(clue: (i16, i16), direction: Direction, n: usize) -> Vec<Cell> {
    let (dr, dc) = direction.step();
    let (mut r, mut c) = (clue.0 as isize + dr, clue.1 as isize + dc);
    let mut out = Vec::new();
    while r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n {
        out.push(Cell::new(r as usize, c as usize));
        r += dr;
        c += dc;
    }
    out
}

/// Whether some set of `digits` (one or more) adds up to `total`.
fn subset_makes(digits: &[u16], total: u32) -> bool {
    (1u32..1 << digits.len()).any(|m| {
        let sum: u32 = (0..digits.len())
            .filter(|i| m >> i & 1 != 0)
            .map(|i| u32::from(digits[i]))
            .sum();
        sum == total
    })
}

fn neighbours(cell: Cell, n: usize) -> Vec<Cell> {
    cell.orthogonal(n).collect()
}

/// Irregular regions: cells of neighbouring regions swapped at random, each swap kept when
/// both regions stay connected.
fn jumble(regions: &mut [u16], n: usize, rng: &mut SmallRng) {
    for _ in 0..n * n * 4 {
        let a = rng.random_range(0..n * n);
        let near = neighbours(Cell::new(a / n, a % n), n);
        let b = near[rng.random_range(0..near.len())];
        let b = b.row() * n + b.col();
        let (ra, rb) = (regions[a], regions[b]);
        if ra == rb {
            continue;
        }
        // `a` joins `b`'s region and some other cell of `b`'s region next to `a`'s joins `a`'s.
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&i| regions[i] == rb && i != b)
            .filter(|&i| {
                neighbours(Cell::new(i / n, i % n), n)
                    .iter()
                    .any(|c| regions[c.row() * n + c.col()] == ra && c.row() * n + c.col() != a)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let c = candidates[rng.random_range(0..candidates.len())];
        regions[a] = rb;
        regions[c] = ra;
        if !connected(regions, n, ra) || !connected(regions, n, rb) {
            regions[a] = ra;
            regions[c] = rb;
        }
    }
}

fn connected(regions: &[u16], n: usize, region: u16) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&i| regions[i] == region).collect();
    let mut seen = vec![cells[0]];
    let mut k = 0;
    while k < seen.len() {
        let i = seen[k];
        k += 1;
        for c in neighbours(Cell::new(i / n, i % n), n) {
            let j = c.row() * n + c.col();
            if regions[j] == region && !seen.contains(&j) {
                seen.push(j);
            }
        }
    }
    seen.len() == cells.len()
}

/// A random grid with different digits in rows, columns and regions, if a bounded search
/// finds one.
fn fill(regions: &[u16], n: usize, rng: &mut SmallRng) -> Option<Vec<u16>> {
    let top = regions.iter().filter(|&&r| r != NO_REGION).max().copied();
    let mut fill = Fill {
        n,
        regions,
        values: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; top.map_or(0, |r| usize::from(r) + 1)],
        budget: 20_000,
    };
    fill.go(rng).then_some(fill.values)
}

/// A search for a grid that keeps rows, columns and regions.
struct Fill<'a> {
    n: usize,
    regions: &'a [u16],
    values: Vec<u16>,
    /// The digits used, a bit each, by row, column and region.
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    /// Cells still to try before giving up.
    budget: u32,
}

impl Fill<'_> {
    fn used(&self, i: usize) -> u32 {
        let r = self.regions[i];
        let b = if r == NO_REGION {
            0
        } else {
            self.boxes[usize::from(r)]
        };
        self.rows[i / self.n] | self.cols[i % self.n] | b
    }

    fn flip(&mut self, i: usize, d: u16) {
        let bit = 1 << (d - 1);
        self.rows[i / self.n] ^= bit;
        self.cols[i % self.n] ^= bit;
        let r = self.regions[i];
        if r != NO_REGION {
            self.boxes[usize::from(r)] ^= bit;
        }
    }

    fn go(&mut self, rng: &mut SmallRng) -> bool {
        let all = (1u32 << self.n) - 1;
        let Some(i) = (0..self.n * self.n)
            .filter(|&i| self.values[i] == 0)
            .min_by_key(|&i| (all & !self.used(i)).count_ones())
        else {
            return true;
        };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let free = all & !self.used(i);
        let mut digits: Vec<u16> = (1..=self.n as u16)
            .filter(|d| free >> (d - 1) & 1 != 0)
            .collect();
        digits.shuffle(rng);
        for d in digits {
            self.values[i] = d;
            self.flip(i, d);
            if self.go(rng) {
                return true;
            }
            self.flip(i, d);
        }
        self.values[i] = 0;
        false
    }
}

/// A random puzzle of side `n` whose first constraint is of `kind`.
pub(crate) fn random_puzzle(seed: u64, n: usize, kind: &'static str) -> Made {
    let mut g = Gen::new(seed, n);
    let mut puzzle = Puzzle::new(n).expect("a size");
    puzzle.set_regions(g.regions.clone()).expect("regions");
    let mut kinds = vec![kind];
    for _ in 0..g.below(4) {
        kinds.push(KINDS[g.below(KINDS.len())]);
    }
    // Sometimes a region's cells in no region (but with a region sum line, whose segments
    // such cells would leave open to reading).
    if g.chance(0.08) && !kinds.contains(&"regionsum") {
        let cell = g.cell();
        let gone = g.regions[cell.row() * n + cell.col()];
        for r in &mut g.regions {
            if *r == gone {
                *r = NO_REGION;
            }
        }
        puzzle.set_regions(g.regions.clone()).expect("regions");
    }
    // Rules of the whole grid first (with the marks of negative ones), and a planted grid that
    // keeps them: the engine's first solution with a few digits of the old one given, when it
    // finds one at once (it only plants here: what is compared is the final puzzle).
    for &k in kinds.iter().filter(|k| GLOBAL.contains(k)) {
        for c in g.draw(k, false) {
            // An X on a 4×4 grid is refused: then the puzzle goes without.
            let _ = puzzle.push(c);
        }
    }
    if !puzzle.constraints().is_empty() {
        let mut hinted = puzzle.clone();
        for _ in 0..n / 2 {
            let c = g.cell();
            hinted.set_given(c, g.at(c), "").expect("a digit");
        }
        if let Some(sol) = first_solution(&hinted).or_else(|| first_solution(&puzzle)) {
            g.sol = sol;
        }
    }
    for &k in kinds.iter().filter(|k| !GLOBAL.contains(k)) {
        for c in g.make(k, &puzzle) {
            // Totals that no digits make are refused when pushed: then the puzzle goes without.
            let _ = puzzle.push(c);
        }
    }
    let givens = match n {
        4 => g.below(3),
        5 | 6 => 2 + g.below(8),
        8 => 10 + g.below(14),
        _ => 18 + g.below(18),
    };
    for _ in 0..givens {
        let c = g.cell();
        let d = g.at(c);
        puzzle.set_given(c, d, "").expect("a given");
    }
    if g.chance(0.1) {
        for _ in 0..1 + g.below(4) {
            let c = g.cell();
            let mask = (1u64 << (g.at(c) - 1)) | g.rng.random_range(0..1u64 << n);
            puzzle.set_candidates(c, mask, "").expect("candidates");
        }
    }
    Made { puzzle, kinds }
}

/// The engine's first solution, if it finds one within a quarter of a second.
fn first_solution(puzzle: &Puzzle) -> Option<Vec<u16>> {
    let stop = Stop {
        deadline: Some(Instant::now() + Duration::from_millis(250)),
        ..Stop::default()
    };
    let solution = Solutions::variant_engine(puzzle)
        .with_stop(stop)
        .next_values()
        .map(<[u16]>::to_vec);
    solution.filter(|s| puzzle.is_solution(s))
}
