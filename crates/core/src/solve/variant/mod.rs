//! The variant engine: constraint propagation and backtracking over candidate sets, for
//! puzzles with constraints (killer cages, lines, dots, …) and irregular regions.
//!
//! ```text
//!  frames      candidates of every cell, one copy a guess deep     depth × N² × u64
//!  choices     (cell, digit) guessed at each depth
//!  queue       propagators to run: cheap ones (groups, pairs) before dear ones (sums, lines),
//!              pointing last
//!  changed     cells narrowed since the driver last looked; a cell left with one digit
//!              takes it from its peers once
//!  weights     per cell, the contradictions its propagators met (the branching heuristic)
//! ```
//!
//! A guess copies the frame, sets the cell to the digit and propagates; a contradiction pops
//! the frame and removes the digit from the cell in the frame below, which is a deduction
//! there, propagated in turn. The cell guessed is the one with the fewest candidates for its
//! weight (dom/wdeg), its lowest digit first. The order is fixed, so the solutions come in
//! the same order on every run. How the propagators filter: see each file (`groups.rs`,
//! `pairs.rs`, `sums.rs`, `lines.rs`, `clues.rs`); how rules compile to them: `network.rs`.

mod clues;
mod ctx;
mod facts;
mod groups;
mod lines;
mod network;
mod pairs;
mod same;
mod sums;

use super::Watch;
use crate::variant::Puzzle;
use ctx::{Ctx, single};
pub(crate) use facts::{Facts, Scratch, Unit};
use network::Network;

/// The engine on one puzzle: its network and its search.
#[derive(Clone, Debug)]
pub(crate) struct VariantEngine {
    net: Network,
    cells: usize,
    frames: Vec<u64>,
    choices: Vec<(u32, u32)>,
    depth: usize,
    started: bool,
    done: bool,
    /// A solution was returned last: the next call backtracks first.
    found: bool,
    guesses: u64,
    weights: Vec<u32>,
    // Propagation scratch.
    cheap: Ring,
    dear: Ring,
    last: Ring,
    queued: Vec<bool>,
    changed: Vec<u32>,
    pending: Vec<bool>,
    scratch: Vec<u64>,
    common: Vec<u64>,
    values: Vec<u16>,
    pub(crate) watch: Watch,
}

impl VariantEngine {
    pub fn new(puzzle: &Puzzle) -> VariantEngine {
        let net = Network::new(puzzle);
        let cells = net.n * net.n;
        let props = net.props.len();
        VariantEngine {
            frames: net.init.clone(),
            net,
            cells,
            choices: Vec::new(),
            depth: 0,
            started: false,
            done: false,
            found: false,
            guesses: 0,
            weights: vec![0; cells],
            cheap: Ring::new(props),
            dear: Ring::new(props),
            last: Ring::new(props),
            queued: vec![false; props],
            changed: Vec::new(),
            pending: vec![false; cells],
            scratch: Vec::new(),
            common: vec![0; cells.div_ceil(64)],
            values: vec![0; cells],
            watch: Watch::default(),
        }
    }

