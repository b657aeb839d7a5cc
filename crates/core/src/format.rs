//! Writing grids as text: one line, or a box-drawn grid. Both read back with
//! [`crate::parse`] to the same grid.
//!
//! ```text
//! line (N ≤ alphabet size):  53..7....6..195....  (one symbol a cell, `empty` for empty)
//! line (larger N):           12 . 7 40 …           (numbers separated by spaces)
//! pencil marks (N ≤ 9):       1.3......12345.789…  (N characters a cell: its candidates)
//! grid:                      +-------+-------+-------+
//!                            | 5 3 . | . 7 . | . . . |
//! ```

use std::fmt::Write;

use crate::grid::{Digit, Grid};
use crate::parse::Alphabet;

/// How to write cells.
#[derive(Clone, Debug)]
pub struct Style {
    /// Symbols for digits; grids larger than the alphabet are written as numbers.
    pub alphabet: Alphabet,
    /// The mark for an empty cell (`.` or `0`, usually the one the input used).
    pub empty: char,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            alphabet: Alphabet::standard(),
            empty: '.',
        }
    }
}

impl Style {
    fn compact(&self, grid: &Grid) -> bool {
        grid.side() <= self.alphabet.len()
    }

    /// Whether numbers must be written with two digits at least: a one-character token is
    /// read as a symbol of the alphabet, so `7` means 7 only when the alphabet reads `1`–`9` as
    /// themselves (with `0123456789ABCDEF`, `7` is 8); `07` is always the number 7.
    fn padded(&self) -> bool {
        (1..=9u8).any(|d| self.alphabet.value(char::from(b'0' + d)) != Some(u64::from(d)))
    }

    fn cell(&self, value: u16, compact: bool, padded: bool, out: &mut String) {
        match (value, compact) {
            (0, _) => out.push(self.empty),
            (v, true) => out.push(self.alphabet.symbol(v as usize).unwrap_or('?')),
            (v, false) if padded => {
                let _ = write!(out, "{v:02}");
            }
            (v, false) => {
                let _ = write!(out, "{v}");
            }
        }
    }

    /// The grid on one line: one symbol a cell, or numbers separated by spaces when the grid is
    /// larger than the alphabet.
    pub fn line(&self, grid: &Grid) -> String {
        let compact = self.compact(grid);
        if compact && self.empty.is_ascii() && grid.side() < 64 {
            // One byte a cell when every symbol is ASCII (the standard alphabet is).
            let mut symbols = [0u8; 64];
            symbols[0] = self.empty as u8;
            let ascii = (1..=grid.side()).all(|v| match self.alphabet.symbol(v) {
                Some(c) if c.is_ascii() => {
                    symbols[v] = c as u8;
                    true
                }
                _ => false,
            });
            if ascii {
                let bytes = grid.values().iter().map(|&v| symbols[usize::from(v) & 63]);
                if let Ok(line) = String::from_utf8(bytes.collect()) {
                    return line;
                }
            }
        }
        let mut out = String::with_capacity(grid.values().len() * if compact { 1 } else { 3 });
        let padded = !compact && self.padded();
        for (i, &v) in grid.values().iter().enumerate() {
            if !compact && i > 0 {
                out.push(' ');
            }
            self.cell(v, compact, padded, &mut out);
        }
        out
    }

