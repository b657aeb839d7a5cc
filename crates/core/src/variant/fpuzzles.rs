//! The f-puzzles JSON document, as f-puzzles links, SudokuPad's `fpuzzles…` links and Rangsk's
//! solver carry it (compressed: see [`super::lzstring`]).
//!
//! The document has `size`, `grid` (N rows of N cell objects: `value` with `given`,
//! `givenPencilMarks`, `region`) and one key per constraint type, holding `true` (global
//! rules) or a list of objects naming cells `R<row>C<column>`, 1-based; row or column 0 and
//! N + 1 are clues outside the grid. Numbers in constraints are strings (`"value": "15"`); a
//! missing, empty or non-numeric value is no value (a cage without a total, a clue ignored,
//! a dot's default). `docs/variants.md` lists every key and what it means. Drawings (`line`,
//! `circle`, `rectangle`, `text`, `cage`) and settings of other programs are not rules and are
//! skipped; a key that is neither is an error, or with [`ReadOptions::ignore_unknown`] a
//! warning. Every problem is listed (up to [`MAX_ERRORS`](crate::error::MAX_ERRORS)), each
//! with its place.
//!
//! The writer ([`to_value`], [`to_payload`], [`to_link`]) writes what this reader reads back
//! as an equal puzzle.

use serde_json::{Map, Value};

mod item;
mod write;
pub use write::{to_json, to_link, to_payload, to_sudokupad_link, to_value};

use super::{
    Clue, Constraint, Diagonal, Direction, Error, ErrorKind, NO_REGION, Negative, Puzzle, Side,
};
use crate::Cell;

/// How to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Skip constraint keys this reader does not know (each named in a warning) instead of
    /// refusing the puzzle.
    pub ignore_unknown: bool,
}

/// A puzzle read, and what was skipped on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What was read but not understood, or ignored by request.
    pub warnings: Vec<String>,
    /// Digits a player entered beyond the givens (f-puzzles' values without `given`),
    /// row-major with 0 elsewhere, when there are any: a grid in progress to check.
    pub entered: Option<Vec<u16>>,
}

impl Read {
    /// A puzzle read without warnings or entries.
    pub fn new(puzzle: Puzzle) -> Read {
        Read {
            puzzle,
            warnings: Vec::new(),
            entered: None,
        }
    }

    /// The givens with the entered digits: the grid a player has so far.
    pub fn grid(&self) -> Vec<u16> {
        let mut values = self.puzzle.givens().to_vec();
        if let Some(entered) = &self.entered {
            for (v, &e) in values.iter_mut().zip(entered) {
                if *v == 0 {
                    *v = e;
                }
            }
        }
        values
    }
}

/// Keys that are not rules: drawings, metadata, other programs' settings.
const NOT_RULES: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "line",
    "circle",
    "rectangle",
    "text",
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
    "highlightConflicts",
    "metadata",
    "fogofwar",
    "foglight",
    "triggereffect",
];

/// Reads an f-puzzles JSON document.
pub fn from_json(text: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        // The place goes in `at`, not twice in the message.
        let message = e.to_string();
        let place = format!(" at line {} column {}", e.line(), e.column());
        let message = message.strip_suffix(&place).unwrap_or(&message);
        vec![Error::new(
            ErrorKind::Json,
            format!("not JSON: {message}"),
            format!("line {}, column {}", e.line(), e.column()),
        )]
    })?;
    from_value(&value, options)
}

/// Reads an f-puzzles payload (the lz-string base64 text after `?load=`).
pub fn from_payload(payload: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let text = super::lzstring::decompress_from_base64(payload).map_err(|e| {
        vec![Error::new(
            ErrorKind::Decode,
            format!("payload does not decode: {e}"),
            String::new(),
        )]
    })?;
    from_json(&text, options).map_err(|errors| {
        errors
            .into_iter()
            .map(|mut e| {
                if e.kind == ErrorKind::Json {
                    e.message = format!("payload decodes to text that is {}", e.message);
                }
                e
            })
            .collect()
    })
}

