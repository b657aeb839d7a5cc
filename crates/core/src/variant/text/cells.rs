//! Cells in the text form: reading a cell expression (`r1c1`, `r1c1-3`, `r7-3c1`, `r1-2c1-2`,
//! `r1c1-r3c3-r3c5`) into the cells it names, in order, and writing a list of cells back as
//! few such expressions as keep its order.
//!
//! A block `r<rows>c<columns>` names its rows in the order written and, within each row, its
//! columns in the order written (`r1c3-1` is r1c3, r1c2, r1c1). A path joins single cells by
//! straight steps (along a row, a column or a diagonal), each step's end written once. The
//! writer uses blocks for rows, columns and rectangles, and a two-cell path for a diagonal.

use crate::Cell;

/// A problem with a cell expression: whether the cell is badly written or outside the grid,
/// and what to say.
#[derive(Debug)]
pub(super) enum CellError {
    /// Not a cell expression.
    Bad(String),
    /// A row or column beyond the grid.
    Outside(String),
}

/// A cursor over the ASCII bytes of one expression.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn eat(&mut self, lower: u8) -> bool {
        match self.bytes.get(self.at) {
            Some(b) if b.to_ascii_lowercase() == lower => {
                self.at += 1;
                true
            }
            _ => false,
        }
    }

    /// A decimal number of at most 5 digits.
    fn number(&mut self) -> Option<usize> {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = &self.bytes[start..self.at];
        if digits.is_empty() || digits.len() > 5 {
            return None;
        }
        std::str::from_utf8(digits).ok()?.parse().ok()
    }

    /// `-` followed by a digit: a range's second bound.
    fn range_end(&mut self) -> Result<Option<usize>, ()> {
        if self.bytes.get(self.at) == Some(&b'-')
            && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit)
        {
            self.at += 1;
            return self.number().map(Some).ok_or(());
        }
        Ok(None)
    }

    fn done(&self) -> bool {
        self.at == self.bytes.len()
    }
}

/// `r<row>c<column>` as written, 1-based, without bounds checks.
pub(super) fn raw_cell(text: &str) -> Option<(usize, usize)> {
    let mut cur = Cursor {
        bytes: text.as_bytes(),
        at: 0,
    };
    if !cur.eat(b'r') {
        return None;
    }
    let row = cur.number()?;
    if !cur.eat(b'c') {
        return None;
    }
    let col = cur.number()?;
    cur.done().then_some((row, col))
}

/// The cells a cell expression names, in order, in a grid of side `n`.
pub(super) fn parse(text: &str, n: usize) -> Result<Vec<Cell>, CellError> {
    let bad = || {
        CellError::Bad(format!(
            "bad cell {text:?} (write r1c1, r1c1-3, r1-3c1, r1-2c1-2 or r1c1-r3c3)"
        ))
    };
    let mut cur = Cursor {
        bytes: text.as_bytes(),
        at: 0,
    };
    if !cur.eat(b'r') {
        return Err(bad());
    }
    let r1 = cur.number().ok_or_else(bad)?;
    let r2 = cur.range_end().map_err(|()| bad())?;
    if !cur.eat(b'c') {
        return Err(bad());
    }
    let c1 = cur.number().ok_or_else(bad)?;
    let c2 = cur.range_end().map_err(|()| bad())?;
    let inside = |what: &str, v: usize| {
        if (1..=n).contains(&v) {
            Ok(v - 1)
        } else {
            Err(CellError::Outside(format!(
                "{text}: {what} {v} is outside the {n}×{n} grid"
            )))
        }
    };
    let span = |a: usize, b: usize| -> Vec<usize> {
        if a <= b {
            (a..=b).collect()
        } else {
            (b..=a).rev().collect()
        }
    };
    if cur.done() {
        let rows = span(inside("row", r1)?, inside("row", r2.unwrap_or(r1))?);
        let cols = span(inside("column", c1)?, inside("column", c2.unwrap_or(c1))?);
        return Ok(rows
            .iter()
            .flat_map(|&r| cols.iter().map(move |&c| Cell::new(r, c)))
            .collect());
    }
    // A path: single cells joined by `-`.
    if r2.is_some() || c2.is_some() {
        return Err(CellError::Bad(format!(
            "bad cell {text:?}: a path joins single cells (r1c1-r1c3-r3c3)"
        )));
    }
    let mut at = (inside("row", r1)?, inside("column", c1)?);
    let mut cells = vec![Cell::new(at.0, at.1)];
    while !cur.done() {
        if !(cur.eat(b'-') && cur.eat(b'r')) {
            return Err(bad());
        }
        let r = cur.number().ok_or_else(bad)?;
        if !cur.eat(b'c') {
            return Err(bad());
        }
        let c = cur.number().ok_or_else(bad)?;
        let next = (inside("row", r)?, inside("column", c)?);
        let (dr, dc) = (
            next.0 as isize - at.0 as isize,
            next.1 as isize - at.1 as isize,
        );
        if (dr, dc) == (0, 0) || (dr != 0 && dc != 0 && dr.abs() != dc.abs()) {
            return Err(CellError::Bad(format!(
                "{text}: the step from {} to {} is not along a row, a column or a diagonal",
                Cell::new(at.0, at.1),
                Cell::new(next.0, next.1)
            )));
        }
        let steps = dr.abs().max(dc.abs());
        for k in 1..=steps {
            cells.push(Cell::new(
                (at.0 as isize + dr.signum() * k) as usize,
                (at.1 as isize + dc.signum() * k) as usize,
            ));
        }
        at = next;
    }
    Ok(cells)
}

