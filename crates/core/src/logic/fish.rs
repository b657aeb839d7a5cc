//! Fish on one digit: `k` base lines (rows, or columns) whose places for the digit lie in `k`
//! cover lines of the other direction; the digit leaves the cover lines' other cells.
//! X-Wing (k = 2, ER 3.2), Swordfish (3, 3.8), Jellyfish (4, 5.2).
//!
//! *Finned*: the base places fit in `k` cover lines except a few *fins*, all in one box; then
//! only the cover cells in that box lose the digit (either the fish holds or a fin is true).
//! *Sashimi*: a base line keeps one place or none inside the cover. Sudoku Explainer has no such
//! rule (its chains find them), so they are rated as the X-chains they are: 6.6 and up.

use super::board::{Board, bits, combinations};
use super::step::{Step, Technique};

/// The cell at position `i` of line `line` (0..N rows or N..2N columns).
fn line_cell(n: usize, line: usize, i: usize) -> usize {
    if line < n {
        line * n + i
    } else {
        i * n + (line - n)
    }
}

/// Records a fish's base lines, their cells and its digit on the step; returns the names of
/// the base and cover lines (`r1,r5`, `c2,c7`).
fn base_and_cover(
    board: &Board,
    step: &mut Step,
    d: usize,
    rows: bool,
    base: &[usize],
    cover: u64,
) -> (Vec<String>, Vec<String>) {
    let geo = &*board.geo;
    let n = geo.n;
    for &l in base {
        step.house(geo, l);
        for i in bits(board.positions(l, d)) {
            step.cell(geo, line_cell(n, l, i));
        }
    }
    step.digit(d);
    let b = base.iter().map(|&l| line_name(n, l)).collect();
    let c = bits(cover)
        .map(|i| line_name(n, if rows { n + i } else { i }))
        .collect();
    (b, c)
}

fn name(k: usize) -> &'static str {
    match k {
        2 => "X-Wing",
        3 => "Swordfish",
        _ => "Jellyfish",
    }
}

fn line_name(n: usize, line: usize) -> String {
    if line < n {
        format!("r{}", line + 1)
    } else {
        format!("c{}", line - n + 1)
    }
}

pub(super) fn basic(board: &Board, k: usize) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    let (tech, diff) = match k {
        2 => (Technique::XWing, 3.2),
        3 => (Technique::Swordfish, 3.8),
        _ => (Technique::Jellyfish, 5.2),
    };
    for d in 0..n {
        for rows in [true, false] {
            let base: Vec<(usize, u64)> = (0..n)
                .map(|i| if rows { i } else { n + i })
                .map(|l| (l, board.positions(l, d)))
                .filter(|&(_, p)| p.count_ones() >= 2 && p.count_ones() as usize <= k)
                .collect();
            let r = combinations(&base, k, 0, k as u32, &mut |chosen, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                let mut step = Step::new(tech, diff);
                for i in bits(union) {
                    let cover = if rows { n + i } else { i };
                    for j in 0..n {
                        let base_line = if rows { j } else { n + j };
                        let c = line_cell(n, cover, j);
                        if !chosen.contains(&base_line) && board.cands[c] >> d & 1 == 1 {
                            step.eliminate(geo, c, d);
                        }
                    }
                    step.house(geo, cover);
                }
                if step.eliminations.is_empty() {
                    return None;
                }
                let (b, c) = base_and_cover(board, &mut step, d, rows, chosen, union);
                step.reason = format!(
                    "{} of {} in {} and {}",
                    name(k),
                    d + 1,
                    b.join(","),
                    c.join(",")
                );
                Some(step)
            });
            if r.is_some() {
                return r;
            }
        }
    }
    None
}

pub(super) fn finned(board: &Board) -> Option<Step> {
    (2..=4).find_map(|k| finned_k(board, k))
}

