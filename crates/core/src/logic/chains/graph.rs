//! The static implication graph, computed once per board and kind of link and shared by the
//! searches from every start.

use super::engine::{Cause, Engine, Mode};

/// The static implication graph of a board for one kind of links: every potential's direct
/// consequences, computed once and shared by the searches from every start.
pub(super) struct Graph {
    on_idx: Vec<u32>,
    on_e: Vec<(u32, Cause)>,
    off_idx: Vec<u32>,
    off_e: Vec<(u32, Cause)>,
}

impl Graph {
    pub(super) fn new(eng: &mut Engine, mode: Mode) -> Graph {
        eng.restore();
        let pots = eng.n * eng.n * eng.n;
        let cands: usize = eng
            .board
            .cands
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum();
        // Room for every edge at once (growing would copy them again and again): on → off
        // reaches at most the cell's others and the peers, off → on at most four potentials.
        let peers = eng.geo.peers.first().map_or(0, |p| p.len());
        let mut g = Graph {
            on_idx: Vec::with_capacity(pots + 1),
            on_e: Vec::with_capacity(cands * (peers + eng.n).min(3 * eng.n) / 2),
            off_idx: Vec::with_capacity(pots + 1),
            off_e: Vec::with_capacity(cands * 4),
        };
        let (mut offs, mut ons) = (Vec::new(), Vec::new());
        for pot in 0..pots as u32 {
            g.on_idx.push(g.on_e.len() as u32);
            g.off_idx.push(g.off_e.len() as u32);
            let (cell, d) = eng.split(pot);
            if eng.board.cands[cell] >> d & 1 == 0 {
                continue;
            }
            eng.on_to_off(pot, mode.y, &mut offs);
            g.on_e.extend_from_slice(&offs);
            eng.off_to_on(pot, mode, &mut ons);
            g.off_e.extend(ons.iter().map(|&(q, c, _, _)| (q, c)));
        }
        g.on_idx.push(g.on_e.len() as u32);
        g.off_idx.push(g.off_e.len() as u32);
        g
    }

    /// What `pot` on makes off.
    pub(super) fn offs(&self, pot: u32) -> &[(u32, Cause)] {
        &self.on_e[self.on_idx[pot as usize] as usize..self.on_idx[pot as usize + 1] as usize]
    }

    /// What `pot` off makes on.
    pub(super) fn ons(&self, pot: u32) -> &[(u32, Cause)] {
        &self.off_e[self.off_idx[pot as usize] as usize..self.off_idx[pot as usize + 1] as usize]
    }
}
