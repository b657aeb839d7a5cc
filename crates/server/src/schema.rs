//! What the OpenAPI document says beyond the schemas the types derive, so that it describes what
//! the API takes, and a client (or a fuzzer) that follows it reaches the handlers:
//!
//! - a puzzle ([`Puzzle`]) is text, rows of integers or a variant puzzle's JSON object, each
//!   with its bounds, and pencil marks ([`Marks`]) text or lists of digits; both with examples;
//! - the reading options ([`ReadArgs`](crate::api::ReadArgs): `box`, `symbols`,
//!   `ignore_unknown`), which serde flattens into each request, are written into each request's
//!   schema, and the request is closed (`additionalProperties: false`) as serde closes it
//!   (`deny_unknown_fields`); utoipa would write an `allOf` that neither lists them nor closes;
//! - every request has an example that the server answers with 200.
//!
//! What no schema can say (a clue that clashes with another, a box shape that does not fit the
//! grid's side, a symbol given twice) is still answered 400 or 422.

use serde_json::{Value, json};
use utoipa::openapi::schema::{
    AdditionalProperties, AnyOfBuilder, ArrayBuilder, ArrayItems, ObjectBuilder, Schema, Type,
};
use utoipa::openapi::{OpenApi, RefOr};
use utoipa::{Modify, PartialSchema, ToSchema};

use crate::api::{Marks, Puzzle};

/// A 9×9 puzzle with one solution.
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A 4×4 puzzle.
const SMALL: &str = "1.3..4.....4.1.2";

/// A variant puzzle in the text form: a 4×4 grid, a thermometer and a killer cage.
const VARIANT: &str = "1...\n....\n....\n...1\nthermo r1c2-4\nkiller 7 r2c1-2\n";

/// The largest side of a grid, and so the largest digit ([`nsudoku::MAX_SIDE`]).
const MAX_SIDE: usize = nsudoku::MAX_SIDE;

/// An integer from `low` to `high`.
fn integer(low: usize, high: usize) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(low))
        .maximum(Some(high))
}

/// An array of `items`, from `low` to `high` of them.
fn array(items: impl Into<RefOr<Schema>>, low: usize, high: usize) -> ArrayBuilder {
    ArrayBuilder::new()
        .items(ArrayItems::RefOrSchema(Box::new(items.into())))
        .min_items(Some(low))
        .max_items(Some(high))
}

/// A string of at least one character.
fn text(description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .description(Some(description))
}

impl PartialSchema for Puzzle {
    fn schema() -> RefOr<Schema> {
        let rows = array(array(integer(0, MAX_SIDE), 1, MAX_SIDE), 1, MAX_SIDE).description(Some(
            "Rows of integers, 0 for an empty cell: N rows of N values from 0 to N.",
        ));
        let fpuzzles = ObjectBuilder::new()
            .schema_type(Type::Object)
            .required("size")
            .required("grid")
            .property("size", integer(1, nsudoku::variant::MAX_SIDE))
            .property("grid", ArrayBuilder::new())
            .description(Some(
                "An f-puzzles JSON document: `{\"size\": 9, \"grid\": […], \"killercage\": […], …}`.",
            ));
        let sudokupad = ObjectBuilder::new()
            .schema_type(Type::Object)
            .required("cells")
            .property("cells", ArrayBuilder::new())
            .description(Some("A SudokuPad (SCL) object: `{\"cells\": […], …}`."));
        let object = AnyOfBuilder::new()
            .schema_type(Type::Object)
            .item(fpuzzles)
            .item(sudokupad)
            .description(Some("A variant puzzle as a JSON object."));
        AnyOfBuilder::new()
            .item(text(
                "Text: a classic grid in any text format, or a variant puzzle's link, payload or \
                 text form.",
            ))
            .item(rows)
            .item(object)
            .description(Some(
                "A puzzle: a string in any text format the command line reads (an 81-character \
                 line, a grid with line breaks, numbers for big sizes), or an array of rows of \
                 integers (0 empty); or a variant puzzle (killer cages, thermometers, arrows, …): \
                 an f-puzzles JSON document or a SudokuPad (SCL) JSON object as an object, or as \
                 a string an f-puzzles or SudokuPad link, an f-puzzles or SudokuPad payload \
                 (`scl…`, `ctc…`, `fpuz…`), or nsudoku's variant text form (a grid's rows, then a \
                 constraint a line: `killer 15 r1c1-3`, `thermo r2c1-5`). Variant puzzles are \
                 solved, counted, checked, read, hinted, explained and rated; canonical forms, \
                 duplicates and copies (`canon`, `dedup`, `transform`) are of classic grids only.",
            ))
            .examples([json!(CLASSIC), json!(rows_of(SMALL)), json!(VARIANT)])
            .into()
    }
}

