//! Lines whose rule binds more than two cells at once: renban, between lines, lockout lines,
//! zippers. (Thermometers, whispers, palindromes, entropic, modular and nabner lines are pairs
//! of cells: see `pairs.rs`; arrows, double arrows and region sum lines are sums.)
//!
//! Each filter keeps a digit when some choice of the rule's free part (the run of a renban,
//! the ends of a between or lockout line, the total of a zipper) fits every cell's candidates,
//! and that choice allows the digit: the candidates left are the union over the choices that
//! fit.

use super::ctx::{Ctx, digits, range};

/// Different, consecutive digits in any order.
#[derive(Clone, Debug)]
pub(super) struct Renban {
    pub cells: Box<[u32]>,
    pub n: u32,
}

impl Renban {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let k = self.cells.len() as u32;
        let run = u64::MAX >> (64 - k);
        let (mut allowed, mut required) = (0u64, u64::MAX);
        for start in 0..=(self.n - k) {
            let window = run << start;
            let mut cover = 0u64;
            let fits = self.cells.iter().all(|&c| {
                let m = ctx.get(c as usize) & window;
                cover |= m;
                m != 0
            });
            if fits && cover == window {
                allowed |= window;
                required &= window;
            }
        }
        if allowed == 0 {
            return false;
        }
        if !self
            .cells
            .iter()
            .all(|&c| ctx.restrict(c as usize, allowed))
        {
            return false;
        }
        // Digits in every run that fits: one of the cells holds each.
        digits(required).all(|d| ctx.exclude_required(&self.cells, 1 << d))
    }
}

/// A line whose middle digits lie strictly between its ends' (`between`), or whose ends
/// differ by at least `gap` and whose middle digits lie outside the ends' closed interval
/// (`lockout`).
#[derive(Clone, Debug)]
pub(super) struct Ends {
    pub first: u32,
    pub last: u32,
    pub middle: Box<[u32]>,
    /// `None`: between line; `Some(gap)`: lockout line.
    pub lockout: Option<u32>,
}

impl Ends {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let (a, b) = (self.first as usize, self.last as usize);
        let (ma, mb) = (ctx.get(a), ctx.get(b));
        // The ends kept, and the digits the middle may take under some pair of them: a middle
        // cell keeps its candidates in the union of the windows of the pairs that fit.
        let (mut keep_a, mut keep_b, mut windows) = (0u64, 0u64, 0u64);
        for x in digits(ma) {
            for y in digits(mb) {
                let (lo, hi) = (x.min(y) as i64, x.max(y) as i64);
                let window = match self.lockout {
                    None => range(lo + 1, hi - 1),
                    Some(gap) if hi - lo >= i64::from(gap) => !range(lo, hi),
                    Some(_) => continue,
                };
                if self
                    .middle
                    .iter()
                    .all(|&c| ctx.get(c as usize) & window != 0)
                {
                    keep_a |= 1 << x;
                    keep_b |= 1 << y;
                    windows |= window;
                }
            }
        }
        ctx.restrict(a, keep_a)
            && ctx.restrict(b, keep_b)
            && self
                .middle
                .iter()
                .all(|&c| ctx.restrict(c as usize, windows))
    }
}

/// Cells at the same distance from the middle of the line add up to the same total, the
/// middle cell's digit when the line has one.
#[derive(Clone, Debug)]
pub(super) struct Zipper {
    pub pairs: Box<[(u32, u32)]>,
    pub middle: Option<u32>,
    pub n: u32,
}

impl Zipper {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let n = self.n;
        // Totals as digits of the middle cell (digit d + 1), or every total 2..=2N.
        let middle = self.middle.map(|c| ctx.get(c as usize));
        let totals =
            (2..=2 * n).filter(|&t| middle.is_none_or(|m| t <= n && m >> (t - 1) & 1 != 0));
        // Per pair, the digits of each side kept over the totals that fit; then the same
        // for the total being tried.
        let k = self.pairs.len();
        let mut scratch = std::mem::take(ctx.scratch);
        scratch.clear();
        scratch.resize(4 * k, 0);
        let (keep, part) = scratch.split_at_mut(2 * k);
        let mut keep_middle = 0u64;
        let mut any = false;
        for total in totals {
            let fits = self.pairs.iter().enumerate().all(|(i, &(a, b))| {
                let (ma, mb) = (ctx.get(a as usize), ctx.get(b as usize));
                let (mut ka, mut kb) = (0u64, 0u64);
                for x in digits(ma) {
                    // Digits x + 1 and y + 1 add up to `total`.
                    let y = i64::from(total) - i64::from(x) - 2;
                    if (0..64).contains(&y) && mb >> y & 1 != 0 {
                        ka |= 1 << x;
                        kb |= 1 << y;
                    }
                }
                part[2 * i] = ka;
                part[2 * i + 1] = kb;
                ka != 0
            });
            if fits {
                for (kp, p) in keep.iter_mut().zip(part.iter()) {
                    *kp |= p;
                }
                any = true;
                if total <= n {
                    keep_middle |= 1 << (total - 1);
                }
            }
        }
        let ok = self
            .middle
            .is_none_or(|c| ctx.restrict(c as usize, keep_middle))
            && any
            && self.pairs.iter().enumerate().all(|(i, &(a, b))| {
                ctx.restrict(a as usize, keep[2 * i]) && ctx.restrict(b as usize, keep[2 * i + 1])
            });
        *ctx.scratch = scratch;
        ok
    }
}
