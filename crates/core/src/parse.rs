//! Reading puzzles from text: one per line, or multi-line grids, many to a file.
//!
//! The reader is fed one line at a time ([`Reader::push_line`]) and hands back one [`Entry`]
//! per puzzle, in input order, so a caller can stream a file of millions of puzzles with
//! bounded memory. It does no I/O itself.
//!
//! # The rules, line by line
//! - A blank line ends a block; a line whose first non-blank character is `#` is a comment and
//!   is skipped. A trailing `\r` (CRLF) is dropped.
//! - Separators are white space, `,` `;` `|` `-` `+` `=` and the box-drawing characters
//!   (U+2500–U+257F). A line with no cell on it (`+-----+-----+`) is a rule line and holds none.
//! - A line is read as **separated numbers** when white space, `,` or `;` separates its tokens
//!   and every token is one character or a decimal number (`0 0 7 | 10 12 .`). A one-character
//!   token is a symbol of the alphabet; a longer one is a decimal value (`0` empty).
//! - Otherwise the line is **compact**: every non-separator character is one cell
//!   (`..7|...|3.2`, or an 81-character line). So `007` is three cells when written alone and
//!   the number 7 between spaces.
//! - The standard alphabet is `1`–`9` then `A`–`Z` (10–35); `0`, `.` and
//!   `_` are empty. A custom alphabet ([`Alphabet::new`], such as `0123456789ABCDEF`) lists the
//!   symbols for 1, 2, …; `.` and `_` stay empty, and so does `0` unless it is a symbol.
//!
//! # Puzzles from blocks
//! A block is a run of non-blank lines. With [`Layout::Auto`], a block whose cell-bearing lines
//! number `L ≥ 2`, with a median of `L` cells a line, is one `L × L` grid; any other block holds
//! one puzzle per line. (A block of exactly 16 one-line 4×4 puzzles therefore reads as one
//! 16×16 grid: force [`Layout::Lines`] for such files.) Blocks of at least two lines of `N`
//! cells each, fewer than `N` lines, that together make `N` lines, are the bands of one grid
//! written with blank lines between them. The grid's size comes from its cell count `N²`; the
//! boxes are square unless a [`Shape`] is given.

use std::collections::VecDeque;

use crate::error::{Error, Position};
use crate::grid::{Grid, MAX_SIDE, Shape};

/// The symbols for the digits 1, 2, … in compact text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// Value of each ASCII character: `NOT_A_SYMBOL`, 0 for empty marks, else the digit.
    ascii: [u16; 128],
}

const NOT_A_SYMBOL: u16 = u16::MAX;

const STANDARD: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Alphabet {
    /// `1`–`9`, then `A`–`Z` for 10–35.
    pub fn standard() -> Alphabet {
        Alphabet::with_symbols(STANDARD.chars().collect())
    }

    fn with_symbols(symbols: Vec<char>) -> Alphabet {
        let mut ascii = [NOT_A_SYMBOL; 128];
        for c in ['.', '_', '0'] {
            ascii[c as usize] = 0;
        }
        for (i, &c) in symbols.iter().enumerate() {
            if c.is_ascii() {
                ascii[c as usize] = i as u16 + 1;
            }
        }
        Alphabet { symbols, ascii }
    }

    /// A custom alphabet: `symbols[0]` is the digit 1. Symbols must be distinct and neither
    /// separators nor the empty marks `.` and `_`.
    pub fn new(symbols: &str) -> Result<Alphabet, Error> {
        let bad = |reason: &'static str| Error::Alphabet {
            symbols: symbols.to_owned(),
            reason,
        };
        let chars: Vec<char> = symbols.chars().collect();
        if chars.is_empty() {
            return Err(bad("it is empty"));
        }
        if chars
            .iter()
            .any(|&c| is_separator(c) || c == '.' || c == '_' || c == '#')
        {
            return Err(bad(
                "it holds a separator, '#' or an empty mark ('.' or '_')",
            ));
        }
        if (1..chars.len()).any(|i| chars[..i].contains(&chars[i])) {
            return Err(bad("a symbol appears twice"));
        }
        Ok(Alphabet::with_symbols(chars))
    }

    /// How many digits the alphabet can write: grids up to this side have a compact form.
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: an alphabet has at least one symbol.
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The symbol of a digit value `1..=len`.
    pub fn symbol(&self, value: usize) -> Option<char> {
        value
            .checked_sub(1)
            .and_then(|i| self.symbols.get(i).copied())
    }

    /// The value of a symbol: `Some(0)` for an empty mark, `None` for a stranger.
    fn value(&self, c: char) -> Option<u64> {
        if c.is_ascii() {
            let v = self.ascii[c as usize];
            return (v != NOT_A_SYMBOL).then_some(v as u64);
        }
        if let Some(i) = self.symbols.iter().position(|&s| s == c) {
            return Some(i as u64 + 1);
        }
        if c == '.' || c == '_' || c == '0' {
            return Some(0);
        }
        None
    }
}

