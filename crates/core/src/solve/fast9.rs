//! The 9×9 engine: digit × band bitboards, locked candidates by table, no allocation per
//! guess beyond a reused stack.
//!
//! # Layout
//! The grid is three bands of three rows. For each digit `d` and band `b`, `cand[3d + b]` is a
//! 27-bit word of the band's cells where `d` may still go (bit `9·row_in_band + col`):
//!
//! ```text
//!   band b, digit d:   bits  0.. 8  row 3b     c1 c2 c3 | c4 c5 c6 | c7 c8 c9
//!                      bits  9..17  row 3b+1   (box 3b+0)  (box 3b+1) (box 3b+2)
//!                      bits 18..26  row 3b+2
//!   a "minirow" is 3 bits: one row of one box.
//! ```
//! A placed digit keeps its bit in its own word and loses it in the eight others, so a word
//! always says where its digit is or may be. `unsolved[b]` marks the band's empty cells.
//!
//! # Propagation (the ideas of JCZSolve, written afresh)
//! - **In a band**, digit `d` must take one cell in each row and in each box, so the three rows
//!   map to the three boxes by a permutation. `SHRINK` folds each 9-bit row to 3 bits (which of
//!   its minirows are non-empty); `COMPLEX` maps the resulting 3×3 matrix to the union of the
//!   minirows that lie on some permutation. ANDing it in does pointing and claiming inside the
//!   band at once; an empty result is a contradiction.
//! - A row left with one cell for `d` is a hidden single: `d` is placed there.
//! - **Across bands**, a box in which `d` is confined to one column removes that column from
//!   the two other bands (`LOCKED_COLUMN`).
//! - **Naked singles**: counting the digits of every cell in bit-slices (`at least one`,
//!   `at least two`) over the nine words of a band gives the cells with one candidate, and the
//!   empty cells with none.
//!
//! # Search
//! On the first cell with two candidates (or, failing one, the first with the fewest), the
//! engine saves a copy of the state (31 words) with the first digit removed from the cell and
//! places that digit: binary branching. The copies form the stack that `next_solution` resumes
//! from, so the engine can stop after any solution.

use crate::grid::Grid;

const ALL: u32 = (1 << 27) - 1;

/// Bit `j` set when minirow `j` (bits `3j..3j+3`) of a 9-bit row is non-empty.
static SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            if (row >> (3 * j)) & 7 != 0 {
                t[row] |= 1 << j;
            }
            j += 1;
        }
        row += 1;
    }
    t
};

