//! Generated puzzles: unique, minimal when asked, symmetric, reproducible; checked with the
//! reference engine and a direct test of the clue pattern.

use nsudoku::generate::{Generator, Options, Symmetry};
use nsudoku::{Cell, Engine, Grid, Shape, Solutions};

use crate::support::assert_solves;

/// Solutions counted by the plain backtracking engine, independent of the generator's.
fn count(grid: &Grid) -> usize {
    let engine = if grid.side() <= 9 {
        Engine::Reference
    } else {
        Engine::General
    };
    Solutions::new(grid, engine).count_up_to(2).count
}

/// The images of a cell under a symmetry, written out for the test.
fn images(s: Symmetry, r: usize, c: usize, n: usize) -> Vec<(usize, usize)> {
    let m = n - 1;
    match s {
        Symmetry::Rot180 => vec![(m - r, m - c)],
        Symmetry::Rot90 => vec![(c, m - r), (m - r, m - c), (m - c, r)],
        Symmetry::Mirror => vec![(r, m - c)],
        Symmetry::Flip => vec![(m - r, c)],
        Symmetry::Diagonal => vec![(c, r)],
        Symmetry::AntiDiagonal => vec![(m - c, m - r)],
        Symmetry::Dihedral => vec![(r, m - c), (m - r, c), (m - r, m - c)],
        Symmetry::Full => vec![
            (c, m - r),
            (m - r, m - c),
            (m - c, r),
            (r, m - c),
            (m - r, c),
            (c, r),
            (m - c, m - r),
        ],
        _ => vec![],
    }
}

fn check(shape: Shape, symmetry: Symmetry, minimal: bool, seed: u64, how_many: u64) {
    let options = Options {
        symmetry,
        minimal,
        max_attempts: 2000,
        ..Options::new(shape)
    };
    let generator = Generator::new(options, seed);
    for i in 0..how_many {
        // Some small combinations have no minimal symmetric puzzle at all.
        let Some(g) = generator.puzzle(i) else {
            assert!(
                minimal && shape.side() <= 6,
                "{shape} {symmetry}: nothing found"
            );
            continue;
        };
        let p = &g.puzzle;
        assert_eq!(count(p), 1, "{shape} {symmetry}: not unique: {p:?}");
        assert_solves(&g.solution, p);
        let n = shape.side();
        for r in 0..n {
            for c in 0..n {
                let clue = p.get(Cell::new(r, c)).is_some();
                for (r2, c2) in images(symmetry, r, c, n) {
                    assert_eq!(
                        p.get(Cell::new(r2, c2)).is_some(),
                        clue,
                        "{symmetry} broken at r{r}c{c}"
                    );
                }
            }
        }
        if minimal {
            for idx in 0..n * n {
                let cell = Cell::new(idx / n, idx % n);
                if let Some(d) = p.get(cell) {
                    let mut q = p.clone();
                    q.set(cell, None);
                    assert!(
                        count(&q) > 1,
                        "{shape} {symmetry}: {cell} ({d}) is not needed"
                    );
                }
            }
        }
    }
}

#[test]
fn small_shapes_every_symmetry_minimal() {
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        let shape = Shape::new(w, h).unwrap();
        for s in Symmetry::ALL {
            check(shape, s, true, 11, 3);
        }
    }
}

#[test]
fn classic_and_rectangular_shapes() {
    check(Shape::CLASSIC, Symmetry::Rot180, true, 5, 5);
    check(Shape::CLASSIC, Symmetry::None, true, 6, 5);
    check(Shape::new(4, 2).unwrap(), Symmetry::Mirror, true, 7, 2);
    check(Shape::new(4, 3).unwrap(), Symmetry::Rot180, true, 8, 1);
}

#[test]
fn sixteen_by_sixteen() {
    check(Shape::new(4, 4).unwrap(), Symmetry::Rot180, false, 9, 1);
    check(Shape::new(4, 4).unwrap(), Symmetry::None, true, 10, 1);
}

#[test]
fn same_seed_same_stream() {
    let options = Options::new(Shape::CLASSIC);
    let a: Vec<Grid> = Generator::new(options.clone(), 42)
        .take(5)
        .map(|g| g.puzzle)
        .collect();
    let b: Vec<Grid> = (0..5)
        .filter_map(|i| Generator::new(options.clone(), 42).puzzle(i))
        .map(|g| g.puzzle)
        .collect();
    assert_eq!(a, b);
    let c: Vec<Grid> = Generator::new(options, 43)
        .take(5)
        .map(|g| g.puzzle)
        .collect();
    assert_ne!(a, c);
}

#[test]
fn rating_range_is_kept() {
    let options = Options {
        rating: Some(3.0..=4.4),
        ..Options::new(Shape::CLASSIC)
    };
    for g in Generator::new(options, 1).take(3) {
        let er = g.rating.map(|r| r.er).unwrap_or(0.0);
        assert!((3.0..=4.4).contains(&er), "ER {er}");
        assert_eq!(nsudoku::logic::rate(&g.puzzle).map(|r| r.er).ok(), Some(er));
    }
}

#[test]
fn random_instances_with_a_fraction_of_holes() {
    let options = Options {
        holes: Some(0.55),
        ..Options::new(Shape::new(5, 5).unwrap())
    };
    let g = Generator::new(options, 3).puzzle(0).unwrap();
    let empty = g.puzzle.values().iter().filter(|&&v| v == 0).count();
    assert_eq!(empty, (0.55f64 * 625.0).round() as usize);
    assert_solves(&g.solution, &g.puzzle);
}
