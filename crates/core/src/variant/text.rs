//! The text form of a variant puzzle: a form to write by hand, in tests and in files of
//! puzzles, read by [`from_text`] and written by [`to_text`] (a round trip gives an equal
//! [`Puzzle`]). `docs/variants.md` gives its grammar and an example of every constraint.
//!
//! ```text
//! title: Little thermo
//! 1...
//! ....
//! ....
//! ...1
//! thermo r1c2-4        # digits increase from the bulb, r1c2
//! killer 7 r2c1-2
//! ```
//!
//! A puzzle is one block of lines without a blank line (puzzles in a file are separated by
//! blank lines); `#` starts a comment, on a line of its own or after the words of a
//! constraint. Each line is one of:
//! - a **header**, `key: value` (`title`, `author`, `rules`, `size`, `regions`): a key
//!   repeated adds a line to its value; `regions:` is followed by `N` lines of region symbols;
//! - a **row of the grid** of givens, read by the classic reader ([`crate::parse`]): `N` lines
//!   of `N` cells, or the `N²` cells on one line, `.` or `0` for an empty cell, numbers
//!   separated by spaces for `N > 9`; the grid comes before the constraints, and may be left
//!   out when a `size:` header says the size;
//! - a **constraint**: its keyword ([`Constraint::name`](super::Constraint::name)), its numbers, then its cells
//!   (`r1c1-3`, `r7-5c1`, `r1-2c1-2`, `r1c1-r3c3`) or its clue outside the grid (`c3 bottom`);
//!   or `candidates`, the digits a few cells are limited to.
//!
//! A line whose first word holds a lower-case letter is a constraint, a line that starts with
//! a word and a colon a header: neither can be a row of a classic grid, which is how
//! [`looks_like_text_form`] tells a text-form puzzle from a classic one.

mod cells;
mod line;
mod write;

pub use write::{constraint_line, to_text};

use super::{Error, ErrorKind, Info, NO_REGION, Puzzle};
use crate::ShapeError;
use crate::grid::{Grid, Shape};
use crate::parse::{Layout, ReadOptions, Reader};
use line::keyword_line;

/// The keywords of constraint lines: [`Constraint::name`](super::Constraint::name) of every rule, and `candidates`.
pub const KEYWORDS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjoint",
    "chess",
    "taxicab",
    "extraregion",
    "even",
    "odd",
    "minimum",
    "maximum",
    "quadruple",
    "clone",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "killer",
    "rellik",
    "equality",
    "littlekiller",
    "sandwich",
    "xsum",
    "skyscraper",
    "numberedroom",
    "arrow",
    "doublearrow",
    "xv",
    "regionsum",
    "thermo",
    "slowthermo",
    "whispers",
    "renban",
    "palindrome",
    "between",
    "entropic",
    "modular",
    "nabner",
    "zipper",
    "lockout",
    "difference",
    "ratio",
    "negative-difference",
    "negative-ratio",
    "negative-xv",
    "candidates",
];

/// The keys of header lines.
pub const HEADERS: &[&str] = &["title", "author", "rules", "size", "regions"];

/// Reads a puzzle in the text form; the lines are numbered from 1.
///
/// ```
/// use nsudoku::variant::text::{from_text, to_text};
///
/// let puzzle = from_text("1...\n....\n....\n...1\nthermo r1c2-4\nkiller 7 r2c1-2\n")
///     .map_err(|e| e[0].clone())?;
/// assert_eq!(puzzle.constraints().len(), 2);
/// assert_eq!(from_text(&to_text(&puzzle)).as_ref(), Ok(&puzzle));
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn from_text(text: &str) -> Result<Puzzle, Vec<Error>> {
    from_text_at(text, 1)
}

/// Reads a puzzle in the text form whose first line is line `first_line` of a file (to name
/// the file's lines in errors). Every problem is reported, up to
/// [`MAX_ERRORS`](crate::error::MAX_ERRORS).
pub fn from_text_at(text: &str, first_line: usize) -> Result<Puzzle, Vec<Error>> {
    let mut read = Read::default();
    for (i, line) in text.split('\n').enumerate() {
        read.line(first_line + i, line.strip_suffix('\r').unwrap_or(line));
    }
    read.finish()
}

