//! The puzzles and random words the tests share, and the whole search on both paths.

use super::*;

/// The benchmark samples, each also with its last ten clues removed (more solutions) and
/// with a clue added.
pub(super) fn samples() -> Vec<Vec<u16>> {
    let text = [
        include_str!("../../../tests/data/9x9/puzzles2_17_clue.sample"),
        include_str!("../../../tests/data/9x9/puzzles3_magictour_top1465.sample"),
        include_str!("../../../tests/data/9x9/puzzles5_forum_hardest_1905_11+.sample"),
        include_str!("../../../tests/data/9x9/puzzles6_forum_hardest_1106.sample"),
        include_str!("../../../tests/data/9x9/puzzles7_serg_benchmark.sample"),
    ];
    let mut puzzles = Vec::new();
    for line in text.iter().flat_map(|t| t.lines()) {
        let Ok(grid) = line.parse::<Grid>() else {
            continue;
        };
        let values = grid.values().to_vec();
        let mut fewer = values.clone();
        for v in fewer.iter_mut().rev().filter(|v| **v != 0).take(10) {
            *v = 0;
        }
        // The first empty cell takes its largest candidate: mostly no solution then,
        // found by search rather than by the clues.
        let mut guessed = values.clone();
        if let Some(i) = values.iter().position(|&v| v == 0) {
            let peer = |j: usize| {
                j / 9 == i / 9 || j % 9 == i % 9 || (j / 27, j % 9 / 3) == (i / 27, i % 9 / 3)
            };
            let d = (1..=9)
                .rev()
                .find(|&d| (0..81).all(|j| !peer(j) || values[j] != d));
            guessed[i] = d.unwrap_or(0);
        }
        puzzles.extend([values, fewer, guessed]);
    }
    puzzles
}

/// A classic puzzle as a pencil-mark one: each cell's candidates after its peers' clues (a
/// clue's cell, the clue alone). `None` when a cell is left without one.
pub(super) fn pencil_marks(grid: &Grid) -> Option<Grid> {
    let shape = grid.shape();
    let sets = (0..81).map(|i| grid.candidates(shape.cell(i))).collect();
    Grid::from_candidates(shape, sets).ok()
}

/// The samples, and each as a pencil-mark puzzle.
fn samples_and_marks() -> Vec<Grid> {
    let mut grids = Vec::new();
    for values in samples() {
        let grid =
            Grid::from_values(crate::grid::Shape::CLASSIC, &values).expect("81 values in range");
        grids.extend(pencil_marks(&grid));
        grids.push(grid);
    }
    grids
}

/// The portable search and the AVX2 one (where the CPU has it) find the same solutions in
/// the same order with the same guesses: one source, two compilations.
#[test]
fn portable_path_matches_the_dispatched_one() {
    let puzzles = samples_and_marks();
    assert!(puzzles.len() > 200);
    assert!(puzzles.iter().any(|g| g.pencil_marks().is_some()));
    for grid in &puzzles {
        let mut fast = Fast9::new(grid);
        let mut portable = Fast9::new(grid).portable();
        for _ in 0..3 {
            let a = fast.next_solution().map(<[u16]>::to_vec);
            let b = portable.next_solution().map(<[u16]>::to_vec);
            assert_eq!(a, b, "{grid:?}");
            assert_eq!(fast.guesses(), portable.guesses());
            if a.is_none() {
                break;
            }
        }
    }
}

/// A classic puzzle and its candidates after its clues' eliminations have the same
/// solutions, and the 9×9 engine searches both alike: the same solutions in the same order,
/// with the same guesses where no cell is left with one candidate (such a cell is one more
/// clue of the pencil-mark puzzle, found by the classic one's first propagation).
#[test]
fn candidates_after_the_clues_search_as_the_clues() {
    let (mut alike, mut marked) = (0, 0);
    for values in samples() {
        let grid =
            Grid::from_values(crate::grid::Shape::CLASSIC, &values).expect("81 values in range");
        let Some(marks) = pencil_marks(&grid) else {
            continue;
        };
        marked += 1;
        let sets = marks.pencil_marks().expect("a pencil-mark puzzle");
        let same_clues = sets.iter().filter(|s| s.len() == 1).count() == grid.clue_count();
        let mut classic = Fast9::new(&grid);
        let mut pencil = Fast9::new(&marks);
        for _ in 0..3 {
            let a = classic.next_solution().map(<[u16]>::to_vec);
            let b = pencil.next_solution().map(<[u16]>::to_vec);
            if let Some(solution) = &b {
                let solution = Grid::from_values(grid.shape(), solution).expect("digits");
                assert!(solution.is_solution_of(&marks), "{grid:?}");
            }
            if same_clues {
                assert_eq!(a, b, "{grid:?}");
                assert_eq!(classic.guesses(), pencil.guesses(), "{grid:?}");
            } else {
                assert_eq!(a.is_some(), b.is_some(), "{grid:?}");
            }
            if a.is_none() {
                break;
            }
        }
        alike += usize::from(same_clues);
    }
    assert!(marked > 200 && alike > 100, "{marked} {alike}");
}

/// 200 sets of 27 random words (the padding words 0), sparser as they go: each word the AND
/// of one to four random words.
pub(super) fn random_words() -> impl Iterator<Item = [u32; 32]> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    (0..200).map(move |round| {
        let mut cand = [0u32; 32];
        for w in cand.iter_mut().take(27) {
            *w = (0..=round % 4).fold(ALL, |x, _| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                x & seed as u32
            });
        }
        cand
    })
}
