//! The body limit, kept so that every client reads its 413.
//!
//! A server that answers 413 and closes the connection while the client is still sending
//! leaves unread bytes in its socket: the kernel then resets the connection, and a client that
//! writes its whole body before reading (Python's `http.client`, many scripts) sees a broken
//! pipe instead of the answer. So, as nginx's lingering close does, the rest of an oversized
//! body is read and dropped, up to [`DRAIN_BYTES`] and for at most [`DRAIN_TIME`], before the
//! 413 is sent; past either bound the connection is closed as before. A client that asked for
//! `100 Continue` has sent nothing yet: it gets the 413 at once, and no body is read.
//!
//! ```text
//!  request ─► Content-Length over the limit ─► Expect: 100-continue ─► 413 at once
//!     │                                    └─► drain (bounded) ─────► 413
//!     └─► the body read up to the limit ─► over it ─► drain (bounded) ─► 413
//!                                       └─► within ─► the request, its body in memory
//! ```

use std::time::Duration;

use axum::body::{Body, BodyDataStream};
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;

use crate::error::ApiError;

/// The most bytes of an oversized body read and dropped before the 413.
pub const DRAIN_BYTES: u64 = 64 << 20;

/// The longest time spent reading an oversized body before the 413.
pub const DRAIN_TIME: Duration = Duration::from_secs(10);

/// The middleware: hands on the request with its body read (at most `max_body` bytes), or
/// answers 413 once the rest of the body is dropped.
pub async fn limit(State(max_body): State<usize>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max_body as u64) {
        let waits = parts
            .headers
            .get(header::EXPECT)
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
        if !waits {
            drain(body.into_data_stream()).await;
        }
        return too_large();
    }
    let mut body = body.into_data_stream();
    let mut kept = Vec::new();
    while let Some(data) = body.next().await {
        let Ok(data) = data else {
            return ApiError::bad_request("the request body could not be read").into_response();
        };
        if kept.len() + data.len() > max_body {
            drain(body).await;
            return too_large();
        }
        kept.extend_from_slice(&data);
    }
    next.run(Request::from_parts(parts, Body::from(kept))).await
}

fn too_large() -> Response {
    ApiError::for_status(StatusCode::PAYLOAD_TOO_LARGE, "").into_response()
}

/// Reads and drops what is left of `body`, up to [`DRAIN_BYTES`] and [`DRAIN_TIME`].
async fn drain(mut body: BodyDataStream) {
    let read = async {
        let mut left = DRAIN_BYTES;
        while let Some(Ok(data)) = body.next().await {
            let n = data.len() as u64;
            if n >= left {
                break;
            }
            left -= n;
        }
    };
    let _ = tokio::time::timeout(DRAIN_TIME, read).await;
}
