//! The setter's tools (`setter`) against independent counts: brute force over the checker on
//! random 4×4 and 6×6 puzzles of every kind (the oracle tests' puzzles), and with the `sat`
//! feature the CNF encoding solved by CaDiCaL on generated 6×6 puzzles. Redundant clues: each
//! clue's removal counted; minimal sets: unique and no clue left can go; fixes: every given's
//! count against the solutions enumerated; the estimator: within a few standard errors of
//! counts known (the empty 4×4 and 6×6 grids, puzzles counted by brute force).

use nsudoku::setter::{
    self, Analysis, Clue, EstimateOptions, FixOptions, Minimal, ambiguity, estimate, minimal_clues,
    redundant_clues, without,
};
use nsudoku::variant::Puzzle;
use nsudoku::{Cell, Count, Stop};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use crate::variant_oracle::random::{KINDS, random_puzzle};

/// Every solution up to `limit`, by brute force: each cell in reading order takes each digit its
/// row, column and region do not hold yet, and the checker (`Puzzle::broken`, which reports on
/// a partial grid only what cannot be mended) looks at the grid at the end of each row.
fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
    struct Search<'a> {
        puzzle: &'a Puzzle,
        n: usize,
        values: Vec<u16>,
        /// Digits used in each row, column and region (bit `d`).
        rows: Vec<u64>,
        cols: Vec<u64>,
        regions: Vec<u64>,
        out: Vec<Vec<u16>>,
        limit: usize,
    }
    impl Search<'_> {
        fn region(&self, i: usize) -> Option<usize> {
            let r = self.puzzle.regions()[i];
            (r != nsudoku::variant::NO_REGION).then_some(usize::from(r))
        }
        fn flip(&mut self, i: usize, d: u16) {
            let bit = 1u64 << d;
            self.rows[i / self.n] ^= bit;
            self.cols[i % self.n] ^= bit;
            if let Some(r) = self.region(i) {
                self.regions[r] ^= bit;
            }
        }
        fn go(&mut self, i: usize) {
            if self.out.len() >= self.limit {
                return;
            }
            let n = self.n;
            if i == n * n {
                if self.puzzle.is_solution(&self.values) {
                    self.out.push(self.values.clone());
                }
                return;
            }
            let given = self.puzzle.givens()[i];
            let allowed = self.puzzle.candidates().map_or(u64::MAX, |c| c[i] << 1);
            for d in 1..=n as u16 {
                if (given != 0 && d != given) || allowed >> d & 1 == 0 {
                    continue;
                }
                let used = self.rows[i / n]
                    | self.cols[i % n]
                    | self.region(i).map_or(0, |r| self.regions[r]);
                if used >> d & 1 != 0 {
                    continue;
                }
                self.values[i] = d;
                self.flip(i, d);
                if (i + 1) % n != 0 || self.puzzle.broken(&self.values).is_empty() {
                    self.go(i + 1);
                }
                self.flip(i, d);
                self.values[i] = 0;
            }
        }
    }
    let n = puzzle.size();
    let mut search = Search {
        puzzle,
        n,
        values: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        regions: vec![0; n * n],
        out: Vec::new(),
        limit,
    };
    search.go(0);
    search.out
}

/// Random puzzles of side `n` of every kind in turn, with `enough` of their solutions (by brute
/// force, up to `limit`).
fn random(
    n: usize,
    count: usize,
    limit: usize,
    enough: impl Fn(usize) -> bool,
) -> Vec<(Puzzle, Vec<Vec<u16>>)> {
    let mut out = Vec::new();
    let mut seed = 6000;
    while out.len() < count {
        seed += 1;
        let kind = KINDS[seed as usize % KINDS.len()];
        let puzzle = random_puzzle(seed, n, kind).puzzle;
        // The engine picks the puzzles (quickly); brute force finds their solutions.
        if !enough(puzzle.count_solutions(limit).count) {
            continue;
        }
        let solutions = brute_force(&puzzle, limit);
        if enough(solutions.len()) {
            out.push((puzzle, solutions));
        }
    }
    out
}

/// Random puzzles of side `n` with at least one solution and at most `most`, and their
/// solutions.
fn puzzles(n: usize, count: usize, most: usize) -> Vec<(Puzzle, Vec<Vec<u16>>)> {
    random(n, count, most + 1, |k| k > 0 && k <= most)
}

