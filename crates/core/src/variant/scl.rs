//! SudokuPad's own puzzle format (SCL, the legacy CTC app's JSON), as `scl…` and `ctc…` links
//! carry it.
//!
//! **Decoding** a payload (the text after `scl` or `ctc`) follows SudokuPad's steps: undo
//! percent-encoding when there was some (the text gets shorter); decompress lz-string base64
//! ([`super::lzstring`], bounded), after re-inserting the `/` that web servers collapse from
//! `//` when the text does not decompress as it is (at most 400 tries, fewer for long texts);
//! take the text itself when it is not compressed (`scl{"cells":…}`); parse it as JSON, or else
//! as SudokuPad's zipped JSON (see `zip.rs`). A document with `size` and `grid` is an
//! f-puzzles one, read by [`super::fpuzzles`] with a warning.
//!
//! **The document** maps to a [`Puzzle`] thus:
//! - the grid is the bounding box of the regions, the cages and the solution's digits (the
//!   whole `cells` array when there are none); it must be square. Cells around it are the
//!   margin where outside clues stand; a value there is read as such a clue;
//! - `cells[r][c].value` are the givens. Given pencil marks are marks SudokuPad shows, not
//!   limits on the cell: they are ignored, with a warning;
//! - `regions` (lists of `[row, column]`) are the regions; a cell in none has [`NO_REGION`]; a
//!   region of the whole grid (which SudokuPad does not check) is dropped;
//! - a cage without cells whose value is `name: text` is metadata: `title`, `author` and
//!   `rules` (several `rules:` cages join) go to [`Info`](super::Info), the others (`solution`,
//!   `msgcorrect`, …) are not rules. The `metadata` object, if any, wins over them, and
//!   f-puzzles' placeholders (`Untitled`, …) are no value;
//! - a cage with cells and an integer value (or `sum`) is a killer cage with that total (with a
//!   warning when it does not say `unique: true` and the rules do not speak of cages); without
//!   a value (or with a label such as `?`) it is a killer cage without a total when it says
//!   `unique: true` or the rules speak of killer cages or cages, else a drawing (a warning).
//!   `unique: false` with a total (digits may repeat) is not a rule of ours: an error, or a
//!   warning with [`ReadOptions::ignore_unknown`]. Styles `extraregion` and `windoku` are extra
//!   regions, `fpRowIndexer`/`fpColumnIndexer`/`fpBoxIndexer` indexer cells, `type: disjoint`
//!   disjoint groups; hidden cages only mark bounds;
//! - `global` tags (`antiknight`, `antiking`, `nonconsecutive`, `disjoint`, `antiratio`,
//!   `antixv`, `antidifference`) are the global rules; another tag, or `metadata.norowcol`, is
//!   an error, or a warning with [`ReadOptions::ignore_unknown`];
//! - lines, arrows, underlays and overlays are read by `draw.rs`, whose note lists what each
//!   drawing means. A drawing is not a rule key: one with no standard meaning is a warning
//!   naming it, whatever the options. So are a background image, fog of war, and a rule the
//!   rules text names that nothing drawn gives.

mod draw;
mod figure;
mod lines;
mod zip;

use serde_json::{Map, Value};

use super::fpuzzles::{self, Read, ReadOptions};
use super::{Constraint, Error, ErrorKind, NO_REGION, Negative, Puzzle};
use crate::Cell;

/// Reads a SudokuPad `scl`/`ctc` payload: the text after the prefix.
pub fn from_payload(payload: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let decoded = decode(payload).map_err(|e| vec![e])?;
    read_decoded(decoded, options)
}

/// Reads an SCL document written as JSON or as SudokuPad's zipped JSON.
pub fn from_json(text: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let value = parse(text).ok_or_else(|| {
        vec![Error::new(
            ErrorKind::Json,
            "the text is neither JSON nor SudokuPad's zipped JSON",
            "",
        )]
    })?;
    from_value(&value, options)
}

