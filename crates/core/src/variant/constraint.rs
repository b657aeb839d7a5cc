//! The constraints of variant puzzles, one enum variant per rule. What each means, with an
//! example and its f-puzzles key, is written in `docs/variants.md`; the doc comment of each
//! variant says the rule in one line.
//!
//! Cells are 0-based ([`Cell::new`]); lines keep their order (a thermometer starts at its
//! bulb). Clues outside the grid are [`Clue`]s: a row or column 0-based, and the side they
//! stand on.

use std::collections::HashSet;

use super::Puzzle;
use crate::cell::Cell;

/// A side of the grid, where a clue outside it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the grid: a clue of the column below it.
    Top,
    /// Below the grid: a clue of the column above it.
    Bottom,
    /// Left of the grid: a clue of the row to its right.
    Left,
    /// Right of the grid: a clue of the row to its left.
    Right,
}

/// A clue outside the grid for one row or column, read from `side`: the column `index` for
/// [`Side::Top`] and [`Side::Bottom`], the row `index` for [`Side::Left`] and [`Side::Right`]
/// (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clue {
    /// Where the clue stands.
    pub side: Side,
    /// The row or column it speaks of, 0-based.
    pub index: u16,
}

impl Clue {
    /// The cells of the clue's row or column, from the clue inwards, in a grid of side `n`.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        let i = self.index as usize;
        (0..n)
            .map(|k| match self.side {
                Side::Top => Cell::new(k, i),
                Side::Bottom => Cell::new(n - 1 - k, i),
                Side::Left => Cell::new(i, k),
                Side::Right => Cell::new(i, n - 1 - k),
            })
            .collect()
    }
}

/// The direction of a little killer's diagonal, from its clue into the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up and to the left.
    UpLeft,
    /// Up and to the right.
    UpRight,
    /// Down and to the left.
    DownLeft,
    /// Down and to the right.
    DownRight,
}

impl Direction {
    /// Rows and columns moved by one step.
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

/// Which diagonal of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// From the bottom-left corner to the top-right one (f-puzzles' `diagonal+`).
    Positive,
    /// From the top-left corner to the bottom-right one (f-puzzles' `diagonal-`).
    Negative,
}

impl Diagonal {
    /// Its cells on a grid of side `n`, from the left column to the right one.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        (0..n)
            .map(|k| match self {
                Diagonal::Positive => Cell::new(n - 1 - k, k),
                Diagonal::Negative => Cell::new(k, k),
            })
            .collect()
    }
}

/// The constraints whose unmarked pairs are ruled out (f-puzzles' `negative`): every pair of
/// orthogonally adjacent cells without such a mark is not in that relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Negative {
    /// No kropki dot: the two digits do not differ by any white dot's difference (1 when
    /// there is no white dot).
    Difference,
    /// No kropki dot: neither digit is any black dot's ratio (2 when there is no black dot)
    /// times the other.
    Ratio,
    /// No X or V: the two digits sum to neither 10 nor 5.
    Xv,
}

impl Negative {
    /// The two cells `mark` exempts from this rule, if it is a mark of its kind: a kropki
    /// dot of either colour for the kropki rules (and non-consecutive), an X or V for X/V.
    pub fn exempted_by(self, mark: &Constraint) -> Option<[Cell; 2]> {
        match (self, mark) {
            (Negative::Difference | Negative::Ratio, Constraint::Difference { cells, .. })
            | (Negative::Difference | Negative::Ratio, Constraint::Ratio { cells, .. })
            | (Negative::Xv, Constraint::Xv { cells, .. }) => Some(*cells),
            _ => None,
        }
    }
}

