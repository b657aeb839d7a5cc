//! Constraint lines: the words of a line, the parameters and cells each keyword takes, and
//! the constraints (or candidates) they make. The grammar is in `docs/variants.md`.

use std::collections::HashMap;

use super::cells::{self, CellError};
use super::{KEYWORDS, at_column, at_line};
use crate::Cell;
use crate::variant::fpuzzles::diagonal;
use crate::variant::{
    Clue, Constraint, Diagonal, Direction, Error, ErrorKind, Negative, Puzzle, Side,
};

/// A word of a constraint line and its 1-based column.
#[derive(Clone, Copy)]
struct Token<'a> {
    column: usize,
    text: &'a str,
}

/// The words of a line up to a comment: runs of non-space characters, `=` a word of its own.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (at, c)) in text.char_indices().enumerate() {
        let column = column + 1;
        if c.is_whitespace() || c == '=' {
            if let Some((column, from)) = start.take() {
                out.push(Token {
                    column,
                    text: &text[from..at],
                });
            }
            if c == '=' {
                out.push(Token { column, text: "=" });
            }
        } else if start.is_none() {
            if c == '#' {
                return out;
            }
            start = Some((column, at));
        }
    }
    if let Some((column, from)) = start {
        out.push(Token {
            column,
            text: &text[from..],
        });
    }
    out
}

type Res<T> = Result<T, Vec<Error>>;

/// The words of one constraint line after its keyword.
struct Args<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    line: usize,
    keyword: String,
    n: usize,
}

impl<'a> Args<'a> {
    fn error(&self, kind: ErrorKind, message: String, token: Option<Token<'_>>) -> Vec<Error> {
        let at = match token {
            Some(t) => at_column(self.line, t.column),
            None => at_line(self.line),
        };
        vec![Error::new(kind, message, at)]
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(t) => format!("found {:?}", t.text),
            None => "found the end of the line".to_owned(),
        }
    }

    /// A number, if the next word is one.
    fn number_opt(&mut self, max: u64) -> Res<Option<u64>> {
        let Some(t) = self
            .peek()
            .filter(|t| t.text.bytes().all(|b| b.is_ascii_digit()))
        else {
            return Ok(None);
        };
        self.next += 1;
        match t.text.parse::<u64>() {
            Ok(v) if v <= max => Ok(Some(v)),
            _ => Err(self.error(
                ErrorKind::BadValue,
                format!(
                    "{} is too large for {} (at most {max})",
                    t.text, self.keyword
                ),
                Some(t),
            )),
        }
    }

    fn number(&mut self, what: &str, max: u64) -> Res<u64> {
        match self.number_opt(max)? {
            Some(v) => Ok(v),
            None => Err(self.error(
                ErrorKind::Syntax,
                format!("{} needs {what}, {}", self.keyword, self.found()),
                self.peek(),
            )),
        }
    }

    /// Cells up to `=` or the end of the line: at least one, at most `N²`.
    fn cells(&mut self) -> Res<Vec<Cell>> {
        let mut cells = Vec::new();
        let mut errors = Vec::new();
        let first = self.peek();
        while let Some(t) = self.peek().filter(|t| t.text != "=") {
            self.next += 1;
            match cells::parse(t.text, self.n) {
                // More cells than the grid has repeat some: refused before they pile up.
                Ok(c) if cells.len() + c.len() > self.n * self.n => {
                    return Err(self.error(
                        ErrorKind::BadValue,
                        format!(
                            "{} names more cells than the {n}×{n} grid has",
                            self.keyword,
                            n = self.n
                        ),
                        Some(t),
                    ));
                }
                Ok(c) => cells.extend(c),
                Err(CellError::Bad(m)) => errors.extend(self.error(ErrorKind::BadCell, m, Some(t))),
                Err(CellError::Outside(m)) => {
                    errors.extend(self.error(ErrorKind::OutsideGrid, m, Some(t)));
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        if cells.is_empty() {
            return Err(self.error(
                ErrorKind::Syntax,
                format!("{} needs cells (r1c1-3), {}", self.keyword, self.found()),
                first,
            ));
        }
        Ok(cells)
    }

    /// Two cells (a dot or an X/V).
    fn pair(&mut self) -> Res<[Cell; 2]> {
        let first = self.peek();
        let cells = self.cells()?;
        let k = cells.len();
        cells.try_into().map_err(|_| {
            self.error(
                ErrorKind::BadValue,
                format!("a {} mark joins two cells, not {k}", self.keyword),
                first,
            )
        })
    }

    /// `=` between two lists of cells.
    fn equals(&mut self) -> bool {
        let eq = self.peek().is_some_and(|t| t.text == "=");
        if eq {
            self.next += 1;
        }
        eq
    }

    /// A word of `choices` (any case), if the next word is one; its index.
    fn word(&mut self, choices: &[&str]) -> Option<usize> {
        let t = self.peek()?;
        let i = choices
            .iter()
            .position(|c| t.text.eq_ignore_ascii_case(c))?;
        self.next += 1;
        Some(i)
    }

    /// The row or column of a clue outside the grid, and its side: `c3` (from the top),
    /// `c3 bottom`, `r2` (from the left), `r2 right`.
    fn clue(&mut self) -> Res<Clue> {
        let t = self.peek();
        let parsed = t.and_then(|t| {
            let (head, digits) = t.text.split_at_checked(1)?;
            let column = match head {
                "c" | "C" => true,
                "r" | "R" => false,
                _ => return None,
            };
            let v = digits
                .parse::<usize>()
                .ok()
                .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))?;
            Some((column, v))
        });
        let Some((column, v)) = parsed else {
            return Err(self.error(
                ErrorKind::Syntax,
                format!(
                    "{} needs a row or column (r2, c3 bottom), {}",
                    self.keyword,
                    self.found()
                ),
                t,
            ));
        };
        self.next += 1;
        let n = self.n;
        if v == 0 || v > n {
            return Err(self.error(
                ErrorKind::OutsideGrid,
                format!(
                    "{}{v} is outside the {n}×{n} grid",
                    if column { 'c' } else { 'r' }
                ),
                t,
            ));
        }
        let side_token = self.peek();
        let side = match self.word(&["top", "bottom", "left", "right"]) {
            None if column => Side::Top,
            None => Side::Left,
            Some(0) if column => Side::Top,
            Some(1) if column => Side::Bottom,
            Some(2) if !column => Side::Left,
            Some(3) if !column => Side::Right,
            Some(_) => {
                return Err(self.error(
                    ErrorKind::Syntax,
                    format!(
                        "a {}'s clue stands {}",
                        if column { "column" } else { "row" },
                        if column {
                            "at the top or bottom"
                        } else {
                            "on the left or right"
                        }
                    ),
                    side_token,
                ));
            }
        };
        Ok(Clue {
            side,
            index: (v - 1) as u16,
        })
    }

    /// Nothing may follow.
    fn end(&self) -> Res<()> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(self.error(
                ErrorKind::Syntax,
                format!("unexpected {:?} in a {} line", t.text, self.keyword),
                Some(t),
            )),
        }
    }
}

