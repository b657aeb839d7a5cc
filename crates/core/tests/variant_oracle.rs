//! The variant engine against independent oracles, on random small puzzles with constraints
//! of every kind: the checker (`Puzzle::is_solution`) on every solution it returns, a brute
//! force enumeration over the checker on 4×4 grids, and with the `sat` feature a CNF encoding
//! solved by CaDiCaL (`solve::cnf`), which must find as many solutions up to a limit (the same
//! ones when there are fewer). Seeded, so every run sees the same puzzles; a disagreement is
//! shrunk (constraints and givens dropped while it persists) and printed. For a longer sweep,
//! `NSUDOKU_ORACLE_SCALE=20` runs twenty times as many random puzzles.

use std::time::{Duration, Instant};

use nsudoku::solve::puzzle::Solutions;
use nsudoku::variant::fpuzzles::{ReadOptions, from_payload};
use nsudoku::variant::{Constraint, Direction, Puzzle};
use nsudoku::{Cell, Stop};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use crate::support::data;

pub(crate) mod random;

use random::{KINDS, random_puzzle};

/// Solutions compared up to this many.
const LIMIT: usize = 50;

/// The engine's solutions, up to `limit`.
fn engine_solutions(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
    let stop = Stop {
        deadline: Some(Instant::now() + Duration::from_secs(60)),
        ..Stop::default()
    };
    let mut solutions = Solutions::variant_engine(puzzle).with_stop(stop);
    let mut out: Vec<Vec<u16>> = Vec::new();
    while out.len() < limit {
        match solutions.next_values() {
            Some(v) => out.push(v.to_vec()),
            None => break,
        }
    }
    assert!(
        !solutions.interrupted(),
        "the engine took over a minute:\n{}",
        describe(puzzle)
    );
    out
}

/// Every solution, by trying each digit in each cell in turn and going on only while the
/// checker finds nothing broken (it reports on partial grids only what cannot be mended).
fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
    fn go(puzzle: &Puzzle, values: &mut Vec<u16>, i: usize, out: &mut Vec<Vec<u16>>, limit: usize) {
        if out.len() >= limit {
            return;
        }
        if i == values.len() {
            assert!(puzzle.is_solution(values));
            out.push(values.clone());
            return;
        }
        for d in 1..=puzzle.size() as u16 {
            values[i] = d;
            if puzzle.broken(values).is_empty() {
                go(puzzle, values, i + 1, out, limit);
            }
        }
        values[i] = 0;
    }
    let mut values = vec![0; puzzle.size() * puzzle.size()];
    let mut out = Vec::new();
    go(puzzle, &mut values, 0, &mut out, limit);
    out
}

/// The puzzle in a form to paste into a test: regions, givens, candidates, constraints.
fn describe(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let default = Puzzle::new(n).expect("a size");
    let mut text = format!("size {n}\n");
    if puzzle.regions() != default.regions() {
        text += &format!("regions {:?}\n", puzzle.regions());
    }
    text += &format!("givens {:?}\n", puzzle.givens());
    if let Some(c) = puzzle.candidates() {
        text += &format!("candidates {c:?}\n");
    }
    for c in puzzle.constraints() {
        text += &format!("{c:?}\n");
    }
    text
}

/// The puzzle with only the constraints `keep` takes and the givens `givens`.
fn rebuild(puzzle: &Puzzle, keep: impl Fn(usize) -> bool, givens: &[u16]) -> Puzzle {
    let n = puzzle.size();
    let mut out = Puzzle::new(n).expect("a size");
    out.set_regions(puzzle.regions().to_vec()).expect("regions");
    for (i, &g) in givens.iter().enumerate() {
        out.set_given(Cell::new(i / n, i % n), g, "")
            .expect("a given");
    }
    if let Some(cands) = puzzle.candidates() {
        for (i, &m) in cands.iter().enumerate() {
            out.set_candidates(Cell::new(i / n, i % n), m, "")
                .expect("candidates");
        }
    }
    for (i, c) in puzzle.constraints().iter().enumerate() {
        if keep(i) {
            out.push(c.clone()).expect("a constraint it had");
        }
    }
    out
}

/// A smaller puzzle that still `fails`: constraints, then givens, dropped one at a time.
fn shrink(puzzle: &Puzzle, fails: impl Fn(&Puzzle) -> bool) -> Puzzle {
    let mut current = puzzle.clone();
    loop {
        let mut smaller = None;
        for i in 0..current.constraints().len() {
            let p = rebuild(&current, |k| k != i, current.givens());
            if fails(&p) {
                smaller = Some(p);
                break;
            }
        }
        if smaller.is_none() {
            for i in (0..current.givens().len()).filter(|&i| current.givens()[i] != 0) {
                let mut givens = current.givens().to_vec();
                givens[i] = 0;
                let p = rebuild(&current, |_| true, &givens);
                if fails(&p) {
                    smaller = Some(p);
                    break;
                }
            }
        }
        match smaller {
            Some(p) => current = p,
            None => return current,
        }
    }
}