/// Reads a parsed f-puzzles document.
pub fn from_value(value: &Value, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let Some(doc) = value.as_object() else {
        return Err(vec![Error::new(
            ErrorKind::Json,
            "an f-puzzles puzzle is a JSON object",
            "",
        )]);
    };
    let mut reader = Reader {
        errors: Vec::new(),
        warnings: Vec::new(),
        n: 0,
        entered: None,
    };
    let size = match doc.get("size").and_then(number) {
        Some(n) => n,
        None => {
            return Err(vec![Error::new(
                ErrorKind::Json,
                "no grid size (\"size\": 9)",
                "size",
            )]);
        }
    };
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let mut puzzle = Puzzle::new(size).map_err(|mut e| {
        e.at = "size".into();
        vec![e]
    })?;
    reader.n = puzzle.size();
    reader.grid(doc, &mut puzzle);
    let text = |k: &str| doc.get(k).and_then(Value::as_str).map(str::to_owned);
    puzzle.info.title = text("title");
    puzzle.info.author = text("author");
    puzzle.info.rules = text("ruleset");
    let mut negatives = Vec::new();
    for (key, value) in doc {
        if NOT_RULES.contains(&key.as_str()) {
            continue;
        }
        if key == "negative" {
            negatives.push(value);
            continue;
        }
        reader.key(key, value, &mut puzzle, options);
    }
    for value in negatives {
        reader.negative(value, &mut puzzle, options);
    }
    if reader.errors.is_empty() {
        let entered = reader.entered.take().filter(|e| e.iter().any(|&v| v != 0));
        Ok(Read {
            puzzle,
            warnings: reader.warnings,
            entered,
        })
    } else {
        reader.errors.truncate(crate::error::MAX_ERRORS);
        Err(reader.errors)
    }
}

/// A JSON number or a string holding one (f-puzzles writes numbers in constraints as
/// strings); `None` for anything else, and for negative or empty values.
fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A cell written `R<row>C<column>` (any case), 1-based as written: row or column 0 and
/// `N + 1` are outside the grid.
pub fn parse_cell(text: &str) -> Option<(usize, usize)> {
    let t = text.trim();
    let rest = t.strip_prefix(['R', 'r'])?;
    let c_at = rest.find(['C', 'c'])?;
    let (row, col) = (&rest[..c_at], &rest[c_at + 1..]);
    let digits = |s: &str| !s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(col) {
        return None;
    }
    Some((row.parse().ok()?, col.parse().ok()?))
}

struct Reader {
    errors: Vec<Error>,
    warnings: Vec<String>,
    n: usize,
    /// Values without `given`, when there are any.
    entered: Option<Vec<u16>>,
}

impl Reader {
    fn error(&mut self, kind: ErrorKind, message: impl Into<String>, at: impl Into<String>) {
        self.push_error(Error::new(kind, message, at));
    }

    /// Keeps the first [`MAX_ERRORS`](crate::error::MAX_ERRORS) problems: a megabyte of bad
    /// cells gives a short answer in bounded memory.
    fn push_error(&mut self, error: Error) {
        if self.errors.len() < crate::error::MAX_ERRORS {
            self.errors.push(error);
        }
    }

    /// A cell of the grid, from its name at `at`.
    fn cell(&mut self, v: &Value, at: &str) -> Option<Cell> {
        let text = match v.as_str() {
            Some(t) => t,
            None => {
                self.error(
                    ErrorKind::BadCell,
                    format!("expected a cell name like \"R1C1\", found {v}"),
                    at,
                );
                return None;
            }
        };
        let Some((r, c)) = parse_cell(text) else {
            self.error(
                ErrorKind::BadCell,
                format!("bad cell {text:?} (cells are written R1C1)"),
                at,
            );
            return None;
        };
        if r == 0 || c == 0 || r > self.n || c > self.n {
            self.error(
                ErrorKind::OutsideGrid,
                format!("cell {text} is outside the {n}×{n} grid", n = self.n),
                at,
            );
            return None;
        }
        Some(Cell::new(r - 1, c - 1))
    }

    /// The cells of a list at `at`; `None` when one is bad (and said).
    fn cells(&mut self, v: Option<&Value>, at: &str) -> Option<Vec<Cell>> {
        let Some(list) = v.and_then(Value::as_array) else {
            let found = v.map_or_else(|| "nothing".to_owned(), Value::to_string);
            self.error(
                ErrorKind::Json,
                format!("expected a list of cells, found {found}"),
                at,
            );
            return None;
        };
        let mut cells = Vec::with_capacity(list.len());
        let mut ok = true;
        for (i, c) in list.iter().enumerate() {
            match self.cell(c, &format!("{at}[{i}]")) {
                Some(c) => cells.push(c),
                None => ok = false,
            }
        }
        ok.then_some(cells)
    }

