//! Results of one puzzle, written to buffers (on any thread) and then, in input order, to
//! stdout and stderr by [`Writer`].

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::hash::{BuildHasherDefault, Hasher};
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
    /// Puzzles this `Out` has served.
    puzzles: u64,
    /// Whether grids are coloured ([`stdout_colour`]).
    pub colour: bool,
    /// Streaming ([`Out::streaming`]): the text is written to stdout as it grows, and the
    /// first error writing it.
    stream: Option<io::Result<()>>,
    /// CSV output ([`Out::csv`]): the command's columns, added to the input's.
    csv: Option<&'static [&'static str]>,
    /// Text of `stdout` that [`Writer`] keeps only for the first output with its key
    /// ([`Out::keyed`]): the key, where the text starts and ends, and the puzzle's place.
    keyed: Vec<(u128, usize, usize, Location)>,
}

/// Text a streaming [`Out`] holds before writing it.
const STREAM_BUFFER: usize = 1 << 16;

impl Out {
    pub fn new(format: Format, style: Style, at: Location) -> Out {
        Out {
            format,
            style,
            at,
            stdout: String::new(),
            stderr: String::new(),
            status: Status::Success,
            puzzles: 0,
            colour: false,
            stream: None,
            csv: None,
            keyed: Vec::new(),
        }
    }

