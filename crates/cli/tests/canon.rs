//! `canon`, `dedup` and `transform`: forms, equivalence, de-duplication and copies.

use predicates::prelude::*;

use super::{data, examples, json_lines, nsudoku, stdout};

const ONE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const ONE_CANON: &str =
    "000000001000002034156000270000008000000051002329740000001600900003400700280910450";

/// Every line of a command's output, run on `input`.
fn lines(args: &[&str], input: &str) -> Vec<String> {
    stdout(
        nsudoku()
            .args(args)
            .write_stdin(input.to_owned())
            .assert()
            .success(),
    )
    .lines()
    .map(str::to_owned)
    .collect()
}

#[test]
fn the_forum_17_clue_list_is_in_minlex_form() {
    let path = data("9x9/puzzles2_17_clue.sample");
    let text = std::fs::read_to_string(&path).unwrap();
    nsudoku()
        .arg("canon")
        .arg(&path)
        .assert()
        .success()
        .stdout(text);
}

#[test]
fn every_copy_has_the_form_of_its_puzzle() {
    let input = std::fs::read_to_string(examples("classic.txt")).unwrap();
    let forms = lines(&["canon", "-"], &input);
    let copies = lines(&["transform", "--seed", "5", "-n", "20", "-"], &input);
    assert_eq!(copies.len(), 100);
    for threads in ["1", "2"] {
        let again = lines(&["canon", "-j", threads, "-"], &copies.join("\n"));
        for (i, form) in again.iter().enumerate() {
            assert_eq!(form, &forms[i / 20], "copy {i}");
        }
    }
}

#[test]
fn canon_json_gives_the_transform_and_it_maps_back() {
    let out = lines(&["canon", "-f", "json", "-"], ONE);
    let object = &json_lines(&out.join("\n"))[0];
    assert_eq!(object["status"], "canonical");
    assert_eq!(object["canonical"], ONE_CANON);
    assert_eq!(object["transform"]["rows"].as_array().unwrap().len(), 9);
    let spec = object["transform"]["spec"].as_str().unwrap();
    assert_eq!(
        lines(&["transform", "--apply", spec, "-"], ONE),
        [ONE_CANON]
    );
    // The canonical form's solution, mapped back, solves the puzzle.
    let solution = lines(&["solve", "-"], ONE_CANON);
    let back = lines(
        &["transform", "--apply", spec, "--inverse", "-"],
        &solution[0],
    );
    assert_eq!(back, lines(&["solve", "-"], ONE));
}

#[test]
fn canon_works_on_grids_and_other_shapes() {
    let grids = lines(&["solve", "-"], ONE);
    let form = lines(&["canon", "-"], &grids[0]);
    assert!(form[0].starts_with("123456789"), "{form:?}");
    // 6×6 with 3×2 boxes (no transpose), and a 16×16.
    let six = lines(
        &["canon", "--box", "3x2", "-"],
        "100000000200030000000004000050600000",
    );
    assert_eq!(six[0].len(), 36);
    let sixteen = ".".repeat(255) + "G";
    let form = lines(&["canon", "-"], &sixteen);
    assert_eq!(form, [format!("{}1", ".".repeat(255))]);
}

#[test]
fn canon_reports_bad_and_too_large_puzzles_and_goes_on() {
    let big = "0 ".repeat(625);
    nsudoku()
        .args(["canon", "-"])
        .write_stdin(format!("55{}\n{big}\n{ONE}\n", &ONE[2..]))
        .assert()
        .code(2)
        .stdout(format!(
            "# line 1: invalid\n# line 2: invalid\n{ONE_CANON}\n"
        ))
        .stderr(
            predicate::str::contains("line 1: duplicate 5 in row 1").and(predicate::str::contains(
                "line 2: canonical forms are computed up to 16x16",
            )),
        );
}

