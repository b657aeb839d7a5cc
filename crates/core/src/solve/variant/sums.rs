//! Sums: killer cages, arrows, little killers, double arrows, region sum lines, and the sums
//! inside x-sums and sandwiches.
//!
//! A weighted sum `Σ cᵢ·xᵢ = t` is filtered exactly (every digit kept takes part in some
//! assignment of the cells' candidates that makes the total; repeats allowed) by dynamic
//! programming over the totals each prefix of the cells can reach, kept as bit sets:
//!
//! ```text
//!  F₀ = {0}        Fᵢ₊₁ = ⋃ over digits d of cell i:  Fᵢ << cᵢ·d        (forward)
//!  G  = {t}        digit d of cell i is kept when (Fᵢ << cᵢ·d) ∩ G ≠ ∅;  G ← ⋃ kept (G >> cᵢ·d) ∩ Fᵢ
//! ```
//!
//! A negative weight is made positive by reflecting its cell's digits (`x ↦ N + 1 − x`), as
//! in the arrow's bulb (`shaft − bulb = 0`). Cages add what the repeats allowed above miss: the
//! digits of a cage are different, so its digits must be one of the sets of `k` different
//! digits with the total (for grids up to 16×16 these sets are listed once per network); a
//! digit in every such set with one place left in the cage goes there.

use super::ctx::{Ctx, digits, single};

/// A cell of a sum, its weight, and whether its digits count reflected (`N + 1 − x`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Term {
    pub cell: u32,
    pub coef: u32,
    pub reflected: bool,
}

/// `Σ cᵢ·xᵢ = target` (weights and target after reflection).
#[derive(Clone, Debug)]
pub(super) struct Sum {
    pub terms: Box<[Term]>,
    pub target: u32,
    pub n: u32,
}

/// Words of a bit set of totals `0..=most`.
pub(super) fn words_for(most: u64) -> usize {
    (most / 64 + 1) as usize
}

/// `dst |= src << s` (bits past the end are dropped).
#[inline]
fn shl_or(dst: &mut [u64], src: &[u64], s: usize) {
    let (w, b) = (s / 64, s % 64);
    let len = dst.len();
    for i in (w..len).rev() {
        let j = i - w;
        let mut v = src[j] << b;
        if b != 0 && j > 0 {
            v |= src[j - 1] >> (64 - b);
        }
        dst[i] |= v;
    }
}

/// `dst |= src >> s`.
#[inline]
fn shr_or(dst: &mut [u64], src: &[u64], s: usize) {
    let (w, b) = (s / 64, s % 64);
    let len = src.len();
    for (i, d) in dst.iter_mut().enumerate().take(len.saturating_sub(w)) {
        let j = i + w;
        let mut v = src[j] >> b;
        if b != 0 && j + 1 < len {
            v |= src[j + 1] << (64 - b);
        }
        *d |= v;
    }
}

/// Whether `(src << s) & g` has a bit.
#[inline]
fn meets_shifted(src: &[u64], s: usize, g: &[u64]) -> bool {
    let (w, b) = (s / 64, s % 64);
    (w..g.len()).any(|i| {
        let j = i - w;
        let mut v = src[j] << b;
        if b != 0 && j > 0 {
            v |= src[j - 1] >> (64 - b);
        }
        v & g[i] != 0
    })
}

/// Reflects a mask of digits of `1..=n`: bit `d` to bit `n - 1 - d`.
#[inline]
pub(super) fn reflect(mask: u64, n: u32) -> u64 {
    mask.reverse_bits() >> (64 - n)
}

impl Term {
    /// The term's digits as the sum counts them, among `filter` (unreflected).
    #[inline]
    fn mask(self, ctx: &Ctx, n: u32, filter: u64) -> u64 {
        let m = ctx.get(self.cell as usize) & filter;
        if self.reflected { reflect(m, n) } else { m }
    }
}

/// Forward pass: `layers[i·w..(i+1)·w]` gets the totals the first `i` terms can reach, for
/// `i = 0..=k` (`layers` holds at least `(k + 1)·w` words).
/// Only the digits of `filter` count.
pub(super) fn forward(
    terms: &[Term],
    n: u32,
    ctx: &Ctx,
    filter: u64,
    w: usize,
    layers: &mut [u64],
) {
    layers[..(terms.len() + 1) * w].fill(0);
    layers[0] = 1;
    for (i, t) in terms.iter().enumerate() {
        let (done, rest) = layers.split_at_mut((i + 1) * w);
        let src = &done[i * w..];
        let dst = &mut rest[..w];
        for d in digits(t.mask(ctx, n, filter)) {
            shl_or(dst, src, (t.coef * (d + 1)) as usize);
        }
    }
}

