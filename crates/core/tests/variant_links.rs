//! Links and SudokuPad's own format: every way of writing an f-puzzles puzzle reads as its
//! payload; SCL documents made here (plain, zipped, compressed, percent-encoded, with a lost
//! `/`) read to the puzzle they draw; two published SudokuPad payloads; bad input.

use nsudoku::Cell;
use nsudoku::variant::fpuzzles::{self, Read, ReadOptions};
use nsudoku::variant::link::read_text;
use nsudoku::variant::lzstring::{compress_to_base64, decompress_from_base64};
use nsudoku::variant::{
    Clue, Constraint, Diagonal, Direction, ErrorKind, NO_REGION, Negative, Side, scl,
};
use serde_json::{Value, json};

use crate::support::data;

fn read(text: &str) -> Read {
    read_text(text, ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e:?}", &text[..text.len().min(80)]))
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

/// A 6×6 document drawn as SudokuPad draws f-puzzles' thermometers and arrows.
fn thermo_arrow_doc() -> Value {
    let grey = "#CFCFCF";
    let bulb = |r: usize, c: usize| {
        json!({"center": centre(r, c), "width": 0.85, "height": 0.85, "rounded": true,
            "backgroundColor": grey, "borderColor": grey})
    };
    let thermo = |points: Vec<Value>| json!({"wayPoints": points, "color": grey, "thickness": 21});
    let pill = |center: Value, w: f64, h: f64| {
        json!({"center": center, "width": w, "height": h, "rounded": true, "borderColor": "#a1a1a1",
            "backgroundColor": "#ffffff", "borderSize": 5})
    };
    let shaft = |points: Value| json!({"wayPoints": points, "color": "#a1a1a1", "thickness": 5, "headLength": 0.3});
    json!({
        "cells": empty_cells(6),
        "regions": boxes(6, 2, 3),
        "cages": [{"value": "rules: Thermometers increase from the bulb. Arrows: the digits on an arrow sum to its bulb."}],
        "underlays": [bulb(0, 0), bulb(5, 5)],
        "overlays": [pill(centre(3, 0), 0.83, 0.83), pill(json!([4.5, 3.0]), 1.83, 0.83)],
        "lines": [
            thermo(vec![centre(0, 0), centre(0, 3)]),
            thermo(vec![centre(3, 5), centre(5, 5)]),
            thermo(vec![centre(0, 1), centre(1, 1), centre(2, 1)]),
            // A bulb of three cells, drawn as two thick lines.
            {"wayPoints": [centre(1, 3), centre(1, 4), centre(2, 4)], "color": "#a1a1a1", "thickness": 45, "opacity": 0.7},
            {"wayPoints": [centre(1, 3), centre(1, 4), centre(2, 4)], "color": "#ffffff", "thickness": 35, "opacity": 0.8}
        ],
        "arrows": [
            shaft(json!([[3.9, 0.5], [5.5, 0.5]])),
            shaft(json!([[4.78, 3.78], [5.5, 4.5]])),
            shaft(json!([[2.78, 4.22], [3.5, 3.5]]))
        ]
    })
}

#[test]
fn thermometers_and_arrows_are_read_from_their_bulbs() {
    let read = read(&scl_payload(&thermo_arrow_doc().to_string()));
    assert_eq!(
        read.puzzle.constraints(),
        [
            Constraint::Thermometer {
                line: vec![cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)]
            },
            // Drawn from its far end.
            Constraint::Thermometer {
                line: vec![cell(5, 5), cell(4, 5), cell(3, 5)]
            },
            // A branch of the first, from r1c2.
            Constraint::Thermometer {
                line: vec![cell(0, 0), cell(0, 1), cell(1, 1), cell(2, 1)]
            },
            Constraint::Arrow {
                bulb: vec![cell(3, 0)],
                shaft: vec![cell(4, 0), cell(5, 0)]
            },
            Constraint::Arrow {
                bulb: vec![cell(4, 2), cell(4, 3)],
                shaft: vec![cell(5, 4)]
            },
            Constraint::Arrow {
                bulb: vec![cell(1, 3), cell(1, 4), cell(2, 4)],
                shaft: vec![cell(3, 3)]
            },
        ]
    );
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}

