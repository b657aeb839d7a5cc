//! Clues outside the grid that read a whole row or column: x-sums, sandwiches, skyscrapers;
//! quadruples, whose digits must appear among four cells; rellik cages, no set of whose
//! digits makes the total; and equality cages, as many even digits as odd and low as high.
//!
//! The row is read from the clue's side (`cells[0]` next to the clue). X-sums try each digit
//! `X` of the first cell and filter the first `X` cells as a sum; sandwiches try each place of
//! the 1 and of the `N` and filter the cells between as a sum (without 1 and `N`): up to 7 cells
//! between (fewer past 9×9) by the sets of different digits with the total, which also keep
//! the digits a set must hold out of the rest of the row, longer ones with repeats; skyscrapers
//! follow the states (tallest so far, buildings seen) along the row, forward and back. Each
//! keeps what some choice that fits allows.
//!
//! Rellik cages follow their placed digits: the totals some set of them makes (a bit set,
//! grown one placed digit at a time) must miss the cage's total, and a digit `d` leaves the
//! cage's open cells when `total − d` is one of them (the empty set makes 0, so the total
//! itself goes at once). That is all the rule says about open cells from placed ones; two
//! open cells whose digits could together make the total wait until one is placed.
//!
//! Equality cages count, for each split (even and odd, low and high), the cells sure to hold
//! a digit of either side: once half the cage is sure of one side, the others take the
//! other side. That is exact on each count alone.

use super::ctx::{Ctx, digits, range, single};
use super::sums::{Combos, Term, backward, carve, forward, sets_of, words_for};

/// Scratch for the sums of a row: the supports found so far (`k` of them) after the sums'
/// own scratch.
fn sum_of(
    cells: &[u32],
    n: u32,
    target: u32,
    filter: u64,
    ctx: &Ctx,
    scratch: &mut Vec<u64>,
    terms: &mut Vec<Term>,
) -> Option<usize> {
    terms.clear();
    terms.extend(cells.iter().map(|&cell| Term {
        cell,
        coef: 1,
        reflected: false,
    }));
    let w = words_for(u64::from(n) * cells.len() as u64 + u64::from(target));
    let (layers, goal, next, out) = carve(scratch, terms.len(), w);
    forward(terms, n, ctx, filter, w, layers);
    goal.fill(0);
    goal[(target / 64) as usize] |= 1 << (target % 64);
    if backward(terms, n, ctx, filter, layers, goal, next, out) {
        Some((terms.len() + 1) * w + 2 * w)
    } else {
        None
    }
}

/// The first `X` digits of the row add up to `sum`, `X` the first digit.
#[derive(Clone, Debug)]
pub(super) struct XSum {
    pub cells: Box<[u32]>,
    pub sum: u32,
    pub n: u32,
}

impl XSum {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let n = self.n as usize;
        let mut keep = [0u64; 64];
        let mut scratch = std::mem::take(ctx.scratch);
        let mut terms = Vec::with_capacity(n);
        let first = self.cells[0] as usize;
        for x in digits(ctx.get(first)) {
            let count = x as usize + 1;
            let rest = self.sum as i64 - count as i64;
            if rest < 0 {
                continue;
            }
            let fits = if count == 1 {
                (rest == 0).then_some(0)
            } else {
                sum_of(
                    &self.cells[1..count],
                    self.n,
                    rest as u32,
                    u64::MAX,
                    ctx,
                    &mut scratch,
                    &mut terms,
                )
            };
            if let Some(at) = fits {
                keep[0] |= 1 << x;
                for i in 1..n {
                    keep[i] |= if i < count {
                        scratch[at + i - 1]
                    } else {
                        ctx.get(self.cells[i] as usize)
                    };
                }
            }
        }
        *ctx.scratch = scratch;
        self.cells
            .iter()
            .zip(keep)
            .all(|(&c, k)| ctx.restrict(c as usize, k))
    }
}

