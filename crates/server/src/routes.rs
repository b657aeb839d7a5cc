//! The endpoints: each reads its request, hands the work to the solving threads with the
//! request's time budget, and shapes the library's answer. No solving logic lives here.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use nsudoku::generate::{Generator, Options as GenerateOptions};
use nsudoku::logic::{self, Options, Outcome, Scale};
use nsudoku::parse::read_marks;
use nsudoku::{Digit, Engine, Grid, Shape, Solutions, Stop};

use crate::api::*;
use crate::candidates::{self, CandidatesRequest, CandidatesResponse};
use crate::draw::{self, ReadRequest, ReadResponse, with_puzzle};
use crate::error::{ApiError, ApiErrors, ApiJson, ErrorResponse};
use crate::setter::{SetterRequest, SetterResponse};
use crate::solve::solve_request;
use crate::state::AppState;
use crate::variant;

/// `GET /healthz`.
#[utoipa::path(get, path = "/healthz", responses((status = 200, body = Health)))]
pub async fn healthz() -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}

/// `POST /api/v1/solve`: one puzzle in JSON, or a batch in NDJSON (one puzzle a line,
/// answered as a stream of NDJSON results in input order).
#[utoipa::path(
    post,
    path = "/api/v1/solve",
    request_body(
        description = "a SolveRequest in JSON; or, with Content-Type application/x-ndjson, one \
                       puzzle a line: its text, a SolveRequest object, or a variant puzzle (an \
                       f-puzzles or SudokuPad link or payload, an f-puzzles JSON document, or \
                       a JSON object whose `fpuzzles`, `puzzle` or `link` field holds one)",
        content(
            (SolveRequest = "application/json"),
            (String = "application/x-ndjson")
        )
    ),
    responses(
        (status = 200, description = "the outcome (for a batch, NDJSON: one such object a line, \
                                      with `line`)", body = SolveResponse),
        ApiErrors
    )
)]
pub async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if kind.starts_with("application/x-ndjson") {
        return crate::batch::solve_batch(state, body).await;
    }
    if !kind.starts_with("application/json") {
        return Err(ApiError::for_status(StatusCode::UNSUPPORTED_MEDIA_TYPE, ""));
    }
    let req: SolveRequest =
        serde_json::from_slice(&body).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let stop = state.stop(req.timeout)?;
    let answer = state.run(move || solve_request(&req, stop)).await?;
    Ok(Json(answer).into_response())
}

/// `POST /api/v1/count`.
#[utoipa::path(
    post,
    path = "/api/v1/count",
    request_body = CountRequest,
    responses((status = 200, body = CountResponse), ApiErrors)
)]
pub async fn count(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CountRequest>,
) -> Result<Json<CountResponse>, ApiError> {
    let limit = req.limit.unwrap_or(1000);
    if limit == 0 {
        return Err(ApiError::bad_request("limit: at least 1"));
    }
    state
        .answer(req.timeout, move |stop| {
            let (mut answer, puzzle) = match req.read.read(&req.puzzle)? {
                Read::Classic(grid) => {
                    let mut solutions = Solutions::new(&grid, Engine::Auto).with_stop(stop.clone());
                    let count = solutions.count_up_to(limit);
                    let answer = CountResponse::of(count, solutions.interrupted(), Vec::new());
                    (answer, nsudoku::variant::Puzzle::from_grid(&grid).ok())
                }
                Read::Variant(read) => (
                    variant::count(&read, limit, stop.clone()),
                    Some(read.puzzle),
                ),
            };
            if req.estimate && !answer.exact && answer.status != "timeout" {
                answer.estimate = Some(
                    puzzle
                        .and_then(|p| crate::setter::estimate(&p, &stop))
                        .unwrap_or(serde_json::Value::Null),
                );
            }
            Ok(answer)
        })
        .await
}

