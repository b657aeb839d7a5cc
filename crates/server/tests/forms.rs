//! `canon`, `dedup` and `transform` through the router: forms as the command line gives them,
//! duplicates named by the first of their class, copies reproducible by seed, and every
//! refusal a JSON error.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use nsudoku::Grid;
use serde_json::{Value, json};

use super::{PUZZLE, app, grid_of, post_json, send, solves};

/// `PUZZLE`'s canonical form, as `nsudoku canon` writes it (README).
const PUZZLE_CANON: &str =
    "000000001000002034156000270000008000000051002329740000001600900003400700280910450";

/// The 729-character pencil-mark puzzle of `examples/sukaku.txt`.
const SUKAKU: &str = include_str!("../../../examples/sukaku.txt");

/// Rows of a JSON grid as a 9×9 line, `0` for empty.
fn line(rows: &Value) -> String {
    grid_of(rows)
        .iter()
        .flatten()
        .map(|v| char::from_digit(*v as u32, 36).unwrap_or('?'))
        .collect()
}

/// The canonical form of a JSON grid, by the library.
fn form_of(rows: &Value) -> Grid {
    let grid: Grid = line(rows).parse().expect("a grid");
    nsudoku::canon::canonical(&grid).expect("a form").grid
}

#[tokio::test]
async fn canon_gives_the_form_and_the_transform_to_it() {
    let (status, v) = post_json("/api/v1/canon", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "canonical");
    assert_eq!(v["canonical"], PUZZLE_CANON);
    assert_eq!(line(&v["grid"]), PUZZLE_CANON);
    assert_eq!(
        (v["size"].clone(), v["box"].clone()),
        (json!(9), json!("3x3"))
    );
    // The transform maps the puzzle to its form, and back.
    let spec = v["transform"]["spec"].as_str().expect("a spec");
    let there = json!({ "puzzle": PUZZLE, "apply": spec });
    let (_, t) = post_json("/api/v1/transform", there).await;
    assert_eq!(line(&t["copies"][0]["puzzle"]), PUZZLE_CANON, "{t}");
    let back = json!({ "puzzle": PUZZLE_CANON, "apply": spec, "inverse": true });
    let (_, t) = post_json("/api/v1/transform", back).await;
    assert_eq!(line(&t["copies"][0]["puzzle"]), PUZZLE, "{t}");
    // Rows of numbers and rectangular boxes are read as elsewhere.
    let rows: Vec<Vec<u32>> = (0..6)
        .map(|r| (0..6).map(|c| if r == c { r + 1 } else { 0 }).collect())
        .collect();
    let (status, v) = post_json("/api/v1/canon", json!({ "puzzle": rows, "box": "3x2" })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["box"], "3x2");
    assert_eq!(v["transform"]["transpose"], false);
}

