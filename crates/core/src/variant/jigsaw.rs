//! Jigsaw lines, as solvers trade irregular-region puzzles: one line.
//!
//! - **Givens and layout**: `2N²` characters, the `N²` givens of the grid (`1`–`9`, then `A`–`Z`
//!   for 10–35; `.`, `0` or `_` empty) followed by its `N²` region symbols, one a cell in
//!   reading order, with or without white space between the two halves. Past 9×9, givens in
//!   letters only are ISS's: `A` is 1, `B` 2, …. Any `N` distinct symbols name the regions, each `N` times: 162 characters
//!   for 9×9, 32 for 4×4 (below: r1c1 holds 1, r1c2 3 and r2c4 2; the regions are `1112`, `1322`,
//!   `3324`, `3444`).
//! - **The layout alone**: `N²` region symbols, an empty grid. To tell it from a classic line,
//!   the side is at least 4 and each region is connected (cells side by side): a classic grid
//!   never repeats a digit beside itself.
//!
//! ```text
//! 13.....2........1112132233243444
//! 000000012345505012345555112345511112344466212334666222334466667388887777888887777
//! ```
//!
//! No plain grid has `2N²` cells, so the first form never reads as a classic line; a layout in
//! which no region has two cells side by side is a solution, not regions (a puzzle and its
//! solution on one line).
//! [`to_line`] writes the first form.

use super::{Error, ErrorKind, Puzzle};
use crate::Cell;
use crate::parse::Alphabet;

/// The side whose `N²` is `cells`, if there is one.
fn side_of(cells: usize) -> Option<usize> {
    let n = (cells as f64).sqrt().round() as usize;
    (n * n == cells && n >= 1).then_some(n)
}

/// The region of each cell, numbered by first appearance, if `symbols` names `N` regions of
/// `N` cells each (and, with `connected`, each connected).
pub(crate) fn layout(symbols: &[char], n: usize, connected: bool) -> Option<Vec<u16>> {
    let mut names: Vec<char> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut regions = Vec::with_capacity(symbols.len());
    for &s in symbols {
        let k = match names.iter().position(|&x| x == s) {
            Some(k) => k,
            None => {
                if names.len() == n || s.is_whitespace() {
                    return None;
                }
                names.push(s);
                counts.push(0);
                names.len() - 1
            }
        };
        counts[k] += 1;
        if counts[k] > n {
            return None;
        }
        regions.push(k as u16);
    }
    if names.len() != n || counts.iter().any(|&c| c != n) {
        return None;
    }
    if connected && !(0..n).all(|k| is_connected(&regions, n, k as u16)) {
        return None;
    }
    Some(regions)
}

/// Whether no two cells side by side share a region (as no two of a solution share a digit).
fn scattered(regions: &[u16], n: usize) -> bool {
    (0..n * n).all(|i| {
        let (r, c) = (i / n, i % n);
        (c + 1 == n || regions[i] != regions[i + 1]) && (r + 1 == n || regions[i] != regions[i + n])
    })
}

