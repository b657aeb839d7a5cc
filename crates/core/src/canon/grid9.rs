//! Full 9×9 grids. The general search works for them, but a full grid's first row ties with
//! every other, so this path uses what is known about grids instead.
//!
//! Whatever the transform, the first row of a full grid becomes `123456789`: the label of a
//! digit is `1 +` the place its column takes in the first row. So the first two rows `r0`,
//! `r1` (a band's rows in either order and orientation: 36 pairs) fix everything but the
//! column permutation `π`, and the second row is
//!
//! ```text
//!   row1[j] = 1 + π⁻¹(f(π(j)))      f(c) = the column of r0 holding r1's digit at column c
//! ```
//!
//! `f` conjugated by `π`. `π` is built left to right, all candidates (pair, partial `π`)
//! abreast, keeping after each place only those with the smallest value there. At a place with
//! no column yet, each unplaced column of its stack is tried; the column `f` sends it to takes
//! the first place left in its stack's target stack (a stack with none yet takes the next
//! target stack): the smallest value the cell can have.
//!
//! The first three places need no search. Target stack 0 is some stack `a`; `f` sends its
//! three columns out of `a`, to one other stack (a "pure" pair: the row starts `456`, which
//! beats all others) or two to one stack `b` and one to the other, `c` (the row starts `457`,
//! with the two going to `b` first in either order). Place 3 then holds `f(α)`, `α` the
//! column at place 0, and its value is where `f(f(α))` goes. So the candidates start from
//! every (pair, `a`, order) that fits, and only those whose fourth cell is smallest are built.
//!
//! ```text
//!   place  0  1  2 | 3     4      5 | 6       7 8
//!   column α  α' α"| f(α)  f(α')  · | f(α")…        (mixed pair)
//!   label  1  2  3 | 4     5      · | 7
//! ```
//!
//! The third row then follows from `π` alone, and the six rows below are fixed up to their
//! order: each band's rows sorted, the bands by their first row (the rows of a full grid all
//! differ). The smallest of these among the candidates is the answer.

use crate::transform::Transform;

const NONE: u8 = u8::MAX;

/// A column permutation in the making. Target stacks are bound in order (a place is reached,
/// or a column referred to, only once those before it are), and so are the places inside
/// each: counters say which is next.
#[derive(Clone, Copy, Debug)]
struct Perm {
    /// Target place → source column.
    at: [u8; 9],
    /// Source column → target place.
    pos: [u8; 9],
    /// Target stack → source stack, and back.
    stack_of: [u8; 3],
    stack_at: [u8; 3],
    /// Target stacks bound.
    stacks: u8,
    /// Places taken in each target stack.
    fill: [u8; 3],
    /// The pair of first rows (an index into [`Grids::pairs`]).
    pair: u8,
}

impl Perm {
    const EMPTY: Perm = Perm {
        at: [NONE; 9],
        pos: [NONE; 9],
        stack_of: [NONE; 3],
        stack_at: [NONE; 3],
        stacks: 0,
        fill: [0; 3],
        pair: 0,
    };

    fn place(&mut self, col: u8, slot: usize) {
        self.at[slot] = col;
        self.pos[usize::from(col)] = slot as u8;
        self.fill[slot / 3] += 1;
    }

    fn bind(&mut self, s: usize) {
        self.stack_of[usize::from(self.stacks)] = s as u8;
        self.stack_at[s] = self.stacks;
        self.stacks += 1;
    }

    /// The place of column `col`, giving it the first place left in its stack (and its stack
    /// the next target stack) if it has none.
    #[inline]
    fn place_of(&mut self, col: u8) -> u8 {
        let p = self.pos[usize::from(col)];
        if p != NONE {
            return p;
        }
        let s = usize::from(col) / 3;
        if self.stack_at[s] == NONE {
            self.bind(s);
        }
        let k = usize::from(self.stack_at[s]);
        let slot = 3 * k + usize::from(self.fill[k]);
        self.place(col, slot);
        slot as u8
    }
}

/// A start of the second row before any choice: the columns of target stack `a` (places 0–2)
/// in order, those of the stack `f` sends the first of them to (places 3–5: `f(α)`, `f(α')`,
/// then the third), and those of the last stack placed so far (from place 6).
#[derive(Clone, Copy, Debug)]
struct Root {
    pair: u8,
    a: [u8; 3],
    b: [u8; 3],
    c: [u8; 3],
    nc: u8,
    /// Padding to 12 bytes, which copy in whole words.
    _pad: u8,
}

impl Root {
    fn new(pair: u8, f: &[u8; 9], a: [u8; 3], pure: bool) -> Root {
        let [fx, fy, fz] = a.map(|x| f[usize::from(x)]);
        let stack_b = fx / 3;
        let (third, c, nc) = if pure {
            (fz, [0; 3], 0)
        } else {
            // f(α") lies in the third stack; the third place of b is b's other column.
            let other = (3 * stack_b..3 * stack_b + 3)
                .find(|&x| x != fx && x != fy)
                .unwrap_or(fx);
            (other, [fz, 0, 0], 1)
        };
        Root {
            pair,
            a,
            b: [fx, fy, third],
            c,
            nc,
            _pad: 0,
        }
    }

