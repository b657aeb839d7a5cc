//! The tests of the search as a whole, and the search from the givens that the other files'
//! tests start from.

use super::*;
use crate::grid::{Grid, Shape};

/// A CDCL search straight from the givens (no root propagation but the engine's own).
pub(super) fn search(grid: &Grid, blocked: &[Vec<u16>]) -> Cdcl {
    let shape = grid.shape();
    let n = shape.side();
    let houses_of: Vec<[u32; 3]> = (0..n * n)
        .map(|i| {
            let c = shape.cell(i);
            [c.row(), n + c.col(), 2 * n + shape.box_of(c)].map(|h| h as u32)
        })
        .collect();
    let values = grid.values();
    let candidates = |c: usize| {
        let peers: Vec<u16> = (0..n * n)
            .filter(|&o| o != c && houses_of[o].iter().any(|h| houses_of[c].contains(h)))
            .map(|o| values[o])
            .collect();
        (0..n).filter(move |&d| !peers.contains(&(d as u16 + 1)))
    };
    Cdcl::new(n, values, candidates, &houses_of, blocked)
}

fn all(grid: &Grid) -> Vec<Vec<u16>> {
    let mut s = search(grid, &[]);
    let mut watch = Watch::default();
    let mut out = Vec::new();
    while let Some(v) = s.next_solution(&mut watch, 0) {
        out.push(v.to_vec());
    }
    out
}

#[test]
fn empty_4x4_has_288_distinct_solutions() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    let mut sols = all(&empty);
    assert_eq!(sols.len(), 288);
    for s in &sols {
        assert!(
            Grid::from_values(empty.shape(), s)
                .unwrap()
                .is_solution_of(&empty)
        );
    }
    sols.sort();
    sols.dedup();
    assert_eq!(sols.len(), 288);
}

#[test]
fn blocked_solutions_are_not_found_again() {
    let empty = Grid::empty(Shape::new(2, 2).unwrap());
    let first: Vec<Vec<u16>> = crate::solve::Solutions::new(&empty, crate::Engine::Reference)
        .take(10)
        .map(|g| g.values().to_vec())
        .collect();
    let mut s = search(&empty, &first);
    let mut watch = Watch::default();
    let mut rest = Vec::new();
    while let Some(v) = s.next_solution(&mut watch, 0) {
        assert!(!first.contains(&v.to_vec()));
        rest.push(v.to_vec());
    }
    let total = crate::solve::Solutions::new(&empty, crate::Engine::Reference).count();
    assert_eq!(rest.len() + first.len(), total);
}

#[test]
fn counts_match_the_reference_engine() {
    // A cell that can take nothing (no solution); one clue (72 solutions); four clues.
    for text in ["1230000000000004", "1000000000000000", "1200340000000000"] {
        let g: Grid = text.parse().unwrap();
        let expected = crate::solve::Solutions::new(&g, crate::Engine::Reference).count();
        assert_eq!(all(&g).len(), expected, "{text}");
    }
}
