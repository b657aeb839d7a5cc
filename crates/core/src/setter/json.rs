//! The setter's answers as JSON objects, the same at every door (the command line's
//! `-f json`, the HTTP API, the page): cells as `r1c3`, grids as rows, clues with their kind,
//! constraint index and line of the text form.
//!
//! ```text
//!  unique       {"status": "unique", "solution": rows, "clues": [clue…], "redundant": k,
//!               "complete": bool, "minimal"?: {"removed": [clue…], "puzzle": text form,
//!               "minimal": bool}}
//!  clue         {"kind": "given" | "constraint" | "total", "cell"?, "digit"?, "index"?,
//!               "name": "given" | the rule's name, "text", "redundant": bool | null}
//!  multiple     {"status": "multiple", "count", "exact", "estimate"?, "solutions": [rows, rows],
//!               "differ": [cell…], "fixes": [{"cell", "digit", "count", "exact"}…],
//!               "unique_fixes": k | null}
//!  estimate     {"count": number | null (past f64), "log10", "relative_error": number | null,
//!               "probes", "exact", "method"}
//! ```

use serde_json::{Value, json};

use super::{Ambiguity, Analysis, Clue, Clues, Estimate, Minimal};
use crate::variant::Puzzle;
use crate::variant::text::to_text;

/// What the estimator is, as the answers name it.
pub const METHOD: &str = "knuth with exact subtrees";

/// Row-major values as rows of the puzzle's side.
fn rows(values: &[u16], n: usize) -> Value {
    json!(values.chunks(n.max(1)).collect::<Vec<_>>())
}

/// A clue of `puzzle`, and whether it could go (`None`: not checked, or not asked).
pub fn clue(puzzle: &Puzzle, clue: Clue, redundant: Option<bool>) -> Value {
    let mut object = json!({
        "name": clue.name(puzzle),
        "text": clue.text(puzzle),
        "redundant": redundant,
    });
    match clue {
        Clue::Given { cell, digit } => {
            object["kind"] = json!("given");
            object["cell"] = json!(cell.to_string());
            object["digit"] = json!(digit);
        }
        Clue::Constraint(i) => {
            object["kind"] = json!("constraint");
            object["index"] = json!(i);
        }
        Clue::Total(i) => {
            object["kind"] = json!("total");
            object["index"] = json!(i);
        }
    }
    object
}

/// An estimate of a number of solutions.
pub fn estimate(e: &Estimate) -> Value {
    let count = e.count();
    json!({
        "count": count.is_finite().then_some(count),
        "log10": e.log10,
        "relative_error": e.relative_error,
        "probes": e.probes,
        "exact": e.exact,
        "method": METHOD,
    })
}

/// The clues of a unique puzzle.
pub fn clues(puzzle: &Puzzle, c: &Clues) -> Value {
    let mut object = json!({
        "status": "unique",
        "solution": rows(&c.solution, puzzle.size()),
        "clues": c.checks.iter().map(|k| clue(puzzle, k.clue, k.redundant)).collect::<Vec<_>>(),
        "redundant": c.redundant().count(),
        "complete": c.complete(),
    });
    if let Some(m) = &c.minimal {
        object["minimal"] = minimal(puzzle, m);
    }
    object
}

/// A minimal set of `puzzle`'s clues.
pub fn minimal(puzzle: &Puzzle, m: &Minimal) -> Value {
    json!({
        "removed": m.removed.iter().map(|&c| clue(puzzle, c, Some(true))).collect::<Vec<_>>(),
        "puzzle": to_text(&m.puzzle),
        "minimal": m.minimal,
    })
}

/// Why a puzzle is not unique.
pub fn ambiguity(puzzle: &Puzzle, a: &Ambiguity) -> Value {
    let n = puzzle.size();
    json!({
        "status": "multiple",
        "count": a.count.count,
        "exact": a.count.exact,
        "estimate": a.estimate.as_ref().map(estimate),
        "solutions": [rows(&a.solutions[0], n), rows(&a.solutions[1], n)],
        "differ": a.differ.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "fixes": a.fixes.iter().map(|f| json!({
            "cell": f.cell.to_string(),
            "digit": f.digit,
            "count": f.count,
            "exact": f.exact,
        })).collect::<Vec<_>>(),
        "unique_fixes": a.unique_fixes,
    })
}

/// A setter's view of `puzzle`: one of the objects above, or `{"status": "no_solution"}`,
/// `{"status": "timeout"}`.
pub fn analysis(puzzle: &Puzzle, a: &Analysis) -> Value {
    match a {
        Analysis::NoSolution => json!({ "status": "no_solution" }),
        Analysis::Unique(c) => clues(puzzle, c),
        Analysis::Several(a) => ambiguity(puzzle, a),
        Analysis::Interrupted => json!({ "status": "timeout" }),
    }
}
