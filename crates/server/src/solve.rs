//! The answer to one solve request, classic or variant: what `POST /api/v1/solve` gives for
//! one puzzle, and for each line of a batch (`batch.rs`), which reads its line first.

use nsudoku::parse::{ReadOptions, read_line};
use nsudoku::{Engine, Grid, Solutions, Stop};

use crate::api::{Puzzle, Read, SolveRequest, SolveResponse, SolveStatus, read_variant, rows};
use crate::error::{ApiError, ErrorResponse};
use crate::variant;

/// The solution of one grid (the first one with `first`), as `solve` and the batch give it.
fn solve_grid(grid: &Grid, first: bool, stop: Stop) -> SolveResponse {
    let mut solutions = Solutions::new(grid, Engine::Auto).with_stop(stop);
    let found = solutions.next();
    let several = found.is_some() && !first && solutions.next_values().is_some();
    let status = SolveStatus::of(found.is_some(), several, solutions.interrupted());
    SolveResponse {
        status,
        size: grid.side(),
        shape: Some(grid.shape().to_string()),
        grid: found
            .filter(|_| status == SolveStatus::Solved)
            .map(|g| rows(&g)),
        guesses: solutions.guesses(),
        constraints: None,
        warnings: Vec::new(),
    }
}

/// The answer to one solve request, classic or variant.
pub(crate) fn solve_request(req: &SolveRequest, stop: Stop) -> Result<SolveResponse, ApiError> {
    Ok(match req.read.read(&req.puzzle)? {
        Read::Classic(grid) => solve_grid(&grid, req.first, stop),
        Read::Variant(read) => variant::solve(&read, req.first, stop),
    })
}

/// One line of a batch: its result as the single endpoint gives it, or its problems.
pub(crate) fn solve_line(line: &str, stop: &Stop) -> serde_json::Value {
    let result = if line.trim_start().starts_with('{') {
        match serde_json::from_str::<SolveRequest>(line) {
            Ok(req) => solve_request(&req, stop.clone()),
            // Not a request: a variant puzzle's JSON (an f-puzzles document, or a JSON Lines
            // object naming one). A line that meant to be a request keeps its error.
            Err(e) => match read_variant(line, false) {
                Ok(read) => Ok(variant::solve(&read, false, stop.clone())),
                Err(_) if has_puzzle(line) => Err(ApiError::bad_request(e.to_string())),
                Err(v) => Err(v),
            },
        }
    } else if nsudoku::variant::is_variant_line(line) {
        read_variant(line, false).map(|read| variant::solve(&read, false, stop.clone()))
    } else {
        read_line(line, &ReadOptions::default())
            .and_then(|g| g.check().map(|()| g))
            .map_err(|e| ApiError::invalid_puzzle(&e))
            .map(|grid| solve_grid(&grid, false, stop.clone()))
    };
    match result {
        Ok(answer) => serde_json::to_value(answer).unwrap_or_default(),
        Err(e) => {
            let body = serde_json::to_value(ErrorResponse::from(e)).unwrap_or_default();
            serde_json::json!({ "status": "invalid", "error": body["error"] })
        }
    }
}

/// Whether a JSON line is an object with a `puzzle` that a request would take (a string or
/// rows, not a variant puzzle's link).
fn has_puzzle(line: &str) -> bool {
    serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(line)
        .ok()
        .and_then(|o| o.get("puzzle").cloned())
        .and_then(|p| serde_json::from_value::<Puzzle>(p).ok())
        .is_some_and(|p| !p.is_variant())
}
