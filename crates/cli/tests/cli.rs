//! Tests of the real `nsudoku` binary: exit codes, stderr, and snapshots of the output.

mod bench;
mod canon;
mod formats;
mod generate_variant;
mod hardening;
mod logic;
mod readme;
mod setter;
mod variants;

use std::path::PathBuf;

use assert_cmd::Command;
use predicates::prelude::*;

fn nsudoku() -> Command {
    let mut cmd = Command::cargo_bin("nsudoku").expect("binary built");
    cmd.env("NO_COLOR", "1");
    cmd
}

/// The standard output of a finished command, as text.
fn stdout(assert: assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8 output")
}

/// JSON Lines output, one value per line.
fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn examples(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

const CLASSIC_SOLUTIONS: &str = "\
836219745249375168715468392974831526152796483683524971367142859521987634498653217
645928371973146258281753946598437612327619584164582739819275463732864195456391827
157649382284375916396821475415296738763518249928437651672153894831964527549782163
786915243319427865452683791974132586261598437835764912543871629627349158198256374
534678912672195348198342567859761423426853791713924856961537284287419635345286179
";

#[test]
fn solve_the_bundled_example() {
    nsudoku()
        .args(["solve"])
        .arg(examples("classic.txt"))
        .assert()
        .success()
        .stdout(CLASSIC_SOLUTIONS);
}

#[test]
fn solve_reads_stdin_and_keeps_the_empty_mark() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("1.3.\n...2\n....\n.32.\n")
        .assert()
        .success()
        .stdout("1234341221434321\n");
}

#[test]
fn solve_pretty_grid() {
    let out = stdout(nsudoku()
        .args(["solve", "--format", "grid", "-"])
        .write_stdin(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n",
        )
        .assert()
        .success());
    insta::assert_snapshot!(out);
}

#[test]
fn solve_rectangular_box() {
    let out = stdout(nsudoku()
        .args(["solve", "--box", "3x2", "--format", "grid", "-"])
        .write_stdin("1 0 3 | 0 5 0\n0 5 0 | 1 0 3\n\n0 3 0 | 5 0 4\n5 0 4 | 0 3 0\n\n3 0 2 | 0 4 0\n0 4 0 | 3 0 2\n")
        .assert()
        .success());
    insta::assert_snapshot!(out);
}

#[test]
fn no_solution_exits_1_and_keeps_going() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("1200003000400000\n1234341221434321\n")
        .assert()
        .code(1)
        .stdout("# line 1: no solution\n1234341221434321\n");
}

#[test]
fn several_solutions_exit_1_unless_first_is_enough() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("1000000000000000\n")
        .assert()
        .code(1)
        .stdout("# line 1: more than one solution\n");
    nsudoku()
        .args(["solve", "--first", "-"])
        .write_stdin("1000000000000000\n")
        .assert()
        .success()
        .stdout(predicate::str::is_match("^1[1234]{15}\n$").unwrap());
}

#[test]
fn all_solutions_stream_up_to_the_limit() {
    let out = stdout(
        nsudoku()
            .args(["solve", "--all", "--limit", "3", "-"])
            .write_stdin("0000000000000000\n1234341221434321\n")
            .assert()
            .success(),
    );
    let text = out;
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(lines[3], "# line 1: 3+ solutions");
    assert_eq!(lines[4], "1234341221434321");
    assert_eq!(lines[5], "# line 2: 1 solution");
}

#[test]
fn count_with_limit() {
    nsudoku()
        .args(["count", "--limit", "1000", "-"])
        .write_stdin("0000000000000000\n1000000000000000\n1200003000400000\n")
        .assert()
        .success()
        .stdout("288\n72\n0\n");
    nsudoku()
        .args(["count", "--limit", "10", "-"])
        .write_stdin("0000000000000000\n")
        .assert()
        .success()
        .stdout("10+\n");
}

