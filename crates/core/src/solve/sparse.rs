//! A first solution of a large, mostly empty grid by large-neighbourhood search.
//!
//! Backtracking and clause learning both fail on big grids with few givens (81×81 at 95 %
//! holes, an empty 100×100): a random fill with propagation gets within a few hundred cells of
//! the end, and the dead ends are made of choices taken thousands of guesses before.
//! This search keeps a consistent partial fill instead and repairs it where it is stuck:
//!
//! 1. Fill the empty cells greedily, fewest candidates first, each with its candidate that
//!    has the fewest places left in one of the cell's houses; a cell left with no candidate
//!    stays empty (*dead*).
//! 2. Take a random dead cell and one of its houses at random, or two (half the time), or
//!    (half the time, when another cell is dead too) one of its lines and the crossing line
//!    of another dead cell; empty their filled cells (not the root's), and fill them and the
//!    dead cells again the same way.
//! 3. Keep the new fill when it has no more dead cells than before (near the end, one more
//!    now and then), else go back to the old one; repeat until no cell is dead, or until the
//!    count of dead cells has not fallen for a while, then start again from the root, a few
//!    times.
//!
//! It proves nothing: it finds a solution or gives up, and the complete search goes on from
//! there ([`super::general`]). The candidates come from the root (givens placed and
//! propagated), so a fill always keeps the givens and whatever the root ruled out.

use rand::RngExt;
use rand::rngs::SmallRng;

use super::Watch;
use crate::bits::Bits;

/// The search's state: a partial fill consistent with every house.
pub(super) struct Sparse<'a, const W: usize> {
    n: usize,
    /// Candidates at the root (stale for cells filled there).
    root: &'a [Bits<W>],
    pub(super) houses_of: &'a [[u32; 3]],
    pub(super) members: &'a [u32],
    /// Row-major values, 0 = empty; `fixed` cells were filled at the root.
    pub(super) values: Vec<u16>,
    pub(super) fixed: Vec<bool>,
    /// Digits present in each house.
    used: Vec<Bits<W>>,
    /// The fill's scratch: the cells waiting in `buckets[k]` have `k` candidates; a
    /// waiting cell's count and place in its bucket, and whether it waits.
    buckets: Vec<Vec<u32>>,
    count: Vec<u32>,
    slot: Vec<u32>,
    waiting: Vec<bool>,
    /// A big fill's lists: the waiting cells of each house and each waiting cell's place in
    /// its row's, column's and box's list; marks against counting a peer twice (it may
    /// share two houses with the cell placed).
    waiters: Vec<Vec<u32>>,
    place: Vec<[u32; 3]>,
    seen: Vec<u64>,
    tick: u64,
    /// A small fill's lists (a repair's): the cells that waited with each digit as a
    /// candidate.
    with: Vec<Vec<u32>>,
    /// The candidates of the cells to fill, as the fill starts.
    todo_cand: Vec<Bits<W>>,
    /// `places[h·N + d]`: the waiting cells of house `h` that may take digit `d` (for the
    /// houses and digits of the cells being filled; stale elsewhere).
    pub(super) places: Vec<u32>,
}

impl<'a, const W: usize> Sparse<'a, W> {
    /// An attempt ends when this many repairs per empty cell have not lowered the count of
    /// dead cells: a fill may get stuck a few cells short of the end for good (81×81 at 85 %:
    /// 3 dead cells through 200,000 repairs), where a new fill from the root soon gets there.
    /// While the count falls, it goes on (400×400 at 90 %: 40 dead cells left after 10
    /// repairs a cell, about 110 s, still falling).
    const STALL_PER_CELL: u64 = 2;

