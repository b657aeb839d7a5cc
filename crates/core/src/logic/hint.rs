//! Hints for a grid in progress: the player's mistakes first (a wrong digit, pencil marks that
//! rule out the right one), else the next logical step from where the player is.

use std::fmt;

use serde::Serialize;

use super::board::{Board, LogicError};
use super::step::Step;
use super::{Options, next_step};
use crate::grid::{Cell, Digit, Grid};
use crate::solve::{Engine, Solutions, Stop};
use crate::variant::Puzzle;

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Hint {
    /// The next logical step from the player's grid and marks.
    Step(Step),
    /// Entries or marks that contradict the solution, in reading order.
    Mistakes(Vec<Mistake>),
    /// The grid is complete and right.
    Solved,
    /// No technique applies (the puzzle has one solution, but logic gets no further).
    Stuck,
    /// The puzzle has no solution, or several: there is no right digit to steer towards.
    NoUniqueSolution,
    /// The stop fired before a step was found.
    Interrupted,
}

/// A mistake of the player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Mistake {
    /// Where.
    pub cell: Cell,
    /// The digit the player wrote, for a wrong entry; none when the marks are wrong.
    pub entered: Option<Digit>,
}

impl fmt::Display for Mistake {
    /// `r1c3 holds 1, which is wrong` or `r2c5: the pencil marks rule out the right digit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.entered {
            Some(d) => write!(f, "{} holds {d}, which is wrong", self.cell),
            None => write!(
                f,
                "{}: the pencil marks rule out the right digit",
                self.cell
            ),
        }
    }
}

/// A hint for `grid`, the player's grid (the puzzle's clues and the player's entries), with
/// the player's pencil marks if any (one list a cell, as [`crate::parse::read_marks`] reads
/// them; an empty list is a cell without marks). `puzzle` holds the original clues: the
/// entries are checked against its unique solution first. Without it, the grid itself must
/// have exactly one solution. The search for the solution and the step give up at `stop`.
pub fn hint(
    puzzle: Option<&Grid>,
    grid: &Grid,
    marks: Option<&[Vec<Digit>]>,
    stop: &Stop,
) -> Result<Hint, LogicError> {
    let givens = puzzle.unwrap_or(grid);
    if givens.shape() != grid.shape() {
        return Err(LogicError::Contradiction(format!(
            "the puzzle is {} and the grid {}",
            givens.shape(),
            grid.shape()
        )));
    }
    let mut solutions = Solutions::new(givens, Engine::Auto).with_stop(stop.clone());
    let first = solutions.next();
    let several = first.is_some() && solutions.next_values().is_some();
    if solutions.interrupted() {
        return Ok(Hint::Interrupted);
    }
    let Some(solution) = first.filter(|_| !several) else {
        return Ok(Hint::NoUniqueSolution);
    };
    let mistakes = mistakes(grid.side(), grid.values(), solution.values(), marks);
    if !mistakes.is_empty() {
        return Ok(Hint::Mistakes(mistakes));
    }
    let board = match marks {
        Some(m) => Board::with_marks(grid, m)?,
        None => Board::new(grid)?,
    }
    .with_stop(stop);
    if board.is_solved() {
        return Ok(Hint::Solved);
    }
    let options = Options {
        unique: true,
        ..Options::default()
    };
    Ok(match next_step(&board, &options) {
        Some(step) => Hint::Step(step),
        None if board.interrupted() => Hint::Interrupted,
        None => Hint::Stuck,
    })
}

/// The player's mistakes on a grid of side `n` (row-major `values`, 0 empty) against the
/// `solution`: wrong digits, and marks (one list a cell, empty: none) that leave out the right
/// one, in reading order.
fn mistakes(
    n: usize,
    values: &[u16],
    solution: &[u16],
    marks: Option<&[Vec<Digit>]>,
) -> Vec<Mistake> {
    let mut mistakes = Vec::new();
    for (i, (&v, &s)) in values.iter().zip(solution).enumerate() {
        let cell = Cell::new(i / n, i % n);
        if v != 0 && v != s {
            mistakes.push(Mistake {
                cell,
                entered: Digit::new(v.into()),
            });
        } else if v == 0 {
            let marked = marks.and_then(|m| m.get(i)).filter(|m| !m.is_empty());
            if marked.is_some_and(|m| !m.iter().any(|d| d.get() == usize::from(s))) {
                mistakes.push(Mistake {
                    cell,
                    entered: None,
                });
            }
        }
    }
    mistakes
}