    /// A pencil-mark puzzle ([`Grid::from_candidates`]) on one line, `N` characters a cell: the
    /// `k`-th is the symbol of `k` when `k` is a candidate, else the empty mark; a filled cell is
    /// written as its digit alone. `None` for a plain grid, or one with more than 9 digits or
    /// more than the alphabet's symbols. Reads back (with `--box` for boxes that are not square).
    ///
    /// ```
    /// use nsudoku::{Digit, DigitSet, Grid, Shape, format::Style};
    /// let shape = Shape::new(2, 2)?;
    /// let mut sets = vec![DigitSet::all(shape); 16];
    /// sets[1] = [2, 3].into_iter().filter_map(Digit::new).collect();
    /// let sukaku = Grid::from_candidates(shape, sets)?;
    /// let line = Style::default().pencil_line(&sukaku).unwrap();
    /// assert!(line.starts_with("1234.23.1234"));
    /// assert_eq!(line.parse::<Grid>()?, sukaku);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pencil_line(&self, grid: &Grid) -> Option<String> {
        let marks = grid.pencil_marks()?;
        let n = grid.side();
        if n > 9 || n > self.alphabet.len() {
            return None;
        }
        let mut out = String::with_capacity(n * n * n);
        for (&v, set) in grid.values().iter().zip(marks) {
            for k in 1..=n {
                let candidate = match v {
                    0 => Digit::new(k).is_some_and(|d| set.contains(d)),
                    v => usize::from(v) == k,
                };
                match self.alphabet.symbol(k) {
                    Some(symbol) if candidate => out.push(symbol),
                    _ => out.push(self.empty),
                }
            }
        }
        Some(out)
    }

    /// The grid drawn with `|`, `-` and `+` between boxes, one row a line, ending in a newline.
    pub fn pretty(&self, grid: &Grid) -> String {
        let shape = grid.shape();
        let compact = self.compact(grid);
        let padded = !compact && self.padded();
        let width = if compact {
            1
        } else {
            grid.side()
                .to_string()
                .len()
                .max(if padded { 2 } else { 1 })
        };
        let segment = "-".repeat(shape.width() * (width + 1) + 1);
        let rule = format!("+{}\n", vec![segment; shape.height()].join("+") + "+");
        let mut out = String::new();
        let mut cell = String::new();
        for (r, row) in grid.rows().enumerate() {
            if r % shape.height() == 0 {
                out.push_str(&rule);
            }
            for (c, &v) in row.iter().enumerate() {
                if c % shape.width() == 0 {
                    out.push_str(if c == 0 { "|" } else { " |" });
                }
                cell.clear();
                self.cell(v, compact, padded, &mut cell);
                let _ = write!(out, " {cell:>width$}");
            }
            out.push_str(" |\n");
        }
        out.push_str(&rule);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::parse::{ReadOptions, read_one};

    #[test]
    fn pencil_lines_read_back() {
        let one: Grid =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
                .parse()
                .unwrap();
        let shape = one.shape();
        let sets = (0..81).map(|i| one.candidates(shape.cell(i))).collect();
        let sukaku = Grid::from_candidates(shape, sets).unwrap();
        for empty in ['.', '0'] {
            let style = Style {
                empty,
                ..Style::default()
            };
            let line = style.pencil_line(&sukaku).unwrap();
            assert_eq!(line.len(), 729);
            // r1c1 is 5, r1c2 is 3, r1c3 may be 1, 2 or 4.
            let first = "....5......3......12.4.....".replace('.', &empty.to_string());
            assert!(line.starts_with(&first), "{line}");
            assert_eq!(read_one(&line, &ReadOptions::default()).unwrap(), sukaku);
            assert_eq!(style.pencil_line(&one), None);
        }
        let six = Shape::new(3, 2).unwrap();
        let sets = (1..=36)
            .map(|i| {
                (1..=6)
                    .filter(|k| (i + k) % 3 != 0)
                    .filter_map(Digit::new)
                    .collect()
            })
            .collect();
        let sukaku = Grid::from_candidates(six, sets).unwrap();
        let line = Style::default().pencil_line(&sukaku).unwrap();
        let options = ReadOptions {
            shape: Some(six),
            ..ReadOptions::default()
        };
        assert_eq!(read_one(&line, &options).unwrap(), sukaku);
    }

    #[test]
    fn pretty_classic_grid() {
        let g: Grid =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
                .parse()
                .unwrap();
        let text = Style::default().pretty(&g);
        let first: Vec<&str> = text.lines().take(3).collect();
        assert_eq!(
            first,
            [
                "+-------+-------+-------+",
                "| 5 3 . | . 7 . | . . . |",
                "| 6 . . | 1 9 5 | . . . |"
            ]
        );
        assert_eq!(text.parse::<Grid>().unwrap(), g);
    }

    #[test]
    fn rectangular_and_numeric_grids_read_back() {
        let shape = Shape::new(3, 2).unwrap();
        let opts = ReadOptions {
            shape: Some(shape),
            ..ReadOptions::default()
        };
        let g = read_one("123456456123231564564231312645645312", &opts).unwrap();
        let style = Style::default();
        assert_eq!(read_one(&style.pretty(&g), &opts).unwrap(), g);
        assert_eq!(read_one(&style.line(&g), &opts).unwrap(), g);
        assert!(
            style
                .pretty(&g)
                .starts_with("+-------+-------+\n| 1 2 3 | 4 5 6 |\n")
        );

        let big = Grid::empty(Shape::new(6, 6).unwrap());
        let line = style.line(&big);
        assert_eq!(line.split(' ').count(), 36 * 36);
        assert_eq!(line.parse::<Grid>().unwrap(), big);
        assert_eq!(style.pretty(&big).parse::<Grid>().unwrap(), big);
    }

    #[test]
    fn empty_mark_is_kept() {
        let g: Grid = "1000000000000000".parse().unwrap();
        let style = Style {
            empty: '0',
            ..Style::default()
        };
        assert_eq!(style.line(&g), "1000000000000000");
    }

    /// A grid larger than a custom alphabet is written in numbers that read back as numbers,
    /// not as the alphabet's symbols.
    #[test]
    fn numbers_read_back_whatever_the_alphabet() {
        let mut values = vec![0u16; 81];
        for (i, v) in values.iter_mut().take(9).enumerate() {
            *v = i as u16 + 1;
        }
        let g = Grid::from_values(Shape::CLASSIC, &values).unwrap();
        for symbols in ["0123", "\u{0}", "abc", "1234"] {
            let alphabet = Alphabet::new(symbols).unwrap();
            let style = Style {
                alphabet: alphabet.clone(),
                empty: '.',
            };
            let opts = ReadOptions {
                alphabet,
                ..ReadOptions::default()
            };
            assert_eq!(read_one(&style.line(&g), &opts).unwrap(), g, "{symbols:?}");
            assert_eq!(
                read_one(&style.pretty(&g), &opts).unwrap(),
                g,
                "{symbols:?}"
            );
        }
        // The standard alphabet reads 1–9 as themselves: no padding.
        assert!(!Style::default().padded());
        let big = Grid::empty(Shape::new(6, 6).unwrap());
        assert!(Style::default().line(&big).starts_with(". . ."));
    }

    /// Lines are written a byte a cell when the symbols are ASCII, a char a cell otherwise:
    /// both read back.
    #[test]
    fn ascii_and_other_alphabets_write_lines() {
        let g: Grid = "12..34..........".parse().unwrap();
        let greek = Style {
            alphabet: Alphabet::new("αβγδ").unwrap(),
            empty: '·',
        };
        assert_eq!(greek.line(&g), "αβ··γδ··········");
        let letters = Style {
            alphabet: Alphabet::new("abcd").unwrap(),
            empty: '.',
        };
        assert_eq!(letters.line(&g), "ab..cd..........");
        let opts = ReadOptions {
            alphabet: letters.alphabet.clone(),
            ..ReadOptions::default()
        };
        assert_eq!(read_one(&letters.line(&g), &opts).unwrap(), g);
    }
}
