//! Conflict-driven clause learning over "cell holds digit", for the grids that defeat plain
//! backtracking (large grids near the phase transition, minimal 25×25 puzzles).
//!
//! The general engine hands a grid over once its own search has run long (see
//! `General::CDCL_AFTER`), starting from its root: the givens placed and propagated.
//!
//! # Variables and constraints
//! ```text
//! var v          one per (empty cell, candidate digit) left at the root   (x_v: the cell holds it)
//! literal        2v (x_v) or 2v + 1 (¬x_v)
//! constraint c   "exactly one of these variables": one per empty cell (its candidates), one per
//!                (house, missing digit) (the cells of the house that may take it)
//! cons_of[v]     the four constraints of v: its cell, and its digit in its row, column, box
//! ```
//! The constraints are not clauses: they propagate natively. A variable set true sets every
//! other variable of its four constraints false (the reason of each is that one variable: the
//! binary clause ¬x_v ∨ ¬x_u). `live[c]` counts the variables of `c` not (yet) seen false; when
//! it falls to one, the last variable is set true (naked and hidden singles; the reason is the
//! constraint's "at least one" clause), at zero the constraint is a conflict. Locked candidates
//! too: a house-digit constraint's variables fall into segments (a box's rows, its columns; a
//! line's boxes), counted per segment; when the variables left lie in one segment, the digit
//! leaves the rest of the segment's other house (the reason: the constraint's variables outside
//! the segment are all false). Only the learned clauses (and the clauses that block solutions
//! already found) are watched literals.
//!
//! # Search
//! MiniSat's recipe, written for these constraints: first-UIP learning with recursive clause
//! minimisation, then the candidates one placement ruled out replaced by the placement (see
//! `Cdcl::substitute`), non-chronological backjumps, VSIDS activity, Luby restarts, and
//! learned clauses with a high literal block distance dropped by halves. From CaDiCaL, tiers
//! (a learned clause of distance up to 6 that took part in a conflict since the last reduction
//! is kept: on the minimal 25×25 puzzles over 12 random seeds, 11 % less time and 154 instead
//! of 146 of 192 runs solved within 4 s), reason-side bumping after 5,000 conflicts
//! (`Cdcl::bump_reasons`: 0.91× the capped time on the same puzzles) and target phases: a
//! decision takes the variable's value in the longest conflict-free trail seen since the last
//! rephase (else its last value), and the saved phases are reset now and then (to the best
//! trail, all true, all false). On nine generated 36×36 instances (30 s each), locked
//! candidates took the instances solved from 2 to 5, target phases the total time from 215 s
//! to 128 s; restarts every 100 × Luby conflicts and an activity decay of 0.9 measured best
//! among the few settings tried (30, 100, 300, 1000; 0.8 … 0.99), within a large spread
//! between runs.
//!
//! A solution is blocked by the negation of its decisions, so that the next call finds another
//! one: the engine enumerates like the others.
//!
//! # Racing on idle threads
//! How long a hard grid takes is mostly the luck of the branching order: the same minimal 25×25
//! puzzle takes 0.4 s or 20 s under different random initial activities. When the search is
//! given [`Helpers`](super::Helpers) and a call has run [`Cdcl::RACE_AFTER`] conflicts, it
//! borrows the idle threads and races copies of itself on them, each with its activities drawn
//! at random (see [`Cdcl::race`]); the first to answer wins. On two cores, the 16 minimal
//! 25×25 puzzles of `large/` took 0.52× the time of one search
//! (`docs/research/clause-learning.md`). Each copy holds its own clauses, so the copies of a
//! search together stay within
//! [`Cdcl::RACE_BYTES`] when the race starts: a 225×225 search (46 MB) races seven copies at
//! most, a search of over 512 MB none.

mod analyze;
mod clauses;
mod heuristics;
mod propagate;
mod race;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;

use super::Watch;
use super::luby::luby;
use clauses::{LBD_MASK, PERMANENT, Watcher};
use heuristics::Heap;