/// `puzzle` with givens of `solution` added in random cells until it has no other solution.
fn made_unique(puzzle: &Puzzle, solution: &[u16], seed: u64) -> Puzzle {
    let n = puzzle.size();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut cells: Vec<usize> = (0..n * n).filter(|&i| puzzle.givens()[i] == 0).collect();
    cells.shuffle(&mut rng);
    let mut p = puzzle.clone();
    for i in cells {
        if brute_force(&p, 2).len() == 1 {
            break;
        }
        p.set_given(Cell::new(i / n, i % n), solution[i], "")
            .expect("a digit of the solution");
    }
    p
}

/// Unique puzzles: random ones with a solution made unique, and `extra` givens more of their
/// solution (clues to spare; on 6×6 they also keep the brute force quick).
fn unique_puzzles(n: usize, count: usize, extra: usize) -> Vec<Puzzle> {
    random(n, count, 1, |k| k > 0)
        .into_iter()
        .enumerate()
        .map(|(k, (p, solutions))| {
            let mut p = made_unique(&p, &solutions[0], k as u64);
            let mut rng = SmallRng::seed_from_u64(k as u64);
            for _ in 0..extra {
                let i = rng.random_range(0..n * n);
                p.set_given(Cell::new(i / n, i % n), solutions[0][i], "")
                    .expect("a digit of the solution");
            }
            p
        })
        .collect()
}

fn unique_by_brute_force(p: &Puzzle) -> bool {
    brute_force(p, 2).len() == 1
}

/// Whether `solution` is the only solution of `p`, by brute force.
fn only_by_brute_force(p: &Puzzle, solution: &[u16]) -> bool {
    brute_force(p, 2) == [solution]
}

/// Each clue of a unique puzzle is redundant exactly when brute force finds the puzzle without
/// it still unique.
fn assert_redundant_right(p: &Puzzle, unique: &dyn Fn(&Puzzle, &[u16]) -> bool) {
    let clues = redundant_clues(p, &Stop::default()).expect("a unique puzzle");
    assert!(clues.complete());
    assert!(p.is_solution(&clues.solution));
    let listed: Vec<Clue> = clues.checks.iter().map(|c| c.clue).collect();
    assert_eq!(listed, Clue::all(p));
    for check in &clues.checks {
        let alone = unique(&without(p, &[check.clue]), &clues.solution);
        assert_eq!(check.redundant, Some(alone), "{:?} of {p:?}", check.clue);
    }
}

#[test]
fn redundant_clues_agree_with_brute_force() {
    let mut redundant = 0;
    for p in unique_puzzles(4, 30, 0)
        .iter()
        .chain(&unique_puzzles(6, 4, 2))
    {
        assert_redundant_right(p, &only_by_brute_force);
        redundant += redundant_clues(p, &Stop::default())
            .expect("unique")
            .redundant()
            .count();
    }
    // Not a vacuous check: many clues can go.
    assert!(redundant > 20, "{redundant}");
}

/// A minimal set of `p`'s clues: what is left of `p`, with `p`'s solution its only one, and
/// no clue left can go.
fn assert_minimal_right(p: &Puzzle, m: &Minimal, only: &dyn Fn(&Puzzle, &[u16]) -> bool) {
    assert!(m.minimal);
    assert_eq!(without(p, &m.removed), m.puzzle);
    let solution = &brute_force(p, 1)[0];
    assert!(only(&m.puzzle, solution), "{p:?} less {:?}", m.removed);
    for clue in Clue::all(&m.puzzle) {
        assert!(
            !only(&without(&m.puzzle, &[clue]), solution),
            "{clue:?} can still go from {:?}",
            m.puzzle
        );
    }
}

#[test]
fn a_minimal_set_is_unique_and_no_clue_left_can_go() {
    for (k, p) in unique_puzzles(4, 20, 0)
        .iter()
        .chain(&unique_puzzles(6, 2, 4))
        .enumerate()
    {
        let m = minimal_clues(p, k as u64, &Stop::default()).expect("unique");
        assert_minimal_right(p, &m, &only_by_brute_force);
        // The seed decides the order: the same seed, the same set.
        let again = minimal_clues(p, k as u64, &Stop::default()).expect("unique");
        assert_eq!(again.removed, m.removed);
    }
}