/// Sorted, for comparing sets of solutions.
fn sorted(mut solutions: Vec<Vec<u16>>) -> Vec<Vec<u16>> {
    solutions.sort();
    solutions
}

/// Another solver: the solutions of a puzzle up to a limit.
type Oracle<'a> = &'a dyn Fn(&Puzzle, usize) -> Vec<Vec<u16>>;

/// The engine's solutions up to `limit`, and what is wrong with them: one that breaks a rule,
/// one found twice, or with an oracle, a different number of solutions (or different grids
/// when there are fewer than `limit`).
fn verdict(
    puzzle: &Puzzle,
    limit: usize,
    oracle: Option<Oracle>,
) -> (Vec<Vec<u16>>, Option<String>) {
    let engine = engine_solutions(puzzle, limit);
    for s in &engine {
        let broken = puzzle.broken(s);
        if !broken.is_empty() {
            let why = format!("an engine solution {s:?} breaks {broken:?}");
            return (engine.clone(), Some(why));
        }
    }
    let mut distinct = sorted(engine.clone());
    distinct.dedup();
    if distinct.len() != engine.len() {
        return (engine, Some("the engine returned a solution twice".into()));
    }
    let Some(oracle) = oracle else {
        return (engine, None);
    };
    let theirs = oracle(puzzle, limit);
    let why = if theirs.len() != engine.len() {
        Some(format!(
            "the engine finds {} solutions, the oracle {} (limit {limit}); the engine's first {:?}, the oracle's first {:?}",
            engine.len(),
            theirs.len(),
            engine.first(),
            theirs.first()
        ))
    } else if engine.len() < limit && sorted(theirs) != distinct {
        Some("the engine and the oracle find different solutions".into())
    } else {
        None
    };
    (engine, why)
}

/// How a run of random puzzles went.
#[derive(Debug)]
struct Tally {
    cases: usize,
    /// Puzzles with fewer solutions than [`LIMIT`]: their solutions were compared one by one.
    exact: usize,
    /// Puzzles with no solution.
    none: usize,
}

impl Tally {
    /// Whether over a fifth of the puzzles had some solutions but fewer than the limit: the
    /// run compares solution sets, not only counts that reach the limit or are zero.
    fn telling(&self) -> bool {
        (self.exact - self.none) * 5 > self.cases
    }
}

