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
//! 25×25 puzzles of `large/` took 0.52× the time of one search (`docs/benchmarks.md`). Each
//! copy holds its own clauses, so the copies of a search together stay within
//! [`Cdcl::RACE_BYTES`] when the race starts: a 225×225 search (46 MB) races seven copies at
//! most, a search of over 512 MB none.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicUsize};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::Watch;
use super::luby::luby;

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

/// A clause watching a literal; `blocker` is another of its literals (true: nothing to do).
#[derive(Clone, Copy, Debug)]
struct Watcher {
    clause: u32,
    blocker: Lit,
}

/// Clause header in the arena: `[len, lbd | flags, where the last search for a watch ended,
/// lits…]`.
const HEADER: usize = 3;
/// The header word that holds where the last search for a new watch ended (Gent's circular
/// search); it starts at the first literal not watched.
const SEARCH: usize = 2;
const FIRST_UNWATCHED: u32 = 2;
const DELETED: u32 = 1 << 31;
/// Never dropped: a clause that blocks a solution already returned.
const PERMANENT: u32 = 1 << 30;
/// A learned clause took part in a conflict's analysis since the last reduction.
const USED: u32 = 1 << 29;
const LBD_MASK: u32 = USED - 1;

/// Variables by activity, highest first (a binary heap with positions, for VSIDS).
#[derive(Clone, Debug, Default)]
struct Heap {
    heap: Vec<u32>,
    /// Index in `heap`, or `u32::MAX` when absent.
    at: Vec<u32>,
}

impl Heap {
    fn contains(&self, v: u32) -> bool {
        self.at[v as usize] != u32::MAX
    }

    fn insert(&mut self, v: u32, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.at[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1, act);
    }

