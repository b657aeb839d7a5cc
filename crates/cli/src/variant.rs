//! Variant puzzles in the command line: their text decoded, and their solutions written.

use nsudoku::variant::fpuzzles::{Read, ReadOptions};
use nsudoku::variant::{Error, ErrorKind};

use crate::input::VariantText;

/// Decodes a variant puzzle's text: a JSON document (an f-puzzles puzzle, or an object whose
/// `fpuzzles`, `puzzle` or `link` field holds one), a link, or a payload.
pub fn read(text: &VariantText, ignore_unknown: bool) -> Result<Read, Vec<Error>> {
    let options = ReadOptions { ignore_unknown };
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
