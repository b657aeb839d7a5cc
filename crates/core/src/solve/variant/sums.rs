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
    /// The terms in parts, each `(first, count, clique)`: a clique's cells see each other
    /// (different digits), all of weight 1 and reflected alike; other parts are one term.
    /// Empty until [`Sum::find_cliques`].
    pub parts: Box<[(u32, u32, bool)]>,
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

    pub fn propagate(&self, ctx: &mut Ctx, combos: Option<&Combos>) -> bool {
        let (lo, hi, fixed) = self.bounds(ctx);
        if self.target < lo || self.target > hi {
            return false;
        }
        if fixed {
            return true;
        }
        let w = words_for(u64::from(hi));
        let mut scratch = std::mem::take(ctx.scratch);
        let ok = match combos {
            Some(_) if !self.parts.is_empty() => self.by_parts(ctx, w, &mut scratch),
            _ => {
                let k = self.terms.len();
                let (layers, goal, next, out) = carve(&mut scratch, k, w);
                forward(&self.terms, self.n, ctx, u64::MAX, w, layers);
                goal.fill(0);
                goal[(self.target / 64) as usize] |= 1 << (self.target % 64);
                backward(&self.terms, self.n, ctx, u64::MAX, layers, goal, next, out)
                    && self
                        .terms
                        .iter()
                        .zip(out.iter())
                        .all(|(t, &m)| ctx.restrict(t.cell as usize, m))
            }
        };
        *ctx.scratch = scratch;
        ok
    }

    /// Puts the terms in parts: cliques of cells that see each other (weight 1, reflected
    /// alike), the rest alone; `sees(a, b)` says whether two cells must differ.
    pub fn find_cliques(&mut self, sees: impl Fn(u32, u32) -> bool) {
        // Past 9×9, cliques of more than three cells cost more than they prune.
        let most = if self.n > 9 {
            3
        } else {
            Combos::largest_set(self.n as usize)
        };
        // The greedy clique grown from `seed` among `left`.
        let grow = |left: &[Term], seed: usize| -> Vec<usize> {
            let first = left[seed];
            let mut clique = vec![seed];
            if first.coef == 1 {
                for (i, t) in left.iter().enumerate() {
                    if i != seed
                        && t.coef == 1
                        && t.reflected == first.reflected
                        && clique.len() < most
                        && clique.iter().all(|&c| sees(left[c].cell, t.cell))
                    {
                        clique.push(i);
                    }
                }
            }
            clique
        };
        // Two partitions: cliques grown in the terms' order, and the largest clique first. On
        // a long line through several houses the second follows the houses, whose least
        // totals add up to far more; it is kept only when its bounds are tighter (a larger
        // sum of k(k+1)/2 over its cliques), as the search on the others is the same.
        let partition = |largest: bool| {
            let mut order: Vec<Term> = Vec::with_capacity(self.terms.len());
            let mut parts = Vec::new();
            let mut left: Vec<Term> = self.terms.to_vec();
            let mut spread = 0;
            while !left.is_empty() {
                let mut best = grow(&left, 0);
                if largest {
                    for seed in 1..left.len() {
                        let c = grow(&left, seed);
                        if c.len() > best.len() {
                            best = c;
                        }
                    }
                }
                best.sort_unstable();
                spread += best.len() * (best.len() + 1) / 2;
                parts.push((order.len() as u32, best.len() as u32, best.len() > 1));
                order.extend(best.iter().map(|&i| left[i]));
                for &i in best.iter().rev() {
                    left.remove(i);
                }
            }
            (spread, order, parts)
        };
        let (in_order, mut order, mut parts) = partition(false);
        let (largest, o, p) = partition(true);
        if largest > in_order {
            (order, parts) = (o, p);
        }
        self.terms = order.into_boxed_slice();
        self.parts = parts.into_boxed_slice();
    }

    /// The filter by parts: each part's possible totals (its digits, or a clique's sets of
    /// different digits), combined like single terms.
    fn by_parts(&self, ctx: &mut Ctx, w: usize, scratch: &mut Vec<u64>) -> bool {
        let p = self.parts.len();
        let n = self.n;
        let need = (p + 1) * w + p * w + 2 * w;
        if scratch.len() < need {
            scratch.resize(need, 0);
        }
        let (layers, rest) = scratch[..need].split_at_mut((p + 1) * w);
        let (totals, rest) = rest.split_at_mut(p * w);
        let (goal, next) = rest.split_at_mut(w);
        layers.fill(0);
        totals.fill(0);
        layers[0] = 1;
        let mut masks = [0u64; 64];
        for (g, &(first, count, clique)) in self.parts.iter().enumerate() {
            let terms = &self.terms[first as usize..(first + count) as usize];
            let t_g = &mut totals[g * w..(g + 1) * w];
            if clique {
                for (m, t) in masks.iter_mut().zip(terms) {
                    *m = t.mask(ctx, n, u64::MAX);
                }
                let masks = &masks[..terms.len()];
                if small(masks.len(), n) {
                    t_g[0] = small_totals(masks);
                } else {
                    sets_of(masks, |_, total| {
                        t_g[total / 64] |= 1 << (total % 64);
                    });
                }
            } else {
                let t = terms[0];
                for d in digits(t.mask(ctx, n, u64::MAX)) {
                    let v = (t.coef * (d + 1)) as usize;
                    if v / 64 < w {
                        t_g[v / 64] |= 1 << (v % 64);
                    }
                }
            }
            let (done, rest) = layers.split_at_mut((g + 1) * w);
            let src = &done[g * w..];
            let dst = &mut rest[..w];
            for (i, &word) in t_g.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let v = i * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    shl_or(dst, src, v);
                }
            }
        }
        goal.fill(0);
        let t = self.target as usize;
        goal[t / 64] |= 1 << (t % 64);
        let last = &layers[p * w..(p + 1) * w];
        if goal.iter().zip(last).all(|(g, f)| g & f == 0) {
            return false;
        }
        // Backward: keep in `totals` only each part's totals that reach the goal.
        for g in (0..p).rev() {
            let f = &layers[g * w..(g + 1) * w];
            let t_g = &mut totals[g * w..(g + 1) * w];
            next.fill(0);
            for i in 0..w {
                let mut word = t_g[i];
                while word != 0 {
                    let v = i * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if meets_shifted(f, v, goal) {
                        shr_or(next, goal, v);
                    } else {
                        t_g[v / 64] &= !(1 << (v % 64));
                    }
                }
            }
            for ((g, x), f) in goal.iter_mut().zip(next.iter()).zip(f) {
                *g = x & f;
            }
        }
        // Each part keeps the digits of its totals left.
        for (g, &(first, count, clique)) in self.parts.iter().enumerate() {
            let terms = &self.terms[first as usize..(first + count) as usize];
            let t_g = &totals[g * w..(g + 1) * w];
            let has = |v: usize| v / 64 < w && t_g[v / 64] >> (v % 64) & 1 != 0;
            if clique {
                for (m, t) in masks.iter_mut().zip(terms) {
                    *m = t.mask(ctx, n, u64::MAX);
                }
                let k = terms.len();
                let mut support = [u64::MAX; 64];
                let required = if small(k, n) {
                    small_support(&masks[..k], t_g[0], &mut support[..k])
                } else {
                    let (mut allowed, mut required) = (0u64, u64::MAX);
                    sets_of(&masks[..k], |set, total| {
                        if has(total) {
                            allowed |= set;
                            required &= set;
                        }
                    });
                    support[..k].fill(allowed);
                    required
                };
                let reflected = terms[0].reflected;
                let unreflect = |m: u64| if reflected { reflect(m, n) } else { m };
                for (t, &m) in terms.iter().zip(&support) {
                    if !ctx.restrict(t.cell as usize, unreflect(m)) {
                        return false;
                    }
                }
                let mut cells = [0u32; 64];
                for (c, t) in cells.iter_mut().zip(terms) {
                    *c = t.cell;
                }
                for d in digits(unreflect(required)) {
                    if !ctx.exclude_required(&cells[..terms.len()], 1 << d) {
                        return false;
                    }
                }
            } else {
                let t = terms[0];
                let mut keep = 0u64;
                for d in digits(t.mask(ctx, n, u64::MAX)) {
                    if has((t.coef * (d + 1)) as usize) {
                        keep |= 1 << d;
                    }
                }
                let keep = if t.reflected { reflect(keep, n) } else { keep };
                if !ctx.restrict(t.cell as usize, keep) {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether a clique of `k` cells with digits `1..=n` is filtered by [`small_totals`] and
/// [`small_support`]: at most three cells, every total below 64.
#[inline]
fn small(k: usize, n: u32) -> bool {
    k <= 3 && k as u32 * n < 64
}

/// The totals (bit `t` for total `t`) of the different digits that one to three cells with
/// these candidates can hold, one each: every assignment, not only every set.
fn small_totals(masks: &[u64]) -> u64 {
    let mut totals = 0;
    match *masks {
        [m0] => totals = m0 << 1,
        [m0, m1] => {
            for a in digits(m0) {
                totals |= (m1 & !(1 << a)) << (a + 2);
            }
        }
        [m0, m1, m2] => {
            for a in digits(m0) {
                for b in digits(m1 & !(1 << a)) {
                    totals |= (m2 & !(1 << a | 1 << b)) << (a + b + 3);
                }
            }
        }
        _ => {}
    }
    totals
}

/// Each cell's digits that take part in an assignment of different digits (one to three
/// cells) whose total is in `has`, into `support`; returns the digits every such assignment
/// uses (all digits when there is none: then every support is empty).
fn small_support(masks: &[u64], has: u64, support: &mut [u64]) -> u64 {
    support.fill(0);
    let mut required = u64::MAX;
    match *masks {
        [m0] => {
            support[0] = m0 & has >> 1;
            if single(support[0]) {
                required = support[0];
            } else {
                required = 0;
            }
        }
        [m0, m1] => {
            for a in digits(m0) {
                let bit = 1 << a;
                let bs = m1 & !bit & has >> (a + 2);
                if bs != 0 {
                    support[0] |= bit;
                    support[1] |= bs;
                    required &= bit | if single(bs) { bs } else { 0 };
                }
            }
        }
        [m0, m1, m2] => {
            for a in digits(m0) {
                let abit = 1 << a;
                for b in digits(m1 & !abit) {
                    let ab = abit | 1 << b;
                    let cs = m2 & !ab & has >> (a + b + 3);
                    if cs != 0 {
                        support[0] |= abit;
                        support[1] |= 1 << b;
                        support[2] |= cs;
                        required &= ab | if single(cs) { cs } else { 0 };
                    }
                }
            }
        }
        _ => {}
    }
    required
}

/// Calls `f(set, total)` for each set of different digits that cells with these candidates
/// can hold: as many digits as cells, within the union of the candidates, meeting every cell.
/// The sets are drawn from the union's digits alone (`C(|union|, k)` of them, never more than
/// the `C(n, k)` sets of every total that `combos` lists), in no particular order.
pub(super) fn sets_of(masks: &[u64], mut f: impl FnMut(u64, usize)) {
    let k = masks.len();
    let union = masks.iter().fold(0, |u, &m| u | m);
    if (union.count_ones() as usize) < k || k == 0 {
        return;
    }
    let mut digits_in = [0u8; 64];
    let mut len = 0;
    for d in digits(union) {
        digits_in[len] = d as u8;
        len += 1;
    }
    choose(&digits_in[..len], k, 0, 0, masks, &mut f);
}

/// The sets of `k` more digits of `from` (in increasing order) added to `set` (total `total`)
/// that meet every mask, each given to `f`.
fn choose(
    from: &[u8],
    k: usize,
    set: u64,
    total: usize,
    masks: &[u64],
    f: &mut impl FnMut(u64, usize),
) {
    if k == 0 {
        if masks.iter().all(|&m| m & set != 0) {
            f(set, total);
        }
        return;
    }
    for i in 0..=from.len() - k {
        let d = from[i];
        choose(
            &from[i + 1..],
            k - 1,
            set | 1 << d,
            total + d as usize + 1,
            masks,
            f,
        );
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

    /// The most sets of one size a filter goes through at each call.
    const MOST_SETS: u64 = 1024;

    /// The largest `k` whose sets of `k` different digits of `1..=n` number at most
    /// [`Combos::MOST_SETS`] (all of them up to 9×9; 3 on 16×16): larger groups of cells are
    /// filtered without the digits' difference.
    pub fn largest_set(n: usize) -> usize {
        let mut binomial = 1u64;
        for k in 1..=n {
            binomial = binomial * (n - k + 1) as u64 / k as u64;
            if binomial > Self::MOST_SETS && k <= n / 2 {
                return k - 1;
            }
        }
        n
    }

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
    /// When the cage lies in a house: the house's other cells, and every digit. A digit none
    /// of those cells can hold is the cage's, so a set of digits without it is no set of
    /// the cage's (the cage and the rest of its house are filtered together).
    pub rest: Box<[u32]>,
    pub all: u64,
}

impl Cage {
    pub fn new(cells: Vec<u32>, sum: u32) -> Cage {
        Cage {
            cells: cells.into_boxed_slice(),
            sum,
            rest: Box::new([]),
            all: 0,
        }
    }

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
        // The digits the rest of the house cannot hold: every set has them.
        let must = if self.rest.is_empty() {
            0
        } else {
            let rest = self.rest.iter().fold(0, |u, &c| u | ctx.get(c as usize));
            self.all & !rest & !fixed
        };
        let (mut possible, mut required) = (0u64, u64::MAX);
        for &set in combos.get(open, (self.sum - fixed_sum) as usize) {
            if set & !union != 0 || must & !set != 0 {
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
        // A digit every set needs, with one place left, goes there; with a few, it leaves the
        // cells that see them all.
        for d in digits(required & !fixed) {
            let bit = 1u64 << d;
            if !ctx.exclude_required(&self.cells, bit) {
                return false;
            }
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
    pub fn propagate(&self, ctx: &mut Ctx, combos: Option<&Combos>) -> bool {
        let most = Combos::largest_set(self.n as usize);
        if combos.is_some() && self.segments.iter().all(|s| s.len() <= most) {
            return self.distinct(ctx);
        }
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

impl EqualSums {
    /// The filter when each segment's cells hold different digits (a segment lies in one
    /// region): a segment's totals are those of the sets of digits it can hold, and a digit
    /// stays when a set with a common total holds it.
    fn distinct(&self, ctx: &mut Ctx) -> bool {
        // Totals as bits of four words (up to 255: 16×17/2 = 136 at most).
        let mut common = [u64::MAX; 4];
        for seg in self.segments.iter() {
            let mut totals = [0u64; 4];
            for_each_set(seg, ctx, |set, total| {
                totals[total / 64] |= 1 << (total % 64);
                let _ = set;
            });
            for (c, t) in common.iter_mut().zip(totals) {
                *c &= t;
            }
        }
        if common == [0; 4] {
            return false;
        }
        for seg in self.segments.iter() {
            let (mut allowed, mut required) = (0u64, u64::MAX);
            for_each_set(seg, ctx, |set, total| {
                if common[total / 64] >> (total % 64) & 1 != 0 {
                    allowed |= set;
                    required &= set;
                }
            });
            if allowed == 0 {
                return false;
            }
            for t in seg.iter() {
                if !ctx.restrict(t.cell as usize, allowed) {
                    return false;
                }
            }
            if seg.len() > 1 {
                let cells: Vec<u32> = seg.iter().map(|t| t.cell).collect();
                for d in digits(required) {
                    if !ctx.exclude_required(&cells, 1 << d) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// [`sets_of`] for a segment's cells as they are.
fn for_each_set(seg: &[Term], ctx: &Ctx, f: impl FnMut(u64, usize)) {
    let mut masks = [0u64; 64];
    for (m, t) in masks.iter_mut().zip(seg) {
        *m = ctx.get(t.cell as usize);
    }
    sets_of(&masks[..seg.len().min(64)], f);
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

#[cfg(test)]
mod tests {
    use super::{Combos, Sum, Term, small_support, small_totals};
    use proptest::prelude::*;

    /// Every assignment of different digits to cells with these candidates, one digit each.
    fn assignments(masks: &[u64]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for &m in masks {
            out = out
                .into_iter()
                .flat_map(|a: Vec<u32>| {
                    (0..64u32)
                        .filter(|d| m >> d & 1 != 0 && !a.contains(d))
                        .map(|d| {
                            let mut b = a.clone();
                            b.push(d);
                            b
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        out
    }

    proptest! {
        #[test]
        fn small_cliques_agree_with_every_assignment(
            masks in proptest::collection::vec(1u64..1 << 16, 1..=3),
            has in any::<u64>(),
        ) {
            let all = assignments(&masks);
            let total = |a: &Vec<u32>| a.iter().map(|&d| d as usize + 1).sum::<usize>();
            let totals = all.iter().fold(0u64, |t, a| t | 1 << total(a));
            prop_assert_eq!(small_totals(&masks), totals);
            let kept: Vec<&Vec<u32>> = all.iter().filter(|a| has >> total(a) & 1 != 0).collect();
            let mut support = vec![0; masks.len()];
            let required = small_support(&masks, has, &mut support);
            for (i, &s) in support.iter().enumerate() {
                prop_assert_eq!(s, kept.iter().fold(0u64, |m, a| m | 1 << a[i]));
            }
            if !kept.is_empty() {
                let every = kept
                    .iter()
                    .fold(u64::MAX, |r, a| r & a.iter().fold(0u64, |m, &d| m | 1 << d));
                prop_assert_eq!(required, every);
            }
        }
    }

    #[test]
    fn sets_filtered_by_their_digits_stay_few() {
        assert_eq!(Combos::largest_set(9), 9);
        assert_eq!(Combos::largest_set(4), 4);
        assert_eq!(Combos::largest_set(16), 3);
        // C(12, 6) = 924 sets at most; C(14, 5) = 2,002.
        assert_eq!(Combos::largest_set(12), 12);
        assert_eq!(Combos::largest_set(14), 4);
    }

    #[test]
    fn a_long_line_is_cut_along_its_houses() {
        // A line winding through boxes 2, 1, 4, 7, 5, 8 and 6 of a 9×9 (cells row·9 + column),
        // in the order a setter draws it; each box's cells must differ, so the line's least
        // total is the boxes' least totals added: 6 + 10 + 36 + 21 + 15 + 6 + 3 + 1 = 98.
        let line = [
            6, 5, 4, 12, 11, 10, 9, 18, 27, 28, 37, 36, 45, 46, 55, 54, 63, 64, 65, 56, 57, 48, 47,
            38, 39, 40, 49, 58, 59, 50, 51, 52,
        ];
        let terms: Box<[Term]> = line
            .iter()
            .map(|&cell| Term {
                cell,
                coef: 1,
                reflected: false,
            })
            .collect();
        let mut sum = Sum {
            terms,
            target: 98,
            n: 9,
            parts: Box::new([]),
        };
        let (row, col, bx) = (
            |c: u32| c / 9,
            |c: u32| c % 9,
            |c: u32| c / 27 * 3 + c % 9 / 3,
        );
        sum.find_cliques(|a, b| row(a) == row(b) || col(a) == col(b) || bx(a) == bx(b));
        let least: u32 = sum.parts.iter().map(|&(_, k, _)| k * (k + 1) / 2).sum();
        assert_eq!(least, 98, "{:?}", sum.parts);
        let mut cells: Vec<u32> = sum.terms.iter().map(|t| t.cell).collect();
        cells.sort_unstable();
        let mut expected = line.to_vec();
        expected.sort_unstable();
        assert_eq!(cells, expected, "every cell in one part");
    }
}
