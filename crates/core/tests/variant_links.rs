//! Links and SudokuPad's own format: every way of writing an f-puzzles puzzle reads as its
//! payload; an SCL document made here (plain, zipped, compressed, percent-encoded, with a lost
//! `/`, in every kind of link) reads to the puzzle it draws; two published SudokuPad payloads;
//! bad input, each error with its kind and message; damaged input never panics. The drawings
//! are tested in `variant_links/drawings.rs`.

use nsudoku::Cell;
use nsudoku::variant::fpuzzles::{self, Read, ReadOptions};
use nsudoku::variant::link::read_text;
use nsudoku::variant::lzstring::{compress_to_base64, decompress_from_base64};
use nsudoku::variant::{Constraint, ErrorKind, scl};
use serde_json::{Value, json};

use crate::support::data;

mod drawings;
use drawings::{lines_doc, marks_doc, thermo_arrow_doc};

fn read(text: &str) -> Read {
    read_text(text, ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", text.chars().take(80).collect::<String>()))
}

/// `encodeURIComponent`, enough for base64 and JSON.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'!' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Each way of writing one f-puzzles payload.
fn forms(p: &str) -> Vec<String> {
    let e = encode(p);
    let mut forms = vec![
        p.to_owned(),
        format!("  {p}\n"),
        format!("https://f-puzzles.com/?load={p}"),
        format!("http://www.f-puzzles.com/?load={e}"),
        format!("https://www.f-puzzles.com/?load={p}&theme=dark"),
        format!("f-puzzles.com/?load={p}"),
        encode(&format!("https://f-puzzles.com/?load={p}")),
        format!("https://f-puzzles.com/?load={}", p.replace('+', " ")),
        format!("https://sudokupad.app/fpuzzles{p}"),
        format!("https://sudokupad.app/fpuzzles{e}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{p}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{e}"),
        format!("https://sudokupad.app/sudoku.html?puzzleid=fpuzzles{e}&setting-nogrid=1"),
        format!("https://sudokupad.app/fpuz{p}?setting-nogrid=1#experimental"),
        format!("https://beta.sudokupad.app/fpuzzles{p}"),
        format!("sudokupad.app/fpuzzles{p}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{p}"),
        format!("https://sudokupad.svencodes.com/puzzle/fpuzzles{p}"),
        format!("https://sudokupad.svencodes.com/sudoku/fpuzzles{p}"),
        format!("sudokupad://puzzle/fpuzzles{p}"),
        format!("fpuzzles{p}"),
        format!("fpuz{e}"),
        format!("https://sudokupad.app/scl{p}"),
        format!("ctc{p}"),
    ];
    if let Some(lost) = lose_a_slash(p) {
        forms.push(format!("https://sudokupad.app/fpuzzles{lost}"));
    }
    forms
}

/// The text with its first `//` (not part of a longer run) collapsed to `/`, as some web
/// servers do to a path.
fn lose_a_slash(p: &str) -> Option<String> {
    let b = p.as_bytes();
    let i = (0..b.len().saturating_sub(1)).find(|&i| {
        b[i] == b'/'
            && b[i + 1] == b'/'
            && (i == 0 || b[i - 1] != b'/')
            && b.get(i + 2) != Some(&b'/')
    })?;
    Some(format!("{}{}", &p[..i], &p[i + 1..]))
}

#[test]
fn every_link_form_of_every_dev_puzzle_reads_as_its_payload() {
    let mut collapsed = 0;
    for line in data("variants/dev.jsonl").lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let (name, payload) = (
            v["name"].as_str().expect("name"),
            v["fpuzzles"].as_str().expect("payload"),
        );
        let expected = fpuzzles::from_payload(payload, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e:?}"))
            .puzzle;
        let json = decompress_from_base64(payload).expect("a payload");
        let mut all = forms(payload);
        all.push(json.clone());
        collapsed += usize::from(lose_a_slash(payload).is_some());
        for form in all {
            let got = read_text(&form, ReadOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e:?} for {}", &form[..60.min(form.len())]));
            assert_eq!(
                got.puzzle,
                expected,
                "{name}: {}",
                &form[..60.min(form.len())]
            );
        }
    }
    assert!(collapsed > 0, "no dev payload has a '//' to lose");
}

/// An SCL payload (compressed JSON text) with its prefix.
fn scl_payload(text: &str) -> String {
    format!("scl{}", compress_to_base64(text))
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r, c)
}

fn centre(r: usize, c: usize) -> Value {
    json!([r as f64 + 0.5, c as f64 + 0.5])
}

