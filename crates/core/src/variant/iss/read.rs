//! Reading ISS's text: its parts, their items, and the puzzle the items make.
//!
//! The text is cut into parts at blank lines (lines starting with `#` are comments); a part is
//! a line form (a compact killer line, SudoCue's killer form, a jigsaw line or layout, a plain
//! grid, a grid of separated numbers, pencil marks) or a constraint string, and every part
//! becomes items of the constraint string's kind, so that one builder makes the puzzle. The
//! builder reads the grid's shape and regions first (`Shape`, `NoBoxes`, `RegionSize`,
//! `Jigsaw`), then every other item in order; the values given to a cell are intersected, as
//! ISS does.

use super::geometry::{self, cell_id, parse_cell};
use crate::Cell;
use crate::variant::fpuzzles::{Read, ReadOptions};
use crate::variant::{
    Clue, Constraint, Diagonal, Direction, Error, ErrorKind, NO_REGION, Negative, Puzzle, Side,
    jigsaw, killer,
};

mod clues;

/// One item: its type (empty for givens), its arguments, and where it was.
#[derive(Clone, Debug)]
pub(super) struct Item {
    pub name: String,
    pub args: Vec<String>,
    pub at: String,
}

impl Item {
    fn new(name: &str, args: Vec<String>, at: &str) -> Item {
        Item {
            name: name.to_owned(),
            args,
            at: at.to_owned(),
        }
    }
}

fn syntax(message: impl Into<String>, at: impl Into<String>) -> Vec<Error> {
    vec![Error::new(ErrorKind::Syntax, message, at)]
}

/// The items of ISS's text, part by part.
pub(super) fn sections(text: &str) -> Result<Vec<Item>, Vec<Error>> {
    let mut parts: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if line.trim().is_empty() {
            parts.push(Vec::new());
        } else if let Some(last) = parts.last_mut() {
            last.push(line);
        }
    }
    parts.retain(|p| !p.is_empty());
    let many = parts.len() > 1;
    let mut items = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        let raw = part.join("\n");
        let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
        let at = if many {
            format!("part {}", k + 1)
        } else {
            String::new()
        };
        let part_items = match line_form(&compact, &raw, &at) {
            Some(result) => result?,
            None => constraint_string(&compact, &at)?,
        };
        items.extend(part_items);
    }
    if items.is_empty() {
        return Err(syntax("there is nothing to read", ""));
    }
    Ok(items)
}

/// The side `n` of a grid of `cells` cells, 2 to 16 (ISS's grids).
fn side(cells: usize) -> Option<usize> {
    (2..=16).find(|n| n * n == cells)
}

/// ISS's values of a plain grid's characters: up to 9×9 the digits (`1` to `N`); beyond,
/// `A` is 1, `B` 2, …; anything else is an empty cell, all of one kind. `None` if the
/// characters are not a grid.
fn plain_values(chars: &[char], n: usize) -> Option<Vec<u16>> {
    let mut empty: Option<char> = None;
    let mut values = Vec::with_capacity(chars.len());
    for &ch in chars {
        let v = if n < 10 {
            ch.to_digit(10).filter(|&d| d >= 1 && d as usize <= n)
        } else if ch.is_ascii_uppercase() {
            Some(ch as u32 - 'A' as u32 + 1).filter(|&d| d as usize <= n)
        } else {
            None
        };
        match v {
            Some(d) => values.push(d as u16),
            None => {
                if *empty.get_or_insert(ch) != ch {
                    return None;
                }
                values.push(0);
            }
        }
    }
    Some(values)
}

/// The items of givens (`.Shape`, then one given a cell).
fn grid_items(values: &[u16], n: usize, at: &str) -> Vec<Item> {
    let mut items = vec![Item::new("Shape", vec![format!("{n}x{n}")], at)];
    let givens: Vec<String> = values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(i, &v)| format!("{}_{v}", cell_id(Cell::new(i / n, i % n))))
        .collect();
    items.push(Item::new("", givens, at));
    items
}

/// The items of a jigsaw layout of `n × n` symbols (`.Shape`, `.Jigsaw`, `.NoBoxes`).
fn layout_items(symbols: &str, n: usize, at: &str) -> Vec<Item> {
    vec![
        Item::new("Shape", vec![format!("{n}x{n}")], at),
        Item::new("Jigsaw", vec![symbols.to_owned()], at),
        Item::new("NoBoxes", Vec::new(), at),
    ]
}

