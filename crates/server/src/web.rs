//! The page, embedded in the binary: one file to deploy, no CDN, works offline. Its files live
//! in `crates/server/web/` and are listed here once.

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::get;

/// Every file of the page: its path, its media type, its bytes.
const FILES: &[(&str, &str, &[u8])] = &[(
    "/",
    "text/html; charset=utf-8",
    include_bytes!("../web/index.html"),
)];

/// The routes that serve the page's files.
pub fn router() -> Router {
    FILES
        .iter()
        .fold(Router::new(), |router, &(path, kind, bytes)| {
            router.route(
                path,
                get(move || async move {
                    (
                        [
                            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
                        ],
                        bytes,
                    )
                        .into_response()
                }),
            )
        })
}
