//! [`Entry`]: one puzzle read, what every reader of a record hands back (the grid and
//! pencil-mark readers alike).

use crate::error::Error;
use crate::grid::Grid;

/// One puzzle read from the text, or the problems that kept it from being read.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The 1-based line where the puzzle starts.
    pub line: usize,
    /// The grid, or every problem found (never an empty list).
    pub result: Result<Grid, Vec<Error>>,
    /// The empty mark the puzzle used (`.` if none), so output can match input.
    pub empty: char,
}
