//! Every consequence of one assumption, for the multiple and dynamic searches: dynamic chains
//! apply each implication to the working board, and the nested levels add what the rules of
//! `nested.rs` find there when the links run dry.

use super::engine::{Buffers, Cause, Engine, Mode, NONE, Prop};
use crate::logic::board::bits;
use crate::solve::variant::Scratch;

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
    /// cells, which the chain meets as a contradiction.
    fn constraint_offs(&self) -> Vec<(u32, Vec<u32>)> {
        let Some(x) = &self.geo.extras else {
            return Vec::new();
        };
        let board = self.board;
        let now = board.masks(&self.work);
        let mut out = Vec::new();
        let mut w = now.clone();
        let mut scratch = Scratch::default();
        for u in 0..x.facts.unit_count() {
            let cells = x.facts.unit_cells(u);
            // Only a rule whose cells the chain changed can say something new.
            let parents: Vec<u32> = cells
                .iter()
                .flat_map(|&c| bits(board.cands[c] & !self.work[c]).map(move |d| (c, d)))
                .map(|(c, d)| self.off_at[self.pot(c, d) as usize])
                .filter(|&node| node != NONE)
                .collect();
            if parents.is_empty() {
                continue;
            }
            w.copy_from_slice(&now);
            let broken = !x.facts.narrow(u, &mut w, &mut scratch);
            for &c in cells {
                let gone = if broken { now[c] } else { now[c] & !w[c] };
                for d in bits(gone & self.work[c]) {
                    out.push((self.pot(c, d), parents.clone()));
                }
            }
        }
        out
    }
}
