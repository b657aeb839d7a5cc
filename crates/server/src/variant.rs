//! Variant puzzles (killer cages, thermometers, arrows, …) in the API: the answers of `solve`,
//! `count` and `check` for them, shaped as for classic puzzles. Telling them from classic text
//! and reading them with the library's one entry point ([`nsudoku::variant::read`]) is the
//! request's part (`api.rs`).
//! The solving is the library's (`Puzzle::solutions`), with the request's stop; the checking
//! is `Puzzle::broken`. Their hints, explanations and ratings are `logic.rs`'s.

use nsudoku::Stop;
use nsudoku::variant::fpuzzles::Read;
use nsudoku::variant::{self, Puzzle, check::Broken};

use crate::api::{
    BrokenOut, CheckResponse, CountResponse, GenerateRequest, GenerateResponse, Rows,
    SolveResponse, SolveStatus,
};
use crate::error::ApiError;
use crate::state::AppState;

/// Row-major values as rows of `n`.
fn rows_of(values: &[u16], n: usize) -> Rows {
    values.chunks(n.max(1)).map(<[u16]>::to_vec).collect()
}

/// The box shape of a puzzle whose regions are boxes.
fn shape(puzzle: &Puzzle) -> Option<String> {
    puzzle.box_shape().map(|s| s.to_string())
}

/// The solution of a variant puzzle (the first one with `first`), as `solve` gives it.
pub fn solve(read: &Read, first: bool, stop: Stop) -> SolveResponse {
    let puzzle = &read.puzzle;
    let mut solutions = puzzle.solutions().with_stop(stop);
    let found = solutions.next_values().map(<[u16]>::to_vec);
    let several = found.is_some() && !first && solutions.next_values().is_some();
    let status = SolveStatus::of(found.is_some(), several, solutions.interrupted());
    SolveResponse {
        status,
        size: puzzle.size(),
        shape: shape(puzzle),
        grid: found
            .filter(|_| status == SolveStatus::Solved)
            .map(|v| rows_of(&v, puzzle.size())),
        guesses: solutions.guesses(),
        constraints: Some(puzzle.constraints().len()),
        warnings: read.warnings.clone(),
    }
}

/// The solutions of a variant puzzle counted up to `limit`, as `count` gives them.
pub fn count(read: &Read, limit: usize, stop: Stop) -> CountResponse {
    let mut solutions = read.puzzle.solutions().with_stop(stop);
    let count = solutions.count_up_to(limit);
    CountResponse::of(count, solutions.interrupted(), read.warnings.clone())
}

/// A broken rule as the API gives it.
fn broken_out(puzzle: &Puzzle, b: &Broken) -> BrokenOut {
    BrokenOut {
        constraint: b.constraint,
        name: b
            .constraint
            .and_then(|i| puzzle.constraints().get(i))
            .map(variant::Constraint::name),
        cells: b.cells.iter().map(ToString::to_string).collect(),
        message: b.message.clone(),
    }
}

/// What `check` says of a puzzle read, and of a player's values (row-major, 0 empty) if
/// given: `invalid` when the givens break a rule; else `broken`, `solved` or `valid` for the
/// player's values; else `valid`.
pub fn check(read: &Read, player: Option<&[u16]>) -> CheckResponse {
    let puzzle = &read.puzzle;
    let n = puzzle.size();
    let givens = puzzle.givens();
    let mut response = CheckResponse {
        status: "valid",
        errors: Vec::new(),
        broken: Vec::new(),
        size: Some(n),
        shape: shape(puzzle),
        clues: Some(givens.iter().filter(|&&v| v != 0).count()),
        grid: Some(rows_of(givens, n)),
        constraints: Some(puzzle.constraints().len()),
        warnings: read.warnings.clone(),
    };
    let out = |broken: Vec<Broken>| broken.iter().map(|b| broken_out(puzzle, b)).collect();
    let of_givens = puzzle.broken(givens);
    if !of_givens.is_empty() {
        response.status = "invalid";
        response.broken = out(of_givens);
        response.grid = None;
        return response;
    }
    if let Some(values) = player {
        let broken = puzzle.broken(values);
        response.status = if !broken.is_empty() {
            "broken"
        } else if puzzle.is_solution(values) {
            "solved"
        } else {
            "valid"
        };
        response.broken = out(broken);
    }
    response
}

/// The classic puzzle `grid` as a variant one, to check a player's values against it.
pub fn of_classic(grid: &nsudoku::Grid) -> Result<Read, ApiError> {
    let puzzle = Puzzle::from_grid(grid).map_err(|_| {
        ApiError::unprocessable(format!(
            "grid: variant rules, drawing and true candidates take grids up to {m}×{m}, not {n}×{n}",
            m = variant::MAX_SIDE,
            n = grid.side()
        ))
    })?;
    Ok(Read::new(puzzle))
}

/// `generate` with `variant`: a unique, minimal variant puzzle of those kinds, as its givens,
/// solution, f-puzzles payload and text form; with `difficulty` or `rating`, one whose rating
/// by the variant logic lies in the band (each candidate rated within the request's time
/// budget, as `nsudoku generate --variant` does), with its ER and level.
pub async fn generate(
    state: AppState,
    req: GenerateRequest,
    kinds: &str,
) -> Result<axum::Json<GenerateResponse>, ApiError> {
    use nsudoku::generate::variant::{Generator, Kind, Options, givens_problem, parse_kinds};
    use nsudoku::variant::{fpuzzles, text};
    let kinds = parse_kinds(kinds).map_err(|e| ApiError::bad_request(format!("variant: {e}")))?;
    if req.shape.is_some() {
        return Err(ApiError::bad_request(
            "box: variant puzzles take a size (their boxes are the default ones)",
        ));
    }
    if req.hide_totals && !kinds.contains(&Kind::Killer) {
        return Err(ApiError::bad_request(
            "hide_totals: only killer puzzles have cage totals",
        ));
    }
    let n = req.size.unwrap_or(9);
    if !(4..=16).contains(&n) {
        return Err(ApiError::bad_request(format!(
            "size: variant puzzles are generated from 4×4 to 16×16, not {n}×{n}"
        )));
    }
    if let Some(problem) = givens_problem(&kinds, n, req.givens) {
        return Err(ApiError::bad_request(format!("givens: {problem}")));
    }
    let options = Options {
        symmetry: req.symmetry.unwrap_or_default(),
        hide_totals: req.hide_totals,
        givens: req.givens,
        rating: req.band()?,
        ..Options::new(n, kinds)
    };
    let seed = crate::state::seed_or_clock(req.seed);
    state
        .answer(req.timeout, move |stop| {
            let made = Generator::new(options, seed).puzzle_within(0, &stop);
            let shape = nsudoku::Shape::for_side(n).map_or(String::new(), |s| s.to_string());
            let mut response = GenerateResponse::timeout(n, shape, seed);
            if let Some(g) = made {
                let payload = fpuzzles::to_payload(&g.puzzle)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
                response.status = "generated";
                response.puzzle = Some(rows_of(g.puzzle.givens(), n));
                response.solution = Some(rows_of(&g.solution, n));
                response.clues = Some(g.puzzle.givens().iter().filter(|&&d| d != 0).count());
                response.fpuzzles = Some(payload);
                response.text = Some(text::to_text(&g.puzzle));
                response.er = g.rating.as_ref().map(|r| r.er);
                response.level = g.rating.as_ref().map(|r| r.level.to_string());
            }
            Ok(response)
        })
        .await
}
