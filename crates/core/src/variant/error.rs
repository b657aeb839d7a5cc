//! What can be wrong with a variant puzzle or the text it was read from: one [`Error`] is one
//! problem, with a kind to match on, a short lowercase message and its place (a JSON path such
//! as `killercage[2].cells[0]`, or a line of the text form).

use std::fmt;

/// The kind of a problem with a variant puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A payload or link that does not decode (not lz-string base64, or not a known link).
    Decode,
    /// Text that is not the JSON expected.
    Json,
    /// A constraint the reader does not know.
    UnknownConstraint,
    /// A cell written wrongly (`R1`, `r0c1`).
    BadCell,
    /// A cell outside the grid (`R10C1` in a 9×9).
    OutsideGrid,
    /// A value that cannot be (a digit above `N`, a negative total, a missing field).
    BadValue,
    /// A total or count no digits can make.
    Impossible,
    /// Regions that cannot be (a region of more than `N` cells, a region number out of range).
    Regions,
    /// A grid size beyond the variants' range.
    Size,
    /// A line of the text form that cannot be read.
    Syntax,
    /// Two equal givens that a rule keeps apart.
    Clash,
    /// A constraint or value the format being written cannot carry (a chess rule in
    /// f-puzzles).
    Unsupported,
}

/// One problem with a variant puzzle, and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    /// What kind of problem.
    pub kind: ErrorKind,
    /// What is wrong, naming the offending value.
    pub message: String,
    /// Where: a JSON path (`killercage[2].cells[0]`), a line of text (`line 4`), or empty.
    pub at: String,
}

impl Error {
    /// A problem of `kind`, said by `message`, at `at`.
    pub fn new(kind: ErrorKind, message: impl Into<String>, at: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            at: at.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if !self.at.is_empty() {
            write!(f, " (at {})", self.at)?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl serde::Serialize for Error {
    /// `{"kind": "outside_grid", "message": "…", "at": "…"}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Error", 3)?;
        st.serialize_field("kind", self.kind.name())?;
        st.serialize_field("message", &self.message)?;
        st.serialize_field("at", &self.at)?;
        st.end()
    }
}

impl ErrorKind {
    /// The kind as programs see it: `outside_grid`, `unknown_constraint`, …
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Decode => "decode",
            ErrorKind::Json => "json",
            ErrorKind::UnknownConstraint => "unknown_constraint",
            ErrorKind::BadCell => "bad_cell",
            ErrorKind::OutsideGrid => "outside_grid",
            ErrorKind::BadValue => "bad_value",
            ErrorKind::Impossible => "impossible",
            ErrorKind::Regions => "regions",
            ErrorKind::Size => "size",
            ErrorKind::Syntax => "syntax",
            ErrorKind::Clash => "clash",
            ErrorKind::Unsupported => "unsupported",
        }
    }
}