/// A payload decoded: the document, and what was repaired on the way.
pub(super) struct Decoded {
    pub value: Value,
    pub warnings: Vec<String>,
}

/// Whether a document is f-puzzles' (`size` and `grid`) rather than SudokuPad's.
pub(super) fn is_fpuzzles(value: &Value) -> bool {
    value.get("size").is_some() && value.get("grid").is_some()
}

/// Reads a decoded SCL payload; an f-puzzles document goes to that reader, with a warning.
fn read_decoded(decoded: Decoded, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let mut read = if is_fpuzzles(&decoded.value) {
        let mut read = fpuzzles::from_value(&decoded.value, options)?;
        read.warnings.insert(
            0,
            "the SudokuPad payload holds an f-puzzles document: read as f-puzzles".to_owned(),
        );
        read
    } else {
        from_value(&decoded.value, options)?
    };
    for (i, w) in decoded.warnings.into_iter().enumerate() {
        read.warnings.insert(i, w);
    }
    Ok(read)
}

/// The longest text the `/` repair tries, times the tries.
const REPAIR_BUDGET: usize = 2 << 20;

/// Undoes the link's encodings (percent-encoding, collapsed `//`, lz-string base64, zipping)
/// down to the JSON document.
pub(super) fn decode(payload: &str) -> Result<Decoded, Error> {
    let text = percent_decoded(payload.trim());
    let mut warnings = Vec::new();
    // SudokuPad takes a text that decompresses to less than half its length for one that was
    // not compressed; here a text that decompresses to a document is one, whatever its length,
    // and the text itself is tried last.
    let failure = match super::lzstring::decompress_from_base64(&text) {
        Ok(out) => match parse(&out) {
            Some(value) => return Ok(Decoded { value, warnings }),
            None => "it decompresses to text that is neither JSON nor zipped JSON".to_owned(),
        },
        Err(e) => format!("it is not lz-string base64 ({e})"),
    };
    if let Some(value) = repair_slashes(&text) {
        warnings.push("the payload had lost a '/' of a '//': repaired".to_owned());
        return Ok(Decoded { value, warnings });
    }
    if let Some(value) = text.starts_with('{').then(|| parse(&text)).flatten() {
        return Ok(Decoded { value, warnings });
    }
    Err(Error::new(
        ErrorKind::Decode,
        format!("the payload does not decode: {failure}"),
        "",
    ))
}

/// The text percent-decoded, if that shortens it (a malformed `%` keeps the text as it is);
/// a `+` stays a `+`.
pub(super) fn percent_decoded(text: &str) -> String {
    if !text.contains('%') {
        return text.to_owned();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = |b: u8| (b as char).to_digit(16);
            match (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            ) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => return text.to_owned(),
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// The document of a text whose `//`s were collapsed to `/`: one more `/` beside one lone `/`,
/// then two, … until one decompresses to a document.
fn repair_slashes(text: &str) -> Option<Value> {
    let bytes = text.as_bytes();
    let lone: Vec<usize> = (0..bytes.len())
        .filter(|&i| {
            bytes[i] == b'/' && (i == 0 || bytes[i - 1] != b'/') && bytes.get(i + 1) != Some(&b'/')
        })
        .collect();
    if lone.is_empty()
        || !bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"+/= ".contains(&b))
    {
        return None;
    }
    let mut tries = 400.min(REPAIR_BUDGET / text.len().max(1));
    for k in 1..=lone.len() {
        // The k-subsets of the lone slashes, in lexicographic order.
        let mut pick: Vec<usize> = (0..k).collect();
        loop {
            if tries == 0 {
                return None;
            }
            tries -= 1;
            let mut candidate = String::with_capacity(text.len() + k);
            let mut last = 0;
            for &p in &pick {
                candidate.push_str(&text[last..=lone[p]]);
                candidate.push('/');
                last = lone[p] + 1;
            }
            candidate.push_str(&text[last..]);
            if let Ok(out) = super::lzstring::decompress_from_base64(&candidate)
                && let Some(value) = parse(&out)
            {
                return Some(value);
            }
            // The next subset.
            let mut j = k;
            while j > 0 && pick[j - 1] == lone.len() - k + j - 1 {
                j -= 1;
            }
            if j == 0 {
                break;
            }
            pick[j - 1] += 1;
            for m in j..k {
                pick[m] = pick[m - 1] + 1;
            }
        }
    }
    None
}

/// A JSON object from JSON text, or from zipped JSON (whose keys are then written in full).
fn parse(text: &str) -> Option<Value> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    let value = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(_) => zip::expand_keys(serde_json::from_str(&zip::unzip(text)).ok()?),
    };
    value.is_object().then_some(value)
}

