//! Variant puzzles in the command line: their text decoded, and their solutions written.

use nsudoku::variant::fpuzzles::{Read, ReadOptions};
use nsudoku::variant::{Error, ErrorKind, Puzzle};
use nsudoku::{Grid, Shape, Stop};
use serde_json::{Value, json};

use crate::cli::{EngineArg, Format, SearchArgs};
use crate::input::VariantText;
use crate::output::{Out, Status};

/// Decodes a variant puzzle's text: a JSON document (an f-puzzles puzzle, or an object whose
/// `fpuzzles`, `puzzle` or `link` field holds one), a link, or a payload.
pub fn read(text: &VariantText, ignore_unknown: bool) -> Result<Read, Vec<Error>> {
    let options = ReadOptions { ignore_unknown };
    if text.block {
        return nsudoku::variant::text::from_text_at(&text.text, text.line).map(|puzzle| Read {
            puzzle,
            warnings: Vec::new(),
        });
    }
    let t = text.text.trim();
    if t.starts_with('{') {
        let value: serde_json::Value = serde_json::from_str(t)
            .map_err(|e| vec![Error::new(ErrorKind::Json, format!("not JSON: {e}"), "")])?;
        for field in ["fpuzzles", "puzzle", "link", "url", "payload"] {
            if let Some(inner) = value.get(field).and_then(serde_json::Value::as_str) {
                return read_line(inner, options);
            }
        }
        return nsudoku::variant::fpuzzles::from_value(&value, options);
    }
    read_line(t, options)
}

/// A link or a payload.
fn read_line(t: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let payload = match t.find("?load=") {
        Some(at) => &t[at + "?load=".len()..],
        None => t,
    };
    let payload = payload.rsplit_once("/fpuzzles").map_or(payload, |(_, p)| p);
    let payload = payload.strip_prefix("fpuzzles").unwrap_or(payload);
    let payload = payload
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=");
    nsudoku::variant::fpuzzles::from_payload(&payload, options)
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
