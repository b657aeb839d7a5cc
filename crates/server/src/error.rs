//! The one error type of the API: every failure is a status and a JSON object
//! `{"error": {"code", "message", …}}`, built here in one place, whatever raised it (a handler,
//! the JSON extractor, a limit layer, the router's fallbacks).

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// What went wrong, as sent: `{"error": ErrorBody}`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable snake_case name for programs: `bad_request`, `invalid_puzzle`,
    /// `variant_unsupported` (a variant puzzle sent to `canon`, `dedup` or `transform`, which
    /// take classic grids only), `payload_too_large`, `overloaded`, `not_found`, `method_not_allowed`,
    /// `unsupported_media_type`, `timeout`, `internal`.
    pub code: &'static str,
    /// What is wrong, for people: lowercase, naming the value and its place.
    pub message: String,
    /// For `invalid_puzzle`: every problem found (at most 100, then a count), each with its
    /// `kind`, `message` and place (`cells` as 1-based `[row, column]` pairs, or `position`
    /// `{line, column}` in the text; for a variant puzzle `at`, a JSON path such as
    /// `killercage[2].cells[0]` or a line of the text form such as `line 4`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Object>)]
    pub errors: Vec<serde_json::Value>,
}

/// The envelope of every error response.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    /// The error.
    pub error: ErrorBody,
}

impl ErrorBody {
    /// The problems listed, or the message as the one problem.
    pub fn errors_or_message(self) -> Vec<serde_json::Value> {
        if self.errors.is_empty() {
            vec![serde_json::json!({ "kind": self.code, "message": self.message })]
        } else {
            self.errors
        }
    }
}

impl From<ApiError> for ErrorResponse {
    fn from(e: ApiError) -> ErrorResponse {
        ErrorResponse { error: e.body }
    }
}

/// The error answers every `POST` endpoint may give, for the OpenAPI document.
#[derive(Debug, utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum ApiErrors {
    /// Malformed JSON, a field of the wrong type or an unknown field, or an option's value that
    /// cannot be used (`box: "3by2"`).
    #[response(status = 400)]
    BadRequest(ErrorResponse),
    /// The body is larger than the server's limit.
    #[response(status = 413)]
    PayloadTooLarge(ErrorResponse),
    /// The body is not sent as JSON.
    #[response(status = 415)]
    UnsupportedMediaType(ErrorResponse),
    /// The puzzle was read but is not valid: `errors` lists every problem with its place.
    #[response(status = 422)]
    InvalidPuzzle(ErrorResponse),
    /// The server is saturated: try again after `Retry-After` seconds.
    #[response(status = 503, headers(("Retry-After" = u32, description = "seconds to wait")))]
    Overloaded(ErrorResponse),
}