/// Whether lines (a block of a file, or its first lines) are a puzzle in the text form rather
/// than a classic grid: some line is a header (`title: …`) or starts with a constraint's
/// keyword. Classic grids have neither.
pub fn looks_like_text_form<'a>(lines: impl IntoIterator<Item = &'a str>) -> bool {
    lines.into_iter().any(|line| match classify(line) {
        Kind::Header { key, .. } => HEADERS.contains(&key.as_str()),
        Kind::Keyword { word } => KEYWORDS.contains(&word.to_ascii_lowercase().as_str()),
        _ => false,
    })
}

/// What a line is.
enum Kind<'a> {
    Blank,
    Comment,
    /// `key: value`, the key lower-cased.
    Header {
        key: String,
        value: &'a str,
    },
    /// A line that starts with a word of letters: a keyword, known or not (a compact grid row
    /// is one word without lower-case letters, a row of numbers starts with a digit or `.`).
    Keyword {
        word: &'a str,
    },
    /// Anything else: a row of the grid (or of the regions).
    Row,
}

fn classify(line: &str) -> Kind<'_> {
    let t = line.trim_start();
    if t.trim_end().is_empty() {
        return Kind::Blank;
    }
    if t.starts_with('#') {
        return Kind::Comment;
    }
    if let Some((key, value)) = t.split_once(':')
        && !key.is_empty()
        && key.bytes().all(|b| b.is_ascii_alphabetic())
    {
        return Kind::Header {
            key: key.to_ascii_lowercase(),
            value,
        };
    }
    let mut words = t.split_whitespace();
    let word = words.next().unwrap_or("");
    let keyword = word.len() >= 2
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && (word.bytes().any(|b| b.is_ascii_lowercase())
            || words.next().is_some()
            || KEYWORDS.contains(&word.to_ascii_lowercase().as_str()));
    if keyword {
        Kind::Keyword { word }
    } else {
        Kind::Row
    }
}

fn at_line(line: usize) -> String {
    format!("line {line}")
}

fn at_column(line: usize, column: usize) -> String {
    format!("line {line}, column {column}")
}

/// The regions block: the line of `regions:`, and the rows read so far (the first row's
/// length says how many rows follow).
struct RegionsBlock {
    line: usize,
    rows: Vec<(usize, Vec<u16>)>,
    /// Rows still to come.
    wanted: Option<usize>,
    /// A row could not be read (and was reported).
    failed: bool,
}

