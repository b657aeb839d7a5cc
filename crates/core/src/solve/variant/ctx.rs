//! What a propagator works on: the candidates of one search frame, and the list of cells it
//! changed. A propagator only narrows candidates, through [`Ctx::restrict`], and says `false`
//! when a cell has none left or its rule cannot be met: a contradiction.

/// Candidates (bit `d` for digit `d + 1`) of every cell in one frame, and the cells changed
/// since the driver last looked.
pub(super) struct Ctx<'a> {
    pub cand: &'a mut [u64],
    /// Each cell's peers as a bit set of cells, `words` words a cell.
    pub peer_bits: &'a [u64],
    pub words: usize,
    /// Scratch of `words` words for [`Ctx::exclude_required`].
    pub common: &'a mut [u64],
    /// The most places a required digit may have for [`Ctx::exclude_required`] to look: the
    /// largest overlap of two groups (beyond it, no cell sees them all but by chance).
    pub overlap: u32,
    pub changed: &'a mut Vec<u32>,
    /// Cells already in `changed` (so that each is listed once).
    pub pending: &'a mut [bool],
    /// Scratch space for propagators that need it (sums' reachable totals).
    pub scratch: &'a mut Vec<u64>,
}

impl Ctx<'_> {
    /// Keeps only the candidates of `mask` in `cell`; false when none is left.
    #[inline]
    pub fn restrict(&mut self, cell: usize, mask: u64) -> bool {
        let old = self.cand[cell];
        let new = old & mask;
        if new != old {
            if new == 0 {
                return false;
            }
            self.cand[cell] = new;
            if !self.pending[cell] {
                self.pending[cell] = true;
                self.changed.push(cell as u32);
            }
        }
        true
    }

    /// The candidates of `cell`.
    #[inline]
    pub fn get(&self, cell: usize) -> u64 {
        self.cand[cell]
    }

    /// [`Ctx::exclude_required`] with the digit's places known: `places` are bits of `cells`
    /// (at most 64 of them), two or more, none placed.
    pub fn exclude_places(&mut self, cells: &[u32], places: u64, bit: u64) -> bool {
        let w = self.words;
        if w == usize::MAX {
            return true;
        }
        let mut rest = places;
        let first = cells[rest.trailing_zeros() as usize] as usize;
        rest &= rest - 1;
        self.common
            .copy_from_slice(&self.peer_bits[first * w..(first + 1) * w]);
        while rest != 0 {
            let c = cells[rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
            let mut any = 0;
            for (x, p) in self
                .common
                .iter_mut()
                .zip(&self.peer_bits[c * w..(c + 1) * w])
            {
                *x &= p;
                any |= *x;
            }
            if any == 0 {
                return true;
            }
        }
        self.remove_common(bit)
    }

    /// Removes the digit from every cell of `common`.
    fn remove_common(&mut self, bit: u64) -> bool {
        for i in 0..self.words {
            let mut word = self.common[i];
            while word != 0 {
                let c = i * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if self.cand[c] & bit != 0 && !self.restrict(c, !bit) {
                    return false;
                }
            }
        }
        true
    }

    /// A digit (`bit`) that one of `cells` must hold leaves every cell that sees all of the
    /// group's cells that may hold it (pointing and claiming, generalised to any group). False
    /// on a contradiction.
    pub fn exclude_required(&mut self, cells: &[u32], bit: u64) -> bool {
        let w = self.words;
        if w == usize::MAX {
            return true;
        }
        let mut places = 0;
        for &c in cells {
            let m = self.cand[c as usize];
            if m & bit != 0 {
                if m == bit {
                    // Placed: its peers lose the digit through the peer lists.
                    return true;
                }
                places += 1;
            }
        }
        if places == 0 {
            return false;
        }
        if places > self.overlap {
            return true;
        }
        let mut first = true;
        for &c in cells {
            if self.cand[c as usize] & bit == 0 {
                continue;
            }
            let peers = &self.peer_bits[c as usize * w..(c as usize + 1) * w];
            if first {
                self.common.copy_from_slice(peers);
                first = false;
                continue;
            }
            let mut any = 0;
            for (x, p) in self.common.iter_mut().zip(peers) {
                *x &= p;
                any |= *x;
            }
            if any == 0 {
                return true;
            }
        }
        self.remove_common(bit)
    }
}

/// The digits of a mask, lowest first, as 0-based indices.
#[inline]
pub(super) fn digits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros();
            mask &= mask - 1;
            d
        })
    })
}

/// True when the mask holds exactly one digit.
#[inline]
pub(super) fn single(mask: u64) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// Digits `lo..=hi` (0-based); empty when `lo > hi`.
#[inline]
pub(super) fn range(lo: i64, hi: i64) -> u64 {
    let lo = lo.max(0);
    let hi = hi.min(63);
    if lo > hi {
        return 0;
    }
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}
