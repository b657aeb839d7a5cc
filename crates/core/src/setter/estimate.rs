//! About how many solutions a puzzle has, when there are too many to count: Knuth's estimator
//! (random probes down the search tree), with the subtrees small enough counted exactly.
//!
//! A probe starts at the puzzle. At each node (the puzzle with the digits chosen so far given)
//! it takes the empty cell with the fewest candidates (the digits no given of its row, column
//! or region rules out), and counts each child (the node with one of those digits given) up
//! to [`EstimateOptions::exact_below`] solutions, with the engines' public search: a child
//! without solution counts 0, exactly.
//! The children counted to the end add their counts, times the probe's weight; of the others
//! one is taken at random and the weight is multiplied by how many they were. The probe ends
//! when no child is left open. Its value is then an unbiased estimate of the count (Knuth,
//! "Estimating the efficiency of backtrack programs", 1975: the expected value of the product
//! of branching factors along a random path is the number of leaves), and the subtrees
//! counted exactly take away most of its variance, since the small subtrees are where a plain
//! probe's products vary most. Every probe reaches solutions (a child left open has more than
//! the threshold), so no probe is wasted on a dead end.
//!
//! The estimate is the probes' mean; its error the standard error of that mean (their
//! standard deviation over the square root of their number). Probes' values are kept as
//! base-2 logarithms, so that counts beyond `f64` (a nearly empty 25×25) stay finite.
//!
//! With tallies asked for ([`Sampler::tallies`]), each solution counted in an exact subtree
//! adds the probe's weight to its digit in every cell: the same argument makes each tally an
//! unbiased estimate of the count with that digit given there (what [`super::ambiguity`]
//! ranks its fixes by).

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::count_each;
use crate::Cell;
use crate::Count;
use crate::solve::Stop;
use crate::variant::{NO_REGION, Puzzle};

/// How [`estimate`] samples.
#[derive(Clone, Debug)]
pub struct EstimateOptions {
    /// Subtrees with at most this many solutions are counted exactly (default 64).
    pub exact_below: usize,
    /// The most probes (default 10,000); the stop ends them sooner.
    pub probes: usize,
    /// The seed of the random choices.
    pub seed: u64,
}

impl Default for EstimateOptions {
    fn default() -> EstimateOptions {
        EstimateOptions {
            exact_below: 64,
            probes: 10_000,
            seed: 0,
        }
    }
}

/// An estimated number of solutions ([`estimate`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The base-10 logarithm of the estimate (of the count, when `exact`).
    pub log10: f64,
    /// The standard error of the estimate over the estimate: 0 when exact, `None` after a
    /// single probe.
    pub relative_error: Option<f64>,
    /// The probes made.
    pub probes: usize,
    /// Whether the puzzle had few enough solutions to count them all: the count is exact.
    pub exact: bool,
}

impl Estimate {
    /// The estimated number of solutions (infinite past `f64`: see [`Estimate::log10`]); the
    /// count itself, a whole number, when exact.
    pub fn count(&self) -> f64 {
        let count = 10f64.powf(self.log10);
        if self.exact { count.round() } else { count }
    }

    /// The standard error of the estimate, in solutions.
    pub fn error(&self) -> Option<f64> {
        self.relative_error.map(|r| r * self.count())
    }
}

impl std::fmt::Display for Estimate {
    /// `about 6.7e21 (± 2.9 %, 120 probes)`, or the count when exact.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.exact {
            return write!(f, "{}", self.count());
        }
        let count = if self.log10 < 6.0 {
            format!("{:.0}", self.count())
        } else {
            let e = self.log10.floor();
            format!("{:.1}e{e}", 10f64.powf(self.log10 - e))
        };
        let noun = if self.probes == 1 { "probe" } else { "probes" };
        match self.relative_error {
            Some(r) => write!(
                f,
                "about {count} (± {:.1} %, {} {noun})",
                100.0 * r,
                self.probes
            ),
            None => write!(f, "about {count} ({} {noun})", self.probes),
        }
    }
}

/// About how many solutions `puzzle` has: exact when it has at most
/// [`EstimateOptions::exact_below`], else the mean of random probes made until the stop fires
/// or [`EstimateOptions::probes`] are made. `None` when the stop fired before the first probe
/// ended.
///
/// ```
/// use nsudoku::Stop;
/// use nsudoku::setter::{EstimateOptions, estimate};
/// use nsudoku::variant::Puzzle;
///
/// // The empty 6×6 grid has 28,200,960 solutions.
/// let options = EstimateOptions { probes: 100, ..EstimateOptions::default() };
/// let e = estimate(&Puzzle::new(6)?, &options, &Stop::default()).expect("probes");
/// // Within four of the errors it states.
/// let error = e.relative_error.expect("probes");
/// assert!(error < 0.15 && (e.count() / 28_200_960.0 - 1.0).abs() < 4.0 * error, "{e}");
/// # Ok::<(), nsudoku::variant::Error>(())
/// ```
pub fn estimate(puzzle: &Puzzle, options: &EstimateOptions, stop: &Stop) -> Option<Estimate> {
    Sampler::new(puzzle, options, false).run(stop)
}