/// Backward pass after [`forward`]: `out[i]` gets the digits of term `i` (in its own,
/// unreflected space) that take part in an assignment whose total is in `goal` (`w` words,
/// consumed; `next` is `w` words of scratch). False when no assignment reaches the goal.
#[allow(clippy::too_many_arguments)]
pub(super) fn backward(
    terms: &[Term],
    n: u32,
    ctx: &Ctx,
    filter: u64,
    layers: &[u64],
    goal: &mut [u64],
    next: &mut [u64],
    out: &mut [u64],
) -> bool {
    let w = goal.len();
    let k = terms.len();
    let mut any = 0;
    for (g, f) in goal.iter_mut().zip(&layers[k * w..(k + 1) * w]) {
        *g &= f;
        any |= *g;
    }
    if any == 0 {
        return false;
    }
    for i in (0..k).rev() {
        let t = terms[i];
        let f = &layers[i * w..(i + 1) * w];
        next.fill(0);
        let mut support = 0u64;
        for d in digits(t.mask(ctx, n, filter)) {
            let s = (t.coef * (d + 1)) as usize;
            if meets_shifted(f, s, goal) {
                support |= 1 << d;
                shr_or(next, goal, s);
            }
        }
        for ((g, x), f) in goal.iter_mut().zip(next.iter()).zip(f) {
            *g = x & f;
        }
        out[i] = if t.reflected {
            reflect(support, n)
        } else {
            support
        };
    }
    true
}

/// Scratch for one sum of `k` terms and `w` words a set: layers, goal, next, out.
pub(super) fn carve(
    scratch: &mut Vec<u64>,
    k: usize,
    w: usize,
) -> (&mut [u64], &mut [u64], &mut [u64], &mut [u64]) {
    let need = (k + 1) * w + 2 * w + k;
    if scratch.len() < need {
        scratch.resize(need, 0);
    }
    let (layers, rest) = scratch.split_at_mut((k + 1) * w);
    let (goal, rest) = rest.split_at_mut(w);
    let (next, rest) = rest.split_at_mut(w);
    (layers, goal, next, &mut rest[..k])
}

impl Sum {
    /// The bounds `(least, most)` of the total with the candidates as they are.
    fn bounds(&self, ctx: &Ctx) -> (u32, u32, bool) {
        let (mut lo, mut hi, mut fixed) = (0, 0, true);
        for t in self.terms.iter() {
            let m = t.mask(ctx, self.n, u64::MAX);
            lo += t.coef * (m.trailing_zeros() + 1);
            hi += t.coef * (64 - m.leading_zeros());
            fixed &= single(m);
        }
        (lo, hi, fixed)
    }

    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let (lo, hi, fixed) = self.bounds(ctx);
        if self.target < lo || self.target > hi {
            return false;
        }
        if fixed {
            return true;
        }
        let w = words_for(u64::from(hi));
        let mut scratch = std::mem::take(ctx.scratch);
        let k = self.terms.len();
        let (layers, goal, next, out) = carve(&mut scratch, k, w);
        forward(&self.terms, self.n, ctx, u64::MAX, w, layers);
        goal.fill(0);
        goal[(self.target / 64) as usize] |= 1 << (self.target % 64);
        let ok = backward(&self.terms, self.n, ctx, u64::MAX, layers, goal, next, out)
            && self
                .terms
                .iter()
                .zip(out.iter())
                .all(|(t, &m)| ctx.restrict(t.cell as usize, m));
        *ctx.scratch = scratch;
        ok
    }
}

/// Every set of `k` different digits of `1..=n` by its total, for `n ≤ 16`.
#[derive(Clone, Debug)]
pub(super) struct Combos {
    most: usize,
    sets: Vec<Vec<u64>>,
}

impl Combos {
    pub const MAX_SIDE: usize = 16;

    pub fn new(n: usize) -> Combos {
        let most = n * (n + 1) / 2;
        let mut sets = vec![Vec::new(); (n + 1) * (most + 1)];
        for m in 0u64..(1 << n) {
            let k = m.count_ones() as usize;
            let s: usize = digits(m).map(|d| d as usize + 1).sum();
            sets[k * (most + 1) + s].push(m);
        }
        Combos { most, sets }
    }

    /// The sets of `k` different digits that add up to `total`.
    pub fn get(&self, k: usize, total: usize) -> &[u64] {
        if total > self.most {
            return &[];
        }
        self.sets
            .get(k * (self.most + 1) + total)
            .map_or(&[], |v| v.as_slice())
    }
}

