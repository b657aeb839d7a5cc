//! Variant puzzles on the logic board. The variant engine's compiled network
//! ([`Facts`](crate::solve::variant::Facts)) gives what every technique needs beyond rows,
//! columns and regions:
//!
//! ```text
//!  regions          irregular ones stand in for the boxes (houses 2N..3N)
//!  extra groups     diagonals, extra regions, disjoint groups, cages, renbans: houses 3N..,
//!                   full (N cells: every digit once) or not (different digits only)
//!  peers            anti-knight, anti-king, thermometers, …: a placed digit leaves them,
//!                   `Geometry::sees` knows them, chains link them (on → off)
//!  links            pairs of candidates that cannot both be true (kropki, XV, thermometer
//!                   steps, whispers, …): chains link them (on → off)
//! ```
//!
//! The constraints' own reasoning (cage totals, line bounds, …) is `constraints.rs`.

use super::board::{Board, Geometry, LogicError, bits};
use super::extras::{Extra, Extras, cell_text};
use crate::grid::{Cell, Shape};
use crate::solve::variant::Facts;
use crate::variant::{Constraint, Diagonal, NO_REGION, Puzzle};

impl Board {
    /// The board of a variant puzzle: its regions stand in for the boxes, and its
    /// constraints' groups, peers and candidate links are known to every technique. The
    /// constraints' own reasoning is left to steps (nothing is removed beyond the givens'
    /// peers). Puzzles whose regions are not `N` regions of `N` cells are not taken yet.
    pub fn from_puzzle(puzzle: &Puzzle) -> Result<Board, LogicError> {
        let n = puzzle.size();
        let shape =
            Shape::for_side(n).map_err(|e| LogicError::Unsupported(format!("{e}: the shape")))?;
        let mut numbers: Vec<u16> = puzzle.regions().to_vec();
        numbers.sort_unstable();
        numbers.dedup();
        let sizes_ok = numbers.len() == n
            && !numbers.contains(&NO_REGION)
            && numbers
                .iter()
                .all(|&r| puzzle.regions().iter().filter(|&&x| x == r).count() == n);
        if !sizes_ok {
            return Err(LogicError::Unsupported(
                "regions other than N regions of N cells".into(),
            ));
        }
        let region_of = |cell: Cell| {
            let r = puzzle.regions()[cell.row() * n + cell.col()];
            numbers.binary_search(&r).unwrap_or(0)
        };
        let mut geo = Geometry::with_regions(shape, region_of);
        let facts = Facts::new(puzzle);
        let cells = n * n;
        let words = cells.div_ceil(64);
        let mut see = vec![0u64; cells * words];
        for (c, peers) in geo.peers.iter_mut().enumerate() {
            for &p in facts.peers_of(c) {
                if !peers.contains(&(p as u16)) {
                    peers.push(p as u16);
                }
            }
            for &p in peers.iter() {
                see[c * words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        let groups = extra_groups(&geo, puzzle, &facts);
        let irregular = (0..cells).any(|i| {
            let cell = Cell::new(i / n, i % n);
            geo.cell_houses[i][2] as usize != 2 * n + shape.box_of(cell)
        });
        let (link_start, links) = candidate_links(&geo, &facts, &see, words);
        geo.extras = Some(Box::new(Extras {
            puzzle: puzzle.clone(),
            facts,
            groups,
            irregular,
            see,
            words,
            link_start,
            links,
        }));
        let full = puzzle.all_digits();
        let mut board = Board::blank(geo, full);
        if let Some(marks) = puzzle.candidates() {
            for (c, &m) in board.cands.iter_mut().zip(marks) {
                *c &= m;
            }
        }
        for (idx, &v) in puzzle.givens().iter().enumerate() {
            if v != 0 {
                if board.cands[idx] >> (v - 1) & 1 == 0 {
                    return Err(LogicError::Contradiction(format!(
                        "the given {v} in {} breaks a rule",
                        Cell::new(idx / n, idx % n)
                    )));
                }
                board.place(idx, v as usize - 1);
            }
        }
        Ok(board)
    }

    /// Whether the board is of a variant puzzle.
    pub fn is_variant(&self) -> bool {
        self.geo.extras.is_some()
    }

    /// The cells a digit placed in `cell` leaves beyond its row, column and region: on a
    /// variant board, the cells its constraints make it differ from (a knight's move away,
    /// the rest of its cages, …); none on a classic one.
    pub fn constraint_peers(&self, cell: Cell) -> Vec<Cell> {
        let geo = &*self.geo;
        let idx = cell.row() * geo.n + cell.col();
        let Some(hs) = geo.cell_houses.get(idx) else {
            return Vec::new();
        };
        geo.peers[idx]
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| (0..3).all(|k| geo.cell_houses[p][k] != hs[k]))
            .map(|p| geo.cell(p))
            .collect()
    }
}

/// The groups of the constraints that are not rows, columns or regions, each once.
fn extra_groups(geo: &Geometry, puzzle: &Puzzle, facts: &Facts) -> Vec<Extra> {
    let n = geo.n;
    let mut known: Vec<Vec<u16>> = geo
        .houses
        .iter()
        .map(|h| {
            let mut h = h.clone();
            h.sort_unstable();
            h
        })
        .collect();
    let mut out = Vec::new();
    let mut count = vec![0usize; puzzle.constraints().len()];
    for (cells, k) in facts.groups() {
        let mut cells: Vec<u16> = cells.iter().map(|&c| c as u16).collect();
        cells.sort_unstable();
        count[k] += 1;
        if known.contains(&cells) {
            continue;
        }
        known.push(cells.clone());
        let name = group_name(&puzzle.constraints()[k], &cells, n, count[k]);
        out.push(Extra {
            full: cells.len() == n,
            cells,
            name,
            constraint: k,
        });
    }
    out
}

/// `killer cage 15 r1c1,r1c2`, `diagonal r1c1-r9c9`, `disjoint group 3`, ….
fn group_name(constraint: &Constraint, cells: &[u16], n: usize, k: usize) -> String {
    let list = || cell_text(cells.iter().map(|&c| c as usize), n);
    match constraint {
        Constraint::Diagonal(Diagonal::Negative) => format!("diagonal r1c1-r{n}c{n}"),
        Constraint::Diagonal(Diagonal::Positive) => format!("diagonal r{n}c1-r1c{n}"),
        Constraint::DisjointGroups => format!("disjoint group {k}"),
        Constraint::ExtraRegion { .. } => format!("extra region {}", list()),
        Constraint::Killer { sum: Some(s), .. } => format!("killer cage {s} {}", list()),
        Constraint::Killer { sum: None, .. } => format!("cage {}", list()),
        Constraint::Renban { .. } => format!("renban line {}", list()),
        other => format!("{} {}", other.name(), list()),
    }
}

/// The candidate links of the related pairs: `(a, x)` on makes `(b, y)` off when the pair's
/// table does not allow `y` with `x`, and the other way round; links a peer already gives
/// (same digit, cells that see each other) are left out.
fn candidate_links(
    geo: &Geometry,
    facts: &Facts,
    see: &[u64],
    words: usize,
) -> (Vec<u32>, Vec<(u32, u32)>) {
    let n = geo.n;
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let sees = |a: usize, b: usize| see[a * words + b / 64] >> (b % 64) & 1 == 1;
    let mut per: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n * n * n];
    for (a, b, k, table) in facts.pairs() {
        for (x, &allowed) in table.iter().enumerate().take(n) {
            for y in bits(!allowed & all) {
                if x == y && sees(a, b) {
                    continue;
                }
                let (pa, pb) = ((a * n + x) as u32, (b * n + y) as u32);
                for (from, to) in [(pa, pb), (pb, pa)] {
                    let list = &mut per[from as usize];
                    if !list.iter().any(|&(p, _)| p == to) {
                        list.push((to, k as u32));
                    }
                }
            }
        }
    }
    let mut start = Vec::with_capacity(per.len() + 1);
    let mut links = Vec::new();
    for list in per {
        start.push(links.len() as u32);
        links.extend(list);
    }
    start.push(links.len() as u32);
    (start, links)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Options, Technique, next_step};

