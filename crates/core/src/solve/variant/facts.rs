//! The compiled puzzle as the logical solver reads it: the cells that must differ (peers),
//! the all-different groups, the pairs of cells whose digits are related (weak links between
//! candidates), and each constraint's own propagators, run alone on a board's candidates so
//! that a step can say which constraint removed what.
//!
//! ```text
//!  unit         the propagators of one constraint (its index in the puzzle), or one derived
//!               propagator (innies and outies, the law of leftovers)
//!  narrow(u)    runs the unit's propagators on the candidates until none narrows
//! ```

use super::ctx::Ctx;
use super::network::{DERIVED, HOUSE, Network, Prop};
use crate::variant::Puzzle;

/// What a unit of reasoning is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// The constraint of this index in the puzzle.
    Constraint(usize),
    /// A sum that follows from cages and houses.
    Innies,
    /// Digits two areas share (the law of leftovers).
    Leftovers,
}

/// The compiled puzzle and its units.
#[derive(Clone, Debug)]
pub(crate) struct Facts {
    net: Network,
    /// Each unit: what it is and its propagators.
    units: Vec<(Unit, Vec<u32>)>,
    /// Each unit's cells, sorted.
    cells: Vec<Vec<usize>>,
}

/// Work space of [`Facts::narrow`], kept between calls.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    common: Vec<u64>,
    changed: Vec<u32>,
    pending: Vec<bool>,
    sums: Vec<u64>,
}

impl Facts {
    pub fn new(puzzle: &Puzzle) -> Facts {
        let net = Network::new(puzzle);
        let mut units: Vec<(Unit, Vec<u32>)> = Vec::new();
        for (p, &o) in net.origin.iter().enumerate() {
            let p = p as u32;
            match o {
                // Forks are the search's: the logic reasons pair by pair.
                HOUSE => {}
                DERIVED if matches!(net.props[p as usize], Prop::Fork(_)) => {}
                DERIVED => {
                    let unit = match net.props[p as usize] {
                        Prop::Same(_) => Unit::Leftovers,
                        _ => Unit::Innies,
                    };
                    units.push((unit, vec![p]));
                }
                k => match units.last_mut() {
                    Some((Unit::Constraint(j), list)) if *j == k as usize => list.push(p),
                    _ => units.push((Unit::Constraint(k as usize), vec![p])),
                },
            }
        }
        let cells = units
            .iter()
            .map(|(_, props)| {
                let mut cells: Vec<usize> = props
                    .iter()
                    .flat_map(|&p| net.members(p as usize).iter().map(|&c| c as usize))
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                cells
            })
            .collect();
        Facts { net, units, cells }
    }

    /// What the constraints take from the cells before any reasoning: (constraint index,
    /// cell, digits kept). Indices past the constraints' are the derived rules'.
    pub fn narrowings(&self) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        self.net
            .narrowed
            .iter()
            .map(|&(o, c, keep)| (o as usize, c as usize, keep))
    }

    /// The cells that must hold other digits than cell `c`.
    pub fn peers_of(&self, c: usize) -> &[u32] {
        self.net.peers_of(c)
    }

    /// The all-different groups beyond rows, columns and regions, with the index of the
    /// constraint each comes from.
    pub fn groups(&self) -> impl Iterator<Item = (&[u32], usize)> + '_ {
        self.net
            .props
            .iter()
            .zip(&self.net.origin)
            .filter_map(|(p, &o)| match p {
                Prop::Group(g) if o != HOUSE && o != DERIVED => Some((&g.cells[..], o as usize)),
                _ => None,
            })
    }

    /// The related pairs of cells `(a, b, constraint, table)`: `table[x]` is the digits `b`
    /// may hold when `a` holds digit `x + 1`.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize, usize, &[u64])> + '_ {
        self.net
            .props
            .iter()
            .zip(&self.net.origin)
            .filter_map(|(p, &o)| match p {
                Prop::Pair(pair) if o != HOUSE && o != DERIVED => Some((
                    pair.a as usize,
                    pair.b as usize,
                    o as usize,
                    &self.net.relations[pair.rel as usize].fwd[..],
                )),
                _ => None,
            })
    }

    /// The units, in the puzzle's order, derived ones last.
    pub fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        self.units.iter().map(|u| u.0)
    }

    /// The cells unit `u` looks at, sorted.
    pub fn unit_cells(&self, u: usize) -> &[usize] {
        &self.cells[u]
    }

    /// The cells beyond [`Facts::unit_cells`] whose candidates unit `u`'s propagators read
    /// too (the rest of a killer cage's house).
    pub fn unit_reads(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.units[u]
            .1
            .iter()
            .flat_map(|&p| match &self.net.props[p as usize] {
                Prop::Cage(c) => &c.rest[..],
                _ => &[],
            })
            .map(|&c| c as usize)
    }

    /// How many units there are.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// Runs unit `u`'s propagators on `cands` until none narrows them; false when one finds
    /// its rule cannot be met.
    pub fn narrow(&self, u: usize, cands: &mut [u64], s: &mut Scratch) -> bool {
        let net = &self.net;
        let cells = cands.len();
        s.common.resize(cells.div_ceil(64), 0);
        s.pending.clear();
        s.pending.resize(cells, false);
        s.changed.clear();
        let Scratch {
            common,
            changed,
            pending,
            sums,
        } = s;
        loop {
            let mut ctx = Ctx {
                cand: cands,
                peer_bits: &net.peer_bits,
                words: net.words,
                common,
                overlap: net.overlap,
                changed,
                pending,
                scratch: sums,
            };
            for &p in &self.units[u].1 {
                if !run(net, p as usize, &mut ctx) {
                    return false;
                }
            }
            if changed.is_empty() {
                return true;
            }
            for &c in changed.iter() {
                pending[c as usize] = false;
            }
            changed.clear();
        }
    }
}

/// Runs propagator `p` of `net` once.
pub(super) fn run(net: &Network, p: usize, ctx: &mut Ctx) -> bool {
    match &net.props[p] {
        Prop::Group(g) => g.propagate(ctx),
        Prop::Pointing(g) => g.propagate(ctx),
        Prop::Pair(pair) => pair.propagate(&net.relations, ctx),
        Prop::Sum(s) => s.propagate(ctx, net.combos.as_ref()),
        Prop::Cage(c) => match &net.combos {
            Some(combos) => c.propagate(combos, ctx),
            None => true,
        },
        Prop::EqualSums(e) => e.propagate(ctx, net.combos.as_ref()),
        Prop::Renban(r) => r.propagate(ctx),
        Prop::Ends(e) => e.propagate(ctx),
        Prop::Zipper(z) => z.propagate(ctx),
        Prop::XSum(x) => x.propagate(ctx),
        Prop::Sandwich(s) => s.propagate(ctx),
        Prop::Skyscraper(s) => s.propagate(ctx),
        Prop::Quadruple(q) => q.propagate(ctx),
        Prop::Rellik(r) => r.propagate(ctx),
        Prop::Equality(e) => e.propagate(ctx),
        Prop::Same(s) => s.propagate(ctx),
        Prop::Fork(f) => f.propagate(&net.relations, ctx),
    }
}
