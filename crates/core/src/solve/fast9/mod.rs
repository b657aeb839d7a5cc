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
//! - A row left with one cell for `d` is a hidden single: the cell leaves the band's other
//!   digits, by one mask for all of them and without a branch. The mask is read from the word
//!   before `COMPLEX` (`ONLY`, from the same index: the minirows left alone in their row, and
//!   the cells alone in their minirow), so that it does not wait for `COMPLEX`'s result.
//! - **Across bands**, a box in which `d` is confined to one column removes that column from
//!   the two other bands (`LOCKED_COLUMN`).
//! - The words to update are tracked exactly, as a bit mask (`dirty`): an update returns the
//!   words it took a cell from. The propagation runs in rounds: a round takes the words that
//!   changed before it, lowest first, without a test and a branch per word, and gathers the
//!   words its updates change for the next round. (Comparing every word with its value when
//!   last updated, by four vector compares, is slower in the search, where rounds are short:
//!   their loads wait for the round's 32-bit stores. It is faster at a puzzle's root, where
//!   most words change and the rounds are long, so the root's propagation does that instead:
//!   17-clue 1.10× against tracking there too.)
//! - **Naked singles**: counting the digits of every cell in bit-slices (`at least one`,
//!   `at least two`, `at least three`) over the nine words of a band gives the cells with one
//!   candidate, the empty cells with none, and the cells with two (kept for branching).
//! - **Triads** (Tdoku's idea, written afresh; on every node of puzzles with at least
//!   [`Fast9::DEEP_EMPTY`] empty cells, else only once the search has met
//!   [`Fast9::DEEP_AFTER`] dead end, as puzzles with many solutions do not repay them): a
//!   minirow's three cells hold three digits, so a minirow with three digits left holds those
//!   (each leaves the rest of its row and box), and a minirow to which three digits are locked
//!   holds no other. The same across each stack on minicolumns, with pointing and claiming
//!   between boxes and columns by the same permutation reasoning read sideways. With them,
//!   guesses per puzzle come close to Tdoku's published counts (top1465: 9.06, the same;
//!   17-clue: 0.59 against 0.61; forum_hardest_1905: 66.5 against 65.0; forum_hardest_1106:
//!   120 against 113).
//! - The triad pass (`State::units`) treats the six units (three bands, three stacks) as six
//!   lanes of one vector, each digit's 3×3 matrix of minirows in a lane. The matrix is stored
//!   wrapped around (rows 0, 1 repeated below, columns 0, 1 to the right: 25 bits), so that
//!   the entry *i* rows down and *j* columns along (mod 3) is one shift away and "on a
//!   permutation" is four shifts and four ANDs. The compiler keeps each digit in one
//!   register. On x86-64 CPUs
//!   with AVX2 (detected at run time) the search runs as AVX2 code, one register per digit;
//!   elsewhere the same source runs on the baseline (SSE2, two registers per digit).
//!
//! # Search
//! A digit has at most six *configurations* in a band (which row takes which box) and six in
//! a stack (which band takes which column). When the triad passes ran, the engine branches on
//! a digit with exactly two configurations, in the band or stack with the fewest over all its
//! digits (Tdoku's choice): a decision over three cells at once. Otherwise, on a cell with two
//! candidates (the first, or after [`Fast9::CHEAP_GUESSES`] the one with the most empty
//! peers in its band), else on the first cell with the fewest. Either way the engine saves the
//! second branch (the 27 words with the branch applied, the empty cells and the words the
//! branch changed: 36 words; a guess is made at a fixpoint, where nothing else is left to
//! propagate) and goes on with the first: the saved branches form the stack that
//! `next_solution` resumes from, so the engine can stop after any solution.

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

/// The six ways a digit can take one row of a band in each box (row `r` → box `PERMS[p][r]`).
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`: row `r`, box `j`), the union of the
/// minirows (as cell masks) that lie on a permutation row → box using only non-empty ones.
static COMPLEX: [u32; 512] = {
    let m = complex9();
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = minirow_cells(m[s] as usize);
        s += 1;
    }
    t
};

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`), the cells of the minirows of
/// [`COMPLEX`] that are the only one left in their row: a cell alone in such a minirow is a
/// hidden single of its row.
static ONLY: [u32; 512] = {
    let m = complex9();
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut only = 0;
        let mut r = 0;
        while r < 3 {
            let row = (m[s] >> (3 * r)) & 7;
            if row != 0 && row & (row - 1) == 0 {
                only |= (row as usize) << (3 * r);
            }
            r += 1;
        }
        t[s] = minirow_cells(only);
        s += 1;
    }
    t
};

/// The words that differ from `seen` (bit `w`: word `w`). `SIMD`: by four AVX2 compares
/// (only set in code compiled for AVX2).
#[inline(always)]
fn differ<const SIMD: bool>(cand: &[u32; 32], seen: &[u32; 32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if SIMD {
        use std::arch::x86_64::{
            __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_movemask_ps,
        };
        let mut same = 0;
        for k in 0..4 {
            // SAFETY: in bounds (4 × 8 words of each array); AVX2 as said above.
            let eq = unsafe {
                let c = _mm256_loadu_si256(cand.as_ptr().add(8 * k).cast::<__m256i>());
                let s = _mm256_loadu_si256(seen.as_ptr().add(8 * k).cast::<__m256i>());
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c, s)))
            };
            same |= (eq as u32) << (8 * k);
        }
        return !same;
    }
    (0..32).fold(0, |mask, w| mask | u32::from(cand[w] != seen[w]) << w)
}

/// The cells of a band word alone in their minirow.
#[inline(always)]
fn alone(x: u32) -> u32 {
    let others = (x >> 1 & 0o333_333_333)
        | (x >> 2 & 0o111_111_111)
        | (x << 1 & 0o666_666_666)
        | (x << 2 & 0o444_444_444);
    x & !others
}

/// [`COMPLEX`] as a 3×3 matrix (bit `3r + j`) rather than cells: the minirows on some
/// permutation of non-empty ones.
const fn complex9() -> [u16; 512] {
    let c = configs();
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            if (c[s] >> p) & 1 != 0 {
                let perm = PERMS[p];
                t[s] |= (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            }
            p += 1;
        }
        s += 1;
    }
    t
}

