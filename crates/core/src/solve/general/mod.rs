//! The general engine: any shape, candidate bitsets, singles, MRV branching, undo by trail.
//!
//! # State
//! ```text
//! values[cell]   0 = empty, else digit + 1              (N² × u16)
//! cand[cell]     digits an empty cell may take          (N² × Bits<W>; stale once filled)
//! placed[house]  digits placed in the house             (3N × Bits<W>)
//! houses 0..N rows, N..2N columns, 2N..3N boxes; members[h·N .. h·N+N] are the cells of h.
//! ```
//! Every change is pushed on `trail` (an elimination, or an assignment) and undone by popping
//! back to a mark, so a guess costs one entry on `stack`, not a copy of the grid; memory grows
//! with the grid, not with the depth of the search.
//!
//! # Propagation
//! The givens are set in bulk: the digits placed in each house, then each empty cell's
//! candidates from its three houses. Placing a digit removes it from the cell's peers. A peer
//! left with one candidate is queued (naked single); a peer left with none is a contradiction.
//! Every house whose cells lost a candidate is marked dirty and scanned once: a digit that fits
//! nowhere in it is a contradiction, a digit that fits exactly one cell is placed there (hidden
//! single). The scan computes "at least once" and "at least twice" masks over the house with
//! two bit operations a cell, so it costs `N × W` word operations.
//!
//! # Search
//! Depth-first, on the empty cell with the fewest candidates (ties: the first found from a
//! random starting cell), a random digit first; until the first solution, restarts from the
//! root after Luby multiples of [`General::RESTART_BASE`] guesses, with new random choices (the
//! generator is seeded from the grid, so runs are reproducible). The search is an explicit
//! loop over `stack`, so it can stop after each solution and resume: that is what makes
//! [`super::Solutions`] lazy.
//!
//! Backtracking is quick on most grids, and hopeless on some (minimal 25×25 puzzles, random
//! grids near the phase transition). After [`General::CDCL_AFTER`] guesses without a solution
//! the search goes back to the root and hands over to clause learning ([`super::cdcl`]),
//! which excludes the solutions already returned.
//!
//! Large grids whose root is mostly empty (side 49 or more, 75 % of the cells) get their first
//! solutions from a repairing search instead ([`super::sparse`]), where both of these fail;
//! the search then skips the solutions it returned.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::cdcl::Cdcl;
use super::luby::luby;
use super::sparse::Sparse;
use crate::bits::Bits;
use crate::grid::Grid;

#[derive(Clone, Copy, Debug)]
struct Undo {
    cell: u32,
    digit: u16,
    /// An assignment (else an elimination).
    assign: bool,
}

#[derive(Clone, Copy, Debug)]
struct Choice<const W: usize> {
    cell: u32,
    /// Digits still to try.
    rest: Bits<W>,
    /// Trail length before the choice.
    mark: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    /// The root is propagated and the search not begun (solutions came from [`Sparse`]).
    Root,
    /// A solution was just returned; the next call backtracks from it.
    Solved,
    Done,
}

#[derive(Clone, Debug)]
pub(crate) struct General<const W: usize> {
    n: usize,
    /// Restarts are on until the first solution is found.
    restarts: bool,
    /// Runs so far, and guesses in the current run.
    run: u64,
    run_guesses: u64,
    /// Trail length after the givens are propagated: where a restart goes back to.
    root: usize,
    /// Tie-breaking and digit order, seeded per grid so that runs are reproducible.
    rng: SmallRng,
    width: usize,
    height: usize,
    givens: Vec<u16>,
    /// Scratch for locked candidates: one set per segment of a house.
    segs: Vec<Bits<W>>,
    values: Vec<u16>,
    cand: Vec<Bits<W>>,
    placed: Vec<Bits<W>>,
    houses_of: Vec<[u32; 3]>,
    members: Vec<u32>,
    full: Bits<W>,
    trail: Vec<Undo>,
    stack: Vec<Choice<W>>,
    singles: Vec<u32>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    /// Houses to look at for locked candidates, once singles are exhausted.
    locked_dirty: Vec<bool>,
    locked_list: Vec<u32>,
    empty: usize,
    guesses: u64,
    pub(crate) watch: super::Watch,
    phase: Phase,
    /// The solutions returned so far (while there are at most [`Self::MAX_BLOCKED`]), and the
    /// guesses taken when the last was found.
    returned: Vec<Vec<u16>>,
    guesses_at_solution: u64,
    /// Guesses without a solution after which clause learning takes over.
    cdcl_after: u64,
    /// Once the search has run long: conflict-driven clause learning takes over.
    cdcl: Option<Box<Cdcl>>,
    /// A (cell, digit) excluded beyond the givens, see [`General::forbid`].
    forbidden: Option<(usize, usize)>,
    /// Solutions found by [`Sparse`] before the search (a large grid with few givens), which
    /// the search skips; `sparse` while each call still asks it for another.
    sparse: bool,
    sparse_found: Vec<Vec<u16>>,
    /// From which side and fraction of empty cells at the root [`Sparse`] is asked (any
    /// pair that the grid reaches).
    sparse_from: &'static [(usize, f64)],
}

