//! The model: shapes, digits, cells, houses, candidate sets and grids.
//!
//! A [`Shape`] is the shape of one box: `width` columns by `height` rows. The grid has
//! `N = width × height` rows, columns, boxes and digits. Boxes are numbered row-major:
//!
//! ```text
//!  6×6 grid, boxes 3 wide and 2 tall (Shape::new(3, 2)):
//!
//!    c1 c2 c3   c4 c5 c6
//!  r1 .  .  . |  .  .  .      box 1 | box 2
//!  r2 .  .  . |  .  .  .
//!    ---------+---------
//!  r3 .  .  . |  .  .  .      box 3 | box 4
//!  r4 .  .  . |  .  .  .
//!    ---------+---------
//!  r5 .  .  . |  .  .  .      box 5 | box 6
//!  r6 .  .  . |  .  .  .
//! ```
//!
//! A row of boxes (a *band*) is `height` rows tall and holds `height` boxes; a column of boxes
//! (a *stack*) is `width` columns wide and holds `width` boxes. Cell `(row, col)` lies in box
//! `(row / height) × height + col / width`. Rows, columns, boxes and digits are 0-based in the
//! API and 1-based in every message (`r3c2`, `box 1`), as Sudoku players write them.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::bits::Bits;
pub use crate::cell::{Cell, Conflict, Digit, House, MAX_SIDE};
use crate::error::{Error, Errors, ShapeError};

/// The shape of a box: `width` columns by `height` rows. The grid is `N × N` with
/// `N = width × height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u16,
    height: u16,
}

impl Shape {
    /// The classic 9×9 shape, boxes 3×3.
    pub const CLASSIC: Shape = Shape {
        width: 3,
        height: 3,
    };

    /// A box `width` columns wide and `height` rows tall.
    pub fn new(width: usize, height: usize) -> Result<Shape, ShapeError> {
        if width == 0 || height == 0 {
            return Err(ShapeError::Empty { width, height });
        }
        let side = width.saturating_mul(height);
        if side > MAX_SIDE {
            return Err(ShapeError::TooLarge { side });
        }
        Ok(Shape {
            width: width as u16,
            height: height as u16,
        })
    }

    /// Square boxes for an `side × side` grid: `side` must be a perfect square (1, 4, 9, 16 …).
    pub fn square(side: usize) -> Result<Shape, ShapeError> {
        let root = isqrt(side);
        if side == 0 || root * root != side {
            return Err(ShapeError::NotSquare { side });
        }
        Shape::new(root, root)
    }

    /// The boxes for an `side × side` grid, as square as `side` allows and at least as wide
    /// as tall: 3×3 for 9, 3×2 for 6, 4×3 for 12, 7×1 for 7.
    pub fn for_side(side: usize) -> Result<Shape, ShapeError> {
        if side > MAX_SIDE {
            return Err(ShapeError::TooLarge { side });
        }
        let height = (1..=isqrt(side)).rev().find(|h| side % h == 0).unwrap_or(0);
        Shape::new(side.checked_div(height).unwrap_or(0), height)
    }

    /// The shape for a grid of `cells` cells: square boxes unless `boxes` names the shape.
    pub fn for_cell_count(cells: usize, boxes: Option<Shape>) -> Result<Shape, Error> {
        let side = isqrt(cells);
        match boxes {
            Some(shape) if shape.cell_count() == cells => Ok(shape),
            Some(shape) => Err(Error::CellCount {
                found: cells,
                expected: shape.cell_count(),
            }),
            None if cells > MAX_SIDE * MAX_SIDE => Err(Error::TooManyCells { found: cells }),
            None if side * side != cells || cells == 0 => Err(Error::CellCount {
                found: cells,
                expected: nearest_square(cells),
            }),
            None => Shape::square(side).map_err(Error::from),
        }
    }

    /// Columns in a box.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Rows in a box.
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// `N`: rows, columns, boxes and digits of the grid.
    pub fn side(self) -> usize {
        self.width() * self.height()
    }

    /// `N²`.
    pub fn cell_count(self) -> usize {
        self.side() * self.side()
    }

