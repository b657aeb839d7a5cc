//! The nsudoku server: a web page to play on and a JSON HTTP API, thin over the `nsudoku`
//! library. `nsudoku serve` starts it; tests call [`router`] directly, without a socket.
//!
//! ```text
//!  request ─► trace ─► compression ─► catch panic ─► JSON errors ─► body limit
//!     ├─ GET /, page files (web.rs)      GET /healthz, /api/v1/openapi.json
//!     └─ POST /api/v1/* ─► load shed ─► in-flight limit ─► handler (routes.rs;
//!                                                          forms.rs: canon, dedup, transform)
//!                                  └─► solving threads (AppState::run), with the
//!                                      request's time budget ─► JSON answer
//! ```
//!
//! Wherever a puzzle is taken, a variant one may be too (variant.rs): `solve`, `count`,
//! `check` and batches answer for it as for a classic one, and so do `hint`, `explain` and
//! `rate` (logic.rs: each step names the constraints it uses) and `setter` (setter.rs: the
//! clues that can go, the givens that fix a puzzle with several solutions); `canon`, `dedup` and `transform`
//! refuse it with a 422. `read` answers any puzzle as the page draws it (draw.rs), `candidates` with each cell's
//! true candidates (candidates.rs).
//!
//! Every failure is a status and `{"error": {"code", "message", …}}` (error.rs): 400 for
//! malformed JSON or options, 422 for a puzzle that is read but invalid (with the positions of
//! every problem), 413 past the body limit (after reading the rest of the body, within
//! bounds, so that the client reads it: body.rs), 503 with `Retry-After` when the server is
//! saturated, 404 and 405 as JSON too.

#![warn(missing_docs)]

pub mod api;
mod batch;
mod body;
mod candidates;
mod draw;
pub mod error;
mod forms;
mod logic;
mod routes;
mod schema;
mod setter;
mod solve;
mod state;
mod variant;
mod web;

use std::net::SocketAddr;
use std::time::Duration;

use axum::error_handling::HandleErrorLayer;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router, middleware};
use tower::ServiceBuilder;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use utoipa::OpenApi;

pub use error::ApiError;
use schema::Requests;
pub use state::{AppState, Config};

/// The OpenAPI document of every endpoint.
#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "nsudoku",
        description = "Solve, count, check, explain, rate and generate Sudoku of every size; \
                       for setters, the clues that can go and the givens that fix a \
                       puzzle with several solutions; \
                       canonical forms, duplicates and equivalent copies of puzzles up to \
                       16×16; \
                       solve, count, check, hint, explain and rate variant Sudoku (f-puzzles \
                       and SudokuPad puzzles, links and payloads, or nsudoku's variant text \
                       form). Every error is a \
                       status and {\"error\": {\"code\", \"message\", …}}."
    ),
    paths(
        routes::healthz,
        openapi,
        routes::solve,
        routes::count,
        routes::setter,
        routes::check,
        routes::read,
        routes::candidates,
        routes::hint,
        routes::explain,
        routes::rate,
        routes::generate,
        forms::canon,
        forms::dedup,
        forms::transform
    ),
    components(schemas(error::ErrorResponse, error::ErrorBody)),
    modifiers(&Requests)
)]
pub struct ApiDoc;

/// `GET /api/v1/openapi.json`: this document.
#[utoipa::path(get, path = "/api/v1/openapi.json", responses((status = 200, description = "the OpenAPI 3 document")))]
async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The whole application: the page, the API and every layer, in one place.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/api/v1/solve", post(routes::solve))
        .route("/api/v1/count", post(routes::count))
        .route("/api/v1/setter", post(routes::setter))
        .route("/api/v1/check", post(routes::check))
        .route("/api/v1/read", post(routes::read))
        .route("/api/v1/candidates", post(routes::candidates))
        .route("/api/v1/hint", post(routes::hint))
        .route("/api/v1/explain", post(routes::explain))
        .route("/api/v1/rate", post(routes::rate))
        .route("/api/v1/generate", post(routes::generate))
        .route("/api/v1/canon", post(forms::canon))
        .route("/api/v1/dedup", post(forms::dedup))
        .route("/api/v1/transform", post(forms::transform))
        .layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
                    ApiError::overloaded()
                }))
                .load_shed()
                .layer(GlobalConcurrencyLimitLayer::new(state.max_in_flight())),
        )
        .with_state(state.clone());
    Router::new()
        .route("/healthz", get(routes::healthz))
        .route("/api/v1/openapi.json", get(openapi))
        .merge(api)
        .merge(web::router())
        .fallback(|| async { ApiError::for_status(StatusCode::NOT_FOUND, "") })
        .layer(DefaultBodyLimit::max(state.max_body))
        .layer(middleware::from_fn_with_state(state.max_body, body::limit))
        .layer(middleware::map_response(json_errors))
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::internal("internal error").into_response()
        }))
        .layer(CompressionLayer::new())
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(tracing::Level::INFO))
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
}

/// Gives every error response without a JSON body of its own (405 from the router, 413 from
/// a limit) the API's JSON error object, keeping its headers (`Allow`, `Retry-After`).
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.as_u16() < 400 || json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 << 10)
        .await
        .unwrap_or_default();
    let mut answer = ApiError::for_status(status, &String::from_utf8_lossy(&text)).into_response();
    keep_headers(&parts.headers, answer.headers_mut());
    answer
}

fn keep_headers(from: &HeaderMap, to: &mut HeaderMap) {
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = from.get(&name) {
            to.insert(name, v.clone());
        }
    }
}

/// Starts logging requests to stderr, one line each (`RUST_LOG` chooses the level; default
/// `info`, which logs every request). For binaries: a library must not set it up.
pub fn init_logging() {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}

/// Serves until Ctrl-C or SIGTERM, then finishes the requests in flight. `ready` is told the
/// address once the server listens (port 0 picks a free one).
pub fn serve(config: Config, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let state = AppState::new(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("nsudoku-http")
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((config.bind, config.port)).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(state))
            .with_graceful_shutdown(shutdown())
            .await
    })?;
    // Requests still solving have their own deadlines: wait no longer than that.
    runtime.shutdown_timeout(config.timeout + Duration::from_secs(1));
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
