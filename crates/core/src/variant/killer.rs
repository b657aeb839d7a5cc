//! The killer lines the solvers' forums trade, 9×9 only.
//!
//! **The compact line** (the enjoysudoku forum's "understandable, snarfable killer cages"):
//! 81 characters, one a cell in reading order. One cell of each cage holds the cage's total,
//! `0`–`9`, `A`–`Z` for 10–35, `a`–`j` for 36–45 (`0`: a cage without a total); every other
//! cell points to a neighbour in its cage: `<` left, `>` right, `^` up, `v` down, and the
//! diagonals `` ` `` up-left, `'` up-right, `,` down-left, `.` down-right. Following the marks
//! from any cell leads to its cage's total: an arrow that leaves the grid or marks that go round
//! in a loop are errors that name the cells.
//!
//! ```text
//! G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^
//! ```
//!
//! **SudoCue's form**: `3x3::k:`, or `3x3:d:k:` for a killer with both diagonals, then 81
//! numbers separated by `:` (a `:` may end the line), each a cell's cage number plus 256 times
//! the cage's total. A cage's cells share its number and its total; a cell whose total is 0
//! is in no cage, whatever its number (`0000` often stands for such a cell, while cage 0 may
//! be a cage as well).
//!
//! ```text
//! 3x3::k:4609:4098:4098:5891:…
//! ```
//!
//! A cage without a total of a single cell says nothing and is left out. [`to_compact`] writes
//! the compact line back.

use super::{Constraint, Diagonal, Error, ErrorKind, Puzzle};
use crate::Cell;

/// Cells of the grid: these forms are 9×9.
const N: usize = 9;

/// The characters of a compact line: totals and marks.
pub(crate) fn compact_char(b: u8) -> bool {
    b.is_ascii_digit()
        || b.is_ascii_uppercase()
        || (b'a'..=b'j').contains(&b)
        || b"<>^v`',.".contains(&b)
}

/// The step a mark makes (rows, columns), if the character is one.
fn step(b: u8) -> Option<(isize, isize)> {
    Some(match b {
        b'<' => (0, -1),
        b'>' => (0, 1),
        b'^' => (-1, 0),
        b'v' => (1, 0),
        b'`' => (-1, -1),
        b'\'' => (-1, 1),
        b',' => (1, -1),
        b'.' => (1, 1),
        _ => return None,
    })
}

/// The total a character writes, if it is one: `0`–`9`, `A`–`Z` (10–35), `a`–`j` (36–45).
fn total(b: u8) -> Option<u32> {
    match b {
        b'0'..=b'9' => Some(u32::from(b - b'0')),
        b'A'..=b'Z' => Some(u32::from(b - b'A') + 10),
        b'a'..=b'j' => Some(u32::from(b - b'a') + 36),
        _ => None,
    }
}

/// The character of a total (0 to 45).
fn total_char(t: u32) -> Option<char> {
    let t = u8::try_from(t).ok()?;
    Some(char::from(match t {
        0..=9 => b'0' + t,
        10..=35 => b'A' + t - 10,
        36..=45 => b'a' + t - 36,
        _ => return None,
    }))
}

/// Whether a line is a compact killer line: 81 characters of totals and marks, with at least
/// one mark that no classic line holds (`<`, `>`, `^`, `v`, `` ` ``, `'`).
pub fn is_compact(line: &str) -> bool {
    let b = line.trim().as_bytes();
    b.len() == N * N
        && b.iter().all(|&b| compact_char(b))
        && b.iter().any(|b| b"<>^v`'".contains(b))
}

/// Whether a line is in SudoCue's killer form (`3x3::k:…` or `3x3:d:k:…`).
pub fn is_sudocue(line: &str) -> bool {
    let t = line.trim();
    t.starts_with("3x3:")
        && t.split(':').nth(2) == Some("k")
        && t.bytes()
            .all(|b| b.is_ascii_digit() || b == b':' || b == b'd' || b == b'k' || b == b'x')
}

/// The cages (total, cells in reading order) and diagonals a killer line holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Killer {
    pub cages: Vec<(Option<u32>, Vec<Cell>)>,
    pub diagonals: bool,
}

impl Killer {
    /// The killer as a 9×9 puzzle.
    fn puzzle(self) -> Result<Puzzle, Vec<Error>> {
        let mut puzzle = Puzzle::new(N).map_err(|e| vec![e])?;
        let mut errors = Vec::new();
        if self.diagonals {
            for d in [Diagonal::Positive, Diagonal::Negative] {
                puzzle
                    .push(Constraint::Diagonal(d))
                    .unwrap_or_else(|e| errors.push(e));
            }
        }
        for (sum, cells) in self.cages {
            let at = cells.first().map(ToString::to_string).unwrap_or_default();
            if let Err(e) = puzzle.push_at(Constraint::Killer { cells, sum }, &at) {
                errors.push(e);
            }
        }
        if errors.is_empty() {
            Ok(puzzle)
        } else {
            Err(errors)
        }
    }
}

