//! The CNF on small grids whose solutions are known or counted by hand.

use super::{count_solutions_cnf, solutions_cnf};
use crate::Cell;
use crate::variant::{Clue, Constraint, Puzzle, Side};

fn row(r: usize, n: usize) -> Vec<Cell> {
    (0..n).map(|c| Cell::new(r, c)).collect()
}

#[test]
fn an_empty_four_by_four_grid_has_288_solutions_each_a_solution() {
    let puzzle = Puzzle::new(4).unwrap();
    let solutions = solutions_cnf(&puzzle, 1000);
    assert_eq!(solutions.len(), 288);
    assert!(solutions.iter().all(|s| puzzle.is_solution(s)));
    let mut distinct = solutions.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 288);
    assert_eq!(count_solutions_cnf(&puzzle, 5).0, 5);
}

#[test]
fn two_thermometers_leave_four_solutions() {
    let mut puzzle = Puzzle::new(4).unwrap();
    puzzle
        .push(Constraint::Thermometer { line: row(0, 4) })
        .unwrap();
    let back: Vec<Cell> = row(1, 4).into_iter().rev().collect();
    puzzle.push(Constraint::Thermometer { line: back }).unwrap();
    // Rows 1 and 2 are 1 2 3 4 and 4 3 2 1; row 3 is {2,3} {1,4} {1,4} {2,3} in any of
    // four ways, and row 4 the rest.
    let solutions = solutions_cnf(&puzzle, 10);
    assert_eq!(solutions.len(), 4);
    for s in &solutions {
        assert_eq!(&s[..8], &[1, 2, 3, 4, 4, 3, 2, 1]);
        assert!(puzzle.is_solution(s));
    }
    assert_eq!(count_solutions_cnf(&puzzle, 2).0, 2);
}

#[test]
fn clues_outside_the_grid_count_as_by_hand() {
    // Row 1 seen from the left: 4 skyscrapers only in 1 2 3 4 (then 288 / 24 grids each).
    let left = Clue {
        side: Side::Left,
        index: 0,
    };
    let mut puzzle = Puzzle::new(4).unwrap();
    puzzle
        .push(Constraint::Skyscraper {
            clue: left,
            count: 4,
        })
        .unwrap();
    assert_eq!(solutions_cnf(&puzzle, 100).len(), 12);
    // A sandwich of 0: 1 and 4 side by side, in 3 × 2 × 2 of the 24 rows.
    let mut puzzle = Puzzle::new(4).unwrap();
    puzzle
        .push(Constraint::Sandwich { clue: left, sum: 0 })
        .unwrap();
    assert_eq!(solutions_cnf(&puzzle, 1000).len(), 12 * 12);
    // An x-sum of 4 from the left: the first digit 1 then... 1 alone is 1; 2 + x = 4 needs
    // x = 2; 3 + a + b = 4 and 4 + … cannot: no row, no grid.
    let mut puzzle = Puzzle::new(4).unwrap();
    puzzle
        .push(Constraint::XSum { clue: left, sum: 4 })
        .unwrap();
    assert!(solutions_cnf(&puzzle, 10).is_empty());
}
