//! The hand-overs: first solutions from the sparse search on large, mostly empty grids, and
//! clause learning once the search has run long.

use rand::rngs::SmallRng;

use super::General;
use crate::solve::Watch;
use crate::solve::cdcl::Cdcl;
use crate::solve::sparse::Sparse;

impl<const W: usize> General<W> {
    /// Grids of one of these sides or more whose root has at least that fraction of empty
    /// cells get their first solutions from [`Sparse`]: from 81×81 up, backtracking and
    /// clause learning mostly fail there, down to 70 % holes (81×81 and 100×100 at 70 %:
    /// one of eight solved in 60 s before, four after); on 49×49 and 64×64 the sparse search
    /// is quicker from 75 %, and at 70 % its failed attempts only delay the search that
    /// solves them. At 65 % it stalls for good (`docs/research/sparse-search.md`).
    pub(super) const SPARSE_FROM: &'static [(usize, f64)] = &[(49, 0.75), (81, 0.70)];
    /// Solutions asked of [`Sparse`] at most (enough for uniqueness and short lists; half of
    /// what clause learning can still exclude).
    const SPARSE_MOST: usize = Self::MAX_BLOCKED / 2;

    /// Asks [`Sparse`] for a solution not found yet, from the root; false (and no more asking)
    /// when it gives up or repeats one, or when enough have been found.
    pub(super) fn sparse_solution(&mut self) -> bool {
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
    pub(super) fn sparse_search(&mut self) -> (Sparse<'_, W>, &mut SmallRng, &mut Watch, &mut u64) {
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
    /// from 15.4 s to 12.7 s (`docs/research/clause-learning.md`).
    pub(super) const CDCL_AFTER: u64 = 100;
    /// Solutions already returned that the clause-learning search can still exclude.
    pub(super) const MAX_BLOCKED: usize = 64;
    /// Clause learning takes a hundred bytes or so per candidate left at the root: above
    /// this many, the search stays with backtracking.
    pub(super) const MAX_LEARNING_VARS: usize = 2_000_000;

    /// Goes back to the root and lets clause learning go on from there, excluding the
    /// solutions already returned.
    pub(super) fn hand_over(&mut self) -> Option<&[u16]> {
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
}
