//! Canonical forms, duplicates and copies: `canon`, `dedup` and `transform`, as the command
//! line's commands of those names give them, over the library's `canon` and `transform`.
//!
//! ```text
//!  canon      one puzzle ─► Canonicalizer ─► its minlex form and the transform to it
//!  dedup      puzzles ─► forms on the solving threads ─► in order: the first of each form
//!             kept, each later one `dropped`, naming the index of the one it repeats
//!  transform  one puzzle ─► `apply` (a spec) or `count` random copies from `seed`
//!             ─► each copy, and its solution with `with_solution`
//! ```
//!
//! Forms and copies are of grids of givens (forms up to 16×16): a pencil-mark puzzle, whose
//! candidates no transformation carries, is refused with a 422, as a variant one is.

use std::cell::RefCell;
use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use nsudoku::canon::{Canonical, Canonicalizer};
use nsudoku::transform::{Transform, random_copies};
use nsudoku::{Engine, Grid, Solutions, Stop};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::{Puzzle, ReadArgs, Rows, SolveStatus, rows};
use crate::error::{ApiError, ApiErrors, ApiJson, ErrorBody, ErrorResponse};
use crate::state::AppState;

/// The most puzzles one `dedup` request takes.
pub const MAX_DEDUP: usize = 50_000;

/// The most copies one `transform` request makes.
pub const MAX_COPIES: usize = 1_000;

thread_local! {
    /// Each solving thread's canonicaliser, whose buffers serve every puzzle it takes.
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

/// `POST /api/v1/canon`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CanonRequest {
    /// The puzzle (classic, up to 16×16).
    pub puzzle: Puzzle,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
}

/// A transformation: row `r` of the result is source row `rows[r]` and column `c` source
/// column `cols[c]` (1-based, before any transpose), digit `d` becomes `digits[d - 1]`; `spec`
/// is the same as text, as `transform`'s `apply` and `nsudoku transform --apply` read it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TransformOut {
    /// Whether the grid is transposed after its rows and columns are moved.
    pub transpose: bool,
    /// The source row of each row, 1-based.
    pub rows: Vec<usize>,
    /// The source column of each column, 1-based.
    pub cols: Vec<usize>,
    /// What each digit 1, 2, … becomes.
    pub digits: Vec<u16>,
    /// The text form: `rows=…,cols=…,digits=…`, then `,transpose` when it transposes.
    pub spec: String,
}

impl From<&Transform> for TransformOut {
    fn from(t: &Transform) -> TransformOut {
        let one_based = |v: &[usize]| v.iter().map(|&i| i + 1).collect();
        TransformOut {
            transpose: t.transposes(),
            rows: one_based(t.rows()),
            cols: one_based(t.cols()),
            digits: t.digits()[1..].to_vec(),
            spec: t.to_string(),
        }
    }
}

/// The answer of `POST /api/v1/canon`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CanonResponse {
    /// `canonical`.
    pub status: &'static str,
    /// The form as one line, `0` for an empty cell: the text the form is the smallest of.
    pub canonical: String,
    /// `N`.
    pub size: usize,
    /// The box shape.
    #[serde(rename = "box")]
    pub shape: String,
    /// The form as rows.
    pub grid: Rows,
    /// The transformation that maps the puzzle to its form (its inverse maps the form's
    /// solution back to the puzzle's).
    pub transform: TransformOut,
}

/// The canonical form of `grid` on this thread's canonicaliser; a grid above 16×16, too
/// symmetric or of pencil marks is a 422.
fn canonical(grid: &Grid) -> Result<Canonical, ApiError> {
    CANON
        .with(|c| c.borrow_mut().canonical(grid))
        .map_err(|e| ApiError::unprocessable(e.to_string()))
}

/// `POST /api/v1/canon`: the puzzle's canonical (minlex) form, as `nsudoku canon` gives it.
#[utoipa::path(
    post,
    path = "/api/v1/canon",
    request_body = CanonRequest,
    responses((status = 200, body = CanonResponse), ApiErrors)
)]
pub async fn canon(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<CanonRequest>,
) -> Result<Json<CanonResponse>, ApiError> {
    state
        .run(move || {
            let grid = req.read.grid(&req.puzzle)?;
            let form = canonical(&grid)?;
            let line = nsudoku::format::Style {
                empty: '0',
                ..Default::default()
            }
            .line(&form.grid);
            Ok(Json(CanonResponse {
                status: "canonical",
                canonical: line,
                size: grid.side(),
                shape: grid.shape().to_string(),
                grid: rows(&form.grid),
                transform: TransformOut::from(&form.transform),
            }))
        })
        .await
}