/// Runs `cases` random puzzles of side `n` (times `NSUDOKU_ORACLE_SCALE`), each kind of
/// constraint first in turn, checking the engine's solutions and, when given, comparing them
/// with the oracle's; panics with every disagreement shrunk.
fn compare(n: usize, cases: usize, seed: u64, oracle: Option<Oracle>) -> Tally {
    let scale = std::env::var("NSUDOKU_ORACLE_SCALE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(1);
    let cases = cases * scale.max(1);
    let mut failures = Vec::new();
    let (mut exact, mut none) = (0, 0);
    for case in 0..cases {
        let made = random_puzzle(seed + case as u64, n, KINDS[case % KINDS.len()]);
        let puzzle = &made.puzzle;
        let (engine, why) = verdict(puzzle, LIMIT, oracle);
        exact += usize::from(engine.len() < LIMIT);
        none += usize::from(engine.is_empty());
        // The checker on partial grids: a solution with cells emptied breaks nothing.
        if let Some(s) = engine.first() {
            let mut rng = SmallRng::seed_from_u64(case as u64);
            for _ in 0..4 {
                let holes = rng.random_range(0.0..1.0);
                let part: Vec<u16> = s
                    .iter()
                    .map(|&d| if rng.random_bool(holes) { 0 } else { d })
                    .collect();
                let broken = puzzle.broken(&part);
                assert!(
                    broken.is_empty(),
                    "a part of a solution {part:?} breaks {broken:?}:\n{}",
                    describe(puzzle)
                );
            }
        }
        if let Some(why) = why {
            let small = shrink(puzzle, |p| verdict(p, LIMIT, oracle).1.is_some());
            let why_small = verdict(&small, LIMIT, oracle).1.unwrap_or_default();
            failures.push(format!(
                "case {case} (kinds {:?}): {why}\nshrunk: {why_small}\n{}",
                made.kinds,
                describe(&small)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} {n}×{n} puzzles disagree:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    Tally { cases, exact, none }
}

#[test]
fn on_4x4_puzzles_the_engine_finds_what_brute_force_finds() {
    let tally = compare(4, 2 * KINDS.len(), 4_000, Some(&brute_force));
    assert!(tally.telling() && tally.none > 0, "{tally:?}");
}

#[test]
fn on_larger_grids_every_engine_solution_passes_the_checker() {
    // The engine against the checker only: brute force would be too slow.
    compare(6, KINDS.len(), 6_000, None);
    compare(9, KINDS.len() / 2, 9_000, None);
}

#[test]
fn dev_solutions_pass_the_checker_and_changed_ones_do_not() {
    let mut count = 0;
    for (name, puzzle, solution) in dev_set() {
        assert!(
            puzzle.is_solution(&solution),
            "{name}: {:?}",
            puzzle.broken(&solution)
        );
        let n = puzzle.size();
        // Each cell of a row changed in turn (the row cycles through the puzzles).
        let r = count % n;
        for c in 0..n {
            let mut changed = solution.clone();
            let i = r * n + c;
            changed[i] = changed[i] % n as u16 + 1;
            let broken = puzzle.broken(&changed);
            assert!(
                !puzzle.is_solution(&changed),
                "{name}: r{}c{}",
                r + 1,
                c + 1
            );
            assert!(
                broken.iter().any(|b| b.cells.contains(&Cell::new(r, c))),
                "{name}: {broken:?}"
            );
        }
        // Any part of the solution breaks nothing.
        let mut rng = SmallRng::seed_from_u64(count as u64);
        for _ in 0..8 {
            let holes = rng.random_range(0.0..1.0);
            let part: Vec<u16> = solution
                .iter()
                .map(|&d| if rng.random_bool(holes) { 0 } else { d })
                .collect();
            assert_eq!(puzzle.broken(&part), vec![], "{name}: {part:?}");
        }
        count += 1;
    }
    assert_eq!(count, 85);
}

/// The dev set: name, puzzle, published solution.
fn dev_set() -> Vec<(String, Puzzle, Vec<u16>)> {
    data("variants/dev.jsonl")
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let name = v["name"].as_str().expect("a name").to_owned();
            let solution: Vec<u16> = v["solution"]
                .as_str()
                .expect("a solution")
                .bytes()
                .map(|b| u16::from(b - b'0'))
                .collect();
            let payload = v["fpuzzles"].as_str().expect("a payload");
            let puzzle = from_payload(payload, ReadOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e:?}"))
                .puzzle;
            (name, puzzle, solution)
        })
        .collect()
}

/// Unusual and degenerate constraints on an empty 4×4 grid: lines of one or two cells, a
/// clone of a cell to itself, a quadruple of two cells, an X or V between cells apart, a
/// little killer from a corner, a pill arrow, moves that rows and columns already rule out.
fn odd_constraints() -> Vec<(&'static str, Constraint)> {
    let c = Cell::new;
    let one = vec![c(0, 0)];
    let two = vec![c(0, 0), c(0, 1)];
    vec![
        ("between of 2", Constraint::Between { line: two.clone() }),
        ("between of 1", Constraint::Between { line: one.clone() }),
        (
            "double arrow of 2",
            Constraint::DoubleArrow { line: two.clone() },
        ),
        (
            "double arrow of 1",
            Constraint::DoubleArrow { line: one.clone() },
        ),
        ("zipper of 1", Constraint::Zipper { line: one.clone() }),
        ("zipper of 2", Constraint::Zipper { line: two.clone() }),
        (
            "lockout of 1",
            Constraint::Lockout {
                line: one.clone(),
                difference: 2,
            },
        ),
        (
            "lockout of 2",
            Constraint::Lockout {
                line: vec![c(0, 0), c(1, 1)],
                difference: 2,
            },
        ),
        (
            "palindrome of 1",
            Constraint::Palindrome { line: one.clone() },
        ),
        ("renban of 1", Constraint::Renban { line: one.clone() }),
        ("entropic of 1", Constraint::Entropic { line: one.clone() }),
        ("entropic of 2", Constraint::Entropic { line: two.clone() }),
        ("modular of 2", Constraint::Modular { line: two.clone() }),
        (
            "region sum in one region",
            Constraint::RegionSum { line: two.clone() },
        ),
        (
            "thermometer of 1",
            Constraint::Thermometer { line: one.clone() },
        ),
        (
            "whispers of 1",
            Constraint::Whispers {
                line: one.clone(),
                difference: 2,
            },
        ),
        ("nabner of 1", Constraint::Nabner { line: one.clone() }),
        (
            "clone of itself",
            Constraint::Clone {
                cells: one.clone(),
                copies: one.clone(),
            },
        ),
        (
            "clone swapped",
            Constraint::Clone {
                cells: two.clone(),
                copies: vec![c(0, 1), c(0, 0)],
            },
        ),
        (
            "quadruple of 2 cells",
            Constraint::Quadruple {
                cells: vec![c(0, 0), c(1, 0)],
                digits: vec![1],
            },
        ),
        (
            "v between cells apart",
            Constraint::Xv {
                cells: [c(0, 0), c(3, 3)],
                sum: 5,
            },
        ),
        (
            "little killer from a corner",
            Constraint::LittleKiller {
                clue: (-1, -1),
                direction: Direction::DownRight,
                cells: vec![c(0, 0), c(1, 1), c(2, 2), c(3, 3)],
                sum: 10,
            },
        ),
        (
            "pill arrow",
            Constraint::Arrow {
                bulb: two.clone(),
                shaft: vec![c(1, 0), c(1, 1), c(2, 0), c(2, 1), c(3, 0)],
            },
        ),
        ("taxicab 1", Constraint::Taxicab { distance: 1 }),
        (
            "chess (0, 1)",
            Constraint::Chess {
                offsets: vec![(0, 1)],
            },
        ),
        (
            "box indexers in a box",
            Constraint::BoxIndexer {
                cells: vec![c(0, 0), c(0, 1), c(1, 0), c(1, 1)],
            },
        ),
    ]
}

/// The puzzle of one odd constraint.
fn odd_puzzle(constraint: Constraint) -> Puzzle {
    let mut puzzle = Puzzle::new(4).expect("4");
    puzzle.push(constraint).expect("a valid constraint");
    puzzle
}

#[test]
fn odd_constraints_have_the_solutions_brute_force_finds() {
    for (name, constraint) in odd_constraints() {
        let puzzle = odd_puzzle(constraint);
        let engine = sorted(engine_solutions(&puzzle, 1000));
        let brute = sorted(brute_force(&puzzle, 1000));
        assert_eq!(
            (engine.len(), engine == brute),
            (brute.len(), true),
            "{name}"
        );
    }
}

#[cfg(feature = "sat")]
mod sat {
    use nsudoku::solve::cnf::solutions_cnf;

    use nsudoku::variant::Puzzle;

    use super::{KINDS, brute_force, compare};

    #[test]
    fn on_4x4_puzzles_the_cnf_finds_what_brute_force_finds() {
        let mut failures = Vec::new();
        for case in 0..2 * KINDS.len() {
            let made = super::random_puzzle(40_000 + case as u64, 4, KINDS[case % KINDS.len()]);
            let a = super::sorted(brute_force(&made.puzzle, 1000));
            let b = super::sorted(cnf(&made.puzzle, 1000));
            if a != b {
                failures.push(format!(
                    "case {case}: brute force {}, CNF {}\n{}",
                    a.len(),
                    b.len(),
                    super::describe(&made.puzzle)
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_engine_finds_what_the_cnf_finds_on_4x4_puzzles() {
        let tally = compare(4, 3 * KINDS.len(), 14_000, Some(&cnf));
        assert!(tally.telling(), "{tally:?}");
    }

    #[test]
    fn the_engine_finds_what_the_cnf_finds_on_6x6_puzzles() {
        let tally = compare(6, 3 * KINDS.len(), 16_000, Some(&cnf));
        assert!(tally.telling(), "{tally:?}");
    }

    #[test]
    fn the_engine_finds_what_the_cnf_finds_on_9x9_puzzles() {
        let tally = compare(9, 3 * KINDS.len(), 19_000, Some(&cnf));
        assert!(tally.telling(), "{tally:?}");
    }

    #[test]
    fn the_engine_finds_what_the_cnf_finds_on_5x5_and_8x8_puzzles() {
        // Sides whose entropic bands differ in size: 5 (1–2, 3, 4–5; its boxes are rows) and 8
        // (1–3, 4–5, 6–8; boxes 4 wide and 2 tall).
        for (n, seed) in [(5, 15_000), (8, 18_000)] {
            let tally = compare(n, KINDS.len(), seed, Some(&cnf));
            assert!(tally.telling(), "{n}: {tally:?}");
        }
    }

    #[test]
    fn the_cnf_finds_each_dev_puzzle_its_published_solution_and_no_other() {
        let set = super::dev_set();
        assert_eq!(set.len(), 85);
        for (name, puzzle, solution) in set {
            assert_eq!(cnf(&puzzle, 2), vec![solution], "{name}");
        }
    }

    #[test]
    fn odd_constraints_have_the_solutions_the_cnf_finds() {
        for (name, constraint) in super::odd_constraints() {
            let puzzle = super::odd_puzzle(constraint);
            let engine = super::sorted(super::engine_solutions(&puzzle, 1000));
            let theirs = super::sorted(cnf(&puzzle, 1000));
            assert_eq!(
                (engine.len(), engine == theirs),
                (theirs.len(), true),
                "{name}"
            );
        }
    }

    fn cnf(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
        solutions_cnf(puzzle, limit)
    }
}