/// A 6×6 document with dots, XV, a quadruple, parity shapes, a diagonal and a between line.
fn marks_doc(rules: &str) -> Value {
    let dot = |center: Value, size: f64, fill: &str, text: &str| {
        json!({"center": center, "width": size, "height": size, "rounded": true,
            "backgroundColor": fill, "borderColor": "#000000", "text": text})
    };
    let letter = |center: Value, text: &str| {
        json!({"center": center, "width": 0.25, "height": 0.25, "rounded": false,
            "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "fontSize": 21, "text": text})
    };
    let grey = |r: usize, c: usize, rounded: bool| {
        json!({"center": centre(r, c), "width": 0.7, "height": 0.7, "rounded": rounded,
            "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"})
    };
    let ring = |r: usize, c: usize| {
        json!({"center": centre(r, c), "width": 0.8, "height": 0.8, "rounded": true,
            "backgroundColor": "#FFFFFF", "borderColor": "#CFCFCF", "borderSize": 2})
    };
    json!({
        "cells": empty_cells(6),
        "regions": boxes(6, 2, 3),
        "cages": [{"value": format!("rules: {rules}")}],
        "underlays": [grey(3, 3, true), grey(3, 2, false)],
        "overlays": [
            dot(json!([0.5, 1.0]), 0.3, "#FFFFFF", ""),
            dot(json!([1.0, 0.5]), 0.3, "#000000", "3"),
            dot(json!([0.5, 4.0]), 0.34, "#FFFFFF", ""),
            {"center": [2.0, 4.5], "width": 0.33, "height": 0.33, "rounded": true, "backgroundColor": "#000000"},
            dot(json!([1.5, 5.0]), 0.3, "#FFFFFF", "2"),
            letter(json!([2.0, 0.5]), "X"),
            letter(json!([1.5, 2.0]), "V"),
            dot(json!([2.0, 2.0]), 0.7, "#FFFFFF", "1 2"),
            dot(json!([5.0, 2.5]), 0.3, "#CFCFCF", ""),
            ring(5, 0),
            ring(5, 3)
        ],
        "lines": [
            {"wayPoints": [[0, 0], [6, 6]], "color": "#34BBE6", "thickness": 2},
            {"wayPoints": [[5.5, 0.9], [5.5, 3.1]], "color": "#CFCFCF", "thickness": 2}
        ]
    })
}

#[test]
fn dots_letters_circles_and_lines_on_cells_are_read() {
    let rules = "White dots: consecutive. Black dots: ratio. X and V. Odd circles, even squares.";
    let read = read(&scl_payload(&marks_doc(rules).to_string()));
    assert_eq!(
        read.puzzle.constraints(),
        [
            Constraint::Diagonal(Diagonal::Negative),
            Constraint::Between {
                line: vec![cell(5, 0), cell(5, 1), cell(5, 2), cell(5, 3)]
            },
            Constraint::Difference {
                cells: [cell(0, 0), cell(0, 1)],
                difference: 1
            },
            Constraint::Ratio {
                cells: [cell(0, 0), cell(1, 0)],
                ratio: 3
            },
            Constraint::Difference {
                cells: [cell(0, 3), cell(0, 4)],
                difference: 1
            },
            Constraint::Ratio {
                cells: [cell(1, 4), cell(2, 4)],
                ratio: 2
            },
            Constraint::Difference {
                cells: [cell(1, 4), cell(1, 5)],
                difference: 2
            },
            Constraint::Xv {
                cells: [cell(1, 0), cell(2, 0)],
                sum: 10
            },
            Constraint::Xv {
                cells: [cell(1, 1), cell(1, 2)],
                sum: 5
            },
            Constraint::Quadruple {
                cells: vec![cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)],
                digits: vec![1, 2]
            },
            Constraint::Odd { cell: cell(3, 3) },
            Constraint::Even { cell: cell(3, 2) },
        ]
    );
    assert_eq!(
        read.warnings,
        [
            "overlay circle 0.3×0.3 (fill #CFCFCF, border #000000) at the edge of r5c3 and r6c3 has no standard meaning: ignored"
        ]
    );
    // Rules that do not speak of odd or even digits: the grey shapes are not read as such.
    let read = read_text(
        &scl_payload(&marks_doc("Kropki and XV rules.").to_string()),
        ReadOptions::default(),
    )
    .expect("a puzzle");
    assert!(
        !read
            .puzzle
            .constraints()
            .iter()
            .any(|c| matches!(c, Constraint::Odd { .. } | Constraint::Even { .. }))
    );
    assert!(read.warnings.contains(
        &"underlay circle 0.7×0.7 (fill #CFCFCF, border #CFCFCF) at r4c4 looks like an odd clue, but the rules do not speak of odd digits: ignored".to_owned()
    ), "{:?}", read.warnings);
}

#[test]
fn an_irregular_grid_in_a_margin_reads_its_regions_and_outside_clues() {
    // 4×4 regions drawn inside a 6×6 array of cells: the margin holds the clues.
    let mut cells = vec![vec![json!({}); 6]; 6];
    cells[1][1] = json!({"value": 3});
    cells[0][2] = json!({"value": 5}); // above column 2
    cells[3][5] = json!({"value": "3"}); // right of row 3
    let regions = json!([
        [[1, 1], [1, 2], [1, 3], [2, 1]],
        [[1, 4], [2, 4], [3, 4], [4, 4]],
        [[2, 2], [2, 3], [3, 2], [3, 1]],
        [[4, 1], [4, 2], [4, 3]]
    ]);
    let doc = json!({
        "cells": cells,
        "regions": regions,
        "cages": [{"value": "rules: Sandwich: the clue is the sum of the digits between the 1 and the 4. Little killer: the sum along the arrow's diagonal."}],
        "arrows": [{"wayPoints": [[5.2, 0.8], [5.02, 0.98]], "color": "#000000", "thickness": 2}],
        "overlays": [{"center": [5.5, 0.5], "width": 0.25, "height": 0.25, "backgroundColor": "#FFFFFF",
            "borderColor": "#FFFFFF", "fontSize": 28, "text": "10"}]
    });
    let read = read(&doc.to_string());
    let p = &read.puzzle;
    assert_eq!(p.size(), 4);
    assert_eq!(p.givens()[0], 3);
    // r3c3 is in no region.
    let x = NO_REGION;
    assert_eq!(
        p.regions(),
        [0, 0, 0, 1, 0, 2, 2, 1, 2, 2, x, 1, 3, 3, 3, 1]
    );
    assert_eq!(
        p.constraints(),
        [
            Constraint::LittleKiller {
                clue: (4, -1),
                direction: Direction::UpRight,
                cells: vec![cell(3, 0), cell(2, 1), cell(1, 2), cell(0, 3)],
                sum: 10
            },
            Constraint::Sandwich {
                clue: Clue {
                    side: Side::Top,
                    index: 1
                },
                sum: 5
            },
            Constraint::Sandwich {
                clue: Clue {
                    side: Side::Right,
                    index: 2
                },
                sum: 3
            },
        ]
    );
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}

#[test]
fn the_metadata_object_wins_and_what_is_not_read_is_said() {
    let doc = json!({
        "id": "hand-meta",
        "cells": empty_cells(4),
        "regions": boxes(4, 2, 2),
        "cages": [{"value": "title: Old title"}, {"value": "author: Someone"}],
        "metadata": {"title": "New title", "author": "Unknown", "rules": ["Line one.", "Line two."],
            "bgimage": "https://example.com/lines.png", "solution": 1234341221434321u64},
        "foglight": [[0, 0]],
        "underlays": [
            {"center": [0.5, 0.5], "width": 1, "height": 1, "backgroundColor": "#ffa0a0"},
            {"center": [1.5, 2.5], "width": 1, "height": 1, "backgroundColor": "#ffa0a0"}
        ],
        "lines": [{"wayPoints": [[0.5, 0.5], [2.5, 2.5]], "color": "#FF0000", "thickness": 8}],
        "arrows": [{"wayPoints": [[3.5, 0.5], [3.5, 2.5]], "color": "#000000", "thickness": 2, "headLength": 0.3}]
    });
    let read = read(&doc.to_string());
    let info = &read.puzzle.info;
    assert_eq!(info.title.as_deref(), Some("New title"));
    assert_eq!(info.author, None, "f-puzzles' placeholder is no author");
    assert_eq!(info.rules.as_deref(), Some("Line one.\nLine two."));
    assert!(read.puzzle.constraints().is_empty());
    assert_eq!(
        read.warnings,
        [
            "line r1c1-r3c3 (colour #FF0000) has no standard meaning: ignored",
            "arrow r4c1-r4c3 (colour #000000) has no standard meaning: ignored",
            "underlay rectangle 1×1 (fill #FFA0A0) at r1c1, r2c3 has no standard meaning: ignored",
            "the puzzle has a background image (https://example.com/lines.png): rules drawn in it are not read",
            "the puzzle has fog of war: every constraint is read as if uncovered",
        ]
    );
}

/// A 9×9 document with lines known by their colour.
fn lines_doc(rules: &str) -> Value {
    let line = |points: Value, colour: &str, thickness: f64| json!({"wayPoints": points, "color": colour, "thickness": thickness});
    json!({
        "cells": empty_cells(9),
        "regions": boxes(9, 3, 3),
        "cages": [{"value": format!("rules: {rules}")}],
        "lines": [
            line(json!([centre(0, 0), centre(0, 2)]), "#F067F0", 12.8),
            line(json!([centre(1, 0), centre(1, 3)]), "#FF9A00", 6.0),
            line(json!([centre(2, 0), centre(4, 2)]), "#FFCCAA", 8.0),
            line(json!([centre(5, 0), centre(5, 4)]), "#CFCFCF", 16.0),
            line(json!([centre(6, 0), centre(6, 2)]), "#FF0000", 8.0),
            line(json!([centre(0, 8), centre(8, 0)]), "#a0a0a0", 4.0),
        ]
    })
}

#[test]
fn lines_known_by_their_colour_are_read_when_the_rules_name_them() {
    let read = read(&scl_payload(
        &lines_doc("Renban lines hold consecutive digits. Dutch whispers differ by 4. Palindromes. Diagonal: no repeat.").to_string(),
    ));
    assert_eq!(
        read.puzzle.constraints(),
        [
            Constraint::Renban {
                line: vec![cell(0, 0), cell(0, 1), cell(0, 2)]
            },
            Constraint::Whispers {
                line: vec![cell(1, 0), cell(1, 1), cell(1, 2), cell(1, 3)],
                difference: 4
            },
            Constraint::Palindrome {
                line: (0..5).map(|c| cell(5, c)).collect()
            },
            Constraint::Diagonal(Diagonal::Positive),
        ]
    );
    assert_eq!(
        read.warnings,
        [
            "line r3c1-r5c3 (colour #FFCCAA) has the colour of entropic lines, but the rules do not speak of them: ignored",
            "line r7c1-r7c3 (colour #FF0000) has no standard meaning: ignored",
        ]
    );
    // Without the words, only warnings.
    let read = read_text(
        &lines_doc("Normal sudoku rules.").to_string(),
        ReadOptions::default(),
    )
    .expect("a puzzle");
    assert!(read.puzzle.constraints().is_empty());
    assert_eq!(read.warnings.len(), 6, "{:?}", read.warnings);
}

#[test]
fn global_tags_and_cage_styles_are_rules() {
    let doc = json!({
        "cells": empty_cells(4),
        "regions": boxes(4, 2, 2),
        "global": ["antiknight", "antiratio", "disjoint"],
        "cages": [
            {"cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "type": "disjoint", "unique": true},
            {"cells": [[1, 1], [1, 2], [2, 1], [2, 2]], "style": "extraregion", "unique": true, "sum": 10},
            {"cells": [[0, 3], [3, 0]], "style": "fpRowIndexer", "outlineC": "#7CC77C"},
            {"cells": [[3, 3]], "hidden": true, "unique": false},
            {"cells": [[2, 3], [3, 3]], "value": "?"}
        ]
    });
    let read = read(&doc.to_string());
    assert_eq!(
        read.puzzle.constraints(),
        [
            Constraint::ExtraRegion {
                cells: vec![cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)]
            },
            Constraint::RowIndexer {
                cells: vec![cell(0, 3), cell(3, 0)]
            },
            Constraint::DisjointGroups,
            Constraint::AntiKnight,
            Constraint::Negative(Negative::Ratio),
        ]
    );
    assert_eq!(
        read.warnings,
        [
            "cage r3c4-r4c4 (label \"?\") without a total, and the rules do not speak of cages: ignored"
        ]
    );
}

#[test]
fn rules_this_reader_cannot_apply_are_errors_unless_unknown_rules_are_ignored() {
    let doc = json!({
        "cells": empty_cells(4),
        "global": ["antisomething"],
        "metadata": {"norowcol": true},
        "cages": [{"cells": [[0, 0], [0, 1]], "value": 2, "unique": false}]
    });
    let errors = read_text(&doc.to_string(), ReadOptions::default()).expect_err("unknown rules");
    let messages: Vec<(ErrorKind, &str, &str)> = errors
        .iter()
        .map(|e| (e.kind, e.message.as_str(), e.at.as_str()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                ErrorKind::UnknownConstraint,
                "cage r1c1-r1c2 totals 2 with digits that may repeat, which is not a rule of this reader",
                "cages[0]"
            ),
            (
                ErrorKind::UnknownConstraint,
                "unknown global rule \"antisomething\"",
                "global[0]"
            ),
            (
                ErrorKind::UnknownConstraint,
                "the puzzle has no row and column rule (metadata.norowcol), which this reader cannot drop",
                "metadata.norowcol"
            ),
        ]
    );
    let read = read_text(
        &doc.to_string(),
        ReadOptions {
            ignore_unknown: true,
        },
    )
    .expect("rules ignored");
    assert!(read.puzzle.constraints().is_empty());
    assert_eq!(read.warnings.len(), 3, "{:?}", read.warnings);
    assert!(read.warnings.iter().all(|w| w.ends_with(": ignored")));
    // No regions: no boxes.
    assert!(read.puzzle.regions().iter().all(|&r| r == NO_REGION));
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
        ("https://example.com/?load=N4Ig".into(), ErrorKind::Decode, "\"example.com\" is not an f-puzzles or SudokuPad address"),
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

#[test]
fn outside_numbers_are_the_clues_their_symbols_or_the_rules_name() {
    let text = |center: Value, text: &str| {
        json!({"center": center, "width": 0.25, "height": 0.25, "backgroundColor": "#FFFFFF",
            "borderColor": "#FFFFFF", "text": text})
    };
    let doc = |rules: &str| {
        json!({
            "cells": empty_cells(4),
            "regions": boxes(4, 2, 2),
            "cages": [{"value": format!("rules: {rules}")}],
            "overlays": [
                text(json!([-0.5, 0.5]), "5"),
                text(json!([1.5, 4.5]), "\u{25EF}"),
                text(json!([1.5, 4.5]), "7"),
                text(json!([4.5, 2.5]), "\u{25AF}"),
                text(json!([4.5, 2.5]), "2"),
                text(json!([-1.5, 0.5]), "9")
            ]
        })
    };
    let read = read(&doc("Sandwich sums, x-sums and skyscrapers.").to_string());
    assert_eq!(
        read.puzzle.constraints(),
        [
            Constraint::XSum {
                clue: Clue {
                    side: Side::Right,
                    index: 1
                },
                sum: 7
            },
            Constraint::Skyscraper {
                clue: Clue {
                    side: Side::Bottom,
                    index: 2
                },
                count: 2
            },
        ]
    );
    assert_eq!(
        read.warnings,
        [
            "overlay rectangle 0.25×0.25 (fill #FFFFFF, border #FFFFFF, text \"5\") at r0c1: a sandwich, x-sum or skyscraper clue, but the rules name several: ignored",
            "overlay rectangle 0.25×0.25 (fill #FFFFFF, border #FFFFFF, text \"9\") at r-1c1 has no standard meaning: ignored",
            "the rules speak of sandwiches, but nothing drawn or tagged gives them: the puzzle may lack that rule",
        ]
    );
    let read = read_text(
        &doc("Sandwich: the sum between the 1 and the 4.").to_string(),
        ReadOptions::default(),
    )
    .expect("a puzzle");
    assert_eq!(
        read.puzzle.constraints()[0],
        Constraint::Sandwich {
            clue: Clue {
                side: Side::Top,
                index: 0
            },
            sum: 5
        }
    );
}
