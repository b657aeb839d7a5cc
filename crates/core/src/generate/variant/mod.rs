//! Variant puzzle generation: killer, jigsaw, diagonal, windoku, anti-knight, anti-king,
//! non-consecutive, even/odd, thermometer, kropki, XV and sandwich puzzles, and combinations
//! of them, each with exactly one solution and minimal in what it gives.
//!
//! As for classic puzzles ([`super::Generator`]), each puzzle comes from its own seed (the
//! generator's seed and the puzzle's index), and every uniqueness check has a budget counted
//! in guesses, not time: a seed gives the same puzzles on every machine and thread count.
//!
//! 1. The layout and the solution ([`solution`]): the regions (the boxes, or a random
//!    jigsaw of connected regions), the global rules (diagonals, windows, anti-knight, …), and
//!    a random solution that keeps them.
//! 2. The clues the solution shows ([`clues`]): every kropki dot or X/V with the negative
//!    rule, a pool of removable items (givens, even/odd marks, sandwich clues, thermometers).
//! 3. Minimising ([`dig`]): the items are taken out in random order (givens first, so that the
//!    variant clues do the work), each kept out only while the puzzle stays unique. Killers
//!    instead start from a random partition into cages, split cages until unique and merge
//!    neighbouring cages while unique ([`killer`]).
//!
//! What "minimal" means for each kind is written in `docs/variants.md` ("Generating variant
//! puzzles"): no given, even/odd mark, sandwich clue or thermometer can go, and for killers no
//! two neighbouring cages can be merged, without a second solution. Dots and X/V marks are all
//! shown (the negative rule needs them), so only givens are minimised there.
//!
//! 4. With a rating range ([`Options::rating`]), the finished puzzle is rated by the variant
//!    logic ([`crate::logic::rate_variant`], within the run's stop) and another is made until
//!    one falls in the range, as classic generation does.

mod clues;
mod dig;
mod killer;
mod solution;

use std::fmt;
use std::ops::RangeInclusive;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::attempts::{Attempt, attempts, rated_in, stream};
use super::symmetry::Symmetry;
use crate::logic::{self, Rating};
use crate::solve::Stop;
use crate::variant::Puzzle;

pub use killer::max_cage;
pub use solution::regions_connected;

/// A kind of variant puzzle to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Kind {
    /// Killer cages with their totals, no givens (or a few with [`Options::killer_givens`]).
    Killer,
    /// Random irregular regions.
    Jigsaw,
    /// Both main diagonals hold different digits.
    Diagonal,
    /// Windows beyond the boxes hold different digits.
    Windoku,
    /// No two cells a knight's move apart hold the same digit.
    AntiKnight,
    /// No two cells a king's move apart hold the same digit.
    AntiKing,
    /// No two orthogonal neighbours hold consecutive digits.
    NonConsecutive,
    /// Even and odd marks on cells.
    EvenOdd,
    /// Thermometers.
    Thermo,
    /// Every white and black kropki dot, with the negative rule.
    Kropki,
    /// Every X and V, with the negative rule.
    Xv,
    /// Sandwich clues outside the grid.
    Sandwich,
}

impl Kind {
    /// Every kind, in the order of their names.
    pub const ALL: [Kind; 12] = [
        Kind::Killer,
        Kind::Jigsaw,
        Kind::Diagonal,
        Kind::Windoku,
        Kind::AntiKnight,
        Kind::AntiKing,
        Kind::NonConsecutive,
        Kind::EvenOdd,
        Kind::Thermo,
        Kind::Kropki,
        Kind::Xv,
        Kind::Sandwich,
    ];

