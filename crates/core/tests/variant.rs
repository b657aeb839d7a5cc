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

/// Found by generating killers at random: two cages sharing cells made the sums derived from
/// houses count the shared cells twice, and the puzzle had no solution.
#[test]
fn overlapping_killer_cages_count_each_cell_once() {
    let text = ".........\n".repeat(9) + "killer 17 r8c3 r9c2-3\nkiller 30 r7c3 r8c2-3 r9c3-4\n";
    let puzzle = nsudoku::variant::text::from_text(&text).expect("a puzzle");
    let solution = puzzle.solve().expect("a solution");
    assert!(puzzle.is_solution(&solution));
    // On 4×4, against every grid: the count equals the grids that keep both cages.
    let text = "....\n".repeat(4) + "killer 6 r1c1-2 r2c1\nkiller 7 r2c1-2\n";
    let puzzle = nsudoku::variant::text::from_text(&text).expect("a puzzle");
    let grids: Vec<nsudoku::Grid> = "................"
        .parse::<nsudoku::Grid>()
        .expect("an empty 4×4")
        .solutions()
        .collect();
    assert_eq!(grids.len(), 288);
    let keep = grids
        .iter()
        .filter(|g| puzzle.is_solution(g.values()))
        .count();
    assert!(keep > 0);
    assert_eq!(puzzle.count_solutions(1000).count, keep);
}

/// Rows 1 to k and the k regions mostly inside them hold the same digits, so the cells each
/// has outside the other do too (the law of leftovers). Without it this 16×16 jigsaw takes
/// about 250,000 guesses to prove unique; the bound leaves room for other changes of search.
#[test]
fn the_law_of_leftovers_proves_a_16x16_jigsaw_unique_quickly() {
    let puzzle =
        nsudoku::variant::text::from_text(&data("variants/jigsaw-16.txt")).expect("a puzzle");
    let mut solutions = puzzle.solutions();
    let first = solutions
        .next_values()
        .map(<[u16]>::to_vec)
        .expect("a solution");
    assert!(puzzle.is_solution(&first));
    assert!(solutions.next_values().is_none(), "a second solution");
    assert!(
        solutions.guesses() < 5_000,
        "{} guesses",
        solutions.guesses()
    );
}
