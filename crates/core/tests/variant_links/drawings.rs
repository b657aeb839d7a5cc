//! SCL documents drawn by hand as SudokuPad draws: each kind of drawing read as its rule, and
//! what is not read named in a warning.

use nsudoku::variant::fpuzzles::ReadOptions;
use nsudoku::variant::link::read_text;
use nsudoku::variant::{
    Clue, Constraint, Diagonal, Direction, ErrorKind, NO_REGION, Negative, Side,
};
use serde_json::{Value, json};

use super::{boxes, cell, centre, empty_cells, read, scl_payload};

/// A 6×6 document drawn as SudokuPad draws f-puzzles' thermometers and arrows.
pub(super) fn thermo_arrow_doc() -> Value {
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
pub(super) fn marks_doc(rules: &str) -> Value {
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
pub(super) fn lines_doc(rules: &str) -> Value {
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