/// How a call to [`Cdcl::run`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Found,
    Done,
    Stopped,
    Paused,
}

type Lit = u32;

const fn pos(v: u32) -> Lit {
    v << 1
}

const fn var(l: Lit) -> u32 {
    l >> 1
}

const UNSET: i8 = 0;
const TRUE: i8 = 1;
const FALSE: i8 = -1;

/// Why a variable holds its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// A decision, or a fact of the root.
    None,
    /// False, because this variable (of one of its constraints) is true.
    Amo(u32),
    /// True, because every other variable of this constraint is false.
    Alo(u32),
    /// Implied by the clause at this arena offset (the variable is its first literal).
    Clause(u32),
    /// False, because the digit's places left in house-digit constraint `.0` all lie in house
    /// `.1` (locked candidates): the variables of `.0` outside `.1` are all false.
    Locked(u32, u32),
}

/// What failed: two true variables of a constraint, a constraint with every variable false, or
/// a clause with every literal false.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Amo(u32, u32),
    Alo(u32),
    Clause(u32),
    /// This variable is true, yet locked candidates `(.0, .1)` rule it out.
    Locked(u32, u32, u32),
}

#[derive(Clone, Debug)]
pub(crate) struct Cdcl {
    /// The grid at the root (row-major, 0 = empty), where solutions are written.
    solution: Vec<u16>,
    /// Cell and digit (0-based) of each variable.
    cell: Vec<u32>,
    digit: Vec<u16>,
    cons_of: Vec<[u32; 4]>,
    /// Row, column and box of each cell; the constraint of each (house, digit), if any.
    houses_of: Vec<[u32; 3]>,
    house_con: Vec<u32>,
    n: usize,
    /// Locked candidates: a house-digit constraint's variables fall into segments, the
    /// intersections of its house with the houses of the other kind (a row's or column's
    /// boxes; a box's rows, and its columns: two partitions). `segs` is the most segments
    /// of a partition, 0 when boxes are lines (nothing to lock).
    segs: usize,
    /// Per variable: its segment in its row-digit, column-digit, box-digit (rows) and
    /// box-digit (columns) constraints.
    seg_of: Vec<[u16; 4]>,
    /// Per (constraint, partition, segment): variables not seen false, and the house the
    /// segment lies in; per (constraint, partition): segments with variables left, and the
    /// xor of their numbers (the segment itself when one is left).
    seg_live: Vec<u16>,
    seg_house: Vec<u32>,
    nonzero: Vec<u16>,
    seg_xor: Vec<u16>,
    /// Constraint `c` is `con_vars[con_start[c]..con_start[c + 1]]`.
    con_start: Vec<u32>,
    con_vars: Vec<u32>,
    live: Vec<u32>,
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Trail length at the start of each decision level.
    trail_lim: Vec<u32>,
    qhead: usize,
    arena: Vec<u32>,
    /// Arena words of dropped clauses (compacted at the root when they are many).
    wasted: usize,
    learnts: Vec<u32>,
    /// Watchers of each literal: visited when it becomes false.
    watches: Vec<Vec<Watcher>>,
    activity: Vec<f64>,
    var_inc: f64,
    heap: Heap,
    /// The last value of each variable (phase saving).
    phase: Vec<bool>,
    /// The values of the longest conflict-free trail since the last rephase (target phase,
    /// as CaDiCaL): 0 unset, else TRUE or FALSE; and the longest ever since a rephase used it.
    target: Vec<i8>,
    target_len: usize,
    best: Vec<i8>,
    best_len: usize,
    rephase_at: u64,
    rephases: u64,