impl Puzzle {
    /// The orthogonal neighbours a negative rule of `kind` speaks of: every pair `(a, b)`, `b`
    /// right of or below `a`, in the reading order of `a`, that no mark of the kind joins.
    /// Non-consecutive speaks of those of [`Negative::Difference`] (no kropki dot).
    pub fn unmarked_pairs(&self, kind: Negative) -> Vec<(Cell, Cell)> {
        let marked: HashSet<(Cell, Cell)> = self
            .constraints()
            .iter()
            .filter_map(|c| kind.exempted_by(c))
            .map(|[a, b]| (a.min(b), a.max(b)))
            .collect();
        let n = self.size();
        let mut pairs = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let a = Cell::new(r, c);
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    let b = Cell::new(r2, c2);
                    if r2 < n && c2 < n && !marked.contains(&(a, b)) {
                        pairs.push((a, b));
                    }
                }
            }
        }
        pairs
    }

    /// What a negative rule of `kind` forbids between its pairs' digits: the differences of
    /// the puzzle's white dots (1 when it has none), the ratios of its black dots (2 when it
    /// has none), or the totals of X and V (10 and 5).
    pub fn negative_values(&self, kind: Negative) -> Vec<u16> {
        let marks = self.constraints().iter().filter_map(|c| match (kind, c) {
            (Negative::Difference, Constraint::Difference { difference, .. }) => Some(*difference),
            (Negative::Ratio, Constraint::Ratio { ratio, .. }) => Some(*ratio),
            _ => None,
        });
        let mut values: Vec<u16> = marks.collect();
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            values = match kind {
                Negative::Difference => vec![1],
                Negative::Ratio => vec![2],
                Negative::Xv => vec![5, 10],
            };
        }
        values
    }

    /// The cells a minimum at `cell` (a maximum, when `minimum` is false) is compared with:
    /// its orthogonal neighbours but those that are minima (maxima) too.
    pub fn extremum_neighbours(&self, cell: Cell, minimum: bool) -> Vec<Cell> {
        let same: HashSet<Cell> = self
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Minimum { cell } if minimum => Some(*cell),
                Constraint::Maximum { cell } if !minimum => Some(*cell),
                _ => None,
            })
            .collect();
        cell.orthogonal(self.size())
            .filter(|other| !same.contains(other))
            .collect()
    }
}