impl Default for Alphabet {
    fn default() -> Self {
        Alphabet::standard()
    }
}

/// How blocks of lines become puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// Decide per block (see the module docs).
    #[default]
    Auto,
    /// Every line is one puzzle.
    Lines,
    /// Every block of lines (up to a blank line) is one puzzle.
    Grid,
}

/// What the reader needs to know beyond the text.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Symbols of compact text.
    pub alphabet: Alphabet,
    /// The box shape; `None` means square boxes.
    pub shape: Option<Shape>,
    /// How lines group into puzzles.
    pub layout: Layout,
}

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

/// A cell-bearing line of a block: its text, and what the block rules need to know of it.
#[derive(Clone, Debug)]
struct Line {
    number: usize,
    text: String,
    /// Cells on the line (a bad symbol counts as one).
    cells: usize,
    /// One cell a character (else separated numbers).
    compact: bool,
}

impl Line {
    fn new(number: usize, text: String) -> Line {
        let (cells, compact) = classify(&text);
        Line {
            number,
            text,
            cells,
            compact,
        }
    }

    /// A line whose cells are not counted yet (`cells == usize::MAX`): a line streamed as one
    /// puzzle needs no count to be placed, so the count waits for [`Record::read`], which
    /// may run on another thread.
    fn uncounted(number: usize, text: String) -> Line {
        Line {
            number,
            text,
            cells: usize::MAX,
            compact: false,
        }
    }

    /// The cell count and compactness, counted now if they were not yet.
    fn count(&self) -> (usize, bool) {
        if self.cells == usize::MAX {
            classify(&self.text)
        } else {
            (self.cells, self.compact)
        }
    }
}

/// A puzzle's lines, gathered but not yet read. Making records is cheap and sequential;
/// reading them ([`Record::read`]), the costly part, can run on other threads.
#[derive(Clone, Debug)]
pub struct Record {
    line: usize,
    lines: Vec<Line>,
    /// The lines are the rows of one grid (else one line, one puzzle).
    grid: bool,
}

impl Record {
    /// The 1-based line where the puzzle starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The length of the puzzle's text in bytes (to bound how much is held at once).
    pub fn text_len(&self) -> usize {
        self.lines.iter().map(|l| l.text.len()).sum()
    }

    /// Reads the puzzle: the grid, or every problem with it.
    pub fn read(&self, options: &ReadOptions) -> Entry {
        if let [line] = &self.lines[..] {
            if let Some(entry) = read_compact(line, options) {
                return entry;
            }
        }
        read_lines(self.line, &self.lines, self.grid, options)
    }
}

/// Reads lines (counted) as one puzzle: the rows of one grid, or a single line.
fn read_lines(start: usize, lines: &[Line], grid: bool, options: &ReadOptions) -> Entry {
    let mut cells = Vec::new();
    let mut errors = Vec::new();
    let mut empty = None;
    let rows = lines.len();
    let square = grid && lines.iter().filter(|l| l.count().0 == rows).count() * 2 > rows;
    for line in lines {
        let (found, _) = line.count();
        if square && found != rows {
            errors.push(Error::RowLength {
                line: line.number,
                found,
                expected: rows,
            });
        }
        let e = tokenize(line, &options.alphabet, &mut cells, &mut errors);
        empty = empty.or(e);
    }
    build(start, cells, errors, empty, options)
}

