//! Almost locked sets: `k` cells of one house holding `k + 1` digits between them.
//!
//! ALS-XZ: two disjoint ALSs `A` and `B` share a *restricted common* digit `x` (every `x` of
//! `A` sees every `x` of `B`, so `x` is in at most one of them) and another common digit `z`.
//! `x` is missing from `A` or from `B`; that set becomes locked and holds its `z`, so `z` leaves
//! every cell that sees all the `z`s of both sets. Rated from Sukaku Explainer's wings: 5.5
//! with four cells in all (a WXYZ-Wing), 0.1 more per extra cell.

use super::board::{Board, bits};
use super::step::{Step, Technique, cell_list, digit_list};

/// Largest ALS searched, in cells.
const MAX_CELLS: usize = 4;

struct Als {
    cells: Vec<usize>,
    digits: u64,
    house: usize,
}

fn collect(board: &Board) -> Vec<Als> {
    let geo = &*board.geo;
    let mut out: Vec<Als> = Vec::new();
    for h in 0..3 * geo.n {
        let empty: Vec<usize> = geo.houses[h]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.cands[c] != 0)
            .collect();
        let mut pick = Vec::new();
        grow(board, &empty, 0, &mut pick, 0, h, &mut out);
    }
    // A set of cells lying in two houses (a row and a box) is found twice: keep one.
    out.sort_by(|a, b| a.cells.cmp(&b.cells));
    out.dedup_by(|a, b| a.cells == b.cells);
    out
}

fn grow(
    board: &Board,
    empty: &[usize],
    start: usize,
    pick: &mut Vec<usize>,
    union: u64,
    h: usize,
    out: &mut Vec<Als>,
) {
    if !pick.is_empty() && union.count_ones() as usize == pick.len() + 1 {
        out.push(Als {
            cells: pick.clone(),
            digits: union,
            house: h,
        });
    }
    if pick.len() == MAX_CELLS {
        return;
    }
    for i in start..empty.len() {
        let u = union | board.cands[empty[i]];
        if u.count_ones() as usize > MAX_CELLS + 1 {
            continue;
        }
        pick.push(empty[i]);
        grow(board, empty, i + 1, pick, u, h, out);
        pick.pop();
    }
}

fn holders<'a>(board: &'a Board, cells: &'a [usize], d: usize) -> impl Iterator<Item = usize> + 'a {
    cells
        .iter()
        .copied()
        .filter(move |&c| board.cands[c] >> d & 1 == 1)
}

pub(super) fn als_xz(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let sets = collect(board);
    let mut best: Option<Step> = None;
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.digits & b.digits;
            if common.count_ones() < 2 || a.cells.iter().any(|c| b.cells.contains(c)) {
                continue;
            }
            for x in bits(common) {
                let restricted = holders(board, &a.cells, x)
                    .all(|p| holders(board, &b.cells, x).all(|q| geo.sees(p, q)));
                if !restricted {
                    continue;
                }
                let size = a.cells.len() + b.cells.len();
                let difficulty = 5.5 + 0.1 * (size.saturating_sub(4)) as f64;
                if best.as_ref().is_some_and(|s| s.difficulty <= difficulty) {
                    continue;
                }
                let mut step = Step::new(Technique::AlsXz, difficulty);
                let mut zs = 0u64;
                for z in bits(common & !(1 << x)) {
                    let zcells: Vec<usize> = holders(board, &a.cells, z)
                        .chain(holders(board, &b.cells, z))
                        .collect();
                    for c in 0..board.cands.len() {
                        if board.cands[c] >> z & 1 == 1
                            && !a.cells.contains(&c)
                            && !b.cells.contains(&c)
                            && zcells.iter().all(|&q| geo.sees(c, q))
                        {
                            step.eliminate(geo, c, z);
                            zs |= 1 << z;
                        }
                    }
                }
                if !step.is_progress() {
                    continue;
                }
                for &c in a.cells.iter().chain(&b.cells) {
                    step.cell(geo, c);
                }
                step.house(geo, a.house);
                step.house(geo, b.house);
                step.digit(x);
                for z in bits(zs) {
                    step.digit(z);
                }
                step.reason = format!(
                    "ALS-XZ: {} ({}) and {} ({}), restricted common {}, eliminating {}",
                    cell_list(geo, a.cells.iter().copied()),
                    digit_list(a.digits),
                    cell_list(geo, b.cells.iter().copied()),
                    digit_list(b.digits),
                    x + 1,
                    digit_list(zs)
                );
                best = Some(step);
            }
        }
    }
    best
}
