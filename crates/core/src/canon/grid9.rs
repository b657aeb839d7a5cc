//! Full 9×9 grids. The general search works for them, but a full grid's first row ties with
//! every other, so this path uses what is known about grids instead.
//!
//! Whatever the transform, the first row of a full grid becomes `123456789`: the label of a
//! digit is `1 +` the place its column takes in the first row. So the first two rows `r0`,
//! `r1` (a band's rows in either order and orientation: 36 pairs) fix everything but the
//! column permutation `π` (place → column, one of the `6⁴ = 1296` that keep stacks), and the
//! second row is
//!
//! ```text
//!   row1[j] = 1 + π⁻¹(f(π(j)))      f(c) = the column of r0 holding r1's digit at column c
//! ```
//!
//! `f` conjugated by `π`. Only `f`'s class under those conjugations matters, and there are
//! few: `f` sends no column into its own stack, so it is one of 12,096 permutations (432 whose
//! stacks go whole to one stack, 11,664 that split them 2 + 1), in a few dozen classes. A
//! table built once per process ([`Shapes`]) gives for each such `f` the smallest second row
//! of its class, one `ψ` that gives it, and (per class) the `τ` that keep it: the `π` giving
//! the smallest row are exactly `ψ∘τ`. So the second row is the smallest of 36 look-ups, and
//! the candidates are the `ψ∘τ` of the pairs that reach it.
//!
//! The third row then follows from `π` alone, and the six rows below are fixed up to their
//! order: each band's rows sorted, the bands by their first row (the rows of a full grid all
//! differ). The smallest of these among the candidates is the answer.

use std::sync::OnceLock;

use crate::transform::Transform;

/// A column permutation: place → column and back, with its pair of first rows (an index into
/// [`Grids::pairs`]).
#[derive(Clone, Copy, Debug)]
struct Perm {
    at: [u8; 9],
    pos: [u8; 9],
    pair: u8,
}

/// The 9 entries of a permutation, 4 bits each, the first highest: integers compare as the
/// sequences do.
fn pack(f: &[u8; 9]) -> u64 {
    f.iter().fold(0, |acc, &x| acc << 4 | u64::from(x))
}

fn inverse(p: &[u8; 9]) -> [u8; 9] {
    let mut q = [0; 9];
    for (i, &x) in p.iter().enumerate() {
        q[usize::from(x)] = i as u8;
    }
    q
}

/// `π⁻¹ f π`, with `π` given place → column.
fn conjugate(f: &[u8; 9], pi: &[u8; 9]) -> [u8; 9] {
    let pos = inverse(pi);
    pi.map(|c| pos[usize::from(f[usize::from(c)])])
}

/// An `f` of the table, as [`Shapes::get`] gives it.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The smallest second row of its class, packed (places 0–8, labels less one).
    row: u64,
    /// Its class, an index into [`Shapes::stab`].
    class: u16,
    /// A `ψ` (place → column) with `ψ⁻¹ f ψ` the smallest.
    psi: [u8; 9],
}

/// The classes of `f` under the column permutations that keep stacks.
#[derive(Debug)]
struct Shapes {
    /// Open addressing on `pack(f)`, 2¹⁵ slots for 12,096 keys: `pack(f)` (36 bits), its
    /// class (bits 40–47) and its `ψ`, an index into `group` (from bit 48); 0 when empty
    /// (`f(0)` is never 0). One word a slot keeps the table small enough to stay in cache.
    slots: Vec<u64>,
    /// The column permutations that keep stacks.
    group: Vec<[u8; 9]>,
    /// For each class, its smallest row and the permutations `τ` that keep it.
    rows: Vec<u64>,
    stab: Vec<Vec<[u8; 9]>>,
}

const SLOT_BITS: u32 = 15;
const KEY: u64 = (1 << 36) - 1;

impl Shapes {
    fn index(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
    }

    /// The slot holding `key`, or the empty one where it would go.
    #[inline]
    fn probe(&self, key: u64) -> usize {
        let mask = (1 << SLOT_BITS) - 1;
        let mut i = Shapes::index(key);
        while self.slots[i] & KEY != key && self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        i
    }

