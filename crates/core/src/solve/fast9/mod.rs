//! The 9×9 engine: digit × band bitboards, locked candidates by table, no allocation per
//! guess beyond a reused stack.
//!
//! # Layout
//! The grid is three bands of three rows. For each digit `d` and band `b`, `cand[3d + b]` is a
//! 27-bit word of the band's cells where `d` may still go (bit `9·row_in_band + col`):
//!
//! ```text
//!   band b, digit d:   bits  0.. 8  row 3b     c1 c2 c3 | c4 c5 c6 | c7 c8 c9
//!                      bits  9..17  row 3b+1   (box 3b+0)  (box 3b+1) (box 3b+2)
//!                      bits 18..26  row 3b+2
//!   a "minirow" is 3 bits: one row of one box.
//! ```
//! A placed digit keeps its bit in its own word and loses it in the eight others, so a word
//! always says where its digit is or may be. `unsolved[b]` marks the band's empty cells.
//! A pencil-mark puzzle starts the same way from its cells with one candidate, as clues, then
//! each word keeps only the cells whose candidates hold its digit; the search is the same.
//!
//! # Propagation (the ideas of JCZSolve, written afresh)
//! - **In a band**, digit `d` must take one cell in each row and in each box, so the three rows
//!   map to the three boxes by a permutation. `SHRINK` folds each 9-bit row to 3 bits (which of
//!   its minirows are non-empty); `COMPLEX` maps the resulting 3×3 matrix to the union of the
//!   minirows that lie on some permutation. ANDing it in does pointing and claiming inside the
//!   band at once; an empty result is a contradiction.
//! - A row left with one cell for `d` is a hidden single: the cell leaves the band's other
//!   digits, by one mask for all of them and without a branch. The mask is read from the word
//!   before `COMPLEX` (`ONLY`, from the same index: the minirows left alone in their row, and
//!   the cells alone in their minirow), so that it does not wait for `COMPLEX`'s result.
//! - **Across bands**, a box in which `d` is confined to one column removes that column from
//!   the two other bands (`LOCKED_COLUMN`).
//! - The words to update are tracked exactly, as a bit mask (`dirty`): an update returns the
//!   words it took a cell from. The propagation runs in rounds: a round takes the words that
//!   changed before it, lowest first, without a test and a branch per word, and gathers the
//!   words its updates change for the next round. (Comparing every word with its value when
//!   last updated, by four vector compares, is slower in the search, where rounds are short:
//!   their loads wait for the round's 32-bit stores. It is faster at a puzzle's root, where
//!   most words change and the rounds are long, so the root's propagation does that instead:
//!   17-clue 1.10× against tracking there too.)
//! - **Naked singles**: counting the digits of every cell in bit-slices (`at least one`,
//!   `at least two`, `at least three`) over the nine words of a band gives the cells with one
//!   candidate, the empty cells with none, and the cells with two (kept for branching).
//! - **Triads** (Tdoku's idea, written afresh; on every node of puzzles with at least
//!   [`Fast9::DEEP_EMPTY`] empty cells, else only once the search has met
//!   [`Fast9::DEEP_AFTER`] dead end, as puzzles with many solutions do not repay them): a
//!   minirow's three cells hold three digits, so a minirow with three digits left holds those
//!   (each leaves the rest of its row and box), and a minirow to which three digits are locked
//!   holds no other. The same across each stack on minicolumns, with pointing and claiming
//!   between boxes and columns by the same permutation reasoning read sideways. With them,
//!   guesses per puzzle come close to Tdoku's published counts (top1465: 9.06, the same;
//!   17-clue: 0.59 against 0.61; forum_hardest_1905: 66.5 against 65.0; forum_hardest_1106:
//!   120 against 113).
//! - The triad pass (`State::units`) treats the six units (three bands, three stacks) as six
//!   lanes of one vector, each digit's 3×3 matrix of minirows in a lane. The matrix is stored
//!   wrapped around (rows 0, 1 repeated below, columns 0, 1 to the right: 25 bits), so that
//!   the entry *i* rows down and *j* columns along (mod 3) is one shift away and "on a
//!   permutation" is four shifts and four ANDs. The compiler keeps each digit in one
//!   register. On x86-64 CPUs
//!   with AVX2 (detected at run time) the search runs as AVX2 code, one register per digit;
//!   elsewhere the same source runs on the baseline (SSE2, two registers per digit).
//!
//! # Search
//! A digit has at most six *configurations* in a band (which row takes which box) and six in
//! a stack (which band takes which column). When the triad passes ran, the engine branches on
//! a digit with exactly two configurations, in the band or stack with the fewest over all its
//! digits (Tdoku's choice): a decision over three cells at once. Otherwise, on a cell with two
//! candidates (the first, or after [`Fast9::CHEAP_GUESSES`] the one with the most empty
//! peers in its band), else on the first cell with the fewest. Either way the engine saves the
//! second branch (the 27 words with the branch applied, the empty cells and the words the
//! branch changed: 36 words; a guess is made at a fixpoint, where nothing else is left to
//! propagate) and goes on with the first: the saved branches form the stack that
//! `next_solution` resumes from, so the engine can stop after any solution.