impl ToSchema for Puzzle {}

impl PartialSchema for Marks {
    fn schema() -> RefOr<Schema> {
        AnyOfBuilder::new()
            .item(text(
                "`1 24 3 …`: one token of digits a cell, `.` for none.",
            ))
            .item(
                array(
                    array(integer(1, MAX_SIDE), 0, MAX_SIDE),
                    1,
                    MAX_SIDE * MAX_SIDE,
                )
                .description(Some(
                    "`[[1], [2, 4], [], …]`: each cell's digits (from 1 to N), in reading order.",
                )),
            )
            .description(Some(
                "Pencil marks: the command line's text (one token a cell, `.` for none), or one \
                 list of digits a cell in reading order (empty: not marked).",
            ))
            .into()
    }
}

impl ToSchema for Marks {}

/// The rows of a puzzle written on one line, 0 for `.`.
fn rows_of(line: &str) -> Vec<Vec<u32>> {
    let cells: Vec<u32> = line.chars().map(|c| c.to_digit(10).unwrap_or(0)).collect();
    let n = cells.len().isqrt();
    cells.chunks(n).map(<[u32]>::to_vec).collect()
}

/// An example of each request the server answers with 200.
fn example(request: &str) -> Option<Value> {
    Some(match request {
        "SolveRequest" | "HintRequest" | "CanonRequest" => json!({ "puzzle": CLASSIC }),
        "CountRequest" => json!({ "puzzle": SMALL, "limit": 10, "estimate": true }),
        "SetterRequest" => json!({ "puzzle": SMALL, "fixes": 3, "limit": 1000, "timeout": 5 }),
        "CheckRequest" => json!({ "puzzle": CLASSIC, "grid": CLASSIC }),
        "LogicRequest" => json!({ "puzzle": CLASSIC, "timeout": 10 }),
        "ReadRequest" => json!({ "puzzle": VARIANT }),
        "CandidatesRequest" => json!({ "puzzle": SMALL, "timeout": 5 }),
        "DedupRequest" => json!({ "puzzles": [CLASSIC, SMALL] }),
        "TransformRequest" => json!({ "puzzle": CLASSIC, "count": 2, "seed": 1 }),
        "GenerateRequest" => json!({ "size": 4, "symmetry": "rot180", "seed": 1 }),
        _ => return None,
    })
}

/// The document's refinements of the requests: each with the reading options written in,
/// closed, and with an example.
pub(crate) struct Requests;

impl Modify for Requests {
    fn modify(&self, doc: &mut OpenApi) {
        let Some(components) = doc.components.as_mut() else {
            return;
        };
        let Some(RefOr::T(Schema::Object(read))) = components.schemas.remove("ReadArgs") else {
            return;
        };
        for (name, schema) in components.schemas.iter_mut() {
            let Some(example) = example(name) else {
                continue;
            };
            if let RefOr::T(Schema::AllOf(all)) = schema {
                let own = all.items.iter().find_map(|item| match item {
                    RefOr::T(Schema::Object(own)) => Some(own.clone()),
                    _ => None,
                });
                let mut closed = own.unwrap_or_default();
                for (key, property) in &read.properties {
                    closed.properties.insert(key.clone(), property.clone());
                }
                closed.description = all.description.take();
                closed.additional_properties =
                    Some(Box::new(AdditionalProperties::FreeForm(false)));
                *schema = RefOr::T(Schema::Object(closed));
            }
            if let RefOr::T(Schema::Object(object)) = schema {
                object.examples = vec![example];
            }
        }
    }
}
