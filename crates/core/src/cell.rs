//! The small values of the model that errors name: digits (bounded by [`MAX_SIDE`]), cells,
//! houses, and the conflict of two cells. Nothing here uses the rest of the crate, so
//! [`crate::error`] names these types and [`crate::grid`] re-exports them and returns errors
//! without an import cycle. ([`Digit::new_checked`] needs a [`Shape`](crate::grid::Shape), so
//! it is in `grid.rs`.)

use std::fmt;
use std::num::NonZeroU16;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// The largest side a grid may have: 512 (boxes up to 32×16, or 22×22 for square ones).
pub const MAX_SIDE: usize = 512;

/// A digit `1..=N`: never 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU16);

impl Digit {
    /// The digit `value`, or `None` for 0 and values above [`MAX_SIDE`].
    pub fn new(value: usize) -> Option<Digit> {
        if value > MAX_SIDE {
            return None;
        }
        NonZeroU16::new(value as u16).map(Digit)
    }

    /// The digit's value, `1..=N`.
    pub fn get(self) -> usize {
        self.0.get() as usize
    }

    /// `value - 1`, the digit's bit in a candidate set.
    pub fn index(self) -> usize {
        self.get() - 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.0.get())
    }
}

/// A cell, by 0-based row and column; shown 1-based as `r3c2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    row: u16,
    col: u16,
}

impl Cell {
    /// The cell at 0-based `row` and `col`.
    pub fn new(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u16,
            col: col as u16,
        }
    }

    /// 0-based row.
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// 0-based column.
    pub fn col(self) -> usize {
        self.col as usize
    }

    /// The cells next to this one in an `n × n` grid, across a side (above, below, left,
    /// right; fewer at the edge).
    ///
    /// ```
    /// use nsudoku::Cell;
    /// let corner: Vec<Cell> = Cell::new(0, 0).orthogonal(9).collect();
    /// assert_eq!(corner, [Cell::new(1, 0), Cell::new(0, 1)]);
    /// assert_eq!(Cell::new(4, 4).orthogonal(9).count(), 4);
    /// assert_eq!(Cell::new(8, 8).orthogonal(9).count(), 2);
    /// ```
    pub fn orthogonal(self, n: usize) -> impl Iterator<Item = Cell> {
        let (r, c) = (self.row(), self.col());
        [
            (r > 0).then(|| Cell::new(r - 1, c)),
            (r + 1 < n).then(|| Cell::new(r + 1, c)),
            (c > 0).then(|| Cell::new(r, c - 1)),
            (c + 1 < n).then(|| Cell::new(r, c + 1)),
        ]
        .into_iter()
        .flatten()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Serialize for Cell {
    /// `{"row": 3, "col": 2}`, 1-based like the text form.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Cell", 2)?;
        st.serialize_field("row", &(self.row + 1))?;
        st.serialize_field("col", &(self.col + 1))?;
        st.end()
    }
}

/// A row, column or box, by 0-based index; shown 1-based (`row 3`, `box 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row.
    Row(u16),
    /// A column.
    Col(u16),
    /// A box, numbered row-major.
    Box(u16),
}

impl House {
    fn parts(self) -> (&'static str, u16) {
        match self {
            House::Row(i) => ("row", i),
            House::Col(i) => ("column", i),
            House::Box(i) => ("box", i),
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, i) = self.parts();
        write!(f, "{kind} {}", i + 1)
    }
}

impl Serialize for House {
    /// `{"kind": "row", "index": 3}`, 1-based.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (kind, i) = self.parts();
        let mut st = s.serialize_struct("House", 2)?;
        st.serialize_field("kind", kind)?;
        st.serialize_field("index", &(i + 1))?;
        st.end()
    }
}

/// Two equal digits in one house: the clash that makes a grid invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// Where it repeats.
    pub house: House,
    /// The first cell holding it, in reading order.
    pub first: Cell,
    /// A later cell holding it.
    pub second: Cell,
}
