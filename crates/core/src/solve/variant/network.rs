//! A puzzle compiled for the search: each cell's first candidates, each cell's peers (the
//! cells that must hold another digit), and the propagators of the rest.
//!
//! ```text
//!  rule                       becomes
//!  rows, columns, regions,    groups (hidden singles; a house of N cells holds every digit)
//!  diagonals, extra regions,  and peers (a placed digit leaves them)
//!  cages, disjoint groups
//!  anti-knight, anti-king,    peers only
//!  chess, taxicab
//!  dots, XV, thermometers,    pairs: a table of the digits one cell allows the other
//!  whispers, palindromes,
//!  clones, indexers, min/max,
//!  entropic/modular/nabner,
//!  non-consecutive, negatives
//!  cages with a total,        sums (exact on each constraint alone), cages by their sets of
//!  arrows, little killers,    digits, equal sums by segment
//!  double arrows, region sums
//!  renban, between, lockout,  their own filters
//!  zipper, x-sum, sandwich,
//!  skyscraper, quadruple
//! ```
//!
//! Propagators are cheap (groups, pairs), dear (the rest) or last (pointing): the driver runs
//! every cheap one queued before a dear one, and pointing when no other is queued.

mod derived;
mod layout;

use layout::{complements, forks, largest_overlap, overlaps, share_peers};

use std::collections::HashMap;

use super::clues::{Quadruple, Sandwich, Skyscraper, XSum};
use super::groups::{Group, Pointing};
use super::lines::{Ends, Renban, Zipper};
use super::pairs::{Fork, Pair, Relation};
use super::same::Same;
use super::sums::{Cage, Combos, EqualSums, Sum, Term};
use crate::Cell;
use crate::variant::{Constraint, Diagonal, NO_REGION, Negative, Puzzle};

/// One propagator.
#[derive(Clone, Debug)]
pub(super) enum Prop {
    Group(Group),
    Pointing(Pointing),
    Pair(Pair),
    Sum(Sum),
    Cage(Cage),
    EqualSums(EqualSums),
    Renban(Renban),
    Ends(Ends),
    Zipper(Zipper),
    XSum(XSum),
    Sandwich(Sandwich),
    Skyscraper(Skyscraper),
    Quadruple(Quadruple),
    Same(Same),
    Fork(Fork),
}

impl Prop {
    /// The cells whose changes wake the propagator.
    fn cells(&self) -> Vec<u32> {
        match self {
            Prop::Group(g) => g.cells.to_vec(),
            Prop::Pointing(g) => g.cells.to_vec(),
            Prop::Pair(p) => vec![p.a, p.b],
            Prop::Sum(s) => s.terms.iter().map(|t| t.cell).collect(),
            Prop::Cage(c) => c.cells.to_vec(),
            Prop::EqualSums(e) => e.segments.iter().flatten().map(|t| t.cell).collect(),
            Prop::Renban(r) => r.cells.to_vec(),
            Prop::Ends(e) => [e.first, e.last]
                .into_iter()
                .chain(e.middle.iter().copied())
                .collect(),
            Prop::Zipper(z) => z
                .pairs
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .chain(z.middle)
                .collect(),
            Prop::XSum(x) => x.cells.to_vec(),
            Prop::Sandwich(s) => s.cells.to_vec(),
            Prop::Skyscraper(s) => s.cells.to_vec(),
            Prop::Quadruple(q) => q.cells.to_vec(),
            Prop::Same(s) => s.a.iter().chain(s.b.iter()).copied().collect(),
            Prop::Fork(f) => vec![f.x, f.a, f.b],
        }
    }

    /// When the propagator runs: 0 cheap, 1 dear, 2 when nothing else is left to run.
    pub fn tier(&self) -> u8 {
        match self {
            Prop::Group(_) | Prop::Pair(_) => 0,
            Prop::Pointing(_) => 2,
            _ => 1,
        }
    }
}

/// The compiled puzzle.
#[derive(Clone, Debug)]
pub(super) struct Network {
    pub n: usize,
    /// Each cell's candidates before any propagation (givens, marks, parity).
    pub init: Vec<u64>,
    /// Peers of cell `c`: `peers[peer_start[c]..peer_start[c + 1]]`.
    pub peer_start: Vec<u32>,
    pub peers: Vec<u32>,
    pub props: Vec<Prop>,
    /// Propagators woken by cell `c`: `watch[watch_start[c]..watch_start[c + 1]]`.
    pub watch_start: Vec<u32>,
    pub watch: Vec<u32>,
    /// The cells of propagator `p`: `member[member_start[p]..member_start[p + 1]]`.
    pub member_start: Vec<u32>,
    pub member: Vec<u32>,
    pub relations: Vec<Relation>,
    pub combos: Option<Combos>,
    /// Each cell's peers as a bit set of `words` words (empty beyond 4,096 cells).
    pub peer_bits: Vec<u64>,
    pub words: usize,
    /// The largest overlap of two groups (see `Ctx::overlap`).
    pub overlap: u32,
    /// Where each propagator comes from: the index of its constraint in the puzzle, or
    /// [`HOUSE`] (rows, columns, regions) or [`DERIVED`] (innies and outies, leftovers).
    pub origin: Vec<u32>,
    /// The first candidates each constraint takes from a cell: (constraint, cell, kept).
    pub narrowed: Vec<(u32, u32, u64)>,
}

