//! Solving: one solution, all of them lazily, a count up to a limit, uniqueness.
//!
//! Every engine has the same contract: it yields the solutions of a grid one at a time, in a
//! fixed order, and stops when there are no more. Counting up to 2 is the uniqueness check.
//! A grid with no solution (clashing clues included) simply yields none: "no solution" is a
//! count of 0, not an error.
//!
//! | engine | for | how |
//! |---|---|---|
//! | [`Engine::Fast9`] | 9×9 | digit × band bitboards, locked candidates by table, copy-on-guess |
//! | [`Engine::General`] | every shape | singles, locked candidates, fewest-candidates branching, trail; clause learning once the search runs long |
//! | [`Engine::Learning`] | hard grids | the same, clause learning from the start |
//! | [`Engine::Reference`] | tests | plain backtracking, obviously right, slow |
//! | `Engine::Sat` (feature `sat`) | comparisons | CaDiCaL on a reduced CNF encoding |
//!
//! [`Engine::Auto`] picks the fastest engine for the shape: `Fast9` for 3×3 boxes, `General`
//! for the rest. Asking for `Fast9` on another shape falls back to `General`. A pencil-mark
//! puzzle ([`Grid::from_candidates`]) goes to the same engines: each starts every cell from its
//! candidates less its peers' givens (`Fast9` places the cells with one candidate as givens).
//!
//! A variant puzzle ([`crate::variant::Puzzle`]) has the same contract in [`puzzle::Solutions`]:
//! a classic one goes to these engines, the rest to the variant engine.

mod cdcl;
#[cfg(feature = "sat")]
pub mod cnf;
mod fast9;
mod general;
mod luby;
pub mod puzzle;
mod reference;
#[cfg(feature = "sat")]
mod sat;
mod sparse;
pub(crate) mod variant;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::time::Instant;

use crate::grid::{Grid, Shape};
use fast9::Fast9;
use general::General;
use reference::Reference;

/// Which engine solves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The fastest engine for the grid's shape.
    #[default]
    Auto,
    /// The 9×9 engine (other shapes fall back to the general one).
    Fast9,
    /// The general N×N engine (it turns to clause learning when its search runs long).
    General,
    /// The general engine's clause learning from the start, after the givens' propagation:
    /// for grids known to be hard.
    Learning,
    /// The plain backtracking reference engine (slow; for cross-checks).
    Reference,
    /// CaDiCaL on a CNF encoding (feature `sat`), for side-by-side comparisons.
    #[cfg(feature = "sat")]
    Sat,
}

/// When to give up a search: at a deadline, or when another thread raises a flag.
///
/// The engines look at it every few hundred guesses, so a search stops soon after, never in
/// the middle of a step. A search that stopped says so ([`Solutions::interrupted`]).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up once this flag is true.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Receives the search's guesses as it goes (added every few hundred guesses): a counter
    /// another thread can show while a long search runs, shared by as many searches as wanted.
    pub progress: Option<Arc<AtomicU64>>,
    /// Idle threads a long search may borrow to race copies of itself (see [`Helpers`]).
    pub helpers: Option<Helpers>,
}

impl Stop {
    /// Whether the deadline has passed or the flag is up (for work outside the engines,
    /// which look at the stop themselves).
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// Idle threads that long searches may borrow, counted for all the searches of a run.
///
/// Once clause learning has run a few thousand conflicts without an answer, a search takes
/// as many idle threads as it may (none are taken while the count is zero or below) and races
/// copies of itself, each with another branching order, on them; the first copy to answer
/// wins and the search goes on from its state. So a lone hard puzzle uses the idle cores,
/// while a batch that keeps every thread busy runs as it would alone. The answer is always
/// right, but which solution comes first, when there are several, may depend on the race.
///
/// ```
/// use nsudoku::{Engine, Grid, Helpers, Solutions, Stop};
/// let helpers = Helpers::new(2); // two threads, both idle
/// let grid: Grid = "1000000000000000".parse()?;
/// let _busy = helpers.busy(); // this thread now solves
/// let stop = Stop { helpers: Some(helpers.clone()), ..Stop::default() };
/// let mut solutions = Solutions::new(&grid, Engine::General).with_stop(stop);
/// assert_eq!(solutions.count_up_to(1000).count, 72);
/// assert_eq!(helpers.idle(), 1); // the other thread is idle again
/// # Ok::<(), nsudoku::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Helpers {
    idle: Arc<AtomicIsize>,
    start: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl std::fmt::Debug for Helpers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Helpers")
            .field("idle", &self.idle)
            .field("start", &self.start.as_ref().map(|_| "hook"))
            .finish()
    }
}

