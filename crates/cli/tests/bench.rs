//! `bench`: the table it prints, and the puzzles it reads (files, a CSV column, pencil
//! marks, standard input).

use super::{data, nsudoku, stdout};

#[test]
fn bench_prints_a_markdown_row_per_file() {
    let out = stdout(
        nsudoku()
            .args([
                "bench",
                "--secs",
                "0.05",
                "--warmup",
                "0",
                "--shuffle",
                "--expand",
                "100",
            ])
            .arg(data("9x9/puzzles3_magictour_top1465.sample"))
            .arg(data("9x9/classic.txt"))
            .assert()
            .success(),
    );
    let text = out;
    let cells = |row: &str| -> Vec<String> {
        row.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_owned())
            .collect()
    };
    let rows: Vec<Vec<String>> = text.lines().map(cells).collect();
    assert_eq!(rows.len(), 4, "{text}");
    assert_eq!(rows[0][..4], ["file", "puzzles", "mode", "puzzles/s"]);
    assert_eq!(
        rows[2][..3],
        ["puzzles3_magictour_top1465.sample", "100", "count up to 2"]
    );
    assert_eq!(rows[3][..2], ["classic.txt", "100"]);
    // The columns line up: every row as long as the header.
    let widths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{text}");
}

#[test]
fn bench_times_the_puzzles_of_a_csv_column() {
    // A header, three records with a puzzle in `quizzes`, one whose field is empty, one
    // without the field, and one whose clues clash: three are timed, the others are named.
    let csv = "\
id,quizzes,note
1,530070000600195000098000060800060003400803001700020006060000280000419005000080079,a
2,000801000000456000008020600100080003090000010700203005013000420050000090000302000,b
3,,empty
4
5,400001900020000001560300040000006108006000090070930000000007002905200000012040000,\"c, d\"
6,550070000600195000098000060800060003400803001700020006060000280000419005000080079,clash
";
    let assert = nsudoku()
        .args([
            "bench", "--column", "quizzes", "--secs", "0", "--warmup", "0",
        ])
        .arg("-")
        .write_stdin(csv)
        .assert()
        .code(2);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let out = stdout(assert);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 3, "{out}");
    let cells: Vec<&str> = rows[2]
        .trim_matches('|')
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(cells[..3], ["-", "3", "count up to 2"], "{out}");
    for (line, why) in [
        (4, "no puzzle in the field \"quizzes\""),
        (5, "no field \"quizzes\""),
        (7, "duplicate 5 in row 1"),
    ] {
        assert!(
            stderr.contains(&format!(":{line}: {why}")),
            "line {line}: {stderr}"
        );
    }
}

#[test]
fn bench_times_pencil_mark_puzzles_with_their_candidates() {
    // The candidates left by the clues of easy puzzles, which propagation alone solves: the
    // same puzzles without their candidates (empty grids) would need guesses.
    let style = nsudoku::format::Style::default();
    let text: String = std::fs::read_to_string(data("9x9/classic.txt"))
        .unwrap()
        .lines()
        .filter_map(|l| l.parse::<nsudoku::Grid>().ok())
        .map(|g| {
            let sets = (0..81).map(|i| g.candidates(g.shape().cell(i))).collect();
            let sukaku = nsudoku::Grid::from_candidates(g.shape(), sets).unwrap();
            style.pencil_line(&sukaku).unwrap() + "\n"
        })
        .collect();
    assert_eq!(text.lines().count(), 5);
    for shuffle in [&[][..], &["--shuffle"]] {
        let out = stdout(
            nsudoku()
                .args(["bench", "--secs", "0.05", "--warmup", "0", "--expand", "50"])
                .args(shuffle)
                .write_stdin(text.clone())
                .assert()
                .success(),
        );
        let row: Vec<&str> = out
            .lines()
            .nth(2)
            .unwrap()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(row[1], "50", "{out}");
        assert_eq!(row[5], "100.0", "{shuffle:?}: {out}");
    }
}

#[test]
fn bench_reads_standard_input_like_every_command() {
    let out = stdout(
        nsudoku()
            .args(["bench", "--secs", "0.05", "--warmup", "0"])
            .write_stdin("1.3....2.....32.\n")
            .assert()
            .success(),
    );
    assert!(out.lines().nth(2).unwrap().starts_with("| -    |"), "{out}");
}
