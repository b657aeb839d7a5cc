//! Every consequence of one assumption, for the multiple and dynamic searches: dynamic chains
//! apply each implication to the working board, and the nested levels add what the rules of
//! `nested.rs` find there when the links run dry.

use super::engine::{Buffers, Cause, Engine, Mode, NONE, Prop};
use crate::logic::board::bits;

impl<'a> Engine<'a> {
    /// Follows every consequence of one assumption (Sudoku Explainer's `doChaining`): on
    /// potentials first, then one off at a time; stops at the first contradiction.
    pub(super) fn propagate(&mut self, start: u32, start_on: bool, mode: Mode) -> Prop {
        let mut prop = self.take_prop();
        let mut bufs = std::mem::take(&mut self.bufs);
        self.restore();
        self.follow(&mut prop, &mut bufs, start, start_on, mode);
        self.reset(&prop);
        self.bufs = bufs;
        prop
    }

    fn follow(&mut self, prop: &mut Prop, b: &mut Buffers, start: u32, start_on: bool, mode: Mode) {
        let root = prop.add(start, start_on, Cause::Assumed, &[]);
        self.index(prop, root);
        b.pending_on.clear();
        b.pending_off.clear();
        if start_on {
            b.pending_on.push_back(root);
        } else {
            b.pending_off.push_back(root);
        }
        loop {
            if let Some(p) = b.pending_on.pop_front() {
                self.on_to_off(prop.nodes[p as usize].pot, mode.y, &mut b.offs);
                for &(q, cause) in &b.offs {
                    if self.on_at[q as usize] != NONE {
                        let off = prop.add(q, false, cause, &[p]);
                        prop.contradiction = Some((self.on_at[q as usize], off));
                        return;
                    }
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, cause, &[p]);
                        self.index(prop, node);
                        b.pending_off.push_back(node);
                    }
                }
            } else if let Some(p) = b.pending_off.pop_front() {
                let pot = prop.nodes[p as usize].pot;
                self.off_to_on(pot, mode, &mut b.ons);
                if mode.dynamic {
                    let (cell, d) = self.split(pot);
                    self.knock_out(cell, d);
                }
                for &(q, cause, hs, hl) in &b.ons {
                    b.parents.clear();
                    b.parents.push(p);
                    b.parents.extend(
                        self.hidden[hs as usize..(hs + hl) as usize]
                            .iter()
                            .map(|&h| self.off_at[h as usize])
                            .filter(|&x| x != NONE),
                    );
                    if self.off_at[q as usize] != NONE {
                        let on = prop.add(q, true, cause, &b.parents);
                        prop.contradiction = Some((on, self.off_at[q as usize]));
                        return;
                    }
                    if self.on_at[q as usize] == NONE {
                        let node = prop.add(q, true, cause, &b.parents);
                        self.index(prop, node);
                        b.pending_on.push_back(node);
                    }
                }
            } else if mode.dynamic && self.geo.extras.is_some() && {
                for (q, parents) in self.constraint_offs() {
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, Cause::Link, &parents);
                        self.index(prop, node);
                        b.pending_off.push_back(node);
                    }
                }
                !b.pending_off.is_empty()
            } {
                // The constraints' own rules took candidates: follow them.
                continue;
            } else if mode.level > 0 {
                for (q, parents, nest) in self.advanced(mode) {
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, Cause::Advanced, &parents);
                        if let Some(nest) = nest {
                            prop.nodes[node as usize].nest = prop.nests.len() as u32;
                            prop.nests.push(nest);
                        }
                        self.index(prop, node);
                        b.pending_off.push_back(node);
                    }
                }
                if b.pending_off.is_empty() {
                    return;
                }
            } else {
                return;
            }
        }
    }

    /// On a variant board, what the constraints' own rules (cage totals, line bounds, …)
    /// take from the working board, each with its parents: the candidates the chain removed
    /// from the rule's cells. A rule the working board breaks takes every candidate of its
    /// cells, which the chain meets as a contradiction. Only the rules of cells changed since
    /// the last run can say something new (a rule reads its own cells, and a cell seeing them
    /// only when it is left with one digit; what it took last time is off by now).
    fn constraint_offs(&mut self) -> Vec<(u32, Vec<u32>)> {
        let Some(x) = &self.geo.extras else {
            return Vec::new();
        };
        let board = self.board;
        let (units_of, near) = (&self.sets.units_of, &self.sets.near);
        let r = &mut self.rules;
        r.seen.resize(x.facts.unit_count(), 0);
        r.stamp = r.stamp.wrapping_add(1);
        if r.stamp == 0 {
            r.seen.fill(0);
            r.stamp = 1;
        }
        r.units.clear();
        for &c in &r.dirty {
            let m = self.work[c as usize];
            // A cell left with one digit (or none) wakes the units near it too.
            let near = if m & m.wrapping_sub(1) == 0 {
                &near[c as usize][..]
            } else {
                &[]
            };
            for &u in units_of[c as usize].iter().chain(near) {
                if r.seen[u as usize] != r.stamp {
                    r.seen[u as usize] = r.stamp;
                    r.units.push(u);
                }
            }
        }
        r.dirty.clear();
        let mut out = Vec::new();
        if r.units.is_empty() {
            return out;
        }
        r.units.sort_unstable();
        r.now.clear();
        r.now.extend(
            self.work
                .iter()
                .zip(&board.values)
                .map(|(&m, &v)| if v != 0 { 1 << (v - 1) } else { m }),
        );
        r.narrowed.resize(r.now.len(), 0);
        for &u in &r.units {
            let u = u as usize;
            let cells = x.facts.unit_cells(u);
            r.narrowed.copy_from_slice(&r.now);
            let broken = !x.facts.narrow(u, &mut r.narrowed, &mut r.scratch);
            let gone = |c: usize| {
                let g = if broken {
                    r.now[c]
                } else {
                    r.now[c] & !r.narrowed[c]
                };
                g & self.work[c]
            };
            if cells.iter().all(|&c| gone(c) == 0) {
                continue;
            }
            let parents: Vec<u32> = cells
                .iter()
                .flat_map(|&c| bits(board.cands[c] & !self.work[c]).map(move |d| (c, d)))
                .map(|(c, d)| self.off_at[c * self.n + d])
                .filter(|&node| node != NONE)
                .collect();
            if parents.is_empty() {
                continue;
            }
            for &c in cells {
                for d in bits(gone(c)) {
                    out.push(((c * self.n + d) as u32, parents.clone()));
                }
            }
        }
        out
    }
}
