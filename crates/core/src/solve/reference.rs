//! The reference engine: plain backtracking, written to be obviously right rather than fast.
//!
//! No propagation and no trail: the engine keeps, for each row, column and box, the set of
//! digits used, and at each step fills the empty cell with the fewest digits left (computed
//! afresh), trying its digits in increasing order. Tests compare every other engine's counts
//! with this one's, so it shares no code with them beyond the bit set.

use crate::bits::Bits;
use crate::grid::Grid;

type Set = Bits<8>;

#[derive(Clone, Debug)]
pub(crate) struct Reference {
    n: usize,
    values: Vec<u16>,
    rows: Vec<Set>,
    cols: Vec<Set>,
    boxes: Vec<Set>,
    box_of: Vec<usize>,
    /// A pencil-mark puzzle's candidates, one set a cell (empty for a plain grid).
    marks: Vec<Set>,
    /// Cells filled by the search, with the digit they hold.
    stack: Vec<usize>,
    state: State,
    guesses: u64,
    pub(crate) watch: super::Watch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Solved,
    Done,
}

impl Reference {
    pub(crate) fn new(grid: &Grid) -> Reference {
        let shape = grid.shape();
        let n = shape.side();
        let box_of = (0..n * n).map(|i| shape.box_of(shape.cell(i))).collect();
        Reference {
            n,
            values: grid.values().to_vec(),
            rows: vec![Set::empty(); n],
            cols: vec![Set::empty(); n],
            boxes: vec![Set::empty(); n],
            box_of,
            marks: grid
                .pencil_marks()
                .map_or_else(Vec::new, |m| m.iter().map(|s| s.bits()).collect()),
            stack: Vec::new(),
            state: State::Start,
            guesses: 0,
            watch: super::Watch::default(),
        }
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// The digits `cell` may not take: those of its houses, and those its candidates (in a
    /// pencil-mark puzzle) leave out.
    fn used(&self, cell: usize) -> Set {
        let (r, c) = (cell / self.n, cell % self.n);
        let used = self.rows[r]
            .union(&self.cols[c])
            .union(&self.boxes[self.box_of[cell]]);
        match self.marks.get(cell) {
            Some(marks) => used.union(&Set::below(self.n).difference(marks)),
            None => used,
        }
    }

    fn toggle(&mut self, cell: usize, value: u16, on: bool) {
        let (r, c, b) = (cell / self.n, cell % self.n, self.box_of[cell]);
        let d = value as usize - 1;
        for set in [&mut self.rows[r], &mut self.cols[c], &mut self.boxes[b]] {
            if on {
                set.insert(d);
            } else {
                set.remove(d);
            }
        }
    }

    /// Records the givens; false when two of them clash.
    fn start(&mut self) -> bool {
        for cell in 0..self.values.len() {
            let v = self.values[cell];
            if v != 0 {
                if self.used(cell).contains(v as usize - 1) {
                    return false;
                }
                self.toggle(cell, v, true);
            }
        }
        true
    }

    /// Puts the smallest digit above `after` that fits `cell` there.
    fn place_next(&mut self, cell: usize, after: u16) -> bool {
        let used = self.used(cell);
        let next = (after as usize..self.n).find(|&d| !used.contains(d));
        match next {
            Some(d) => {
                self.values[cell] = d as u16 + 1;
                self.toggle(cell, d as u16 + 1, true);
                true
            }
            None => false,
        }
    }

    /// Moves the latest search cell to its next digit, popping exhausted ones.
    fn backtrack(&mut self) -> bool {
        while let Some(&cell) = self.stack.last() {
            let v = self.values[cell];
            self.toggle(cell, v, false);
            self.values[cell] = 0;
            if self.place_next(cell, v) {
                return true;
            }
            self.stack.pop();
        }
        false
    }

    pub(crate) fn next_solution(&mut self) -> Option<&[u16]> {
        let ok = match self.state {
            State::Start => self.start(),
            State::Solved => self.backtrack(),
            State::Done => false,
        };
        if !ok {
            self.state = State::Done;
            return None;
        }
        loop {
            let mut best: Option<(usize, usize)> = None;
            for cell in 0..self.values.len() {
                if self.values[cell] == 0 {
                    let options = self.n - self.used(cell).len();
                    if best.is_none_or(|(_, o)| options < o) {
                        best = Some((cell, options));
                    }
                }
            }
            let Some((cell, options)) = best else {
                self.state = State::Solved;
                return Some(&self.values);
            };
            if self.watch.due(self.guesses) {
                self.state = State::Done;
                return None;
            }
            let ok = if options == 0 {
                false
            } else {
                self.guesses += u64::from(options > 1);
                self.stack.push(cell);
                self.place_next(cell, 0)
            };
            if !ok && !self.backtrack() {
                self.state = State::Done;
                return None;
            }
        }
    }
}