    /// The place of column `col`: known in stacks `a` and `b`, else the next of the third.
    fn place_of(&mut self, col: u8) -> u8 {
        if col / 3 == self.a[0] / 3 {
            return self.a.iter().position(|&x| x == col).unwrap_or(0) as u8;
        }
        if col / 3 == self.b[0] / 3 {
            return 3 + self.b.iter().position(|&x| x == col).unwrap_or(0) as u8;
        }
        let n = usize::from(self.nc);
        if let Some(k) = self.c[..n].iter().position(|&x| x == col) {
            return 6 + k as u8;
        }
        self.c[n] = col;
        self.nc += 1;
        6 + n as u8
    }
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
    /// Candidate starts, then the candidates with the smallest rows so far.
    states: Vec<Perm>,
    cands: Vec<Perm>,
    /// The smallest second row so far (`NONE` past the places known) and third row (packed,
    /// `u64::MAX` when none yet).
    best1: [u8; 9],
    best2: u64,
    /// The first place of the second row `start` leaves to the search.
    start_at: usize,
    /// `start`'s buffers: (pair, α, α', α") of the best fourth places, and their starts.
    found: Vec<[u8; 4]>,
    roots: Vec<Root>,
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
            states: Vec::new(),
            cands: Vec::new(),
            best1: [NONE; 9],
            best2: u64::MAX,
            start_at: 4,
            found: Vec::new(),
            roots: Vec::new(),
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
        let mut i = 0;
        for t in 0..2u8 {
            for band in 0..3u8 {
                for order in ORDERS {
                    let rows = order.map(|k| 3 * band + k);
                    self.pairs[i] = Pair {
                        t,
                        rows,
                        f: self.relative(t, rows[0], rows[1]),
                    };
                    i += 1;
                }
            }
        }
        self.start();
        // Places 4 to 8 of the second row, then the third row, one start at a time.
        self.best1 = [NONE; 9];
        self.best2 = u64::MAX;
        self.cands.clear();
        let states = std::mem::take(&mut self.states);
        for &p in &states {
            self.walk(p, self.start_at);
        }
        self.states = states;
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
    #[inline(never)]
    fn relative(&self, t: u8, r0: u8, r1: u8) -> [u8; 9] {
        let (t, r0, r1) = (usize::from(t), usize::from(r0), usize::from(r1));
        let mut f = [0; 9];
        for (c, x) in f.iter_mut().enumerate() {
            *x = self.col_of[t][r0][usize::from(self.cells[t][r1][c])];
        }
        f
    }

