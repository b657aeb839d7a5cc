//! Variant puzzles through the binary: every dev puzzle solved and counted from each form it
//! can be pasted in, conversions, JSON, errors, commands that do not take variants yet.

use std::path::PathBuf;

use crate::{json_lines, nsudoku, stdout};
use predicates::prelude::*;

/// The dev set: name, f-puzzles payload, solution digits.
fn dev_set() -> Vec<(String, String, String)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data/variants/dev.jsonl");
    std::fs::read_to_string(path)
        .expect("the dev set")
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let field = |k: &str| v[k].as_str().expect(k).to_owned();
            (field("name"), field("fpuzzles"), field("solution"))
        })
        .collect()
}

/// `payload` URL-encoded as a link's query carries it.
fn encoded(payload: &str) -> String {
    payload
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D")
}

#[test]
fn every_dev_puzzle_is_solved_and_unique_from_a_payload_and_from_links() {
    let set = dev_set();
    let solutions: String = set.iter().map(|(_, _, s)| format!("{s}\n")).collect();
    type Form = (&'static str, fn(&str) -> String);
    let forms: [Form; 4] = [
        ("payload", |p| p.to_owned()),
        ("f-puzzles link", |p| {
            format!("https://f-puzzles.com/?load={}", encoded(p))
        }),
        ("SudokuPad link", |p| {
            format!("https://sudokupad.app/fpuzzles{p}")
        }),
        ("SudokuPad puzzleid link", |p| {
            format!("https://sudokupad.app/?puzzleid=fpuzzles{}", encoded(p))
        }),
    ];
    for (form, make) in forms {
        let input: String = set.iter().map(|(_, p, _)| make(p) + "\n").collect();
        nsudoku()
            .arg("solve")
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(solutions.clone());
        let counted = stdout(
            nsudoku()
                .args(["count", "--limit", "2"])
                .write_stdin(input)
                .assert()
                .success(),
        );
        assert_eq!(counted, "1\n".repeat(set.len()), "{form}");
    }
}

#[test]
fn solve_json_gives_status_and_grid_rows_as_for_classic_puzzles() {
    let set = dev_set();
    let input: String = set.iter().map(|(_, p, _)| format!("{p}\n")).collect();
    let out = stdout(
        nsudoku()
            .args(["solve", "-f", "json"])
            .write_stdin(input)
            .assert()
            .success(),
    );
    let objects = json_lines(&out);
    assert_eq!(objects.len(), set.len());
    for ((name, _, solution), o) in set.iter().zip(&objects) {
        assert_eq!(o["status"], "solved", "{name}");
        let digits: String = o["grid"]
            .as_array()
            .expect("rows")
            .iter()
            .flat_map(|row| row.as_array().expect("a row").iter())
            .map(|d| d.to_string())
            .collect();
        assert_eq!(&digits, solution, "{name}");
        assert_eq!(o["size"], if solution.len() == 36 { 6 } else { 9 });
    }
}

#[test]
fn the_dev_set_file_is_read_as_json_lines() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data/variants/dev.jsonl");
    let counted = stdout(
        nsudoku()
            .args(["count", "-j", "2"])
            .arg(path)
            .assert()
            .success(),
    );
    assert_eq!(counted, "1\n".repeat(85));
}

#[test]
fn conversions_read_back_to_the_same_solution() {
    let set = dev_set();
    for (name, payload, solution) in set.iter().step_by(7) {
        for to in ["fpuzzles", "payload", "link", "sudokupad", "text"] {
            let converted = stdout(
                nsudoku()
                    .args(["convert", "--to", to])
                    .write_stdin(format!("{payload}\n"))
                    .assert()
                    .success(),
            );
            nsudoku()
                .arg("solve")
                .write_stdin(converted)
                .assert()
                .success()
                .stdout(format!("{solution}\n"))
                .stderr("");
            let _ = name;
        }
    }
}

#[test]
fn dev_puzzles_convert_to_iss_and_back_or_say_what_iss_lacks() {
    let mut converted = 0;
    for (name, payload, solution) in dev_set().iter().step_by(4) {
        for to in ["iss", "iss-link"] {
            let out = nsudoku()
                .args(["convert", "--to", to])
                .write_stdin(format!("{payload}\n"))
                .output()
                .expect("runs");
            if !out.status.success() {
                assert_eq!(out.status.code(), Some(2), "{name}");
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(err.contains("ISS"), "{name}: {err}");
                continue;
            }
            converted += 1;
            nsudoku()
                .arg("solve")
                .write_stdin(out.stdout)
                .assert()
                .success()
                .stdout(format!("{solution}\n"))
                .stderr("");
        }
    }
    assert!(converted >= 30, "{converted} conversions");
}

