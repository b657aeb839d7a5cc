//! The logical solver on variant puzzles: every placement and elimination of every step
//! checked against the solutions, on a sample of the dev puzzles (`data/variants/dev.jsonl`,
//! with their published solutions) and on random small puzzles with constraints of every kind
//! (against all their solutions, counted by the variant engine).

use std::time::{Duration, Instant};

use nsudoku::Stop;
use nsudoku::logic::{Options, Step, Technique, explain_variant};
use nsudoku::variant::Puzzle;
use nsudoku::variant::fpuzzles::{ReadOptions, from_payload};
use serde_json::Value;

use crate::support::data;
use crate::variant_oracle::random::{KINDS, random_puzzle};

/// The techniques up to the AICs: the forcing chains are slow in a debug build.
fn quick() -> Vec<Technique> {
    let end = Technique::ALL
        .iter()
        .position(|&t| t == Technique::Aic)
        .expect("AIC is a technique");
    Technique::ALL[..=end].to_vec()
}

/// Panics unless every step keeps each solution: placements are every solution's digit,
/// eliminations no solution's; and unless each constraint a step names has its index (or
/// none) among the puzzle's `constraints`.
fn check(name: &str, steps: &[Step], solutions: &[Vec<u16>], n: usize, constraints: usize) {
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(
            step.constraints.len(),
            step.constraint_indices.len(),
            "{name}: step {}: {step}",
            i + 1
        );
        for k in step.constraint_indices.iter().flatten() {
            assert!(
                *k < constraints,
                "{name}: step {} names constraint {k}",
                i + 1
            );
        }
        for p in &step.placements {
            let at = p.cell.row() * n + p.cell.col();
            assert!(
                solutions.iter().all(|s| s[at] as usize == p.digit.get()),
                "{name}: step {} places a wrong digit: {step}",
                i + 1
            );
        }
        for e in &step.eliminations {
            let at = e.cell.row() * n + e.cell.col();
            assert!(
                solutions.iter().all(|s| s[at] as usize != e.digit.get()),
                "{name}: step {} removes a solution's digit: {step}",
                i + 1
            );
        }
    }
}

fn options(techniques: Vec<Technique>, secs: u64) -> Options {
    Options {
        techniques,
        unique: false,
        stop: Stop {
            deadline: Some(Instant::now() + Duration::from_secs(secs)),
            ..Stop::default()
        },
    }
}

#[test]
fn steps_on_dev_puzzles_keep_the_solution() {
    let text = data("variants/dev.jsonl");
    let mut kinds = std::collections::BTreeSet::new();
    // Every eleventh puzzle: thermometers, cages, dots, lines, little killers, indexers, ….
    for line in text.lines().step_by(11) {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let name = v["name"].as_str().unwrap_or("?");
        let (puzzle, solution) = read(&v);
        assert!(puzzle.broken(&solution).is_empty(), "{name}: the solution");
        let Ok(exp) = explain_variant(&puzzle, &options(quick(), 2)) else {
            continue;
        };
        check(
            name,
            &exp.steps,
            &[solution],
            puzzle.size(),
            puzzle.constraints().len(),
        );
        kinds.extend(exp.steps.iter().map(|s| s.technique));
    }
    // The sample exercises the constraints' own steps and the classic ones on variants.
    assert!(kinds.contains(&Technique::ConstraintLogic), "{kinds:?}");
    assert!(kinds.contains(&Technique::HiddenSingle), "{kinds:?}");
}

/// Up to `limit` solutions of a puzzle.
/// Every dev puzzle with every technique, 60 s each: minutes in a release build, so run by
/// hand (`cargo test --release -p nsudoku --test main every_dev_puzzle -- --ignored`).
#[test]
#[ignore]
fn steps_on_every_dev_puzzle_keep_the_solution() {
    let text = data("variants/dev.jsonl");
    let mut solved = 0;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let name = v["name"].as_str().unwrap_or("?");
        let (puzzle, solution) = read(&v);
        let exp = explain_variant(&puzzle, &options(Technique::ALL.to_vec(), 60))
            .expect("the logic takes every dev puzzle");
        check(
            name,
            &exp.steps,
            &[solution],
            puzzle.size(),
            puzzle.constraints().len(),
        );
        solved += usize::from(exp.solved());
    }
    // The coverage of `docs/benchmarks.md` ("Variant logic"), with room for a slower machine.
    assert!(solved >= 77, "{solved} of 85 solved");
}

