//! Hints, explanations and ratings of variant puzzles, shaped as the classic ones
//! (`routes.rs`): the same statuses, the same steps, each step naming the constraints it uses
//! by their index in the puzzle's constraints (as `read` lists them) and their kind, so that
//! the page can find what it drew for them. The reasoning is the library's
//! (`logic::hint_variant_with`, `explain_variant`, `rate_variant`) with the request's stop.

use nsudoku::Stop;
use nsudoku::grid::Cell;
use nsudoku::logic::{self, Hint, Level, Options, Outcome};
use nsudoku::variant::Puzzle;
use nsudoku::variant::fpuzzles::Read;

use crate::api::{ExplainResponse, HintResponse, MistakeOut, RateResponse, StepOut};
use crate::error::ApiError;

/// The answer of `hint`, classic or variant: the library's hint with each step shaped by
/// `step`, and the reader's warnings.
pub fn hint_response(
    hint: Hint,
    step: impl Fn(&logic::Step) -> StepOut,
    warnings: Vec<String>,
) -> HintResponse {
    let (status, step, mistakes) = match hint {
        Hint::Step(s) => ("hint", Some(step(&s)), Vec::new()),
        Hint::Mistakes(m) => ("wrong_entries", None, m.iter().map(mistake).collect()),
        Hint::Solved => ("solved", None, Vec::new()),
        Hint::Stuck => ("stuck", None, Vec::new()),
        Hint::Interrupted => ("timeout", None, Vec::new()),
        _ => ("no_unique_solution", None, Vec::new()),
    };
    HintResponse {
        status,
        step,
        mistakes,
        warnings,
    }
}

fn mistake(m: &logic::Mistake) -> MistakeOut {
    MistakeOut {
        cell: [m.cell.row() + 1, m.cell.col() + 1],
        entered: m.entered.map(nsudoku::Digit::get),
        message: m.to_string(),
    }
}

/// Givens that break a rule make the puzzle invalid (a 422), as clashing clues make a
/// classic one.
pub fn unbroken(puzzle: &Puzzle) -> Result<(), ApiError> {
    match puzzle.broken(puzzle.givens()).first() {
        None => Ok(()),
        Some(b) => Err(ApiError::unprocessable(format!(
            "the givens break a rule: {}",
            b.message
        ))),
    }
}

/// Logic explains and rates puzzles with one solution: the status for one that has none, or
/// several, or could not be counted in time.
pub fn not_unique(puzzle: &Puzzle, stop: &Stop) -> Option<&'static str> {
    let mut solutions = puzzle.solutions().with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    match count {
        _ if solutions.interrupted() => Some("timeout"),
        1 => None,
        0 => Some("no_solution"),
        _ => Some("multiple"),
    }
}

/// A hint for the player's `values` (row-major, 0 empty) and marks on a variant puzzle.
pub fn hint(
    read: &Read,
    values: &[u16],
    marks: Option<&[Vec<nsudoku::Digit>]>,
    stop: &Stop,
) -> Result<HintResponse, ApiError> {
    let puzzle = &read.puzzle;
    unbroken(puzzle)?;
    let hint = logic::hint_variant_with(puzzle, values, marks, stop)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(hint_response(
        hint,
        |s| StepOut::variant(s, puzzle),
        read.warnings.clone(),
    ))
}

/// Every step of a variant puzzle's logical solve (simplest first), and its rating: the
/// hardest step's ER (20.0 when stuck), as `rate` gives it, without solving twice.
pub fn explain(read: &Read, stop: Stop) -> Result<ExplainResponse, ApiError> {
    let puzzle = &read.puzzle;
    let options = Options {
        stop,
        ..Options::default()
    };
    let e = logic::explain_variant(puzzle, &options)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let hardest = e.steps.iter().map(|s| s.difficulty).fold(0.0, f64::max);
    // The board before the first step (the explanation keeps only the last one).
    let board =
        logic::Board::from_puzzle(puzzle).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let n = puzzle.size();
    let cells = || (0..n * n).map(|i| Cell::new(i / n, i % n));
    let start = cells()
        .map(|c| board.candidates(c).iter().map(|d| d.get() as u16).collect())
        .collect();
    let peers = cells()
        .map(|c| {
            board
                .constraint_peers(c)
                .iter()
                .map(|p| (p.row() * n + p.col()) as u32)
                .collect()
        })
        .collect();
    let (status, er) = match e.outcome {
        Outcome::Solved => ("solved", Some(hardest)),
        Outcome::Stuck => ("stuck", Some(20.0)),
        Outcome::Interrupted => ("timeout", None),
    };
    Ok(ExplainResponse {
        status,
        steps: e
            .steps
            .iter()
            .map(|s| StepOut::variant(s, puzzle))
            .collect(),
        hardest,
        er,
        level: er.map(|er| Level::of(er).to_string()),
        warnings: read.warnings.clone(),
        start: Some(start),
        peers: Some(peers),
    })
}

/// The answer of `rate` for a library's rating, classic or variant.
pub fn rate_response(r: &logic::Rating, warnings: Vec<String>) -> RateResponse {
    RateResponse {
        status: if r.outcome == Outcome::Interrupted {
            "timeout"
        } else {
            "rated"
        },
        er: r.er,
        ed: r.ed,
        level: r.level.to_string(),
        hardest: r.hardest.map(|t| t.name().to_owned()),
        steps: r.steps,
        warnings,
    }
}

/// A variant puzzle's rating.
pub fn rate(read: &Read, stop: &Stop) -> Result<RateResponse, ApiError> {
    let r = logic::rate_variant(&read.puzzle, stop)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(rate_response(&r, read.warnings.clone()))
}