#[test]
fn killer_and_jigsaw_lines_are_written_and_read_back() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (file, to) in [
        ("examples/killers.txt", "killer"),
        ("examples/jigsaws.txt", "jigsaw"),
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect(file);
        // Killers with diagonals have no compact line: only the others.
        let lines: String = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("3x3:d:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let solved = stdout(
            nsudoku()
                .arg("solve")
                .write_stdin(lines.clone())
                .assert()
                .success(),
        );
        let written = stdout(
            nsudoku()
                .args(["convert", "--to", to])
                .write_stdin(lines)
                .assert()
                .success(),
        );
        nsudoku()
            .arg("solve")
            .write_stdin(written)
            .assert()
            .success()
            .stdout(solved);
    }
    // A rule the form cannot hold is an error that names it.
    nsudoku()
        .args(["convert", "--to", "killer"])
        .write_stdin("3x3:d:k:".to_owned() + &["1"; 81].join(":") + "\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cages only, not diagonal+"));
}

#[test]
fn a_pretty_printed_json_document_and_text_form_blocks_are_read() {
    let pretty = "{\n  \"size\": 4,\n  \"grid\": [\n    [{}, {}, {}, {}],\n    [{}, {}, {}, {}],\n    [{}, {}, {}, {}],\n    [{}, {}, {}, {}]\n  ],\n  \"thermometer\": [{\"lines\": [[\"R1C1\", \"R1C2\", \"R1C3\", \"R1C4\"]]}]\n}\n";
    let out = stdout(
        nsudoku()
            .args(["count"])
            .write_stdin(pretty)
            .assert()
            .success(),
    );
    // Row 1 is 1 2 3 4: one of the 24 first rows of the 288 grids.
    assert_eq!(out, "12\n");
    let text = "# two puzzles in the text form\n....\n....\n....\n....\nthermo r1c1-4\nthermo r2c4-1\n\n1...\n....\n....\n....\nkiller 3 r2c1-2\n";
    let out = stdout(
        nsudoku()
            .args(["count", "-f", "json"])
            .write_stdin(text)
            .assert()
            .success(),
    );
    let objects = json_lines(&out);
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["line"], 1);
    assert_eq!(objects[1]["line"], 9);
    assert!(objects.iter().all(|o| o["status"] == "counted"));
}

#[test]
fn an_unknown_constraint_is_named_and_refused_unless_ignored() {
    let doc = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"wobbles":[{"cells":["R1C1"]}]}"#;
    nsudoku()
        .arg("count")
        .write_stdin(doc)
        .assert()
        .code(2)
        .stdout("# line 1: invalid\n")
        .stderr(predicate::str::contains("unknown constraint \"wobbles\""));
    nsudoku()
        .args(["count", "--ignore-unknown"])
        .write_stdin(doc)
        .assert()
        .success()
        .stdout("288\n")
        .stderr(predicate::str::contains(
            "warning: unknown constraint \"wobbles\" ignored",
        ));
}

#[test]
fn bad_variant_input_gets_a_named_error_with_its_place() {
    let outside = r#"{"size":9,"grid":[],"killercage":[{"cells":["R10C1"],"value":"5"}]}"#;
    nsudoku()
        .args(["solve", "-f", "json"])
        .write_stdin(outside)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"status\":\"invalid\""))
        .stdout(predicate::str::contains("R10C1"));
    let impossible = "....\n....\n....\n....\nkiller 20 r1c1-2\n";
    nsudoku()
        .arg("solve")
        .write_stdin(impossible)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 5"))
        .stderr(predicate::str::contains("cannot total 20"));
    nsudoku()
        .arg("solve")
        .write_stdin("https://f-puzzles.com/?load=N4Ig!!!\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not base64"));
}

#[test]
fn several_solutions_and_none_exit_1() {
    let open = "....\n....\n....\n....\nthermo r1c1-4\n";
    nsudoku()
        .args(["solve", "--all", "--limit", "3"])
        .write_stdin(open)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("# line 1: 3+ solutions"));
    nsudoku()
        .arg("solve")
        .write_stdin(open)
        .assert()
        .code(1)
        .stdout("# line 1: more than one solution\n");
    let none = "....\n....\n....\n....\nthermo r1c1-4\nthermo r2c1-4\n";
    nsudoku()
        .arg("solve")
        .write_stdin(none)
        .assert()
        .code(1)
        .stdout("# line 1: no solution\n");
}

#[test]
fn explain_and_hint_take_variant_puzzles() {
    let puzzle = "....\n....\n2...\n..4.\nthermo r1c1-4\nthermo r2c4 r2c3 r2c2 r2c1\n";
    nsudoku()
        .arg("explain")
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "thermometer r1c1,r1c2,r1c3,r1c4: its digits increase from the bulb",
        ))
        .stdout(predicate::str::contains(
            "# line 1: solved in 15 steps, hardest 2.0, level easy",
        ));
    let out = stdout(
        nsudoku()
            .args(["explain", "-f", "json"])
            .write_stdin(puzzle)
            .assert(),
    );
    let thermo = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["technique"] == "constraint_logic")
        .expect("a constraint step");
    assert_eq!(thermo["constraints"][0], "thermometer r1c1,r1c2,r1c3,r1c4");
    assert_eq!(thermo["cells"].as_array().map(Vec::len), Some(4));
    nsudoku()
        .arg("hint")
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout("r3c2 = 4: hidden single 4 in box 3\n");
    // The player's pencil marks: without r1c1's digit (the thermometer's bulb, 1), a mistake;
    // a wrong count, refused.
    let marks = |first: &str| format!("{first}{}", " .".repeat(15));
    nsudoku()
        .args(["hint", "--marks", &marks("2"), "-"])
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "r1c1: the pencil marks rule out the right digit",
        ));
    nsudoku()
        .args(["hint", "--marks", &marks("1"), "-"])
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout("r3c2 = 4: hidden single 4 in box 3\n");
    nsudoku()
        .args(["hint", "--marks", "1 2", "-"])
        .write_stdin(puzzle)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("found 2, expected 16"));
    nsudoku()
        .arg("rate")
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout("2.0 easy constraint logic\n");
}