/// Turns lines of text into puzzles; see the module docs for the rules.
#[derive(Debug)]
pub struct Reader {
    options: ReadOptions,
    /// Lines of the current block, while its layout is undecided.
    block: Vec<Line>,
    /// The line that opened the current block (rule lines included).
    block_start: Option<usize>,
    /// The current block was found to hold one puzzle per line: read them as they come.
    streaming: bool,
    /// Earlier blocks that may be bands of one grid split by blank lines, and the line that
    /// opened the first.
    bands: Vec<Line>,
    bands_start: usize,
    ready: VecDeque<Record>,
}

/// A block with more lines than this cannot be one grid; its lines stream as puzzles.
const MAX_GRID_LINES: usize = MAX_SIDE;

impl Reader {
    /// A reader with these options.
    pub fn new(options: ReadOptions) -> Reader {
        let streaming = options.layout == Layout::Lines;
        Reader {
            options,
            block: Vec::new(),
            block_start: None,
            streaming,
            bands: Vec::new(),
            bands_start: 0,
            ready: VecDeque::new(),
        }
    }

    /// The options the reader was made with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Feeds the next line (without its `\n`; a `\r` is dropped). `number` is 1-based.
    pub fn push_line(&mut self, number: usize, text: &str) {
        self.push_owned(number, text.to_owned());
    }

    /// [`Reader::push_line`] for a line the caller no longer needs (saves a copy).
    pub fn push_owned(&mut self, number: usize, mut text: String) {
        if text.ends_with('\r') {
            text.pop();
        }
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            self.end_block();
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        self.block_start.get_or_insert(number);
        if text.chars().all(is_separator) {
            return; // a rule line
        }
        if self.streaming {
            self.flush_bands();
            self.emit_line(Line::uncounted(number, text));
            return;
        }
        let line = Line::new(number, text);
        self.block.push(line);
        if self.block.len() > MAX_GRID_LINES && self.options.layout == Layout::Auto {
            self.streaming = true;
            self.flush_bands();
            let lines = std::mem::take(&mut self.block);
            self.emit_lines(lines);
        }
    }

    /// Ends the input: the last block is read.
    pub fn finish(&mut self) {
        self.end_block();
        self.flush_bands();
    }

    /// The next puzzle's lines, in input order, still to be read.
    pub fn next_record(&mut self) -> Option<Record> {
        self.ready.pop_front()
    }

    /// The next puzzle read, in input order.
    pub fn next_entry(&mut self) -> Option<Entry> {
        self.next_record().map(|r| r.read(&self.options))
    }

    fn end_block(&mut self) {
        let lines = std::mem::take(&mut self.block);
        let start = self.block_start.take();
        self.streaming = self.options.layout == Layout::Lines;
        let Some(start) = start else { return };
        if lines.is_empty() {
            return;
        }
        match self.options.layout {
            Layout::Grid => self.emit_grid(start, lines),
            Layout::Lines => self.emit_lines(lines),
            Layout::Auto => self.end_auto_block(start, lines),
        }
    }

    fn end_auto_block(&mut self, start: usize, lines: Vec<Line>) {
        if let Some(first) = self.bands.first() {
            let side = first.cells;
            if self.is_band(&lines, side) && self.bands.len() + lines.len() <= side {
                self.bands.extend(lines);
                if self.bands.len() == side {
                    let bands = std::mem::take(&mut self.bands);
                    self.emit_grid(self.bands_start, bands);
                }
                return;
            }
            self.flush_bands();
        }
        if self.looks_like_grid(&lines) {
            self.emit_grid(start, lines);
        } else if lines.first().is_some_and(|l| self.is_band(&lines, l.cells)) {
            self.bands = lines;
            self.bands_start = start;
        } else {
            self.emit_lines(lines);
        }
    }

