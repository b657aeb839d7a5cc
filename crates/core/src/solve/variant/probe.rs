//! What the setter's tools (`crate::setter`) ask of the engine beyond its solutions: the
//! candidates left once the root is propagated, and the root narrowed by one given at a time,
//! which is how a sampling estimator of the number of solutions walks down the search tree
//! (one network for the whole walk; a copy of the engine counts each branch).

use super::VariantEngine;
use crate::solve::{Stop, Watch};

impl VariantEngine {
    /// Every cell's candidates (bit `d` for digit `d + 1`) after the root's propagation,
    /// row-major, or `None` when it meets a contradiction. Propagates once, on an engine that
    /// has not searched; later calls give the root as [`VariantEngine::assume`] left it.
    pub(crate) fn root_candidates(&mut self) -> Option<&[u64]> {
        if !self.started {
            self.started = true;
            let all: Vec<u32> = (0..self.cells as u32).collect();
            if !self.propagate(&all, true) {
                self.done = true;
            }
        }
        (!self.done).then(|| self.frame())
    }

    /// Gives `digit` (0-based) in `cell` at the root, as a given would, and propagates; the
    /// candidates after, or `None` on a contradiction (the engine then has no solution). Only
    /// before the search.
    pub(crate) fn assume(&mut self, cell: usize, digit: u32) -> Option<&[u64]> {
        self.root_candidates()?;
        debug_assert!(self.depth == 0 && !self.found, "the search has not begun");
        let bit = 1u64 << digit;
        if self.frames[cell] & bit == 0 {
            self.done = true;
            return None;
        }
        self.frames[cell] = bit;
        if !self.propagate(&[cell as u32], false) {
            self.done = true;
            return None;
        }
        Some(self.frame())
    }

    /// Gives up the search at the stop (as `Solutions::with_stop`).
    pub(crate) fn watch(&mut self, stop: Stop) {
        self.watch = Watch::new(stop);
    }
}
