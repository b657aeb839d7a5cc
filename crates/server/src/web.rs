//! The page, embedded in the binary: one file to deploy, no CDN, works offline. Its files live
//! in `crates/server/web/` and are listed here once.

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::get;

/// Every file of the page: its path, its media type, its bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("../web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/app.js"),
    ),
    (
        "/api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/api.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/board.js"),
    ),
    (
        "/draw.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/draw.js"),
    ),
    (
        "/game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/game.js"),
    ),
    (
        "/open.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/open.js"),
    ),
    (
        "/setter.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/setter.js"),
    ),
    (
        "/shapes.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/shapes.js"),
    ),
    (
        "/solver.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/solver.js"),
    ),
    (
        "/steps.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/steps.js"),
    ),
    (
        "/store.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/store.js"),
    ),
    (
        "/text.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/text.js"),
    ),
    (
        "/variant.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/variant.js"),
    ),
    (
        "/sw.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/sw.js"),
    ),
    (
        "/manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("../web/manifest.webmanifest"),
    ),
    (
        "/icon.svg",
        "image/svg+xml",
        include_bytes!("../web/icon.svg"),
    ),
    (
        "/icon-192.png",
        "image/png",
        include_bytes!("../web/icon-192.png"),
    ),
    (
        "/icon-512.png",
        "image/png",
        include_bytes!("../web/icon-512.png"),
    ),
];

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

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode, header};
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::{FILES, router};

    #[tokio::test]
    async fn every_file_is_served_with_its_media_type() {
        for &(path, kind, bytes) in FILES {
            let response = router()
                .oneshot(Request::get(path).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(response.headers()[header::CONTENT_TYPE], kind, "{path}");
            let body = response.into_body().collect().await.unwrap().to_bytes();
            assert_eq!(&body[..], bytes, "{path}");
        }
    }

    /// The page's files name one another: each file the service worker keeps is listed here,
    /// and each file listed here is kept by it (so that the page plays offline).
    #[test]
    fn the_service_worker_keeps_every_file() {
        let sw = FILES
            .iter()
            .find(|f| f.0 == "/sw.js")
            .map(|f| String::from_utf8_lossy(f.2).into_owned())
            .unwrap();
        for &(path, _, _) in FILES {
            if path != "/sw.js" {
                assert!(
                    sw.contains(&format!("'{path}'")),
                    "sw.js does not keep {path}"
                );
            }
        }
    }
}
