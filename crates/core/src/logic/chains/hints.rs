//! What the nested rules hand back to the searches that call them, and what those searches
//! report to the nested rules: a chain as the explanation shows it ([`Tree`]), one instance
//! of a rule ([`Hint`]), where a nested search reports ([`Sink`]) and what a chain's start
//! stands for ([`Root`]), and the instances kept for each working board ([`Known`]). The
//! engine, the unary and multiple searches and `nested.rs` all use these; they use none of
//! those files.

use std::collections::HashMap;
use std::rc::Rc;

use crate::logic::board::Board;

/// A chain as the explanation shows it: its potentials from the assumption on (`pot * 2 +
/// on`), each with the nested chain that made it, if any.
#[derive(Debug, Default)]
pub(super) struct Tree {
    pub(super) steps: Vec<(u32, Option<Rc<Tree>>)>,
}

/// A rule's instances on one working board, easiest first, with the identifier of the first.
pub(super) type Found = (u32, Vec<Hint>);

/// A nested chaining rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Rule {
    Unary,
    Multiple,
    Dynamic(u8),
}

/// What the nested chaining rules found on each working board, kept from one search to the
/// next on the same board.
#[derive(Default)]
pub(super) struct Known {
    pub(super) hints: HashMap<(Rule, Vec<u64>), Rc<Found>>,
    /// The identifiers given to nested chains so far.
    pub(super) ids: u32,
}

/// One instance of a nested rule: what it removes, its sort key and the outer removals it
/// rests on.
pub(super) struct Hint {
    pub(super) elims: Vec<u32>,
    /// Rating, complexity, kind (Sudoku Explainer's sort key).
    pub(super) key: (f64, usize, u8),
    /// Potentials (off) of the outer chain this instance needs.
    pub(super) parents: Vec<u32>,
    /// The chain, for a chaining rule (its complexity then adds to the outer chain's).
    pub(super) chain: Option<Rc<Tree>>,
}

/// Where a nested search reports every chain it finds.
pub(super) struct Sink<'s> {
    /// The candidates before the outer chain's removals.
    pub(super) src: &'s [u64],
    pub(super) hints: Vec<Hint>,
    /// The outer board's sets, which hold on the working board too.
    pub(super) sets: Rc<Sets>,
}

/// A variant's groups of cells, beyond rows, columns and regions, where digits must appear:
/// its full extra groups (diagonals, extra regions, disjoint groups: every digit not placed)
/// and the places of each digit a constraint must hold (a cage's 9, a renban's 5). A digit
/// left with two places in one is a strong link, as in a house, and its places start region
/// forcing chains.
#[derive(Debug, Default)]
pub(in crate::logic) struct Sets {
    /// Each set's cells, sorted.
    pub(super) cells: Vec<Vec<u16>>,
    /// The digits each set needs.
    pub(super) digits: Vec<u64>,
    /// Each set's name and the index of its constraint, if one gives it.
    pub(super) names: Vec<(String, Option<usize>)>,
    /// The sets of each cell.
    pub(super) of: Vec<Vec<u32>>,
    /// On a variant board, the constraint units (`Facts`) that read each cell.
    pub(super) units_of: Vec<Vec<u32>>,
    /// The units with a cell each cell sees: a unit takes a digit it must hold from the cells
    /// that see all its places, and breaks when one of them holds nothing else.
    pub(super) near: Vec<Vec<u32>>,
}

