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

    /// For each digit of one cell, what the other may hold: from `a` to `b` when `forward`.
    pub fn from(&self, forward: bool) -> &[u64] {
        if forward { &self.fwd } else { &self.bwd }
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

/// Two rules from one cell `x` to two cells that see each other: a digit of `x` needs a digit
/// of `a` and a different digit of `b` that the rules allow. Arc consistency on each pair alone
/// misses that `a` and `b` cannot both take the one digit left to them: a white dot on each side
/// of a cell in a row rules out 1 and N there, two black dots every odd digit, and the middle
/// cell of a German whisper in one box cannot be 4 or 6 (its neighbours would both be 9).
#[derive(Clone, Copy, Debug)]
pub(super) struct Fork {
    pub x: u32,
    pub a: u32,
    pub b: u32,
    /// The relations from `x` to `a` and to `b`, each with whether `x` is its first cell.
    pub ra: (u32, bool),
    pub rb: (u32, bool),
}

impl Fork {
    pub fn propagate(&self, relations: &[Relation], ctx: &mut Ctx) -> bool {
        let table = |(r, forward): (u32, bool)| relations[r as usize].from(forward);
        let (ta, tb) = (table(self.ra), table(self.rb));
        let (x, a, b) = (self.x as usize, self.a as usize, self.b as usize);
        let (ma, mb) = (ctx.get(a), ctx.get(b));
        let (mut keep_x, mut keep_a, mut keep_b) = (0u64, 0u64, 0u64);
        for d in digits(ctx.get(x)) {
            let sa = ta[d as usize] & ma;
            let sb = tb[d as usize] & mb;
            if sa == 0 || sb == 0 || (sa == sb && sa & (sa - 1) == 0) {
                continue;
            }
            keep_x |= 1 << d;
            // A digit of `a` is kept when `b` has another one beside it.
            keep_a |= if sb & (sb - 1) == 0 { sa & !sb } else { sa };
            keep_b |= if sa & (sa - 1) == 0 { sb & !sa } else { sb };
        }
        ctx.restrict(x, keep_x) && ctx.restrict(a, keep_a) && ctx.restrict(b, keep_b)
    }
}