mod branch;
mod propagate;
mod start;
mod tables;
#[cfg(test)]
mod tests;
mod triads;

use crate::grid::{DigitSet, Grid};
use branch::Saved;
#[cfg(target_arch = "x86_64")]
use start::clues_avx2;
use start::{Marked, clues, marked};
use tables::ALL;

/// The 27 words plus bookkeeping (a guess saves only part of it: [`Saved`]).
#[derive(Clone, Copy, Debug)]
struct State {
    /// 27 words and 5 of padding (0), so that comparing them with a copy is 4 vector ops.
    cand: [u32; 32],
    /// The words changed since they were last propagated (bit `w`: word `w`): the ones a
    /// propagation starts from.
    dirty: u32,
    unsolved: [u32; 3],
    /// The empty cells with two candidates, per band, as the last propagation left them.
    pairs: [u32; 3],
    /// Per band (0..3) and stack (3..6), as the last propagation left them: the number of
    /// configurations over all digits, and the first digit with exactly two (9: none).
    configs: [u8; 6],
    two: [u8; 6],
}

#[derive(Clone, Debug)]
pub(crate) struct Fast9 {
    state: State,
    stack: Vec<Saved>,
    guesses: u64,
    pub(crate) watch: super::Watch,
    phase: Phase,
    values: [u16; 81],
    /// Whether the search runs as AVX2 code (x86-64 CPUs that have it, detected once per
    /// engine); the portable path is the same source compiled for the baseline.
    avx2: bool,
    /// Guesses that led to a contradiction.
    dead_ends: u64,
    /// Whether the puzzle has at least [`Fast9::DEEP_EMPTY`] empty cells.
    sparse: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Solved,
    Done,
}

impl State {
    fn empty() -> State {
        State {
            cand: {
                let mut c = [0; 32];
                c.split_at_mut(27).0.fill(ALL);
                c
            },
            dirty: (1 << 27) - 1,
            unsolved: [ALL; 3],
            pairs: [0; 3],
            configs: [0; 6],
            two: [9; 6],
        }
    }

    fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    fn write(&self, values: &mut [u16; 81]) {
        for b in 0..3 {
            for d in 0..9 {
                let mut c = self.cand[3 * d + b];
                while c != 0 {
                    let i = c.trailing_zeros() as usize;
                    c &= c - 1;
                    values[27 * b + i] = d as u16 + 1;
                }
            }
        }
    }
}

impl Fast9 {
    /// Guesses made with the cheap branching choice before the thorough one.
    const CHEAP_GUESSES: u64 = 8;
    /// Dead ends (guesses refuted) before the triad passes join the propagation of a puzzle
    /// with fewer than [`Fast9::DEEP_EMPTY`] empty cells. Alternated runs against "after two
    /// dead ends": forum_hardest_1106 1.09–1.14×, top1465 1.06×, serg (many solutions)
    /// 0.92–1.03×; after 8 guesses instead, top1465 10–20 % slower; on every node (0), serg
    /// 1.45× slower for no fewer guesses.
    const DEEP_AFTER: u64 = 1;
    /// Empty cells (of 81) from which the triad passes run on every node, from the root:
    /// sparse puzzles repay them (17-clue: guesses 0.96 → 0.59; forum_hardest_1905: 70.8 →
    /// 66.5, 2 % fewer instructions and 5 % fewer mispredicted branches), puzzles with many
    /// clues are mostly settled by singles or, with many solutions, by guesses. The benchmark
    /// sets have up to 28 clues, except serg's (34–35 clues, many solutions), where the pass
    /// at the root alone cost 7 % of the instructions for no fewer guesses.
    const DEEP_EMPTY: u32 = 50;

    /// Whether the triad passes run: on every node of a sparse puzzle, else once the search has
    /// met [`Fast9::DEEP_AFTER`] dead ends. Puzzles with many solutions rarely meet one, and
    /// there the passes cost more than they save.
    fn deep(&self) -> bool {
        self.sparse || self.dead_ends >= Self::DEEP_AFTER
    }

    pub(crate) fn new(grid: &Grid) -> Fast9 {
        let mut engine = Fast9 {
            state: State::empty(),
            stack: Vec::with_capacity(81),
            guesses: 0,
            watch: super::Watch::default(),
            phase: Phase::Start,
            values: [0; 81],
            avx2: avx2_detected(),
            dead_ends: 0,
            sparse: false,
        };
        match grid.pencil_marks() {
            Some(marks) => engine.load_marks(grid.values(), marks),
            None => engine.load(grid.values()),
        }
        engine
    }