/// `POST /api/v1/setter`: the clues of a unique puzzle that can go (and a minimal set), or two
/// solutions of one with several and the givens that would fix it.
#[utoipa::path(
    post,
    path = "/api/v1/setter",
    request_body = SetterRequest,
    responses((status = 200, body = SetterResponse), ApiErrors)
)]
pub async fn setter(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SetterRequest>,
) -> Result<Json<SetterResponse>, ApiError> {
    state
        .answer(req.timeout, move |stop| {
            let read = match req.read.read(&req.puzzle)? {
                Read::Classic(grid) => variant::of_classic(&grid)?,
                Read::Variant(read) => read,
            };
            crate::logic::unbroken(&read.puzzle)?;
            crate::setter::answer(&req, &read.puzzle, read.warnings.clone(), &stop)
        })
        .await
}

/// `POST /api/v1/check`: every problem of a puzzle (200 either way), and every rule a
/// player's grid breaks.
#[utoipa::path(
    post,
    path = "/api/v1/check",
    request_body = CheckRequest,
    responses((status = 200, body = CheckResponse), ApiErrors)
)]
pub async fn check(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CheckRequest>,
) -> Result<Json<CheckResponse>, ApiError> {
    state
        .run(move || {
            let read = match req.read.read(&req.puzzle) {
                Ok(read) => read,
                Err(e) if e.status() == StatusCode::UNPROCESSABLE_ENTITY => {
                    return Ok(Json(CheckResponse {
                        status: "invalid",
                        errors: ErrorResponse::from(e).error.errors_or_message(),
                        broken: Vec::new(),
                        size: None,
                        shape: None,
                        clues: None,
                        grid: None,
                        constraints: None,
                        warnings: Vec::new(),
                    }));
                }
                Err(e) => return Err(e),
            };
            let givens = match read {
                Read::Classic(givens) => givens,
                Read::Variant(read) => {
                    let values = match &req.grid {
                        Some(g) => Some(player_values(&req.read, g, read.puzzle.size())?),
                        None => None,
                    };
                    return Ok(Json(variant::check(&read, values.as_deref())));
                }
            };
            let mut answer = CheckResponse {
                status: "valid",
                errors: Vec::new(),
                broken: Vec::new(),
                size: Some(givens.side()),
                shape: Some(givens.shape().to_string()),
                clues: Some(givens.clue_count()),
                grid: Some(rows(&givens)),
                constraints: None,
                warnings: Vec::new(),
            };
            if let Some(g) = &req.grid {
                // The player's entries against the rules and the givens.
                let values = player_values(&req.read, g, givens.side())?;
                let checked = variant::check(&variant::of_classic(&givens)?, Some(&values));
                answer.status = checked.status;
                answer.broken = checked.broken;
            }
            Ok(Json(answer))
        })
        .await
}

/// A player's grid for a puzzle of side `n`, read in the puzzle's boxes unless `box` says
/// otherwise: its values, row-major, 0 for an empty cell.
fn player_values(read: &ReadArgs, grid: &Puzzle, n: usize) -> Result<Vec<u16>, ApiError> {
    player_grid(read, grid, n).map(|g| g.values().to_vec())
}

/// A player's grid for a puzzle of side `n` (see [`player_values`]).
fn player_grid(read: &ReadArgs, grid: &Puzzle, n: usize) -> Result<Grid, ApiError> {
    let mut read = read.clone();
    if read.shape.is_none() {
        read.shape = Shape::for_side(n).ok().map(|s| s.to_string());
    }
    let grid = read
        .grid_unchecked(grid, "grid")
        .map_err(|e| e.about("grid"))?;
    if grid.side() != n {
        return Err(ApiError::unprocessable(format!(
            "grid: a {m}×{m} grid for a {n}×{n} puzzle",
            m = grid.side()
        )));
    }
    Ok(grid)
}