/// The origin of the rows', columns' and regions' propagators.
pub(crate) const HOUSE: u32 = u32::MAX;
/// The origin of the derived propagators.
pub(crate) const DERIVED: u32 = u32::MAX - 1;

/// What the builder gathers before the network is laid out.
struct Builder {
    n: usize,
    init: Vec<u64>,
    peers: Vec<Vec<u32>>,
    /// Groups of N cells (each holds every digit once), for the sums of houses.
    houses: Vec<Vec<u32>>,
    /// Killer cages with a total: cells (sorted) and total.
    cages: Vec<(Vec<u32>, u32)>,
    /// Pairs of cells that hold the same digit (palindromes, clones).
    equal: Vec<(u32, u32)>,
    props: Vec<Prop>,
    relations: Vec<Relation>,
    relation_ids: HashMap<Relation, u32>,
    /// The origin of each propagator pushed so far, and of the narrowings (see `Network`).
    origin: Vec<u32>,
    now: u32,
    narrowed: Vec<(u32, u32, u64)>,
}

impl Builder {
    fn index(&self, cell: Cell) -> u32 {
        (cell.row() * self.n + cell.col()) as u32
    }

    /// Keeps only the digits of `keep` among the first candidates of `cell`.
    fn narrow(&mut self, cell: usize, keep: u64) {
        self.init[cell] &= keep;
        self.narrowed.push((self.now, cell as u32, keep));
    }

    /// Marks the propagators pushed since the last call as coming from `origin`.
    fn mark(&mut self, origin: u32) {
        self.origin.resize(self.props.len(), origin);
        self.now = origin;
    }

    fn differ(&mut self, a: u32, b: u32) {
        if a != b {
            self.peers[a as usize].push(b);
            self.peers[b as usize].push(a);
        }
    }

    /// Cells that hold different digits: peers, and a group.
    fn group(&mut self, cells: Vec<u32>) {
        let mut cells = cells;
        cells.sort_unstable();
        cells.dedup();
        if cells.len() < 2 {
            return;
        }
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                self.differ(a, b);
            }
        }
        if cells.len() == self.n && !self.houses.contains(&cells) {
            self.houses.push(cells.clone());
        }
        self.props.push(Prop::Pointing(Pointing {
            cells: cells.clone().into_boxed_slice(),
            within: Box::new([]),
        }));
        self.props.push(Prop::Group(Group {
            cells: cells.into_boxed_slice(),
        }));
    }

    /// A relation `holds(x, y)` between the digits of `a` and `b`.
    fn pair(&mut self, a: u32, b: u32, holds: impl Fn(i64, i64) -> bool) {
        if a == b {
            // A cell in relation with itself keeps the digits related to themselves.
            let keep = (1..=self.n as i64)
                .filter(|&x| holds(x, x))
                .fold(0u64, |m, x| m | 1 << (x - 1));
            self.narrow(a as usize, keep);
            return;
        }
        let rel = Relation::new(self.n, holds);
        let next = self.relations.len() as u32;
        let id = *self.relation_ids.entry(rel.clone()).or_insert(next);
        if id == next {
            self.relations.push(rel);
        }
        self.props.push(Prop::Pair(Pair { a, b, rel: id }));
    }

    fn cells(&self, cells: &[Cell]) -> Vec<u32> {
        cells.iter().map(|&c| self.index(c)).collect()
    }

    fn sum(&mut self, terms: Vec<(u32, i64)>, target: i64) {
        // Negative weights reflect their cell: c·x = −|c|·(N + 1 − x) + c·(N + 1)... that is
        // −|c|·x = |c|·x' − |c|·(N + 1) with x' = N + 1 − x.
        let n1 = self.n as i64 + 1;
        let mut target = target;
        let terms: Vec<Term> = terms
            .into_iter()
            .filter(|&(_, c)| c != 0)
            .map(|(cell, c)| {
                if c < 0 {
                    target += -c * n1;
                }
                Term {
                    cell,
                    coef: c.unsigned_abs() as u32,
                    reflected: c < 0,
                }
            })
            .collect();
        if terms.is_empty() {
            if target != 0 {
                self.fail();
            }
            return;
        }
        let most: i64 = terms
            .iter()
            .map(|t| i64::from(t.coef) * self.n as i64)
            .sum();
        if target < 0 || target > most {
            self.fail();
            return;
        }
        self.props.push(Prop::Sum(Sum {
            terms: terms.into_boxed_slice(),
            target: target as u32,
            n: self.n as u32,
            parts: Box::new([]),
        }));
    }

    /// A rule that can never hold: the first cell gets no candidate.
    fn fail(&mut self) {
        self.narrow(0, 0);
    }

    /// Orthogonally adjacent pairs of the grid, each once.
    fn adjacent(&self) -> Vec<(u32, u32)> {
        let n = self.n as u32;
        let mut pairs = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n {
                    pairs.push((r * n + c, r * n + c + 1));
                }
                if r + 1 < n {
                    pairs.push((r * n + c, (r + 1) * n + c));
                }
            }
        }
        pairs
    }

    /// Every pair of cells `(dr, dc)` apart in any of the eight orientations: peers.
    fn offsets(&mut self, dr: i64, dc: i64) {
        let n = self.n as i64;
        for (a, b) in [(dr, dc), (dc, dr)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (ar, ac) = (a * sa, b * sb);
                for r in 0..n {
                    for c in 0..n {
                        let (r2, c2) = (r + ar, c + ac);
                        if (0..n).contains(&r2) && (0..n).contains(&c2) {
                            self.differ((r * n + c) as u32, (r2 * n + c2) as u32);
                        }
                    }
                }
            }
        }
    }
}

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

