//! The symmetry of a clue pattern, which classic and variant generation dig by: the cells
//! fall into orbits (a cell and its images under the symmetry's maps), and an orbit is a clue
//! or empty as a whole.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::grid::Grid;

/// A map of `(row, column)` on an `n × n` grid: `(r, c, n) → (r', c')`.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The symmetry of a clue pattern: a cell is a clue exactly when its images are.
///
/// Its names ([`Symmetry::name`]: `none`, `rot180`, …, `antidiagonal`, …) are those of the
/// command line, the HTTP API (serde) and the Python package.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "utoipa",
    schema(as = SymmetryName, description = "The symmetry of a puzzle's clue pattern.")
)]
#[non_exhaustive]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Half-turn rotation about the centre.
    Rot180,
    /// Quarter-turn rotation (so half-turn too).
    Rot90,
    /// Mirror between left and right.
    Mirror,
    /// Mirror between top and bottom.
    Flip,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Reflection in the anti-diagonal.
    AntiDiagonal,
    /// Both mirrors (so half-turn too).
    Dihedral,
    /// Every rotation and reflection of the square.
    Full,
}

impl Symmetry {
    /// Every symmetry, for help texts and tests.
    pub const ALL: [Symmetry; 9] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Dihedral,
        Symmetry::Full,
    ];

    /// Its name: `none`, `rot180`, `rot90`, `mirror`, `flip`, `diagonal`, `antidiagonal`,
    /// `dihedral` or `full`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
            Symmetry::Full => "full",
        }
    }

    /// The symmetry of that name ([`Symmetry::name`]), if any.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The generating maps of the symmetry group on an `n × n` grid.
    fn maps(self) -> Vec<CellMap> {
        let rot90: CellMap = |r, c, n| (c, n - 1 - r);
        let rot180: CellMap = |r, c, n| (n - 1 - r, n - 1 - c);
        let mirror: CellMap = |r, c, n| (r, n - 1 - c);
        let flip: CellMap = |r, c, n| (n - 1 - r, c);
        let diagonal: CellMap = |r, c, _| (c, r);
        let anti: CellMap = |r, c, n| (n - 1 - c, n - 1 - r);
        match self {
            Symmetry::None => vec![],
            Symmetry::Rot180 => vec![rot180],
            Symmetry::Rot90 => vec![rot90],
            Symmetry::Mirror => vec![mirror],
            Symmetry::Flip => vec![flip],
            Symmetry::Diagonal => vec![diagonal],
            Symmetry::AntiDiagonal => vec![anti],
            Symmetry::Dihedral => vec![mirror, flip],
            Symmetry::Full => vec![rot90, mirror],
        }
    }

    /// The orbits of the cells of an `n × n` grid (each a set of cell indices).
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let maps = self.maps();
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut orbit = vec![start];
            let mut i = 0;
            while i < orbit.len() {
                let (r, c) = (orbit[i] / n, orbit[i] % n);
                for m in &maps {
                    let (r2, c2) = m(r, c, n);
                    let j = r2 * n + c2;
                    if !seen[j] {
                        seen[j] = true;
                        orbit.push(j);
                    }
                }
                i += 1;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clues of `grid` form a pattern with this symmetry.
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.side();
        let values = grid.values();
        self.orbits(n).iter().all(|o| {
            let clue = values[o[0]] != 0;
            o.iter().all(|&i| (values[i] != 0) == clue)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once() {
        for s in Symmetry::ALL {
            for n in [4, 6, 9] {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.concat();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
            }
        }
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
    }
}