impl<const W: usize> General<W> {
    /// The search of `grid`; with `learn`, clause learning takes over right after the
    /// givens' propagation.
    pub(crate) fn new(grid: &Grid, learn: bool) -> Self {
        let shape = grid.shape();
        let n = shape.side();
        debug_assert!(n <= Bits::<W>::CAPACITY);
        let cells = n * n;
        let mut houses_of = Vec::with_capacity(cells);
        let mut members = vec![0u32; 3 * n * n];
        let mut fill = vec![0usize; 3 * n];
        for index in 0..cells {
            let cell = shape.cell(index);
            let hs = [cell.row(), n + cell.col(), 2 * n + shape.box_of(cell)];
            for h in hs {
                members[h * n + fill[h]] = index as u32;
                fill[h] += 1;
            }
            houses_of.push(hs.map(|h| h as u32));
        }
        let full = Bits::below(n);
        General {
            n,
            restarts: true,
            run: 0,
            run_guesses: 0,
            root: 0,
            rng: SmallRng::seed_from_u64(grid.values().iter().fold(n as u64, |h, &v| {
                h.wrapping_mul(0x100_0000_01B3) ^ u64::from(v)
            })),
            width: shape.width(),
            height: shape.height(),
            segs: Vec::with_capacity(n),
            givens: grid.values().to_vec(),
            values: vec![0; cells],
            cand: vec![full; cells],
            placed: vec![Bits::empty(); 3 * n],
            houses_of,
            members,
            full,
            trail: Vec::with_capacity(cells * 4),
            stack: Vec::new(),
            singles: Vec::new(),
            dirty: vec![false; 3 * n],
            dirty_list: Vec::with_capacity(3 * n),
            locked_dirty: vec![false; 3 * n],
            locked_list: Vec::with_capacity(3 * n),
            empty: cells,
            guesses: 0,
            watch: super::Watch::default(),
            phase: Phase::Start,
            returned: Vec::new(),
            guesses_at_solution: 0,
            cdcl_after: if learn { 0 } else { Self::CDCL_AFTER },
            cdcl: None,
            forbidden: None,
            sparse: false,
            sparse_found: Vec::new(),
            sparse_from: Self::SPARSE_FROM,
        }
    }

    /// Excludes `digit` (0-based) from the empty `cell` before the search starts: the search
    /// then finds only the solutions where the cell holds another digit. A clue can be dropped
    /// from a unique puzzle exactly when the puzzle without it and with its digit forbidden
    /// there has no solution, which one search shows without first finding the known one.
    pub(crate) fn forbid(&mut self, cell: usize, digit: usize) {
        debug_assert_eq!(self.phase, Phase::Start);
        self.forbidden = Some((cell, digit));
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses + self.cdcl.as_ref().map_or(0, |c| c.decisions())
    }

