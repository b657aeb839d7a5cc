//! Reading puzzle files (or standard input) line by line into the library's reader.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nsudoku::parse::{Alphabet, Entry, Layout, ReadOptions, Reader, Record};
use nsudoku::{Error, Grid};
use serde_json::{Map, Value, json};

use crate::cli::{InputArgs, LayoutArg};

/// Where a puzzle starts: a line, and the file when several were given.
#[derive(Clone, Debug)]
pub struct Location {
    pub file: Option<String>,
    pub line: usize,
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
/// since the previous call. A file that cannot be opened or read is reported on stderr and
/// skipped; the return value says whether that happened.
pub fn for_each_record(
    paths: &[PathBuf],
    options: &ReadOptions,
    mut each: impl FnMut(Location, Record, u64) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let named = paths.len() > 1;
    let mut failed = false;
    for path in paths {
        let name = printable(&path.display().to_string()).into_owned();
        let result = read_path(path, options, |record, bytes| {
            let location = Location {
                file: named.then(|| name.clone()),
                line: record.line(),
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

/// Calls `each` with every puzzle record of one file (`-`: stdin) and the bytes read since the
/// previous call.
pub fn read_path(
    path: &Path,
    options: &ReadOptions,
    mut each: impl FnMut(Record, u64) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut input = open(path)?;
    let mut reader = Reader::new(options.clone());
    let mut buf = Vec::new();
    let mut number = 0;
    let mut bytes = 0u64;
    loop {
        buf.clear();
        let n = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .context("cannot read")?;
        if n == 0 {
            break;
        }
        bytes += n as u64;
        number += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            anyhow::bail!(
                "line {number} is longer than {} MiB: no puzzle is that long",
                MAX_LINE >> 20
            );
        }
        if number == 1 && buf.starts_with("\u{feff}".as_bytes()) {
            // A byte-order mark, as some editors write: not a symbol.
            buf.drain(..3);
        }
        // Invalid UTF-8 becomes U+FFFD, which the reader reports as a bad symbol in place.
        match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(text) => reader.push_owned(number, text),
            Err(e) => reader.push_line(number, &String::from_utf8_lossy(e.as_bytes())),
        }
        while let Some(record) = reader.next_record() {
            each(record, std::mem::take(&mut bytes))?;
        }
    }
    reader.finish();
    while let Some(record) = reader.next_record() {
        each(record, std::mem::take(&mut bytes))?;
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