    /// Whether a block could be some rows of a `side × side` grid written with blank lines
    /// between its bands: at least two lines of `side` cells, fewer than `side` lines.
    fn is_band(&self, lines: &[Line], side: usize) -> bool {
        lines.len() >= 2
            && lines.len() < side
            && lines.iter().all(|l| l.cells == side)
            && (lines.iter().any(|l| !l.compact) || side <= self.options.alphabet.len())
    }

    /// Bands that never made a whole grid are read one puzzle a line, as they are.
    fn flush_bands(&mut self) {
        let bands = std::mem::take(&mut self.bands);
        self.emit_lines(bands);
    }

    fn emit_lines(&mut self, lines: Vec<Line>) {
        for line in lines {
            self.emit_line(line);
        }
    }

    fn looks_like_grid(&self, lines: &[Line]) -> bool {
        let n = lines.len();
        if n < 2 {
            return false;
        }
        let mut counts: Vec<usize> = lines.iter().map(|l| l.cells).collect();
        counts.sort_unstable();
        let median = counts[n / 2];
        let compact = lines.iter().all(|l| l.compact);
        median == n && (!compact || n <= self.options.alphabet.len())
    }

    fn emit_line(&mut self, line: Line) {
        self.ready.push_back(Record {
            line: line.number,
            lines: vec![line],
            grid: false,
        });
    }

    fn emit_grid(&mut self, start: usize, lines: Vec<Line>) {
        self.ready.push_back(Record {
            line: start,
            lines,
            grid: true,
        });
    }
}

/// The fast path for a line of ASCII symbols and separators that reads without a problem;
/// `None` sends the line to the full reader.
fn read_compact(line: &Line, options: &ReadOptions) -> Option<Entry> {
    // The common case first: the symbols alone, one a cell.
    let bytes = line.text.trim_end().as_bytes();
    if let Some(grid) = read_compact_bytes(bytes, options) {
        let empty = bytes
            .iter()
            .find(|&&b| options.alphabet.ascii[usize::from(b & 127)] == 0)
            .map_or('.', |&b| char::from(b));
        return Some(Entry {
            line: line.number,
            result: Ok(grid),
            empty,
        });
    }
    if !line.text.is_ascii() {
        return None;
    }
    let (cells, compact) = line.count();
    if !compact {
        return None;
    }
    let shape = Shape::for_cell_count(cells, options.shape).ok()?;
    let mut values = Vec::with_capacity(cells);
    let mut empty = None;
    for b in line.text.bytes() {
        match options.alphabet.ascii[b as usize] {
            NOT_A_SYMBOL if is_separator(b as char) => {}
            NOT_A_SYMBOL => return None,
            0 => {
                empty.get_or_insert(b as char);
                values.push(0);
            }
            v if v as usize <= shape.side() => values.push(v),
            _ => return None,
        }
    }
    Some(Entry {
        line: line.number,
        result: Grid::from_values(shape, &values).map_err(|e| vec![e]),
        empty: empty.unwrap_or('.'),
    })
}

/// The grid from its cells, or every problem found.
fn build(
    line: usize,
    cells: Vec<(u64, Position)>,
    mut errors: Vec<Error>,
    empty: Option<char>,
    options: &ReadOptions,
) -> Entry {
    let empty = empty.unwrap_or('.');
    let shape = match Shape::for_cell_count(cells.len(), options.shape) {
        Ok(shape) => shape,
        Err(e) => {
            // Row-length errors already say which row is off; the total adds nothing.
            if errors.is_empty() || !matches!(e, Error::CellCount { .. }) {
                errors.push(e);
            }
            return Entry {
                line,
                result: Err(errors),
                empty,
            };
        }
    };
    let max = shape.side();
    for &(value, position) in &cells {
        if value > max as u64 {
            errors.push(Error::ValueOutOfRange {
                value,
                max,
                position: Some(position),
            });
        }
    }
    let result = if errors.is_empty() {
        let values: Vec<u16> = cells.iter().map(|&(v, _)| v as u16).collect();
        Grid::from_values(shape, &values).map_err(|e| vec![e])
    } else {
        Err(errors)
    };
    Entry {
        line,
        result,
        empty,
    }
}