/// The items of a part in one of ISS's line forms, tried in ISS's order, if it is one.
fn line_form(compact: &str, raw: &str, at: &str) -> Option<Result<Vec<Item>, Vec<Error>>> {
    let chars: Vec<char> = compact.chars().collect();
    if chars.len() <= 1 {
        return None;
    }
    if let Some(rest) = compact.strip_prefix('=') {
        let rest: Vec<char> = rest.chars().collect();
        let values = side(rest.len()).and_then(|n| Some((plain_values(&rest, n)?, n)));
        return Some(match values {
            Some((values, n)) => Ok(grid_items(&values, n, at)),
            None => Err(syntax("after '=' comes a grid of N² values", at)),
        });
    }
    let b = compact.as_bytes();
    if b.len() == 81
        && b.iter().all(|&c| killer::compact_char(c))
        && b.iter().any(|c| b"<>^v`',".contains(c))
    {
        return Some(killer::compact_cages(compact).map(|k| killer_items(k, at)));
    }
    if compact.starts_with("3x3:") && compact.split(':').nth(2) == Some("k") {
        return Some(killer::sudocue_cages(compact).map(|k| killer_items(k, at)));
    }
    if chars.len() % 2 == 0
        && let Some(n) = side(chars.len() / 2)
        && jigsaw::layout(&chars[n * n..], n, false).is_some()
        && let Some(values) = plain_values(&chars[..n * n], n)
    {
        let layout: String = chars[n * n..].iter().collect();
        let mut items = layout_items(&layout, n, at);
        items.extend(grid_items(&values, n, at).into_iter().skip(1));
        return Some(Ok(items));
    }
    if let Some(n) = side(chars.len()) {
        if jigsaw::layout(&chars, n, false).is_some() {
            return Some(Ok(layout_items(compact, n, at)));
        }
        if let Some(values) = plain_values(&chars, n) {
            return Some(Ok(grid_items(&values, n, at)));
        }
    }
    // Numbers (or `.`) separated by spaces and rules.
    if raw
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || ".|_-".contains(c))
    {
        let mut tokens = Vec::new();
        let mut number = String::new();
        for c in raw.chars() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            if !number.is_empty() {
                tokens.push(std::mem::take(&mut number));
            }
            if c == '.' {
                tokens.push(".".to_owned());
            }
        }
        if !number.is_empty() {
            tokens.push(number);
        }
        if let Some(n) = side(tokens.len()) {
            let mut values = Vec::with_capacity(tokens.len());
            for (i, t) in tokens.iter().enumerate() {
                let v = if t == "." {
                    Some(0)
                } else {
                    t.parse::<u16>().ok()
                };
                match v {
                    Some(v) if usize::from(v) <= n => values.push(v),
                    _ => {
                        let here = Cell::new(i / n, i % n);
                        return Some(Err(vec![Error::new(
                            ErrorKind::BadValue,
                            format!("{t} in {here} is not a value of 1–{n}"),
                            at,
                        )]));
                    }
                }
            }
            return Some(Ok(grid_items(&values, n, at)));
        }
    }
    // Pencil marks: N digits or dots a cell.
    if let Some(n) = (2..=9).find(|n| n * n * n == chars.len())
        && chars.iter().all(|c| c.is_ascii_digit() || *c == '.')
    {
        let mut items = vec![Item::new("Shape", vec![format!("{n}x{n}")], at)];
        let marks = chars
            .chunks(n)
            .enumerate()
            .map(|(i, cell)| {
                let mut id = cell_id(Cell::new(i / n, i % n));
                for c in cell.iter().filter(|&&c| c != '.') {
                    id.push('_');
                    id.push(*c);
                }
                id
            })
            .collect();
        items.push(Item::new("", marks, at));
        return Some(Ok(items));
    }
    None
}

