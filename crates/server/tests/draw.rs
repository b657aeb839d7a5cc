//! `POST /api/v1/read`: a puzzle in any form, answered as the page draws it. Each constraint
//! is the library's, in its order, with its cells and values; the links and the text form
//! read back to the same puzzle.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use nsudoku::variant::{self, fpuzzles::ReadOptions};
use serde_json::{Value, json};

use super::{PUZZLE, app, post_json, send};

const DEV: &str = include_str!("../../core/tests/data/variants/dev.jsonl");

/// `[row, column]`, 1-based, of each cell.
fn cells_of(cells: &[nsudoku::Cell]) -> Value {
    json!(
        cells
            .iter()
            .map(|c| [c.row() + 1, c.col() + 1])
            .collect::<Vec<_>>()
    )
}

#[tokio::test]
async fn every_constraint_of_a_dev_puzzle_is_drawn_in_order_and_its_links_read_back() {
    // Every seventh dev puzzle: thermometers, lines, cages, dots, clues outside the grid.
    for line in DEV.lines().step_by(7) {
        let dev: Value = serde_json::from_str(line).expect("a JSON line");
        let payload = dev["fpuzzles"].as_str().expect("a payload");
        let name = dev["name"].as_str().expect("a name");
        let read = variant::read(payload, ReadOptions::default()).expect("a dev puzzle");
        let puzzle = &read.puzzle;
        let (status, v) = post_json("/api/v1/read", json!({ "puzzle": payload })).await;
        assert_eq!(status, StatusCode::OK, "{name}: {v}");
        let n = puzzle.size();
        assert_eq!(v["size"], n, "{name}");
        assert_eq!(v["title"].as_str(), puzzle.info.title.as_deref(), "{name}");
        let givens: Vec<u64> = v["givens"]
            .as_array()
            .expect("rows")
            .iter()
            .flat_map(|r| {
                r.as_array()
                    .expect("a row")
                    .iter()
                    .map(|x| x.as_u64().expect("a digit"))
            })
            .collect();
        let expected: Vec<u64> = puzzle.givens().iter().map(|&g| u64::from(g)).collect();
        assert_eq!(givens, expected, "{name}");
        let regions: Vec<u64> = v["regions"]
            .as_array()
            .expect("rows")
            .iter()
            .flat_map(|r| {
                r.as_array()
                    .expect("a row")
                    .iter()
                    .map(|x| x.as_u64().expect("a region"))
            })
            .collect();
        let expected: Vec<u64> = puzzle.regions().iter().map(|&r| u64::from(r)).collect();
        assert_eq!(regions, expected, "{name}");

        let drawn = v["constraints"].as_array().expect("constraints");
        assert_eq!(drawn.len(), puzzle.constraints().len(), "{name}");
        for (d, c) in drawn.iter().zip(puzzle.constraints()) {
            assert_eq!(d["kind"], c.name(), "{name}");
            if !c.name().starts_with("diagonal") && c.name() != "clone" {
                assert_eq!(d["cells"], cells_of(&c.cells()), "{name}: {}", c.name());
            }
        }

        // Share: each link and the text form read back to the same puzzle.
        for key in ["fpuzzles", "sudokupad", "text"] {
            let text = v[key]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: {key} in {v}"));
            let back = variant::read(text, ReadOptions::default()).expect("it reads back");
            assert_eq!(
                back.puzzle.constraints(),
                puzzle.constraints(),
                "{name}: {key}"
            );
            assert_eq!(back.puzzle.givens(), puzzle.givens(), "{name}: {key}");
        }
    }
}

