//! The f-puzzles writer: a [`Puzzle`] as the JSON document that f-puzzles, SudokuPad and
//! Rangsk's solver read, and as the compressed payload and links that carry it.
//!
//! The document is written the way f-puzzles writes it: `size`, then `title`, `author` and
//! `ruleset` when known, then `grid` (`{}` for an empty cell, `value` with `given` for a given,
//! `givenPencilMarks` for a cell limited to some digits, `region` only where it differs from
//! the default boxes, `null` for a cell in no region), then one key per constraint kind, and
//! `negative` last. Numbers in constraints are strings (`"value": "15"`) but for a quadruple's
//! digits; a default value is left out (a white dot's 1, a black dot's 2, German whispers'
//! ⌈N/2⌉), global rules are `true`.
//!
//! Reading the document back gives an equal puzzle, and the same constraint order when the
//! puzzle was read from f-puzzles: keys come in the order of each kind's first constraint, the
//! objects of a key in the order of its constraints. Two things can change the order, never
//! the rules: arrows sharing a bulb become one object with a line each (f-puzzles draws a bulb
//! once), placed at the first of them; and a global rule listed twice is written once.
//!
//! What f-puzzles cannot carry is an [`ErrorKind::Unsupported`] error naming the constraint
//! and its index (`constraints[3]`): chess and taxicab rules, rellik and equality cages, numbered rooms (no key), an XV sum other than 10
//! or 5, a lockout difference other than ⌊N/2⌋ (f-puzzles' lockout has no value), a little
//! killer clue that is not beside the grid, an arrow whose shaft enters its bulb, a region
//! number of `N` or more. Any side is written; f-puzzles itself opens sides 3 to 16.
//!
//! Rules that f-puzzles does not draw itself (renban, whispers and the other lines of Rangsk's
//! userscript, lockout, indexers, x-sums and skyscrapers) also get the cosmetic copy that the
//! userscripts write, so that f-puzzles and SudokuPad without them still show the puzzle: a
//! `line`, a `cage` outline or a `text`, marked `isNewConstraint`. Readers that know the rule
//! skip the copy, as [`super::from_value`] does.

use serde_json::{Map, Value, json};

use super::super::{Clue, Constraint, Diagonal, Direction, Error, ErrorKind, NO_REGION};
use super::super::{Negative, Puzzle, Side, lzstring};
use crate::Cell;

/// The f-puzzles document of `puzzle`, or an error naming the first constraint f-puzzles
/// cannot carry.
///
/// ```
/// use nsudoku::Cell;
/// use nsudoku::variant::{Constraint, Puzzle, fpuzzles};
///
/// let mut puzzle = Puzzle::new(4)?;
/// puzzle.push(Constraint::Killer { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) })?;
/// let doc = fpuzzles::to_value(&puzzle)?;
/// assert_eq!(doc["killercage"][0]["value"], "3");
/// assert_eq!(doc["killercage"][0]["cells"][1], "R1C2");
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn to_value(puzzle: &Puzzle) -> Result<Value, Error> {
    let n = puzzle.size();
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    let info = [
        ("title", &puzzle.info.title),
        ("author", &puzzle.info.author),
        ("ruleset", &puzzle.info.rules),
    ];
    for (key, text) in info {
        if let Some(text) = text {
            doc.insert(key.into(), json!(text));
        }
    }
    doc.insert("grid".into(), grid(puzzle)?);
    let mut writer = Writer {
        n,
        keys: Map::new(),
        arrows: Vec::new(),
        negative: Vec::new(),
        cosmetic: Map::new(),
    };
    for (i, constraint) in puzzle.constraints().iter().enumerate() {
        writer.constraint(constraint, &format!("constraints[{i}]"))?;
    }
    let Writer {
        mut keys,
        arrows,
        negative,
        cosmetic,
        ..
    } = writer;
    if let Some(slot) = keys.get_mut("arrow") {
        *slot = arrows
            .into_iter()
            .map(|(bulb, lines)| json!({ "cells": names(&bulb), "lines": lines }))
            .collect();
    }
    doc.extend(keys);
    for (key, items) in cosmetic {
        doc.insert(key, items);
    }
    if !negative.is_empty() {
        doc.insert("negative".into(), json!(negative));
    }
    Ok(Value::Object(doc))
}

