//! `POST /api/v1/candidates`: each cell's true candidates, the digits it holds in at least one
//! solution (a setter's view of what the puzzle still allows), for any puzzle, classic or
//! variant.
//!
//! One solution marks its digit in every cell; then each digit not yet marked is tried as a
//! given: a solution with it marks all its digits at once, none proves it impossible. At most
//! `N² × N` searches, far fewer in practice, each with the request's time budget: when it runs
//! out, the answer says `timeout` and gives the digits found so far (each one surely possible,
//! some possible ones perhaps missing).

use std::time::Instant;

use nsudoku::variant::Puzzle;
use nsudoku::{Cell, Stop};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Puzzle as PuzzleIn, ReadArgs};

/// `POST /api/v1/candidates`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
    /// The puzzle, classic or variant.
    pub puzzle: PuzzleIn,
    /// Seconds to search at most (capped by the server's limit).
    #[serde(default)]
    pub timeout: Option<f64>,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
}

/// The answer of `POST /api/v1/candidates`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CandidatesResponse {
    /// `done` (every cell's candidates are exact), `no_solution`, or `timeout` (the digits
    /// found are possible; others may be too).
    pub status: &'static str,
    /// Each cell's candidates, rows of lists of digits (a given: its digit).
    pub candidates: Vec<Vec<Vec<u16>>>,
    /// The searches made.
    pub searches: usize,
}

/// The true candidates of `puzzle`, within `stop`.
pub fn true_candidates(puzzle: &Puzzle, stop: &Stop) -> CandidatesResponse {
    let n = puzzle.size();
    let mut found = vec![0u64; n * n];
    let mut searches = 0;
    let late = || stop.deadline.is_some_and(|d| Instant::now() >= d);
    let mut status = "done";
    // Searches `p`; marks its solution; whether one was found (None: out of time).
    let mut search = |p: &Puzzle, found: &mut [u64]| {
        searches += 1;
        let mut solutions = p.solutions().with_stop(stop.clone());
        if let Some(values) = solutions.next_values() {
            for (mark, &v) in found.iter_mut().zip(values) {
                *mark |= 1 << (v - 1);
            }
            Some(true)
        } else if solutions.interrupted() {
            None
        } else {
            Some(false)
        }
    };
    match search(puzzle, &mut found) {
        None => status = "timeout",
        Some(false) => status = "no_solution",
        Some(true) => {
            'cells: for i in 0..n * n {
                if puzzle.givens()[i] != 0 {
                    continue;
                }
                for d in 1..=n as u16 {
                    if found[i] >> (d - 1) & 1 != 0 {
                        continue;
                    }
                    let mut p = puzzle.clone();
                    if p.set_given(Cell::new(i / n, i % n), d, "").is_err() {
                        continue;
                    }
                    if late() || search(&p, &mut found).is_none() {
                        status = "timeout";
                        break 'cells;
                    }
                }
            }
        }
    }
    let lists = found
        .iter()
        .map(|&m| (1..=n as u16).filter(|d| m >> (d - 1) & 1 != 0).collect())
        .collect::<Vec<Vec<u16>>>();
    CandidatesResponse {
        status,
        candidates: lists.chunks(n.max(1)).map(<[Vec<u16>]>::to_vec).collect(),
        searches,
    }
}
