//! Facts the layout of a network derives from what the builder gathered: the largest overlap
//! of two groups, and the peers that cells holding the same digit share.

use std::collections::HashMap;

use super::{Builder, Prop};

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