    #[test]
    fn constraints_give_peers_groups_and_links_their_names() {
        let mut puzzle = Puzzle::new(9).unwrap();
        puzzle.push(Constraint::AntiKnight).unwrap();
        puzzle
            .push(Constraint::Killer {
                cells: vec![Cell::new(8, 0), Cell::new(8, 1)],
                sum: Some(3),
            })
            .unwrap();
        puzzle
            .push(Constraint::Difference {
                cells: [Cell::new(4, 4), Cell::new(4, 5)],
                difference: 1,
            })
            .unwrap();
        let board = Board::from_puzzle(&puzzle).unwrap();
        let geo = &*board.geo;
        let x = geo.extras.as_ref().unwrap();
        // r1c3 and r2c5 see each other by a knight's move; r1c1 and r1c2 by their row.
        assert!(geo.sees(2, 13));
        assert_eq!(geo.why_at(2, 13), Some(("anti-knight".into(), Some(0))));
        assert_eq!(geo.why_at(0, 1), None);
        // r5c5's peers beyond its houses: its knight's moves.
        let knights = board.constraint_peers(Cell::new(4, 4));
        assert_eq!(knights.len(), 8);
        assert!(knights.contains(&Cell::new(2, 3)) && !knights.contains(&Cell::new(4, 3)));
        assert!(
            Board::new(&crate::grid::Grid::empty(Shape::for_side(9).unwrap()))
                .unwrap()
                .constraint_peers(Cell::new(4, 4))
                .is_empty()
        );
        assert_eq!(x.groups.len(), 1);
        assert_eq!(x.groups[0].name, "killer cage 3 r9c1,r9c2");
        assert_eq!(
            geo.constraint_of(geo.houses.len()),
            Some(1),
            "the cage's index"
        );
        assert_eq!(geo.constraint_of(0), None);
        // A 5 on the white dot leaves its neighbour neither 5 (row) nor 1, 2, 3, 7, 8, 9.
        let (a, b) = (4 * 9 + 4, 4 * 9 + 5);
        let offs: Vec<u32> = x.links(a * 9 + 4).iter().map(|l| l.0).collect();
        for d in [0, 1, 2, 6, 7, 8] {
            assert!(offs.contains(&((b * 9 + d) as u32)), "5 and {}", d + 1);
        }
        assert!(!offs.contains(&((b * 9 + 3) as u32)));
        // The cage's total is the first step beyond the singles, naming the cage.
        let options = Options {
            techniques: vec![Technique::ConstraintLogic],
            ..Options::default()
        };
        let step = next_step(&board, &options).unwrap();
        assert_eq!(step.constraints, ["killer cage 3 r9c1,r9c2"]);
        assert_eq!(step.constraint_indices, [Some(1)]);
        // Only 1 and 2 make 3: the cage keeps them, and they leave every cell seeing it all.
        let seen = "r7c1,r7c2,r7c3,r8c1,r8c2,r8c3,r9c3,r9c4,r9c5,r9c6,r9c7,r9c8,r9c9";
        assert_eq!(
            step.to_string(),
            format!(
                "{seen} ≠ 1; {seen} ≠ 2; r9c1,r9c2 ≠ 3; r9c1,r9c2 ≠ 4; r9c1,r9c2 ≠ 5; \
                 r9c1,r9c2 ≠ 6; r9c1,r9c2 ≠ 7; r9c1,r9c2 ≠ 8; r9c1,r9c2 ≠ 9: killer cage 3 \
                 r9c1,r9c2: its different digits total 3"
            )
        );
    }

