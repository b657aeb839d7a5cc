//! A player's pencil marks: one token per cell, in reading order, each the digits still marked
//! in that cell (`.` or `0` for none), separated by white space.

use super::alphabet::Alphabet;
use crate::cell::{Cell, Digit};
use crate::error::{Error, Errors, Position};
use crate::grid::Grid;

/// Reads pencil marks for `grid`: one token per cell, each the symbols of the digits marked
/// (in `alphabet`), `.` or `0` (when `0` is not a symbol) for a cell without marks. A filled
/// cell's token is empty or its own digit. Every problem is listed, with the 1-based column of
/// the offending character on the (single) line of marks.
///
/// ```
/// use nsudoku::Grid;
/// use nsudoku::parse::{Alphabet, read_marks};
/// let grid: Grid = "1.3....2.....32.".parse()?;
/// let marks = "1 24 3 24 34 4 14 2 24 124 14 13 4 3 2 14";
/// let read = read_marks(marks, &grid, &Alphabet::standard()).unwrap();
/// assert_eq!(read[1].iter().map(|d| d.get()).collect::<Vec<_>>(), [2, 4]);
/// assert!(read_marks("1 2 3", &grid, &Alphabet::standard()).is_err());
/// # Ok::<(), nsudoku::Error>(())
/// ```
pub fn read_marks(
    text: &str,
    grid: &Grid,
    alphabet: &Alphabet,
) -> Result<Vec<Vec<Digit>>, Vec<Error>> {
    let n = grid.side();
    let mut errors = Errors::default();
    let mut marks = Vec::with_capacity(n * n);
    let mut column = 0;
    let mut tokens = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        let start = column + 1;
        column += piece.chars().count();
        let token = piece.trim_end();
        if token.is_empty() {
            continue;
        }
        tokens += 1;
        if marks.len() == n * n {
            continue; // counted, reported below
        }
        let cell = Cell::new(marks.len() / n, marks.len() % n);
        let mut digits: Vec<Digit> = Vec::new();
        for (i, c) in token.chars().enumerate() {
            let position = Position {
                line: 1,
                column: start + i,
            };
            match alphabet.value(c) {
                Some(0) if token.chars().count() == 1 => {}
                Some(v) if v >= 1 && v as usize <= n => {
                    let d = Digit::new(v as usize).expect("1..=N is a digit");
                    if !digits.contains(&d) {
                        digits.push(d);
                    }
                }
                Some(0) | None => errors.push(Error::BadSymbol {
                    symbol: c,
                    position,
                }),
                Some(value) => errors.push(Error::ValueOutOfRange {
                    value,
                    max: n,
                    position: Some(position),
                }),
            }
        }
        if let Some(value) = grid.get(cell) {
            if !digits.is_empty() && digits != [value] {
                errors.push(Error::MarkedClue { cell, digit: value });
            }
            digits.clear();
        }
        marks.push(digits);
    }
    if tokens != n * n {
        errors.push(Error::MarkCount {
            found: tokens,
            expected: n * n,
        });
    }
    if errors.is_empty() {
        Ok(marks)
    } else {
        Err(errors.into_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(text: &str, grid: &str, alphabet: &Alphabet) -> Vec<String> {
        let grid: Grid = crate::parse::read_one(
            grid,
            &crate::parse::ReadOptions {
                alphabet: alphabet.clone(),
                ..Default::default()
            },
        )
        .unwrap();
        match read_marks(text, &grid, alphabet) {
            Ok(_) => vec![],
            Err(e) => e.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn marks_are_checked_against_the_grid_and_the_alphabet() {
        let std = Alphabet::standard();
        let grid = "1.3....2.....32.";
        let good = "1 24 3 24 34 4 14 2 24 124 14 13 4 3 2 14";
        assert!(messages(good, grid, &std).is_empty());
        assert_eq!(
            messages("1 2 3", grid, &std),
            ["wrong number of pencil-mark tokens: found 3, expected 16 (one a cell)"]
        );
        assert_eq!(
            messages(&good.replacen("24 3", "x4 3", 1), grid, &std),
            ["bad symbol 'x' at line 1, column 3"]
        );
        assert_eq!(
            messages(&good.replacen("24 3", "25 3", 1), grid, &std),
            ["value 5 out of range 1..4 at line 1, column 4"]
        );
        assert_eq!(
            messages(&good.replacen("1 ", "12 ", 1), grid, &std),
            ["r1c1 holds 1 and cannot carry pencil marks"]
        );
        let many = format!("{good} {good}");
        assert_eq!(
            messages(&many, grid, &std),
            ["wrong number of pencil-mark tokens: found 32, expected 16 (one a cell)"]
        );
    }

    #[test]
    fn marks_follow_a_custom_alphabet() {
        let hex = Alphabet::new("0123").unwrap();
        let grid = "0.2....1.....21.";
        let read = {
            let g: Grid = crate::parse::read_one(
                grid,
                &crate::parse::ReadOptions {
                    alphabet: hex.clone(),
                    ..Default::default()
                },
            )
            .unwrap();
            read_marks(". 13 . 1 23 3 . . 1 . 0 . 3 . . 0", &g, &hex).unwrap()
        };
        // "13" in the alphabet 0123 is the digits 2 and 4.
        assert_eq!(read[1].iter().map(|d| d.get()).collect::<Vec<_>>(), [2, 4]);
        assert!(read[0].is_empty());
    }
}
