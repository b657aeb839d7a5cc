//! Writing a puzzle as ISS reads it: one item a rule, in the puzzle's order, after the shape,
//! the regions and the givens. A rule ISS has no item for is written as the items that make
//! the same rule (an even cell as its candidates, a chess move as pairs of cells that differ,
//! a minimum cell as greater-than marks), or, where there are none, refused with its name.

use std::collections::BTreeSet;

use super::LINK_BASE;
use super::geometry::{self, cell_id};
use super::read::{is_default, whispered};
use crate::Cell;
use crate::variant::{
    Clue, Constraint, Diagonal, Error, ErrorKind, NO_REGION, Negative, Puzzle, Side,
};

fn unsupported(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Unsupported, message, "")
}

fn ids(cells: &[Cell]) -> String {
    cells.iter().map(|&c| format!("~{}", cell_id(c))).collect()
}

/// The puzzle as an ISS constraint string.
///
/// ```
/// use nsudoku::Cell;
/// use nsudoku::variant::{Constraint, Puzzle, iss};
///
/// let mut puzzle = Puzzle::new(9)?;
/// puzzle.set_given(Cell::new(0, 0), 8, "")?;
/// puzzle.push(Constraint::AntiKnight)?;
/// assert_eq!(iss::to_string(&puzzle)?, ".~R1C1_8.AntiKnight");
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn to_string(puzzle: &Puzzle) -> Result<String, Error> {
    let n = puzzle.size();
    if n > 16 {
        return Err(unsupported(format!(
            "ISS's grids are at most 16×16, not {n}×{n}"
        )));
    }
    let mut out = String::new();
    if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }
    out.push_str(&regions(puzzle)?);
    let all = puzzle.all_digits();
    let mut masks: Vec<u64> = match puzzle.candidates() {
        Some(c) => c.to_vec(),
        None => vec![all; n * n],
    };
    for (m, &g) in masks.iter_mut().zip(puzzle.givens()) {
        if g != 0 {
            *m = 1 << (g - 1);
        }
    }
    let even: u64 = (0..n).filter(|d| (d + 1) % 2 == 0).map(|d| 1 << d).sum();
    for c in puzzle.constraints() {
        match c {
            Constraint::Even { cell } => masks[cell.row() * n + cell.col()] &= even,
            Constraint::Odd { cell } => masks[cell.row() * n + cell.col()] &= all & !even,
            _ => {}
        }
    }
    let givens: String = masks
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m != all)
        .map(|(i, &m)| {
            let digits: String = (0..n)
                .filter(|d| m >> d & 1 != 0)
                .map(|d| format!("_{}", d + 1))
                .collect();
            format!("~{}{digits}", cell_id(Cell::new(i / n, i % n)))
        })
        .collect();
    if !givens.is_empty() {
        out.push('.');
        out.push_str(&givens);
    }
    let mut strict_kropki = false;
    for c in puzzle.constraints() {
        if let Constraint::Negative(Negative::Difference | Negative::Ratio) = c {
            if !strict_kropki {
                strict_kropki = true;
                let has = |k| puzzle.constraints().contains(&Constraint::Negative(k));
                if !(has(Negative::Difference) && has(Negative::Ratio)) {
                    return Err(unsupported(
                        "ISS's strict kropki rules out both dots at once, not one kind alone",
                    ));
                }
                out.push_str(".StrictKropki");
            }
            continue;
        }
        out.push_str(&item(puzzle, c)?);
    }
    if out.is_empty() {
        // An empty 9×9 grid: the shape says it, as ISS reads nothing as no puzzle.
        out.push_str(".Shape~9x9");
    }
    Ok(out)
}

/// The puzzle as a link that opens it in ISS.
pub fn to_link(puzzle: &Puzzle) -> Result<String, Error> {
    let text = to_string(puzzle)?;
    let mut q = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            q.push(char::from(b));
        } else {
            q.push_str(&format!("%{b:02X}"));
        }
    }
    Ok(format!("{LINK_BASE}?q={q}"))
}

