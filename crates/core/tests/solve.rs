//! Solving: no solution, several, laziness, and agreement with the reference engine on
//! samples of the standard benchmark sets.

use nsudoku::parse::ReadOptions;
use nsudoku::{Cell, Count, Digit, Engine, Grid, Shape, Solutions, Uniqueness};

use crate::support::{assert_solves, pairs, puzzles};

fn count(grid: &Grid, engine: Engine, limit: usize) -> Count {
    Solutions::new(grid, engine).count_up_to(limit)
}

#[test]
fn valid_clues_without_a_solution_count_zero() {
    // r1c3 needs 3 or 4, but column 3 holds both.
    let small: Grid = "1200003000400000".parse().unwrap();
    // r1c8 needs 8 or 9, but column 8 holds both.
    let mut big = Grid::empty(Shape::CLASSIC);
    for c in 0..7 {
        big.set(Cell::new(0, c), Digit::new(c + 1));
    }
    big.set(Cell::new(3, 7), Digit::new(8));
    big.set(Cell::new(6, 7), Digit::new(9));
    for grid in [small, big] {
        assert!(grid.conflicts().is_empty());
        for engine in [
            Engine::Auto,
            Engine::Fast9,
            Engine::General,
            Engine::Learning,
            Engine::Reference,
        ] {
            assert_eq!(
                count(&grid, engine, 5),
                Count {
                    count: 0,
                    exact: true
                }
            );
        }
        assert_eq!(grid.uniqueness(), Uniqueness::None);
        assert_eq!(grid.solve(), None);
    }
}

/// A classic solution with an unavoidable rectangle emptied: exactly two solutions.
#[test]
fn deadly_rectangle_has_exactly_two_solutions() {
    let (_, solution) = pairs("9x9/classic.txt", &ReadOptions::default()).remove(0);
    let get = |r, c| solution.get(Cell::new(r, c));
    // Rows r1, r2 of one band, columns c1, c2 of two boxes, holding a b / b a.
    let mut found = None;
    'search: for r1 in 0..9 {
        for r2 in (r1 + 1)..(r1 / 3 * 3 + 3) {
            for c1 in 0..9 {
                for c2 in (c1 / 3 * 3 + 3)..9 {
                    if get(r1, c1) == get(r2, c2) && get(r1, c2) == get(r2, c1) {
                        found = Some([(r1, c1), (r1, c2), (r2, c1), (r2, c2)]);
                        break 'search;
                    }
                }
            }
        }
    }
    let mut puzzle = solution.clone();
    for (r, c) in found.expect("the grid has an unavoidable rectangle") {
        puzzle.set(Cell::new(r, c), None);
    }
    for engine in [
        Engine::Fast9,
        Engine::General,
        Engine::Learning,
        Engine::Reference,
    ] {
        let all: Vec<Grid> = Solutions::new(&puzzle, engine).collect();
        assert_eq!(all.len(), 2, "{engine:?}");
        assert!(all.contains(&solution));
        for s in &all {
            assert_solves(s, &puzzle);
        }
    }
    assert!(matches!(puzzle.uniqueness(), Uniqueness::Multiple(_)));
}

#[test]
fn solutions_are_lazy_and_distinct() {
    let empty = Grid::empty(Shape::CLASSIC);
    let first: Vec<Grid> = empty.solutions().take(50).collect();
    assert_eq!(first.len(), 50);
    for g in &first {
        assert_solves(g, &empty);
    }
    let mut sorted: Vec<&[u16]> = first.iter().map(Grid::values).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 50);
    assert_eq!(
        empty.count_solutions(7),
        Count {
            count: 7,
            exact: false
        }
    );
}

#[test]
fn singles_alone_solve_an_easy_puzzle() {
    let (puzzle, _) = pairs("9x9/classic.txt", &ReadOptions::default()).remove(4);
    let mut s = Solutions::new(&puzzle, Engine::General);
    assert!(s.next().is_some());
    assert_eq!(s.guesses(), 0);
}

/// Samples of every standard set: each solution is checked, and the count up to 2 equals the
/// reference engine's.
#[test]
fn benchmark_samples_agree_with_the_reference_engine() {
    let sets = [
        ("puzzles2_17_clue", 1),
        ("puzzles3_magictour_top1465", 1),
        ("puzzles5_forum_hardest_1905_11+", 1),
        ("puzzles6_forum_hardest_1106", 1),
        ("puzzles7_serg_benchmark", 2),
    ];
    for (set, expected) in sets {
        let grids = puzzles(&format!("9x9/{set}.sample"), &ReadOptions::default());
        assert!(!grids.is_empty());
        for (i, grid) in grids.iter().enumerate() {
            let ours = count(grid, Engine::Auto, 2);
            assert_eq!(ours.count, expected, "{set} #{i}");
            let reference = if i < 6 {
                count(grid, Engine::Reference, 2)
            } else {
                ours
            };
            assert_eq!(ours, reference, "{set} #{i}");
            assert_eq!(count(grid, Engine::Learning, 2), ours, "{set} #{i}");
            let first = grid.solve().expect("solvable");
            assert_solves(&first, grid);
        }
    }
}
