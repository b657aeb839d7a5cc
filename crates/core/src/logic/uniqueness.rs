//! Uniqueness techniques: sound only for a puzzle known to have one solution, because they
//! avoid *deadly patterns*, placements that would leave two solutions.
//!
//! A unique rectangle is four cells in two rows, two columns and two boxes that all hold the
//! digits `a` and `b`: if they held only those, `a` and `b` could swap. Types (ER after Sudoku
//! Explainer: 4.5 for type 1, a little more for the others):
//! 1. three cells hold only `ab`: the fourth loses `a` and `b`;
//! 2. two hold only `ab`, the other two `abc`: `c` leaves the cells seeing both;
//! 3. two hold only `ab`, the others' extra digits form a naked subset with cells of a house
//!    they share;
//! 4. two hold only `ab`, and `a` has no other place in a house the other two share: they lose `b`.
//!
//! BUG+1 (5.6): every empty cell holds two candidates but one, which holds three; the digit
//! that appears three times in that cell's houses must go there.

use super::board::{Board, bits, combinations};
use super::step::{Step, Technique, cell_list, digit_list};

pub(super) fn rectangle(board: &Board, t: Technique) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let mut boxes: Vec<u16> =
                        cells.iter().map(|&c| geo.cell_houses[c][2]).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let common = cells.iter().fold(u64::MAX, |m, &c| m & board.cands[c]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let ds: Vec<usize> = bits(common).collect();
                    for (i, &a) in ds.iter().enumerate() {
                        for &b in &ds[i + 1..] {
                            let ab = 1u64 << a | 1u64 << b;
                            if let Some(s) = rectangle_type(board, t, &cells, ab) {
                                return Some(s);
                            }
                        }
                    }
                }
            }
        }
    }
    None
}

fn rectangle_type(board: &Board, t: Technique, cells: &[usize; 4], ab: u64) -> Option<Step> {
    let geo = &*board.geo;
    let floor: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.cands[c] == ab)
        .collect();
    let roof: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| board.cands[c] != ab)
        .collect();
    let mut step = match (t, floor.len()) {
        (Technique::UniqueRectangle1, 3) => {
            let mut s = Step::new(t, 4.5);
            for d in bits(ab) {
                s.eliminate(geo, roof[0], d);
            }
            s
        }
        (Technique::UniqueRectangle2, 2) => {
            let (x, y) = (board.cands[roof[0]] & !ab, board.cands[roof[1]] & !ab);
            if x != y || x.count_ones() != 1 {
                return None;
            }
            let c = x.trailing_zeros() as usize;
            let mut s = Step::new(t, 4.6);
            for p in 0..board.cands.len() {
                if !cells.contains(&p)
                    && board.cands[p] >> c & 1 == 1
                    && geo.sees(p, roof[0])
                    && geo.sees(p, roof[1])
                {
                    s.eliminate(geo, p, c);
                }
            }
            s
        }
        (Technique::UniqueRectangle3, 2) => return type3(board, cells, &roof, ab),
        (Technique::UniqueRectangle4, 2) => {
            let mut s = Step::new(t, 4.6);
            for h in geo.common_houses(roof[0], roof[1]).collect::<Vec<_>>() {
                for d in bits(ab) {
                    let pos = board.positions(h, d);
                    let only_roof = bits(pos).all(|i| roof.contains(&(geo.houses[h][i] as usize)));
                    if only_roof {
                        let other = (ab & !(1 << d)).trailing_zeros() as usize;
                        for &r in &roof {
                            s.eliminate(geo, r, other);
                        }
                        s.house(geo, h);
                        break;
                    }
                }
                if s.is_progress() {
                    break;
                }
            }
            s
        }
        _ => return None,
    };
    if !step.is_progress() {
        return None;
    }
    finish(board, &mut step, cells, ab);
    Some(step)
}

fn finish(board: &Board, step: &mut Step, cells: &[usize; 4], ab: u64) {
    let geo = &*board.geo;
    for &c in cells {
        step.cell(geo, c);
    }
    for d in bits(ab) {
        step.digit(d);
    }
    step.reason = format!(
        "{} on {} in {}",
        step.technique.name(),
        digit_list(ab),
        cell_list(geo, cells.iter().copied())
    );
}

fn type3(board: &Board, cells: &[usize; 4], roof: &[usize], ab: u64) -> Option<Step> {
    let geo = &*board.geo;
    let extra = (board.cands[roof[0]] | board.cands[roof[1]]) & !ab;
    for h in geo.common_houses(roof[0], roof[1]).collect::<Vec<_>>() {
        let others: Vec<usize> = geo.houses[h]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.cands[c] != 0 && !roof.contains(&c))
            .collect();
        let items: Vec<(usize, u64)> = others.iter().map(|&c| (c, board.cands[c])).collect();
        // m other cells whose candidates with the roof's extras make m + 1 digits.
        for m in 1..=3usize {
            if let Some(s) = combinations(&items, m, extra, m as u32 + 1, &mut |chosen, digits| {
                if digits.count_ones() as usize != m + 1 {
                    return None;
                }
                let mut s = Step::new(Technique::UniqueRectangle3, 4.5 + 0.1 * m as f64);
                for &c in &others {
                    if !chosen.contains(&c) {
                        for d in bits(board.cands[c] & digits) {
                            s.eliminate(geo, c, d);
                        }
                    }
                }
                if !s.is_progress() {
                    return None;
                }
                finish(board, &mut s, cells, ab);
                s.house(geo, h);
                s.reason.push_str(&format!(
                    ", with {} forming a naked subset {}",
                    cell_list(geo, chosen.iter().copied()),
                    digit_list(digits)
                ));
                Some(s)
            }) {
                return Some(s);
            }
        }
    }
    None
}

pub(super) fn bug_plus_one(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let mut odd = None;
    for (c, &m) in board.cands.iter().enumerate() {
        match m.count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let cell = odd?;
    // Every digit appears 0 or 2 times in each house, except one digit in the odd cell's houses.
    let mut extra = None;
    for h in 0..3 * geo.n {
        for d in 0..geo.n {
            let k = board.positions(h, d).count_ones();
            let mine =
                geo.cell_houses[cell].contains(&(h as u16)) && board.cands[cell] >> d & 1 == 1;
            match (k, mine) {
                (0 | 2, _) => {}
                (3, true) if extra.is_none_or(|e| e == d) => extra = Some(d),
                _ => return None,
            }
        }
    }
    let d = extra?;
    let mut step = Step::new(Technique::BugPlusOne, 5.6);
    step.place(geo, cell, d);
    step.cell(geo, cell);
    step.digit(d);
    step.reason = format!(
        "BUG+1: every other cell holds two candidates, and {} appears three times around {}",
        d + 1,
        geo.cell(cell)
    );
    Some(step)
}