    /// An `Out` that writes CSV rows: the commands write JSON objects ([`Out::json`]), of which
    /// each summary (not the objects of each step or solution) becomes a row of the input
    /// record's fields (or `line`) and `columns`, the run's first row led by the header.
    pub fn csv(mut self, columns: &'static [&'static str]) -> Out {
        self.format = Format::Json;
        self.csv = Some(columns);
        self
    }

    /// An `Out` whose text goes to stdout as it grows (see [`Out::flowing`]), for one puzzle
    /// whose output has no bound (`solve --all`). Only for a run that writes one puzzle at a
    /// time, with the [`Writer`] flushed before.
    pub fn streaming(mut self) -> Out {
        self.stream = Some(Ok(()));
        self
    }

    /// For a streaming `Out`: writes the text held once it passes a few KiB. False once a write
    /// has failed (a closed pipe): the caller stops, and [`Writer::write`] reports the error.
    pub fn flowing(&mut self) -> bool {
        match &mut self.stream {
            None => true,
            Some(Err(_)) => false,
            Some(Ok(())) if self.stdout.len() < STREAM_BUFFER => true,
            Some(state) => {
                *state = io::stdout().write_all(self.stdout.as_bytes());
                self.stdout.clear();
                state.is_ok()
            }
        }
    }

    /// Moves on to the next puzzle, written with the empty mark its input used.
    pub fn start(&mut self, at: Location, empty: char) {
        self.puzzles += 1;
        self.at = at;
        self.style.empty = empty;
    }

    pub fn fail(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// A line on stderr about this puzzle (`nsudoku: line 3: …`), written in order with its
    /// output.
    pub fn note(&mut self, text: &str) {
        let _ = writeln!(self.stderr, "nsudoku: {}: {text}", self.at);
    }

    /// A solution of `puzzle`, as a line or as a box-drawn grid followed by a blank line (the
    /// givens in bold when the grid is coloured).
    pub fn solution(&mut self, grid: &Grid, puzzle: Option<&Grid>) {
        match self.format {
            Format::Grid if self.colour => {
                let text = colour_grid(&self.style.pretty(grid), puzzle);
                self.stdout.push_str(&text);
            }
            Format::Grid => self.stdout.push_str(&self.style.pretty(grid)),
            _ => self.stdout.push_str(&self.style.line(grid)),
        }
        self.stdout.push('\n');
    }

    /// A puzzle and its solution: on one line separated by a space, or as two grids.
    pub fn pair(&mut self, puzzle: &Grid, solution: &Grid) {
        if self.format == Format::Grid {
            self.solution(puzzle, Some(puzzle));
            return self.solution(solution, Some(puzzle));
        }
        self.stdout.push_str(&self.style.line(puzzle));
        self.stdout.push(' ');
        self.stdout.push_str(&self.style.line(solution));
        self.stdout.push('\n');
    }

    /// A comment line standing for a puzzle that has no grid to show (`# line 3: no solution`);
    /// comment lines are skipped when the output is read back.
    pub fn comment(&mut self, text: &str) {
        if self.csv.is_some() {
            return self.json(json!({ "status": "error", "error": text }));
        }
        let _ = writeln!(self.stdout, "# {}: {text}", self.at);
        if self.format == Format::Grid {
            self.stdout.push('\n');
        }
    }

    /// A search that ran out of time (exit status 1): `# line 3: timed out after 80000
    /// guesses, 12 solutions found`, the solutions found counted.
    pub fn timed_out(&mut self, guesses: u64, found: usize) {
        self.fail(Status::Unsolved);
        let noun = if found == 1 { "solution" } else { "solutions" };
        self.comment(&format!(
            "timed out after {guesses} guesses, {found} {noun} found"
        ));
    }

    /// Output that a [`Writer`] with [`Seen`] keys writes only for the first puzzle of the run
    /// with this key; in JSON, a later one gets a `dropped` object naming the first one's place.
    pub fn keyed(&mut self, key: u128, write: impl FnOnce(&mut Out)) {
        let start = self.stdout.len();
        write(self);
        self.keyed
            .push((key, start, self.stdout.len(), self.at.clone()));
    }

    /// A plain text line.
    pub fn text(&mut self, text: &str) {
        self.stdout.push_str(text);
        self.stdout.push('\n');
    }

    /// One JSON object on its own line: the location's fields first, then `fields`. (A row
    /// for CSV output.)
    pub fn json(&mut self, fields: Value) {
        if let Some(columns) = self.csv {
            return self.csv_row(columns, &fields);
        }
        let mut object: Map<String, Value> = self.at.json();
        if let Value::Object(rest) = fields {
            object.extend(rest);
        }
        self.stdout.push_str(&Value::Object(object).to_string());
        self.stdout.push('\n');
    }

    /// A row of CSV output for a command's JSON object (none for the objects of each step or
    /// each solution), after the header when this is the run's first puzzle.
    fn csv_row(&mut self, columns: &[&str], fields: &Value) {
        if matches!(fields["status"].as_str(), Some("step" | "solution")) {
            return;
        }
        let located = |at: &Location| match &at.file {
            Some(file) => vec![file.clone(), at.line.to_string()],
            None => vec![at.line.to_string()],
        };
        let mut rows: Vec<Vec<String>> = Vec::with_capacity(2);
        if std::mem::take(&mut self.at.first) {
            let mut header: Vec<String> = match &self.at.csv {
                Some(row) => row.header.to_vec(),
                None if self.at.file.is_some() => vec!["file".into(), "line".into()],
                None => vec!["line".into()],
            };
            header.extend(columns.iter().map(|c| c.to_string()));
            rows.push(header);
        }
        let mut row = match &self.at.csv {
            Some(row) => row.fields.clone(),
            None => located(&self.at),
        };
        row.extend(columns.iter().map(|c| self.csv_field(c, fields)));
        rows.push(row);
        let mut w = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(Vec::new());
        for r in rows {
            let _ = w.write_record(&r);
        }
        if let Ok(bytes) = w.into_inner() {
            self.stdout.push_str(&String::from_utf8_lossy(&bytes));
        }
    }

    /// The text of one CSV column from a command's JSON object: `solution` from its grid (a
    /// line), `errors` the messages joined by `; `, `step` a hint's `text`, `wrong` the
    /// mistakes; `a.b` the field `b` of the object `a`; other fields as they are (numbers,
    /// words), objects as JSON.
    fn csv_field(&self, column: &str, fields: &Value) -> String {
        let joined = |v: &Value, key: Option<&str>| {
            v.as_array().map_or_else(String::new, |items| {
                items
                    .iter()
                    .map(|i| key.map_or(i, |k| &i[k]))
                    .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_owned))
                    .collect::<Vec<_>>()
                    .join("; ")
            })
        };
        match column {
            "solution" => self.csv_grid(&fields["grid"], &fields["box"]),
            "errors" => match &fields["error"] {
                Value::String(e) => e.clone(),
                _ => joined(&fields["errors"], Some("message")),
            },
            "step" => fields["text"].as_str().unwrap_or_default().to_owned(),
            "wrong" => joined(&fields["wrong"], None),
            // A field of an object: `estimate.count`.
            _ => match column
                .split('.')
                .try_fold(fields, |v, key| v.get(key))
                .unwrap_or(&Value::Null)
            {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                v => v.to_string(),
            },
        }
    }

    /// A grid given as rows of integers, written as a line in the input's alphabet.
    fn csv_grid(&self, rows: &Value, shape: &Value) -> String {
        let values: Vec<u16> = rows
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_array)
            .flatten()
            .filter_map(|v| v.as_u64().and_then(|v| u16::try_from(v).ok()))
            .collect();
        // A variant puzzle whose regions are not boxes has no `box`: its side's boxes.
        let side = || {
            let n = rows.as_array().map_or(0, Vec::len);
            nsudoku::Shape::for_side(n).ok()
        };
        let shape = shape
            .as_str()
            .and_then(|s| s.parse::<nsudoku::Shape>().ok())
            .or_else(side);
        match shape.map(|s| Grid::from_vec(s, values)) {
            Some(Ok(grid)) => self.style.line(&grid),
            _ => String::new(),
        }
    }

    /// A puzzle without the one solution a command needs: `no_solution` or `multiple` in JSON
    /// (with the grid's size), a comment in text, and exit status 1.
    pub fn not_unique(&mut self, grid: &Grid, status: &str) {
        self.fail(Status::Unsolved);
        let hint = self.symbols_hint(grid);
        if self.format == Format::Json {
            let mut fields = merge([json!({ "status": status }), shape_fields(grid)]);
            if let Some(hint) = hint {
                fields["hint"] = json!(hint);
            }
            return self.json(fields);
        }
        let what = status.replace('_', " ");
        match hint {
            Some(hint) => self.comment(&format!("{what} ({hint})")),
            None => self.comment(&what),
        }
    }

    /// Problems with an option's text for this puzzle (`hint --marks`): as [`Out::invalid`],
    /// each message led by the option (and in JSON, `option` names it).
    pub fn invalid_option(&mut self, option: &str, errors: &[Error]) {
        self.fail(Status::InputError);
        if self.format == Format::Json {
            return self.json(json!({ "status": "invalid", "option": option, "errors": errors }));
        }
        for e in errors {
            let _ = writeln!(self.stderr, "nsudoku: {}: {option}: {e}", self.at);
        }
        self.comment("invalid");
    }

    /// An option that does not fit this puzzle (`--engine fast9` on a 16×16): the message on
    /// stderr (or in the JSON object, status `invalid`), a comment in the text, exit status 2.
    pub fn unfit(&mut self, message: &str) {
        self.fail(Status::InputError);
        if self.format == Format::Json {
            return self.json(json!({ "status": "invalid", "error": message }));
        }
        let _ = writeln!(self.stderr, "nsudoku: {}: {message}", self.at);
        self.comment("invalid");
    }

    /// A puzzle that could not be read or has clashing clues: its errors on stderr (or in the
    /// JSON object), a comment in the text output, and exit status 2.
    pub fn invalid(&mut self, errors: &[Error]) {
        self.fail(Status::InputError);
        let hint = errors.iter().find_map(with_solution_hint);
        if self.format == Format::Json {
            if self.csv.is_some() {
                // The errors on stderr too: a row's cell is not where a person looks first.
                for e in errors {
                    let _ = writeln!(self.stderr, "nsudoku: {}: {e}", self.at);
                }
            }
            let mut fields = json!({ "status": "invalid", "errors": errors });
            if let Some(hint) = &hint {
                fields["hint"] = json!(hint);
            }
            return self.json(fields);
        }
        for e in errors {
            let _ = writeln!(self.stderr, "nsudoku: {}: {e}", self.at);
        }
        if let Some(hint) = hint {
            let _ = writeln!(self.stderr, "nsudoku: {}: {hint}", self.at);
        }
        self.comment("invalid");
    }

    /// A likely reason why `grid` has no solution or several, when its text suggests one:
    /// a 16×16 written in hex (`0` a digit, `A`–`F`) read without `--symbols`.
    pub fn symbols_hint(&self, grid: &Grid) -> Option<String> {
        // Read with the standard alphabet, hex loses its digit `0` (an empty mark here) and
        // never shows `G` (16).
        let hex = grid.side() == 16
            && self.style.alphabet == nsudoku::parse::Alphabet::standard()
            && grid.values().iter().all(|&v| v <= 15);
        hex.then(|| {
            "no G among the clues: if it is hex, with 0 a digit (read here as empty), \
             try --symbols 0123456789ABCDEF"
                .to_owned()
        })
    }
}

