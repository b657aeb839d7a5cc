//! The layout (regions, global rules) and a random solution that keeps it.
//!
//! A jigsaw layout starts from the boxes and is mixed by moves that give a cell to a
//! neighbouring region and take one of that region's cells back, kept only when both regions
//! stay connected; the finished layout is checked (every region `N` connected cells).
//!
//! Without a global rule the solution is a classic random grid ([`super::super::Generator`]). With
//! one, the engine completes a few random givens placed one after another (each checked
//! against the rules, [`Puzzle::broken`]) within the check budget; a layout or start that
//! finds no solution in budget is dropped and another made.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::dig::Checker;
use super::{Kind, Miss, Options};
use crate::generate::{self, Generator};
use crate::variant::{Constraint, Diagonal, Puzzle};
use crate::{Cell, Shape};

/// The empty puzzle with the layout and global rules the options ask for.
pub(super) fn layout(options: &Options, rng: &mut SmallRng) -> Result<Puzzle, Miss> {
    let n = options.size;
    let mut puzzle = Puzzle::new(n).map_err(|_| Miss::Stopped)?;
    if options.has(Kind::Jigsaw) {
        let regions = jigsaw(puzzle.regions().to_vec(), n, rng);
        if !regions_connected(&regions, n) {
            return Err(Miss::Retry);
        }
        puzzle.set_regions(regions).map_err(|_| Miss::Retry)?;
    }
    let mut rules = Vec::new();
    for &kind in &options.kinds {
        match kind {
            Kind::Diagonal => {
                rules.push(Constraint::Diagonal(Diagonal::Positive));
                rules.push(Constraint::Diagonal(Diagonal::Negative));
            }
            Kind::Windoku => rules.extend(windows(n)),
            Kind::AntiKnight => rules.push(Constraint::AntiKnight),
            Kind::AntiKing => rules.push(Constraint::AntiKing),
            Kind::NonConsecutive => rules.push(Constraint::NonConsecutive),
            _ => {}
        }
    }
    for rule in rules {
        puzzle.push(rule).map_err(|_| Miss::Stopped)?;
    }
    Ok(puzzle)
}

/// Windoku's windows: box-sized regions one cell in from the boxes, as many as fit (four on
/// 9×9, rows 2–4 and 6–8 by columns 2–4 and 6–8).
pub(super) fn windows(n: usize) -> Vec<Constraint> {
    let Ok(shape) = Shape::for_side(n) else {
        return Vec::new();
    };
    let (w, h) = (shape.width(), shape.height());
    let starts = |size: usize| {
        (0..n)
            .map(move |k| 1 + k * (size + 1))
            .take_while(move |&s| s + size < n)
    };
    let mut out = Vec::new();
    for top in starts(h) {
        for left in starts(w) {
            let cells = (0..h * w)
                .map(|k| Cell::new(top + k / w, left + k % w))
                .collect();
            out.push(Constraint::ExtraRegion { cells });
        }
    }
    out
}

/// A random solution of `base` (its regions and global rules).
pub(super) fn solve(
    base: &Puzzle,
    options: &Options,
    rng: &mut SmallRng,
    checker: &mut Checker,
) -> Result<Vec<u16>, Miss> {
    let n = options.size;
    if base.classic().is_some() {
        let shape = Shape::for_side(n).map_err(|_| Miss::Stopped)?;
        let mut classic = generate::Options::new(shape);
        classic.holes = Some(0.0);
        let grid = Generator::new(classic, rng.random())
            .puzzle(0)
            .ok_or(Miss::Retry)?;
        return Ok(grid.solution.values().to_vec());
    }
    let mut start = base.clone();
    let mut values = vec![0u16; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(rng);
    // Non-consecutive grids are rare (few on 6×6): fewer random givens, which then seldom
    // contradict each other.
    let seeds = if options.has(Kind::NonConsecutive) {
        n / 3
    } else {
        n
    };
    for &i in cells.iter().take(seeds) {
        let mut digits: Vec<u16> = (1..=n as u16).collect();
        digits.shuffle(rng);
        for d in digits {
            values[i] = d;
            let mut trial = start.clone();
            let _ = trial.set_given(Cell::new(i / n, i % n), d, "");
            if trial.broken(&values).is_empty() {
                start = trial;
                break;
            }
            values[i] = 0;
        }
    }
    let solution = checker.first(&start)?.ok_or(Miss::Retry)?;
    // Relabel the digits at random where the rules allow it, so that the engine's order of
    // digits leaves no mark.
    if options.has(Kind::NonConsecutive) {
        return Ok(solution);
    }
    let mut perm: Vec<u16> = (1..=n as u16).collect();
    perm.shuffle(&mut SmallRng::seed_from_u64(rng.random()));
    Ok(solution.iter().map(|&d| perm[usize::from(d) - 1]).collect())
}

/// The orthogonal neighbours of cell `i` in an `n × n` grid.
pub(super) fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The boxes mixed by `4 N²` moves that swap a cell each way between neighbouring regions,
/// keeping both connected.
fn jigsaw(mut reg: Vec<u16>, n: usize, rng: &mut SmallRng) -> Vec<u16> {
    let nn = n * n;
    let (mut moves, mut attempts) = (0, 0);
    while moves < nn * 4 && attempts < nn * 200 {
        attempts += 1;
        let a = rng.random_range(0..nn);
        let others: Vec<usize> = neighbours(a, n).filter(|&x| reg[x] != reg[a]).collect();
        let Some(&b) = others.get(rng.random_range(0..others.len().max(1))) else {
            continue;
        };
        let (ra, rb) = (reg[a], reg[b]);
        reg[a] = rb;
        let back: Vec<usize> = (0..nn)
            .filter(|&c| c != a && reg[c] == rb && neighbours(c, n).any(|x| reg[x] == ra))
            .collect();
        let Some(&c) = back.get(rng.random_range(0..back.len().max(1))) else {
            reg[a] = ra;
            continue;
        };
        reg[c] = ra;
        if connected(&reg, n, ra) && connected(&reg, n, rb) {
            moves += 1;
        } else {
            reg[c] = rb;
            reg[a] = ra;
        }
    }
    reg
}

/// Whether every region of `regions` is connected and has `n` cells.
pub fn regions_connected(regions: &[u16], n: usize) -> bool {
    let mut sizes = vec![0usize; n];
    for &r in regions {
        match sizes.get_mut(usize::from(r)) {
            Some(s) => *s += 1,
            None => return false,
        }
    }
    sizes.iter().all(|&s| s == n) && (0..n as u16).all(|r| connected(regions, n, r))
}

/// Whether region `r`'s cells are connected.
fn connected(reg: &[u16], n: usize, r: u16) -> bool {
    let cells = reg.iter().filter(|&&x| x == r).count();
    let Some(first) = reg.iter().position(|&x| x == r) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    seen[first] = true;
    let mut stack = vec![first];
    let mut count = 1;
    while let Some(u) = stack.pop() {
        for x in neighbours(u, n) {
            if reg[x] == r && !seen[x] {
                seen[x] = true;
                count += 1;
                stack.push(x);
            }
        }
    }
    count == cells
}