/// Reads a compact killer line.
///
/// ```
/// use nsudoku::variant::killer::from_compact;
///
/// let line = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";
/// let puzzle = from_compact(line).map_err(|e| e[0].clone())?;
/// assert_eq!(puzzle.constraints().len(), 24);
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn from_compact(line: &str) -> Result<Puzzle, Vec<Error>> {
    compact_cages(line)?.puzzle()
}

/// Reads a killer in SudoCue's form.
pub fn from_sudocue(line: &str) -> Result<Puzzle, Vec<Error>> {
    sudocue_cages(line)?.puzzle()
}

fn syntax(message: impl Into<String>, at: impl Into<String>) -> Error {
    Error::new(ErrorKind::Syntax, message, at)
}

/// The cages of a compact killer line.
pub(crate) fn compact_cages(line: &str) -> Result<Killer, Vec<Error>> {
    let b = line.trim().as_bytes();
    if b.len() != N * N {
        return Err(vec![syntax(
            format!(
                "a compact killer line has 81 characters, not {}",
                line.trim().chars().count()
            ),
            "",
        )]);
    }
    let cell = |i: usize| Cell::new(i / N, i % N);
    let mut errors = Vec::new();
    // Where each cell points: itself for a total.
    let mut next = vec![0usize; N * N];
    for (i, &ch) in b.iter().enumerate() {
        if let Some((dr, dc)) = step(ch) {
            let (r, c) = ((i / N) as isize + dr, (i % N) as isize + dc);
            if (0..N as isize).contains(&r) && (0..N as isize).contains(&c) {
                next[i] = r as usize * N + c as usize;
            } else {
                errors.push(Error::new(
                    ErrorKind::OutsideGrid,
                    format!(
                        "the mark '{}' at {} points out of the grid",
                        ch as char,
                        cell(i)
                    ),
                    cell(i).to_string(),
                ));
                next[i] = i;
            }
        } else if total(ch).is_some() {
            next[i] = i;
        } else {
            errors.push(syntax(
                format!(
                    "'{}' at {} is neither a cage total (0-9, A-Z, a-j) nor a mark (< > ^ v ` ' , .)",
                    line.trim().chars().nth(i).unwrap_or('?'),
                    cell(i)
                ),
                cell(i).to_string(),
            ));
            next[i] = i;
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Each cell's total cell, or the loop it falls into.
    let mut root: Vec<Option<usize>> = vec![None; N * N];
    let mut in_loop = [false; N * N];
    for start in 0..N * N {
        let mut path = Vec::new();
        let mut i = start;
        let found = loop {
            if let Some(r) = root[i] {
                break Some(r);
            }
            if in_loop[i] {
                break None;
            }
            if next[i] == i {
                break Some(i);
            }
            if let Some(k) = path.iter().position(|&p| p == i) {
                let cycle: Vec<usize> = path[k..].to_vec();
                for &c in &cycle {
                    in_loop[c] = true;
                }
                let names: Vec<String> = cycle.iter().map(|&c| cell(c).to_string()).collect();
                errors.push(syntax(
                    format!("the marks go round in a loop: {}", names.join(" ")),
                    cell(cycle[0]).to_string(),
                ));
                break None;
            }
            path.push(i);
            i = next[i];
        };
        for p in path {
            if found.is_some() {
                root[p] = found;
            } else {
                in_loop[p] = true;
            }
        }
        if found.is_some() {
            root[start] = found;
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut cages: Vec<(Option<u32>, Vec<Cell>)> = Vec::new();
    let mut cage_of_root = vec![usize::MAX; N * N];
    for (i, r) in root.iter().enumerate() {
        let Some(r) = *r else { continue };
        if cage_of_root[r] == usize::MAX {
            cage_of_root[r] = cages.len();
            let t = total(b[r]).unwrap_or(0);
            cages.push(((t != 0).then_some(t), Vec::new()));
        }
        cages[cage_of_root[r]].1.push(cell(i));
    }
    cages.retain(|(sum, cells)| sum.is_some() || cells.len() > 1);
    Ok(Killer {
        cages,
        diagonals: false,
    })
}

/// The cages of a killer in SudoCue's form.
pub(crate) fn sudocue_cages(line: &str) -> Result<Killer, Vec<Error>> {
    let t = line.trim();
    let mut parts: Vec<&str> = t.split(':').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    if parts.first() != Some(&"3x3") || parts.get(2) != Some(&"k") {
        return Err(vec![syntax(
            "SudoCue's killer form starts 3x3::k: or 3x3:d:k:",
            "",
        )]);
    }
    let diagonals = match parts[1] {
        "" => false,
        "d" => true,
        other => {
            return Err(vec![syntax(
                format!("SudoCue's killer option {other:?} is not read (only d, both diagonals)"),
                "",
            )]);
        }
    };
    let numbers = &parts[3..];
    if numbers.len() != N * N {
        return Err(vec![syntax(
            format!(
                "SudoCue's killer form has 81 numbers, not {}",
                numbers.len()
            ),
            "",
        )]);
    }
    let mut errors = Vec::new();
    // Cage numbers in order of their first cell, with their total and cells.
    let mut cages: Vec<(u32, Option<u32>, Vec<Cell>)> = Vec::new();
    for (i, text) in numbers.iter().enumerate() {
        let here = Cell::new(i / N, i % N);
        let Ok(value) = text.parse::<u32>() else {
            errors.push(syntax(
                format!("{text:?} at {here} is not a number"),
                here.to_string(),
            ));
            continue;
        };
        let (id, t) = (value % 256, value / 256);
        if t == 0 {
            continue;
        }
        let k = match cages.iter().position(|c| c.0 == id) {
            Some(k) => k,
            None => {
                cages.push((id, None, Vec::new()));
                cages.len() - 1
            }
        };
        let cage = &mut cages[k];
        cage.2.push(here);
        match cage.1 {
            Some(old) if old != t => errors.push(Error::new(
                ErrorKind::BadValue,
                format!("cage {id} has two totals, {old} and {t} (at {here})"),
                here.to_string(),
            )),
            _ => cage.1 = Some(t),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Killer {
        cages: cages
            .into_iter()
            .filter_map(|(_, sum, cells)| sum.map(|s| (Some(s), cells)))
            .collect(),
        diagonals,
    })
}

/// A 9×9 killer as a compact line: each cage's total in its first cell (in reading order),
/// each other cell a mark towards a neighbour one step nearer to it; a cell in no cage is a
/// `0`. Only a puzzle of cages on the default boxes, without givens, candidates or other rules,
/// each cage connected (diagonal neighbours count) with a total up to 45, has one.
pub fn to_compact(puzzle: &Puzzle) -> Result<String, Error> {
    let unsupported = |m: String| Error::new(ErrorKind::Unsupported, m, "");
    if puzzle.size() != N || puzzle.box_shape().is_none_or(|s| s.width() != 3) {
        return Err(unsupported(
            "a compact killer line is a 9×9 grid with 3×3 boxes".into(),
        ));
    }
    if puzzle.givens().iter().any(|&g| g != 0) || puzzle.candidates().is_some() {
        return Err(unsupported(
            "a compact killer line has no givens or candidates".into(),
        ));
    }
    let mut out = vec![b'0'; N * N];
    let mut caged = [false; N * N];
    for c in puzzle.constraints() {
        let Constraint::Killer { cells, sum } = c else {
            return Err(unsupported(format!(
                "a compact killer line has cages only, not {}",
                c.name()
            )));
        };
        let idx: Vec<usize> = cells.iter().map(|c| c.row() * N + c.col()).collect();
        if idx.iter().any(|&i| std::mem::replace(&mut caged[i], true)) {
            return Err(unsupported(
                "a compact killer line has no overlapping cages".into(),
            ));
        }
        let Some(&first) = idx.iter().min() else {
            continue;
        };
        out[first] = total_char(sum.unwrap_or(0))
            .ok_or_else(|| unsupported(format!("a cage total of {sum:?} is above 45")))?
            as u8;
        // Breadth first from the total: each cell reached points back one step.
        let mut queue = std::collections::VecDeque::from([first]);
        let mut seen = vec![first];
        while let Some(i) = queue.pop_front() {
            for &j in &idx {
                let (dr, dc) = (
                    (i / N) as isize - (j / N) as isize,
                    (i % N) as isize - (j % N) as isize,
                );
                if seen.contains(&j) || dr.abs() > 1 || dc.abs() > 1 {
                    continue;
                }
                out[j] = match (dr, dc) {
                    (0, -1) => b'<',
                    (0, 1) => b'>',
                    (-1, 0) => b'^',
                    (1, 0) => b'v',
                    (-1, -1) => b'`',
                    (-1, 1) => b'\'',
                    (1, -1) => b',',
                    _ => b'.',
                };
                seen.push(j);
                queue.push_back(j);
            }
        }
        if seen.len() != idx.len() {
            return Err(unsupported(format!(
                "cage {} is not connected, which a compact killer line cannot write",
                super::validate::span(cells)
            )));
        }
    }
    Ok(String::from_utf8(out).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A killer of the rcbroughton forum's "tarek unsolvable" collection.
    const TAREK: &str =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";

    #[test]
    fn a_compact_line_reads_as_its_cages() {
        let killer = compact_cages(TAREK).expect("reads");
        assert!(!killer.diagonals);
        // Every cell is in one cage, and each cage's total cell is its first.
        let cells: usize = killer.cages.iter().map(|c| c.1.len()).sum();
        assert_eq!(cells, 81);
        assert_eq!(
            killer.cages[0],
            (
                Some(16),
                vec![
                    Cell::new(0, 0),
                    Cell::new(0, 1),
                    Cell::new(0, 2),
                    Cell::new(1, 0)
                ]
            )
        );
        let totals: u32 = killer.cages.iter().filter_map(|c| c.0).sum();
        assert_eq!(
            totals, 405,
            "the totals of a killer covering the grid add up to 9 × 45"
        );
    }

    #[test]
    fn the_compact_line_is_written_back() {
        let puzzle = from_compact(TAREK).expect("reads");
        let line = to_compact(&puzzle).expect("writes");
        assert_eq!(from_compact(&line).expect("reads back"), puzzle);
    }

    #[test]
    fn loops_and_arrows_out_of_the_grid_are_named() {
        let mut line = TAREK.as_bytes().to_vec();
        line[0] = b'^';
        let errors = compact_cages(std::str::from_utf8(&line).unwrap()).unwrap_err();
        assert_eq!(errors[0].kind, ErrorKind::OutsideGrid);
        assert!(errors[0].message.contains("r1c1"), "{}", errors[0].message);

        // r1c1 > r1c2 < r1c1: a loop of two cells (r1c3 and r2c1 lead into it).
        let mut line = TAREK.as_bytes().to_vec();
        line[0] = b'>';
        let errors = compact_cages(std::str::from_utf8(&line).unwrap()).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].message.contains("loop: r1c1 r1c2"),
            "{}",
            errors[0].message
        );

        let mut line = TAREK.as_bytes().to_vec();
        line[40] = b'#';
        let errors = compact_cages(std::str::from_utf8(&line).unwrap()).unwrap_err();
        assert!(
            errors[0].message.contains("'#' at r5c5"),
            "{}",
            errors[0].message
        );
    }

    #[test]
    fn every_mark_points_its_way() {
        // A cage of nine cells around r5c5, each pointing to the centre.
        let mut line = vec![b'0'; 81];
        let marks = [
            (b'.', 30),
            (b'v', 31),
            (b',', 32),
            (b'>', 39),
            (b'<', 41),
            (b'\'', 48),
            (b'^', 49),
            (b'`', 50),
        ];
        for (m, i) in marks {
            line[i] = m;
        }
        line[40] = b'j';
        let killer = compact_cages(std::str::from_utf8(&line).unwrap()).expect("reads");
        assert_eq!(
            killer.cages.len(),
            1,
            "cells without a total alone are in no cage"
        );
        assert_eq!(killer.cages[0].0, Some(45));
        assert_eq!(killer.cages[0].1.len(), 9);
    }

    #[test]
    fn sudocue_numbers_are_cages_and_totals() {
        // Row 1: a cage of 3 cells; a cell of cage 1 without its total, in no cage; the rest in
        // no cage either (cage 0 included).
        let mut numbers = vec![String::new(); 81];
        numbers[0] = (6 * 256 + 1).to_string();
        numbers[1] = (6 * 256 + 1).to_string();
        numbers[2] = (6 * 256 + 1).to_string();
        for (i, n) in numbers.iter_mut().enumerate().skip(3) {
            *n = (i + 2).to_string();
        }
        numbers[3] = "1".into();
        numbers[4] = "0000".into();
        let line = format!("3x3:d:k:{}:", numbers.join(":"));
        assert!(is_sudocue(&line));
        let killer = sudocue_cages(&line).expect("reads");
        assert!(killer.diagonals);
        assert_eq!(
            killer.cages,
            vec![(
                Some(6),
                vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)]
            )]
        );
        let puzzle = from_sudocue(&line).expect("a puzzle");
        assert_eq!(puzzle.constraints().len(), 3);

        let short = line.replacen(":1:0000:", ":0000:", 1);
        assert!(
            sudocue_cages(&short).unwrap_err()[0]
                .message
                .contains("81 numbers, not 80")
        );
        let clash = line.replacen(":1:0000:", &format!(":{}:0000:", 7 * 256 + 1), 1);
        assert!(
            sudocue_cages(&clash).unwrap_err()[0]
                .message
                .contains("two totals, 6 and 7")
        );
    }

    #[test]
    fn classic_lines_are_not_killer_lines() {
        let classic =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert!(!is_compact(classic));
        assert!(!is_sudocue(classic));
        assert!(is_compact(TAREK));
    }
}
