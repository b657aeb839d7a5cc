//! Variant puzzles through the API: every form a puzzle is written in, solved, counted and
//! checked; batches; the endpoints that refuse them; bad input; time budgets.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use nsudoku::variant::{self, fpuzzles, lzstring};
use serde_json::{Value, json};
use tower::ServiceExt;

use nsudoku_server::Config;

use super::{PUZZLE, app, app_with, post_json, send};

const DEV: &str = include_str!("../../core/tests/data/variants/dev.jsonl");
const SUDOKUPAD: &str = include_str!("../../core/tests/data/variants/sudokupad.jsonl");

/// A dev puzzle: its name, its f-puzzles payload and its solution (row-major digits).
struct Dev {
    name: String,
    payload: String,
    solution: Vec<u64>,
}

fn dev() -> Vec<Dev> {
    DEV.lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let field = |k: &str| v[k].as_str().expect(k).to_owned();
            Dev {
                name: field("name"),
                payload: field("fpuzzles"),
                solution: field("solution")
                    .bytes()
                    .map(|b| u64::from(b - b'0'))
                    .collect(),
            }
        })
        .collect()
}

/// Rows of a JSON grid, row-major.
fn values(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r.as_array().expect("a row").iter())
        .map(|x| x.as_u64().expect("a number"))
        .collect()
}