    fn pop(&mut self, act: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.at[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.at[last as usize] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    /// Restores the order after `v`'s activity grew.
    fn increased(&mut self, v: u32, act: &[f64]) {
        let i = self.at[v as usize];
        if i != u32::MAX {
            self.up(i as usize, act);
        }
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.at[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.at[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        let len = self.heap.len();
        loop {
            let mut child = 2 * i + 1;
            if child >= len {
                break;
            }
            if child + 1 < len
                && act[self.heap[child + 1] as usize] > act[self.heap[child] as usize]
            {
                child += 1;
            }
            let c = self.heap[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.at[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.at[v as usize] = i as u32;
    }
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
    /// (`docs/benchmarks.md`).
    const REASON_BUMPS: usize = 3;
    /// Conflicts before reason-side bumping starts: from the first, it made the median of
    /// generated 25×25 grids (a few hundred conflicts each) 20 % slower; from 5,000 on, those
    /// are as before and the minimal 25×25 puzzles keep the gain (`docs/benchmarks.md`).
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

    /// A clause over the root, before any search (a blocked solution).
    fn add_root_clause(&mut self, lits: &[Lit]) {
        match lits {
            [] => self.done = true,
            [l] => match self.lit_value(*l) {
                UNSET => self.assign(*l, Reason::None),
                FALSE => self.done = true,
                _ => {}
            },
            _ => {
                self.store(lits, PERMANENT);
            }
        }
    }

    /// Puts a clause of two literals or more into the arena and watches its first two.
    fn store(&mut self, lits: &[Lit], flags: u32) -> u32 {
        let o = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push(flags);
        self.arena.push(FIRST_UNWATCHED);
        self.arena.extend_from_slice(lits);
        self.watches[lits[0] as usize].push(Watcher {
            clause: o,
            blocker: lits[1],
        });
        self.watches[lits[1] as usize].push(Watcher {
            clause: o,
            blocker: lits[0],
        });
        o
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

    /// Propagates the trail; the conflict, if one arises.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let v = var(p);
            if p & 1 == 0 {
                // x_v true: every other variable of its constraints false.
                for k in 0..4 {
                    let c = self.cons_of[v as usize][k];
                    for i in self.con(c) {
                        let u = self.con_vars[i];
                        if u == v {
                            continue;
                        }
                        match self.value[u as usize] {
                            UNSET => self.assign(pos(u) | 1, Reason::Amo(v)),
                            TRUE => return Some(Conflict::Amo(v, u)),
                            _ => {}
                        }
                    }
                }
            } else {
                // x_v false: its constraints have one variable fewer left. (Every count is
                // lowered before any is looked at, so that undoing restores them all.)
                let cons = self.cons_of[v as usize];
                for &c in &cons {
                    self.live[c as usize] -= 1;
                }
                // The partitions whose variables now lie in one segment.
                let mut one = [usize::MAX; 4];
                if self.segs > 0 {
                    let seg_of = self.seg_of[v as usize];
                    for k in 0..4 {
                        let slot = 2 * cons[1 + k.min(2)] as usize + k / 3;
                        let seg = seg_of[k];
                        let i = slot * self.segs + seg as usize;
                        self.seg_live[i] -= 1;
                        if self.seg_live[i] == 0 {
                            self.nonzero[slot] -= 1;
                            self.seg_xor[slot] ^= seg;
                            if self.nonzero[slot] == 1 {
                                one[k] = slot;
                            }
                        }
                    }
                }
                for &c in &cons {
                    match self.live[c as usize] {
                        0 => return Some(Conflict::Alo(c)),
                        1 => {
                            let last = self
                                .con(c)
                                .map(|i| self.con_vars[i])
                                .find(|&u| self.value[u as usize] != FALSE);
                            match last {
                                // The last one is false but not yet propagated.
                                None => return Some(Conflict::Alo(c)),
                                Some(u) if self.value[u as usize] == UNSET => {
                                    self.assign(pos(u), Reason::Alo(c));
                                }
                                Some(_) => {}
                            }
                        }
                        _ => {}
                    }
                }
                for slot in one {
                    if slot != usize::MAX && self.live[slot / 2] >= 2 {
                        if let Some(conflict) = self.locked(slot) {
                            return Some(conflict);
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Locked candidates from a partition of a house-digit constraint whose variables left
    /// all lie in one segment: the digit leaves the rest of the segment's other house (a
    /// box's row or column, a line's box).
    fn locked(&mut self, slot: usize) -> Option<Conflict> {
        let c = (slot / 2) as u32;
        let seg = self.seg_xor[slot] as usize;
        let o = self.seg_house[slot * self.segs + seg];
        let first = self.con_vars[self.con(c).start];
        let kind = self.kind_of(c, first);
        let house = self.houses_of[self.cell[first as usize] as usize][kind];
        let d = self.digit[first as usize] as usize;
        let target = self.house_con[o as usize * self.n + d];
        for j in self.con(target) {
            let u = self.con_vars[j];
            if self.houses_of[self.cell[u as usize] as usize][kind] == house {
                continue;
            }
            match self.value[u as usize] {
                UNSET => self.assign(pos(u) | 1, Reason::Locked(c, o)),
                TRUE => return Some(Conflict::Locked(c, o, u)),
                _ => {}
            }
        }
        None
    }

    /// Which house of its cells constraint `c` (a house-digit one, with variable `v`) is:
    /// 0 row, 1 column, 2 box.
    #[inline]
    fn kind_of(&self, c: u32, v: u32) -> usize {
        let cons = &self.cons_of[v as usize];
        if cons[1] == c {
            0
        } else if cons[2] == c {
            1
        } else {
            2
        }
    }

    /// The variables of house-digit constraint `c` outside house `o`: the reason of locked
    /// candidates `(c, o)`.
    fn outside(&self, c: u32, o: u32, out: &mut Vec<u32>) {
        let ko = (o as usize / self.n).min(2);
        out.extend(
            self.con(c)
                .map(|i| self.con_vars[i])
                .filter(|&w| self.houses_of[self.cell[w as usize] as usize][ko] != o),
        );
    }

    /// Visits the clauses watching `false_lit`, which just became false.
    #[inline(never)]
    fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        if self.watches[false_lit as usize].is_empty() {
            return None;
        }
        let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
        let mut conflict = None;
        let (mut i, mut j) = (0, 0);
        'next: while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.lit_value(w.blocker) == TRUE {
                ws[j] = w;
                j += 1;
                continue;
            }
            let o = w.clause as usize;
            if self.arena[o + 1] & DELETED != 0 {
                continue; // dropped: forget the watcher
            }
            let len = self.arena[o] as usize;
            let lits = o + HEADER;
            if self.arena[lits] == false_lit {
                self.arena.swap(lits, lits + 1);
            }
            let first = self.arena[lits];
            if first != w.blocker && self.lit_value(first) == TRUE {
                ws[j] = Watcher {
                    clause: w.clause,
                    blocker: first,
                };
                j += 1;
                continue;
            }
            // A literal to watch instead, looked for from where the last search ended (Gent's
            // circular search: a long learned clause is not scanned from its start each time).
            let start = self.arena[o + SEARCH] as usize;
            for k in (start..len).chain(FIRST_UNWATCHED as usize..start) {
                let l = self.arena[lits + k];
                if self.lit_value(l) != FALSE {
                    self.arena[o + SEARCH] = k as u32;
                    self.arena.swap(lits + 1, lits + k);
                    self.watches[l as usize].push(Watcher {
                        clause: w.clause,
                        blocker: first,
                    });
                    continue 'next;
                }
            }
            ws[j] = Watcher {
                clause: w.clause,
                blocker: first,
            };
            j += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(Conflict::Clause(w.clause));
                while i < ws.len() {
                    ws[j] = ws[i];
                    i += 1;
                    j += 1;
                }
                break;
            }
            self.assign(first, Reason::Clause(w.clause));
        }
        ws.truncate(j);
        self.watches[false_lit as usize] = ws;
        conflict
    }

    /// The variables of the clause behind a conflict.
    fn conflict_vars(&self, conflict: Conflict, out: &mut Vec<u32>) {
        out.clear();
        match conflict {
            Conflict::Amo(a, b) => out.extend([a, b]),
            Conflict::Alo(c) => out.extend(self.con(c).map(|i| self.con_vars[i])),
            Conflict::Clause(o) => {
                let o = o as usize;
                let len = self.arena[o] as usize;
                out.extend(
                    self.arena[o + HEADER..o + HEADER + len]
                        .iter()
                        .map(|&l| var(l)),
                );
            }
            Conflict::Locked(c, o, u) => {
                out.push(u);
                self.outside(c, o, out);
            }
        }
    }

    /// The other variables of the clause that implied `v`.
    fn reason_vars(&self, v: u32, out: &mut Vec<u32>) {
        out.clear();
        match self.reason[v as usize] {
            Reason::None => {}
            Reason::Amo(u) => out.push(u),
            Reason::Alo(c) => out.extend(self.con(c).map(|i| self.con_vars[i]).filter(|&u| u != v)),
            Reason::Clause(o) => {
                let o = o as usize;
                let len = self.arena[o] as usize;
                out.extend(
                    self.arena[o + HEADER + 1..o + HEADER + len]
                        .iter()
                        .map(|&l| var(l)),
                );
            }
            Reason::Locked(c, o) => self.outside(c, o, out),
        }
    }

    /// The literal of `v` that is false now.
    #[inline]
    fn false_lit(&self, v: u32) -> Lit {
        if self.value[v as usize] == TRUE {
            pos(v) | 1
        } else {
            pos(v)
        }
    }

    fn bump(&mut self, v: u32) {
        let a = &mut self.activity[v as usize];
        *a += self.var_inc;
        if *a > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.increased(v, &self.activity);
    }

    /// First-UIP analysis: fills `learnt` (the asserting literal first, then the literal of
    /// the highest other level) and returns the level to jump back to.
    fn analyze(&mut self, conflict: Conflict) -> u32 {
        let level = self.decision_level();
        let mut vars = std::mem::take(&mut self.scratch);
        self.learnt.clear();
        self.learnt.push(0);
        self.conflict_vars(conflict, &mut vars);
        if let Conflict::Clause(o) = conflict {
            self.arena[o as usize + 1] |= USED;
        }
        debug_assert!(
            vars.iter().all(|&u| self.value[u as usize] != UNSET),
            "{conflict:?}"
        );
        debug_assert!(
            vars.iter().any(|&u| self.level[u as usize] == level),
            "{conflict:?} {:?}",
            vars.iter()
                .map(|&u| (self.level[u as usize], self.reason[u as usize]))
                .collect::<Vec<_>>()
        );
        let mut path = 0;
        let mut index = self.trail.len();
        loop {
            for &u in &vars {
                let ui = u as usize;
                if !self.seen[ui] && self.level[ui] > 0 {
                    self.seen[ui] = true;
                    self.bump(u);
                    if self.level[ui] == level {
                        path += 1;
                    } else {
                        let l = self.false_lit(u);
                        self.learnt.push(l);
                    }
                }
            }
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p) as usize] {
                    break p;
                }
            };
            let pv = var(p);
            self.seen[pv as usize] = false;
            path -= 1;
            if path == 0 {
                self.learnt[0] = p ^ 1;
                break;
            }
            if let Reason::Clause(o) = self.reason[pv as usize] {
                self.arena[o as usize + 1] |= USED;
            }
            self.reason_vars(pv, &mut vars);
        }
        // Drop the literals implied by the others (MiniSat's recursive minimisation).
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        marked.extend(self.learnt[1..].iter().map(|&l| var(l)));
        let levels = self.learnt[1..].iter().fold(0u32, |a, &l| {
            a | Self::abstract_level(self.level[var(l) as usize])
        });
        let mut keep = 1;
        for i in 1..self.learnt.len() {
            let l = self.learnt[i];
            let v = var(l);
            if self.reason[v as usize] == Reason::None || !self.redundant(v, levels, &mut marked) {
                self.learnt[keep] = l;
                keep += 1;
            }
        }
        for &v in &marked {
            self.seen[v as usize] = false;
        }
        self.marked = marked;
        self.learnt.truncate(keep);
        self.scratch = vars;
        if self.conflicts >= Self::REASON_BUMPS_AFTER {
            self.bump_reasons();
        }
        self.substitute();
        self.var_inc /= Self::VAR_DECAY;
        // The literal of the highest level after the first goes second (it is watched).
        let mut back = 0;
        for i in 1..self.learnt.len() {
            let lv = self.level[var(self.learnt[i]) as usize];
            if lv > back {
                back = lv;
                self.learnt.swap(1, i);
            }
        }
        back
    }

    /// Bumps the variables that imply the learned clause's literals after the first (the
    /// "reason side", which CaDiCaL bumps by default), not in the clause, up to
    /// [`Cdcl::REASON_BUMPS`] times the clause's length in all: what the clause rests on is
    /// what the next conflicts are likely to hinge on. On the minimal 25×25 puzzles (nine
    /// seeds each) it took 0.91× the capped time (`docs/benchmarks.md`).
    fn bump_reasons(&mut self) {
        let mut marked = std::mem::take(&mut self.marked);
        let mut rvars = std::mem::take(&mut self.rvars);
        marked.clear();
        for &l in &self.learnt {
            self.seen[var(l) as usize] = true;
        }
        let budget = Self::REASON_BUMPS * self.learnt.len();
        'clause: for i in 1..self.learnt.len() {
            self.reason_vars(var(self.learnt[i]), &mut rvars);
            for &u in &rvars {
                let ui = u as usize;
                if self.seen[ui] || self.level[ui] == 0 {
                    continue;
                }
                if marked.len() == budget {
                    break 'clause;
                }
                self.seen[ui] = true;
                marked.push(u);
                self.bump(u);
            }
        }
        for &l in &self.learnt {
            self.seen[var(l) as usize] = false;
        }
        for &u in &marked {
            self.seen[u as usize] = false;
        }
        self.marked = marked;
        self.rvars = rvars;
    }

    /// Shortens the learned clause through the at-most-one reasons: the literals `x_u` that
    /// are false because the same variable `v` is true (`¬x_u ∨ ¬x_v`) give way to the one
    /// literal `¬x_v` (resolution on each `u`), when two or more share it or `¬x_v` is in the
    /// clause already. The cells and house-digits a placement rules out become the placement
    /// itself: on the minimal 25×25 puzzles, learned clauses shrink from 41 literals to 26 on
    /// average and the puzzles take fewer conflicts (`docs/benchmarks.md`). `v`'s level is at
    /// most `u`'s, so the clause still asserts its first literal and jumps as far back.
    fn substitute(&mut self) {
        let learnt = std::mem::take(&mut self.learnt);
        for &l in &learnt[1..] {
            let u = var(l) as usize;
            if let Reason::Amo(v) = self.reason[u] {
                self.shared[v as usize] += 1;
            }
            if self.value[u] == TRUE {
                self.shared[u] += 2;
            }
        }
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        out.push(learnt[0]);
        for &l in &learnt[1..] {
            let u = var(l);
            let w = match self.reason[u as usize] {
                Reason::Amo(v) if self.shared[v as usize] >= 2 => v,
                _ => u,
            };
            if !self.seen[w as usize] {
                self.seen[w as usize] = true;
                out.push(if w == u { l } else { pos(w) | 1 });
            }
        }
        for &l in &out[1..] {
            self.seen[var(l) as usize] = false;
        }
        for &l in &learnt[1..] {
            let u = var(l) as usize;
            if let Reason::Amo(v) = self.reason[u] {
                self.shared[v as usize] = 0;
            }
            self.shared[u] = 0;
        }
        self.scratch = learnt;
        self.learnt = out;
    }

    #[inline]
    fn abstract_level(level: u32) -> u32 {
        1 << (level & 31)
    }

    /// Whether `v` (in the learned clause, implied) follows from the clause's other literals:
    /// every path back from its reason ends in a marked variable. Marks what it proves.
    fn redundant(&mut self, v: u32, levels: u32, marked: &mut Vec<u32>) -> bool {
        let top = marked.len();
        let mut stack = std::mem::take(&mut self.stack);
        let mut rvars = std::mem::take(&mut self.rvars);
        stack.clear();
        stack.push(v);
        let mut ok = true;
        'search: while let Some(x) = stack.pop() {
            self.reason_vars(x, &mut rvars);
            for &u in &rvars {
                let ui = u as usize;
                if self.seen[ui] || self.level[ui] == 0 {
                    continue;
                }
                if self.reason[ui] != Reason::None
                    && Self::abstract_level(self.level[ui]) & levels != 0
                {
                    self.seen[ui] = true;
                    stack.push(u);
                    marked.push(u);
                } else {
                    for &w in &marked[top..] {
                        self.seen[w as usize] = false;
                    }
                    marked.truncate(top);
                    ok = false;
                    break 'search;
                }
            }
        }
        self.stack = stack;
        self.rvars = rvars;
        ok
    }

    /// Literal block distance: the number of distinct levels among the clause's literals.
    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for &l in lits {
            let lv = self.level[var(l) as usize] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                count += 1;
            }
        }
        count
    }

    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize] as usize;
        for i in (start..self.trail.len()).rev() {
            let p = self.trail[i];
            let v = var(p);
            if p & 1 == 1 && i < self.qhead {
                let cons = self.cons_of[v as usize];
                for &c in &cons {
                    self.live[c as usize] += 1;
                }
                if self.segs > 0 {
                    let seg_of = self.seg_of[v as usize];
                    for k in 0..4 {
                        let slot = 2 * cons[1 + k.min(2)] as usize + k / 3;
                        let seg = seg_of[k];
                        let i = slot * self.segs + seg as usize;
                        if self.seg_live[i] == 0 {
                            self.nonzero[slot] += 1;
                            self.seg_xor[slot] ^= seg;
                        }
                        self.seg_live[i] += 1;
                    }
                }
            }
            self.value[v as usize] = UNSET;
            self.phase[v as usize] = p & 1 == 0;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = start;
    }

