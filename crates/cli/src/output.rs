//! Writing results: lines, box-drawn grids or JSON Lines, to a buffered stdout.

use std::io::{self, BufWriter, StdoutLock, Write};

use nsudoku::format::Style;
use nsudoku::{Error, Grid};
use serde_json::{Map, Value, json};

use crate::cli::Format;
use crate::input::Location;

/// The exit status, from the worst thing that happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    #[default]
    Success = 0,
    /// A puzzle had no (or no unique) solution where one was asked.
    Unsolved = 1,
    /// Bad input or usage.
    InputError = 2,
}

impl Status {
    pub fn code(self) -> u8 {
        self as u8
    }
}

pub struct Printer {
    pub format: Format,
    style: Style,
    out: BufWriter<StdoutLock<'static>>,
    pub status: Status,
}

impl Printer {
    pub fn new(format: Format, alphabet: nsudoku::parse::Alphabet) -> Printer {
        Printer {
            format,
            style: Style {
                alphabet,
                empty: '.',
            },
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            status: Status::Success,
        }
    }

    pub fn fail(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// The empty mark of the puzzle being written (output matches input).
    pub fn set_empty(&mut self, empty: char) {
        self.style.empty = empty;
    }

    /// A grid as a line, or as a box-drawn grid followed by a blank line.
    pub fn grid(&mut self, grid: &Grid) -> io::Result<()> {
        match self.format {
            Format::Grid => writeln!(self.out, "{}", self.style.pretty(grid)),
            _ => writeln!(self.out, "{}", self.style.line(grid)),
        }
    }

    /// A comment line standing for a puzzle that has no grid to show (`# line 3: no solution`);
    /// comment lines are skipped when the output is read back.
    pub fn comment(&mut self, at: &Location, text: &str) -> io::Result<()> {
        writeln!(self.out, "# {at}: {text}")?;
        if self.format == Format::Grid {
            writeln!(self.out)?;
        }
        Ok(())
    }

    /// A plain text line.
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// One JSON object on its own line: `at`'s fields first, then `fields`.
    pub fn json(&mut self, at: &Location, fields: Value) -> io::Result<()> {
        let mut object: Map<String, Value> = at.json();
        if let Value::Object(rest) = fields {
            object.extend(rest);
        }
        serde_json::to_writer(&mut self.out, &Value::Object(object))?;
        writeln!(self.out)
    }

    /// A puzzle that could not be read or has clashing clues: its errors on stderr (or in the
    /// JSON object), a comment in the text output, and exit status 2.
    pub fn invalid(&mut self, at: &Location, errors: &[Error]) -> io::Result<()> {
        self.fail(Status::InputError);
        if self.format == Format::Json {
            return self.json(at, json!({ "status": "invalid", "errors": errors }));
        }
        self.out.flush()?;
        for e in errors {
            eprintln!("nsudoku: {at}: {e}");
        }
        self.comment(at, "invalid")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `size` and `box` fields for a grid's JSON object.
pub fn shape_fields(grid: &Grid) -> Value {
    json!({ "size": grid.side(), "box": grid.shape().to_string() })
}

/// Merges JSON objects, later fields last.
pub fn merge(objects: impl IntoIterator<Item = Value>) -> Value {
    let mut all = Map::new();
    for o in objects {
        if let Value::Object(m) = o {
            all.extend(m);
        }
    }
    Value::Object(all)
}
