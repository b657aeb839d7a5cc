//! One puzzle, written any way a user pastes it: an f-puzzles, SudokuPad or ISS link, a bare
//! payload, or a JSON document.
//!
//! - **f-puzzles links**: `https://f-puzzles.com/?load=<payload>` (any scheme, `www.` or not,
//!   the payload percent-encoded or not, other query parameters around it).
//! - **SudokuPad links**, on `sudokupad.app` and its subdomains, the legacy CTC app
//!   (`app.crackingthecryptic.com`, `test.…`) and `sudokupad.svencodes.com`, and the app's
//!   `sudokupad://puzzle/<id>`: the puzzle id is the `puzzleid` query parameter when there is
//!   one, else the whole path (base64 has `/`s) without one leading `sudoku/` or `puzzle/`, up to
//!   the query or fragment. A whole link percent-encoded (`https%3A%2F%2F…`) is decoded first.
//! - **ISS links**: `https://sigh.github.io/Interactive-Sudoku-Solver/?q=<constraint string>`,
//!   or any host serving ISS's page (`…/Interactive-Sudoku-Solver/?q=…`), go to
//!   [`super::iss::from_text`].
//! - **Ids and bare payloads**: `scl…`/`ctc…` go to [`super::scl`], `fpuzzles…`/`fpuz…` through
//!   the same decoding steps to [`super::fpuzzles`]; SudokuPad's `scf…`, `classic…` and
//!   `pack…` formats are not read. Text without a prefix is an f-puzzles payload (or any
//!   payload that decodes to a puzzle document); a short word that is none is a short id, which
//!   only SudokuPad's server can open.
//! - **JSON**: an object with `size` and `grid` is f-puzzles', one with `cells` SudokuPad's
//!   (plain or zipped).
//!
//! Errors about the link itself are [`ErrorKind::Decode`], with the reason; errors inside the
//! puzzle are the readers'.

use serde_json::Value;

use super::fpuzzles::{self, Read, ReadOptions};
use super::scl;
use super::{Error, ErrorKind};

/// Reads one puzzle from a link, a payload or a JSON document.
///
/// ```
/// use nsudoku::variant::fpuzzles::ReadOptions;
/// use nsudoku::variant::link::read_text;
///
/// // A SudokuPad link whose puzzle is SCL JSON, not compressed: a 2×2 grid without boxes.
/// let link = r#"https://sudokupad.app/scl{"cells":[[{},{}],[{},{"value":1}]]}"#;
/// let read = read_text(link, ReadOptions::default()).expect("a puzzle");
/// assert_eq!(read.puzzle.givens(), [0, 0, 0, 1]);
///
/// let error = read_text("https://sudokupad.app/psxczr0jpr", ReadOptions::default()).unwrap_err();
/// assert!(error[0].message.contains("SudokuPad short id"));
/// ```
pub fn read_text(text: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let text = text.trim();
    if text.is_empty() {
        return Err(decode_error("there is nothing to read"));
    }
    if text.starts_with('{') {
        return read_json(text, options);
    }
    let lower = text.to_ascii_lowercase();
    let decoded;
    let text = if lower.starts_with("http%3a") || lower.starts_with("https%3a") {
        decoded = scl::percent_decoded(text);
        decoded.as_str()
    } else {
        text
    };
    match split_url(text) {
        Some((host, rest)) => read_url(&host, rest, options),
        None => read_id(text, options),
    }
}

fn decode_error(message: impl Into<String>) -> Vec<Error> {
    vec![Error::new(ErrorKind::Decode, message, "")]
}

fn read_json(text: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    match serde_json::from_str::<Value>(text) {
        Ok(value) if scl::is_fpuzzles(&value) => fpuzzles::from_value(&value, options),
        Ok(value) if value.get("cells").is_some() => scl::from_value(&value, options),
        Ok(_) => Err(vec![Error::new(
            ErrorKind::Json,
            "a JSON puzzle is an f-puzzles document (\"size\", \"grid\") or a SudokuPad one (\"cells\")",
            "",
        )]),
        // Not JSON: SudokuPad's zipped JSON, or neither.
        Err(_) => scl::from_json(text, options),
    }
}

/// Hosts that serve SudokuPad.
fn sudokupad_host(host: &str) -> bool {
    host == "sudokupad.app"
        || host.ends_with(".sudokupad.app")
        || host == "crackingthecryptic.com"
        || host.ends_with(".crackingthecryptic.com")
        || host == "sudokupad.svencodes.com"
}

/// The host (lowercase, without `www.` and port) and what follows it, if the text is a link:
/// it has a scheme, or starts with a known host and a `/` or `?`.
fn split_url(text: &str) -> Option<(String, &str)> {
    let (scheme, rest) = match text.split_once("://") {
        Some((scheme, rest))
            if !scheme.is_empty()
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) =>
        {
            (Some(scheme.to_ascii_lowercase()), rest)
        }
        _ => (None, text),
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = rest[..end].to_ascii_lowercase();
    let host = host
        .split(':')
        .next()
        .unwrap_or("")
        .trim_start_matches("www.")
        .to_owned();
    if scheme.as_deref() == Some("sudokupad") {
        // sudokupad://puzzle/<id>: the "host" is the first segment of the path.
        return Some(("sudokupad".to_owned(), &rest[end..]));
    }
    let known = host == "f-puzzles.com" || sudokupad_host(&host) || host == "sigh.github.io";
    if scheme.is_some() || (known && end < rest.len()) {
        Some((host, &rest[end..]))
    } else {
        None
    }
}