/// Reads one constraint (or candidates) line into `puzzle`; `keep` false reads it for its
/// syntax alone.
pub(super) fn keyword_line(
    puzzle: &mut Puzzle,
    number: usize,
    text: &str,
    keep: bool,
    candidates_at: &mut HashMap<Cell, usize>,
) -> Res<()> {
    let tokens = tokens(text);
    let Some((&head, tokens)) = tokens.split_first() else {
        return Ok(());
    };
    let keyword = head.text.to_ascii_lowercase();
    if !KEYWORDS.contains(&keyword.as_str()) {
        return Err(vec![Error::new(
            ErrorKind::UnknownConstraint,
            format!("unknown constraint {:?}", head.text),
            at_column(number, head.column),
        )]);
    }
    let mut args = Args {
        tokens: tokens.to_vec(),
        next: 0,
        line: number,
        keyword,
        n: puzzle.size(),
    };
    let at = at_line(number);
    if args.keyword == "candidates" {
        let mut mask = 0u64;
        let n = puzzle.size() as u64;
        while let Some(d) = args.number_opt(u64::MAX)? {
            if d == 0 || d > n {
                return Err(args.error(
                    ErrorKind::BadValue,
                    format!("candidate {d} is not a digit of 1–{n}"),
                    args.tokens.get(args.next - 1).copied(),
                ));
            }
            mask |= 1 << (d - 1);
        }
        if mask == 0 {
            return Err(args.error(
                ErrorKind::Syntax,
                format!("candidates needs digits, {}", args.found()),
                args.peek(),
            ));
        }
        let cells = args.cells()?;
        args.end()?;
        if !keep {
            return Ok(());
        }
        let mut errors = Vec::new();
        for cell in cells {
            if let Some(line) = candidates_at.insert(cell, number) {
                errors.push(Error::new(
                    ErrorKind::BadValue,
                    format!("the candidates of {cell} are given twice (lines {line} and {number})"),
                    at.clone(),
                ));
            } else if let Err(e) = puzzle.set_candidates(cell, mask, &at) {
                errors.push(e);
            }
        }
        return if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        };
    }
    let constraints = constraints(&mut args)?;
    args.end()?;
    if keep {
        for c in constraints {
            puzzle.push_at(c, &at).map_err(|e| vec![e])?;
        }
    }
    Ok(())
}