/// f-puzzles' placeholders when a puzzle has no title, author or rules.
const PLACEHOLDERS: &[&str] = &[
    "Untitled",
    "Unknown",
    "No rules provided for this puzzle. Please check the related video or website for rules.",
];

/// Reads a parsed SCL document (keys written in full).
pub fn from_value(value: &Value, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let Some(doc) = value.as_object() else {
        return Err(vec![Error::new(
            ErrorKind::Json,
            "a SudokuPad puzzle is a JSON object",
            "",
        )]);
    };
    let mut r = Reader {
        errors: Vec::new(),
        warnings: Vec::new(),
        options,
    };
    let Some(rows) = doc.get("cells").and_then(Value::as_array) else {
        return Err(vec![Error::new(
            ErrorKind::Json,
            "a SudokuPad puzzle has \"cells\", a list of rows",
            "cells",
        )]);
    };
    let meta = r.metadata(doc);
    let (origin, n) = r.bounds(doc, rows, meta.solution.as_deref())?;
    let mut puzzle = Puzzle::new(n).map_err(|e| vec![e])?;
    puzzle.info = meta.info.clone();
    let mut margin = Vec::new();
    r.cells(rows, origin, &mut puzzle, &mut margin);
    r.regions(doc, origin, &mut puzzle);
    r.cages(doc, origin, &mut puzzle);
    r.globals(doc, &meta, &mut puzzle);
    if !r.errors.is_empty() {
        r.errors.truncate(crate::error::MAX_ERRORS);
        return Err(r.errors);
    }
    let drawn = draw::read(doc, origin, &margin, &mut puzzle);
    r.warnings.extend(drawn);
    r.warnings.extend(meta.warnings);
    Ok(Read {
        puzzle,
        warnings: r.warnings,
        entered: None,
    })
}

/// What the metadata says.
#[derive(Default)]
struct Meta {
    info: super::Info,
    solution: Option<String>,
    norowcol: bool,
    antiknight: bool,
    antiking: bool,
    warnings: Vec<String>,
}

struct Reader {
    errors: Vec<Error>,
    warnings: Vec<String>,
    options: ReadOptions,
}

/// The items of the document's list `key`: none when it is missing or not a list.
pub(super) fn items<'a>(doc: &'a Map<String, Value>, key: &str) -> impl Iterator<Item = &'a Value> {
    doc.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// A value as text: a string, or a number's own digits (the zipper turns `"15"` into `15`).
fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A `[row, column]` pair of integers; `None` for `{}` (an empty list, zipped) and for other
/// values, which the caller reports.
fn pair(v: &Value) -> Option<(i64, i64)> {
    let list = v.as_array()?;
    let int = |v: &Value| {
        let f = v.as_f64()?;
        (f.fract() == 0.0 && f.abs() < 1e6).then_some(f as i64)
    };
    match list.as_slice() {
        [r, c] => Some((int(r)?, int(c)?)),
        _ => None,
    }
}

/// Whether a value stands for an empty list (`{}`, what zipping makes of `[]` in a list).
fn empty(v: &Value) -> bool {
    v.as_object().is_some_and(Map::is_empty)
}

impl Reader {
    fn error(&mut self, kind: ErrorKind, message: impl Into<String>, at: impl Into<String>) {
        self.errors.push(Error::new(kind, message, at));
    }