    /// Drops half of the learned clauses that are not kept for good, the worst first (high
    /// literal block distance). Kept: those of distance two or less, those of distance up to
    /// `Cdcl::TIER2` that took part in a conflict since the last reduction (as CaDiCaL's
    /// tiers), and those that are the reason of an assignment.
    fn reduce(&mut self) {
        let learnts = std::mem::take(&mut self.learnts);
        let mut kept = Vec::with_capacity(learnts.len());
        let mut candidates = Vec::with_capacity(learnts.len());
        for o in learnts {
            let flags = &mut self.arena[o as usize + 1];
            let lbd = *flags & LBD_MASK;
            if lbd <= 2 || (lbd <= Self::TIER2 && *flags & USED != 0) {
                kept.push(o);
            } else {
                candidates.push(o);
            }
            *flags &= !USED;
        }
        candidates.sort_by_key(|&o| std::cmp::Reverse(self.arena[o as usize + 1] & LBD_MASK));
        let half = candidates.len() / 2;
        for (i, &o) in candidates.iter().enumerate() {
            let oi = o as usize;
            let first = var(self.arena[oi + HEADER]) as usize;
            let locked = self.value[first] != UNSET && self.reason[first] == Reason::Clause(o);
            if i < half && !locked {
                self.arena[oi + 1] |= DELETED;
                self.wasted += HEADER + self.arena[oi] as usize;
            } else {
                kept.push(o);
            }
        }
        self.learnts = kept;
    }