/// The items of a killer line's cages (and diagonals).
fn killer_items(killer: killer::Killer, at: &str) -> Vec<Item> {
    let mut items = Vec::new();
    if killer.diagonals {
        items.push(Item::new("Diagonal", vec!["1".into()], at));
        items.push(Item::new("Diagonal", vec!["-1".into()], at));
    }
    for (sum, cells) in killer.cages {
        let mut args = vec![sum.unwrap_or(0).to_string()];
        args.extend(cells.into_iter().map(cell_id));
        items.push(Item::new("Cage", args, at));
    }
    items
}

/// The items of a constraint string (white space already gone). `.And` … `.End` is its
/// items; `.Or` and `.Replicate` are one item each, their contents kept out.
fn constraint_string(text: &str, part: &str) -> Result<Vec<Item>, Vec<Error>> {
    let mut pieces = text.split('.');
    if pieces.next() != Some("") {
        let start: String = text.chars().take(20).collect();
        return Err(syntax(
            format!("an ISS constraint string starts with '.', not {start:?}"),
            part,
        ));
    }
    let mut items = Vec::new();
    // The composites open: whether each keeps its contents out.
    let mut open: Vec<(String, bool)> = Vec::new();
    for (k, piece) in pieces.enumerate() {
        let at = if part.is_empty() {
            format!("item {}", k + 1)
        } else {
            format!("{part}, item {}", k + 1)
        };
        let mut fields = piece.split('~');
        let name = fields.next().unwrap_or("");
        let args: Vec<String> = fields.map(str::to_owned).collect();
        let hidden = open.iter().any(|o| o.1);
        match name {
            "End" => {
                if open.pop().is_none() {
                    return Err(syntax("an .End closes nothing", at));
                }
            }
            "And" => open.push((name.to_owned(), false)),
            "Or" | "Replicate" => {
                if !hidden {
                    items.push(Item::new(name, args, &at));
                }
                open.push((name.to_owned(), true));
            }
            _ if hidden => {}
            _ => items.push(Item::new(name, args, &at)),
        }
    }
    if let Some((name, _)) = open.last() {
        return Err(syntax(format!("the .{name} has no .End"), part));
    }
    Ok(items)
}