/// The f-puzzles document of `puzzle` as JSON text, on one line as f-puzzles writes it.
pub fn to_json(puzzle: &Puzzle) -> Result<String, Error> {
    Ok(to_value(puzzle)?.to_string())
}

/// The payload of an f-puzzles link: lz-string base64 of [`to_json`].
pub fn to_payload(puzzle: &Puzzle) -> Result<String, Error> {
    Ok(lzstring::compress_to_base64(&to_json(puzzle)?))
}

/// A link that opens `puzzle` in f-puzzles: `https://f-puzzles.com/?load=<payload>`, with the
/// payload's `+`, `/` and `=` percent-encoded, as a query value needs (a bare `+` would read
/// as a space).
pub fn to_link(puzzle: &Puzzle) -> Result<String, Error> {
    Ok(format!(
        "https://f-puzzles.com/?load={}",
        percent_encode(&to_payload(puzzle)?)
    ))
}

/// A link that opens `puzzle` in SudokuPad: `https://sudokupad.app/fpuzzles<payload>`, the
/// form SudokuPad reads an f-puzzles payload from. The payload's `+`, `/` and `=` are
/// percent-encoded (SudokuPad decodes them): a bare `/` would make path segments that servers
/// may merge.
pub fn to_sudokupad_link(puzzle: &Puzzle) -> Result<String, Error> {
    Ok(format!(
        "https://sudokupad.app/fpuzzles{}",
        percent_encode(&to_payload(puzzle)?)
    ))
}

/// Base64 with its three characters that URLs reserve percent-encoded.
fn percent_encode(payload: &str) -> String {
    let mut out = String::with_capacity(payload.len() + 16);
    for c in payload.chars() {
        match c {
            '+' => out.push_str("%2B"),
            '/' => out.push_str("%2F"),
            '=' => out.push_str("%3D"),
            c => out.push(c),
        }
    }
    out
}

/// A cell as f-puzzles names it: `R1C1` for the top-left cell.
fn name(cell: Cell) -> String {
    format!("R{}C{}", cell.row() + 1, cell.col() + 1)
}

fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| name(c)).collect()
}

/// The place of a clue outside the grid, 1-based: row or column 0 or `N + 1`.
fn clue_name(clue: Clue, n: usize) -> String {
    let i = usize::from(clue.index) + 1;
    match clue.side {
        Side::Top => format!("R0C{i}"),
        Side::Bottom => format!("R{}C{i}", n + 1),
        Side::Left => format!("R{i}C0"),
        Side::Right => format!("R{i}C{}", n + 1),
    }
}

fn unsupported(message: String, at: &str) -> Error {
    Error::new(ErrorKind::Unsupported, message, at)
}

/// The grid's rows: givens, pencil marks, regions that are not the default boxes.
fn grid(puzzle: &Puzzle) -> Result<Value, Error> {
    let n = puzzle.size();
    let boxes = Puzzle::new(n)?;
    let all = puzzle.all_digits();
    let candidates = puzzle.candidates();
    // A puzzle that limits no cell's digits still says it has pencil marks: the first cell
    // then lists all of its digits, so that it reads back the same.
    let none_limited = candidates.is_some_and(|c| c.iter().all(|&m| m == all));
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let i = r * n + c;
            let mut cell = Map::new();
            let given = puzzle.givens()[i];
            if given != 0 {
                cell.insert("value".into(), json!(given));
                cell.insert("given".into(), json!(true));
            }
            if let Some(mask) = candidates.map(|m| m[i])
                && (mask != all || (none_limited && i == 0))
            {
                let marks: Vec<usize> = (0..n)
                    .filter(|d| mask >> d & 1 != 0)
                    .map(|d| d + 1)
                    .collect();
                cell.insert("givenPencilMarks".into(), json!(marks));
            }
            let region = puzzle.regions()[i];
            if region != boxes.regions()[i] {
                let value = match region {
                    NO_REGION => Value::Null,
                    k if usize::from(k) < n => json!(k),
                    k => {
                        return Err(unsupported(
                            format!(
                                "region number {k} of {} is not in 0–{}, the region numbers f-puzzles writes",
                                Cell::new(r, c),
                                n - 1
                            ),
                            format!("regions[{i}]").as_str(),
                        ));
                    }
                };
                cell.insert("region".into(), value);
            }
            row.push(Value::Object(cell));
        }
        rows.push(Value::Array(row));
    }
    Ok(Value::Array(rows))
}