/// Probes of one puzzle, their values, and the weighted tallies of their solutions.
pub(super) struct Sampler<'a> {
    puzzle: &'a Puzzle,
    options: EstimateOptions,
    rng: SmallRng,
    /// Each probe's value, as a base-2 logarithm.
    values: Vec<f64>,
    /// Per cell and digit (`cell · N + digit − 1`), the weights of the solutions with it, summed
    /// over the probes; empty when not asked for.
    tally: Vec<f64>,
    /// The root's count, when it was exact.
    exact: Option<usize>,
    /// The shallowest depth where a probe met a child counted to the end.
    shallowest: usize,
    /// Children are counted from this depth on; above it, a probe takes a candidate at random.
    counted_from: usize,
}

impl<'a> Sampler<'a> {
    pub(super) fn new(puzzle: &'a Puzzle, options: &EstimateOptions, tallies: bool) -> Sampler<'a> {
        let n = puzzle.size();
        Sampler {
            puzzle,
            options: options.clone(),
            rng: SmallRng::seed_from_u64(options.seed),
            values: Vec::new(),
            tally: if tallies {
                vec![0.0; n * n * n]
            } else {
                Vec::new()
            },
            exact: None,
            shallowest: usize::MAX,
            counted_from: 0,
        }
    }

    /// Probes until the stop fires or enough are made; the estimate (`None`: not one probe).
    pub(super) fn run(&mut self, stop: &Stop) -> Option<Estimate> {
        let limit = self.options.exact_below.max(1);
        let n = self.puzzle.size();
        let mut found: Vec<u16> = Vec::new();
        let (count, interrupted) = count_each(self.puzzle, limit, stop, |v| found.extend(v));
        if interrupted {
            return None;
        }
        if count.exact {
            self.add_solutions(&found, n, 1.0);
            self.exact = Some(count.count);
            self.values.push((count.count as f64).log2());
            return Some(self.summary());
        }
        while self.values.len() < self.options.probes.max(1) {
            let Some(value) = self.probe(stop) else {
                break;
            };
            self.values.push(value);
        }
        (!self.values.is_empty()).then(|| self.summary())
    }

    /// The estimate from the probes so far.
    fn summary(&self) -> Estimate {
        if let Some(count) = self.exact {
            return Estimate {
                log10: (count as f64).log10(),
                relative_error: Some(0.0),
                probes: 0,
                exact: true,
            };
        }
        let k = self.values.len() as f64;
        let top = self
            .values
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let scaled: Vec<f64> = self.values.iter().map(|v| (v - top).exp2()).collect();
        let mean = scaled.iter().sum::<f64>() / k;
        let relative_error = (self.values.len() > 1).then(|| {
            let var = scaled.iter().map(|y| (y - mean).powi(2)).sum::<f64>() / (k - 1.0);
            (var / k).sqrt() / mean
        });
        Estimate {
            log10: (top + mean.log2()) * std::f64::consts::LOG10_2,
            relative_error,
            probes: self.values.len(),
            exact: false,
        }
    }

    /// Per cell and digit (`cell · N + digit − 1`), the estimated count with that digit given
    /// there (exact when the root was counted); empty when not asked for.
    pub(super) fn tallies(&self) -> Vec<f64> {
        let k = if self.exact.is_some() {
            1.0
        } else {
            self.values.len().max(1) as f64
        };
        self.tally.iter().map(|t| t / k).collect()
    }

    /// Adds `weight` for each solution of `found` (row-major, one after the other).
    fn add_solutions(&mut self, found: &[u16], n: usize, weight: f64) {
        if self.tally.is_empty() {
            return;
        }
        for solution in found.chunks(n * n) {
            for (i, &v) in solution.iter().enumerate() {
                self.tally[i * n + usize::from(v) - 1] += weight;
            }
        }
    }

    /// One probe from the puzzle, whose count is known to pass the threshold: its value as a
    /// base-2 logarithm, or `None` when the stop fired first.
    fn probe(&mut self, stop: &Stop) -> Option<f64> {
        let n = self.puzzle.size();
        // The node: the puzzle with the digits chosen so far given.
        let mut node = self.puzzle.clone();
        // The weight and the value so far, as base-2 logarithms.
        let mut weight = 0.0f64;
        let mut value = f64::NEG_INFINITY;
        let mut depth = 0;
        let mut first_exact = usize::MAX;
        let answer = loop {
            let candidates = node_candidates(&node);
            let Some(cell) = branching_cell(&candidates) else {
                // An open node has two solutions, so a cell with two candidates: not reached.
                break value;
            };
            let digits: Vec<u16> = (1..=n as u16)
                .filter(|d| candidates[cell] >> (d - 1) & 1 != 0)
                .collect();
            let mut open: Vec<u16> = Vec::new();
            if depth < self.counted_from {
                open = digits;
            } else {
                for d in digits {
                    let (count, found) = self.count_child(&node, cell, d, stop)?;
                    if count.exact {
                        first_exact = first_exact.min(depth);
                        if count.count > 0 {
                            value = log2_add(value, weight + (count.count as f64).log2());
                            self.add_solutions(&found, n, weight.exp2());
                        }
                    } else {
                        open.push(d);
                    }
                }
            }
            if open.is_empty() {
                break value;
            }
            let d = open[self.rng.random_range(0..open.len())];
            weight += (open.len() as f64).log2();
            // A digit taken without counting may leave no solution: the next turn counts
            // every child 0 and ends the probe.
            if node
                .set_given(Cell::new(cell / n, cell % n), d, "")
                .is_err()
            {
                break value;
            }
            depth += 1;
            if stop.expired() {
                return None;
            }
        };
        if first_exact != usize::MAX {
            self.shallowest = self.shallowest.min(first_exact);
            self.counted_from = self.shallowest;
        }
        Some(answer)
    }

    /// The solutions of the node with `digit` given in `cell`, counted up to the threshold,
    /// and those found (when tallied); `None` when the stop fired first.
    fn count_child(
        &self,
        node: &Puzzle,
        cell: usize,
        digit: u16,
        stop: &Stop,
    ) -> Option<(Count, Vec<u16>)> {
        let n = self.puzzle.size();
        let limit = self.options.exact_below.max(1);
        let keep = !self.tally.is_empty();
        let mut found = Vec::new();
        let mut child = node.clone();
        if child
            .set_given(Cell::new(cell / n, cell % n), digit, "")
            .is_err()
        {
            let none = Count {
                count: 0,
                exact: true,
            };
            return Some((none, found));
        }
        let (count, interrupted) = count_each(&child, limit, stop, |v| {
            if keep {
                found.extend(v);
            }
        });
        (!interrupted).then_some((count, found))
    }
}

/// Each cell's candidates at a node (bit `d` for digit `d + 1`): a given alone; else the
/// puzzle's candidates of the cell without the digits given in its row, column or region.
fn node_candidates(node: &Puzzle) -> Vec<u64> {
    let n = node.size();
    let givens = node.givens();
    let regions = node.regions();
    let bit = |d: u16| 1u64 << (d - 1);
    let mut rows = vec![0u64; n];
    let mut cols = vec![0u64; n];
    let mut boxes: HashMap<u16, u64> = HashMap::new();
    for (i, &d) in givens.iter().enumerate() {
        if d != 0 {
            rows[i / n] |= bit(d);
            cols[i % n] |= bit(d);
            if regions[i] != NO_REGION {
                *boxes.entry(regions[i]).or_default() |= bit(d);
            }
        }
    }
    (0..n * n)
        .map(|i| {
            if givens[i] != 0 {
                return bit(givens[i]);
            }
            let allowed = node.candidates().map_or(node.all_digits(), |c| c[i]);
            let region = boxes.get(&regions[i]).copied().unwrap_or(0);
            allowed & !(rows[i / n] | cols[i % n] | region)
        })
        .collect()
}

/// The cell with the fewest candidates but one, the first in reading order among equals;
/// `None` when every cell has one.
fn branching_cell(candidates: &[u64]) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .filter(|(_, m)| m.count_ones() > 1)
        .min_by_key(|(_, m)| m.count_ones())
        .map(|(i, _)| i)
}