impl Helpers {
    /// A run of `threads` threads, all idle. (The default: none.)
    pub fn new(threads: usize) -> Helpers {
        let helpers = Helpers::default();
        helpers.add_idle(threads);
        helpers
    }

    /// Counts `threads` more threads idle (a pool that starts).
    pub fn add_idle(&self, threads: usize) {
        self.idle
            .fetch_add(threads.try_into().unwrap_or(isize::MAX), Ordering::Relaxed);
    }

    /// Runs `hook` first on each borrowed thread: for instance to widen its CPU affinity, which
    /// a new thread inherits from the (perhaps pinned) thread that starts it.
    pub fn on_thread_start(mut self, hook: impl Fn() + Send + Sync + 'static) -> Helpers {
        self.start = Some(Arc::new(hook));
        self
    }

    /// The hook of [`Helpers::on_thread_start`], if any, on this thread.
    pub(crate) fn thread_started(&self) {
        if let Some(hook) = &self.start {
            hook();
        }
    }

    /// Marks one thread busy until the guard is dropped: a search's own thread.
    pub fn busy(&self) -> Busy {
        self.idle.fetch_sub(1, Ordering::Relaxed);
        Busy {
            idle: self.idle.clone(),
        }
    }

    /// Idle threads now (negative while borrowed threads overlap new searches).
    pub fn idle(&self) -> isize {
        self.idle.load(Ordering::Relaxed)
    }

    /// Takes up to `most` idle threads; give them back with [`Helpers::add_idle`].
    pub(crate) fn borrow(&self, most: usize) -> usize {
        let mut idle = self.idle.load(Ordering::Relaxed);
        loop {
            let take = idle.clamp(0, most.try_into().unwrap_or(isize::MAX));
            if take == 0 {
                return 0;
            }
            match self.idle.compare_exchange_weak(
                idle,
                idle - take,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return take as usize,
                Err(now) => idle = now,
            }
        }
    }
}

/// A thread marked busy by [`Helpers::busy`]; idle again when dropped.
#[derive(Debug)]
pub struct Busy {
    idle: Arc<AtomicIsize>,
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.idle.fetch_add(1, Ordering::Relaxed);
    }
}

/// The engines' side of [`Stop`]: checks it now and then, and remembers that it fired.
#[derive(Clone, Debug, Default)]
pub(crate) struct Watch {
    stop: Stop,
    next: u64,
    fired: bool,
    /// Guesses already added to [`Stop::progress`].
    reported: u64,
    /// Guesses after which the search gives up (a deterministic budget, unlike a deadline).
    pub(crate) cap: Option<u64>,
}

impl Watch {
    /// Guesses between two looks at the clock and the flag.
    const EVERY: u64 = 256;

    /// A watch on `stop`.
    pub(crate) fn new(stop: Stop) -> Watch {
        Watch {
            stop,
            ..Watch::default()
        }
    }

    /// Whether the stop fired.
    pub(crate) fn fired(&self) -> bool {
        self.fired
    }

    /// True when the search must stop (checked once every [`Watch::EVERY`] guesses).
    #[inline]
    pub(crate) fn due(&mut self, guesses: u64) -> bool {
        if guesses < self.next {
            return self.fired;
        }
        self.next = guesses + Self::EVERY;
        if let Some(cap) = self.cap {
            self.fired |= guesses >= cap;
            self.next = self.next.min(cap);
        }
        if let Some(progress) = &self.stop.progress {
            progress.fetch_add(guesses.saturating_sub(self.reported), Ordering::Relaxed);
            self.reported = guesses;
        }
        self.expired()
    }

