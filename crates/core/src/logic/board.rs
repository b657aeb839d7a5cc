//! The candidate board the techniques read: every empty cell's candidates as a bit mask.
//!
//! Candidates are `u64` masks (bit `d` is digit `d + 1`), so the logical solver handles grids
//! up to 64×64; larger grids are refused with [`LogicError::TooLarge`]. Houses are numbered
//! `0..N` rows, `N..2N` columns, `2N..3N` boxes; a house's cells are listed in reading order,
//! so a digit's *positions* in a house are a `u64` mask too (bit `i` = the house's `i`-th cell).
//!
//! ```text
//!  9×9, house numbers:   rows 0–8, columns 9–17, boxes 18–26
//!  cell index = row × N + col;   peers listed box first, then row, then column
//! ```

use std::sync::Arc;

use super::extras::Extras;
use crate::grid::{Cell, Digit, Grid, House, Shape};
use crate::solve::Stop;

/// Why a grid cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// The logical solver works on grids up to 64×64.
    #[error("the logical solver handles grids up to 64×64, not {side}×{side}")]
    TooLarge {
        /// The grid's side.
        side: usize,
    },
    /// Two givens clash, or a cell has no candidate left.
    #[error("the grid is contradictory: {0}")]
    Contradiction(String),
    /// A variant puzzle the logical solver does not take yet.
    #[error("the logical solver does not take {0} yet")]
    Unsupported(String),
}

