//! Singles: the last cell of a house, the only place for a digit in a house, the only digit
//! left in a cell.
//!
//! Sudoku Explainer rates a hidden single 1.2 in a box and 1.5 in a row or column, a naked
//! single 2.3; a full house (SE has no such rule) is rated as the hidden single it also is.

use super::board::{Board, bits};
use super::step::{Step, Technique};

/// A house with one empty cell left.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    // Boxes first, then rows and columns, like the hidden singles.
    for h in house_order(geo.n).chain(geo.extra_groups(true)) {
        let mut empty = geo
            .group(h)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.values[c] == 0);
        let (Some(cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let Some(d) = bits(board.cands[cell]).next() else {
            continue;
        };
        let mut step = Step::new(
            Technique::FullHouse,
            if (2 * geo.n..3 * geo.n).contains(&h) {
                1.2
            } else {
                1.5
            },
        );
        step.place(geo, cell, d);
        step.cell(geo, cell);
        step.house(geo, h);
        step.digit(d);
        step.reason = format!("full house in {}", geo.name(h));
        return Some(step);
    }
    None
}

/// The only place for a digit in a house (boxes first).
pub(super) fn hidden_single(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    for h in house_order(geo.n).chain(geo.extra_groups(true)) {
        let mut seen = 0u64;
        let mut twice = 0u64;
        for &c in geo.group(h) {
            let m = board.cands[c as usize];
            twice |= seen & m;
            seen |= m;
        }
        let once = seen & !twice;
        if let Some(d) = bits(once).next() {
            let pos = board.group_positions(h, d).trailing_zeros() as usize;
            let cell = geo.group(h)[pos] as usize;
            let mut step = Step::new(
                Technique::HiddenSingle,
                if (2 * geo.n..3 * geo.n).contains(&h) {
                    1.2
                } else {
                    1.5
                },
            );
            step.place(geo, cell, d);
            step.cell(geo, cell);
            step.house(geo, h);
            step.digit(d);
            step.reason = format!("hidden single {} in {}", d + 1, geo.name(h));
            return Some(step);
        }
    }
    None
}

/// The only candidate of a cell.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let cell = (0..board.cands.len()).find(|&c| board.cands[c].count_ones() == 1)?;
    let d = board.cands[cell].trailing_zeros() as usize;
    let mut step = Step::new(Technique::NakedSingle, 2.3);
    step.place(geo, cell, d);
    step.cell(geo, cell);
    step.digit(d);
    step.reason = format!("naked single in {}", geo.cell(cell));
    Some(step)
}

/// Boxes, then rows, then columns.
pub(super) fn house_order(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(0..2 * n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn finds_each_kind_of_single() {
        // r1 misses only 9 at c9: a full house.
        let g: Grid = "12345678.\
                       .........\
                       .........\
                       .........\
                       .........\
                       .........\
                       .........\
                       .........\
                       ........."
            .parse()
            .unwrap();
        let b = Board::new(&g).unwrap();
        let s = full_house(&b).unwrap();
        assert_eq!(s.to_string(), "r1c9 = 9: full house in row 1");
        let s = naked_single(&b).unwrap();
        assert_eq!(s.to_string(), "r1c9 = 9: naked single in r1c9");
    }

    #[test]
    fn hidden_single_in_a_box() {
        // 1 is in rows 2 and 3 and columns 2 and 3 outside box 1: only r1c1 is left in box 1.
        let g: Grid = ".........\
                       ...1.....\
                       ......1..\
                       .1.......\
                       .........\
                       .........\
                       ..1......\
                       .........\
                       ........."
            .parse()
            .unwrap();
        let b = Board::new(&g).unwrap();
        let s = hidden_single(&b).unwrap();
        assert_eq!(s.to_string(), "r1c1 = 1: hidden single 1 in box 1");
        assert_eq!(s.difficulty, 1.2);
    }
}