/// The player's marks as digit lists, checked against the grid.
fn marks(marks: &Marks, grid: &Grid, read: &ReadArgs) -> Result<Vec<Vec<Digit>>, ApiError> {
    match marks {
        Marks::Text(text) => {
            read_marks(text, grid, &read.alphabet()?).map_err(|e| ApiError::invalid_puzzle(&e))
        }
        Marks::Lists(lists) => {
            let cells = grid.values().len();
            if lists.len() != cells {
                return Err(ApiError::invalid_puzzle(&[nsudoku::Error::MarkCount {
                    found: lists.len(),
                    expected: cells,
                }]));
            }
            lists
                .iter()
                .zip(grid.values())
                .map(|(list, &v)| {
                    if v != 0 {
                        return Ok(Vec::new()); // a filled cell's marks do not matter
                    }
                    list.iter()
                        .map(|&d| {
                            Digit::new_checked(d as usize, grid.shape()).ok_or_else(|| {
                                ApiError::bad_request(format!(
                                    "marks: {d} is not a digit of a {n}×{n} grid",
                                    n = grid.side()
                                ))
                            })
                        })
                        .collect()
                })
                .collect()
        }
    }
}

/// `POST /api/v1/hint`: the player's mistakes first, else the next logical step.
#[utoipa::path(
    post,
    path = "/api/v1/hint",
    request_body = HintRequest,
    responses((status = 200, body = HintResponse), ApiErrors)
)]
pub async fn hint(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<HintRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    state
        .answer(req.timeout, move |stop| {
            let givens = match req.read.read(&req.puzzle)? {
                Read::Classic(givens) => givens,
                Read::Variant(read) => return variant_hint(&req, &read, &stop),
            };
            // The player's grid may hold clashing entries: they are mistakes, not bad input.
            let grid = match &req.grid {
                Some(p) => req.read.grid_unchecked(p, "grid")?,
                None => givens.clone(),
            };
            if grid.shape() != givens.shape() {
                return Err(ApiError::unprocessable(format!(
                    "grid: a {} grid for a {} puzzle",
                    grid.shape(),
                    givens.shape()
                )));
            }
            let marks = match &req.marks {
                Some(m) => Some(marks(m, &grid, &req.read)?),
                None => None,
            };
            let hint = logic::hint(Some(&givens), &grid, marks.as_deref(), &stop)
                .map_err(|e| ApiError::unprocessable(e.to_string()))?;
            Ok(crate::logic::hint_response(
                hint,
                |s| StepOut::from(s),
                Vec::new(),
            ))
        })
        .await
}

/// A hint on a variant puzzle: the player's grid (default: the givens) and marks over it.
fn variant_hint(
    req: &HintRequest,
    read: &nsudoku::variant::fpuzzles::Read,
    stop: &Stop,
) -> Result<HintResponse, ApiError> {
    let n = read.puzzle.size();
    let grid = match &req.grid {
        Some(g) => player_grid(&req.read, g, n)?,
        None => {
            let shape = Shape::for_side(n).map_err(|e| ApiError::unprocessable(e.to_string()))?;
            Grid::from_values(shape, read.puzzle.givens())
                .map_err(|e| ApiError::invalid_puzzle(&[e]))?
        }
    };
    let marks = match &req.marks {
        Some(m) => Some(marks(m, &grid, &req.read)?),
        None => None,
    };
    crate::logic::hint(read, grid.values(), marks.as_deref(), stop)
}

/// The number of solutions up to 2, or `None` when the stop fired first.
fn count_within(grid: &Grid, stop: &Stop) -> Option<usize> {
    let mut solutions = Solutions::new(grid, Engine::Auto).with_stop(stop.clone());
    let count = solutions.count_up_to(2).count;
    (!solutions.interrupted()).then_some(count)
}

/// Logic explains and rates grids with one solution: the status for those that have none, or
/// several, or could not be counted in time.
fn not_unique(grid: &Grid, stop: &Stop) -> Option<&'static str> {
    match count_within(grid, stop) {
        Some(1) => None,
        Some(0) => Some("no_solution"),
        Some(_) => Some("multiple"),
        None => Some("timeout"),
    }
}

