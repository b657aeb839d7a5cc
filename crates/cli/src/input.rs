//! Reading puzzle files (or standard input) line by line into the library's reader.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use anyhow::{Context, anyhow};
use nsudoku::parse::{Alphabet, Entry, Layout, ReadOptions, Reader, Record};
use nsudoku::{Error, Grid};
use serde_json::{Map, Value, json};

use crate::cli::{InputArgs, LayoutArg};

/// One puzzle's text as read, not yet decoded: a classic grid's record, or a variant puzzle
/// (a JSON document, a link or payload, a block of the text form).
#[derive(Debug)]
pub enum Item {
    Classic(Record),
    Variant(VariantText),
}

/// A variant puzzle's text, decoded by a worker ([`crate::variant::read`]).
#[derive(Debug)]
pub struct VariantText {
    pub line: usize,
    pub text: String,
    /// A block of the text form, rather than one line (or one JSON document).
    pub block: bool,
}

impl Item {
    /// The line where the puzzle starts.
    pub fn line(&self) -> usize {
        match self {
            Item::Classic(r) => r.line(),
            Item::Variant(v) => v.line,
        }
    }

    /// The bytes of text it holds.
    pub fn text_len(&self) -> usize {
        match self {
            Item::Classic(r) => r.text_len(),
            Item::Variant(v) => v.text.len(),
        }
    }
}

/// Where a puzzle starts: a line, and the file when several were given.
#[derive(Clone, Debug, Default)]
pub struct Location {
    pub file: Option<String>,
    pub line: usize,
    /// The run's first puzzle: CSV output writes its header before it.
    pub first: bool,
    /// For CSV input (`--column`): the record the puzzle comes from.
    pub csv: Option<Arc<CsvRow>>,
}

/// A record of a CSV input: its fields, the file's header, and what kept its puzzle from being
/// read, if anything did (a missing or empty field).
#[derive(Debug)]
pub struct CsvRow {
    pub header: Arc<[String]>,
    pub fields: Vec<String>,
    pub problem: Option<String>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{}:{}", printable(file), self.line),
            None => write!(f, "line {}", self.line),
        }
    }
}

/// A file name as it may stand in one line of output: control characters (a newline in a
/// name would split a `#` comment line and misalign the output) are written escaped.
pub fn printable(name: &str) -> std::borrow::Cow<'_, str> {
    if name.chars().any(char::is_control) {
        name.chars()
            .map(|c| match c {
                c if c.is_control() => c.escape_default().to_string(),
                c => c.to_string(),
            })
            .collect::<String>()
            .into()
    } else {
        name.into()
    }
}

impl Location {
    /// The first fields of a JSON result: `line`, and `file` when several were given.
    pub fn json(&self) -> Map<String, Value> {
        let mut m = Map::new();
        if let Some(file) = &self.file {
            m.insert("file".into(), json!(file));
        }
        m.insert("line".into(), json!(self.line));
        m
    }
}

/// The reader's options from the command line.
pub fn read_options(args: &InputArgs) -> anyhow::Result<ReadOptions> {
    let alphabet = match &args.symbols {
        Some(s) => Alphabet::new(s)?,
        None => Alphabet::standard(),
    };
    if args.column.as_deref() == Some("") {
        anyhow::bail!("--column: name a column of the CSV header");
    }
    Ok(ReadOptions {
        alphabet,
        shape: args.shape,
        layout: match args.layout {
            LayoutArg::Auto => Layout::Auto,
            LayoutArg::Lines => Layout::Lines,
            LayoutArg::Grid => Layout::Grid,
        },
    })
}

/// A puzzle read and validated: the grid, or every problem with it (syntax, then clashes).
pub fn validated(entry: Entry) -> Result<Grid, Vec<Error>> {
    let grid = entry.result?;
    grid.check().map(|()| grid)
}

/// The files named, or standard input.
pub fn paths(args: &InputArgs) -> Vec<PathBuf> {
    if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    }
}

/// The total size of the inputs in bytes, when all are regular files.
pub fn total_size(paths: &[PathBuf]) -> Option<u64> {
    paths
        .iter()
        .map(|p| {
            std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file() && p != Path::new("-"))
                .map(|m| m.len())
        })
        .sum()
}