impl Sets {
    /// The sets of a board (none on a classic one).
    pub(super) fn of(board: &Board) -> Sets {
        let geo = &*board.geo;
        let mut sets = Sets::default();
        let Some(x) = geo.extras.as_ref() else {
            return sets;
        };
        let n = geo.n;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for h in geo.extra_groups(true) {
            let cells = geo.group(h);
            let placed = cells
                .iter()
                .fold(0u64, |m, &c| match board.values[c as usize] {
                    0 => m,
                    v => m | 1 << (v - 1),
                });
            let mut sorted = cells.to_vec();
            sorted.sort_unstable();
            sets.add(sorted, full & !placed, (geo.name(h), geo.constraint_of(h)));
        }
        for (u, d, places) in crate::logic::contradictions::required(board) {
            let cells = places.iter().map(|&c| c as u16).collect();
            let (name, _, index) = crate::logic::constraints::unit_text(x, u, n);
            sets.add(cells, 1 << d, (name, index));
        }
        sets.units_of = vec![Vec::new(); n * n];
        sets.near = vec![Vec::new(); n * n];
        for u in 0..x.facts.unit_count() {
            let k = u as u32;
            let cells = x.facts.unit_cells(u);
            for c in cells.iter().copied().chain(x.facts.unit_reads(u)) {
                if !sets.units_of[c].contains(&k) {
                    sets.units_of[c].push(k);
                }
            }
            for &c in cells {
                for &p in &geo.peers[c] {
                    let near = &mut sets.near[p as usize];
                    if near.last() != Some(&k) {
                        near.push(k);
                    }
                }
            }
        }
        sets.of = vec![Vec::new(); n * n];
        for (i, cells) in sets.cells.iter().enumerate() {
            for &c in cells {
                sets.of[c as usize].push(i as u32);
            }
        }
        sets
    }

    /// Adds digits to the set of these cells, new or not.
    fn add(&mut self, cells: Vec<u16>, digits: u64, name: (String, Option<usize>)) {
        if digits == 0 {
            return;
        }
        match self.cells.iter().position(|c| *c == cells) {
            Some(i) => self.digits[i] |= digits,
            None => {
                self.cells.push(cells);
                self.digits.push(digits);
                self.names.push(name);
            }
        }
    }
}

/// Which potentials a chain's start stands for when collecting its parents.
#[derive(Clone, Copy)]
pub(super) enum Root {
    /// A contradiction, a double forcing, a unary chain or loop: nothing.
    None,
    /// Each candidate of a cell: the cell's removed candidates.
    Cell,
    /// Each place of a digit in a house: its removed places there.
    House(usize),
    /// A loop, read both ways: its off potentials count as on too.
    Cycle,
}

#[cfg(test)]
mod tests {
    use super::super::engine::{Cause, Engine, Mode};
    use super::*;
    use crate::grid::Cell;
    use crate::variant::{Constraint, Diagonal, Puzzle};

    #[test]
    fn a_cage_that_needs_a_9_and_a_diagonal_are_strong_links_of_the_chains() {
        let mut puzzle = Puzzle::new(9).unwrap();
        puzzle
            .push(Constraint::Diagonal(Diagonal::Negative))
            .unwrap();
        let cage = vec![Cell::new(8, 0), Cell::new(8, 1)];
        puzzle
            .push(Constraint::Killer {
                cells: cage,
                sum: Some(17),
            })
            .unwrap();
        let board = Board::from_puzzle(&puzzle).unwrap();
        let sets = Sets::of(&board);
        let names: Vec<&str> = sets.names.iter().map(|(n, _)| &n[..]).collect();
        assert_eq!(names, ["diagonal r1c1-r9c9", "killer cage 17 r9c1,r9c2"]);
        assert_eq!(sets.digits, [0o777, 0b1_1000_0000], "every digit; 8 and 9");
        // 9 off in r9c1 makes it on in r9c2 through the cage, as a house would.
        let mut eng = Engine::new(&board);
        let (a, b) = (72, 73);
        let mut out = Vec::new();
        eng.off_to_on(eng.pot(a, 8), Mode::MULTIPLE, &mut out);
        let by_cage: Vec<(u32, Cause)> = out
            .iter()
            .filter(|o| o.1 == Cause::House(27 + 1))
            .map(|o| (o.0, o.1))
            .collect();
        assert_eq!(by_cage, [(eng.pot(b, 8), Cause::House(28))]);
        assert_eq!(
            eng.house_name(28),
            ("killer cage 17 r9c1,r9c2".into(), Some(1))
        );
        assert_eq!(eng.house_cells(28), [72, 73]);
    }
}
