//! The search for the smallest string, row by row, for any shape up to 16×16 (see the module
//! note in `mod.rs` for the idea; this file holds the bookkeeping).

use super::MAX_SIDE;

/// "Not chosen yet", in every table below.
const NONE: u8 = u8::MAX;

/// The most partial transformations kept for a row (about 46 MB of them, twice: this row's
/// and the last's). A grid with more ways to give the smallest rows is so symmetric that
/// the search gives up on it ([`Search::run`] returns `None`): a 16×16 grid whose first band
/// holds empty rows and then a full one has 4!⁵ = 7,962,624 ways to place that row's digits.
pub(super) const MAX_KEPT: usize = 1 << 19;

/// A set of columns, rows or stacks: bit `i` is member `i`.
type Mask = u16;

/// The puzzle seen one way (as given, or transposed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Source {
    /// `cells[r][c]`: the digit, 0 for empty.
    pub(super) cells: [[u8; MAX_SIDE]; MAX_SIDE],
    /// `filled[r]`: the columns of row `r` that hold a digit.
    filled: [Mask; MAX_SIDE],
    /// `col_of[r][d]`: the column of row `r` that holds `d`, or [`NONE`].
    col_of: [[u8; MAX_SIDE + 1]; MAX_SIDE],
    /// The rows without a digit.
    empty: Mask,
}

impl Source {
    pub(super) const EMPTY: Source = Source {
        cells: [[0; MAX_SIDE]; MAX_SIDE],
        filled: [0; MAX_SIDE],
        col_of: [[NONE; MAX_SIDE + 1]; MAX_SIDE],
        empty: 0,
    };

    /// Fills the tables from `cells` (its first `n` rows and columns).
    pub(super) fn index(&mut self, n: usize) {
        self.empty = 0;
        for r in 0..n {
            self.filled[r] = 0;
            self.col_of[r] = [NONE; MAX_SIDE + 1];
            for c in 0..n {
                let d = self.cells[r][c];
                if d != 0 {
                    self.filled[r] |= 1 << c;
                    self.col_of[r][usize::from(d)] = c as u8;
                }
            }
            if self.filled[r] == 0 {
                self.empty |= 1 << r;
            }
        }
    }
}

/// One partial transformation whose rows so far give the smallest prefix: which source row
/// each target row is, which source stack and column each target stack and column is (where it
/// matters yet), and which label each digit seen so far has.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cand {
    /// The orientation: 0 as given, 1 transposed.
    pub(super) t: u8,
    /// Target row → source row, for the rows done.
    pub(super) rows: [u8; MAX_SIDE],
    /// Source rows taken.
    used: Mask,
    /// Target stack → source stack, or [`NONE`].
    pub(super) stack_of: [u8; MAX_SIDE],
    /// Source stack → target stack, or [`NONE`].
    stack_at: [u8; MAX_SIDE],
    /// Target column → source column, or [`NONE`].
    pub(super) col_at: [u8; MAX_SIDE],
    /// Source columns not placed yet.
    unplaced: Mask,
    /// Source digit → label (0: none yet).
    pub(super) label: [u8; MAX_SIDE + 1],
    /// The label the next new digit gets.
    next: u8,
}

/// The canonical string, found by [`Search::run`], with a transformation that gives it.
#[derive(Debug)]
pub(super) struct Search {
    n: usize,
    /// Box width (columns in a stack) and height (rows in a band).
    w: usize,
    h: usize,
    pub(super) src: [Source; 2],
    orientations: usize,
    /// Source stack → its columns.
    stack_mask: [Mask; MAX_SIDE],
    /// The first row of the result: 0 or the label of the digit there (1, 2, … in order).
    row0: [u8; MAX_SIDE],
    /// Target stack → digits in the first row of the result (stacks with as many digits
    /// there may swap until a later row tells them apart).
    group: [u8; MAX_SIDE],
    /// The target row being built, and the smallest string found for it so far.
    r: usize,
    best: [u8; MAX_SIDE],
    /// Bumped each time `best` gets smaller (see [`Search::walk`]).
    epoch: u32,
    cands: Vec<Cand>,
    next: Vec<Cand>,
    /// The most candidates kept after a row, in the last search: its work and memory.
    pub(super) peak: usize,
    /// Set when a row would keep more than [`MAX_KEPT`] candidates: the search ends.
    overflow: bool,
    /// The result, row by row.
    pub(super) out: [[u8; MAX_SIDE]; MAX_SIDE],
}

