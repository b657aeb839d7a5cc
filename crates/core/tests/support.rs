//! Helpers shared by the tests: data files, an independent solution checker, random grids.

use std::path::PathBuf;

use nsudoku::parse::{ReadOptions, read_str};
use nsudoku::{Cell, Grid, House, Shape};
use proptest::prelude::*;

/// The text of a file under `tests/data`.
pub fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every puzzle of a data file, which must all read cleanly.
pub fn puzzles(name: &str, options: &ReadOptions) -> Vec<Grid> {
    read_str(&data(name), options)
        .into_iter()
        .map(|e| {
            e.result
                .unwrap_or_else(|err| panic!("{name}:{}: {err:?}", e.line))
        })
        .collect()
}

/// Puzzles of `NAME` paired with the solutions in `NAME` with the extension `.sol`, line for
/// line (or one puzzle a file, for grids).
pub fn pairs(name: &str, options: &ReadOptions) -> Vec<(Grid, Grid)> {
    let sol_name = match name.strip_suffix(".txt") {
        Some(stem) if !name.starts_with("large/") => format!("{stem}.sol"),
        _ => format!("{name}.sol"),
    };
    let p = puzzles(name, options);
    let s = puzzles(&sol_name, options);
    assert_eq!(
        p.len(),
        s.len(),
        "{name}: puzzles and solutions differ in number"
    );
    p.into_iter().zip(s).collect()
}

/// Checks a solution the long way, without the library's own validity code: every row, column
/// and box holds each digit `1..=N` once, and every clue of the puzzle is kept.
pub fn assert_solves(solution: &Grid, puzzle: &Grid) {
    let shape = puzzle.shape();
    assert_eq!(solution.shape(), shape);
    let n = shape.side();
    for house in shape.houses() {
        let mut seen = vec![false; n + 1];
        for cell in shape.cells_of(house) {
            let d = solution
                .get(cell)
                .unwrap_or_else(|| panic!("{cell} is empty"))
                .get();
            assert!(d <= n && !seen[d], "{house} repeats {d} at {cell}");
            seen[d] = true;
        }
    }
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r, c);
            if let Some(d) = puzzle.get(cell) {
                assert_eq!(solution.get(cell), Some(d), "clue {cell} changed");
            }
        }
    }
    // Each house of the model has N cells (a check on the house iterator itself).
    assert!(shape.houses().all(|h| shape.cells_of(h).count() == n));
    assert_eq!(
        shape
            .houses()
            .filter(|h| matches!(h, House::Box(_)))
            .count(),
        n
    );
}

/// A solved grid: the classic pattern `(w·(r mod h) + r div h + c) mod N`, then digits, bands,
/// rows within bands, stacks and columns within stacks permuted.
pub fn solved(shape: Shape, perms: &Perms) -> Grid {
    let (w, h, n) = (shape.width(), shape.height(), shape.side());
    let mut values = vec![0u16; n * n];
    for r in 0..n {
        for c in 0..n {
            // Row r of the result is row `rows(r)` of the pattern, likewise for columns.
            let pr = perms.band[r / h] * h + perms.in_band[r % h];
            let pc = perms.stack[c / w] * w + perms.in_stack[c % w];
            let v = (w * (pr % h) + pr / h + pc) % n;
            values[r * n + c] = perms.digit[v] as u16 + 1;
        }
    }
    Grid::from_values(shape, &values).expect("pattern grid")
}

/// Permutations that keep a grid valid.
#[derive(Clone, Debug)]
pub struct Perms {
    pub digit: Vec<usize>,
    pub band: Vec<usize>,
    pub in_band: Vec<usize>,
    pub stack: Vec<usize>,
    pub in_stack: Vec<usize>,
}

fn shuffled(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>()).prop_shuffle()
}

/// A random solved grid of `shape`.
pub fn solved_grid(shape: Shape) -> impl Strategy<Value = Grid> {
    let (w, h, n) = (shape.width(), shape.height(), shape.side());
    (
        shuffled(n),
        shuffled(w),
        shuffled(h),
        shuffled(h),
        shuffled(w),
    )
        .prop_map(move |(digit, band, in_band, stack, in_stack)| {
            solved(
                shape,
                &Perms {
                    digit,
                    band,
                    in_band,
                    stack,
                    in_stack,
                },
            )
        })
}

/// Shapes small enough for the reference engine.
pub fn small_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just((1, 1)),
        Just((2, 1)),
        Just((2, 2)),
        Just((3, 2)),
        Just((2, 3)),
        Just((4, 2)),
        Just((3, 3)),
    ]
    .prop_map(|(w, h)| Shape::new(w, h).expect("small shape"))
}

/// A random puzzle: a solved grid of a small shape with a random share of cells emptied.
pub fn puzzle(shape: impl Strategy<Value = Shape>, max_holes: f64) -> impl Strategy<Value = Grid> {
    shape
        .prop_flat_map(|s| {
            (
                solved_grid(s),
                prop::collection::vec(0.0..1.0f64, s.cell_count()),
                0.0..1.0f64,
            )
        })
        .prop_map(move |(mut grid, draws, share)| {
            let shape = grid.shape();
            for (i, d) in draws.into_iter().enumerate() {
                if d < share * max_holes {
                    grid.set(shape.cell(i), None);
                }
            }
            grid
        })
}

/// Read options with a box shape.
pub fn with_box(w: usize, h: usize) -> ReadOptions {
    ReadOptions {
        shape: Some(Shape::new(w, h).expect("shape")),
        ..ReadOptions::default()
    }
}