    /// Something the puzzle says that this reader cannot apply: an error, or a warning when
    /// unknown rules are ignored.
    fn unsupported(&mut self, message: String, at: &str) {
        if self.options.ignore_unknown {
            self.warnings.push(format!("{message}: ignored"));
        } else {
            self.error(ErrorKind::UnknownConstraint, message, at);
        }
    }

    /// The cells of a list of `[row, column]` at `at`, `{}` entries skipped.
    fn cell_list(&mut self, v: Option<&Value>, at: &str) -> Vec<(i64, i64)> {
        let Some(list) = v.and_then(Value::as_array) else {
            if v.is_some_and(|v| !v.is_null() && !empty(v)) {
                self.error(ErrorKind::Json, "expected a list of [row, column]", at);
            }
            return Vec::new();
        };
        let mut cells = Vec::with_capacity(list.len());
        for (i, item) in list.iter().enumerate() {
            match pair(item) {
                Some(p) => cells.push(p),
                None if empty(item) => {}
                None => self.error(
                    ErrorKind::BadCell,
                    format!("expected a cell [row, column], found {item}"),
                    format!("{at}[{i}]"),
                ),
            }
        }
        cells
    }

    /// Title, author, rules and the rest, from metadata cages and the `metadata` object.
    fn metadata(&mut self, doc: &Map<String, Value>) -> Meta {
        let mut meta = Meta::default();
        let mut fields: Vec<(String, Value)> = Vec::new();
        let mut rules: Vec<String> = Vec::new();
        for cage in items(doc, "cages") {
            let has_cells = cage
                .get("cells")
                .and_then(Value::as_array)
                .is_some_and(|c| c.iter().any(|c| !empty(c)));
            let Some(text) = cage.get("value").and_then(text_of) else {
                continue;
            };
            if has_cells {
                continue;
            }
            let Some((name, rest)) = text.split_once(':') else {
                continue;
            };
            let (name, rest) = (name.trim().to_owned(), rest.trim().to_owned());
            if name == "rules" {
                rules.push(rest);
            } else {
                fields.push((name, Value::String(rest)));
            }
        }
        if !rules.is_empty() {
            fields.push(("rules".into(), Value::String(rules.join("\n"))));
        }
        let object = doc
            .get("metadata")
            .or_else(|| doc.get("metaData"))
            .and_then(Value::as_object);
        for (k, v) in object.into_iter().flatten() {
            fields.push((k.clone(), v.clone()));
        }
        for (name, v) in fields {
            let text = match &v {
                Value::Array(lines) => Some(
                    lines
                        .iter()
                        .filter_map(text_of)
                        .collect::<Vec<_>>()
                        .join("\n"),
                ),
                v => text_of(v),
            }
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty() && !PLACEHOLDERS.contains(&t.as_str()));
            let on = v.as_bool().unwrap_or(false) || text.as_deref() == Some("true");
            match name.as_str() {
                "title" => meta.info.title = text,
                "author" => meta.info.author = text,
                "rules" => meta.info.rules = text,
                "solution" => meta.solution = text,
                "norowcol" => meta.norowcol = on,
                "antiknight" => meta.antiknight = on,
                "antiking" => meta.antiking = on,
                "bgimage" => {
                    if let Some(url) = text {
                        meta.warnings.push(format!(
                            "the puzzle has a background image ({url}): rules drawn in it are not read"
                        ));
                    }
                }
                "foglight" | "fogofwar" => meta.warnings.push(fog()),
                _ => {}
            }
        }
        if ["foglight", "foglink", "triggereffect"]
            .iter()
            .any(|k| doc.get(*k).is_some_and(|v| !v.is_null()))
            && !meta.warnings.contains(&fog())
        {
            meta.warnings.push(fog());
        }
        if let Some(id) = doc.get("id").and_then(Value::as_str)
            && id.starts_with("penpa")
        {
            meta.warnings.push(format!(
                "the puzzle was converted from Penpa (id {id}): its drawings may not follow SudokuPad's conventions"
            ));
        }
        meta
    }

    /// The grid's top-left cell in the document and its side: the bounding box of the
    /// regions, cages and solution digits, else the whole `cells` array.
    fn bounds(
        &mut self,
        doc: &Map<String, Value>,
        rows: &[Value],
        solution: Option<&str>,
    ) -> Result<((i64, i64), usize), Vec<Error>> {
        let mut cells = Vec::new();
        for (i, region) in items(doc, "regions").enumerate() {
            cells.extend(self.cell_list(Some(region), &format!("regions[{i}]")));
        }
        for (i, cage) in items(doc, "cages").enumerate() {
            cells.extend(self.cell_list(cage.get("cells"), &format!("cages[{i}].cells")));
        }
        if !self.errors.is_empty() {
            return Err(std::mem::take(&mut self.errors));
        }
        let height = rows.len() as i64;
        let width = rows
            .iter()
            .map(|r| r.as_array().map_or(0, Vec::len))
            .max()
            .unwrap_or(0) as i64;
        if let Some(s) = solution
            && width > 0
            && s.chars().count() as i64 == height * width
        {
            for (i, ch) in s.chars().enumerate() {
                if !matches!(ch, '.' | '?' | ' ' | '0') {
                    cells.push((i as i64 / width, i as i64 % width));
                }
            }
        }
        let (r0, c0, r1, c1) = if cells.is_empty() {
            (0, 0, height - 1, width - 1)
        } else {
            cells.iter().fold(
                (i64::MAX, i64::MAX, i64::MIN, i64::MIN),
                |(a, b, c, d), &(r, col)| (a.min(r), b.min(col), c.max(r), d.max(col)),
            )
        };
        let (mut h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut origin = (r0, c0);
        if h <= 0 || w <= 0 {
            return Err(vec![Error::new(
                ErrorKind::Size,
                "the puzzle has no cells",
                "cells",
            )]);
        }
        if h != w {
            // Cages and regions that leave rows or columns out: the whole array, if square.
            if height == width && r0 >= 0 && c0 >= 0 && r1 < height && c1 < width {
                (h, origin) = (height, (0, 0));
            } else {
                return Err(vec![Error::new(
                    ErrorKind::Size,
                    format!("the grid is {h}×{w} cells, not square"),
                    "cells",
                )]);
            }
        }
        if h > super::MAX_SIDE as i64 {
            return Err(vec![Error::new(
                ErrorKind::Size,
                format!(
                    "a variant grid is 1×1 to {m}×{m}, not {h}×{h}",
                    m = super::MAX_SIDE
                ),
                "cells",
            )]);
        }
        Ok((origin, h as usize))
    }

    /// The givens; values in the margin go to `margin` as outside clues (document row and
    /// column, text).
    fn cells(
        &mut self,
        rows: &[Value],
        (r0, c0): (i64, i64),
        puzzle: &mut Puzzle,
        margin: &mut Vec<((i64, i64), String)>,
    ) {
        let n = puzzle.size() as i64;
        let mut marked = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let Some(row) = row.as_array() else {
                self.error(
                    ErrorKind::Json,
                    "a row of cells is a list",
                    format!("cells[{r}]"),
                );
                continue;
            };
            for (c, cell) in row.iter().enumerate() {
                let at = format!("cells[{r}][{c}]");
                let Some(obj) = cell.as_object() else {
                    if !cell.is_null() {
                        self.error(ErrorKind::Json, "a cell is a JSON object", at);
                    }
                    continue;
                };
                let (gr, gc) = (r as i64 - r0, c as i64 - c0);
                let inside = (0..n).contains(&gr) && (0..n).contains(&gc);
                let value = obj
                    .get("value")
                    .and_then(text_of)
                    .map(|t| t.trim().to_owned())
                    .filter(|t| !t.is_empty());
                if let Some(v) = value {
                    if !inside {
                        margin.push(((r as i64, c as i64), v));
                    } else {
                        let here = Cell::new(gr as usize, gc as usize);
                        match v.parse::<u16>() {
                            Ok(d) if d >= 1 && i64::from(d) <= n => {
                                let _ = puzzle.set_given(here, d, &at);
                            }
                            _ => self.error(
                                ErrorKind::BadValue,
                                format!("given {v:?} in {here} is not a digit of 1–{n}"),
                                format!("{at}.value"),
                            ),
                        }
                    }
                }
                let marks = ["pencilMarks", "centremarks", "centerMarks"]
                    .iter()
                    .any(|k| {
                        obj.get(*k)
                            .and_then(Value::as_array)
                            .is_some_and(|m| !m.is_empty())
                    });
                if marks && inside {
                    marked.push(Cell::new(gr as usize, gc as usize).to_string());
                }
            }
        }
        if !marked.is_empty() {
            self.warnings.push(format!(
                "given pencil marks in {} are shown by SudokuPad, not rules: ignored",
                marked.join(", ")
            ));
        }
    }

    fn regions(&mut self, doc: &Map<String, Value>, (r0, c0): (i64, i64), puzzle: &mut Puzzle) {
        let n = puzzle.size();
        let mut numbers = vec![NO_REGION; n * n];
        let mut k = 0u16;
        for (i, region) in items(doc, "regions").enumerate() {
            let at = format!("regions[{i}]");
            let cells = self.cell_list(Some(region), &at);
            if cells.is_empty() || (n > 1 && cells.len() >= n * n) {
                continue; // SudokuPad does not check a region of the whole grid
            }
            for (r, c) in cells {
                let cell = Cell::new((r - r0) as usize, (c - c0) as usize);
                let slot = &mut numbers[cell.row() * n + cell.col()];
                if *slot != NO_REGION && *slot != k {
                    self.error(
                        ErrorKind::Regions,
                        format!("{cell} is in regions {} and {}", *slot + 1, k + 1),
                        at.clone(),
                    );
                }
                *slot = k;
            }
            k = k.saturating_add(1);
        }
        if let Err(e) = puzzle.set_regions(numbers) {
            self.errors.push(e);
        }
    }

    fn push(&mut self, puzzle: &mut Puzzle, constraint: Constraint, at: &str) {
        if let Err(e) = puzzle.push_at(constraint, at) {
            self.errors.push(e);
        }
    }

    fn cages(&mut self, doc: &Map<String, Value>, (r0, c0): (i64, i64), puzzle: &mut Puzzle) {
        let rules = figure::Rules::of(&puzzle.info);
        let killer_rules = rules.mentions(&["killer", "cage"]);
        let mut disjoint = false;
        for (i, cage) in items(doc, "cages").enumerate() {
            let at = format!("cages[{i}]");
            let cells: Vec<Cell> = self
                .cell_list(cage.get("cells"), &format!("{at}.cells"))
                .into_iter()
                .map(|(r, c)| Cell::new((r - r0) as usize, (c - c0) as usize))
                .collect();
            if cells.is_empty() {
                continue; // metadata, read before
            }
            let field = |k: &str| cage.get(k).and_then(Value::as_str).unwrap_or("");
            let unique = cage.get("unique").and_then(Value::as_bool);
            let span = super::validate::span(&cells);
            if cage.get("hidden").and_then(Value::as_bool) == Some(true)
                || matches!(field("type"), "rowcol" | "region")
            {
                continue;
            }
            if field("type") == "disjoint" {
                disjoint = true;
                continue;
            }
            let constraint = match field("style") {
                "extraregion" | "windoku" => Some(Constraint::ExtraRegion {
                    cells: cells.clone(),
                }),
                "fpRowIndexer" => Some(Constraint::RowIndexer {
                    cells: cells.clone(),
                }),
                "fpColumnIndexer" => Some(Constraint::ColumnIndexer {
                    cells: cells.clone(),
                }),
                "fpBoxIndexer" => Some(Constraint::BoxIndexer {
                    cells: cells.clone(),
                }),
                _ => None,
            };
            if let Some(c) = constraint {
                self.push(puzzle, c, &at);
                continue;
            }
            let label = cage
                .get("value")
                .and_then(text_of)
                .map(|t| t.trim().to_owned());
            let total = cage
                .get("sum")
                .and_then(Value::as_u64)
                .or_else(|| label.as_deref().and_then(|l| l.parse::<u64>().ok()))
                .filter(|&s| s > 0)
                .map(|s| s.min(u64::from(u32::MAX)) as u32);
            match (total, unique) {
                (Some(sum), Some(false)) => self.unsupported(
                    format!("cage {span} totals {sum} with digits that may repeat, which is not a rule of this reader"),
                    &at,
                ),
                (Some(sum), _) => {
                    if unique.is_none() && !killer_rules {
                        self.warnings.push(format!(
                            "cage {span} with total {sum} read as a killer cage, though the rules do not speak of cages"
                        ));
                    }
                    self.push(puzzle, Constraint::Killer { cells, sum: Some(sum) }, &at);
                }
                (None, Some(false)) => self.warnings.push(format!(
                    "cage {span} (unique: false, no total) has no standard meaning: ignored"
                )),
                (None, _) => {
                    let labelled = label.filter(|l| !l.is_empty());
                    if unique == Some(true) || killer_rules {
                        if let Some(l) = &labelled {
                            self.warnings.push(format!(
                                "cage {span}: label {l:?} is not a total: read as a killer cage without a total"
                            ));
                        }
                        self.push(puzzle, Constraint::Killer { cells, sum: None }, &at);
                    } else {
                        let what = labelled.map_or(String::new(), |l| format!(" (label {l:?})"));
                        self.warnings.push(format!(
                            "cage {span}{what} without a total, and the rules do not speak of cages: ignored"
                        ));
                    }
                }
            }
        }
        if disjoint && !puzzle.constraints().contains(&Constraint::DisjointGroups) {
            self.push(puzzle, Constraint::DisjointGroups, "cages");
        }
    }

    fn globals(&mut self, doc: &Map<String, Value>, meta: &Meta, puzzle: &mut Puzzle) {
        let mut tags: Vec<(String, String)> = Vec::new();
        match doc.get("global") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) => {
                for (i, t) in list.iter().enumerate() {
                    match t.as_str() {
                        Some(t) => tags.push((t.to_owned(), format!("global[{i}]"))),
                        None => self.error(
                            ErrorKind::Json,
                            "a global tag is a string",
                            format!("global[{i}]"),
                        ),
                    }
                }
            }
            Some(Value::String(t)) => tags.push((t.clone(), "global".into())),
            Some(_) => self.error(ErrorKind::Json, "\"global\" is a list of tags", "global"),
        }
        if meta.antiknight {
            tags.push(("antiknight".into(), "metadata.antiknight".into()));
        }
        if meta.antiking {
            tags.push(("antiking".into(), "metadata.antiking".into()));
        }
        for (tag, at) in tags {
            let constraint = match tag.as_str() {
                "antiknight" => Constraint::AntiKnight,
                "antiking" => Constraint::AntiKing,
                "nonconsecutive" => Constraint::NonConsecutive,
                "disjoint" | "disjointgroups" => Constraint::DisjointGroups,
                "antiratio" => Constraint::Negative(Negative::Ratio),
                "antixv" => Constraint::Negative(Negative::Xv),
                "antidifference" => Constraint::Negative(Negative::Difference),
                "antifoglight" | "" => continue,
                _ => {
                    self.unsupported(format!("unknown global rule \"{tag}\""), &at);
                    continue;
                }
            };
            if !puzzle.constraints().contains(&constraint) {
                self.push(puzzle, constraint, &at);
            }
        }
        if meta.norowcol {
            self.unsupported(
                "the puzzle has no row and column rule (metadata.norowcol), which this reader cannot drop".into(),
                "metadata.norowcol",
            );
        }
    }
}

/// The warning for fog of war.
fn fog() -> String {
    "the puzzle has fog of war: every constraint is read as if uncovered".to_owned()
}