    /// Starts over on another puzzle, keeping the buffers.
    pub(crate) fn load(&mut self, values: &[u16]) {
        debug_assert_eq!(values.len(), 81);
        self.stack.clear();
        self.guesses = 0;
        self.dead_ends = 0;
        #[cfg(target_arch = "x86_64")]
        let start = if self.avx2 {
            // SAFETY: see `Fast9::advance`.
            unsafe { State::start_avx2(&clues_avx2(values)) }
        } else {
            State::start(&clues(values))
        };
        #[cfg(not(target_arch = "x86_64"))]
        let start = State::start(&clues(values));
        self.begin(start);
    }

    /// Starts over on a pencil-mark puzzle (its filled cells, if any, and each cell's
    /// candidates), keeping the buffers: the cells with one candidate are placed as clues, the
    /// others start from their candidates less those clues, and the search is the same.
    pub(crate) fn load_marks(&mut self, values: &[u16], marks: &[DigitSet]) {
        debug_assert_eq!((values.len(), marks.len()), (81, 81));
        self.stack.clear();
        self.guesses = 0;
        self.dead_ends = 0;
        let Marked { allowed, given } = marked(values, marks);
        #[cfg(target_arch = "x86_64")]
        let start = if self.avx2 {
            // SAFETY: see `Fast9::advance`.
            unsafe { State::start_avx2(&given) }
        } else {
            State::start(&given)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let start = State::start(&given);
        self.begin(start.map(|mut state| {
            state.restrict(&allowed);
            state
        }));
    }

    /// The search from a first state; `None` (two clues clash) has no solution.
    #[inline(always)]
    fn begin(&mut self, start: Option<State>) {
        match start {
            Some(state) => {
                self.state = state;
                self.phase = Phase::Start;
            }
            None => self.phase = Phase::Done, // two clues clash
        }
    }

    pub(crate) fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Finds the next solution; false when there are no more.
    pub(crate) fn advance(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is only set when the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT.
            return unsafe { self.advance_avx2() };
        }
        self.search::<false>()
    }

    /// [`Fast9::search`] compiled for AVX2: the lanes of [`State::units`] fit one register.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn advance_avx2(&mut self) -> bool {
        self.search::<true>()
    }

    /// Forces the portable path, to test it on machines with AVX2.
    #[cfg(test)]
    fn portable(mut self) -> Fast9 {
        self.avx2 = false;
        self
    }

    #[inline(always)]
    fn search<const AVX2: bool>(&mut self) -> bool {
        let mut consistent = match self.phase {
            Phase::Start => {
                let empty: u32 = self.state.unsolved.iter().map(|u| u.count_ones()).sum();
                self.sparse = empty >= Self::DEEP_EMPTY;
                self.state.propagate_on::<AVX2, false>(self.sparse)
            }
            Phase::Solved => false,
            Phase::Done => return false,
        };
        // Backtracking after a solution is not a dead end.
        let mut resumed = self.phase == Phase::Solved;
        loop {
            if consistent {
                if self.state.solved() {
                    self.phase = Phase::Solved;
                    return true;
                }
                if self.watch.due(self.guesses) {
                    self.phase = Phase::Done;
                    return false;
                }
                // Both branches: the second is saved on the stack, for later; the state goes
                // on with the first.
                let mut other = Saved {
                    cand: self.state.cand,
                    unsolved: self.state.unsolved,
                    changed: 0,
                };
                if let Some(branch) = self.state.choose_config() {
                    let (first, second) = branch.configs();
                    other.changed = branch.assert(&mut other.cand, second);
                    self.state.dirty = branch.assert(&mut self.state.cand, first);
                } else {
                    // The first guesses of a puzzle take the first bivalue cell (cheap: most
                    // easy puzzles need a handful); a puzzle that keeps guessing gets the
                    // thorough choice.
                    let (b, i, d) = self.state.choose(self.guesses >= Self::CHEAP_GUESSES);
                    let w = (3 * d + b) & 31;
                    other.cand[w] &= !(1 << i);
                    other.changed = 1 << w;
                    self.state.place(d, b, i);
                }
                self.stack.push(other);
                self.guesses += 1;
                consistent = self.state.propagate_on::<AVX2, true>(self.deep());
            } else {
                if !resumed {
                    self.dead_ends += 1;
                }
                resumed = false;
                let Some(next) = self.stack.pop() else {
                    self.phase = Phase::Done;
                    return false;
                };
                next.restore(&mut self.state);
                consistent = self.state.propagate_on::<AVX2, true>(self.deep());
            }
        }
    }

    pub(crate) fn next_solution(&mut self) -> Option<&[u16]> {
        if self.advance() {
            self.state.write(&mut self.values);
            Some(&self.values)
        } else {
            None
        }
    }
}

fn avx2_detected() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}
