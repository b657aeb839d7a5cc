//! Validity-preserving transformations: relabel digits, permute bands and the rows inside
//! them, stacks and the columns inside them, and (for square boxes) transpose.
//!
//! A transformed puzzle has as many solutions as the original, the transformed ones; benchmarks
//! use this to present a solver with fresh puzzles of the same difficulty, and
//! [`crate::canon`] finds the one that gives the smallest string.
//!
//! A [`Transform`] reads the source and writes the result in two steps:
//!
//! ```text
//!   moved[r][c] = digits[source[rows[r]][cols[c]]]
//!   result      = moved, or its transpose when `transpose` is set
//! ```
//!
//! `rows` keeps each band's rows together (it permutes the bands and the rows inside each),
//! `cols` each stack's columns; `digits[0] = 0`, so an empty cell stays empty. Every
//! rotation and reflection of the square is one of these (rotating a quarter turn needs
//! square boxes, as transposing does).

use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::grid::{Digit, DigitSet, Grid, Shape};

/// Random transformations of `shape` drawn from `seed`, one after another: the same seed gives
/// the same transformations in the same order (the copies `nsudoku transform --seed S` makes
/// of a puzzle come from `S` mixed with the puzzle's place in its input).
///
/// ```
/// use nsudoku::{Shape, transform::random_copies};
///
/// let three: Vec<_> = random_copies(Shape::CLASSIC, 7).take(3).collect();
/// assert_eq!(three, random_copies(Shape::CLASSIC, 7).take(3).collect::<Vec<_>>());
/// ```
pub fn random_copies(shape: Shape, seed: u64) -> impl Iterator<Item = Transform> {
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    std::iter::repeat_with(move || Transform::random(shape, &mut rng))
}

/// Why parts do not make a [`Transform`] of a shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransformError {
    /// Transposing (or a quarter turn) turns `w×h` boxes into `h×w` ones: only square boxes
    /// allow it.
    #[error("{shape} boxes are not square: they cannot be transposed or turned a quarter turn")]
    NotSquare {
        /// The shape.
        shape: Shape,
    },
    /// A list that is not a permutation of what it orders, or that splits a band or stack.
    #[error("{what} is not {expected}")]
    Permutation {
        /// `rows`, `columns` or `digits`.
        what: &'static str,
        /// What it should be.
        expected: String,
    },
    /// Text that is not a transformation written as [`Transform`]'s `Display` writes it.
    #[error("{text:?} is not a transform: {why}")]
    Syntax {
        /// The offending part.
        text: String,
        /// What was expected.
        why: String,
    },
}

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

/// Whether `order` is a permutation of `0..groups·size` that keeps each group of `size`
/// consecutive values together (a band's rows, a stack's columns).
fn keeps_groups(order: &[usize], groups: usize, size: usize) -> bool {
    let n = groups * size;
    let mut seen = vec![false; n];
    for (i, &v) in order.iter().enumerate() {
        if v >= n || seen[v] {
            return false;
        }
        seen[v] = true;
        // Positions of one group hold values of one group.
        if v / size != order[i - i % size] / size {
            return false;
        }
    }
    order.len() == n
}

/// The inverse of a permutation.
fn inverse_of(order: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; order.len()];
    for (i, &v) in order.iter().enumerate() {
        inv[v] = i;
    }
    inv
}

impl Transform {
    /// A transformation from its parts (see the module's formula): `rows` must keep the bands'
    /// rows together and `cols` the stacks' columns, `digits` is a permutation of `0..=N` that
    /// keeps 0, and `transpose` needs square boxes.
    pub fn new(
        shape: Shape,
        transpose: bool,
        rows: Vec<usize>,
        cols: Vec<usize>,
        digits: Vec<u16>,
    ) -> Result<Transform, TransformError> {
        let (w, h, n) = (shape.width(), shape.height(), shape.side());
        if transpose && w != h {
            return Err(TransformError::NotSquare { shape });
        }
        if !keeps_groups(&rows, w, h) {
            return Err(TransformError::Permutation {
                what: "rows",
                expected: format!("a permutation of 1..{n} keeping each band's {h} rows together"),
            });
        }
        if !keeps_groups(&cols, h, w) {
            return Err(TransformError::Permutation {
                what: "columns",
                expected: format!(
                    "a permutation of 1..{n} keeping each stack's {w} columns together"
                ),
            });
        }
        let as_usize: Vec<usize> = digits.iter().map(|&d| usize::from(d)).collect();
        if digits.first() != Some(&0) || !keeps_groups(&as_usize, n + 1, 1) {
            return Err(TransformError::Permutation {
                what: "digits",
                expected: format!("a permutation of 1..{n}"),
            });
        }
        Ok(Transform {
            shape,
            rows,
            cols,
            digits,
            transpose,
        })
    }

