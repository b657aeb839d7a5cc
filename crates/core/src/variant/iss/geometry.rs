//! ISS's grid as its strings name it: cell ids, the default boxes, and the cells of the rules
//! it places itself (little killer diagonals, windoku windows, disjoint sets).

use crate::Cell;
use crate::variant::Direction;

/// The characters of a row or column number in a cell id, 1 to 16: `1`–`9`, then `a`–`g`
/// (base 17, either case).
fn coordinate(b: u8) -> Option<usize> {
    match b {
        b'1'..=b'9' => Some(usize::from(b - b'0')),
        b'a'..=b'g' => Some(usize::from(b - b'a') + 10),
        b'A'..=b'G' => Some(usize::from(b - b'A') + 10),
        _ => None,
    }
}

/// ISS's id of a cell: `R1C1`, `RaC3` for row 10 (rows and columns up to 16).
pub(crate) fn cell_id(cell: Cell) -> String {
    let digit = |k: usize| char::from_digit(k as u32 + 1, 17).unwrap_or('?');
    format!("R{}C{}", digit(cell.row()), digit(cell.col()))
}

/// The cell of an id in an `n × n` grid, or why it is none.
pub(crate) fn parse_cell(id: &str, n: usize) -> Result<Cell, String> {
    let b = id.as_bytes();
    if b.len() == 4
        && matches!(b[0], b'R' | b'r')
        && matches!(b[2], b'C' | b'c')
        && let (Some(r), Some(c)) = (coordinate(b[1]), coordinate(b[3]))
    {
        if r <= n && c <= n {
            return Ok(Cell::new(r - 1, c - 1));
        }
        return Err(format!("cell {id} is outside the {n}×{n} grid"));
    }
    // Extra cells are named by capitals and a number (`VL1`, `CC12`, `VD`), never `R…C…`.
    let letters = id.bytes().take_while(u8::is_ascii_uppercase).count();
    if letters >= 1
        && id.len() >= 2
        && !(id.starts_with('R') && id[1..].contains('C'))
        && id.bytes().skip(letters).all(|c| c.is_ascii_digit())
    {
        return Err(format!(
            "ISS's extra cell {id} (of .Var or .ChaosConstruction) is not a cell nsudoku has"
        ));
    }
    Err(format!(
        "{id:?} is not a cell (ISS names them R1C1, up to RgCg)"
    ))
}

/// ISS's default boxes of an `n × n` grid, (height, width): the most square split of `n`
/// into two factors of at least 2, as tall as wide or wider; none for a prime side.
pub(crate) fn box_dims(n: usize) -> Option<(usize, usize)> {
    let small = (1..=n).take_while(|k| k * k <= n).last()?;
    (2..=small).rev().find(|k| n % k == 0).map(|k| (k, n / k))
}

/// The boxes as cells, box by box in reading order, each box's cells in reading order.
pub(crate) fn boxes(n: usize) -> Vec<Vec<Cell>> {
    let Some((h, w)) = box_dims(n) else {
        return Vec::new();
    };
    (0..n)
        .map(|b| {
            let (r0, c0) = (b / (n / w) * h, b % (n / w) * w);
            (0..n).map(|i| Cell::new(r0 + i / w, c0 + i % w)).collect()
        })
        .collect()
}

/// The cells at the same place of every box: one set a place.
pub(crate) fn disjoint_sets(n: usize) -> Vec<Vec<Cell>> {
    let boxes = boxes(n);
    (0..boxes.first().map_or(0, Vec::len))
        .map(|place| boxes.iter().map(|b| b[place]).collect())
        .collect()
}

/// Windoku's windows: boxes' shapes one cell in from the edges, one cell apart.
pub(crate) fn windows(n: usize) -> Vec<Vec<Cell>> {
    let Some((h, w)) = box_dims(n) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut c0 = 1;
    while c0 + w < n {
        let mut r0 = 1;
        while r0 + h < n {
            let mut cells: Vec<Cell> = (0..n).map(|k| Cell::new(r0 + k % h, c0 + k / h)).collect();
            cells.sort();
            out.push(cells);
            r0 += h + 1;
        }
        c0 += w + 1;
    }
    out
}

