//! Reading puzzle files (or standard input) line by line into the library's reader.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use anyhow::Context;
use nsudoku::parse::{Alphabet, Entry, Layout, ReadOptions, Reader};
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
            Some(file) => write!(f, "{file}:{}", self.line),
            None => write!(f, "line {}", self.line),
        }
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
pub fn validated(entry: &Entry) -> Result<Grid, Vec<Error>> {
    let grid = entry.result.clone()?;
    let conflicts = grid.conflicts();
    if conflicts.is_empty() {
        Ok(grid)
    } else {
        Err(conflicts.into_iter().map(Error::from).collect())
    }
}

/// Calls `each` on every puzzle of every input, in order. A file that cannot be opened or
/// read is reported on stderr and skipped; the return value says whether that happened.
pub fn for_each_entry(
    args: &InputArgs,
    options: &ReadOptions,
    mut each: impl FnMut(&Location, Entry) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let named = files.len() > 1;
    let mut failed = false;
    for path in files {
        let name = path.display().to_string();
        let result = open(path).and_then(|input| {
            read(input, options, |line, entry| {
                let location = Location {
                    file: named.then(|| name.clone()),
                    line,
                };
                each(&location, entry)
            })
        });
        if let Err(e) = result {
            if is_broken_pipe(&e) {
                return Err(e);
            }
            eprintln!("nsudoku: {name}: {e:#}");
            failed = true;
        }
    }
    Ok(failed)
}

fn open(path: &Path) -> anyhow::Result<Box<dyn BufRead>> {
    if path == Path::new("-") {
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = File::open(path).context("cannot open")?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

fn read(
    mut input: Box<dyn BufRead>,
    options: &ReadOptions,
    mut each: impl FnMut(usize, Entry) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut reader = Reader::new(options.clone());
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf).context("cannot read")? == 0 {
            break;
        }
        number += 1;
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        // Invalid UTF-8 becomes U+FFFD, which the reader reports as a bad symbol in place.
        reader.push_line(number, &String::from_utf8_lossy(bytes));
        while let Some(entry) = reader.next_entry() {
            each(entry.line, entry)?;
        }
    }
    reader.finish();
    while let Some(entry) = reader.next_entry() {
        each(entry.line, entry)?;
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