/// `SumLine` → `sum line`: an ISS type as words.
fn words(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

struct Builder {
    puzzle: Puzzle,
    n: usize,
    options: ReadOptions,
    errors: Vec<Error>,
    warnings: Vec<String>,
    /// Each cell's digits as the givens leave them.
    masks: Vec<u64>,
    strict_kropki: bool,
    strict_xv: bool,
    /// Xv constraints read from `.Sum` with a total of 5 or 10 (ISS's strict XV does not
    /// exempt them).
    sum_xv: bool,
}

/// The puzzle of the items.
pub(super) fn build(items: Vec<Item>, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let n = shape(&items)?;
    let mut b = Builder {
        puzzle: Puzzle::new(n).map_err(|e| vec![e])?,
        n,
        options,
        errors: Vec::new(),
        warnings: Vec::new(),
        masks: vec![u64::MAX >> (64 - n); n * n],
        strict_kropki: false,
        strict_xv: false,
        sum_xv: false,
    };
    b.regions(&items);
    for item in &items {
        b.item(item);
        if b.errors.len() >= crate::error::MAX_ERRORS {
            break;
        }
    }
    b.finish();
    if b.errors.is_empty() {
        let mut read = Read::new(b.puzzle);
        read.warnings = b.warnings;
        Ok(read)
    } else {
        b.errors.truncate(crate::error::MAX_ERRORS);
        Err(b.errors)
    }
}

/// The side of the grid: the `.Shape`'s, else 9 (several must agree). Only square grids of
/// the digits 1 to `N` are nsudoku's.
fn shape(items: &[Item]) -> Result<usize, Vec<Error>> {
    let mut side: Option<usize> = None;
    for item in items.iter().filter(|i| i.name == "Shape") {
        let n = side_of_shape(item).map_err(|e| vec![e])?;
        if side.is_some_and(|s| s != n) {
            return Err(vec![Error::new(
                ErrorKind::Size,
                format!(
                    "two shapes, {}×{} and {n}×{n}",
                    side.unwrap_or(0),
                    side.unwrap_or(0)
                ),
                &item.at,
            )]);
        }
        side = Some(n);
    }
    Ok(side.unwrap_or(9))
}

/// The side of one `.Shape`, if nsudoku has its grid.
fn side_of_shape(item: &Item) -> Result<usize, Error> {
    let spec = item.args.join("~");
    let refuse = |why: &str| {
        Err(Error::new(
            ErrorKind::Size,
            format!("ISS's shape {spec:?} {why}"),
            &item.at,
        ))
    };
    let mut parts = spec.split('~');
    let dims = parts.next().unwrap_or("");
    let range = parts.next().unwrap_or("");
    let kind = parts.next().unwrap_or("");
    let Some((rows, cols)) = dims.split_once('x') else {
        return refuse("is not ROWSxCOLUMNS");
    };
    let (Ok(rows), Ok(cols)) = (rows.parse::<usize>(), cols.parse::<usize>()) else {
        return refuse("is not ROWSxCOLUMNS");
    };
    if rows != cols {
        return refuse("is not square: nsudoku's grids are N×N");
    }
    if !(1..=16).contains(&rows) {
        return refuse("is not 1×1 to 16×16");
    }
    let n = rows;
    if !(range.is_empty() || range == n.to_string() || range == format!("1-{n}")) {
        return refuse(&format!(
            "has values {range}: nsudoku's {n}×{n} grids hold 1 to {n}"
        ));
    }
    if !(kind.is_empty() || kind == "Sudoku") {
        return refuse(&format!("is a {kind} grid, without Sudoku's rules"));
    }
    if parts.next().is_some() {
        return refuse("has more than three parts");
    }
    Ok(n)
}

impl Builder {
    fn error(&mut self, kind: ErrorKind, message: impl Into<String>, at: &str) {
        self.errors.push(Error::new(kind, message, at));
    }

    /// An ISS constraint nsudoku has not: refused, or skipped with a warning.
    fn lacks(&mut self, what: &str, at: &str) {
        if self.options.ignore_unknown {
            self.warnings.push(format!(
                "ISS's {what} ignored ({at}): nsudoku has no such rule"
            ));
        } else {
            self.error(
                ErrorKind::UnknownConstraint,
                format!(
                    "ISS's {what} is not a rule nsudoku has (--ignore-unknown solves without it)"
                ),
                at,
            );
        }
    }

    fn push(&mut self, constraint: Constraint, at: &str) {
        if let Err(e) = self.puzzle.push_at(constraint, at) {
            self.errors.push(e);
        }
    }

    /// A rule of the whole grid, once however often it is named.
    fn push_once(&mut self, constraint: Constraint, at: &str) {
        if !self.puzzle.constraints().contains(&constraint) {
            self.push(constraint, at);
        }
    }

    fn cell(&mut self, id: &str, at: &str) -> Option<Cell> {
        match parse_cell(id, self.n) {
            Ok(cell) => Some(cell),
            Err(message) => {
                if message.starts_with("ISS's") && self.options.ignore_unknown {
                    self.warnings
                        .push(format!("{message}: the item ({at}) ignored"));
                    return None;
                }
                let kind = if message.contains("outside") {
                    ErrorKind::OutsideGrid
                } else if message.starts_with("ISS's") {
                    ErrorKind::UnknownConstraint
                } else {
                    ErrorKind::BadCell
                };
                self.error(kind, message, at);
                None
            }
        }
    }

    /// The cells of a list, or `None` after naming the first that is not one.
    fn cells(&mut self, ids: &[String], at: &str) -> Option<Vec<Cell>> {
        let mut cells = Vec::with_capacity(ids.len());
        for id in ids {
            cells.push(self.cell(id, at)?);
        }
        if cells.is_empty() {
            self.error(ErrorKind::BadValue, "no cell", at);
            return None;
        }
        Some(cells)
    }

    /// An integer argument (`what` names it in an error).
    fn integer(&mut self, text: &str, what: &str, at: &str) -> Option<i64> {
        match text.trim().parse::<i64>() {
            Ok(v) => Some(v),
            Err(_) => {
                self.error(
                    ErrorKind::BadValue,
                    format!("{what} {text:?} is not a whole number"),
                    at,
                );
                None
            }
        }
    }

    /// A non-negative integer argument that fits its type.
    fn count<T: TryFrom<i64>>(&mut self, text: &str, what: &str, at: &str) -> Option<T> {
        let v = self.integer(text, what, at)?;
        let fits = T::try_from(v).ok();
        if fits.is_none() {
            self.error(
                ErrorKind::BadValue,
                format!("{what} {v} is out of range"),
                at,
            );
        }
        fits
    }

    /// The shape's regions: the default boxes, or none (`NoBoxes`), and jigsaw pieces.
    fn regions(&mut self, items: &[Item]) {
        let n = self.n;
        let no_boxes = items.iter().any(|i| i.name == "NoBoxes");
        for item in items.iter().filter(|i| i.name == "RegionSize") {
            let size = item.args.first().map(|s| s.trim().parse::<usize>());
            if size != Some(Ok(n)) {
                let what = format!(
                    "RegionSize {} (boxes and pieces of other than {n} cells)",
                    item.args.join("~")
                );
                self.lacks(&what, &item.at);
            }
        }
        let mut pieces: Vec<(Vec<Cell>, String)> = Vec::new();
        for item in items.iter().filter(|i| i.name == "Jigsaw") {
            let Some(layout) = item.args.last().filter(|_| item.args.len() <= 2) else {
                self.error(ErrorKind::Regions, "a jigsaw is .Jigsaw~LAYOUT", &item.at);
                continue;
            };
            let symbols: Vec<char> = layout.chars().collect();
            if symbols.len() != n * n {
                self.error(
                    ErrorKind::Regions,
                    format!(
                        "a jigsaw layout of {} symbols for {} cells",
                        symbols.len(),
                        n * n
                    ),
                    &item.at,
                );
                continue;
            }
            let mut groups: Vec<(char, Vec<Cell>)> = Vec::new();
            for (i, &s) in symbols.iter().enumerate() {
                let cell = Cell::new(i / n, i % n);
                match groups.iter_mut().find(|g| g.0 == s) {
                    Some(g) => g.1.push(cell),
                    None => groups.push((s, vec![cell])),
                }
            }
            if groups.len() == 1 {
                continue;
            }
            // ISS leaves one region of another size unconstrained (a layout in progress).
            let mut odd = false;
            for (s, cells) in groups {
                if cells.len() == n {
                    if !pieces.iter().any(|p| p.0 == cells) {
                        pieces.push((cells, item.at.clone()));
                    }
                } else if !odd {
                    odd = true;
                } else {
                    self.error(
                        ErrorKind::Regions,
                        format!(
                            "jigsaw region {s:?} has {} cells, and another has neither {n}",
                            cells.len()
                        ),
                        &item.at,
                    );
                }
            }
        }
        // Regions numbered by their first cell, however the layouts named them.
        pieces.sort_by_key(|p| p.0[0]);
        if no_boxes || geometry::box_dims(n).is_none() && !pieces.is_empty() {
            let mut regions = vec![NO_REGION; n * n];
            for (k, (cells, at)) in pieces.iter().enumerate() {
                for c in cells {
                    let r = &mut regions[c.row() * n + c.col()];
                    if *r != NO_REGION {
                        self.error(
                            ErrorKind::Regions,
                            format!("{c} is in two jigsaw pieces"),
                            at,
                        );
                    }
                    *r = k as u16;
                }
            }
            if let Err(e) = self.puzzle.set_regions(regions) {
                self.errors.push(e);
            }
        } else {
            for (cells, at) in pieces {
                self.push(Constraint::ExtraRegion { cells }, &at);
            }
        }
    }

    /// Whether the regions are ISS's default boxes (for a prime side, which has none: rows,
    /// or no regions).
    fn default_boxes(&self) -> bool {
        is_default(&self.puzzle)
    }

    /// Pairs of orthogonally adjacent cells among `cells`, each with a later one in the list
    /// (ISS's rule for dots and marks given several cells).
    fn adjacent_pairs(cells: &[Cell]) -> Vec<[Cell; 2]> {
        let mut pairs = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
                    && !pairs.contains(&[a, b])
                    && !pairs.contains(&[b, a])
                {
                    pairs.push([a, b]);
                }
            }
        }
        pairs
    }

    fn item(&mut self, item: &Item) {
        let at = item.at.as_str();
        let args = &item.args;
        let first = || args.first().map(String::as_str).unwrap_or("");
        match item.name.as_str() {
            "" | "Given" => self.givens(args, at),
            "Shape" | "NoBoxes" | "RegionSize" | "Jigsaw" => {}
            "Diagonal" => match self.integer(first(), "a diagonal's direction", at) {
                Some(1) => self.push_once(Constraint::Diagonal(Diagonal::Positive), at),
                Some(-1) => self.push_once(Constraint::Diagonal(Diagonal::Negative), at),
                Some(d) => self.error(
                    ErrorKind::BadValue,
                    format!("a diagonal's direction is 1 or -1, not {d}"),
                    at,
                ),
                None => {}
            },
            "AntiKnight" => self.push_once(Constraint::AntiKnight, at),
            "AntiKing" => self.push_once(Constraint::AntiKing, at),
            "AntiConsecutive" => self.push_once(Constraint::NonConsecutive, at),
            "StrictKropki" => self.strict_kropki = true,
            "StrictXV" => self.strict_xv = true,
            "Windoku" => {
                for cells in geometry::windows(self.n) {
                    self.push(Constraint::ExtraRegion { cells }, at);
                }
            }
            "DisjointSets" => {
                if self.default_boxes() && geometry::box_dims(self.n).is_some() {
                    self.push_once(Constraint::DisjointGroups, at);
                } else {
                    for cells in geometry::disjoint_sets(self.n) {
                        self.push(Constraint::ExtraRegion { cells }, at);
                    }
                }
            }
            "Thermo" => self.line(args, at, |line| Constraint::Thermometer { line }),
            "Renban" => self.line(args, at, |line| Constraint::Renban { line }),
            "Palindrome" => self.line(args, at, |line| Constraint::Palindrome { line }),
            "Between" => self.line(args, at, |line| Constraint::Between { line }),
            "Zipper" => self.line(args, at, |line| Constraint::Zipper { line }),
            "Entropic" if self.n != 9 => self.error(
                ErrorKind::Unsupported,
                "ISS's entropic lines are for grids of 9 digits",
                at,
            ),
            "Entropic" => self.line(args, at, |line| Constraint::Entropic { line }),
            "RegionSumLine" => self.region_sum(args, at),
            "DoubleArrow" => self.line(args, at, |line| Constraint::DoubleArrow { line }),
            "AllDifferent" => self.line(args, at, |cells| Constraint::ExtraRegion { cells }),
            "Whisper" => {
                // German whispers leave the difference out: the first argument is a cell.
                let (difference, cells) = match first().trim().parse::<f64>() {
                    Ok(_) => (
                        self.count::<u16>(first(), "a whisper's difference", at),
                        args.get(1..).unwrap_or(&[]),
                    ),
                    Err(_) if first().trim().is_empty() => (Some(0), args.get(1..).unwrap_or(&[])),
                    Err(_) => (Some(5), &args[..]),
                };
                if let (Some(difference), Some(line)) = (difference, self.cells(cells, at)) {
                    self.push(Constraint::Whispers { line, difference }, at);
                }
            }
            "Modular" => match self.integer(first(), "a modular line's modulus", at) {
                Some(3) => self.line(&args[1..], at, |line| Constraint::Modular { line }),
                Some(m) => self.lacks(&format!("Modular line with a modulus of {m}"), at),
                None => {}
            },
            "Lockout" => {
                let difference = self.count::<u16>(first(), "a lockout's difference", at);
                if let (Some(difference), Some(line)) =
                    (difference, args.get(1..).and_then(|a| self.cells(a, at)))
                {
                    self.push(Constraint::Lockout { line, difference }, at);
                }
            }
            "Arrow" => {
                if let Some(cells) = self.cells(args, at) {
                    let (bulb, shaft) = cells.split_at(1);
                    self.push(
                        Constraint::Arrow {
                            bulb: bulb.to_vec(),
                            shaft: shaft.to_vec(),
                        },
                        at,
                    );
                }
            }
            "PillArrow" => self.pill_arrow(args, at),
            "Cage" => {
                let sum = if first().trim().is_empty() {
                    Some(0)
                } else {
                    self.integer(first(), "a cage's total", at)
                };
                let cells = args.get(1..).and_then(|a| self.cells(a, at));
                if let (Some(sum), Some(cells)) = (sum, cells) {
                    if (1..cells.len()).any(|i| cells[..i].contains(&cells[i])) {
                        // ISS counts the cell twice in the total.
                        self.lacks("Cage naming a cell twice (counted twice in its total)", at);
                        return;
                    }
                    match u32::try_from(sum) {
                        Ok(0) => self.push(Constraint::Killer { cells, sum: None }, at),
                        Ok(sum) => self.push(
                            Constraint::Killer {
                                cells,
                                sum: Some(sum),
                            },
                            at,
                        ),
                        Err(_) => self.error(
                            ErrorKind::Impossible,
                            format!("a cage cannot total {sum}"),
                            at,
                        ),
                    }
                }
            }
            "RellikCage" => {
                let sum = self.count::<u32>(first(), "a rellik cage's total", at);
                let cells = args.get(1..).and_then(|a| self.cells(a, at));
                if let (Some(sum), Some(cells)) = (sum, cells) {
                    self.push(Constraint::Rellik { cells, sum }, at);
                }
            }
            "EqualityCage" => {
                if let Some(cells) = self.cells(args, at) {
                    self.push(Constraint::Equality { cells }, at);
                }
            }
            "Sum" => self.sum(args, at),
            "LittleKiller" => self.little_killer(args, at),
            "XSum" | "Skyscraper" | "NumberedRoom" => self.both_ends(&item.name, args, at),
            "Sandwich" => {
                let sum = self.count::<u32>(first(), "a sandwich's total", at);
                let line = args.get(1).and_then(|id| self.line_clue(id, true, at));
                if let (Some(sum), Some(clue)) = (sum, line) {
                    self.push(Constraint::Sandwich { clue, sum }, at);
                }
            }
            "ContainAtLeast" => {
                let digits = self.digits(first().split('_'), at);
                let cells = args.get(1..).and_then(|a| self.cells(a, at));
                if let (Some(digits), Some(cells)) = (digits, cells) {
                    self.push(Constraint::Quadruple { cells, digits }, at);
                }
            }
            "Quad" => {
                let corner = self.cell(first(), at);
                let digits = self.digits(args.iter().skip(1).map(String::as_str), at);
                if let (Some(c), Some(digits)) = (corner, digits) {
                    if digits.is_empty() {
                        // A quad that asks for no digit is no rule.
                        return;
                    }
                    if c.row() + 1 >= self.n || c.col() + 1 >= self.n {
                        self.error(
                            ErrorKind::OutsideGrid,
                            format!("a quad at {c} goes out of the grid"),
                            at,
                        );
                        return;
                    }
                    let (r, k) = (c.row(), c.col());
                    let cells = vec![
                        c,
                        Cell::new(r, k + 1),
                        Cell::new(r + 1, k),
                        Cell::new(r + 1, k + 1),
                    ];
                    self.push(Constraint::Quadruple { cells, digits }, at);
                }
            }
            "Indexing" => match first() {
                "C" => self.line(&args[1..], at, |cells| Constraint::ColumnIndexer { cells }),
                "R" => self.line(&args[1..], at, |cells| Constraint::RowIndexer { cells }),
                other => self.error(
                    ErrorKind::BadValue,
                    format!("indexing is by C (columns) or R (rows), not {other:?}"),
                    at,
                ),
            },
            "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => self.marks(&item.name, args, at),
            "SameValues" => {
                let sets = self.count::<usize>(first(), "a number of sets", at);
                let cells = args.get(1..).and_then(|a| self.cells(a, at));
                if let (Some(sets), Some(cells)) = (sets, cells) {
                    if sets >= cells.len() {
                        // Every cell holds the same digit.
                        for &copy in cells[1..].iter().filter(|&&x| x != cells[0]) {
                            self.push(
                                Constraint::Clone {
                                    cells: vec![cells[0]],
                                    copies: vec![copy],
                                },
                                at,
                            );
                        }
                    } else {
                        self.lacks("SameValues of sets of several cells (same value sets)", at);
                    }
                }
            }
            "SearchPriority" => self.warnings.push(format!(
                "ISS's SearchPriority ({at}) orders ISS's search and is not a rule: ignored"
            )),
            "Or" | "Replicate" | "Var" => {
                let what = format!("{} ({})", item.name, words(&item.name));
                self.lacks(&what, at);
            }
            name if super::TYPES.contains(&name) => {
                let what = format!("{name} ({})", words(name));
                self.lacks(&what, at);
            }
            name => {
                let message = format!("{name:?} is not an ISS constraint type");
                if self.options.ignore_unknown {
                    self.warnings.push(format!("{message} ({at}): ignored"));
                } else {
                    self.error(
                        ErrorKind::UnknownConstraint,
                        format!("{message} (--ignore-unknown solves without it)"),
                        at,
                    );
                }
            }
        }
    }

    /// What waits for every item: givens, the negative constraints, and anti-consecutive
    /// across kropki dots.
    fn finish(&mut self) {
        let n = self.n;
        let all = u64::MAX >> (64 - n);
        for i in 0..n * n {
            let mask = self.masks[i];
            let cell = Cell::new(i / n, i % n);
            if mask == all {
                continue;
            }
            let result = match mask.count_ones() {
                0 => Err(Error::new(
                    ErrorKind::BadValue,
                    format!("the values given to {cell} leave it no digit"),
                    "",
                )),
                1 => self
                    .puzzle
                    .set_given(cell, mask.trailing_zeros() as u16 + 1, ""),
                _ => self.puzzle.set_candidates(cell, mask, ""),
            };
            if let Err(e) = result {
                self.errors.push(e);
            }
        }
        // ISS's anti-consecutive holds across kropki dots too, nsudoku's does not: a dot on
        // neighbours gets a whisper of 2 (not consecutive, and different as neighbours are).
        if self
            .puzzle
            .constraints()
            .contains(&Constraint::NonConsecutive)
        {
            let needed: Vec<[Cell; 2]> = self
                .puzzle
                .constraints()
                .iter()
                .filter_map(|c| match c {
                    Constraint::Difference {
                        cells,
                        difference: 1,
                    } => Some(*cells),
                    Constraint::Ratio { cells, ratio: 2 } => Some(*cells),
                    _ => None,
                })
                .filter(|[a, b]| a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1)
                .collect();
            for [a, b] in needed {
                if !whispered(&self.puzzle, a, b) {
                    self.push(
                        Constraint::Whispers {
                            line: vec![a, b],
                            difference: 2,
                        },
                        "AntiConsecutive",
                    );
                }
            }
        }
        if self.strict_kropki {
            self.push_once(Constraint::Negative(Negative::Difference), "StrictKropki");
            self.push_once(Constraint::Negative(Negative::Ratio), "StrictKropki");
        }
        if self.strict_xv {
            if self.sum_xv {
                self.error(
                    ErrorKind::Unsupported,
                    "a .Sum of 5 or 10 on two neighbours with StrictXV: ISS keeps the strict rule between them, nsudoku's XV would not",
                    "StrictXV",
                );
            }
            self.push_once(Constraint::Negative(Negative::Xv), "StrictXV");
        }
    }
}

/// Whether a whisper of at least 2 already keeps `a` and `b` from being consecutive.
pub(super) fn whispered(puzzle: &Puzzle, a: Cell, b: Cell) -> bool {
    puzzle.constraints().iter().any(|c| match c {
        Constraint::Whispers { line, difference } if *difference >= 2 => line
            .windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a)),
        _ => false,
    })
}

/// Whether a puzzle's regions are ISS's default: its boxes, or for a prime side (no boxes)
/// the rows or no regions at all.
pub(super) fn is_default(puzzle: &Puzzle) -> bool {
    let n = puzzle.size();
    let regions = puzzle.regions();
    match geometry::box_dims(n) {
        Some(_) => {
            let boxes = geometry::boxes(n);
            boxes.iter().all(|b| {
                let r = regions[b[0].row() * n + b[0].col()];
                r != NO_REGION && b.iter().all(|c| regions[c.row() * n + c.col()] == r)
            }) && {
                let mut ids: Vec<u16> = boxes
                    .iter()
                    .map(|b| regions[b[0].row() * n + b[0].col()])
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                ids.len() == boxes.len()
            }
        }
        None => Puzzle::new(n).is_ok_and(|p| p.regions() == regions),
    }
}