    /// Looks at the clock and the flag now, whatever the guesses: for the long stretches
    /// without a guess (a big grid's first propagation).
    pub(crate) fn expired(&mut self) -> bool {
        self.fired |= self.stop.expired();
        self.fired
    }
}

/// How many solutions a search found, up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Count {
    /// Solutions found.
    pub count: usize,
    /// True when the search finished: `count` is the number of solutions. False when it
    /// stopped at the limit: there are at least `count`.
    pub exact: bool,
}

impl std::fmt::Display for Count {
    /// `3`, or `2+` when the limit stopped the search.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.count, if self.exact { "" } else { "+" })
    }
}

/// Whether a grid has no solution, exactly one, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// More than one; the first found.
    Multiple(Grid),
}

#[derive(Clone, Debug)]
enum Run {
    Fast9(Box<Fast9>),
    W1(Box<General<1>>),
    W2(Box<General<2>>),
    W4(Box<General<4>>),
    W8(Box<General<8>>),
    Reference(Box<Reference>),
    #[cfg(feature = "sat")]
    Sat(Box<sat::Sat>),
}

macro_rules! each_engine {
    ($run:expr, $e:ident => $body:expr) => {
        match $run {
            Run::Fast9($e) => $body,
            Run::W1($e) => $body,
            Run::W2($e) => $body,
            Run::W4($e) => $body,
            Run::W8($e) => $body,
            Run::Reference($e) => $body,
            #[cfg(feature = "sat")]
            Run::Sat($e) => $body,
        }
    };
}

/// The solutions of a grid, found lazily: each call to `next` resumes the search.
///
/// ```
/// use nsudoku::Grid;
/// let grid: Grid = "1000000000000000".parse()?; // a 4×4 grid with one clue
/// assert_eq!(grid.solutions().take(5).count(), 5);
/// # Ok::<(), nsudoku::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    shape: Shape,
    engine: Engine,
    run: Run,
}

impl Solutions {
    /// The solutions of `grid`, found by `engine`.
    pub fn new(grid: &Grid, engine: Engine) -> Solutions {
        let n = grid.side();
        let classic = grid.shape() == Shape::CLASSIC;
        let run = match engine {
            Engine::Reference => Run::Reference(Box::new(Reference::new(grid))),
            #[cfg(feature = "sat")]
            Engine::Sat => Run::Sat(Box::new(sat::Sat::new(grid))),
            Engine::Auto | Engine::Fast9 if classic => Run::Fast9(Box::new(Fast9::new(grid))),
            Engine::Auto | Engine::Fast9 | Engine::General | Engine::Learning => {
                let learn = engine == Engine::Learning;
                match n {
                    0..=64 => Run::W1(Box::new(General::new(grid, learn))),
                    65..=128 => Run::W2(Box::new(General::new(grid, learn))),
                    129..=256 => Run::W4(Box::new(General::new(grid, learn))),
                    _ => Run::W8(Box::new(General::new(grid, learn))),
                }
            }
        };
        Solutions {
            shape: grid.shape(),
            engine,
            run,
        }
    }

    /// Starts over on another grid with the same engine, reusing the buffers when it can
    /// (no allocation for a 9×9 grid on the 9×9 engine).
    pub fn reset(&mut self, grid: &Grid) {
        match &mut self.run {
            Run::Fast9(e) if grid.shape() == Shape::CLASSIC => {
                match grid.pencil_marks() {
                    None => e.load(grid.values()),
                    Some(marks) => e.load_marks(grid.values(), marks),
                }
                e.watch.fired = false;
                e.watch.next = 0;
                e.watch.reported = 0;
            }
            _ => {
                let watch = each_engine!(&self.run, e => e.watch.clone());
                *self = Solutions::new(grid, self.engine);
                each_engine!(&mut self.run, e => e.watch = watch);
            }
        }
    }

    /// Only the solutions where the empty `cell` (row-major index) does not hold `digit`
    /// (0-based); before the first call. For the general engine (grids other than 9×9 with
    /// `Engine::Auto`); other engines ignore it.
    pub(crate) fn forbidding(mut self, cell: usize, digit: usize) -> Solutions {
        match &mut self.run {
            Run::W1(e) => e.forbid(cell, digit),
            Run::W2(e) => e.forbid(cell, digit),
            Run::W4(e) => e.forbid(cell, digit),
            Run::W8(e) => e.forbid(cell, digit),
            _ => debug_assert!(false, "forbidding needs the general engine"),
        }
        self
    }

