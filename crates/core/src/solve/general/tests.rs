//! The engine as a whole: hand-overs, contradictions at the root, the sparse search's
//! place in it; and the sparse search's fill on a root the engine built.

use super::General;
use crate::grid::{Grid, Shape};
use crate::solve::sparse::Sparse;

/// Every solution, with clause learning taking over after `after` guesses without one.
fn all(grid: &Grid, after: u64) -> (Vec<Vec<u16>>, bool) {
    let mut g = General::<1>::new(grid, false);
    g.cdcl_after = after;
    let mut out = Vec::new();
    while let Some(v) = g.next_solution() {
        out.push(v.to_vec());
    }
    (out, g.cdcl.is_some())
}

#[test]
fn clause_learning_takes_over_without_repeating_solutions() {
    let shape = Shape::new(2, 2).unwrap();
    for (text, expected) in [("0000000000000000", 288), ("1000000000000000", 72)] {
        let grid: Grid = text.parse().unwrap();
        for after in [0, 1, 3] {
            let (mut sols, learned) = all(&grid, after);
            assert!(learned, "{text} after {after}");
            assert_eq!(sols.len(), expected, "{text} after {after}");
            for s in &sols {
                assert!(Grid::from_values(shape, s).unwrap().is_solution_of(&grid));
            }
            sols.sort();
            sols.dedup();
            assert_eq!(sols.len(), expected, "{text} after {after}: repeated");
        }
    }
}

/// The givens are set in bulk: a digit twice in a house, or an empty cell that every
/// digit is taken from, ends the search at the start, with nothing found and no watch
/// fired; the reference engine agrees on those and on a grid with solutions.
#[test]
fn contradictory_givens_have_no_solution() {
    use crate::solve::{Engine, Solutions};
    for (text, expected) in [
        ("1000010000000000", 0),  // 1 twice in the first box
        ("1230000000000004", 0),  // r1c4: 1, 2, 3 in its row, 4 in its column
        ("1000000000000004", 18), // for contrast
    ] {
        let grid: Grid = text.parse().unwrap();
        let reference = Solutions::new(&grid, Engine::Reference).count_up_to(1000);
        assert_eq!(reference.count, expected, "{text}");
        let mut g = General::<1>::new(&grid, false);
        let mut found = 0;
        while g.next_solution().is_some() {
            found += 1;
        }
        assert_eq!(found, expected, "{text}");
        assert!(!g.watch.fired, "{text}");
    }
}

/// Solutions from the sparse search first (forced here on 4×4 grids), then from the
/// search, which skips them, or from clause learning, which excludes them: every solution
/// once, each checked.
#[test]
fn sparse_solutions_are_not_found_again() {
    let shape = Shape::new(2, 2).unwrap();
    for (text, expected) in [("0000000000000000", 288), ("1000000000000000", 72)] {
        let grid: Grid = text.parse().unwrap();
        for after in [1, 3, 100, u64::MAX] {
            let mut g = General::<1>::new(&grid, false);
            g.cdcl_after = after;
            g.sparse_from = &[(0, 0.0)];
            let mut sols = Vec::new();
            while let Some(v) = g.next_solution() {
                sols.push(v.to_vec());
            }
            assert!(g.sparse_found.len() >= 2, "{text} after {after}");
            assert_eq!(g.cdcl.is_some(), after < 100, "{text} after {after}");
            for s in &sols {
                assert!(Grid::from_values(shape, s).unwrap().is_solution_of(&grid));
            }
            let first: Vec<_> = sols[..g.sparse_found.len()].to_vec();
            assert_eq!(first, g.sparse_found, "{text} after {after}");
            assert_eq!(sols.len(), expected, "{text} after {after}");
            sols.sort();
            sols.dedup();
            assert_eq!(sols.len(), expected, "{text} after {after}: repeated");
        }
    }
}

/// Grids of side 49 or more whose root has 75 % of its cells empty or more get their
/// first solution from the sparse search, and from side 81 at 70 %; denser grids and
/// smaller ones do not.
#[test]
fn mostly_empty_big_grids_go_to_the_sparse_search() {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    let mut rng = SmallRng::seed_from_u64(29);
    let mut holed = |b: usize, holes: f64| {
        let shape = Shape::new(b, b).unwrap();
        (
            shape,
            crate::generate::holed_pattern(shape, holes, &mut rng),
        )
    };
    // Only the choice on the larger grids, whose search takes seconds here.
    for (b, holes, sparse) in [(9, 0.73, true), (8, 0.73, false)] {
        let (_, grid) = holed(b, holes);
        let mut g = General::<2>::new(&grid, false);
        assert!(g.start());
        let empty = g.empty as f64 / grid.values().len() as f64;
        assert!((0.70..0.75).contains(&empty), "{b} at {holes}: {empty}");
        assert_eq!(g.sparse, sparse, "{b} at {holes}");
    }
    for (b, holes, sparse) in [(7, 0.8, true), (7, 0.7, false), (6, 0.9, false)] {
        let n = b * b;
        let (shape, grid) = holed(b, holes);
        let mut g = General::<1>::new(&grid, false);
        let solution = Grid::from_values(shape, g.next_solution().expect("a solution"));
        assert!(solution.unwrap().is_solution_of(&grid));
        let what = format!("{n}x{n} at {holes}");
        assert_eq!(g.sparse_found.len(), usize::from(sparse), "{what}");
    }
}