    /// At the root: rebuilds the arena without the dropped clauses, and the watches with it.
    fn compact(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        for w in &mut self.watches {
            w.clear();
        }
        for &l in &self.trail {
            self.reason[var(l) as usize] = Reason::None;
        }
        let old = std::mem::take(&mut self.arena);
        let mut o = 0;
        self.learnts.clear();
        while o < old.len() {
            let len = old[o] as usize;
            let flags = old[o + 1];
            if flags & DELETED == 0 {
                let new = self.store(&old[o + HEADER..o + HEADER + len], flags);
                if flags & PERMANENT == 0 {
                    self.learnts.push(new);
                }
            }
            o += HEADER + len;
        }
        self.wasted = 0;
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

    /// Races `helpers` copies of the search, each on its own thread, against this one, from
    /// the root: each copy starts as a new search would, with its activities drawn at random
    /// and every saved phase true (no target phases), but it keeps this search's learned
    /// clauses. The first to find a solution or to show there are none wins, and the others
    /// stop; a copy that wins becomes this search (with its watch). A copy whose thread cannot
    /// start is left out.
    fn race(&mut self, watch: &mut Watch, guesses: u64, helpers: usize) -> Step {
        self.races += 1;
        let lost = AtomicBool::new(false);
        let winner = AtomicUsize::new(usize::MAX);
        let finish = |who: usize, step: Step| {
            if matches!(step, Step::Found | Step::Done)
                && winner
                    .compare_exchange(usize::MAX, who, Relaxed, Relaxed)
                    .is_ok()
            {
                lost.store(true, Relaxed);
            }
            step
        };
        let mut copies: Vec<(Cdcl, Watch)> = (1..=helpers as u64)
            .map(|k| {
                let mut copy = self.clone();
                copy.diversify(self.conflicts ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                (copy, watch.clone())
            })
            .collect();
        let mut steps = vec![Step::Stopped; helpers + 1];
        std::thread::scope(|scope| {
            let (lost, finish) = (&lost, &finish);
            let handles: Vec<_> = copies
                .iter_mut()
                .enumerate()
                .filter_map(|(k, (copy, watch))| {
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            if let Some(helpers) = &watch.stop.helpers {
                                helpers.thread_started();
                            }
                            (
                                k + 1,
                                finish(k + 1, copy.run(watch, guesses, u64::MAX, Some(lost))),
                            )
                        })
                        .ok()
                })
                .collect();
            steps[0] = finish(0, self.run(watch, guesses, u64::MAX, Some(lost)));
            for handle in handles {
                if let Ok((k, step)) = handle.join() {
                    steps[k] = step;
                }
            }
        });
        match winner.into_inner() {
            0 | usize::MAX => steps[0],
            k => {
                let (copy, copy_watch) = &mut copies[k - 1];
                std::mem::swap(self, copy);
                std::mem::swap(watch, copy_watch);
                steps[k]
            }
        }
    }