    /// The next solution's values (row-major), without building a [`Grid`].
    pub fn next_values(&mut self) -> Option<&[u16]> {
        each_engine!(&mut self.run, e => e.next_solution())
    }

    /// Finds the next solution without building it; false when there are no more.
    fn advance(&mut self) -> bool {
        match &mut self.run {
            Run::Fast9(e) => e.advance(),
            run => each_engine!(run, e => e.next_solution().is_some()),
        }
    }

    /// Counts the remaining solutions, stopping at `limit` (or at the [`Stop`]: then the
    /// count is not exact either).
    pub fn count_up_to(&mut self, limit: usize) -> Count {
        let mut count = 0;
        while count < limit {
            if !self.advance() {
                let exact = !self.interrupted();
                return Count { count, exact };
            }
            count += 1;
        }
        Count {
            count,
            exact: false,
        }
    }

    /// Branching decisions taken so far (0 when propagation alone solved the grid). On large,
    /// nearly empty grids, whose first solutions come from a repairing search rather than
    /// from branching, each repair (and each fresh fill) counts as one.
    pub fn guesses(&self) -> u64 {
        each_engine!(&self.run, e => e.guesses())
    }

    /// Gives up the search at a deadline or on a flag; see [`Stop`].
    pub fn with_stop(mut self, stop: Stop) -> Solutions {
        let watch = Watch {
            stop,
            ..Watch::default()
        };
        each_engine!(&mut self.run, e => e.watch = watch);
        self
    }

    /// Gives up the search after `guesses` guesses (none: no budget): a budget that, unlike
    /// a deadline, ends the same search at the same point on every run and machine. After
    /// [`Self::with_stop`].
    pub(crate) fn with_guess_budget(mut self, guesses: Option<u64>) -> Solutions {
        each_engine!(&mut self.run, e => e.watch.cap = guesses);
        self
    }

    /// Whether the search stopped because of its [`Stop`]: the solutions found so far are
    /// right, but there may be more (or, when none was found, some).
    pub fn interrupted(&self) -> bool {
        each_engine!(&self.run, e => e.watch.fired)
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let shape = self.shape;
        self.next_values()
            .map(|values| Grid::from_values(shape, values).expect("engines write valid digits"))
    }
}

impl Grid {
    /// Every solution, lazily, with the fastest engine.
    pub fn solutions(&self) -> Solutions {
        Solutions::new(self, Engine::Auto)
    }

    /// The first solution, if any.
    pub fn solve(&self) -> Option<Grid> {
        self.solutions().next()
    }

    /// The number of solutions, counting no further than `limit`.
    pub fn count_solutions(&self, limit: usize) -> Count {
        self.solutions().count_up_to(limit)
    }

    /// Whether the grid has no solution, one, or several (a search up to 2).
    pub fn uniqueness(&self) -> Uniqueness {
        let mut solutions = self.solutions();
        match (solutions.next(), solutions.next_values().is_some()) {
            (None, _) => Uniqueness::None,
            (Some(first), false) => Uniqueness::Unique(first),
            (Some(first), true) => Uniqueness::Multiple(first),
        }
    }

    /// True when the grid has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count_solutions(2).count == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Digit};

    const ENGINES: [Engine; 4] = [
        Engine::Fast9,
        Engine::General,
        Engine::Learning,
        Engine::Reference,
    ];

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn classic_puzzle_is_solved_and_checked_by_every_engine() {
        let p = grid(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        );
        for engine in ENGINES {
            let mut s = Solutions::new(&p, engine);
            let first = s.next().unwrap();
            assert!(first.is_solution_of(&p), "{engine:?}");
            assert!(s.next().is_none(), "{engine:?} found a second solution");
        }
    }