    seen: Vec<bool>,
    learnt: Vec<Lit>,
    scratch: Vec<u32>,
    /// The variables marked `seen` by an analysis, to unmark.
    marked: Vec<u32>,
    /// Scratch for the minimisation's search.
    stack: Vec<u32>,
    rvars: Vec<u32>,
    /// Clause-database reductions so far.
    reductions: u64,
    /// Marks for counting the distinct levels of a clause.
    level_stamp: Vec<u64>,
    /// Per variable, during [`Cdcl::substitute`]: how many literals of the learned clause it
    /// made false (at-most-one reasons), plus two when its own negation is in the clause.
    shared: Vec<u32>,
    stamp: u64,
    decisions: u64,
    conflicts: u64,
    restarts: u64,
    restart_at: u64,
    reduce_at: u64,
    /// No (more) solutions.
    done: bool,
    /// A solution was just returned: the next call blocks it first.
    found: bool,
    /// Conflicts in one call before idle threads race copies of the search
    /// ([`Cdcl::RACE_AFTER`]; less in tests), and the races run so far.
    race_after: u64,
    races: u64,
    /// Bytes the racing copies may hold together ([`Cdcl::RACE_BYTES`]; less in tests).
    race_bytes: usize,
}

impl Cdcl {
    /// Luby restarts every this many conflicts times the sequence's term.
    const RESTART_UNIT: u64 = 100;
    const FIRST_REDUCE: u64 = 2_000;
    const REDUCE_STEP: u64 = 300;
    const VAR_DECAY: f64 = 0.9;
    const REPHASE_UNIT: u64 = 1_000;
    /// Learned clauses of at most this literal block distance survive a reduction when they
    /// took part in a conflict since the one before.
    const TIER2: u32 = 6;
    /// Reason-side bumps allowed per literal of a learned clause: 3 measured better than 10
    /// (`docs/research/clause-learning.md`).
    const REASON_BUMPS: usize = 3;
    /// Conflicts before reason-side bumping starts: from the first, it made the median of
    /// generated 25×25 grids (a few hundred conflicts each) 20 % slower; from 5,000 on, those
    /// are as before and the minimal 25×25 puzzles keep the gain
    /// (`docs/research/clause-learning.md`).
    const REASON_BUMPS_AFTER: u64 = 5_000;
    /// Conflicts in one call before idle threads race copies of the search
    /// ([`Cdcl::race`]), and between two looks for idle threads when there were none.
    const RACE_AFTER: u64 = 5_000;
    const RACE_RETRY: u64 = 1_000;
    /// Copies racing at most, besides the search itself.
    const MOST_HELPERS: usize = 7;
    /// Bytes the racing copies may hold together, as [`Cdcl::footprint`] estimates them when
    /// the race starts: fewer copies of a search this big race (none above 512 MiB), so that
    /// a huge grid on a machine with many cores stays near 1 GiB.
    const RACE_BYTES: usize = 512 << 20;
    /// Bytes of the tables kept per variable (values, levels, reasons, activities, heap,
    /// phases, marks, constraints and segments), for [`Cdcl::footprint`].
    const VAR_BYTES: usize = 96;

