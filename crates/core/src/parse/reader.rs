//! Lines into puzzles: the [`Reader`] gathers lines into blocks, decides whether a block is one
//! grid, one puzzle a line or a band of a grid split by blank lines (the rules are in the
//! [module docs](super)), and hands back [`Record`]s in input order.

use std::collections::VecDeque;

use super::alphabet::is_rule_line;
use super::entry::Entry;
use super::options::{Layout, ReadOptions};
use super::record::Record;
use super::tokens::Line;
use crate::grid::MAX_SIDE;

/// Turns lines of text into puzzles; see the [module docs](super) for the rules.
#[derive(Debug)]
pub struct Reader {
    options: ReadOptions,
    /// Lines of the current block, while its layout is undecided.
    block: Vec<Line>,
    /// The line that opened the current block (rule lines included).
    block_start: Option<usize>,
    /// The current block was found to hold one puzzle per line: read them as they come.
    streaming: bool,
    /// Earlier blocks that may be bands of one grid split by blank lines, and the line that
    /// opened the first.
    bands: Vec<Line>,
    bands_start: usize,
    /// The current block, read as one grid, grew past the most rows a grid has: it was
    /// reported, and its further lines are dropped until the block ends.
    overflowed: bool,
    ready: VecDeque<Record>,
}

/// A block with more lines than this cannot be one grid; its lines stream as puzzles.
const MAX_GRID_LINES: usize = MAX_SIDE;

impl Reader {
    /// A reader with these options.
    pub fn new(options: ReadOptions) -> Reader {
        let streaming = options.layout == Layout::Lines;
        Reader {
            options,
            block: Vec::new(),
            block_start: None,
            streaming,
            bands: Vec::new(),
            bands_start: 0,
            overflowed: false,
            ready: VecDeque::new(),
        }
    }

    /// The options the reader was made with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// Feeds the next line (without its `\n`; a `\r` is dropped). `number` is 1-based.
    pub fn push_line(&mut self, number: usize, text: &str) {
        self.push_owned(number, text.to_owned());
    }

    /// [`Reader::push_line`] for a line the caller no longer needs (saves a copy).
    pub fn push_owned(&mut self, number: usize, mut text: String) {
        if text.ends_with('\r') {
            text.pop();
        }
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            self.end_block();
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        let start = *self.block_start.get_or_insert(number);
        if is_rule_line(&text) || self.overflowed {
            return; // a rule line, or a line of a block already reported
        }
        if self.options.layout == Layout::Grid && self.block.len() == MAX_GRID_LINES {
            // No grid has more rows: say so now rather than hold a file without blank lines.
            self.block.clear();
            self.overflowed = true;
            self.ready.push_back(Record {
                line: start,
                lines: Vec::new(),
                grid: true,
            });
            return;
        }
        if self.streaming {
            self.flush_bands();
            self.emit_line(Line::uncounted(number, text));
            return;
        }
        let line = Line::new(number, text);
        self.block.push(line);
        if self.block.len() > MAX_GRID_LINES && self.options.layout == Layout::Auto {
            self.streaming = true;
            self.flush_bands();
            let lines = std::mem::take(&mut self.block);
            self.emit_lines(lines);
        }
    }

    /// Ends the input: the last block is read.
    pub fn finish(&mut self) {
        self.end_block();
        self.flush_bands();
    }

    /// The next puzzle's lines, in input order, still to be read.
    pub fn next_record(&mut self) -> Option<Record> {
        self.ready.pop_front()
    }

    /// The next puzzle read, in input order.
    pub fn next_entry(&mut self) -> Option<Entry> {
        self.next_record().map(|r| r.read(&self.options))
    }

    fn end_block(&mut self) {
        let lines = std::mem::take(&mut self.block);
        let start = self.block_start.take();
        self.streaming = self.options.layout == Layout::Lines;
        self.overflowed = false;
        let Some(start) = start else { return };
        if lines.is_empty() {
            return;
        }
        match self.options.layout {
            Layout::Grid => self.emit_grid(start, lines),
            Layout::Lines => self.emit_lines(lines),
            Layout::Auto => self.end_auto_block(start, lines),
        }
    }

    fn end_auto_block(&mut self, start: usize, lines: Vec<Line>) {
        if let Some(first) = self.bands.first() {
            let side = first.cells;
            if self.is_band(&lines, side) && self.bands.len() + lines.len() <= side {
                self.bands.extend(lines);
                if self.bands.len() == side {
                    let bands = std::mem::take(&mut self.bands);
                    self.emit_grid(self.bands_start, bands);
                }
                return;
            }
            self.flush_bands();
        }
        if self.looks_like_grid(&lines) {
            self.emit_grid(start, lines);
        } else if lines.first().is_some_and(|l| self.is_band(&lines, l.cells)) {
            self.bands = lines;
            self.bands_start = start;
        } else {
            self.emit_lines(lines);
        }
    }