/// Rows, columns, boxes and peers of one shape, computed once per board.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub shape: Shape,
    pub n: usize,
    /// `3N` houses: rows, columns, boxes; each its cells in reading order.
    pub houses: Vec<Vec<u16>>,
    /// Each cell's row, column and box house.
    pub cell_houses: Vec<[u16; 3]>,
    /// Each cell's peers: box first, then the rest of its row, then of its column (then, on
    /// a variant board, the cells its constraints make it differ from).
    pub peers: Vec<Vec<u16>>,
    /// A variant puzzle's groups, peers and links beyond rows, columns and regions.
    pub extras: Option<Box<Extras>>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        Geometry::with_regions(shape, |cell| shape.box_of(cell))
    }

    /// The geometry with the regions `region_of` gives in place of the boxes (`N` regions of
    /// `N` cells, numbered `0..N`).
    pub fn with_regions(shape: Shape, region_of: impl Fn(Cell) -> usize) -> Geometry {
        let n = shape.side();
        let mut houses = vec![Vec::with_capacity(n); 3 * n];
        let mut cell_houses = vec![[0u16; 3]; n * n];
        for (idx, slot) in cell_houses.iter_mut().enumerate() {
            let (r, c) = (idx / n, idx % n);
            let b = region_of(Cell::new(r, c));
            let hs = [r, n + c, 2 * n + b];
            for h in hs {
                houses[h].push(idx as u16);
            }
            *slot = hs.map(|h| h as u16);
        }
        let mut peers = Vec::with_capacity(n * n);
        for (idx, hs) in cell_houses.iter().enumerate() {
            let mut p: Vec<u16> = Vec::with_capacity(3 * n);
            for &h in [hs[2], hs[0], hs[1]].iter() {
                for &q in &houses[h as usize] {
                    if q as usize != idx && !p.contains(&q) {
                        p.push(q);
                    }
                }
            }
            peers.push(p);
        }
        Geometry {
            shape,
            n,
            houses,
            cell_houses,
            peers,
            extras: None,
        }
    }

    /// The public name of house `h`.
    pub fn house(&self, h: usize) -> House {
        let n = self.n;
        match h / n {
            0 => House::Row(h as u16),
            1 => House::Col((h - n) as u16),
            _ => House::Box((h - 2 * n) as u16),
        }
    }

    pub fn cell(&self, idx: usize) -> Cell {
        Cell::new(idx / self.n, idx % self.n)
    }

    /// The cells of house or group `h`: rows, columns, regions (`0..3N`), then a variant
    /// board's extra groups (`3N..`).
    pub fn group(&self, h: usize) -> &[u16] {
        match (self.houses.get(h), &self.extras) {
            (Some(cells), _) => cells,
            (None, Some(x)) => &x.groups[h - self.houses.len()].cells,
            (None, None) => &[],
        }
    }

    /// A variant board's extra groups (`3N..`), only those of `N` cells when `full`.
    pub fn extra_groups(&self, full: bool) -> impl Iterator<Item = usize> + '_ {
        let base = self.houses.len();
        self.extras.iter().flat_map(move |x| {
            x.groups
                .iter()
                .enumerate()
                .filter(move |(_, g)| g.full || !full)
                .map(move |(i, _)| base + i)
        })
    }

    /// The name of house or group `h` as a step's text writes it (`row 3`, `box 5`,
    /// `killer cage 15 r1c1,r1c2`).
    pub fn name(&self, h: usize) -> String {
        match &self.extras {
            Some(x) if h >= self.houses.len() => x.groups[h - self.houses.len()].name.clone(),
            Some(x) if h >= 2 * self.n && x.irregular => format!("region {}", h - 2 * self.n + 1),
            _ => self.house(h).to_string(),
        }
    }

    /// The index of the constraint that makes group `h` (a house beyond rows, columns and
    /// regions) in the puzzle's constraints; none for a row, column or region.
    pub fn constraint_of(&self, h: usize) -> Option<usize> {
        let x = self.extras.as_ref()?;
        x.groups
            .get(h.checked_sub(self.houses.len())?)
            .map(|g| g.constraint)
    }

    /// Whether two cells share a house (or, on a variant board, must differ).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (ha, hb) = (self.cell_houses[a], self.cell_houses[b]);
        a != b
            && (ha[0] == hb[0]
                || ha[1] == hb[1]
                || ha[2] == hb[2]
                || self.extras.as_ref().is_some_and(|x| x.sees(a, b)))
    }

    /// Why cells `a` and `b` must differ when no row, column or region says so: on a variant
    /// board, the constraint's name (`anti-knight`, `killer cage 15 r1c1,r1c2`) and its index
    /// in the puzzle's constraints (see [`Extras::why_at`]); none for cells that share a house.
    pub fn why_at(&self, a: usize, b: usize) -> Option<(String, Option<usize>)> {
        let (ha, hb) = (self.cell_houses[a], self.cell_houses[b]);
        if (0..3).any(|k| ha[k] == hb[k]) {
            return None;
        }
        self.extras.as_ref()?.why_at(self.n, a, b)
    }

    /// The constraints that make each of `to` see each of `from`, beyond the houses.
    /// Each with its index in the puzzle's constraints, when one constraint gives it.
    pub fn peer_constraints(&self, from: &[usize], to: &[usize]) -> Vec<(String, Option<usize>)> {
        let mut out: Vec<(String, Option<usize>)> = Vec::new();
        if self.extras.is_none() {
            return out;
        }
        for &a in from {
            for &b in to {
                if let Some(why) = self.why_at(a, b)
                    && !out.contains(&why)
                {
                    out.push(why);
                }
            }
        }
        out
    }

    /// The houses both cells lie in (0 to 2 of them).
    pub fn common_houses(&self, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
        let (ha, hb) = (self.cell_houses[a], self.cell_houses[b]);
        (0..3)
            .filter(move |&k| ha[k] == hb[k])
            .map(move |k| ha[k] as usize)
    }
}

/// A grid with candidates: what a player sees with pencil marks filled in.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) geo: Arc<Geometry>,
    /// 0 for empty, else the digit's value.
    pub(crate) values: Vec<u8>,
    /// Candidates of empty cells (0 for filled cells).
    pub(crate) cands: Vec<u64>,
    /// When reasoning on the board gives up ([`Board::with_stop`]).
    pub(crate) budget: Budget,
}

/// A deadline and a flag that end the reasoning on a board: looked at between techniques and
/// between the starting candidates of the chain searches (the slow ones), so a step that runs
/// past them ends soon after. Only the deadline and the flag of the [`Stop`] are kept.
#[derive(Clone, Debug, Default)]
pub(crate) struct Budget(Stop);

impl Budget {
    /// Whether the deadline has passed or the flag is up.
    pub(crate) fn spent(&self) -> bool {
        self.0.expired()
    }
}