/// A hint for a variant puzzle: `values` are the player's grid (the givens and the player's
/// entries, row-major, 0 for an empty cell). Entries that differ from the puzzle's unique
/// solution come first; else the next logical step from the player's grid.
pub fn hint_variant(puzzle: &Puzzle, values: &[u16], stop: &Stop) -> Result<Hint, LogicError> {
    hint_variant_with(puzzle, values, None, stop)
}

/// [`hint_variant`] with the player's pencil marks, one list a cell (an empty list: a cell
/// without marks): marks that leave out a cell's right digit are mistakes, and the others
/// narrow the cells' candidates before the next step is looked for.
pub fn hint_variant_with(
    puzzle: &Puzzle,
    values: &[u16],
    marks: Option<&[Vec<Digit>]>,
    stop: &Stop,
) -> Result<Hint, LogicError> {
    let n = puzzle.size();
    if values.len() != n * n {
        return Err(LogicError::Contradiction(format!(
            "the grid has {} cells, the puzzle {}",
            values.len(),
            n * n
        )));
    }
    let mut solutions = puzzle.solutions().with_stop(stop.clone());
    let first = solutions.next_values().map(<[u16]>::to_vec);
    let several = first.is_some() && solutions.next_values().is_some();
    if solutions.interrupted() {
        return Ok(Hint::Interrupted);
    }
    let Some(solution) = first.filter(|_| !several) else {
        return Ok(Hint::NoUniqueSolution);
    };
    if marks.is_some_and(|m| m.len() != n * n) {
        return Err(LogicError::Contradiction(format!(
            "marks for {} cells, the puzzle has {}",
            marks.map_or(0, <[_]>::len),
            n * n
        )));
    }
    let mistakes = mistakes(n, values, &solution, marks);
    if !mistakes.is_empty() {
        return Ok(Hint::Mistakes(mistakes));
    }
    let mut board = Board::from_puzzle(puzzle)?.with_stop(stop);
    for (i, &v) in values.iter().enumerate() {
        if v != 0 && board.values[i] == 0 {
            board.place(i, v as usize - 1);
        }
    }
    for (i, m) in marks.unwrap_or_default().iter().enumerate() {
        if board.values[i] == 0 && !m.is_empty() {
            board.cands[i] &= m.iter().fold(0u64, |acc, d| acc | 1 << d.index());
        }
    }
    if board.is_solved() {
        return Ok(Hint::Solved);
    }
    Ok(match next_step(&board, &Options::default()) {
        Some(step) => Hint::Step(step),
        None if board.interrupted() => Hint::Interrupted,
        None => Hint::Stuck,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn mistakes_come_before_steps() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let mut grid = puzzle.clone();
        grid.set(Cell::new(0, 2), Digit::new(1)); // the right digit is 4
        let stop = Stop::default();
        let Hint::Mistakes(m) = hint(Some(&puzzle), &grid, None, &stop).unwrap() else {
            panic!("a mistake expected");
        };
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].to_string(), "r1c3 holds 1, which is wrong");
        // Marks that leave out the right digit of r1c3 (4).
        let mut marks = vec![Vec::new(); 81];
        marks[2] = vec![Digit::new(1).unwrap(), Digit::new(2).unwrap()];
        let Hint::Mistakes(m) = hint(None, &puzzle, Some(&marks), &stop).unwrap() else {
            panic!("a mistake expected");
        };
        assert_eq!(
            m[0].to_string(),
            "r1c3: the pencil marks rule out the right digit"
        );
        // A right grid gets a step that is sound: its placements are the solution's digits.
        let Hint::Step(step) = hint(Some(&puzzle), &puzzle, None, &stop).unwrap() else {
            panic!("a step expected");
        };
        let solution = puzzle.solve().unwrap();
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit));
        }
        assert_eq!(
            hint(None, &solution, None, &stop).unwrap(),
            Hint::Solved,
            "a full grid is solved"
        );
    }

    #[test]
    fn no_unique_solution_and_an_expired_stop_are_said() {
        let empty = Grid::empty(crate::grid::Shape::CLASSIC);
        let stop = Stop::default();
        assert_eq!(
            hint(None, &empty, None, &stop).unwrap(),
            Hint::NoUniqueSolution
        );
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let past = Stop {
            deadline: Some(std::time::Instant::now()),
            ..Stop::default()
        };
        assert_eq!(hint(None, &puzzle, None, &past).unwrap(), Hint::Interrupted);
    }

    /// A 4×4 killer (`nsudoku generate --variant killer --size 4 --seed 1`) and its solution.
    const KILLER: &str = "....\n....\n....\n....\nkiller 4 r1-2c1\nkiller 2 r1c2\n\
        killer 7 r1c3-4 r2c3\nkiller 9 r2c2 r3c1-2\nkiller 7 r2-3c4\nkiller 6 r3-4c3 r4c4\n\
        killer 5 r4c1-2\n";
    const KILLER_SOLUTION: &str = "3241142323144132";

    #[test]
    fn a_variant_hint_takes_the_players_marks() {
        let read = crate::variant::read(KILLER, Default::default()).unwrap();
        let puzzle = &read.puzzle;
        let solution: Vec<u16> = KILLER_SOLUTION
            .bytes()
            .map(|b| u16::from(b - b'0'))
            .collect();
        assert!(puzzle.is_solution(&solution));
        let stop = Stop::default();
        let digits = |ds: &[usize]| ds.iter().map(|&d| Digit::new(d).unwrap()).collect();
        let empty = vec![0u16; 16];
        // Marks of r1c1 without its 3, and a wrong 3 in r1c2 (a 2), are mistakes.
        let mut marks: Vec<Vec<Digit>> = vec![Vec::new(); 16];
        marks[0] = digits(&[1, 2]);
        let Hint::Mistakes(m) = hint_variant_with(puzzle, &empty, Some(&marks), &stop).unwrap()
        else {
            panic!("a mistake expected");
        };
        assert_eq!(
            m,
            [Mistake {
                cell: Cell::new(0, 0),
                entered: None
            }]
        );
        let mut wrong = empty.clone();
        wrong[1] = 3;
        let Hint::Mistakes(m) = hint_variant_with(puzzle, &wrong, None, &stop).unwrap() else {
            panic!("a mistake expected");
        };
        assert_eq!(m[0].entered, Digit::new(3));
        // Without marks, the first step is a cage's; with each cell marked with its digit
        // alone, a single, placing the solution's digit.
        let Hint::Step(step) = hint_variant(puzzle, &empty, &stop).unwrap() else {
            panic!("a step expected");
        };
        assert_eq!(step.technique, super::super::Technique::ConstraintLogic);
        assert_eq!(step.constraint_indices, [Some(0)]);
        let right: Vec<Vec<Digit>> = solution.iter().map(|&d| digits(&[d.into()])).collect();
        let Hint::Step(step) = hint_variant_with(puzzle, &empty, Some(&right), &stop).unwrap()
        else {
            panic!("a step expected");
        };
        assert!(!step.placements.is_empty(), "{step}");
        for p in &step.placements {
            assert_eq!(
                p.digit.get(),
                usize::from(solution[p.cell.row() * 4 + p.cell.col()])
            );
        }
        assert!(hint_variant_with(puzzle, &empty, Some(&right[..3]), &stop).is_err());
        assert_eq!(
            hint_variant(puzzle, &solution, &stop).unwrap(),
            Hint::Solved
        );
    }
}