/// The shape `explain` and `rate` share: the puzzle read, classic or variant; answered
/// `unanswered(status)` when it has no solution, several, or could not be counted in time;
/// else by `work` on a classic grid or `variant` on a variant puzzle (whose givens must break
/// no rule), with the request's stop.
async fn on_unique<T, F, V>(
    state: &AppState,
    req: LogicRequest,
    unanswered: fn(&'static str) -> T,
    work: F,
    variant: V,
) -> Result<Json<T>, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Grid, Stop) -> Result<T, ApiError> + Send + 'static,
    V: FnOnce(&nsudoku::variant::fpuzzles::Read, Stop) -> Result<T, ApiError> + Send + 'static,
{
    state
        .answer(req.timeout, move |stop| {
            match req.read.read(&req.puzzle)? {
                Read::Classic(grid) => match not_unique(&grid, &stop) {
                    Some(status) => Ok(unanswered(status)),
                    None => work(&grid, stop),
                },
                Read::Variant(read) => {
                    crate::logic::unbroken(&read.puzzle)?;
                    match crate::logic::not_unique(&read.puzzle, &stop) {
                        Some(status) => Ok(unanswered(status)),
                        None => variant(&read, stop),
                    }
                }
            }
        })
        .await
}

/// `POST /api/v1/explain`: every step of a logical solve.
#[utoipa::path(
    post,
    path = "/api/v1/explain",
    request_body = LogicRequest,
    responses((status = 200, body = ExplainResponse), ApiErrors)
)]
pub async fn explain(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LogicRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let unanswered = |status| ExplainResponse {
        status,
        steps: Vec::new(),
        hardest: 0.0,
        er: None,
        level: None,
        warnings: Vec::new(),
        start: None,
        peers: None,
    };
    let classic = |grid: &Grid, stop| {
        let options = Options {
            unique: true,
            stop,
            ..Options::default()
        };
        let e = logic::explain_with(grid, &options)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        let rating = logic::rate_within(grid, Scale::default(), &options.stop)
            .ok()
            .filter(|r| r.outcome != Outcome::Interrupted);
        Ok(ExplainResponse {
            status: match e.outcome {
                Outcome::Solved => "solved",
                Outcome::Stuck => "stuck",
                Outcome::Interrupted => "timeout",
            },
            hardest: e.steps.iter().map(|s| s.difficulty).fold(0.0, f64::max),
            er: rating.as_ref().map(|r| r.er),
            level: rating.as_ref().map(|r| r.level.to_string()),
            steps: e.steps.iter().map(StepOut::from).collect(),
            warnings: Vec::new(),
            start: None,
            peers: None,
        })
    };
    on_unique(&state, req, unanswered, classic, |read, stop| {
        crate::logic::explain(read, stop)
    })
    .await
}

/// `POST /api/v1/rate`: the puzzle's ER and level.
#[utoipa::path(
    post,
    path = "/api/v1/rate",
    request_body = LogicRequest,
    responses((status = 200, body = RateResponse), ApiErrors)
)]
pub async fn rate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<LogicRequest>,
) -> Result<Json<RateResponse>, ApiError> {
    let unrated = |status| RateResponse {
        status,
        er: 0.0,
        ed: 0.0,
        level: String::new(),
        hardest: None,
        steps: 0,
        warnings: Vec::new(),
    };
    let classic = |grid: &Grid, stop| {
        let r = logic::rate_within(grid, Scale::default(), &stop)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        Ok(crate::logic::rate_response(&r, Vec::new()))
    };
    on_unique(&state, req, unrated, classic, |read, stop| {
        crate::logic::rate(read, &stop)
    })
    .await
}

/// The largest grid `generate` makes: larger ones take minutes and cannot be rated.
const GENERATE_MAX_SIDE: usize = 64;

/// The box shape for `size`: as square as it allows, at least as wide as tall.
fn shape_for(size: usize) -> Result<Shape, ApiError> {
    let h = (1..=size)
        .filter(|h| size % h == 0 && h * h <= size)
        .max()
        .unwrap_or(1);
    Shape::new(size / h, h).map_err(|e| ApiError::bad_request(format!("size: {e}")))
}

