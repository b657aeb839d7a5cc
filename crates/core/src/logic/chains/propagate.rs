//! Every consequence of one assumption, for the multiple and dynamic searches: dynamic chains
//! apply each implication to the working board, `level 1` adds intersections, pairs and
//! X-Wings there when the links run dry, and `level 2` nests unary chains.

use super::engine::{Buffers, Cause, Engine, Mode, NONE, Prop};
use super::unary::unary_all;
use crate::logic::board::{Board, bits, positions};
use crate::logic::step::{Step, Technique};
use crate::logic::{fish, intersections, subsets};

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
            } else if mode.level > 0 {
                let adv = self.advanced(prop, mode.level);
                for (q, parents) in adv {
                    if self.off_at[q as usize] == NONE {
                        let node = prop.add(q, false, Cause::Advanced, &parents);
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

    /// Eliminations simpler techniques find on the working board, with the removed candidates
    /// they rely on as parents.
    fn advanced(&mut self, prop: &Prop, level: u8) -> Vec<(u32, Vec<u32>)> {
        let temp = Board {
            geo: self.board.geo.clone(),
            values: self.board.values.clone(),
            cands: self.work.clone(),
            budget: self.board.budget.clone(),
        };
        let mut finders: Vec<fn(&Board) -> Option<Step>> = vec![
            |b| intersections::find(b, Technique::Pointing),
            |b| intersections::find(b, Technique::Claiming),
            |b| subsets::hidden(b, 2, false),
            |b| subsets::naked(b, 2),
            |b| fish::basic(b, 2),
        ];
        if level >= 2 {
            finders.push(|b| unary_all(b).map(|f| f.step));
        }
        for f in finders {
            let Some(step) = f(&temp) else { continue };
            let mut parents = Vec::new();
            for h in 0..3 * self.n {
                if !step.houses.contains(&self.geo.house(h)) {
                    continue;
                }
                for dg in &step.digits {
                    let d = dg.index();
                    let lost = positions(self.geo, &self.board.cands, h, d)
                        & !positions(self.geo, &self.work, h, d);
                    for i in bits(lost) {
                        let pot = self.pot(self.geo.houses[h][i] as usize, d);
                        if let Some(node) = prop.node_of(pot, false) {
                            if !parents.contains(&node) {
                                parents.push(node);
                            }
                        }
                    }
                }
            }
            if parents.is_empty() {
                continue;
            }
            return step
                .eliminations
                .iter()
                .map(|e| {
                    let cell = e.cell.row() * self.n + e.cell.col();
                    (self.pot(cell, e.digit.index()), parents.clone())
                })
                .collect();
        }
        Vec::new()
    }
}
