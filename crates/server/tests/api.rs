//! The API through the router, without a socket: every endpoint and every error status.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use nsudoku_server::{AppState, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt;

mod body;
mod candidates;
mod draw;
mod forms;
mod setter;
mod variant;
mod variant_logic;

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn app() -> axum::Router {
    app_with(Config::default())
}

fn app_with(config: Config) -> axum::Router {
    router(AppState::new(&config).expect("threads start"))
}

/// Sends a request; the status, the headers and the body as JSON (Null if it is not JSON).
async fn send(
    app: axum::Router,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let response = app.oneshot(request).await.expect("an answer");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn post(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .expect("a request")
}

async fn post_json(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, headers, value) = send(app(), post(path, body.to_string())).await;
    assert_eq!(
        headers
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().expect("text")),
        Some("application/json"),
        "{path}"
    );
    (status, value)
}

/// Rows of a JSON grid.
fn grid_of(v: &Value) -> Vec<Vec<u64>> {
    v.as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            r.as_array()
                .expect("a row")
                .iter()
                .map(|x| x.as_u64().expect("a number"))
                .collect()
        })
        .collect()
}

/// Whether `solution` solves `puzzle` (9×9 text): every clue kept, every house complete.
fn solves(puzzle: &str, solution: &[Vec<u64>]) -> bool {
    let full: Vec<u64> = (1..=9).collect();
    let sorted = |mut v: Vec<u64>| {
        v.sort_unstable();
        v == full
    };
    puzzle
        .bytes()
        .enumerate()
        .all(|(i, b)| b == b'0' || b == b'.' || u64::from(b - b'0') == solution[i / 9][i % 9])
        && (0..9).all(|r| sorted(solution[r].clone()))
        && (0..9).all(|c| sorted((0..9).map(|r| solution[r][c]).collect()))
        && (0..9).all(|b| {
            sorted(
                (0..9)
                    .map(|i| solution[b / 3 * 3 + i / 3][b % 3 * 3 + i % 3])
                    .collect(),
            )
        })
}

#[tokio::test]
async fn healthz_and_openapi() {
    let (status, _, v) = send(app(), Request::get("/healthz").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    let (status, _, doc) = send(
        app(),
        Request::get("/api/v1/openapi.json")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/healthz",
        "/api/v1/openapi.json",
        "/api/v1/solve",
        "/api/v1/count",
        "/api/v1/setter",
        "/api/v1/check",
        "/api/v1/hint",
        "/api/v1/explain",
        "/api/v1/rate",
        "/api/v1/generate",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
    // Errors are documented too.
    assert!(doc["paths"]["/api/v1/solve"]["post"]["responses"]["422"].is_object());
    assert!(doc["components"]["schemas"]["ErrorResponse"].is_object());
}

/// The document says what each endpoint takes: every request lists its fields (the reading
/// options written in), is closed as the server is (an unknown field is a 400), and has an
/// example the server answers with 200.
#[tokio::test]
async fn every_request_is_closed_and_its_example_is_answered() {
    let request = Request::get("/api/v1/openapi.json").body(Body::empty());
    let (_, _, doc) = send(app(), request.expect("a request")).await;
    let schemas = &doc["components"]["schemas"];
    let mut tried = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let body = &item["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"];
        let Some(name) = body.as_str().and_then(|r| r.rsplit('/').next()) else {
            continue;
        };
        let schema = &schemas[name];
        assert_eq!(schema["type"], "object", "{name}");
        assert_eq!(schema["additionalProperties"], false, "{name}");
        assert!(schema.get("allOf").is_none(), "{name}");
        let example = schema["examples"][0].clone();
        assert!(example.is_object(), "{name} has an example");
        for field in example.as_object().expect("fields").keys() {
            assert!(schema["properties"][field].is_object(), "{name}: {field}");
        }
        let (status, answer) = post_json(path, example.clone()).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        let mut unknown = example;
        unknown["no_such_field"] = json!(1);
        let (status, _) = post_json(path, unknown).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        tried += 1;
    }
    assert_eq!(tried, 13, "every endpoint that takes a body");
    let text = schemas["SolveRequest"]["properties"]["box"]["pattern"].as_str();
    assert_eq!(text, Some("^[1-9][0-9]{0,2}x[1-9][0-9]{0,2}$"));
}

#[tokio::test]
async fn solve_text_rows_and_statuses() {
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "solved");
    assert_eq!(
        (v["size"].as_u64(), v["box"].as_str()),
        (Some(9), Some("3x3"))
    );
    assert!(solves(PUZZLE, &grid_of(&v["grid"])));

    // Rows of integers, a 6×6 with its box.
    let rows = json!([
        [1, 0, 3, 0, 5, 0],
        [0, 5, 0, 1, 0, 3],
        [0, 3, 0, 5, 0, 4],
        [5, 0, 4, 0, 3, 0],
        [3, 0, 2, 0, 4, 0],
        [0, 4, 0, 3, 0, 2]
    ]);
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": rows, "box": "3x2" })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["box"], "3x2");
    assert_eq!(v["status"], "solved");

    let (_, v) = post_json("/api/v1/solve", json!({ "puzzle": "1200003000400000" })).await;
    assert_eq!(v["status"], "no_solution");
    assert!(v.get("grid").is_none());
    let (_, v) = post_json("/api/v1/solve", json!({ "puzzle": "0".repeat(81) })).await;
    assert_eq!(v["status"], "multiple");
    let (_, v) = post_json(
        "/api/v1/solve",
        json!({ "puzzle": "0".repeat(81), "first": true }),
    )
    .await;
    assert_eq!(v["status"], "solved");
}