    /// The cell at a row-major index.
    pub fn cell(self, index: usize) -> Cell {
        Cell::new(index / self.side(), index % self.side())
    }

    /// The row-major index of a cell.
    pub fn index(self, cell: Cell) -> usize {
        cell.row() * self.side() + cell.col()
    }

    /// The box that holds a cell (0-based, row-major).
    pub fn box_of(self, cell: Cell) -> usize {
        cell.row() / self.height() * self.height() + cell.col() / self.width()
    }

    /// The cells of a house, in reading order.
    pub fn cells_of(self, house: House) -> impl Iterator<Item = Cell> {
        let (n, w, h) = (self.side(), self.width(), self.height());
        (0..n).map(move |i| match house {
            House::Row(r) => Cell::new(r as usize, i),
            House::Col(c) => Cell::new(i, c as usize),
            House::Box(b) => {
                let b = b as usize;
                Cell::new(b / h * h + i / w, b % h * w + i % w)
            }
        })
    }

    /// Every house: rows, then columns, then boxes.
    pub fn houses(self) -> impl Iterator<Item = House> {
        let n = self.side() as u16;
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain((0..n).map(House::Box))
    }
}

impl fmt::Display for Shape {
    /// `3x2`: the box width, then its height (the `--box` syntax).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl std::str::FromStr for Shape {
    type Err = ShapeError;

    /// Reads `WxH` (`3x2`: boxes 3 wide, 2 tall); `x`, `X` and `×` are accepted.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::Syntax { text: s.to_owned() };
        let (w, h) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let w = w.trim().parse().map_err(|_| bad())?;
        let h = h.trim().parse().map_err(|_| bad())?;
        Shape::new(w, h)
    }
}

fn isqrt(n: usize) -> usize {
    let mut r = (n as f64).sqrt() as usize;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn nearest_square(n: usize) -> usize {
    let r = isqrt(n);
    if n - r * r <= (r + 1) * (r + 1) - n && r > 0 {
        r * r
    } else {
        (r + 1) * (r + 1)
    }
}

// Here rather than in `cell.rs`, which cannot name a `Shape`.
impl Digit {
    /// The digit `value` when it fits a grid of the given shape.
    pub fn new_checked(value: usize, shape: Shape) -> Option<Digit> {
        Digit::new(value).filter(|d| d.get() <= shape.side())
    }
}

/// A set of digits, such as the candidates of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DigitSet(Bits<{ MAX_SIDE / 64 }>);

impl DigitSet {
    /// No digit.
    pub const fn empty() -> DigitSet {
        DigitSet(Bits::empty())
    }

    /// Every digit of a grid of this shape.
    pub fn all(shape: Shape) -> DigitSet {
        DigitSet(Bits::below(shape.side()))
    }

    /// Whether `digit` is in the set.
    pub fn contains(&self, digit: Digit) -> bool {
        self.0.contains(digit.index())
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0.insert(digit.index());
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0.remove(digit.index());
    }

    /// How many digits the set holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The digits, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = Digit> + '_ {
        self.0.iter().filter_map(|i| Digit::new(i + 1))
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Digit::get)).finish()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = DigitSet::empty();
        for d in iter {
            set.insert(d);
        }
        set
    }
}