    /// A transformation from parts known to be right (the canonical search builds them band
    /// by band and stack by stack): [`Transform::new`]'s checks, in debug builds only.
    pub(crate) fn from_parts(
        shape: Shape,
        transpose: bool,
        rows: Vec<usize>,
        cols: Vec<usize>,
        digits: Vec<u16>,
    ) -> Transform {
        debug_assert!(
            Transform::new(shape, transpose, rows.clone(), cols.clone(), digits.clone()).is_ok()
        );
        Transform {
            shape,
            rows,
            cols,
            digits,
            transpose,
        }
    }

    /// Only the digits change: `digits[d - 1]` replaces `d` (`[9, 8, …, 1]` swaps 1 and 9, …).
    pub fn relabel(shape: Shape, digits: &[u16]) -> Result<Transform, TransformError> {
        let n = shape.side();
        let mut all = Vec::with_capacity(n + 1);
        all.push(0);
        all.extend_from_slice(digits);
        if all.len() != n + 1 || all[1..].contains(&0) {
            return Err(TransformError::Permutation {
                what: "digits",
                expected: format!("a permutation of 1..{n}"),
            });
        }
        Transform::new(shape, false, (0..n).collect(), (0..n).collect(), all)
    }

    /// The grid's transpose: rows become columns (square boxes only).
    pub fn transposition(shape: Shape) -> Result<Transform, TransformError> {
        let n = shape.side();
        Transform::new(
            shape,
            true,
            (0..n).collect(),
            (0..n).collect(),
            (0..=n as u16).collect(),
        )
    }

    /// A turn of `quarter_turns` × 90° clockwise (an odd number needs square boxes).
    pub fn rotation(shape: Shape, quarter_turns: u32) -> Result<Transform, TransformError> {
        let n = shape.side();
        let (id, rev): (Vec<usize>, Vec<usize>) = ((0..n).collect(), (0..n).rev().collect());
        let digits = (0..=n as u16).collect();
        // A quarter turn: result[r][c] = source[n-1-c][r], the transpose of the rows reversed.
        match quarter_turns % 4 {
            0 => Transform::new(shape, false, id.clone(), id, digits),
            1 => Transform::new(shape, true, rev, id, digits),
            2 => Transform::new(shape, false, rev.clone(), rev, digits),
            _ => Transform::new(shape, true, id, rev, digits),
        }
    }

