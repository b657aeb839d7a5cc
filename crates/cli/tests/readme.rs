//! Every `$` example of the README, the user guide (`docs/guide.md`) and the variant guide runs
//! from the repository's root and prints what the file shows: the examples are parsed from its `console` blocks, run, and compared with snapbox
//! (`...` on a line of its own stands for lines left out; `? failed` after a command, for a
//! non-zero exit status).

use std::path::{Path, PathBuf};

use snapbox::cmd::Command;

/// One example: the command's words, whether it fails, and the output shown.
struct Example {
    line: usize,
    words: Vec<String>,
    fails: bool,
    output: String,
}

/// The examples of the `console` blocks of a markdown text.
fn examples(markdown: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in markdown.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                line: i + 1,
                words: command.split_whitespace().map(str::to_owned).collect(),
                fails: false,
                output: String::new(),
            });
        } else if let Some(example) = found.last_mut() {
            if line == "? failed" && example.output.is_empty() {
                example.fails = true;
            } else {
                example.output.push_str(line);
                example.output.push('\n');
            }
        }
    }
    found
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn readme_examples_run_as_shown() {
    run_examples("README.md", 8);
}

#[test]
fn the_user_guide_examples_run_as_shown() {
    run_examples("docs/guide.md", 24);
}

#[test]
fn the_variant_guide_examples_run_as_shown() {
    run_examples("docs/variants.md", 1);
}

/// Runs every `$` example of a markdown file of the repository (at least `least` of them).
fn run_examples(file: &str, least: usize) {
    let readme = std::fs::read_to_string(root().join(file)).expect(file);
    let examples = examples(&readme);
    assert!(examples.len() >= least, "the examples of {file} were found");
    for example in examples {
        assert_eq!(example.words[0], "nsudoku", "{file}:{}", example.line);
        let run = Command::new(assert_cmd::cargo::cargo_bin("nsudoku"))
            .args(&example.words[1..])
            .current_dir(root())
            .env("NO_COLOR", "1")
            .assert();
        let run = if example.fails {
            run.failure()
        } else {
            run.success()
        };
        run.stdout_eq(example.output);
    }
}

#[test]
fn the_readme_parser_finds_commands_failures_and_output() {
    let text =
        "```sh\n$ not this\n```\n```console\n$ nsudoku a b\none\n...\n$ nsudoku c\n? failed\n```\n";
    let found = examples(text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].words, ["nsudoku", "a", "b"]);
    assert_eq!(found[0].output, "one\n...\n");
    assert!(!found[0].fails && found[1].fails);
    assert_eq!(found[1].output, "");
}

/// The words in backquotes of a markdown text.
fn quoted(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The user guide's JSON output section: the words in backquotes of its opening paragraph (the
/// fields every object may have), and for each command of its table (`solve --all` is its own
/// row) the statuses and the field names it lists, as the words in backquotes of its cells.
type JsonTable = (Vec<String>, Vec<(String, Vec<String>, Vec<String>)>);

fn json_table(markdown: &str) -> JsonTable {
    let section = markdown
        .split("### JSON output")
        .nth(1)
        .expect("the guide has a JSON output section");
    let (opening, table) = section
        .split_once("| command")
        .expect("the section has a table");
    let rows = table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            let command = cells[0]
                .trim_start_matches("| ")
                .trim_matches('`')
                .to_owned();
            (command, quoted(cells[1]), quoted(cells[2]))
        })
        .collect();
    (quoted(opening), rows)
}