#[test]
fn count_json_says_whether_exact() {
    let out = stdout(
        nsudoku()
            .args(["count", "--limit", "100", "-f", "json", "-"])
            .write_stdin("# two puzzles\n0000000000000000\n\n1234341221434321\n")
            .assert()
            .success(),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn check_lists_every_error() {
    let input = "\
5x..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..y9
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.79
";
    insta::assert_snapshot!(stdout(
        nsudoku()
            .args(["check", "-"])
            .write_stdin(input)
            .assert()
            .code(2)
    ));
}

#[test]
fn check_json() {
    let input = "1 2 3 4\n3 4 1 2\n2 1 17 3\n4 3 2 1\n\n1234341221434321\n";
    insta::assert_snapshot!(stdout(
        nsudoku()
            .args(["check", "-f", "json", "-"])
            .write_stdin(input)
            .assert()
            .code(2)
    ));
}

#[test]
fn invalid_puzzles_go_to_stderr_and_the_batch_goes_on() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("1100000000000000\n\n1.3.\n...2\n....\n.32.\n")
        .assert()
        .code(2)
        .stdout("# line 1: invalid\n1234341221434321\n")
        .stderr(
            "nsudoku: line 1: duplicate 1 in row 1: r1c1 and r1c2\n\
             nsudoku: line 1: duplicate 1 in box 1: r1c1 and r1c2\n",
        );
}

#[test]
fn solve_json_lines() {
    let out = stdout(
        nsudoku()
            .args(["solve", "-f", "json", "-"])
            .write_stdin("1.3....2.....32.\n1200003000400000\n1000000000000000\n12\n")
            .assert()
            .code(2),
    );
    let objects = json_lines(&out);
    let statuses: Vec<&str> = objects
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "no_solution", "multiple", "invalid"]);
    assert_eq!(objects[0]["line"], 1);
    assert_eq!(objects[0]["grid"][0], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(objects[3]["errors"][0]["kind"], "cell_count");
    insta::assert_snapshot!(out);
}

#[test]
fn several_files_are_named_and_a_missing_one_is_an_input_error() {
    nsudoku()
        .args(["solve"])
        .arg(examples("classic.txt"))
        .arg("does-not-exist.txt")
        .assert()
        .code(2)
        .stdout(CLASSIC_SOLUTIONS)
        .stderr(predicate::str::contains("does-not-exist.txt: cannot open"));
}

#[test]
fn custom_symbols_and_large_numbers() {
    // Hex-style alphabet: 0 is the digit 1, . is empty.
    nsudoku()
        .args(["solve", "--symbols", "0123", "-"])
        .write_stdin("0.2....1.....21.\n")
        .assert()
        .success()
        .stdout("0123230110323210\n");
    nsudoku()
        .args(["solve", "--symbols", "0012", "-"])
        .write_stdin("0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid alphabet"));
}

#[test]
fn usage_errors_exit_2() {
    nsudoku().args(["solve", "--box", "3by2"]).assert().code(2);
    nsudoku().args(["frobnicate"]).assert().code(2);
    nsudoku().args(["count", "--limit", "-3"]).assert().code(2);
}

#[test]
fn help_lists_the_commands() {
    let out = stdout(nsudoku().arg("--help").assert().success());
    insta::assert_snapshot!(out);
}

#[test]
fn crlf_and_box_drawn_input() {
    nsudoku()
        .args(["solve", "-"])
        .write_stdin("+-----+-----+\r\n| 1 . | 3 . |\r\n| . . | . 2 |\r\n+-----+-----+\r\n| . . | . . |\r\n| . 3 | 2 . |\r\n+-----+-----+\r\n")
        .assert()
        .success()
        .stdout("1234341221434321\n");
}

#[test]
fn broken_pipe_is_not_an_error() {
    // `head -c0` closes the pipe at once; nsudoku must not panic or print an error.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "yes 0000000000000000 | head -n 20000 | {} solve --first - | head -c 10 >/dev/null",
            assert_cmd::cargo::cargo_bin("nsudoku").display()
        ))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/data")
        .join(name)
}

