//! Single-digit patterns built from strong links (a digit with exactly two places in a house).
//!
//! (Skyscrapers, 2-String Kites and Turbot Fish are chains of two strong links:
//! `chains/strong_links.rs`.)
//! - Empty rectangle: a box whose places for the digit lie in one row and one column, and a
//!   strong link in a line crossing that row (or column) outside the box.
//!
//! Rated 4.3, as Sukaku Explainer rates a grouped pair of strong links.

use super::board::{Board, bits};
use super::step::{Step, Technique};

/// A strong link: digit `d` has exactly the two places `a` and `b` in house `h`.
fn strong_links(board: &Board, d: usize, kinds: &[usize]) -> Vec<(usize, usize, usize)> {
    let geo = &*board.geo;
    let n = geo.n;
    let mut out = Vec::new();
    for &k in kinds {
        for h in k * n..(k + 1) * n {
            let pos = board.positions(h, d);
            if pos.count_ones() == 2 {
                let mut it = bits(pos).map(|i| geo.houses[h][i] as usize);
                let (a, b) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
                out.push((h, a, b));
            }
        }
    }
    out
}

pub(super) fn empty_rectangle(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    for d in 0..n {
        let links = strong_links(board, d, &[0, 1]);
        for bx in 2 * n..3 * n {
            let pos: Vec<usize> = bits(board.positions(bx, d))
                .map(|i| geo.houses[bx][i] as usize)
                .collect();
            if pos.len() < 2 {
                continue;
            }
            // Each (row, column) cross of the box that covers every place.
            for &pr in &pos {
                for &pc in &pos {
                    let (row, col) = (geo.cell_houses[pr][0], geo.cell_houses[pc][1]);
                    if !pos
                        .iter()
                        .all(|&c| geo.cell_houses[c][0] == row || geo.cell_houses[c][1] == col)
                    {
                        continue;
                    }
                    // Both lines must hold a place of their own (else it is a plain intersection).
                    if pos.iter().all(|&c| geo.cell_houses[c][0] == row)
                        || pos.iter().all(|&c| geo.cell_houses[c][1] == col)
                    {
                        continue;
                    }
                    for &(h, a, b) in &links {
                        // A column link with one end on the box's row, outside the box (or a row
                        // link with one end on the box's column).
                        let (k_link, k_cross, cross) =
                            if h >= n { (1, 0, row) } else { (0, 1, col) };
                        for (x, y) in [(a, b), (b, a)] {
                            if geo.cell_houses[x][k_cross] != cross
                                || geo.cell_houses[x][2] as usize == bx
                                || geo.cell_houses[y][2] as usize == bx
                            {
                                continue;
                            }
                            // The target: on y's line (the other kind) and the box's other line.
                            let other_line = if k_link == 1 { col } else { row };
                            let target = geo.houses[geo.cell_houses[y][k_cross] as usize]
                                .iter()
                                .map(|&c| c as usize)
                                .find(|&c| geo.cell_houses[c][k_link] == other_line)?;
                            if board.cands[target] >> d & 1 == 0
                                || geo.cell_houses[target][2] as usize == bx
                            {
                                continue;
                            }
                            let mut step = Step::new(Technique::EmptyRectangle, 4.3);
                            step.eliminate(geo, target, d);
                            for &c in &pos {
                                step.cell(geo, c);
                            }
                            step.cell(geo, x);
                            step.cell(geo, y);
                            step.house(geo, bx);
                            step.house(geo, h);
                            step.digit(d);
                            step.reason = format!(
                                "empty rectangle on {} in {} with the strong link {}-{} in {}",
                                d + 1,
                                geo.house(bx),
                                geo.cell(x),
                                geo.cell(y),
                                geo.house(h)
                            );
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Simple colouring: the cells joined by strong links of one digit take two colours; one colour
/// is all true and the other all false. Two cells of one colour that see each other make that
/// colour false (*wrap*, rated 6.0); a cell that sees both colours loses the digit (*trap*, 5.5).
pub(super) fn colouring(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    let cells = board.cands.len();
    for d in 0..n {
        let links = strong_links(board, d, &[0, 1, 2]);
        if links.len() < 2 {
            continue;
        }
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for &(_, a, b) in &links {
            adj[a].push(b);
            adj[b].push(a);
        }
        let mut colour = vec![u8::MAX; cells];
        for start in 0..cells {
            if adj[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // Colour one component.
            let mut comp = vec![start];
            colour[start] = 0;
            let mut i = 0;
            while i < comp.len() {
                let c = comp[i];
                for &m in &adj[c] {
                    if colour[m] == u8::MAX {
                        colour[m] = 1 - colour[c];
                        comp.push(m);
                    }
                }
                i += 1;
            }
            if comp.len() < 4 {
                continue;
            }
            let side = |k: u8| -> Vec<usize> {
                comp.iter().copied().filter(|&c| colour[c] == k).collect()
            };
            let (zero, one) = (side(0), side(1));
            // Wrap: a colour that sees itself is false.
            for group in [&zero, &one] {
                let clash = group.iter().any(|&a| group.iter().any(|&b| geo.sees(a, b)));
                if clash {
                    let mut step = Step::new(Technique::SimpleColouring, 6.0);
                    for &c in group {
                        step.eliminate(geo, c, d);
                    }
                    return Some(finish_colouring(board, step, &comp, d, "colour wrap"));
                }
            }
            // Trap: an outside cell that sees both colours.
            let mut step = Step::new(Technique::SimpleColouring, 5.5);
            for (c, &col) in colour.iter().enumerate() {
                if col == u8::MAX
                    && board.cands[c] >> d & 1 == 1
                    && zero.iter().any(|&a| geo.sees(a, c))
                    && one.iter().any(|&b| geo.sees(b, c))
                {
                    step.eliminate(geo, c, d);
                }
            }
            if step.is_progress() {
                return Some(finish_colouring(board, step, &comp, d, "colour trap"));
            }
        }
    }
    None
}

fn finish_colouring(board: &Board, mut step: Step, comp: &[usize], d: usize, kind: &str) -> Step {
    let geo = &*board.geo;
    for &c in comp {
        step.cell(geo, c);
    }
    step.digit(d);
    let v: Vec<String> = comp.iter().map(|&c| geo.cell(c).to_string()).collect();
    step.reason = format!(
        "simple colouring ({kind}) on {} over {}",
        d + 1,
        v.join(",")
    );
    step
}
