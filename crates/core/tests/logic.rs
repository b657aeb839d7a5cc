//! The logical solver: every step checked against the known solution, coverage on the
//! benchmark samples, small and rectangular shapes, and agreement with published ratings.

use nsudoku::logic::{self, Options, Step};
use nsudoku::parse::ReadOptions;
use nsudoku::{Grid, Shape, Uniqueness};

use crate::support::{data, puzzles};

/// Replays the explanation of `grid`, checking every step against its unique solution; returns
/// whether it was solved.
fn replay_sound(grid: &Grid) -> bool {
    let Uniqueness::Unique(solution) = grid.uniqueness() else {
        panic!("not unique: {grid:?}")
    };
    let options = Options {
        unique: true,
        ..Options::default()
    };
    let explanation =
        logic::explain_with(grid, &options).unwrap_or_else(|e| panic!("{e}: {grid:?}"));
    for step in &explanation.steps {
        check_step(step, &solution);
    }
    if explanation.solved() {
        assert_eq!(explanation.board.grid(), solution);
    }
    explanation.solved()
}

fn check_step(step: &Step, solution: &Grid) {
    assert!(step.is_progress(), "{step}");
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell),
            Some(p.digit),
            "wrong placement: {step}"
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution.get(e.cell),
            Some(e.digit),
            "removed the true digit: {step}"
        );
    }
}

#[test]
fn steps_are_sound_and_solve_the_samples() {
    let options = ReadOptions::default();
    for (name, must_solve) in [
        ("9x9/classic.txt", true),
        ("9x9/puzzles2_17_clue.sample", true),
        ("9x9/puzzles3_magictour_top1465.sample", true),
    ] {
        for grid in puzzles(name, &options) {
            let solved = replay_sound(&grid);
            assert!(
                solved || !must_solve,
                "{name}: not solved by logic: {grid:?}"
            );
        }
    }
}

/// A unique puzzle of `shape`: the reference solution of the empty grid, then clues removed
/// in a fixed order while the puzzle stays unique.
fn unique_puzzle(shape: Shape) -> Grid {
    let Some(mut grid) = Grid::empty(shape).solve() else {
        panic!("the empty {shape} grid has no solution")
    };
    let n = shape.side();
    // Large shapes keep more clues: minimal 16×16 puzzles need nested chains.
    let holes = if n > 9 { n * n / 2 } else { n * n };
    for i in (0..n * n).map(|i| (i * 7 + 3) % (n * n)).take(holes) {
        let cell = nsudoku::Cell::new(i / n, i % n);
        let keep = grid.get(cell);
        grid.set(cell, None);
        if grid.count_solutions(2).count != 1 {
            grid.set(cell, keep);
        }
    }
    grid
}

#[test]
fn small_and_rectangular_shapes() {
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (4, 3), (4, 4)] {
        let grid = unique_puzzle(Shape::new(w, h).unwrap());
        assert!(replay_sound(&grid), "{w}x{h} not solved: {grid:?}");
    }
}

#[test]
fn techniques_are_named_in_steps() {
    let grid: Grid =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .parse()
            .unwrap();
    let explanation = logic::explain(&grid).unwrap();
    let text: Vec<String> = explanation.steps.iter().map(Step::to_string).collect();
    assert!(text.iter().all(|t| t.contains(": ")), "{text:?}");
    assert!(explanation.solved());
    assert_eq!(
        explanation.steps.len(),
        grid.values().iter().filter(|&&v| v == 0).count()
    );
}

#[test]
fn ratings_agree_with_sukaku_explainer() {
    let mut pairs = Vec::new();
    for line in data("rated/sudoku_exchange.sample").lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let grid: Grid = f[1].parse().unwrap();
        let er: f64 = f[2].parse().unwrap();
        pairs.push((er, logic::rate(&grid).unwrap().er));
    }
    let within = pairs
        .iter()
        .filter(|(a, b)| (a - b).abs() <= 0.5 + 1e-9)
        .count();
    let rho = spearman(&pairs);
    // Measured on this sample: see docs/benchmarks.md for the full sets.
    assert!(
        within * 100 >= 70 * pairs.len(),
        "within ±0.5: {within}/{}",
        pairs.len()
    );
    assert!(rho >= 0.90, "Spearman {rho}");
}

fn spearman(pairs: &[(f64, f64)]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        let mut r = vec![0.0; v.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
                j += 1;
            }
            for &k in &idx[i..=j] {
                r[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        r
    }
    let a = ranks(&pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let b = ranks(&pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum::<f64>().sqrt();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum::<f64>().sqrt();
    cov / (va * vb)
}
