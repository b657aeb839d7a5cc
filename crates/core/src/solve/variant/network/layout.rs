//! Facts the layout of a network derives from what the builder gathered: the largest overlap
//! of two groups, and the peers that cells holding the same digit share.

use std::collections::HashMap;

use super::super::pairs::{Fork, Relation};
use super::{Builder, DERIVED, Prop};
use crate::solve::variant::ctx::range;

/// The most cells two groups (and cages, renbans) share, at least 2.
pub(super) fn largest_overlap(props: &[Prop], cells: usize) -> u32 {
    let groups: Vec<&[u32]> = props
        .iter()
        .filter_map(|p| match p {
            Prop::Group(g) => Some(&g.cells[..]),
            Prop::Cage(c) => Some(&c.cells[..]),
            Prop::Renban(r) => Some(&r.cells[..]),
            _ => None,
        })
        .collect();
    // For each cell, the groups it is in; count shared cells pair by pair.
    let mut of_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (i, g) in groups.iter().enumerate() {
        for &c in g.iter() {
            of_cell[c as usize].push(i as u32);
        }
    }
    let mut shared: HashMap<(u32, u32), u32> = HashMap::new();
    for list in &of_cell {
        for (i, &a) in list.iter().enumerate() {
            for &b in &list[i + 1..] {
                *shared.entry((a, b)).or_insert(0) += 1;
            }
        }
    }
    shared.values().copied().max().unwrap_or(0).max(2)
}

/// Fills each group's pointing with the places of the other groups that share more than
/// three of its cells (see [`Pointing`](super::super::groups::Pointing)).
pub(super) fn overlaps(props: &mut [Prop], cells: usize) {
    let groups: Vec<Vec<u32>> = props
        .iter()
        .filter_map(|p| match p {
            Prop::Group(g) => Some(g.cells.to_vec()),
            _ => None,
        })
        .collect();
    let mut of_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (i, g) in groups.iter().enumerate() {
        for &c in g {
            of_cell[c as usize].push(i as u32);
        }
    }
    for p in props.iter_mut() {
        let Prop::Pointing(pointing) = p else {
            continue;
        };
        if pointing.cells.len() > 64 {
            continue;
        }
        let mut shared: HashMap<u32, u64> = HashMap::new();
        for (i, &c) in pointing.cells.iter().enumerate() {
            for &g in &of_cell[c as usize] {
                *shared.entry(g).or_insert(0) |= 1 << i;
            }
        }
        let full = u64::MAX >> (64 - pointing.cells.len());
        let mut within: Vec<u64> = shared
            .into_values()
            .filter(|&m| m.count_ones() > 3 && m != full)
            .collect();
        within.sort_unstable();
        within.dedup();
        pointing.within = within.into_boxed_slice();
    }
}

/// Cells that hold the same digit (a palindrome's, a clone's) share their peers: a digit one
/// of them cannot hold, the others cannot either, so each differs from every peer of the
/// others.
pub(super) fn share_peers(b: &mut Builder) {
    if b.equal.is_empty() {
        return;
    }
    let cells = b.n * b.n;
    let mut parent: Vec<u32> = (0..cells as u32).collect();
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            let up = parent[parent[x as usize] as usize];
            parent[x as usize] = up;
            x = up;
        }
        x
    }
    for &(x, y) in &b.equal {
        let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
        if rx != ry {
            parent[rx as usize] = ry;
        }
    }
    let mut classes: HashMap<u32, Vec<u32>> = HashMap::new();
    for c in 0..cells as u32 {
        let r = root(&mut parent, c);
        classes.entry(r).or_default().push(c);
    }
    for members in classes.values().filter(|m| m.len() > 1) {
        let mut shared: Vec<u32> = members
            .iter()
            .flat_map(|&m| b.peers[m as usize].iter().copied())
            .filter(|p| !members.contains(p))
            .collect();
        shared.sort_unstable();
        shared.dedup();
        for &m in members {
            for &p in &shared {
                b.differ(m, p);
            }
        }
    }
}

/// The most cells a cell's forks look at: a cell related to more cells than this (by many
/// constraints on one cell) gets forks from its first ones only, so that their number grows
/// with the grid and not with the input.
const FORK_PARTNERS: usize = 8;

/// A [`Fork`] for each cell and two cells it is related to that see each other (`peers` as
/// laid out: sorted lists, `peer_start` their bounds).
pub(super) fn forks(
    n: usize,
    props: &mut Vec<Prop>,
    origin: &mut Vec<u32>,
    relations: &[Relation],
    peers: &[u32],
    peer_start: &[u32],
) {
    let cells = n * n;
    // Each cell's partners: (other cell, relation, this cell is the relation's first).
    let mut partners: Vec<Vec<(u32, (u32, bool))>> = vec![Vec::new(); cells];
    for p in props.iter() {
        if let Prop::Pair(pair) = p {
            for (x, y, forward) in [(pair.a, pair.b, true), (pair.b, pair.a, false)] {
                let list = &mut partners[x as usize];
                // One relation a partner (the first); a cell's forks are bounded.
                if list.len() < FORK_PARTNERS && list.iter().all(|&(o, _)| o != y) {
                    list.push((y, (pair.rel, forward)));
                }
            }
        }
    }
    // A fork prunes more than its two pairs only where a digit of `x` allows one same digit
    // to both sides (not on a thermometer, whose sides are below and above), and it pays only
    // where each digit of `x` allows few (dots, XV, whispers; not the negative constraints).
    let can_meet = |ra: (u32, bool), rb: (u32, bool)| {
        let (ta, tb) = (
            relations[ra.0 as usize].from(ra.1),
            relations[rb.0 as usize].from(rb.1),
        );
        let tight = |t: &[u64]| t.iter().all(|m| m.count_ones() as usize * 2 <= n);
        tight(ta) && tight(tb) && ta.iter().zip(tb).any(|(&p, &q)| p & q != 0)
    };
    let sees = |a: u32, c: u32| {
        peers[peer_start[a as usize] as usize..peer_start[a as usize + 1] as usize]
            .binary_search(&c)
            .is_ok()
    };
    for (x, list) in partners.iter().enumerate() {
        for (i, &(a, ra)) in list.iter().enumerate() {
            for &(b_cell, rb) in &list[i + 1..] {
                if sees(a, b_cell) && can_meet(ra, rb) {
                    props.push(Prop::Fork(Fork {
                        x: x as u32,
                        a,
                        b: b_cell,
                        ra,
                        rb,
                    }));
                    origin.push(DERIVED);
                }
            }
        }
    }
}

/// Gives each cage that lies in a house (the first found of `houses`, each sorted) the rest of
/// that house (see [`Cage`](super::super::sums::Cage)).
pub(super) fn complements(n: usize, props: &mut [Prop], houses: &[Vec<u32>]) {
    let mut of_cell: Vec<Vec<u32>> = vec![Vec::new(); n * n];
    for (i, h) in houses.iter().enumerate() {
        for &c in h {
            of_cell[c as usize].push(i as u32);
        }
    }
    for p in props.iter_mut() {
        if let Prop::Cage(cage) = p
            && let Some(&first) = cage.cells.first()
        {
            let house = of_cell[first as usize]
                .iter()
                .map(|&h| &houses[h as usize])
                .find(|h| cage.cells.iter().all(|c| h.binary_search(c).is_ok()));
            if let Some(house) = house
                && house.len() > cage.cells.len()
            {
                cage.rest = house
                    .iter()
                    .copied()
                    .filter(|c| !cage.cells.contains(c))
                    .collect();
                cage.all = range(0, n as i64 - 1);
            }
        }
    }
}
