//! Classic puzzles (see the steps in [`super`]): a random solution of any shape, dug orbit
//! by orbit while it stays unique, then checked for minimality and rated as asked.

use std::ops::RangeInclusive;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::attempts::{Attempt, attempts, rated_in, stream};
use super::symmetry::Symmetry;
use crate::grid::{Cell, Digit, Grid, Shape};
use crate::logic::{self, Rating, Scale};
use crate::solve::{Engine, Solutions, Stop};
use crate::transform::Transform;

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The box shape (the grid is `N × N`, `N = width × height`).
    pub shape: Shape,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Whether every clue must be needed (removing any one gives several solutions).
    pub minimal: bool,
    /// The ER range the puzzle's rating must fall in (grids up to 64×64).
    pub rating: Option<RangeInclusive<f64>>,
    /// The rating scale.
    pub scale: Scale,
    /// Instead of digging for a unique puzzle, empty this fraction of the cells at random (the
    /// result may have many solutions): random instances for solver benchmarks. Symmetry,
    /// minimality and rating are then ignored.
    pub holes: Option<f64>,
    /// Candidates to make for one puzzle before giving up (some combinations are rare, and
    /// some impossible, such as a minimal 4×4 puzzle with every symmetry of the square).
    pub max_attempts: u32,
}