/// Whether the cells of region `k` are connected by sides.
fn is_connected(regions: &[u16], n: usize, k: u16) -> bool {
    let Some(start) = regions.iter().position(|&r| r == k) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        let (r, c) = (i / n, i % n);
        let mut near = Vec::with_capacity(4);
        if r > 0 {
            near.push(i - n);
        }
        if r + 1 < n {
            near.push(i + n);
        }
        if c > 0 {
            near.push(i - 1);
        }
        if c + 1 < n {
            near.push(i + 1);
        }
        for j in near {
            if !seen[j] && regions[j] == k {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == regions.iter().filter(|&&r| r == k).count()
}

/// The givens of `N²` characters, if each is a symbol of a digit up to `N` or an empty mark.
/// Past 9×9, givens written in letters only are ISS's (`A` is 1, `B` 2, …): no grid gives
/// none of the digits 1 to 9.
fn givens(chars: &[char], n: usize) -> Option<Vec<u16>> {
    let letters_only = n > 9
        && !chars.iter().any(|c| matches!(c, '1'..='9'))
        && chars.iter().any(char::is_ascii_uppercase);
    let alphabet = Alphabet::standard();
    chars
        .iter()
        .map(|&c| {
            let v = if letters_only && c.is_ascii_uppercase() {
                Some(c as usize - 'A' as usize + 1)
            } else {
                alphabet.value(c).map(|v| v as usize)
            };
            v.filter(|&v| v <= n).map(|v| v as u16)
        })
        .collect()
}

/// The givens (empty for the layout alone) and regions of a jigsaw line, if it is one. When
/// `connected`, the layout alone must have connected regions, and a layout after givens must
/// have two cells of a region side by side somewhere: a puzzle and its solution on one line
/// has `2N²` characters too, but no digit of a solution is beside itself.
pub(crate) fn split(line: &str, connected: bool) -> Option<(Vec<u16>, Vec<u16>, usize)> {
    let t = line.trim();
    if t.contains(char::is_whitespace) {
        // The givens and the layout as two words.
        let mut words = t.split_whitespace();
        let (Some(first), Some(second), None) = (words.next(), words.next(), words.next()) else {
            return None;
        };
        let first: Vec<char> = first.chars().collect();
        let second: Vec<char> = second.chars().collect();
        let n = side_of(first.len()).filter(|n| (2..=super::MAX_SIDE).contains(n))?;
        if second.len() != first.len() {
            return None;
        }
        let regions = layout(&second, n, false)?;
        if connected && scattered(&regions, n) {
            return None;
        }
        return Some((givens(&first, n)?, regions, n));
    }
    let chars: Vec<char> = t.chars().collect();
    let len = chars.len();
    if len % 2 == 0
        && let Some(n) = side_of(len / 2)
        && (2..=super::MAX_SIDE).contains(&n)
    {
        let values = givens(&chars[..n * n], n)?;
        let regions = layout(&chars[n * n..], n, false)?;
        if connected && scattered(&regions, n) {
            return None;
        }
        return Some((values, regions, n));
    }
    let n = side_of(len)?;
    if n < 4 && connected || n > super::MAX_SIDE {
        return None;
    }
    let regions = layout(&chars, n, connected)?;
    Some((vec![0; n * n], regions, n))
}

/// Whether a line is a jigsaw line: givens and layout, or the layout alone (connected).
pub fn is_line(line: &str) -> bool {
    split(line, true).is_some()
}

/// Reads a jigsaw line.
///
/// ```
/// use nsudoku::variant::jigsaw::from_line;
///
/// // A 4×4 grid: r1c1 holds 1, r1c2 3, r2c4 2; then four regions, 1112 / 1322 / 3324 / 3444.
/// let puzzle = from_line("13.....2........1112132233243444").map_err(|e| e[0].clone())?;
/// assert_eq!(puzzle.size(), 4);
/// assert_eq!(puzzle.givens()[7], 2);
/// assert_eq!(puzzle.regions()[3], 1);
/// assert_eq!(puzzle.count_solutions(3).count, 1);
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn from_line(line: &str) -> Result<Puzzle, Vec<Error>> {
    let Some((values, regions, n)) = split(line, true) else {
        return Err(vec![Error::new(
            ErrorKind::Regions,
            "a jigsaw line is N² givens then N² region symbols, each of N symbols N times (or the layout alone, each region connected)",
            "",
        )]);
    };
    puzzle(&values, regions, n).map_err(|e| vec![e])
}

/// The puzzle of givens and regions.
pub(crate) fn puzzle(values: &[u16], regions: Vec<u16>, n: usize) -> Result<Puzzle, Error> {
    let mut puzzle = Puzzle::new(n)?;
    puzzle.set_regions(regions)?;
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            puzzle.set_given(Cell::new(i / n, i % n), v, "")?;
        }
    }
    Ok(puzzle)
}