    /// Near the end (fewer dead cells than this), a repair that leaves one dead cell more
    /// than before is kept with this probability: the count often stalls on a plateau a few
    /// cells short, and a new fill from the root throws away the whole attempt. 81×81 and
    /// 100×100 at 75 % holes, ten grids: 336 s in all (three not solved in 60 s) without, 13 s
    /// with; 225×225 at 90 %: 19–33 s → 8–9 s. At any count: slower on 225×225; with 0.3:
    /// slower at 75 % (`docs/research/sparse-search.md`). Below 40 rather than 20: at 70 %
    /// holes the plateaus lie at 15–45 dead cells (81×81 to 144×144, six grids, 1,000 attempts:
    /// 2 → 6 solved in 60 s), for 15–30 % more time on 225×225 at 90 %; below 60, or near the
    /// attempt's best count whatever it is, did worse.
    const WORSE_BELOW: usize = 40;
    const WORSE: f64 = 0.1;

    /// The share of repairs (when two cells or more are dead) that empty a line of the dead
    /// cell and the crossing line of another dead cell, rather than one or two houses of the
    /// dead cell alone; all of them from side [`Sparse::ALL_LINKED_FROM`]. A dead cell is
    /// repaired where a digit is missing from its houses and from the houses of the cells
    /// emptied with it, which happens mostly near other dead cells; alone, each dead cell
    /// wanders until it meets another, and the bigger the grid the longer that takes.
    /// 81×81 to 144×144 at 70–75 % holes, ten grids, solved in 60 s and capped total: none
    /// linked 8, 217 s; half 9, 149 s; three quarters 9, 178 s; all 8, 298 s. 400×400 at 90 %
    /// holes (seeds 1–2): half not solved in 120 s, all solved in 93–120 s; 225×225 at 90 %:
    /// three grids, half 18.7 s, all 13.6 s (`docs/research/sparse-search.md`).
    const LINKED: f64 = 0.5;
    const ALL_LINKED_FROM: usize = 225;

    /// Fills from the root before giving up: 8 gave up on half of the grids at 70 % that
    /// 32 solve, and clause learning does not solve them after it.
    pub(super) const ATTEMPTS: usize = 32;

    /// A repair's fill finds the cells a placement affects through lists by digit when its
    /// cells have this many candidates or fewer on average (144×144 at 90 %: 3 or 6 alike).
    const FEW: usize = 4;

    /// Cells filled between two looks at the watch.
    const WATCH_STEPS: usize = 1 << 12;

    /// The root's fill (`values`, 0 = empty), the digits placed in each house and the
    /// candidates; houses as in the general engine.
    pub(super) fn new(
        n: usize,
        values: &[u16],
        placed: &[Bits<W>],
        root: &'a [Bits<W>],
        houses_of: &'a [[u32; 3]],
        members: &'a [u32],
    ) -> Self {
        Sparse {
            n,
            root,
            houses_of,
            members,
            values: values.to_vec(),
            fixed: values.iter().map(|&v| v != 0).collect(),
            used: placed.to_vec(),
            buckets: vec![Vec::new(); n + 1],
            count: vec![0; values.len()],
            slot: vec![0; values.len()],
            waiters: vec![Vec::new(); 3 * n],
            place: vec![[0; 3]; values.len()],
            seen: vec![0; values.len()],
            tick: 0,
            waiting: vec![false; values.len()],
            with: vec![Vec::new(); n],
            todo_cand: Vec::new(),
            places: vec![0; 3 * n * n],
        }
    }

    /// A solution, or `None` when [`Sparse::ATTEMPTS`] fills and their repairs each leave
    /// some cell dead, or when the watch fires. Each fill from the root and each repair
    /// counts as a guess in `guesses`, which the watch sees: a deadline, a cap on guesses and
    /// the progress counter work here as in the searches that branch.
    pub(super) fn solve(
        mut self,
        rng: &mut SmallRng,
        watch: &mut Watch,
        guesses: &mut u64,
    ) -> Option<Vec<u16>> {
        for _ in 0..Self::ATTEMPTS {
            match self.attempt(rng, watch, guesses) {
                Some(true) => return Some(self.values),
                Some(false) => {}
                None => return None,
            }
            for cell in 0..self.values.len() {
                if !self.fixed[cell] && self.values[cell] != 0 {
                    self.clear(cell);
                }
            }
        }
        None
    }