impl Options {
    /// Unique puzzles of `shape`, any pattern, not necessarily minimal, any difficulty.
    pub fn new(shape: Shape) -> Options {
        Options {
            shape,
            symmetry: Symmetry::None,
            minimal: false,
            rating: None,
            scale: Scale::default(),
            holes: None,
            max_attempts: 100_000,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle (exactly one solution).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating, when a rating range was asked for.
    pub rating: Option<Rating>,
    /// How many candidates were made before this one satisfied the options.
    pub attempts: u32,
}

/// A stream of puzzles from one seed: the `i`-th puzzle depends only on the options, the seed
/// and `i`.
#[derive(Clone, Debug)]
pub struct Generator {
    options: Options,
    seed: u64,
    next: u64,
}

impl Generator {
    /// A generator of puzzles with these options.
    pub fn new(options: Options, seed: u64) -> Generator {
        Generator {
            options,
            seed,
            next: 0,
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The `index`-th puzzle of this seed, or `None` if `max_attempts` candidates all missed
    /// the options.
    pub fn puzzle(&self, index: u64) -> Option<Generated> {
        self.puzzle_within(index, &Stop::default())
    }

    /// [`Generator::puzzle`], giving up at the stop's deadline or flag (looked at between
    /// candidates and while rating one); [`Stop::progress`] counts the candidates made. A
    /// puzzle found is the same as without a stop.
    pub fn puzzle_within(&self, index: u64, stop: &Stop) -> Option<Generated> {
        let mut rng = SmallRng::seed_from_u64(stream(self.seed, index));
        let options = &self.options;
        let orbits = options.symmetry.orbits(options.shape.side());
        let mut checker = Checker::new();
        if let Some(fraction) = options.holes {
            let solution = random_solution(options.shape, &mut rng, &mut checker);
            let n = options.shape.side();
            let mut cells: Vec<usize> = (0..n * n).collect();
            cells.shuffle(&mut rng);
            let holes = ((fraction.clamp(0.0, 1.0) * (n * n) as f64).round() as usize).min(n * n);
            let mut puzzle = solution.clone();
            for &i in &cells[..holes] {
                puzzle.set(Cell::new(i / n, i % n), None);
            }
            return Some(Generated {
                puzzle,
                solution,
                rating: None,
                attempts: 1,
            });
        }
        attempts(options.max_attempts, stop, |attempts| {
            let solution = random_solution(options.shape, &mut rng, &mut checker);
            let (puzzle, cut) = dig(&solution, &orbits, &mut rng, &mut checker);
            // Digging one cell at a time with every check finished gives a minimal puzzle;
            // otherwise minimality must be checked.
            let checked = options.symmetry == Symmetry::None && !cut;
            if options.minimal && !checked && !minimal_with(&puzzle, &mut checker) {
                return Attempt::Retry;
            }
            let rate = || logic::rate_within(&puzzle, options.scale, stop);
            rated_in(options.rating.as_ref(), rate).map_or(Attempt::Retry, |rating| {
                Attempt::Made(Generated {
                    puzzle,
                    solution,
                    rating,
                    attempts,
                })
            })
        })
    }
}

impl Iterator for Generator {
    type Item = Generated;

    /// The next puzzle (skipping any index that found none within `max_attempts`; the stream
    /// ends only if a whole run of 100 indices finds none).
    fn next(&mut self) -> Option<Generated> {
        for _ in 0..100 {
            let g = self.puzzle(self.next);
            self.next += 1;
            if g.is_some() {
                return g;
            }
        }
        None
    }
}

/// A random full grid of `shape`.
fn random_solution(shape: Shape, rng: &mut SmallRng, checker: &mut Checker) -> Grid {
    let full = if shape.side() <= COMPLETED_UP_TO {
        completed(shape, rng, checker)
    } else {
        switched(shape, rng)
    };
    Transform::random(shape, rng).apply(&full)
}

/// Sides up to which a random full grid is a completion of random boxes on the diagonal; on
/// larger grids it is made by [`switched`]: completing took 2.6 s for 64×64, 3.6–13 s for
/// 81×81 and over 2 minutes for 100×100 (`docs/research/generation.md`).
const COMPLETED_UP_TO: usize = 64;

/// The solver's completion of random permutations in the boxes on the diagonal.
fn completed(shape: Shape, rng: &mut SmallRng, checker: &mut Checker) -> Grid {
    let n = shape.side();
    let (w, h) = (shape.width(), shape.height());
    let mut grid = Grid::empty(shape);
    // Boxes (b, b) for b below both the number of bands and of stacks share no row or column.
    let diagonal = (n / h).min(n / w);
    for b in 0..diagonal {
        let mut digits: Vec<usize> = (1..=n).collect();
        digits.shuffle(rng);
        for (i, &d) in digits.iter().enumerate() {
            let cell = Cell::new(b * h + i / w, b * w + i % w);
            grid.set(cell, Digit::new(d));
        }
    }
    checker.first(&grid).unwrap_or_else(|| {
        // Cannot happen (independent boxes always complete); fall back on the empty grid.
        Grid::empty(shape).solve().unwrap_or(grid)
    })
}

/// A full grid made without search: the [`pattern`] grid mixed by N² random *switches*. A
/// switch takes two rows of one band (or two columns of one stack) and a position, and swaps
/// the two lines' digits along the cycle through that position (where the first line's new
/// digit stood before, and so on until the cycle closes): each line keeps its digits, each
/// column (row) and each box too. On 36×36 grids the mean number of cycles between two rows
/// (3.2) is then that of completed grids, against 10.8 within a band and 2.6 across bands for
/// the pattern (`docs/research/generation.md`).
fn switched(shape: Shape, rng: &mut SmallRng) -> Grid {
    let n = shape.side();
    let (w, h) = (shape.width(), shape.height());
    let mut values = pattern(shape);
    let mut pos = vec![0usize; n + 1];
    let row: fn(usize, usize, usize) -> usize = |line, k, n| line * n + k;
    let col: fn(usize, usize, usize) -> usize = |line, k, n| k * n + line;
    for m in 0..n * n {
        // Alternately two rows of a band and two columns of a stack, when there are two.
        let (lines, groups, at) = if (m % 2 == 0 && h >= 2) || w < 2 {
            (h, w, row)
        } else {
            (w, h, col)
        };
        if lines < 2 {
            break;
        }
        let first = rng.random_range(0..groups) * lines;
        let a = first + rng.random_range(0..lines);
        let b = first + (a - first + rng.random_range(1..lines)) % lines;
        switch(&mut values, n, (a, b), rng.random_range(0..n), at, &mut pos);
    }
    Grid::from_checked(shape, values)
}

/// The pattern grid's values: row `r` of band `b` holds 1…N shifted by `r·w + b` (boxes of h
/// rows and w columns: w bands of h rows, h stacks of w columns).
pub(crate) fn pattern(shape: Shape) -> Vec<u16> {
    let n = shape.side();
    let (w, h) = (shape.width(), shape.height());
    (0..n * n)
        .map(|i| (((i / n) % h * w + i / n / h + i % n) % n + 1) as u16)
        .collect()
}

/// The pattern grid with each cell emptied with probability `holes` (the solvers' tests).
#[cfg(test)]
pub(crate) fn holed_pattern(shape: Shape, holes: f64, rng: &mut SmallRng) -> Grid {
    let mut values = pattern(shape);
    for v in &mut values {
        if rng.random::<f64>() < holes {
            *v = 0;
        }
    }
    Grid::from_checked(shape, values)
}

/// Swaps lines `a` and `b` along their cycle through position `start` (see [`switched`]);
/// `at(line, k, n)` is the index of the line's `k`-th cell, `pos` scratch of `n + 1`.
fn switch(
    values: &mut [u16],
    n: usize,
    (a, b): (usize, usize),
    start: usize,
    at: fn(usize, usize, usize) -> usize,
    pos: &mut [usize],
) {
    for k in 0..n {
        pos[values[at(a, k, n)] as usize] = k;
    }
    let closing = values[at(a, start, n)];
    let mut k = start;
    loop {
        let x = at(a, k, n);
        values.swap(x, at(b, k, n));
        // Line a now holds b's digit at k, which it also held elsewhere: go on there.
        let d = values[x];
        if d == closing {
            break;
        }
        k = pos[d as usize];
    }
}

/// Empties the orbits in random order, each only if the puzzle stays unique; also says whether
/// a check ran out of time (its orbit was kept without proof that it is needed).
fn dig(
    solution: &Grid,
    orbits: &[Vec<usize>],
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> (Grid, bool) {
    let mut cut = false;
    let n = solution.side();
    let mut order: Vec<&Vec<usize>> = orbits.iter().collect();
    order.shuffle(rng);
    let mut puzzle = solution.clone();
    // The first orbits almost never matter: empty a third of the cells at once, and check
    // once. If that puzzle is unique, so is every puzzle on the way to it, so the result is
    // the one the orbit-by-orbit loop would give.
    let mut first = 0;
    let mut emptied = 0;
    while first < order.len() && emptied + order[first].len() <= n * n / 3 {
        emptied += order[first].len();
        first += 1;
    }
    for orbit in &order[..first] {
        for &i in orbit.iter() {
            puzzle.set(Cell::new(i / n, i % n), None);
        }
    }
    if checker.unique(&puzzle) != Some(true) {
        puzzle = solution.clone();
        first = 0;
    }
    for orbit in order.into_iter().skip(first) {
        let saved: Vec<Option<Digit>> = orbit
            .iter()
            .map(|&i| puzzle.get(Cell::new(i / n, i % n)))
            .collect();
        for &i in orbit {
            puzzle.set(Cell::new(i / n, i % n), None);
        }
        let unique = match (orbit.as_slice(), saved.as_slice()) {
            (&[i], &[Some(d)]) => checker.still_unique(&puzzle, i, d),
            _ => checker.unique(&puzzle),
        };
        cut |= unique.is_none();
        if unique != Some(true) {
            for (&i, &d) in orbit.iter().zip(&saved) {
                puzzle.set(Cell::new(i / n, i % n), d);
            }
        }
    }
    (puzzle, cut)
}

/// The guesses one uniqueness check may take while digging a grid of side `n`: for a search
/// for another digit in one emptied cell, and for a count up to 2 (orbits of several cells),
/// which finds the known solution first. None up to 9×9, whose checks take microseconds. A
/// check that runs out keeps its clues: the puzzle stays unique, merely less sparse. A count
/// of guesses rather than a time, so that a seed gives the same puzzles on every run and
/// machine (an 8 ms limit did not: three runs of `generate --size 36 --seed 1`, three
/// puzzles).
///
/// Up to 16×16, 1,024 guesses end every check of `generate --size 16 --seed 1`, so those
/// puzzles stay minimal. Beyond, the checks that do not end within a few guesses are hard ones
/// that 80 ms did not end either: 4, 8, 16, 64 or 1,024 guesses leave the same share of holes
/// (`generate --size 25|36|49 --seed 1`: about 56, 50 and 46 %), and 8 take half the time of
/// 64 on 64×64 (20 s against 41 s). Counts up to 2 keep 256: with 32, a symmetric 36×36
/// puzzle kept 1 % more clues.
fn check_budget(n: usize) -> Option<(u64, u64)> {
    match n {
        0..=9 => None,
        10..=16 => Some((1_024, 4_096)),
        _ => Some((8, 256)),
    }
}

/// Uniqueness checks, reusing one solver for 9×9 grids (no allocation per check).
struct Checker {
    classic: Option<Solutions>,
}

impl Checker {
    fn new() -> Checker {
        Checker { classic: None }
    }

    /// The 9×9 solver, reset to `grid`.
    fn classic(&mut self, grid: &Grid) -> &mut Solutions {
        if let Some(s) = &mut self.classic {
            s.reset(grid);
        } else {
            self.classic = Some(Solutions::new(grid, Engine::Auto));
        }
        self.classic
            .get_or_insert_with(|| Solutions::new(grid, Engine::Auto))
    }

    /// The first solution of a grid.
    fn first(&mut self, grid: &Grid) -> Option<Grid> {
        if grid.shape() == Shape::CLASSIC {
            return self.classic(grid).next();
        }
        grid.solve()
    }

    /// Whether the grid has exactly one solution, or `None` when the check ran out of time.
    fn unique(&mut self, grid: &Grid) -> Option<bool> {
        if grid.shape() == Shape::CLASSIC {
            return Some(self.classic(grid).count_up_to(2).count == 1);
        }
        if grid.side() <= 9 {
            return Some(grid.count_solutions(2).count == 1);
        }
        let mut s = Solutions::new(grid, Engine::Auto)
            .with_guess_budget(check_budget(grid.side()).map(|(_, count)| count));
        let count = s.count_up_to(2);
        if s.interrupted() {
            None
        } else {
            Some(count.count == 1)
        }
    }

    /// Whether `grid`, a unique puzzle with the clue `digit` just taken out of `cell`, is still
    /// unique, or `None` when the check ran out of its budget. Beyond 9×9 it looks for a
    /// solution with another digit in the cell, rather than counting two (which first finds
    /// the known solution, then searches around it): the checks that end in "unique" took
    /// 1.0 ms instead of 1.65 ms on average in `generate --size 36 --seed 1`, 2.3 instead of
    /// 3.3 ms at 49×49.
    fn still_unique(&mut self, grid: &Grid, cell: usize, digit: Digit) -> Option<bool> {
        if grid.shape() == Shape::CLASSIC {
            return self.unique(grid);
        }
        let mut s = Solutions::new(grid, Engine::Auto)
            .forbidding(cell, digit.index())
            .with_guess_budget(check_budget(grid.side()).map(|(single, _)| single));
        let other = s.next_values().is_some();
        if s.interrupted() { None } else { Some(!other) }
    }
}

/// Whether removing any one clue leaves more than one solution.
pub fn is_minimal(puzzle: &Grid) -> bool {
    minimal_with(puzzle, &mut Checker::new())
}

fn minimal_with(puzzle: &Grid, checker: &mut Checker) -> bool {
    let n = puzzle.side();
    let mut p = puzzle.clone();
    for i in 0..n * n {
        let cell = Cell::new(i / n, i % n);
        let Some(d) = p.get(cell) else { continue };
        p.set(cell, None);
        let unique = checker.unique(&p);
        p.set(cell, Some(d));
        // A check that ran out of time proves nothing: the puzzle is not shown minimal.
        if unique != Some(false) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Grids beyond [`COMPLETED_UP_TO`] are made by switches: full and valid, for square and
    /// rectangular boxes, and different for different seeds.
    #[test]
    fn switched_grids_are_full_and_valid() {
        for (w, h) in [(9, 9), (10, 7), (7, 10), (66, 1), (1, 66)] {
            let shape = Shape::new(w, h).unwrap();
            let grid = random_solution(shape, &mut SmallRng::seed_from_u64(1), &mut Checker::new());
            assert!(grid.side() > COMPLETED_UP_TO);
            assert!(grid.is_full() && grid.conflicts().is_empty(), "{w}x{h}");
            let other =
                random_solution(shape, &mut SmallRng::seed_from_u64(2), &mut Checker::new());
            assert_ne!(grid, other, "{w}x{h}");
            // The switches move most cells away from the pattern grid they start from.
            let mixed = switched(shape, &mut SmallRng::seed_from_u64(1));
            let start = pattern(shape);
            assert!(
                Grid::from_checked(shape, start.clone())
                    .conflicts()
                    .is_empty()
            );
            let moved = start.iter().zip(mixed.values()).filter(|(a, b)| a != b);
            let cells = shape.cell_count();
            assert!(moved.count() > cells / 2, "{w}x{h}");
        }
    }

    /// Random instances of a large grid: the given fraction emptied, every clue the solution's.
    #[test]
    fn holes_on_a_large_grid() {
        let mut o = Options::new(Shape::square(100).unwrap());
        o.holes = Some(0.4);
        let g = Generator::new(o, 3).puzzle(0).unwrap();
        assert_eq!(g.puzzle.clue_count(), 6_000);
        assert!(g.solution.is_full() && g.solution.conflicts().is_empty());
        assert!(g.solution.is_solution_of(&g.puzzle));
    }

    /// Beyond 16×16 the uniqueness checks run out of their budget while digging; the budget
    /// is counted in guesses, so the puzzles still depend on the seed alone. (With a time
    /// limit per check, the same seed gave a different 36×36 puzzle on each of three runs.)
    #[test]
    fn same_seed_same_puzzles_beyond_16x16() {
        let o = Options::new(Shape::new(5, 4).unwrap());
        let a = Generator::new(o.clone(), 11).puzzle(0).unwrap();
        let b = Generator::new(o, 11).puzzle(0).unwrap();
        assert_eq!(a, b);
        assert!(a.solution.is_solution_of(&a.puzzle));
        assert!(a.puzzle.is_unique());
    }

    #[test]
    fn same_seed_same_puzzles() {
        let o = Options::new(Shape::CLASSIC);
        let a = Generator::new(o.clone(), 7);
        let b = Generator::new(o, 7);
        assert_eq!(a.puzzle(3), b.puzzle(3));
        assert_ne!(a.puzzle(3).map(|g| g.puzzle), a.puzzle(4).map(|g| g.puzzle));
    }
}