/// `POST /api/v1/dedup`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DedupRequest {
    /// The puzzles (at most 50,000), each as `canon` takes one.
    #[schema(max_items = 50000)]
    pub puzzles: Vec<Puzzle>,
    /// How to read them.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// Seconds to give the whole batch (capped by the server's limit): puzzles still waiting
    /// then are answered `timeout`.
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
}

/// One puzzle of a `dedup` batch.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DedupOut {
    /// `kept` (the first of its class), `dropped` (the same puzzle in disguise as an earlier
    /// one, `repeats`), `invalid` (see `error`), or `timeout` (not reached in time).
    pub status: &'static str,
    /// For `dropped`: the index in `puzzles` (from 0) of the earlier puzzle it repeats, the
    /// first of its class.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeats: Option<usize>,
    /// For `invalid`: what is wrong, as an error answer's `error`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
}

/// The answer of `POST /api/v1/dedup`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DedupResponse {
    /// `deduplicated`, or `timeout` when some puzzles were not reached in time.
    pub status: &'static str,
    /// Puzzles kept.
    pub kept: usize,
    /// Puzzles dropped.
    pub dropped: usize,
    /// Each puzzle's outcome, in the order given.
    pub puzzles: Vec<DedupOut>,
}

/// `POST /api/v1/dedup`: the first puzzle of each equivalence class, as `nsudoku dedup`
/// keeps it, and for every later one the earlier one it repeats.
#[utoipa::path(
    post,
    path = "/api/v1/dedup",
    request_body = DedupRequest,
    responses((status = 200, body = DedupResponse), ApiErrors)
)]
pub async fn dedup(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DedupRequest>,
) -> Result<Json<DedupResponse>, ApiError> {
    if req.puzzles.len() > MAX_DEDUP {
        return Err(ApiError::bad_request(format!(
            "puzzles: {} of them, at most {MAX_DEDUP} a request",
            req.puzzles.len()
        )));
    }
    let stop = state.stop(req.timeout)?;
    let read = req.read;
    let items: Vec<Puzzle> = req.puzzles;
    let forms = state
        .run_all(items, move |puzzle| -> Option<Result<Grid, ApiError>> {
            (!stop.expired()).then(|| {
                read.grid(puzzle)
                    .and_then(|g| canonical(&g))
                    .map(|f| f.grid)
            })
        })
        .await?;
    let mut first: HashMap<Grid, usize> = HashMap::new();
    let mut answer = DedupResponse {
        status: "deduplicated",
        kept: 0,
        dropped: 0,
        puzzles: Vec::with_capacity(forms.len()),
    };
    for (i, form) in forms.into_iter().enumerate() {
        let out = |status, repeats, error| DedupOut {
            status,
            repeats,
            error,
        };
        answer.puzzles.push(match form {
            None => {
                answer.status = "timeout";
                out("timeout", None, None)
            }
            Some(Err(e)) => out("invalid", None, Some(ErrorResponse::from(e).error)),
            Some(Ok(form)) => match first.get(&form) {
                Some(&earlier) => {
                    answer.dropped += 1;
                    out("dropped", Some(earlier), None)
                }
                None => {
                    first.insert(form, i);
                    answer.kept += 1;
                    out("kept", None, None)
                }
            },
        });
    }
    Ok(Json(answer))
}

/// `POST /api/v1/transform`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TransformRequest {
    /// The puzzle (classic, givens).
    pub puzzle: Puzzle,
    /// How to read it.
    #[serde(flatten)]
    pub read: ReadArgs,
    /// A named transformation instead of random copies: `rows=…,cols=…,digits=…` and
    /// `,transpose`, as `canon` gives it (`spec`) and `nsudoku transform --apply` reads it.
    #[serde(default)]
    pub apply: Option<String>,
    /// With `apply`: undo it (map a form back to the puzzle it came from).
    #[serde(default)]
    pub inverse: bool,
    /// Random copies: how many (default 1, at most 1,000).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000)]
    pub count: Option<usize>,
    /// Random copies: the same seed and puzzle give the same copies (default: from the
    /// clock, said in the answer).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Give each copy's solution too (the puzzle must have exactly one).
    #[serde(default)]
    pub with_solution: bool,
    /// Seconds to give the search for the solution (capped by the server's limit).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub timeout: Option<f64>,
}