    /// One fill from the root and its repairs: whether no cell is left dead, `None` when the
    /// watch fired.
    fn attempt(
        &mut self,
        rng: &mut SmallRng,
        watch: &mut Watch,
        guesses: &mut u64,
    ) -> Option<bool> {
        let mut todo: Vec<usize> = (0..self.values.len()).filter(|&c| !self.fixed[c]).collect();
        let cells = todo.len() as u64;
        *guesses += 1;
        let mut dead = self.fill(&mut todo, rng, watch)?;
        let mut freed = Vec::with_capacity(self.n);
        let mut saved = Vec::with_capacity(self.n);
        let (mut fewest, mut since, mut repair) = (dead.len(), 0, 0);
        let linked = if self.n >= Self::ALL_LINKED_FROM {
            1.0
        } else {
            Self::LINKED
        };
        loop {
            if dead.is_empty() {
                return Some(true);
            }
            if dead.len() < fewest {
                (fewest, since) = (dead.len(), repair);
            } else if repair - since > Self::STALL_PER_CELL * cells {
                return Some(false);
            }
            repair += 1;
            *guesses += 1;
            if watch.due(*guesses) {
                return None;
            }
            let x = dead[rng.random_range(0..dead.len())];
            let houses = if dead.len() >= 2 && rng.random::<f64>() < linked {
                let y = dead[rng.random_range(0..dead.len())];
                let line = rng.random_range(0..2);
                [self.houses_of[x][line], self.houses_of[y][1 - line]]
            } else {
                let first = rng.random_range(0..3);
                let second = if rng.random::<bool>() {
                    first
                } else {
                    (first + 1) % 3
                };
                [self.houses_of[x][first], self.houses_of[x][second]]
            };
            freed.clear();
            saved.clear();
            for (k, &h) in houses.iter().enumerate() {
                if k == 1 && h == houses[0] {
                    continue;
                }
                let h = h as usize;
                for &m in &self.members[h * self.n..(h + 1) * self.n] {
                    let cell = m as usize;
                    if !self.fixed[cell] && self.values[cell] != 0 {
                        saved.push((cell, self.values[cell]));
                        self.clear(cell);
                        freed.push(cell);
                    }
                }
            }
            todo.clear();
            todo.extend_from_slice(&freed);
            todo.extend_from_slice(&dead);
            let again = self.fill(&mut todo, rng, watch)?;
            let worse_kept = again.len() == dead.len() + 1
                && dead.len() < Self::WORSE_BELOW
                && rng.random::<f64>() < Self::WORSE;
            if again.len() <= dead.len() || worse_kept {
                dead = again;
            } else {
                for &cell in freed.iter().chain(&dead) {
                    if self.values[cell] != 0 {
                        self.clear(cell);
                    }
                }
                for &(cell, v) in &saved {
                    self.set(cell, v as usize - 1);
                }
            }
        }
    }

    /// The digits `cell` may take now.
    #[inline]
    pub(super) fn candidates(&self, cell: usize) -> Bits<W> {
        let [r, c, b] = self.houses_of[cell].map(|h| &self.used[h as usize]);
        self.root[cell].difference(&r.union(c).union(b))
    }

    /// Whether `cell` may take `digit` now (a few bits read, where [`Sparse::candidates`]
    /// reads whole sets).
    #[inline]
    fn may_take(&self, cell: usize, digit: usize) -> bool {
        self.root[cell].contains(digit)
            && self.houses_of[cell]
                .iter()
                .all(|&h| !self.used[h as usize].contains(digit))
    }

    pub(super) fn set(&mut self, cell: usize, digit: usize) {
        self.values[cell] = digit as u16 + 1;
        for h in self.houses_of[cell] {
            self.used[h as usize].insert(digit);
        }
    }