impl Search {
    pub(super) fn new() -> Search {
        Search {
            n: 0,
            w: 0,
            h: 0,
            src: [Source::EMPTY; 2],
            orientations: 1,
            stack_mask: [0; MAX_SIDE],
            row0: [0; MAX_SIDE],
            group: [0; MAX_SIDE],
            r: 0,
            best: [NONE; MAX_SIDE],
            epoch: 0,
            cands: Vec::new(),
            next: Vec::new(),
            peak: 0,
            overflow: false,
            out: [[0; MAX_SIDE]; MAX_SIDE],
        }
    }

    /// Sets the shape (`w × h` boxes) and whether the transpose is searched too; the caller
    /// then writes `src[0].cells` (and `src[1].cells`).
    pub(super) fn reset(&mut self, w: usize, h: usize, transpose: bool) {
        self.n = w * h;
        self.w = w;
        self.h = h;
        self.orientations = if transpose { 2 } else { 1 };
        for s in 0..h {
            self.stack_mask[s] = (((1u32 << w) - 1) << (s * w)) as Mask;
        }
    }

    /// Searches; the result is in `out` and the transformation returned gives it. `None` when
    /// a row would keep more than [`MAX_KEPT`] candidates.
    pub(super) fn run(&mut self) -> Option<Cand> {
        let n = self.n;
        self.overflow = false;
        for t in 0..self.orientations {
            self.src[t].index(n);
        }
        self.first_row();
        self.peak = self.cands.len();
        for r in 1..n {
            self.r = r;
            self.best = [NONE; MAX_SIDE];
            self.next.clear();
            let cands = std::mem::take(&mut self.cands);
            for c in &cands {
                let mut choices = self.row_choices(c, r);
                while choices != 0 {
                    let row = choices.trailing_zeros() as usize;
                    choices &= choices - 1;
                    let mut c = *c;
                    c.rows[r] = row as u8;
                    c.used |= 1 << row;
                    let epoch = self.epoch;
                    self.walk(c, row, 0, [0; MAX_SIDE], false, epoch);
                }
            }
            self.cands = cands;
            std::mem::swap(&mut self.cands, &mut self.next);
            self.peak = self.peak.max(self.cands.len());
            if self.overflow {
                self.cands.clear();
                self.next.clear();
                return None;
            }
            self.out[r] = self.best;
        }
        let mut c = self.cands[0];
        self.finish(&mut c);
        Some(c)
    }

    /// The digits of source stack `s` in the first row of `c` (its group).
    fn count0(&self, c: &Cand, s: usize) -> u8 {
        let filled = self.src[usize::from(c.t)].filled[usize::from(c.rows[0])];
        (filled & self.stack_mask[s]).count_ones() as u8
    }

    /// The first row: whatever the digits, the smallest is its stacks in increasing order of
    /// digit count, each with its empty cells first, the digits labelled 1, 2, … in turn. So
    /// the rows whose sorted counts are smallest start the candidates, and nothing about
    /// their columns is decided yet.
    fn first_row(&mut self) {
        let (n, w, h) = (self.n, self.w, self.h);
        let mut best = [u8::MAX; MAX_SIDE];
        self.cands.clear();
        for t in 0..self.orientations {
            let rows = self.distinct(t, ((1u32 << n) - 1) as Mask);
            for row in (0..n).filter(|&row| rows >> row & 1 == 1) {
                let filled = self.src[t].filled[row];
                let mut counts = [0u8; MAX_SIDE];
                for (s, count) in counts.iter_mut().enumerate().take(h) {
                    *count = (filled & self.stack_mask[s]).count_ones() as u8;
                }
                counts[..h].sort_unstable();
                if counts[..h] > best[..h] {
                    continue;
                }
                if counts[..h] < best[..h] {
                    best = counts;
                    self.cands.clear();
                }
                self.cands.push(Cand {
                    t: t as u8,
                    rows: {
                        let mut rows = [NONE; MAX_SIDE];
                        rows[0] = row as u8;
                        rows
                    },
                    used: 1 << row,
                    stack_of: [NONE; MAX_SIDE],
                    stack_at: [NONE; MAX_SIDE],
                    col_at: [NONE; MAX_SIDE],
                    unplaced: ((1u32 << n) - 1) as Mask,
                    label: [0; MAX_SIDE + 1],
                    next: 1 + filled.count_ones() as u8,
                });
            }
        }
        let mut label = 0;
        for (k, &count) in best.iter().enumerate().take(h) {
            self.group[k] = count;
            for i in 0..w {
                let filled = i >= w - usize::from(count);
                self.row0[k * w + i] = if filled {
                    label += 1;
                    label
                } else {
                    0
                };
            }
        }
        self.out[0] = self.row0;
    }

