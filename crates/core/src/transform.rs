//! Validity-preserving transformations: relabel digits, permute bands and the rows inside
//! them, stacks and the columns inside them, and (for square boxes) transpose.
//!
//! A transformed puzzle has as many solutions as the original, the transformed ones; benchmarks
//! use this to present a solver with fresh puzzles of the same difficulty.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::grid::{Grid, Shape};

/// One transformation of grids of one shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    /// Row `r` of the result is row `rows[r]` of the source.
    rows: Vec<usize>,
    /// Column `c` of the result is column `cols[c]` of the source.
    cols: Vec<usize>,
    /// Value `v` becomes `digits[v]` (`digits[0] = 0`: empty stays empty).
    digits: Vec<u16>,
    transpose: bool,
}

/// A random order of `n` groups of `size` lines each, the lines of a group kept together but
/// shuffled among themselves.
fn grouped<R: Rng + ?Sized>(groups: usize, size: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut out = Vec::with_capacity(groups * size);
    for g in order {
        let mut inner: Vec<usize> = (0..size).map(|i| g * size + i).collect();
        inner.shuffle(rng);
        out.extend(inner);
    }
    out
}

impl Transform {
    /// The identity on `shape`.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n as u16).collect(),
            transpose: false,
        }
    }

    /// A random transformation; transposition is drawn only for square boxes.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        let (w, h, n) = (shape.width(), shape.height(), shape.side());
        let rows = grouped(w, h, rng); // w bands of h rows
        let cols = grouped(h, w, rng); // h stacks of w columns
        let mut digits: Vec<u16> = (1..=n as u16).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        let transpose = w == h && rng.random_bool(0.5);
        Transform {
            shape,
            rows,
            cols,
            digits,
            transpose,
        }
    }

    /// The transformed grid.
    ///
    /// # Panics
    /// When the grid's shape is not the transformation's.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "transform of another shape");
        let n = self.shape.side();
        let src = grid.values();
        let mut out = vec![0u16; n * n];
        for r in 0..n {
            for c in 0..n {
                let v = self.digits[src[self.rows[r] * n + self.cols[c]] as usize];
                let at = if self.transpose { c * n + r } else { r * n + c };
                out[at] = v;
            }
        }
        Grid::from_values(self.shape, &out).expect("a permutation keeps values in range")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn transforms_keep_solutions_solutions() {
        let mut rng = SmallRng::seed_from_u64(7);
        let puzzle: Grid =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
                .parse()
                .unwrap();
        let solution = puzzle.solve().unwrap();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..20 {
            let t = Transform::random(puzzle.shape(), &mut rng);
            let (p, s) = (t.apply(&puzzle), t.apply(&solution));
            assert_eq!(p.clue_count(), puzzle.clue_count());
            assert!(s.is_solution_of(&p));
            assert!(p.is_unique());
            seen.insert(p);
        }
        assert!(seen.len() > 15, "transforms should differ");
        assert_eq!(Transform::identity(puzzle.shape()).apply(&puzzle), puzzle);
    }

    #[test]
    fn rectangular_boxes_stay_valid() {
        let mut rng = SmallRng::seed_from_u64(1);
        let shape = Shape::new(3, 2).unwrap();
        let full = crate::parse::read_one(
            "123456456123231564564231312645645312",
            &crate::parse::ReadOptions {
                shape: Some(shape),
                ..Default::default()
            },
        )
        .unwrap();
        for _ in 0..20 {
            let t = Transform::random(shape, &mut rng);
            assert!(t.apply(&full).conflicts().is_empty());
        }
    }
}
