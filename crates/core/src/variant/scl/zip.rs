//! SudokuPad's zipped JSON, undone: a JSON-like text with `'` for `"`, keys unquoted and
//! abbreviated (`ce` for `cells`), empty objects left out of arrays (`[,,{v:5}]`), `t`/`f` for
//! the booleans and short colours (`#0`, `#F`, `CFCFCF`).
//!
//! [`unzip`] is one pass over the characters that copies string literals untouched and
//! rewrites only what lies between them, so a `'`, `:` or `,` inside a text is never taken for
//! syntax; [`expand_keys`] then renames the abbreviated keys at every depth. SudokuPad's own
//! last step, a `#` before every six-hex-digit string, is left to the colour reader, which takes
//! `CFCFCF` for `#CFCFCF` (so a text such as `"decade"` stays a text).

use serde_json::{Map, Value};

/// The abbreviated keys and what they stand for.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// The zipped text as strict JSON text (which may still fail to parse, if it was neither).
pub(super) fn unzip(text: &str) -> String {
    let text = requote(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '"' => {
                // A string literal, escapes and all, up to its closing quote.
                out.push('"');
                while i < chars.len() {
                    let s = chars[i];
                    out.push(s);
                    i += 1;
                    if s == '\\' {
                        if let Some(&e) = chars.get(i) {
                            out.push(e);
                            i += 1;
                        }
                    } else if s == '"' {
                        break;
                    }
                }
            }
            ',' | '[' | '{' => {
                out.push(c);
                let next = chars.get(i).copied();
                let elided = match c {
                    '{' => matches!(next, Some(',' | ']')),
                    _ => matches!(next, Some(',' | '}' | ']')),
                };
                if elided {
                    out.push_str("{}");
                    continue;
                }
                let run = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .count();
                if run > 0 && chars.get(i + run) == Some(&':') {
                    out.push('"');
                    out.extend(&chars[i..i + run]);
                    out.push('"');
                    i += run;
                }
            }
            ':' => {
                out.push(':');
                let run = chars[i..]
                    .iter()
                    .take_while(|c| !matches!(c, ',' | '}' | ']' | '"' | '{' | '[' | ':'))
                    .count();
                if !matches!(chars.get(i + run), Some(',' | '}' | ']')) {
                    continue;
                }
                let value: String = chars[i..i + run].iter().collect();
                let short = match value.as_str() {
                    "t" => "true".to_owned(),
                    "f" => "false".to_owned(),
                    "#0" => "\"#000000\"".to_owned(),
                    "#F" => "\"#FFFFFF\"".to_owned(),
                    v if v.len() == 6 && v.bytes().all(|b| b.is_ascii_hexdigit()) => {
                        format!("\"#{v}\"")
                    }
                    _ => continue,
                };
                out.push_str(&short);
                i += run;
            }
            _ => out.push(c),
        }
    }
    out
}

/// `'` back to `"`, when the text has no `"` at all: `\'` is a quote inside a text (a `'` or
/// a `"` of the original), `\\` an escaped backslash.
fn requote(text: &str) -> String {
    if text.contains('"') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('\'') => out.push('\''),
                Some(e) => {
                    out.push('\\');
                    out.push(e);
                }
                None => out.push('\\'),
            },
            '\'' => out.push('"'),
            _ => out.push(c),
        }
    }
    out
}

/// The document with every abbreviated key written in full, at every depth. An object's keys
/// are renamed together: a key the table abbreviates wins over one already written in full.
pub(super) fn expand_keys(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(expand_keys).collect()),
        Value::Object(map) => {
            let mut out = Map::with_capacity(map.len());
            let mut short = Vec::new();
            for (k, v) in map {
                match KEYS.iter().find(|(s, _)| *s == k) {
                    Some((_, full)) => short.push((*full, expand_keys(v))),
                    None => {
                        out.insert(k, expand_keys(v));
                    }
                }
            }
            for (k, v) in short {
                out.insert(k.to_owned(), v);
            }
            Value::Object(out)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(zipped: &str) -> Value {
        let text = unzip(zipped);
        expand_keys(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}")))
    }

    #[test]
    fn elided_objects_keys_booleans_and_colours_come_back() {
        assert_eq!(
            json("{ce:[[,,{v:5}],[,,,]],u:[{r:t,c1:#0,c2:#F,c:CFCFCF,w:0.5}],x:{}}"),
            serde_json::json!({
                "cells": [[{}, {}, {"value": 5}], [{}, {}, {}, {}]],
                "underlays": [{"rounded": true, "borderColor": "#000000",
                    "backgroundColor": "#FFFFFF", "color": "#CFCFCF", "width": 0.5}],
                "x": {}
            })
        );
    }

    #[test]
    fn texts_keep_their_quotes_colons_and_commas() {
        let v = json(r"{ca:[{v:'rules: don\'t repeat, ever: [a,b]'},{v:'say \'hi\''}],f:f}");
        assert_eq!(v["cages"][0]["value"], "rules: don't repeat, ever: [a,b]");
        assert_eq!(v["cages"][1]["value"], "say 'hi'");
        assert_eq!(v["f"], false);
        // An escaped backslash before a closing quote.
        assert_eq!(json(r"{te:'a\\'}")["text"], "a\\");
    }

    #[test]
    fn an_empty_list_in_a_list_becomes_an_empty_object() {
        assert_eq!(
            json("{re:[[[0,0]],[]]}")["regions"],
            serde_json::json!([[[0, 0]], [{}]])
        );
    }

    #[test]
    fn d2_is_path_data_and_d_is_a_duration() {
        let v = json("{l:[{d2:'M 0 0 L 1 1',d:5}]}");
        assert_eq!(v["lines"][0]["d"], "M 0 0 L 1 1");
        assert_eq!(v["lines"][0]["duration"], 5);
    }

    #[test]
    fn a_text_with_double_quotes_is_left_as_it_is() {
        assert_eq!(unzip("{\"a\":'x'}"), "{\"a\":'x'}");
    }
}
