//! The characters of compact text: the symbols of an [`Alphabet`], the empty marks (`.`, `_`,
//! and `0` unless it is a symbol) and the separators, which never hold a cell.

use crate::error::Error;

/// The symbols for the digits 1, 2, … in compact text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    /// Value of each ASCII character: `NOT_A_SYMBOL`, 0 for empty marks, else the digit.
    pub(super) ascii: [u16; 128],
}

pub(super) const NOT_A_SYMBOL: u16 = u16::MAX;

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
    pub(crate) fn value(&self, c: char) -> Option<u64> {
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

/// Separators between cells: they never hold a cell.
pub(super) fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || matches!(c, ',' | ';' | '|' | '-' | '+' | '=')
        || ('\u{2500}'..='\u{257F}').contains(&c)
}

/// A line that holds no cell: separators alone (`+-----+-----+`), or a rule drawn with `-` and
/// the corners `.`, `:`, `'`, `*` of Sudoku Explainer's and HoDoKu's pencil-mark grids
/// (`.-----.-----.`, `:-----+-----:`, `'-----'-----'`).
pub(super) fn is_rule_line(text: &str) -> bool {
    text.chars().all(is_separator)
        || (text.contains("--")
            && text
                .chars()
                .all(|c| is_separator(c) || matches!(c, '.' | ':' | '\'' | '*')))
}

/// Separators that make a line "separated numbers" when they stand between tokens.
pub(super) fn is_soft_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::parse::tests::values;
    use crate::parse::{ReadOptions, read_one};

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
    fn unicode_box_drawing_is_a_separator() {
        let text = "┌───┬───┐\n│1 2│3 4│\n│3 4│1 2│\n├───┼───┤\n│2 1│4 3│\n│4 3│2 1│\n└───┴───┘";
        assert_eq!(values(text), values("1234341221434321"));
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
}