struct Writer {
    n: usize,
    /// Constraint keys in the order of their first constraint.
    keys: Map<String, Value>,
    /// The arrows' bulbs in order, each with its lines (its `arrow` key holds a place).
    arrows: Vec<(Vec<Cell>, Vec<Value>)>,
    negative: Vec<&'static str>,
    /// Drawings for programs without the userscripts: `line`, `cage`, `text`.
    cosmetic: Map<String, Value>,
}

impl Writer {
    fn add(&mut self, key: &str, item: Value) {
        push_to(&mut self.keys, key, item);
    }

    fn add_cosmetic(&mut self, key: &str, item: Value) {
        push_to(&mut self.cosmetic, key, item);
    }

    /// A line of Rangsk's userscript, and its cosmetic copy (colours as the userscript's).
    fn line(&mut self, key: &str, line: &[Cell], value: Option<String>, colour: &str, width: f64) {
        let mut item = Map::new();
        item.insert("lines".into(), json!([names(line)]));
        if let Some(value) = value {
            item.insert("value".into(), json!(value));
        }
        self.add(key, Value::Object(item));
        self.add_cosmetic(
            "line",
            json!({
                "lines": [names(line)],
                "outlineC": colour,
                "width": width,
                "isNewConstraint": true,
            }),
        );
    }

