//! Racing copies of the search on idle threads (see "Racing on idle threads" in the
//! module's notes).

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicUsize};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Cdcl, Step};
use crate::solve::Watch;

impl Cdcl {
    /// Races `helpers` copies of the search, each on its own thread, against this one, from
    /// the root: each copy starts as a new search would, with its activities drawn at random
    /// and every saved phase true (no target phases), but it keeps this search's learned
    /// clauses. The first to find a solution or to show there are none wins, and the others
    /// stop; a copy that wins becomes this search (with its watch). A copy whose thread cannot
    /// start is left out.
    pub(super) fn race(&mut self, watch: &mut Watch, guesses: u64, helpers: usize) -> Step {
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
    pub(super) fn footprint(&self) -> usize {
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
    /// only. Phases false, or kept, measured no better (`docs/research/clause-learning.md`).
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
}

#[cfg(test)]
mod tests {
    use super::super::tests::search;
    use super::*;
    use crate::grid::Grid;

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
}