/// Calls `each` on every puzzle record of every input, in order, with the number of bytes read
/// since the previous call; the record is `None` for a CSV record whose puzzle could not be
/// taken (its [`CsvRow::problem`] says why). A file that cannot be opened or read is reported
/// on stderr and skipped; the return value says whether that happened.
pub fn for_each_record(
    paths: &[PathBuf],
    options: &ReadOptions,
    column: Option<&str>,
    mut each: impl FnMut(Location, Option<Item>, u64) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let named = paths.len() > 1;
    let mut failed = false;
    let mut first = true;
    for path in paths {
        let name = printable(&path.display().to_string()).into_owned();
        let result = read_path(path, options, column, |line, record, csv, bytes| {
            let location = Location {
                file: named.then(|| name.clone()),
                line,
                first: std::mem::take(&mut first),
                csv,
            };
            each(location, record, bytes)
        });
        if let Err(e) = result {
            if is_broken_pipe(&e) {
                return Err(e);
            }
            warn!("nsudoku: {name}: {e:#}");
            failed = true;
        }
    }
    Ok(failed)
}

fn open(path: &Path) -> anyhow::Result<Box<dyn BufRead>> {
    if path == Path::new("-") {
        let stdin = io::stdin();
        if std::io::IsTerminal::is_terminal(&stdin) {
            // Not stuck: waiting for the person at the keyboard.
            warn!("nsudoku: reading puzzles from the terminal: type or paste them, then Ctrl-D");
        }
        return Ok(Box::new(stdin.lock()));
    }
    let file = File::open(path).context("cannot open")?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

/// The longest line read, in bytes. The largest grid, 512×512 written as numbers of up to
/// three digits with one separator each, takes 1 MiB on one line; no puzzle needs more than
/// four times that, so a longer line (`/dev/zero`, a binary file) is an error found at once,
/// not a buffer that grows until memory runs out.
pub const MAX_LINE: usize = 4 << 20;

/// Calls `each` with every puzzle record of one file (`-`: stdin), by the line where it starts,
/// and the bytes read since the previous call. With `column`, the file is CSV with a header and
/// each record's field in that column holds a puzzle ([`read_csv`]).
pub fn read_path(
    path: &Path,
    options: &ReadOptions,
    column: Option<&str>,
    mut each: impl FnMut(usize, Option<Item>, Option<Arc<CsvRow>>, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut input = open(path)?;
    if let Some(column) = column {
        return read_csv(input, options, column, each);
    }
    match variant_input(&mut input)? {
        Some(false) => {
            return read_variant_lines(input, |item, bytes| {
                each(item.line(), Some(item), None, bytes)
            });
        }
        Some(true) => {
            return read_blocks(input, |item, bytes| {
                each(item.line(), Some(item), None, bytes)
            });
        }
        None => {}
    }
    read_lines(input, options, |record, bytes| {
        each(record.line(), Some(Item::Classic(record)), None, bytes)
    })
}

/// Whether the input holds variant puzzles: `Some(false)` one a line (JSON objects, links,
/// payloads), from its first line with text; `Some(true)` in the text form (blocks between
/// blank lines), from its first block; `None` for classic puzzles. Nothing is consumed.
fn variant_input(input: &mut Box<dyn BufRead>) -> anyhow::Result<Option<bool>> {
    // The buffer's first 64 KiB: a line longer than that is a payload's or a classic grid's,
    // and starts the same way. A text-form puzzle shows itself in its first lines (headers,
    // then at most 64 rows of grid, then its first constraint).
    const LINES: usize = 80;
    let head = input.fill_buf().context("cannot read")?;
    let head = &head[..head.len().min(64 << 10)];
    let end = head
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .nth(LINES)
        .map_or(head.len(), |(i, _)| i);
    let head = String::from_utf8_lossy(&head[..end]);
    let mut lines = head
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty());
    let block: Vec<&str> = lines.by_ref().take_while(|l| !l.is_empty()).collect();
    let first = block.iter().find(|l| !l.starts_with('#'));
    if first.is_some_and(|l| nsudoku::variant::is_variant_line(l)) {
        return Ok(Some(false));
    }
    Ok(nsudoku::variant::text::looks_like_text_form(block.iter().copied()).then_some(true))
}

/// Lines of an input, each at most [`MAX_LINE`] bytes (a longer one is an error found at once),
/// without their line break, a byte-order mark or invalid UTF-8 (which becomes U+FFFD), with
/// their 1-based number and the bytes read since the last one was taken.
struct Lines {
    input: Box<dyn BufRead>,
    buf: Vec<u8>,
    number: usize,
    bytes: u64,
}

impl Lines {
    fn new(input: Box<dyn BufRead>) -> Lines {
        Lines {
            input,
            buf: Vec::new(),
            number: 0,
            bytes: 0,
        }
    }

    /// The next line and its number, or `None` at the end.
    fn next(&mut self) -> anyhow::Result<Option<(usize, String)>> {
        self.buf.clear();
        let n = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buf)
            .context("cannot read")?;
        if n == 0 {
            return Ok(None);
        }
        self.bytes += n as u64;
        self.number += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if self.buf.len() > MAX_LINE {
            anyhow::bail!(
                "line {} is longer than {} MiB: no puzzle is that long",
                self.number,
                MAX_LINE >> 20
            );
        }
        if self.number == 1 && self.buf.starts_with("\u{feff}".as_bytes()) {
            // A byte-order mark, as some editors write: not a symbol.
            self.buf.drain(..3);
        }
        let text = match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        Ok(Some((self.number, text)))
    }

    /// The bytes read since the last call.
    fn taken(&mut self) -> u64 {
        std::mem::take(&mut self.bytes)
    }
}