/// The fixes of a puzzle with every solution known: each count right, the best first, and as
/// many givens making it unique as there are.
fn assert_fixes_right(p: &Puzzle, all: &[Vec<u16>]) {
    let n = p.size();
    let a = ambiguity(p, &FixOptions::default(), &Stop::default()).expect("several solutions");
    assert_eq!(
        a.count,
        Count {
            count: all.len(),
            exact: true
        }
    );
    let [first, second] = &a.solutions;
    assert!(all.contains(first) && all.contains(second) && first != second);
    let differ: Vec<Cell> = (0..n * n)
        .filter(|&i| first[i] != second[i])
        .map(|i| Cell::new(i / n, i % n))
        .collect();
    assert_eq!(a.differ, differ);
    // Every digit of every empty cell that cuts the count, with its count.
    let mut counts = Vec::new();
    for i in (0..n * n).filter(|&i| p.givens()[i] == 0) {
        for d in 1..=n as u16 {
            let c = all.iter().filter(|s| s[i] == d).count();
            if c > 0 && c < all.len() {
                counts.push(c as u64);
            }
        }
    }
    counts.sort_unstable();
    let unique = counts.iter().filter(|&&c| c == 1).count();
    assert_eq!(a.unique_fixes, Some(unique));
    let listed: Vec<u64> = a.fixes.iter().map(|f| f.count).collect();
    assert_eq!(listed, counts[..listed.len()], "the best fixes first");
    assert_eq!(listed.len(), counts.len().min(FixOptions::default().fixes));
    for fix in &a.fixes {
        let i = fix.cell.row() * n + fix.cell.col();
        assert!(fix.exact && p.givens()[i] == 0);
        let with = all.iter().filter(|s| s[i] == fix.digit).count();
        assert_eq!(with as u64, fix.count, "{fix:?}");
    }
}

#[test]
fn fixes_agree_with_brute_force() {
    let mut several = 0;
    for (p, all) in puzzles(4, 40, 288).iter().chain(&puzzles(6, 4, 400)) {
        if all.len() < 2 {
            assert!(ambiguity(p, &FixOptions::default(), &Stop::default()).is_none());
            continue;
        }
        several += 1;
        assert_fixes_right(p, all);
    }
    assert!(several > 15, "{several}");
}

#[test]
fn fixes_past_the_limit_are_sampled_then_counted() {
    // 6×6 puzzles with more solutions than the limit of 40.
    let options = FixOptions {
        limit: 40,
        estimate: EstimateOptions {
            exact_below: 8,
            probes: 150,
            seed: 3,
        },
        ..FixOptions::default()
    };
    let mut checked = 0;
    for (p, all) in random(6, 2, 601, |k| k > 40 && k <= 600) {
        let a = ambiguity(&p, &options, &Stop::default()).expect("several");
        assert_eq!(
            a.count,
            Count {
                count: 40,
                exact: false
            }
        );
        assert!(a.estimate.is_some() && a.unique_fixes.is_none());
        assert!(!a.fixes.is_empty());
        for w in a.fixes.windows(2) {
            assert!(w[0].count <= w[1].count, "{:?}", a.fixes);
        }
        for fix in &a.fixes {
            let n = p.size();
            let i = fix.cell.row() * n + fix.cell.col();
            let true_count = all.iter().filter(|s| s[i] == fix.digit).count() as u64;
            assert!(true_count > 0, "{fix:?} is no digit of any solution");
            if fix.exact {
                assert_eq!(fix.count, true_count, "{fix:?}");
            } else {
                assert!(true_count >= 40, "{fix:?}: {true_count} could be counted");
            }
        }
        checked += 1;
    }
    assert!(checked > 0);
}

/// The estimate lands within four standard errors of `truth`, and the error is below `most`.
fn assert_estimates(p: &Puzzle, truth: f64, options: &EstimateOptions, most: f64) {
    let e = estimate(p, options, &Stop::default()).expect("probes");
    assert!(!e.exact);
    let error = e.error().expect("several probes");
    assert!(
        (e.count() - truth).abs() <= 4.0 * error + 1e-9 * truth,
        "{e} against {truth}"
    );
    assert!(e.relative_error.expect("probes") < most, "{e}");
}

#[test]
fn the_estimator_lands_near_known_counts() {
    let small = EstimateOptions {
        exact_below: 2,
        probes: 300,
        seed: 7,
    };
    assert_estimates(&Puzzle::new(4).expect("4×4"), 288.0, &small, 0.1);
    let six = EstimateOptions {
        probes: 200,
        ..EstimateOptions::default()
    };
    assert_estimates(&Puzzle::new(6).expect("6×6"), 28_200_960.0, &six, 0.1);
    // Variant puzzles counted by brute force.
    let mut checked = 0;
    for (p, all) in puzzles(4, 60, 288).iter().filter(|(_, a)| a.len() > 8) {
        assert_estimates(p, all.len() as f64, &small, 0.5);
        checked += 1;
    }
    assert!(checked > 5, "{checked}");
}

#[test]
fn a_small_count_is_exact() {
    for (p, all) in puzzles(4, 10, 60) {
        let e = estimate(&p, &EstimateOptions::default(), &Stop::default()).expect("a count");
        assert!(e.exact);
        assert_eq!(e.count().round() as usize, all.len());
    }
}

