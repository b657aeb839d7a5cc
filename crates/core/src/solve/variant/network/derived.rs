//! What follows from the rules without being one of them: sums derived from cages and houses
//! (innies and outies), and the digits shared by rows and irregular regions (the law of
//! leftovers). Every solution meets them; they only prune.

use super::{Builder, Cage, Combos, Prop, Same};

/// The most cells a derived sum may have: longer ones rarely prune.
const DERIVED_TERMS: usize = 6;

/// Sums that follow from cages and houses (the "45 rule"): a house, or a band of two or three
/// rows or columns, holds every digit once per house, so its total is known; the cages inside
/// it add up to theirs, and the cells left add up to the difference (innies). A cage that
/// sticks out of it counts with its total, less its cells outside (outies, with weight −1).
/// Each such equation with few cells becomes one more sum (a cage when its cells are one
/// house's: different digits). They prune nothing a solution needs: every solution meets them.
pub(super) fn innies_and_outies(b: &mut Builder, combos: &mut Option<Combos>) {
    if b.cages.is_empty() {
        return;
    }
    let n = b.n;
    let nu = n as u32;
    let total = (n * (n + 1) / 2) as i64;
    let mut areas: Vec<(Vec<u32>, i64, bool)> =
        b.houses.iter().map(|h| (h.clone(), total, true)).collect();
    for k in 2..=3usize.min(n.saturating_sub(1)) {
        for first in 0..=(n - k) {
            let rows: Vec<u32> = (first..first + k)
                .flat_map(|r| (0..nu).map(move |c| r as u32 * nu + c))
                .collect();
            let cols: Vec<u32> = (first..first + k)
                .flat_map(|c| (0..nu).map(move |r| r * nu + c as u32))
                .collect();
            areas.push((rows, total * k as i64, false));
            areas.push((cols, total * k as i64, false));
        }
    }
    // Rows or columns 1 to k from either edge, for the k beyond the bands.
    for k in 4..n {
        let ku = k as u32;
        let top = (0..ku * nu).collect();
        let bottom = ((nu - ku) * nu..nu * nu).collect();
        let left = (0..nu * nu).filter(|c| c % nu < ku).collect();
        let right = (0..nu * nu).filter(|c| c % nu >= nu - ku).collect();
        for area in [top, bottom, left, right] {
            areas.push((area, total * k as i64, false));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for (area, area_total, one_house) in areas {
        let inside: std::collections::HashSet<u32> = area.iter().copied().collect();
        let mut target = area_total;
        let mut covered = std::collections::HashSet::new();
        let mut outies: Vec<u32> = Vec::new();
        let mut any = false;
        // Cages that overlap one taken already are left out: a cell counts once.
        let mut taken: std::collections::HashSet<u32> = std::collections::HashSet::new();
        for (cage, sum) in &b.cages {
            let within = cage.iter().filter(|c| inside.contains(c)).count();
            if within == 0 || cage.iter().any(|c| taken.contains(c)) {
                continue;
            }
            if within == cage.len() || within > cage.len() - within {
                taken.extend(cage.iter().copied());
                any = true;
                target -= i64::from(*sum);
                covered.extend(cage.iter().copied().filter(|c| inside.contains(c)));
                outies.extend(cage.iter().copied().filter(|c| !inside.contains(c)));
            }
        }
        if !any {
            continue;
        }
        let innies: Vec<u32> = area
            .iter()
            .copied()
            .filter(|c| !covered.contains(c))
            .collect();
        if innies.is_empty() && outies.is_empty() {
            continue;
        }
        if innies.len() + outies.len() > DERIVED_TERMS {
            continue;
        }
        let mut key: Vec<(u32, bool)> = innies
            .iter()
            .map(|&c| (c, true))
            .chain(outies.iter().map(|&c| (c, false)))
            .collect();
        key.sort_unstable();
        if !seen.insert((key, target)) {
            continue;
        }
        if outies.is_empty() && one_house && n <= Combos::MAX_SIDE {
            if target < 1 || target > total {
                b.fail();
                continue;
            }
            combos.get_or_insert_with(|| Combos::new(n));
            b.props.push(Prop::Cage(Cage::new(innies, target as u32)));
        } else {
            let terms = innies
                .iter()
                .map(|&c| (c, 1))
                .chain(outies.iter().map(|&c| (c, -1)))
                .collect();
            b.sum(terms, target);
        }
    }
}

/// The law of leftovers for irregular regions: rows 1 to k (from either edge; columns too)
/// and the regions that lie mostly inside them, when those number k, hold the same digits,
/// so the cells each has outside the other hold the same digits (see [`Same`]).
pub(super) fn leftovers(b: &mut Builder, regions: &std::collections::BTreeMap<u16, Vec<u32>>) {
    let n = b.n;
    let pieces: Vec<&Vec<u32>> = regions.values().filter(|r| r.len() == n).collect();
    if n < 4 || pieces.len() != n {
        return;
    }
    let nu = n as u32;
    let lines: [Box<dyn Fn(u32) -> Vec<u32>>; 4] = [
        Box::new(|i| (0..nu).map(|j| i * nu + j).collect()),
        Box::new(|i| (0..nu).map(|j| (nu - 1 - i) * nu + j).collect()),
        Box::new(|i| (0..nu).map(|j| j * nu + i).collect()),
        Box::new(|i| (0..nu).map(|j| j * nu + nu - 1 - i).collect()),
    ];
    let mut seen = std::collections::HashSet::new();
    for line in &lines {
        let mut inside = vec![false; n * n];
        let mut covered = vec![false; n * n];
        let mut used = vec![false; pieces.len()];
        let mut taken = 0;
        for i in 0..nu - 1 {
            for c in line(i) {
                inside[c as usize] = true;
            }
            for (k, piece) in pieces.iter().enumerate() {
                let within = piece.iter().filter(|&&c| inside[c as usize]).count();
                if !used[k] && 2 * within > piece.len() {
                    used[k] = true;
                    taken += 1;
                    for &c in piece.iter() {
                        covered[c as usize] = true;
                    }
                }
            }
            if i == 0 || taken != i + 1 {
                continue;
            }
            let a: Vec<u32> = (0..nu * nu)
                .filter(|&c| inside[c as usize] && !covered[c as usize])
                .collect();
            let c: Vec<u32> = (0..nu * nu)
                .filter(|&c| covered[c as usize] && !inside[c as usize])
                .collect();
            if a.is_empty() || a.len() >= n || !seen.insert(a.clone()) {
                continue;
            }
            b.props.push(Prop::Same(Same {
                a: a.into_boxed_slice(),
                b: c.into_boxed_slice(),
            }));
        }
    }
}
