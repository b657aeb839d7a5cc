//! One puzzle's lines into a grid: the [`Record`] the reader gathers and the [`Entry`] read
//! from it, by a fast path for a compact line that reads without a problem, else cell by cell
//! with every problem collected.

use super::alphabet::{NOT_A_SYMBOL, is_separator};
use super::drawn::drawn_shape;
use super::entry::Entry;
use super::options::ReadOptions;
use super::pencil;
use super::tokens::{Line, tokenize};
use crate::error::{Error, Errors, Position};
use crate::grid::{Grid, MAX_SIDE, Shape};

/// A puzzle's lines, gathered but not yet read. Making records is cheap and sequential;
/// reading them ([`Record::read`]), the costly part, can run on other threads.
#[derive(Clone, Debug)]
pub struct Record {
    pub(super) line: usize,
    pub(super) lines: Vec<Line>,
    /// The lines are the rows of one grid (else one line, one puzzle).
    pub(super) grid: bool,
}

impl Record {
    /// The 1-based line where the puzzle starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The length of the puzzle's text in bytes (to bound how much is held at once).
    pub fn text_len(&self) -> usize {
        self.lines.iter().map(|l| l.text.len()).sum()
    }

    /// Reads the puzzle: the grid, or every problem with it.
    pub fn read(&self, options: &ReadOptions) -> Entry {
        match &self.lines[..] {
            [line] => {
                // A pencil-mark line first: its length (`N³`) is never a plain grid's (`N²`
                // with square boxes, or the side given), which the compact path would count.
                let bytes = line.text.trim_end().as_bytes();
                if let Some(grid) = pencil::read_compact_places(bytes, options) {
                    return Entry {
                        line: line.number,
                        result: Ok(grid),
                        empty: '.',
                    };
                }
                if let Some(entry) = read_compact(line, options) {
                    return entry;
                }
                if let Some(n) = pencil::line_side(line, options) {
                    return pencil::read_line_form(line, n, options);
                }
            }
            // A block too long for a grid, whose lines were not kept.
            [] => {
                return Entry {
                    line: self.line,
                    result: Err(vec![Error::TooManyRows { max: MAX_SIDE }]),
                    empty: '.',
                };
            }
            _ => {}
        }
        read_lines(self.line, &self.lines, self.grid, options)
    }
}

/// Reads lines (counted) as one puzzle: the rows of one grid, or a single line.
fn read_lines(start: usize, lines: &[Line], grid: bool, options: &ReadOptions) -> Entry {
    if let Some(n) = pencil::runs_side(lines, grid, options) {
        return pencil::read_runs(start, lines, n, grid, options);
    }
    let mut cells = Vec::new();
    let mut errors = Errors::default();
    let mut empty = None;
    let rows = lines.len();
    let square = grid && lines.iter().filter(|l| l.count().0 == rows).count() * 2 > rows;
    for line in lines {
        let (found, _) = line.count();
        if square && found != rows {
            errors.push(Error::RowLength {
                line: line.number,
                found,
                expected: rows,
            });
        }
        let e = tokenize(line, &options.alphabet, &mut cells, &mut errors);
        empty = empty.or(e);
    }
    let shape = options
        .shape
        .or_else(|| if grid { drawn_shape(lines) } else { None });
    build(start, cells, errors, empty, shape)
}

/// The fast path for a line of ASCII symbols and separators that reads without a problem;
/// `None` sends the line to the full reader.
fn read_compact(line: &Line, options: &ReadOptions) -> Option<Entry> {
    // The common case first: the symbols alone, one a cell.
    let bytes = line.text.trim_end().as_bytes();
    if let Some(grid) = read_compact_bytes(bytes, options) {
        let empty = bytes
            .iter()
            .find(|&&b| options.alphabet.ascii[usize::from(b & 127)] == 0)
            .map_or('.', |&b| char::from(b));
        return Some(Entry {
            line: line.number,
            result: Ok(grid),
            empty,
        });
    }
    if !line.text.is_ascii() {
        return None;
    }
    let (cells, compact) = line.count();
    if !compact {
        return None;
    }
    let shape = Shape::for_cell_count(cells, options.shape).ok()?;
    let mut values = Vec::with_capacity(cells);
    let mut empty = None;
    for b in line.text.bytes() {
        match options.alphabet.ascii[b as usize] {
            NOT_A_SYMBOL if is_separator(b as char) => {}
            NOT_A_SYMBOL => return None,
            0 => {
                empty.get_or_insert(b as char);
                values.push(0);
            }
            v if v as usize <= shape.side() => values.push(v),
            _ => return None,
        }
    }
    Some(Entry {
        line: line.number,
        result: Grid::from_values(shape, &values).map_err(|e| vec![e]),
        empty: empty.unwrap_or('.'),
    })
}

/// The grid from its cells, or every problem found.
fn build(
    line: usize,
    cells: Vec<(u64, Position)>,
    mut errors: Errors,
    empty: Option<char>,
    shape: Option<Shape>,
) -> Entry {
    let empty = empty.unwrap_or('.');
    let shape = match Shape::for_cell_count(cells.len(), shape) {
        Ok(shape) => shape,
        Err(e) => {
            // Row-length errors already say which row is off; the total adds nothing.
            if errors.is_empty() || !matches!(e, Error::CellCount { .. }) {
                errors.push(e);
            }
            return Entry {
                line,
                result: Err(errors.into_vec()),
                empty,
            };
        }
    };
    let max = shape.side();
    for &(value, position) in &cells {
        if value > max as u64 {
            errors.push(Error::ValueOutOfRange {
                value,
                max,
                position: Some(position),
            });
        }
    }
    let result = if errors.is_empty() {
        let values: Vec<u16> = cells.iter().map(|&(v, _)| v as u16).collect();
        Grid::from_values(shape, &values).map_err(|e| vec![e])
    } else {
        Err(errors.into_vec())
    };
    Entry {
        line,
        result,
        empty,
    }
}