/// The value of query parameter `key` in `rest` (a path, query and fragment).
fn query<'a>(rest: &'a str, key: &str) -> Option<&'a str> {
    let rest = rest.split('#').next().unwrap_or("");
    let (_, query) = rest.split_once('?')?;
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == key).then_some(v)
    })
}

fn read_url(host: &str, rest: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    if host == "sigh.github.io"
        || rest
            .to_ascii_lowercase()
            .contains("/interactive-sudoku-solver")
    {
        return super::iss::from_text(&format!("https://{host}{rest}"), options);
    }
    if host == "f-puzzles.com" {
        if let Some(payload) = query(rest, "load") {
            return read_fpuzzles(payload, options);
        }
        if let Some(id) = query(rest, "id") {
            return Err(decode_error(format!(
                "\"{id}\" is an f-puzzles short id, which only f-puzzles' server can open; share a link with the puzzle in it (?load=…)"
            )));
        }
        return Err(decode_error(
            "the f-puzzles link has no puzzle (no ?load=…)",
        ));
    }
    if !(host == "sudokupad" || sudokupad_host(host)) {
        return Err(decode_error(format!(
            "{host:?} is not an f-puzzles, SudokuPad or ISS address"
        )));
    }
    let id = match query(rest, "puzzleid") {
        Some(id) => id,
        None => {
            let path = rest
                .split(['?', '#'])
                .next()
                .unwrap_or("")
                .trim_start_matches('/');
            match host {
                "sudokupad" => path.strip_prefix("puzzle/").unwrap_or(path),
                _ => path
                    .strip_prefix("sudoku/")
                    .or_else(|| path.strip_prefix("puzzle/"))
                    .unwrap_or(path),
            }
        }
    };
    if id.is_empty() {
        return Err(decode_error("the SudokuPad link names no puzzle"));
    }
    read_id(id, options)
}

/// A SudokuPad puzzle id, or a bare payload.
fn read_id(id: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    for prefix in ["scl", "ctc"] {
        if let Some(payload) = id.strip_prefix(prefix) {
            return scl::from_payload(payload, options);
        }
    }
    for prefix in ["fpuzzles", "fpuz"] {
        if let Some(payload) = id.strip_prefix(prefix) {
            if payload.len() <= 20 {
                return Err(decode_error(format!(
                    "\"{id}\" is an f-puzzles short id, which only SudokuPad's server can open; share a link with the puzzle in it"
                )));
            }
            return read_fpuzzles(payload, options);
        }
    }
    for (prefix, what) in [
        ("scf", "compact classic format"),
        ("classic", "classic format"),
        ("pack", "puzzle packs"),
    ] {
        if id.starts_with(prefix) {
            return Err(decode_error(format!(
                "SudokuPad's {what} (\"{prefix}…\") is not read; share the puzzle as an f-puzzles or SCL link"
            )));
        }
    }
    match scl::decode(id) {
        Ok(decoded) if scl::is_fpuzzles(&decoded.value) => with(
            decoded.warnings,
            fpuzzles::from_value(&decoded.value, options),
        ),
        Ok(decoded) if decoded.value.get("cells").is_some() => {
            with(decoded.warnings, scl::from_value(&decoded.value, options))
        }
        Ok(_) => Err(decode_error(
            "the payload decodes to JSON that is not a puzzle",
        )),
        Err(_) if short_id(id) => Err(decode_error(format!(
            "\"{id}\" is a SudokuPad short id, which only SudokuPad's server can open; share a link with the puzzle in it"
        ))),
        Err(e) => Err(vec![e]),
    }
}

/// Whether an id looks like one of SudokuPad's short ids (`psxczr0jpr`, `gdc/loop-pack/x`).
fn short_id(id: &str) -> bool {
    id.len() <= 40
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_/.".contains(&b))
}

/// Reads an f-puzzles payload through SudokuPad's decoding steps.
fn read_fpuzzles(payload: &str, options: ReadOptions) -> Result<Read, Vec<Error>> {
    let decoded = scl::decode(payload).map_err(|e| vec![e])?;
    if !scl::is_fpuzzles(&decoded.value) {
        return Err(decode_error(
            "the payload is not an f-puzzles document (it has no \"size\" and \"grid\")",
        ));
    }
    with(
        decoded.warnings,
        fpuzzles::from_value(&decoded.value, options),
    )
}

/// The read, with the decoding's warnings first.
fn with(warnings: Vec<String>, read: Result<Read, Vec<Error>>) -> Result<Read, Vec<Error>> {
    read.map(|mut read| {
        for (i, w) in warnings.into_iter().enumerate() {
            read.warnings.insert(i, w);
        }
        read
    })
}