/// The regions of boxes `h` rows by `w` columns of an `n`-grid, as SCL lists them.
fn boxes(n: usize, h: usize, w: usize) -> Value {
    let mut regions = vec![Vec::new(); n];
    for r in 0..n {
        for c in 0..n {
            regions[r / h * (n / w) + c / w].push(json!([r, c]));
        }
    }
    json!(regions)
}

fn empty_cells(n: usize) -> Value {
    json!(vec![vec![json!({}); n]; n])
}

/// A tiny killer: 4×4, its solution 1234/3412/2143/4321.
fn killer_doc() -> Value {
    json!({
        "id": "hand-killer",
        "cellSize": 50,
        "cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
        "regions": boxes(4, 2, 2),
        "cages": [
            {"value": "title: Tiny killer"},
            {"value": "author: Nobody"},
            {"value": "rules: Normal sudoku rules apply."},
            {"value": "rules: Digits in a killer cage don't repeat and sum to its total."},
            {"value": "solution: 1234341221434321"},
            {"value": "msgcorrect: Well done!"},
            {"cells": [[0, 1], [0, 2]], "value": 5},
            {"cells": [[1, 1], [1, 2]], "value": "5"},
            {"cells": [[2, 0], [3, 0]], "value": 6, "unique": true},
            {"cells": [[2, 2], [3, 3]]},
            {"cells": [[0, 3], [1, 3]], "value": 6},
            {"cells": [[2, 1], [3, 1]], "value": 4},
            {"cells": [[3, 2], [3, 3]], "value": 3}
        ]
    })
}

