//! Errors that say what is wrong and where.
//!
//! One [`Error`] is one problem. Readers collect every problem of a puzzle (see
//! [`crate::parse`]), so a checker can list them all; [`Error::kind`] names each for programs.
//! Messages are short and lowercase and name the offending value and its place: lines and
//! columns are 1-based, cells are written `r3c2`.

use std::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::cell::{Cell, Conflict, Digit, House, MAX_SIDE};

/// The most problems listed for one puzzle: the rest are counted in a last [`Error::More`], so
/// that a megabyte of garbage gives a short answer in bounded memory.
pub const MAX_ERRORS: usize = 100;

/// A place in the input text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// One problem with a puzzle or its input text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A character that is neither a symbol of the alphabet, an empty mark nor a separator.
    #[error("bad symbol {symbol:?} at {position}")]
    BadSymbol {
        /// The character.
        symbol: char,
        /// Where it stands.
        position: Position,
    },
    /// The puzzle does not have `N²` cells.
    #[error("wrong cell count: found {found}, expected {expected}")]
    CellCount {
        /// Cells read.
        found: usize,
        /// Cells wanted: `N²` for the shape asked for, else the nearest square.
        expected: usize,
    },
    /// One row of a multi-line grid has the wrong number of cells.
    #[error("line {line} has {found} cells, expected {expected}")]
    RowLength {
        /// 1-based line of the row.
        line: usize,
        /// Cells on that line.
        found: usize,
        /// `N`.
        expected: usize,
    },
    /// A value above `N`.
    #[error("value {value} out of range 1..{max}{}", at(position))]
    ValueOutOfRange {
        /// The value read.
        value: u64,
        /// `N`.
        max: usize,
        /// Where it stands, when read from text.
        position: Option<Position>,
    },
    /// A box shape that cannot be, or that does not fit the grid.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A digit given twice in a row, column or box.
    #[error("duplicate {digit} in {house}: {first} and {second}")]
    Duplicate {
        /// The repeated digit.
        digit: Digit,
        /// The house that holds both.
        house: House,
        /// The first cell, in reading order.
        first: Cell,
        /// The second cell.
        second: Cell,
    },
    /// An alphabet that cannot be used.
    #[error("invalid alphabet {symbols:?}: {reason}")]
    Alphabet {
        /// The symbols given.
        symbols: String,
        /// Why not.
        reason: &'static str,
    },
    /// A text asked to hold one puzzle holds none or several.
    #[error("expected one puzzle, found {found}")]
    PuzzleCount {
        /// Puzzles found.
        found: usize,
    },
    /// More cells than the largest grid has.
    #[error(
        "too many cells: found {found}, the largest grid ({MAX_SIDE}x{MAX_SIDE}) has {}",
        MAX_SIDE * MAX_SIDE
    )]
    TooManyCells {
        /// Cells read.
        found: usize,
    },
    /// A number too large to be any grid's digit (and to be stored).
    #[error("number {text} out of range at {position}")]
    NumberTooLarge {
        /// The number as written.
        text: String,
        /// Where it stands.
        position: Position,
    },
    /// Pencil marks with not one token per cell.
    #[error("wrong number of pencil-mark tokens: found {found}, expected {expected} (one a cell)")]
    MarkCount {
        /// Tokens read.
        found: usize,
        /// `N²`.
        expected: usize,
    },
    /// Pencil marks on a cell that holds a digit (other than that digit alone).
    #[error("{cell} holds {digit} and cannot carry pencil marks")]
    MarkedClue {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
    },
    /// A cell of a pencil-mark puzzle without a candidate.
    #[error("{cell} has no candidate{}", at(position))]
    NoCandidate {
        /// The cell.
        cell: Cell,
        /// Where its candidates are written, when read from text.
        position: Option<Position>,
    },
    /// In the one-line pencil-mark form (`N` characters a cell, the `k`-th the digit `k` or
    /// empty), a character that is not its place's digit.
    #[error(
        "{symbol:?} at {position} is not candidate {expected}, the one digit its place in the cell's group can hold (else '.' or '0')"
    )]
    MisplacedCandidate {
        /// The character.
        symbol: char,
        /// The digit its place stands for.
        expected: usize,
        /// Where it stands.
        position: Position,
    },
    /// A block of lines read as one grid has more rows than any grid.
    #[error("more than {max} rows in one grid: separate grids by blank lines")]
    TooManyRows {
        /// The most rows a grid has.
        max: usize,
    },
    /// The problems past the first [`MAX_ERRORS`] of a puzzle, counted.
    #[error("… and {count} more")]
    More {
        /// Problems not listed.
        count: usize,
    },
}

/// Collects a puzzle's problems: the first [`MAX_ERRORS`], and a count of the rest.
#[derive(Debug, Default)]
pub(crate) struct Errors {
    list: Vec<Error>,
    more: usize,
}

impl Errors {
    pub(crate) fn push(&mut self, e: Error) {
        if self.list.len() < MAX_ERRORS {
            self.list.push(e);
        } else {
            self.more += 1;
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The problems, with the count of the rest last.
    pub(crate) fn into_vec(mut self) -> Vec<Error> {
        if self.more > 0 {
            self.list.push(Error::More { count: self.more });
        }
        self.list
    }
}

fn at(position: &Option<Position>) -> String {
    position.map(|p| format!(" at {p}")).unwrap_or_default()
}

impl Error {
    /// A stable snake_case name for the kind of problem (`bad_symbol`, `duplicate`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::BadSymbol { .. } => "bad_symbol",
            Error::CellCount { .. } => "cell_count",
            Error::RowLength { .. } => "row_length",
            Error::ValueOutOfRange { .. } => "value_out_of_range",
            Error::Shape(_) => "shape",
            Error::Duplicate { .. } => "duplicate",
            Error::Alphabet { .. } => "alphabet",
            Error::PuzzleCount { .. } => "puzzle_count",
            Error::TooManyCells { .. } => "too_many_cells",
            Error::NumberTooLarge { .. } => "number_too_large",
            Error::TooManyRows { .. } => "too_many_rows",
            Error::MarkCount { .. } => "mark_count",
            Error::MarkedClue { .. } => "marked_clue",
            Error::NoCandidate { .. } => "no_candidate",
            Error::MisplacedCandidate { .. } => "misplaced_candidate",
            Error::More { .. } => "more",
        }
    }
}

