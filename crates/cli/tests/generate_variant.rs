//! `generate --variant`: exit codes, reproducibility by seed across thread counts, and every
//! output form read back by `count` as unique.

use predicates::prelude::*;

use crate::{json_lines, nsudoku, stdout};

/// `generate --variant KINDS --size 6 --seed 4 -n 3` with more arguments.
fn generate(kinds: &str, more: &[&str]) -> String {
    let mut args = vec!["generate", "--variant", kinds, "--size", "6", "--seed", "4"];
    args.extend(["-n", "3"]);
    args.extend(more);
    stdout(nsudoku().args(&args).assert().success())
}

#[test]
fn variant_generation_is_reproducible_across_thread_counts() {
    let one = generate("killer,diagonal", &["-j", "1", "--to", "payload"]);
    assert_eq!(
        one,
        generate("killer,diagonal", &["-j", "2", "--to", "payload"])
    );
    assert_eq!(one.lines().count(), 3);
    let other = stdout(
        nsudoku()
            .args(["generate", "--variant", "killer,diagonal", "--size", "6"])
            .args(["--seed", "5", "-n", "3", "--to", "payload"])
            .assert()
            .success(),
    );
    assert_ne!(one, other);
}

#[test]
fn every_form_reads_back_as_a_unique_puzzle() {
    for to in ["link", "sudokupad", "payload", "fpuzzles", "text"] {
        let out = generate("thermo", &["--to", to]);
        let counted = stdout(nsudoku().arg("count").write_stdin(out).assert().success());
        assert_eq!(counted, "1\n1\n1\n", "--to {to}");
    }
    let out = generate("jigsaw", &["-f", "json", "--with-solution"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for o in &lines {
        let payload = o["payload"].as_str().expect("a payload");
        let solved = stdout(
            nsudoku()
                .arg("solve")
                .write_stdin(payload)
                .assert()
                .success(),
        );
        let solution = o["solution"].as_str().expect("a solution");
        let digits: String = solved.chars().filter(char::is_ascii_digit).collect();
        assert!(digits.contains(solution), "{solved} against {solution}");
    }
}

#[test]
fn variant_generation_refuses_what_it_cannot_do() {
    let out = nsudoku()
        .args([
            "generate",
            "--variant",
            "killer",
            "--size",
            "6",
            "--seed",
            "2",
        ])
        .args(["--difficulty", "easy", "-f", "json"])
        .assert()
        .success();
    let o: serde_json::Value =
        serde_json::from_slice(&out.get_output().stdout).expect("a JSON line");
    assert_eq!(o["level"], "easy");
    assert!(o["er"].as_f64().is_some_and(|er| er <= 2.3));
    nsudoku()
        .args(["generate", "--variant", "killer,thermo"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("killer combines"));
    nsudoku()
        .args(["generate", "--variant", "sudoku-x-plus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant kind"));
    nsudoku()
        .args(["generate", "--variant", "killer", "--size", "3"])
        .assert()
        .code(2);
    // A timeout that ends the puzzle: exit status 1.
    nsudoku()
        .args([
            "generate",
            "--variant",
            "killer",
            "--size",
            "16",
            "--timeout",
            "0.001",
        ])
        .assert()
        .code(1);
}

#[test]
fn killers_with_a_number_of_givens() {
    let out = generate("killer", &["--givens", "4", "-f", "json"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for o in &lines {
        let text = o["text"].as_str().expect("the text form");
        let givens: usize = text
            .lines()
            .take(6)
            .map(|row| row.chars().filter(char::is_ascii_digit).count())
            .sum();
        assert_eq!(givens, 4, "{text}");
        assert!(text.contains("killer"), "{text}");
        let payload = o["payload"].as_str().expect("a payload");
        let counted = stdout(
            nsudoku()
                .arg("count")
                .write_stdin(payload)
                .assert()
                .success(),
        );
        assert_eq!(counted, "1\n");
    }
    for bad in [
        &["--variant", "diagonal", "--givens", "3"][..],
        &["--variant", "killer", "--size", "4", "--givens", "17"],
        &["--variant", "killer", "--givens", "3", "--killer-givens"],
    ] {
        nsudoku().arg("generate").args(bad).assert().code(2);
    }
}