/// The regions: nothing for the default boxes, else `.NoBoxes` and the jigsaw of the regions
/// of `N` cells (smaller regions as `.AllDifferent`).
fn regions(puzzle: &Puzzle) -> Result<String, Error> {
    if is_default(puzzle) {
        return Ok(String::new());
    }
    let n = puzzle.size();
    let regions = puzzle.regions();
    let mut out = String::from(".NoBoxes");
    if regions.iter().all(|&r| r == NO_REGION) {
        return Ok(out);
    }
    let mut count = std::collections::HashMap::new();
    for &r in regions {
        *count.entry(r).or_insert(0usize) += 1;
    }
    let mut symbol_of: Vec<(u16, char)> = Vec::new();
    let symbols: Vec<char> = "0123456789abcdefghijklmnopqrstuvwxyz".chars().collect();
    let mut layout = String::new();
    let mut left = 0;
    let mut smaller: Vec<(u16, Vec<Cell>)> = Vec::new();
    for (i, &r) in regions.iter().enumerate() {
        if r != NO_REGION && count[&r] == n {
            let s = match symbol_of.iter().find(|x| x.0 == r) {
                Some(x) => x.1,
                None => {
                    let s = symbols[symbol_of.len()];
                    symbol_of.push((r, s));
                    s
                }
            };
            layout.push(s);
        } else {
            layout.push('\0');
            left += 1;
            if r != NO_REGION {
                let cell = Cell::new(i / n, i % n);
                match smaller.iter_mut().find(|x| x.0 == r) {
                    Some(x) => x.1.push(cell),
                    None => smaller.push((r, vec![cell])),
                }
            }
        }
    }
    let layout = layout.replace('\0', &symbols[symbol_of.len()].to_string());
    if left == n {
        // ISS would read the n cells left over as one more region; two layouts, each leaving
        // out more than n cells, name the same regions.
        if symbol_of.len() < 2 {
            return Err(unsupported(format!(
                "the {n} cells outside the regions of {n} cells would be one more region in ISS"
            )));
        }
        let (first, rest) = (symbols[0], symbols[symbol_of.len()]);
        let one: String = layout
            .chars()
            .map(|c| if c == first { c } else { rest })
            .collect();
        let others: String = layout
            .chars()
            .map(|c| if c == first { rest } else { c })
            .collect();
        out.push_str(&format!(".Jigsaw~{one}.Jigsaw~{others}"));
    } else {
        out.push_str(".Jigsaw~");
        out.push_str(&layout);
    }
    for (_, cells) in smaller.iter().filter(|x| x.1.len() > 1) {
        out.push_str(".AllDifferent");
        out.push_str(&ids(cells));
    }
    Ok(out)
}

/// A clue outside the grid read from one end of its row or column (`~value~` at the start,
/// `~~value` at the end).
fn outside(name: &str, clue: Clue, value: u32) -> String {
    let (id, forward) = line_id(clue);
    if forward {
        format!(".{name}~{id}~{value}~")
    } else {
        format!(".{name}~{id}~~{value}")
    }
}

/// A row or column clue's ISS name (`R3`, `C3`) and whether it is read forwards (from the
/// left or the top).
fn line_id(clue: Clue) -> (String, bool) {
    let k = clue.index + 1;
    match clue.side {
        Side::Left => (format!("R{k}"), true),
        Side::Right => (format!("R{k}"), false),
        Side::Top => (format!("C{k}"), true),
        Side::Bottom => (format!("C{k}"), false),
    }
}

/// Pairs of different cells as `.AllDifferent` items, each pair once.
fn pairs(pairs: BTreeSet<(Cell, Cell)>) -> String {
    pairs
        .into_iter()
        .map(|(a, b)| format!(".AllDifferent{}", ids(&[a, b])))
        .collect()
}