#[test]
fn same_says_equivalent_with_the_transform_or_not() {
    let copies = lines(&["transform", "--seed", "9", "-n", "2", "-"], ONE);
    let other = "100000000".to_owned() + &ONE[9..];
    let input = format!("{ONE}\n{}\n{}\n{other}\n", copies[0], copies[1]);
    let out = stdout(
        nsudoku()
            .args(["canon", "--same", "-"])
            .write_stdin(input.clone())
            .assert()
            .code(1),
    );
    let out: Vec<&str> = out.lines().collect();
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[2], "line 4: not equivalent to line 1");
    for (i, line) in out[..2].iter().enumerate() {
        let spec = line
            .strip_prefix(&format!("line {}: equivalent to line 1: ", i + 2))
            .unwrap();
        assert_eq!(
            lines(&["transform", "--apply", spec, "-"], ONE),
            [copies[i].clone()]
        );
    }
    // All equivalent: exit 0; JSON says so for each.
    let input = format!("{ONE}\n{}\n", copies[0]);
    let json = stdout(
        nsudoku()
            .args(["canon", "--same", "-f", "json", "-"])
            .write_stdin(input)
            .assert()
            .success(),
    );
    let objects = json_lines(&json);
    assert_eq!(objects[0]["status"], "reference");
    assert_eq!(objects[1]["status"], "equivalent");
    assert_eq!(objects[1]["to"]["line"], 1);
    // Another shape is another class; a bad puzzle is an input error.
    nsudoku()
        .args(["canon", "--same", "-"])
        .write_stdin(format!("{ONE}\n{}\n", "0".repeat(16)))
        .assert()
        .code(1)
        .stdout("line 2: not equivalent to line 1\n");
    nsudoku()
        .args(["canon", "--same", "-"])
        .write_stdin(format!("{ONE}\n12\n"))
        .assert()
        .code(2)
        .stdout("# line 2: invalid\n");
}

