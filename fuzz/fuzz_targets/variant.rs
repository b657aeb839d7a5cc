//! Bytes as an f-puzzles payload and as an f-puzzles JSON document, read with and without
//! `ignore_unknown`: nothing panics, a refusal lists 1 to 100 errors, and every puzzle read is
//! written back and read again as the same puzzle (the same rules; once read, the same order).
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use nsudoku::variant::fpuzzles::{
    Read, ReadOptions, from_json, from_payload, to_json, to_payload, to_value,
};
use nsudoku::variant::{Constraint, Error, Puzzle};

/// Each constraint of `puzzle`, counted.
fn counts(puzzle: &Puzzle) -> HashMap<&Constraint, usize> {
    let mut m = HashMap::new();
    for c in puzzle.constraints() {
        *m.entry(c).or_default() += 1;
    }
    m
}

/// Everything but the order of the constraints is equal; the constraints are the same
/// multiset.
fn assert_same_rules(got: &Puzzle, want: &Puzzle) {
    assert_eq!(got.size(), want.size());
    assert_eq!(got.givens(), want.givens());
    assert_eq!(got.candidates(), want.candidates());
    assert_eq!(got.regions(), want.regions());
    assert_eq!(got.info, want.info);
    assert_eq!(counts(got), counts(want));
}

fn check(result: Result<Read, Vec<Error>>) {
    let puzzle = match result {
        Ok(read) => read.puzzle,
        Err(errors) => {
            assert!(!errors.is_empty() && errors.len() <= 100, "{errors:?}");
            return;
        }
    };
    // A puzzle read from f-puzzles holds nothing f-puzzles cannot carry.
    let json = to_json(&puzzle).expect("a puzzle read is writable");
    let options = ReadOptions::default();
    let back = from_json(&json, options).expect("the writer's document reads");
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    let back = back.puzzle;
    assert_same_rules(&back, &puzzle);
    let again = to_json(&back).expect("writable");
    assert_eq!(from_json(&again, options).expect("reads").puzzle, back);
    let payload = to_payload(&puzzle).expect("writable");
    assert_eq!(from_payload(&payload, options).expect("reads").puzzle, back);
    assert_eq!(to_value(&back).ok().map(|v| v.to_string()), Some(again));
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for read in [from_payload, from_json] {
        let strict = read(&text, ReadOptions::default());
        // Unknown keys ignored: only worth reading again when the strict read failed.
        if strict.is_err() {
            check(read(
                &text,
                ReadOptions {
                    ignore_unknown: true,
                },
            ));
        }
        check(strict);
    }
});
