//! Lines into cells: the runs of non-separators on a line, whether the line is compact or
//! separated numbers (the rule is in the [module docs](super)), and each cell's value and
//! position.

use super::alphabet::{Alphabet, is_separator, is_soft_separator};
use crate::error::{Error, Errors, Position};

/// A cell-bearing line of a block: its text, and what the block rules need to know of it.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub(super) number: usize,
    pub(super) text: String,
    /// Cells on the line (a bad symbol counts as one).
    pub(super) cells: usize,
    /// One cell a character (else separated numbers).
    pub(super) compact: bool,
}

impl Line {
    pub(super) fn new(number: usize, text: String) -> Line {
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
    ///
    /// [`Record::read`]: super::Record::read
    pub(super) fn uncounted(number: usize, text: String) -> Line {
        Line {
            number,
            text,
            cells: usize::MAX,
            compact: false,
        }
    }

    /// The cell count and compactness, counted now if they were not yet.
    pub(super) fn count(&self) -> (usize, bool) {
        if self.cells == usize::MAX {
            classify(&self.text)
        } else {
            (self.cells, self.compact)
        }
    }
}

/// Runs of non-separators, with the 1-based column of their first character.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
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

/// Calls `f` with the 1-based column of each `+` or `-` written as a number's sign (after a
/// space, a comma, a bar or the start of the line, and before a digit): separators elsewhere,
/// a sign there would make `-3` read as 3.
fn signs(text: &str, mut f: impl FnMut(usize)) {
    let mut before = ' ';
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let opens = before.is_whitespace() || before == ',' || before == '|';
        let digit_next = chars.peek().is_some_and(|&(_, d)| d.is_ascii_digit());
        if (c == '-' || c == '+') && opens && digit_next {
            f(i + 1);
        }
        before = c;
    }
}

/// The cell count of a line, and whether it is compact (one cell a character) rather than
/// separated numbers. See the [module docs](super) for the rule.
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
pub(super) fn tokenize(
    line: &Line,
    alphabet: &Alphabet,
    cells: &mut Vec<(u64, Position)>,
    errors: &mut Errors,
) -> Option<char> {
    let pos = |column| Position {
        line: line.number,
        column,
    };
    let mut empty = None;
    let (_, compact) = line.count();
    let text = line.text.trim_end();
    if !compact {
        signs(text, |column| {
            errors.push(Error::BadSymbol {
                symbol: text.chars().nth(column - 1).unwrap_or('-'),
                position: pos(column),
            })
        });
    }
    for (col, token) in tokens(text) {
        if !compact && token.len() > 1 && token.bytes().all(|b| b.is_ascii_digit()) {
            // A decimal number.
            match token.parse::<u64>() {
                Ok(value) => {
                    if value == 0 {
                        empty.get_or_insert('0');
                    }
                    cells.push((value, pos(col)));
                }
                Err(_) => {
                    errors.push(Error::NumberTooLarge {
                        text: token.to_owned(),
                        position: pos(col),
                    });
                    cells.push((0, pos(col)));
                }
            }
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

#[cfg(test)]
mod tests {
    use crate::error::Error;
    use crate::grid::Grid;
    use crate::parse::{ReadOptions, read_str};

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
    fn signs_huge_numbers_and_foreign_digits_are_named() {
        let errors = |text: &str| {
            let entries = read_str(text, &ReadOptions::default());
            entries[0].result.clone().unwrap_err()
        };
        let e = errors("1 -3 0 0\n0 0 0 0\n0 0 +2 0\n0 0 0 0\n");
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(e[0].to_string(), "bad symbol '-' at line 1, column 3");
        assert_eq!(e[1].to_string(), "bad symbol '+' at line 3, column 5");
        let e = errors("99999999999999999999 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
        assert_eq!(
            e[0].to_string(),
            "number 99999999999999999999 out of range at line 1, column 1"
        );
        let e = errors("\u{663} 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
        assert_eq!(e[0].to_string(), "bad symbol '\u{663}' at line 1, column 1");
        // Rule lines and ranges of dashes are still separators.
        let grid = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        assert!(read_str(grid, &ReadOptions::default())[0].result.is_ok());
    }

    #[test]
    fn errors_past_the_most_listed_are_counted() {
        let entries = read_str(&"x".repeat(1_000_000), &ReadOptions::default());
        let e = entries[0].result.clone().unwrap_err();
        assert_eq!(e.len(), crate::error::MAX_ERRORS + 1);
        assert_eq!(e.last().unwrap().to_string(), "… and 999901 more");
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
}
