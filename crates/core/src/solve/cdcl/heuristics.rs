//! Decisions: VSIDS activities and their heap, saved phases, target phases and rephasing.

use super::{Cdcl, FALSE, TRUE, UNSET, var};

/// Variables by activity, highest first (a binary heap with positions, for VSIDS).
#[derive(Clone, Debug, Default)]
pub(super) struct Heap {
    pub(super) heap: Vec<u32>,
    /// Index in `heap`, or `u32::MAX` when absent.
    pub(super) at: Vec<u32>,
}

impl Heap {
    fn contains(&self, v: u32) -> bool {
        self.at[v as usize] != u32::MAX
    }

    pub(super) fn insert(&mut self, v: u32, act: &[f64]) {
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

impl Cdcl {
    pub(super) fn bump(&mut self, v: u32) {
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

    /// Puts every unset variable in the heap, by the activities as they are now.
    pub(super) fn refill_heap(&mut self) {
        self.heap.heap.clear();
        self.heap.at.fill(u32::MAX);
        for v in 0..self.activity.len() as u32 {
            if self.value[v as usize] == UNSET {
                self.heap.insert(v, &self.activity);
            }
        }
    }

    /// Drops the target phases (the longest conflict-free trail): none until the next conflict.
    pub(super) fn forget_target(&mut self) {
        self.target.fill(UNSET);
        self.target_len = 0;
    }

    /// Remembers the trail below the conflicting level (propagated without conflict) when it
    /// is the longest yet.
    pub(super) fn update_target(&mut self) {
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
    pub(super) fn rephase(&mut self) {
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
    pub(super) fn pick(&mut self) -> Option<u32> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v as usize] == UNSET {
                return Some(v);
            }
        }
        None
    }
}
