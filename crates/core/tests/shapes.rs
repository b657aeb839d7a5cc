//! Rectangular boxes and large grids: reading, writing and solving.

use nsudoku::format::Style;
use nsudoku::parse::{ReadOptions, read_one};
use nsudoku::{Cell, Engine, Grid, Shape, Solutions, Uniqueness};

use crate::support::{Perms, assert_solves, pairs, puzzles, solved, with_box};

fn identity(n: usize) -> Vec<usize> {
    (0..n).collect()
}

fn pattern(w: usize, h: usize) -> Grid {
    let shape = Shape::new(w, h).expect("shape");
    let perms = Perms {
        digit: identity(shape.side()),
        band: identity(w),
        in_band: identity(h),
        stack: identity(h),
        in_stack: identity(w),
    };
    solved(shape, &perms)
}

/// Empties every cell whose index is not a multiple of `keep`, then solves.
fn solve_thinned(full: &Grid, keep: usize) {
    let mut puzzle = full.clone();
    let shape = full.shape();
    for i in 0..shape.cell_count() {
        if i % keep != 0 {
            puzzle.set(shape.cell(i), None);
        }
    }
    let solution = puzzle
        .solve()
        .expect("a thinned solution grid stays solvable");
    assert_solves(&solution, &puzzle);
}

#[test]
fn rectangular_boxes_read_write_and_solve() {
    for (w, h) in [
        (3, 2),
        (2, 3),
        (4, 2),
        (2, 4),
        (5, 2),
        (4, 3),
        (3, 4),
        (5, 3),
    ] {
        let full = pattern(w, h);
        assert!(full.conflicts().is_empty(), "{w}x{h}");
        let opts = with_box(w, h);
        let style = Style::default();
        assert_eq!(read_one(&style.line(&full), &opts).unwrap(), full);
        assert_eq!(read_one(&style.pretty(&full), &opts).unwrap(), full);
        solve_thinned(&full, 3);
    }
}

#[test]
fn transposed_box_changes_the_meaning() {
    let full = pattern(3, 2);
    let line = Style::default().line(&full);
    let as_2x3 = read_one(&line, &with_box(2, 3)).unwrap();
    assert!(!as_2x3.conflicts().is_empty());
}

#[test]
fn sixteen_by_sixteen_round_trip_and_solve() {
    let opts = ReadOptions::default();
    let (puzzle, expected) = pairs("large/farif-table4-1.txt", &opts).remove(0);
    assert_eq!(puzzle.side(), 16);
    let style = Style::default();
    let line = style.line(&puzzle);
    assert_eq!(line.chars().count(), 256);
    assert_eq!(line.parse::<Grid>().unwrap(), puzzle);
    assert_eq!(style.pretty(&puzzle).parse::<Grid>().unwrap(), puzzle);
    assert_eq!(puzzle.uniqueness(), Uniqueness::Unique(expected));

    let several = puzzles("large/farif-table4-0.txt", &opts).remove(0);
    match several.uniqueness() {
        Uniqueness::Multiple(first) => assert_solves(&first, &several),
        other => panic!("farif-table4-0 has several solutions, got {other:?}"),
    }
}

#[test]
fn twenty_five_by_twenty_five_round_trip_and_solve() {
    let opts = ReadOptions::default();
    let (puzzle, expected) = pairs("large/farif-table5-1.txt", &opts).remove(0);
    assert_eq!(puzzle.side(), 25);
    let style = Style::default();
    for text in [style.line(&puzzle), style.pretty(&puzzle)] {
        assert_eq!(text.parse::<Grid>().unwrap(), puzzle);
    }
    let json = serde_json::to_value(&puzzle).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 25);
    assert_eq!(json[0].as_array().unwrap().len(), 25);
    let solution = puzzle.solve().unwrap();
    assert_solves(&solution, &puzzle);
    assert_eq!(solution, expected);
}

#[test]
fn big_grids_are_written_as_numbers() {
    let full = pattern(6, 6);
    let line = Style::default().line(&full);
    assert!(line.contains(" 36 ") || line.ends_with(" 36") || line.starts_with("36 "));
    assert_eq!(line.parse::<Grid>().unwrap(), full);
    let mut puzzle = full.clone();
    puzzle.set(Cell::new(0, 0), None);
    puzzle.set(Cell::new(35, 35), None);
    assert_eq!(puzzle.solve(), Some(full));
}

/// Committed large samples: each solved, checked, and equal to its published solution.
#[test]
fn thirty_six_and_sixty_four() {
    let opts = ReadOptions::default();
    for name in ["large/farif-table6-1.txt", "large/farif-table8-2.txt"] {
        let (puzzle, expected) = pairs(name, &opts).remove(0);
        let mut solutions = puzzle.solutions();
        let solution = solutions.next().expect("solvable");
        assert_solves(&solution, &puzzle);
        assert_eq!(solution, expected, "{name}");
        assert!(solutions.next().is_none(), "{name} is unique");
    }
}

/// One of Alain Frisch's minimal 25×25 puzzles (268 clues): backtracking alone does not
/// finish it in minutes; the general engine hands it to clause learning, which solves it and
/// proves it unique.
#[test]
fn minimal_25x25_is_solved_and_proved_unique() {
    let (puzzle, expected) = pairs("large/gecode-20.txt", &ReadOptions::default()).remove(0);
    for engine in [Engine::Auto, Engine::Learning] {
        let mut solutions = Solutions::new(&puzzle, engine);
        let solution = solutions.next().expect("solvable");
        assert_solves(&solution, &puzzle);
        assert_eq!(solution, expected, "{engine:?}");
        assert!(solutions.next().is_none(), "{engine:?}: unique");
        assert!(!solutions.interrupted());
        assert!(
            solutions.guesses() > 1_000,
            "{engine:?}: {}",
            solutions.guesses()
        );
    }
}

/// The invalid 144×144: its clashing clues are found, each with both cells, and it has no
/// solution.
#[test]
fn invalid_144_reports_its_duplicates() {
    let puzzle = puzzles("large/farif-table12-1.txt", &ReadOptions::default()).remove(0);
    assert_eq!(puzzle.side(), 144);
    let conflicts = puzzle.conflicts();
    assert!(!conflicts.is_empty());
    for c in &conflicts {
        assert_eq!(puzzle.get(c.first), Some(c.digit));
        assert_eq!(puzzle.get(c.second), Some(c.digit));
        assert_ne!(c.first, c.second);
    }
    assert_eq!(puzzle.count_solutions(2).count, 0);
}

/// Nearly empty large grids, where backtracking and clause learning used to run for minutes:
/// an empty 81×81 grid has two different solutions found, and a 100×100 with 90 % holes a
/// solution, each checked.
#[test]
fn nearly_empty_large_grids_are_solved() {
    let empty = Grid::empty(Shape::new(9, 9).expect("shape"));
    let two: Vec<Grid> = empty.solutions().take(2).collect();
    assert_eq!(two.len(), 2);
    assert_ne!(two[0], two[1]);
    for solution in &two {
        assert_solves(solution, &empty);
    }
    solve_thinned(&pattern(10, 10), 10);
}
