//! Variant puzzles in the command line: their text decoded, and their solutions written.

use nsudoku::variant::check::Broken;
use nsudoku::variant::fpuzzles::{Read, ReadOptions};
use nsudoku::variant::{Error, Puzzle};
use nsudoku::{Grid, Shape, Stop};
use serde_json::{Value, json};

use crate::cli::{EngineArg, Format, SearchArgs};
use crate::input::VariantText;
use crate::output::{Out, Status};

/// Decodes a variant puzzle's text: a block of the text form (its lines numbered as in the
/// file), or a JSON document, link or payload ([`nsudoku::variant::read`]).
pub fn read(text: &VariantText, ignore_unknown: bool) -> Result<Read, Vec<Error>> {
    let options = ReadOptions { ignore_unknown };
    if text.block {
        return nsudoku::variant::text::from_text_at(&text.text, text.line).map(Read::new);
    }
    nsudoku::variant::read(&text.text, options)
}

/// A variant puzzle's values as a grid to print: in its boxes when its regions are boxes, else
/// in the default boxes of its side (irregular regions are not drawn).
pub fn grid_of(puzzle: &Puzzle, values: &[u16]) -> Grid {
    let shape = display_shape(puzzle);
    Grid::from_values(shape, values).unwrap_or_else(|_| Grid::empty(shape))
}

/// The boxes a variant puzzle is printed in (see [`grid_of`]).
pub fn display_shape(puzzle: &Puzzle) -> Shape {
    puzzle
        .box_shape()
        .or_else(|| Shape::for_side(puzzle.size()).ok())
        .unwrap_or(Shape::CLASSIC)
}

/// The JSON fields that describe a variant puzzle: its size, its boxes when its regions are
/// boxes, and how many constraints it has.
pub fn fields(puzzle: &Puzzle) -> Value {
    let mut fields = json!({ "size": puzzle.size(), "constraints": puzzle.constraints().len() });
    if let Some(shape) = puzzle.box_shape() {
        fields["box"] = json!(shape.to_string());
    }
    fields
}

/// The stop of a search as the command line asks for it.
pub fn stop(search: &SearchArgs) -> Stop {
    Stop {
        deadline: search
            .timeout
            .and_then(|t| std::time::Instant::now().checked_add(t)),
        progress: Some(search.guesses.clone()),
        ..Stop::default()
    }
}

/// Why the engine asked for cannot solve a variant puzzle, if it cannot.
pub fn unfit_engine(search: &SearchArgs) -> Option<&'static str> {
    (search.engine != EngineArg::Auto).then_some(
        "--engine chooses among the classic engines: variant puzzles have their own (leave --engine out)",
    )
}

/// A variant puzzle that could not be read: its problems on stderr (or in the JSON object), a
/// comment in the text output, and exit status 2.
pub fn invalid(out: &mut Out, errors: &[Error]) {
    out.fail(Status::InputError);
    if out.format == Format::Json {
        return out.json(json!({ "status": "invalid", "errors": errors }));
    }
    for e in errors {
        out.note(&e.to_string());
    }
    out.comment("invalid");
}

/// What a reader skipped or did not understand, on stderr.
pub fn warnings(out: &mut Out, read: &Read) {
    for w in &read.warnings {
        out.note(&format!("warning: {w}"));
    }
}

/// Rules broken as JSON errors: `kind` `broken`, the message, the constraint's name and index,
/// the cells.
pub fn broken_json(puzzle: &Puzzle, broken: &[Broken]) -> serde_json::Value {
    broken
        .iter()
        .map(|b| {
            let name = b.constraint.map(|i| puzzle.constraints()[i].name());
            json!({
                "kind": "broken",
                "message": b.message,
                "constraint": name,
                "index": b.constraint,
                "cells": b.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Givens that break a rule make the puzzle invalid, as clashing clues make a classic one:
/// said like a reading error (exit status 2). True when it was said.
pub fn broken_givens(out: &mut Out, puzzle: &Puzzle) -> bool {
    let broken = puzzle.broken(puzzle.givens());
    if broken.is_empty() {
        return false;
    }
    out.fail(Status::InputError);
    if out.format == Format::Json {
        out.json(json!({ "status": "invalid", "errors": broken_json(puzzle, &broken) }));
        return true;
    }
    for b in &broken {
        out.note(&b.message);
    }
    out.comment("invalid");
    true
}