#[tokio::test]
async fn canon_refuses_what_has_no_form_with_a_json_error() {
    let clash = format!("55{}", &PUZZLE[2..]);
    let sukaku = SUKAKU
        .lines()
        .find(|l| l.len() == 729)
        .expect("a 729-character line");
    for (puzzle, status, code, words) in [
        (json!(clash), 422, "invalid_puzzle", "duplicate 5"),
        (json!(".".repeat(625)), 422, "invalid_puzzle", "up to 16x16"),
        (json!(sukaku), 422, "invalid_puzzle", "pencil-mark"),
        (
            json!("...4\n.4.2\n.2..\n....\nkiller 3 r1c1-2"),
            422,
            "variant_unsupported",
            "variant",
        ),
        (json!(17), 400, "bad_request", ""),
    ] {
        for path in ["/api/v1/canon", "/api/v1/transform"] {
            if path.ends_with("transform") && words == "up to 16x16" {
                continue; // copies of large grids are made
            }
            let (got, v) = post_json(path, json!({ "puzzle": puzzle })).await;
            assert_eq!(got.as_u16(), status, "{path} {puzzle}: {v}");
            assert_eq!(v["error"]["code"], code, "{path} {puzzle}: {v}");
            let message = v["error"]["message"].as_str().expect("a message");
            assert!(message.contains(words), "{path}: {message}");
        }
    }
    let (status, v) = post_json("/api/v1/canon", json!({ "puzzle": PUZZLE, "seed": 1 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn dedup_keeps_the_first_of_each_class_and_names_it_for_the_others() {
    let (_, t) = post_json(
        "/api/v1/transform",
        json!({ "puzzle": PUZZLE, "seed": 4, "count": 2 }),
    )
    .await;
    let copy = t["copies"][1]["puzzle"].clone();
    let other = "000801000000456000008020600100080003090000010700203005013000420050000090000302000";
    let puzzles = json!([PUZZLE, other, copy, "12", t["copies"][0]["puzzle"], other]);
    let (status, v) = post_json("/api/v1/dedup", json!({ "puzzles": puzzles })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "deduplicated");
    assert_eq!(
        (v["kept"].clone(), v["dropped"].clone()),
        (json!(2), json!(3))
    );
    let said: Vec<(String, Option<u64>)> = v["puzzles"]
        .as_array()
        .expect("puzzles")
        .iter()
        .map(|p| {
            (
                p["status"].as_str().unwrap().to_owned(),
                p["repeats"].as_u64(),
            )
        })
        .collect();
    let expected = [
        ("kept", None),
        ("kept", None),
        ("dropped", Some(0)),
        ("invalid", None),
        ("dropped", Some(0)),
        ("dropped", Some(1)),
    ];
    let expected: Vec<(String, Option<u64>)> = expected
        .iter()
        .map(|(s, r)| ((*s).to_owned(), *r))
        .collect();
    assert_eq!(said, expected, "{v}");
    assert_eq!(v["puzzles"][3]["error"]["code"], "invalid_puzzle");
    // None at all, and too many.
    let (status, v) = post_json("/api/v1/dedup", json!({ "puzzles": [] })).await;
    assert_eq!((status, v["kept"].clone()), (StatusCode::OK, json!(0)));
    let many = vec!["1"; 50_001];
    let (status, v) = post_json("/api/v1/dedup", json!({ "puzzles": many })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("50000"));
    // A batch out of time says which puzzles it did not reach.
    let (status, v) = post_json(
        "/api/v1/dedup",
        json!({ "puzzles": [PUZZLE, PUZZLE], "timeout": 0 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "timeout");
    assert_eq!(v["puzzles"][0]["status"], "timeout");
}

#[tokio::test]
async fn transform_makes_copies_reproducible_by_seed_with_their_solutions() {
    let ask = json!({ "puzzle": PUZZLE, "seed": 7, "count": 3, "with_solution": true });
    let (status, v) = post_json("/api/v1/transform", ask.clone()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (v["status"].clone(), v["seed"].clone()),
        (json!("transformed"), json!(7))
    );
    let copies = v["copies"].as_array().expect("copies");
    assert_eq!(copies.len(), 3);
    let puzzle: Grid = PUZZLE.parse().expect("a grid");
    let form = nsudoku::canon::canonical(&puzzle).expect("a form").grid;
    for copy in copies {
        assert_eq!(form_of(&copy["puzzle"]), form, "{copy}");
        assert!(solves(&line(&copy["puzzle"]), &grid_of(&copy["solution"])));
        assert!(copy["transform"]["spec"].is_string());
    }
    let (_, again) = post_json("/api/v1/transform", ask).await;
    assert_eq!(again["copies"], v["copies"]);
    // Without a seed, the one used is said; a puzzle with several solutions has no copies
    // with solutions.
    let (_, v) = post_json("/api/v1/transform", json!({ "puzzle": PUZZLE })).await;
    assert!(v["seed"].is_u64(), "{v}");
    assert_eq!(v["copies"].as_array().map(Vec::len), Some(1));
    let several = json!({ "puzzle": "0".repeat(81), "with_solution": true });
    let (_, v) = post_json("/api/v1/transform", several).await;
    assert_eq!(v["status"], "multiple", "{v}");
    assert_eq!(v["copies"], json!([]));
}

#[tokio::test]
async fn transform_refuses_bad_options_with_a_json_error() {
    for (body, words) in [
        (json!({ "puzzle": PUZZLE, "count": 0 }), "count"),
        (json!({ "puzzle": PUZZLE, "count": 1001 }), "count"),
        (json!({ "puzzle": PUZZLE, "apply": "rows=12" }), "apply"),
        (
            json!({ "puzzle": PUZZLE, "apply": "transpose", "seed": 1 }),
            "not both",
        ),
        (json!({ "puzzle": PUZZLE, "inverse": true }), "inverse"),
        (json!({ "puzzle": PUZZLE, "rotate": 90 }), "unknown field"),
    ] {
        let (status, v) = post_json("/api/v1/transform", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        let message = v["error"]["message"].as_str().expect("a message");
        assert!(message.contains(words), "{body}: {message}");
    }
}

#[tokio::test]
async fn the_openapi_document_describes_the_three_endpoints() {
    let request = Request::get("/api/v1/openapi.json")
        .body(Body::empty())
        .expect("a request");
    let (status, _, doc) = send(app(), request).await;
    assert_eq!(status, StatusCode::OK);
    for (path, answer) in [
        ("/api/v1/canon", "CanonResponse"),
        ("/api/v1/dedup", "DedupResponse"),
        ("/api/v1/transform", "TransformResponse"),
    ] {
        let post = &doc["paths"][path]["post"];
        assert!(post["requestBody"].is_object(), "{path}");
        assert!(post["responses"]["422"].is_object(), "{path}");
        let schema = &post["responses"]["200"]["content"]["application/json"]["schema"]["$ref"];
        assert_eq!(
            schema.as_str(),
            Some(format!("#/components/schemas/{answer}").as_str())
        );
    }
}
