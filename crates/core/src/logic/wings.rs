//! Wings: a pivot cell and two pincers that see it.
//!
//! - XY-Wing (ER 4.2): pivot `xy`, pincers `xz` and `yz`; whichever the pivot is, one pincer is
//!   `z`, so `z` leaves every cell that sees both pincers.
//! - XYZ-Wing (4.4): pivot `xyz`, pincers `xz` and `yz`; `z` leaves the cells that see all three.
//! - W-Wing (4.4, as Sukaku Explainer rates it): two `xy` cells and a strong link on `x` whose ends
//!   see one each; one of the two cells is `y`, so `y` leaves the cells that see both.

use super::board::{Board, bits, combinations};
use super::step::{Step, Technique};

pub(super) fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, false)
}

pub(super) fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, true)
}

fn wing(board: &Board, xyz: bool) -> Option<Step> {
    let geo = &*board.geo;
    let cells = board.cands.len();
    let want = if xyz { 3 } else { 2 };
    for pivot in 0..cells {
        let pm = board.cands[pivot];
        if pm.count_ones() != want {
            continue;
        }
        let pincers: Vec<usize> = geo.peers[pivot]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                let m = board.cands[c];
                m.count_ones() == 2 && (m & pm).count_ones() == if xyz { 2 } else { 1 }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.cands[a], board.cands[b]);
                if ma == mb {
                    continue;
                }
                let z = ma & mb;
                if z.count_ones() != 1 {
                    continue;
                }
                if xyz {
                    if ma | mb != pm {
                        continue;
                    }
                } else if z & pm != 0 || (ma | mb) & pm != pm {
                    continue;
                }
                let d = z.trailing_zeros() as usize;
                let mut step = Step::new(
                    if xyz {
                        Technique::XYZWing
                    } else {
                        Technique::XYWing
                    },
                    if xyz { 4.4 } else { 4.2 },
                );
                for c in 0..cells {
                    if c != pivot
                        && c != a
                        && c != b
                        && board.cands[c] >> d & 1 == 1
                        && geo.sees(c, a)
                        && geo.sees(c, b)
                        && (!xyz || geo.sees(c, pivot))
                    {
                        step.eliminate(geo, c, d);
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                for c in [pivot, a, b] {
                    step.cell(geo, c);
                }
                for d in bits(pm | ma | mb) {
                    step.digit(d);
                }
                step.reason = format!(
                    "{} with pivot {} and pincers {} and {} on {}",
                    step.technique.name(),
                    geo.cell(pivot),
                    geo.cell(a),
                    geo.cell(b),
                    d + 1
                );
                return Some(step);
            }
        }
    }
    None
}

