//! Groups of cells that hold different digits. A *house* has `N` cells, so it holds every
//! digit once: a digit with no place left is a contradiction, a digit with one place is placed
//! there (hidden single). A smaller group (a cage, a short extra region) needs as many digits
//! among its cells' candidates as it has cells; when it has exactly that many, each is placed
//! like a house's. Naked singles are not theirs: a placed digit leaves every peer of its cell
//! through the peer lists, once.

use super::ctx::Ctx;

/// Cells holding different digits: every digit of `all` once when the group has `N` cells.
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub cells: Box<[u32]>,
}

/// Bit-sliced counts of each digit's places among `cells`: the digits with at least one,
/// at least two, and more than three.
fn places(cells: &[u32], ctx: &Ctx) -> (u64, u64, u64) {
    let (mut once, mut twice, mut thrice, mut more) = (0u64, 0u64, 0u64, 0u64);
    for &c in cells {
        let m = ctx.get(c as usize);
        more |= thrice & m;
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    (once, twice, more)
}

impl Group {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let (once, twice, _) = places(&self.cells, ctx);
        let k = self.cells.len() as u32;
        let have = once.count_ones();
        if have < k {
            return false;
        }
        if have > k {
            // A group smaller than N with digits to spare: nothing is forced.
            return true;
        }
        // Every digit present is needed: one with a single place goes there.
        let mut hidden = once & !twice;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden ^= bit;
            for &c in self.cells.iter() {
                let m = ctx.get(c as usize);
                if m & bit != 0 {
                    if m != bit && !ctx.restrict(c as usize, bit) {
                        return false;
                    }
                    break;
                }
            }
        }
        true
    }
}

/// The group's pointing: a digit the group needs, with few places left, leaves the cells that
/// see every one of them (pointing and claiming, and the like through any peers). A digit
/// with more than three places is looked at only when another group holds them all. The
/// dearest of the propagators for what it finds, so it runs when no other is queued.
#[derive(Clone, Debug)]
pub(super) struct Pointing {
    pub cells: Box<[u32]>,
    /// The places (bits of `cells`) of every other group that shares more than three cells
    /// with this one; filled in when the network is laid out.
    pub within: Box<[u64]>,
}

impl Pointing {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let (once, twice, more) = places(&self.cells, ctx);
        if once.count_ones() != self.cells.len() as u32 {
            // Digits to spare (or too few: the group itself says so).
            return true;
        }
        let digits = if ctx.overlap <= 3 {
            twice & !more
        } else {
            twice
        };
        if digits == 0 {
            return true;
        }
        // Each digit's places, in one pass over the cells. Removing a digit from the cells
        // that see all its places never touches the group's own cells (none of them sees
        // itself, and the others do not hold the digit), so these stay true.
        let mut at = [0u64; 64];
        for (i, &c) in self.cells.iter().enumerate() {
            let mut m = ctx.get(c as usize) & digits;
            while m != 0 {
                at[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
        let mut rest = digits;
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            let places = at[d as usize];
            let k = places.count_ones();
            // Past three places, only a group that holds them all is worth a look.
            let worth = k <= 3 || k <= ctx.overlap && self.within.iter().any(|&m| places & !m == 0);
            if worth && !ctx.exclude_places(&self.cells, places, 1 << d) {
                return false;
            }
        }
        true
    }
}