/// Every form a dev puzzle is written in: the payload, its f-puzzles link, a SudokuPad link,
/// the f-puzzles JSON document as an object and as a string, and the text form.
fn forms(d: &Dev) -> Vec<(&'static str, Value)> {
    let read = variant::read(&d.payload, fpuzzles::ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", d.name));
    let document = lzstring::decompress_from_base64(&d.payload).expect("a payload");
    let object: Value = serde_json::from_str(&document).expect("an f-puzzles document");
    assert!(object.is_object());
    vec![
        ("payload", json!(d.payload)),
        (
            "f-puzzles link",
            json!(format!("https://www.f-puzzles.com/?load={}", d.payload)),
        ),
        (
            "SudokuPad link",
            json!(fpuzzles::to_sudokupad_link(&read.puzzle).expect("a link")),
        ),
        ("JSON object", object),
        ("JSON text", json!(document)),
        ("text form", json!(variant::text::to_text(&read.puzzle))),
    ]
}

#[tokio::test]
async fn every_form_of_a_dev_puzzle_solves_to_its_solution() {
    // Every ninth puzzle of the dev set (the whole set is the core's tests'), in every form.
    for d in dev().iter() {
        for (form, puzzle) in forms(d) {
            let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": puzzle })).await;
            assert_eq!(status, StatusCode::OK, "{} as {form}: {v}", d.name);
            assert_eq!(v["status"], "solved", "{} as {form}: {v}", d.name);
            assert_eq!(values(&v["grid"]), d.solution, "{} as {form}", d.name);
            let n = (d.solution.len() as f64).sqrt() as u64;
            assert_eq!(v["size"], n, "{}", d.name);
            assert!(v["constraints"].is_u64(), "a variant answer: {v}");
            assert!(v.get("warnings").is_none(), "{v}");
        }
    }
}

#[tokio::test]
async fn dev_puzzles_count_one_and_check_their_solutions() {
    // Some of the dev set, with its one 6×6 (the 43rd), whose grid is read in 3×2 boxes.
    for d in dev().iter().skip(4).step_by(13) {
        let (status, v) =
            post_json("/api/v1/count", json!({ "puzzle": d.payload, "limit": 10 })).await;
        assert_eq!(status, StatusCode::OK, "{}: {v}", d.name);
        assert_eq!(
            (
                v["status"].as_str(),
                v["count"].as_u64(),
                v["exact"].as_bool()
            ),
            (Some("counted"), Some(1), Some(true)),
            "{}: {v}",
            d.name
        );

        // The solution breaks nothing; the givens alone are valid.
        let (status, v) = post_json(
            "/api/v1/check",
            json!({ "puzzle": d.payload, "grid": [d.solution.clone()] }),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "one row of 81: {v}"
        );
        let n = (d.solution.len() as f64).sqrt() as usize;
        let rows: Vec<Vec<u64>> = d.solution.chunks(n).map(<[u64]>::to_vec).collect();
        let (_, v) = post_json(
            "/api/v1/check",
            json!({ "puzzle": d.payload, "grid": rows }),
        )
        .await;
        assert_eq!(v["status"], "solved", "{}: {v}", d.name);
        assert!(v.get("broken").is_none(), "{v}");
        let (_, v) = post_json("/api/v1/check", json!({ "puzzle": d.payload })).await;
        assert_eq!(v["status"], "valid", "{}: {v}", d.name);
        assert_eq!(v["errors"], json!([]));
        assert_eq!(v["size"], n);
        assert!(v["constraints"].is_u64(), "{v}");

        // Two digits of the first row swapped: rows stay whole, columns break.
        let mut wrong = rows.clone();
        wrong[0].swap(0, 1);
        let (_, v) = post_json(
            "/api/v1/check",
            json!({ "puzzle": d.payload, "grid": wrong }),
        )
        .await;
        assert_eq!(v["status"], "broken", "{}: {v}", d.name);
        let broken = v["broken"].as_array().expect("broken rules");
        assert!(
            broken.iter().any(|b| b["cells"]
                .as_array()
                .is_some_and(|c| c.contains(&json!("r1c1")) || c.contains(&json!("r1c2")))),
            "{}: {v}",
            d.name
        );
    }
}

#[tokio::test]
async fn check_names_the_broken_constraint_of_a_grid_and_of_givens() {
    // A 4×4 in the text form: a killer cage of 3 over r1c1-2, a thermometer down column 4.
    let puzzle = "....\n....\n....\n....\nkiller 3 r1c1-2\nthermo r4c1-4\n";
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "multiple", "{v}");
    assert_eq!(
        (v["size"].as_u64(), v["box"].as_str()),
        (Some(4), Some("2x2"))
    );
    assert_eq!(v["constraints"], 2);

    // r1c1-2 hold 1 and 3: 4, not 3.
    let grid = "13..\n....\n....\n....";
    let (status, v) = post_json("/api/v1/check", json!({ "puzzle": puzzle, "grid": grid })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "broken", "{v}");
    let killer = &v["broken"][0];
    assert_eq!(killer["constraint"], 0, "{v}");
    assert_eq!(killer["name"], "killer", "{v}");
    assert_eq!(killer["cells"], json!(["r1c1", "r1c2"]), "{v}");
    assert!(killer["message"].as_str().is_some_and(|m| !m.is_empty()));
    // A partial grid that breaks nothing yet is valid.
    let (_, v) = post_json(
        "/api/v1/check",
        json!({ "puzzle": puzzle, "grid": [[1, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] }),
    )
    .await;
    assert_eq!(v["status"], "valid", "{v}");
    // A player's grid that changes a given breaks it, with no constraint.
    let given = "4...\n....\n....\n....\nthermo r1-4c4\n";
    let (_, v) = post_json(
        "/api/v1/check",
        json!({ "puzzle": given, "grid": "3...\n....\n....\n...." }),
    )
    .await;
    assert_eq!(v["status"], "broken", "{v}");
    assert!(
        v["broken"]
            .as_array()
            .expect("broken")
            .iter()
            .any(|b| b["constraint"].is_null()
                && b["name"].is_null()
                && b["cells"] == json!(["r1c1"])),
        "{v}"
    );

    // Givens that break the thermometer: the puzzle is invalid, and says where.
    let bad = "...4\n...1\n....\n....\nthermo r1-4c4\n";
    let (status, v) = post_json("/api/v1/check", json!({ "puzzle": bad })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "invalid", "{v}");
    assert_eq!(v["broken"][0]["name"], "thermo", "{v}");
    assert!(v.get("grid").is_none(), "{v}");
    let (_, v) = post_json("/api/v1/solve", json!({ "puzzle": bad })).await;
    assert_eq!(v["status"], "no_solution", "{v}");

    // A classic puzzle takes a player's grid too.
    let mut wrong = PUZZLE.to_owned();
    wrong.replace_range(2..3, "5");
    let (_, v) = post_json("/api/v1/check", json!({ "puzzle": PUZZLE, "grid": wrong })).await;
    assert_eq!(v["status"], "broken", "{v}");
    assert!(
        v["broken"][0]["cells"]
            .as_array()
            .is_some_and(|c| c.contains(&json!("r1c3"))),
        "{v}"
    );
    let (_, v) = post_json("/api/v1/check", json!({ "puzzle": PUZZLE, "grid": PUZZLE })).await;
    assert_eq!(v["status"], "valid", "{v}");
    let (status, v) = post_json(
        "/api/v1/check",
        json!({ "puzzle": PUZZLE, "grid": "1234341221434321" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["error"]["message"], "grid: wrong cell count: found 16, expected 81",
        "read in the puzzle's boxes"
    );
}

/// An empty `n`×`n` f-puzzles grid.
fn empty_grid(n: usize) -> Value {
    json!(vec![vec![json!({}); n]; n])
}

#[tokio::test]
async fn sudokupad_puzzles_read_with_their_warnings() {
    // Counting circles: SudokuPad's circles have no standard meaning, so the puzzle reads as
    // a classic 4×4 (288 solutions) with a warning.
    let line: Value =
        serde_json::from_str(SUDOKUPAD.lines().next().expect("a line")).expect("JSON");
    let payload = line["payload"].as_str().expect("a payload");
    for puzzle in [
        payload.to_owned(),
        format!("https://sudokupad.app/{payload}"),
    ] {
        let (status, v) = post_json("/api/v1/count", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(
            (v["count"].as_u64(), v["exact"].as_bool()),
            (Some(288), Some(true)),
            "{v}"
        );
        let warnings = v["warnings"].as_array().expect("warnings");
        assert!(
            warnings[0].as_str().is_some_and(|w| w.contains("circle")),
            "{v}"
        );
    }
    // An SCL object as JSON: a 4×4 with its boxes and a killer cage of 3, counted as the same
    // puzzle in the text form.
    let boxes: Vec<Vec<[usize; 2]>> = (0..4)
        .map(|b| {
            (0..4)
                .map(|i| [b / 2 * 2 + i / 2, b % 2 * 2 + i % 2])
                .collect()
        })
        .collect();
    let scl = json!({
        "cells": vec![vec![json!({}); 4]; 4],
        "regions": boxes,
        "cages": [{ "cells": [[0, 0], [0, 1]], "value": 3, "unique": true }],
    });
    let (status, v) = post_json("/api/v1/count", json!({ "puzzle": scl })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, text) = post_json(
        "/api/v1/count",
        json!({ "puzzle": "size: 4\nkiller 3 r1c1-2" }),
    )
    .await;
    assert_eq!(v["count"], text["count"], "{v} {text}");
    assert!(
        v["count"].as_u64().is_some_and(|c| (1..288).contains(&c)),
        "{v}"
    );
}

#[tokio::test]
async fn unknown_constraints_are_refused_or_skipped() {
    let doc = json!({ "size": 4, "grid": empty_grid(4), "spiral": [{ "cells": ["R1C1"] }] });
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": doc })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["error"]["code"], "invalid_puzzle");
    let e = &v["error"]["errors"][0];
    assert_eq!(e["kind"], "unknown_constraint", "{v}");
    assert_eq!(e["at"], "spiral", "{v}");
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.contains("\"ignore_unknown\": true")),
        "{v}"
    );
    let (status, v) = post_json(
        "/api/v1/solve",
        json!({ "puzzle": doc, "ignore_unknown": true, "first": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "solved");
    assert_eq!(
        v["warnings"],
        json!(["unknown constraint \"spiral\" ignored"])
    );
    // Check lists the reader's problems as it does a classic puzzle's.
    let (status, v) = post_json("/api/v1/check", json!({ "puzzle": doc })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["errors"][0]["kind"], "unknown_constraint", "{v}");
}

#[tokio::test]
async fn iss_strings_links_and_the_forums_lines_solve() {
    // ISS's own puzzles (a constraint string, a compact killer line, SudoCue's killer form),
    // and the same as the ISS link `read` gives: ISS's solution each.
    let sample = include_str!("../../core/tests/data/variants/iss.jsonl");
    let mut forms = 0;
    for line in sample.lines().step_by(5) {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let solution: Vec<u64> = v["solution"]
            .as_str()
            .expect("a solution")
            .bytes()
            .map(|b| u64::from(b - b'0'))
            .collect();
        let (status, read) = post_json("/api/v1/read", json!({ "puzzle": v["iss"] })).await;
        assert_eq!(status, StatusCode::OK, "{}: {read}", v["name"]);
        let link = read["iss"].as_str().expect("an ISS link").to_owned();
        assert!(link.starts_with("https://sigh.github.io/Interactive-Sudoku-Solver/?q=."));
        for puzzle in [v["iss"].clone(), json!(link)] {
            let (status, answer) = post_json("/api/v1/solve", json!({ "puzzle": puzzle })).await;
            assert_eq!(status, StatusCode::OK, "{}: {answer}", v["name"]);
            assert_eq!(values(&answer["grid"]), solution, "{}", v["name"]);
            forms += 1;
        }
    }
    assert!(forms >= 8);
    // A jigsaw line: the givens, then the regions.
    let (status, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": "13.....2........1112132233243444" }),
    )
    .await;
    assert_eq!((status, &v["count"]), (StatusCode::OK, &json!(1)), "{v}");
    // An ISS constraint nsudoku lacks is named and refused, or skipped with a warning.
    let rellik = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.Lunchbox~5~R2C1~R2C2";
    let (status, v) = post_json("/api/v1/count", json!({ "puzzle": rellik })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let e = &v["error"]["errors"][0];
    assert_eq!(e["kind"], "unknown_constraint", "{v}");
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.contains("Lunchbox")),
        "{v}"
    );
    let (status, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": rellik, "ignore_unknown": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(
        v["warnings"][0]
            .as_str()
            .is_some_and(|w| w.contains("Lunchbox")),
        "{v}"
    );
}

#[tokio::test]
async fn bad_variant_input_is_a_422_with_every_problem_and_its_place() {
    let cases = [
        // A cell outside the grid.
        (
            json!({ "size": 4, "grid": empty_grid(4),
                    "killercage": [{ "cells": ["R1C1", "R9C9"], "value": "5" }] }),
            "outside_grid",
            "killercage[0].cells[1]",
        ),
        // A link that does not decode.
        (
            json!("https://f-puzzles.com/?load=N4Ig!!!notbase64"),
            "decode",
            "",
        ),
        // A text form line whose cell cannot be read.
        (
            json!("....\n....\n....\n....\nkiller x r1c1"),
            "bad_cell",
            "line 5, column 8",
        ),
    ];
    for (puzzle, kind, at) in cases {
        for path in ["/api/v1/solve", "/api/v1/count"] {
            let (status, v) = post_json(path, json!({ "puzzle": puzzle })).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{path} {puzzle}: {v}"
            );
            assert_eq!(v["error"]["code"], "invalid_puzzle", "{v}");
            let errors = v["error"]["errors"].as_array().expect("errors");
            assert!(
                errors.iter().any(|e| e["kind"] == kind
                    && e["at"].as_str().is_some_and(|a| a.starts_with(at))
                    && e["message"].as_str().is_some_and(|m| !m.is_empty())),
                "{puzzle}: {v}"
            );
        }
    }
    // An object that is no puzzle, and classic text that stays classic.
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": {} })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": "55" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]["errors"][0].get("at").is_none(),
        "a classic error: {v}"
    );
    // The options keep their types.
    let (status, _) = post_json(
        "/api/v1/solve",
        json!({ "puzzle": PUZZLE, "ignore_unknown": "yes" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_variant_is_no_players_grid_and_no_option_of_generate() {
    let d = &dev()[0];
    // A classic puzzle with a variant as the player's grid.
    let (status, v) = post_json(
        "/api/v1/hint",
        json!({ "puzzle": PUZZLE, "grid": d.payload }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["error"]["message"],
        "grid: rows of numbers or a grid's text, not a variant puzzle"
    );
    // Generate takes no puzzle at all.
    let (status, _) = post_json("/api/v1/generate", json!({ "puzzle": d.payload })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_batch_solves_variant_lines() {
    let dev = dev();
    let mut lines: Vec<String> = DEV.lines().take(2).map(str::to_owned).collect();
    lines.push(dev[2].payload.clone());
    lines.push(format!("https://f-puzzles.com/?load={}", dev[3].payload));
    lines.push(json!({ "puzzle": dev[4].payload, "first": true }).to_string());
    lines.push(PUZZLE.to_owned());
    lines.push("https://f-puzzles.com/?load=garbage".to_owned());
    lines.push(json!({ "puzzle": PUZZLE, "colour": 1 }).to_string());
    let body = lines.join("\n");
    let request = Request::post("/api/v1/solve")
        .header(header::CONTENT_TYPE, "application/x-ndjson")
        .body(Body::from(body))
        .expect("a request");
    let response = app().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let out: Vec<Value> = String::from_utf8(bytes.to_vec())
        .expect("text")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let got: Vec<(u64, &str)> = out
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().expect("line"),
                v["status"].as_str().expect("status"),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, "solved"),
            (2, "solved"),
            (3, "solved"),
            (4, "solved"),
            (5, "solved"),
            (6, "solved"),
            (7, "invalid"),
            (8, "invalid"),
        ]
    );
    for (i, d) in dev.iter().take(5).enumerate() {
        assert_eq!(values(&out[i]["grid"]), d.solution, "line {}", i + 1);
    }
    assert_eq!(out[6]["error"]["errors"][0]["kind"], "decode", "{}", out[6]);
    assert_eq!(out[7]["error"]["code"], "bad_request", "{}", out[7]);
}

#[tokio::test]
async fn an_empty_variant_grid_answers_within_its_budget() {
    // An empty 16×16 with a thermometer: counting its solutions never ends; solving a 36×36
    // with an anti-knight rule is a long search.
    let count = "size: 16\nthermo r1c1-4\n";
    let start = Instant::now();
    let (status, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": count, "limit": 1_000_000_000u64, "timeout": 0.2 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (v["status"].as_str(), v["exact"].as_bool()),
        (Some("timeout"), Some(false)),
        "{v}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );

    let start = Instant::now();
    let (status, v) = post_json(
        "/api/v1/solve",
        json!({ "puzzle": { "size": 36, "grid": empty_grid(36), "antiknight": true }, "timeout": 0 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "timeout", "{v}");
    assert!(v.get("grid").is_none());
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[tokio::test]
async fn the_document_describes_the_variant_forms_and_bodies_stay_bounded() {
    let (status, _, doc) = send(
        app(),
        Request::get("/api/v1/openapi.json")
            .body(Body::empty())
            .expect("a request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let schemas = &doc["components"]["schemas"];
    let forms = schemas["Puzzle"]["anyOf"]
        .as_array()
        .expect("the puzzle's forms");
    let types: Vec<&str> = forms.iter().filter_map(|f| f["type"].as_str()).collect();
    assert_eq!(types, ["string", "array", "object"]);
    let said = schemas["Puzzle"]["description"].as_str().expect("words");
    for form in ["f-puzzles", "SudokuPad", "payload", "text", "link"] {
        assert!(said.contains(form), "{form}: {said}");
    }
    assert_eq!(
        schemas["SolveRequest"]["properties"]["ignore_unknown"]["type"],
        "boolean"
    );
    assert!(schemas["BrokenOut"]["properties"]["name"].is_object());
    assert!(schemas["CheckRequest"].to_string().contains("\"grid\""));

    // A variant puzzle over the body limit is refused before it is read.
    let app = app_with(Config {
        max_body: 1 << 10,
        ..Config::default()
    });
    let big = json!({ "puzzle": { "size": 36, "grid": empty_grid(36) } }).to_string();
    assert!(big.len() > 1 << 10);
    let (status, _, v) = send(app, super::post("/api/v1/solve", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
}

#[tokio::test]
async fn generate_makes_variant_puzzles_that_count_as_unique() {
    let ask = json!({ "variant": "killer,diagonal", "size": 6, "seed": 3 });
    let (status, v) = post_json("/api/v1/generate", ask.clone()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "generated");
    let (_, again) = post_json("/api/v1/generate", ask).await;
    assert_eq!(again["fpuzzles"], v["fpuzzles"], "the seed decides");
    let payload = v["fpuzzles"].as_str().expect("a payload");
    let (_, count) = post_json("/api/v1/count", json!({ "puzzle": payload, "limit": 2 })).await;
    assert_eq!(count["count"], 1, "{count}");
    let read = variant::read(payload, fpuzzles::ReadOptions::default()).expect("it reads");
    let solution: Vec<u16> = v["solution"]
        .as_array()
        .expect("rows")
        .iter()
        .flat_map(|row| row.as_array().expect("a row").clone())
        .map(|d| d.as_u64().expect("a digit") as u16)
        .collect();
    assert!(read.puzzle.is_solution(&solution));
    assert!(v["text"].as_str().is_some_and(|t| t.contains("killer")));
    for bad in [
        json!({ "variant": "nonsense" }),
        json!({ "variant": "killer", "size": 30 }),
        json!({ "variant": "killer", "box": "3x2" }),
        json!({ "variant": "killer", "difficulty": "easy", "rating": [1.0, 3.0] }),
        json!({ "variant": "killer", "rating": [4.0, 2.0] }),
        json!({ "variant": "killer", "rating": [21.0, 25.0] }),
        json!({ "variant": "killer", "rating": [2.0] }),
        json!({ "variant": "diagonal", "hide_totals": true }),
        json!({ "hide_totals": true }),
        json!({ "variant": "diagonal", "givens": 3 }),
        json!({ "givens": 3 }),
        json!({ "variant": "killer", "size": 4, "givens": 17 }),
        json!({ "rating": [1.0, 2.0, 3.0] }),
    ] {
        let (status, v) = post_json("/api/v1/generate", bad.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {v}");
        assert!(v["error"].is_object() || v["error"].is_string(), "{v}");
    }
}

/// The puzzle of a `generate` answer (its payload read back), checked unique by counting with
/// the engine, and solved by the answer's solution.
fn generated_puzzle(v: &Value) -> variant::Puzzle {
    assert_eq!(v["status"], "generated", "{v}");
    let payload = v["fpuzzles"].as_str().expect("a payload");
    let puzzle = variant::read(payload, fpuzzles::ReadOptions::default())
        .expect("it reads")
        .puzzle;
    assert_eq!(puzzle.count_solutions(2).count, 1, "unique: {v}");
    let solution: Vec<u16> = values(&v["solution"]).iter().map(|&d| d as u16).collect();
    assert!(puzzle.is_solution(&solution), "{v}");
    puzzle
}

#[tokio::test]
async fn generate_rates_variant_puzzles_in_a_band() {
    use nsudoku::logic::rate_variant;
    let stop = nsudoku::Stop::default();
    // A band by name: the answer gives the ER and level the variant logic finds again.
    let (status, easy) = post_json(
        "/api/v1/generate",
        json!({ "variant": "killer", "size": 6, "seed": 2, "difficulty": "easy" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{easy}");
    let rating = rate_variant(&generated_puzzle(&easy), &stop).expect("a rating");
    assert_eq!(easy["er"].as_f64(), Some(rating.er), "{easy}");
    assert_eq!(easy["level"], "easy");
    assert_eq!(rating.level.to_string(), "easy");
    // A band by numbers, on another kind.
    let (_, thermo) = post_json(
        "/api/v1/generate",
        json!({ "variant": "thermo", "size": 6, "seed": 1, "rating": [2.5, 3.0] }),
    )
    .await;
    let er = rate_variant(&generated_puzzle(&thermo), &stop)
        .expect("a rating")
        .er;
    assert!((2.5..=3.0).contains(&er), "{thermo}");
    assert_eq!(thermo["er"].as_f64(), Some(er));
    // Without a band, no rating (as the CLI's JSON).
    let (_, plain) = post_json(
        "/api/v1/generate",
        json!({ "variant": "thermo", "size": 6, "seed": 1 }),
    )
    .await;
    generated_puzzle(&plain);
    assert!(
        plain.get("er").is_none() && plain.get("level").is_none(),
        "{plain}"
    );
    // A band no puzzle falls in gives up within the request's time budget.
    let (status, none) = post_json(
        "/api/v1/generate",
        json!({ "variant": "killer", "size": 9, "seed": 1, "rating": [1.0, 1.0], "timeout": 0.3 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert_eq!(none["status"], "timeout");
    assert!(none.get("puzzle").is_none(), "{none}");
}

#[tokio::test]
async fn generate_hides_killer_totals() {
    let ask =
        |hide: bool| json!({ "variant": "killer", "size": 6, "seed": 4, "hide_totals": hide });
    let (_, shown) = post_json("/api/v1/generate", ask(false)).await;
    let (status, hidden) = post_json("/api/v1/generate", ask(true)).await;
    assert_eq!(status, StatusCode::OK, "{hidden}");
    let totals = |p: &variant::Puzzle| {
        p.constraints()
            .iter()
            .filter(|c| matches!(c, variant::Constraint::Killer { sum: Some(_), .. }))
            .count()
    };
    let (shown, hidden) = (generated_puzzle(&shown), generated_puzzle(&hidden));
    assert_eq!(
        totals(&shown),
        shown.constraints().len(),
        "every cage shows its total"
    );
    assert!(
        totals(&hidden) < hidden.constraints().len(),
        "some total taken off"
    );
}

#[tokio::test]
async fn generate_makes_killers_with_a_number_of_givens() {
    let ask = json!({ "variant": "killer", "size": 6, "seed": 2, "givens": 4 });
    let (status, v) = post_json("/api/v1/generate", ask).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let puzzle = generated_puzzle(&v);
    assert_eq!(puzzle.givens().iter().filter(|&&d| d != 0).count(), 4);
    assert!(!puzzle.constraints().is_empty());
}