/// A 9-bit row with exactly one bit is returned as it is; any other row gives 0.
static SINGLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 9 {
        t[1 << i] = 1 << i;
        i += 1;
    }
    t
};

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`: row `r`, box `j`), the union of the
/// minirows (as cell masks) that lie on a permutation row → box using only non-empty ones.
static COMPLEX: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut mask = 0u32;
            let mut r = 0;
            while r < 3 {
                if (s >> (3 * r + perm[r])) & 1 == 0 {
                    ok = false;
                }
                mask |= 7 << (9 * r + 3 * perm[r]);
                r += 1;
            }
            if ok {
                t[s] |= mask;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For 9 bits of column occupancy, the columns that are alone in their box (their stack
/// triple): the digit is locked there, and leaves those columns in the other bands.
static LOCKED_COLUMN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut j = 0;
        while j < 3 {
            let triple = (cols >> (3 * j)) & 7;
            if triple != 0 && triple & (triple - 1) == 0 {
                t[cols] |= (triple as u32) << (3 * j);
            }
            j += 1;
        }
        cols += 1;
    }
    t
};

/// For a cell of a band (bit 0..27), its peers inside the band: row, box and column.
static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The two bands other than `b`.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The three cells of column `c` within a band.
const fn column(c: u32) -> u32 {
    0x40201 << c
}

/// The 27 words plus bookkeeping: everything a guess copies.
#[derive(Clone, Copy, Debug)]
struct State {
    cand: [u32; 27],
    /// Each word as it was when last propagated: a word equal to it needs no work.
    seen: [u32; 27],
    unsolved: [u32; 3],
    /// The empty cells with two candidates, per band, as the last propagation left them.
    pairs: [u32; 3],
}

#[derive(Clone, Debug)]
pub(crate) struct Fast9 {
    state: State,
    stack: Vec<State>,
    guesses: u64,
    pub(crate) watch: super::Watch,
    phase: Phase,
    values: [u16; 81],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Solved,
    Done,
}

impl State {
    fn empty() -> State {
        State {
            cand: [ALL; 27],
            seen: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        }
    }

    /// Places digit `d` at bit `i` of band `b`.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, i: u32) {
        let bit = 1u32 << i;
        self.unsolved[b] &= !bit;
        let w = 3 * d + b;
        let own = self.cand[w] & !BAND_PEERS[i as usize];
        for d2 in 0..9 {
            self.cand[3 * d2 + b] &= !bit;
        }
        self.cand[w] = own;
        let col = column(i % 9);
        let (b1, b2) = OTHER_BANDS[b];
        self.cand[3 * d + b1] &= !col;
        self.cand[3 * d + b2] &= !col;
    }

    /// Locked candidates in digit-band word `W` (digit `W / 3`, band `W % 3`), its hidden
    /// singles in rows, and its locked columns. `W` is a constant so that every index is one.
    /// No branch but the contradiction: a row left with one cell is solved, and the solved
    /// cells leave the other digits' words of the band whether or not they are new.
    #[inline(always)]
    fn update<const W: usize>(&mut self) -> bool {
        let old = self.cand[W];
        let (d, b) = (W / 3, W % 3);
        let shrink = SHRINK[(old & 511) as usize]
            | SHRINK[((old >> 9) & 511) as usize] << 3
            | SHRINK[((old >> 18) & 511) as usize] << 6;
        let x = old & COMPLEX[shrink as usize];
        if x == 0 {
            return false;
        }
        // A row with one cell holds the digit there. Its box is closed to the other rows by
        // `COMPLEX` (the row must map to it), its column leaves the other bands below.
        let solved = SINGLE[(x & 511) as usize]
            | SINGLE[((x >> 9) & 511) as usize] << 9
            | SINGLE[((x >> 18) & 511) as usize] << 18;
        self.unsolved[b] &= !solved;
        let mut w = b;
        while w < 27 {
            self.cand[w] &= !solved;
            w += 3;
        }
        self.cand[W] = x;
        self.seen[W] = x;
        let gone = LOCKED_COLUMN[((x | x >> 9 | x >> 18) & 511) as usize] * 0x40201;
        let (b1, b2) = OTHER_BANDS[b];
        self.cand[3 * d + b1] &= !gone;
        self.cand[3 * d + b2] &= !gone;
        true
    }

    /// Propagates to a fixpoint; false on a contradiction.
    fn propagate(&mut self) -> bool {
        macro_rules! sweep {
            ($changed:ident: $($w:literal)*) => {
                $(
                    if self.cand[$w] != self.seen[$w] {
                        if !self.update::<$w>() {
                            return false;
                        }
                        $changed = true;
                    }
                )*
            };
        }
        loop {
            loop {
                let mut changed = false;
                sweep!(changed: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
                if !changed {
                    break;
                }
            }
            // Naked singles, by counting each band's cells in bit-slices over its nine words
            // (at least one, two, three candidates). The cells with exactly two are kept for
            // the branching choice.
            let mut placed = false;
            for b in 0..3 {
                let unsolved = self.unsolved[b];
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let c = self.cand[3 * d + b];
                    three |= two & c;
                    two |= one & c;
                    one |= c;
                }
                if unsolved & !one != 0 {
                    return false;
                }
                self.pairs[b] = two & !three & unsolved;
                let mut singles = one & !two & unsolved;
                while singles != 0 {
                    let i = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1 << i;
                    // Two singles of one digit may be peers: the first takes the second's
                    // only candidate.
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + b] & bit != 0) else {
                        return false;
                    };
                    // Alone in its row now: the next sweep places it.
                    self.cand[3 * d + b] &= !BAND_PEERS[i as usize];
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on (band, bit) and its smallest candidate. `thorough`: among the
    /// cells with two candidates, the one with the most empty cells among its peers in its
    /// band (row, box, and column within the band), the most crowded neighbourhood, where a
    /// guess propagates furthest; else the first cell with two. Failing any, the first cell
    /// with the fewest candidates. Against the first bivalue cell, the thorough choice cuts
    /// guesses per puzzle on forum_hardest_1106 from 366 to 207 (counting the column across all
    /// bands gave 200 but cost more than it saved); it costs more per guess, which shows on
    /// puzzles that need few guesses, hence [`Fast9::CHEAP_GUESSES`].
    fn choose(&self, thorough: bool) -> (usize, u32, usize) {
        let mut best: Option<(usize, u32, u32)> = None;
        let mut fallback = (0, 0, u32::MAX);
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            // Left by the propagation that brought the state to a fixpoint.
            let mut pairs = self.pairs[b];
            if pairs == 0 {
                if best.is_none() {
                    let mut cells = unsolved;
                    while cells != 0 {
                        let i = cells.trailing_zeros();
                        cells &= cells - 1;
                        let n = (0..9)
                            .filter(|&d| self.cand[3 * d + b] >> i & 1 != 0)
                            .count() as u32;
                        if n < fallback.2 {
                            fallback = (b, i, n);
                        }
                    }
                }
                continue;
            }
            if !thorough {
                best = Some((b, pairs.trailing_zeros(), 0));
                break;
            }
            while pairs != 0 {
                let i = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let (r, c) = (i / 9, i % 9);
                let row_and_box = 0x1FF << (9 * r) | 0x1C0E07 << (c / 3 * 3);
                // The band's empty peers (and the cell itself, the same for every candidate).
                let score = (unsolved & (row_and_box | column(c))).count_ones();
                if best.is_none_or(|(_, _, s)| score > s) {
                    best = Some((b, i, score));
                }
            }
        }
        let (b, i) = best.map_or((fallback.0, fallback.1), |(b, i, _)| (b, i));
        let d = (0..9)
            .find(|&d| self.cand[3 * d + b] >> i & 1 != 0)
            .unwrap_or(0);
        (b, i, d)
    }

    fn write(&self, values: &mut [u16; 81]) {
        for b in 0..3 {
            for d in 0..9 {
                let mut c = self.cand[3 * d + b];
                while c != 0 {
                    let i = c.trailing_zeros() as usize;
                    c &= c - 1;
                    values[27 * b + i] = d as u16 + 1;
                }
            }
        }
    }
}

impl Fast9 {
    /// Guesses made with the cheap branching choice before the thorough one.
    const CHEAP_GUESSES: u64 = 8;

    pub(crate) fn new(grid: &Grid) -> Fast9 {
        let mut engine = Fast9 {
            state: State::empty(),
            stack: Vec::with_capacity(81),
            guesses: 0,
            watch: super::Watch::default(),
            phase: Phase::Start,
            values: [0; 81],
        };
        engine.load(grid.values());
        engine
    }

    /// Starts over on another puzzle, keeping the buffers.
    pub(crate) fn load(&mut self, values: &[u16]) {
        debug_assert_eq!(values.len(), 81);
        self.stack.clear();
        self.guesses = 0;
        self.phase = Phase::Start;
        // The clues of each digit, per band; then every candidate at once rather than clue by
        // clue: a digit leaves the rows, boxes and columns that hold it, and every given cell
        // keeps only its own digit.
        let mut given = [[0u32; 3]; 9];
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                given[v as usize - 1][cell / 27] |= 1 << (cell % 27);
            }
        }
        let mut filled = [0u32; 3];
        for g in &given {
            for (f, &x) in filled.iter_mut().zip(g) {
                *f |= x;
            }
        }
        const ROW: u32 = 0o777;
        const BOX: u32 = 0o7 | 0o7 << 9 | 0o7 << 18;
        let mut state = State::empty();
        for (d, g) in given.iter().enumerate() {
            let mut cols = 0u32;
            for &band in g {
                for r in 0..3 {
                    let row = band >> (9 * r) & ROW;
                    if row & row.wrapping_sub(1) != 0 || cols & row != 0 {
                        self.phase = Phase::Done; // two clues clash in a row or column
                        return;
                    }
                    cols |= row;
                }
            }
            let colmask = cols | cols << 9 | cols << 18;
            for b in 0..3 {
                let mut m = ALL & !filled[b] & !colmask;
                for r in 0..3 {
                    if g[b] >> (9 * r) & ROW != 0 {
                        m &= !(ROW << (9 * r));
                    }
                }
                for k in 0..3 {
                    let bx = BOX << (3 * k);
                    let here = g[b] & bx;
                    if here & here.wrapping_sub(1) != 0 {
                        self.phase = Phase::Done; // two clues clash in a box
                        return;
                    }
                    if here != 0 {
                        m &= !bx;
                    }
                }
                state.cand[3 * d + b] = m | g[b];
            }
        }
        for (u, f) in state.unsolved.iter_mut().zip(filled) {
            *u = ALL & !f;
        }
        self.state = state;
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Finds the next solution; false when there are no more.
    pub(crate) fn advance(&mut self) -> bool {
        let mut consistent = match self.phase {
            Phase::Start => self.state.propagate(),
            Phase::Solved => false,
            Phase::Done => return false,
        };
        loop {
            if consistent {
                if self.state.solved() {
                    self.phase = Phase::Solved;
                    return true;
                }
                if self.watch.due(self.guesses) {
                    self.phase = Phase::Done;
                    return false;
                }
                // The first guesses of a puzzle take the first bivalue cell (cheap: most easy
                // puzzles need a handful); a puzzle that keeps guessing gets the thorough choice.
                let (b, i, d) = self.state.choose(self.guesses >= Self::CHEAP_GUESSES);
                self.guesses += 1;
                let mut other = self.state;
                let w = 3 * d + b;
                other.cand[w] &= !(1 << i);
                self.stack.push(other);
                self.state.place(d, b, i);
                consistent = self.state.propagate();
            } else {
                let Some(next) = self.stack.pop() else {
                    self.phase = Phase::Done;
                    return false;
                };
                self.state = next;
                consistent = self.state.propagate();
            }
        }
    }

    pub(crate) fn next_solution(&mut self) -> Option<&[u16]> {
        if self.advance() {
            self.state.write(&mut self.values);
            Some(&self.values)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_mask_keeps_permutation_minirows() {
        // Every minirow non-empty: everything allowed.
        assert_eq!(COMPLEX[511], ALL);
        // Row 0 only in box 0: box 0 is closed to rows 1 and 2.
        let s = 0b111_111_001;
        let m = COMPLEX[s];
        assert_eq!(m & 0x1FF, 0b000_000_111);
        assert_eq!((m >> 9) & 0b111, 0);
        assert_eq!((m >> 18) & 0b111, 0);
        // Two rows confined to the same box: no permutation.
        assert_eq!(COMPLEX[0b111_001_001], 0);
    }

    #[test]
    fn locked_columns() {
        assert_eq!(LOCKED_COLUMN[0b010_110_001], 0b010_000_001);
        // Box (8 others) plus the rest of the row (6); the band's column lies in the box.
        assert_eq!(BAND_PEERS[0].count_ones(), 14);
    }
}
