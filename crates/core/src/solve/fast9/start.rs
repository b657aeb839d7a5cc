//! A puzzle's first state from its clues, or from its candidates (a pencil-mark puzzle): every
//! candidate at once, without a branch.

use super::State;
use super::tables::{ALL, columns};
use crate::grid::DigitSet;

impl State {
    /// [`State::start`] compiled with `popcnt` (only called when the CPU has AVX2 and the
    /// rest).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn start_avx2(given: &[[u32; 3]; 9]) -> Option<State> {
        State::start(given)
    }

    /// The state of a puzzle from each digit's clues per band, every candidate at once and
    /// without a branch: a digit leaves the rows, boxes and columns that hold it, and every
    /// given cell keeps only its own digit. `None` when two clues of a digit share a house: then
    /// the digit's clues outnumber the rows, columns or boxes they occupy.
    #[inline(always)]
    pub(super) fn start(given: &[[u32; 3]; 9]) -> Option<State> {
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
}

impl State {
    /// Restricts every word to its digit's cells in `allowed` (per digit and band): a
    /// pencil-mark puzzle's candidates, on top of the state of its single-candidate cells.
    #[inline(always)]
    pub(super) fn restrict(&mut self, allowed: &[[u32; 3]; 9]) {
        for (d, a) in allowed.iter().enumerate() {
            for (b, &cells) in a.iter().enumerate() {
                self.cand[3 * d + b] &= cells;
            }
        }
    }
}

/// A pencil-mark puzzle's cells per digit (1..=9 → 0..9) and band (bit `9·row + col`): those
/// whose candidates hold the digit, and those where it is the only one (the puzzle's clues, as
/// far as [`State::start`] is concerned). A filled cell keeps only its digit, if its candidates
/// hold it: otherwise it has none left, and the puzzle no solution.
pub(super) fn marked(values: &[u16], marks: &[DigitSet]) -> Marked {
    let mut marked = Marked {
        allowed: [[0; 3]; 9],
        given: [[0; 3]; 9],
    };
    for (i, (&v, set)) in values.iter().zip(marks).take(81).enumerate() {
        let mut m = set.bits::<1>().0[0] as u32 & 0o777;
        if v != 0 {
            m &= 1u32.checked_shl(u32::from(v) - 1).unwrap_or(0);
        }
        let (b, bit) = (i / 27, 1 << (i % 27));
        let single = m.is_power_of_two();
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            marked.allowed[d][b] |= bit;
            if single {
                marked.given[d][b] |= bit;
            }
        }
    }
    marked
}

/// What [`marked`] finds in a pencil-mark puzzle.
pub(super) struct Marked {
    /// The cells whose candidates hold the digit.
    pub(super) allowed: [[u32; 3]; 9],
    /// The cells with the digit as their only candidate.
    pub(super) given: [[u32; 3]; 9],
}

/// The clues of each digit (1..=9 → 0..9), per band (bit `9·row + col`). Without a branch
/// per cell: empty cells go to entry 0 (and values above 9, which a grid never holds, to
/// entry 10), both dropped.
pub(super) fn clues(values: &[u16]) -> [[u32; 3]; 9] {
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
pub(super) fn clues_avx2(values: &[u16]) -> [[u32; 3]; 9] {
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

#[cfg(test)]
mod tests {
    #[cfg(target_arch = "x86_64")]
    use super::super::avx2_detected;
    use super::super::tests::samples;
    use super::*;

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
}