    /// The name the command line, the API and Python use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Killer => "killer",
            Kind::Jigsaw => "jigsaw",
            Kind::Diagonal => "diagonal",
            Kind::Windoku => "windoku",
            Kind::AntiKnight => "anti-knight",
            Kind::AntiKing => "anti-king",
            Kind::NonConsecutive => "non-consecutive",
            Kind::EvenOdd => "even-odd",
            Kind::Thermo => "thermo",
            Kind::Kropki => "kropki",
            Kind::Xv => "xv",
            Kind::Sandwich => "sandwich",
        }
    }

    /// The kind of a name (`x` is also `diagonal`, `irregular` also `jigsaw`).
    pub fn from_name(name: &str) -> Option<Kind> {
        let name = name.trim().to_ascii_lowercase().replace('_', "-");
        match name.as_str() {
            "x" => Some(Kind::Diagonal),
            "irregular" => Some(Kind::Jigsaw),
            "antiknight" => Some(Kind::AntiKnight),
            "antiking" => Some(Kind::AntiKing),
            "nonconsecutive" => Some(Kind::NonConsecutive),
            "evenodd" => Some(Kind::EvenOdd),
            "thermometer" => Some(Kind::Thermo),
            _ => Kind::ALL.into_iter().find(|k| k.name() == name),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `killer,diagonal`: the kinds, sorted, each once, or a message naming what is wrong
/// (an unknown kind, or a killer with even/odd marks, thermometers or sandwiches, whose
/// minimising the generator does not combine).
pub fn parse_kinds(list: &str) -> Result<Vec<Kind>, String> {
    let mut kinds = Vec::new();
    for name in list.split([',', '+']).filter(|s| !s.trim().is_empty()) {
        let kind = Kind::from_name(name).ok_or_else(|| {
            let all: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            format!(
                "unknown variant kind {:?} (kinds: {})",
                name.trim(),
                all.join(", ")
            )
        })?;
        kinds.push(kind);
    }
    kinds.sort_unstable();
    kinds.dedup();
    check_kinds(&kinds)?;
    Ok(kinds)
}

/// Whether the generator makes this combination of kinds.
fn check_kinds(kinds: &[Kind]) -> Result<(), String> {
    if kinds.is_empty() {
        return Err("no variant kind given".into());
    }
    if kinds.contains(&Kind::Killer)
        && let Some(k) = kinds
            .iter()
            .find(|k| matches!(k, Kind::EvenOdd | Kind::Thermo | Kind::Sandwich))
    {
        return Err(format!(
            "killer combines with global rules, jigsaw, kropki and xv, not with {k}"
        ));
    }
    Ok(())
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The grid's side (4 to 16 are practical; the boxes are those of [`crate::Shape::for_side`]).
    pub size: usize,
    /// The kinds, combined in every puzzle.
    pub kinds: Vec<Kind>,
    /// The symmetry of the givens and even/odd marks.
    pub symmetry: Symmetry,
    /// With symmetry, keep only puzzles where no single given or clue can go (without
    /// symmetry every puzzle is minimal).
    pub minimal: bool,
    /// Killers: solve with a few givens as well as cages (fewer, larger cages).
    pub killer_givens: bool,
    /// Killers: exactly this many givens (at most the grid's cells), placed first in random
    /// cells (whatever the symmetry), the cages then made around them; none is
    /// taken away, so some may not be needed. Overrides [`Options::killer_givens`].
    pub givens: Option<usize>,
    /// Killers: take off every cage total the puzzle can do without (the cage stays, its
    /// digits different). Off by default: newspaper killers show every total.
    pub hide_totals: bool,
    /// The ER range the puzzle's variant rating must fall in.
    pub rating: Option<RangeInclusive<f64>>,
    /// Candidates to make for one puzzle before giving up.
    pub max_attempts: u32,
}

/// What is wrong with asking for `givens` givens in puzzles of `kinds` on a `size × size`
/// grid (only killers take a number of givens, at most the grid's cells), in the words the
/// CLI, the server and Python give; `None` when nothing is.
pub fn givens_problem(kinds: &[Kind], size: usize, givens: Option<usize>) -> Option<String> {
    let k = givens?;
    if !kinds.contains(&Kind::Killer) {
        return Some("only killer puzzles take a number of givens".to_string());
    }
    (k > size * size).then(|| format!("at most {} on {size}×{size}, not {k}", size * size))
}

impl Options {
    /// Puzzles of `kinds` on a `size × size` grid, no symmetry.
    pub fn new(size: usize, kinds: Vec<Kind>) -> Options {
        Options {
            size,
            kinds,
            symmetry: Symmetry::None,
            minimal: false,
            killer_givens: false,
            givens: None,
            hide_totals: false,
            rating: None,
            max_attempts: 100,
        }
    }

    /// Whether the options ask for `kind`.
    pub fn has(&self, kind: Kind) -> bool {
        self.kinds.contains(&kind)
    }
}

/// A generated variant puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle (exactly one solution).
    pub puzzle: Puzzle,
    /// Its solution, row-major.
    pub solution: Vec<u16>,
    /// Its rating, when a rating range was asked for.
    pub rating: Option<Rating>,
    /// How many candidates were made before this one.
    pub attempts: u32,
    /// Uniqueness checks made for this puzzle.
    pub checks: u64,
}

/// Why a candidate was dropped.
#[derive(Debug)]
enum Miss {
    /// The candidate failed (no solution in budget, or not minimal): make another.
    Retry,
    /// The stop fired: give up.
    Stopped,
}

/// A stream of variant puzzles from one seed: the `i`-th puzzle depends only on the options,
/// the seed and `i`.
///
/// ```
/// use nsudoku::generate::variant::{Generator, Kind, Options};
///
/// let generator = Generator::new(Options::new(6, vec![Kind::Killer]), 1);
/// let made = generator.puzzle(0).expect("a killer");
/// assert_eq!(made.puzzle.count_solutions(2).count, 1);
/// assert!(made.puzzle.givens().iter().all(|&g| g == 0));
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    options: Options,
    seed: u64,
}