    #[test]
    fn a_pencil_mark_9x9_goes_to_the_9x9_engine_which_resets_across_kinds() {
        let classic = grid(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        );
        let shape = Shape::CLASSIC;
        let marked = |g: &Grid| {
            let sets = (0..81).map(|i| g.candidates(shape.cell(i))).collect();
            Grid::from_candidates(shape, sets).unwrap()
        };
        let marks = marked(&classic);
        let mut s = Solutions::new(&marks, Engine::Auto);
        assert!(matches!(s.run, Run::Fast9(_)));
        let first = s.next().unwrap();
        assert!(first.is_solution_of(&marks) && first.is_solution_of(&classic));
        assert!(s.next().is_none());
        // r1c3 is empty and 5 is not among its candidates (r1c1 holds it): filled with 5,
        // the puzzle has no solution; so too when two cells of a row have 1 alone.
        let mut outside = marks.clone();
        outside.set(Cell::new(0, 2), Digit::new(5));
        let mut clash = classic.clone();
        clash.set(Cell::new(0, 2), Digit::new(1));
        clash.set(Cell::new(0, 3), Digit::new(1));
        let clash = marked(&clash);
        let mut open = classic.clone();
        for c in 0..9 {
            open.set(Cell::new(0, c), None);
        }
        let open = marked(&open);
        let none = Count {
            count: 0,
            exact: true,
        };
        let one = Count {
            count: 1,
            exact: true,
        };
        for (puzzle, count) in [
            (&outside, none),
            (&classic, one),
            (&clash, none),
            (&marks, one),
            (&open, Solutions::new(&open, Engine::General).count_up_to(3)),
        ] {
            s.reset(puzzle);
            assert!(matches!(s.run, Run::Fast9(_)));
            assert_eq!(s.count_up_to(3), count, "{puzzle:?}");
            assert_eq!(
                Solutions::new(puzzle, Engine::General).count_up_to(3),
                count
            );
        }
        assert!(Solutions::new(&open, Engine::General).count_up_to(3).count > 1);
    }

    #[test]
    fn empty_4x4_has_288_solutions() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        for engine in ENGINES {
            let all: Vec<Grid> = Solutions::new(&empty, engine).collect();
            assert_eq!(all.len(), 288, "{engine:?}");
            assert!(all.iter().all(|g| g.is_solution_of(&empty)));
            let mut distinct = all.clone();
            distinct.sort_by(|a, b| a.values().cmp(b.values()));
            distinct.dedup();
            assert_eq!(distinct.len(), 288);
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let p = grid("1100000000000000");
        for engine in ENGINES {
            assert_eq!(
                Solutions::new(&p, engine).count_up_to(10),
                Count {
                    count: 0,
                    exact: true
                }
            );
        }
        assert_eq!(p.uniqueness(), Uniqueness::None);
    }

    #[test]
    fn count_stops_at_the_limit_and_says_so() {
        let c = Grid::empty(Shape::CLASSIC).count_solutions(3);
        assert_eq!(
            c,
            Count {
                count: 3,
                exact: false
            }
        );
        assert_eq!(c.to_string(), "3+");
    }

    #[cfg(feature = "sat")]
    #[test]
    fn sat_engine_agrees() {
        let empty = Grid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(
            Solutions::new(&empty, Engine::Sat).count_up_to(1000).count,
            288
        );
        let p = grid(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        );
        let mut s = Solutions::new(&p, Engine::Sat);
        assert!(s.next().unwrap().is_solution_of(&p));
        assert!(s.next().is_none());
        assert_eq!(
            Solutions::new(&grid("1100000000000000"), Engine::Sat).count(),
            0
        );
    }

    #[test]
    fn progress_receives_the_guesses_as_the_search_goes() {
        // An empty grid has solutions enough to need thousands of guesses.
        for shape in [Shape::CLASSIC, Shape::new(4, 4).unwrap()] {
            let counter = Arc::new(AtomicU64::new(0));
            let stop = Stop {
                progress: Some(counter.clone()),
                ..Stop::default()
            };
            let mut s = Solutions::new(&Grid::empty(shape), Engine::Auto).with_stop(stop);
            assert_eq!(s.count_up_to(2_000).count, 2_000);
            let reported = counter.load(Ordering::Relaxed);
            assert!(reported > 0, "{shape:?}");
            assert!(
                reported <= s.guesses(),
                "{shape:?}: {reported} > {}",
                s.guesses()
            );
            assert!(s.guesses() - reported < Watch::EVERY, "{shape:?}");
        }
    }

