//! Pencil-mark puzzles and CSV through the binary: every form and option, with bad input.

use crate::{examples, json_lines, nsudoku, stdout};

/// Every cell of `grid` (81 characters) holds a digit among its candidates in `sukaku` (729),
/// and every house is complete.
fn solves(grid: &str, sukaku: &str) -> bool {
    let digits: Vec<u32> = grid.chars().filter_map(|c| c.to_digit(10)).collect();
    let marked = digits
        .iter()
        .enumerate()
        .all(|(i, &d)| d >= 1 && sukaku.as_bytes()[i * 9 + d as usize - 1] == b'0' + d as u8);
    let house_ok = |cells: Vec<usize>| {
        let mut seen: Vec<u32> = cells.iter().map(|&i| digits[i]).collect();
        seen.sort_unstable();
        seen == (1..=9).collect::<Vec<_>>()
    };
    digits.len() == 81
        && marked
        && (0..9).all(|k| {
            house_ok((0..9).map(|j| k * 9 + j).collect())
                && house_ok((0..9).map(|j| j * 9 + k).collect())
                && house_ok(
                    (0..9)
                        .map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3)
                        .collect(),
                )
        })
}

#[test]
fn sukaku_lines_are_solved_within_their_candidates() {
    let text = std::fs::read_to_string(examples("sukaku.txt")).unwrap();
    let puzzles: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let out = stdout(
        nsudoku()
            .arg("solve")
            .arg(examples("sukaku.txt"))
            .assert()
            .success(),
    );
    let solutions: Vec<&str> = out.lines().collect();
    assert_eq!(solutions.len(), puzzles.len());
    for (s, p) in solutions.iter().zip(&puzzles) {
        assert!(solves(s, p), "{s} does not solve {p}");
    }
    // Counted by every engine alike.
    for engine in ["auto", "general", "reference"] {
        nsudoku()
            .args(["count", "--engine", engine])
            .arg(examples("sukaku.txt"))
            .assert()
            .success()
            .stdout("1\n1\n");
    }
}

#[test]
fn a_puzzles_candidates_count_as_the_puzzle() {
    // Candidates from the clues of a puzzle with several solutions: the same count.
    let puzzle =
        "..0070000600195000098000060800060003400803001700020006060000280000419005000080079";
    let mut sukaku = String::new();
    let digit = |i: usize| puzzle.as_bytes()[i].wrapping_sub(b'0');
    for i in 0..81 {
        let (r, c) = (i / 9, i % 9);
        for d in 1..=9u8 {
            let seen = (0..81).any(|j| {
                let (s, t) = (j / 9, j % 9);
                j != i && (s == r || t == c || (s / 3 == r / 3 && t / 3 == c / 3)) && digit(j) == d
            });
            let given = digit(i);
            let ok = if (1..=9).contains(&given) {
                given == d
            } else {
                !seen
            };
            sukaku.push(if ok { char::from(b'0' + d) } else { '.' });
        }
    }
    let count = |text: &str| stdout(nsudoku().arg("count").write_stdin(text).assert().success());
    assert_eq!(count(&sukaku), count(puzzle));
    assert_ne!(count(puzzle), "1\n");
}