    /// The candidates after the places of the second row that need no choice (see the module
    /// note): every pair, stack `a` and order of its columns that gives the smallest first
    /// three places, kept while the next places, worked out from `f` alone, are smallest too.
    #[inline(never)]
    fn start(&mut self) {
        // (pair, α, α', α") of the smallest fourth place: where f(f(α)) goes, a place of
        // stack a, or of the third stack (pure: its first place, 6; mixed: f(α") is at 6,
        // another column at 7).
        let mut found = std::mem::take(&mut self.found);
        let mut count = 0;
        let mut pure = false;
        let mut smallest = NONE;
        found.resize(36 * 3 * 6, [0; 4]);
        for (i, pair) in self.pairs.iter().enumerate() {
            let f = &pair.f;
            for a in 0..3u8 {
                let cols = [3 * a, 3 * a + 1, 3 * a + 2];
                let to = cols.map(|c| f[usize::from(c)] / 3);
                let orders: &[[u8; 3]] = if to[0] == to[1] && to[1] == to[2] {
                    if !pure {
                        pure = true;
                        smallest = NONE;
                        count = 0;
                    }
                    &ORDERS
                } else if pure {
                    continue;
                } else if to[0] == to[1] {
                    &[[0, 1, 2], [1, 0, 2]]
                } else if to[0] == to[2] {
                    &[[0, 2, 1], [2, 0, 1]]
                } else {
                    &[[1, 2, 0], [2, 1, 0]]
                };
                for order in orders {
                    let [x, y, z] = order.map(|k| cols[usize::from(k)]);
                    // Places 3 and 4: where f(f(α)) and f(f(α')) go.
                    let (fz, ffx) = (f[usize::from(z)], f[usize::from(f[usize::from(x)])]);
                    let ffy = f[usize::from(f[usize::from(y)])];
                    let in_a = |col: u8| u8::from(col == y) + 2 * u8::from(col == z);
                    let (v3, v4) = if pure {
                        // ffx is the first column of the third stack.
                        let v4 = if ffy / 3 == a {
                            in_a(ffy)
                        } else if ffy == ffx {
                            6
                        } else {
                            7
                        };
                        (6, v4)
                    } else {
                        // f(α") is at 6; ffx, when it is another column there, at 7.
                        let v3 = if ffx / 3 == a {
                            in_a(ffx)
                        } else if ffx == fz {
                            6
                        } else {
                            7
                        };
                        let v4 = if ffy / 3 == a {
                            in_a(ffy)
                        } else if ffy == fz {
                            6
                        } else if v3 == 7 && ffy != ffx {
                            8
                        } else {
                            7
                        };
                        (v3, v4)
                    };
                    let v = v3 << 4 | v4;
                    if v < smallest {
                        smallest = v;
                        count = 0;
                    }
                    if v == smallest {
                        found[count] = [i as u8, x, y, z];
                        count += 1;
                    }
                }
            }
        }
        let mut roots = std::mem::take(&mut self.roots);
        roots.clear();
        for &[i, x, y, z] in &found[..count] {
            let f = &self.pairs[usize::from(i)].f;
            let mut root = Root::new(i, f, [x, y, z], pure);
            let v3 = root.place_of(f[usize::from(root.b[0])]);
            let v4 = root.place_of(f[usize::from(root.b[1])]);
            debug_assert_eq!(v3 << 4 | v4, smallest);
            roots.push(root);
        }
        // Places 5 to 8 while their columns are known.
        let mut j = 5;
        while j < 9 {
            let col = |r: &Root| match j {
                4 | 5 => Some(r.b[j - 3]),
                _ => (r.nc > (j - 6) as u8).then(|| r.c[j - 6]),
            };
            if roots.iter().any(|r| col(r).is_none()) {
                break;
            }
            let mut smallest = NONE;
            let mut kept = 0;
            for k in 0..roots.len() {
                let r = &mut roots[k];
                let f = &self.pairs[usize::from(r.pair)].f;
                let v = r.place_of(f[usize::from(col(r).unwrap_or(0))]);
                if v < smallest {
                    smallest = v;
                    kept = 0;
                }
                if v == smallest {
                    roots[kept] = roots[k];
                    kept += 1;
                }
            }
            roots.truncate(kept);
            j += 1;
        }
        self.start_at = j;
        self.states.clear();
        for r in &roots {
            let mut p = Perm {
                pair: r.pair,
                ..Perm::EMPTY
            };
            p.bind(usize::from(r.a[0] / 3));
            p.bind(usize::from(r.b[0] / 3));
            for (k, &col) in r.a.iter().chain(&r.b).enumerate() {
                p.place(col, k);
            }
            if r.nc > 0 {
                p.bind(usize::from(r.c[0] / 3));
            }
            for (k, &col) in r.c[..usize::from(r.nc)].iter().enumerate() {
                p.place(col, 6 + k);
            }
            self.states.push(p);
        }
        self.found = found;
        self.roots = roots;
    }

    /// Places `j..9` of the second row of `p`, then its third row: keeps `p` (or each way to
    /// complete it at a place with no column yet) if its rows are the smallest so far. A
    /// start that gets ahead writes its cells into `best1` at once (the places after it then
    /// unknown), so that the rest compare with it.
    #[inline(never)]
    fn walk(&mut self, mut p: Perm, mut j: usize) {
        let f = self.pairs[usize::from(p.pair)].f;
        while j < 9 {
            let col = p.at[j];
            let v = if col != NONE {
                p.place_of(f[usize::from(col)])
            } else {
                // Each unplaced column of the stack here (the target stacks are all bound by
                // now: see `start`), by the value it gives.
                let s = p.stack_of[j / 3];
                let mut ties = [0u8; 3];
                let mut count = 0;
                let mut smallest = NONE;
                for col in 3 * s..3 * s + 3 {
                    if p.pos[usize::from(col)] != NONE {
                        continue;
                    }
                    let mut q = p;
                    q.place(col, j);
                    let v = q.place_of(f[usize::from(col)]);
                    if v < smallest {
                        smallest = v;
                        count = 0;
                    }
                    if v == smallest {
                        ties[count] = col;
                        count += 1;
                    }
                }
                if smallest > self.best1[j] {
                    return;
                }
                if count > 1 {
                    for &col in &ties[..count] {
                        let mut q = p;
                        q.place(col, j);
                        self.walk(q, j);
                    }
                    return;
                }
                p.place(ties[0], j);
                p.place_of(f[usize::from(ties[0])])
            };
            if v > self.best1[j] {
                return;
            }
            if v < self.best1[j] {
                self.best1[j] = v;
                self.best1[j + 1..].fill(NONE);
                self.best2 = u64::MAX;
                self.cands.clear();
            }
            j += 1;
        }
        let pair = &self.pairs[usize::from(p.pair)];
        let (t, r0, r2) = (
            usize::from(pair.t),
            usize::from(pair.rows[0]),
            usize::from(pair.rows[2]),
        );
        let (cells, col_of) = (&self.cells[t][r2], &self.col_of[t][r0]);
        let row = p.at.iter().fold(0u64, |acc, &c| {
            acc << 4 | u64::from(p.pos[usize::from(col_of[usize::from(cells[usize::from(c)])])])
        });
        if row > self.best2 {
            return;
        }
        if row < self.best2 {
            self.best2 = row;
            self.cands.clear();
        }
        self.cands.push(p);
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