    #[inline]
    fn get(&self, f: &[u8; 9]) -> Slot {
        let s = self.slots[self.probe(pack(f))];
        debug_assert!(s != 0, "every f of a valid grid is in the table");
        let class = (s >> 40) as u8;
        Slot {
            row: self.rows[usize::from(class)],
            class: u16::from(class),
            psi: self.group[(s >> 48) as usize],
        }
    }

    fn contains(&self, f: &[u8; 9]) -> bool {
        self.slots[self.probe(pack(f))] != 0
    }

    fn insert(&mut self, key: u64, class: u16, psi: u16) {
        let i = self.probe(key);
        if self.slots[i] == 0 {
            self.slots[i] = key | u64::from(class) << 40 | u64::from(psi) << 48;
        }
    }

    fn build() -> Shapes {
        let group: Vec<[u8; 9]> = ORDERS
            .iter()
            .flat_map(|s| {
                ORDERS.iter().flat_map(move |o0| {
                    ORDERS.iter().flat_map(move |o1| {
                        ORDERS.iter().map(move |o2| {
                            let inner = [o0, o1, o2];
                            std::array::from_fn(|j| 3 * s[j / 3] + inner[j / 3][j % 3])
                        })
                    })
                })
            })
            .collect();
        let mut fs = Vec::new();
        every_f(&mut [0; 9], 0, 0, &mut fs);
        let index: std::collections::HashMap<[u8; 9], u16> = group
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i as u16))
            .collect();
        let mut shapes = Shapes {
            slots: vec![0; 1 << SLOT_BITS],
            group: group.clone(),
            rows: Vec::new(),
            stab: Vec::new(),
        };
        for f in &fs {
            if shapes.contains(f) {
                continue;
            }
            let sigma = *group
                .iter()
                .min_by_key(|pi| pack(&conjugate(f, pi)))
                .expect("a non-empty group");
            let m = conjugate(f, &sigma);
            let class = shapes.stab.len() as u16;
            shapes.rows.push(pack(&m));
            shapes.stab.push(
                group
                    .iter()
                    .copied()
                    .filter(|t| conjugate(&m, t) == m)
                    .collect(),
            );
            for pi in &group {
                // g = π⁻¹ f π, so f = π g π⁻¹ and m = σ⁻¹ f σ = (π⁻¹σ)⁻¹ g (π⁻¹σ).
                let g = conjugate(f, pi);
                let pos = inverse(pi);
                let psi = sigma.map(|c| pos[usize::from(c)]);
                debug_assert_eq!(conjugate(&g, &psi), m);
                shapes.insert(pack(&g), class, index[&psi]);
            }
        }
        shapes
    }
}

/// Every permutation of the 9 columns that sends no column into its own stack, from column
/// `c` on (`used`: the columns taken).
fn every_f(f: &mut [u8; 9], c: usize, used: u16, out: &mut Vec<[u8; 9]>) {
    if c == 9 {
        out.push(*f);
        return;
    }
    for x in 0..9u8 {
        if used & 1 << x == 0 && usize::from(x) / 3 != c / 3 {
            f[c] = x;
            every_f(f, c + 1, used | 1 << x, out);
        }
    }
}

/// The table, built on first use (a few milliseconds) and shared by every thread: a constant
/// computed once, never written after, so the library still holds no state between calls.
fn shapes() -> &'static Shapes {
    static SHAPES: OnceLock<Shapes> = OnceLock::new();
    SHAPES.get_or_init(Shapes::build)
}

/// A pair of first rows.
#[derive(Clone, Copy, Debug, Default)]
struct Pair {
    /// Transposed or not.
    t: u8,
    /// The band's rows: the first, the second, the third.
    rows: [u8; 3],
    /// `f` of the second row.
    f: [u8; 9],
}

