//! Every kind of error, through the public API, with its exact message.

use nsudoku::parse::{Alphabet, Layout, ReadOptions, read_one, read_str};
use nsudoku::{Error, Grid, Position, Shape, ShapeError};

fn first_error(text: &str) -> String {
    text.parse::<Grid>().expect_err("an error").to_string()
}

#[test]
fn bad_symbol_names_the_character_line_and_column() {
    let text = "# a comment\n..7.x".to_string() + &".".repeat(76);
    let err = text.parse::<Grid>().unwrap_err();
    assert_eq!(
        err,
        Error::BadSymbol {
            symbol: 'x',
            position: Position { line: 2, column: 5 }
        }
    );
    assert_eq!(err.to_string(), "bad symbol 'x' at line 2, column 5");
    assert_eq!(err.kind(), "bad_symbol");
}

#[test]
fn wrong_cell_count_says_found_and_expected() {
    assert_eq!(
        first_error(&".".repeat(80)),
        "wrong cell count: found 80, expected 81"
    );
    assert_eq!(
        first_error(&".".repeat(83)),
        "wrong cell count: found 83, expected 81"
    );
    let opts = ReadOptions {
        shape: Some(Shape::new(3, 2).unwrap()),
        ..ReadOptions::default()
    };
    assert_eq!(
        read_one(&".".repeat(35), &opts).unwrap_err().to_string(),
        "wrong cell count: found 35, expected 36"
    );
}

#[test]
fn short_row_of_a_grid_names_its_line() {
    let text = "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n. 9 8 . . . . 6\n8 . . . 6 . . . 3\n4 . . 8 . 3 . . 1\n7 . . . 2 . . . 6\n. 6 . . . . 2 8 .\n. . . 4 1 9 . . 5\n. . . . 8 . . 7 9\n";
    assert_eq!(first_error(text), "line 3 has 8 cells, expected 9");
}

#[test]
fn value_out_of_range_says_value_max_and_place() {
    let mut rows: Vec<String> = (0..9).map(|_| ["0"; 9].join(" ")).collect();
    rows[4] = "0 0 0 0 10 0 0 0 0".into();
    assert_eq!(
        first_error(&rows.join("\n")),
        "value 10 out of range 1..9 at line 5, column 9"
    );
}

#[test]
fn shape_errors() {
    assert_eq!(
        first_error(&".".repeat(36)),
        "invalid shape: a 6x6 grid has no square boxes; name the box shape, for example 3x2 or 2x3"
    );
    assert!(matches!(Shape::new(0, 3), Err(ShapeError::Empty { .. })));
    assert!(matches!(
        Shape::new(23, 23),
        Err(ShapeError::TooLarge { side: 529 })
    ));
    assert_eq!(
        "3by2".parse::<Shape>().unwrap_err().to_string(),
        "invalid shape: \"3by2\" is not a box shape WxH, such as 3x2"
    );
}

#[test]
fn duplicates_in_row_column_and_box_name_both_cells() {
    let mut row = "0".repeat(81);
    row.replace_range(19..20, "7");
    row.replace_range(25..26, "7");
    assert_eq!(
        Grid::validate(&row.parse().unwrap())
            .unwrap_err()
            .to_string(),
        "duplicate 7 in row 3: r3c2 and r3c8"
    );
    let mut col = "0".repeat(81);
    col.replace_range(4..5, "2");
    col.replace_range(76..77, "2");
    assert_eq!(
        Grid::validate(&col.parse().unwrap())
            .unwrap_err()
            .to_string(),
        "duplicate 2 in column 5: r1c5 and r9c5"
    );
    let mut bx = "0".repeat(81);
    bx.replace_range(60..61, "9"); // r7c7
    bx.replace_range(80..81, "9"); // r9c9
    let g: Grid = bx.parse().unwrap();
    let all: Vec<String> = g
        .conflicts()
        .into_iter()
        .map(|c| Error::from(c).to_string())
        .collect();
    assert_eq!(all, ["duplicate 9 in box 9: r7c7 and r9c9"]);
}

#[test]
fn a_bad_puzzle_does_not_stop_the_batch() {
    let good = "1234341221434321";
    let text = format!("{good}\n12?4341221434321\n{}\n{good}\n", "1".repeat(15));
    let opts = ReadOptions {
        layout: Layout::Lines,
        ..ReadOptions::default()
    };
    let entries = read_str(&text, &opts);
    let kinds: Vec<Vec<&str>> = entries
        .iter()
        .map(|e| match &e.result {
            Ok(_) => vec![],
            Err(errors) => errors.iter().map(Error::kind).collect(),
        })
        .collect();
    assert_eq!(
        kinds,
        [vec![], vec!["bad_symbol"], vec!["cell_count"], vec![]]
    );
    assert_eq!(
        entries.iter().map(|e| e.line).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
}

#[test]
fn one_puzzle_expected() {
    assert_eq!(first_error("1\n\n1"), "expected one puzzle, found 2");
}

#[test]
fn bad_alphabet() {
    assert_eq!(
        Alphabet::new("12 3").unwrap_err().to_string(),
        "invalid alphabet \"12 3\": it holds a separator, '#' or an empty mark ('.' or '_')"
    );
    assert_eq!(Alphabet::new("").unwrap_err().kind(), "alphabet");
}
