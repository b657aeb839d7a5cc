//! The search loop: depth-first over the stack of choices, MRV branching on a random digit,
//! backtracking by the trail, Luby restarts until the first solution.

use rand::RngExt;

use super::{Choice, General, Phase};
use crate::bits::Bits;
use crate::solve::luby::luby;

impl<const W: usize> General<W> {
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

    pub(super) fn undo_to(&mut self, mark: usize) {
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