#[tokio::test]
async fn a_hard_large_grid_answers_within_its_timeout() {
    // 49×49 with half its cells empty: the hard band for every solver.
    let made = nsudoku::generate::Generator::new(
        nsudoku::generate::Options {
            holes: Some(0.5),
            ..nsudoku::generate::Options::new(nsudoku::Shape::new(7, 7).unwrap())
        },
        7,
    )
    .puzzle(0)
    .unwrap();
    let start = Instant::now();
    let (status, v) = post_json(
        "/api/v1/solve",
        json!({ "puzzle": serde_json::to_value(&made.puzzle).unwrap(), "timeout": 1, "first": true }),
    )
    .await;
    let took = start.elapsed();
    assert_eq!(status, StatusCode::OK);
    assert!(
        ["solved", "timeout"].contains(&v["status"].as_str().unwrap()),
        "{v}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[tokio::test]
async fn count_check_and_their_errors() {
    let (_, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": "0000000000000000", "limit": 1000 }),
    )
    .await;
    assert_eq!(
        (
            v["count"].as_u64(),
            v["exact"].as_bool(),
            v["complete"].as_bool()
        ),
        (Some(288), Some(true), Some(true))
    );
    let (_, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": "0000000000000000", "limit": 10 }),
    )
    .await;
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(10), Some(false))
    );
    let (status, _) = post_json("/api/v1/count", json!({ "puzzle": PUZZLE, "limit": 0 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, v) = post_json("/api/v1/check", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["errors"], json!([]));
    assert_eq!(v["grid"][0], json!([5, 3, 0, 0, 7, 0, 0, 0, 0]));
    let bad = format!("55{}", &PUZZLE[2..]);
    let (status, v) = post_json("/api/v1/check", json!({ "puzzle": bad })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "invalid");
    assert_eq!(
        v["errors"][0]["message"],
        "duplicate 5 in row 1: r1c1 and r1c2"
    );
    assert_eq!(v["errors"][0]["cells"], json!([[1, 1], [1, 2]]));
    let (_, v) = post_json(
        "/api/v1/check",
        json!({ "puzzle": format!("5x{}", &PUZZLE[2..]) }),
    )
    .await;
    assert_eq!(
        v["errors"][0]["message"],
        "bad symbol 'x' at line 1, column 2"
    );
}

#[tokio::test]
async fn hint_reports_mistakes_then_steps() {
    // The player wrote 1 at r1c3, where 4 belongs.
    let mut grid = PUZZLE.to_owned();
    grid.replace_range(2..3, "1");
    let (status, v) = post_json("/api/v1/hint", json!({ "puzzle": PUZZLE, "grid": grid })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "wrong_entries");
    assert_eq!(v["mistakes"][0]["cell"], json!([1, 3]));
    assert_eq!(v["mistakes"][0]["message"], "r1c3 holds 1, which is wrong");

    let (_, v) = post_json("/api/v1/hint", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(v["status"], "hint");
    let step = &v["step"];
    for key in [
        "technique",
        "er",
        "text",
        "cells",
        "eliminations",
        "placements",
    ] {
        assert!(!step[key].is_null(), "{key} in {step}");
    }
    // Marks that rule out the right digit (4 at r1c3) are a mistake too.
    let mut marks = vec![json!([]); 81];
    marks[2] = json!([1, 2]);
    let (_, v) = post_json("/api/v1/hint", json!({ "puzzle": PUZZLE, "marks": marks })).await;
    assert_eq!(v["status"], "wrong_entries");
    assert_eq!(
        v["mistakes"][0]["message"],
        "r1c3: the pencil marks rule out the right digit"
    );
    let (status, v) = post_json(
        "/api/v1/hint",
        json!({ "puzzle": PUZZLE, "marks": "1 2 3" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"]["code"], "invalid_puzzle");
}

#[tokio::test]
async fn explain_and_rate() {
    let (status, v) = post_json("/api/v1/explain", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "solved");
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.len() >= 51);
    let hardest = v["hardest"].as_f64().unwrap();
    assert!(steps.iter().all(|s| s["er"].as_f64().unwrap() <= hardest));
    assert!(steps.iter().any(|s| s["er"].as_f64().unwrap() == hardest));
    let (_, r) = post_json("/api/v1/rate", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(r["status"], "rated");
    assert_eq!(r["er"], v["er"]);
    assert_eq!(r["level"], v["level"]);
    assert_eq!(r["level"], "easy");
    let (_, v) = post_json("/api/v1/explain", json!({ "puzzle": "0".repeat(81) })).await;
    assert_eq!(v["status"], "multiple");
    let (_, v) = post_json("/api/v1/rate", json!({ "puzzle": PUZZLE, "timeout": 0 })).await;
    assert_eq!(v["status"], "timeout");
}

#[tokio::test]
async fn generate_makes_unique_puzzles_of_the_asked_kind() {
    let (status, v) = post_json(
        "/api/v1/generate",
        json!({ "size": 9, "seed": 5, "symmetry": "rot180" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let puzzle = grid_of(&v["puzzle"]);
    let text: String = puzzle
        .iter()
        .flatten()
        .map(|d| char::from(b'0' + *d as u8))
        .collect();
    assert!(solves(&text, &grid_of(&v["solution"])));
    for r in 0..9 {
        for c in 0..9 {
            assert_eq!(puzzle[r][c] == 0, puzzle[8 - r][8 - c] == 0, "symmetric");
        }
    }
    let (_, again) = post_json(
        "/api/v1/generate",
        json!({ "size": 9, "seed": 5, "symmetry": "rot180" }),
    )
    .await;
    assert_eq!(again["puzzle"], v["puzzle"], "the seed decides");
    let (_, count) = post_json(
        "/api/v1/count",
        json!({ "puzzle": v["puzzle"], "limit": 2 }),
    )
    .await;
    assert_eq!(count["count"], 1);
    let (_, hard) = post_json(
        "/api/v1/generate",
        json!({ "seed": 1, "difficulty": "hard" }),
    )
    .await;
    let er = hard["er"].as_f64().unwrap();
    assert!((3.5..=4.8).contains(&er), "{hard}");
    let (_, six) = post_json("/api/v1/generate", json!({ "box": "3x2", "seed": 2 })).await;
    assert_eq!(
        (six["size"].as_u64(), six["box"].as_str()),
        (Some(6), Some("3x2"))
    );
    for bad in [
        json!({ "size": 65 }),
        json!({ "difficulty": "brutal" }),
        json!({ "symmetry": "spiral" }),
    ] {
        let (status, v) = post_json("/api/v1/generate", bad.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {v}");
    }
}

#[tokio::test]
async fn every_error_is_a_status_and_a_json_object() {
    let cases: Vec<(Request<Body>, StatusCode, &str)> = vec![
        (
            post("/api/v1/solve", "{not json"),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post("/api/v1/solve", json!({ "puzzle": 5 }).to_string()),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post(
                "/api/v1/count",
                json!({ "puzzle": PUZZLE, "limit": "x" }).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post(
                "/api/v1/solve",
                json!({ "puzzle": PUZZLE, "colour": 1 }).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post(
                "/api/v1/solve",
                json!({ "puzzle": PUZZLE, "box": "3by2" }).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post(
                "/api/v1/solve",
                json!({ "puzzle": PUZZLE, "timeout": -1 }).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            post("/api/v1/solve", json!({ "puzzle": "55" }).to_string()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_puzzle",
        ),
        (
            post(
                "/api/v1/solve",
                json!({ "puzzle": [[1, 2], [3]] }).to_string(),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_puzzle",
        ),
        (
            post("/api/v1/solve", json!({ "puzzle": "" }).to_string()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_puzzle",
        ),
        (
            Request::post("/api/v1/solve")
                .header(header::CONTENT_TYPE, "text/plain")
                .body(Body::from(PUZZLE))
                .unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            Request::post("/api/v1/count")
                .body(Body::from(PUZZLE))
                .unwrap(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            Request::get("/api/v1/solve").body(Body::empty()).unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
        ),
        (
            Request::get("/nowhere").body(Body::empty()).unwrap(),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            Request::delete("/api/v1/rate").body(Body::empty()).unwrap(),
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
        ),
    ];
    for (request, want, code) in cases {
        let what = format!("{} {}", request.method(), request.uri());
        let (status, headers, v) = send(app(), request).await;
        assert_eq!(status, want, "{what}: {v}");
        assert_eq!(v["error"]["code"], code, "{what}: {v}");
        assert!(
            v["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{what}"
        );
        assert_eq!(headers[header::CONTENT_TYPE], "application/json", "{what}");
    }
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let app = app_with(Config {
        max_body: 1 << 10,
        ..Config::default()
    });
    let big = json!({ "puzzle": "0".repeat(4096) }).to_string();
    let (status, _, v) = send(app, post("/api/v1/solve", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(v["error"]["code"], "payload_too_large");
}

#[tokio::test]
async fn a_saturated_server_sheds_load_with_503_and_retry_after() {
    // One thread, 32 requests in flight at most: 64 slow requests at once.
    let app = app_with(Config {
        threads: 1,
        ..Config::default()
    });
    let empty = vec!["0"; 36 * 36].join(" ");
    let requests = (0..64).map(|_| {
        let body = json!({ "puzzle": empty, "timeout": 0.3 }).to_string();
        tokio::spawn(send(app.clone(), post("/api/v1/explain", body)))
    });
    let mut shed = 0;
    for r in futures_util::future::join_all(requests).await {
        let (status, headers, v) = r.unwrap();
        match status {
            StatusCode::OK => {
                assert!(["timeout", "multiple"].contains(&v["status"].as_str().unwrap()))
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                shed += 1;
                assert_eq!(v["error"]["code"], "overloaded");
                assert_eq!(headers[header::RETRY_AFTER], "1");
            }
            other => panic!("{other}: {v}"),
        }
    }
    assert!(shed >= 1, "some requests were shed");
}

#[tokio::test]
async fn ndjson_batches_stream_in_input_order() {
    let body = format!(
        "{PUZZLE}\n# a comment\n55{}\n{}\n{}\n",
        &PUZZLE[2..],
        "0".repeat(81),
        json!({ "puzzle": "1.3....2.....32." })
    );
    let request = Request::post("/api/v1/solve")
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .body(Body::from(body))
        .unwrap();
    let response = app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "application/x-ndjson"
    );
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let lines: Vec<Value> = String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(u64, &str)> = lines
        .iter()
        .map(|v| (v["line"].as_u64().unwrap(), v["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (1, "solved"),
            (3, "invalid"),
            (4, "multiple"),
            (5, "solved")
        ]
    );
    assert_eq!(lines[1]["error"]["code"], "invalid_puzzle");
}

#[tokio::test]
async fn the_page_is_served() {
    let response = app()
        .oneshot(Request::get("/").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
}