impl Board {
    /// The board of a puzzle: every empty cell gets the digits its row, column and box allow
    /// (of its candidates, in a pencil-mark puzzle).
    pub fn new(grid: &Grid) -> Result<Board, LogicError> {
        let shape = grid.shape();
        let n = shape.side();
        if n > 64 {
            return Err(LogicError::TooLarge { side: n });
        }
        if let Some(c) = grid.conflicts().first() {
            return Err(LogicError::Contradiction(format!(
                "duplicate {} in {}: {} and {}",
                c.digit, c.house, c.first, c.second
            )));
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut board = Board::blank(Geometry::new(shape), full);
        if let Some(marks) = grid.pencil_marks() {
            // A pencil-mark puzzle starts from its candidates.
            for (cands, set) in board.cands.iter_mut().zip(marks) {
                *cands &= set.bits::<1>().0[0];
            }
        }
        for (idx, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                board.place(idx, v as usize - 1);
            }
        }
        Ok(board)
    }

    /// An empty board on `geo` whose cells may hold the digits of `full`.
    pub(crate) fn blank(geo: Geometry, full: u64) -> Board {
        let cells = geo.n * geo.n;
        Board {
            values: vec![0; cells],
            cands: vec![full; cells],
            geo: Arc::new(geo),
            budget: Budget::default(),
        }
    }

    /// The board of a puzzle with the player's pencil marks: each empty cell keeps only the
    /// marks given for it (an empty mark set means "not marked": all digits stay).
    pub fn with_marks(grid: &Grid, marks: &[Vec<Digit>]) -> Result<Board, LogicError> {
        let mut board = Board::new(grid)?;
        for (idx, m) in marks.iter().enumerate().take(board.cands.len()) {
            if board.values[idx] == 0 && !m.is_empty() {
                let mask = m.iter().fold(0u64, |acc, d| acc | 1 << d.index());
                board.cands[idx] &= mask;
            }
        }
        Ok(board)
    }

    /// Gives up the reasoning on this board at the stop's deadline or flag (its other fields
    /// are for searches and are not used here): a technique that finds nothing by then returns
    /// nothing, and [`Board::interrupted`] says why.
    pub fn with_stop(mut self, stop: &Stop) -> Board {
        self.budget = Budget(Stop {
            deadline: stop.deadline,
            cancel: stop.cancel.clone(),
            ..Stop::default()
        });
        self
    }

    /// Whether the stop given by [`Board::with_stop`] has fired: no step found now means no
    /// time, not no step.
    pub fn interrupted(&self) -> bool {
        self.budget.spent()
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.geo.shape
    }

    /// The side `N`.
    pub fn side(&self) -> usize {
        self.geo.n
    }