/// An error answer: a status and its body.
#[derive(Clone, Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                code,
                message: message.into(),
                errors: Vec::new(),
            },
        }
    }

    /// 400: malformed JSON, a field of the wrong type, or an option's value that cannot be
    /// used (`box: "3by2"`).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 422: a puzzle that was read but is not valid, with every problem found.
    pub fn invalid_puzzle(errors: &[nsudoku::Error]) -> ApiError {
        let message = match errors {
            [] => "invalid puzzle".to_owned(),
            [one] => one.to_string(),
            [first, rest @ ..] => format!(
                "{first} (and {} more problem{})",
                rest.len(),
                if rest.len() == 1 { "" } else { "s" }
            ),
        };
        let mut e = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", message);
        e.body.errors = errors.iter().map(error_json).collect();
        e
    }

    /// 422: a variant puzzle that cannot be read, with every problem (`kind`, `message`,
    /// `at`).
    pub fn invalid_variant(errors: &[nsudoku::variant::Error]) -> ApiError {
        let said = |e: &nsudoku::variant::Error| as_field(&e.to_string());
        let message = match errors {
            [] => "invalid variant puzzle".to_owned(),
            [one] => said(one),
            [first, rest @ ..] => format!(
                "{} (and {} more problem{})",
                said(first),
                rest.len(),
                if rest.len() == 1 { "" } else { "s" }
            ),
        };
        let mut e = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", message);
        e.body.errors = errors
            .iter()
            .take(nsudoku::error::MAX_ERRORS)
            .map(|v| {
                serde_json::json!({
                    "kind": v.kind.name(),
                    "message": as_field(&v.message),
                    "at": v.at,
                })
            })
            .collect();
        e
    }

    /// 422: a variant puzzle sent where only classic ones are taken.
    pub fn not_for_variants() -> ApiError {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "variant_unsupported",
            "canonical forms, duplicates and copies are of classic grids: variant puzzles are \
             not taken here",
        )
    }

    /// 422 for a problem that is not the puzzle's text (a grid too large for logic, givens
    /// that do not match the grid).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", message)
    }

    /// 503: too many requests at once; the answer says when to try again.
    pub fn overloaded() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "overloaded",
            "the server is busy: try again in a second",
        )
    }

    /// 500: a fault of the server's own (never expected).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// The same error, its message led by the request's field it is about (`grid: …`).
    pub fn about(mut self, field: &str) -> ApiError {
        if !self.body.message.starts_with(&format!("{field}: ")) {
            self.body.message = format!("{field}: {}", self.body.message);
        }
        self
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The error for a response of `status` that carries no JSON body of its own (from the
    /// router's fallbacks or a limit layer), with its words if it had any.
    pub fn for_status(status: StatusCode, text: &str) -> ApiError {
        let (code, default) = match status {
            StatusCode::NOT_FOUND => ("not_found", "no such page or endpoint"),
            StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "method not allowed here"),
            StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "the request body is too large"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => (
                "unsupported_media_type",
                "send JSON with Content-Type: application/json",
            ),
            StatusCode::REQUEST_TIMEOUT | StatusCode::GATEWAY_TIMEOUT => {
                ("timeout", "the request took too long")
            }
            StatusCode::SERVICE_UNAVAILABLE => ("overloaded", "the server is busy"),
            s if s.is_server_error() => ("internal", "internal error"),
            _ => ("bad_request", "bad request"),
        };
        let text = text.trim();
        let message = if text.is_empty() || text.len() > 500 {
            default.to_owned()
        } else {
            text.to_lowercase()
        };
        ApiError::new(status, code, message)
    }
}

/// A variant reader's words with the command line's option named as the request's field.
fn as_field(text: &str) -> String {
    text.replace("--ignore-unknown", "\"ignore_unknown\": true")
}

/// A core error as JSON: its own fields, plus `cells` for the ones that name cells.
fn error_json(e: &nsudoku::Error) -> serde_json::Value {
    let mut v = serde_json::to_value(e).unwrap_or_else(|_| serde_json::json!({}));
    if let nsudoku::Error::Duplicate { first, second, .. } = e {
        v["cells"] = serde_json::json!([
            [first.row() + 1, first.col() + 1],
            [second.row() + 1, second.col() + 1]
        ]);
    }
    v
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let overloaded = self.status == StatusCode::SERVICE_UNAVAILABLE;
        let mut response = (self.status, Json(ErrorResponse { error: self.body })).into_response();
        if overloaded {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let text = rejection.body_text();
        match rejection {
            JsonRejection::MissingJsonContentType(_) => {
                ApiError::for_status(StatusCode::UNSUPPORTED_MEDIA_TYPE, "")
            }
            JsonRejection::BytesRejection(_) if text.contains("length limit") => {
                ApiError::for_status(StatusCode::PAYLOAD_TOO_LARGE, "")
            }
            _ => ApiError::bad_request(text),
        }
    }
}

/// `Json<T>` whose rejections are [`ApiError`]s.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        Json::<T>::from_request(req, state)
            .await
            .map(|Json(v)| ApiJson(v))
            .map_err(ApiError::from)
    }
}
