//! Strings as Python's `repr` writes them, for the objects' `__repr__` (and for the
//! exceptions' problems, which `errors.rs` defines below the classes that use it).

use std::fmt::Write as _;

/// A string as Python's `repr` writes it, for the objects' `__repr__`.
pub fn quote(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => write!(out, "\\x{:02x}", c as u32).expect("writing to a String"),
            c => out.push(c),
        }
    }
    out.push(q);
    out
}