    fn constraint(&mut self, constraint: &Constraint, at: &str) -> Result<(), Error> {
        let n = self.n;
        let cells = |cells: &[Cell]| json!({ "cells": names(cells) });
        let one = |cell: Cell| json!({ "cell": name(cell) });
        let lines = |line: &[Cell]| json!({ "lines": [names(line)] });
        match constraint {
            Constraint::Diagonal(d) => {
                let key = match d {
                    Diagonal::Positive => "diagonal+",
                    Diagonal::Negative => "diagonal-",
                };
                self.keys.entry(key).or_insert(json!(true));
            }
            Constraint::AntiKnight => {
                self.keys.entry("antiknight").or_insert(json!(true));
            }
            Constraint::AntiKing => {
                self.keys.entry("antiking").or_insert(json!(true));
            }
            Constraint::NonConsecutive => {
                self.keys.entry("nonconsecutive").or_insert(json!(true));
            }
            Constraint::DisjointGroups => {
                self.keys.entry("disjointgroups").or_insert(json!(true));
            }
            Constraint::Chess { offsets } => {
                return Err(unsupported(
                    format!("f-puzzles has no key for a chess rule (offsets {offsets:?})"),
                    at,
                ));
            }
            Constraint::Taxicab { distance } => {
                return Err(unsupported(
                    format!("f-puzzles has no key for a taxicab rule (distance {distance})"),
                    at,
                ));
            }
            Constraint::Rellik { sum, .. } => {
                return Err(unsupported(
                    format!("f-puzzles has no key for a rellik cage (total {sum})"),
                    at,
                ));
            }
            Constraint::NumberedRoom { digit, .. } => {
                return Err(unsupported(
                    format!("f-puzzles has no key for a numbered room (digit {digit})"),
                    at,
                ));
            }
            Constraint::Equality { .. } => {
                return Err(unsupported(
                    "f-puzzles has no key for an equality cage".into(),
                    at,
                ));
            }
            Constraint::ExtraRegion { cells: c } => self.add("extraregion", cells(c)),
            Constraint::Even { cell } => self.add("even", one(*cell)),
            Constraint::Odd { cell } => self.add("odd", one(*cell)),
            Constraint::Minimum { cell } => self.add("minimum", one(*cell)),
            Constraint::Maximum { cell } => self.add("maximum", one(*cell)),
            Constraint::Quadruple { cells, digits } => self.add(
                "quadruple",
                json!({ "cells": names(cells), "values": digits }),
            ),
            Constraint::Clone { cells, copies } => self.add(
                "clone",
                json!({ "cells": names(cells), "cloneCells": names(copies) }),
            ),
            Constraint::RowIndexer { cells: c } => self.indexer("rowindexer", c, "#7CC77C"),
            Constraint::ColumnIndexer { cells: c } => self.indexer("columnindexer", c, "#C77C7C"),
            Constraint::BoxIndexer { cells: c } => self.indexer("boxindexer", c, "#7C7CC7"),
            Constraint::Killer { cells, sum } => {
                let mut item = Map::new();
                item.insert("cells".into(), json!(names(cells)));
                if let Some(sum) = sum {
                    item.insert("value".into(), json!(sum.to_string()));
                }
                self.add("killercage", Value::Object(item));
            }
            Constraint::LittleKiller {
                clue,
                direction,
                cells,
                sum,
            } => {
                let beside = |x: i16| (-1..=n as i32).contains(&i32::from(x));
                if !beside(clue.0) || !beside(clue.1) {
                    return Err(unsupported(
                        format!(
                            "little killer clue ({}, {}) is not beside the {n}×{n} grid",
                            clue.0, clue.1
                        ),
                        at,
                    ));
                }
                let direction = match direction {
                    Direction::UpLeft => "UL",
                    Direction::UpRight => "UR",
                    Direction::DownLeft => "DL",
                    Direction::DownRight => "DR",
                };
                self.add(
                    "littlekillersum",
                    json!({
                        "cell": format!("R{}C{}", clue.0 + 1, clue.1 + 1),
                        "cells": names(cells),
                        "direction": direction,
                        "value": sum.to_string(),
                    }),
                );
            }
            Constraint::Sandwich { clue, sum } => self.add(
                "sandwichsum",
                json!({ "cell": clue_name(*clue, n), "value": sum.to_string() }),
            ),
            Constraint::XSum { clue, sum } => self.outside("xsum", *clue, *sum),
            Constraint::Skyscraper { clue, count } => self.outside("skyscraper", *clue, *count),
            Constraint::Arrow { bulb, shaft } => {
                if let Some(c) = shaft.iter().find(|c| bulb.contains(c)) {
                    return Err(unsupported(
                        format!("an arrow's shaft enters its bulb at {c}"),
                        at,
                    ));
                }
                // The line starts in the bulb, at the bulb cell nearest the shaft.
                let start = shaft.first().map_or(bulb.first().copied(), |&s| {
                    let far = |b: &Cell| b.row().abs_diff(s.row()).max(b.col().abs_diff(s.col()));
                    bulb.iter().copied().min_by_key(far)
                });
                let line: Vec<Cell> = start.into_iter().chain(shaft.iter().copied()).collect();
                self.keys.entry("arrow").or_insert(json!([]));
                match self.arrows.iter_mut().find(|(b, _)| b == bulb) {
                    Some((_, lines)) => lines.push(json!(names(&line))),
                    None => self.arrows.push((bulb.clone(), vec![json!(names(&line))])),
                }
            }
            Constraint::DoubleArrow { line } => {
                self.line("doublearrow", line, None, "#C54B8B", 0.15)
            }
            Constraint::Xv { cells, sum } => {
                let letter = match sum {
                    10 => "X",
                    5 => "V",
                    _ => {
                        return Err(unsupported(
                            format!(
                                "f-puzzles marks sums of 10 (X) and 5 (V), not {sum} ({} and {})",
                                cells[0], cells[1]
                            ),
                            at,
                        ));
                    }
                };
                self.add("xv", json!({ "cells": names(cells), "value": letter }));
            }
            Constraint::RegionSum { line } => {
                self.line("regionsumline", line, None, "#2ECBFF", 0.25)
            }
            Constraint::Thermometer { line } => self.add("thermometer", lines(line)),
            Constraint::SlowThermometer { line } => {
                self.line("slowthermometer", line, None, "#6495ED", 0.3);
            }
            Constraint::Whispers { line, difference } => {
                let german = n.div_ceil(2);
                let d = usize::from(*difference);
                let value = (d != german).then(|| difference.to_string());
                let (colour, width) = if d + 1 == german {
                    ("#FF9A00", 0.1875)
                } else {
                    ("#67F067", 0.3)
                };
                self.line("whispers", line, value, colour, width);
            }
            Constraint::Renban { line } => self.line("renban", line, None, "#F067F0", 0.4),
            Constraint::Palindrome { line } => self.add("palindrome", lines(line)),
            Constraint::Between { line } => self.add("betweenline", lines(line)),
            Constraint::Entropic { line } => self.line("entropicline", line, None, "#FFCCAA", 0.25),
            Constraint::Modular { line } => {
                self.line("modularline", line, None, "#33BBBB", 0.15625)
            }
            Constraint::Nabner { line } => self.line("nabner", line, None, "#C9C883", 0.25),
            Constraint::Zipper { line } => self.line("zipperline", line, None, "#CDB1EC", 0.15625),
            Constraint::Lockout { line, difference } => {
                if usize::from(*difference) != n / 2 {
                    return Err(unsupported(
                        format!(
                            "f-puzzles' lockout ends differ by {} on a {n}×{n} grid, not {difference}",
                            n / 2
                        ),
                        at,
                    ));
                }
                self.line("lockout", line, None, "#AABEEF", 0.2);
            }
            Constraint::Difference { cells, difference } => {
                let mut item = Map::new();
                item.insert("cells".into(), json!(names(cells)));
                if *difference != 1 {
                    item.insert("value".into(), json!(difference.to_string()));
                }
                self.add("difference", Value::Object(item));
            }
            Constraint::Ratio { cells, ratio } => {
                let mut item = Map::new();
                item.insert("cells".into(), json!(names(cells)));
                if *ratio != 2 {
                    item.insert("value".into(), json!(ratio.to_string()));
                }
                self.add("ratio", Value::Object(item));
            }
            Constraint::Negative(kind) => self.negative.push(match kind {
                Negative::Difference => "difference",
                Negative::Ratio => "ratio",
                Negative::Xv => "xv",
            }),
        }
        Ok(())
    }