    /// The source rows that may become target row `r` of `c`: any row of a band not used yet
    /// when `r` starts a band, else the rest of the band in progress ([`Search::distinct`]
    /// ones only).
    fn row_choices(&self, c: &Cand, r: usize) -> Mask {
        let h = self.h;
        let band = ((1u32 << h) - 1) as Mask;
        let rows = if r % h == 0 {
            let mut free = 0;
            for b in 0..self.w {
                if c.used & (band << (b * h)) == 0 {
                    free |= band << (b * h);
                }
            }
            free
        } else {
            let b = usize::from(c.rows[r - r % h]) / h;
            (band << (b * h)) & !c.used
        };
        self.distinct(usize::from(c.t), rows)
    }

    /// `rows` (of orientation `t`) less those whose choice would repeat another's search: an
    /// empty row after another empty row of its band, and a wholly empty band (all of its rows
    /// in `rows`) after another. Swapping two empty rows of a band, or two empty bands, leaves
    /// the grid as it is, so either choice gives the same strings; without this an empty
    /// 16×16 grid kept tens of millions of equal partial transformations (2.7 GB).
    fn distinct(&self, t: usize, rows: Mask) -> Mask {
        let empty = self.src[t].empty & rows;
        if empty == 0 {
            return rows;
        }
        let h = self.h;
        let mut keep = rows;
        let mut empty_band = false;
        for b in 0..self.w {
            let whole = (((1u32 << h) - 1) as Mask) << (b * h);
            let e = empty & whole;
            if e == 0 {
                continue;
            }
            if e == whole {
                if empty_band {
                    keep &= !whole;
                    continue;
                }
                empty_band = true;
            }
            // The band's first empty row stands for the others.
            keep &= !(e & (e - 1));
        }
        keep
    }

    /// Places source column `col` at target column `slot`; a column whose first-row digit was
    /// waiting for its place gets that place's label with it.
    fn place(&self, c: &mut Cand, col: usize, slot: usize) {
        c.col_at[slot] = col as u8;
        c.unplaced &= !(1 << col);
        let label = self.row0[slot];
        if label != 0 {
            let d = self.src[usize::from(c.t)].cells[usize::from(c.rows[0])][col];
            c.label[usize::from(d)] = label;
        }
    }

    fn bind_stack(c: &mut Cand, k: usize, s: usize) {
        c.stack_of[k] = s as u8;
        c.stack_at[s] = k as u8;
    }

    /// The label of digit `d` in the row being built (0 for empty), giving it one if it has
    /// none: a digit of the first row takes the smallest first-row place left to its column
    /// (and its stack the first target stack of its group left), a new digit the next label.
    fn value(&self, c: &mut Cand, d: u8) -> u8 {
        if d == 0 {
            return 0;
        }
        let label = c.label[usize::from(d)];
        if label != 0 {
            return label;
        }
        if self.r == 1 {
            let t = usize::from(c.t);
            let col = self.src[t].col_of[usize::from(c.rows[0])][usize::from(d)];
            if col != NONE {
                let col = usize::from(col);
                let s = col / self.w;
                let mut k = usize::from(c.stack_at[s]);
                if k == usize::from(NONE) {
                    let g = self.count0(c, s);
                    k = (0..self.h)
                        .find(|&k| c.stack_of[k] == NONE && self.group[k] == g)
                        .expect("a target stack of each group is left for each source stack");
                    Self::bind_stack(c, k, s);
                }
                let slot = (k * self.w..(k + 1) * self.w)
                    .find(|&p| self.row0[p] != 0 && c.col_at[p] == NONE)
                    .expect("a first-row place is left for each first-row digit");
                self.place(c, col, slot);
                return c.label[usize::from(d)];
            }
        }
        let label = c.next;
        c.next += 1;
        c.label[usize::from(d)] = label;
        label
    }