/// Every status the user guide's JSON table lists for a command is one the command gives, and
/// every status and top-level field the command gives is listed.
#[test]
fn the_json_table_lists_what_each_command_gives() {
    // One solution (`examples/one.txt`), none (9 is missing from row 1 but column 9 has
    // one), several, not a puzzle, and one of the hardest known (the first of the forum's
    // hardest list, `crates/core/tests/data/9x9`: nested forcing chains).
    let puzzle =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    let none = format!("123456780000000009{}", "0".repeat(63));
    let hardest =
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";
    let input = format!("{puzzle}\n{none}\n0000000000000000\n12\n{hardest}\n");
    let json = |args: &[&str], stdin: &str| -> Vec<serde_json::Value> {
        let out = Command::new(assert_cmd::cargo::cargo_bin("nsudoku"))
            .args(args)
            .args(["-f", "json"])
            .current_dir(root())
            .stdin(stdin.to_owned())
            .output()
            .expect("nsudoku runs");
        String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect()
    };
    let solution = json(&["solve", "-"], &format!("{puzzle}\n"))[0]["grid"]
        .as_array()
        .expect("a grid")
        .iter()
        .flat_map(|row| row.as_array().expect("a row").iter())
        .map(|digit| digit.to_string())
        .collect::<String>();
    let player =
        "530470000600195000098000060800060003400803001700020006060000280000419005000080079";
    let runs: &[(&str, &[&[&str]], String)] = &[
        (
            "solve",
            &[&["solve"], &["solve", "--timeout", "0"]],
            input.clone(),
        ),
        (
            "solve --all",
            &[
                &["solve", "--all", "--limit", "3"],
                &["solve", "--all", "--timeout", "0"],
            ],
            input.clone(),
        ),
        (
            "count",
            &[
                &["count", "--limit", "3", "--estimate=0.1"],
                &["count", "--timeout", "0"],
            ],
            input.clone(),
        ),
        (
            "setter",
            &[
                &["setter", "--minimal", "--seed", "1"],
                &["setter", "--timeout", "0"],
            ],
            input.clone(),
        ),
        ("check", &[&["check"]], input.clone()),
        (
            "explain",
            &[&["explain"], &["explain", "--timeout", "0"]],
            input.clone(),
        ),
        (
            "rate",
            &[&["rate"], &["rate", "--timeout", "0"]],
            input.clone(),
        ),
        (
            "hint",
            &[&["hint"], &["hint", "--timeout", "0"]],
            format!("{input}{solution}\n"),
        ),
        (
            "hint",
            &[&["hint", "--givens", puzzle]],
            format!("{player}\n"),
        ),
        ("canon", &[&["canon"]], input.clone()),
        (
            "canon --same",
            &[&["canon", "--same"]],
            format!("{puzzle}\n{puzzle}\n{none}\n12\n"),
        ),
        ("dedup", &[&["dedup"]], format!("{puzzle}\n{puzzle}\n12\n")),
        (
            "transform",
            &[&["transform", "--with-solution", "--seed", "1"]],
            input.clone(),
        ),
        (
            "generate",
            &[&[
                "generate",
                "--with-solution",
                "--difficulty",
                "easy",
                "--seed",
                "1",
            ]],
            String::new(),
        ),
    ];
    let guide = std::fs::read_to_string(root().join("docs/guide.md")).expect("docs/guide.md");
    let (common, table) = json_table(&guide);
    let commands: Vec<&str> = table.iter().map(|(c, _, _)| c.as_str()).collect();
    assert_eq!(
        commands,
        [
            "solve",
            "solve --all",
            "count",
            "setter",
            "check",
            "explain",
            "hint",
            "rate",
            "canon",
            "canon --same",
            "dedup",
            "transform",
            "generate"
        ]
    );
    for (command, statuses, fields) in &table {
        let mut given = std::collections::BTreeSet::new();
        for (_, arg_sets, stdin) in runs.iter().filter(|(c, _, _)| c == command) {
            for args in arg_sets.iter() {
                let mut args = args.to_vec();
                if command != "generate" {
                    args.push("-");
                }
                for object in json(&args, stdin) {
                    let object = object.as_object().expect("an object");
                    for key in object.keys() {
                        let known =
                            common.contains(key) || fields.contains(key) || statuses.contains(key);
                        assert!(known, "{command}: field {key} is not in the guide's table");
                    }
                    if let Some(status) = object.get("status") {
                        let status = status.as_str().expect("a string").to_owned();
                        assert!(
                            statuses.contains(&status),
                            "{command}: status {status} is not in the guide's table"
                        );
                        given.insert(status);
                    }
                }
            }
        }
        // `stuck` (no step found on a puzzle with one solution) is listed, but no puzzle is
        // known to get there on 9×9 since the nested forcing chains reach Sudoku Explainer's
        // deepest level, and the larger ones that do take minutes.
        let listed = statuses
            .iter()
            .filter(|word| !word.starts_with('-') && *word != "stuck")
            .cloned()
            .collect::<std::collections::BTreeSet<_>>();
        given.remove("stuck");
        if command == "generate" {
            assert!(given.is_empty(), "generate's lines have no status");
        } else {
            assert_eq!(given, listed, "{command}: the statuses given and listed");
        }
    }
}
