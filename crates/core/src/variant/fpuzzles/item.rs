//! The objects of the f-puzzles constraint keys: each key's object read into its
//! constraint (cells, clue, value), with an error at its place for what does not fit.

use serde_json::{Map, Value};

use super::{Reader, diagonal, number, parse_cell};
use crate::Cell;
use crate::variant::{Constraint, Direction, ErrorKind, Puzzle};

impl Reader {
    /// One object of a constraint key's list.
    pub(super) fn item(
        &mut self,
        key: &str,
        obj: &Map<String, Value>,
        at: &str,
        puzzle: &mut Puzzle,
    ) {
        let n = self.n;
        let value = obj.get("value").and_then(number);
        let value_at = format!("{at}.value");
        let cells_at = format!("{at}.cells");
        match key {
            "even" | "odd" | "minimum" | "maximum" => {
                let cell_at = format!("{at}.cell");
                let Some(v) = obj.get("cell") else {
                    self.error(
                        ErrorKind::BadCell,
                        format!("a {key} names its \"cell\""),
                        cell_at,
                    );
                    return;
                };
                let Some(cell) = self.cell(v, &cell_at) else {
                    return;
                };
                let c = match key {
                    "even" => Constraint::Even { cell },
                    "odd" => Constraint::Odd { cell },
                    "minimum" => Constraint::Minimum { cell },
                    _ => Constraint::Maximum { cell },
                };
                self.push(puzzle, c, at);
            }
            "killercage" | "extraregion" | "rowindexer" | "columnindexer" | "boxindexer" => {
                let Some(cells) = self.cells(obj.get("cells"), &cells_at) else {
                    return;
                };
                let c = match key {
                    "killercage" => Constraint::Killer {
                        cells,
                        sum: value
                            .filter(|&v| v > 0)
                            .map(|v| v.min(u64::from(u32::MAX)) as u32),
                    },
                    "extraregion" => Constraint::ExtraRegion { cells },
                    "rowindexer" => Constraint::RowIndexer { cells },
                    "columnindexer" => Constraint::ColumnIndexer { cells },
                    _ => Constraint::BoxIndexer { cells },
                };
                self.push(puzzle, c, at);
            }
            "quadruple" => {
                let Some(cells) = self.cells(obj.get("cells"), &cells_at) else {
                    return;
                };
                let values = match obj.get("values") {
                    None | Some(Value::Null) => &[][..],
                    Some(Value::Array(values)) => &values[..],
                    Some(other) => {
                        self.error(
                            ErrorKind::Json,
                            format!("quadruple values are a list of digits, not {other}"),
                            format!("{at}.values"),
                        );
                        return;
                    }
                };
                let mut digits = Vec::with_capacity(values.len());
                for (j, v) in values.iter().enumerate() {
                    match number(v) {
                        Some(d) => digits.push(d.min(u64::from(u16::MAX)) as u16),
                        None => {
                            self.error(
                                ErrorKind::BadValue,
                                format!("quadruple value {v} is not a digit"),
                                format!("{at}.values[{j}]"),
                            );
                            return;
                        }
                    }
                }
                self.push(puzzle, Constraint::Quadruple { cells, digits }, at);
            }
            "clone" => {
                let (Some(cells), Some(copies)) = (
                    self.cells(obj.get("cells"), &cells_at),
                    self.cells(obj.get("cloneCells"), &format!("{at}.cloneCells")),
                ) else {
                    return;
                };
                self.push(puzzle, Constraint::Clone { cells, copies }, at);
            }
            "difference" | "ratio" | "xv" => {
                let Some(cells) = self.cells(obj.get("cells"), &cells_at) else {
                    return;
                };
                let Ok(cells): Result<[Cell; 2], _> = cells.try_into() else {
                    self.error(
                        ErrorKind::BadValue,
                        format!("a {key} mark joins two cells"),
                        cells_at,
                    );
                    return;
                };
                let c = match key {
                    "difference" => Constraint::Difference {
                        cells,
                        difference: value.map_or(1, |v| v.min(u64::from(u16::MAX)) as u16),
                    },
                    "ratio" => Constraint::Ratio {
                        cells,
                        ratio: value.map_or(2, |v| v.min(u64::from(u16::MAX)) as u16),
                    },
                    _ => {
                        let letter = obj.get("value").and_then(Value::as_str).unwrap_or("");
                        let sum = match letter.trim() {
                            "X" | "x" => 10,
                            "V" | "v" => 5,
                            _ => {
                                self.error(
                                    ErrorKind::BadValue,
                                    format!("an XV mark is \"X\" or \"V\", not {letter:?}"),
                                    value_at,
                                );
                                return;
                            }
                        };
                        Constraint::Xv { cells, sum }
                    }
                };
                self.push(puzzle, c, at);
            }
            "littlekillersum" => {
                let Some(sum) = value.filter(|&v| v > 0) else {
                    return;
                };
                let direction = match obj.get("direction").and_then(Value::as_str) {
                    Some("UL") => Direction::UpLeft,
                    Some("UR") => Direction::UpRight,
                    Some("DL") => Direction::DownLeft,
                    Some("DR") => Direction::DownRight,
                    other => {
                        self.error(
                            ErrorKind::BadValue,
                            format!(
                                "a little killer's direction is UL, UR, DL or DR, not {other:?}"
                            ),
                            format!("{at}.direction"),
                        );
                        return;
                    }
                };
                let text = obj.get("cell").and_then(Value::as_str).unwrap_or("");
                let Some((r, c)) = parse_cell(text) else {
                    self.error(
                        ErrorKind::BadCell,
                        format!("bad little killer clue cell {text:?}"),
                        format!("{at}.cell"),
                    );
                    return;
                };
                if r > n + 1 || c > n + 1 {
                    self.error(
                        ErrorKind::OutsideGrid,
                        format!("little killer clue {text} is not beside the {n}×{n} grid"),
                        format!("{at}.cell"),
                    );
                    return;
                }
                let clue = (r as i16 - 1, c as i16 - 1);
                let cells = match obj.get("cells") {
                    Some(v) => match self.cells(Some(v), &cells_at) {
                        Some(cells) => cells,
                        None => return,
                    },
                    None => diagonal(clue, direction, n),
                };
                self.push(
                    puzzle,
                    Constraint::LittleKiller {
                        clue,
                        direction,
                        cells,
                        sum: sum.min(u64::from(u32::MAX)) as u32,
                    },
                    at,
                );
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                let Some(v) = value.map(|v| v.min(u64::from(u32::MAX)) as u32) else {
                    return;
                };
                let Some(clue) = self.clue(obj.get("cell"), &format!("{at}.cell")) else {
                    return;
                };
                let c = match key {
                    "sandwichsum" => Constraint::Sandwich { clue, sum: v },
                    "xsum" => Constraint::XSum { clue, sum: v },
                    _ => Constraint::Skyscraper { clue, count: v },
                };
                self.push(puzzle, c, at);
            }
            "arrow" => {
                let Some(bulb) = self.cells(obj.get("cells"), &cells_at) else {
                    return;
                };
                let Some(lines) = obj.get("lines").and_then(Value::as_array) else {
                    self.error(
                        ErrorKind::Json,
                        "an arrow has \"lines\"",
                        format!("{at}.lines"),
                    );
                    return;
                };
                for (j, line) in lines.iter().enumerate() {
                    let Some(path) = self.cells(Some(line), &format!("{at}.lines[{j}]")) else {
                        continue;
                    };
                    let shaft: Vec<Cell> = match path.first() {
                        Some(first) if bulb.contains(first) => path[1..].to_vec(),
                        _ => path,
                    };
                    let shaft = shaft.into_iter().filter(|c| !bulb.contains(c)).collect();
                    self.push(
                        puzzle,
                        Constraint::Arrow {
                            bulb: bulb.clone(),
                            shaft,
                        },
                        at,
                    );
                }
            }
            _ => {
                // Lines.
                let Some(lines) = obj.get("lines").and_then(Value::as_array) else {
                    self.error(
                        ErrorKind::Json,
                        format!("a {key} has \"lines\""),
                        format!("{at}.lines"),
                    );
                    return;
                };
                // f-puzzles' lockout has no value: its ends differ by ⌊N/2⌋. Another value
                // would be read by no other program, and could not be written back.
                if key == "lockout"
                    && let Some(v) = value.filter(|&v| v != (n / 2) as u64)
                {
                    self.error(
                        ErrorKind::BadValue,
                        format!(
                            "a lockout line has no value: its ends differ by {}, not {v}",
                            n / 2
                        ),
                        value_at,
                    );
                    return;
                }
                for (j, line) in lines.iter().enumerate() {
                    let Some(line) = self.cells(Some(line), &format!("{at}.lines[{j}]")) else {
                        continue;
                    };
                    let c = match key {
                        "thermometer" => Constraint::Thermometer { line },
                        "slowthermometer" => Constraint::SlowThermometer { line },
                        "whispers" => Constraint::Whispers {
                            line,
                            difference: value.map_or(n.div_ceil(2) as u16, |v| {
                                v.min(u64::from(u16::MAX)) as u16
                            }),
                        },
                        "renban" => Constraint::Renban { line },
                        "palindrome" => Constraint::Palindrome { line },
                        "betweenline" => Constraint::Between { line },
                        "entropicline" => Constraint::Entropic { line },
                        "modularline" => Constraint::Modular { line },
                        "nabner" => Constraint::Nabner { line },
                        "zipperline" => Constraint::Zipper { line },
                        "lockout" => Constraint::Lockout {
                            line,
                            difference: (n / 2) as u16,
                        },
                        "regionsumline" => Constraint::RegionSum { line },
                        "doublearrow" => Constraint::DoubleArrow { line },
                        _ => return,
                    };
                    self.push(puzzle, c, at);
                }
            }
        }
    }
}