    fn clear(&mut self, cell: usize) {
        let digit = self.values[cell] as usize - 1;
        self.values[cell] = 0;
        for h in self.houses_of[cell] {
            self.used[h as usize].remove(digit);
        }
    }

    /// Fills the empty cells of `todo` (emptied), fewest candidates first (ties at random),
    /// each with its scarcest candidate ([`Sparse::scarcest`]); returns the cells left with
    /// none, or `None` when the watch fires. The cells wait in buckets by their number of
    /// candidates, which a placement lowers in the waiting cells of its three houses that
    /// may take its digit. Those are found in lists: in a fill from the root, each house's
    /// waiting cells (at most `O(cells × N)` for the fill, not `O(cells²)`); in a repair,
    /// the waiting cells by candidate digit, a few for each digit, since a repair's cells
    /// have few candidates, their other houses being nearly full (144×144 at 90 % holes:
    /// 4.8 → 1.2 s, `docs/research/sparse-search.md`). The lists by digit serve when the cells
    /// have [`Sparse::FEW`] candidates or fewer on average.
    pub(super) fn fill(
        &mut self,
        todo: &mut Vec<usize>,
        rng: &mut SmallRng,
        watch: &mut Watch,
    ) -> Option<Vec<usize>> {
        for list in self.buckets.iter_mut().chain(&mut self.waiters) {
            list.clear();
        }
        for list in &mut self.with {
            list.clear();
        }
        let mut lo = self.n;
        let mut total = 0;
        let mut todo_cand = std::mem::take(&mut self.todo_cand);
        todo_cand.clear();
        for &cell in todo.iter() {
            let cand = self.candidates(cell);
            let len = cand.len();
            todo_cand.push(cand);
            self.bucket(cell, len);
            self.waiting[cell] = true;
            lo = lo.min(len);
            total += len;
        }
        let by_digit = total <= Self::FEW * todo.len();
        self.count_places(todo, &todo_cand);
        for (&cell, cand) in todo.iter().zip(&todo_cand) {
            if by_digit {
                for digit in cand.iter() {
                    self.with[digit].push(cell as u32);
                }
            } else {
                for (j, h) in self.houses_of[cell].into_iter().enumerate() {
                    let waiters = &mut self.waiters[h as usize];
                    self.place[cell][j] = waiters.len() as u32;
                    waiters.push(cell as u32);
                }
            }
        }
        self.todo_cand = todo_cand;
        todo.clear();
        let mut dead = Vec::new();
        let mut steps = 0usize;
        loop {
            while lo <= self.n && self.buckets[lo].is_empty() {
                lo += 1;
            }
            if lo > self.n {
                return Some(dead);
            }
            steps += 1;
            if steps % Self::WATCH_STEPS == 0 && watch.expired() {
                return None;
            }
            let i = rng.random_range(0..self.buckets[lo].len());
            let cell = self.buckets[lo][i] as usize;
            self.unbucket(cell);
            self.waiting[cell] = false;
            if !by_digit {
                self.done_waiting(cell);
            }
            if lo == 0 {
                dead.push(cell);
                continue;
            }
            let digit = self.scarcest(cell, rng);
            // The waiting peers that may take the digit lose it: those of the digit's list
            // that share a house with the cell, or those of its three houses' lists, each
            // once (a peer may share two houses with the cell).
            let houses = self.houses_of[cell];
            if by_digit {
                let list = std::mem::take(&mut self.with[digit]);
                for &m in &list {
                    let m = m as usize;
                    let near = self.houses_of[m].iter().zip(&houses).any(|(a, b)| a == b);
                    if self.waiting[m] && near && self.may_take(m, digit) {
                        self.lose_one(m, digit, &mut lo);
                    }
                }
                self.with[digit] = list;
            } else {
                self.tick += 1;
                for h in houses {
                    let list = std::mem::take(&mut self.waiters[h as usize]);
                    for &m in &list {
                        let m = m as usize;
                        if self.seen[m] != self.tick && self.may_take(m, digit) {
                            self.seen[m] = self.tick;
                            self.lose_one(m, digit, &mut lo);
                        }
                    }
                    self.waiters[h as usize] = list;
                }
            }
            self.set(cell, digit);
        }
    }