/// An `N × N` grid of optional digits: a puzzle, a partial fill or a solution.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// Row-major; 0 is an empty cell, otherwise the digit's value.
    values: Vec<u16>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            values: vec![0; shape.cell_count()],
        }
    }

    /// A grid from row-major values, 0 for empty.
    pub fn from_values(shape: Shape, values: &[u16]) -> Result<Grid, Error> {
        Grid::from_vec(shape, values.to_vec())
    }

    /// [`Grid::from_values`], taking the values without a copy.
    pub fn from_vec(shape: Shape, values: Vec<u16>) -> Result<Grid, Error> {
        if values.len() != shape.cell_count() {
            return Err(Error::CellCount {
                found: values.len(),
                expected: shape.cell_count(),
            });
        }
        if let Some(&bad) = values.iter().find(|&&v| v as usize > shape.side()) {
            return Err(Error::ValueOutOfRange {
                value: bad as u64,
                max: shape.side(),
                position: None,
            });
        }
        Ok(Grid { shape, values })
    }

    /// A grid from values already known to fit the shape (as many as its cells, none above
    /// `N`).
    pub(crate) fn from_checked(shape: Shape, values: Vec<u16>) -> Grid {
        debug_assert_eq!(values.len(), shape.cell_count());
        debug_assert!(values.iter().all(|&v| usize::from(v) <= shape.side()));
        Grid { shape, values }
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `N`.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The digit in a cell.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[self.shape.index(cell)] as usize)
    }

    /// Puts a digit in a cell, or empties it.
    ///
    /// # Panics
    /// When the cell is outside the grid or the digit is above `N`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let side = self.side();
        assert!(cell.row() < side && cell.col() < side, "{cell} is outside");
        let value = digit.map_or(0, Digit::get);
        assert!(value <= side, "digit {value} is above {side}");
        let index = self.shape.index(cell);
        self.values[index] = value as u16;
    }

    /// Row-major values, 0 for empty.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The rows, each a slice of values (0 for empty).
    pub fn rows(&self) -> impl Iterator<Item = &[u16]> {
        self.values.chunks(self.side().max(1))
    }

    /// Cells holding a digit.
    pub fn clue_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Every repeated digit in every house. An empty list means the grid is valid (which does
    /// not mean it has a solution). A grid of side `N` has fewer than `3N²` of them; for a list
    /// of bounded length, see [`Grid::check`].
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut out = Vec::new();
        self.each_conflict(|c| out.push(c));
        out
    }

    /// The grid's clashes as errors: `Ok` when no digit repeats in a house, else the first
    /// [`MAX_ERRORS`](crate::error::MAX_ERRORS) clashes and a count of the rest.
    pub fn check(&self) -> Result<(), Vec<Error>> {
        let mut errors = Errors::default();
        self.each_conflict(|c| errors.push(c.into()));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors.into_vec())
        }
    }

    /// Calls `f` with every repeated digit, house by house.
    fn each_conflict(&self, mut f: impl FnMut(Conflict)) {
        if !self.has_conflict() {
            return;
        }
        let mut seen: Vec<Option<Cell>> = vec![None; self.side() + 1];
        for house in self.shape.houses() {
            seen.fill(None);
            for cell in self.shape.cells_of(house) {
                let Some(digit) = self.get(cell) else {
                    continue;
                };
                match seen[digit.get()] {
                    Some(first) => f(Conflict {
                        digit,
                        house,
                        first,
                        second: cell,
                    }),
                    None => seen[digit.get()] = Some(cell),
                }
            }
        }
    }

    /// Whether any digit repeats in a house: one pass with a bit set per house, the fast check
    /// behind [`Grid::conflicts`] (which then finds the cells).
    fn has_conflict(&self) -> bool {
        let (n, w, h) = (self.side(), self.shape.width(), self.shape.height());
        let words = n.div_ceil(64);
        let mut seen = vec![0u64; 3 * n * words];
        for r in 0..n {
            let band = r / h * h;
            for c in 0..n {
                let v = self.values[r * n + c] as usize;
                if v == 0 {
                    continue;
                }
                let (word, bit) = ((v - 1) / 64, 1u64 << ((v - 1) % 64));
                for house in [r, n + c, 2 * n + band + c / w] {
                    let slot = &mut seen[house * words + word];
                    if *slot & bit != 0 {
                        return true;
                    }
                    *slot |= bit;
                }
            }
        }
        false
    }

    /// The first conflict as an error, if any.
    pub fn validate(&self) -> Result<(), Error> {
        let mut first = None;
        self.each_conflict(|c| {
            first.get_or_insert(c);
        });
        first.map_or(Ok(()), |c| Err(c.into()))
    }

    /// Whether this is a full, conflict-free grid that keeps every clue of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.is_full()
            && self.conflicts().is_empty()
            && puzzle
                .values
                .iter()
                .zip(&self.values)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The digits a cell may still take: all but those of its row, column and box. A filled
    /// cell's candidates are its digit alone.
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        if let Some(d) = self.get(cell) {
            return std::iter::once(d).collect();
        }
        let mut set = DigitSet::all(self.shape);
        let houses = [
            House::Row(cell.row() as u16),
            House::Col(cell.col() as u16),
            House::Box(self.shape.box_of(cell) as u16),
        ];
        for house in houses {
            for peer in self.shape.cells_of(house) {
                if let Some(d) = self.get(peer) {
                    set.remove(d);
                }
            }
        }
        set
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, ", self.shape)?;
        f.debug_list().entries(self.rows()).finish()?;
        write!(f, ")")
    }
}

