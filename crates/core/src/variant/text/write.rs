//! Writing a puzzle in the text form: headers, the grid, the regions when they are not the
//! default boxes, candidates, then one line per constraint (single-cell rules in a row share
//! a line). Every default (a whisper's ⌈N/2⌉, a white dot's 1, a sandwich read from the top or
//! left) is left out, so the text is what one would write by hand.

use std::fmt::Write as _;

use super::cells;
use crate::Cell;
use crate::variant::fpuzzles::diagonal;
use crate::variant::{Clue, Constraint, Direction, NO_REGION, Puzzle, Side};

/// The puzzle in the text form ([`super::from_text`] reads it back as an equal puzzle).
pub fn to_text(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let mut out = String::new();
    for (key, value) in [
        ("title", &puzzle.info.title),
        ("author", &puzzle.info.author),
        ("rules", &puzzle.info.rules),
    ] {
        if let Some(value) = value {
            for line in value.split('\n') {
                match escape(line) {
                    line if line.is_empty() => writeln!(out, "{key}:"),
                    line => writeln!(out, "{key}: {line}"),
                }
                .ok();
            }
        }
    }
    let width = n.to_string().len();
    for row in puzzle.givens().chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&v| match v {
                0 => format!("{:>width$}", "."),
                v => format!("{v:>width$}"),
            })
            .collect();
        out.push_str(&cells.join(if n > 9 { " " } else { "" }));
        out.push('\n');
    }
    let default = Puzzle::new(n)
        .map(|p| p.regions().to_vec())
        .unwrap_or_default();
    if puzzle.regions() != default {
        out.push_str("regions:\n");
        write_regions(&mut out, puzzle.regions(), n);
    }
    if let Some(candidates) = puzzle.candidates() {
        write_candidates(&mut out, candidates, puzzle.all_digits(), n);
    }
    let constraints = puzzle.constraints();
    let mut i = 0;
    while i < constraints.len() {
        let c = &constraints[i];
        if let Some(first) = single_cell(c) {
            // This rule's cells, for as long as the same rule follows.
            let mut cells = vec![first];
            while let Some(next) = constraints
                .get(i + cells.len())
                .filter(|d| d.name() == c.name())
                .and_then(single_cell)
            {
                cells.push(next);
            }
            i += cells.len();
            writeln!(out, "{} {}", c.name(), cells::write(&cells, true)).ok();
            continue;
        }
        out.push_str(&line(c, n));
        out.push('\n');
        i += 1;
    }
    out
}

/// The cell of a single-cell rule.
fn single_cell(c: &Constraint) -> Option<Cell> {
    match c {
        Constraint::Even { cell }
        | Constraint::Odd { cell }
        | Constraint::Minimum { cell }
        | Constraint::Maximum { cell } => Some(*cell),
        _ => None,
    }
}

/// A header value's line: `\` doubled, tabs and carriage returns escaped, and spaces at either
/// end written `\s` (the reader trims spaces).
fn escape(line: &str) -> String {
    let body = line.trim_matches(' ');
    let lead = line.len() - line.trim_start_matches(' ').len();
    let trail = if body.is_empty() {
        0
    } else {
        line.len() - line.trim_end_matches(' ').len()
    };
    let mut out = "\\s".repeat(lead);
    for c in body.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push_str(&"\\s".repeat(trail));
    out
}

/// The regions, a symbol a cell (`1`–`9`, `A`–`Z`, `a`–`z` for regions 1 to 61, `.` for
/// none), or numbers from 1 when some region is beyond 61.
fn write_regions(out: &mut String, regions: &[u16], n: usize) {
    const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let compact = regions
        .iter()
        .all(|&r| r == NO_REGION || usize::from(r) < SYMBOLS.len());
    let width = regions
        .iter()
        .filter(|&&r| r != NO_REGION)
        .map(|&r| (u32::from(r) + 1).to_string().len())
        .max()
        .unwrap_or(1);
    for row in regions.chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&r| match r {
                NO_REGION if compact => ".".to_owned(),
                NO_REGION => format!("{:>width$}", "."),
                r if compact => char::from(SYMBOLS[usize::from(r)]).to_string(),
                r => format!("{:>width$}", u32::from(r) + 1),
            })
            .collect();
        // One symbol a cell on a row of one cell would be a single word either way.
        out.push_str(&cells.join(if compact { "" } else { " " }));
        out.push('\n');
    }
}

/// One `candidates` line per set of digits, in the order the sets first appear; a puzzle whose
/// cells all keep every digit still says so of its first cell.
fn write_candidates(out: &mut String, candidates: &[u64], all: u64, n: usize) {
    let mut sets: Vec<(u64, Vec<Cell>)> = Vec::new();
    for (i, &mask) in candidates.iter().enumerate() {
        if mask == all {
            continue;
        }
        let cell = Cell::new(i / n, i % n);
        match sets.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, cells)) => cells.push(cell),
            None => sets.push((mask, vec![cell])),
        }
    }
    if sets.is_empty() {
        sets.push((all, vec![Cell::new(0, 0)]));
    }
    for (mask, cells) in sets {
        let digits: Vec<String> = (0..n)
            .filter(|d| mask >> d & 1 != 0)
            .map(|d| (d + 1).to_string())
            .collect();
        writeln!(
            out,
            "candidates {} {}",
            digits.join(" "),
            cells::write(&cells, true)
        )
        .ok();
    }
}

