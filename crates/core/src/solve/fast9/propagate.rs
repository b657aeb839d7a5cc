//! Propagation to a fixpoint: locked candidates and hidden singles word by word, by tables,
//! in rounds over the words that changed; naked singles by bit-sliced counts.

use super::State;
use super::tables::{BAND_PEERS, COMPLEX, LOCKED_CELLS, ONLY, WORDS, alone, columns, shrink_on};

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

/// What [`State::counts`] gives: per band (lanes 0..3), the cells with at least one, two and
/// three candidates, and bit `k` of their digits ORed.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    one: [u32; 4],
    two: [u32; 4],
    three: [u32; 4],
    index: [[u32; 4]; 4],
}

impl State {
    /// Places digit `d` at bit `i` of band `b`, in its own word: the cell alone in its row,
    /// the next round of updates ([`State::update`]) takes it from the other digits and other
    /// bands.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, i: u32) {
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
    pub(super) fn propagate_on<const AVX2: bool, const TRACK: bool>(&mut self, deep: bool) -> bool {
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
}

#[cfg(test)]
mod tests {
    use super::super::tables::shrink;
    use super::super::tests::random_words;
    use super::*;

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
}