/// The lines of a puzzle, gathered before the puzzle is built.
#[derive(Default)]
struct Read<'a> {
    errors: Vec<Error>,
    info: Info,
    size: Option<(usize, usize)>,
    grid: Vec<(usize, &'a str)>,
    /// A header or constraint came after the grid's rows: the grid is closed.
    grid_closed: bool,
    regions: Option<RegionsBlock>,
    /// Constraint and candidate lines, in order.
    keyword_lines: Vec<(usize, &'a str)>,
    /// The first line with content, and the blank line seen after content (reported once).
    first: Option<usize>,
    blank: Option<usize>,
    blank_reported: bool,
}

impl<'a> Read<'a> {
    fn error(&mut self, kind: ErrorKind, message: impl Into<String>, at: String) {
        self.errors.push(Error::new(kind, message, at));
    }

    fn line(&mut self, number: usize, text: &'a str) {
        let kind = classify(text);
        match kind {
            Kind::Blank => {
                if self.first.is_some() {
                    self.blank.get_or_insert(number);
                }
                return;
            }
            Kind::Comment => return,
            _ => {}
        }
        if let Some(blank) = self.blank.take()
            && !self.blank_reported
        {
            self.blank_reported = true;
            self.error(
                ErrorKind::Syntax,
                "a blank line inside a puzzle (blank lines separate puzzles; use a `#` line to space)",
                at_line(blank),
            );
        }
        self.first.get_or_insert(number);
        if let Some(block) = &mut self.regions
            && block.wanted != Some(0)
        {
            match region_row(text) {
                Ok(row) => {
                    let wanted = block.wanted.get_or_insert(row.len());
                    *wanted = wanted.saturating_sub(1);
                    block.rows.push((number, row));
                    return;
                }
                // A header or constraint before the last row: the rows are counted later.
                Err(_) if !matches!(kind, Kind::Row) => block.wanted = Some(0),
                Err(message) => {
                    block.wanted = Some(0);
                    block.failed = true;
                    self.error(ErrorKind::Regions, message, at_line(number));
                    return;
                }
            }
        }
        match kind {
            Kind::Header { key, value } => {
                self.close_grid();
                self.header(number, &key, value);
            }
            Kind::Keyword { .. } => {
                self.close_grid();
                self.keyword_lines.push((number, text));
            }
            _ => {
                if !self.keyword_lines.is_empty() {
                    let message = "a grid row after the constraints (the grid comes first)";
                    self.error(ErrorKind::Syntax, message, at_line(number));
                } else if self.grid_closed {
                    let message = "a grid row apart from the grid (its rows are written together)";
                    self.error(ErrorKind::Syntax, message, at_line(number));
                } else {
                    self.grid.push((number, text));
                }
            }
        }
    }

    fn close_grid(&mut self) {
        if !self.grid.is_empty() {
            self.grid_closed = true;
        }
    }

    fn header(&mut self, number: usize, key: &str, value: &str) {
        let value = value.trim_matches([' ', '\t']);
        let at = at_line(number);
        let add = |field: &mut Option<String>| {
            let line = unescape(value);
            match field {
                Some(text) => {
                    text.push('\n');
                    text.push_str(&line);
                }
                None => *field = Some(line),
            }
        };
        match key {
            "title" => add(&mut self.info.title),
            "author" => add(&mut self.info.author),
            "rules" => add(&mut self.info.rules),
            "size" => match value.parse::<usize>() {
                Ok(n) if self.size.is_none() => self.size = Some((n, number)),
                Ok(_) => self.error(ErrorKind::Syntax, "the size is given twice", at),
                Err(_) => self.error(
                    ErrorKind::Size,
                    format!("size {value:?} is not a number (size: 9)"),
                    at,
                ),
            },
            "regions" => {
                if self.regions.is_some() {
                    self.error(ErrorKind::Regions, "the regions are given twice", at);
                    return;
                }
                let mut block = RegionsBlock {
                    line: number,
                    rows: Vec::new(),
                    wanted: None,
                    failed: false,
                };
                if !value.is_empty() {
                    // All the regions on one line.
                    block.wanted = Some(0);
                    match region_row(value) {
                        Ok(cells) => {
                            let n = (1..=cells.len())
                                .find(|n| n * n >= cells.len())
                                .unwrap_or(0);
                            if n * n != cells.len() {
                                block.failed = true;
                                self.error(
                                    ErrorKind::Regions,
                                    format!("{} region symbols on one line, not N×N", cells.len()),
                                    at_line(number),
                                );
                            } else {
                                block.rows =
                                    cells.chunks(n).map(|row| (number, row.to_vec())).collect();
                            }
                        }
                        Err(m) => {
                            block.failed = true;
                            self.error(ErrorKind::Regions, m, at_line(number));
                        }
                    }
                }
                self.regions = Some(block);
            }
            _ => self.error(
                ErrorKind::Syntax,
                format!("unknown header \"{key}:\" (headers: title, author, rules, size, regions)"),
                at,
            ),
        }
    }

    fn finish(mut self) -> Result<Puzzle, Vec<Error>> {
        if self.first.is_none() {
            self.error(
                ErrorKind::Syntax,
                "no puzzle: the text is empty",
                String::new(),
            );
            return Err(self.errors);
        }
        let mut puzzle = self.puzzle();
        if let Some(p) = &mut puzzle {
            p.info = std::mem::take(&mut self.info);
            self.set_regions(p);
        }
        // Without a grid, constraints are still read for their syntax (in the largest grid,
        // so that no cell is outside).
        let mut scratch = Puzzle::new(super::MAX_SIDE).ok();
        let (target, keep) = match &mut puzzle {
            Some(p) => (Some(p), true),
            None => (scratch.as_mut(), false),
        };
        if let Some(target) = target {
            let mut candidates_at = std::collections::HashMap::new();
            for (number, text) in std::mem::take(&mut self.keyword_lines) {
                if let Err(errors) = keyword_line(target, number, text, keep, &mut candidates_at) {
                    self.errors.extend(errors);
                }
                if self.errors.len() > crate::error::MAX_ERRORS {
                    break;
                }
            }
        }
        match puzzle {
            Some(p) if self.errors.is_empty() => Ok(p),
            _ => {
                self.errors.truncate(crate::error::MAX_ERRORS);
                Err(self.errors)
            }
        }
    }

    /// The puzzle of the grid (or of the size alone).
    fn puzzle(&mut self) -> Option<Puzzle> {
        let size = self.size;
        if self.grid.is_empty() {
            let Some((n, line)) = size else {
                let at = at_line(self.first.unwrap_or(1));
                self.error(
                    ErrorKind::Syntax,
                    "no grid: a puzzle starts with its grid of givens (or a line `size: 9`)",
                    at,
                );
                return None;
            };
            return Puzzle::new(n)
                .map_err(|mut e| {
                    e.at = at_line(line);
                    self.errors.push(e);
                })
                .ok();
        }
        let start = self.grid[0].0;
        let grid = match read_grid(&self.grid, size.map(|s| s.0)) {
            Ok(grid) => grid,
            Err(errors) => {
                self.errors.extend(errors);
                return None;
            }
        };
        if let Some((n, line)) = size
            && grid.side() != n
        {
            self.error(
                ErrorKind::Size,
                format!("the grid is {m}×{m}, the size says {n}", m = grid.side()),
                at_line(line),
            );
            return None;
        }
        Puzzle::from_grid(&grid)
            .map_err(|mut e| {
                e.at = at_line(start);
                self.errors.push(e);
            })
            .ok()
    }

    fn set_regions(&mut self, puzzle: &mut Puzzle) {
        let Some(block) = self.regions.take() else {
            return;
        };
        if block.failed {
            return;
        }
        let n = puzzle.size();
        let at = at_line(block.line);
        if block.rows.len() != n {
            self.error(
                ErrorKind::Regions,
                format!("{} rows of regions, expected {n}", block.rows.len()),
                at,
            );
            return;
        }
        let mut regions = Vec::with_capacity(n * n);
        for (line, row) in block.rows {
            if row.len() != n {
                self.error(
                    ErrorKind::Regions,
                    format!("a row of {} regions, expected {n}", row.len()),
                    at_line(line),
                );
                return;
            }
            regions.extend(row);
        }
        if let Err(mut e) = puzzle.set_regions(regions) {
            e.at = at;
            self.errors.push(e);
        }
    }
}

/// Reads the grid's rows with the classic reader. A side with no square boxes is read again
/// with its default boxes.
fn read_grid(lines: &[(usize, &str)], size: Option<usize>) -> Result<Grid, Vec<Error>> {
    let read = |shape: Option<Shape>| {
        let options = ReadOptions {
            shape,
            layout: Layout::Grid,
            ..ReadOptions::default()
        };
        let mut reader = Reader::new(options);
        for &(number, text) in lines {
            reader.push_line(number, text);
        }
        reader.finish();
        let mut entries: Vec<_> = std::iter::from_fn(|| reader.next_entry()).collect();
        match entries.len() {
            1 => entries.swap_remove(0).result,
            _ => Err(vec![crate::Error::PuzzleCount {
                found: entries.len(),
            }]),
        }
    };
    let start = lines[0].0;
    // Square boxes first; a side without them (6, 12, a prime) is read again with its default
    // boxes.
    let as_written = || match read(None) {
        Err(errors) => {
            let side = errors.iter().find_map(|e| match e {
                crate::Error::Shape(ShapeError::NotSquare { side }) => Some(*side),
                _ => None,
            });
            match side.and_then(|n| Shape::for_side(n).ok()) {
                Some(shape) => read(Some(shape)),
                None => Err(errors),
            }
        }
        grid => grid,
    };
    let result = match size.and_then(|n| Shape::for_side(n).ok()) {
        Some(shape) => match read(Some(shape)) {
            // A grid of another size than the header's: read it as it is, to say so.
            Err(errors)
                if errors
                    .iter()
                    .any(|e| matches!(e, crate::Error::CellCount { .. })) =>
            {
                as_written()
            }
            grid => grid,
        },
        None => as_written(),
    };
    result.map_err(|errors| errors.into_iter().map(|e| grid_error(e, start)).collect())
}

/// A problem of the classic reader as a problem of the text form.
fn grid_error(e: crate::Error, start: usize) -> Error {
    use crate::Error as E;
    let at = |p: crate::Position| at_column(p.line, p.column);
    match e {
        E::BadSymbol { symbol, position } => Error::new(
            ErrorKind::Syntax,
            format!("bad symbol {symbol:?} in the grid"),
            at(position),
        ),
        E::ValueOutOfRange {
            value,
            max,
            position: Some(position),
        } => Error::new(
            ErrorKind::BadValue,
            format!("digit {value} is above {max}"),
            at(position),
        ),
        E::NumberTooLarge { text, position } => Error::new(
            ErrorKind::BadValue,
            format!("number {text} in the grid is too large"),
            at(position),
        ),
        E::RowLength {
            line,
            found,
            expected,
        } => Error::new(
            ErrorKind::Syntax,
            format!("a grid row of {found} cells, expected {expected}"),
            at_line(line),
        ),
        E::CellCount { found, .. } => Error::new(
            ErrorKind::Syntax,
            format!("the grid has {found} cells, not N×N"),
            at_line(start),
        ),
        E::Shape(_) | E::TooManyCells { .. } | E::TooManyRows { .. } => {
            Error::new(ErrorKind::Size, e.to_string(), at_line(start))
        }
        other => Error::new(ErrorKind::Syntax, other.to_string(), at_line(start)),
    }
}

/// The region of a symbol: `1`–`9`, `A`–`Z`, `a`–`z` are regions 1 to 61 (0 to 60 inside);
/// `.` is no region.
fn region_symbol(c: char) -> Option<u16> {
    let v = match c {
        '.' => return Some(NO_REGION),
        '1'..='9' => c as u32 - '1' as u32,
        'A'..='Z' => c as u32 - 'A' as u32 + 9,
        'a'..='z' => c as u32 - 'a' as u32 + 35,
        _ => return None,
    };
    Some(v as u16)
}

/// A row of regions: one symbol a cell, or (when white space separates several) numbers from
/// 1, symbols and `.`.
fn region_row(text: &str) -> Result<Vec<u16>, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let bad = |t: &str| {
        format!("bad region {t:?} (regions are 1–9, A–Z, a–z, numbers from 1, or . for none)")
    };
    if tokens.len() == 1 {
        return tokens[0]
            .chars()
            .map(|c| region_symbol(c).ok_or_else(|| bad(&c.to_string())))
            .collect();
    }
    tokens
        .iter()
        .map(|t| {
            if t.bytes().all(|b| b.is_ascii_digit()) {
                match t.parse::<u32>() {
                    Ok(v) if v >= 1 && v <= u32::from(NO_REGION) => Ok((v - 1) as u16),
                    _ => Err(bad(t)),
                }
            } else {
                let mut chars = t.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => region_symbol(c).ok_or_else(|| bad(t)),
                    _ => Err(bad(t)),
                }
            }
        })
        .collect()
}

/// A header value as written: `\\`, `\s` (a space), `\t`, `\r`, `\n`; another `\` stays.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = match chars.peek() {
            Some('\\') => '\\',
            Some('s') => ' ',
            Some('t') => '\t',
            Some('r') => '\r',
            Some('n') => '\n',
            _ => {
                out.push('\\');
                continue;
            }
        };
        chars.next();
        out.push(escaped);
    }
    out
}

#[cfg(test)]
mod tests;