pub(super) fn w_wing(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    let cells = board.cands.len();
    let bivalue: Vec<usize> = (0..cells)
        .filter(|&c| board.cands[c].count_ones() == 2)
        .collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let m = board.cands[a];
            if board.cands[b] != m || geo.sees(a, b) {
                continue;
            }
            for x in bits(m) {
                let y = (m & !(1 << x)).trailing_zeros() as usize;
                // Cells that would lose y.
                let targets: Vec<usize> = (0..cells)
                    .filter(|&c| c != a && c != b && board.cands[c] >> y & 1 == 1)
                    .filter(|&c| geo.sees(c, a) && geo.sees(c, b))
                    .collect();
                if targets.is_empty() {
                    continue;
                }
                for h in 0..3 * n {
                    let pos = board.positions(h, x);
                    if pos.count_ones() != 2 {
                        continue;
                    }
                    let mut ends = bits(pos).map(|i| geo.houses[h][i] as usize);
                    let (p, q) = (ends.next()?, ends.next()?);
                    if [p, q].iter().any(|&e| e == a || e == b) {
                        continue;
                    }
                    let linked =
                        (geo.sees(p, a) && geo.sees(q, b)) || (geo.sees(p, b) && geo.sees(q, a));
                    if !linked {
                        continue;
                    }
                    let mut step = Step::new(Technique::WWing, 4.4);
                    for &c in &targets {
                        step.eliminate(geo, c, y);
                    }
                    for c in [a, b, p, q] {
                        step.cell(geo, c);
                    }
                    step.house(geo, h);
                    step.digit(x);
                    step.digit(y);
                    step.reason = format!(
                        "W-Wing: {} and {} hold {},{} and the strong link on {} in {} joins them",
                        geo.cell(a),
                        geo.cell(b),
                        x.min(y) + 1,
                        x.max(y) + 1,
                        x + 1,
                        geo.house(h)
                    );
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Big wings (WXYZ-Wing with `k = 4` cells, VWXYZ with 5, UVWXYZ with 6): a pivot and `k - 1`
/// bivalue wings that see it and share a digit `z`, holding `k` digits between them, where
/// every digit but `z` has holders that all see each other. Each other digit fits at most one of the `k` cells, so one
/// of them is `z`: `z` leaves every cell that sees all its holders. Rated as Sukaku Explainer
/// rates them: 4.6, 5.5, 6.2, plus up to 0.2 when the largest cell is of middling size.
pub(super) fn big_wing(board: &Board, k: usize) -> Option<Step> {
    let geo = &*board.geo;
    let cells = board.cands.len();
    let mut best: Option<Step> = None;
    for pivot in 0..cells {
        let pm = board.cands[pivot];
        if pm.count_ones() < 2 || pm.count_ones() as usize > k {
            continue;
        }
        let wings: Vec<(usize, u64)> = geo.peers[pivot]
            .iter()
            .map(|&c| (c as usize, board.cands[c as usize]))
            .filter(|&(_, m)| m != 0 && (m.count_ones() as usize) < k)
            .collect();
        let mut set = Vec::with_capacity(k);
        combinations(&wings, k - 1, pm, k as u32, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None::<()>;
            }
            set.clear();
            set.push(pivot);
            set.extend_from_slice(chosen);
            let step = wing_step(board, &set, union, k)?;
            if best.as_ref().is_none_or(|b| step.difficulty < b.difficulty) {
                best = Some(step);
            }
            None
        });
    }
    best
}

fn wing_step(board: &Board, set: &[usize], union: u64, k: usize) -> Option<Step> {
    let geo = &*board.geo;
    let holders = |d: usize| {
        set.iter()
            .copied()
            .filter(move |&c| board.cands[c] >> d & 1 == 1)
    };
    let mut free =
        bits(union).filter(|&d| holders(d).any(|a| holders(d).any(|b| a != b && !geo.sees(a, b))));
    let (Some(z), None) = (free.next(), free.next()) else {
        return None;
    };
    let zs: Vec<usize> = holders(z).collect();
    let mut step = Step::new(Technique::BigWing, 0.0);
    for c in 0..board.cands.len() {
        if board.cands[c] >> z & 1 == 1 && !set.contains(&c) && zs.iter().all(|&q| geo.sees(c, q)) {
            step.eliminate(geo, c, z);
        }
    }
    if !step.is_progress() {
        return None;
    }
    let biggest = set
        .iter()
        .map(|&c| board.cands[c].count_ones() as i64)
        .max()
        .unwrap_or(2);
    let (base, mid) = match k {
        4 => (4.6, 3),
        5 => (5.5, 3),
        _ => (6.2, 4),
    };
    let bonus = (k as i64 - mid) - (mid - biggest).abs();
    step.difficulty = ((base + 0.1 * bonus.max(0) as f64) * 10.0).round() / 10.0;
    for &c in set {
        step.cell(geo, c);
    }
    for d in bits(union) {
        step.digit(d);
    }
    let name = match k {
        4 => "WXYZ-Wing",
        5 => "VWXYZ-Wing",
        _ => "UVWXYZ-Wing",
    };
    let v: Vec<String> = set.iter().map(|&c| geo.cell(c).to_string()).collect();
    step.reason = format!(
        "{name} on {} with pivot {} and wings {}",
        z + 1,
        v[0],
        v[1..].join(",")
    );
    Some(step)
}