/// Variant puzzles in the text form: each block of lines between blank lines is a puzzle.
fn read_blocks(
    input: Box<dyn BufRead>,
    mut each: impl FnMut(Item, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut lines = Lines::new(input);
    let mut block: Option<(String, usize)> = None;
    while let Some((number, text)) = lines.next()? {
        let text = text.trim_end_matches('\r');
        if text.trim().is_empty() {
            if let Some((text, line)) = block.take() {
                let item = Item::Variant(VariantText {
                    line,
                    text,
                    block: true,
                });
                each(item, lines.taken())?;
            }
            continue;
        }
        let (doc, _) = block.get_or_insert_with(|| (String::new(), number));
        if doc.len() + text.len() > MAX_LINE {
            anyhow::bail!(
                "the puzzle at line {number} is longer than {} MiB: no puzzle is that long",
                MAX_LINE >> 20
            );
        }
        doc.push_str(text);
        doc.push('\n');
    }
    if let Some((text, line)) = block {
        each(
            Item::Variant(VariantText {
                line,
                text,
                block: true,
            }),
            lines.taken(),
        )?;
    }
    Ok(())
}

/// Variant puzzles, one a line: each line with text (not a `#` comment) is one puzzle, but a
/// line that opens a JSON object without closing it, whose document goes on to the line where
/// its braces close.
fn read_variant_lines(
    input: Box<dyn BufRead>,
    mut each: impl FnMut(Item, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut lines = Lines::new(input);
    // A JSON document over several lines: its text, first line and brace depth.
    let mut open: Option<(String, usize, Depth)> = None;
    let item = |text: String, line: usize| {
        Item::Variant(VariantText {
            line,
            text,
            block: false,
        })
    };
    while let Some((number, text)) = lines.next()? {
        let text = text.trim_end_matches('\r');
        if let Some((doc, line, depth)) = &mut open {
            doc.push('\n');
            doc.push_str(text);
            if doc.len() > MAX_LINE {
                anyhow::bail!(
                    "the JSON document from line {line} is longer than {} MiB: no puzzle is that long",
                    MAX_LINE >> 20
                );
            }
            if depth.feed(text) {
                let (doc, line, _) = open.take().unwrap_or_default();
                each(item(doc, line), lines.taken())?;
            }
            continue;
        }
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with('{') {
            let mut depth = Depth::default();
            if !depth.feed(trimmed) {
                open = Some((trimmed.to_owned(), number, depth));
                continue;
            }
        }
        each(item(trimmed.to_owned(), number), lines.taken())?;
    }
    if let Some((doc, line, _)) = open {
        // Unclosed: the reader says what is wrong with it.
        each(item(doc, line), lines.taken())?;
    }
    Ok(())
}

/// The depth of JSON braces and brackets over lines, strings and escapes skipped.
#[derive(Clone, Copy, Debug, Default)]
struct Depth {
    depth: i64,
    string: bool,
    escape: bool,
}

impl Depth {
    /// Takes a line; true when the document it began is closed.
    fn feed(&mut self, line: &str) -> bool {
        for c in line.chars() {
            if self.string {
                match c {
                    _ if self.escape => self.escape = false,
                    '\\' => self.escape = true,
                    '"' => self.string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.string = true,
                '{' | '[' => self.depth += 1,
                '}' | ']' => self.depth -= 1,
                _ => {}
            }
        }
        self.depth <= 0
    }
}

/// Puzzles line by line ([`read_path`] without a column).
fn read_lines(
    input: Box<dyn BufRead>,
    options: &ReadOptions,
    mut each: impl FnMut(Record, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut reader = Reader::new(options.clone());
    let mut lines = Lines::new(input);
    while let Some((number, text)) = lines.next()? {
        reader.push_owned(number, text);
        while let Some(record) = reader.next_record() {
            each(record, lines.taken())?;
        }
    }
    reader.finish();
    while let Some(record) = reader.next_record() {
        each(record, lines.taken())?;
    }
    Ok(())
}

/// A reader that counts the bytes it hands on and fails once they pass a limit, so that one
/// CSV record (which may span lines inside quotes) is never held beyond [`MAX_LINE`].
struct Bounded<R> {
    inner: R,
    read: Rc<std::cell::Cell<u64>>,
    limit: Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.read.get() > self.limit.get() {
            return Err(io::Error::other(format!(
                "a CSV record is longer than {} MiB: no puzzle is that long",
                MAX_LINE >> 20
            )));
        }
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// CSV with a header: each record's field in `column` is one puzzle (a grid over several
/// lines inside quotes too), read where the record starts. A record without that field, or
/// with nothing in it, is passed on with its problem and no puzzle, so that every record gets
/// its row; a field holding several puzzles gives as many.
fn read_csv(
    input: Box<dyn BufRead>,
    options: &ReadOptions,
    column: &str,
    mut each: impl FnMut(usize, Option<Item>, Option<Arc<CsvRow>>, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let read = Rc::new(std::cell::Cell::new(0));
    let limit = Rc::new(std::cell::Cell::new(MAX_LINE as u64));
    let bounded = Bounded {
        inner: input,
        read: read.clone(),
        limit: limit.clone(),
    };
    let mut csv = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(bounded);
    let text = |field: &[u8]| String::from_utf8_lossy(field).into_owned();
    let header: Arc<[String]> = csv
        .byte_headers()
        .context("cannot read the CSV header")?
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let name = text(f);
            match i {
                0 => name.trim_start_matches('\u{feff}').to_owned(),
                _ => name,
            }
        })
        .collect();
    let index = header.iter().position(|h| h == column).ok_or_else(|| {
        anyhow!(
            "no column {column:?} in the CSV header (its columns: {})",
            header.join(", ")
        )
    })?;
    let mut reader = Reader::new(options.clone());
    let mut record = csv::ByteRecord::new();
    let mut reported = 0;
    loop {
        // What the CSV reader buffers ahead (8 KiB) and a margin, beyond the longest record.
        limit.set(csv.position().byte() + MAX_LINE as u64 + (64 << 10));
        let line = csv.position().line() as usize;
        match csv.read_byte_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(anyhow!("line {line}: {e}")),
        }
        let bytes = read.get() - std::mem::replace(&mut reported, read.get());
        let row = |problem| {
            Arc::new(CsvRow {
                header: header.clone(),
                fields: record.iter().map(text).collect(),
                problem,
            })
        };
        let field = match record.get(index).map(text) {
            None => {
                let problem = format!("no field {column:?}: the record has {}", record.len());
                each(line, None, Some(row(Some(problem))), bytes)?;
                continue;
            }
            Some(field) => field,
        };
        if nsudoku::variant::is_variant_line(&field) {
            let item = Item::Variant(VariantText {
                line,
                text: field.trim().to_owned(),
                block: false,
            });
            each(line, Some(item), Some(row(None)), bytes)?;
            continue;
        }
        for (k, l) in field.lines().enumerate() {
            reader.push_line(line + k, l);
        }
        reader.finish();
        let csv_row = row(None);
        let mut puzzles = 0;
        while let Some(puzzle) = reader.next_record() {
            let bytes = if puzzles == 0 { bytes } else { 0 };
            puzzles += 1;
            each(
                line,
                Some(Item::Classic(puzzle)),
                Some(csv_row.clone()),
                bytes,
            )?;
        }
        if puzzles == 0 {
            let problem = format!("no puzzle in the field {column:?}");
            each(line, None, Some(row(Some(problem))), bytes)?;
        }
    }
    Ok(())
}

/// Whether an error comes from writing to a closed pipe (`nsudoku … | head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