#[test]
fn threads_keep_input_order_and_results() {
    // Several batches' worth of puzzles: every sample, repeated, one per line.
    let mut input = String::new();
    for set in [
        "puzzles2_17_clue",
        "puzzles7_serg_benchmark",
        "puzzles3_magictour_top1465",
    ] {
        let text = std::fs::read_to_string(data(&format!("9x9/{set}.sample"))).unwrap();
        input.push_str(&text);
    }
    let input = input.repeat(30);
    let run = |threads: &str| {
        nsudoku()
            .args(["count", "--limit", "2", "-j", threads, "-"])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stderr("")
            .get_output()
            .stdout
            .clone()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("0"));
    // Serg's puzzles (the second set) have two solutions or more, the others one.
    let counts = String::from_utf8(one).unwrap();
    let serg = std::fs::read_to_string(data("9x9/puzzles7_serg_benchmark.sample")).unwrap();
    let expected: Vec<&str> = input
        .lines()
        .map(|l| if serg.contains(l) { "2+" } else { "1" })
        .collect();
    assert_eq!(counts.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn a_timeout_says_how_far_the_search_got() {
    // An empty 25×25 grid has far more solutions than can be counted in a tenth of a second:
    // count and solve --all report the timeout alike, as a comment with the guesses made, and
    // exit 1.
    let empty = "0".repeat(625);
    for args in [
        &["count", "--limit", "100000000000"][..],
        &["solve", "--all", "--limit", "100000000000"],
    ] {
        let out = stdout(
            nsudoku()
                .args(args)
                .args(["--timeout", "0.1", "-"])
                .write_stdin(format!("{empty}\n"))
                .assert()
                .code(1),
        );
        let last = out.lines().last().unwrap();
        assert!(
            last.starts_with("# line 1: timed out after ") && last.contains(" guesses, "),
            "{args:?}: {last}"
        );
        let json = stdout(
            nsudoku()
                .args(args)
                .args(["--timeout", "0.1", "-f", "json", "-"])
                .write_stdin(format!("{empty}\n"))
                .assert()
                .code(1),
        );
        let v: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
        assert_eq!(v["status"], "timeout");
        assert_eq!(v["exact"], false);
        assert!(v["guesses"].is_u64(), "{v}");
    }
    let v: serde_json::Value = serde_json::from_str(&stdout(
        nsudoku()
            .args(["solve", "--timeout", "0", "-f", "json", "-"])
            .write_stdin(format!("{}\n", "0".repeat(625)))
            .assert()
            .code(1),
    ))
    .unwrap();
    assert_eq!(v["status"], "timeout", "{v}");
    assert!(v["guesses"].is_u64(), "{v}");
    nsudoku()
        .args(["solve", "--timeout", "nonsense", "-"])
        .assert()
        .code(2);
}

#[test]
fn invalid_large_grid_is_reported_with_its_duplicate_cells() {
    nsudoku()
        .arg("solve")
        .arg(data("large/farif-table12-1.txt"))
        .assert()
        .code(2)
        .stdout("# line 1: invalid\n")
        .stderr(
            predicate::str::is_match(
                r"nsudoku: line 1: duplicate \d+ in (row|column|box) \d+: r\d+c\d+ and r\d+c\d+\n",
            )
            .unwrap(),
        );
}

#[test]
fn generate_is_reproducible_across_thread_counts() {
    let run = |threads: &str| {
        stdout(
            nsudoku()
                .args([
                    "generate",
                    "-n",
                    "12",
                    "--seed",
                    "7",
                    "--symmetry",
                    "rot180",
                    "-j",
                    threads,
                ])
                .assert()
                .success(),
        )
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one.lines().count(), 12);
    for line in one.lines() {
        let grid: nsudoku::Grid = line.parse().expect("a puzzle line");
        assert_eq!(grid.count_solutions(2).count, 1, "{line}");
        assert!(nsudoku::generate::Symmetry::Rot180.holds(&grid), "{line}");
    }
    assert_ne!(
        one,
        stdout(
            nsudoku()
                .args([
                    "generate",
                    "-n",
                    "12",
                    "--seed",
                    "8",
                    "--symmetry",
                    "rot180"
                ])
                .assert()
                .success()
        )
    );
}

#[test]
fn generate_json_with_solution_and_difficulty() {
    let out = stdout(
        nsudoku()
            .args([
                "generate",
                "--box",
                "3x2",
                "-n",
                "3",
                "--seed",
                "1",
                "--minimal",
                "--with-solution",
                "-f",
                "json",
            ])
            .assert()
            .success(),
    );
    for o in json_lines(&out) {
        assert_eq!(o["size"], 6);
        assert_eq!(o["box"], "3x2");
        assert!(o["solution"].is_array() && o["puzzle"].is_array());
    }
    let out = stdout(
        nsudoku()
            .args([
                "generate",
                "-n",
                "2",
                "--seed",
                "3",
                "--difficulty",
                "hard",
                "-f",
                "json",
            ])
            .assert()
            .success(),
    );
    for o in json_lines(&out) {
        assert_eq!(o["level"], "hard", "{o}");
    }
}

/// Beyond 35×35 a puzzle's line is numbers separated by spaces, which `solve` reads back: the
/// output of `generate` pipes into `solve` at any size.
#[test]
fn generate_large_lines_pipe_into_solve() {
    let out = stdout(
        nsudoku()
            .args(["generate", "--size", "36", "--holes", "0.3", "-n", "2"])
            .args(["--seed", "1"])
            .assert()
            .success(),
    );
    let puzzles: Vec<nsudoku::Grid> = out.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(puzzles.len(), 2);
    let solve = nsudoku()
        .args(["solve", "--first"])
        .write_stdin(out)
        .assert();
    let solved = stdout(solve.success());
    let solutions: Vec<nsudoku::Grid> = solved.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(solutions.len(), 2);
    for (puzzle, solution) in puzzles.iter().zip(&solutions) {
        assert_eq!(puzzle.side(), 36);
        assert_eq!(puzzle.clue_count(), 907);
        assert!(solution.is_solution_of(puzzle));
    }
}

#[test]
fn options_that_do_not_apply_are_refused() {
    // No grid to draw for a count, a check, a rating or a hint.
    for command in ["count", "check", "rate", "hint"] {
        nsudoku()
            .args([command, "-f", "grid", "-"])
            .write_stdin("1.3....2.....32.\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("possible values: line, json"));
    }
    // The 9×9 engine on a 4×4 grid: said, not silently replaced.
    nsudoku()
        .args(["count", "--engine", "fast9", "-"])
        .write_stdin("0000000000000000\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--engine fast9 solves 9×9 grids"));
}

#[test]
fn colour_where_asked_and_never_in_pipes_by_default() {
    let puzzle =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n";
    let plain = stdout(
        nsudoku()
            .args(["solve", "-f", "grid", "-"])
            .write_stdin(puzzle)
            .assert()
            .success(),
    );
    assert!(!plain.contains('\u{1b}'), "no colour into a pipe");
    let coloured = stdout(
        nsudoku()
            .args(["solve", "-f", "grid", "--color", "always", "-"])
            .write_stdin(puzzle)
            .assert()
            .success(),
    );
    // The givens in bold (5 at r1c1), the rules dimmed, the digits the same once stripped.
    assert!(coloured.contains("\u{1b}[1m5\u{1b}[0m"), "{coloured}");
    assert!(coloured.contains("\u{1b}[2m+-------+"), "{coloured}");
    let stripped: String = coloured
        .replace("\u{1b}[1m", "")
        .replace("\u{1b}[2m", "")
        .replace("\u{1b}[0m", "");
    assert_eq!(stripped, plain);
    // Errors: the prefix coloured on request, never with --color never.
    nsudoku()
        .args(["solve", "--color", "always", "-"])
        .write_stdin("11\n")
        .assert()
        .stderr(predicate::str::contains("\u{1b}[1mnsudoku:"));
    nsudoku()
        .args(["solve", "--color", "never", "-"])
        .write_stdin("11\n")
        .assert()
        .stderr(predicate::str::contains("\u{1b}").not());
}

#[test]
fn completions_and_the_manual_page_come_from_the_command_line() {
    let bash = stdout(nsudoku().args(["completions", "bash"]).assert().success());
    assert!(bash.contains("nsudoku") && bash.contains("--timeout") && bash.contains("explain"));
    let man = stdout(nsudoku().arg("man").assert().success());
    assert!(
        man.starts_with(".ie") || man.contains(".TH nsudoku 1"),
        "{}",
        &man[..100]
    );
    assert!(man.contains("generate"));
    nsudoku().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn likely_fixes_are_suggested() {
    // A 16×16 in hex read without --symbols: its 0s vanish and it has many solutions.
    let standard = stdout(
        nsudoku()
            .args(["generate", "--size", "16", "--seed", "4"])
            .assert()
            .success(),
    );
    let hex: String = standard
        .trim()
        .chars()
        .map(|c| match "123456789ABCDEFG".find(c) {
            Some(i) => "0123456789ABCDEF".as_bytes()[i] as char,
            None => c,
        })
        .collect();
    nsudoku()
        .args(["solve", "-"])
        .write_stdin(format!("{hex}\n"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("try --symbols 0123456789ABCDEF"));
    nsudoku()
        .args(["solve", "--symbols", "0123456789ABCDEF", "-"])
        .write_stdin(format!("{hex}\n"))
        .assert()
        .success();
    // A puzzle and its solution on one line.
    let both = stdout(
        nsudoku()
            .args(["generate", "--seed", "2", "--with-solution"])
            .assert()
            .success(),
    );
    nsudoku()
        .args(["solve", "-"])
        .write_stdin(both)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a puzzle and its solution on one line",
        ));
}

#[test]
fn a_drawn_grid_gives_its_box_shape() {
    // 6×6 grids as `generate -f grid` draws them read back without --box, either way round.
    for shape in ["3x2", "2x3"] {
        let drawn = stdout(
            nsudoku()
                .args(["generate", "--box", shape, "--seed", "3", "-f", "grid"])
                .assert()
                .success(),
        );
        let v: serde_json::Value = serde_json::from_str(&stdout(
            nsudoku()
                .args(["solve", "-f", "json", "-"])
                .write_stdin(drawn)
                .assert()
                .success(),
        ))
        .unwrap();
        assert_eq!(v["box"], shape);
    }
}

#[test]
fn every_json_object_has_line_and_status() {
    let input = "1.3....2.....32.\n0000000000000000\n1200003000400000\n12\n";
    for args in [
        &["solve"][..],
        &["solve", "--all", "--limit", "3"],
        &["count"],
        &["count", "--estimate=0.05"],
        &["setter"],
        &["check"],
        &["explain"],
        &["rate"],
        &["hint"],
    ] {
        let out = nsudoku()
            .args(args)
            .args(["-f", "json", "-"])
            .write_stdin(input)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.is_empty(), "{args:?}");
        for object in json_lines(&text) {
            assert!(object["line"].is_u64(), "{args:?}: {object}");
            assert!(object["status"].is_string(), "{args:?}: {object}");
        }
    }
}