impl Generator {
    /// A generator of puzzles with these options.
    pub fn new(options: Options, seed: u64) -> Generator {
        Generator { options, seed }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The `index`-th puzzle of this seed, or `None` when `max_attempts` candidates failed.
    pub fn puzzle(&self, index: u64) -> Option<Generated> {
        self.puzzle_within(index, &Stop::default())
    }

    /// [`Generator::puzzle`], giving up at the stop's deadline or flag; [`Stop::progress`]
    /// counts the candidates made. A puzzle found is the same as without a stop.
    pub fn puzzle_within(&self, index: u64, stop: &Stop) -> Option<Generated> {
        if check_kinds(&self.options.kinds).is_err() || self.options.size < 2 {
            return None;
        }
        let mut rng = SmallRng::seed_from_u64(stream(self.seed ^ SALT, index));
        attempts(self.options.max_attempts, stop, |attempts| {
            let mut checker = dig::Checker::new(self.options.size, stop);
            let (puzzle, solution) = match make(&self.options, &mut rng, &mut checker) {
                Ok(made) => made,
                Err(Miss::Retry) => return Attempt::Retry,
                Err(Miss::Stopped) => return Attempt::Stopped,
            };
            let rate = || logic::rate_variant(&puzzle, stop);
            match rated_in(self.options.rating.as_ref(), rate) {
                Some(rating) => Attempt::Made(Generated {
                    puzzle,
                    solution,
                    rating,
                    attempts,
                    checks: checker.checks,
                }),
                None => Attempt::Retry,
            }
        })
    }
}

/// A salt on the seed, so that a variant puzzle's random stream is not a classic one's.
const SALT: u64 = 0x5641_5249_414E_5453;

/// One candidate: layout, solution, clues, minimising.
fn make(
    options: &Options,
    rng: &mut SmallRng,
    checker: &mut dig::Checker,
) -> Result<(Puzzle, Vec<u16>), Miss> {
    let base = solution::layout(options, rng)?;
    let solution = solution::solve(&base, options, rng, checker)?;
    let fixed = clues::fixed(&base, options, &solution, rng);
    let puzzle = if options.has(Kind::Killer) {
        killer::make(&fixed, options, &solution, rng, checker)?
    } else {
        let pool = clues::pool(options, &solution, rng);
        dig::dig(&fixed, pool, options, &solution, rng, checker)?
    };
    Ok((puzzle, solution))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_read_by_name_and_alias() {
        assert_eq!(
            parse_kinds("killer, x").unwrap(),
            vec![Kind::Killer, Kind::Diagonal]
        );
        for k in Kind::ALL {
            assert_eq!(Kind::from_name(k.name()), Some(k));
        }
        assert!(parse_kinds("killer,thermo").is_err());
        assert!(parse_kinds("nonsense").unwrap_err().contains("nonsense"));
        assert!(parse_kinds("").is_err());
    }

    #[test]
    fn a_seed_gives_the_same_puzzle() {
        let options = Options::new(6, vec![Kind::Thermo]);
        let a = Generator::new(options.clone(), 7).puzzle(3);
        let b = Generator::new(options, 7).puzzle(3);
        assert!(a.is_some());
        assert_eq!(a, b);
    }

    #[test]
    fn a_rated_puzzle_lies_in_its_band() {
        let options = Options {
            rating: Some(1.0..=2.3),
            ..Options::new(6, vec![Kind::Killer])
        };
        let made = Generator::new(options, 2)
            .puzzle(0)
            .expect("an easy killer");
        let r = made.rating.expect("a rating");
        assert!((1.0..=2.3).contains(&r.er), "ER {}", r.er);
        assert_eq!(
            logic::rate_variant(&made.puzzle, &Stop::default()).ok(),
            Some(r)
        );
        let hard = Options {
            rating: Some(20.0..=20.0),
            max_attempts: 3,
            ..Options::new(4, vec![Kind::Diagonal])
        };
        if let Some(g) = Generator::new(hard, 2).puzzle(0) {
            assert_eq!(g.rating.map(|r| r.er), Some(20.0));
        }
    }
}