impl Network {
    pub fn new(puzzle: &Puzzle) -> Network {
        let n = puzzle.size();
        let cells = n * n;
        let all = puzzle.all_digits();
        let mut init: Vec<u64> = match puzzle.candidates() {
            Some(c) => c.to_vec(),
            None => vec![all; cells],
        };
        for (m, &g) in init.iter_mut().zip(puzzle.givens()) {
            if g != 0 {
                *m &= 1 << (g - 1);
            }
        }
        let mut b = Builder {
            n,
            init,
            peers: vec![Vec::new(); cells],
            houses: Vec::new(),
            cages: Vec::new(),
            equal: Vec::new(),
            props: Vec::new(),
            relations: Vec::new(),
            relation_ids: HashMap::new(),
            origin: Vec::new(),
            now: HOUSE,
            narrowed: Vec::new(),
        };
        let nu = n as u32;
        for i in 0..nu {
            b.group((0..nu).map(|j| i * nu + j).collect());
            b.group((0..nu).map(|j| j * nu + i).collect());
        }
        let regions = region_cells(puzzle);
        for cells in regions.values() {
            b.group(cells.clone());
        }
        let constraints = puzzle.constraints();
        // Pairs with a mark, which the negative constraints and non-consecutive leave alone.
        let mut kropki = std::collections::HashSet::new();
        let mut xv = std::collections::HashSet::new();
        let (mut differences, mut ratios) = (Vec::new(), Vec::new());
        for constraint in constraints {
            match constraint {
                Constraint::Difference { cells, difference } => {
                    let (x, y) = (b.index(cells[0]), b.index(cells[1]));
                    kropki.insert((x.min(y), x.max(y)));
                    differences.push(i64::from(*difference));
                }
                Constraint::Ratio { cells, ratio } => {
                    let (x, y) = (b.index(cells[0]), b.index(cells[1]));
                    kropki.insert((x.min(y), x.max(y)));
                    ratios.push(i64::from(*ratio));
                }
                Constraint::Xv { cells, .. } => {
                    let (x, y) = (b.index(cells[0]), b.index(cells[1]));
                    xv.insert((x.min(y), x.max(y)));
                }
                _ => {}
            }
        }
        differences.sort_unstable();
        differences.dedup();
        ratios.sort_unstable();
        ratios.dedup();
        let minima: std::collections::HashSet<u32> = constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Minimum { cell } => Some(b.index(*cell)),
                _ => None,
            })
            .collect();
        let maxima: std::collections::HashSet<u32> = constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Maximum { cell } => Some(b.index(*cell)),
                _ => None,
            })
            .collect();
        let mut combos = None;
        b.mark(HOUSE);
        for (i, constraint) in constraints.iter().enumerate() {
            b.now = i as u32;
            add(
                &mut b,
                puzzle,
                &regions,
                constraint,
                Marks {
                    kropki: &kropki,
                    xv: &xv,
                    differences: &differences,
                    ratios: &ratios,
                    minima: &minima,
                    maxima: &maxima,
                },
                &mut combos,
            );
            b.mark(i as u32);
        }
        b.now = DERIVED;
        derived::innies_and_outies(&mut b, &mut combos);
        derived::leftovers(&mut b, &regions);
        b.mark(DERIVED);
        Network::lay_out(b, combos)
    }

    fn lay_out(mut b: Builder, combos: Option<Combos>) -> Network {
        let cells = b.n * b.n;
        let sums = b.props.iter().any(|p| matches!(p, Prop::Sum(_)));
        let combos = combos.or_else(|| (sums && b.n <= Combos::MAX_SIDE).then(|| Combos::new(b.n)));
        share_peers(&mut b);
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for mut list in b.peers {
            list.sort_unstable();
            list.dedup();
            peer_start.push(peers.len() as u32);
            peers.extend(list);
        }
        peer_start.push(peers.len() as u32);
        if combos.is_some() {
            let sees = |a: u32, c: u32| {
                peers[peer_start[a as usize] as usize..peer_start[a as usize + 1] as usize]
                    .binary_search(&c)
                    .is_ok()
            };
            for p in b.props.iter_mut() {
                if let Prop::Sum(sum) = p
                    && sum.terms.len() <= 64
                {
                    sum.find_cliques(sees);
                }
            }
        }
        complements(b.n, &mut b.props, &b.houses);
        overlaps(&mut b.props, cells);
        forks(
            b.n,
            &mut b.props,
            &mut b.origin,
            &b.relations,
            &peers,
            &peer_start,
        );
        let words = cells.div_ceil(64);
        let mut peer_bits = Vec::new();
        if words <= 64 {
            peer_bits = vec![0u64; cells * words];
            for c in 0..cells {
                for &p in &peers[peer_start[c] as usize..peer_start[c + 1] as usize] {
                    peer_bits[c * words + p as usize / 64] |= 1 << (p % 64);
                }
            }
        }
        let mut watching = vec![Vec::new(); cells];
        let mut member_start = Vec::with_capacity(b.props.len() + 1);
        let mut member = Vec::new();
        for (i, p) in b.props.iter().enumerate() {
            let mut list = p.cells();
            list.sort_unstable();
            list.dedup();
            member_start.push(member.len() as u32);
            for &c in &list {
                watching[c as usize].push(i as u32);
            }
            member.extend(list);
        }
        member_start.push(member.len() as u32);
        let mut watch_start = Vec::with_capacity(cells + 1);
        let mut watch = Vec::new();
        for list in watching {
            watch_start.push(watch.len() as u32);
            watch.extend(list);
        }
        watch_start.push(watch.len() as u32);
        let overlap = largest_overlap(&b.props, cells);
        Network {
            overlap,
            n: b.n,
            init: b.init,
            peer_start,
            peers,
            props: b.props,
            watch_start,
            watch,
            member_start,
            member,
            relations: b.relations,
            combos,
            peer_bits,
            words: if words <= 64 { words } else { usize::MAX },
            origin: b.origin,
            narrowed: b.narrowed,
        }
    }

    /// The peers of cell `c`.
    #[inline]
    pub fn peers_of(&self, c: usize) -> &[u32] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }

    /// The cells of propagator `p`.
    #[inline]
    pub fn members(&self, p: usize) -> &[u32] {
        &self.member[self.member_start[p] as usize..self.member_start[p + 1] as usize]
    }

    /// The propagators woken by cell `c`.
    #[inline]
    pub fn watchers(&self, c: usize) -> &[u32] {
        &self.watch[self.watch_start[c] as usize..self.watch_start[c + 1] as usize]
    }
}

/// The cells of each region, in reading order, by region number.
fn region_cells(puzzle: &Puzzle) -> std::collections::BTreeMap<u16, Vec<u32>> {
    let mut regions = std::collections::BTreeMap::new();
    for (i, &r) in puzzle.regions().iter().enumerate() {
        if r != NO_REGION {
            regions.entry(r).or_insert_with(Vec::new).push(i as u32);
        }
    }
    regions
}

/// The marks that the negative constraints, non-consecutive and min/max cells look at.
#[derive(Clone, Copy)]
struct Marks<'a> {
    kropki: &'a std::collections::HashSet<(u32, u32)>,
    xv: &'a std::collections::HashSet<(u32, u32)>,
    differences: &'a [i64],
    ratios: &'a [i64],
    minima: &'a std::collections::HashSet<u32>,
    maxima: &'a std::collections::HashSet<u32>,
}

/// Compiles one constraint.
fn add(
    b: &mut Builder,
    puzzle: &Puzzle,
    regions: &std::collections::BTreeMap<u16, Vec<u32>>,
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
                let keep = super::ctx::range(i as i64, (n - k + i) as i64);
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