/// Separators between cells: they never hold a cell.
fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || matches!(c, ',' | ';' | '|' | '-' | '+' | '=')
        || ('\u{2500}'..='\u{257F}').contains(&c)
}

/// Separators that make a line "separated numbers" when they stand between tokens.
fn is_soft_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

/// Runs of non-separators, with the 1-based column of their first character.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = text.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        let (col, at) = loop {
            let (i, (at, c)) = chars.next()?;
            if !is_separator(c) {
                break (i + 1, at);
            }
        };
        let mut end = text.len();
        while let Some(&(_, (next, c))) = chars.peek() {
            if is_separator(c) {
                end = next;
                break;
            }
            chars.next();
        }
        Some((col, &text[at..end]))
    })
}

/// The cell count of a line, and whether it is compact (one cell a character) rather than
/// separated numbers. See the module docs for the rule.
fn classify(text: &str) -> (usize, bool) {
    let text = text.trim_end();
    let (mut count, mut chars, mut simple) = (0, 0, true);
    let mut first = None;
    for (col, token) in tokens(text) {
        first.get_or_insert(col);
        count += 1;
        let n = token.chars().count();
        chars += n;
        simple &= n == 1 || token.bytes().all(|b| b.is_ascii_digit());
    }
    let soft = first.is_some_and(|col| text.chars().skip(col).any(is_soft_separator));
    let numbers = soft && count > 1 && simple;
    if numbers {
        (count, false)
    } else {
        (chars, true)
    }
}

/// Appends a line's cells (value, 0 empty, and position) and problems; returns the first
/// empty mark seen.
fn tokenize(
    line: &Line,
    alphabet: &Alphabet,
    cells: &mut Vec<(u64, Position)>,
    errors: &mut Vec<Error>,
) -> Option<char> {
    let pos = |column| Position {
        line: line.number,
        column,
    };
    let mut empty = None;
    let (_, compact) = line.count();
    for (col, token) in tokens(line.text.trim_end()) {
        if !compact && token.len() > 1 {
            // A decimal number; absurdly long ones saturate and are reported out of range.
            let value = token.parse::<u64>().unwrap_or(u64::MAX);
            if value == 0 {
                empty.get_or_insert('0');
            }
            cells.push((value, pos(col)));
            continue;
        }
        for (i, c) in token.chars().enumerate() {
            match alphabet.value(c) {
                Some(value) => {
                    if value == 0 {
                        empty.get_or_insert(c);
                    }
                    cells.push((value, pos(col + i)));
                }
                None => {
                    errors.push(Error::BadSymbol {
                        symbol: c,
                        position: pos(col + i),
                    });
                    cells.push((0, pos(col + i)));
                }
            }
        }
    }
    empty
}

/// Reads every puzzle of a text.
pub fn read_str(text: &str, options: &ReadOptions) -> Vec<Entry> {
    let mut reader = Reader::new(options.clone());
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        reader.push_line(i + 1, line);
        out.extend(std::iter::from_fn(|| reader.next_entry()));
    }
    reader.finish();
    out.extend(std::iter::from_fn(|| reader.next_entry()));
    out
}

/// Reads one puzzle written on one line (the common case of batch files), fast when the line
/// is compact: `N²` symbols of the alphabet and nothing else. Any other line goes through the
/// full reader, so the errors are the same as [`read_str`]'s.
pub fn read_line(text: &str, options: &ReadOptions) -> Result<Grid, Vec<Error>> {
    let bytes = text.trim_end_matches(['\r', '\n']).as_bytes();
    if options.layout != Layout::Grid {
        if let Some(grid) = read_compact_bytes(bytes, options) {
            return Ok(grid);
        }
    }
    let mut entries = read_str(text, options);
    match entries.len() {
        1 => entries.swap_remove(0).result,
        found => Err(vec![Error::PuzzleCount { found }]),
    }
}

