//! `explain`, `rate` and `hint`: the steps of a logical solve, the rating, and a hint that
//! names a player's mistakes first.

use predicates::prelude::*;

use super::{data, examples, json_lines, nsudoku, stdout};

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

#[test]
fn explain_lists_steps_and_solves() {
    let out = stdout(
        nsudoku()
            .args(["explain", "-"])
            .write_stdin(format!("{PUZZLE}\n"))
            .assert()
            .success(),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("# line 1: 51 cells to fill"), "{out}");
    assert!(
        lines[1].starts_with("  1. r") && lines[1].contains(" = "),
        "{out}"
    );
    assert!(
        lines.last().is_some_and(|l| l.contains("solved in")),
        "{out}"
    );
}

#[test]
fn explain_json_has_one_object_per_step_then_a_summary() {
    let out = stdout(
        nsudoku()
            .args(["explain", "-f", "json", "-"])
            .write_stdin(format!("{PUZZLE}\n"))
            .assert()
            .success(),
    );
    let objects = json_lines(&out);
    let summary = objects.last().expect("a summary");
    assert_eq!(summary["status"], "solved");
    assert_eq!(summary["steps"].as_u64(), Some(objects.len() as u64 - 1));
    let first = &objects[0];
    assert_eq!(first["step"], 1);
    assert!(first["technique"].is_string() && first["placements"][0]["digit"].is_u64());
}

#[test]
fn rate_prints_er_level_and_technique() {
    let out = stdout(
        nsudoku()
            .arg("rate")
            .arg(examples("classic.txt"))
            .assert()
            .success(),
    );
    assert_eq!(out.lines().count(), 5);
    for line in out.lines() {
        let er: f64 = line
            .split(' ')
            .next()
            .and_then(|x| x.parse().ok())
            .expect("ER first");
        assert!((1.0..=20.0).contains(&er), "{line}");
    }
    // A puzzle with two solutions has no rating: exit 1.
    nsudoku()
        .args(["rate", "-"])
        .write_stdin("1.3.\n....\n....\n....\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("multiple"));
}

#[test]
fn hint_flags_wrong_entries_before_giving_a_step() {
    // r1c3 = 1 is wrong (the solution has 4 there).
    let mut entered = PUZZLE.to_string();
    entered.replace_range(2..3, "1");
    nsudoku()
        .args(["hint", "--givens", PUZZLE, "-"])
        .write_stdin(format!("{entered}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains("r1c3 holds 1, which is wrong"));
    nsudoku()
        .args(["hint", "-"])
        .write_stdin(format!("{PUZZLE}\n"))
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"^r\d+c\d+ = \d: ").expect("regex"));
}

#[test]
fn explain_and_rate_say_first_when_logic_has_no_one_solution_to_explain() {
    // Several solutions: said at once, exit 1.
    nsudoku()
        .args(["explain", "-"])
        .write_stdin("0000000000000000\n")
        .assert()
        .code(1)
        .stdout("# line 1: multiple\n");
    // One of the hardest puzzles: rated through nested forcing chains, not stuck.
    let hardest = std::fs::read_to_string(data("9x9/puzzles5_forum_hardest_1905_11+.sample"))
        .unwrap()
        .lines()
        .next()
        .unwrap()[..81]
        .to_owned();
    let v: serde_json::Value = serde_json::from_str(&stdout(
        nsudoku()
            .args(["rate", "-f", "json", "-"])
            .write_stdin(format!("{hardest}\n"))
            .assert()
            .success(),
    ))
    .unwrap();
    assert_eq!(
        (v["level"].as_str(), v["outcome"].as_str()),
        (Some("extreme"), Some("solved"))
    );
    assert!(v["er"].as_f64() >= Some(10.5), "{v}");
}
