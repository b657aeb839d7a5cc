//! Hints, explanations and ratings of variant puzzles through the API: every form a puzzle is
//! written in, the constraints each step names (their index as `read` lists them, their
//! kind), the player's mistakes, a killer solved to the end by hints, refusals and the time
//! budget.

use axum::http::StatusCode;
use nsudoku::variant::{self, fpuzzles};
use serde_json::{Value, json};

use super::post_json;

/// A 4×4 killer (`nsudoku generate --variant killer --size 4 --seed 1 --to text`), empty but
/// for its cages; its first constraint, the cage of 4 on r1c1 and r2c1, is the first step.
const KILLER: &str = "....\n....\n....\n....\nkiller 4 r1-2c1\nkiller 2 r1c2\n\
    killer 7 r1c3-4 r2c3\nkiller 9 r2c2 r3c1-2\nkiller 7 r2-3c4\nkiller 6 r3-4c3 r4c4\n\
    killer 5 r4c1-2\n";

/// The puzzle in every form `solve` takes: our text, the f-puzzles payload, its link, a
/// SudokuPad link and the f-puzzles JSON document as an object.
fn forms(text: &str) -> Vec<(&'static str, Value)> {
    let read = variant::read(text, fpuzzles::ReadOptions::default()).expect("a puzzle");
    let document = fpuzzles::to_json(&read.puzzle).expect("a document");
    vec![
        ("text form", json!(text)),
        (
            "payload",
            json!(fpuzzles::to_payload(&read.puzzle).expect("a payload")),
        ),
        (
            "f-puzzles link",
            json!(fpuzzles::to_link(&read.puzzle).expect("a link")),
        ),
        (
            "SudokuPad link",
            json!(fpuzzles::to_sudokupad_link(&read.puzzle).expect("a link")),
        ),
        (
            "JSON object",
            serde_json::from_str(&document).expect("JSON"),
        ),
    ]
}

/// The solution the server finds (row-major), to check the logic against.
async fn solution(puzzle: &Value) -> Vec<u64> {
    let (status, v) = post_json("/api/v1/solve", json!({ "puzzle": puzzle })).await;
    assert_eq!(
        (status, v["status"].as_str()),
        (StatusCode::OK, Some("solved")),
        "{v}"
    );
    rows(&v["grid"]).concat()
}

fn rows(v: &Value) -> Vec<Vec<u64>> {
    serde_json::from_value(v.clone()).expect("rows of numbers")
}

/// The cell index of a step's `{row, col}` (1-based) on a side of `n`.
fn index(c: &Value, n: usize) -> usize {
    let at = |k: &str| c[k].as_u64().expect("a number") as usize - 1;
    at("row") * n + at("col")
}

