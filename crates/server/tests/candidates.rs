//! `POST /api/v1/candidates`: each cell's true candidates, checked against the union of every
//! solution the library enumerates.

use axum::http::StatusCode;
use nsudoku::variant::{self, fpuzzles::ReadOptions};
use serde_json::{Value, json};

use super::{PUZZLE, post_json};

/// The digits each cell holds in some solution, by enumerating them all.
fn union_of_solutions(text: &str) -> Vec<Vec<u64>> {
    let read = variant::read(text, ReadOptions::default()).expect("a puzzle");
    let n = read.puzzle.size();
    let mut union = vec![0u64; n * n];
    let mut solutions = read.puzzle.solutions();
    while let Some(values) = solutions.next_values() {
        for (mark, &v) in union.iter_mut().zip(values) {
            *mark |= 1 << v;
        }
    }
    union
        .iter()
        .map(|m| (1..=n as u64).filter(|d| m >> d & 1 != 0).collect())
        .collect()
}

fn flat(v: &Value) -> Vec<Vec<u64>> {
    v.as_array()
        .expect("rows")
        .iter()
        .flat_map(|r| r.as_array().expect("a row").iter())
        .map(|c| {
            c.as_array()
                .expect("digits")
                .iter()
                .map(|d| d.as_u64().expect("a digit"))
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn true_candidates_are_the_digits_of_some_solution() {
    for puzzle in [
        "....\n....\n....\n....\nkiller 3 r1c1-2\nthermo r4c1-4\n",
        "1...\n....\n....\n....\nwhispers 2 r2c1-4\n",
        "....\n....\n....\n....\ndifference r1c1-2\nratio r3c3-4\nxv V r2c2 r3c2\n",
    ] {
        let (status, v) = post_json("/api/v1/candidates", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["status"], "done", "{v}");
        let expected = union_of_solutions(puzzle);
        assert!(expected.iter().any(|c| c.len() > 1), "several solutions");
        assert_eq!(flat(&v["candidates"]), expected, "{puzzle}");
    }
    // A classic puzzle with one solution: its digits.
    let (_, v) = post_json("/api/v1/candidates", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(v["status"], "done", "{v}");
    assert!(flat(&v["candidates"]).iter().all(|c| c.len() == 1), "{v}");
    // None.
    let (_, v) = post_json(
        "/api/v1/candidates",
        json!({ "puzzle": "....\n....\n....\n....\nkiller 3 r1c1-2\nkiller 3 r1c2-3\n" }),
    )
    .await;
    assert_eq!(v["status"], "no_solution", "{v}");
}

#[tokio::test]
async fn a_large_empty_grid_is_answered_within_its_budget() {
    // 64×64 with nothing given: the answer comes within the budget asked, as done or as
    // partial, with a row of 64 cells each of 64 rows; every digit it marks is possible.
    let rows = vec![vec![0u16; 64]; 64];
    let (status, v) = post_json(
        "/api/v1/candidates",
        json!({ "puzzle": rows, "box": "8x8", "timeout": 0.5 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(
        ["done", "timeout"].contains(&v["status"].as_str().unwrap_or("")),
        "{v}"
    );
    let cells = flat(&v["candidates"]);
    assert_eq!(cells.len(), 64 * 64);
    assert!(
        cells
            .iter()
            .all(|c| c.iter().all(|&d| (1..=64).contains(&d)))
    );
    // Thousands of constraints: still within the budget.
    let mut many = ".........\n".repeat(9);
    for k in 0..3000 {
        many.push_str(&format!("thermo r{}c1-3\n", k % 3 + 1));
    }
    let (status, v) = post_json(
        "/api/v1/candidates",
        json!({ "puzzle": many, "timeout": 0.5 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(
        ["done", "timeout"].contains(&v["status"].as_str().unwrap_or("")),
        "{v}"
    );
    // Beyond the variant engine's largest side: a 422 that says so, for both endpoints.
    let big = vec![vec![0u16; 81]; 81];
    for path in ["/api/v1/candidates", "/api/v1/read"] {
        let (status, v) = post_json(path, json!({ "puzzle": big, "box": "9x9" })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path} {v}");
        let message = v["error"]["message"].as_str().unwrap_or("");
        assert!(message.contains("64×64"), "{path} {v}");
    }
    // A budget that cannot be kept is refused with an error object.
    let (status, v) = post_json(
        "/api/v1/candidates",
        json!({ "puzzle": PUZZLE, "timeout": -1 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"]["code"].is_string(), "{v}");
}
