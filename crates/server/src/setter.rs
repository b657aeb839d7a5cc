//! `POST /api/v1/setter`: what a setter asks of a puzzle, classic or variant (the library's
//! `setter::analyse`): the clues of a unique puzzle that could each go, a minimal set when
//! asked; two solutions of one with several, where they differ, and the givens that would
//! make it unique. The answer is the library's JSON (`setter::json`), the command line's
//! `nsudoku setter -f json` less its `line`. And the estimate that `count` adds past its
//! limit when asked.

use std::time::Duration;

use nsudoku::Stop;
use nsudoku::setter::{self, EstimateOptions, FixOptions, Options};
use nsudoku::variant::Puzzle;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Puzzle as PuzzleIn, ReadArgs};
use crate::error::ApiError;

/// The most fixes an answer lists.
const MAX_FIXES: usize = 100;
/// The most solutions enumerated to count the fixes (memory does not grow with it: each is
/// tallied, not kept).
const MAX_LIMIT: usize = 1_000_000;
/// The longest `count` spends on an estimate, within the request's time budget.
const ESTIMATE_TIME: Duration = Duration::from_secs(1);

/// `POST /api/v1/setter`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetterRequest {
    /// The puzzle, classic or variant (grids up to 64×64).
    pub puzzle: PuzzleIn,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// For a unique puzzle, also a minimal set of clues (givens taken away first, then rules,
    /// each in the order `seed` shuffles, while the puzzle stays unique).
    #[serde(default)]
    pub minimal: bool,
    /// The seed of the minimal set's order (default 0).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub seed: Option<u64>,
    /// The most fixes listed for a puzzle with several solutions (default 12, at most 100).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100)]
    pub fixes: Option<usize>,
    /// Solutions enumerated to count the fixes exactly (default 10,000, at most 1,000,000);
    /// past it, they are estimated.
    #[serde(default)]
    #[schema(minimum = 2, maximum = 1000000)]
    pub limit: Option<usize>,
    /// Seconds to work at most (capped by the server's limit): what was not checked by then
    /// is `null` (`redundant`) or left out.
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
}

/// The answer of `POST /api/v1/setter`: `status` `unique` (`solution`, `clues` each with
/// `kind` `given`, `constraint` or `total`, its `cell` and `digit` or constraint `index`,
/// `name`, `text`, and `redundant`: true, false or null when not checked in time; `redundant`,
/// the count of those that can go; `complete`; `minimal` when asked: `removed`, `puzzle` in the
/// text form, `minimal`), `multiple` (`count`, `exact`, `estimate`, `solutions`: two grids as
/// rows, `differ`: cells, `fixes`: `[{cell, digit, count, exact}]` fewest solutions left
/// first, `unique_fixes`), `no_solution` or `timeout`; and `warnings` for a variant puzzle.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(value_type = Object)]
pub struct SetterResponse(serde_json::Value);

impl SetterRequest {
    /// The library's options, checked.
    fn options(&self) -> Result<Options, ApiError> {
        let fixes = self.fixes.unwrap_or(12);
        if fixes > MAX_FIXES {
            return Err(ApiError::bad_request(format!(
                "fixes: at most {MAX_FIXES}, not {fixes}"
            )));
        }
        let limit = self.limit.unwrap_or(10_000);
        if !(2..=MAX_LIMIT).contains(&limit) {
            return Err(ApiError::bad_request(format!(
                "limit: 2 to {MAX_LIMIT}, not {limit}"
            )));
        }
        Ok(Options {
            minimal: self.minimal.then_some(self.seed.unwrap_or(0)),
            fixes: FixOptions {
                limit,
                fixes,
                ..FixOptions::default()
            },
        })
    }
}

/// The answer for a request whose puzzle is read (`warnings`: what the reader skipped).
pub fn answer(
    req: &SetterRequest,
    puzzle: &Puzzle,
    warnings: Vec<String>,
    stop: &Stop,
) -> Result<SetterResponse, ApiError> {
    let options = req.options()?;
    let analysis = setter::analyse(puzzle, &options, stop);
    let mut json = setter::json::analysis(puzzle, &analysis);
    if !warnings.is_empty() {
        json["warnings"] = serde_json::json!(warnings);
    }
    Ok(SetterResponse(json))
}

/// About how many solutions `puzzle` has (the library's JSON of it), from probes for at most a
/// second within `stop`; `None` when not one probe ended in time.
pub fn estimate(puzzle: &Puzzle, stop: &Stop) -> Option<serde_json::Value> {
    let stop = Stop {
        deadline: [
            stop.deadline,
            std::time::Instant::now().checked_add(ESTIMATE_TIME),
        ]
        .into_iter()
        .flatten()
        .min(),
        ..stop.clone()
    };
    setter::estimate(puzzle, &EstimateOptions::default(), &stop).map(|e| setter::json::estimate(&e))
}
