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
//!  numbered rooms,
//!  entropic/modular/nabner,
//!  non-consecutive, negatives
//!  cages with a total,        sums (exact on each constraint alone), cages by their sets of
//!  arrows, little killers,    digits, equal sums by segment
//!  double arrows, region sums
//!  renban, between, lockout,  their own filters
//!  zipper, x-sum, sandwich,
//!  skyscraper, quadruple,
//!  rellik, equality
//! ```
//!
//! Propagators are cheap (groups, pairs), dear (the rest) or last (pointing): the driver runs
//! every cheap one queued before a dear one, and pointing when no other is queued.

mod compile;
mod derived;
mod layout;

use compile::{Marks, add};
use layout::{complements, forks, largest_overlap, overlaps, share_peers};

use std::collections::HashMap;

use super::clues::{Equality, Quadruple, Rellik, Sandwich, Skyscraper, XSum};
use super::groups::{Group, Pointing};
use super::lines::{Ends, Renban, Zipper};
use super::pairs::{Fork, Pair, Relation};
use super::same::Same;
use super::sums::{Cage, Combos, EqualSums, Sum, Term};
use crate::Cell;
use crate::variant::{Constraint, NO_REGION, Puzzle};

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
    Rellik(Rellik),
    Equality(Equality),
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
            Prop::Rellik(r) => r.cells.to_vec(),
            Prop::Equality(e) => e.cells.to_vec(),
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
                    && sum.terms.len() <= 128
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