    /// A clue outside the grid for a row or column.
    fn clue(&mut self, v: Option<&Value>, at: &str) -> Option<Clue> {
        let text = v.and_then(Value::as_str).unwrap_or("");
        let Some((r, c)) = parse_cell(text) else {
            self.error(ErrorKind::BadCell, format!("bad clue cell {text:?}"), at);
            return None;
        };
        let n = self.n;
        let inside = |i: usize| (1..=n).contains(&i);
        let clue = match (r, c) {
            (0, c) if inside(c) => Clue {
                side: Side::Top,
                index: (c - 1) as u16,
            },
            (r, c) if r == n + 1 && inside(c) => Clue {
                side: Side::Bottom,
                index: (c - 1) as u16,
            },
            (r, 0) if inside(r) => Clue {
                side: Side::Left,
                index: (r - 1) as u16,
            },
            (r, c) if c == n + 1 && inside(r) => Clue {
                side: Side::Right,
                index: (r - 1) as u16,
            },
            _ => {
                self.error(
                    ErrorKind::OutsideGrid,
                    format!("clue cell {text} is not beside a row or column of the {n}×{n} grid"),
                    at,
                );
                return None;
            }
        };
        Some(clue)
    }

    fn grid(&mut self, doc: &Map<String, Value>, puzzle: &mut Puzzle) {
        let n = self.n;
        let Some(rows) = doc.get("grid").and_then(Value::as_array) else {
            self.error(ErrorKind::Json, "no \"grid\" of rows", "grid");
            return;
        };
        if rows.len() != n {
            self.error(
                ErrorKind::Json,
                format!("{} rows in the grid, expected {n}", rows.len()),
                "grid",
            );
            return;
        }
        let mut regions: Vec<u16> = puzzle.regions().to_vec();
        let mut irregular = false;
        // Where each region number was written, to name the cell that overfills one.
        let mut written: Vec<Option<String>> = vec![None; n * n];
        for (r, row) in rows.iter().enumerate() {
            let Some(row) = row.as_array().filter(|row| row.len() == n) else {
                self.error(
                    ErrorKind::Json,
                    format!("row {} is not a list of {n} cells", r + 1),
                    format!("grid[{r}]"),
                );
                continue;
            };
            for (c, cell) in row.iter().enumerate() {
                let at = format!("grid[{r}][{c}]");
                let Some(obj) = cell.as_object() else {
                    self.error(ErrorKind::Json, "a cell is a JSON object", at);
                    continue;
                };
                let here = Cell::new(r, c);
                let given = obj.get("given").and_then(Value::as_bool).unwrap_or(false);
                if !given
                    && let Some(d) = obj.get("value").and_then(number)
                    && d >= 1
                    && d as usize <= n
                {
                    self.entered.get_or_insert_with(|| vec![0; n * n])[r * n + c] = d as u16;
                }
                if given && let Some(v) = obj.get("value") {
                    match number(v) {
                        Some(d) if d >= 1 && d as usize <= n => {
                            let _ = puzzle.set_given(here, d as u16, &at);
                        }
                        Some(0) => {}
                        _ => self.error(
                            ErrorKind::BadValue,
                            format!("given {v} in {here} is not a digit of 1–{n}"),
                            format!("{at}.value"),
                        ),
                    }
                }
                if let Some(marks) = obj.get("givenPencilMarks").and_then(Value::as_array)
                    && !marks.is_empty()
                {
                    let mut mask = 0u64;
                    for m in marks {
                        match number(m) {
                            Some(d) if d >= 1 && d as usize <= n => mask |= 1 << (d - 1),
                            _ => self.error(
                                ErrorKind::BadValue,
                                format!("pencil mark {m} in {here} is not a digit of 1–{n}"),
                                format!("{at}.givenPencilMarks"),
                            ),
                        }
                    }
                    if mask != 0 {
                        let _ = puzzle.set_candidates(here, mask, &at);
                    }
                }
                match obj.get("region") {
                    None => {}
                    Some(Value::Null) => {
                        regions[r * n + c] = NO_REGION;
                        irregular = true;
                    }
                    Some(v) => match number(v) {
                        Some(k) if (k as usize) < n => {
                            regions[r * n + c] = k as u16;
                            written[r * n + c] = Some(format!("{at}.region"));
                            irregular = true;
                        }
                        _ => self.error(
                            ErrorKind::Regions,
                            format!("region {v} of {here} is not in 0–{}", n - 1),
                            format!("{at}.region"),
                        ),
                    },
                }
            }
        }
        if !irregular {
            return;
        }
        // A region of more than N cells, named as written (0-based), at the last cell that
        // says it belongs there (before the model refuses the same without a place).
        let mut counts = vec![0usize; n];
        for &k in &regions {
            if k != NO_REGION {
                counts[usize::from(k)] += 1;
            }
        }
        let mut overfull = false;
        for (k, &count) in counts.iter().enumerate().filter(|&(_, &count)| count > n) {
            overfull = true;
            let of_k = |i: &usize| usize::from(regions[*i]) == k;
            let i = (0..n * n)
                .rev()
                .filter(of_k)
                .find(|&i| written[i].is_some())
                .or_else(|| (0..n * n).find(of_k))
                .unwrap_or(0);
            let cell = Cell::new(i / n, i % n);
            let at = written[i]
                .clone()
                .unwrap_or_else(|| format!("grid[{}][{}]", i / n, i % n));
            self.error(
                ErrorKind::Regions,
                format!("region {k} has {count} cells, more than {n} ({cell} among them)"),
                at,
            );
        }
        if overfull {
            return;
        }
        if let Err(mut e) = puzzle.set_regions(regions) {
            e.at = "grid".into();
            self.push_error(e);
        }
    }