#[test]
fn pencil_mark_grids_and_their_errors() {
    nsudoku()
        .args(["check", "-f", "json"])
        .arg(examples("pencil-grid.txt"))
        .assert()
        .success()
        .stdout(
            "{\"line\":3,\"status\":\"valid\",\"clues\":0,\"candidates\":132,\"size\":6,\"box\":\"3x2\"}\n",
        );
    let grid = std::fs::read_to_string(examples("pencil-grid.txt")).unwrap();
    // A cell emptied of candidates, and a row one cell short.
    let bad = grid.replacen("| 12456  123456", "| .      123456", 1);
    let assert = nsudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(bad)
        .assert()
        .code(2);
    let out = json_lines(&stdout(assert));
    assert_eq!(out[0]["status"], "invalid");
    assert_eq!(out[0]["errors"][0]["kind"], "no_candidate");
    assert_eq!(
        out[0]["errors"][0]["message"],
        "r1c1 has no candidate at line 4, column 3"
    );
    let short = grid.replacen("| 134    12356  346    |", "| 134    12356  |", 1);
    nsudoku()
        .arg("check")
        .write_stdin(short)
        .assert()
        .code(2)
        .stdout("line 3: line 5 has 5 cells, expected 6\n");
    // A misplaced digit in the line form, a bad line among good ones: the rest go on.
    let text = std::fs::read_to_string(examples("sukaku.txt")).unwrap();
    let first = text.lines().nth(2).unwrap();
    let shifted = format!("{}{}", &first[1..], '.');
    let input = format!("{shifted}\n{first}\n");
    let assert = nsudoku().arg("solve").write_stdin(input).assert().code(2);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(out.starts_with("# line 1: invalid\n"), "{out}");
    assert_eq!(out.lines().count(), 2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(err.contains("is not candidate"), "{err}");
}

#[test]
fn explain_rate_and_hint_start_from_the_candidates() {
    nsudoku()
        .arg("rate")
        .arg(examples("sukaku.txt"))
        .assert()
        .success()
        .stdout("3.0 medium naked pair\n7.4 extreme AIC\n");
    let out = stdout(
        nsudoku()
            .args(["explain", "-f", "grid"])
            .arg(examples("pencil-grid.txt"))
            .assert()
            .success(),
    );
    assert!(out.starts_with("# line 3: pencil marks, 36 cells to fill\n\n+"));
    // The grid of candidates printed reads back as the same puzzle.
    let drawn: String = out.lines().skip(2).take(9).collect::<Vec<_>>().join("\n");
    nsudoku()
        .arg("solve")
        .write_stdin(drawn)
        .assert()
        .success()
        .stdout("123456456123231564564231312645645312\n");
    nsudoku()
        .arg("hint")
        .arg(examples("pencil-grid.txt"))
        .assert()
        .success()
        .stdout("r6c3 = 5: hidden single 5 in box 5\n");
}

#[test]
fn csv_in_and_out_keeps_the_columns() {
    let csv = "id,quizzes,note\n\
               a,1.3....2.....32.,\"first, quoted\"\n\
               b,1234341221434325,bad\n\
               c\n\
               d,,empty\n\
               e,\"1 . 3 .\n. . . 2\n. . . .\n. 3 2 .\",grid\n";
    let assert = nsudoku()
        .args(["solve", "--column", "quizzes", "-f", "csv", "-j", "2"])
        .write_stdin(csv)
        .assert()
        .code(2);
    assert_eq!(
        stdout(assert),
        "id,quizzes,note,status,solution,errors\n\
         a,1.3....2.....32.,\"first, quoted\",solved,1234341221434321,\n\
         b,1234341221434325,bad,invalid,,\"value 5 out of range 1..4 at line 3, column 16\"\n\
         c,invalid,,\"no field \"\"quizzes\"\": the record has 1\"\n\
         d,,empty,invalid,,\"no puzzle in the field \"\"quizzes\"\"\"\n\
         e,\"1 . 3 .\n. . . 2\n. . . .\n. 3 2 .\",grid,solved,1234341221434321,\n"
    );
    // Without -f csv, one line a record, as usual.
    nsudoku()
        .args(["count", "--column", "quizzes"])
        .write_stdin(csv)
        .assert()
        .code(2)
        .stdout("1\n# line 3: invalid\n# line 4: invalid\n# line 5: invalid\n1\n");
    // A column that is not there, and --all, are usage errors.
    nsudoku()
        .args(["solve", "--column", "puzzle"])
        .write_stdin(csv)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "no column \"puzzle\" in the CSV header (its columns: id, quizzes, note)",
        ));
    nsudoku()
        .args(["solve", "--all", "-f", "csv"])
        .write_stdin(csv)
        .assert()
        .code(2);
}

#[test]
fn csv_of_kaggles_form_and_of_every_command() {
    let file = examples("quizzes.csv");
    let rated = stdout(
        nsudoku()
            .args(["rate", "--column", "quizzes", "-f", "csv"])
            .arg(&file)
            .assert()
            .code(2),
    );
    let rows: Vec<&str> = rated.lines().collect();
    assert_eq!(rows[0], "quizzes,solutions,status,er,level,hardest,errors");
    assert!(
        rows[2].ends_with(",rated,1.2,easy,hidden_single,"),
        "{}",
        rows[2]
    );
    assert_eq!(rows.len(), 5);
    for (command, header) in [
        ("check", "line,status,clues,errors"),
        ("count", "line,status,count,exact,errors"),
        ("explain", "line,status,steps,hardest,errors"),
    ] {
        let out = stdout(
            nsudoku()
                .args([command, "-f", "csv"])
                .arg(examples("sixes.txt"))
                .assert()
                .success(),
        );
        assert_eq!(out.lines().next(), Some(header), "{command}");
        assert_eq!(out.lines().count(), 2, "{command}");
    }
    nsudoku()
        .args(["generate", "-n", "2", "--seed", "1", "-f", "csv"])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("index,puzzle\n0,"));
}

#[test]
fn a_csv_record_beyond_the_limit_ends_the_file() {
    let mut csv = String::from("quizzes\n\"");
    csv.push_str(&".".repeat(5 << 20));
    csv.push_str("\"\n");
    nsudoku()
        .args(["count", "--column", "quizzes"])
        .write_stdin(csv)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("longer than 4 MiB"));
}
