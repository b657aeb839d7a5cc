//! Triads and the locked candidates between boxes and columns: the six units (three bands,
//! three stacks) side by side as the lanes of one vector, each digit's 3×3 matrix wrapped
//! around.

use super::State;
use super::tables::{columns, shrink, stack_matrix};

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

impl State {
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
    pub(super) fn units<const BMI2: bool>(&mut self) -> Option<bool> {
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
}

#[cfg(test)]
mod tests {
    #[cfg(target_arch = "x86_64")]
    use super::super::avx2_detected;
    #[cfg(target_arch = "x86_64")]
    use super::super::tests::random_words;
    #[cfg(target_arch = "x86_64")]
    use super::*;

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
}
