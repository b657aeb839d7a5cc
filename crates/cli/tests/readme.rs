//! Every `$` example of the README runs from the repository's root and prints what the README
//! shows: the examples are parsed from its `console` blocks, run, and compared with snapbox
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
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let examples = examples(&readme);
    assert!(examples.len() >= 10, "the README's examples were found");
    for example in examples {
        assert_eq!(example.words[0], "nsudoku", "README.md:{}", example.line);
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