fn solutions(puzzle: &Puzzle, limit: usize) -> Vec<Vec<u16>> {
    let mut all = puzzle.solutions();
    let mut out = Vec::new();
    while out.len() < limit {
        match all.next_values() {
            Some(v) => out.push(v.to_vec()),
            None => break,
        }
    }
    out
}

#[test]
fn steps_on_random_small_puzzles_keep_every_solution() {
    let mut stepped = 0;
    let mut chained = 0;
    for case in 0..3 * KINDS.len() {
        let n = [4, 6][case % 2];
        let made = random_puzzle(70_000 + case as u64, n, KINDS[case % KINDS.len()]);
        let puzzle = &made.puzzle;
        let all = solutions(puzzle, 200);
        if all.is_empty() || all.len() == 200 {
            // No solution (steps may remove anything), or too many to check against.
            continue;
        }
        let Ok(exp) = explain_variant(puzzle, &options(quick(), 2)) else {
            continue;
        };
        check(
            &format!("case {case} {:?}", made.kinds),
            &exp.steps,
            &all,
            n,
            puzzle.constraints().len(),
        );
        chained += exp
            .steps
            .iter()
            .filter(|s| s.reason.contains(" → ") && !s.constraints.is_empty())
            .count();
        stepped += usize::from(!exp.steps.is_empty());
        if all.len() == 1 {
            assert!(
                exp.solved() || !exp.board.is_broken(),
                "case {case}: a puzzle with one solution is never left broken"
            );
        }
    }
    // Chains through the constraints' links name them (`r1c1=5 → r1c2≠4 (white dot …)`).
    assert!(chained > 0, "no chain named a constraint");
    assert!(
        stepped > KINDS.len() / 2,
        "only {stepped} puzzles took a step"
    );
}

/// A dev line's puzzle and its published solution.
fn read(v: &Value) -> (Puzzle, Vec<u16>) {
    let puzzle = from_payload(
        v["fpuzzles"].as_str().expect("a payload"),
        ReadOptions::default(),
    )
    .expect("a puzzle")
    .puzzle;
    let solution = v["solution"]
        .as_str()
        .expect("a solution")
        .chars()
        .map(|c| c.to_digit(10).expect("a digit") as u16)
        .collect();
    (puzzle, solution)
}

/// The dev puzzle of this name, with its published solution.
fn dev_puzzle(name: &str) -> (Puzzle, Vec<u16>) {
    let text = data("variants/dev.jsonl");
    let v: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .find(|v| v["name"] == name)
        .expect("the puzzle is in the dev set");
    read(&v)
}

#[test]
fn odd_cells_are_read_so_an_odd_sudoku_needs_no_chain() {
    // Its odd cells once went unread (a rule with no propagator of its own), and the logic
    // ran past a minute of forcing chains; with them it is singles and locked candidates.
    let (puzzle, solution) = dev_puzzle("Aug 15, 2022: Odd Sudoku");
    let end = Technique::ALL
        .iter()
        .position(|&t| t == Technique::HiddenTriple)
        .expect("hidden triple is a technique");
    let exp = explain_variant(&puzzle, &options(Technique::ALL[..=end].to_vec(), 30))
        .expect("the logic takes the puzzle");
    check(
        "Odd Sudoku",
        &exp.steps,
        &[solution],
        9,
        puzzle.constraints().len(),
    );
    assert!(exp.solved(), "{}", exp.board.pencilmarks());
    assert!(
        exp.steps
            .iter()
            .any(|s| s.technique == Technique::ConstraintLogic
                && s.constraints.iter().any(|c| c.starts_with("odd cell")))
    );
}