    #[test]
    fn a_passed_deadline_interrupts_and_says_so() {
        let empty = Grid::empty(Shape::new(5, 5).unwrap());
        for engine in ENGINES {
            let stop = Stop {
                deadline: Some(Instant::now()),
                ..Stop::default()
            };
            let mut s = Solutions::new(&empty, engine).with_stop(stop);
            let count = s.count_up_to(1_000_000);
            assert!(s.interrupted(), "{engine:?}");
            assert!(!count.exact);
        }
        let flag = Arc::new(AtomicBool::new(true));
        let stop = Stop {
            cancel: Some(flag),
            ..Stop::default()
        };
        let mut s = Solutions::new(&Grid::empty(Shape::CLASSIC), Engine::Auto).with_stop(stop);
        assert_eq!(s.count_up_to(10).count, 0);
        assert!(s.interrupted());
        // Without a stop, nothing is interrupted.
        let mut free = Grid::empty(Shape::CLASSIC).solutions();
        assert_eq!(free.count_up_to(3).count, 3);
        assert!(!free.interrupted());
    }

    #[test]
    fn a_passed_deadline_interrupts_propagation_without_guesses() {
        // A 64×64 grid that singles alone solve: no guess, so only the watch inside the
        // propagation can stop it.
        let shape = Shape::new(8, 8).unwrap();
        let mut values = crate::generate::pattern(shape);
        for v in values.iter_mut().step_by(3) {
            *v = 0;
        }
        let grid = Grid::from_values(shape, &values).unwrap();
        let mut free = grid.solutions();
        assert_eq!(free.count_up_to(2).count, 1);
        assert_eq!(free.guesses(), 0);
        for engine in [Engine::Auto, Engine::General] {
            let stop = Stop {
                deadline: Some(Instant::now()),
                ..Stop::default()
            };
            let mut s = Solutions::new(&grid, engine).with_stop(stop);
            assert_eq!(s.count_up_to(2).count, 0, "{engine:?}");
            assert!(s.interrupted(), "{engine:?}");
        }
    }

    #[test]
    fn a_forbidden_digit_leaves_the_other_solutions() {
        // The empty 4×4 grid has 288 solutions, a quarter of them with 1 in the first cell.
        let shape = Shape::new(2, 2).unwrap();
        let empty = Grid::empty(shape);
        let mut one = empty.clone();
        one.set(Cell::new(0, 0), Digit::new(1));
        let with_one = Solutions::new(&one, Engine::Reference)
            .count_up_to(1000)
            .count;
        assert_eq!(with_one, 72);
        let mut s = Solutions::new(&empty, Engine::General).forbidding(0, 0);
        let mut seen = 0;
        while let Some(values) = s.next_values() {
            assert_ne!(values[0], 1);
            seen += 1;
        }
        assert_eq!(seen, 288 - with_one);
        // Forbidding a cell's only candidate leaves no solution.
        let p = grid("1234341221434321");
        let mut q = p.clone();
        q.set(Cell::new(3, 3), None);
        assert_eq!(q.count_solutions(10).count, 1);
        let mut s = Solutions::new(&q, Engine::General).forbidding(15, 0);
        assert!(s.next().is_none());
        assert!(!s.interrupted());
    }

    #[test]
    fn a_guess_budget_ends_the_search_at_the_same_point_every_time() {
        let empty = Grid::empty(Shape::new(4, 4).unwrap());
        let run = || {
            let mut s = Solutions::new(&empty, Engine::General).with_guess_budget(Some(300));
            let count = s.count_up_to(1_000_000);
            assert!(s.interrupted() && !count.exact);
            (count.count, s.guesses())
        };
        let (count, guesses) = run();
        assert!((300..300 + Watch::EVERY).contains(&guesses), "{guesses}");
        assert!(count > 0);
        assert_eq!(run(), (count, guesses));
    }

    #[test]
    fn one_by_one() {
        let p = grid("0");
        assert_eq!(p.solve().unwrap().values(), [1]);
        assert!(p.is_unique());
    }
}