    /// An indexer, and the outline the userscript draws around its cells.
    fn indexer(&mut self, key: &str, cells: &[Cell], colour: &str) {
        self.add(key, json!({ "cells": names(cells) }));
        self.add_cosmetic(
            "cage",
            json!({ "cells": names(cells), "outlineC": colour, "isNewConstraint": true }),
        );
    }

    /// An x-sum or skyscraper clue, and its number as text outside the grid.
    fn outside(&mut self, key: &str, clue: Clue, value: u32) {
        let cell = clue_name(clue, self.n);
        self.add(key, json!({ "cell": cell, "value": value.to_string() }));
        self.add_cosmetic(
            "text",
            json!({
                "cells": [cell],
                "value": value.to_string(),
                "fontC": "#000000",
                "size": 0.7,
                "isNewConstraint": true,
            }),
        );
    }
}

fn push_to(map: &mut Map<String, Value>, key: &str, item: Value) {
    if let Value::Array(items) = map.entry(key).or_insert_with(|| json!([])) {
        items.push(item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::fpuzzles::{ReadOptions, from_json};

    fn c(r: usize, col: usize) -> Cell {
        Cell::new(r, col)
    }

    /// A 4×4 puzzle with a bit of everything the writer treats specially.
    fn sample() -> Puzzle {
        let mut p = Puzzle::new(4).expect("4×4");
        p.info.title = Some("Sample".into());
        p.set_given(c(0, 0), 1, "").expect("a given");
        p.set_candidates(c(0, 1), 0b0110, "").expect("candidates");
        let mut regions = p.regions().to_vec();
        regions[15] = NO_REGION;
        p.set_regions(regions).expect("regions");
        for constraint in [
            Constraint::Killer {
                cells: vec![c(0, 2), c(0, 3)],
                sum: Some(7),
            },
            Constraint::AntiKnight,
            Constraint::Killer {
                cells: vec![c(1, 0)],
                sum: None,
            },
            Constraint::Arrow {
                bulb: vec![c(2, 0)],
                shaft: vec![c(2, 1)],
            },
            Constraint::Xv {
                cells: [c(1, 1), c(1, 2)],
                sum: 5,
            },
            Constraint::Arrow {
                bulb: vec![c(2, 0)],
                shaft: vec![c(3, 0)],
            },
            Constraint::Difference {
                cells: [c(1, 2), c(1, 3)],
                difference: 1,
            },
            Constraint::Difference {
                cells: [c(2, 2), c(2, 3)],
                difference: 2,
            },
            Constraint::Ratio {
                cells: [c(3, 2), c(3, 3)],
                ratio: 2,
            },
            Constraint::Whispers {
                line: vec![c(3, 1), c(2, 2)],
                difference: 2,
            },
            Constraint::LittleKiller {
                clue: (-1, -1),
                direction: Direction::DownRight,
                cells: vec![c(0, 0), c(1, 1), c(2, 2), c(3, 3)],
                sum: 10,
            },
            Constraint::Sandwich {
                clue: Clue {
                    side: Side::Right,
                    index: 1,
                },
                sum: 0,
            },
            Constraint::Quadruple {
                cells: vec![c(0, 0), c(0, 1), c(1, 0), c(1, 1)],
                digits: vec![1, 1],
            },
            Constraint::Negative(Negative::Xv),
        ] {
            p.push(constraint).expect("a valid constraint");
        }
        p
    }

    #[test]
    fn writes_what_f_puzzles_writes() {
        let expected = json!({
            "size": 4,
            "title": "Sample",
            "grid": [
                [{"value": 1, "given": true}, {"givenPencilMarks": [2, 3]}, {}, {}],
                [{}, {}, {}, {}],
                [{}, {}, {}, {}],
                [{}, {}, {}, {"region": null}],
            ],
            "killercage": [
                {"cells": ["R1C3", "R1C4"], "value": "7"},
                {"cells": ["R2C1"]},
            ],
            "antiknight": true,
            "arrow": [{"cells": ["R3C1"], "lines": [["R3C1", "R3C2"], ["R3C1", "R4C1"]]}],
            "xv": [{"cells": ["R2C2", "R2C3"], "value": "V"}],
            "difference": [
                {"cells": ["R2C3", "R2C4"]},
                {"cells": ["R3C3", "R3C4"], "value": "2"},
            ],
            "ratio": [{"cells": ["R4C3", "R4C4"]}],
            "whispers": [{"lines": [["R4C2", "R3C3"]]}],
            "littlekillersum": [{
                "cell": "R0C0",
                "cells": ["R1C1", "R2C2", "R3C3", "R4C4"],
                "direction": "DR",
                "value": "10",
            }],
            "sandwichsum": [{"cell": "R2C5", "value": "0"}],
            "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 1]}],
            "line": [{
                "lines": [["R4C2", "R3C3"]],
                "outlineC": "#67F067",
                "width": 0.3,
                "isNewConstraint": true,
            }],
            "negative": ["xv"],
        });
        let puzzle = sample();
        assert_eq!(to_json(&puzzle), Ok(expected.to_string()));
        // Read back: the same rules, grouped by key (killer cages together, then the
        // anti-knight rule, the arrows, …), which the writer then keeps.
        let back = from_json(&expected.to_string(), ReadOptions::default()).expect("reads");
        assert!(back.warnings.is_empty());
        let (mut got, mut want) = (
            back.puzzle.constraints().to_vec(),
            puzzle.constraints().to_vec(),
        );
        let key = |c: &Constraint| format!("{c:?}");
        got.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(got, want);
        assert_eq!(back.puzzle.constraints()[1], puzzle.constraints()[2]);
        assert_eq!(to_json(&back.puzzle), Ok(expected.to_string()));
    }

    #[test]
    fn links_percent_encode_what_urls_reserve() {
        assert_eq!(percent_encode("a+b/c=="), "a%2Bb%2Fc%3D%3D");
        let puzzle = sample();
        let payload = to_payload(&puzzle).expect("writable");
        let link = to_link(&puzzle).expect("writable");
        let pad = to_sudokupad_link(&puzzle).expect("writable");
        let encoded = percent_encode(&payload);
        assert_eq!(link, format!("https://f-puzzles.com/?load={encoded}"));
        assert_eq!(pad, format!("https://sudokupad.app/fpuzzles{encoded}"));
        for tail in [&link["https://f-puzzles.com/?load=".len()..], &pad[30..]] {
            assert!(!tail.contains(['+', '/', '=', '?', '&', '#']), "{tail}");
        }
    }

    #[test]
    fn pencil_marks_that_limit_nothing_are_still_written() {
        let mut puzzle = Puzzle::new(4).expect("4×4");
        puzzle.set_candidates(c(2, 2), 0b1111, "").expect("all");
        let doc = to_value(&puzzle).expect("writable");
        assert_eq!(doc["grid"][0][0], json!({"givenPencilMarks": [1, 2, 3, 4]}));
        let back = from_json(&doc.to_string(), ReadOptions::default()).expect("reads");
        assert_eq!(back.puzzle, puzzle);
    }
}