/// One rule of a variant puzzle, beyond the rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    // Regions and global rules.
    /// The cells of a main diagonal hold different digits.
    Diagonal(Diagonal),
    /// Two cells a knight's move apart hold different digits.
    AntiKnight,
    /// Two cells a king's move apart (diagonally adjacent included) hold different digits.
    AntiKing,
    /// Orthogonally adjacent cells never hold consecutive digits (but across a kropki dot).
    NonConsecutive,
    /// Cells in the same place of their boxes (regions) hold different digits.
    DisjointGroups,
    /// Two cells one of these (row, column) offsets apart, in any of the eight
    /// orientations, hold different digits: `[(1, 2)]` is anti-knight.
    Chess {
        /// The offsets, each at least one non-zero.
        offsets: Vec<(u16, u16)>,
    },
    /// Two cells at exactly this taxicab distance (rows apart plus columns apart) hold
    /// different digits.
    Taxicab {
        /// The distance, at least 1.
        distance: u16,
    },
    /// The cells hold different digits (a region beyond the boxes; windoku's four boxes are
    /// four of these).
    ExtraRegion {
        /// The region's cells.
        cells: Vec<Cell>,
    },

    // Cells.
    /// The cell holds an even digit.
    Even {
        /// The cell.
        cell: Cell,
    },
    /// The cell holds an odd digit.
    Odd {
        /// The cell.
        cell: Cell,
    },
    /// The cell's digit is smaller than each of its orthogonal neighbours' (but a neighbouring
    /// minimum cell's).
    Minimum {
        /// The cell.
        cell: Cell,
    },
    /// The cell's digit is larger than each of its orthogonal neighbours' (but a neighbouring
    /// maximum cell's).
    Maximum {
        /// The cell.
        cell: Cell,
    },
    /// The digits appear among the cells (a digit listed twice, twice).
    Quadruple {
        /// The cells around the circle (four, or fewer on an edge).
        cells: Vec<Cell>,
        /// The digits, 1-based.
        digits: Vec<u16>,
    },
    /// Each cell of `copies` holds the digit of the cell of `cells` in the same place.
    Clone {
        /// The first shape.
        cells: Vec<Cell>,
        /// The second, as long.
        copies: Vec<Cell>,
    },
    /// A cell in row `r` (1-based) holding `d`: the digit `r` of its column is in row `d`.
    RowIndexer {
        /// The indexing cells.
        cells: Vec<Cell>,
    },
    /// A cell in column `c` (1-based) holding `d`: the digit `c` of its row is in column `d`
    /// (the 1-5-9 rule, with indexers in columns 1, 5 and 9).
    ColumnIndexer {
        /// The indexing cells.
        cells: Vec<Cell>,
    },
    /// A cell at place `p` of its region (reading order, 1-based) holding `d`: the digit `p`
    /// of its region is at place `d`.
    BoxIndexer {
        /// The indexing cells.
        cells: Vec<Cell>,
    },

    // Sums.
    /// The cells hold different digits that add up to the total, if there is one.
    Killer {
        /// The cage.
        cells: Vec<Cell>,
        /// The total written in the cage.
        sum: Option<u32>,
    },
    /// The cells hold different digits, and no set of them (one digit or more) adds up to
    /// the total: a rellik cage, killer backwards.
    Rellik {
        /// The cage.
        cells: Vec<Cell>,
        /// The total no set of its digits makes.
        sum: u32,
    },
    /// The cells hold different digits, as many even as odd and as many low as high: low and
    /// high are the smaller and the larger halves of `1..=N`, and on an odd side the middle
    /// digit stays out of the cage.
    Equality {
        /// The cage.
        cells: Vec<Cell>,
    },
    /// The digits along a diagonal from a clue outside the grid add up to the clue (they may
    /// repeat).
    LittleKiller {
        /// The clue's place: a row or column 0-based, `-1` or `N` for outside the grid.
        clue: (i16, i16),
        /// Which way the diagonal runs from the clue.
        direction: Direction,
        /// The cells of the diagonal.
        cells: Vec<Cell>,
        /// The total.
        sum: u32,
    },
    /// The digits between the 1 and the `N` of a row or column add up to the clue.
    Sandwich {
        /// The row or column.
        clue: Clue,
        /// The total.
        sum: u32,
    },
    /// The first `X` digits of a row or column seen from the clue add up to it, where `X` is
    /// the first digit.
    XSum {
        /// The row or column, and the side it is read from.
        clue: Clue,
        /// The total.
        sum: u32,
    },
    /// Seen from the clue, digits are skyscrapers that hide the lower ones behind them:
    /// `count` of them are seen.
    Skyscraper {
        /// The row or column, and the side it is read from.
        clue: Clue,
        /// The skyscrapers seen.
        count: u32,
    },
    /// Seen from the clue, the first digit `X` says where the clue's digit is: in the `X`-th
    /// cell of the row or column.
    NumberedRoom {
        /// The row or column, and the side it is read from.
        clue: Clue,
        /// The digit, 1-based.
        digit: u16,
    },
    /// The digits on the shaft add up to the number in the bulb (a bulb of several cells reads
    /// as a number of several digits, the first cell first).
    Arrow {
        /// The bulb, in reading order of the number.
        bulb: Vec<Cell>,
        /// The shaft, from the bulb.
        shaft: Vec<Cell>,
    },
    /// The two ends of the line add up to the digits between them.
    DoubleArrow {
        /// The line, end to end.
        line: Vec<Cell>,
    },
    /// Two adjacent cells add up to `sum` (10 for an X, 5 for a V).
    Xv {
        /// The two cells.
        cells: [Cell; 2],
        /// 10 (X) or 5 (V).
        sum: u32,
    },
    /// The line's digits in each region it passes through add up to the same total.
    RegionSum {
        /// The line.
        line: Vec<Cell>,
    },

    // Lines.
    /// Digits increase from the bulb (the first cell).
    Thermometer {
        /// The line, from the bulb.
        line: Vec<Cell>,
    },
    /// Digits never decrease from the bulb (the first cell).
    SlowThermometer {
        /// The line, from the bulb.
        line: Vec<Cell>,
    },
    /// Neighbours on the line differ by at least `difference` (5 for German whispers, 4 for
    /// Dutch).
    Whispers {
        /// The line.
        line: Vec<Cell>,
        /// The least difference.
        difference: u16,
    },
    /// The line holds different, consecutive digits in any order.
    Renban {
        /// The line.
        line: Vec<Cell>,
    },
    /// The line reads the same from either end.
    Palindrome {
        /// The line.
        line: Vec<Cell>,
    },
    /// The digits between the two ends lie strictly between the ends' digits.
    Between {
        /// The line, end to end.
        line: Vec<Cell>,
    },
    /// Any three consecutive cells on the line hold a low (1–3), a middle (4–6) and a high
    /// (7–9) digit: on other sides the middle band is the one of another size (4: 1, 2–3, 4;
    /// 8: 1–3, 4–5, 6–8).
    Entropic {
        /// The line.
        line: Vec<Cell>,
    },
    /// Any three consecutive cells on the line hold digits of three different remainders
    /// modulo 3.
    Modular {
        /// The line.
        line: Vec<Cell>,
    },
    /// No two digits on the line are equal or consecutive.
    Nabner {
        /// The line.
        line: Vec<Cell>,
    },
    /// Cells at the same distance from the middle of the line add up to the same total: the
    /// middle cell's digit when the line has one.
    Zipper {
        /// The line.
        line: Vec<Cell>,
    },
    /// The ends differ by at least `difference`, and no digit between them on the line lies
    /// between the ends' digits (inclusive).
    Lockout {
        /// The line, end to end.
        line: Vec<Cell>,
        /// The least difference of the ends.
        difference: u16,
    },

    // Dots.
    /// The two adjacent cells differ by `difference` (a white kropki dot: 1).
    Difference {
        /// The two cells.
        cells: [Cell; 2],
        /// The difference.
        difference: u16,
    },
    /// One of the two adjacent cells is `ratio` times the other (a black kropki dot: 2).
    Ratio {
        /// The two cells.
        cells: [Cell; 2],
        /// The ratio.
        ratio: u16,
    },
    /// Pairs of orthogonally adjacent cells without a mark of this kind are not in its
    /// relation (a kropki dot of either colour exempts a pair from both kropki kinds).
    Negative(Negative),
}