/// The grid path's buffers.
#[derive(Debug)]
pub(super) struct Grids {
    /// `cells[t][r][c]`, the digit (1–9), as given (`t = 0`) and transposed.
    cells: [[[u8; 9]; 9]; 2],
    /// `col_of[t][r][d]`: the column of row `r` holding digit `d`.
    col_of: [[[u8; 10]; 9]; 2],
    pairs: [Pair; 36],
    /// The candidates with the smallest second and third rows.
    cands: Vec<Perm>,
}

/// The orders of a band's three rows.
const ORDERS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl Grids {
    pub(super) fn new() -> Grids {
        Grids {
            cells: [[[0; 9]; 9]; 2],
            col_of: [[[0; 10]; 9]; 2],
            pairs: [Pair::default(); 36],
            cands: Vec::new(),
        }
    }

    /// The canonical form of a full, valid 9×9 grid (`values` row-major, 1–9) and a
    /// transform that gives it.
    pub(super) fn canonical(&mut self, values: &[u16]) -> (Vec<u16>, Transform) {
        for r in 0..9 {
            for c in 0..9 {
                let d = values[r * 9 + c] as u8;
                self.cells[0][r][c] = d;
                self.cells[1][c][r] = d;
                self.col_of[0][r][usize::from(d)] = c as u8;
                self.col_of[1][c][usize::from(d)] = r as u8;
            }
        }
        let shapes = shapes();
        // The second row: the smallest class among the 36 pairs.
        let mut best1 = u64::MAX;
        let mut tied = [0u8; 36];
        let mut count = 0;
        let mut i = 0;
        for t in 0..2u8 {
            for band in 0..3u8 {
                for order in ORDERS {
                    let rows = order.map(|k| 3 * band + k);
                    let f = self.relative(t, rows[0], rows[1]);
                    self.pairs[i] = Pair { t, rows, f };
                    let slot = shapes.get(&f);
                    if slot.row < best1 {
                        best1 = slot.row;
                        count = 0;
                    }
                    if slot.row == best1 {
                        tied[count] = i as u8;
                        count += 1;
                    }
                    i += 1;
                }
            }
        }
        // The third row, for each π that gives that second row.
        let mut best2 = u64::MAX;
        self.cands.clear();
        for &i in &tied[..count] {
            let pair = &self.pairs[usize::from(i)];
            let slot = shapes.get(&pair.f);
            let (t, r0, r2) = (
                usize::from(pair.t),
                usize::from(pair.rows[0]),
                usize::from(pair.rows[2]),
            );
            let (cells, col_of) = (&self.cells[t][r2], &self.col_of[t][r0]);
            for tau in &shapes.stab[usize::from(slot.class)] {
                let at = tau.map(|k| slot.psi[usize::from(k)]);
                let pos = inverse(&at);
                let row = at.iter().fold(0u64, |acc, &c| {
                    acc << 4
                        | u64::from(pos[usize::from(col_of[usize::from(cells[usize::from(c)])])])
                });
                if row > best2 {
                    continue;
                }
                if row < best2 {
                    best2 = row;
                    self.cands.clear();
                }
                self.cands.push(Perm { at, pos, pair: i });
            }
        }
        // The six rows below.
        let mut best: Option<([u64; 6], [u8; 6], Perm)> = None;
        for &p in &self.cands {
            let (key, rows) = self.rest(&p);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, rows, p));
            }
        }
        let (_, rows, p) = best.expect("some pair of first rows");
        self.finish(&rows, &p)
    }

    /// `f(c)`: the column of row `r0` holding the digit at column `c` of row `r1`.
    #[inline]
    fn relative(&self, t: u8, r0: u8, r1: u8) -> [u8; 9] {
        let (t, r0, r1) = (usize::from(t), usize::from(r0), usize::from(r1));
        let mut f = [0; 9];
        for (c, x) in f.iter_mut().enumerate() {
            *x = self.col_of[t][r0][usize::from(self.cells[t][r1][c])];
        }
        f
    }

    /// Rows 3 to 8 of a candidate, packed, and the source rows they come from: the other two
    /// bands each sorted, the band with the smaller first row first. A packed row is 9 labels
    /// of 4 bits, the first cell highest, so that integers compare as strings.
    #[inline(never)]
    fn rest(&self, p: &Perm) -> ([u64; 6], [u8; 6]) {
        let pair = &self.pairs[usize::from(p.pair)];
        let t = usize::from(pair.t);
        let r0 = usize::from(pair.rows[0]);
        let mut label = [0u64; 10];
        for (c, &d) in self.cells[t][r0].iter().enumerate() {
            label[usize::from(d)] = u64::from(p.pos[c]);
        }
        let row = |r: usize| -> u64 {
            let cells = &self.cells[t][r];
            p.at.iter().fold(0, |acc, &c| {
                acc << 4 | label[usize::from(cells[usize::from(c)])]
            })
        };
        let top = r0 / 3;
        let mut bands = [[(0u64, 0u8); 3]; 2];
        for (i, b) in (0..3).filter(|&b| b != top).enumerate() {
            for (k, slot) in bands[i].iter_mut().enumerate() {
                *slot = (row(3 * b + k), (3 * b + k) as u8);
            }
            bands[i].sort_unstable();
        }
        if bands[1][0] < bands[0][0] {
            bands.swap(0, 1);
        }
        let mut key = [0; 6];
        let mut rows = [0; 6];
        for (i, &(value, r)) in bands.iter().flatten().enumerate() {
            key[i] = value;
            rows[i] = r;
        }
        (key, rows)
    }

    /// The canonical grid and its transform, from the winner and its rows 3 to 8.
    fn finish(&self, rest: &[u8; 6], p: &Perm) -> (Vec<u16>, Transform) {
        let pair = &self.pairs[usize::from(p.pair)];
        let t = usize::from(pair.t);
        let mut rows: Vec<usize> = pair.rows.iter().map(|&r| usize::from(r)).collect();
        rows.extend(rest.iter().map(|&r| usize::from(r)));
        let cols: Vec<usize> = p.at.iter().map(|&c| usize::from(c)).collect();
        let mut digits = vec![0u16; 10];
        for (c, &d) in self.cells[t][rows[0]].iter().enumerate() {
            digits[usize::from(d)] = u16::from(p.pos[c]) + 1;
        }
        let mut values = Vec::with_capacity(81);
        for &r in &rows {
            for &c in &cols {
                values.push(digits[usize::from(self.cells[t][r][c])]);
            }
        }
        let (rows, cols) = if t == 1 { (cols, rows) } else { (rows, cols) };
        let transform = Transform::from_parts(crate::Shape::CLASSIC, t == 1, rows, cols, digits);
        (values, transform)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_f_and_the_permutations_that_make_its_row_smallest() {
        let shapes = shapes();
        let mut fs = Vec::new();
        every_f(&mut [0; 9], 0, 0, &mut fs);
        assert_eq!(fs.len(), 12_096);
        let keys = shapes.slots.iter().filter(|&&s| s != 0).count();
        assert_eq!(keys, 12_096);
        for f in fs.iter().step_by(7) {
            let slot = shapes.get(f);
            let smallest = (0..1296)
                .map(|k| {
                    let (mut k, mut pi) = (k, [0u8; 9]);
                    let order = |k: &mut usize| {
                        let o = ORDERS[*k % 6];
                        *k /= 6;
                        o
                    };
                    let s = order(&mut k);
                    for j in 0..3 {
                        let o = order(&mut k);
                        for i in 0..3 {
                            pi[3 * j + i] = 3 * s[j] + o[i];
                        }
                    }
                    pack(&conjugate(f, &pi))
                })
                .collect::<Vec<_>>();
            let min = *smallest.iter().min().unwrap();
            assert_eq!(slot.row, min);
            let ways = smallest.iter().filter(|&&v| v == min).count();
            let stab = &shapes.stab[usize::from(slot.class)];
            assert_eq!(stab.len(), ways);
            for tau in stab {
                let pi = tau.map(|k| slot.psi[usize::from(k)]);
                assert_eq!(pack(&conjugate(f, &pi)), min);
            }
        }
    }
}