fn finned_k(board: &Board, k: usize) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    for d in 0..n {
        for rows in [true, false] {
            let base: Vec<(usize, u64)> = (0..n)
                .map(|i| if rows { i } else { n + i })
                .map(|l| (l, board.positions(l, d)))
                .filter(|&(_, p)| p != 0 && p.count_ones() as usize <= k + 2)
                .collect();
            let r = combinations(&base, k, 0, u64::BITS, &mut |chosen, union| {
                if union.count_ones() as usize <= k {
                    return None;
                }
                // Try each choice of k cover lines among the union whose other lines' cells
                // (the fins) lie in one box: `boxes[j]` is the boxes of the base cells in
                // line `cols[j]`.
                let cols: Vec<usize> = bits(union).collect();
                let boxes: Vec<u64> = cols
                    .iter()
                    .map(|&i| {
                        chosen
                            .iter()
                            .filter(|&&l| board.positions(l, d) >> i & 1 == 1)
                            .fold(0, |m, &l| {
                                m | 1 << (geo.cell_houses[line_cell(n, l, i)][2] as usize - 2 * n)
                            })
                    })
                    .collect();
                let mut pick = Vec::with_capacity(k);
                let mut walk = Cover {
                    cols: &cols,
                    boxes: &boxes,
                    k,
                    pick: &mut pick,
                };
                walk.choices(0, 0, &mut |cover_mask| {
                    fin_step(board, d, rows, k, chosen, cover_mask)
                })
            });
            if r.is_some() {
                return r;
            }
        }
    }
    None
}

/// The choices of `k` cover lines among `cols`, in order, that leave fins in one box.
struct Cover<'a> {
    cols: &'a [usize],
    boxes: &'a [u64],
    k: usize,
    pick: &'a mut Vec<usize>,
}

impl Cover<'_> {
    /// Picks from `cols[start..]`, the lines passed over so far having fins in `fins` (boxes);
    /// a choice whose fins are not in exactly one box is skipped (`fin_step` would refuse it).
    fn choices(
        &mut self,
        start: usize,
        fins: u64,
        f: &mut impl FnMut(u64) -> Option<Step>,
    ) -> Option<Step> {
        if self.pick.len() == self.k {
            let all = self.boxes[start..].iter().fold(fins, |m, &b| m | b);
            if all.count_ones() != 1 {
                return None;
            }
            return f(self.pick.iter().fold(0, |m, &i| m | 1 << i));
        }
        let mut skipped = fins;
        for i in start..self.cols.len() {
            if skipped.count_ones() > 1 {
                break;
            }
            self.pick.push(self.cols[i]);
            let r = self.choices(i + 1, skipped, f);
            self.pick.pop();
            if r.is_some() {
                return r;
            }
            skipped |= self.boxes[i];
        }
        None
    }
}

fn fin_step(
    board: &Board,
    d: usize,
    rows: bool,
    k: usize,
    base: &[usize],
    cover: u64,
) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    let mut fins = Vec::new();
    let mut sashimi = false;
    for &l in base {
        let p = board.positions(l, d);
        if (p & cover).count_ones() <= 1 {
            sashimi = true;
        }
        fins.extend(bits(p & !cover).map(|i| line_cell(n, l, i)));
    }
    let fin_box = geo.cell_houses[*fins.first()?][2];
    if fins.iter().any(|&c| geo.cell_houses[c][2] != fin_box) {
        return None;
    }
    let mut step = Step::new(Technique::FinnedFish, 6.5 + 0.1 * k as f64);
    for i in bits(cover) {
        let cl = if rows { n + i } else { i };
        for j in 0..n {
            let bl = if rows { j } else { n + j };
            let c = line_cell(n, cl, j);
            if !base.contains(&bl)
                && geo.cell_houses[c][2] == fin_box
                && board.cands[c] >> d & 1 == 1
            {
                step.eliminate(geo, c, d);
            }
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    let (b, c) = base_and_cover(board, &mut step, d, rows, base, cover);
    let f: Vec<String> = fins.iter().map(|&c| geo.cell(c).to_string()).collect();
    step.reason = format!(
        "{} {} of {} in {} and {}, fin{} {}",
        if sashimi { "sashimi" } else { "finned" },
        name(k),
        d + 1,
        b.join(","),
        c.join(","),
        if fins.len() > 1 { "s" } else { "" },
        f.join(",")
    );
    Some(step)
}