    /// A search over the grid `root` (row-major values, 0 = empty), whose empty cells may take
    /// the digits `candidates(cell)` yields. `houses_of[cell]` are the cell's row, column and
    /// box (0..n, n..2n, 2n..3n). `blocked` are solutions already found elsewhere: they are
    /// excluded.
    pub(crate) fn new<I>(
        n: usize,
        root: &[u16],
        candidates: impl Fn(usize) -> I,
        houses_of: &[[u32; 3]],
        blocked: &[Vec<u16>],
    ) -> Cdcl
    where
        I: Iterator<Item = usize>,
    {
        let mut cell = Vec::new();
        let mut digit = Vec::new();
        let mut cons_of = Vec::new();
        // Constraint ids: one per (house, digit) that some variable uses, then one per cell.
        let mut house_con = vec![u32::MAX; 3 * n * n];
        let mut sizes: Vec<u32> = Vec::new();
        let mut first_var = vec![u32::MAX; root.len()];
        for (c, &v) in root.iter().enumerate() {
            if v != 0 {
                continue;
            }
            let cell_con = sizes.len() as u32;
            sizes.push(0);
            first_var[c] = cell.len() as u32;
            for d in candidates(c) {
                let mut cons = [cell_con; 4];
                for (k, &h) in houses_of[c].iter().enumerate() {
                    let slot = &mut house_con[h as usize * n + d];
                    if *slot == u32::MAX {
                        *slot = sizes.len() as u32;
                        sizes.push(0);
                    }
                    cons[k + 1] = *slot;
                }
                for &k in &cons {
                    sizes[k as usize] += 1;
                }
                cell.push(c as u32);
                digit.push(d as u16);
                cons_of.push(cons);
            }
        }
        let vars = cell.len();
        let mut con_start = Vec::with_capacity(sizes.len() + 1);
        let mut total = 0u32;
        con_start.push(0);
        for &s in &sizes {
            total += s;
            con_start.push(total);
        }
        let mut fill: Vec<u32> = con_start[..sizes.len()].to_vec();
        let mut con_vars = vec![0u32; total as usize];
        for (v, cons) in cons_of.iter().enumerate() {
            for &k in cons {
                con_vars[fill[k as usize] as usize] = v as u32;
                fill[k as usize] += 1;
            }
        }
        // Box height and width, from the rows and columns of the first box.
        let (mut box_rows, mut box_cols): (Vec<u32>, Vec<u32>) = (0..root.len())
            .filter(|&c| houses_of[c][2] == houses_of[0][2])
            .map(|c| (houses_of[c][0], houses_of[c][1]))
            .unzip();
        box_rows.dedup();
        box_cols.sort_unstable();
        box_cols.dedup();
        let (h, w) = (box_rows.len(), box_cols.len());
        let segs = if h == 1 || w == 1 { 0 } else { h.max(w) };
        let seg_of: Vec<[u16; 4]> = cell
            .iter()
            .map(|&c| {
                let (row, col) = (c as usize / n, c as usize % n);
                [col / w, row / h, row % h, col % w].map(|x| x as u16)
            })
            .collect();
        let slots = if segs == 0 { 0 } else { 2 * sizes.len() };
        let mut seg_live = vec![0u16; slots * segs];
        let mut seg_house = vec![u32::MAX; slots * segs];
        let mut nonzero = vec![0u16; slots];
        let mut seg_xor = vec![0u16; slots];
        if segs > 0 {
            for (v, cons) in cons_of.iter().enumerate() {
                let c0 = houses_of[cell[v] as usize];
                // (constraint, partition, segment number, the house of the segment)
                let parts = [
                    (cons[1], 0, seg_of[v][0], c0[2]),
                    (cons[2], 0, seg_of[v][1], c0[2]),
                    (cons[3], 0, seg_of[v][2], c0[0]),
                    (cons[3], 1, seg_of[v][3], c0[1]),
                ];
                for (c, part, seg, house) in parts {
                    let slot = 2 * c as usize + part;
                    let i = slot * segs + seg as usize;
                    if seg_live[i] == 0 {
                        nonzero[slot] += 1;
                        seg_xor[slot] ^= seg;
                    }
                    seg_live[i] += 1;
                    seg_house[i] = house;
                }
            }
        }
        let mut s = Cdcl {
            solution: root.to_vec(),
            cell,
            digit,
            cons_of,
            houses_of: houses_of.to_vec(),
            house_con,
            n,
            segs,
            seg_of,
            seg_live,
            seg_house,
            nonzero,
            seg_xor,
            con_start,
            con_vars,
            live: sizes.clone(),
            value: vec![UNSET; vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            arena: Vec::new(),
            wasted: 0,
            learnts: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            activity: vec![0.0; vars],
            var_inc: 1.0,
            heap: Heap {
                heap: Vec::with_capacity(vars),
                at: vec![u32::MAX; vars],
            },
            phase: vec![true; vars],
            target: vec![UNSET; vars],
            target_len: 0,
            best: vec![UNSET; vars],
            best_len: 0,
            rephase_at: Self::REPHASE_UNIT,
            rephases: 0,

            seen: vec![false; vars],
            learnt: Vec::new(),
            scratch: Vec::new(),
            marked: Vec::new(),
            stack: Vec::new(),
            rvars: Vec::new(),
            reductions: 0,
            level_stamp: vec![0; vars + 1],
            shared: vec![0; vars],
            stamp: 0,
            decisions: 0,
            conflicts: 0,
            restarts: 0,
            restart_at: Self::RESTART_UNIT,
            reduce_at: Self::FIRST_REDUCE,
            done: false,
            found: false,
            race_after: Self::RACE_AFTER,
            races: 0,
            race_bytes: Self::RACE_BYTES,
        };
        s.refill_heap();
        // A house missing a digit that no cell of it may take: no solution. (The root's
        // propagation rules it out, but the engine does not rely on it.)
        let mut filled = vec![0usize; 3 * n];
        for (c, &v) in root.iter().enumerate() {
            if v != 0 {
                for &h in &houses_of[c] {
                    filled[h as usize] += 1;
                }
            }
        }
        for (h, &placed) in filled.iter().enumerate() {
            let missing = (0..n)
                .filter(|&d| s.house_con[h * n + d] != u32::MAX)
                .count();
            if placed + missing < n {
                s.done = true;
            }
        }
        for sol in blocked {
            let lits: Vec<Lit> = (0..root.len())
                .filter(|&c| root[c] == 0)
                .filter_map(|c| {
                    let first = first_var[c] as usize;
                    (first..s.cell.len())
                        .take_while(|&v| s.cell[v] == c as u32)
                        .find(|&v| s.digit[v] + 1 == sol[c])
                        .map(|v| pos(v as u32) | 1)
                })
                .collect();
            s.add_root_clause(&lits);
        }
        for (c, &size) in sizes.iter().enumerate() {
            match size {
                0 => s.done = true,
                1 => {
                    let v = s.con_vars[s.con_start[c] as usize];
                    if s.value[v as usize] == UNSET {
                        s.assign(pos(v), Reason::None);
                    }
                }
                _ => {}
            }
        }
        if s.segs > 0 {
            for slot in 0..s.nonzero.len() {
                let c = (slot / 2) as u32;
                if s.nonzero[slot] == 1 && s.live[c as usize] >= 2 && s.locked(slot).is_some() {
                    s.done = true;
                }
            }
        }
        if !s.done && s.propagate().is_some() {
            s.done = true;
        }
        s
    }

    pub(crate) fn decisions(&self) -> u64 {
        self.decisions
    }

    #[inline]
    fn lit_value(&self, l: Lit) -> i8 {
        let v = self.value[var(l) as usize];
        if l & 1 == 0 { v } else { -v }
    }

    #[inline]
    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    #[inline]
    fn assign(&mut self, l: Lit, why: Reason) {
        let v = var(l) as usize;
        self.value[v] = if l & 1 == 0 { TRUE } else { FALSE };
        self.level[v] = self.decision_level();
        self.reason[v] = why;
        self.trail.push(l);
    }

    #[inline]
    fn con(&self, c: u32) -> std::ops::Range<usize> {
        self.con_start[c as usize] as usize..self.con_start[c as usize + 1] as usize
    }

    /// The next solution (row-major values), or `None` when there are no more or `watch`
    /// fired. `guesses` are the decisions taken before this engine took over. Once this call
    /// has run [`Cdcl::RACE_AFTER`] conflicts, idle threads of the watch's
    /// [`Helpers`](super::Helpers) (if any) race copies of the search, as many as
    /// [`Cdcl::RACE_BYTES`] allows (see [`Cdcl::race`]).
    pub(crate) fn next_solution(&mut self, watch: &mut Watch, guesses: u64) -> Option<&[u16]> {
        let racing = watch.stop.helpers.clone();
        let mut pause = match racing {
            Some(_) => self.conflicts + self.race_after,
            None => u64::MAX,
        };
        let step = loop {
            let step = self.run(watch, guesses, pause, None);
            let (Step::Paused, Some(helpers)) = (step, &racing) else {
                break step;
            };
            let most = Self::MOST_HELPERS.min(self.race_bytes / self.footprint().max(1));
            if most == 0 {
                pause = u64::MAX;
                continue;
            }
            let taken = helpers.borrow(most);
            if taken == 0 {
                pause = self.conflicts + Self::RACE_RETRY;
                continue;
            }
            let step = self.race(watch, guesses, taken);
            helpers.add_idle(taken);
            break step;
        };
        (step == Step::Found).then_some(self.solution.as_slice())
    }

    /// Searches until a solution ([`Step::Found`]), no more ([`Step::Done`]), the watch or the
    /// `lost` flag ([`Step::Stopped`]), or the first restart at `pause` conflicts or more
    /// ([`Step::Paused`], at the root).
    fn run(
        &mut self,
        watch: &mut Watch,
        guesses: u64,
        pause: u64,
        lost: Option<&AtomicBool>,
    ) -> Step {
        if self.found {
            self.found = false;
            self.block_solution();
        }
        if self.done {
            return Step::Done;
        }
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                self.update_target();
                if self.decision_level() == 0 {
                    self.done = true;
                    return Step::Done;
                }
                let back = self.analyze(conflict);
                self.cancel_until(back);
                let learnt = std::mem::take(&mut self.learnt);
                if learnt.len() == 1 {
                    self.assign(learnt[0], Reason::None);
                } else {
                    let lbd = self.lbd(&learnt);
                    let o = self.store(&learnt, lbd.min(LBD_MASK));
                    self.learnts.push(o);
                    self.assign(learnt[0], Reason::Clause(o));
                }
                self.learnt = learnt;
                continue;
            }
            if self.conflicts >= self.restart_at {
                self.restarts += 1;
                self.restart_at = self.conflicts + Self::RESTART_UNIT * luby(self.restarts);
                self.cancel_until(0);
                if self.conflicts >= self.rephase_at {
                    self.rephase();
                }
                if self.conflicts >= self.reduce_at {
                    self.reductions += 1;
                    self.reduce_at =
                        self.conflicts + Self::FIRST_REDUCE + Self::REDUCE_STEP * self.reductions;
                    self.reduce();
                    if self.wasted > self.arena.len() / 2 {
                        self.compact();
                    }
                }
                if self.conflicts >= pause {
                    return Step::Paused;
                }
                continue;
            }
            let Some(v) = self.pick() else {
                // Every variable is set and nothing conflicts: a solution.
                for (v, &val) in self.value.iter().enumerate() {
                    if val == TRUE {
                        self.solution[self.cell[v] as usize] = self.digit[v] + 1;
                    }
                }
                self.found = true;
                return Step::Found;
            };
            self.decisions += 1;
            if watch.due(guesses + self.decisions) || lost.is_some_and(|l| l.load(Relaxed)) {
                return Step::Stopped;
            }
            self.trail_lim.push(self.trail.len() as u32);
            let positive = match self.target[v as usize] {
                UNSET => self.phase[v as usize],
                t => t == TRUE,
            };
            let l = if positive { pos(v) } else { pos(v) | 1 };
            self.assign(l, Reason::None);
        }
    }

    /// Excludes the solution just returned: not all of its decisions again.
    fn block_solution(&mut self) {
        let level = self.decision_level();
        if level == 0 {
            self.done = true; // the root alone implied it: it was the only one
            return;
        }
        let mut lits: Vec<Lit> = (0..level as usize)
            .rev()
            .map(|k| self.trail[self.trail_lim[k] as usize] ^ 1)
            .collect();
        self.cancel_until(level - 1);
        if lits.len() == 1 {
            self.cancel_until(0);
            self.assign(lits[0], Reason::None);
        } else {
            // Highest level first, the next highest second: the clause asserts lits[0].
            lits[1..].sort_by_key(|&l| std::cmp::Reverse(self.level[var(l) as usize]));
            let o = self.store(&lits, PERMANENT);
            self.assign(lits[0], Reason::Clause(o));
        }
    }
}