    /// About how many bytes a copy of this search holds (see [`Cdcl::race`]): its clauses,
    /// watch lists, constraints and per-variable tables.
    fn footprint(&self) -> usize {
        use std::mem::size_of_val as bytes;
        let watchers: usize = self.watches.iter().map(|w| bytes(w.as_slice())).sum();
        bytes(self.arena.as_slice())
            + bytes(self.learnts.as_slice())
            + bytes(self.watches.as_slice())
            + watchers
            + bytes(self.con_vars.as_slice())
            + bytes(self.seg_live.as_slice())
            + bytes(self.seg_house.as_slice())
            + self.value.len() * Self::VAR_BYTES
    }

    /// Sends a copy of the search elsewhere (see [`Cdcl::race`]): activities drawn from
    /// `seed`, saved phases true (as a new search starts), no target phases. At the root
    /// only. Phases false, or kept, measured no better (`docs/benchmarks.md`).
    fn diversify(&mut self, seed: u64) {
        debug_assert_eq!(self.decision_level(), 0);
        let mut rng = SmallRng::seed_from_u64(seed);
        for a in &mut self.activity {
            *a = self.var_inc * rng.random::<f64>();
        }
        self.refill_heap();
        self.phase.fill(true);
        self.forget_target();
    }

    /// Puts every unset variable in the heap, by the activities as they are now.
    fn refill_heap(&mut self) {
        self.heap.heap.clear();
        self.heap.at.fill(u32::MAX);
        for v in 0..self.activity.len() as u32 {
            if self.value[v as usize] == UNSET {
                self.heap.insert(v, &self.activity);
            }
        }
    }

