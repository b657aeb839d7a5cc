//! Why a puzzle is not unique: two of its solutions, the cells where they differ, and the
//! givens (one digit in one cell) that would make it unique, or that cut its count most.
//!
//! The solutions are enumerated up to a limit, each digit of each cell tallied. When that is
//! all of them, the count with a digit given in a cell is its tally, exactly: the fixes are the
//! digits whose tally is smallest (1: unique), placed in a cell where the solutions disagree.
//! When there are more, the tallies of the first solutions found say little (a search finds
//! its first solutions in one corner of the tree), so the counts are estimated by the sampler
//! of [`super::estimate`], which tallies its weighted solutions too, and the most promising
//! fixes are counted again up to the limit: exact where that ends.

use super::estimate::Sampler;
use super::{Count, EstimateOptions, count_each, sooner};
use crate::Cell;
use crate::solve::Stop;
use crate::variant::Puzzle;

/// How [`ambiguity`] looks for fixes.
#[derive(Clone, Debug)]
pub struct FixOptions {
    /// Solutions enumerated to count the fixes exactly (default 10,000).
    pub limit: usize,
    /// The most fixes listed (default 12).
    pub fixes: usize,
    /// The sampler's options when there are more solutions than the limit.
    pub estimate: EstimateOptions,
}

impl Default for FixOptions {
    fn default() -> FixOptions {
        FixOptions {
            limit: 10_000,
            fixes: 12,
            estimate: EstimateOptions::default(),
        }
    }
}

/// One digit given in one cell, and the puzzle's count of solutions with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fix {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: u16,
    /// The solutions left with it (1: the puzzle becomes unique); an estimate, rounded, when
    /// not `exact`.
    pub count: u64,
    /// Whether `count` is exact.
    pub exact: bool,
}

/// Why a puzzle is not unique ([`ambiguity`]).
#[derive(Clone, Debug)]
pub struct Ambiguity {
    /// Its first two solutions, row-major.
    pub solutions: [Vec<u16>; 2],
    /// The cells where they differ, in reading order.
    pub differ: Vec<Cell>,
    /// Its solutions: exact when all were enumerated, else at least this many.
    pub count: Count,
    /// The sampler's estimate of the count, when it was not exact.
    pub estimate: Option<super::Estimate>,
    /// The best givens, fewest solutions left first (ties: in a cell where the two solutions
    /// differ, then in reading order), at most [`FixOptions::fixes`].
    pub fixes: Vec<Fix>,
    /// How many single givens make the puzzle unique, when every solution was enumerated.
    pub unique_fixes: Option<usize>,
}

/// Why `puzzle` is not unique; `None` when it has fewer than two solutions (or the stop
/// fired before two were found).
pub fn ambiguity(puzzle: &Puzzle, options: &FixOptions, stop: &Stop) -> Option<Ambiguity> {
    let n = puzzle.size();
    let mut tally = vec![0u64; n * n * n];
    let mut first: Vec<Vec<u16>> = Vec::new();
    let (count, interrupted) = count_each(puzzle, options.limit.max(2), stop, |values| {
        if first.len() < 2 {
            first.push(values.to_vec());
        }
        for (i, &v) in values.iter().enumerate() {
            tally[i * n + usize::from(v) - 1] += 1;
        }
    });
    let [a, b]: [Vec<u16>; 2] = first.try_into().ok()?;
    let differ: Vec<usize> = (0..n * n).filter(|&i| a[i] != b[i]).collect();
    let mut answer = Ambiguity {
        differ: differ.iter().map(|&i| Cell::new(i / n, i % n)).collect(),
        solutions: [a, b],
        count,
        estimate: None,
        fixes: Vec::new(),
        unique_fixes: None,
    };
    let empty = |i: usize| puzzle.givens()[i] == 0;
    let rank = |fixes: &mut Vec<Fix>| {
        fixes.sort_by_key(|f| {
            let i = f.cell.row() * n + f.cell.col();
            (f.count, !differ.contains(&i), i, f.digit)
        });
    };
    if count.exact {
        let total = count.count as u64;
        let mut fixes: Vec<Fix> = (0..n * n * n)
            .filter(|&k| empty(k / n) && tally[k] > 0 && tally[k] < total)
            .map(|k| Fix {
                cell: Cell::new(k / n / n, k / n % n),
                digit: (k % n) as u16 + 1,
                count: tally[k],
                exact: true,
            })
            .collect();
        answer.unique_fixes = Some(fixes.iter().filter(|f| f.count == 1).count());
        rank(&mut fixes);
        fixes.truncate(options.fixes);
        answer.fixes = fixes;
        return Some(answer);
    }
    if interrupted {
        return Some(answer);
    }
    // Too many to enumerate: estimated tallies for half the time left, then the best few
    // counted again.
    let half = stop
        .deadline
        .map(|d| d.saturating_duration_since(std::time::Instant::now()) / 2);
    let sampling = half.map_or_else(|| stop.clone(), |h| sooner(stop, h));
    let mut sampler = Sampler::new(puzzle, &options.estimate, true);
    let estimate = sampler.run(&sampling);
    let Some(estimate) = estimate else {
        return Some(answer);
    };
    let estimated = sampler.tallies();
    answer.estimate = Some(estimate);
    let mut fixes: Vec<Fix> = (0..n * n * n)
        .filter(|&k| empty(k / n) && estimated[k] > 0.0)
        .map(|k| Fix {
            cell: Cell::new(k / n / n, k / n % n),
            digit: (k % n) as u16 + 1,
            count: estimated[k].round().max(1.0) as u64,
            exact: false,
        })
        .collect();
    rank(&mut fixes);
    fixes.truncate(options.fixes);
    for fix in &mut fixes {
        if stop.expired() {
            break;
        }
        let mut p = puzzle.clone();
        if p.set_given(fix.cell, fix.digit, "").is_err() {
            continue;
        }
        let (c, _) = count_each(&p, options.limit, stop, |_| {});
        if c.exact {
            fix.count = c.count as u64;
            fix.exact = true;
        } else {
            // At least the limit: an estimate below it says nothing.
            fix.count = fix.count.max(c.count as u64);
        }
    }
    fixes.retain(|f| f.count > 0);
    rank(&mut fixes);
    answer.fixes = fixes;
    Some(answer)
}