/// One copy of a puzzle.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CopyOut {
    /// The transformed puzzle.
    pub puzzle: Rows,
    /// Its solution, with `with_solution`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Rows>,
    /// The transformation that made it of the puzzle.
    pub transform: TransformOut,
}

/// The answer of `POST /api/v1/transform`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TransformResponse {
    /// `transformed`; with `with_solution`, `no_solution`, `multiple` or `timeout` when the
    /// puzzle has no one solution found in time (then no copies).
    pub status: &'static str,
    /// `N`.
    pub size: usize,
    /// The box shape.
    #[serde(rename = "box")]
    pub shape: String,
    /// The copies, in order.
    pub copies: Vec<CopyOut>,
    /// For random copies: the seed that makes them again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// The transformations a request asks for: its `apply` (or its inverse), or `count` random
/// ones from its seed (and the seed).
fn transforms(
    req: &TransformRequest,
    grid: &Grid,
) -> Result<(Vec<Transform>, Option<u64>), ApiError> {
    let shape = grid.shape();
    if let Some(spec) = &req.apply {
        if req.count.is_some() || req.seed.is_some() {
            return Err(ApiError::bad_request(
                "apply: a named transformation, or random copies (count, seed), not both",
            ));
        }
        let t = Transform::parse(shape, spec)
            .map_err(|e| ApiError::bad_request(format!("apply: {e}")))?;
        return Ok((vec![if req.inverse { t.inverse() } else { t }], None));
    }
    if req.inverse {
        return Err(ApiError::bad_request(
            "inverse: of a transformation named by apply",
        ));
    }
    let count = req.count.unwrap_or(1);
    if !(1..=MAX_COPIES).contains(&count) {
        return Err(ApiError::bad_request(format!(
            "count: {count} is not from 1 to {MAX_COPIES}"
        )));
    }
    let seed = crate::state::seed_or_clock(req.seed);
    Ok((random_copies(shape, seed).take(count).collect(), Some(seed)))
}

/// The puzzle's one solution, or the status that says why there is none.
fn solution(grid: &Grid, stop: Stop) -> Result<Grid, &'static str> {
    let mut solutions = Solutions::new(grid, Engine::Auto).with_stop(stop);
    let found = solutions.next();
    let several = found.is_some() && solutions.next_values().is_some();
    match SolveStatus::of(found.is_some(), several, solutions.interrupted()) {
        SolveStatus::Solved => found.ok_or("no_solution"),
        SolveStatus::NoSolution => Err("no_solution"),
        SolveStatus::Multiple => Err("multiple"),
        SolveStatus::Timeout => Err("timeout"),
    }
}

/// `POST /api/v1/transform`: equivalent copies of a puzzle, random or named, as `nsudoku
/// transform` makes them.
#[utoipa::path(
    post,
    path = "/api/v1/transform",
    request_body = TransformRequest,
    responses((status = 200, body = TransformResponse), ApiErrors)
)]
pub async fn transform(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<TransformRequest>,
) -> Result<Json<TransformResponse>, ApiError> {
    let stop = state.stop(req.timeout)?;
    state
        .run(move || {
            let grid = req.read.grid(&req.puzzle)?;
            if grid.pencil_marks().is_some() {
                return Err(ApiError::unprocessable(
                    "transform takes puzzles of givens, and this is a pencil-mark puzzle: its \
                     candidates would be lost",
                ));
            }
            let (transforms, seed) = transforms(&req, &grid)?;
            let mut answer = TransformResponse {
                status: "transformed",
                size: grid.side(),
                shape: grid.shape().to_string(),
                copies: Vec::new(),
                seed,
            };
            let solved = match req.with_solution {
                true => match solution(&grid, stop) {
                    Ok(s) => Some(s),
                    Err(status) => {
                        answer.status = status;
                        return Ok(Json(answer));
                    }
                },
                false => None,
            };
            answer.copies = transforms
                .iter()
                .map(|t| CopyOut {
                    puzzle: rows(&t.apply(&grid)),
                    solution: solved.as_ref().map(|s| rows(&t.apply(s))),
                    transform: TransformOut::from(t),
                })
                .collect();
            Ok(Json(answer))
        })
        .await
}
