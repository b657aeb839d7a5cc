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

mod handover;
mod propagate;
mod search;
#[cfg(test)]
mod tests;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::cdcl::Cdcl;
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
    /// The root is propagated and the search not begun (solutions came from
    /// [`Sparse`](super::sparse::Sparse)).
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
    /// A pencil-mark puzzle's candidates, one set a cell (empty for a plain grid).
    marks: Vec<Bits<W>>,
    /// Solutions found by [`Sparse`](super::sparse::Sparse) before the search (a large grid with
    /// few givens), which the search skips; `sparse` while each call still asks it for another.
    sparse: bool,
    sparse_found: Vec<Vec<u16>>,
    /// From which side and fraction of empty cells at the root [`Sparse`](super::sparse::Sparse) is
    /// asked (any pair that the grid reaches).
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
            marks: grid
                .pencil_marks()
                .map_or_else(Vec::new, |m| m.iter().map(|s| s.bits()).collect()),
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
}
