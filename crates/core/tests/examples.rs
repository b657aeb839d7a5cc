//! The five classic 9×9 puzzles of `tests/data/9x9/classic.txt`, each with its solution.

use nsudoku::parse::ReadOptions;
use nsudoku::{Grid, Uniqueness};

use crate::support::{assert_solves, pairs};

#[test]
fn classic_puzzles_have_their_published_solutions() {
    let pairs = pairs("9x9/classic.txt", &ReadOptions::default());
    assert_eq!(pairs.len(), 5);
    for (puzzle, expected) in pairs {
        assert_solves(&expected, &puzzle);
        match puzzle.uniqueness() {
            Uniqueness::Unique(solution) => {
                assert_solves(&solution, &puzzle);
                assert_eq!(solution, expected);
            }
            other => panic!("{puzzle:?}: {other:?}"),
        }
    }
}

#[test]
fn solved_4x4_is_valid_and_its_own_solution() {
    let g: Grid = "1234341221434321".parse().unwrap();
    assert!(g.is_full() && g.conflicts().is_empty());
    assert_eq!(g.uniqueness(), Uniqueness::Unique(g.clone()));
    assert_solves(&g, &g);
}

#[test]
fn one_by_one_grids() {
    let full: Grid = "1".parse().unwrap();
    let empty: Grid = "0".parse().unwrap();
    assert_eq!(full.solve(), Some(full.clone()));
    assert_eq!(empty.solve(), Some(full));
    assert!(empty.is_unique());
}