    /// The next solution (row-major values), or `None` when there are no more.
    pub(crate) fn next_solution(&mut self) -> Option<&[u16]> {
        if self.cdcl.is_some() {
            let (watch, guesses) = (&mut self.watch, self.guesses);
            return self
                .cdcl
                .as_mut()
                .and_then(|c| c.next_solution(watch, guesses));
        }
        let ok = match self.phase {
            Phase::Start => self.start(),
            Phase::Root => true,
            Phase::Solved => self.backtrack(),
            Phase::Done => false,
        };
        if !ok {
            self.phase = Phase::Done;
            return None;
        }
        if self.sparse {
            self.phase = Phase::Root;
            if self.sparse_solution() {
                return self.sparse_found.last().map(Vec::as_slice);
            }
            if self.watch.fired {
                self.phase = Phase::Done;
                return None;
            }
        }
        loop {
            if self.empty == 0 && self.sparse_found.contains(&self.values) {
                // Returned already, from the sparse search.
                if !self.backtrack() {
                    self.phase = Phase::Done;
                    return None;
                }
                continue;
            }
            if self.empty == 0 {
                self.phase = Phase::Solved;
                self.restarts = false;
                self.guesses_at_solution = self.guesses;
                if self.returned.len() <= Self::MAX_BLOCKED && self.cdcl_after != u64::MAX {
                    self.returned.push(self.values.clone());
                }
                return Some(&self.values);
            }
            if self.watch.due(self.guesses) {
                self.phase = Phase::Done;
                return None;
            }
            if self.guesses - self.guesses_at_solution >= self.cdcl_after
                && self.returned.len() <= Self::MAX_BLOCKED
            {
                return self.hand_over();
            }
            if self.restarts && self.run_guesses >= Self::RESTART_BASE * luby(self.run) {
                // A heavy tail: start over from the root with other random choices. Only
                // before the first solution, so that no solution is found twice.
                self.undo_to(self.root);
                self.stack.clear();
                self.run += 1;
                self.run_guesses = 0;
                continue;
            }
            let cell = self.choose();
            let cand = self.cand[cell];
            let digit = self.pick(&cand);
            let mut rest = cand;
            rest.remove(digit);
            self.guesses += 1;
            self.run_guesses += 1;
            self.stack.push(Choice {
                cell: cell as u32,
                rest,
                mark: self.trail.len(),
            });
            let consistent = self.assign(cell, digit) && self.propagate();
            if !consistent && (self.watch.fired || !self.backtrack()) {
                self.phase = Phase::Done;
                return None;
            }
        }
    }

