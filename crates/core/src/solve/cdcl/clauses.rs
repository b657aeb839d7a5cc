//! The clause arena: learned clauses and the clauses that block solutions found, each
//! watching two literals; literal block distance, reduction and compaction.

use super::{Cdcl, FALSE, Lit, Reason, UNSET, var};

/// A clause watching a literal; `blocker` is another of its literals (true: nothing to do).
#[derive(Clone, Copy, Debug)]
pub(super) struct Watcher {
    pub(super) clause: u32,
    pub(super) blocker: Lit,
}

/// Clause header in the arena: `[len, lbd | flags, where the last search for a watch ended,
/// lits…]`.
pub(super) const HEADER: usize = 3;
/// The header word that holds where the last search for a new watch ended (Gent's circular
/// search); it starts at the first literal not watched.
pub(super) const SEARCH: usize = 2;
pub(super) const FIRST_UNWATCHED: u32 = 2;
pub(super) const DELETED: u32 = 1 << 31;
/// Never dropped: a clause that blocks a solution already returned.
pub(super) const PERMANENT: u32 = 1 << 30;
/// A learned clause took part in a conflict's analysis since the last reduction.
pub(super) const USED: u32 = 1 << 29;
pub(super) const LBD_MASK: u32 = USED - 1;

impl Cdcl {
    /// A clause over the root, before any search (a blocked solution).
    pub(super) fn add_root_clause(&mut self, lits: &[Lit]) {
        match lits {
            [] => self.done = true,
            [l] => match self.lit_value(*l) {
                UNSET => self.assign(*l, Reason::None),
                FALSE => self.done = true,
                _ => {}
            },
            _ => {
                self.store(lits, PERMANENT);
            }
        }
    }

    /// Puts a clause of two literals or more into the arena and watches its first two.
    pub(super) fn store(&mut self, lits: &[Lit], flags: u32) -> u32 {
        let o = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push(flags);
        self.arena.push(FIRST_UNWATCHED);
        self.arena.extend_from_slice(lits);
        self.watches[lits[0] as usize].push(Watcher {
            clause: o,
            blocker: lits[1],
        });
        self.watches[lits[1] as usize].push(Watcher {
            clause: o,
            blocker: lits[0],
        });
        o
    }

    /// Literal block distance: the number of distinct levels among the clause's literals.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for &l in lits {
            let lv = self.level[var(l) as usize] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Drops half of the learned clauses that are not kept for good, the worst first (high
    /// literal block distance). Kept: those of distance two or less, those of distance up to
    /// `Cdcl::TIER2` that took part in a conflict since the last reduction (as CaDiCaL's
    /// tiers), and those that are the reason of an assignment.
    pub(super) fn reduce(&mut self) {
        let learnts = std::mem::take(&mut self.learnts);
        let mut kept = Vec::with_capacity(learnts.len());
        let mut candidates = Vec::with_capacity(learnts.len());
        for o in learnts {
            let flags = &mut self.arena[o as usize + 1];
            let lbd = *flags & LBD_MASK;
            if lbd <= 2 || (lbd <= Self::TIER2 && *flags & USED != 0) {
                kept.push(o);
            } else {
                candidates.push(o);
            }
            *flags &= !USED;
        }
        candidates.sort_by_key(|&o| std::cmp::Reverse(self.arena[o as usize + 1] & LBD_MASK));
        let half = candidates.len() / 2;
        for (i, &o) in candidates.iter().enumerate() {
            let oi = o as usize;
            let first = var(self.arena[oi + HEADER]) as usize;
            let locked = self.value[first] != UNSET && self.reason[first] == Reason::Clause(o);
            if i < half && !locked {
                self.arena[oi + 1] |= DELETED;
                self.wasted += HEADER + self.arena[oi] as usize;
            } else {
                kept.push(o);
            }
        }
        self.learnts = kept;
    }

    /// At the root: rebuilds the arena without the dropped clauses, and the watches with it.
    pub(super) fn compact(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        for w in &mut self.watches {
            w.clear();
        }
        for &l in &self.trail {
            self.reason[var(l) as usize] = Reason::None;
        }
        let old = std::mem::take(&mut self.arena);
        let mut o = 0;
        self.learnts.clear();
        while o < old.len() {
            let len = old[o] as usize;
            let flags = old[o + 1];
            if flags & DELETED == 0 {
                let new = self.store(&old[o + HEADER..o + HEADER + len], flags);
                if flags & PERMANENT == 0 {
                    self.learnts.push(new);
                }
            }
            o += HEADER + len;
        }
        self.wasted = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::super::pos;
    use super::super::tests::search;
    use super::*;
    use crate::grid::{Grid, Shape};

    #[test]
    fn reductions_keep_the_used_middle_tier_and_drop_half_of_the_rest() {
        let mut s = search(&Grid::empty(Shape::new(3, 3).unwrap()), &[]);
        // (literal block distance, used since the last reduction)
        let kinds = [
            (2, false),
            (5, true),
            (5, false),
            (9, true),
            (9, false),
            (7, false),
        ];
        let clauses: Vec<u32> = kinds
            .iter()
            .enumerate()
            .map(|(i, &(lbd, used))| {
                let lits = [pos(2 * i as u32), pos(2 * i as u32 + 1) | 1];
                let o = s.store(&lits, lbd | if used { USED } else { 0 });
                s.learnts.push(o);
                o
            })
            .collect();
        let alive = |s: &Cdcl| -> Vec<bool> {
            let live: Vec<bool> = clauses
                .iter()
                .map(|&o| s.arena[o as usize + 1] & DELETED == 0)
                .collect();
            let listed = clauses.iter().map(|o| s.learnts.contains(o));
            assert!(live.iter().copied().eq(listed));
            live
        };
        s.reduce();
        // Kept for good: distance 2, the used 5; of the other four the two worst go (both 9s,
        // though one was used: 9 is above the tier).
        assert_eq!(alive(&s), [true, true, true, false, false, true]);
        assert!(clauses.iter().all(|&o| s.arena[o as usize + 1] & USED == 0));
        // Unused since, the 5 that was kept for its use competes now: with the other 5 and
        // the 7, the 7 goes.
        s.reduce();
        assert_eq!(alive(&s), [true, true, true, false, false, false]);
    }
}
