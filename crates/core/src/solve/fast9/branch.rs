//! Branching: a digit's two configurations left in a band or a stack, else a cell; and the
//! second branch, saved for later.

use super::State;
use super::tables::{CONFIGS, PERMS, column, columns, shrink, stack_matrix};

/// A binary branch on the two configurations left to a digit in a band or a stack.
#[derive(Clone, Copy, Debug)]
pub(super) enum Branch {
    Band { d: usize, b: usize, configs: u8 },
    Stack { d: usize, s: usize, configs: u8 },
}

impl Branch {
    /// Restricts the words to configuration `p`; returns the words it may change (bit `w`:
    /// word `w`).
    #[inline(always)]
    pub(super) fn assert(self, cand: &mut [u32; 32], p: usize) -> u32 {
        let perm = PERMS[p];
        match self {
            Branch::Band { d, b, .. } => {
                let mut keep = 0;
                for (r, &j) in perm.iter().enumerate() {
                    keep |= 7 << (9 * r + 3 * j);
                }
                cand[(3 * d + b) & 31] &= keep;
                1 << (3 * d + b)
            }
            Branch::Stack { d, s, .. } => {
                for (b, &c) in perm.iter().enumerate() {
                    let stack = 0x1C0E07 << (3 * s);
                    cand[(3 * d + b) & 31] &= !(stack & !column(3 * s as u32 + c as u32));
                }
                7 << (3 * d)
            }
        }
    }

    pub(super) fn configs(self) -> (usize, usize) {
        let (Branch::Band { configs, .. } | Branch::Stack { configs, .. }) = self;
        let first = configs.trailing_zeros() as usize;
        let second = (configs & (configs - 1)).trailing_zeros() as usize;
        (first, second)
    }
}

/// The second branch of a guess, kept for later: the words and empty cells of the state the
/// guess was made in (a fixpoint, where every word was as last propagated) with the branch
/// applied, and which words the branch changed. The rest of a [`State`] is either the words
/// again or recomputed by the next propagation: half the bytes of a state to copy.
#[derive(Clone, Copy, Debug)]
pub(super) struct Saved {
    pub(super) cand: [u32; 32],
    pub(super) unsolved: [u32; 3],
    /// Bit `w`: word `w` differs from the fixpoint.
    pub(super) changed: u32,
}

impl Saved {
    /// Makes `state` the saved one, with the changed words to be propagated.
    #[inline(always)]
    pub(super) fn restore(&self, state: &mut State) {
        state.cand = self.cand;
        state.dirty = self.changed;
        state.unsolved = self.unsolved;
    }
}

impl State {
    /// The cell to branch on (band, bit) and its smallest candidate. `thorough`: among the
    /// cells with two candidates, the one with the most empty cells among its peers in its
    /// band (row, box, and column within the band), the most crowded neighbourhood, where a
    /// guess propagates furthest; else the first cell with two. Failing any, the first cell
    /// with the fewest candidates. Against the first bivalue cell, the thorough choice cuts
    /// guesses per puzzle on forum_hardest_1106 from 366 to 207 (counting the column across all
    /// bands gave 200 but cost more than it saved); it costs more per guess, which shows on
    /// puzzles that need few guesses, hence
    /// [`Fast9::CHEAP_GUESSES`](super::Fast9::CHEAP_GUESSES).
    #[inline(always)]
    pub(super) fn choose(&self, thorough: bool) -> (usize, u32, usize) {
        let mut best: Option<(usize, u32, u32)> = None;
        let mut fallback = (0, 0, u32::MAX);
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            // Left by the propagation that brought the state to a fixpoint.
            let mut pairs = self.pairs[b];
            if pairs == 0 {
                if best.is_none() {
                    let mut cells = unsolved;
                    while cells != 0 {
                        let i = cells.trailing_zeros();
                        cells &= cells - 1;
                        let n = (0..9)
                            .filter(|&d| self.cand[3 * d + b] >> i & 1 != 0)
                            .count() as u32;
                        if n < fallback.2 {
                            fallback = (b, i, n);
                        }
                    }
                }
                continue;
            }
            if !thorough {
                best = Some((b, pairs.trailing_zeros(), 0));
                break;
            }
            while pairs != 0 {
                let i = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let (r, c) = (i / 9, i % 9);
                let row_and_box = 0x1FF << (9 * r) | 0x1C0E07 << (c / 3 * 3);
                // The band's empty peers (and the cell itself, the same for every candidate).
                let score = (unsolved & (row_and_box | column(c))).count_ones();
                if best.is_none_or(|(_, _, s)| score > s) {
                    best = Some((b, i, score));
                }
            }
        }
        let (b, i) = best.map_or((fallback.0, fallback.1), |(b, i, _)| (b, i));
        let d = (0..9)
            .find(|&d| self.cand[3 * d + b] >> i & 1 != 0)
            .unwrap_or(0);
        (b, i, d)
    }

    /// A digit with exactly two configurations left in a band (rows → boxes) or a stack
    /// (bands → columns), in the unit with the fewest configurations over all its digits:
    /// Tdoku's branching, a decision about three cells at once. `None` when no digit has two.
    #[inline(always)]
    pub(super) fn choose_config(&self) -> Option<Branch> {
        let mut best: Option<(u8, usize)> = None;
        for u in 0..6 {
            let total = self.configs[u];
            if self.two[u] < 9 && total > 9 && best.is_none_or(|(t, _)| total < t) {
                best = Some((total, u));
            }
        }
        let (_, u) = best?;
        let d = usize::from(self.two[u]);
        let branch = if u < 3 {
            Branch::Band {
                d,
                b: u,
                configs: CONFIGS[shrink(self.cand[3 * d + u]) as usize],
            }
        } else {
            let cols = [0, 1, 2].map(|b| columns(self.cand[3 * d + b]));
            Branch::Stack {
                d,
                s: u - 3,
                configs: CONFIGS[stack_matrix(&cols, u - 3) as usize],
            }
        };
        // The counts are those of the last triad pass; check them against the state.
        let (Branch::Band { configs, .. } | Branch::Stack { configs, .. }) = branch;
        (configs.count_ones() == 2).then_some(branch)
    }
}
