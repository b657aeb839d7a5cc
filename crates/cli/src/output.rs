//! Results of one puzzle, written to buffers (on any thread) and then, in input order, to
//! stdout and stderr by [`Writer`].

use std::fmt::Write as _;
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

/// What a run of puzzles produced: stdout text, stderr text, and the worst status. One `Out`
/// serves many puzzles in turn ([`Out::start`]), so that a batch allocates little.
pub struct Out {
    pub format: Format,
    style: Style,
    pub at: Location,
    stdout: String,
    stderr: String,
    status: Status,
}

impl Out {
    pub fn new(format: Format, style: Style, at: Location) -> Out {
        Out {
            format,
            style,
            at,
            stdout: String::new(),
            stderr: String::new(),
            status: Status::Success,
        }
    }

    /// Moves on to the next puzzle, written with the empty mark its input used.
    pub fn start(&mut self, at: Location, empty: char) {
        self.at = at;
        self.style.empty = empty;
    }

    pub fn fail(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// A grid as a line, or as a box-drawn grid followed by a blank line.
    pub fn grid(&mut self, grid: &Grid) {
        match self.format {
            Format::Grid => self.stdout.push_str(&self.style.pretty(grid)),
            _ => self.stdout.push_str(&self.style.line(grid)),
        }
        self.stdout.push('\n');
    }

    /// A comment line standing for a puzzle that has no grid to show (`# line 3: no solution`);
    /// comment lines are skipped when the output is read back.
    pub fn comment(&mut self, text: &str) {
        let _ = writeln!(self.stdout, "# {}: {text}", self.at);
        if self.format == Format::Grid {
            self.stdout.push('\n');
        }
    }

    /// A plain text line.
    pub fn text(&mut self, text: &str) {
        self.stdout.push_str(text);
        self.stdout.push('\n');
    }

    /// One JSON object on its own line: the location's fields first, then `fields`.
    pub fn json(&mut self, fields: Value) {
        let mut object: Map<String, Value> = self.at.json();
        if let Value::Object(rest) = fields {
            object.extend(rest);
        }
        self.stdout.push_str(&Value::Object(object).to_string());
        self.stdout.push('\n');
    }

    /// A puzzle without the one solution a command needs: `no_solution` or `multiple` in JSON
    /// (with the grid's size), a comment in text, and exit status 1.
    pub fn not_unique(&mut self, grid: &Grid, status: &str) {
        self.fail(Status::Unsolved);
        if self.format == Format::Json {
            let fields = merge([json!({ "status": status }), shape_fields(grid)]);
            return self.json(fields);
        }
        self.comment(&status.replace('_', " "));
    }

    /// A puzzle that could not be read or has clashing clues: its errors on stderr (or in the
    /// JSON object), a comment in the text output, and exit status 2.
    pub fn invalid(&mut self, errors: &[Error]) {
        self.fail(Status::InputError);
        if self.format == Format::Json {
            return self.json(json!({ "status": "invalid", "errors": errors }));
        }
        for e in errors {
            let _ = writeln!(self.stderr, "nsudoku: {}: {e}", self.at);
        }
        self.comment("invalid");
    }
}

/// Writes outputs in the order given, and keeps the worst status.
pub struct Writer {
    out: BufWriter<StdoutLock<'static>>,
    pub status: Status,
}

impl Writer {
    pub fn new() -> Writer {
        Writer {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            status: Status::Success,
        }
    }

    pub fn write(&mut self, out: Out) -> io::Result<()> {
        self.status = self.status.max(out.status);
        if !out.stderr.is_empty() {
            self.out.flush()?;
            eprint!("{}", out.stderr);
        }
        self.out.write_all(out.stdout.as_bytes())
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