/// The digits between the 1 and the `N` of the row add up to `sum`.
#[derive(Clone, Debug)]
pub(super) struct Sandwich {
    pub cells: Box<[u32]>,
    pub sum: u32,
    pub n: u32,
}

impl Sandwich {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let n = self.n as usize;
        let (one, top) = (1u64, 1u64 << (n - 1));
        let inner = range(1, n as i64 - 2);
        let mut keep = [0u64; 64];
        let mut scratch = std::mem::take(ctx.scratch);
        let mut terms = Vec::with_capacity(n);
        // Up to this many cells between, through the sets of different digits they can hold.
        let distinct = Combos::largest_set(n - 2);
        for i in 0..n {
            if ctx.get(self.cells[i] as usize) & one == 0 {
                continue;
            }
            for j in 0..n {
                if j == i || ctx.get(self.cells[j] as usize) & top == 0 {
                    continue;
                }
                let (lo, hi) = (i.min(j), i.max(j));
                let k = (hi - lo - 1) as u32;
                // k different digits of 2..N−1: at least 2 + … + (k + 1), at most
                // (N − 1) + … + (N − k).
                let (least, most) = (k * (k + 3) / 2, k * (2 * self.n - k - 1) / 2);
                if self.sum < least || self.sum > most {
                    continue;
                }
                if k as usize <= distinct {
                    // The digits between are different: one of the sets of `k` digits with
                    // the total, and the cells outside hold the digits of 2..N−1 it leaves.
                    let mut masks = [0u64; 64];
                    for (m, &c) in masks.iter_mut().zip(&self.cells[lo + 1..hi]) {
                        *m = ctx.get(c as usize) & inner;
                    }
                    let (mut between, mut outside) = (0u64, 0u64);
                    if k == 0 {
                        outside = inner;
                    } else {
                        sets_of(&masks[..k as usize], |set, total| {
                            if total == self.sum as usize {
                                between |= set;
                                outside |= inner & !set;
                            }
                        });
                    }
                    if between == 0 && k > 0 {
                        continue;
                    }
                    for (p, slot) in keep.iter_mut().enumerate().take(n) {
                        *slot |= if p == i {
                            one
                        } else if p == j {
                            top
                        } else if p > lo && p < hi {
                            masks[p - lo - 1] & between
                        } else {
                            ctx.get(self.cells[p] as usize) & outside
                        };
                    }
                    continue;
                }
                let fits = if k == 0 {
                    Some(0)
                } else {
                    sum_of(
                        &self.cells[lo + 1..hi],
                        self.n,
                        self.sum,
                        inner,
                        ctx,
                        &mut scratch,
                        &mut terms,
                    )
                };
                let Some(at) = fits else { continue };
                for (p, slot) in keep.iter_mut().enumerate().take(n) {
                    *slot |= if p == i {
                        one
                    } else if p == j {
                        top
                    } else if p > lo && p < hi {
                        scratch[at + p - lo - 1]
                    } else {
                        ctx.get(self.cells[p] as usize) & inner
                    };
                }
            }
        }
        *ctx.scratch = scratch;
        self.cells
            .iter()
            .zip(keep)
            .all(|(&c, k)| ctx.restrict(c as usize, k))
    }
}

/// Seen from the clue, `count` digits are taller than every digit before them.
#[derive(Clone, Debug)]
pub(super) struct Skyscraper {
    pub cells: Box<[u32]>,
    pub count: u32,
    pub n: u32,
}