const fn minirow_cells(s: usize) -> u32 {
    let mut cells = 0;
    let mut m = 0;
    while m < 9 {
        if (s >> m) & 1 != 0 {
            cells |= 7 << (9 * (m / 3) + 3 * (m % 3));
        }
        m += 1;
    }
    cells
}

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`), the permutations of [`PERMS`] (bit
/// `p`) that use only non-empty ones: the digit's configurations left in the band.
static CONFIGS: [u8; 512] = configs();

const fn configs() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if (s >> (3 * r + PERMS[p][r])) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                t[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// For 9 bits of column occupancy, the columns that are alone in their box (their stack
/// triple): the digit is locked there, and leaves those columns in the other bands. As cells
/// of a band (all three rows): [`LOCKED_CELLS`].
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

/// [`LOCKED_COLUMN`] as the cells of those columns in a band.
static LOCKED_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        t[cols] = LOCKED_COLUMN[cols] * 0x40201;
        cols += 1;
    }
    t
};

/// For each word `3d + b`: its band `b` and the words of digit `d` in the two other bands.
static WORDS: [(u8, u8, u8); 27] = {
    let mut t = [(0, 0, 0); 27];
    let mut w = 0;
    while w < 27 {
        let (d, b) = (w / 3, w % 3);
        let (b1, b2) = OTHER_BANDS[b];
        t[w] = (b as u8, (3 * d + b1) as u8, (3 * d + b2) as u8);
        w += 1;
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

/// The non-empty minirows of a band word as a 3×3 matrix (bit `3r + j`: row `r`, box `j`).
#[inline(always)]
fn shrink(x: u32) -> u32 {
    SHRINK[(x & 511) as usize]
        | SHRINK[((x >> 9) & 511) as usize] << 3
        | SHRINK[((x >> 18) & 511) as usize] << 6
}

/// [`shrink`] by one `pext` where BMI2 is known to be there (`BMI2` is only set in code
/// compiled for it).
#[inline(always)]
fn shrink_on<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only instantiated with `BMI2` inside functions compiled for BMI2.
        return unsafe { std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, 0o111_111_111) };
    }
    shrink(x)
}

/// The columns (9 bits) in which a band word has a cell.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 511
}

/// A digit's non-empty minicolumns in stack `st` as a 3×3 matrix (bit `3b + k`: band `b`,
/// column `3st + k`), from the columns of its three band words.
#[inline(always)]
fn stack_matrix(cols: &[u32], st: usize) -> u32 {
    (cols[0] >> (3 * st) & 7) | (cols[1] >> (3 * st) & 7) << 3 | (cols[2] >> (3 * st) & 7) << 6
}

/// [`stack_matrix`] for the three stacks at once, by one `pext` each where BMI2 is known to be
/// there.
#[inline(always)]
fn stack_matrices<const BMI2: bool>(cols: &[u32; 3]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        let all = cols[0] | cols[1] << 9 | cols[2] << 18;
        // SAFETY: only instantiated with `BMI2` inside functions compiled for BMI2.
        return [0, 1, 2]
            .map(|st| unsafe { std::arch::x86_64::_pext_u32(all, 0x1C0E07 << (3 * st)) });
    }
    [0, 1, 2].map(|st| stack_matrix(cols, st))
}

/// The entries of a 3×3 matrix in the layout of [`State::units`]: entry (r, j) at bit
/// `5r + j`.
const BASE: u32 = 0b00111_00111_00111;

/// A 3×3 matrix (bit `5r + j`) wrapped around: rows 3, 4 repeat rows 0, 1 and columns 3, 4
/// repeat columns 0, 1, so that `m >> (5i + j)` has at (r, j') the entry at
/// (r + i mod 3, j' + j mod 3), for i, j ≤ 2.
#[inline(always)]
const fn wrap(m: u32) -> u32 {
    let m = m | (m & 0b00011_00011_00011) << 3;
    m | (m & 0b11111_11111) << 15
}

/// [`wrap`] of a 3×3 matrix given in the layout `3r + j`.
static WRAPPED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s as usize] = wrap((s & 0o7) | (s & 0o70) << 2 | (s & 0o700) << 4);
        s += 1;
    }
    t
};

/// A 3×3 matrix from the layout `5r + j` (ignoring the rest) to `9r + j`.
#[inline(always)]
fn spread(m: u32) -> u32 {
    m & 0o7 | (m >> 5 & 0o7) << 9 | (m >> 10 & 0o7) << 18
}

/// For each of the 27 words, its wrapped band matrix and its columns, by tables.
#[inline(always)]
fn band_matrices(cand: &[u32; 32]) -> ([u32; 32], [u32; 32]) {
    (cand.map(|w| WRAPPED[shrink(w) as usize]), cand.map(columns))
}

/// [`band_matrices`] by AVX2 shifts over four registers. Only to be called from code compiled
/// for AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn band_matrices_avx2(cand: &[u32; 32]) -> ([u32; 32], [u32; 32]) {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
    };
    /// Bits `m` of `y >> S`.
    #[inline(always)]
    unsafe fn part<const S: i32>(y: __m256i, m: i32) -> __m256i {
        unsafe { _mm256_and_si256(_mm256_srli_epi32::<S>(y), _mm256_set1_epi32(m)) }
    }
    let (mut bands, mut cols) = ([0u32; 32], [0u32; 32]);
    // SAFETY: four loads and stores of 8 words in arrays of 32; AVX2 as said above.
    unsafe {
        for k in 0..4 {
            let x = _mm256_loadu_si256(cand.as_ptr().add(8 * k).cast::<__m256i>());
            let y = _mm256_or_si256(
                x,
                _mm256_or_si256(_mm256_srli_epi32::<1>(x), _mm256_srli_epi32::<2>(x)),
            );
            // Bit 9r + 3j of `y` (minirow j of row r non-empty) to bit 5r + j: the bits that
            // move by the same shift together.
            let m = _mm256_or_si256(
                _mm256_or_si256(
                    _mm256_or_si256(part::<0>(y, 0x1), part::<2>(y, 0x2)),
                    _mm256_or_si256(part::<4>(y, 0x24), part::<6>(y, 0x40)),
                ),
                _mm256_or_si256(
                    _mm256_or_si256(part::<8>(y, 0x480), part::<10>(y, 0x800)),
                    part::<12>(y, 0x1000),
                ),
            );
            // Wrapped around, as `wrap` does.
            let m = _mm256_or_si256(m, _mm256_slli_epi32::<3>(part::<0>(m, 0b00011_00011_00011)));
            let m = _mm256_or_si256(m, _mm256_slli_epi32::<15>(part::<0>(m, 0b11111_11111)));
            _mm256_storeu_si256(bands.as_mut_ptr().add(8 * k).cast::<__m256i>(), m);
            let c = _mm256_or_si256(
                x,
                _mm256_or_si256(_mm256_srli_epi32::<9>(x), _mm256_srli_epi32::<18>(x)),
            );
            _mm256_storeu_si256(
                cols.as_mut_ptr().add(8 * k).cast::<__m256i>(),
                part::<0>(c, 511),
            );
        }
    }
    (bands, cols)
}

/// The three cells of column `c` within a band.
const fn column(c: u32) -> u32 {
    0x40201 << c
}

/// The 27 words plus bookkeeping (a guess saves only part of it: [`Saved`]).
#[derive(Clone, Copy, Debug)]
struct State {
    /// 27 words and 5 of padding (0), so that comparing them with a copy is 4 vector ops.
    cand: [u32; 32],
    /// The words changed since they were last propagated (bit `w`: word `w`): the ones a
    /// propagation starts from.
    dirty: u32,
    unsolved: [u32; 3],
    /// The empty cells with two candidates, per band, as the last propagation left them.
    pairs: [u32; 3],
    /// Per band (0..3) and stack (3..6), as the last propagation left them: the number of
    /// configurations over all digits, and the first digit with exactly two (9: none).
    configs: [u8; 6],
    two: [u8; 6],
}

/// What [`State::counts`] gives: per band (lanes 0..3), the cells with at least one, two and
/// three candidates, and bit `k` of their digits ORed.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    one: [u32; 4],
    two: [u32; 4],
    three: [u32; 4],
    index: [[u32; 4]; 4],
}

/// A binary branch on the two configurations left to a digit in a band or a stack.
#[derive(Clone, Copy, Debug)]
enum Branch {
    Band { d: usize, b: usize, configs: u8 },
    Stack { d: usize, s: usize, configs: u8 },
}

impl Branch {
    /// Restricts the words to configuration `p`; returns the words it may change (bit `w`:
    /// word `w`).
    #[inline(always)]
    fn assert(self, cand: &mut [u32; 32], p: usize) -> u32 {
        let perm = PERMS[p];
        match self {
            Branch::Band { d, b, .. } => {
                let mut keep = 0;
                for (r, &j) in perm.iter().enumerate() {
                    keep |= 7 << (9 * r + 3 * j);
                }
                cand[(3 * d + b) & 31] &= keep;
                1 << (3 * d + b)
            }
            Branch::Stack { d, s, .. } => {
                for (b, &c) in perm.iter().enumerate() {
                    let stack = 0x1C0E07 << (3 * s);
                    cand[(3 * d + b) & 31] &= !(stack & !column(3 * s as u32 + c as u32));
                }
                7 << (3 * d)
            }
        }
    }

    fn configs(self) -> (usize, usize) {
        let (Branch::Band { configs, .. } | Branch::Stack { configs, .. }) = self;
        let first = configs.trailing_zeros() as usize;
        let second = (configs & (configs - 1)).trailing_zeros() as usize;
        (first, second)
    }
}

/// The second branch of a guess, kept for later: the words and empty cells of the state the
/// guess was made in (a fixpoint, where every word was as last propagated) with the branch
/// applied, and which words the branch changed. The rest of a [`State`] is either the words
/// again or recomputed by the next propagation: half the bytes of a state to copy.
#[derive(Clone, Copy, Debug)]
struct Saved {
    cand: [u32; 32],
    unsolved: [u32; 3],
    /// Bit `w`: word `w` differs from the fixpoint.
    changed: u32,
}

impl Saved {
    /// Makes `state` the saved one, with the changed words to be propagated.
    #[inline(always)]
    fn restore(&self, state: &mut State) {
        state.cand = self.cand;
        state.dirty = self.changed;
        state.unsolved = self.unsolved;
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Fast9 {
    state: State,
    stack: Vec<Saved>,
    guesses: u64,
    pub(crate) watch: super::Watch,
    phase: Phase,
    values: [u16; 81],
    /// Whether the search runs as AVX2 code (x86-64 CPUs that have it, detected once per
    /// engine); the portable path is the same source compiled for the baseline.
    avx2: bool,
    /// Guesses that led to a contradiction.
    dead_ends: u64,
    /// Whether the puzzle has at least [`Fast9::DEEP_EMPTY`] empty cells.
    sparse: bool,
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
            cand: {
                let mut c = [0; 32];
                c.split_at_mut(27).0.fill(ALL);
                c
            },
            dirty: (1 << 27) - 1,
            unsolved: [ALL; 3],
            pairs: [0; 3],
            configs: [0; 6],
            two: [9; 6],
        }
    }

    /// Places digit `d` at bit `i` of band `b`, in its own word: the cell alone in its row,
    /// the next round of updates ([`State::update`]) takes it from the other digits and other
    /// bands.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, i: u32) {
        self.cand[3 * d + b] &= !BAND_PEERS[i as usize];
        self.dirty |= 1 << (3 * d + b);
    }

    /// Each band's cells counted in bit-slices over its nine words (at least one, two, three
    /// candidates), with bit `k` of the digits of each cell's candidates ORed (a cell's digit
    /// when it has one): the three bands side by side, as lanes 0..3 of one vector (SSE2 on
    /// x86-64, which every x86-64 CPU has).
    #[inline(always)]
    fn counts(&self) -> Counts {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128,
                _mm_storeu_si128,
            };
            // SAFETY: SSE2 is part of x86-64; the loads read words 3d..3d+4 of 32.
            unsafe {
                let zero = _mm_setzero_si128();
                let (mut one, mut two, mut three) = (zero, zero, zero);
                let mut index = [zero; 4];
                for d in 0..9 {
                    let c = _mm_loadu_si128(self.cand.as_ptr().add(3 * d).cast::<__m128i>());
                    three = _mm_or_si128(three, _mm_and_si128(two, c));
                    two = _mm_or_si128(two, _mm_and_si128(one, c));
                    one = _mm_or_si128(one, c);
                    for (k, x) in index.iter_mut().enumerate() {
                        if d >> k & 1 != 0 {
                            *x = _mm_or_si128(*x, c);
                        }
                    }
                }
                let lanes = |v: __m128i| {
                    let mut a = [0u32; 4];
                    _mm_storeu_si128(a.as_mut_ptr().cast::<__m128i>(), v);
                    a
                };
                Counts {
                    one: lanes(one),
                    two: lanes(two),
                    three: lanes(three),
                    index: index.map(lanes),
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        self.counts_scalar()
    }

    /// [`State::counts`] band by band, without vectors.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn counts_scalar(&self) -> Counts {
        let mut counts = Counts {
            one: [0; 4],
            two: [0; 4],
            three: [0; 4],
            index: [[0; 4]; 4],
        };
        for d in 0..9 {
            for l in 0..3 {
                let c = self.cand[3 * d + l];
                counts.three[l] |= counts.two[l] & c;
                counts.two[l] |= counts.one[l] & c;
                counts.one[l] |= c;
                for (k, x) in counts.index.iter_mut().enumerate() {
                    if d >> k & 1 != 0 {
                        x[l] |= c;
                    }
                }
            }
        }
        counts
    }

    /// Locked candidates in digit-band word `w` (digit `w / 3`, band `w % 3`), its hidden
    /// singles in rows, and its locked columns. No branch but the contradiction: a row left
    /// with one cell is solved, and the solved cells leave the other digits' words of the band
    /// whether or not they are new. Returns the words that lost a cell (bit `w`: word `w`;
    /// `w` itself among them when it did), `None` on a contradiction.
    #[inline(always)]
    fn update<const BMI2: bool, const TRACK: bool>(&mut self, w: usize) -> Option<u32> {
        let old = self.cand[w];
        let (b, w1, w2) = WORDS[w % 27];
        let b = usize::from(b);
        let shrink = shrink_on::<BMI2>(old) as usize & 511;
        let x = old & COMPLEX[shrink];
        if x == 0 {
            return None;
        }
        // A row with one cell holds the digit there. Its box is closed to the other rows by
        // `COMPLEX` (the row must map to it), its column leaves the other bands below. The
        // cell is alone in its minirow (which `COMPLEX` keeps or drops whole), the only
        // minirow left in its row.
        let solved = alone(old) & ONLY[shrink];
        self.unsolved[b] &= !solved;
        let mut hit = 0;
        for k in 0..9 {
            let c = self.cand[3 * k + b];
            if TRACK {
                hit |= u32::from(c & solved != 0) << (3 * k);
            }
            self.cand[3 * k + b] = c & !solved;
        }
        self.cand[w] = x;
        let gone = LOCKED_CELLS[columns(x) as usize];
        let (w1, w2) = (usize::from(w1), usize::from(w2));
        let (c1, c2) = (self.cand[w1], self.cand[w2]);
        self.cand[w1] = c1 & !gone;
        self.cand[w2] = c2 & !gone;
        if !TRACK {
            return Some(0);
        }
        Some(hit << b | u32::from(c1 & gone != 0) << w1 | u32::from(c2 & gone != 0) << w2)
    }

    /// [`State::propagate`], as AVX2 code when `AVX2` (only ever set when the CPU has it).
    #[inline(always)]
    fn propagate_on<const AVX2: bool, const TRACK: bool>(&mut self, deep: bool) -> bool {
        #[cfg(target_arch = "x86_64")]
        if AVX2 {
            // SAFETY: see `Fast9::advance`.
            return unsafe { self.propagate_avx2::<TRACK>(deep) };
        }
        self.propagate_portable::<TRACK>(deep)
    }

    #[inline(never)]
    fn propagate_portable<const TRACK: bool>(&mut self, deep: bool) -> bool {
        self.propagate::<false, TRACK>(deep)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    #[inline(never)]
    fn propagate_avx2<const TRACK: bool>(&mut self, deep: bool) -> bool {
        self.propagate::<true, TRACK>(deep)
    }

    /// Propagates to a fixpoint; false on a contradiction. `deep`: with the triad passes
    /// ([`State::units`]) as well as singles and locked candidates. `TRACK`: the words to
    /// update from `dirty` and what the updates return (in the search), else by comparing the
    /// words with a copy (at the root).
    #[inline(always)]
    fn propagate<const BMI2: bool, const TRACK: bool>(&mut self, deep: bool) -> bool {
        // Without `TRACK`, the words as last updated, so that a round takes those that differ:
        // at first none (all ones is never a word's value), and the padding always.
        let mut seen = [u32::MAX; 32];
        seen[27..].fill(0);
        loop {
            if !TRACK {
                loop {
                    let mut mask = differ::<BMI2>(&self.cand, &seen);
                    if mask == 0 {
                        break;
                    }
                    while mask != 0 {
                        let w = mask.trailing_zeros() as usize;
                        mask &= mask - 1;
                        if self.update::<BMI2, false>(w).is_none() {
                            return false;
                        }
                        seen[w] = self.cand[w];
                    }
                }
            }
            // Every word that changed, in rounds, lowest first, until none has. A word changed
            // again after its update in a round waits for the next round; it cannot be taken
            // again in this one, as `mask` is fixed when the round starts.
            let mut next = if TRACK { self.dirty } else { 0 };
            while next != 0 {
                let mut mask = next;
                next = 0;
                while mask != 0 {
                    let w = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let Some(hit) = self.update::<BMI2, true>(w) else {
                        return false;
                    };
                    next = (next | hit) & !(1 << w);
                }
            }
            self.dirty = 0;
            // Naked singles, by counting each band's cells in bit-slices over its nine words
            // (at least one, two, three candidates). The cells with exactly two are kept for
            // the branching choice.
            let Counts {
                one,
                two,
                three,
                index,
            } = self.counts();
            let mut placed = false;
            for b in 0..3 {
                let unsolved = self.unsolved[b];
                if unsolved & !one[b] != 0 {
                    return false;
                }
                self.pairs[b] = two[b] & !three[b] & unsolved;
                let mut singles = one[b] & !two[b] & unsolved;
                while singles != 0 {
                    let i = singles.trailing_zeros();
                    singles &= singles - 1;
                    let d = index
                        .iter()
                        .enumerate()
                        .fold(0, |d, (k, x)| d | (x[b] >> i & 1) << k);
                    // Two singles of one digit may be peers: then both cells lose the digit,
                    // and the next pass finds them empty.
                    self.place((d as usize).min(8), b, i);
                    placed = true;
                }
            }
            if placed {
                continue;
            }
            if !deep {
                self.two = [9; 6];
                return true;
            }
            if self.solved() {
                return true;
            }
            match self.units::<BMI2>() {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Each digit's wrapped 3×3 matrices (see [`wrap`]) of non-empty minirows in the bands
    /// (lanes 0..3) and minicolumns in the stacks (lanes 3..6); lanes 6..8 are padding (full
    /// matrices, inert). `SIMD`: the band matrices of all 27 words by AVX2 shifts, four
    /// registers at once (only set in code compiled for AVX2).
    #[inline(always)]
    fn matrices<const SIMD: bool>(&self) -> [[u32; 8]; 9] {
        #[cfg(target_arch = "x86_64")]
        let (bands, cols) = if SIMD {
            // SAFETY: `SIMD` is only set in code compiled for AVX2.
            unsafe { band_matrices_avx2(&self.cand) }
        } else {
            band_matrices(&self.cand)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (bands, cols) = band_matrices(&self.cand);
        let mut raw = [[wrap(BASE); 8]; 9];
        for (d, lanes) in raw.iter_mut().enumerate() {
            let stacks = stack_matrices::<SIMD>(&[cols[3 * d], cols[3 * d + 1], cols[3 * d + 2]]);
            for b in 0..3 {
                lanes[b] = bands[3 * d + b];
                lanes[3 + b] = WRAPPED[stacks[b] as usize & 511];
            }
        }
        raw
    }

    /// Triads and the locked candidates between boxes and columns, in one pass over the six
    /// units (three bands, three stacks) side by side, without tables: one lane per unit, so
    /// that the compiler can keep the lanes in vector registers. Each digit's 3×3 matrix of
    /// non-empty minirows (bands) or minicolumns (stacks) is kept wrapped around (see
    /// [`wrap`]), where the entry `i` rows down and `j` columns along is one shift away.
    // Index loops over parallel arrays of lanes: the shape the vectoriser reads best.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn units<const BMI2: bool>(&mut self) -> Option<bool> {
        let raw = self.matrices::<BMI2>();
        // Per digit: the matrix reduced to its permutations, the entries alone in their row,
        // and the number of permutations; per unit, the bit-sliced counts of both.
        let mut kept = [[0u32; 8]; 9];
        let mut locks = [[0u32; 8]; 9];
        let (mut p1, mut p2, mut p3, mut p4) = ([0u32; 8], [0u32; 8], [0u32; 8], [0u32; 8]);
        let (mut l1, mut l2, mut l3, mut l4) = ([0u32; 8], [0u32; 8], [0u32; 8], [0u32; 8]);
        let mut configs = [0u32; 8];
        let mut two = [9u32; 8];
        let mut empty = 0;
        for d in 0..9 {
            for u in 0..8 {
                let x = raw[d][u];
                // Entry (r, j) lies on a permutation when the rows and columns other than
                // its own have one: (r+1, j+1)(r+2, j+2) or (r+1, j+2)(r+2, j+1).
                let t1 = x & x >> 6 & x >> 12;
                let t2 = x & x >> 7 & x >> 11;
                let k = (t1 | t2) & BASE;
                // A permutation of each kind meets row 0 once.
                let n = (t1 & 1)
                    + (t1 >> 1 & 1)
                    + (t1 >> 2 & 1)
                    + (t2 & 1)
                    + (t2 >> 1 & 1)
                    + (t2 >> 2 & 1);
                configs[u] += n;
                two[u] = two[u].min(if n == 2 { d as u32 } else { 9 });
                empty |= u32::from(k == 0);
                let kw = wrap(k);
                let l = k & !(kw >> 1 | kw >> 2);
                kept[d][u] = k;
                locks[d][u] = l;
                p4[u] |= p3[u] & k;
                p3[u] |= p2[u] & k;
                p2[u] |= p1[u] & k;
                p1[u] |= k;
                l4[u] |= l3[u] & l;
                l3[u] |= l2[u] & l;
                l2[u] |= l1[u] & l;
                l1[u] |= l;
            }
        }
        let mut bad = empty;
        for u in 0..8 {
            bad |= u32::from(p3[u] != BASE) | u32::from(l4[u] != 0);
        }
        if bad != 0 {
            return None;
        }
        for u in 0..6 {
            self.configs[u] = configs[u] as u8;
            self.two[u] = two[u] as u8;
        }
        // Exactly three digits left (naked), exactly three locked (hidden).
        let mut gone = [[0u32; 8]; 9];
        let mut any = 0;
        for d in 0..9 {
            for u in 0..8 {
                let (k, naked, hidden) = (kept[d][u], BASE & !p4[u], l3[u]);
                let s = wrap(k & naked);
                let cut = k & (s >> 1 | s >> 2 | s >> 5 | s >> 10 | (hidden & !locks[d][u]));
                gone[d][u] = raw[d][u] & BASE & !(k & !cut);
                any |= gone[d][u];
            }
        }
        if any == 0 {
            return Some(false);
        }
        for (d, gone) in gone.iter().enumerate() {
            let g = spread(gone[3]) | spread(gone[4]) << 3 | spread(gone[5]) << 6;
            for b in 0..3 {
                let m = spread(gone[b]);
                let e = m & 0o001_001_001 | (m & 0o002_002_002) << 2 | (m & 0o004_004_004) << 4;
                let cells = (e * 7) | ((g >> (9 * b) & 0o777) * 0x40201);
                let c = self.cand[3 * d + b];
                self.dirty |= u32::from(c & cells != 0) << (3 * d + b);
                self.cand[3 * d + b] = c & !cells;
            }
        }
        Some(true)
    }

    /// [`State::start`] compiled with `popcnt` (only called when the CPU has AVX2 and the
    /// rest).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn start_avx2(given: &[[u32; 3]; 9]) -> Option<State> {
        State::start(given)
    }

    /// The state of a puzzle from each digit's clues per band, every candidate at once and
    /// without a branch: a digit leaves the rows, boxes and columns that hold it, and every
    /// given cell keeps only its own digit. `None` when two clues of a digit share a house: then
    /// the digit's clues outnumber the rows, columns or boxes they occupy.
    #[inline(always)]
    fn start(given: &[[u32; 3]; 9]) -> Option<State> {
        const ROW: u32 = 0o777;
        let filled = [0, 1, 2].map(|b| given.iter().fold(0, |f, g| f | g[b]));
        let mut state = State::empty();
        let mut clash = false;
        for (d, g) in given.iter().enumerate() {
            let cols = [0, 1, 2].map(|b| columns(g[b]));
            let all_cols = cols[0] | cols[1] | cols[2];
            let (mut clues, mut rows, mut boxes) = (0, 0, 0);
            for b in 0..3 {
                let x = g[b];
                let row = |r: u32| 0u32.wrapping_sub(u32::from(x >> (9 * r) & ROW != 0));
                let row_mask = row(0) & ROW | row(1) & ROW << 9 | row(2) & ROW << 18;
                let in_box = (cols[b] | cols[b] >> 1 | cols[b] >> 2) & 0o111;
                clues += x.count_ones();
                rows += row_mask.count_ones() / 9; // nine cells per row
                boxes += in_box.count_ones();
                let taken = row_mask | (((in_box * 7) | all_cols) * 0x40201);
                state.cand[3 * d + b] = ALL & !filled[b] & !taken | x;
            }
            clash |= clues != rows || clues != boxes || clues != all_cols.count_ones();
        }
        for (u, f) in state.unsolved.iter_mut().zip(filled) {
            *u = ALL & !f;
        }
        (!clash).then_some(state)
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
    #[inline(always)]
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

    /// A digit with exactly two configurations left in a band (rows → boxes) or a stack
    /// (bands → columns), in the unit with the fewest configurations over all its digits:
    /// Tdoku's branching, a decision about three cells at once. `None` when no digit has two.
    #[inline(always)]
    fn choose_config(&self) -> Option<Branch> {
        let mut best: Option<(u8, usize)> = None;
        for u in 0..6 {
            let total = self.configs[u];
            if self.two[u] < 9 && total > 9 && best.is_none_or(|(t, _)| total < t) {
                best = Some((total, u));
            }
        }
        let (_, u) = best?;
        let d = usize::from(self.two[u]);
        let branch = if u < 3 {
            Branch::Band {
                d,
                b: u,
                configs: CONFIGS[shrink(self.cand[3 * d + u]) as usize],
            }
        } else {
            let cols = [0, 1, 2].map(|b| columns(self.cand[3 * d + b]));
            Branch::Stack {
                d,
                s: u - 3,
                configs: CONFIGS[stack_matrix(&cols, u - 3) as usize],
            }
        };
        // The counts are those of the last triad pass; check them against the state.
        let (Branch::Band { configs, .. } | Branch::Stack { configs, .. }) = branch;
        (configs.count_ones() == 2).then_some(branch)
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
    /// Dead ends (guesses refuted) before the triad passes join the propagation of a puzzle
    /// with fewer than [`Fast9::DEEP_EMPTY`] empty cells. Alternated runs against "after two
    /// dead ends": forum_hardest_1106 1.09–1.14×, top1465 1.06×, serg (many solutions)
    /// 0.92–1.03×; after 8 guesses instead, top1465 10–20 % slower; on every node (0), serg
    /// 1.45× slower for no fewer guesses.
    const DEEP_AFTER: u64 = 1;
    /// Empty cells (of 81) from which the triad passes run on every node, from the root:
    /// sparse puzzles repay them (17-clue: guesses 0.96 → 0.59; forum_hardest_1905: 70.8 →
    /// 66.5, 2 % fewer instructions and 5 % fewer mispredicted branches), puzzles with many
    /// clues are mostly settled by singles or, with many solutions, by guesses. The benchmark
    /// sets have up to 28 clues, except serg's (34–35 clues, many solutions), where the pass
    /// at the root alone cost 7 % of the instructions for no fewer guesses.
    const DEEP_EMPTY: u32 = 50;

    /// Whether the triad passes run: on every node of a sparse puzzle, else once the search has
    /// met [`Fast9::DEEP_AFTER`] dead ends. Puzzles with many solutions rarely meet one, and
    /// there the passes cost more than they save.
    fn deep(&self) -> bool {
        self.sparse || self.dead_ends >= Self::DEEP_AFTER
    }

    pub(crate) fn new(grid: &Grid) -> Fast9 {
        let mut engine = Fast9 {
            state: State::empty(),
            stack: Vec::with_capacity(81),
            guesses: 0,
            watch: super::Watch::default(),
            phase: Phase::Start,
            values: [0; 81],
            avx2: avx2_detected(),
            dead_ends: 0,
            sparse: false,
        };
        engine.load(grid.values());
        engine
    }

    /// Starts over on another puzzle, keeping the buffers.
    pub(crate) fn load(&mut self, values: &[u16]) {
        debug_assert_eq!(values.len(), 81);
        self.stack.clear();
        self.guesses = 0;
        self.dead_ends = 0;
        #[cfg(target_arch = "x86_64")]
        let start = if self.avx2 {
            // SAFETY: see `Fast9::advance`.
            unsafe { State::start_avx2(&clues_avx2(values)) }
        } else {
            State::start(&clues(values))
        };
        #[cfg(not(target_arch = "x86_64"))]
        let start = State::start(&clues(values));
        match start {
            Some(state) => {
                self.state = state;
                self.phase = Phase::Start;
            }
            None => self.phase = Phase::Done, // two clues clash
        }
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Finds the next solution; false when there are no more.
    pub(crate) fn advance(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT.
            return unsafe { self.advance_avx2() };
        }
        self.search::<false>()
    }

    /// [`Fast9::search`] compiled for AVX2: the lanes of [`State::units`] fit one register.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn advance_avx2(&mut self) -> bool {
        self.search::<true>()
    }

    /// Forces the portable path, to test it on machines with AVX2.
    #[cfg(test)]
    fn portable(mut self) -> Fast9 {
        self.avx2 = false;
        self
    }

    #[inline(always)]
    fn search<const AVX2: bool>(&mut self) -> bool {
        let mut consistent = match self.phase {
            Phase::Start => {
                let empty: u32 = self.state.unsolved.iter().map(|u| u.count_ones()).sum();
                self.sparse = empty >= Self::DEEP_EMPTY;
                self.state.propagate_on::<AVX2, false>(self.sparse)
            }
            Phase::Solved => false,
            Phase::Done => return false,
        };
        // Backtracking after a solution is not a dead end.
        let mut resumed = self.phase == Phase::Solved;
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
                // Both branches: the second is saved on the stack, for later; the state goes
                // on with the first.
                let mut other = Saved {
                    cand: self.state.cand,
                    unsolved: self.state.unsolved,
                    changed: 0,
                };
                if let Some(branch) = self.state.choose_config() {
                    let (first, second) = branch.configs();
                    other.changed = branch.assert(&mut other.cand, second);
                    self.state.dirty = branch.assert(&mut self.state.cand, first);
                } else {
                    // The first guesses of a puzzle take the first bivalue cell (cheap: most
                    // easy puzzles need a handful); a puzzle that keeps guessing gets the
                    // thorough choice.
                    let (b, i, d) = self.state.choose(self.guesses >= Self::CHEAP_GUESSES);
                    let w = (3 * d + b) & 31;
                    other.cand[w] &= !(1 << i);
                    other.changed = 1 << w;
                    self.state.place(d, b, i);
                }
                self.stack.push(other);
                self.guesses += 1;
                consistent = self.state.propagate_on::<AVX2, true>(self.deep());
            } else {
                if !resumed {
                    self.dead_ends += 1;
                }
                resumed = false;
                let Some(next) = self.stack.pop() else {
                    self.phase = Phase::Done;
                    return false;
                };
                next.restore(&mut self.state);
                consistent = self.state.propagate_on::<AVX2, true>(self.deep());
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

/// The clues of each digit (1..=9 → 0..9), per band (bit `9·row + col`). Without a branch
/// per cell: empty cells go to entry 0 (and values above 9, which a grid never holds, to
/// entry 10), both dropped.
fn clues(values: &[u16]) -> [[u32; 3]; 9] {
    let mut digits = [[0u32; 3]; 11];
    for (b, band) in values.chunks_exact(27).enumerate() {
        for (i, &v) in band.iter().enumerate() {
            digits[usize::from(v).min(10)][b] |= 1 << i;
        }
    }
    let mut given = [[0u32; 3]; 9];
    given.copy_from_slice(&digits[1..10]);
    given
}

/// [`clues`] by AVX2 compares: the values as bytes in three registers, one compare and
/// mask per digit and register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn clues_avx2(values: &[u16]) -> [[u32; 3]; 9] {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
    };
    let mut bytes = [0u8; 96];
    for (b, &v) in bytes.iter_mut().zip(values.iter().take(81)) {
        *b = v.min(255) as u8;
    }
    // SAFETY: three loads of 32 bytes in a 96-byte array; AVX2 as said above.
    let regs = [0, 1, 2]
        .map(|k| unsafe { _mm256_loadu_si256(bytes.as_ptr().add(32 * k).cast::<__m256i>()) });
    let mut given = [[0u32; 3]; 9];
    for (d, g) in given.iter_mut().enumerate() {
        let digit = _mm256_set1_epi8(d as i8 + 1);
        let [m0, m1, m2] = regs.map(|r| _mm256_movemask_epi8(_mm256_cmpeq_epi8(r, digit)) as u32);
        let low = u64::from(m0) | u64::from(m1) << 32;
        *g = [
            low as u32 & ALL,
            (low >> 27) as u32 & ALL,
            ((low >> 54) as u32 | m2 << 10) & ALL,
        ];
    }
    given
}

fn avx2_detected() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The benchmark samples, each also with its last ten clues removed (more solutions) and
    /// with a clue added.
    fn samples() -> Vec<Vec<u16>> {
        let text = [
            include_str!("../../../tests/data/9x9/puzzles2_17_clue.sample"),
            include_str!("../../../tests/data/9x9/puzzles3_magictour_top1465.sample"),
            include_str!("../../../tests/data/9x9/puzzles5_forum_hardest_1905_11+.sample"),
            include_str!("../../../tests/data/9x9/puzzles6_forum_hardest_1106.sample"),
            include_str!("../../../tests/data/9x9/puzzles7_serg_benchmark.sample"),
        ];
        let mut puzzles = Vec::new();
        for line in text.iter().flat_map(|t| t.lines()) {
            let Ok(grid) = line.parse::<Grid>() else {
                continue;
            };
            let values = grid.values().to_vec();
            let mut fewer = values.clone();
            for v in fewer.iter_mut().rev().filter(|v| **v != 0).take(10) {
                *v = 0;
            }
            // The first empty cell takes its largest candidate: mostly no solution then,
            // found by search rather than by the clues.
            let mut guessed = values.clone();
            if let Some(i) = values.iter().position(|&v| v == 0) {
                let peer = |j: usize| {
                    j / 9 == i / 9 || j % 9 == i % 9 || (j / 27, j % 9 / 3) == (i / 27, i % 9 / 3)
                };
                let d = (1..=9)
                    .rev()
                    .find(|&d| (0..81).all(|j| !peer(j) || values[j] != d));
                guessed[i] = d.unwrap_or(0);
            }
            puzzles.extend([values, fewer, guessed]);
        }
        puzzles
    }

    /// The portable search and the AVX2 one (where the CPU has it) find the same solutions in
    /// the same order with the same guesses: one source, two compilations.
    #[test]
    fn portable_path_matches_the_dispatched_one() {
        let puzzles = samples();
        assert!(puzzles.len() > 100);
        for values in &puzzles {
            let grid =
                Grid::from_values(crate::grid::Shape::CLASSIC, values).expect("81 values in range");
            let mut fast = Fast9::new(&grid);
            let mut portable = Fast9::new(&grid).portable();
            for _ in 0..3 {
                let a = fast.next_solution().map(<[u16]>::to_vec);
                let b = portable.next_solution().map(<[u16]>::to_vec);
                assert_eq!(a, b, "{values:?}");
                assert_eq!(fast.guesses(), portable.guesses());
                if a.is_none() {
                    break;
                }
            }
        }
    }

    /// The clue masks by AVX2 compares equal the scalar ones, and put each clue in its digit's
    /// word at its band's bit.
    #[test]
    fn clue_masks_by_both_paths() {
        for values in samples() {
            let given = clues(&values);
            for (i, &v) in values.iter().enumerate() {
                for (d, g) in given.iter().enumerate() {
                    let bit = g[i / 27] >> (i % 27) & 1;
                    assert_eq!(bit == 1, usize::from(v) == d + 1, "cell {i} in {values:?}");
                }
            }
            #[cfg(target_arch = "x86_64")]
            if avx2_detected() {
                // SAFETY: the CPU has the features.
                assert_eq!(unsafe { clues_avx2(&values) }, given);
            }
        }
    }

    /// 200 sets of 27 random words (the padding words 0), sparser as they go: each word the AND
    /// of one to four random words.
    fn random_words() -> impl Iterator<Item = [u32; 32]> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        (0..200).map(move |round| {
            let mut cand = [0u32; 32];
            for w in cand.iter_mut().take(27) {
                *w = (0..=round % 4).fold(ALL, |x, _| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    x & seed as u32
                });
            }
            cand
        })
    }

    /// The band matrices and columns by AVX2 shifts equal the table ones, on words of every
    /// density.
    #[test]
    fn band_matrices_by_both_paths() {
        #[cfg(target_arch = "x86_64")]
        if avx2_detected() {
            for cand in random_words() {
                // SAFETY: the CPU has the features.
                let simd = unsafe { band_matrices_avx2(&cand) };
                assert_eq!(simd, band_matrices(&cand), "{cand:x?}");
            }
        }
    }

    /// The naked-single counts in vector lanes equal the band-by-band ones, and count: a cell
    /// is in `one`, `two`, `three` when it has at least that many candidates.
    #[test]
    fn counts_by_both_paths() {
        for cand in random_words() {
            let state = State {
                cand,
                ..State::empty()
            };
            // Lane 3 is padding (the vector path leaves the next digit's band 0 there).
            let bands = |mut c: Counts| {
                for x in [&mut c.one, &mut c.two, &mut c.three]
                    .into_iter()
                    .chain(&mut c.index)
                {
                    x[3] = 0;
                }
                c
            };
            let counts = bands(state.counts());
            assert_eq!(counts, bands(state.counts_scalar()));
            for b in 0..3 {
                for i in 0..27 {
                    let n = (0..9)
                        .filter(|d| state.cand[3 * d + b] >> i & 1 != 0)
                        .count();
                    let at = |x: u32| x >> i & 1 == 1;
                    assert_eq!(
                        [at(counts.one[b]), at(counts.two[b]), at(counts.three[b])],
                        [n >= 1, n >= 2, n >= 3]
                    );
                }
            }
        }
    }

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

    /// The update's hidden singles, read from the word before `COMPLEX` (cells alone in their
    /// minirow, in a minirow left alone in its row), are the rows of the reduced word with
    /// one cell.
    #[test]
    fn hidden_singles_by_minirows_match_rows_with_one_cell() {
        let mut singles = 0;
        for cand in random_words() {
            for &old in &cand[..27] {
                let s = shrink(old) as usize;
                let x = old & COMPLEX[s];
                let rows = (0..3).fold(0, |m, r| {
                    let row = x >> (9 * r) & 0o777;
                    m | if row.count_ones() == 1 {
                        row << (9 * r)
                    } else {
                        0
                    }
                });
                assert_eq!(alone(old) & ONLY[s], rows, "{old:#o}");
                singles += rows.count_ones();
            }
        }
        assert!(singles > 100);
        assert_eq!(alone(0o124_700_013), 0o124_000_010);
    }

    /// An update returns exactly the other words it changed: the rounds of the propagation
    /// see no other change.
    #[test]
    fn an_update_reports_the_words_it_changes() {
        let mut reported = 0;
        for cand in random_words() {
            for w in 0..27 {
                let mut state = State::empty();
                state.cand = cand;
                let Some(hit) = state.update::<false, true>(w) else {
                    assert_eq!(cand[w] & COMPLEX[shrink(cand[w]) as usize], 0);
                    continue;
                };
                let changed = differ::<false>(&state.cand, &cand);
                let others = !(1u32 << w);
                assert_eq!(hit & others, changed & others, "word {w}");
                reported += (hit & others).count_ones();
            }
        }
        assert!(reported > 100);
    }

    #[test]
    fn locked_columns() {
        assert_eq!(LOCKED_COLUMN[0b010_110_001], 0b010_000_001);
        // Box (8 others) plus the rest of the row (6); the band's column lies in the box.
        assert_eq!(BAND_PEERS[0].count_ones(), 14);
    }
}
