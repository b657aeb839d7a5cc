//! `POST /api/v1/setter` and `count` with `estimate`: each verdict checked by counting again
//! through the API (a clue said to go, taken away: still unique; a fix given: unique), and
//! every request bounded by its time budget.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{PUZZLE, post_json};

/// `PUZZLE` with r1c3 of its solution given too.
const ONE_TOO_MANY: &str =
    "534070000600195000098000060800060003400803001700020006060000280000419005000080079";
/// `PUZZLE` less r1c1 and r1c2: two solutions.
const TWO_SOLUTIONS: &str =
    "000070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// The count of a puzzle (text) through the API, up to 2.
async fn count(puzzle: &str) -> u64 {
    let (status, v) = post_json("/api/v1/count", json!({ "puzzle": puzzle, "limit": 2 })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v["count"].as_u64().expect("a count")
}

/// The classic line with cell `cell` (`r1c3`) set to `digit` (0: emptied).
fn with(puzzle: &str, cell: &str, digit: u64) -> String {
    let b = cell.as_bytes();
    let i = usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1');
    let mut out = puzzle.to_owned();
    out.replace_range(i..=i, &digit.to_string());
    out
}

#[tokio::test]
async fn the_clues_that_can_go_can_go() {
    let (status, v) = post_json("/api/v1/setter", json!({ "puzzle": ONE_TOO_MANY })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "unique");
    assert_eq!(v["complete"], true);
    let clues = v["clues"].as_array().expect("clues");
    assert_eq!(clues.len(), 31);
    assert_eq!(v["redundant"], 23);
    for clue in clues {
        assert_eq!(clue["kind"], "given");
        let cell = clue["cell"].as_str().expect("a cell");
        let unique = count(&with(ONE_TOO_MANY, cell, 0)).await == 1;
        assert_eq!(clue["redundant"], unique, "{clue}");
    }
}

#[tokio::test]
async fn a_minimal_set_is_unique_and_follows_its_seed() {
    let body = json!({ "puzzle": PUZZLE, "minimal": true, "seed": 5 });
    let (_, v) = post_json("/api/v1/setter", body.clone()).await;
    let minimal = &v["minimal"];
    assert_eq!(minimal["minimal"], true, "{v}");
    let text = minimal["puzzle"].as_str().expect("the text form");
    assert_eq!(count(text).await, 1);
    let removed = minimal["removed"].as_array().expect("removed").len();
    assert!(removed >= 5, "{minimal}");
    // Each clue left is needed.
    let line: String = text.lines().collect::<String>().replace('.', "0");
    for (i, c) in line.bytes().enumerate().filter(|(_, c)| *c != b'0') {
        let mut fewer = line.clone();
        fewer.replace_range(i..=i, "0");
        assert_eq!(count(&fewer).await, 2, "{} can go", c as char);
    }
    let (_, again) = post_json("/api/v1/setter", body).await;
    assert_eq!(again["minimal"], v["minimal"]);
}

#[tokio::test]
async fn each_fix_makes_the_puzzle_unique() {
    let (status, v) = post_json(
        "/api/v1/setter",
        json!({ "puzzle": TWO_SOLUTIONS, "fixes": 5 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "multiple");
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(2), Some(true))
    );
    assert_eq!(v["unique_fixes"], 12);
    assert_eq!(v["solutions"].as_array().expect("two").len(), 2);
    assert_eq!(
        v["differ"],
        json!(["r1c1", "r1c2", "r1c3", "r9c1", "r9c2", "r9c3"])
    );
    let fixes = v["fixes"].as_array().expect("fixes");
    assert_eq!(fixes.len(), 5);
    for fix in fixes {
        let cell = fix["cell"].as_str().expect("a cell");
        let digit = fix["digit"].as_u64().expect("a digit");
        assert_eq!(count(&with(TWO_SOLUTIONS, cell, digit)).await, 1, "{fix}");
    }
}

#[tokio::test]
async fn variant_clues_name_their_rules() {
    let puzzle = "..3.\n..1.\n....\n....\nkiller 3 r1c1-2\nkiller 7 r1c3-4\nkiller 7 r2c1-2\n\
                  killer 3 r2c3-4\nkiller 6 r3c1 r4c1\nkiller 4 r3c2 r4c2\nkiller 7 r3c3-4\n\
                  killer 3 r4c3-4\n";
    let (status, v) = post_json("/api/v1/setter", json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "unique");
    let clues = v["clues"].as_array().expect("clues");
    let cage = clues
        .iter()
        .find(|c| c["kind"] == "constraint")
        .expect("a cage");
    assert_eq!(
        (cage["index"].as_u64(), cage["name"].as_str()),
        (Some(0), Some("killer"))
    );
    assert_eq!(cage["text"], "killer 3 r1c1-2");
    assert!(clues.iter().any(|c| c["kind"] == "total"));
    // Givens that break a cage: 422, as for every endpoint.
    let broken =
        puzzle
            .replacen("..3.", "12..", 1)
            .replacen("killer 3 r1c1-2", "killer 4 r1c1-2", 1);
    let (status, v) = post_json("/api/v1/setter", json!({ "puzzle": broken })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

#[tokio::test]
async fn options_are_bounded_and_time_is_kept() {
    for body in [
        json!({ "puzzle": PUZZLE, "fixes": 101 }),
        json!({ "puzzle": PUZZLE, "limit": 1 }),
        json!({ "puzzle": PUZZLE, "limit": 2_000_000 }),
        json!({ "puzzle": PUZZLE, "timeout": -1 }),
    ] {
        let (status, v) = post_json("/api/v1/setter", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
    }
    // A 64×64 grid with nothing given, half a second: an answer within it (two solutions,
    // and fixes if any were found in time).
    let rows = vec![vec![0u16; 64]; 64];
    let started = Instant::now();
    let (status, v) = post_json(
        "/api/v1/setter",
        json!({ "puzzle": rows, "box": "8x8", "timeout": 0.5 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(["multiple", "timeout"].contains(&v["status"].as_str().expect("a status")));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn count_estimates_past_its_limit() {
    let empty6 = vec![vec![0u16; 6]; 6];
    let (status, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": empty6, "box": "3x2", "estimate": true, "timeout": 2 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(1000), Some(false))
    );
    let estimate: &Value = &v["estimate"];
    let count = estimate["count"].as_f64().expect("a count");
    assert!((count / 28_200_960.0 - 1.0).abs() < 0.2, "{estimate}");
    assert!(
        estimate["relative_error"].as_f64().expect("an error") < 0.1,
        "{estimate}"
    );
    // Exact: no estimate.
    let (_, v) = post_json(
        "/api/v1/count",
        json!({ "puzzle": PUZZLE, "estimate": true }),
    )
    .await;
    assert!(v.get("estimate").is_none(), "{v}");
}
