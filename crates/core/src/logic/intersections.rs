//! Intersections: a digit whose places in one house all lie in a second house is removed from
//! the rest of the second house. *Pointing*: the first house is a box (2.6); *claiming*: it is
//! a row or column (2.8). Sudoku Explainer's *direct* forms (1.7, 1.9) count only when the
//! removal leaves a hidden single in a house of the first kind, which they also place.

use super::board::Board;
use super::step::{Step, Technique};

/// Kinds of house: 0 rows, 1 columns, 2 boxes (as in `Geometry::cell_houses`).
const PAIRS: [(usize, usize); 4] = [(2, 1), (2, 0), (1, 2), (0, 2)];

pub(super) fn find(board: &Board, t: Technique) -> Option<Step> {
    let geo = &*board.geo;
    let n = geo.n;
    let direct = matches!(t, Technique::DirectPointing | Technique::DirectClaiming);
    let pointing = matches!(t, Technique::Pointing | Technique::DirectPointing);
    for (k1, k2) in PAIRS {
        if (k1 == 2) != pointing {
            continue;
        }
        for d in 0..n {
            for h1 in k1 * n..(k1 + 1) * n {
                let pos = board.positions(h1, d);
                if pos.count_ones() < 2 {
                    continue;
                }
                let cells: Vec<usize> = super::board::bits(pos)
                    .map(|i| geo.houses[h1][i] as usize)
                    .collect();
                let h2 = geo.cell_houses[cells[0]][k2] as usize;
                if cells.iter().any(|&c| geo.cell_houses[c][k2] as usize != h2) {
                    continue;
                }
                let removed: Vec<usize> = geo.houses[h2]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| {
                        geo.cell_houses[c][k1] as usize != h1 && board.cands[c] >> d & 1 == 1
                    })
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let single = if direct {
                    match following_single(board, k1, h1, h2, d) {
                        Some(c) => Some(c),
                        None => continue,
                    }
                } else {
                    None
                };
                let (tech, diff) = match (pointing, direct) {
                    (true, false) => (Technique::Pointing, 2.6),
                    (false, false) => (Technique::Claiming, 2.8),
                    (true, true) => (Technique::DirectPointing, 1.7),
                    (false, true) => (Technique::DirectClaiming, 1.9),
                };
                let mut step = locked_step(board, (tech, diff), &cells, &removed, d, h1);
                step.house(geo, h2);
                step.digit(d);
                let what = match cells.len() {
                    2 => "pair",
                    3 => "triple",
                    _ => "group",
                };
                step.reason = format!(
                    "{} {what} of {} in {} on {}",
                    if pointing { "pointing" } else { "claiming" },
                    d + 1,
                    geo.house(h1),
                    geo.house(h2)
                );
                if let Some((cell, h3)) = single {
                    step.place(geo, cell, d);
                    step.reason
                        .push_str(&format!(", leaving a hidden single in {}", geo.house(h3)));
                }
                return Some(step);
            }
        }
    }
    None
}

/// A house of kind `k1` other than `h1`, crossing `h2`, whose places for `d` outside `h2`
/// come down to one.
fn following_single(
    board: &Board,
    k1: usize,
    h1: usize,
    h2: usize,
    d: usize,
) -> Option<(usize, usize)> {
    let geo = &*board.geo;
    let n = geo.n;
    for h3 in k1 * n..(k1 + 1) * n {
        if h3 == h1
            || !geo.houses[h3]
                .iter()
                .any(|&c| geo.cell_houses[c as usize].contains(&(h2 as u16)))
        {
            continue;
        }
        let pos = board.positions(h3, d);
        if pos.count_ones() < 2 {
            continue;
        }
        let mut rest = super::board::bits(pos)
            .map(|i| geo.houses[h3][i] as usize)
            .filter(|&c| !geo.cell_houses[c].contains(&(h2 as u16)));
        if let (Some(c), None) = (rest.next(), rest.next()) {
            return Some((c, h3));
        }
    }
    None
}