#[test]
fn dedup_keeps_the_first_of_each_class_and_counts_the_rest() {
    let copies = lines(&["transform", "--seed", "1", "-n", "3", "-"], ONE);
    let classic: String = std::fs::read_to_string(examples("classic.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let input = format!("{}\n{ONE}\n{classic}bad\n{}\n", copies[0], copies[2]);
    let mut expected = format!("{}\n", copies[0]);
    // The last classic puzzle is `ONE`: dropped as well.
    for line in classic.lines().take(4) {
        expected.push_str(line);
        expected.push('\n');
    }
    expected.push_str("# line 8: invalid\n");
    for threads in ["1", "2"] {
        nsudoku()
            .args(["dedup", "-j", threads, "-"])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stdout(expected.clone())
            .stderr(predicate::str::contains(
                "kept 5 of 8 puzzles, dropped 3 equivalent to an earlier one",
            ));
    }
    nsudoku()
        .args(["dedup", "--max-distinct", "1", "-"])
        .write_stdin(format!("{ONE}\n{classic}"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("raise --max-distinct"));
    nsudoku()
        .args(["dedup", "--max-distinct", "0"])
        .assert()
        .code(2);
}

#[test]
fn dedup_json_names_the_puzzle_each_dropped_one_repeats() {
    let disguised = examples("disguised.txt");
    for threads in ["1", "2"] {
        let json = stdout(
            nsudoku()
                .args(["dedup", "-f", "json", "-j", threads])
                .arg(&disguised)
                .assert()
                .success(),
        );
        let objects = json_lines(&json);
        let said: Vec<(u64, &str, Option<u64>)> = objects
            .iter()
            .map(|o| {
                let repeats = o.get("repeats").map(|r| r["line"].as_u64().unwrap());
                (
                    o["line"].as_u64().unwrap(),
                    o["status"].as_str().unwrap(),
                    repeats,
                )
            })
            .collect();
        assert_eq!(
            said,
            [
                (1, "kept", None),
                (2, "dropped", Some(1)),
                (3, "dropped", Some(1)),
                (4, "kept", None),
                (5, "dropped", Some(4)),
            ],
            "{json}"
        );
        assert_eq!(objects[0]["grid"][0][0], 5);
        assert!(objects[1].get("grid").is_none(), "{json}");
    }
    // Several files: the place names its file.
    let one = examples("one.txt");
    let json = stdout(
        nsudoku()
            .args(["dedup", "-f", "json"])
            .arg(&one)
            .arg(&disguised)
            .assert()
            .success(),
    );
    let objects = json_lines(&json);
    assert_eq!(objects[1]["status"], "dropped", "{json}");
    assert_eq!(objects[1]["file"], disguised.display().to_string());
    assert_eq!(objects[1]["repeats"]["file"], one.display().to_string());
}

#[test]
fn pencil_mark_puzzles_have_no_form_nor_copy_rather_than_a_wrong_one() {
    for args in [
        &["canon"][..],
        &["dedup"],
        &["transform", "--seed", "1"],
        &["transform", "--rotate", "90"],
    ] {
        nsudoku()
            .args(args)
            .arg(examples("sukaku.txt"))
            .assert()
            .code(2)
            .stdout("# line 3: invalid\n# line 4: invalid\n")
            .stderr(predicate::str::contains("pencil-mark puzzle"));
    }
}

#[test]
fn transform_is_reproducible_by_seed() {
    let input = std::fs::read_to_string(examples("classic.txt")).unwrap();
    let run = |args: &[&str]| lines(&[&["transform", "-"], args].concat(), &input);
    let one = run(&["--seed", "3", "-n", "4", "-j", "1"]);
    assert_eq!(one.len(), 20);
    assert_eq!(one, run(&["--seed", "3", "-n", "4", "-j", "2"]));
    assert_ne!(one, run(&["--seed", "4", "-n", "4"]));
    // Many copies stream, one puzzle at a time, the same copies.
    let many = run(&["--seed", "3", "-n", "40"]);
    assert_eq!(many.len(), 200);
    assert_eq!(many[..4], one[..4]);
    // Without a seed, one from the clock is said.
    nsudoku()
        .args(["transform", "-"])
        .write_stdin(ONE)
        .assert()
        .success()
        .stderr(predicate::str::starts_with("nsudoku: seed "));
}

#[test]
fn transform_with_solution_transforms_both_alike() {
    let out = lines(
        &[
            "transform",
            "--seed",
            "2",
            "-n",
            "3",
            "--with-solution",
            "-",
        ],
        ONE,
    );
    for line in out {
        let (puzzle, solution) = line.split_once(' ').unwrap();
        assert_eq!(lines(&["solve", "-"], puzzle), [solution.to_owned()]);
    }
    let json = stdout(
        nsudoku()
            .args([
                "transform",
                "--keep-solution",
                "--seed",
                "2",
                "-f",
                "json",
                "-",
            ])
            .write_stdin(ONE)
            .assert()
            .success(),
    );
    let object = &json_lines(&json)[0];
    assert_eq!(object["status"], "transformed");
    assert!(object["solution"].is_array() && object["puzzle"].is_array());
    nsudoku()
        .args(["transform", "--with-solution", "--seed", "1", "-"])
        .write_stdin("1200003000400000\n1000000000000000\n")
        .assert()
        .code(1)
        .stdout("# line 1: no solution\n# line 2: multiple\n");
}

#[test]
fn named_transforms_compose_and_invert() {
    let turned = lines(&["transform", "--rotate", "90", "-"], ONE);
    assert_eq!(&turned[0][..9], "000748065");
    let back = lines(&["transform", "--rotate", "270", "-"], &turned[0]);
    assert_eq!(back, [ONE]);
    let back = lines(
        &["transform", "--rotate", "90", "--inverse", "-"],
        &turned[0],
    );
    assert_eq!(back, [ONE]);
    let mirrored = lines(&["transform", "--mirror", "--flip", "-"], ONE);
    assert_eq!(mirrored, lines(&["transform", "--rotate", "180", "-"], ONE));
    let transposed = lines(&["transform", "--transpose", "-"], ONE);
    assert_eq!(&transposed[0][..9], "560847000");
    let relabelled = lines(&["transform", "--relabel", "987654321", "-"], ONE);
    assert_eq!(&relabelled[0][..9], "570030000");
}

#[test]
fn transform_reports_what_does_not_fit() {
    nsudoku()
        .args(["transform", "--rotate", "90", "--box", "3x2", "-"])
        .write_stdin("123456456123231564564231312645645312\n")
        .assert()
        .code(2)
        .stdout("# line 1: invalid\n")
        .stderr(predicate::str::contains("3x2 boxes are not square"));
    nsudoku()
        .args(["transform", "--relabel", "12345678", "-"])
        .write_stdin(format!("{ONE}\n1234341221434321\n"))
        .assert()
        .code(2)
        .stdout("# line 1: invalid\n# line 2: invalid\n");
    nsudoku()
        .args(["transform", "--apply", "rows=423156789", "-"])
        .write_stdin(ONE)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "keeping each band's 3 rows together",
        ));
    for bad in [
        &["--rotate", "45"][..],
        &["--seed", "1", "--mirror"],
        &["-n", "0"],
        &["-n", "2000000"],
    ] {
        nsudoku()
            .arg("transform")
            .args(bad)
            .write_stdin(ONE)
            .assert()
            .code(2);
    }
}
