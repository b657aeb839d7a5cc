//! Variant puzzles: the dev set read from its f-puzzles payloads, solved and counted.

use nsudoku::variant::fpuzzles::{ReadOptions, from_payload};

use crate::support::data;

/// Each line of the dev set: name, payload, solution.
pub fn dev_set() -> Vec<(String, String, Vec<u16>)> {
    data("variants/dev.jsonl")
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let field = |k: &str| v[k].as_str().expect(k).to_owned();
            let solution = field("solution")
                .bytes()
                .map(|b| u16::from(b - b'0'))
                .collect();
            (field("name"), field("fpuzzles"), solution)
        })
        .collect()
}

#[test]
fn every_dev_puzzle_has_its_published_solution_and_no_other() {
    let set = dev_set();
    assert_eq!(set.len(), 85);
    for (name, payload, solution) in set {
        let read = from_payload(&payload, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let mut solutions = read.puzzle.solutions();
        let first = solutions.next_values().map(<[u16]>::to_vec);
        assert_eq!(first.as_deref(), Some(&solution[..]), "{name}");
        assert!(
            solutions.next_values().is_none(),
            "{name}: a second solution"
        );
    }
}