#[tokio::test]
async fn a_killer_hint_names_its_cage_in_every_form() {
    for (form, puzzle) in forms(KILLER) {
        let (status, v) = post_json("/api/v1/hint", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{form}: {v}");
        assert_eq!(v["status"], "hint", "{form}: {v}");
        let step = &v["step"];
        assert_eq!(step["technique"], "constraint_logic", "{form}: {v}");
        assert_eq!(
            step["constraints"],
            json!([{ "name": "killer cage 4 r1c1,r2c1", "index": 0, "kind": "killer" }]),
            "{form}"
        );
        assert_eq!(step["cells"], json!([[1, 1], [2, 1]]), "{form}");
        assert!(!step["eliminations"].as_array().unwrap().is_empty());
    }
    // The constraint's index is its place in the list `read` gives, where it is a killer cage
    // on those cells.
    let (_, drawn) = post_json("/api/v1/read", json!({ "puzzle": KILLER })).await;
    assert_eq!(drawn["constraints"][0]["kind"], "killer", "{drawn}");
    assert_eq!(drawn["constraints"][0]["cells"], json!([[1, 1], [2, 1]]));
}

#[tokio::test]
async fn explaining_a_small_variant_places_its_solution() {
    for (form, puzzle) in forms(KILLER) {
        let solution = solution(&puzzle).await;
        let (status, v) = post_json("/api/v1/explain", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{form}: {v}");
        assert_eq!(v["status"], "solved", "{form}: {v}");
        let steps = v["steps"].as_array().expect("steps");
        let mut placed = vec![0u64; 16];
        for step in steps {
            for p in step["placements"].as_array().unwrap() {
                placed[index(p, 4)] = p["digit"].as_u64().unwrap();
            }
            for e in step["eliminations"].as_array().unwrap() {
                let i = index(e, 4);
                assert_ne!(e["digit"].as_u64(), Some(solution[i]), "{form}: {step}");
            }
        }
        assert_eq!(placed, solution, "{form}: every cell placed, rightly");
        // The cages' steps name their cage; the singles none.
        assert!(
            steps
                .iter()
                .any(|s| s["constraints"][0]["kind"] == "killer")
        );
        assert!(
            steps
                .iter()
                .filter(|s| s["technique"] == "hidden_single")
                .all(|s| s.get("constraints").is_none())
        );
        assert_eq!(
            (v["er"].as_f64(), v["level"].as_str()),
            (Some(2.0), Some("easy"))
        );
        assert_eq!(v["hardest"], 2.0);
        // The boards between the steps: no given, so every digit everywhere at the start;
        // r2c2 and r3c1 share only the cage of 9, which the peers say both ways.
        assert_eq!(v["start"], json!(vec![[1, 2, 3, 4]; 16]), "{form}");
        assert_eq!(v["peers"][5], json!([8]), "{form}");
        assert_eq!(v["peers"][8], json!([5]), "{form}");
        assert_eq!(
            v["peers"][0],
            json!([]),
            "{form}: r1c1's cage lies in its column"
        );
    }
}

#[tokio::test]
async fn rating_a_variant_gives_its_er_and_level() {
    for (form, puzzle) in forms(KILLER) {
        let (status, v) = post_json("/api/v1/rate", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{form}: {v}");
        assert_eq!(v["status"], "rated", "{form}: {v}");
        assert_eq!(v["er"], 2.0, "{form}: the cages' steps are the hardest");
        assert_eq!(v["level"], "easy");
        assert_eq!(v["hardest"], "constraint logic");
        assert_eq!(v["steps"], 21);
    }
}

#[tokio::test]
async fn a_killer_is_solved_to_the_end_by_hints() {
    let puzzle = json!(KILLER);
    let solution = solution(&puzzle).await;
    let mut grid = vec![0u64; 16];
    let mut marks: Vec<Vec<u64>> = vec![(1..=4).collect(); 16];
    let mut cages = 0;
    for _ in 0..40 {
        let rows: Vec<&[u64]> = grid.chunks(4).collect();
        let body = json!({ "puzzle": puzzle, "grid": rows, "marks": marks });
        let (status, v) = post_json("/api/v1/hint", body).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        if v["status"] == "solved" {
            break;
        }
        assert_eq!(v["status"], "hint", "{v}");
        let step = &v["step"];
        cages += usize::from(step["constraints"][0]["kind"] == "killer");
        for p in step["placements"].as_array().unwrap() {
            grid[index(p, 4)] = p["digit"].as_u64().unwrap();
        }
        for e in step["eliminations"].as_array().unwrap() {
            let d = e["digit"].as_u64().unwrap();
            marks[index(e, 4)].retain(|&m| m != d);
        }
    }
    assert_eq!(grid, solution, "solved by hints");
    assert!(cages > 0, "some hints read a cage");
    let rows: Vec<&[u64]> = grid.chunks(4).collect();
    let (_, v) = post_json("/api/v1/check", json!({ "puzzle": puzzle, "grid": rows })).await;
    assert_eq!(v["status"], "solved", "{v}");
}

#[tokio::test]
async fn a_variant_hint_reports_the_players_mistakes() {
    let puzzle = json!(KILLER);
    let solution = solution(&puzzle).await;
    // A wrong digit in r1c2 (its digit is 2), as text; then marks of r1c1 without its digit.
    let mut grid = [0u64; 16];
    grid[1] = if solution[1] == 3 { 4 } else { 3 };
    let text: String = grid
        .chunks(4)
        .map(|r| r.iter().map(|d| d.to_string()).collect::<String>() + "\n")
        .collect();
    let (status, v) = post_json("/api/v1/hint", json!({ "puzzle": puzzle, "grid": text })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "wrong_entries", "{v}");
    assert_eq!(v["mistakes"][0]["cell"], json!([1, 2]));
    assert_eq!(v["mistakes"][0]["entered"], grid[1]);
    let mut marks = vec![Vec::<u64>::new(); 16];
    marks[0] = (1..=4).filter(|&d| d != solution[0]).collect();
    let (_, v) = post_json("/api/v1/hint", json!({ "puzzle": puzzle, "marks": marks })).await;
    assert_eq!(v["status"], "wrong_entries", "{v}");
    assert_eq!(v["mistakes"][0]["cell"], json!([1, 1]));
    assert!(v["mistakes"][0].get("entered").is_none(), "{v}");
    // A full, right grid is solved.
    let rows: Vec<&[u64]> = solution.chunks(4).collect();
    let (_, v) = post_json("/api/v1/hint", json!({ "puzzle": puzzle, "grid": rows })).await;
    assert_eq!(v["status"], "solved", "{v}");
}

#[tokio::test]
async fn variants_without_one_solution_or_with_broken_givens_are_said() {
    let several = json!("....\n....\n....\n....\nkiller 3 r1c1-2");
    for (path, status) in [
        ("/api/v1/hint", "no_unique_solution"),
        ("/api/v1/explain", "multiple"),
        ("/api/v1/rate", "multiple"),
    ] {
        let (code, v) = post_json(path, json!({ "puzzle": several })).await;
        assert_eq!(
            (code, v["status"].as_str()),
            (StatusCode::OK, Some(status)),
            "{path}: {v}"
        );
        // Givens that break a cage's total: the puzzle is invalid.
        let broken = json!("3...\n....\n....\n....\nkiller 3 r1c1-2");
        let (code, v) = post_json(path, json!({ "puzzle": broken })).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {v}");
        assert_eq!(v["error"]["code"], "invalid_puzzle", "{path}: {v}");
        assert!(
            v["error"]["message"].as_str().unwrap().contains("break"),
            "{v}"
        );
    }
    // A player's grid of another size, and marks of another count.
    let (code, v) = post_json(
        "/api/v1/hint",
        json!({ "puzzle": KILLER, "grid": vec![vec![0; 6]; 6] }),
    )
    .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().starts_with("grid:"),
        "{v}"
    );
    let (code, v) = post_json("/api/v1/hint", json!({ "puzzle": KILLER, "marks": [[1]] })).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

#[tokio::test]
async fn variant_logic_keeps_to_its_time_budget() {
    // A 9×9 of the dev set, with no time at all: each answers, with status `timeout`.
    let dev = include_str!("../../core/tests/data/variants/dev.jsonl");
    let line: Value = serde_json::from_str(dev.lines().next().unwrap()).unwrap();
    let puzzle = &line["fpuzzles"];
    for path in ["/api/v1/hint", "/api/v1/explain", "/api/v1/rate"] {
        let (status, v) = post_json(path, json!({ "puzzle": puzzle, "timeout": 0 })).await;
        assert_eq!(status, StatusCode::OK, "{path}: {v}");
        assert_eq!(v["status"], "timeout", "{path}: {v}");
    }
}

#[tokio::test]
async fn the_document_describes_the_steps_constraints() {
    let (status, _, doc) = super::send(
        super::app(),
        axum::http::Request::get("/api/v1/openapi.json")
            .body(axum::body::Body::empty())
            .expect("a request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let schemas = &doc["components"]["schemas"];
    let step = schemas["StepOut"]["properties"]["constraints"].to_string();
    assert!(step.contains("StepConstraint"), "{step}");
    let fields = &schemas["StepConstraint"]["properties"];
    for field in ["name", "index", "kind"] {
        assert!(fields[field].is_object(), "{field}: {fields}");
    }
    assert!(
        fields["index"].to_string().contains("null"),
        "index may be null: {fields}"
    );
    assert!(schemas["HintRequest"].to_string().contains("variant"));
}
