//! The clues a solution shows, per kind.
//!
//! - Kropki: every white dot (digits one apart) and black dot (one digit twice the other) of
//!   the solution, a pair that is both (1 and 2) getting one of the two at random, with the
//!   negative rules; XV: every X (sum 10) and V (sum 5), with the negative rule. These are all
//!   shown, since the negative rule reads the missing ones: they are fixed, not minimised.
//! - The pool of removable items: every given, and an even/odd mark on every cell, a sandwich
//!   clue on every row and column (left and top), and a set of thermometers (random paths of
//!   king's moves along increasing digits, no cell on two).

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::dig::Item;
use super::{Kind, Options};
use crate::Cell;
use crate::variant::{Clue, Constraint, Negative, Puzzle, Side};

/// `base` with the marks shown in full (kropki dots, X and V).
pub(super) fn fixed(
    base: &Puzzle,
    options: &Options,
    solution: &[u16],
    rng: &mut SmallRng,
) -> Puzzle {
    let n = options.size;
    let mut puzzle = base.clone();
    let mut marks = Vec::new();
    // A stream of its own, so that the marks do not shift the rest.
    let mut coin = SmallRng::seed_from_u64(rng.random());
    for i in 0..n * n {
        for j in [i + 1, i + n] {
            if (j == i + 1 && j % n == 0) || j >= n * n {
                continue;
            }
            let (a, b) = (solution[i], solution[j]);
            let cells = [Cell::new(i / n, i % n), Cell::new(j / n, j % n)];
            if options.has(Kind::Kropki) {
                let white = a.abs_diff(b) == 1;
                let black = a == 2 * b || b == 2 * a;
                if white && (!black || coin.random_bool(0.5)) {
                    marks.push(Constraint::Difference {
                        cells,
                        difference: 1,
                    });
                } else if black {
                    marks.push(Constraint::Ratio { cells, ratio: 2 });
                }
            }
            if options.has(Kind::Xv) {
                let sum = u32::from(a + b);
                if sum == 10 || sum == 5 {
                    marks.push(Constraint::Xv { cells, sum });
                }
            }
        }
    }
    if options.has(Kind::Kropki) {
        marks.push(Constraint::Negative(Negative::Difference));
        marks.push(Constraint::Negative(Negative::Ratio));
    }
    if options.has(Kind::Xv) {
        marks.push(Constraint::Negative(Negative::Xv));
    }
    for mark in marks {
        // Made from the solution: always fits.
        let _ = puzzle.push(mark);
    }
    puzzle
}

/// The removable items: the givens, then the kinds' clues.
pub(super) fn pool(options: &Options, solution: &[u16], rng: &mut SmallRng) -> Vec<Item> {
    let n = options.size;
    let mut items: Vec<Item> = (0..n * n).map(|i| Item::Given(i, solution[i])).collect();
    if options.has(Kind::EvenOdd) {
        items.extend((0..n * n).map(|i| {
            let cell = Cell::new(i / n, i % n);
            Item::Clue(if solution[i] % 2 == 0 {
                Constraint::Even { cell }
            } else {
                Constraint::Odd { cell }
            })
        }));
    }
    if options.has(Kind::Sandwich) {
        for (side, index) in (0..n).flat_map(|k| [(Side::Left, k), (Side::Top, k)]) {
            let clue = Clue {
                side,
                index: index as u16,
            };
            let line: Vec<u16> = clue
                .cells(n)
                .iter()
                .map(|c| solution[c.row() * n + c.col()])
                .collect();
            let at = |d: u16| line.iter().position(|&x| x == d).unwrap_or(0);
            let (a, b) = (at(1), at(n as u16));
            let (lo, hi) = (a.min(b), a.max(b));
            let sum = line[lo + 1..hi].iter().map(|&d| u32::from(d)).sum();
            items.push(Item::Clue(Constraint::Sandwich { clue, sum }));
        }
    }
    if options.has(Kind::Thermo) {
        items.extend(thermometers(n, solution, rng).into_iter().map(Item::Clue));
    }
    items
}

/// Random thermometers along increasing digits, each cell on one at most: from each cell in
/// random order, a path of king's moves that takes a next digit above the last (the smallest
/// half the time, so that the lines grow long), of 3 to `2N/3` cells.
fn thermometers(n: usize, solution: &[u16], rng: &mut SmallRng) -> Vec<Constraint> {
    let mut used = vec![false; n * n];
    let mut starts: Vec<usize> = (0..n * n).collect();
    starts.shuffle(rng);
    let mut out = Vec::new();
    for start in starts {
        if used[start] || out.len() >= n * 2 {
            continue;
        }
        let longest = (n * 2 / 3).max(3);
        let target = rng.random_range(3..=longest);
        let mut path = vec![start];
        while path.len() < target {
            let last = path[path.len() - 1];
            let next: Vec<usize> = kings(last, n)
                .filter(|&c| !used[c] && !path.contains(&c) && solution[c] > solution[last])
                .collect();
            let Some(&low) = next.iter().min_by_key(|&&c| solution[c]) else {
                break;
            };
            let pick = if rng.random_bool(0.5) {
                low
            } else {
                next[rng.random_range(0..next.len())]
            };
            path.push(pick);
        }
        if path.len() >= 3 {
            for &c in &path {
                used[c] = true;
            }
            out.push(Constraint::Thermometer {
                line: path.iter().map(|&i| Cell::new(i / n, i % n)).collect(),
            });
        }
    }
    out
}

/// The cells a king's move from cell `i`.
fn kings(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((i / n) as isize, (i % n) as isize);
    let n = n as isize;
    (-1..=1isize)
        .flat_map(move |dr| (-1..=1isize).map(move |dc| (r + dr, c + dc)))
        .filter(move |&(r2, c2)| (r2, c2) != (r, c) && (0..n).contains(&r2) && (0..n).contains(&c2))
        .map(move |(r2, c2)| (r2 * n + c2) as usize)
}