impl Skyscraper {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        // States after p cells: for each number seen c (0..=N), the set of tallest digits so
        // far as bits (bit v: tallest v, 0 when none yet). F at [p·(N+1) + c].
        let n = self.n as usize;
        let rows = n + 1;
        let mut scratch = std::mem::take(ctx.scratch);
        scratch.clear();
        scratch.resize(2 * (n + 1) * rows, 0);
        let (f, g) = scratch.split_at_mut((n + 1) * rows);
        f[0] = 1;
        for p in 0..n {
            let m = ctx.get(self.cells[p] as usize);
            for c in 0..=p.min(n) {
                let states = f[p * rows + c];
                if states == 0 {
                    continue;
                }
                for d in digits(m) {
                    let v = d + 1;
                    if states & range(0, i64::from(v) - 1) != 0 && c < n {
                        f[(p + 1) * rows + c + 1] |= 1 << v;
                    }
                    let hidden = states & range(i64::from(v), 64);
                    f[(p + 1) * rows + c] |= hidden;
                }
            }
        }
        let goal = self.count as usize;
        if f[n * rows + goal] == 0 {
            *ctx.scratch = scratch;
            return false;
        }
        g[n * rows + goal] = u64::MAX;
        let mut keep = [0u64; 64];
        for p in (0..n).rev() {
            let m = ctx.get(self.cells[p] as usize);
            for c in 0..=p.min(n) {
                let states = f[p * rows + c];
                if states == 0 {
                    continue;
                }
                let mut good = 0u64;
                for d in digits(m) {
                    let v = d + 1;
                    let below = states & range(0, i64::from(v) - 1);
                    let seen = c < n && below != 0 && g[(p + 1) * rows + c + 1] >> v & 1 != 0;
                    let hidden = states & range(i64::from(v), 64) & g[(p + 1) * rows + c];
                    if seen {
                        good |= below;
                    }
                    good |= hidden;
                    if seen || hidden != 0 {
                        keep[p] |= 1 << d;
                    }
                }
                g[p * rows + c] = good;
            }
        }
        *ctx.scratch = scratch;
        self.cells
            .iter()
            .zip(keep)
            .all(|(&c, k)| ctx.restrict(c as usize, k))
    }
}

/// The digits (with repeats) appear among the cells at least as often as listed.
#[derive(Clone, Debug)]
pub(super) struct Quadruple {
    pub cells: Box<[u32]>,
    /// Each digit (as a bit) and how many times it must appear.
    pub needs: Box<[(u64, u32)]>,
}

impl Quadruple {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let total: u32 = self.needs.iter().map(|&(_, k)| k).sum();
        let listed = self.needs.iter().fold(0, |m, &(d, _)| m | d);
        let slack = self.cells.len() as u32 - total;
        for &(bit, times) in self.needs.iter() {
            let (mut can, mut sure) = (0u32, 0u32);
            for &c in self.cells.iter() {
                let m = ctx.get(c as usize);
                if m & bit != 0 {
                    can += 1;
                    sure += u32::from(m == bit);
                }
            }
            if can < times {
                return false;
            }
            if can == times && sure < times {
                // Every cell that can hold the digit must.
                for &c in self.cells.iter() {
                    if ctx.get(c as usize) & bit != 0 && !ctx.restrict(c as usize, bit) {
                        return false;
                    }
                }
            }
        }
        if slack == 0 {
            for &c in self.cells.iter() {
                if !ctx.restrict(c as usize, listed) {
                    return false;
                }
            }
        }
        // Placed cells beyond what the listed digits allow leave room for no other digit.
        let mut free = slack as i64;
        for &c in self.cells.iter() {
            let m = ctx.get(c as usize);
            if single(m) && m & listed == 0 {
                free -= 1;
            }
        }
        free >= 0
    }
}

/// The cage's digits differ (a group of the same cells), and no set of them adds up to `sum`.
#[derive(Clone, Debug)]
pub(super) struct Rellik {
    pub cells: Box<[u32]>,
    pub sum: u32,
}

/// Adds `s` to every total of `bits` (`bits |= bits << s`), in place.
fn grow(bits: &mut [u64], s: usize) {
    let (w, b) = (s / 64, s % 64);
    for i in (w..bits.len()).rev() {
        let j = i - w;
        let mut v = bits[j] << b;
        if b != 0 && j > 0 {
            v |= bits[j - 1] >> (64 - b);
        }
        bits[i] |= v;
    }
}