/// The sparse search's fills and repairs count as guesses: a search that gives up there
/// has guesses to show, and a budget of guesses stops it.
#[test]
fn sparse_repairs_are_guesses() {
    // From `tests/data/9x9/puzzles5_forum_hardest_1905_11+.sample`.
    let text = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let grid: Grid = text.parse().unwrap();
    let solution = grid.solve().unwrap();
    // An empty cell that may not take its digit: no solution, which the root does not
    // see (for this cell), so the sparse search tries and fails.
    let forbidding = |cell: usize| {
        let mut g = General::<1>::new(&grid, false);
        g.sparse_from = &[(0, 0.0)];
        g.forbid(cell, solution.values()[cell] as usize - 1);
        g
    };
    let cell = (0..81)
        .filter(|&c| grid.values()[c] == 0)
        .find(|&c| forbidding(c).start())
        .unwrap();
    let run = |cap: Option<u64>| {
        let mut g = forbidding(cell);
        g.watch.cap = cap;
        assert!(g.next_solution().is_none());
        assert!(g.sparse_found.is_empty() && !g.sparse);
        (g.watch.fired, g.guesses())
    };
    let (fired, guesses) = run(None);
    assert!(!fired);
    assert!(guesses > Sparse::<1>::ATTEMPTS as u64, "{guesses}");
    let (fired, capped) = run(Some(40));
    assert!(fired);
    assert_eq!(capped, 40);
}

/// The sparse search's fill, on a root the engine built (here rather than in `sparse.rs`,
/// which the engine imports).
mod sparse_fill {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use crate::generate::holed_pattern;
    use crate::grid::{Grid, Shape};
    use crate::solve::Watch;
    use crate::solve::general::General;

    /// The places counted for a fill are those of its cells' candidates, each fill takes
    /// them all back (a count off by one would underflow or stay above zero), and the fill
    /// keeps every house free of repeats, leaving dead only cells with no candidate.
    #[test]
    fn place_counts_follow_the_fill() {
        let n = 25;
        for seed in 1..=4 {
            let shape = Shape::new(5, 5).unwrap();
            let grid = holed_pattern(shape, 0.8, &mut SmallRng::seed_from_u64(seed));
            let mut g = General::<1>::new(&grid, false);
            assert!(g.start(), "a consistent root");
            let (mut s, ..) = g.sparse_search();
            let mut todo: Vec<usize> = (0..n * n).filter(|&c| !s.fixed[c]).collect();
            let cand: Vec<_> = todo.iter().map(|&c| s.candidates(c)).collect();
            s.count_places(&todo, &cand);
            for h in 0..3 * n {
                for d in 0..n {
                    let expected = (0..todo.len())
                        .filter(|&i| s.houses_of[todo[i]].contains(&(h as u32)))
                        .filter(|&i| cand[i].contains(d))
                        .count();
                    if expected > 0 {
                        assert_eq!(s.places[h * n + d] as usize, expected, "{seed}: {h} {d}");
                    }
                }
            }
            let filled = todo.clone();
            let mut rng = SmallRng::seed_from_u64(seed);
            let dead = s.fill(&mut todo, &mut rng, &mut Watch::default()).unwrap();
            for (&cell, cand) in filled.iter().zip(&cand) {
                for h in s.houses_of[cell] {
                    for d in cand.iter() {
                        assert_eq!(s.places[h as usize * n + d], 0, "{seed}: {h} {d}");
                    }
                }
            }
            for &cell in &dead {
                assert_eq!(s.values[cell], 0);
                assert!(s.candidates(cell).is_empty(), "{seed}: {cell}");
            }
            for h in 0..3 * n {
                let mut digits: Vec<u16> = s.members[h * n..(h + 1) * n]
                    .iter()
                    .map(|&m| s.values[m as usize])
                    .filter(|&v| v != 0)
                    .collect();
                let len = digits.len();
                digits.sort_unstable();
                digits.dedup();
                assert_eq!(digits.len(), len, "{seed}: house {h}");
            }
            let kept = (0..n * n).filter(|&c| grid.values()[c] != 0);
            assert!(kept.into_iter().all(|c| s.values[c] == grid.values()[c]));
        }
    }

    /// A cell takes the candidate with the fewest places left in its houses: in an empty
    /// 4×4 grid with 3 and 4 in row 1 and 1 in column 2, cell r1c1 may take 1 or 2, and 1
    /// has no other place in row 1 (r1c2 may not take it) while 2 has two or more in each
    /// house of r1c1.
    #[test]
    fn a_cell_takes_its_scarcest_candidate() {
        let grid: Grid = "0000000000000000".parse().unwrap();
        for seed in 0..20 {
            let mut g = General::<1>::new(&grid, false);
            assert!(g.start(), "a consistent root");
            let (mut s, ..) = g.sparse_search();
            s.set(2, 2);
            s.set(3, 3);
            s.set(9, 0);
            let todo: Vec<usize> = (0..16).filter(|&c| s.values[c] == 0).collect();
            let cand: Vec<_> = todo.iter().map(|&c| s.candidates(c)).collect();
            assert_eq!(
                cand[0].iter().collect::<Vec<_>>(),
                [0, 1],
                "r1c1 may take 1 and 2"
            );
            s.count_places(&todo, &cand);
            let mut rng = SmallRng::seed_from_u64(seed);
            assert_eq!(s.scarcest(0, &mut rng), 0, "seed {seed}");
        }
    }
}