impl From<Conflict> for Error {
    fn from(c: Conflict) -> Error {
        Error::Duplicate {
            digit: c.digit,
            house: c.house,
            first: c.first,
            second: c.second,
        }
    }
}

impl Serialize for Error {
    /// `{"kind": "duplicate", "message": "duplicate 7 in row 3: r3c2 and r3c8", …fields}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind())?;
        m.serialize_entry("message", &self.to_string())?;
        match self {
            Error::BadSymbol { symbol, position } => {
                m.serialize_entry("symbol", symbol)?;
                m.serialize_entry("position", position)?;
            }
            Error::CellCount { found, expected } | Error::MarkCount { found, expected } => {
                m.serialize_entry("found", found)?;
                m.serialize_entry("expected", expected)?;
            }
            Error::RowLength {
                line,
                found,
                expected,
            } => {
                m.serialize_entry("line", line)?;
                m.serialize_entry("found", found)?;
                m.serialize_entry("expected", expected)?;
            }
            Error::ValueOutOfRange {
                value,
                max,
                position,
            } => {
                m.serialize_entry("value", value)?;
                m.serialize_entry("max", max)?;
                m.serialize_entry("position", position)?;
            }
            Error::Shape(_) | Error::Alphabet { .. } => {}
            Error::Duplicate {
                digit,
                house,
                first,
                second,
            } => {
                m.serialize_entry("digit", digit)?;
                m.serialize_entry("house", house)?;
                m.serialize_entry("cells", &[first, second])?;
            }
            Error::PuzzleCount { found } | Error::TooManyCells { found } => {
                m.serialize_entry("found", found)?
            }
            Error::NumberTooLarge { text, position } => {
                m.serialize_entry("text", text)?;
                m.serialize_entry("position", position)?;
            }
            Error::More { count } => m.serialize_entry("count", count)?,
            Error::TooManyRows { max } => m.serialize_entry("max", max)?,
            Error::MarkedClue { cell, digit } => {
                m.serialize_entry("cell", cell)?;
                m.serialize_entry("digit", digit)?;
            }
            Error::NoCandidate { cell, position } => {
                m.serialize_entry("cell", cell)?;
                m.serialize_entry("position", position)?;
            }
            Error::MisplacedCandidate {
                symbol,
                expected,
                position,
            } => {
                m.serialize_entry("symbol", symbol)?;
                m.serialize_entry("expected", expected)?;
                m.serialize_entry("position", position)?;
            }
        }
        m.end()
    }
}

/// A box shape that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box with no rows or no columns.
    #[error("invalid shape: a {width}x{height} box has no cells")]
    Empty {
        /// Box width.
        width: usize,
        /// Box height.
        height: usize,
    },
    /// A grid larger than [`MAX_SIDE`].
    #[error(
        "invalid shape: a {side}x{side} grid is larger than the largest supported ({MAX_SIDE}x{MAX_SIDE})"
    )]
    TooLarge {
        /// `N`.
        side: usize,
    },
    /// `N` is not a perfect square and no box shape was given.
    #[error("invalid shape: a {side}x{side} grid has no square boxes; name the box shape, for example {}", box_hint(*side))]
    NotSquare {
        /// `N`.
        side: usize,
    },
    /// A box shape written other than `WxH`.
    #[error("invalid shape: {text:?} is not a box shape WxH, such as 3x2")]
    Syntax {
        /// The text given.
        text: String,
    },
}

/// `3x2 or 2x3`: the box shapes closest to square for a side.
fn box_hint(side: usize) -> String {
    let w = (1..=side)
        .filter(|w| side % w == 0 && w * w >= side)
        .min()
        .unwrap_or(side);
    let h = side / w.max(1);
    if w == h {
        format!("{w}x{h}")
    } else {
        format!("{w}x{h} or {h}x{w}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_what_and_where() {
        let e = Error::BadSymbol {
            symbol: 'x',
            position: Position { line: 3, column: 5 },
        };
        assert_eq!(e.to_string(), "bad symbol 'x' at line 3, column 5");
        let e = Error::ValueOutOfRange {
            value: 12,
            max: 9,
            position: Some(Position { line: 1, column: 7 }),
        };
        assert_eq!(
            e.to_string(),
            "value 12 out of range 1..9 at line 1, column 7"
        );
        let e = Error::from(ShapeError::NotSquare { side: 12 });
        assert_eq!(
            e.to_string(),
            "invalid shape: a 12x12 grid has no square boxes; name the box shape, for example 4x3 or 3x4"
        );
        assert_eq!(e.kind(), "shape");
    }

    #[test]
    fn json_carries_kind_message_and_fields() {
        let e = Error::CellCount {
            found: 80,
            expected: 81,
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["kind"], "cell_count");
        assert_eq!(v["found"], 80);
        assert_eq!(v["message"], "wrong cell count: found 80, expected 81");
    }
}