    /// Counts the places of each digit of the cells to fill in their houses.
    pub(super) fn count_places(&mut self, todo: &[usize], todo_cand: &[Bits<W>]) {
        let n = self.n;
        for (&cell, cand) in todo.iter().zip(todo_cand) {
            for h in self.houses_of[cell] {
                for d in cand.iter() {
                    self.places[h as usize * n + d] = 0;
                }
            }
        }
        for (&cell, cand) in todo.iter().zip(todo_cand) {
            for h in self.houses_of[cell] {
                for d in cand.iter() {
                    self.places[h as usize * n + d] += 1;
                }
            }
        }
    }

    /// The digit a waiting cell takes: of its candidates, the one with the fewest places
    /// left in one of its houses (ties at random), the cell's own place counted; the cell
    /// stops waiting, so its candidates each lose a place. A digit that may go elsewhere in
    /// every house waits for a cell that needs it less: from a random candidate to this, the
    /// first fill of 400×400 at 97 % holes left 337 dead cells instead of 2,810, and 225×225
    /// at 90 % took 0.75× the time (`docs/research/sparse-search.md`).
    pub(super) fn scarcest(&mut self, cell: usize, rng: &mut SmallRng) -> usize {
        let n = self.n;
        let houses = self.houses_of[cell];
        let (mut best, mut digit, mut ties) = (u32::MAX, 0, 0);
        for d in self.candidates(cell).iter() {
            let mut fewest = u32::MAX;
            for h in houses {
                let places = &mut self.places[h as usize * n + d];
                fewest = fewest.min(*places);
                *places -= 1;
            }
            if fewest < best {
                (best, digit, ties) = (fewest, d, 1);
            } else if fewest == best {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    digit = d;
                }
            }
        }
        digit
    }

    /// A waiting cell loses a candidate: one bucket down (`lo`, the lowest bucket in use,
    /// follows), and one place less for the digit in its houses.
    fn lose_one(&mut self, cell: usize, digit: usize, lo: &mut usize) {
        for h in self.houses_of[cell] {
            self.places[h as usize * self.n + digit] -= 1;
        }
        self.unbucket(cell);
        let len = self.count[cell] as usize - 1;
        self.bucket(cell, len);
        *lo = (*lo).min(len);
    }

    /// Puts a waiting cell with `len` candidates in its bucket.
    fn bucket(&mut self, cell: usize, len: usize) {
        self.count[cell] = len as u32;
        self.slot[cell] = self.buckets[len].len() as u32;
        self.buckets[len].push(cell as u32);
    }

    /// Takes a waiting cell out of its bucket.
    fn unbucket(&mut self, cell: usize) {
        let bucket = &mut self.buckets[self.count[cell] as usize];
        let i = self.slot[cell] as usize;
        bucket.swap_remove(i);
        if let Some(&moved) = bucket.get(i) {
            self.slot[moved as usize] = i as u32;
        }
    }

    /// Takes a cell off its houses' lists of waiting cells. Its row, column and box are
    /// houses of three kinds, so a cell moved into its place in a list sits at the same
    /// index `j` of its own houses.
    fn done_waiting(&mut self, cell: usize) {
        for (j, h) in self.houses_of[cell].into_iter().enumerate() {
            let waiters = &mut self.waiters[h as usize];
            let i = self.place[cell][j] as usize;
            waiters.swap_remove(i);
            if let Some(&moved) = waiters.get(i) {
                self.place[moved as usize][j] = i as u32;
            }
        }
    }
}
