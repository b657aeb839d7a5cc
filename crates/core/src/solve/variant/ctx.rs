//! What a propagator works on: the candidates of one search frame, and the list of cells it
//! changed. A propagator only narrows candidates, through [`Ctx::restrict`], and says `false`
//! when a cell has none left or its rule cannot be met: a contradiction.

/// Candidates (bit `d` for digit `d + 1`) of every cell in one frame, and the cells changed
/// since the driver last looked.
pub(super) struct Ctx<'a> {
    pub cand: &'a mut [u64],
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
