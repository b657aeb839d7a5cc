//! The exceptions, and [`Problem`]: one thing wrong with a puzzle.
//!
//! The exception classes are the Python package's (`nsudoku.Error` and its subclasses, written
//! in `__init__.py` so that `InvalidPuzzle` can be a `ValueError` too); each is imported once,
//! at its first use, and raised from here.

use nsudoku::error::MAX_ERRORS;
use pyo3::prelude::*;

use crate::repr::quote;

mod classes {
    pyo3::import_exception!(nsudoku, Error);
    pyo3::import_exception!(nsudoku, InvalidPuzzle);
    pyo3::import_exception!(nsudoku, NoSolution);
    pyo3::import_exception!(nsudoku, MultipleSolutions);
    pyo3::import_exception!(nsudoku, Timeout);
}

/// Problems named in an `InvalidPuzzle`'s message; all of them are in its `errors`.
const SHOWN: usize = 5;

/// One problem with a puzzle: what and where. Cells are 0-based `(row, column)` pairs, to index
/// `Grid.to_numpy()`; the message, like the CLI's, counts from 1 (`r1c1` is `(0, 0)`). `line`
/// and `column` place a problem in the text read, from 1.
#[pyclass(frozen, eq, get_all, module = "nsudoku")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// A stable snake_case name: `bad_symbol`, `cell_count`, `row_length`,
    /// `value_out_of_range`, `bad_value`, `shape`, `duplicate`, `puzzle_count`, `too_long`,
    /// `more`, …; for variant puzzles the reader's kinds (`decode`, `json`,
    /// `unknown_constraint`, `outside_grid`, …), `broken` (givens that break a rule) and
    /// `variant` (a variant puzzle where a classic grid is wanted).
    pub kind: String,
    /// What is wrong and where (`duplicate 5 in row 1: r1c1 and r1c2`).
    pub message: String,
    /// The line of the text where it is, from 1, when the puzzle was text.
    pub line: Option<usize>,
    /// The column of that line (in characters), from 1.
    pub column: Option<usize>,
    /// The cells concerned, 0-based `(row, column)`: both clues of a duplicate, a bad value.
    pub cells: Vec<(usize, usize)>,
    /// Where in a variant puzzle: a JSON path of its f-puzzles document
    /// (`killercage[2].cells[0]`) or a line of its text form (`line 4`).
    pub at: Option<String>,
}

#[pymethods]
impl Problem {
    fn __str__(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem(kind={}, message={})",
            quote(&self.kind),
            quote(&self.message)
        )
    }
}

impl Problem {
    /// A problem found by the binding itself (in rows of values), at a cell if any.
    pub fn at(kind: &str, message: String, cell: Option<(usize, usize)>) -> Problem {
        Problem {
            kind: kind.to_owned(),
            message,
            line: None,
            column: None,
            cells: cell.into_iter().collect(),
            at: None,
        }
    }

    /// The problems past the first [`MAX_ERRORS`], counted, as the library counts them.
    pub fn more(count: usize) -> Problem {
        Problem::from(&nsudoku::Error::More { count })
    }
}

impl From<&nsudoku::Error> for Problem {
    fn from(e: &nsudoku::Error) -> Problem {
        use nsudoku::Error as E;
        let (line, column) = match e {
            E::BadSymbol { position, .. } | E::NumberTooLarge { position, .. } => {
                (Some(position.line), Some(position.column))
            }
            E::ValueOutOfRange {
                position: Some(p), ..
            } => (Some(p.line), Some(p.column)),
            E::RowLength { line, .. } => (Some(*line), None),
            _ => (None, None),
        };
        let cells = match e {
            E::Duplicate { first, second, .. } => vec![*first, *second],
            E::MarkedClue { cell, .. } => vec![*cell],
            _ => vec![],
        };
        Problem {
            kind: e.kind().to_owned(),
            message: e.to_string(),
            line,
            column,
            cells: cells.iter().map(|c| (c.row(), c.col())).collect(),
            at: None,
        }
    }
}

impl From<&nsudoku::variant::Error> for Problem {
    /// A variant puzzle's problem: its message says where (`… (at killercage[2])`), as `at`
    /// does; a place in the text form (`line 3, column 8`) is `line` and `column` too.
    fn from(e: &nsudoku::variant::Error) -> Problem {
        let number = |prefix: &str| {
            let rest = e.at.split_once(prefix)?.1;
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        };
        let line = e.at.starts_with("line ").then(|| number("line ")).flatten();
        Problem {
            kind: e.kind.name().to_owned(),
            message: e.to_string(),
            line,
            column: line.and_then(|_| number(", column ")),
            cells: Vec::new(),
            at: (!e.at.is_empty()).then(|| e.at.clone()),
        }
    }
}

/// The library's problems with a puzzle, as [`Problem`]s.
pub fn problems(errors: &[nsudoku::Error]) -> Vec<Problem> {
    errors.iter().map(Problem::from).collect()
}

/// `InvalidPuzzle`: the first few problems in the message, every one in its `errors`.
pub fn invalid(problems: Vec<Problem>) -> PyErr {
    let mut message = problems
        .iter()
        .take(SHOWN)
        .map(|p| p.message.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > SHOWN {
        message += &format!("; and {} more (see .errors)", problems.len() - SHOWN);
    }
    classes::InvalidPuzzle::new_err((message, problems))
}

/// `InvalidPuzzle` for a variant puzzle's problems.
pub fn invalid_variant(errors: &[nsudoku::variant::Error]) -> PyErr {
    invalid(errors.iter().map(Problem::from).collect())
}

/// `InvalidPuzzle` for the library's problems.
pub fn invalid_puzzle(errors: &[nsudoku::Error]) -> PyErr {
    invalid(problems(errors))
}

/// `NoSolution`.
pub fn no_solution() -> PyErr {
    classes::NoSolution::new_err("the puzzle has no solution")
}

/// `MultipleSolutions`.
pub fn multiple(hint: &str) -> PyErr {
    classes::MultipleSolutions::new_err(format!("the puzzle has more than one solution{hint}"))
}

/// `Timeout`, saying how far the work got.
pub fn timeout(what: String) -> PyErr {
    classes::Timeout::new_err(what)
}

/// `nsudoku.Error` itself: what the library cannot do (reasoning on grids above 64×64, a
/// puzzle the generator did not find).
pub fn error(message: String) -> PyErr {
    classes::Error::new_err(message)
}

/// `nsudoku.Error` for a variant puzzle given to what takes classic puzzles only: `what`
/// says what it does not do (`explain does not take them`).
pub fn variant_refused(what: &str) -> PyErr {
    error(format!(
        "variant puzzles are solved, counted, checked, explained, hinted and rated; {what} yet"
    ))
}

/// Keeps the first [`MAX_ERRORS`] problems and counts the rest, as the library does.
#[derive(Debug, Default)]
pub struct Collected {
    list: Vec<Problem>,
    more: usize,
}

impl Collected {
    pub fn push(&mut self, p: Problem) {
        if self.list.len() < MAX_ERRORS {
            self.list.push(p);
        } else {
            self.more += 1;
        }
    }

    /// The problems (none: `Ok`), with the count of the rest last.
    pub fn finish(mut self) -> Result<(), Vec<Problem>> {
        if self.more > 0 {
            self.list.push(Problem::more(self.more));
        }
        if self.list.is_empty() {
            Ok(())
        } else {
            Err(self.list)
        }
    }
}