/// The same, zipped as SudokuPad zips it.
const KILLER_ZIPPED: &str = "{id:'hand-killer',cs:50,ce:[[{v:1},,,],[,,,],[,,,],[,,,]],\
re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
ca:[{v:'title: Tiny killer'},{v:'author: Nobody'},{v:'rules: Normal sudoku rules apply.'},\
{v:'rules: Digits in a killer cage don\\'t repeat and sum to its total.'},{v:'solution: 1234341221434321'},\
{v:'msgcorrect: Well done!'},{ce:[[0,1],[0,2]],v:5},{ce:[[1,1],[1,2]],v:5},{ce:[[2,0],[3,0]],v:6,unique:t},\
{ce:[[2,2],[3,3]]},{ce:[[0,3],[1,3]],v:6},{ce:[[2,1],[3,1]],v:4},{ce:[[3,2],[3,3]],v:3}]}";

#[test]
fn a_killer_reads_its_cages_givens_and_metadata_and_has_its_one_solution() {
    let read = read(&scl_payload(&killer_doc().to_string()));
    let p = &read.puzzle;
    assert_eq!(p.size(), 4);
    assert_eq!(p.givens()[0], 1);
    assert!(p.givens()[1..].iter().all(|&g| g == 0));
    assert_eq!(p.info.title.as_deref(), Some("Tiny killer"));
    assert_eq!(p.info.author.as_deref(), Some("Nobody"));
    assert_eq!(
        p.info.rules.as_deref(),
        Some(
            "Normal sudoku rules apply.\nDigits in a killer cage don't repeat and sum to its total."
        )
    );
    assert_eq!(
        p.constraints(),
        [
            Constraint::Killer {
                cells: vec![cell(0, 1), cell(0, 2)],
                sum: Some(5)
            },
            Constraint::Killer {
                cells: vec![cell(1, 1), cell(1, 2)],
                sum: Some(5)
            },
            Constraint::Killer {
                cells: vec![cell(2, 0), cell(3, 0)],
                sum: Some(6)
            },
            Constraint::Killer {
                cells: vec![cell(2, 2), cell(3, 3)],
                sum: None
            },
            Constraint::Killer {
                cells: vec![cell(0, 3), cell(1, 3)],
                sum: Some(6)
            },
            Constraint::Killer {
                cells: vec![cell(2, 1), cell(3, 1)],
                sum: Some(4)
            },
            Constraint::Killer {
                cells: vec![cell(3, 2), cell(3, 3)],
                sum: Some(3)
            },
        ]
    );
    assert_eq!(p.box_shape().map(|s| (s.width(), s.height())), Some((2, 2)));
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    let solution: Vec<u16> = "1234341221434321"
        .bytes()
        .map(|b| u16::from(b - b'0'))
        .collect();
    let mut solutions = p.solutions();
    assert_eq!(solutions.next_values(), Some(&solution[..]));
    assert!(solutions.next_values().is_none(), "a second solution");
}

#[test]
fn every_spelling_of_an_scl_document_reads_the_same() {
    let plain = killer_doc().to_string();
    let expected = read(&scl_payload(&plain)).puzzle;
    let zipped = compress_to_base64(KILLER_ZIPPED);
    let mut forms = vec![
        plain.clone(),
        KILLER_ZIPPED.to_owned(),
        scl_payload(KILLER_ZIPPED),
        format!("ctc{zipped}"),
        format!("scl{}", encode(&zipped)),
        format!("https://sudokupad.app/scl{zipped}"),
        format!("https://sudokupad.app/sudoku/ctc{zipped}?setting-nogrid=1"),
        format!("https://sudokupad.app/scf?puzzleid=scl{}", encode(&zipped)),
        format!("https://app.crackingthecryptic.com/sudoku/scl{zipped}"),
        format!("https://test.crackingthecryptic.com/sudoku/scl{zipped}"),
        format!("https://sudokupad.svencodes.com/puzzle/ctc{zipped}"),
        format!("sudokupad://puzzle/scl{zipped}"),
        format!("scl{}", encode(&plain)),
        format!("scl{}", encode(KILLER_ZIPPED)),
    ];
    // A payload with a `//`, then without one of its slashes, as a path through a server
    // (16-bit characters make the runs of 1 bits that `//` is).
    let doc = (0..2000u32)
        .map(|k| {
            let mut doc = killer_doc();
            let mark = char::from_u32(0xFF00 + k).unwrap_or('?');
            doc["id"] = json!(format!("hand-killer-{mark}"));
            doc.to_string()
        })
        .find(|text| lose_a_slash(&compress_to_base64(text)).is_some())
        .expect("a payload with a '//'");
    let lost = lose_a_slash(&compress_to_base64(&doc)).expect("a '//'");
    forms.push(format!("https://sudokupad.app/scl{lost}"));
    forms.push(scl_payload(&doc));
    for form in &forms {
        let got = read(form);
        assert_eq!(got.puzzle, expected, "{}", &form[..form.len().min(70)]);
    }
    let repaired = read(&format!("scl{lost}"));
    assert_eq!(
        repaired.warnings,
        ["the payload had lost a '/' of a '//': repaired"]
    );
    // scl::from_json reads both spellings too.
    let options = ReadOptions::default();
    assert_eq!(
        scl::from_json(KILLER_ZIPPED, options)
            .expect("zipped")
            .puzzle,
        expected
    );
    assert_eq!(
        scl::from_payload(&zipped, options).expect("payload").puzzle,
        expected
    );
}

/// The published SudokuPad payloads: name, payload, solution.
fn published() -> Vec<(String, String, Vec<u16>)> {
    data("variants/sudokupad.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let field = |k: &str| v[k].as_str().expect(k).to_owned();
            let solution = field("solution")
                .bytes()
                .map(|b| u16::from(b - b'0'))
                .collect();
            (field("name"), field("payload"), solution)
        })
        .collect()
}

#[test]
fn counting_circles_reads_as_a_classic_grid_and_names_its_circles() {
    let (_, payload, solution) = &published()[0];
    let read = read(payload);
    let p = &read.puzzle;
    assert_eq!(
        p.info.title.as_deref(),
        Some("Introduction to Counting Circles")
    );
    assert_eq!(p.info.author.as_deref(), Some("Michael Lefkowitz"));
    assert!(
        p.info
            .rules
            .as_deref()
            .is_some_and(|r| r.starts_with("SUDOKU\n- Fill the grid"))
    );
    assert!(p.constraints().is_empty());
    let grid = p.classic().expect("a classic 4×4");
    assert_eq!(
        (grid.side(), grid.shape().width(), grid.shape().height()),
        (4, 2, 2)
    );
    assert_eq!(
        read.warnings,
        [
            "underlay circle 0.82×0.82 (fill #FFFFFF, border #000000) at r4c1, r3c1, r4c4, r2c4, r2c3, r4c2, r2c2, r1c1, r1c2 has no standard meaning: ignored"
        ]
    );
    // The published solution is one of the grid's (the circles would single it out).
    let count = p.count_solutions(1000);
    assert_eq!((count.count, count.exact), (288, true));
    assert_eq!(solution.len(), 16);
    // Through every kind of link.
    let bare = payload.strip_prefix("scl").expect("an scl payload");
    for link in [
        format!("https://sudokupad.app/{payload}"),
        format!("https://sudokupad.app/?puzzleid={}", encode(payload)),
        format!("ctc{bare}"),
    ] {
        assert_eq!(
            &read_text(&link, ReadOptions::default())
                .expect("a link")
                .puzzle,
            p
        );
    }
}

#[test]
fn parity_fish_reads_its_dots_and_warns_that_its_lines_are_an_image() {
    let (_, payload, solution) = &published()[1];
    let read = read(payload);
    let p = &read.puzzle;
    assert_eq!(p.info.title.as_deref(), Some("Parity Fish"));
    assert_eq!(p.info.author.as_deref(), Some("Marty Sears"));
    assert_eq!(p.box_shape().map(|s| (s.width(), s.height())), Some((3, 3)));
    let (mut white, mut black) = (0, 0);
    for c in p.constraints() {
        let at = |c: Cell| solution[c.row() * 9 + c.col()];
        let holds = match c {
            Constraint::Difference {
                cells,
                difference: 1,
            } => {
                white += 1;
                at(cells[0]).abs_diff(at(cells[1])) == 1
            }
            Constraint::Ratio { cells, ratio: 2 } => {
                black += 1;
                let (a, b) = (at(cells[0]), at(cells[1]));
                a == 2 * b || b == 2 * a
            }
            other => panic!("unexpected {other:?}"),
        };
        assert!(holds, "{c:?}");
    }
    assert_eq!((white, black), (16, 5));
    assert_eq!(
        read.warnings,
        [
            "the puzzle has a background image (https://i.imgur.com/n3iOt4N.jpeg): rules drawn in it are not read"
        ]
    );
    // Without its parity lines the puzzle has more than one solution.
    assert_eq!(p.count_solutions(2).count, 2);
}

#[test]
fn an_scl_payload_of_an_fpuzzles_document_is_read_as_fpuzzles() {
    let line = data("variants/dev.jsonl");
    let v: Value = serde_json::from_str(line.lines().next().expect("a line")).expect("JSON");
    let payload = v["fpuzzles"].as_str().expect("payload");
    let expected = fpuzzles::from_payload(payload, ReadOptions::default()).expect("a puzzle");
    let read = read(&format!("scl{payload}"));
    assert_eq!(read.puzzle, expected.puzzle);
    assert_eq!(
        read.warnings[0],
        "the SudokuPad payload holds an f-puzzles document: read as f-puzzles"
    );
}

#[test]
fn bad_input_says_what_is_wrong() {
    let cases: Vec<(String, ErrorKind, &str)> = vec![
        ("   ".into(), ErrorKind::Decode, "there is nothing to read"),
        ("https://example.com/?load=N4Ig".into(), ErrorKind::Decode, "\"example.com\" is not an f-puzzles, SudokuPad or ISS address"),
        (
            "https://sudokupad.app/psxczr0jpr".into(),
            ErrorKind::Decode,
            "\"psxczr0jpr\" is a SudokuPad short id, which only SudokuPad's server can open; share a link with the puzzle in it",
        ),
        (
            "https://sudokupad.app/gdc/loop-pack/entropic".into(),
            ErrorKind::Decode,
            "\"gdc/loop-pack/entropic\" is a SudokuPad short id, which only SudokuPad's server can open; share a link with the puzzle in it",
        ),
        (
            "fpuzzlesab12cd".into(),
            ErrorKind::Decode,
            "\"fpuzzlesab12cd\" is an f-puzzles short id, which only SudokuPad's server can open; share a link with the puzzle in it",
        ),
        (
            "https://f-puzzles.com/?id=y7b2k4".into(),
            ErrorKind::Decode,
            "\"y7b2k4\" is an f-puzzles short id, which only f-puzzles' server can open; share a link with the puzzle in it (?load=…)",
        ),
        ("https://www.f-puzzles.com/".into(), ErrorKind::Decode, "the f-puzzles link has no puzzle (no ?load=…)"),
        ("https://sudokupad.app/".into(), ErrorKind::Decode, "the SudokuPad link names no puzzle"),
        (
            "https://sudokupad.app/scfN4IgzglgXgpiBcBOANCA".into(),
            ErrorKind::Decode,
            "SudokuPad's compact classic format (\"scf…\") is not read; share the puzzle as an f-puzzles or SCL link",
        ),
        (
            "sclN4Ig!zglg".into(),
            ErrorKind::Decode,
            "the payload does not decode: it is not lz-string base64 (character '!' at offset 4 is not base64)",
        ),
        (
            scl_payload("this is a sentence of words, and not a puzzle at all, not even close to one"),
            ErrorKind::Decode,
            "the payload does not decode: it decompresses to text that is neither JSON nor zipped JSON",
        ),
        (
            format!("https://f-puzzles.com/?load={}", compress_to_base64("{\"cells\":[]}")),
            ErrorKind::Decode,
            "the payload is not an f-puzzles document (it has no \"size\" and \"grid\")",
        ),
        (
            "{\"a\": 1}".into(),
            ErrorKind::Json,
            "a JSON puzzle is an f-puzzles document (\"size\", \"grid\") or a SudokuPad one (\"cells\")",
        ),
        ("{cells:[[".into(), ErrorKind::Json, "the text is neither JSON nor SudokuPad's zipped JSON"),
        (
            json!({"cells": [[{}, {}, {}, {}, {}]], "cages": [{"cells": [[0, 0], [0, 2]], "value": 5}]}).to_string(),
            ErrorKind::Size,
            "the grid is 1×3 cells, not square",
        ),
        (
            json!({"cells": [[{}, {}], [{}, {}, {}]]}).to_string(),
            ErrorKind::Size,
            "the grid is 2×3 cells, not square",
        ),
        (
            json!({"cells": empty_cells(4), "regions": [[[0, 0], [0, 1]], [[0, 1], [1, 1]]]}).to_string(),
            ErrorKind::Regions,
            "r1c2 is in regions 1 and 2",
        ),
        (
            json!({"cells": [[{"value": "A"}, {}], [{}, {}]]}).to_string(),
            ErrorKind::BadValue,
            "given \"A\" in r1c1 is not a digit of 1–2",
        ),
        (
            json!({"cells": empty_cells(2), "regions": [[[0, "x"]]]}).to_string(),
            ErrorKind::BadCell,
            "expected a cell [row, column], found [0,\"x\"]",
        ),
        (json!({"cells": 3}).to_string(), ErrorKind::Json, "a SudokuPad puzzle has \"cells\", a list of rows"),
        (
            json!({"cells": empty_cells(4), "cages": [{"cells": [[0, 0], [0, 1]], "value": 9, "unique": true}], "regions": boxes(4, 2, 2)}).to_string(),
            ErrorKind::Impossible,
            "killer cage r1c1-r1c2 cannot total 9: 2 different digits of 1–4 make 3 to 7",
        ),
    ];
    for (text, kind, message) in cases {
        let errors = read_text(&text, ReadOptions::default()).expect_err(&text);
        assert_eq!(
            (errors[0].kind, errors[0].message.as_str()),
            (kind, message),
            "{text}"
        );
    }
}

/// Sets the `k`-th number of the document (in document order) to `x`; false if it has fewer.
fn set_number(v: &mut Value, k: &mut usize, x: f64) -> bool {
    match v {
        Value::Number(_) if *k == 0 => {
            *v = json!(x);
            true
        }
        Value::Number(_) => {
            *k -= 1;
            false
        }
        Value::Array(items) => items.iter_mut().any(|i| set_number(i, k, x)),
        Value::Object(map) => map.values_mut().any(|i| set_number(i, k, x)),
        _ => false,
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in ".{0,120}") {
        let _ = read_text(&text, ReadOptions::default());
        let _ = read_text(&format!("scl{text}"), ReadOptions::default());
        let _ = read_text(&format!("https://sudokupad.app/{text}"), ReadOptions::default());
    }

    #[test]
    fn a_document_with_any_number_changed_is_read_or_refused_without_panicking(
        k in 0usize..300,
        x in proptest::prop_oneof![
            proptest::prelude::Just(-1e12), proptest::prelude::Just(-1.0), proptest::prelude::Just(0.0),
            proptest::prelude::Just(0.5), proptest::prelude::Just(6.0), proptest::prelude::Just(64.5),
            proptest::prelude::Just(1e12), -20.0f64..20.0
        ],
        which in 0usize..4,
    ) {
        let mut doc = match which {
            0 => killer_doc(),
            1 => thermo_arrow_doc(),
            2 => marks_doc("Odd, even, kropki."),
            _ => lines_doc("Renban, whispers, palindromes, entropic, diagonal."),
        };
        set_number(&mut doc, &mut { k }, x);
        let text = doc.to_string();
        for options in [ReadOptions::default(), ReadOptions { ignore_unknown: true }] {
            if let Ok(read) = read_text(&text, options) {
                // What was read is a puzzle the checks let through.
                let n = read.puzzle.size();
                proptest::prop_assert!((1..=64).contains(&n));
            }
        }
    }

    #[test]
    fn a_damaged_zipped_text_is_read_or_refused_without_panicking(at in 0usize..2000, ch in "[,:\\[\\]{}'\\\\0-9a-zA-Z#]") {
        let mut text: Vec<char> = KILLER_ZIPPED.chars().collect();
        let at = at % text.len();
        text[at] = ch.chars().next().unwrap_or(',');
        let text: String = text.into_iter().collect();
        let _ = read_text(&text, ReadOptions::default());
        let _ = read_text(&scl_payload(&text), ReadOptions::default());
    }
}