/// Every pair of cells `offsets` apart (in the eight orientations).
fn offset_pairs(n: usize, offsets: &[(isize, isize)]) -> BTreeSet<(Cell, Cell)> {
    let mut out = BTreeSet::new();
    for r in 0..n as isize {
        for c in 0..n as isize {
            for &(dr, dc) in offsets {
                let (y, x) = (r + dr, c + dc);
                if (0..n as isize).contains(&y)
                    && (0..n as isize).contains(&x)
                    && (dr, dc) != (0, 0)
                {
                    let a = Cell::new(r as usize, c as usize);
                    let b = Cell::new(y as usize, x as usize);
                    out.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    out
}

/// The eight orientations of a move.
fn orientations(a: isize, b: isize) -> Vec<(isize, isize)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            out.push((sx * x, sy * y));
        }
    }
    out
}

/// ISS marks and dots join orthogonal neighbours only.
fn not_beside(cells: &[Cell; 2]) -> Error {
    unsupported(format!(
        "ISS's dots and XV marks join neighbours, not {} and {}",
        cells[0], cells[1]
    ))
}

fn orthogonal(a: Cell, b: Cell) -> bool {
    a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
}

/// The item (or items) of one constraint.
fn item(puzzle: &Puzzle, c: &Constraint) -> Result<String, Error> {
    let n = puzzle.size();
    let lacks = |what: &str| unsupported(format!("ISS has no {what} ({})", c.name()));
    Ok(match c {
        Constraint::Diagonal(Diagonal::Positive) => ".Diagonal~1".into(),
        Constraint::Diagonal(Diagonal::Negative) => ".Diagonal~-1".into(),
        Constraint::AntiKnight => ".AntiKnight".into(),
        Constraint::AntiKing => ".AntiKing".into(),
        Constraint::NonConsecutive => {
            // ISS's anti-consecutive holds across kropki dots too: only where no dot allows
            // consecutive neighbours is it the same rule.
            for other in puzzle.constraints() {
                let (cells, allows) = match other {
                    Constraint::Difference { cells, difference } => (cells, *difference == 1),
                    Constraint::Ratio { cells, ratio } => (cells, *ratio == 2),
                    _ => continue,
                };
                if allows
                    && orthogonal(cells[0], cells[1])
                    && !whispered(puzzle, cells[0], cells[1])
                {
                    return Err(unsupported(format!(
                        "ISS's anti-consecutive holds across the kropki dot of {} and {} too",
                        cells[0], cells[1]
                    )));
                }
            }
            ".AntiConsecutive".into()
        }
        Constraint::DisjointGroups => {
            if is_default(puzzle) && geometry::box_dims(n).is_some() {
                ".DisjointSets".into()
            } else {
                // The same place in every region, in reading order.
                let regions = puzzle.regions();
                let mut places: Vec<(u16, usize)> = Vec::new();
                let mut groups: Vec<Vec<Cell>> = Vec::new();
                for (i, &r) in regions.iter().enumerate() {
                    if r == NO_REGION {
                        continue;
                    }
                    let place = match places.iter_mut().find(|p| p.0 == r) {
                        Some(p) => {
                            p.1 += 1;
                            p.1
                        }
                        None => {
                            places.push((r, 0));
                            0
                        }
                    };
                    if groups.len() <= place {
                        groups.push(Vec::new());
                    }
                    groups[place].push(Cell::new(i / n, i % n));
                }
                groups
                    .iter()
                    .filter(|g| g.len() > 1)
                    .map(|g| format!(".AllDifferent{}", ids(g)))
                    .collect()
            }
        }
        Constraint::Chess { offsets } => {
            if offsets.len() == 1 && matches!(offsets[0], (1, 2) | (2, 1)) {
                ".AntiKnight".into()
            } else {
                let all: Vec<(isize, isize)> = offsets
                    .iter()
                    .flat_map(|&(a, b)| orientations(a as isize, b as isize))
                    .collect();
                pairs(offset_pairs(n, &all))
            }
        }
        Constraint::Taxicab { distance } => {
            let d = *distance as isize;
            let all: Vec<(isize, isize)> = (0..=d).flat_map(|a| orientations(a, d - a)).collect();
            pairs(offset_pairs(n, &all))
        }
        Constraint::ExtraRegion { cells } => format!(".AllDifferent{}", ids(cells)),
        // Written with the givens, as candidates.
        Constraint::Even { .. } | Constraint::Odd { .. } => String::new(),
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let min = matches!(c, Constraint::Minimum { .. });
            let same = |x: Cell| {
                puzzle.constraints().iter().any(|o| match o {
                    Constraint::Minimum { cell } => min && *cell == x,
                    Constraint::Maximum { cell } => !min && *cell == x,
                    _ => false,
                })
            };
            let (r, k) = (cell.row() as isize, cell.col() as isize);
            [(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)]
                .into_iter()
                .filter(|&(y, x)| (0..n as isize).contains(&y) && (0..n as isize).contains(&x))
                .map(|(y, x)| Cell::new(y as usize, x as usize))
                .filter(|&x| !same(x))
                .map(|x| {
                    let (big, small) = if min { (x, *cell) } else { (*cell, x) };
                    format!(".GreaterThan{}", ids(&[big, small]))
                })
                .collect()
        }
        Constraint::Quadruple { cells, digits } => {
            if digits.is_empty() {
                String::new()
            } else {
                let tl = cells[0];
                let square = cells.len() == 4
                    && tl.row() + 1 < n
                    && tl.col() + 1 < n
                    && cells[1..]
                        == [
                            Cell::new(tl.row(), tl.col() + 1),
                            Cell::new(tl.row() + 1, tl.col()),
                            Cell::new(tl.row() + 1, tl.col() + 1),
                        ];
                let list: Vec<String> = digits.iter().map(u16::to_string).collect();
                if square {
                    format!(".Quad~{}~{}", cell_id(tl), list.join("~"))
                } else {
                    format!(".ContainAtLeast~{}{}", list.join("_"), ids(cells))
                }
            }
        }
        Constraint::Clone { cells, copies } => cells
            .iter()
            .zip(copies)
            .filter(|(a, b)| a != b)
            .map(|(&a, &b)| format!(".SameValues~2{}", ids(&[a, b])))
            .collect(),
        Constraint::RowIndexer { cells } => format!(".Indexing~R{}", ids(cells)),
        Constraint::ColumnIndexer { cells } => format!(".Indexing~C{}", ids(cells)),
        Constraint::BoxIndexer { .. } => return Err(lacks("box indexing")),
        Constraint::Killer { cells, sum } => {
            let sum = sum.map(|s| s.to_string()).unwrap_or_default();
            format!(".Cage~{sum}{}", ids(cells))
        }
        Constraint::LittleKiller { cells, sum, .. } => {
            let mut sorted = cells.clone();
            sorted.sort();
            let line = geometry::diagonals(n).into_iter().find(|d| {
                let mut l = d.2.clone();
                l.sort();
                l == sorted
            });
            match line {
                Some((start, ..)) => format!(".LittleKiller~{sum}~{}", cell_id(start)),
                None => format!(".Sum~{sum}{}", ids(cells)),
            }
        }
        Constraint::Rellik { cells, sum } => format!(".RellikCage~{sum}{}", ids(cells)),
        Constraint::Equality { cells } => format!(".EqualityCage{}", ids(cells)),
        Constraint::Sandwich { clue, sum } => format!(".Sandwich~{sum}~{}", line_id(*clue).0),
        Constraint::XSum { clue, sum } => outside("XSum", *clue, *sum),
        Constraint::Skyscraper { clue, count } => outside("Skyscraper", *clue, *count),
        Constraint::NumberedRoom { clue, digit } => {
            outside("NumberedRoom", *clue, u32::from(*digit))
        }
        Constraint::Arrow { bulb, shaft } => {
            if let [one] = bulb[..] {
                format!(".Arrow{}{}", ids(&[one]), ids(shaft))
            } else {
                let mut sorted = bulb.clone();
                sorted.sort();
                let reads = sorted == *bulb
                    && bulb.windows(2).all(|w| {
                        let (dr, dc) = (
                            w[1].row() as isize - w[0].row() as isize,
                            w[1].col() as isize - w[0].col() as isize,
                        );
                        matches!((dr, dc), (0, 1) | (1, 0) | (1, 1))
                    });
                if !reads || !(2..=3).contains(&bulb.len()) {
                    return Err(unsupported(
                        "ISS reads an arrow's bulb of several cells rightwards or downwards, 2 or 3 cells",
                    ));
                }
                format!(".PillArrow~{}{}{}", bulb.len(), ids(bulb), ids(shaft))
            }
        }
        Constraint::DoubleArrow { line } => format!(".DoubleArrow{}", ids(line)),
        Constraint::Xv { cells, sum } => match sum {
            10 | 5 if !orthogonal(cells[0], cells[1]) => return Err(not_beside(cells)),
            10 => format!(".X{}", ids(cells)),
            5 => format!(".V{}", ids(cells)),
            s => format!(".Sum~{s}{}", ids(cells)),
        },
        Constraint::RegionSum { line } => {
            let regions = puzzle.regions();
            let some = regions.iter().any(|&r| r != NO_REGION);
            if some
                && line
                    .iter()
                    .any(|c| regions[c.row() * n + c.col()] == NO_REGION)
            {
                return Err(unsupported(
                    "a region sum line through cells in no region, which ISS sums as a region of their own",
                ));
            }
            format!(".RegionSumLine{}", ids(line))
        }
        Constraint::Thermometer { line } => format!(".Thermo{}", ids(line)),
        Constraint::SlowThermometer { .. } => return Err(lacks("slow thermometer")),
        Constraint::Whispers { line, difference } => format!(".Whisper~{difference}{}", ids(line)),
        Constraint::Renban { line } => format!(".Renban{}", ids(line)),
        Constraint::Palindrome { line } => format!(".Palindrome{}", ids(line)),
        Constraint::Between { line } => format!(".Between{}", ids(line)),
        Constraint::Entropic { line } => {
            if n != 9 {
                return Err(unsupported("ISS's entropic lines are on 9×9 grids only"));
            }
            format!(".Entropic{}", ids(line))
        }
        Constraint::Modular { line } => format!(".Modular~3{}", ids(line)),
        Constraint::Nabner { .. } => return Err(lacks("nabner line")),
        Constraint::Zipper { line } => format!(".Zipper{}", ids(line)),
        Constraint::Lockout { line, difference } => format!(".Lockout~{difference}{}", ids(line)),
        Constraint::Difference { cells, .. } | Constraint::Ratio { cells, .. }
            if !orthogonal(cells[0], cells[1]) =>
        {
            return Err(not_beside(cells));
        }
        Constraint::Difference {
            cells,
            difference: 1,
        } => format!(".WhiteDot{}", ids(cells)),
        Constraint::Difference { .. } => {
            return Err(lacks("white dot of a difference other than 1"));
        }
        Constraint::Ratio { cells, ratio: 2 } => format!(".BlackDot{}", ids(cells)),
        Constraint::Ratio { .. } => return Err(lacks("black dot of a ratio other than 2")),
        Constraint::Negative(Negative::Xv) => ".StrictXV".into(),
        Constraint::Negative(_) => String::new(),
    })
}