/// The cells as few expressions as keep their order, separated by spaces; `rectangles` lets
/// a run of whole rows of the same columns be one block (`r1-2c1-2`).
pub(super) fn write(cells: &[Cell], rectangles: bool) -> String {
    let mut out = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let (token, used) = rectangles
            .then(|| rectangle(&cells[i..]))
            .flatten()
            .unwrap_or_else(|| run(&cells[i..]));
        out.push(token);
        i += used;
    }
    out.join(" ")
}

/// The cells at the start of `cells` along one straight step, as one expression.
fn run(cells: &[Cell]) -> (String, usize) {
    let first = cells[0];
    let step = |a: Cell, b: Cell| {
        (
            b.row() as isize - a.row() as isize,
            b.col() as isize - a.col() as isize,
        )
    };
    let Some(&second) = cells.get(1) else {
        return (first.to_string(), 1);
    };
    let (dr, dc) = step(first, second);
    if dr.abs() > 1 || dc.abs() > 1 || (dr, dc) == (0, 0) {
        return (first.to_string(), 1);
    }
    let len = 1 + cells
        .windows(2)
        .take_while(|w| step(w[0], w[1]) == (dr, dc))
        .count();
    let last = cells[len - 1];
    let token = if dr == 0 {
        format!(
            "r{}c{}-{}",
            first.row() + 1,
            first.col() + 1,
            last.col() + 1
        )
    } else if dc == 0 {
        format!(
            "r{}-{}c{}",
            first.row() + 1,
            last.row() + 1,
            first.col() + 1
        )
    } else {
        format!("{first}-{last}")
    };
    (token, len)
}

/// The largest block of at least two rows and two columns at the start of `cells`, in reading
/// order, as one expression.
fn rectangle(cells: &[Cell]) -> Option<(String, usize)> {
    let first = cells[0];
    let width = 1 + cells
        .windows(2)
        .take_while(|w| w[1].row() == w[0].row() && w[1].col() == w[0].col() + 1)
        .count();
    if width < 2 {
        return None;
    }
    let row_of = |k: usize| -> bool {
        let row = &cells[k * width..];
        row.len() >= width
            && (0..width).all(|j| row[j] == Cell::new(first.row() + k, first.col() + j))
    };
    let height = (1..).take_while(|&k| row_of(k)).count() + 1;
    (height >= 2).then(|| {
        (
            format!(
                "r{}-{}c{}-{}",
                first.row() + 1,
                first.row() + height,
                first.col() + 1,
                first.col() + width
            ),
            width * height,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| Cell::new(r - 1, c - 1)).collect()
    }

    #[test]
    fn expressions_name_their_cells_in_order() {
        let read = |t: &str| parse(t, 9).unwrap();
        assert_eq!(read("r2c4"), cells(&[(2, 4)]));
        assert_eq!(read("R2C4"), cells(&[(2, 4)]));
        assert_eq!(read("r1c1-3"), cells(&[(1, 1), (1, 2), (1, 3)]));
        assert_eq!(read("r1c3-1"), cells(&[(1, 3), (1, 2), (1, 1)]));
        assert_eq!(read("r7-5c1"), cells(&[(7, 1), (6, 1), (5, 1)]));
        assert_eq!(read("r1-2c2-1"), cells(&[(1, 2), (1, 1), (2, 2), (2, 1)]));
        assert_eq!(read("r1c1-r3c3"), cells(&[(1, 1), (2, 2), (3, 3)]));
        assert_eq!(
            read("r1c1-r1c3-r3c1"),
            cells(&[(1, 1), (1, 2), (1, 3), (2, 2), (3, 1)])
        );
    }

    #[test]
    fn bad_expressions_are_refused_with_the_right_kind() {
        for bad in [
            "r1",
            "c1",
            "r1c",
            "rc1",
            "r1c1-",
            "r1c1--2",
            "r1-2c1-r3c3",
            "r1c1-r2c3",
            "r1c1-r1c1",
            "r1c1x",
            "r123456c1",
            "r1c1-3-r5c5",
        ] {
            assert!(matches!(parse(bad, 9), Err(CellError::Bad(_))), "{bad}");
        }
        for outside in ["r0c1", "r10c1", "r1c1-10", "r1c1-r10c10"] {
            assert!(
                matches!(parse(outside, 9), Err(CellError::Outside(_))),
                "{outside}"
            );
        }
    }

    #[test]
    fn writing_keeps_the_order_and_reads_back() {
        let lists = [
            cells(&[(1, 1), (1, 2), (1, 3), (2, 3), (3, 3)]),
            cells(&[(1, 1), (1, 2), (2, 1), (2, 2)]),
            cells(&[(5, 5), (4, 4), (3, 3), (3, 4), (9, 1)]),
            cells(&[(1, 3), (1, 2), (1, 1), (2, 1)]),
            cells(&[(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]),
            cells(&[(2, 2), (2, 2)]),
        ];
        for list in lists {
            for rect in [false, true] {
                let text = write(&list, rect);
                let back: Vec<Cell> = text.split(' ').flat_map(|t| parse(t, 9).unwrap()).collect();
                assert_eq!(back, list, "{text}");
            }
        }
        assert_eq!(
            write(&cells(&[(1, 1), (1, 2), (1, 3), (2, 3), (3, 3)]), false),
            "r1c1-3 r2-3c3"
        );
        assert_eq!(
            write(&cells(&[(1, 1), (1, 2), (2, 1), (2, 2)]), true),
            "r1-2c1-2"
        );
        assert_eq!(write(&cells(&[(5, 5), (4, 4), (3, 3)]), false), "r5c5-r3c3");
    }
}
