//! sigh's Interactive Sudoku Solver (ISS): its constraint strings and `?q=` links, in and out.
//!
//! A constraint string is a run of items, each a `.` then a type and its arguments separated
//! by `~`: `.Cage~15~R1C1~R1C2`, `.Thermo~R1C1~R1C2~R1C3`, `.AntiKnight`. An item without a
//! type gives cells their values: `.~R1C1_8~R2C3_3` (several values, `R1C1_1_2`, limit a
//! cell's candidates). Cells are `R<row>C<column>`, one character each: `1`–`9`, then `a`–`g`
//! for 10–16. White space anywhere is ignored (ISS writes an item a line in its files);
//! `.Shape~6x6` sets the grid's size (9×9 without it), `.And` … `.End` and `.Or` … `.End`
//! group items. A link is `https://sigh.github.io/Interactive-Sudoku-Solver/?q=<string>`.
//!
//! [`from_text`] reads what ISS reads from its input box and its links: a constraint string,
//! or one of the line forms ISS takes (the forum's compact killer line, SudoCue's killer
//! form, jigsaw lines, a plain grid, pencil marks), several of them separated by blank lines
//! and `#` comment lines. Every ISS constraint that has an nsudoku constraint of the same rule
//! is read exactly (`docs/variants.md` gives the table); one that has none is refused with its
//! name, or with [`ReadOptions::ignore_unknown`] skipped with a warning, never dropped
//! silently. [`to_string`] and [`to_link`] write a puzzle as ISS reads it, or say which rule
//! ISS has no way to say.

mod geometry;
mod read;
mod write;

pub use write::{to_link, to_string};

use super::fpuzzles::{Read, ReadOptions};
use super::{Error, ErrorKind};

/// Where ISS lives: its links are this with `?q=` and a constraint string.
pub const LINK_BASE: &str = "https://sigh.github.io/Interactive-Sudoku-Solver/";

/// ISS's constraint types, as its strings name them.
pub(crate) const TYPES: &[&str] = &[
    "AllDifferent",
    "And",
    "AntiConsecutive",
    "AntiKing",
    "AntiKnight",
    "AntiTaxicab",
    "Arrow",
    "Between",
    "Binary",
    "BinaryX",
    "BlackDot",
    "Cage",
    "ChaosArrow",
    "ChaosConstruction",
    "ChaosCount",
    "ConnectedValues",
    "ContainAtLeast",
    "ContainExact",
    "CountDistinct",
    "CountingCircles",
    "Diagonal",
    "DisjointSets",
    "Doppelganger",
    "DoubleArrow",
    "DutchFlatmates",
    "End",
    "Entropic",
    "EqualSum",
    "EqualityCage",
    "FullRank",
    "FullRankTies",
    "GlobalEntropy",
    "GlobalMod",
    "GreaterThan",
    "HiddenSkyscraper",
    "Indexing",
    "Jigsaw",
    "LittleKiller",
    "Lockout",
    "LookAndSay",
    "Lunchbox",
    "Modular",
    "NFA",
    "NoBoxes",
    "NumberedRoom",
    "Or",
    "Pair",
    "PairX",
    "Palindrome",
    "PillArrow",
    "Quad",
    "RegionSameValues",
    "RegionSize",
    "RegionSumLine",
    "Regex",
    "Lunchbox",
    "Renban",
    "Replicate",
    "SameValues",
    "Sandwich",
    "SearchPriority",
    "Shape",
    "Skyscraper",
    "StrictKropki",
    "StrictXV",
    "Sum",
    "SumLine",
    "Thermo",
    "V",
    "ValueIndexing",
    "Var",
    "Whisper",
    "Windoku",
    "X",
    "XSum",
    "Zipper",
];

/// Whether text is an ISS constraint string: it starts with `.`, and has a `~` or begins with
/// the name of an ISS type of two letters or more (`.AntiKnight`). A classic line never has
/// either (`.A.B…` of a 16×16 grid names no type).
pub fn is_constraint_string(text: &str) -> bool {
    let t = text.trim_start();
    let Some(rest) = t.strip_prefix('.') else {
        return false;
    };
    let head: String = rest
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(64)
        .collect();
    if t.contains('~') {
        return true;
    }
    let first = head.split('.').next().unwrap_or("");
    first.len() >= 2 && TYPES.contains(&first)
}

/// Whether text is an ISS link: a `q` parameter on ISS's host, or on any host serving its
/// page (`/Interactive-Sudoku-Solver/`).
pub fn is_link(text: &str) -> bool {
    link_query(text).is_some()
}

/// The `q` parameter of an ISS link, decoded as a form decodes it (`+` is a space).
pub(crate) fn link_query(text: &str) -> Option<String> {
    let t = text.trim();
    let lower: String = t.chars().take(80).collect::<String>().to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let iss = rest.starts_with("sigh.github.io") || rest.contains("/interactive-sudoku-solver");
    if !iss {
        return None;
    }
    let (_, query) = t.split_once('?')?;
    let query = query.split('#').next().unwrap_or("");
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == "q").then(|| form_decode(v))
    })
}

/// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; a `%` that
/// starts no escape stays.
fn form_decode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                let hex = |x: u8| (x as char).to_digit(16);
                match (hex(b[i + 1]), hex(b[i + 2])) {
                    (Some(hi), Some(lo)) => {
                        out.push((hi * 16 + lo) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads what ISS reads: a link, or its input's text (a constraint string, a line form, or
/// several parts between blank lines).
///
/// ```
/// use nsudoku::variant::fpuzzles::ReadOptions;
/// use nsudoku::variant::iss;
///
/// let text = ".Shape~4x4.~R1C1_1.Thermo~R2C1~R2C2~R2C3.Cage~7~R3C3~R3C4";
/// let read = iss::from_text(text, ReadOptions::default()).map_err(|e| e[0].clone())?;
/// assert_eq!(read.puzzle.size(), 4);
/// assert_eq!(read.puzzle.constraints().len(), 2);
/// assert_eq!(iss::to_string(&read.puzzle)?, text);
///
/// let error = iss::from_text(".Lunchbox~5~R1C1~R1C2", ReadOptions::default()).unwrap_err();
/// assert!(error[0].message.contains("Lunchbox"));
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn from_text(text: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let decoded;
    let text = match link_query(text) {
        Some(q) => {
            decoded = q;
            decoded.as_str()
        }
        None if text.trim_start().to_ascii_lowercase().starts_with("http") => {
            return Err(vec![Error::new(
                ErrorKind::Decode,
                "the ISS link has no puzzle (no ?q=…)",
                "",
            )]);
        }
        None => text,
    };
    let items = read::sections(text)?;
    read::build(items, options)
}

#[cfg(test)]
mod tests;