    /// Drops the target phases (the longest conflict-free trail): none until the next conflict.
    fn forget_target(&mut self) {
        self.target.fill(UNSET);
        self.target_len = 0;
    }

    /// Remembers the trail below the conflicting level (propagated without conflict) when it
    /// is the longest yet.
    fn update_target(&mut self) {
        let level = self.decision_level() as usize;
        let consistent = if level == 0 {
            0
        } else {
            self.trail_lim[level - 1] as usize
        };
        if consistent > self.target_len {
            self.target_len = consistent;
            for &l in &self.trail[..consistent] {
                self.target[var(l) as usize] = if l & 1 == 0 { TRUE } else { FALSE };
            }
        }
        if consistent > self.best_len {
            self.best_len = consistent;
            for &l in &self.trail[..consistent] {
                self.best[var(l) as usize] = if l & 1 == 0 { TRUE } else { FALSE };
            }
        }
    }

    /// Resets the saved phases now and then: to the best trail, to all true, to all false.
    fn rephase(&mut self) {
        self.rephases += 1;
        self.rephase_at = self.conflicts + Self::REPHASE_UNIT * self.rephases;
        match self.rephases % 4 {
            1 | 3 => {
                for (p, &b) in self.phase.iter_mut().zip(&self.best) {
                    if b != UNSET {
                        *p = b == TRUE;
                    }
                }
                self.best_len = 0;
            }
            2 => self.phase.fill(true),
            _ => self.phase.fill(false),
        }
        self.forget_target();
    }