    #[test]
    fn even_and_odd_cells_are_constraint_steps() {
        // Their rule is only a narrowing of the first candidates, with no propagator: it is
        // still a step, one a cell.
        let mut puzzle = Puzzle::new(9).unwrap();
        puzzle
            .push(Constraint::Odd {
                cell: Cell::new(0, 0),
            })
            .unwrap();
        puzzle
            .push(Constraint::Even {
                cell: Cell::new(8, 8),
            })
            .unwrap();
        let options = Options {
            techniques: vec![Technique::ConstraintLogic],
            ..Options::default()
        };
        let mut board = Board::from_puzzle(&puzzle).unwrap();
        let step = next_step(&board, &options).unwrap();
        assert_eq!(
            step.to_string(),
            "r1c1 ≠ 2; r1c1 ≠ 4; r1c1 ≠ 6; r1c1 ≠ 8: odd cell r1c1: it holds an odd digit"
        );
        board.apply(&step);
        let step = next_step(&board, &options).unwrap();
        assert_eq!(step.eliminations.len(), 5);
        assert_eq!(step.constraints, ["even cell r9c9"]);
        board.apply(&step);
        assert!(next_step(&board, &options).is_none());
    }

    #[test]
    fn regions_other_than_n_of_n_cells_are_not_taken_yet() {
        let mut puzzle = Puzzle::new(4).unwrap();
        puzzle.set_regions(vec![NO_REGION; 16]).unwrap();
        assert!(matches!(
            Board::from_puzzle(&puzzle),
            Err(LogicError::Unsupported(_))
        ));
    }
}
