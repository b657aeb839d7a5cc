//! The items whose arguments take more than a list of cells: sums, pill arrows, little
//! killers, clues outside the grid, marks between neighbours, givens.

use super::*;

impl Builder {
    /// A region sum line. ISS counts a run of cells in no region as a segment of its own,
    /// nsudoku skips them: a line through them, in a grid with regions, is refused.
    pub(super) fn region_sum(&mut self, args: &[String], at: &str) {
        let Some(line) = self.cells(args, at) else {
            return;
        };
        let n = self.n;
        let regions = self.puzzle.regions();
        if regions.iter().any(|&r| r != NO_REGION)
            && line
                .iter()
                .any(|c| regions[c.row() * n + c.col()] == NO_REGION)
        {
            self.error(
                ErrorKind::Unsupported,
                "a region sum line through cells in no region: ISS sums them as a region of their own, nsudoku skips them",
                at,
            );
            return;
        }
        self.push(Constraint::RegionSum { line }, at);
    }

    /// A constraint on the cells of all the arguments.
    pub(super) fn line(
        &mut self,
        args: &[String],
        at: &str,
        make: impl FnOnce(Vec<Cell>) -> Constraint,
    ) {
        if let Some(cells) = self.cells(args, at) {
            self.push(make(cells), at);
        }
    }

    /// `R1C1_1_2`: the cell can hold 1 or 2 (as well as what other givens leave it).
    pub(super) fn givens(&mut self, args: &[String], at: &str) {
        let n = self.n;
        for arg in args.iter().filter(|a| !a.is_empty()) {
            let mut parts = arg.split('_');
            let Some(cell) = self.cell(parts.next().unwrap_or(""), at) else {
                continue;
            };
            let mut mask = 0u64;
            let mut any = false;
            for v in parts {
                any = true;
                match v.parse::<usize>() {
                    Ok(d) if (1..=n).contains(&d) && d.to_string() == v => mask |= 1 << (d - 1),
                    _ => self.error(
                        ErrorKind::BadValue,
                        format!("{v:?} given to {cell} is not a digit of 1–{n}"),
                        at,
                    ),
                }
            }
            if !any {
                self.error(
                    ErrorKind::BadValue,
                    format!("{arg:?} gives {cell} no value"),
                    at,
                );
                continue;
            }
            self.masks[cell.row() * n + cell.col()] &= mask;
        }
    }