    fn negative(&mut self, value: &Value, puzzle: &mut Puzzle, options: ReadOptions) {
        let Some(list) = value.as_array() else {
            self.error(
                ErrorKind::Json,
                "\"negative\" is a list of names",
                "negative",
            );
            return;
        };
        for (i, v) in list.iter().enumerate() {
            let at = format!("negative[{i}]");
            let kind = match v.as_str() {
                Some("ratio") => Negative::Ratio,
                Some("difference") => Negative::Difference,
                Some("xv") => Negative::Xv,
                _ if options.ignore_unknown => {
                    self.warnings
                        .push(format!("unknown negative constraint {v} ignored"));
                    continue;
                }
                _ => {
                    self.error(
                        ErrorKind::UnknownConstraint,
                        format!("unknown negative constraint {v}"),
                        at,
                    );
                    continue;
                }
            };
            self.push(puzzle, Constraint::Negative(kind), &at);
        }
    }

    fn push(&mut self, puzzle: &mut Puzzle, constraint: Constraint, at: &str) {
        if let Err(e) = puzzle.push_at(constraint, at) {
            self.push_error(e);
        }
    }

    /// One constraint key and its value.
    fn key(&mut self, key: &str, value: &Value, puzzle: &mut Puzzle, options: ReadOptions) {
        let global = match key {
            "antiknight" => Some(Constraint::AntiKnight),
            "antiking" => Some(Constraint::AntiKing),
            "nonconsecutive" => Some(Constraint::NonConsecutive),
            "diagonal+" => Some(Constraint::Diagonal(Diagonal::Positive)),
            "diagonal-" => Some(Constraint::Diagonal(Diagonal::Negative)),
            "disjointgroups" => Some(Constraint::DisjointGroups),
            _ => None,
        };
        if let Some(constraint) = global {
            match value {
                Value::Bool(true) => self.push(puzzle, constraint, key),
                Value::Bool(false) | Value::Null => {}
                _ => self.error(
                    ErrorKind::Json,
                    format!("\"{key}\" is true or false, not {value}"),
                    key,
                ),
            }
            return;
        }
        if !KNOWN.contains(&key) {
            if options.ignore_unknown {
                self.warnings
                    .push(format!("unknown constraint \"{key}\" ignored"));
            } else {
                self.error(
                    ErrorKind::UnknownConstraint,
                    format!("unknown constraint \"{key}\" (--ignore-unknown solves without it)"),
                    key,
                );
            }
            return;
        }
        let Some(list) = value.as_array() else {
            if !value.is_null() {
                self.error(ErrorKind::Json, format!("\"{key}\" is a list"), key);
            }
            return;
        };
        for (i, item) in list.iter().enumerate() {
            let at = format!("{key}[{i}]");
            let Some(obj) = item.as_object() else {
                self.error(ErrorKind::Json, "expected an object", at);
                continue;
            };
            self.item(key, obj, &at, puzzle);
        }
    }
}

/// Constraint keys with a list of objects.
const KNOWN: &[&str] = &[
    "even",
    "odd",
    "minimum",
    "maximum",
    "killercage",
    "extraregion",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "quadruple",
    "clone",
    "difference",
    "ratio",
    "xv",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "thermometer",
    "slowthermometer",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "entropicline",
    "modularline",
    "nabner",
    "zipperline",
    "lockout",
    "regionsumline",
    "doublearrow",
];

/// The cells of a little killer's diagonal from its clue (0-based, may be −1 or N) into the
/// grid and to its edge.
pub fn diagonal(clue: (i16, i16), direction: Direction, n: usize) -> Vec<Cell> {
    let (dr, dc) = direction.step();
    let (mut r, mut c) = (clue.0 as isize + dr, clue.1 as isize + dc);
    let inside = |x: isize| (0..n as isize).contains(&x);
    let mut cells = Vec::new();
    while inside(r) && inside(c) {
        cells.push(Cell::new(r as usize, c as usize));
        r += dr;
        c += dc;
    }
    cells
}