/// A clue's row or column, and its side (unless it is the top or the left and not `always`).
fn clue(clue: Clue, always: bool) -> String {
    let i = clue.index + 1;
    match clue.side {
        Side::Top if !always => format!("c{i}"),
        Side::Left if !always => format!("r{i}"),
        Side::Top => format!("c{i} top"),
        Side::Bottom => format!("c{i} bottom"),
        Side::Left => format!("r{i} left"),
        Side::Right => format!("r{i} right"),
    }
}

/// One constraint as its line of the text form, in a grid of side `n` (`killer 15 r1c1-2`,
/// `even r3c4`): how messages and lists name a constraint.
pub fn constraint_line(c: &Constraint, n: usize) -> String {
    match single_cell(c) {
        Some(cell) => format!("{} {}", c.name(), cells::write(&[cell], true)),
        None => line(c, n),
    }
}

/// The line of a constraint other than a single-cell rule.
fn line(c: &Constraint, n: usize) -> String {
    let name = c.name();
    let path = |cells: &[Cell]| cells::write(cells, false);
    let set = |cells: &[Cell]| cells::write(cells, true);
    let with = |value: Option<String>, cells: String| match value {
        Some(v) => format!("{name} {v} {cells}"),
        None => format!("{name} {cells}"),
    };
    let unless = |v: u16, default: usize| (usize::from(v) != default).then(|| v.to_string());
    match c {
        Constraint::Chess { offsets } => {
            let pairs: Vec<String> = offsets.iter().map(|(a, b)| format!("{a},{b}")).collect();
            format!("{name} {}", pairs.join(" "))
        }
        Constraint::Taxicab { distance } => format!("{name} {distance}"),
        Constraint::ExtraRegion { cells }
        | Constraint::Equality { cells }
        | Constraint::RowIndexer { cells }
        | Constraint::ColumnIndexer { cells }
        | Constraint::BoxIndexer { cells } => with(None, set(cells)),
        Constraint::Quadruple { cells, digits } => {
            let digits: Vec<String> = digits.iter().map(u16::to_string).collect();
            with((!digits.is_empty()).then(|| digits.join(" ")), set(cells))
        }
        Constraint::Clone { cells, copies } => format!("{name} {} = {}", set(cells), set(copies)),
        Constraint::Killer { cells, sum } => with(sum.map(|s| s.to_string()), set(cells)),
        Constraint::Rellik { cells, sum } => with(Some(sum.to_string()), set(cells)),
        Constraint::LittleKiller {
            clue,
            direction,
            cells,
            sum,
        } => {
            let word = match direction {
                Direction::UpLeft => "upleft",
                Direction::UpRight => "upright",
                Direction::DownLeft => "downleft",
                Direction::DownRight => "downright",
            };
            let mut text = format!("{name} {sum} r{}c{} {word}", clue.0 + 1, clue.1 + 1);
            if *cells != diagonal(*clue, *direction, n) {
                text.push(' ');
                text.push_str(&path(cells));
            }
            text
        }
        Constraint::Sandwich { clue: c, sum } => format!("{name} {sum} {}", clue(*c, false)),
        Constraint::XSum { clue: c, sum } => format!("{name} {sum} {}", clue(*c, true)),
        Constraint::Skyscraper { clue: c, count } => format!("{name} {count} {}", clue(*c, true)),
        Constraint::NumberedRoom { clue: c, digit } => {
            format!("{name} {digit} {}", clue(*c, true))
        }
        Constraint::Arrow { bulb, shaft } if bulb.len() == 1 => {
            let cells: Vec<Cell> = bulb.iter().chain(shaft).copied().collect();
            with(None, path(&cells))
        }
        Constraint::Arrow { bulb, shaft } => format!("{name} {} = {}", path(bulb), path(shaft)),
        Constraint::Xv { cells, sum } => {
            let mark = match sum {
                10 => "X".to_owned(),
                5 => "V".to_owned(),
                s => s.to_string(),
            };
            with(Some(mark), path(cells))
        }
        Constraint::Difference { cells, difference } => with(unless(*difference, 1), path(cells)),
        Constraint::Ratio { cells, ratio } => with(unless(*ratio, 2), path(cells)),
        Constraint::Whispers { line, difference } => {
            with(unless(*difference, n.div_ceil(2)), path(line))
        }
        Constraint::Lockout { line, difference } => with(unless(*difference, n / 2), path(line)),
        Constraint::DoubleArrow { line }
        | Constraint::RegionSum { line }
        | Constraint::Thermometer { line }
        | Constraint::SlowThermometer { line }
        | Constraint::Renban { line }
        | Constraint::Palindrome { line }
        | Constraint::Between { line }
        | Constraint::Entropic { line }
        | Constraint::Modular { line }
        | Constraint::Nabner { line }
        | Constraint::Zipper { line } => with(None, path(line)),
        // Global rules, and single-cell rules met alone.
        _ => match single_cell(c) {
            Some(cell) => format!("{name} {cell}"),
            None => name.to_owned(),
        },
    }
}