/// A line of exactly `N²` symbols of the alphabet and nothing else, as a grid without further
/// checks; `None` for anything else (read then by the full reader, which finds the errors).
/// One pass without a branch per byte: a byte outside ASCII or the alphabet shows in the
/// largest value, as does a digit above `N`.
fn read_compact_bytes(bytes: &[u8], options: &ReadOptions) -> Option<Grid> {
    let shape = match options.shape {
        None if bytes.len() == 81 => Shape::CLASSIC,
        _ => Shape::for_cell_count(bytes.len(), options.shape).ok()?,
    };
    if shape.side() > options.alphabet.len() {
        return None;
    }
    let (mut max, mut high) = (0u16, 0u8);
    let values: Vec<u16> = bytes
        .iter()
        .map(|&b| {
            high |= b;
            let v = options.alphabet.ascii[usize::from(b & 127)];
            max = max.max(v);
            v
        })
        .collect();
    (high < 128 && usize::from(max) <= shape.side()).then(|| Grid::from_checked(shape, values))
}

/// Reads a text that holds exactly one puzzle, returning its first problem if it has any.
pub fn read_one(text: &str, options: &ReadOptions) -> Result<Grid, Error> {
    let mut entries = read_str(text, options);
    if entries.len() != 1 {
        return Err(Error::PuzzleCount {
            found: entries.len(),
        });
    }
    entries
        .pop()
        .map(|e| e.result)
        .unwrap_or(Err(vec![]))
        .map_err(|mut errors| errors.swap_remove(0))
}

impl std::str::FromStr for Grid {
    type Err = Error;

    /// One puzzle in any of the formats of [`crate::parse`], with square boxes and the
    /// standard alphabet.
    fn from_str(s: &str) -> Result<Grid, Error> {
        read_one(s, &ReadOptions::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn values(text: &str) -> Vec<u16> {
        text.parse::<Grid>().unwrap().values().to_vec()
    }

    #[test]
    fn compact_line_with_every_empty_mark() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let g: Grid = line.parse().unwrap();
        assert_eq!(g.side(), 9);
        assert_eq!(g.clue_count(), 30);
        let zeros = line.replace('.', "0");
        assert_eq!(values(&zeros), g.values());
        assert_eq!(values(&line.replace('.', "_")), g.values());
    }

    #[test]
    fn separated_rows_with_bars_and_commas() {
        let rows = [
            "0, 0, 7 | 0, 0, 0 | 3, 0, 2,",
            "2, 0, 0 | 0, 0, 5 | 0, 1, 0,",
            "0, 0, 0 | 8, 0, 1 | 4, 0, 0,",
            "------+-------+------",
            "0, 1, 0 | 0, 9, 6 | 0, 0, 8,",
            "7, 6, 0 | 0, 0, 0 | 0, 4, 9,",
            "0, 0, 0 | 0, 0, 0 | 0, 0, 0,",
            "------+-------+------",
            "0, 0, 0 | 1, 0, 3 | 0, 0, 0,",
            "8, 0, 1 | 0, 6, 0 | 0, 0, 0,",
            "0, 0, 0 | 7, 0, 0 | 0, 6, 3,",
        ];
        let g: Grid = rows.join("\n").parse().unwrap();
        let expected =
            "007000302200005010000801400010096008760000049000000000000103000801060000000700063";
        assert_eq!(g, expected.parse().unwrap());
    }

    #[test]
    fn box_drawn_grid_and_crlf() {
        let text = "+-----+-----+\r\n| 1 2 | 3 4 |\r\n| 3 4 | 1 2 |\r\n+-----+-----+\r\n| 2 1 | 4 3 |\r\n| 4 3 | 2 1 |\r\n+-----+-----+\r\n";
        let entries = read_str(text, &ReadOptions::default());
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 1);
        let g = entries[0].result.as_ref().unwrap();
        assert_eq!(g.values(), values("1234341221434321"));
    }