/// The constraints of a line: one, or one a cell for the single-cell rules.
fn constraints(args: &mut Args<'_>) -> Res<Vec<Constraint>> {
    let n = args.n;
    let u16_max = u64::from(u16::MAX);
    let u32_max = u64::from(u32::MAX);
    let one = |c: Constraint| Ok(vec![c]);
    let keyword = args.keyword.clone();
    match keyword.as_str() {
        "diagonal+" => one(Constraint::Diagonal(Diagonal::Positive)),
        "diagonal-" => one(Constraint::Diagonal(Diagonal::Negative)),
        "antiknight" => one(Constraint::AntiKnight),
        "antiking" => one(Constraint::AntiKing),
        "nonconsecutive" => one(Constraint::NonConsecutive),
        "disjoint" => one(Constraint::DisjointGroups),
        "negative-difference" => one(Constraint::Negative(Negative::Difference)),
        "negative-ratio" => one(Constraint::Negative(Negative::Ratio)),
        "negative-xv" => one(Constraint::Negative(Negative::Xv)),
        "chess" => {
            let mut offsets = Vec::new();
            while let Some(t) = args.peek() {
                let pair = t.text.split_once(',').and_then(|(a, b)| {
                    let num = |s: &str| {
                        s.bytes()
                            .all(|b| b.is_ascii_digit())
                            .then(|| s.parse::<u16>().ok())
                            .flatten()
                    };
                    Some((num(a)?, num(b)?))
                });
                let Some(pair) = pair else { break };
                args.next += 1;
                offsets.push(pair);
            }
            if offsets.is_empty() {
                return Err(args.error(
                    ErrorKind::Syntax,
                    format!("chess needs offsets (chess 1,2), {}", args.found()),
                    args.peek(),
                ));
            }
            one(Constraint::Chess { offsets })
        }
        "taxicab" => {
            let distance = args.number("a distance", u16_max)? as u16;
            one(Constraint::Taxicab { distance })
        }
        "even" | "odd" | "minimum" | "maximum" => {
            let kind = args.keyword.clone();
            Ok(args
                .cells()?
                .into_iter()
                .map(|cell| match kind.as_str() {
                    "even" => Constraint::Even { cell },
                    "odd" => Constraint::Odd { cell },
                    "minimum" => Constraint::Minimum { cell },
                    _ => Constraint::Maximum { cell },
                })
                .collect())
        }
        "quadruple" => {
            let mut digits = Vec::new();
            while let Some(d) = args.number_opt(u16_max)? {
                digits.push(d as u16);
            }
            let cells = args.cells()?;
            one(Constraint::Quadruple { cells, digits })
        }
        "clone" => {
            let cells = args.cells()?;
            if !args.equals() {
                return Err(args.error(
                    ErrorKind::Syntax,
                    format!(
                        "clone needs \"=\" between the cells and their copies, {}",
                        args.found()
                    ),
                    args.peek(),
                ));
            }
            let copies = args.cells()?;
            one(Constraint::Clone { cells, copies })
        }
        "rowindexer" => one(Constraint::RowIndexer {
            cells: args.cells()?,
        }),
        "columnindexer" => one(Constraint::ColumnIndexer {
            cells: args.cells()?,
        }),
        "boxindexer" => one(Constraint::BoxIndexer {
            cells: args.cells()?,
        }),
        "extraregion" => one(Constraint::ExtraRegion {
            cells: args.cells()?,
        }),
        "equality" => one(Constraint::Equality {
            cells: args.cells()?,
        }),
        "killer" => {
            let sum = args.number_opt(u32_max)?.map(|s| s as u32);
            one(Constraint::Killer {
                cells: args.cells()?,
                sum,
            })
        }
        "rellik" => {
            let sum = args.number("a total", u32_max)? as u32;
            one(Constraint::Rellik {
                cells: args.cells()?,
                sum,
            })
        }
        "littlekiller" => {
            let sum = args.number("a total", u32_max)? as u32;
            let t = args.peek();
            let clue = t.and_then(|t| cells::raw_cell(t.text));
            let Some((r, c)) = clue else {
                return Err(args.error(
                    ErrorKind::Syntax,
                    format!(
                        "littlekiller needs its clue's place (r0c3), {}",
                        args.found()
                    ),
                    t,
                ));
            };
            if r > n + 1 || c > n + 1 {
                return Err(args.error(
                    ErrorKind::OutsideGrid,
                    format!(
                        "r{r}c{c} is not beside the {n}×{n} grid (rows and columns 0 to {})",
                        n + 1
                    ),
                    t,
                ));
            }
            args.next += 1;
            let words = [
                "upleft",
                "upright",
                "downleft",
                "downright",
                "ul",
                "ur",
                "dl",
                "dr",
            ];
            let direction = match args.word(&words) {
                Some(i) => [
                    Direction::UpLeft,
                    Direction::UpRight,
                    Direction::DownLeft,
                    Direction::DownRight,
                ][i % 4],
                None => {
                    return Err(args.error(
                        ErrorKind::Syntax,
                        format!(
                            "littlekiller needs a direction (upleft, upright, downleft, downright), {}",
                            args.found()
                        ),
                        args.peek(),
                    ));
                }
            };
            let clue = (r as i16 - 1, c as i16 - 1);
            let cells = if args.peek().is_some() {
                args.cells()?
            } else {
                diagonal(clue, direction, n)
            };
            one(Constraint::LittleKiller {
                clue,
                direction,
                cells,
                sum,
            })
        }
        "numberedroom" => {
            let digit = args.number("a digit", u16_max)? as u16;
            let clue = args.clue()?;
            one(Constraint::NumberedRoom { clue, digit })
        }
        "sandwich" | "xsum" | "skyscraper" => {
            let what = if args.keyword == "skyscraper" {
                "a count"
            } else {
                "a total"
            };
            let v = args.number(what, u32_max)? as u32;
            let clue = args.clue()?;
            one(match args.keyword.as_str() {
                "sandwich" => Constraint::Sandwich { clue, sum: v },
                "xsum" => Constraint::XSum { clue, sum: v },
                _ => Constraint::Skyscraper { clue, count: v },
            })
        }
        "arrow" => {
            let cells = args.cells()?;
            if args.equals() {
                let shaft = args.cells()?;
                return one(Constraint::Arrow { bulb: cells, shaft });
            }
            let (bulb, shaft) = cells.split_at(1);
            one(Constraint::Arrow {
                bulb: bulb.to_vec(),
                shaft: shaft.to_vec(),
            })
        }
        "xv" => {
            let t = args.peek();
            let sum = match args.word(&["x", "v"]) {
                Some(0) => 10,
                Some(_) => 5,
                None => match args.number_opt(u32_max)? {
                    Some(s) => s as u32,
                    None => {
                        return Err(args.error(
                            ErrorKind::Syntax,
                            format!("xv needs X, V or a total, {}", args.found()),
                            t,
                        ));
                    }
                },
            };
            one(Constraint::Xv {
                cells: args.pair()?,
                sum,
            })
        }
        "difference" => {
            let difference = args.number_opt(u16_max)?.map_or(1, |d| d as u16);
            one(Constraint::Difference {
                cells: args.pair()?,
                difference,
            })
        }
        "ratio" => {
            let ratio = args.number_opt(u16_max)?.map_or(2, |d| d as u16);
            one(Constraint::Ratio {
                cells: args.pair()?,
                ratio,
            })
        }
        "whispers" => {
            let difference = args
                .number_opt(u16_max)?
                .map_or(n.div_ceil(2) as u16, |d| d as u16);
            one(Constraint::Whispers {
                line: args.cells()?,
                difference,
            })
        }
        "lockout" => {
            let difference = args
                .number_opt(u16_max)?
                .map_or((n / 2) as u16, |d| d as u16);
            one(Constraint::Lockout {
                line: args.cells()?,
                difference,
            })
        }
        line_kind => {
            let line = args.cells()?;
            one(match line_kind {
                "doublearrow" => Constraint::DoubleArrow { line },
                "regionsum" => Constraint::RegionSum { line },
                "thermo" => Constraint::Thermometer { line },
                "slowthermo" => Constraint::SlowThermometer { line },
                "renban" => Constraint::Renban { line },
                "palindrome" => Constraint::Palindrome { line },
                "between" => Constraint::Between { line },
                "entropic" => Constraint::Entropic { line },
                "modular" => Constraint::Modular { line },
                "nabner" => Constraint::Nabner { line },
                _ => Constraint::Zipper { line },
            })
        }
    }
}
