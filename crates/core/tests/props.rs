//! Property tests: round trips, solutions, and engines agreeing on counts.

use nsudoku::format::Style;
use nsudoku::parse::{Layout, ReadOptions, read_one, read_str};
use nsudoku::{Engine, Shape, Solutions};
use proptest::prelude::*;

use crate::support::{assert_solves, puzzle, small_shape};

fn options_for(shape: Shape) -> ReadOptions {
    ReadOptions {
        shape: Some(shape),
        ..ReadOptions::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn parse_print_parse_is_identity(grid in puzzle(small_shape(), 1.0), empty in prop::sample::select(vec!['.', '0', '_'])) {
        let opts = options_for(grid.shape());
        let style = Style { empty, ..Style::default() };
        prop_assert_eq!(&read_one(&style.line(&grid), &opts).unwrap(), &grid);
        prop_assert_eq!(&read_one(&style.pretty(&grid), &opts).unwrap(), &grid);
    }

    #[test]
    fn every_solution_fills_every_house_and_keeps_every_clue(grid in puzzle(small_shape(), 0.8)) {
        for solution in grid.solutions().take(20) {
            assert_solves(&solution, &grid);
        }
    }

    #[test]
    fn engines_agree_on_counts(grid in puzzle(small_shape(), 0.7)) {
        let general = Solutions::new(&grid, Engine::General).count_up_to(30);
        let learning = Solutions::new(&grid, Engine::Learning).count_up_to(30);
        let reference = Solutions::new(&grid, Engine::Reference).count_up_to(30);
        prop_assert_eq!(general, reference);
        prop_assert_eq!(learning, reference);
        prop_assert!(general.count >= 1);
    }

    #[test]
    fn engines_agree_on_puzzles_with_a_wrong_clue(grid in puzzle(small_shape(), 0.6), at in any::<prop::sample::Index>(), digit in 1u16..10) {
        let mut values = grid.values().to_vec();
        let i = at.index(values.len());
        values[i] = digit.min(grid.side() as u16);
        let changed = nsudoku::Grid::from_values(grid.shape(), &values).unwrap();
        let general = Solutions::new(&changed, Engine::General).count_up_to(30);
        let learning = Solutions::new(&changed, Engine::Learning).count_up_to(30);
        let reference = Solutions::new(&changed, Engine::Reference).count_up_to(30);
        prop_assert_eq!(general, reference);
        prop_assert_eq!(learning, reference);
    }

    #[test]
    fn reading_never_panics(text in "[0-9A-Za-z.,|+ #\\-\n\r\t_é]{0,300}") {
        for layout in [Layout::Auto, Layout::Lines, Layout::Grid] {
            let opts = ReadOptions { layout, ..ReadOptions::default() };
            for entry in read_str(&text, &opts) {
                if let Err(errors) = entry.result {
                    prop_assert!(!errors.is_empty());
                }
            }
        }
    }
}

mod nine {
    use nsudoku::{Digit, DigitSet, Engine, Grid, Shape, Solutions};
    use proptest::prelude::*;

    use crate::support::{assert_solves, puzzle, solved_grid};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// The 9×9 engine against the general one, on random 9×9 puzzles from nearly full to
        /// nearly empty, with and without a wrong clue.
        #[test]
        fn fast9_agrees_with_general(grid in puzzle(Just(Shape::CLASSIC), 0.85), at in any::<prop::sample::Index>(), digit in 0u16..10, spoil in any::<bool>()) {
            let mut values = grid.values().to_vec();
            if spoil {
                values[at.index(81)] = digit;
            }
            let grid = Grid::from_values(Shape::CLASSIC, &values).unwrap();
            let fast = Solutions::new(&grid, Engine::Fast9).count_up_to(3);
            let general = Solutions::new(&grid, Engine::General).count_up_to(3);
            prop_assert_eq!(fast, general);
            if let Some(first) = Solutions::new(&grid, Engine::Fast9).next() {
                assert_solves(&first, &grid);
            }
        }

        /// The same on pencil-mark puzzles: each cell of a random solution keeps its digit
        /// (but for a few cells in some cases, which then mostly have no solution) and random
        /// others, about two, four or six, or all of them in some cells; a few cells are filled.
        #[test]
        fn fast9_agrees_with_general_on_pencil_marks(
            solution in solved_grid(Shape::CLASSIC),
            draws in prop::collection::vec((0u16..512, 0u16..512, 0.0..1.0f64), 81),
            density in 0..3usize,
            open in prop::sample::select(vec![0.0, 0.1, 0.3]),
            wrong in prop::sample::select(vec![0.0, 0.0, 0.01, 0.05]),
            filled in prop::sample::select(vec![0.0, 0.0, 0.1]),
        ) {
            let mut sets = Vec::with_capacity(81);
            for (i, &(x, y, f)) in draws.iter().enumerate() {
                let bits = [x & y, x, x | y][density] | if f < open { 511 } else { 0 };
                let mut set: DigitSet = (1..=9usize)
                    .filter(|k| bits >> (k - 1) & 1 == 1)
                    .filter_map(Digit::new)
                    .collect();
                let digit = Digit::new(usize::from(solution.values()[i])).unwrap();
                if f > 1.0 - wrong {
                    set.remove(digit);
                } else {
                    set.insert(digit);
                }
                if set.is_empty() {
                    set = (1..=9).filter_map(Digit::new).filter(|&k| k != digit).take(1).collect();
                }
                sets.push(set);
            }
            let mut grid = Grid::from_candidates(Shape::CLASSIC, sets).unwrap();
            for (i, &(_, _, f)) in draws.iter().enumerate() {
                if f < filled {
                    grid.set(Shape::CLASSIC.cell(i), Digit::new(usize::from(solution.values()[i])));
                }
            }
            let fast = Solutions::new(&grid, Engine::Fast9).count_up_to(3);
            let general = Solutions::new(&grid, Engine::General).count_up_to(3);
            prop_assert_eq!(fast, general);
            let marks = grid.pencil_marks().unwrap();
            for found in Solutions::new(&grid, Engine::Auto).take(3) {
                assert_solves(&found, &grid);
                prop_assert!(found.is_solution_of(&grid));
                for (i, &v) in found.values().iter().enumerate() {
                    prop_assert!(marks[i].contains(Digit::new(usize::from(v)).unwrap()), "cell {}", i);
                }
            }
        }
    }
}