    /// The digit in a cell, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.row() * self.geo.n + cell.col()] as usize)
    }

    /// The candidates of an empty cell (none for a filled one).
    pub fn candidates(&self, cell: Cell) -> Vec<Digit> {
        let m = self.cands[cell.row() * self.geo.n + cell.col()];
        bits(m).filter_map(|d| Digit::new(d + 1)).collect()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The digits placed so far.
    pub fn grid(&self) -> Grid {
        let values: Vec<u16> = self.values.iter().map(|&v| v as u16).collect();
        Grid::from_values(self.geo.shape, &values).expect("board values are in range")
    }

    /// Whether the board is visibly broken: an empty cell without candidates, or a house
    /// where a missing digit has no place left.
    pub fn is_broken(&self) -> bool {
        let n = self.geo.n;
        if (0..n * n).any(|i| self.values[i] == 0 && self.cands[i] == 0) {
            return true;
        }
        self.geo.houses.iter().any(|cells| {
            let mut seen = 0u64;
            for &c in cells {
                let c = c as usize;
                seen |= self.cands[c];
                if self.values[c] != 0 {
                    seen |= 1 << (self.values[c] - 1);
                }
            }
            seen.count_ones() as usize != n
        }) || self.geo.extras.as_ref().is_some_and(|x| {
            x.groups.iter().any(|g| {
                let mut seen = 0u64;
                for &c in &g.cells {
                    let c = c as usize;
                    seen |= self.cands[c];
                    if self.values[c] != 0 {
                        seen |= 1 << (self.values[c] - 1);
                    }
                }
                // A group of k cells needs k digits among them; a full one, every digit.
                let need = if g.full { n } else { g.cells.len() };
                (seen.count_ones() as usize) < need
            })
        })
    }

    /// The grid with every empty cell's candidates, one box-drawn line per row:
    /// placed digits alone, candidates as a run of digits, columns padded to line up.
    pub fn pencilmarks(&self) -> String {
        let n = self.geo.n;
        let shape = self.geo.shape;
        let sym = |d: usize| {
            std::char::from_digit(d as u32 + 1, 36).map_or('?', |c| c.to_ascii_uppercase())
        };
        let texts: Vec<String> = (0..n * n)
            .map(|i| match self.values[i] {
                0 => bits(self.cands[i]).map(sym).collect(),
                v => sym(v as usize - 1).to_string(),
            })
            .collect();
        let width = texts.iter().map(String::len).max().unwrap_or(1);
        let rule = {
            let seg = "-".repeat((width + 1) * shape.width() + 1);
            let mut r = String::from("+");
            for _ in 0..n / shape.width() {
                r.push_str(&seg);
                r.push('+');
            }
            r
        };
        let mut out = String::new();
        for r in 0..n {
            if r % shape.height() == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            for c in 0..n {
                if c % shape.width() == 0 {
                    out.push_str("| ");
                }
                out.push_str(&format!("{:<width$} ", texts[r * n + c]));
            }
            out.push_str("|\n");
        }
        out.push_str(&rule);
        out
    }

    /// Places digit `d` (0-based) in cell `idx` and removes it from the peers' candidates.
    pub(crate) fn place(&mut self, idx: usize, d: usize) {
        self.values[idx] = d as u8 + 1;
        self.cands[idx] = 0;
        let bit = !(1u64 << d);
        for &p in &self.geo.peers[idx] {
            self.cands[p as usize] &= bit;
        }
    }

    /// Every cell's digits as masks, with `cands` for the empty cells (a placed digit is its
    /// cell's one candidate): what the variant engine's propagators read.
    pub(crate) fn masks(&self, cands: &[u64]) -> Vec<u64> {
        cands
            .iter()
            .zip(&self.values)
            .map(|(&m, &v)| if v != 0 { 1 << (v - 1) } else { m })
            .collect()
    }

    /// The positions of digit `d` in house or group `h` (see [`Geometry::group`]).
    pub(crate) fn group_positions(&self, h: usize, d: usize) -> u64 {
        let mut m = 0u64;
        for (i, &c) in self.geo.group(h).iter().enumerate() {
            m |= ((self.cands[c as usize] >> d) & 1) << i;
        }
        m
    }

    /// The positions of digit `d` in house `h`, as a mask over the house's cells.
    #[inline]
    pub(crate) fn positions(&self, h: usize, d: usize) -> u64 {
        positions(&self.geo, &self.cands, h, d)
    }
}

/// The positions of digit `d` in house `h` on candidate array `cands`.
#[inline]
pub(crate) fn positions(geo: &Geometry, cands: &[u64], h: usize, d: usize) -> u64 {
    let mut m = 0u64;
    for (i, &c) in geo.houses[h].iter().enumerate() {
        m |= ((cands[c as usize] >> d) & 1) << i;
    }
    m
}

/// The set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Calls `f` with each choice of `k` of the `items` (`(id, mask)`, taken in order) whose masks
/// together with `init` have at most `max_bits` bits, until `f` returns `Some`. Subsets, fish,
/// unique rectangles and wings all search such sets.
pub(super) fn combinations<T>(
    items: &[(usize, u64)],
    k: usize,
    init: u64,
    max_bits: u32,
    f: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[(usize, u64)],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u64,
        max_bits: u32,
        f: &mut impl FnMut(&[usize], u64) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            let u = union | items[i].1;
            if u.count_ones() > max_bits {
                continue;
            }
            chosen.push(items[i].0);
            let r = go(items, k, i + 1, chosen, u, max_bits, f);
            chosen.pop();
            if r.is_some() {
                return r;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), init, max_bits, f)
}
