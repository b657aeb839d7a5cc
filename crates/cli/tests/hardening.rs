//! Regression tests for hostile or careless input and options: each names what it guards.
//! None may panic, hang or hold memory without bound; exit statuses are 0, 1 or 2 only.

use std::process::Output;

use predicates::prelude::*;

use super::{nsudoku, stdout};

/// Runs a shell command line in which `NSUDOKU` names the binary, within a minute.
fn shell(script: &str) -> Output {
    let bin = assert_cmd::cargo::cargo_bin("nsudoku");
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("NSUDOKU='{}'; {script}", bin.display()))
        .output()
        .expect("sh runs")
}

fn no_panic(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

const EMPTY_9: &str =
    "000000000000000000000000000000000000000000000000000000000000000000000000000000000\n";

#[test]
fn timeouts_beyond_a_year_or_not_numbers_are_usage_errors() {
    for bad in ["1e19", "-1", "NaN", "inf"] {
        nsudoku()
            .args(["solve", "--timeout", bad, "-"])
            .write_stdin(EMPTY_9)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn bench_seconds_must_be_times() {
    for (flag, bad) in [
        ("--secs", "-1"),
        ("--secs", "NaN"),
        ("--secs", "1e300"),
        ("--warmup", "inf"),
        ("--warmup", "-5"),
    ] {
        nsudoku()
            .args(["bench", &format!("{flag}={bad}"), "-"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn bench_expand_is_bounded_before_allocating() {
    for n in ["18446744073709551615", "100000000"] {
        nsudoku()
            .args(["bench", "--expand", n, "--secs", "0", "--warmup", "0", "-"])
            .write_stdin(EMPTY_9)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--expand"));
    }
}

#[test]
fn a_closed_stderr_does_not_panic() {
    for script in [
        "echo 11 | $NSUDOKU solve 2>&1 | head -c 1 >/dev/null",
        "$NSUDOKU generate -n 2 2>&1 | true",
        "echo 11 | $NSUDOKU solve 2>/dev/full",
        "echo 11 | $NSUDOKU solve 2>&-",
    ] {
        let out = shell(script);
        no_panic(&out);
        let code = out.status.code();
        assert!(matches!(code, Some(0..=2)), "{script}: {code:?}");
    }
}

#[test]
fn bench_into_a_closed_pipe_ends_quietly() {
    let out = shell(&format!(
        "printf '{}' > /tmp/nsudoku-bench-pipe.txt; \
         $NSUDOKU bench --secs 0.01 --warmup 0 /tmp/nsudoku-bench-pipe.txt /tmp/nsudoku-bench-pipe.txt | head -c 1 >/dev/null",
        EMPTY_9.trim()
    ));
    no_panic(&out);
    assert!(out.status.success());
}

#[test]
fn a_line_longer_than_any_puzzle_is_an_error_found_early() {
    // /dev/zero has no newline: reading it whole would exhaust memory.
    let out = shell("head -c 50000000 /dev/zero | $NSUDOKU solve; echo \"exit $?\"");
    no_panic(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.ends_with("exit 2\n"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("longer than 4 MiB"));
}

#[test]
fn solve_all_streams_instead_of_holding_every_solution() {
    // 6.7e21 solutions: only a stream reaches `head` before memory runs out.
    for format in ["line", "json"] {
        let out = shell(&format!(
            "echo {} | timeout 60 $NSUDOKU solve --all --limit 1000000000 -f {format} | head -n 20000 | wc -l",
            EMPTY_9.trim()
        ));
        no_panic(&out);
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "20000");
    }
}

#[test]
fn solve_all_json_has_one_object_per_solution_then_a_summary() {
    let out = stdout(
        nsudoku()
            .args(["solve", "--all", "-f", "json", "-"])
            .write_stdin("0000000000000000\n")
            .assert()
            .success(),
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 289);
    assert_eq!(lines[0]["solution"], 1);
    assert_eq!(lines[287]["solution"], 288);
    assert_eq!(lines[288]["status"], "solved");
    assert_eq!(lines[288]["count"], 288);
    assert_eq!(lines[288]["exact"], true);
}

#[test]
fn a_limit_of_zero_is_a_usage_error() {
    for args in [
        &["solve", "--all", "--limit", "0", "-"][..],
        &["count", "--limit", "0", "-"],
    ] {
        nsudoku()
            .args(args)
            .write_stdin(EMPTY_9)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("at least 1"));
    }
}

#[test]
fn a_closed_stdout_is_an_error_not_silence() {
    let out = shell(&format!(
        "echo {} | $NSUDOKU solve --first >&-; echo \"exit $?\" >&2",
        EMPTY_9.trim()
    ));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    assert!(stderr.ends_with("exit 2\n"), "{stderr}");
}

#[test]
fn a_file_name_with_a_newline_keeps_output_aligned() {
    let dir = std::env::temp_dir().join("nsudoku-newline-name");
    std::fs::create_dir_all(&dir).unwrap();
    let odd = dir.join("two\nlines.txt");
    std::fs::write(&odd, "11\n").unwrap();
    let plain = dir.join("plain.txt");
    std::fs::write(&plain, "1.3....2.....32.\n").unwrap();
    let out = stdout(
        nsudoku()
            .arg("solve")
            .arg(&odd)
            .arg(&plain)
            .assert()
            .code(2),
    );
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.starts_with("# "), "{out}");
    assert!(out.contains("two\\nlines.txt"), "{out}");
}

#[test]
fn threads_are_bounded() {
    for bad in ["10000", "18446744073709551615"] {
        nsudoku()
            .args(["solve", "-j", bad, "-"])
            .write_stdin(EMPTY_9)
            .assert()
            .code(2);
    }
    // Within the limit but past four per CPU: capped, with a word, and the answer is right.
    nsudoku()
        .args(["count", "-j", "1024", "-"])
        .write_stdin("0000000000000000\n")
        .assert()
        .success()
        .stdout("288\n");
}

#[test]
fn an_unreachable_rating_range_is_a_usage_error_at_once() {
    nsudoku()
        .args(["generate", "--rating=-100..-50"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ratings run from 1.0 to 20.0"));
}

#[test]
fn a_byte_order_mark_is_not_a_symbol() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("\u{feff}# a comment\n1.3....2.....32.\n")
        .assert()
        .success()
        .stdout("1234341221434321\n");
}

#[test]
fn hint_reads_givens_and_marks_in_the_alphabet_and_box_of_the_input() {
    // A 16×16 puzzle written in hex: the right digit marked at its first empty cell.
    let made = stdout(
        nsudoku()
            .args([
                "generate",
                "--size",
                "16",
                "--seed",
                "3",
                "--with-solution",
                "-f",
                "json",
            ])
            .assert()
            .success(),
    );
    let made: serde_json::Value = serde_json::from_str(made.trim()).unwrap();
    let cells = |key: &str| -> Vec<usize> {
        made[key]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter())
            .map(|v| v.as_u64().unwrap() as usize)
            .collect()
    };
    let (puzzle, solution) = (cells("puzzle"), cells("solution"));
    let hex = |v: usize| {
        if v == 0 {
            '.'
        } else {
            "0123456789ABCDEF".as_bytes()[v - 1] as char
        }
    };
    let line: String = puzzle.iter().map(|&v| hex(v)).collect();
    let first = puzzle.iter().position(|&v| v == 0).unwrap();
    let marks: Vec<String> = (0..256)
        .map(|i| {
            if i == first {
                hex(solution[i]).to_string()
            } else {
                ".".into()
            }
        })
        .collect();
    let out = stdout(
        nsudoku()
            .args(["hint", "--symbols", "0123456789ABCDEF", "--givens", &line])
            .args(["--marks", &marks.join(" "), "-"])
            .write_stdin(format!("{line}\n"))
            .assert()
            .success(),
    );
    assert!(!out.contains("rule out"), "{out}");
    assert!(out.contains(": "), "{out}");
    // A 6×6 in progress with --box 3x2: the givens read with the same box.
    nsudoku()
        .args([
            "hint",
            "--box",
            "3x2",
            "--givens",
            "1.3.5..5.1.3.3.5.45.4.3.3.2.4..4.3.2",
            "-",
        ])
        .write_stdin("123.5..5.1.3.3.5.45.4.3.3.2.4..4.3.2\n")
        .assert()
        .code(predicate::in_iter([0, 1]))
        .stderr(predicate::str::contains("--givens").not());
}

#[test]
fn hint_marks_are_validated() {
    let grid = "1.3....2.....32.";
    for (marks, says) in [
        ("Z", "found 1, expected 16"),
        ("1 2 3", "found 3, expected 16"),
        (&*vec!["."; 33].join(" "), "found 33, expected 16"),
        ("12 . . . . . . . . . . . . . . .", "r1c1 holds 1"),
        (". x . . . . . . . . . . . . . .", "bad symbol 'x'"),
    ] {
        nsudoku()
            .args(["hint", "--marks", marks, "-"])
            .write_stdin(format!("{grid}\n"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn a_grid_block_without_blank_lines_is_reported_without_being_held() {
    let out = shell("yes 1234 | head -n 200000 | $NSUDOKU solve --layout grid; echo \"exit $?\"");
    no_panic(&out);
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("exit 2\n"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("more than 512 rows in one grid"));
}

#[test]
fn error_lists_are_capped_per_puzzle() {
    // A megabyte of garbage on one line: 100 errors and a count of the rest.
    let out = stdout(
        nsudoku()
            .args(["check", "-f", "json", "-"])
            .write_stdin(format!("{}\n", "x".repeat(1 << 20)))
            .assert()
            .code(2),
    );
    assert!(out.len() < 100_000, "{} bytes", out.len());
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 101);
    assert_eq!(errors[100]["kind"], "more");
    // Every cell a 1 in a 512×512 grid: the duplicates are capped alike.
    let row = vec!["1"; 512].join(" ");
    let grid = format!("{row}\n").repeat(512);
    let out = stdout(
        nsudoku()
            .args(["check", "--box", "32x16", "-"])
            .write_stdin(grid)
            .assert()
            .code(2),
    );
    assert_eq!(out.lines().count(), 101, "{}", &out[..200]);
    assert!(
        out.trim_end().ends_with("more"),
        "{}",
        &out[out.len() - 200..]
    );
}

#[test]
fn more_cells_than_the_largest_grid_are_said_as_such() {
    nsudoku()
        .args(["check", "-"])
        .write_stdin(format!("{}\n", "1".repeat(3_000_000)))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("too many cells: found 3000000"));
}

#[test]
fn explain_rate_and_hint_give_up_at_their_timeout() {
    let puzzle = stdout(
        nsudoku()
            .args(["generate", "--size", "16", "--seed", "1"])
            .assert()
            .success(),
    );
    for command in ["explain", "rate", "hint"] {
        let text = stdout(
            nsudoku()
                .args([command, "--timeout", "0", "-f", "json", "-"])
                .write_stdin(puzzle.clone())
                .timeout(std::time::Duration::from_secs(30))
                .assert()
                .code(1),
        );
        assert!(text.contains("\"status\":\"timeout\""), "{command}: {text}");
    }
}

#[test]
fn generate_gives_up_a_puzzle_at_its_timeout() {
    nsudoku()
        .args([
            "generate",
            "--size",
            "16",
            "--difficulty",
            "easy",
            "--timeout",
            "0",
        ])
        .timeout(std::time::Duration::from_secs(30))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("none found in 0 s"));
}

#[test]
fn canon_of_nearly_empty_and_too_symmetric_grids_is_bounded() {
    // An empty 16×16 grid (it took minutes and 2.7 GB), then one whose first band holds
    // empty rows and a full row: refused as too symmetric, the next line still answered.
    let symbols = "123456789ABCDEFG".as_bytes();
    let banded: String = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            match r % 4 {
                0 => char::from(symbols[(r * 4 + r / 4 + c) % 16]),
                _ => '.',
            }
        })
        .collect();
    let input = format!("{}\n{banded}\n{}\n", ".".repeat(256), ".".repeat(256));
    nsudoku()
        .args(["canon", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(format!("{0}\n# line 2: invalid\n{0}\n", ".".repeat(256)))
        .stderr(predicate::str::contains("too symmetric"));
}
