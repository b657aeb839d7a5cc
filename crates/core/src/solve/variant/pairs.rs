//! Rules between two cells, as tables: for each digit of one cell, the digits the other may
//! hold. Kropki dots, XV, thermometer steps, whispers, palindromes and clones (equality),
//! non-consecutive neighbours, minimum and maximum cells, entropic and modular lines,
//! indexers and the negative constraints are all pairs; arc consistency on each pair is what
//! propagation does with them. (Pairs that only say "different digits" are peers instead: see
//! the network's peer lists.)

use super::ctx::{Ctx, digits};

/// A relation between the digits of two cells `a` and `b`: `fwd[d]` is what `b` may hold
/// when `a` holds digit `d + 1`, `bwd[d]` what `a` may hold when `b` holds `d + 1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Relation {
    pub fwd: Box<[u64]>,
    pub bwd: Box<[u64]>,
}

impl Relation {
    /// The relation `holds(x, y)` between digits `x` of `a` and `y` of `b` (1-based) on a
    /// grid of side `n`.
    pub fn new(n: usize, holds: impl Fn(i64, i64) -> bool) -> Relation {
        let mut fwd = vec![0u64; n].into_boxed_slice();
        let mut bwd = vec![0u64; n].into_boxed_slice();
        for x in 0..n {
            for y in 0..n {
                if holds(x as i64 + 1, y as i64 + 1) {
                    fwd[x] |= 1 << y;
                    bwd[y] |= 1 << x;
                }
            }
        }
        Relation { fwd, bwd }
    }

    /// What `b` may hold when `a` may hold the digits of `mask`.
    #[inline]
    pub fn image(&self, mask: u64) -> u64 {
        digits(mask).fold(0, |acc, d| acc | self.fwd[d as usize])
    }

    /// What `a` may hold when `b` may hold the digits of `mask`.
    #[inline]
    pub fn preimage(&self, mask: u64) -> u64 {
        digits(mask).fold(0, |acc, d| acc | self.bwd[d as usize])
    }
}

/// Two cells in a relation (an index into the network's relations).
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair {
    pub a: u32,
    pub b: u32,
    pub rel: u32,
}

impl Pair {
    pub fn propagate(&self, relations: &[Relation], ctx: &mut Ctx) -> bool {
        let rel = &relations[self.rel as usize];
        let (a, b) = (self.a as usize, self.b as usize);
        ctx.restrict(b, rel.image(ctx.get(a))) && ctx.restrict(a, rel.preimage(ctx.get(b)))
    }
}