/// A likely reason for a wrong cell count: twice a grid's cells on one line is a puzzle and
/// its solution, as `generate --with-solution` writes them.
fn with_solution_hint(e: &Error) -> Option<String> {
    let &Error::CellCount { found, .. } = e else {
        return None;
    };
    let half = found / 2;
    let side = (1..=nsudoku::MAX_SIDE).find(|s| s * s >= half)?;
    (found % 2 == 0 && side * side == half && side >= 4).then(|| {
        format!(
            "{found} cells are two {side}×{side} grids: a puzzle and its solution on one line, \
             as `generate --with-solution` writes? keep the first (`cut -d' ' -f1`)"
        )
    })
}

/// Writes one line to stderr (failure ignored), its leading `nsudoku:` in bold, red for an
/// error, when stderr takes colour (a terminal, `--color`, `NO_COLOR`).
pub fn report(text: &str, error: bool) {
    let mut err = anstream::stderr();
    let style = if error {
        anstyle::Style::new()
            .bold()
            .fg_color(Some(anstyle::AnsiColor::Red.into()))
    } else {
        anstyle::Style::new().bold()
    };
    let _ = match text.strip_prefix("nsudoku:") {
        Some(rest) => writeln!(err, "{style}nsudoku:{style:#}{rest}"),
        None => writeln!(err, "{text}"),
    };
}