    /// Builds target row `self.r` of `c` from source row `row`, from target column `j` on
    /// (`out` holds columns `..j`), keeping every way that gives the smallest row.
    ///
    /// `less` says the columns so far are already smaller than `best`; it holds for the
    /// `best` of `epoch`. When a row smaller than `best` is found, `best` becomes it and the
    /// epoch moves on: the calls still running are its ancestors, whose columns so far are
    /// that row's, so they go on as equal to it.
    fn walk(
        &mut self,
        mut c: Cand,
        row: usize,
        mut j: usize,
        mut out: [u8; MAX_SIDE],
        mut less: bool,
        mut epoch: u32,
    ) {
        if self.overflow {
            return;
        }
        let (n, w) = (self.n, self.w);
        let t = usize::from(c.t);
        // Emits `v` at column `j`, or returns when the row can no longer be the smallest.
        macro_rules! emit {
            ($v:expr) => {{
                let v = $v;
                if epoch != self.epoch {
                    epoch = self.epoch;
                    less = false;
                }
                if !less {
                    if v > self.best[j] {
                        return;
                    }
                    less = v < self.best[j];
                }
                out[j] = v;
                j += 1;
            }};
        }
        while j < n {
            let k = j / w;
            if c.stack_of[k] == NONE {
                // A stack with no place yet. Stacks empty so far are alike: those still
                // empty in this row stay first (and undecided); the others go next, in every
                // order. A stack with first-row digits is one of its group.
                let group = self.group[k];
                let filled = self.src[t].filled[row];
                let mut options: Mask = 0;
                let mut empty = 0;
                for s in 0..self.h {
                    if c.stack_at[s] == NONE && self.count0(&c, s) == group {
                        if group == 0 && filled & self.stack_mask[s] == 0 {
                            empty += 1;
                        } else {
                            options |= 1 << s;
                        }
                    }
                }
                if group == 0 && k < empty {
                    for _ in 0..w {
                        emit!(0);
                    }
                    continue;
                }
                while options != 0 {
                    let s = options.trailing_zeros() as usize;
                    options &= options - 1;
                    let mut c = c;
                    Self::bind_stack(&mut c, k, s);
                    self.walk(c, row, j, out, less, epoch);
                }
                return;
            }
            let col = c.col_at[j];
            if col != NONE {
                let d = self.src[t].cells[row][usize::from(col)];
                let v = self.value(&mut c, d);
                emit!(v);
                continue;
            }
            // A column with no place yet: the source stack's unplaced columns that may stand
            // here are those empty so far (a place empty in the first row) or those holding
            // a first-row digit (a labelled place). Empty ones still empty in this row stay
            // first and undecided.
            let s = usize::from(c.stack_of[k]);
            let filled0 = self.src[t].filled[usize::from(c.rows[0])];
            let filled = self.src[t].filled[row];
            let mut options = c.unplaced & self.stack_mask[s];
            if self.row0[j] == 0 {
                options &= !filled0;
                let empty = (options & !filled).count_ones() as usize;
                if j - k * w < empty {
                    emit!(0);
                    continue;
                }
                options &= filled;
            } else {
                options &= filled0;
            }
            // The options that give the smallest label here, each followed.
            let mut ties = [0u8; MAX_SIDE];
            let mut count = 0;
            let mut smallest = u8::MAX;
            let mut rest = options;
            while rest != 0 {
                let col = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut c = c;
                self.place(&mut c, col, j);
                let v = self.value(&mut c, self.src[t].cells[row][col]);
                if v < smallest {
                    smallest = v;
                    count = 0;
                }
                if v == smallest {
                    ties[count] = col as u8;
                    count += 1;
                }
            }
            if count == 0 {
                // Nothing may stand here: cannot happen for a consistent candidate.
                debug_assert!(false, "no column for a place");
                return;
            }
            if epoch == self.epoch && !less && smallest > self.best[j] {
                return;
            }
            for &col in &ties[..count] {
                let mut c = c;
                self.place(&mut c, usize::from(col), j);
                self.walk(c, row, j, out, less, epoch);
            }
            return;
        }
        if epoch != self.epoch {
            less = false;
        }
        if less {
            self.best = out;
            self.epoch += 1;
            self.next.clear();
        }
        if self.next.len() == MAX_KEPT {
            self.overflow = true;
            return;
        }
        self.next.push(c);
    }

    /// Completes `c` where nothing told the choices apart: stacks and columns empty in every
    /// row go to the places left, in order, and digits that never appear take the labels
    /// left, smallest digit first.
    fn finish(&self, c: &mut Cand) {
        let (n, w, h) = (self.n, self.w, self.h);
        for k in 0..h {
            if c.stack_of[k] == NONE {
                let s = (0..h)
                    .find(|&s| c.stack_at[s] == NONE && self.count0(c, s) == self.group[k])
                    .expect("a source stack for each target stack");
                Self::bind_stack(c, k, s);
            }
        }
        let filled0 = self.src[usize::from(c.t)].filled[usize::from(c.rows[0])];
        for j in 0..n {
            if c.col_at[j] == NONE {
                let s = usize::from(c.stack_of[j / w]);
                let mut options = c.unplaced & self.stack_mask[s];
                options &= if self.row0[j] == 0 { !filled0 } else { filled0 };
                let col = options.trailing_zeros() as usize;
                self.place(c, col, j);
            }
        }
        for d in 1..=n {
            if c.label[d] == 0 {
                c.label[d] = c.next;
                c.next += 1;
            }
        }
    }
}