    /// Digits of a list (`1_2` or separate arguments).
    pub(super) fn digits<'a>(
        &mut self,
        list: impl Iterator<Item = &'a str>,
        at: &str,
    ) -> Option<Vec<u16>> {
        let n = self.n;
        let mut digits = Vec::new();
        for v in list {
            match v.trim().parse::<u16>() {
                Ok(d) if (1..=n as u16).contains(&d) => digits.push(d),
                _ => {
                    self.error(
                        ErrorKind::BadValue,
                        format!("{v:?} is not a digit of 1–{n}"),
                        at,
                    );
                    return None;
                }
            }
        }
        Some(digits)
    }

    /// A pill arrow: the first 2 or 3 cells are the pill, read in reading order.
    pub(super) fn pill_arrow(&mut self, args: &[String], at: &str) {
        let Some(size) =
            self.count::<usize>(args.first().map_or("", String::as_str), "a pill's size", at)
        else {
            return;
        };
        let Some(cells) = args.get(1..).and_then(|a| self.cells(a, at)) else {
            return;
        };
        if !(2..=3).contains(&size) || cells.len() <= size {
            self.error(
                ErrorKind::BadValue,
                format!(
                    "a pill arrow has a pill of 2 or 3 cells and a shaft, not {size} of {} cells",
                    cells.len()
                ),
                at,
            );
            return;
        }
        let mut pill = cells[..size].to_vec();
        pill.sort();
        let readable = pill.windows(2).all(|w| {
            let (dr, dc) = (
                w[1].row() as isize - w[0].row() as isize,
                w[1].col() as isize - w[0].col() as isize,
            );
            matches!((dr, dc), (0, 1) | (1, 0) | (1, 1))
        });
        if !readable {
            self.error(
                ErrorKind::BadValue,
                "a pill's cells follow each other rightwards or downwards",
                at,
            );
            return;
        }
        self.push(
            Constraint::Arrow {
                bulb: pill,
                shaft: cells[size..].to_vec(),
            },
            at,
        );
    }

    /// `.Sum`: a total that may repeat digits. nsudoku has it on one cell (a given), on two
    /// cells side by side (an XV mark of any total) and on a whole diagonal (a little killer).
    pub(super) fn sum(&mut self, args: &[String], at: &str) {
        let head = args.first().map_or("", String::as_str);
        let mut parts = head.split('_');
        let Some(total) = self.integer(parts.next().unwrap_or(""), "a sum's total", at) else {
            return;
        };
        if parts.next() == Some("=") && !parts.all(|c| c == "1") {
            self.lacks("Sum with coefficients", at);
            return;
        }
        let Some(cells) = args.get(1..).and_then(|a| self.cells(a, at)) else {
            return;
        };
        let Ok(total) = u32::try_from(total) else {
            self.error(
                ErrorKind::Impossible,
                format!("a sum cannot be {total}"),
                at,
            );
            return;
        };
        if let [cell] = cells[..] {
            // One cell's sum is its digit: a given.
            let n = self.n;
            let digit = if (1..=n as u32).contains(&total) {
                1 << (total - 1)
            } else {
                0
            };
            self.masks[cell.row() * n + cell.col()] &= digit;
            return;
        }
        if let [a, b] = cells[..]
            && a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
        {
            self.sum_xv |= total == 5 || total == 10;
            self.push(
                Constraint::Xv {
                    cells: [a, b],
                    sum: total,
                },
                at,
            );
            return;
        }
        let mut sorted = cells.clone();
        sorted.sort();
        for (start, direction, line) in geometry::diagonals(self.n) {
            let mut l = line.clone();
            l.sort();
            if l == sorted {
                self.push_little_killer(start, direction, line, total, at);
                return;
            }
        }
        self.lacks("Sum (a total whose digits may repeat) on cells other than two neighbours or a diagonal", at);
    }

    /// `.LittleKiller~SUM~START`: the diagonal from its first cell.
    pub(super) fn little_killer(&mut self, args: &[String], at: &str) {
        let sum = self.count::<u32>(
            args.first().map_or("", String::as_str),
            "a little killer's total",
            at,
        );
        let start = args.get(1).and_then(|id| self.cell(id, at));
        let (Some(sum), Some(start)) = (sum, start) else {
            return;
        };
        let Some((_, direction, cells)) = geometry::diagonals(self.n)
            .into_iter()
            .find(|d| d.0 == start)
        else {
            self.error(
                ErrorKind::BadCell,
                format!("{start} starts none of ISS's little killer diagonals"),
                at,
            );
            return;
        };
        self.push_little_killer(start, direction, cells, sum, at);
    }

    /// A little killer on one of ISS's diagonals, its clue outside the diagonal's first cell.
    pub(super) fn push_little_killer(
        &mut self,
        start: Cell,
        direction: Direction,
        cells: Vec<Cell>,
        sum: u32,
        at: &str,
    ) {
        let (dr, dc) = direction.step();
        let clue = (
            start.row() as i16 - dr as i16,
            start.col() as i16 - dc as i16,
        );
        self.push(
            Constraint::LittleKiller {
                clue,
                direction,
                cells,
                sum,
            },
            at,
        );
    }

    /// A row or column clue `R3` or `C3`: seen from the left or top (`forward`), else from
    /// the right or bottom.
    pub(super) fn line_clue(&mut self, id: &str, forward: bool, at: &str) -> Option<Clue> {
        let (side, number) = match id.split_at_checked(1) {
            Some(("R", k)) => (if forward { Side::Left } else { Side::Right }, k),
            Some(("C", k)) => (if forward { Side::Top } else { Side::Bottom }, k),
            _ => {
                self.error(
                    ErrorKind::BadCell,
                    format!("{id:?} is not a row or column (R3, C3)"),
                    at,
                );
                return None;
            }
        };
        match number.parse::<usize>() {
            Ok(k) if (1..=self.n).contains(&k) => Some(Clue {
                side,
                index: (k - 1) as u16,
            }),
            _ => {
                self.error(
                    ErrorKind::OutsideGrid,
                    format!("{id} is not a row or column of the grid"),
                    at,
                );
                None
            }
        }
    }

    /// `.XSum~R3~FORWARD~BACKWARD` and skyscrapers: a clue at either end of a row or column.
    pub(super) fn both_ends(&mut self, name: &str, args: &[String], at: &str) {
        let id = args.first().map_or("", String::as_str);
        for (k, forward) in [(1, true), (2, false)] {
            let Some(value) = args.get(k).filter(|v| !v.is_empty()) else {
                continue;
            };
            let value = self.count::<u32>(value, "a clue", at);
            let clue = self.line_clue(id, forward, at);
            if let (Some(value), Some(clue)) = (value, clue) {
                let constraint = match name {
                    "XSum" => Constraint::XSum { clue, sum: value },
                    "NumberedRoom" => match u16::try_from(value) {
                        Ok(digit) => Constraint::NumberedRoom { clue, digit },
                        Err(_) => {
                            self.error(
                                ErrorKind::BadValue,
                                format!("a numbered room's digit cannot be {value}"),
                                at,
                            );
                            continue;
                        }
                    },
                    _ => Constraint::Skyscraper { clue, count: value },
                };
                self.push(constraint, at);
            }
        }
    }

    /// Dots and marks between every two orthogonal neighbours among the cells.
    pub(super) fn marks(&mut self, name: &str, args: &[String], at: &str) {
        let Some(cells) = self.cells(args, at) else {
            return;
        };
        let pairs = Self::adjacent_pairs(&cells);
        if pairs.is_empty() {
            self.error(
                ErrorKind::BadValue,
                format!("{name} marks nothing: no two of its cells are side by side"),
                at,
            );
        }
        for [a, b] in pairs {
            let constraint = match name {
                "WhiteDot" => Constraint::Difference {
                    cells: [a, b],
                    difference: 1,
                },
                "BlackDot" => Constraint::Ratio {
                    cells: [a, b],
                    ratio: 2,
                },
                "X" => Constraint::Xv {
                    cells: [a, b],
                    sum: 10,
                },
                "V" => Constraint::Xv {
                    cells: [a, b],
                    sum: 5,
                },
                // The first is greater: a thermometer from the second.
                _ => Constraint::Thermometer { line: vec![b, a] },
            };
            self.push(constraint, at);
        }
    }
}
