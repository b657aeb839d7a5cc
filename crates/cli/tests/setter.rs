//! `nsudoku setter` and `count --estimate`: the clues that can go, a minimal set, the fixes of
//! a puzzle with several solutions, and estimated counts, checked through the binary itself
//! (each fix given makes the count the one said; a minimal set is unique).

use super::{json_lines, nsudoku, stdout};

/// A classic puzzle, with r1c3 of its solution given beyond it (a clue that can go).
const ONE_TOO_MANY: &str =
    "534070000600195000098000060800060003400803001700020006060000280000419005000080079";
/// The same, less r1c1 to r1c3: two solutions.
const TWO_SOLUTIONS: &str =
    "000070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// The number of solutions `nsudoku count` gives a puzzle (classic line or variant text).
fn count(puzzle: &str) -> String {
    stdout(
        nsudoku()
            .args(["count", "-"])
            .write_stdin(puzzle.to_owned())
            .assert()
            .success(),
    )
    .trim()
    .to_owned()
}

#[test]
fn setter_lists_the_clues_that_can_go() {
    let out = stdout(
        nsudoku()
            .args(["setter", "-"])
            .write_stdin(format!("{ONE_TOO_MANY}\n"))
            .assert()
            .success(),
    );
    insta::assert_snapshot!(out);
    // Each listed given, taken away, leaves the puzzle unique.
    for line in out.lines().filter(|l| !l.starts_with('#')) {
        let (cell, _) = line.split_once(" = ").expect("a given");
        let (r, c) = cell[1..].split_once('c').expect("a cell");
        let i = (r.parse::<usize>().expect("row") - 1) * 9 + c.parse::<usize>().expect("col") - 1;
        let mut fewer = ONE_TOO_MANY.to_owned();
        fewer.replace_range(i..=i, "0");
        assert_eq!(count(&fewer), "1", "{line}");
    }
}

#[test]
fn setter_fixes_a_puzzle_with_two_solutions() {
    let out = stdout(
        nsudoku()
            .args(["setter", "-f", "json", "-"])
            .write_stdin(format!("{TWO_SOLUTIONS}\n"))
            .assert()
            .code(1),
    );
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["status"], "multiple");
    assert_eq!(answer["count"], 2);
    assert_eq!(answer["exact"], true);
    assert_eq!(answer["differ"].as_array().expect("cells").len(), 6);
    let fixes = answer["fixes"].as_array().expect("fixes");
    assert_eq!(fixes.len(), 12);
    for fix in fixes {
        assert_eq!(fix["count"], 1);
        let cell = fix["cell"].as_str().expect("a cell");
        let i = (cell.as_bytes()[1] - b'1') as usize * 9 + (cell.as_bytes()[3] - b'1') as usize;
        let mut fixed = TWO_SOLUTIONS.to_owned();
        fixed.replace_range(i..=i, &fix["digit"].to_string());
        assert_eq!(count(&fixed), "1", "{fix}");
    }
    let text = stdout(
        nsudoku()
            .args(["setter", "-"])
            .write_stdin(format!("{TWO_SOLUTIONS}\n"))
            .assert()
            .code(1),
    );
    insta::assert_snapshot!(text);
}

#[test]
fn setter_minimal_is_reproducible_and_unique() {
    let run = || {
        stdout(
            nsudoku()
                .args(["setter", "--minimal", "--seed", "3", "-"])
                .write_stdin(format!("{ONE_TOO_MANY}\n"))
                .assert()
                .success(),
        )
    };
    let out = run();
    assert_eq!(out, run());
    let minimal = out.lines().last().expect("the minimal puzzle");
    assert_eq!(minimal.len(), 81);
    assert_eq!(count(minimal), "1");
    assert!(minimal.matches(|c: char| c != '0').count() < 30);
}

#[test]
fn setter_names_the_rules_of_a_variant_puzzle() {
    // A 4×4 killer with two givens.
    let puzzle = "..3.\n..1.\n....\n....\nkiller 3 r1c1-2\nkiller 7 r1c3-4\nkiller 7 r2c1-2\n\
                  killer 3 r2c3-4\nkiller 6 r3c1 r4c1\nkiller 4 r3c2 r4c2\nkiller 7 r3c3-4\n\
                  killer 3 r4c3-4\n";
    let out = stdout(
        nsudoku()
            .args(["setter", "-f", "json", "-"])
            .write_stdin(puzzle)
            .assert(),
    );
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["status"], "unique", "{answer}");
    let clues = answer["clues"].as_array().expect("clues");
    assert_eq!(clues[0]["text"], "r1c3 = 3");
    assert_eq!(clues[1]["cell"], "r2c3");
    let rules = &clues[2..];
    assert!(rules.iter().all(|c| c["name"] == "killer"));
    assert_eq!(rules[0]["kind"], "constraint");
    assert_eq!(rules[0]["index"], 0);
    assert_eq!(rules[0]["text"], "killer 3 r1c1-2");
    assert_eq!(rules[1]["kind"], "total");
    // Whatever the verdicts, each one is right: the puzzle without that rule, counted.
    let lines: Vec<&str> = puzzle.lines().collect();
    for clue in clues.iter().filter(|c| c["kind"] == "constraint") {
        let i = clue["index"].as_u64().expect("an index") as usize;
        let without: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != 4 + i)
            .map(|(_, l)| *l)
            .collect();
        let unique = count(&(without.join("\n") + "\n")) == "1";
        assert_eq!(clue["redundant"], unique, "{clue}");
    }
}

#[test]
fn setter_gives_up_at_its_timeout() {
    nsudoku()
        .args(["setter", "--timeout", "0", "-"])
        .write_stdin(format!("{ONE_TOO_MANY}\n"))
        .assert()
        .code(1)
        .stdout(predicates::str::contains("timed out"));
}

#[test]
fn count_estimates_past_its_limit() {
    let empty = "0".repeat(36) + "\n";
    let out = stdout(
        nsudoku()
            .args(["count", "--box", "3x2", "--estimate=0.5", "-f", "json", "-"])
            .write_stdin(empty.clone())
            .assert()
            .success(),
    );
    let answer = &json_lines(&out)[0];
    assert_eq!(answer["count"], 1000);
    let estimate = &answer["estimate"];
    let count = estimate["count"].as_f64().expect("a count");
    // 28,200,960 grids: the estimate within four of its standard errors (the probes in half a
    // second, on a slow machine, may be few).
    let error = estimate["relative_error"].as_f64().expect("an error");
    assert!(error < 0.5, "{estimate}");
    assert!(
        (count / 28_200_960.0 - 1.0).abs() < (4.0 * error).max(0.05),
        "{estimate}"
    );
    assert_eq!(estimate["method"], "knuth with exact subtrees");
    let text = stdout(
        nsudoku()
            .args(["count", "--box", "3x2", "--estimate=0.2", "-"])
            .write_stdin(empty)
            .assert()
            .success(),
    );
    assert!(text.starts_with("1000+, about 2."), "{text}");
    // Below the limit, the count is exact: no estimate.
    let unique = stdout(
        nsudoku()
            .args(["count", "--estimate", "-f", "json", "-"])
            .write_stdin(format!("{ONE_TOO_MANY}\n"))
            .assert()
            .success(),
    );
    assert!(json_lines(&unique)[0].get("estimate").is_none());
}