    #[test]
    fn bands_separated_by_blank_lines_make_one_grid() {
        let text = "1 . 3 | . 5 .\n. 5 . | 1 . 3\n\n. 3 . | 5 . 4\n5 . 4 | . 3 .\n\n3 . 2 | . 4 .\n. 4 . | 3 . 2\n\n1234341221434321\n";
        let opts = ReadOptions {
            shape: Some(Shape::new(3, 2).unwrap()),
            ..ReadOptions::default()
        };
        let entries = read_str(text, &opts);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 1);
        assert_eq!(entries[0].result.as_ref().unwrap().clue_count(), 18);
        assert_eq!(entries[1].line, 10);
        // Bands that never complete a grid are read one puzzle a line.
        let broken = read_str(
            "1 2 3 4\n3 4 1 2\n\n1234341221434321\n",
            &ReadOptions::default(),
        );
        assert_eq!(broken.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 2, 4]);
    }

    #[test]
    fn unicode_box_drawing_is_a_separator() {
        let text = "┌───┬───┐\n│1 2│3 4│\n│3 4│1 2│\n├───┼───┤\n│2 1│4 3│\n│4 3│2 1│\n└───┴───┘";
        assert_eq!(values(text), values("1234341221434321"));
    }

    #[test]
    fn many_numbers_for_large_grids() {
        let mut text = String::new();
        for r in 0..16 {
            let row: Vec<String> = (0..16)
                .map(|c| {
                    if (r + c) % 3 == 0 {
                        ".".into()
                    } else {
                        ((r * 4 + r / 4 + c) % 16 + 1).to_string()
                    }
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let g: Grid = text.parse().unwrap();
        assert_eq!(g.side(), 16);
        assert!(g.values().iter().any(|&v| v > 9));
    }

    #[test]
    fn one_puzzle_per_line_with_comments_and_line_numbers() {
        let text = "# header\n1234341221434321\n\n0000000000000000\n# note\n1x34341221434321\n";
        let opts = ReadOptions {
            layout: Layout::Lines,
            ..ReadOptions::default()
        };
        let entries = read_str(text, &opts);
        let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 4, 6]);
        assert!(entries[0].result.is_ok() && entries[1].result.is_ok());
        assert_eq!(
            entries[2].result.as_ref().unwrap_err(),
            &vec![Error::BadSymbol {
                symbol: 'x',
                position: Position { line: 6, column: 2 }
            }]
        );
    }

    #[test]
    fn auto_layout_reads_a_batch_of_81_character_lines() {
        let p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let text = format!("{p}\n{p}\n{p}\n");
        let entries = read_str(&text, &ReadOptions::default());
        assert_eq!(entries.len(), 3);
        assert!(entries.iter().all(|e| e.result.is_ok()));
    }

    #[test]
    fn every_error_of_a_puzzle_is_listed() {
        let bad =
            "5x..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..y9";
        let errors = bad.parse::<Grid>().unwrap_err();
        assert!(matches!(errors, Error::BadSymbol { symbol: 'x', .. }));
        let entries = read_str(bad, &ReadOptions::default());
        assert_eq!(entries[0].result.as_ref().unwrap_err().len(), 2);
    }

    #[test]
    fn cell_count_and_row_length_errors() {
        assert_eq!(
            "1234".repeat(20).parse::<Grid>().unwrap_err(),
            Error::CellCount {
                found: 80,
                expected: 81
            }
        );
        let text = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
        let entries = read_str(text, &ReadOptions::default());
        assert_eq!(
            entries[0].result.as_ref().unwrap_err(),
            &vec![Error::RowLength {
                line: 2,
                found: 3,
                expected: 4
            }]
        );
    }

    #[test]
    fn out_of_range_values_name_their_place() {
        let text = "1 2 3 4\n3 4 1 2\n2 1 17 3\n4 3 2 1\n";
        let err = text.parse::<Grid>().unwrap_err();
        assert_eq!(
            err,
            Error::ValueOutOfRange {
                value: 17,
                max: 4,
                position: Some(Position { line: 3, column: 5 })
            }
        );
        assert!(matches!(
            "A".repeat(81).parse::<Grid>().unwrap_err(),
            Error::ValueOutOfRange {
                value: 10,
                max: 9,
                ..
            }
        ));
    }

    #[test]
    fn rectangular_shapes_need_the_box() {
        let line = "123456456123231564564231312645645312";
        assert!(matches!(line.parse::<Grid>(), Err(Error::Shape(_))));
        let opts = ReadOptions {
            shape: Some(Shape::new(3, 2).unwrap()),
            ..ReadOptions::default()
        };
        let g = read_one(line, &opts).unwrap();
        assert_eq!(g.shape().side(), 6);
        assert!(g.conflicts().is_empty());
        let wrong = ReadOptions {
            shape: Some(Shape::new(2, 3).unwrap()),
            ..ReadOptions::default()
        };
        assert!(!read_one(line, &wrong).unwrap().conflicts().is_empty());
    }

    #[test]
    fn custom_alphabet_reads_hex() {
        let opts = ReadOptions {
            alphabet: Alphabet::new("0123456789ABCDEF").unwrap(),
            ..ReadOptions::default()
        };
        let text: String = (0..256)
            .map(|i| {
                if i % 5 == 0 {
                    '.'
                } else {
                    "0123456789ABCDEF".as_bytes()[(i * 7 + i / 16) % 16] as char
                }
            })
            .collect();
        let g = read_one(&text, &opts).unwrap();
        assert_eq!(g.side(), 16);
        assert_eq!(g.values()[1], 8); // '7' is the eighth symbol
        assert!(Alphabet::new("1123").is_err());
        assert!(Alphabet::new("12.3").is_err());
        assert_eq!(
            Alphabet::new("0123456789ABCDEF").unwrap().symbol(1),
            Some('0')
        );
    }

    #[test]
    fn read_line_fast_path_agrees_with_the_reader() {
        let opts = ReadOptions::default();
        for line in [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "5x..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "1234341221434321",
            "1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1",
            "12345",
            "A234341221434321",
            // A digit above 4 in a 4×4 grid; a character beyond ASCII whose low 7 bits are a
            // digit (U+00B1 is 0xC2 0xB1, 0xB1 & 127 = '1'), 81 bytes in all; 80 cells and a separator.
            "1234341221434325",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..\u{b1}",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..,",
            "",
        ] {
            let slow = read_str(line, &opts).pop().map(|e| e.result);
            let fast = read_line(line, &opts);
            match slow {
                Some(slow) => assert_eq!(fast, slow, "{line:?}"),
                None => assert!(fast.is_err()),
            }
        }
    }

    #[test]
    fn the_one_by_one_grid() {
        assert_eq!(values("1"), [1]);
        assert_eq!(values("0"), [0]);
        assert!(matches!(
            "2".parse::<Grid>(),
            Err(Error::ValueOutOfRange {
                value: 2,
                max: 1,
                ..
            })
        ));
    }

    #[test]
    fn read_one_rejects_several_puzzles() {
        assert_eq!(
            "1\n\n1\n".parse::<Grid>().unwrap_err(),
            Error::PuzzleCount { found: 2 }
        );
        assert_eq!(
            "".parse::<Grid>().unwrap_err(),
            Error::PuzzleCount { found: 0 }
        );
    }

    #[test]
    fn duplicates_are_found_after_reading() {
        let mut line = String::from(
            "007000302200005010000801400010096008760000049000000000000103000801060000000700063",
        );
        line.replace_range(19..20, "1"); // r3c2 = 1: row 3 has a 1 at r3c6, column 2 at r4c2
        let g: Grid = line.parse().unwrap();
        let messages: Vec<String> = g
            .conflicts()
            .into_iter()
            .map(|c| Error::from(c).to_string())
            .collect();
        assert_eq!(
            messages,
            [
                "duplicate 1 in row 3: r3c2 and r3c6",
                "duplicate 1 in column 2: r3c2 and r4c2"
            ]
        );
        assert_eq!(g.conflicts()[0].first, Cell::new(2, 1));
    }
}