/// `POST /api/v1/generate`: a puzzle with one solution.
#[utoipa::path(
    post,
    path = "/api/v1/generate",
    request_body = GenerateRequest,
    responses((status = 200, body = GenerateResponse), ApiErrors)
)]
pub async fn generate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<GenerateRequest>,
) -> Result<Json<GenerateResponse>, ApiError> {
    if let Some(kinds) = &req.variant {
        let kinds = kinds.clone();
        return variant::generate(state, req, &kinds).await;
    }
    let shape = match (&req.shape, req.size) {
        (Some(s), _) => s
            .parse::<Shape>()
            .map_err(|e| ApiError::bad_request(format!("box: {e}")))?,
        (None, Some(n)) if (1..=GENERATE_MAX_SIDE).contains(&n) => shape_for(n)?,
        (None, Some(n)) => {
            return Err(ApiError::bad_request(format!(
                "size: {n} is not from 1 to {GENERATE_MAX_SIDE}"
            )));
        }
        (None, None) => Shape::CLASSIC,
    };
    if shape.side() > GENERATE_MAX_SIDE {
        return Err(ApiError::bad_request(format!(
            "box: grids up to {GENERATE_MAX_SIDE}×{GENERATE_MAX_SIDE} are generated here"
        )));
    }
    if req.hide_totals {
        return Err(ApiError::bad_request(
            "hide_totals: only killer puzzles (variant) have cage totals",
        ));
    }
    if req.givens.is_some() {
        return Err(ApiError::bad_request(
            "givens: only killer puzzles (variant) take a number of givens",
        ));
    }
    let mut options = GenerateOptions::new(shape);
    options.rating = req.band()?;
    if let Some(s) = req.symmetry {
        options.symmetry = s;
    }
    let seed = crate::state::seed_or_clock(req.seed);
    state
        .answer(req.timeout, move |stop| {
            let rated = options.rating.is_some();
            let generator = Generator::new(options, seed);
            let Some(g) = generator.puzzle_within(0, &stop) else {
                return Ok(GenerateResponse::timeout(
                    shape.side(),
                    shape.to_string(),
                    seed,
                ));
            };
            // A rating asked for came with the puzzle; else rate it if there is time.
            let rating = match g.rating {
                Some(r) => Some(r),
                None if !rated && shape.side() <= 16 => {
                    logic::rate_within(&g.puzzle, Scale::default(), &stop)
                        .ok()
                        .filter(|r| r.outcome != Outcome::Interrupted)
                }
                None => None,
            };
            Ok(GenerateResponse {
                status: "generated",
                puzzle: Some(rows(&g.puzzle)),
                solution: Some(rows(&g.solution)),
                er: rating.as_ref().map(|r| r.er),
                level: rating.as_ref().map(|r| r.level.to_string()),
                size: shape.side(),
                shape: shape.to_string(),
                clues: Some(g.puzzle.clue_count()),
                seed,
                fpuzzles: None,
                text: None,
            })
        })
        .await
}

/// `POST /api/v1/read`: the puzzle as the page draws it.
#[utoipa::path(
    post,
    path = "/api/v1/read",
    request_body = ReadRequest,
    responses((status = 200, body = ReadResponse), ApiErrors)
)]
pub async fn read(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ReadRequest>,
) -> Result<Json<ReadResponse>, ApiError> {
    let ReadRequest { puzzle, read } = req;
    with_puzzle(&state, None, read, puzzle, |read, _| draw::answer(&read)).await
}

/// `POST /api/v1/candidates`: the digits each cell holds in some solution.
#[utoipa::path(
    post,
    path = "/api/v1/candidates",
    request_body = CandidatesRequest,
    responses((status = 200, body = CandidatesResponse), ApiErrors)
)]
pub async fn candidates(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CandidatesRequest>,
) -> Result<Json<CandidatesResponse>, ApiError> {
    let CandidatesRequest {
        puzzle,
        timeout,
        read,
    } = req;
    with_puzzle(&state, timeout, read, puzzle, |read, stop| {
        candidates::true_candidates(&read.puzzle, &stop)
    })
    .await
}