#[test]
fn commands_without_variants_say_so() {
    let puzzle = "....\n....\n....\n....\nthermo r1c1-4\n";
    nsudoku()
        .arg("canon")
        .write_stdin(puzzle)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "canon does not take variant puzzles yet",
        ));
    nsudoku()
        .args(["solve", "--engine", "general"])
        .write_stdin(puzzle)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("variant puzzles have their own"));
}

#[test]
fn bench_times_a_file_of_variant_puzzles() {
    let set = dev_set();
    let input: String = set
        .iter()
        .take(5)
        .map(|(_, p, _)| format!("{p}\n"))
        .collect();
    let out = stdout(
        nsudoku()
            .args(["bench", "--secs", "0.05", "--warmup", "0", "--each", "-"])
            .write_stdin(input)
            .assert()
            .success(),
    );
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("| ") && !l.contains("--"))
        .collect();
    // The summary table (header, one row) and the table of each puzzle (header, five rows).
    assert!(rows[1].contains(" 5 | count up to 2"), "{out}");
    assert!(rows[1].contains("count up to 2"), "{out}");
    assert_eq!(rows.len(), 2 + 1 + 5, "{out}");
    assert!(out.contains("Thermal Scanner"), "{out}");
    assert!(out.contains("median"), "{out}");
}

#[test]
fn irregular_regions_are_written_in_every_format() {
    let puzzle = "...2\n....\n..4.\n..3.\nregions:\n1222\n1132\n1334\n3444\n";
    nsudoku()
        .args(["solve", "-f", "csv"])
        .write_stdin(puzzle)
        .assert()
        .success()
        .stdout("line,status,solution,errors\n1,solved,3412412323411234,\n");
    let out = stdout(
        nsudoku()
            .args(["solve", "-f", "json"])
            .write_stdin(puzzle)
            .assert()
            .success(),
    );
    let object = &json_lines(&out)[0];
    assert_eq!(object["grid"][0], serde_json::json!([3, 4, 1, 2]));
    // No boxes: the regions are not a box shape.
    assert!(object.get("box").is_none(), "{out}");
    nsudoku()
        .args(["solve", "-f", "grid"])
        .write_stdin(puzzle)
        .assert()
        .success()
        .stdout(predicate::str::contains("| 3 4 | 1 2 |"));
}

#[test]
fn check_names_each_broken_rule_with_its_cells() {
    nsudoku()
        .arg("check")
        .arg(crate::examples("variants.txt"))
        .assert()
        .success()
        .stdout("line 1: ok (9x9 variant, 12 constraints, 18 givens)\nline 27: ok (9x9 variant, 24 constraints, 0 givens)\n");
    // Givens that break a cage: check lists it, solve and count call the puzzle invalid.
    let broken = "12..\n....\n....\n....\nkiller 4 r1c1-2\n";
    nsudoku()
        .arg("check")
        .write_stdin(broken)
        .assert()
        .code(2)
        .stdout("line 1: killer cage r1c1-r1c2 sums to 3, not 4\n");
    let out = stdout(
        nsudoku()
            .args(["check", "-f", "json"])
            .write_stdin(broken)
            .assert()
            .code(2),
    );
    let error = &json_lines(&out)[0]["errors"][0];
    assert_eq!(error["constraint"], "killer");
    assert_eq!(error["cells"], serde_json::json!(["r1c1", "r1c2"]));
    for command in ["solve", "count"] {
        nsudoku()
            .arg(command)
            .write_stdin(broken)
            .assert()
            .code(2)
            .stdout("# line 1: invalid\n")
            .stderr(predicate::str::contains("sums to 3, not 4"));
    }
    // A player's entries in an f-puzzles document (values without "given") are checked too.
    let row = |cells: &str| format!("[{cells}]");
    let doc = format!(
        r#"{{"size":4,"grid":[{},{},{},{}],"thermometer":[{{"lines":[["R1C1","R1C2","R1C3"]]}}]}}"#,
        row(r#"{"value":3},{"value":2},{},{}"#),
        row("{},{},{},{}"),
        row("{},{},{},{}"),
        row("{},{},{},{}")
    );
    nsudoku()
        .arg("check")
        .write_stdin(doc)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "thermometer r1c1-r1c3 does not increase at r1c2",
        ));
}