/// A line of exactly `N²` symbols of the alphabet and nothing else, as a grid without further
/// checks; `None` for anything else (read then by the full reader, which finds the errors).
/// One pass without a branch per byte: a byte outside ASCII or the alphabet shows in the
/// largest value, as does a digit above `N`.
pub(super) fn read_compact_bytes(bytes: &[u8], options: &ReadOptions) -> Option<Grid> {
    let shape = match options.shape {
        None if bytes.len() == 81 => Shape::CLASSIC,
        _ => Shape::for_cell_count(bytes.len(), options.shape).ok()?,
    };
    if shape.side() > options.alphabet.len() {
        return None;
    }
    let (mut max, mut high) = (0u16, 0u8);
    let values: Vec<u16> = bytes
        .iter()
        .map(|&b| {
            high |= b;
            let v = options.alphabet.ascii[usize::from(b & 127)];
            max = max.max(v);
            v
        })
        .collect();
    (high < 128 && usize::from(max) <= shape.side()).then(|| Grid::from_checked(shape, values))
}

#[cfg(test)]
mod tests {
    use crate::error::{Error, Position};
    use crate::grid::{Grid, Shape};
    use crate::parse::tests::values;
    use crate::parse::{ReadOptions, read_one, read_str};

    #[test]
    fn cell_count_and_row_length_errors() {
        assert_eq!(
            "1234".repeat(20).parse::<Grid>().unwrap_err(),
            Error::CellCount {
                found: 80,
                expected: 81
            }
        );
        let text = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
        let entries = read_str(text, &ReadOptions::default());
        assert_eq!(
            entries[0].result.as_ref().unwrap_err(),
            &vec![Error::RowLength {
                line: 2,
                found: 3,
                expected: 4
            }]
        );
    }

    #[test]
    fn out_of_range_values_name_their_place() {
        let text = "1 2 3 4\n3 4 1 2\n2 1 17 3\n4 3 2 1\n";
        let err = text.parse::<Grid>().unwrap_err();
        assert_eq!(
            err,
            Error::ValueOutOfRange {
                value: 17,
                max: 4,
                position: Some(Position { line: 3, column: 5 })
            }
        );
        assert!(matches!(
            "A".repeat(81).parse::<Grid>().unwrap_err(),
            Error::ValueOutOfRange {
                value: 10,
                max: 9,
                ..
            }
        ));
    }

    #[test]
    fn rectangular_shapes_need_the_box() {
        let line = "123456456123231564564231312645645312";
        assert!(matches!(line.parse::<Grid>(), Err(Error::Shape(_))));
        let opts = ReadOptions {
            shape: Some(Shape::new(3, 2).unwrap()),
            ..ReadOptions::default()
        };
        let g = read_one(line, &opts).unwrap();
        assert_eq!(g.shape().side(), 6);
        assert!(g.conflicts().is_empty());
        let wrong = ReadOptions {
            shape: Some(Shape::new(2, 3).unwrap()),
            ..ReadOptions::default()
        };
        assert!(!read_one(line, &wrong).unwrap().conflicts().is_empty());
    }

    #[test]
    fn a_drawn_grid_gives_its_box_shape() {
        let shape_of = |text: &str| read_one(text, &ReadOptions::default()).map(|g| g.shape());
        let three_by_two = "+-------+-------+\n| 1 . 3 | . 5 . |\n| . 5 . | 1 . 3 |\n\
                            +-------+-------+\n| . 3 . | 5 . 4 |\n| 5 . 4 | . 3 . |\n\
                            +-------+-------+\n| 3 . 2 | . 4 . |\n| . 4 . | 3 . 2 |\n\
                            +-------+-------+\n";
        assert_eq!(shape_of(three_by_two), Ok(Shape::new(3, 2).unwrap()));
        let two_by_three = "+-----+-----+-----+\n| 1 . | . . | . 4 |\n| . . | . . | . . |\n\
                            | . . | . . | . . |\n+-----+-----+-----+\n| . . | . . | . . |\n\
                            | . . | . . | . . |\n| . . | . . | . . |\n+-----+-----+-----+\n";
        assert_eq!(shape_of(two_by_three), Ok(Shape::new(2, 3).unwrap()));
        // Bars alone on a square grid: its square boxes, not the bars' guess.
        let bars = "1 . | . .\n. . | . .\n. . | . .\n. . | . 2\n";
        assert_eq!(shape_of(bars), Ok(Shape::new(2, 2).unwrap()));
        // Bars between every cell say nothing of the boxes: the 6×6 needs --box.
        let every =
            "1|.|.|.|.|.\n.|.|.|.|.|.\n.|.|.|.|.|.\n.|.|.|.|.|.\n.|.|.|.|.|.\n.|.|.|.|.|.\n";
        assert!(shape_of(every).is_err());
    }

    #[test]
    fn the_one_by_one_grid() {
        assert_eq!(values("1"), [1]);
        assert_eq!(values("0"), [0]);
        assert!(matches!(
            "2".parse::<Grid>(),
            Err(Error::ValueOutOfRange {
                value: 2,
                max: 1,
                ..
            })
        ));
    }
}
