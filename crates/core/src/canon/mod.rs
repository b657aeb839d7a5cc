//! Canonical forms: the one member of a grid's equivalence class that every member maps to, so
//! that two puzzles are the same puzzle in disguise exactly when their canonical forms are
//! equal.
//!
//! # The convention (minlex)
//!
//! The equivalence class of a grid `P` is every grid a [`Transform`] makes of it: the
//! permutations of bands, of the rows inside each band, of stacks and of the columns inside
//! each stack, with or without a transpose (square boxes only), and any relabelling of the
//! digits. For 9×9 that is `2 × 6⁸ = 3,359,232` geometric transforms, each with `9!`
//! relabellings. Read a grid as the string of its `N²` cells row by row, `0` for an empty
//! cell; the canonical form is the smallest string of the class:
//!
//! ```text
//!   canon(P) = min  relabel( g(P) )       g over the geometric transforms,
//!               g
//!   relabel(S) = S with its digits renamed 1, 2, 3, … in the order they first appear
//! ```
//!
//! (for one `g`, the relabelling that makes `g(P)` smallest is the one that names digits in
//! order of first appearance, since an earlier cell weighs more than any later one). This is
//! the "minlex" form of the Sudoku Players' Forum: the list of all 49,158 known 17-clue puzzles
//! is stored in it, and so is the catalogue of solution grids (every full 9×9 minlex grid
//! starts `123456789`). Rectangular boxes (`w × h`, `w ≠ h`) are canonicalised the same way
//! without the transpose; the search handles grids up to 16×16.
//!
//! # The search
//!
//! Trying every transform is far too slow (3.4 million strings for each 9×9 puzzle). The
//! string is built one row at a time instead, keeping only the partial transforms whose rows
//! so far are the smallest possible (`Cand`s); each row prunes the rest.
//!
//! ```text
//!   row 0    which source row, which orientation: the smallest first row is fixed by the
//!            digit counts of its stacks alone (stacks by increasing count, empty cells
//!            first); every row with the smallest sorted counts is a candidate, and its
//!            columns stay undecided: its digits' labels are those of the places they will
//!            take ("waiting")
//!   row r    for each candidate, each source row the bands allow (a new band at r = 0, 3,
//!            6 in 9×9, else the rest of the band), cell by cell from the left:
//!              place decided ───────────────► the digit's label (a new digit: the next)
//!              stack undecided, empty so far ─► still empty here: stays undecided (0s);
//!                                               else every such stack is tried
//!              column undecided, empty so far ► still empty here: stays undecided (0);
//!                                               else the columns giving the smallest
//!                                               label, each followed (new digits tie)
//!              a waiting first-row digit ─────► takes the first first-row place left in
//!                                               its stack: the smallest label it can get
//!            a cell larger than the best row so far ends that branch at once
//!   end      columns and stacks empty in every row, and digits that never appear, take
//!            the places and labels left (any way gives the same string)
//! ```
//!
//! Two shortcuts are wrong and avoided. "Smallest pattern of givens first, then the digits"
//! gives another answer on about 59 % of the 17-clue puzzles: the smallest string often takes
//! a later pattern to reuse a small label earlier, so labels are compared as the string is
//! built. And when two new digits could stand in the same place they get the same label
//! there, but different labels later, so both ways are followed.
//!
//! Full 9×9 grids take a faster path (`grid9.rs`): their first row is always `123456789`.
//!
//! [`Transform`]: crate::transform::Transform

mod grid9;
mod search;

use crate::cell::{Digit, House};
use crate::grid::{Grid, Shape};
use crate::transform::Transform;

use search::{Cand, Search};

/// The largest side canonicalised: 16×16 (digits and columns fit the search's bit sets).
pub const MAX_SIDE: usize = 16;

/// Why a grid has no canonical form here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CanonError {
    /// A grid larger than [`MAX_SIDE`].
    #[error(
        "canonical forms are computed up to {MAX_SIDE}x{MAX_SIDE}, and this grid is {side}x{side}"
    )]
    TooLarge {
        /// Its side.
        side: usize,
    },
    /// A grid so symmetric that too many partial transformations give its smallest rows (a
    /// 16×16 grid with empty rows, then a full one, in one band): the search stops rather
    /// than take gigabytes.
    #[error(
        "this grid is too symmetric to canonicalise: more than {} ways give its smallest rows",
        search::MAX_KEPT
    )]
    TooSymmetric,
    /// A pencil-mark puzzle: its candidates, which the forms of givens do not see, would be
    /// lost (every such puzzle would have the empty grid's form).
    #[error(
        "canonical forms are of givens, and this is a pencil-mark puzzle: its candidates would be lost"
    )]
    PencilMarks,
    /// A digit twice in one row or column: the search assumes none.
    #[error("duplicate {digit} in {house}")]
    Duplicate {
        /// The digit.
        digit: Digit,
        /// Its row or column.
        house: House,
    },
}

/// A grid's canonical form and a transformation that gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The smallest grid of the class.
    pub grid: Grid,
    /// Maps the input to `grid`: `transform.apply(input) == grid` (apply its
    /// [`inverse`](Transform::inverse) to map a solution of `grid` back).
    pub transform: Transform,
}