#[tokio::test]
async fn values_clues_and_directions_are_given_where_the_page_draws_them() {
    let puzzle = "......\n......\n......\n......\n......\n......\n\
                  killer 10 r1c1-3\n\
                  littlekiller 5 r0c3 downleft\n\
                  sandwich 5 r2\n\
                  xsum 6 c4 bottom\n\
                  arrow r3c3 r3c4-5\n\
                  clone r1c5-6 = r6c1-2\n\
                  diagonal-\n";
    let (status, v) = post_json("/api/v1/read", json!({ "puzzle": puzzle })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["box"], "3x2", "{v}");
    let c = &v["constraints"];
    assert_eq!(
        c[0],
        json!({ "kind": "killer", "cells": [[1, 1], [1, 2], [1, 3]], "value": 10 })
    );
    assert_eq!(c[1]["kind"], "littlekiller");
    assert_eq!(c[1]["clue"], json!([0, 3]));
    assert_eq!(c[1]["direction"], "down-left");
    assert_eq!(c[1]["value"], 5);
    assert_eq!(c[1]["cells"], json!([[1, 2], [2, 1]]));
    assert_eq!(
        c[2]["clue"],
        json!([2, 0]),
        "a sandwich is read from the left: {v}"
    );
    assert_eq!(c[2]["cells"], json!([]));
    assert_eq!(c[3]["clue"], json!([7, 4]));
    assert_eq!(c[3]["side"], "bottom");
    assert_eq!(c[4]["bulb"], 1);
    assert_eq!(c[4]["cells"], json!([[3, 3], [3, 4], [3, 5]]));
    assert_eq!(c[5]["cells"], json!([[1, 5], [1, 6]]));
    assert_eq!(c[5]["copies"], json!([[6, 1], [6, 2]]));
    assert_eq!(c[6]["kind"], "diagonal-");
    assert_eq!(c[6]["cells"].as_array().map(Vec::len), Some(6));
    assert_eq!(c[6]["cells"][5], json!([6, 6]));
}

#[tokio::test]
async fn a_classic_puzzle_reads_too_and_bad_input_is_refused() {
    let (status, v) = post_json("/api/v1/read", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (v["size"].as_u64(), v["box"].as_str()),
        (Some(9), Some("3x3"))
    );
    assert_eq!(v["constraints"], json!([]));
    assert_eq!(v["givens"][0][0], 5);

    // Givens that break a rule are drawn (check says what is wrong); a total no cells can make
    // is not read.
    let (status, v) = post_json(
        "/api/v1/read",
        json!({ "puzzle": "....\n....\n....\n....\nkiller 99 r1c1-2\n" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"]["message"].is_string(), "{v}");
    let (status, v) = post_json("/api/v1/read", json!({ "puzzle": PUZZLE, "limit": 3 })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn check_indexes_the_constraints_read_draws() {
    let puzzle = "....\n....\n....\n....\nthermo r4c1-4\nkiller 3 r1c1-2\n";
    let (_, drawn) = post_json("/api/v1/read", json!({ "puzzle": puzzle })).await;
    let (_, v) = post_json(
        "/api/v1/check",
        json!({ "puzzle": puzzle, "grid": "13..\n....\n....\n...." }),
    )
    .await;
    let broken = &v["broken"][0];
    let index = broken["constraint"].as_u64().expect("an index") as usize;
    assert_eq!(drawn["constraints"][index]["kind"], broken["name"], "{v}");
    assert_eq!(drawn["constraints"][index]["kind"], "killer");
}

#[tokio::test]
async fn the_openapi_document_describes_read_and_candidates() {
    let request = Request::get("/api/v1/openapi.json")
        .body(Body::empty())
        .expect("a request");
    let (status, _, doc) = send(app(), request).await;
    assert_eq!(status, StatusCode::OK);
    let at = |pointer: String| doc.pointer(&pointer).cloned().unwrap_or(Value::Null);
    for (path, answer) in [
        ("read", "ReadResponse"),
        ("candidates", "CandidatesResponse"),
    ] {
        let post = format!("/paths/~1api~1v1~1{path}/post");
        let ok = at(format!(
            "{post}/responses/200/content/application~1json/schema/$ref"
        ));
        assert_eq!(
            ok,
            json!(format!("#/components/schemas/{answer}")),
            "{path}"
        );
        assert!(at(format!("{post}/responses/422")).is_object(), "{path}");
    }
    for field in [
        "kind",
        "cells",
        "value",
        "clue",
        "direction",
        "bulb",
        "copies",
        "digits",
    ] {
        let schema = at(format!(
            "/components/schemas/DrawnConstraint/properties/{field}"
        ));
        assert!(schema.is_object(), "DrawnConstraint.{field}");
    }
}