    /// Branching decisions so far.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// The next solution's values, row-major; `None` when there are no more (or the watch
    /// fired: see [`Watch`]).
    pub fn next_solution(&mut self) -> Option<&[u16]> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            let all: Vec<u32> = (0..self.cells as u32).collect();
            if !self.propagate(&all, true) {
                self.done = true;
                return None;
            }
        } else if self.found {
            self.found = false;
            if !self.backtrack() {
                self.done = true;
                return None;
            }
        }
        loop {
            if self.watch.due(self.guesses) {
                // Stopped: the caller sees `interrupted`; nothing is returned.
                return None;
            }
            match self.choose() {
                None => {
                    self.found = true;
                    let base = self.depth * self.cells;
                    let frame = &self.frames[base..base + self.cells];
                    for (v, &m) in self.values.iter_mut().zip(frame) {
                        *v = m.trailing_zeros() as u16 + 1;
                    }
                    return Some(&self.values);
                }
                Some((cell, digit)) => {
                    self.guesses += 1;
                    self.push(cell, digit);
                    if !self.propagate(&[cell], false) && !self.backtrack() {
                        self.done = true;
                        return None;
                    }
                }
            }
        }
    }

    fn frame(&self) -> &[u64] {
        &self.frames[self.depth * self.cells..(self.depth + 1) * self.cells]
    }

    /// The cell to guess and its digit: fewest candidates for the weight of its
    /// contradictions; `None` when every cell has one digit.
    fn choose(&self) -> Option<(u32, u32)> {
        let frame = self.frame();
        let mut best: Option<(usize, u64)> = None;
        let (mut best_k, mut best_w) = (u64::MAX, 1u64);
        for (c, &m) in frame.iter().enumerate() {
            if single(m) {
                continue;
            }
            let k = u64::from(m.count_ones());
            let w = u64::from(self.weights[c]) + 1;
            // k / w smallest: k·w' < k'·w.
            if best.is_none() || k * best_w < best_k * w {
                best = Some((c, m));
                (best_k, best_w) = (k, w);
            }
        }
        best.map(|(c, m)| (c as u32, m.trailing_zeros()))
    }

    /// Guesses `digit` in `cell`: a new frame.
    fn push(&mut self, cell: u32, digit: u32) {
        let cells = self.cells;
        let from = self.depth * cells;
        self.depth += 1;
        let to = self.depth * cells;
        if self.frames.len() < to + cells {
            self.frames.resize(to + cells, 0);
        }
        self.frames.copy_within(from..from + cells, to);
        self.frames[to + cell as usize] = 1 << digit;
        self.choices.truncate(self.depth - 1);
        self.choices.push((cell, digit));
    }

    /// Undoes guesses until one's other branch holds: the guessed digit leaves its cell in the
    /// frame below, and that is propagated. False when no guess is left.
    fn backtrack(&mut self) -> bool {
        while self.depth > 0 {
            let (cell, digit) = self.choices[self.depth - 1];
            self.choices.pop();
            self.depth -= 1;
            let at = self.depth * self.cells + cell as usize;
            self.frames[at] &= !(1u64 << digit);
            if self.frames[at] != 0 && self.propagate(&[cell], false) {
                return true;
            }
            if self.watch.due(self.guesses) {
                return false;
            }
        }
        false
    }

    /// Propagates from the cells given (every propagator too when `all`) to a fixpoint; false
    /// on a contradiction.
    fn propagate(&mut self, start: &[u32], all: bool) -> bool {
        let cells = self.cells;
        let base = self.depth * cells;
        let net = &self.net;
        let frame = &mut self.frames[base..base + cells];
        self.changed.clear();
        for &c in start {
            if !self.pending[c as usize] {
                self.pending[c as usize] = true;
                self.changed.push(c);
            }
        }
        if all {
            for (i, p) in net.props.iter().enumerate() {
                self.queued[i] = true;
                match p.tier() {
                    0 => self.cheap.push(i as u32),
                    1 => self.dear.push(i as u32),
                    _ => self.last.push(i as u32),
                }
            }
        }
        let ok = 'run: loop {
            // Cells changed: singles leave their peers; their propagators are queued.
            while let Some(c) = self.changed.pop() {
                let c = c as usize;
                self.pending[c] = false;
                let m = frame[c];
                if m == 0 {
                    self.weights[c] += 1;
                    break 'run false;
                }
                if single(m) {
                    for &p in net.peers_of(c) {
                        let p = p as usize;
                        let old = frame[p];
                        if old & m != 0 {
                            let new = old & !m;
                            if new == 0 {
                                self.weights[p] += 1;
                                self.weights[c] += 1;
                                break 'run false;
                            }
                            frame[p] = new;
                            if !self.pending[p] {
                                self.pending[p] = true;
                                self.changed.push(p as u32);
                            }
                        }
                    }
                }
                for &h in net.watchers(c) {
                    let h = h as usize;
                    if !self.queued[h] {
                        self.queued[h] = true;
                        match net.props[h].tier() {
                            0 => self.cheap.push(h as u32),
                            1 => self.dear.push(h as u32),
                            _ => self.last.push(h as u32),
                        }
                    }
                }
            }
            let Some(h) = self
                .cheap
                .pop()
                .or_else(|| self.dear.pop())
                .or_else(|| self.last.pop())
            else {
                break true;
            };
            let h = h as usize;
            self.queued[h] = false;
            let mut ctx = Ctx {
                cand: frame,
                peer_bits: &net.peer_bits,
                words: net.words,
                common: &mut self.common,
                overlap: net.overlap,
                changed: &mut self.changed,
                pending: &mut self.pending,
                scratch: &mut self.scratch,
            };
            let ok = facts::run(net, h, &mut ctx);
            if !ok {
                for &c in net.members(h) {
                    self.weights[c as usize] += 1;
                }
                break false;
            }
        };
        if !ok {
            while let Some(h) = self
                .cheap
                .pop()
                .or_else(|| self.dear.pop())
                .or_else(|| self.last.pop())
            {
                self.queued[h as usize] = false;
            }
            for &c in &self.changed {
                self.pending[c as usize] = false;
            }
            self.changed.clear();
        }
        ok
    }
}

/// A queue of propagators, each in it at most once: a ring as long as there are propagators.
#[derive(Clone, Debug)]
struct Ring {
    items: Vec<u32>,
    head: usize,
    len: usize,
}

impl Ring {
    fn new(capacity: usize) -> Ring {
        Ring {
            items: vec![0; capacity.max(1)],
            head: 0,
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, x: u32) {
        let cap = self.items.len();
        let mut at = self.head + self.len;
        if at >= cap {
            at -= cap;
        }
        self.items[at] = x;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let x = self.items[self.head];
        self.head += 1;
        if self.head == self.items.len() {
            self.head = 0;
        }
        self.len -= 1;
        Some(x)
    }
}