    /// The mirror image left to right (columns reversed).
    pub fn mirror(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).rev().collect(),
            digits: (0..=n as u16).collect(),
            transpose: false,
        }
    }

    /// The grid upside down (rows reversed).
    pub fn flip(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            shape,
            rows: (0..n).rev().collect(),
            cols: (0..n).collect(),
            digits: (0..=n as u16).collect(),
            transpose: false,
        }
    }

    /// The shape it transforms.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the result is transposed (after the permutations).
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Row `r` of the permuted grid is row `rows()[r]` of the source (before any transpose).
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// Column `c` of the permuted grid is column `cols()[c]` of the source.
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    /// Digit `d` becomes `digits()[d]` (`digits()[0] = 0`).
    pub fn digits(&self) -> &[u16] {
        &self.digits
    }

    /// This transformation, then `next`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    ///
    /// # Panics
    /// When the shapes differ.
    pub fn then(&self, next: &Transform) -> Transform {
        assert_eq!(self.shape, next.shape, "transforms of different shapes");
        let (a, b) = (self, next);
        // Cell (r, c) of b's result comes from cell σ_b(r, c) of its source, which is a's
        // result: σ(r, c) = σ_a(σ_b(r, c)), with σ(r, c) = (R[r], C[c]) untransposed and
        // (R[c], C[r]) transposed.
        let compose =
            |x: &[usize], y: &[usize]| -> Vec<usize> { y.iter().map(|&i| x[i]).collect() };
        let (rows, cols) = if b.transpose == a.transpose {
            if b.transpose {
                (compose(&a.rows, &b.cols), compose(&a.cols, &b.rows))
            } else {
                (compose(&a.rows, &b.rows), compose(&a.cols, &b.cols))
            }
        } else if b.transpose {
            (compose(&a.rows, &b.rows), compose(&a.cols, &b.cols))
        } else {
            (compose(&a.rows, &b.cols), compose(&a.cols, &b.rows))
        };
        let transpose = a.transpose != b.transpose;
        let digits = a.digits.iter().map(|&d| b.digits[usize::from(d)]).collect();
        Transform {
            shape: self.shape,
            rows,
            cols,
            digits,
            transpose,
        }
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transform {
        let mut digits = vec![0u16; self.digits.len()];
        for (v, &d) in self.digits.iter().enumerate() {
            digits[usize::from(d)] = v as u16;
        }
        let (rows, cols) = if self.transpose {
            (inverse_of(&self.cols), inverse_of(&self.rows))
        } else {
            (inverse_of(&self.rows), inverse_of(&self.cols))
        };
        Transform {
            shape: self.shape,
            rows,
            cols,
            digits,
            transpose: self.transpose,
        }
    }

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
        Transform::from_parts(shape, transpose, rows, cols, digits)
    }

    /// Reads a transformation of `shape` written as its `Display` writes it:
    /// `rows=…,cols=…,digits=…`, then `,transpose` when it transposes. Each list is 1-based:
    /// one symbol an entry (`1`–`9`, then `A`–`Z` for 10–35) up to 35 entries, numbers
    /// separated by `.` beyond (either form is read for any size). Missing parts stay as
    /// they are (`digits=987654321` alone swaps 1 and 9, 2 and 8, …).
    pub fn parse(shape: Shape, text: &str) -> Result<Transform, TransformError> {
        let n = shape.side();
        let identity = Transform::identity(shape);
        let (mut rows, mut cols, mut digits) = (identity.rows, identity.cols, identity.digits);
        let mut transpose = false;
        for part in text.trim().split(',').map(str::trim) {
            let syntax = |why: &str| TransformError::Syntax {
                text: part.to_owned(),
                why: why.to_owned(),
            };
            if part == "transpose" {
                transpose = true;
                continue;
            }
            let Some((key, list)) = part.split_once('=') else {
                return Err(syntax("expected rows=…, cols=…, digits=… or transpose"));
            };
            let list = read_list(list, n).ok_or_else(|| {
                syntax(&format!(
                    "expected {n} numbers from 1 to {n}, one symbol each (1-9, A-Z) or separated by ."
                ))
            })?;
            match key.trim() {
                "rows" => rows = list.into_iter().map(|v| v - 1).collect(),
                "cols" => cols = list.into_iter().map(|v| v - 1).collect(),
                "digits" => {
                    digits = std::iter::once(0)
                        .chain(list.into_iter().map(|v| v as u16))
                        .collect();
                }
                _ => return Err(syntax("the parts are rows, cols, digits and transpose")),
            }
        }
        Transform::new(shape, transpose, rows, cols, digits)
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
        let Some(marks) = grid.pencil_marks() else {
            return Grid::from_values(self.shape, &out)
                .expect("a permutation keeps values in range");
        };
        // A pencil-mark puzzle's candidates move with their cells and are relabelled alike.
        let mut sets = vec![DigitSet::empty(); n * n];
        for r in 0..n {
            for c in 0..n {
                let set = &marks[self.rows[r] * n + self.cols[c]];
                let at = if self.transpose { c * n + r } else { r * n + c };
                sets[at] = set
                    .iter()
                    .filter_map(|d| Digit::new(usize::from(self.digits[d.get()])))
                    .collect();
            }
        }
        let mut moved =
            Grid::from_candidates(self.shape, sets).expect("a permutation keeps each candidate");
        for (i, &v) in out.iter().enumerate() {
            if v != 0 {
                moved.set(self.shape.cell(i), Digit::new(usize::from(v)));
            }
        }
        moved
    }
}