    /// Whether a block could be some rows of a `side × side` grid written with blank lines
    /// between its bands: at least two lines of `side` cells, fewer than `side` lines.
    fn is_band(&self, lines: &[Line], side: usize) -> bool {
        lines.len() >= 2
            && lines.len() < side
            && lines.iter().all(|l| l.cells == side)
            && (lines.iter().any(|l| !l.compact) || side <= self.options.alphabet.len())
    }

    /// Bands that never made a whole grid are read one puzzle a line, as they are.
    fn flush_bands(&mut self) {
        let bands = std::mem::take(&mut self.bands);
        self.emit_lines(bands);
    }

    fn emit_lines(&mut self, lines: Vec<Line>) {
        for line in lines {
            self.emit_line(line);
        }
    }

    fn looks_like_grid(&self, lines: &[Line]) -> bool {
        let n = lines.len();
        if n < 2 {
            return false;
        }
        let mut counts: Vec<usize> = lines.iter().map(|l| l.cells).collect();
        counts.sort_unstable();
        let median = counts[n / 2];
        let compact = lines.iter().all(|l| l.compact);
        median == n && (!compact || n <= self.options.alphabet.len())
    }

    fn emit_line(&mut self, line: Line) {
        self.ready.push_back(Record {
            line: line.number,
            lines: vec![line],
            grid: false,
        });
    }

    fn emit_grid(&mut self, start: usize, lines: Vec<Line>) {
        self.ready.push_back(Record {
            line: start,
            lines,
            grid: true,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::error::{Error, Position};
    use crate::grid::Shape;
    use crate::parse::tests::values;
    use crate::parse::{Layout, ReadOptions, read_str};

    #[test]
    fn box_drawn_grid_and_crlf() {
        let text = "+-----+-----+\r\n| 1 2 | 3 4 |\r\n| 3 4 | 1 2 |\r\n+-----+-----+\r\n| 2 1 | 4 3 |\r\n| 4 3 | 2 1 |\r\n+-----+-----+\r\n";
        let entries = read_str(text, &ReadOptions::default());
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 1);
        let g = entries[0].result.as_ref().unwrap();
        assert_eq!(g.values(), values("1234341221434321"));
    }

    #[test]
    fn bands_separated_by_blank_lines_make_one_grid() {
        let text = "1 . 3 | . 5 .\n. 5 . | 1 . 3\n\n. 3 . | 5 . 4\n5 . 4 | . 3 .\n\n3 . 2 | . 4 .\n. 4 . | 3 . 2\n\n1234341221434321\n";
        let opts = ReadOptions {
            shape: Some(Shape::new(3, 2).unwrap()),
            ..ReadOptions::default()
        };
        let entries = read_str(text, &opts);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 1);
        assert_eq!(entries[0].result.as_ref().unwrap().clue_count(), 18);
        assert_eq!(entries[1].line, 10);
        // Bands that never complete a grid are read one puzzle a line.
        let broken = read_str(
            "1 2 3 4\n3 4 1 2\n\n1234341221434321\n",
            &ReadOptions::default(),
        );
        assert_eq!(broken.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 2, 4]);
    }

    #[test]
    fn one_puzzle_per_line_with_comments_and_line_numbers() {
        let text = "# header\n1234341221434321\n\n0000000000000000\n# note\n1x34341221434321\n";
        let opts = ReadOptions {
            layout: Layout::Lines,
            ..ReadOptions::default()
        };
        let entries = read_str(text, &opts);
        let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 4, 6]);
        assert!(entries[0].result.is_ok() && entries[1].result.is_ok());
        assert_eq!(
            entries[2].result.as_ref().unwrap_err(),
            &vec![Error::BadSymbol {
                symbol: 'x',
                position: Position { line: 6, column: 2 }
            }]
        );
    }

    #[test]
    fn a_grid_block_longer_than_any_grid_is_reported_without_holding_it() {
        let opts = ReadOptions {
            layout: Layout::Grid,
            ..ReadOptions::default()
        };
        let text = "1234\n".repeat(2000) + "\n1.3....2.....32.\n";
        let mut reader = crate::parse::Reader::new(opts);
        for (i, line) in text.lines().enumerate() {
            reader.push_line(i + 1, line);
            assert!(reader.block.len() <= super::MAX_GRID_LINES);
        }
        reader.finish();
        let entries: Vec<_> = std::iter::from_fn(|| reader.next_entry()).collect();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 1);
        assert_eq!(
            entries[0].result.as_ref().unwrap_err()[0].to_string(),
            "more than 512 rows in one grid: separate grids by blank lines"
        );
        assert_eq!(entries[1].line, 2002);
        assert!(entries[1].result.is_ok());
    }

    #[test]
    fn auto_layout_reads_a_batch_of_81_character_lines() {
        let p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let text = format!("{p}\n{p}\n{p}\n");
        let entries = read_str(&text, &ReadOptions::default());
        assert_eq!(entries.len(), 3);
        assert!(entries.iter().all(|e| e.result.is_ok()));
    }
}