/// Whether stdout takes colour: a terminal without `NO_COLOR`, or `--color always`.
pub fn stdout_colour() -> bool {
    anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
}

/// A box-drawn grid with its rules dimmed and, when `givens` is known, the givens in bold.
pub fn colour_grid(text: &str, givens: Option<&Grid>) -> String {
    let dim = anstyle::Style::new().dimmed();
    let bold = anstyle::Style::new().bold();
    let values = givens.map(Grid::values);
    let mut out = String::with_capacity(text.len() * 2);
    let mut cell = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with('+') {
            let _ = write!(out, "{dim}{}{dim:#}", line.trim_end_matches('\n'));
            out.push('\n');
            continue;
        }
        for token in line.split_inclusive(' ') {
            let word = token.trim_end();
            if word == "|" {
                let _ = write!(out, "{dim}|{dim:#}");
            } else if word.is_empty() || word == "|\n" {
                out.push_str(word);
            } else {
                let given = values.is_some_and(|v| v.get(cell).is_some_and(|&x| x != 0));
                if given {
                    let _ = write!(out, "{bold}{word}{bold:#}");
                } else {
                    out.push_str(word);
                }
                cell += 1;
            }
            out.push_str(&token[word.len()..]);
        }
    }
    out
}

/// Fails when standard output was closed (`nsudoku solve p.txt >&-`). The standard library
/// opens `/dev/null` for read and write in place of a closed standard descriptor at start-up,
/// so the results would vanish and the run end with nothing said; a shell's `>/dev/null`
/// opens it for writing only, and is left alone.
pub fn check_stdout() -> anyhow::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use nix::fcntl::{FcntlArg, OFlag, fcntl};
        use nix::sys::stat::{FileStat, SFlag, fstat, stat};
        let stdout = io::stdout();
        let read_write = fcntl(&stdout, FcntlArg::F_GETFL)
            .is_ok_and(|f| OFlag::from_bits_truncate(f) & OFlag::O_ACCMODE == OFlag::O_RDWR);
        let device = |s: FileStat| {
            (
                SFlag::from_bits_truncate(s.st_mode) & SFlag::S_IFMT,
                s.st_rdev,
            )
        };
        let is_null = match (fstat(&stdout), stat("/dev/null")) {
            (Ok(out), Ok(dev_null)) => device(out) == device(dev_null),
            _ => false,
        };
        if read_write && is_null {
            anyhow::bail!("standard output is closed");
        }
    }
    Ok(())
}

/// The keys seen by a [`Writer`], at most `max` 128-bit keys (a key is already a hash: the
/// table takes its low bits as they are); for JSON output, with the place of each key's first
/// puzzle, which the `dropped` objects name.
#[derive(Debug)]
pub struct Seen {
    keys: Keys,
    max: usize,
    dropped: u64,
}

type KeyTable<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// The keys, alone (16 bytes each) or with their first places (32 bytes each).
#[derive(Debug)]
enum Keys {
    Alone(HashSet<u128, BuildHasherDefault<KeyHasher>>),
    Placed {
        first: KeyTable<Place>,
        /// The files named so far, which places index.
        files: Vec<String>,
    },
}

/// Where a key was first seen: a line, and an index into [`Keys::Placed`]'s files.
#[derive(Clone, Copy, Debug)]
struct Place {
    file: Option<u32>,
    line: u64,
}

/// Whether a key is new, or where it was first seen.
pub enum Seeing {
    New,
    /// Seen before: without places, nothing more; with places, the first one's JSON fields.
    Again(Option<Map<String, Value>>),
}

impl Seen {
    /// At most `max` keys; `places`: remember where each was first seen (for JSON output).
    pub fn new(max: usize, places: bool) -> Seen {
        let keys = if places {
            Keys::Placed {
                first: KeyTable::default(),
                files: Vec::new(),
            }
        } else {
            Keys::Alone(HashSet::default())
        };
        Seen {
            keys,
            max,
            dropped: 0,
        }
    }