/// `log2(2^a + 2^b)`.
fn log2_add(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if lo == f64::NEG_INFINITY {
        return hi;
    }
    hi + (lo - hi).exp2().ln_1p() * std::f64::consts::LOG2_E
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logarithms_add_as_numbers() {
        let sum = log2_add(3f64.log2(), 5f64.log2());
        assert!((sum.exp2() - 8.0).abs() < 1e-9);
        assert_eq!(log2_add(f64::NEG_INFINITY, 2.0), 2.0);
        // Far apart: the larger one, without overflow.
        assert_eq!(log2_add(2000.0, 1.0), 2000.0);
    }

    #[test]
    fn the_branching_cell_has_the_fewest_candidates_but_one() {
        assert_eq!(branching_cell(&[0b1, 0b111, 0b11, 0b101]), Some(2));
        assert_eq!(branching_cell(&[0b1, 0b10]), None);
    }

    #[test]
    fn a_count_below_the_threshold_is_exact() {
        let puzzle = Puzzle::new(4).expect("4×4");
        let options = EstimateOptions {
            exact_below: 300,
            ..EstimateOptions::default()
        };
        let e = estimate(&puzzle, &options, &Stop::default()).expect("a count");
        assert!(e.exact);
        assert_eq!(e.count(), 288.0);
        assert_eq!(e.to_string(), "288");
    }
}