/// The symbols of a 1-based list entry: `1`–`9`, then `A`–`Z`.
const SYMBOLS: &[u8; 35] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `n` numbers from 1 to `n`: one symbol each, or numbers separated by `.`.
fn read_list(text: &str, n: usize) -> Option<Vec<usize>> {
    let text = text.trim();
    let list: Vec<usize> = if text.contains('.') || n > SYMBOLS.len() {
        text.split('.')
            .map(|t| t.trim().parse().ok())
            .collect::<Option<_>>()?
    } else {
        text.bytes()
            .map(|b| {
                let b = b.to_ascii_uppercase();
                SYMBOLS.iter().position(|&s| s == b).map(|i| i + 1)
            })
            .collect::<Option<_>>()?
    };
    (list.len() == n && list.iter().all(|&v| (1..=n).contains(&v))).then_some(list)
}

/// Writes a 1-based list as [`read_list`] reads it.
fn write_list(
    f: &mut fmt::Formatter<'_>,
    values: impl Iterator<Item = usize>,
    n: usize,
) -> fmt::Result {
    for (i, v) in values.enumerate() {
        if n <= SYMBOLS.len() {
            write!(f, "{}", char::from(SYMBOLS[v - 1]))?;
        } else {
            write!(f, "{}{v}", if i > 0 { "." } else { "" })?;
        }
    }
    Ok(())
}

/// `rows=…,cols=…,digits=…` (1-based), then `,transpose` when it transposes: what
/// [`Transform::parse`] reads.
impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.shape.side();
        f.write_str("rows=")?;
        write_list(f, self.rows.iter().map(|&r| r + 1), n)?;
        f.write_str(",cols=")?;
        write_list(f, self.cols.iter().map(|&c| c + 1), n)?;
        f.write_str(",digits=")?;
        write_list(f, self.digits[1..].iter().map(|&d| usize::from(d)), n)?;
        if self.transpose {
            f.write_str(",transpose")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// A classic puzzle and its solution.
    fn classic() -> (Grid, Grid) {
        let puzzle: Grid =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
                .parse()
                .unwrap();
        let solution = puzzle.solve().unwrap();
        (puzzle, solution)
    }

    #[test]
    fn pencil_marks_move_with_their_cells() {
        let mut rng = SmallRng::seed_from_u64(11);
        let (puzzle, solution) = classic();
        let shape = puzzle.shape();
        let candidates = |g: &Grid| (0..81).map(|i| g.candidates(shape.cell(i))).collect();
        let sukaku = Grid::from_candidates(shape, candidates(&puzzle)).unwrap();
        for _ in 0..20 {
            let t = Transform::random(shape, &mut rng);
            let moved = t.apply(&sukaku);
            // The candidates the moved clues leave.
            let expected: Vec<DigitSet> = candidates(&t.apply(&puzzle));
            assert_eq!(moved.pencil_marks(), Some(&expected[..]), "{t}");
            assert_eq!(moved.count_solutions(2).count, 1);
            assert!(t.apply(&solution).is_solution_of(&moved));
        }
    }

    #[test]
    fn transforms_keep_solutions_solutions() {
        let mut rng = SmallRng::seed_from_u64(7);
        let (puzzle, solution) = classic();
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
    fn written_transforms_read_back() {
        let mut rng = SmallRng::seed_from_u64(3);
        for shape in [
            Shape::CLASSIC,
            Shape::new(3, 2).unwrap(),
            Shape::new(4, 4).unwrap(),
            Shape::new(6, 6).unwrap(),
        ] {
            for _ in 0..10 {
                let t = Transform::random(shape, &mut rng);
                assert_eq!(Transform::parse(shape, &t.to_string()), Ok(t));
            }
        }
        let t = Transform::parse(Shape::CLASSIC, "digits=987654321").unwrap();
        assert_eq!(t.digits()[1], 9);
        assert_eq!(
            Transform::transposition(Shape::CLASSIC)
                .unwrap()
                .to_string(),
            "rows=123456789,cols=123456789,digits=123456789,transpose"
        );
        for bad in [
            "rows=12345678",
            "rows=423156789",
            "turn",
            "rows=12345678X",
            "cols=1.2",
        ] {
            assert!(Transform::parse(Shape::CLASSIC, bad).is_err(), "{bad}");
        }
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