impl Rellik {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let sum = self.sum as usize;
        let mut made = std::mem::take(ctx.scratch);
        made.clear();
        made.resize(words_for(sum as u64), 0);
        made[0] = 1;
        let has = |bits: &[u64], t: usize| bits[t / 64] >> (t % 64) & 1 != 0;
        let mut placed = 0u64;
        for &c in self.cells.iter() {
            let m = ctx.get(c as usize);
            if single(m) && placed & m == 0 {
                placed |= m;
                grow(&mut made, m.trailing_zeros() as usize + 1);
            }
        }
        let mut ok = !has(&made, sum);
        if ok {
            // Digits d (bit d − 1) with total − d made by the placed ones.
            let mut banned = 0u64;
            for d in 1..=sum.min(64) {
                if has(&made, sum - d) {
                    banned |= 1 << (d - 1);
                }
            }
            if banned != 0 {
                for &c in self.cells.iter() {
                    let m = ctx.get(c as usize);
                    if !single(m) && !ctx.restrict(c as usize, !banned) {
                        ok = false;
                        break;
                    }
                }
            }
        }
        *ctx.scratch = made;
        ok
    }
}

/// The digits `1..=n` but `total` (bit `d − 1` for `d`), as a rellik cage's cells start.
pub(super) fn rellik_start(n: usize, total: u32) -> u64 {
    let all = range(0, n as i64 - 1);
    if total as usize <= n {
        all & !(1 << (total - 1))
    } else {
        all
    }
}

/// Half the cells hold a digit of one set, half of the other, for each pair of `splits` (every
/// candidate is in one set of each pair; the cells differ: a group of the same cells).
#[derive(Clone, Debug)]
pub(super) struct Equality {
    pub cells: Box<[u32]>,
    pub splits: [(u64, u64); 2],
}

impl Equality {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        let half = self.cells.len() / 2;
        for &(a, b) in &self.splits {
            let (mut in_a, mut in_b) = (0, 0);
            for &c in self.cells.iter() {
                let m = ctx.get(c as usize);
                in_a += usize::from(m & !a == 0);
                in_b += usize::from(m & !b == 0);
            }
            if in_a > half || in_b > half {
                return false;
            }
            for (full, side, rest) in [(in_a, a, b), (in_b, b, a)] {
                if full == half {
                    for &c in self.cells.iter() {
                        let m = ctx.get(c as usize);
                        if m & !side != 0 && !ctx.restrict(c as usize, rest) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::facts::{Facts, Scratch, Unit};

    #[test]
    fn a_sandwich_keeps_the_digits_it_holds_out_of_the_rest_of_its_row() {
        // Row 1 of a 9×9: the 1 in r1c1, the 9 in r1c4, the crust holding 5 between them.
        // Two different digits of 2..8 make 5 only as 2 + 3, so the rest of the row has no 2
        // or 3 (the two cells' sum alone says nothing of the cells outside).
        let puzzle =
            crate::variant::text::from_text("size: 9\nsandwich 5 r1 left\n").expect("a puzzle");
        let facts = Facts::new(&puzzle);
        let unit = (0..facts.unit_count())
            .find(|&u| facts.units().nth(u) == Some(Unit::Constraint(0)))
            .expect("the sandwich's unit");
        // The other cells of the row have lost 1 and 9 to their peers.
        let mut cands = vec![0b0_1111_1110; 81];
        cands[0] = 1;
        cands[3] = 1 << 8;
        assert!(facts.narrow(unit, &mut cands, &mut Scratch::default()));
        assert_eq!(cands[1] | cands[2], 0b110, "r1c2 and r1c3 hold 2 and 3");
        for (c, &m) in cands.iter().enumerate().take(9).skip(4) {
            assert_eq!(m & 0b110, 0, "r1c{} keeps 2 or 3", c + 1);
        }
    }
}
