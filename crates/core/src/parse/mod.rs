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
//!
//! [`Shape`]: crate::grid::Shape

mod alphabet;
mod drawn;
mod entry;
mod marks;
mod options;
mod pencil;
mod reader;
mod record;
mod tokens;

pub use alphabet::Alphabet;
pub use entry::Entry;
pub use marks::read_marks;
pub use options::{Layout, ReadOptions};
pub use reader::Reader;
pub use record::Record;

use crate::error::Error;
use crate::grid::Grid;
use record::read_compact_bytes;

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
        if let Some(grid) = pencil::read_compact_places(bytes, options) {
            return Ok(grid);
        }
    }
    let mut entries = read_str(text, options);
    match entries.len() {
        1 => entries.swap_remove(0).result,
        found => Err(vec![Error::PuzzleCount { found }]),
    }
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

    pub(super) fn values(text: &str) -> Vec<u16> {
        text.parse::<Grid>().unwrap().values().to_vec()
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