/// Computes canonical forms, reusing its buffers from one grid to the next.
#[derive(Debug)]
pub struct Canonicalizer {
    search: Box<Search>,
    grid9: grid9::Grids,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

impl Canonicalizer {
    /// A canonicaliser with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            search: Box::new(Search::new()),
            grid9: grid9::Grids::new(),
        }
    }

    /// The canonical form of `grid` (see the [module](self) for the convention).
    pub fn canonical(&mut self, grid: &Grid) -> Result<Canonical, CanonError> {
        let shape = grid.shape();
        let n = shape.side();
        if n > MAX_SIDE {
            return Err(CanonError::TooLarge { side: n });
        }
        if grid.pencil_marks().is_some() {
            return Err(CanonError::PencilMarks);
        }
        check_lines(grid)?;
        if shape == Shape::CLASSIC && grid.is_full() {
            let (values, t) = self.grid9.canonical(grid.values());
            return Ok(Canonical {
                grid: Grid::from_checked(shape, values),
                transform: t,
            });
        }
        let (w, h) = (shape.width(), shape.height());
        let search = &mut *self.search;
        search.reset(w, h, w == h);
        let values = grid.values();
        for r in 0..n {
            for c in 0..n {
                let v = values[r * n + c] as u8;
                search.src[0].cells[r][c] = v;
                search.src[1].cells[c][r] = v;
            }
        }
        let cand = search.run().ok_or(CanonError::TooSymmetric)?;
        let mut out = Vec::with_capacity(n * n);
        for row in &search.out[..n] {
            out.extend(row[..n].iter().map(|&v| u16::from(v)));
        }
        Ok(Canonical {
            grid: Grid::from_checked(shape, out),
            transform: transform_of(shape, &cand),
        })
    }

    /// Whether `a` and `b` are equivalent, and if so a transformation that maps `a` to `b`.
    pub fn equivalence(&mut self, a: &Grid, b: &Grid) -> Result<Option<Transform>, CanonError> {
        if a.shape() != b.shape() {
            return Ok(None);
        }
        let ca = self.canonical(a)?;
        let cb = self.canonical(b)?;
        Ok((ca.grid == cb.grid).then(|| ca.transform.then(&cb.transform.inverse())))
    }
}

/// The canonical form of `grid`; [`Canonicalizer`] saves the allocations for many grids.
///
/// ```
/// use nsudoku::{Grid, canon};
///
/// let puzzle: Grid =
///     "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
///         .parse()?;
/// let form = canon::canonical(&puzzle).unwrap();
/// assert_eq!(form.transform.apply(&puzzle), form.grid);
/// // Every member of the class has the same form.
/// let turned = nsudoku::transform::Transform::rotation(puzzle.shape(), 1).unwrap();
/// assert_eq!(canon::canonical(&turned.apply(&puzzle)).unwrap().grid, form.grid);
/// # Ok::<(), nsudoku::Error>(())
/// ```
pub fn canonical(grid: &Grid) -> Result<Canonical, CanonError> {
    Canonicalizer::new().canonical(grid)
}

/// Whether `a` and `b` are the same puzzle in disguise, and a transformation from `a` to `b`.
pub fn equivalence(a: &Grid, b: &Grid) -> Result<Option<Transform>, CanonError> {
    Canonicalizer::new().equivalence(a, b)
}

/// Fails on the first digit repeated in a row or column.
fn check_lines(grid: &Grid) -> Result<(), CanonError> {
    let n = grid.side();
    let values = grid.values();
    for i in 0..n {
        let (mut row, mut col) = (0u32, 0u32);
        for j in 0..n {
            for (seen, v, house) in [
                (&mut row, values[i * n + j], House::Row(i as u16)),
                (&mut col, values[j * n + i], House::Col(i as u16)),
            ] {
                if v != 0 {
                    if *seen & (1 << v) != 0 {
                        let digit = Digit::new(usize::from(v)).expect("a value in 1..=16");
                        return Err(CanonError::Duplicate { digit, house });
                    }
                    *seen |= 1 << v;
                }
            }
        }
    }
    Ok(())
}

/// The [`Transform`] of a finished candidate: target row `r` is oriented source row
/// `rows[r]`, target column `c` oriented source column `col_at[c]`, digit `d` becomes
/// `label[d]`. The transposed orientation reads `P[c][r]`, which a transform writes as
/// transposing after permuting rows by `col_at` and columns by `rows`.
fn transform_of(shape: Shape, c: &Cand) -> Transform {
    let n = shape.side();
    let rows: Vec<usize> = c.rows[..n].iter().map(|&r| usize::from(r)).collect();
    let cols: Vec<usize> = c.col_at[..n].iter().map(|&r| usize::from(r)).collect();
    let digits: Vec<u16> = c.label[..=n].iter().map(|&d| u16::from(d)).collect();
    let (rows, cols) = if c.t == 1 { (cols, rows) } else { (rows, cols) };
    Transform::from_parts(shape, c.t == 1, rows, cols, digits)
}

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;