    fn start(&mut self) -> bool {
        // The givens in bulk (placing them one by one cost 3N removals a given: 96,000 × 1,200
        // on `rk-sudoku-400-1`), and off the trail: nothing below the root is ever undone.
        for cell in 0..self.givens.len() {
            if cell % Self::WATCH_STEPS == 0 && self.watch.expired() {
                return false;
            }
            let v = self.givens[cell];
            if v == 0 {
                continue;
            }
            let digit = v as usize - 1;
            for h in self.houses_of[cell] {
                let placed = &mut self.placed[h as usize];
                if placed.contains(digit) {
                    return false; // twice in a house
                }
                placed.insert(digit);
            }
            self.values[cell] = v;
            self.empty -= 1;
        }
        for cell in 0..self.givens.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let [r, c, b] = self.houses_of[cell].map(|h| &self.placed[h as usize]);
            let left = self.full.difference(&r.union(c).union(b));
            if left.is_empty() {
                return false;
            }
            if left.single().is_some() {
                self.singles.push(cell as u32);
            }
            self.cand[cell] = left;
        }
        for h in 0..3 * self.n {
            self.mark_dirty(h);
        }
        if let Some((cell, digit)) = self.forbidden {
            if !self.remove(cell, digit) {
                return false;
            }
        }
        let ok = self.propagate();
        self.root = self.trail.len();
        let vars: usize = (0..self.values.len())
            .filter(|&c| self.values[c] == 0)
            .map(|c| self.cand[c].len())
            .sum();
        if vars > Self::MAX_LEARNING_VARS {
            self.cdcl_after = u64::MAX; // keep memory in line with the grid
        }
        let cells = self.values.len();
        let reached = |&(side, holes): &(usize, f64)| {
            self.n >= side && self.empty as f64 >= holes * cells as f64
        };
        self.sparse = ok && self.cdcl_after != 0 && self.sparse_from.iter().any(reached);
        ok
    }

    /// Grids of one of these sides or more whose root has at least that fraction of empty
    /// cells get their first solutions from [`Sparse`]: from 81×81 up, backtracking and
    /// clause learning mostly fail there, down to 70 % holes (81×81 and 100×100 at 70 %:
    /// one of eight solved in 60 s before, four after); on 49×49 and 64×64 the sparse search
    /// is quicker from 75 %, and at 70 % its failed attempts only delay the search that
    /// solves them. At 65 % it stalls for good (`docs/benchmarks.md`).
    const SPARSE_FROM: &'static [(usize, f64)] = &[(49, 0.75), (81, 0.70)];
    /// Solutions asked of [`Sparse`] at most (enough for uniqueness and short lists; half of
    /// what clause learning can still exclude).
    const SPARSE_MOST: usize = Self::MAX_BLOCKED / 2;

    /// Asks [`Sparse`] for a solution not found yet, from the root; false (and no more asking)
    /// when it gives up or repeats one, or when enough have been found.
    fn sparse_solution(&mut self) -> bool {
        let before = self.guesses;
        let found = if self.sparse_found.len() < Self::SPARSE_MOST {
            let (sparse, rng, watch, guesses) = self.sparse_search();
            sparse.solve(rng, watch, guesses)
        } else {
            None
        };
        // Its repairs are guesses to the watch and to the caller, not to the hand-over to
        // clause learning, which counts the backtracking search's own.
        self.guesses_at_solution += self.guesses - before;
        match found {
            Some(solution) if !self.sparse_found.contains(&solution) => {
                if self.cdcl_after != u64::MAX {
                    self.returned.push(solution.clone());
                }
                self.sparse_found.push(solution);
                true
            }
            _ => {
                self.sparse = false;
                false
            }
        }
    }

    /// The sparse search over the root (once [`General::start`] has built it), with what its
    /// `solve` draws from and counts in: the generator, the watch and the guesses.
    fn sparse_search(&mut self) -> (Sparse<'_, W>, &mut SmallRng, &mut super::Watch, &mut u64) {
        let General {
            n,
            values,
            placed,
            cand,
            houses_of,
            members,
            rng,
            watch,
            guesses,
            ..
        } = self;
        let sparse = Sparse::new(*n, values, placed, cand, houses_of, members);
        (sparse, rng, watch, guesses)
    }

    /// Guesses since the start (or the last solution) before clause learning takes over.
    /// 100 rather than 1,000: generated 25×25 grids at 55 % holes went from a median of
    /// 61 ms to 21 ms, `large/` from 78.2 s to 70.0 s in all, generation of 25×25 puzzles
    /// from 15.4 s to 12.7 s (`docs/benchmarks.md`).
    const CDCL_AFTER: u64 = 100;
    /// Solutions already returned that the clause-learning search can still exclude.
    const MAX_BLOCKED: usize = 64;
    /// Clause learning takes a hundred bytes or so per candidate left at the root: above
    /// this many, the search stays with backtracking.
    const MAX_LEARNING_VARS: usize = 2_000_000;

    /// Goes back to the root and lets clause learning go on from there, excluding the
    /// solutions already returned.
    fn hand_over(&mut self) -> Option<&[u16]> {
        self.undo_to(self.root);
        self.stack.clear();
        let cand = &self.cand;
        let cdcl = Cdcl::new(
            self.n,
            &self.values,
            |c| cand[c].iter(),
            &self.houses_of,
            &self.returned,
        );
        self.returned = Vec::new();
        let cdcl = self.cdcl.insert(Box::new(cdcl));
        cdcl.next_solution(&mut self.watch, self.guesses)
    }

    /// Propagation steps (givens placed, queue entries) between two looks at the watch.
    const WATCH_STEPS: usize = 1 << 12;

    /// Guesses in the first run before a restart; later runs get Luby multiples of it.
    const RESTART_BASE: u64 = 128;

    /// A random candidate of a cell (the search order of its digits).
    fn pick(&mut self, cand: &Bits<W>) -> usize {
        let k = self.rng.random_range(0..cand.len());
        cand.iter().nth(k).unwrap_or(0)
    }

    /// Undoes the latest choice and tries its next digit, until one propagates without
    /// contradiction (true) or no choice is left (false).
    fn backtrack(&mut self) -> bool {
        while let Some(top) = self.stack.last_mut() {
            if self.watch.fired {
                return false;
            }
            let Choice {
                cell,
                mut rest,
                mark,
            } = *top;
            let Some(digit) = rest.first() else {
                self.stack.pop();
                continue;
            };
            rest.remove(digit);
            if rest.is_empty() {
                self.stack.pop();
            } else {
                top.rest = rest;
            }
            self.undo_to(mark);
            if self.assign(cell as usize, digit) && self.propagate() {
                return true;
            }
        }
        false
    }

    fn undo_to(&mut self, mark: usize) {
        self.singles.clear();
        for &h in &self.dirty_list {
            self.dirty[h as usize] = false;
        }
        self.dirty_list.clear();
        for &h in &self.locked_list {
            self.locked_dirty[h as usize] = false;
        }
        self.locked_list.clear();
        while self.trail.len() > mark {
            let Some(u) = self.trail.pop() else { break };
            let cell = u.cell as usize;
            let digit = u.digit as usize;
            if u.assign {
                self.values[cell] = 0;
                self.empty += 1;
                for h in self.houses_of[cell] {
                    self.placed[h as usize].remove(digit);
                }
            } else {
                self.cand[cell].insert(digit);
            }
        }
    }

    #[inline]
    fn mark_dirty(&mut self, h: usize) {
        if !self.dirty[h] {
            self.dirty[h] = true;
            self.dirty_list.push(h as u32);
        }
        if !self.locked_dirty[h] {
            self.locked_dirty[h] = true;
            self.locked_list.push(h as u32);
        }
    }

    /// Places `digit` in the empty `cell` and removes it from the peers.
    fn assign(&mut self, cell: usize, digit: usize) -> bool {
        if self.values[cell] != 0 || !self.cand[cell].contains(digit) {
            return false;
        }
        self.values[cell] = digit as u16 + 1;
        self.empty -= 1;
        self.trail.push(Undo {
            cell: cell as u32,
            digit: digit as u16,
            assign: true,
        });
        let n = self.n;
        for h in self.houses_of[cell] {
            let h = h as usize;
            self.placed[h].insert(digit);
            self.mark_dirty(h);
            for i in 0..n {
                let peer = self.members[h * n + i] as usize;
                if !self.remove(peer, digit) {
                    return false;
                }
            }
        }
        true
    }

    /// Removes `digit` from an empty cell's candidates (if there); false when none is left.
    #[inline]
    fn remove(&mut self, cell: usize, digit: usize) -> bool {
        if self.values[cell] != 0 || !self.cand[cell].contains(digit) {
            return true;
        }
        self.cand[cell].remove(digit);
        self.trail.push(Undo {
            cell: cell as u32,
            digit: digit as u16,
            assign: false,
        });
        let left = &self.cand[cell];
        if left.is_empty() {
            return false;
        }
        if left.single().is_some() {
            self.singles.push(cell as u32);
        }
        for h in self.houses_of[cell] {
            self.mark_dirty(h as usize);
        }
        true
    }

    /// Locked candidates through house `h`: a digit whose cells in `h` all lie in one
    /// intersection with another house leaves the rest of that house (pointing from boxes,
    /// claiming from rows and columns). The intersections of `h` are its segments: the rows or
    /// columns of a box, the boxes along a row or column.
    fn locked(&mut self, h: usize) -> bool {
        let (n, w, bh) = (self.n, self.width, self.height);
        if w == 1 || bh == 1 || w == n || bh == n {
            return true; // a box is a row or a column: nothing to lock
        }
        let needed = self.full.difference(&self.placed[h]);
        // (segments, cells a segment, stride): with stride 1 a segment is a run of consecutive
        // members; otherwise its j-th cell is member `j * stride + k` of segment k.
        let plans: &[(usize, usize, usize)] = match h / n {
            0 => &[(bh, w, 1)],             // row: bh boxes of w cells
            1 => &[(w, bh, 1)],             // column: w boxes of bh cells
            _ => &[(bh, w, 1), (w, bh, w)], // box: bh rows of w cells; w columns of bh cells
        };
        for (plan, &(segments, len, stride)) in plans.iter().enumerate() {
            let mut segs = std::mem::take(&mut self.segs);
            segs.clear();
            let (mut once, mut twice) = (Bits::<W>::empty(), Bits::<W>::empty());
            for k in 0..segments {
                let mut seg = Bits::<W>::empty();
                for j in 0..len {
                    // Rows and row-segments run along the member order; a box's columns step
                    // by the box width.
                    let i = if stride == 1 {
                        k * len + j
                    } else {
                        j * stride + k
                    };
                    let cell = self.members[h * n + i] as usize;
                    if self.values[cell] == 0 {
                        seg = seg.union(&self.cand[cell]);
                    }
                }
                twice = twice.union(&once.intersection(&seg));
                once = once.union(&seg);
                segs.push(seg);
            }
            let alone = once.difference(&twice).intersection(&needed);
            let mut ok = true;
            if !alone.is_empty() {
                for (k, seg) in segs.iter().enumerate() {
                    let digits = seg.intersection(&alone);
                    if digits.is_empty() {
                        continue;
                    }
                    // The other house through segment k, and a test for the segment's cells.
                    let first =
                        self.members[h * n + if stride == 1 { k * len } else { k }] as usize;
                    let (r0, c0) = (first / n, first % n);
                    let other = match (h / n, plan) {
                        (0, _) | (1, _) => self.houses_of[first][2] as usize,
                        (_, 0) => r0,
                        _ => n + c0,
                    };
                    for i in 0..n {
                        let cell = self.members[other * n + i] as usize;
                        if self.houses_of[cell].contains(&(h as u32)) {
                            continue;
                        }
                        for d in digits.iter() {
                            if !self.remove(cell, d) {
                                ok = false;
                                break;
                            }
                        }
                        if !ok {
                            break;
                        }
                    }
                    if !ok {
                        break;
                    }
                }
            }
            self.segs = segs;
            if !ok {
                return false;
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left (true) or a contradiction (false).
    fn propagate(&mut self) -> bool {
        let mut steps = 0;
        loop {
            // A big grid's propagation can run for seconds without a guess: it looks at the
            // watch too, and stops as on a contradiction (the caller then sees `fired`).
            steps += 1;
            if steps % Self::WATCH_STEPS == 0 && self.watch.expired() {
                return false;
            }
            if let Some(cell) = self.singles.pop() {
                let cell = cell as usize;
                if self.values[cell] != 0 {
                    continue;
                }
                match self.cand[cell].single() {
                    Some(digit) if self.assign(cell, digit) => continue,
                    Some(_) => return false,
                    None if self.cand[cell].is_empty() => return false,
                    None => continue,
                }
            }
            if let Some(h) = self.dirty_list.pop() {
                self.dirty[h as usize] = false;
                if !self.scan_house(h as usize) {
                    return false;
                }
                continue;
            }
            // Singles are exhausted: the costlier locked candidates, one house at a time.
            let Some(h) = self.locked_list.pop() else {
                return true;
            };
            self.locked_dirty[h as usize] = false;
            if !self.locked(h as usize) {
                return false;
            }
        }
    }

    /// Hidden singles and missing digits of one house.
    fn scan_house(&mut self, h: usize) -> bool {
        let n = self.n;
        let mut once = Bits::<W>::empty();
        let mut twice = Bits::<W>::empty();
        for i in 0..n {
            let cell = self.members[h * n + i] as usize;
            if self.values[cell] == 0 {
                let c = self.cand[cell];
                twice = twice.union(&once.intersection(&c));
                once = once.union(&c);
            }
        }
        let needed = self.full.difference(&self.placed[h]);
        if !needed.difference(&once).is_empty() {
            return false;
        }
        let hidden = needed.difference(&twice);
        for digit in hidden.iter() {
            let place = (0..n)
                .map(|i| self.members[h * n + i] as usize)
                .find(|&c| self.values[c] == 0 && self.cand[c].contains(digit));
            match place {
                Some(cell) if self.assign(cell, digit) => {}
                _ => return false,
            }
        }
        true
    }

    /// The empty cell with the fewest candidates; ties go to the first found from a random
    /// starting cell.
    fn choose(&mut self) -> usize {
        let mut best = usize::MAX;
        let mut best_len = usize::MAX;
        let cells = self.values.len();
        let offset = self.rng.random_range(0..cells);
        for k in 0..cells {
            let cell = (offset + k) % cells;
            if self.values[cell] == 0 {
                let len = self.cand[cell].len();
                if len < best_len {
                    best = cell;
                    best_len = len;
                    if len <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::General;
    use crate::grid::{Grid, Shape};

    /// Every solution, with clause learning taking over after `after` guesses without one.
    fn all(grid: &Grid, after: u64) -> (Vec<Vec<u16>>, bool) {
        let mut g = General::<1>::new(grid, false);
        g.cdcl_after = after;
        let mut out = Vec::new();
        while let Some(v) = g.next_solution() {
            out.push(v.to_vec());
        }
        (out, g.cdcl.is_some())
    }

    #[test]
    fn clause_learning_takes_over_without_repeating_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        for (text, expected) in [("0000000000000000", 288), ("1000000000000000", 72)] {
            let grid: Grid = text.parse().unwrap();
            for after in [0, 1, 3] {
                let (mut sols, learned) = all(&grid, after);
                assert!(learned, "{text} after {after}");
                assert_eq!(sols.len(), expected, "{text} after {after}");
                for s in &sols {
                    assert!(Grid::from_values(shape, s).unwrap().is_solution_of(&grid));
                }
                sols.sort();
                sols.dedup();
                assert_eq!(sols.len(), expected, "{text} after {after}: repeated");
            }
        }
    }

    /// The givens are set in bulk: a digit twice in a house, or an empty cell that every
    /// digit is taken from, ends the search at the start, with nothing found and no watch
    /// fired; the reference engine agrees on those and on a grid with solutions.
    #[test]
    fn contradictory_givens_have_no_solution() {
        use crate::solve::{Engine, Solutions};
        for (text, expected) in [
            ("1000010000000000", 0),  // 1 twice in the first box
            ("1230000000000004", 0),  // r1c4: 1, 2, 3 in its row, 4 in its column
            ("1000000000000004", 18), // for contrast
        ] {
            let grid: Grid = text.parse().unwrap();
            let reference = Solutions::new(&grid, Engine::Reference).count_up_to(1000);
            assert_eq!(reference.count, expected, "{text}");
            let mut g = General::<1>::new(&grid, false);
            let mut found = 0;
            while g.next_solution().is_some() {
                found += 1;
            }
            assert_eq!(found, expected, "{text}");
            assert!(!g.watch.fired, "{text}");
        }
    }

    /// Solutions from the sparse search first (forced here on 4×4 grids), then from the
    /// search, which skips them, or from clause learning, which excludes them: every solution
    /// once, each checked.
    #[test]
    fn sparse_solutions_are_not_found_again() {
        let shape = Shape::new(2, 2).unwrap();
        for (text, expected) in [("0000000000000000", 288), ("1000000000000000", 72)] {
            let grid: Grid = text.parse().unwrap();
            for after in [1, 3, 100, u64::MAX] {
                let mut g = General::<1>::new(&grid, false);
                g.cdcl_after = after;
                g.sparse_from = &[(0, 0.0)];
                let mut sols = Vec::new();
                while let Some(v) = g.next_solution() {
                    sols.push(v.to_vec());
                }
                assert!(g.sparse_found.len() >= 2, "{text} after {after}");
                assert_eq!(g.cdcl.is_some(), after < 100, "{text} after {after}");
                for s in &sols {
                    assert!(Grid::from_values(shape, s).unwrap().is_solution_of(&grid));
                }
                let first: Vec<_> = sols[..g.sparse_found.len()].to_vec();
                assert_eq!(first, g.sparse_found, "{text} after {after}");
                assert_eq!(sols.len(), expected, "{text} after {after}");
                sols.sort();
                sols.dedup();
                assert_eq!(sols.len(), expected, "{text} after {after}: repeated");
            }
        }
    }

    /// Grids of side 49 or more whose root has 75 % of its cells empty or more get their
    /// first solution from the sparse search, and from side 81 at 70 %; denser grids and
    /// smaller ones do not.
    #[test]
    fn mostly_empty_big_grids_go_to_the_sparse_search() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        let mut rng = SmallRng::seed_from_u64(29);
        let mut holed = |b: usize, holes: f64| {
            let shape = Shape::new(b, b).unwrap();
            (
                shape,
                crate::generate::holed_pattern(shape, holes, &mut rng),
            )
        };
        // Only the choice on the larger grids, whose search takes seconds here.
        for (b, holes, sparse) in [(9, 0.73, true), (8, 0.73, false)] {
            let (_, grid) = holed(b, holes);
            let mut g = General::<2>::new(&grid, false);
            assert!(g.start());
            let empty = g.empty as f64 / grid.values().len() as f64;
            assert!((0.70..0.75).contains(&empty), "{b} at {holes}: {empty}");
            assert_eq!(g.sparse, sparse, "{b} at {holes}");
        }
        for (b, holes, sparse) in [(7, 0.8, true), (7, 0.7, false), (6, 0.9, false)] {
            let n = b * b;
            let (shape, grid) = holed(b, holes);
            let mut g = General::<1>::new(&grid, false);
            let solution = Grid::from_values(shape, g.next_solution().expect("a solution"));
            assert!(solution.unwrap().is_solution_of(&grid));
            let what = format!("{n}x{n} at {holes}");
            assert_eq!(g.sparse_found.len(), usize::from(sparse), "{what}");
        }
    }

    /// The sparse search's fills and repairs count as guesses: a search that gives up there
    /// has guesses to show, and a budget of guesses stops it.
    #[test]
    fn sparse_repairs_are_guesses() {
        // From `tests/data/9x9/puzzles5_forum_hardest_1905_11+.sample`.
        let text =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let grid: Grid = text.parse().unwrap();
        let solution = grid.solve().unwrap();
        // An empty cell that may not take its digit: no solution, which the root does not
        // see (for this cell), so the sparse search tries and fails.
        let forbidding = |cell: usize| {
            let mut g = General::<1>::new(&grid, false);
            g.sparse_from = &[(0, 0.0)];
            g.forbid(cell, solution.values()[cell] as usize - 1);
            g
        };
        let cell = (0..81)
            .filter(|&c| grid.values()[c] == 0)
            .find(|&c| forbidding(c).start())
            .unwrap();
        let run = |cap: Option<u64>| {
            let mut g = forbidding(cell);
            g.watch.cap = cap;
            assert!(g.next_solution().is_none());
            assert!(g.sparse_found.is_empty() && !g.sparse);
            (g.watch.fired, g.guesses())
        };
        let (fired, guesses) = run(None);
        assert!(!fired);
        assert!(guesses > super::Sparse::<1>::ATTEMPTS as u64, "{guesses}");
        let (fired, capped) = run(Some(40));
        assert!(fired);
        assert_eq!(capped, 40);
    }

    /// The sparse search's fill, on a root the engine built (here rather than in `sparse.rs`,
    /// which the engine imports).
    mod sparse_fill {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;

        use crate::generate::holed_pattern;
        use crate::grid::{Grid, Shape};
        use crate::solve::Watch;
        use crate::solve::general::General;

        /// The places counted for a fill are those of its cells' candidates, each fill takes
        /// them all back (a count off by one would underflow or stay above zero), and the fill
        /// keeps every house free of repeats, leaving dead only cells with no candidate.
        #[test]
        fn place_counts_follow_the_fill() {
            let n = 25;
            for seed in 1..=4 {
                let shape = Shape::new(5, 5).unwrap();
                let grid = holed_pattern(shape, 0.8, &mut SmallRng::seed_from_u64(seed));
                let mut g = General::<1>::new(&grid, false);
                assert!(g.start(), "a consistent root");
                let (mut s, ..) = g.sparse_search();
                let mut todo: Vec<usize> = (0..n * n).filter(|&c| !s.fixed[c]).collect();
                let cand: Vec<_> = todo.iter().map(|&c| s.candidates(c)).collect();
                s.count_places(&todo, &cand);
                for h in 0..3 * n {
                    for d in 0..n {
                        let expected = (0..todo.len())
                            .filter(|&i| s.houses_of[todo[i]].contains(&(h as u32)))
                            .filter(|&i| cand[i].contains(d))
                            .count();
                        if expected > 0 {
                            assert_eq!(s.places[h * n + d] as usize, expected, "{seed}: {h} {d}");
                        }
                    }
                }
                let filled = todo.clone();
                let mut rng = SmallRng::seed_from_u64(seed);
                let dead = s.fill(&mut todo, &mut rng, &mut Watch::default()).unwrap();
                for (&cell, cand) in filled.iter().zip(&cand) {
                    for h in s.houses_of[cell] {
                        for d in cand.iter() {
                            assert_eq!(s.places[h as usize * n + d], 0, "{seed}: {h} {d}");
                        }
                    }
                }
                for &cell in &dead {
                    assert_eq!(s.values[cell], 0);
                    assert!(s.candidates(cell).is_empty(), "{seed}: {cell}");
                }
                for h in 0..3 * n {
                    let mut digits: Vec<u16> = s.members[h * n..(h + 1) * n]
                        .iter()
                        .map(|&m| s.values[m as usize])
                        .filter(|&v| v != 0)
                        .collect();
                    let len = digits.len();
                    digits.sort_unstable();
                    digits.dedup();
                    assert_eq!(digits.len(), len, "{seed}: house {h}");
                }
                let kept = (0..n * n).filter(|&c| grid.values()[c] != 0);
                assert!(kept.into_iter().all(|c| s.values[c] == grid.values()[c]));
            }
        }

        /// A cell takes the candidate with the fewest places left in its houses: in an empty
        /// 4×4 grid with 3 and 4 in row 1 and 1 in column 2, cell r1c1 may take 1 or 2, and 1
        /// has no other place in row 1 (r1c2 may not take it) while 2 has two or more in each
        /// house of r1c1.
        #[test]
        fn a_cell_takes_its_scarcest_candidate() {
            let grid: Grid = "0000000000000000".parse().unwrap();
            for seed in 0..20 {
                let mut g = General::<1>::new(&grid, false);
                assert!(g.start(), "a consistent root");
                let (mut s, ..) = g.sparse_search();
                s.set(2, 2);
                s.set(3, 3);
                s.set(9, 0);
                let todo: Vec<usize> = (0..16).filter(|&c| s.values[c] == 0).collect();
                let cand: Vec<_> = todo.iter().map(|&c| s.candidates(c)).collect();
                assert_eq!(
                    cand[0].iter().collect::<Vec<_>>(),
                    [0, 1],
                    "r1c1 may take 1 and 2"
                );
                s.count_places(&todo, &cand);
                let mut rng = SmallRng::seed_from_u64(seed);
                assert_eq!(s.scarcest(0, &mut rng), 0, "seed {seed}");
            }
        }
    }
}