/// On a variant board, locked candidates beyond the classic ones: a digit whose places in a
/// house or full group all lie in the cells another group holds, or all see one cell, leaves
/// that cell (a diagonal's 5 confined to a box, a box's 3 confined to a cage, a row's 7 all
/// a knight's move from a cell). Found after the classic pointing and claiming.
pub(super) fn locked(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    geo.extras.as_ref()?;
    let n = geo.n;
    for h1 in (0..3 * n).chain(geo.extra_groups(true)) {
        for d in 0..n {
            let pos = board.group_positions(h1, d);
            if !(2..=6).contains(&pos.count_ones()) {
                continue;
            }
            let cells: Vec<usize> = super::board::bits(pos)
                .map(|i| geo.group(h1)[i] as usize)
                .collect();
            let removed: Vec<usize> = geo.peers[cells[0]]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| {
                    board.cands[c] >> d & 1 == 1
                        && !cells.contains(&c)
                        && cells[1..].iter().all(|&p| geo.sees(p, c))
                })
                .collect();
            // The classic pointing and claiming have had their turn: a row, column or region
            // holding the places and every cell removed is theirs.
            let classic = (0..3).any(|k| {
                let h2 = geo.cell_houses[cells[0]][k];
                h1 < 3 * n
                    && cells
                        .iter()
                        .chain(&removed)
                        .all(|&c| geo.cell_houses[c][k] == h2)
            });
            if removed.is_empty() || classic {
                continue;
            }
            let (tech, diff) = if (2 * n..3 * n).contains(&h1) {
                (Technique::Pointing, 2.6)
            } else {
                (Technique::Claiming, 2.8)
            };
            let mut step = locked_step(board, (tech, diff), &cells, &removed, d, h1);
            let places = super::step::cell_list(geo, cells.iter().copied());
            // A group that holds the places and the cells removed names the reason.
            let common = (0..geo.houses.len())
                .chain(geo.extra_groups(false))
                .find(|&h2| {
                    h2 != h1
                        && cells
                            .iter()
                            .chain(&removed)
                            .all(|&c| geo.group(h2).contains(&(c as u16)))
                });
            step.reason = match common {
                Some(h2) => {
                    step.house(geo, h2);
                    format!(
                        "locked {} of {} in {places}, all in {}",
                        d + 1,
                        geo.name(h1),
                        geo.name(h2)
                    )
                }
                None => format!(
                    "locked {} of {} in {places}: the cells that see them all lose it",
                    d + 1,
                    geo.name(h1)
                ),
            };
            for (name, index) in geo.peer_constraints(&cells, &removed) {
                step.constraint(name, index);
            }
            return Some(step);
        }
    }
    None
}

/// The step of a digit `d` locked in `cells` of house `h1`, which `removed` lose.
fn locked_step(
    board: &Board,
    (tech, diff): (Technique, f64),
    cells: &[usize],
    removed: &[usize],
    d: usize,
    h1: usize,
) -> Step {
    let geo = &*board.geo;
    let mut step = Step::new(tech, diff);
    for &c in removed {
        step.eliminate(geo, c, d);
    }
    for &c in cells {
        step.cell(geo, c);
    }
    step.house(geo, h1);
    step.digit(d);
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn pointing_pair_in_box_one() {
        // Box 1's rows 2 and 3 are full, so its 5 (and 8, 9) can only go in row 1.
        let g: Grid = ".........\
                       123......\
                       467......\
                       .........\
                       .........\
                       .........\
                       .........\
                       .........\
                       ........."
            .parse()
            .unwrap();
        let b = Board::new(&g).unwrap();
        let s = find(&b, Technique::Pointing).unwrap();
        assert_eq!(
            s.to_string(),
            "r1c4,r1c5,r1c6,r1c7,r1c8,r1c9 ≠ 5: pointing triple of 5 in box 1 on row 1"
        );
    }
}