impl Constraint {
    /// The band of `digit` on an entropic line of a grid of side `size`: 0 low, 1 middle, 2
    /// high (see [`Constraint::Entropic`]: thirds of `1..=size`, the middle one of another
    /// size when 3 does not divide it).
    pub fn entropic_band(digit: u16, size: u16) -> u16 {
        let third = size / 3;
        let (low, middle) = match size % 3 {
            0 => (third, third),
            1 => (third, third + 1),
            _ => (third + 1, third),
        };
        if digit <= low {
            0
        } else if digit <= low + middle {
            1
        } else {
            2
        }
    }

    /// The rule's name as the text form and messages write it (`killer`, `thermo`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Diagonal(Diagonal::Positive) => "diagonal+",
            Constraint::Diagonal(Diagonal::Negative) => "diagonal-",
            Constraint::AntiKnight => "antiknight",
            Constraint::AntiKing => "antiking",
            Constraint::NonConsecutive => "nonconsecutive",
            Constraint::DisjointGroups => "disjoint",
            Constraint::Chess { .. } => "chess",
            Constraint::Taxicab { .. } => "taxicab",
            Constraint::ExtraRegion { .. } => "extraregion",
            Constraint::Even { .. } => "even",
            Constraint::Odd { .. } => "odd",
            Constraint::Minimum { .. } => "minimum",
            Constraint::Maximum { .. } => "maximum",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Clone { .. } => "clone",
            Constraint::RowIndexer { .. } => "rowindexer",
            Constraint::ColumnIndexer { .. } => "columnindexer",
            Constraint::BoxIndexer { .. } => "boxindexer",
            Constraint::Killer { .. } => "killer",
            Constraint::Rellik { .. } => "rellik",
            Constraint::Equality { .. } => "equality",
            Constraint::LittleKiller { .. } => "littlekiller",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::XSum { .. } => "xsum",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::NumberedRoom { .. } => "numberedroom",
            Constraint::Arrow { .. } => "arrow",
            Constraint::DoubleArrow { .. } => "doublearrow",
            Constraint::Xv { .. } => "xv",
            Constraint::RegionSum { .. } => "regionsum",
            Constraint::Thermometer { .. } => "thermo",
            Constraint::SlowThermometer { .. } => "slowthermo",
            Constraint::Whispers { .. } => "whispers",
            Constraint::Renban { .. } => "renban",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Between { .. } => "between",
            Constraint::Entropic { .. } => "entropic",
            Constraint::Modular { .. } => "modular",
            Constraint::Nabner { .. } => "nabner",
            Constraint::Zipper { .. } => "zipper",
            Constraint::Lockout { .. } => "lockout",
            Constraint::Difference { .. } => "difference",
            Constraint::Ratio { .. } => "ratio",
            Constraint::Negative(Negative::Difference) => "negative-difference",
            Constraint::Negative(Negative::Ratio) => "negative-ratio",
            Constraint::Negative(Negative::Xv) => "negative-xv",
        }
    }

    /// The cells the constraint names, in its order (none for global rules; a clue's row or
    /// column is not named).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Constraint::Diagonal(_)
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::DisjointGroups
            | Constraint::Chess { .. }
            | Constraint::Taxicab { .. }
            | Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::NumberedRoom { .. }
            | Constraint::Negative(_) => Vec::new(),
            Constraint::Even { cell }
            | Constraint::Odd { cell }
            | Constraint::Minimum { cell }
            | Constraint::Maximum { cell } => vec![*cell],
            Constraint::ExtraRegion { cells }
            | Constraint::Quadruple { cells, .. }
            | Constraint::RowIndexer { cells }
            | Constraint::ColumnIndexer { cells }
            | Constraint::BoxIndexer { cells }
            | Constraint::Killer { cells, .. }
            | Constraint::Rellik { cells, .. }
            | Constraint::Equality { cells }
            | Constraint::LittleKiller { cells, .. } => cells.clone(),
            Constraint::Clone { cells, copies } => cells.iter().chain(copies).copied().collect(),
            Constraint::Arrow { bulb, shaft } => bulb.iter().chain(shaft).copied().collect(),
            Constraint::Xv { cells, .. }
            | Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. } => cells.to_vec(),
            Constraint::DoubleArrow { line }
            | Constraint::RegionSum { line }
            | Constraint::Thermometer { line }
            | Constraint::SlowThermometer { line }
            | Constraint::Whispers { line, .. }
            | Constraint::Renban { line }
            | Constraint::Palindrome { line }
            | Constraint::Between { line }
            | Constraint::Entropic { line }
            | Constraint::Modular { line }
            | Constraint::Nabner { line }
            | Constraint::Zipper { line }
            | Constraint::Lockout { line, .. } => line.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropic_bands_are_thirds_with_the_odd_one_in_the_middle() {
        let bands =
            |n: u16| -> Vec<u16> { (1..=n).map(|d| Constraint::entropic_band(d, n)).collect() };
        assert_eq!(bands(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(bands(4), [0, 1, 1, 2]);
        assert_eq!(bands(8), [0, 0, 0, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn diagonals_run_corner_to_corner() {
        let at = |cells: Vec<Cell>| -> Vec<(usize, usize)> {
            cells.iter().map(|c| (c.row(), c.col())).collect()
        };
        assert_eq!(at(Diagonal::Negative.cells(3)), [(0, 0), (1, 1), (2, 2)]);
        assert_eq!(at(Diagonal::Positive.cells(3)), [(2, 0), (1, 1), (0, 2)]);
    }

    #[test]
    fn negative_rules_speak_of_unmarked_neighbours() {
        let mut puzzle = Puzzle::new(4).unwrap();
        let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0));
        puzzle
            .push(Constraint::Difference {
                cells: [b, a],
                difference: 3,
            })
            .unwrap();
        puzzle
            .push(Constraint::Xv {
                cells: [a, c],
                sum: 5,
            })
            .unwrap();
        // 4 rows and 4 columns of 3 neighbouring pairs each: 24 pairs.
        let kropki = puzzle.unmarked_pairs(Negative::Difference);
        assert_eq!(kropki.len(), 23);
        assert!(!kropki.contains(&(a, b)) && kropki.contains(&(a, c)));
        assert_eq!(puzzle.unmarked_pairs(Negative::Ratio), kropki);
        let xv = puzzle.unmarked_pairs(Negative::Xv);
        assert!(xv.contains(&(a, b)) && !xv.contains(&(a, c)));
        assert!(xv.iter().all(|&(p, q)| p < q));
        assert_eq!(puzzle.negative_values(Negative::Difference), [3]);
        assert_eq!(puzzle.negative_values(Negative::Ratio), [2]);
        assert_eq!(puzzle.negative_values(Negative::Xv), [5, 10]);
    }

    #[test]
    fn an_extremum_is_compared_with_its_neighbours_of_the_other_kinds() {
        let mut puzzle = Puzzle::new(4).unwrap();
        let cell = |r, c| Cell::new(r, c);
        for constraint in [
            Constraint::Minimum { cell: cell(1, 1) },
            Constraint::Minimum { cell: cell(0, 1) },
            Constraint::Maximum { cell: cell(1, 2) },
            Constraint::Maximum { cell: cell(0, 3) },
        ] {
            puzzle.push(constraint).unwrap();
        }
        // r2c2's neighbours but the minimum r1c2; the maximum r2c3 stays.
        assert_eq!(
            puzzle.extremum_neighbours(cell(1, 1), true),
            [cell(2, 1), cell(1, 0), cell(1, 2)]
        );
        // In the corner: two neighbours, none a maximum.
        assert_eq!(
            puzzle.extremum_neighbours(cell(0, 3), false),
            [cell(1, 3), cell(0, 2)]
        );
        assert_eq!(
            puzzle.extremum_neighbours(cell(1, 2), false),
            [cell(0, 2), cell(2, 2), cell(1, 1), cell(1, 3)]
        );
    }
}