/// ISS's little killer diagonals: each named by its first cell, running from it in a
/// direction; every diagonal of two cells or more once.
pub(crate) fn diagonals(n: usize) -> Vec<(Cell, Direction, Vec<Cell>)> {
    let mut out: Vec<(Cell, Direction, Vec<Cell>)> = Vec::new();
    let mut add = |r: usize, c: usize, direction: Direction| {
        let (dr, dc) = direction.step();
        let (mut y, mut x) = (r as isize, c as isize);
        let mut cells = Vec::new();
        while (0..n as isize).contains(&y) && (0..n as isize).contains(&x) {
            cells.push(Cell::new(y as usize, x as usize));
            y += dr;
            x += dc;
        }
        if cells.len() <= 1 {
            return;
        }
        let mut sorted = cells.clone();
        sorted.sort();
        if out.iter().any(|(_, _, other)| {
            let mut o = other.clone();
            o.sort();
            o == sorted
        }) {
            return;
        }
        out.push((cells[0], direction, cells));
    };
    for r in 0..n.saturating_sub(1) {
        add(r, 0, Direction::DownRight);
    }
    for r in 1..n.saturating_sub(1) {
        add(r, n - 1, Direction::UpLeft);
    }
    for c in 1..n {
        add(0, c, Direction::DownLeft);
    }
    for c in 1..n.saturating_sub(1) {
        add(n - 1, c, Direction::UpRight);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_ids_go_to_16_in_base_17() {
        assert_eq!(cell_id(Cell::new(0, 8)), "R1C9");
        assert_eq!(cell_id(Cell::new(9, 15)), "RaCg");
        assert_eq!(parse_cell("RaCg", 16), Ok(Cell::new(9, 15)));
        assert_eq!(parse_cell("r2c3", 9), Ok(Cell::new(1, 2)));
        assert!(
            parse_cell("R1Ca", 9)
                .unwrap_err()
                .contains("outside the 9×9")
        );
        assert!(parse_cell("VL1", 9).unwrap_err().contains("extra cell VL1"));
        assert!(
            parse_cell("CC12", 9)
                .unwrap_err()
                .contains("extra cell CC12")
        );
        assert!(parse_cell("R10C1", 16).is_err());
    }

    #[test]
    fn boxes_are_as_square_as_the_side_allows() {
        assert_eq!(box_dims(9), Some((3, 3)));
        assert_eq!(box_dims(6), Some((2, 3)));
        assert_eq!(box_dims(12), Some((3, 4)));
        assert_eq!(box_dims(7), None);
        assert_eq!(box_dims(1), None);
        assert_eq!(boxes(6)[1][0], Cell::new(0, 3));
        assert_eq!(boxes(6)[2][0], Cell::new(2, 0));
        assert_eq!(disjoint_sets(9)[4][8], Cell::new(7, 7));
        let windows = windows(9);
        assert_eq!(windows.len(), 4);
        assert_eq!(windows[0][0], Cell::new(1, 1));
        assert_eq!(windows[3][8], Cell::new(7, 7));
    }

    #[test]
    fn every_diagonal_once() {
        let d = diagonals(9);
        // 2·9 − 3 diagonals of two cells or more each way.
        assert_eq!(d.len(), 2 * (2 * 9 - 3));
        let main = d
            .iter()
            .find(|x| x.0 == Cell::new(0, 0))
            .expect("the main diagonal");
        assert_eq!(main.1, Direction::DownRight);
        let anti = d
            .iter()
            .find(|x| x.0 == Cell::new(0, 8))
            .expect("the anti-diagonal");
        assert_eq!(anti.1, Direction::DownLeft);
        assert_eq!(anti.2.len(), 9);
    }
}