#[test]
fn the_analysis_asks_the_question_that_fits() {
    let options = setter::Options {
        minimal: Some(1),
        ..setter::Options::default()
    };
    let p = &unique_puzzles(4, 1, 0)[0];
    match setter::analyse(p, &options, &Stop::default()) {
        Analysis::Unique(clues) => {
            let m = clues.minimal.expect("asked for");
            assert!(unique_by_brute_force(&m.puzzle));
        }
        other => panic!("{other:?}"),
    }
    let (several, _) = puzzles(4, 1, 288)
        .into_iter()
        .chain(puzzles(4, 40, 288))
        .find(|(_, all)| all.len() > 1)
        .expect("a puzzle with several solutions");
    assert!(matches!(
        setter::analyse(&several, &options, &Stop::default()),
        Analysis::Several(_)
    ));
    let mut none = Puzzle::new(4).expect("4×4");
    none.set_given(Cell::new(0, 0), 1, "").expect("a digit");
    none.set_given(Cell::new(0, 1), 1, "").expect("a digit");
    assert!(matches!(
        setter::analyse(&none, &options, &Stop::default()),
        Analysis::NoSolution
    ));
}

#[test]
fn a_stop_leaves_clues_unknown_and_never_wrong() {
    let p = &unique_puzzles(6, 1, 6)[0];
    let fired = Stop {
        deadline: Some(std::time::Instant::now()),
        ..Stop::default()
    };
    // The stop fires before uniqueness is known: no answer.
    assert!(redundant_clues(p, &fired).is_none());
    assert!(matches!(
        setter::analyse(p, &setter::Options::default(), &fired),
        Analysis::Interrupted
    ));
    assert!(
        estimate(
            &Puzzle::new(9).expect("9×9"),
            &EstimateOptions::default(),
            &fired
        )
        .is_none()
    );
    // A random order of stops: what is said is right.
    let mut rng = SmallRng::seed_from_u64(1);
    for _ in 0..5 {
        let micros = rng.random_range(0..3000);
        let stop = Stop {
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_micros(micros)),
            ..Stop::default()
        };
        if let Some(clues) = redundant_clues(p, &stop) {
            for check in clues.checks.iter().filter(|c| c.redundant.is_some()) {
                let alone = only_by_brute_force(&without(p, &[check.clue]), &clues.solution);
                assert_eq!(check.redundant, Some(alone));
            }
        }
    }
}

#[cfg(feature = "sat")]
mod oracle {
    use nsudoku::generate::variant::{Generator, Options, parse_kinds};
    use nsudoku::solve::cnf::solutions_cnf;

    use super::*;

    /// Generated 6×6 puzzles of these kinds, with a few givens of their solution added.
    fn generated(kinds: &str, seed: u64) -> Puzzle {
        let options = Options::new(6, parse_kinds(kinds).expect("kinds"));
        let made = Generator::new(options, seed).puzzle(0).expect("a puzzle");
        let mut p = made.puzzle;
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..3 {
            let i = rng.random_range(0..36);
            p.set_given(Cell::new(i / 6, i % 6), made.solution[i], "")
                .expect("a digit");
        }
        p
    }

    const KINDS: [&str; 5] = ["killer", "thermo", "kropki", "sandwich", "killer,diagonal"];

    #[test]
    fn redundant_clues_agree_with_the_cnf_oracle() {
        for (k, kinds) in KINDS.iter().enumerate() {
            let p = generated(kinds, k as u64);
            assert_redundant_right(&p, &|q, s| solutions_cnf(q, 2) == [s]);
            let m = minimal_clues(&p, 5, &Stop::default()).expect("unique");
            assert_minimal_right(&p, &m, &|q, s| solutions_cnf(q, 2) == [s]);
        }
    }

    #[test]
    fn fixes_agree_with_the_cnf_oracle() {
        let mut checked = 0;
        for (k, kinds) in KINDS.iter().enumerate() {
            let p = generated(kinds, 10 + k as u64);
            // Clues taken away from the last until there are several solutions, counted by
            // CaDiCaL.
            let clues = Clue::all(&p);
            let fewer = (1..clues.len())
                .map(|k| without(&p, &clues[clues.len() - k..]))
                .find(|q| solutions_cnf(q, 2).len() > 1)
                .expect("several solutions with fewer clues");
            let all = solutions_cnf(&fewer, 5000);
            if all.len() < 5000 {
                assert_fixes_right(&fewer, &all);
                checked += 1;
            }
        }
        assert!(checked >= 3, "{checked}");
    }
}