/// A puzzle of givens and `N` regions of `N` cells, without constraints or candidates, as a
/// jigsaw line (givens, then regions named `1`, `2`, … in order of their first cell; up to
/// 35×35).
pub fn to_line(puzzle: &Puzzle) -> Result<String, Error> {
    let n = puzzle.size();
    let unsupported = |m: &str| Error::new(ErrorKind::Unsupported, m, "");
    if !puzzle.constraints().is_empty() || puzzle.candidates().is_some() {
        return Err(unsupported(
            "a jigsaw line has givens and regions only, no constraints or candidates",
        ));
    }
    let alphabet = Alphabet::standard();
    if n > alphabet.len() {
        return Err(unsupported("a jigsaw line is at most 35×35"));
    }
    let mut out: String = puzzle
        .givens()
        .iter()
        .map(|&g| alphabet.symbol(g.into()).unwrap_or('.'))
        .collect();
    let mut names: Vec<u16> = Vec::new();
    for &r in puzzle.regions() {
        let k = match names.iter().position(|&x| x == r) {
            Some(k) => k,
            None => {
                names.push(r);
                names.len() - 1
            }
        };
        out.push(alphabet.symbol(k + 1).unwrap_or('?'));
    }
    if split(&out, false).is_none() {
        return Err(unsupported(
            "a jigsaw line has N regions of N cells, every cell in one",
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: &str =
        "000000012345505012345555112345511112344466212334666222334466667388887777888887777";

    #[test]
    fn the_layout_alone_reads_as_an_empty_jigsaw() {
        assert!(is_line(LAYOUT));
        let puzzle = from_line(LAYOUT).expect("reads");
        assert_eq!(puzzle.size(), 9);
        assert!(puzzle.givens().iter().all(|&g| g == 0));
        assert_eq!(puzzle.regions()[0], 0);
        let mut names = puzzle.regions().to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names, (0..9).collect::<Vec<u16>>());
        assert!(puzzle.box_shape().is_none());
    }

    #[test]
    fn givens_then_layout() {
        let mut line = String::from("3");
        line.push_str(&".".repeat(79));
        line.push('4');
        line.push_str(LAYOUT);
        let puzzle = from_line(&line).expect("reads");
        assert_eq!(puzzle.givens()[0], 3);
        assert_eq!(puzzle.givens()[80], 4);
        assert_eq!(from_line(&to_line(&puzzle).expect("writes")), Ok(puzzle));
    }

    #[test]
    fn the_two_halves_may_be_two_words_and_iss_letters_give_16x16() {
        let line = format!("3{}4 {LAYOUT}", ".".repeat(79));
        assert!(is_line(&line));
        let puzzle = from_line(&line).expect("reads");
        assert_eq!((puzzle.givens()[0], puzzle.givens()[80]), (3, 4));
        assert!(!is_line(&format!("{} {LAYOUT}", ".".repeat(80))));
        // 16×16 givens in letters only, as ISS writes them: A is 1, P 16; with a digit among
        // them, letters are 10 and up.
        let layout: String = (0..256)
            .map(|i| char::from(b'a' + (i / 64 * 4 + i % 16 / 4) as u8))
            .collect();
        let iss = format!("A{}P {layout}", ".".repeat(254));
        let puzzle = from_line(&iss).expect("reads");
        assert_eq!((puzzle.givens()[0], puzzle.givens()[255]), (1, 16));
        let ours = from_line(&format!("1{}G{layout}", ".".repeat(254))).expect("reads");
        assert_eq!((ours.givens()[0], ours.givens()[255]), (1, 16));
    }

    #[test]
    fn a_solved_classic_grid_is_not_a_layout() {
        // Each digit nine times, but never beside itself.
        let solved =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        assert!(!is_line(solved));
        // A layout with a region cut in two is refused alone, read with givens.
        let cut = format!("7{}0", &LAYOUT[1..80]);
        assert!(!is_line(&cut));
        let with_givens = format!("{}{cut}", ".".repeat(81));
        assert!(is_line(&with_givens));
        // A puzzle and its solution on one line is not a jigsaw line.
        let puzzle = format!("{}{}", ".".repeat(40), &solved[40..]);
        assert!(!is_line(&format!("{puzzle}{solved}")));
        assert!(!is_line(&format!("{puzzle} {solved}")));
    }

    #[test]
    fn regions_of_the_wrong_size_are_not_a_layout() {
        let bad = LAYOUT.replacen('1', "2", 1);
        assert_eq!(bad.len(), 81);
        assert!(!is_line(&bad));
        assert_eq!(from_line(&bad).unwrap_err()[0].kind, ErrorKind::Regions);
    }
}