/// A killer cage with a total: different digits adding up to `sum`.
#[derive(Clone, Debug)]
pub(super) struct Cage {
    pub cells: Box<[u32]>,
    pub sum: u32,
}

impl Cage {
    pub fn propagate(&self, combos: &Combos, ctx: &mut Ctx) -> bool {
        let (mut fixed, mut fixed_sum, mut nfixed, mut union) = (0u64, 0u32, 0u32, 0u64);
        for &c in self.cells.iter() {
            let m = ctx.get(c as usize);
            if single(m) {
                if fixed & m != 0 {
                    return false;
                }
                fixed |= m;
                fixed_sum += m.trailing_zeros() + 1;
                nfixed += 1;
            } else {
                union |= m;
            }
        }
        if fixed_sum > self.sum {
            return false;
        }
        let open = self.cells.len() - nfixed as usize;
        if open == 0 {
            return fixed_sum == self.sum;
        }
        union &= !fixed;
        let (mut possible, mut required) = (0u64, u64::MAX);
        for &set in combos.get(open, (self.sum - fixed_sum) as usize) {
            if set & !union != 0 {
                continue;
            }
            let fits = self.cells.iter().all(|&c| {
                let m = ctx.get(c as usize);
                single(m) && fixed & m != 0 || m & set != 0
            });
            if fits {
                possible |= set;
                required &= set;
            }
        }
        if possible == 0 {
            return false;
        }
        for &c in self.cells.iter() {
            let m = ctx.get(c as usize);
            let placed = single(m) && fixed & m != 0;
            if !placed && !ctx.restrict(c as usize, possible) {
                return false;
            }
        }
        // A digit every set needs, with one place left, goes there.
        for d in digits(required) {
            let bit = 1u64 << d;
            let mut place = None;
            for &c in self.cells.iter() {
                if ctx.get(c as usize) & bit != 0 {
                    if place.is_some() {
                        place = None;
                        break;
                    }
                    place = Some(c);
                }
            }
            if let Some(c) = place
                && !ctx.restrict(c as usize, bit)
            {
                return false;
            }
        }
        true
    }
}

/// Segments of a line (the line's cells in each region it passes through) that add up to
/// the same total.
#[derive(Clone, Debug)]
pub(super) struct EqualSums {
    pub segments: Box<[Box<[Term]>]>,
    pub n: u32,
}

impl EqualSums {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let n = self.n;
        let most = self
            .segments
            .iter()
            .map(|s| s.iter().map(|t| t.coef * n).sum::<u32>())
            .max()
            .unwrap_or(0);
        let w = words_for(u64::from(most));
        let longest = self.segments.iter().map(|s| s.len()).max().unwrap_or(0);
        let mut scratch = std::mem::take(ctx.scratch);
        let ok = self.filter(ctx, &mut scratch, w, longest);
        *ctx.scratch = scratch;
        ok
    }

    fn filter(&self, ctx: &mut Ctx, scratch: &mut Vec<u64>, w: usize, longest: usize) -> bool {
        let n = self.n;
        // The totals every segment can reach, after the scratch of the longest segment.
        let need = (longest + 1) * w + 2 * w + longest + w;
        if scratch.len() < need {
            scratch.resize(need, 0);
        }
        let (work, common) = scratch[..need].split_at_mut(need - w);
        common.fill(u64::MAX);
        for seg in self.segments.iter() {
            let (layers, ..) = carve_in(work, seg.len(), w);
            forward(seg, n, ctx, u64::MAX, w, layers);
            let last = &layers[seg.len() * w..(seg.len() + 1) * w];
            for (c, f) in common.iter_mut().zip(last) {
                *c &= f;
            }
        }
        if common.iter().all(|&c| c == 0) {
            return false;
        }
        for seg in self.segments.iter() {
            let (layers, goal, next, out) = carve_in(work, seg.len(), w);
            forward(seg, n, ctx, u64::MAX, w, layers);
            goal.copy_from_slice(common);
            if !backward(seg, n, ctx, u64::MAX, layers, goal, next, out) {
                return false;
            }
            for (t, &m) in seg.iter().zip(out.iter()) {
                if !ctx.restrict(t.cell as usize, m) {
                    return false;
                }
            }
        }
        true
    }
}

/// [`carve`] in a slice already large enough.
fn carve_in(
    scratch: &mut [u64],
    k: usize,
    w: usize,
) -> (&mut [u64], &mut [u64], &mut [u64], &mut [u64]) {
    let (layers, rest) = scratch.split_at_mut((k + 1) * w);
    let (goal, rest) = rest.split_at_mut(w);
    let (next, rest) = rest.split_at_mut(w);
    (layers, goal, next, &mut rest[..k])
}
