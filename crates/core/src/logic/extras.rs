//! What a variant puzzle adds to a board's geometry ([`Extras`]): the constraints' groups
//! beyond rows, columns and regions, the cells that must differ, and the candidate links
//! between related cells (see `variant.rs`, which builds them from the engine's facts).

use crate::grid::Cell;
use crate::solve::variant::Facts;
use crate::variant::{Constraint, Puzzle};

/// An all-different group beyond rows, columns and regions.
#[derive(Debug)]
pub(crate) struct Extra {
    /// Its cells, in reading order.
    pub cells: Vec<u16>,
    /// Whether it has `N` cells, so holds every digit once.
    pub full: bool,
    /// What players call it (`killer cage 15 r1c1,r1c2`).
    pub name: String,
    /// The index of the constraint that makes it, in the puzzle's constraints.
    pub constraint: usize,
}

/// What a variant puzzle adds to a board's geometry.
#[derive(Debug)]
pub(crate) struct Extras {
    pub puzzle: Puzzle,
    pub facts: Facts,
    /// Houses `3N + i`.
    pub groups: Vec<Extra>,
    /// Whether the regions are not the boxes.
    pub irregular: bool,
    /// Every cell's peers as a bit set, `words` words a cell.
    pub(super) see: Vec<u64>,
    pub(super) words: usize,
    /// Candidate links: what potential `p` (`cell × N + d`) on makes off, beyond its cell and
    /// its digit's peers: `links[link_start[p]..link_start[p + 1]]`, each (potential,
    /// constraint index).
    pub(super) link_start: Vec<u32>,
    pub(super) links: Vec<(u32, u32)>,
}

impl Extras {
    /// Whether cells `a` and `b` must hold different digits.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.see[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Why cells `a` and `b` (on a side of `n`) must differ when no row, column or region
    /// says so ([`Geometry::why_at`](super::board::Geometry::why_at) asks the houses first): the
    /// constraint's name (`anti-knight`, `killer cage 15 r1c1,r1c2`) and its index in the
    /// puzzle's constraints (none for cells that hold the same digit, which several rules may
    /// make).
    pub fn why_at(&self, n: usize, a: usize, b: usize) -> Option<(String, Option<usize>)> {
        if !self.sees(a, b) {
            return None;
        }
        let (a16, b16) = (a as u16, b as u16);
        if let Some(g) = self
            .groups
            .iter()
            .find(|g| g.cells.contains(&a16) && g.cells.contains(&b16))
        {
            return Some((g.name.clone(), Some(g.constraint)));
        }
        let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
        let (ca, cb) = (Cell::new(a / n, a % n), Cell::new(b / n, b % n));
        let on = |line: &[Cell]| line.contains(&ca) && line.contains(&cb);
        let name = self
            .puzzle
            .constraints()
            .iter()
            .enumerate()
            .find_map(|(k, c)| {
                let name = match c {
                    Constraint::AntiKnight if dr.min(dc) == 1 && dr.max(dc) == 2 => {
                        Some("anti-knight".to_string())
                    }
                    Constraint::AntiKing if dr.max(dc) == 1 => Some("anti-king".to_string()),
                    Constraint::Chess { offsets }
                        if offsets.iter().any(|&(x, y)| {
                            let (x, y) = (x as usize, y as usize);
                            (x, y) == (dr, dc) || (y, x) == (dr, dc)
                        }) =>
                    {
                        Some("chess".to_string())
                    }
                    Constraint::Taxicab { distance } if dr + dc == *distance as usize => {
                        Some(format!("taxicab {distance}"))
                    }
                    Constraint::Thermometer { line } if on(line) => Some(format!(
                        "thermometer {}",
                        cell_text(line.iter().map(|c| c.row() * n + c.col()), n)
                    )),
                    Constraint::Nabner { line } if on(line) => Some(format!(
                        "nabner line {}",
                        cell_text(line.iter().map(|c| c.row() * n + c.col()), n)
                    )),
                    _ => None,
                };
                name.map(|name| (name, Some(k)))
            });
        Some(name.unwrap_or_else(|| {
            (
                "cells that hold the same digit (clone, palindrome)".into(),
                None,
            )
        }))
    }

    /// The potentials `pot` on makes off through related pairs, with their constraints.
    #[inline]
    pub fn links(&self, pot: usize) -> &[(u32, u32)] {
        &self.links[self.link_start[pot] as usize..self.link_start[pot + 1] as usize]
    }
}

/// `r1c1,r1c2` from cell indices on a side of `n`.
pub(crate) fn cell_text(cells: impl IntoIterator<Item = usize>, n: usize) -> String {
    let v: Vec<String> = cells
        .into_iter()
        .map(|c| Cell::new(c / n, c % n).to_string())
        .collect();
    v.join(",")
}