impl Serialize for Grid {
    /// An array of rows of integers, 0 for empty.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.rows())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_from_text_and_back() {
        let s: Shape = "3x2".parse().unwrap();
        assert_eq!((s.width(), s.height(), s.side()), (3, 2, 6));
        assert_eq!(s.to_string(), "3x2");
        assert!("3".parse::<Shape>().is_err());
        assert!("0x3".parse::<Shape>().is_err());
        assert!("30x30".parse::<Shape>().is_err());
        assert_eq!(Shape::square(9).unwrap(), Shape::CLASSIC);
        assert!(Shape::square(6).is_err());
    }

    #[test]
    fn boxes_for_a_side_are_as_square_as_it_allows() {
        let shape = |n| Shape::for_side(n).map(|s| s.to_string());
        assert_eq!(shape(9).unwrap(), "3x3");
        assert_eq!(shape(6).unwrap(), "3x2");
        assert_eq!(shape(12).unwrap(), "4x3");
        assert_eq!(shape(7).unwrap(), "7x1");
        assert_eq!(shape(1).unwrap(), "1x1");
        assert_eq!(shape(512).unwrap(), "32x16");
        assert!(shape(0).is_err());
        assert!(shape(513).is_err());
        assert!(shape(usize::MAX).is_err());
    }

    #[test]
    fn boxes_of_a_rectangular_shape() {
        // 6×6, boxes 3 wide and 2 tall: box 2 (0-based 1) is rows 1-2, columns 4-6.
        let s = Shape::new(3, 2).unwrap();
        assert_eq!(s.box_of(Cell::new(0, 3)), 1);
        assert_eq!(s.box_of(Cell::new(2, 0)), 2);
        assert_eq!(s.box_of(Cell::new(5, 5)), 5);
        let cells: Vec<_> = s.cells_of(House::Box(1)).map(|c| c.to_string()).collect();
        assert_eq!(cells, ["r1c4", "r1c5", "r1c6", "r2c4", "r2c5", "r2c6"]);
        for b in 0..6 {
            for c in s.cells_of(House::Box(b)) {
                assert_eq!(s.box_of(c), b as usize);
            }
        }
    }

    #[test]
    fn cell_count_gives_the_shape() {
        assert_eq!(Shape::for_cell_count(81, None).unwrap(), Shape::CLASSIC);
        assert_eq!(Shape::for_cell_count(1, None).unwrap().side(), 1);
        assert_eq!(
            Shape::for_cell_count(80, None),
            Err(Error::CellCount {
                found: 80,
                expected: 81
            })
        );
        assert!(matches!(
            Shape::for_cell_count(36, None),
            Err(Error::Shape(ShapeError::NotSquare { side: 6 }))
        ));
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(Shape::for_cell_count(36, Some(s)).unwrap(), s);
    }

    #[test]
    fn conflicts_name_the_digit_house_and_both_cells() {
        let mut g = Grid::empty(Shape::CLASSIC);
        let d7 = Digit::new(7).unwrap();
        g.set(Cell::new(2, 1), Some(d7));
        g.set(Cell::new(2, 7), Some(d7));
        let c = g.conflicts();
        assert_eq!(c.len(), 1);
        assert_eq!(
            Error::from(c[0]).to_string(),
            "duplicate 7 in row 3: r3c2 and r3c8"
        );
        assert_eq!(g.candidates(Cell::new(2, 0)).len(), 8);
    }

    #[test]
    fn digit_is_never_zero_or_too_large() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(MAX_SIDE + 1).is_none());
        assert!(Digit::new_checked(10, Shape::CLASSIC).is_none());
        assert_eq!(
            Digit::new_checked(9, Shape::CLASSIC).map(Digit::get),
            Some(9)
        );
    }
}