    fn len(&self) -> usize {
        match &self.keys {
            Keys::Alone(keys) => keys.len(),
            Keys::Placed { first, .. } => first.len(),
        }
    }

    /// Whether `key`, met at `at`, is new (it is then remembered), or an error once `max` keys
    /// are held.
    fn first(&mut self, key: u128, at: &Location) -> io::Result<Seeing> {
        let again = match &self.keys {
            Keys::Alone(keys) => keys.contains(&key).then(|| None),
            Keys::Placed { first, files } => first.get(&key).map(|place| {
                let mut fields = Map::new();
                if let Some(file) = place.file.and_then(|i| files.get(i as usize)) {
                    fields.insert("file".into(), json!(file));
                }
                fields.insert("line".into(), json!(place.line));
                Some(fields)
            }),
        };
        if let Some(again) = again {
            self.dropped += 1;
            return Ok(Seeing::Again(again));
        }
        if self.len() >= self.max {
            return Err(io::Error::other(format!(
                "more than {} distinct puzzles: raise --max-distinct (about 40 bytes each)",
                self.max
            )));
        }
        match &mut self.keys {
            Keys::Alone(keys) => {
                keys.insert(key);
            }
            Keys::Placed { first, files } => {
                let file = at.file.as_ref().map(|name| {
                    if files.last() != Some(name) {
                        files.push(name.clone());
                    }
                    (files.len() - 1) as u32
                });
                let line = at.line as u64;
                first.insert(key, Place { file, line });
            }
        }
        Ok(Seeing::New)
    }
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.len() as u64;
        write!(
            f,
            "kept {kept} of {} puzzles, dropped {} equivalent to an earlier one",
            kept + self.dropped,
            self.dropped
        )
    }
}

/// A hasher for keys that are hashes already: the low 64 bits.
#[derive(Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, key: u128) {
        self.0 = key as u64;
    }
}

/// Writes outputs in the order given, and keeps the worst status.
pub struct Writer {
    out: BufWriter<StdoutLock<'static>>,
    pub status: Status,
    /// When set, keyed output ([`Out::keyed`]) is written for the first of each key only.
    pub seen: Option<Seen>,
    /// Counts the puzzles written.
    progress: Option<indicatif::ProgressBar>,
}

impl Writer {
    pub fn new() -> Writer {
        Writer {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            status: Status::Success,
            progress: None,
            seen: None,
        }
    }

    /// Counts the puzzles written on `bar`.
    pub fn with_progress(mut self, bar: indicatif::ProgressBar) -> Writer {
        self.progress = Some(bar);
        self
    }

    pub fn write(&mut self, out: Out) -> io::Result<()> {
        self.status = self.status.max(out.status);
        if let Some(bar) = &self.progress {
            bar.inc(out.puzzles);
        }
        if let Some(Err(e)) = out.stream {
            return Err(e);
        }
        if !out.stderr.is_empty() {
            self.out.flush()?;
            // A closed stderr loses the messages, not the results.
            for line in out.stderr.lines() {
                report(line, false);
            }
        }
        let Some(seen) = &mut self.seen else {
            return self.out.write_all(out.stdout.as_bytes());
        };
        let mut from = 0;
        for (key, start, end, at) in &out.keyed {
            if let Seeing::Again(earlier) = seen.first(*key, at)? {
                self.out.write_all(&out.stdout.as_bytes()[from..*start])?;
                from = *end;
                if let Some(earlier) = earlier {
                    let mut object = at.json();
                    object.insert("status".into(), json!("dropped"));
                    object.insert("repeats".into(), Value::Object(earlier));
                    writeln!(self.out, "{}", Value::Object(object))?;
                }
            }
        }
        self.out.write_all(&out.stdout.as_bytes()[from..])
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `size` and `box` fields for a grid's JSON object.
pub fn shape_fields(grid: &Grid) -> Value {
    json!({ "size": grid.side(), "box": grid.shape().to_string() })
}

/// A transformation as JSON: `transpose`, `rows` and `cols` (row `r` of the result is source
/// row `rows[r]`, 1-based, before any transpose), `digits` (digit `d` becomes `digits[d-1]`),
/// and `spec`, the text `transform --apply` reads.
pub fn transform_fields(t: &nsudoku::transform::Transform) -> Value {
    let one_based = |v: &[usize]| v.iter().map(|&i| i + 1).collect::<Vec<_>>();
    json!({
        "transpose": t.transposes(),
        "rows": one_based(t.rows()),
        "cols": one_based(t.cols()),
        "digits": &t.digits()[1..],
        "spec": t.to_string(),
    })
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