    /// The unset variable of highest activity.
    fn pick(&mut self) -> Option<u32> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v as usize] == UNSET {
                return Some(v);
            }
        }
        None
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};

    /// A CDCL search straight from the givens (no root propagation but the engine's own).
    fn search(grid: &Grid, blocked: &[Vec<u16>]) -> Cdcl {
        let shape = grid.shape();
        let n = shape.side();
        let houses_of: Vec<[u32; 3]> = (0..n * n)
            .map(|i| {
                let c = shape.cell(i);
                [c.row(), n + c.col(), 2 * n + shape.box_of(c)].map(|h| h as u32)
            })
            .collect();
        let values = grid.values();
        let candidates = |c: usize| {
            let peers: Vec<u16> = (0..n * n)
                .filter(|&o| o != c && houses_of[o].iter().any(|h| houses_of[c].contains(h)))
                .map(|o| values[o])
                .collect();
            (0..n).filter(move |&d| !peers.contains(&(d as u16 + 1)))
        };
        Cdcl::new(n, values, candidates, &houses_of, blocked)
    }

    fn all(grid: &Grid) -> Vec<Vec<u16>> {
        let mut s = search(grid, &[]);
        let mut watch = Watch::default();
        let mut out = Vec::new();
        while let Some(v) = s.next_solution(&mut watch, 0) {
            out.push(v.to_vec());
        }
        out
    }

    #[test]
    fn reductions_keep_the_used_middle_tier_and_drop_half_of_the_rest() {
        let mut s = search(&Grid::empty(Shape::new(3, 3).unwrap()), &[]);
        // (literal block distance, used since the last reduction)
        let kinds = [
            (2, false),
            (5, true),
            (5, false),
            (9, true),
            (9, false),
            (7, false),
        ];
        let clauses: Vec<u32> = kinds
            .iter()
            .enumerate()
            .map(|(i, &(lbd, used))| {
                let lits = [pos(2 * i as u32), pos(2 * i as u32 + 1) | 1];
                let o = s.store(&lits, lbd | if used { USED } else { 0 });
                s.learnts.push(o);
                o
            })
            .collect();
        let alive = |s: &Cdcl| -> Vec<bool> {
            let live: Vec<bool> = clauses
                .iter()
                .map(|&o| s.arena[o as usize + 1] & DELETED == 0)
                .collect();
            let listed = clauses.iter().map(|o| s.learnts.contains(o));
            assert!(live.iter().copied().eq(listed));
            live
        };
        s.reduce();
        // Kept for good: distance 2, the used 5; of the other four the two worst go (both 9s,
        // though one was used: 9 is above the tier).
        assert_eq!(alive(&s), [true, true, true, false, false, true]);
        assert!(clauses.iter().all(|&o| s.arena[o as usize + 1] & USED == 0));
        // Unused since, the 5 that was kept for its use competes now: with the other 5 and
        // the 7, the 7 goes.
        s.reduce();
        assert_eq!(alive(&s), [true, true, true, false, false, false]);
    }

    #[test]
    fn empty_4x4_has_288_distinct_solutions() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let mut sols = all(&empty);
        assert_eq!(sols.len(), 288);
        for s in &sols {
            assert!(
                Grid::from_values(empty.shape(), s)
                    .unwrap()
                    .is_solution_of(&empty)
            );
        }
        sols.sort();
        sols.dedup();
        assert_eq!(sols.len(), 288);
    }

    #[test]
    fn blocked_solutions_are_not_found_again() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        let first: Vec<Vec<u16>> = crate::solve::Solutions::new(&empty, crate::Engine::Reference)
            .take(10)
            .map(|g| g.values().to_vec())
            .collect();
        let mut s = search(&empty, &first);
        let mut watch = Watch::default();
        let mut rest = Vec::new();
        while let Some(v) = s.next_solution(&mut watch, 0) {
            assert!(!first.contains(&v.to_vec()));
            rest.push(v.to_vec());
        }
        let total = crate::solve::Solutions::new(&empty, crate::Engine::Reference).count();
        assert_eq!(rest.len() + first.len(), total);
    }

    /// The per-segment counts of each house-digit constraint add up to its live count after
    /// a search full of conflicts and backjumps (each count is lowered and restored alike).
    #[test]
    fn segment_counts_follow_the_live_counts() {
        let g: Grid =
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
                .parse()
                .unwrap();
        let mut s = search(&g, &[]);
        let mut watch = Watch::default();
        assert!(s.next_solution(&mut watch, 0).is_some());
        assert!(s.conflicts > 0);
        for level in [s.decision_level(), 0] {
            s.cancel_until(level);
            for slot in (0..s.nonzero.len()).step_by(2) {
                let c = slot / 2;
                let first = s.con_vars[s.con(c as u32).start] as usize;
                if s.cons_of[first][0] == c as u32 {
                    continue; // a cell's constraint: no segments
                }
                let segs = &s.seg_live[slot * s.segs..(slot + 1) * s.segs];
                let sum: u32 = segs.iter().map(|&x| u32::from(x)).sum();
                assert_eq!(sum, s.live[c], "constraint {c} at level {level}");
            }
        }
    }

    /// Every learned clause holds in the solution (each is implied by the constraints): the
    /// analysis, its minimisation and the substitution through at-most-one reasons are sound.
    #[test]
    fn learned_clauses_hold_in_the_solution() {
        for text in [
            "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
            "100000002090400050006000700050903000000070000000850040700000600030009080002000001",
            "000000039000001005003050800008090006070002000100400000009080050020000600400700000",
            "000000012000000003002300400001800005060070800000009000008500000900040500470006000",
        ] {
            let g: Grid = text.parse().unwrap();
            let mut s = search(&g, &[]);
            let mut watch = Watch::default();
            let solution = s.next_solution(&mut watch, 0).unwrap().to_vec();
            let holds = |l: Lit| {
                let v = var(l) as usize;
                let placed = solution[s.cell[v] as usize] == s.digit[v] + 1;
                placed == (l & 1 == 0)
            };
            assert!(s.conflicts > 0, "{text}");
            assert!(!s.learnts.is_empty(), "{text}");
            for &o in &s.learnts {
                let (o, len) = (o as usize, s.arena[o as usize] as usize);
                let lits = &s.arena[o + HEADER..o + HEADER + len];
                assert!(lits.iter().any(|&l| holds(l)), "{text}: {lits:?}");
            }
        }
    }

    #[test]
    fn counts_match_the_reference_engine() {
        // A cell that can take nothing (no solution); one clue (72 solutions); four clues.
        for text in ["1230000000000004", "1000000000000000", "1200340000000000"] {
            let g: Grid = text.parse().unwrap();
            let expected = crate::solve::Solutions::new(&g, crate::Engine::Reference).count();
            assert_eq!(all(&g).len(), expected, "{text}");
        }
    }

    /// Enumerates magictour top1465 #1 without its first clue (7,465 solutions) with three
    /// threads and a race in every call that restarts, `budget` setting the bytes the copies
    /// may hold: checks that each solution comes once and is right, that the count is the
    /// reference engine's and that the borrowed threads are given back; returns the races.
    fn enumerate_racing(budget: impl Fn(&Cdcl) -> usize) -> u64 {
        let text =
            "....3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let g: Grid = text.parse().unwrap();
        let expected = crate::solve::Solutions::new(&g, crate::Engine::Reference).count();
        let helpers = crate::Helpers::new(3);
        let busy = helpers.busy();
        let mut watch = Watch {
            stop: crate::Stop {
                helpers: Some(helpers.clone()),
                ..crate::Stop::default()
            },
            ..Watch::default()
        };
        let mut s = search(&g, &[]);
        s.race_after = 1;
        s.race_bytes = budget(&s);
        let mut seen = std::collections::HashSet::new();
        while let Some(v) = s.next_solution(&mut watch, 0) {
            let solution = Grid::from_values(g.shape(), v).unwrap();
            assert!(solution.is_solution_of(&g));
            assert!(seen.insert(v.to_vec()), "found twice");
            assert_eq!(helpers.idle(), 2, "threads not given back");
        }
        assert_eq!(seen.len(), expected);
        drop(busy);
        assert_eq!(helpers.idle(), 3);
        s.races
    }

    /// Copies racing the search find the same solutions as the search alone.
    #[test]
    fn racing_copies_find_every_solution_once() {
        assert!(enumerate_racing(|_| Cdcl::RACE_BYTES) > 0);
    }

    /// A search bigger than the copies' budget races none and finds the same solutions alone.
    #[test]
    fn no_copy_races_beyond_the_memory_budget() {
        assert_eq!(enumerate_racing(|s| s.footprint() - 1), 0);
    }

    /// Reason-side bumping raises exactly the variables that imply the learned clause's
    /// literals (after the first), in order, none of the clause's own nor the root's, up to
    /// [`Cdcl::REASON_BUMPS`] times the clause's length; and it leaves no marks behind.
    #[test]
    fn reason_side_bumps_stay_within_the_reasons_and_the_budget() {
        let empty = Grid::empty(Shape::new(4, 4).unwrap());
        let solution = search(&empty, &[])
            .next_solution(&mut Watch::default(), 0)
            .unwrap()
            .to_vec();
        let mut s = search(&empty, &[]);
        assert!(s.propagate().is_none());
        // Decide the solution's placements, in reading order: no conflict, many implications.
        for v in 0..s.cell.len() as u32 {
            let placed = solution[s.cell[v as usize] as usize] == s.digit[v as usize] + 1;
            if placed && s.value[v as usize] == UNSET && s.decision_level() < 40 {
                s.trail_lim.push(s.trail.len() as u32);
                s.assign(pos(v), Reason::None);
                assert!(s.propagate().is_none());
            }
        }
        let eligible = |s: &Cdcl, lits: &[Lit]| -> Vec<u32> {
            let mut out: Vec<u32> = Vec::new();
            let mut rvars = Vec::new();
            for &l in &lits[1..] {
                s.reason_vars(var(l), &mut rvars);
                for &u in &rvars {
                    let fresh = !out.contains(&u) && !lits.iter().any(|&k| var(k) == u);
                    if fresh && s.level[u as usize] > 0 {
                        out.push(u);
                    }
                }
            }
            out
        };
        // Implied variables, those whose reasons are widest first.
        let mut implied: Vec<u32> = s.trail.iter().map(|&l| var(l)).collect();
        implied.retain(|&v| s.reason[v as usize] != Reason::None);
        // (The first literal of a clause is skipped: a clause of `v` alone is `[l, l]`.)
        implied.sort_by_key(|&v| {
            let l = s.false_lit(v);
            std::cmp::Reverse(eligible(&s, &[l, l]).len())
        });
        let (mut capped, mut uncapped) = (false, false);
        // Short clauses of wide reasons (the budget binds), a long one of narrow reasons.
        for (len, widest) in [(2, true), (3, true), (8, false)] {
            let chosen = if widest {
                &implied[..len]
            } else {
                &implied[implied.len() - len..]
            };
            let lits: Vec<Lit> = chosen.iter().map(|&v| s.false_lit(v)).collect();
            let expected = eligible(&s, &lits);
            let budget = Cdcl::REASON_BUMPS * len;
            let before = s.activity.clone();
            s.learnt = lits.clone();
            s.bump_reasons();
            let raised: Vec<u32> = (0..before.len() as u32)
                .filter(|&v| s.activity[v as usize] != before[v as usize])
                .collect();
            let mut want = expected[..expected.len().min(budget)].to_vec();
            want.sort_unstable();
            assert_eq!(raised, want, "clause of {len}");
            assert!(s.seen.iter().all(|&b| !b));
            capped |= expected.len() > budget;
            uncapped |= !expected.is_empty() && expected.len() <= budget;
        }
        assert!(capped && uncapped, "both cases are exercised");
    }
}
