//! Propagation: the constraints natively (singles, locked candidates), the clauses by their
//! watched literals; and its undoing.

use super::clauses::{DELETED, FIRST_UNWATCHED, HEADER, SEARCH, Watcher};
use super::{Cdcl, Conflict, FALSE, Lit, Reason, TRUE, UNSET, pos, var};

impl Cdcl {
    /// Propagates the trail; the conflict, if one arises.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let v = var(p);
            if p & 1 == 0 {
                // x_v true: every other variable of its constraints false.
                for k in 0..4 {
                    let c = self.cons_of[v as usize][k];
                    for i in self.con(c) {
                        let u = self.con_vars[i];
                        if u == v {
                            continue;
                        }
                        match self.value[u as usize] {
                            UNSET => self.assign(pos(u) | 1, Reason::Amo(v)),
                            TRUE => return Some(Conflict::Amo(v, u)),
                            _ => {}
                        }
                    }
                }
            } else {
                // x_v false: its constraints have one variable fewer left. (Every count is
                // lowered before any is looked at, so that undoing restores them all.)
                let cons = self.cons_of[v as usize];
                for &c in &cons {
                    self.live[c as usize] -= 1;
                }
                // The partitions whose variables now lie in one segment.
                let mut one = [usize::MAX; 4];
                if self.segs > 0 {
                    let seg_of = self.seg_of[v as usize];
                    for k in 0..4 {
                        let slot = 2 * cons[1 + k.min(2)] as usize + k / 3;
                        let seg = seg_of[k];
                        let i = slot * self.segs + seg as usize;
                        self.seg_live[i] -= 1;
                        if self.seg_live[i] == 0 {
                            self.nonzero[slot] -= 1;
                            self.seg_xor[slot] ^= seg;
                            if self.nonzero[slot] == 1 {
                                one[k] = slot;
                            }
                        }
                    }
                }
                for &c in &cons {
                    match self.live[c as usize] {
                        0 => return Some(Conflict::Alo(c)),
                        1 => {
                            let last = self
                                .con(c)
                                .map(|i| self.con_vars[i])
                                .find(|&u| self.value[u as usize] != FALSE);
                            match last {
                                // The last one is false but not yet propagated.
                                None => return Some(Conflict::Alo(c)),
                                Some(u) if self.value[u as usize] == UNSET => {
                                    self.assign(pos(u), Reason::Alo(c));
                                }
                                Some(_) => {}
                            }
                        }
                        _ => {}
                    }
                }
                for slot in one {
                    if slot != usize::MAX && self.live[slot / 2] >= 2 {
                        if let Some(conflict) = self.locked(slot) {
                            return Some(conflict);
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Locked candidates from a partition of a house-digit constraint whose variables left
    /// all lie in one segment: the digit leaves the rest of the segment's other house (a
    /// box's row or column, a line's box).
    pub(super) fn locked(&mut self, slot: usize) -> Option<Conflict> {
        let c = (slot / 2) as u32;
        let seg = self.seg_xor[slot] as usize;
        let o = self.seg_house[slot * self.segs + seg];
        let first = self.con_vars[self.con(c).start];
        let kind = self.kind_of(c, first);
        let house = self.houses_of[self.cell[first as usize] as usize][kind];
        let d = self.digit[first as usize] as usize;
        let target = self.house_con[o as usize * self.n + d];
        for j in self.con(target) {
            let u = self.con_vars[j];
            if self.houses_of[self.cell[u as usize] as usize][kind] == house {
                continue;
            }
            match self.value[u as usize] {
                UNSET => self.assign(pos(u) | 1, Reason::Locked(c, o)),
                TRUE => return Some(Conflict::Locked(c, o, u)),
                _ => {}
            }
        }
        None
    }

    /// Which house of its cells constraint `c` (a house-digit one, with variable `v`) is:
    /// 0 row, 1 column, 2 box.
    #[inline]
    fn kind_of(&self, c: u32, v: u32) -> usize {
        let cons = &self.cons_of[v as usize];
        if cons[1] == c {
            0
        } else if cons[2] == c {
            1
        } else {
            2
        }
    }

    /// The variables of house-digit constraint `c` outside house `o`: the reason of locked
    /// candidates `(c, o)`.
    pub(super) fn outside(&self, c: u32, o: u32, out: &mut Vec<u32>) {
        let ko = (o as usize / self.n).min(2);
        out.extend(
            self.con(c)
                .map(|i| self.con_vars[i])
                .filter(|&w| self.houses_of[self.cell[w as usize] as usize][ko] != o),
        );
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    #[inline(never)]
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        if self.watches[false_lit as usize].is_empty() {
            return None;
        }
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut conflict = None;
        let (mut i, mut j) = (0, 0);
        'next: while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.lit_value(w.blocker) == TRUE {
                ws[j] = w;
                j += 1;
                continue;
            }
            let o = w.clause as usize;
            if self.arena[o + 1] & DELETED != 0 {
                continue; // dropped: forget the watcher
            }
            let len = self.arena[o] as usize;
            let lits = o + HEADER;
            if self.arena[lits] == false_lit {
                self.arena.swap(lits, lits + 1);
            }
            let first = self.arena[lits];
            if first != w.blocker && self.lit_value(first) == TRUE {
                ws[j] = Watcher {
                    clause: w.clause,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            // A literal to watch instead, looked for from where the last search ended (Gent's
            // circular search: a long learned clause is not scanned from its start each time).
            let start = self.arena[o + SEARCH] as usize;
            for k in (start..len).chain(FIRST_UNWATCHED as usize..start) {
                let l = self.arena[lits + k];
                if self.lit_value(l) != FALSE {
                    self.arena[o + SEARCH] = k as u32;
                    self.arena.swap(lits + 1, lits + k);
                    self.watches[l as usize].push(Watcher {
                        clause: w.clause,
                        blocker: first,
                    });
                    continue 'next;
                }
            }
            ws[j] = Watcher {
                clause: w.clause,
                blocker: first,
            };
            j += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(Conflict::Clause(w.clause));
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
                break;
            }
            self.assign(first, Reason::Clause(w.clause));
        }
        ws.truncate(j);
        self.watches[false_lit as usize] = ws;
        conflict
    }

    pub(super) fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize] as usize;
        for i in (start..self.trail.len()).rev() {
            let p = self.trail[i];
            let v = var(p);
            if p & 1 == 1 && i < self.qhead {
                let cons = self.cons_of[v as usize];
                for &c in &cons {
                    self.live[c as usize] += 1;
                }
                if self.segs > 0 {
                    let seg_of = self.seg_of[v as usize];
                    for k in 0..4 {
                        let slot = 2 * cons[1 + k.min(2)] as usize + k / 3;
                        let seg = seg_of[k];
                        let i = slot * self.segs + seg as usize;
                        if self.seg_live[i] == 0 {
                            self.nonzero[slot] += 1;
                            self.seg_xor[slot] ^= seg;
                        }
                        self.seg_live[i] += 1;
                    }
                }
            }
            self.value[v as usize] = UNSET;
            self.phase[v as usize] = p & 1 == 0;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::search;
    use crate::grid::Grid;
    use crate::solve::Watch;

    /// The per-segment counts of each house-digit constraint add up to its live count after
    /// a search full of conflicts and backjumps (each count is lowered and restored alike).
    #[test]
    fn segment_counts_follow_the_live_counts() {
        let g: Grid =
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
                .parse()
                .unwrap();
        let mut s = search(&g, &[]);
        let mut watch = Watch::default();
        assert!(s.next_solution(&mut watch, 0).is_some());
        assert!(s.conflicts > 0);
        for level in [s.decision_level(), 0] {
            s.cancel_until(level);
            for slot in (0..s.nonzero.len()).step_by(2) {
                let c = slot / 2;
                let first = s.con_vars[s.con(c as u32).start] as usize;
                if s.cons_of[first][0] == c as u32 {
                    continue; // a cell's constraint: no segments
                }
                let segs = &s.seg_live[slot * s.segs..(slot + 1) * s.segs];
                let sum: u32 = segs.iter().map(|&x| u32::from(x)).sum();
                assert_eq!(sum, s.live[c], "constraint {c} at level {level}");
            }
        }
    }
}
