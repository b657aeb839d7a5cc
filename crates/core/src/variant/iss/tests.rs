use super::*;
use crate::Cell;
use crate::variant::{Clue, Constraint, Diagonal, Direction, NO_REGION, Negative, Puzzle, Side};

fn read(text: &str) -> Puzzle {
    match from_text(text, ReadOptions::default()) {
        Ok(read) => {
            assert!(read.warnings.is_empty(), "{text}: {:?}", read.warnings);
            read.puzzle
        }
        Err(e) => panic!("{text}: {e:?}"),
    }
}

fn errors(text: &str) -> Vec<Error> {
    from_text(text, ReadOptions::default()).expect_err(text)
}

fn c(r: usize, k: usize) -> Cell {
    Cell::new(r - 1, k - 1)
}

/// Read, written and read again: the same puzzle.
fn round_trip(text: &str) -> Puzzle {
    let puzzle = read(text);
    let written = to_string(&puzzle).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(read(&written), puzzle, "{text}\n→ {written}");
    let link = to_link(&puzzle).expect("a link");
    assert!(link.starts_with(LINK_BASE));
    assert_eq!(read(&link), puzzle, "{link}");
    puzzle
}

#[test]
fn white_space_empty_items_and_groups_are_ignored() {
    let p = read(" .~R1C1_8\n.And.AntiKnight .Diagonal~-1.End..\n.Thermo~R2C1~\nR2C2 ");
    assert_eq!(p.givens()[0], 8);
    assert_eq!(
        p.constraints(),
        [
            Constraint::AntiKnight,
            Constraint::Diagonal(Diagonal::Negative),
            Constraint::Thermometer {
                line: vec![c(2, 1), c(2, 2)]
            },
        ]
    );
    // Rules of the whole grid once, however often they are named.
    assert_eq!(read(".AntiKing.AntiKing").constraints().len(), 1);
}

#[test]
fn givens_are_intersected_and_many_values_are_candidates() {
    let p = read(".~R1C1_1_2_3~R1C1_2_3~R2C2_4.~R3C3_6_5");
    assert_eq!(
        p.candidates().map(|c| (c[0], c[20])),
        Some((0b110, 0b110000))
    );
    assert_eq!(p.givens()[10], 4);
    let e = errors(".~R1C1_10");
    assert!(
        e[0].message
            .contains("\"10\" given to r1c1 is not a digit of 1–9"),
        "{e:?}"
    );
    let e = errors(".~R1C1_1~R1C1_2");
    assert!(e[0].message.contains("leave it no digit"), "{e:?}");
    assert_eq!(read(".Sum~7~R1C1.~R1C1_6_7").givens()[0], 7);
    let p = read(".Shape~16x16.~RaCg_16");
    assert_eq!(p.givens()[9 * 16 + 15], 16);
}

#[test]
fn every_rule_with_an_nsudoku_rule_reads_as_it() {
    let cases: Vec<(&str, Vec<Constraint>)> = vec![
        (
            ".Diagonal~1",
            vec![Constraint::Diagonal(Diagonal::Positive)],
        ),
        (".AntiConsecutive", vec![Constraint::NonConsecutive]),
        (".DisjointSets", vec![Constraint::DisjointGroups]),
        (
            ".Thermo~R1C1~R1C2",
            vec![Constraint::Thermometer {
                line: vec![c(1, 1), c(1, 2)],
            }],
        ),
        (
            ".Whisper~R1C1~R1C2",
            vec![Constraint::Whispers {
                line: vec![c(1, 1), c(1, 2)],
                difference: 5,
            }],
        ),
        (
            ".Whisper~4~R1C1~R1C2",
            vec![Constraint::Whispers {
                line: vec![c(1, 1), c(1, 2)],
                difference: 4,
            }],
        ),
        (
            ".Renban~R1C1~R1C2",
            vec![Constraint::Renban {
                line: vec![c(1, 1), c(1, 2)],
            }],
        ),
        (
            ".Modular~3~R1C1~R1C2",
            vec![Constraint::Modular {
                line: vec![c(1, 1), c(1, 2)],
            }],
        ),
        (
            ".Entropic~R1C1~R1C2",
            vec![Constraint::Entropic {
                line: vec![c(1, 1), c(1, 2)],
            }],
        ),
        (
            ".RegionSumLine~R1C1~R1C4",
            vec![Constraint::RegionSum {
                line: vec![c(1, 1), c(1, 4)],
            }],
        ),
        (
            ".Between~R1C1~R1C2~R1C3",
            vec![Constraint::Between {
                line: vec![c(1, 1), c(1, 2), c(1, 3)],
            }],
        ),
        (
            ".Lockout~4~R1C1~R1C2~R1C3",
            vec![Constraint::Lockout {
                line: vec![c(1, 1), c(1, 2), c(1, 3)],
                difference: 4,
            }],
        ),
        (
            ".Palindrome~R1C1~R1C2",
            vec![Constraint::Palindrome {
                line: vec![c(1, 1), c(1, 2)],
            }],
        ),
        (
            ".Zipper~R1C1~R1C2~R1C3",
            vec![Constraint::Zipper {
                line: vec![c(1, 1), c(1, 2), c(1, 3)],
            }],
        ),
        (
            ".WhiteDot~R1C1~R1C2",
            vec![Constraint::Difference {
                cells: [c(1, 1), c(1, 2)],
                difference: 1,
            }],
        ),
        (
            ".BlackDot~R1C1~R2C1",
            vec![Constraint::Ratio {
                cells: [c(1, 1), c(2, 1)],
                ratio: 2,
            }],
        ),
        (
            ".X~R1C1~R1C2",
            vec![Constraint::Xv {
                cells: [c(1, 1), c(1, 2)],
                sum: 10,
            }],
        ),
        (
            ".V~R1C1~R1C2",
            vec![Constraint::Xv {
                cells: [c(1, 1), c(1, 2)],
                sum: 5,
            }],
        ),
        (
            ".GreaterThan~R1C1~R1C2",
            vec![Constraint::Thermometer {
                line: vec![c(1, 2), c(1, 1)],
            }],
        ),
        (
            ".Arrow~R1C1~R1C2~R1C3",
            vec![Constraint::Arrow {
                bulb: vec![c(1, 1)],
                shaft: vec![c(1, 2), c(1, 3)],
            }],
        ),
        (
            ".DoubleArrow~R1C1~R1C2~R1C3",
            vec![Constraint::DoubleArrow {
                line: vec![c(1, 1), c(1, 2), c(1, 3)],
            }],
        ),
        (
            ".PillArrow~2~R1C2~R1C1~R2C1",
            vec![Constraint::Arrow {
                bulb: vec![c(1, 1), c(1, 2)],
                shaft: vec![c(2, 1)],
            }],
        ),
        (
            ".Cage~15~R1C1~R1C2",
            vec![Constraint::Killer {
                cells: vec![c(1, 1), c(1, 2)],
                sum: Some(15),
            }],
        ),
        (
            ".Cage~~R1C1~R1C2.Cage~0~R2C1",
            vec![
                Constraint::Killer {
                    cells: vec![c(1, 1), c(1, 2)],
                    sum: None,
                },
                Constraint::Killer {
                    cells: vec![c(2, 1)],
                    sum: None,
                },
            ],
        ),
        (
            ".Sum~7~R1C1~R1C2",
            vec![Constraint::Xv {
                cells: [c(1, 1), c(1, 2)],
                sum: 7,
            }],
        ),
        (
            ".Sum~12~R1C2~R2C1",
            vec![Constraint::LittleKiller {
                clue: (-1, 2),
                direction: Direction::DownLeft,
                cells: vec![c(1, 2), c(2, 1)],
                sum: 12,
            }],
        ),
        (
            ".LittleKiller~12~R1C2",
            vec![Constraint::LittleKiller {
                clue: (-1, 2),
                direction: Direction::DownLeft,
                cells: vec![c(1, 2), c(2, 1)],
                sum: 12,
            }],
        ),
        (
            ".XSum~R3~15~~.XSum~C2~~20",
            vec![
                Constraint::XSum {
                    clue: Clue {
                        side: Side::Left,
                        index: 2,
                    },
                    sum: 15,
                },
                Constraint::XSum {
                    clue: Clue {
                        side: Side::Bottom,
                        index: 1,
                    },
                    sum: 20,
                },
            ],
        ),
        (
            ".Skyscraper~C9~3~4",
            vec![
                Constraint::Skyscraper {
                    clue: Clue {
                        side: Side::Top,
                        index: 8,
                    },
                    count: 3,
                },
                Constraint::Skyscraper {
                    clue: Clue {
                        side: Side::Bottom,
                        index: 8,
                    },
                    count: 4,
                },
            ],
        ),
        (
            ".Sandwich~0~R5",
            vec![Constraint::Sandwich {
                clue: Clue {
                    side: Side::Left,
                    index: 4,
                },
                sum: 0,
            }],
        ),
        (
            ".AllDifferent~R1C1~R5C5",
            vec![Constraint::ExtraRegion {
                cells: vec![c(1, 1), c(5, 5)],
            }],
        ),
        (
            ".ContainAtLeast~1_1~R1C1~R5C5~R9C9",
            vec![Constraint::Quadruple {
                cells: vec![c(1, 1), c(5, 5), c(9, 9)],
                digits: vec![1, 1],
            }],
        ),
        (
            ".Quad~R2C2~3~4",
            vec![Constraint::Quadruple {
                cells: vec![c(2, 2), c(2, 3), c(3, 2), c(3, 3)],
                digits: vec![3, 4],
            }],
        ),
        (
            ".Indexing~C~R1C1~R2C1",
            vec![Constraint::ColumnIndexer {
                cells: vec![c(1, 1), c(2, 1)],
            }],
        ),
        (
            ".Indexing~R~R1C1",
            vec![Constraint::RowIndexer {
                cells: vec![c(1, 1)],
            }],
        ),
        (
            ".SameValues~3~R1C1~R2C4~R3C7",
            vec![
                Constraint::Clone {
                    cells: vec![c(1, 1)],
                    copies: vec![c(2, 4)],
                },
                Constraint::Clone {
                    cells: vec![c(1, 1)],
                    copies: vec![c(3, 7)],
                },
            ],
        ),
        (
            ".StrictXV.X~R1C1~R1C2",
            vec![
                Constraint::Xv {
                    cells: [c(1, 1), c(1, 2)],
                    sum: 10,
                },
                Constraint::Negative(Negative::Xv),
            ],
        ),
        (
            ".StrictKropki",
            vec![
                Constraint::Negative(Negative::Difference),
                Constraint::Negative(Negative::Ratio),
            ],
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text).constraints(), want, "{text}");
        round_trip(text);
    }
}

#[test]
fn dots_given_several_cells_join_every_two_neighbours() {
    let p = read(".WhiteDot~R1C1~R1C2~R2C2~R5C5");
    assert_eq!(
        p.constraints(),
        [
            Constraint::Difference {
                cells: [c(1, 1), c(1, 2)],
                difference: 1
            },
            Constraint::Difference {
                cells: [c(1, 2), c(2, 2)],
                difference: 1
            },
        ]
    );
    assert!(
        errors(".X~R1C1~R3C3")[0]
            .message
            .contains("no two of its cells are side by side")
    );
}

#[test]
fn every_little_killer_diagonal_has_its_clue_outside() {
    let p = read(
        ".LittleKiller~10~R1C1.LittleKiller~10~R5C9.LittleKiller~10~R1C9.LittleKiller~10~R9C5",
    );
    let clues: Vec<((i16, i16), Direction, Cell)> = p
        .constraints()
        .iter()
        .map(|k| match k {
            Constraint::LittleKiller {
                clue,
                direction,
                cells,
                ..
            } => (*clue, *direction, cells[0]),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        clues,
        [
            ((-1, -1), Direction::DownRight, c(1, 1)),
            ((5, 9), Direction::UpLeft, c(5, 9)),
            ((-1, 9), Direction::DownLeft, c(1, 9)),
            ((9, 3), Direction::UpRight, c(9, 5)),
        ]
    );
    // Every cell's clue follows f-puzzles' convention: the diagonal from the clue.
    for k in p.constraints() {
        if let Constraint::LittleKiller {
            clue,
            direction,
            cells,
            ..
        } = k
        {
            assert_eq!(
                &crate::variant::fpuzzles::diagonal(*clue, *direction, 9),
                cells
            );
        }
    }
    assert!(
        errors(".LittleKiller~10~R5C5")[0]
            .message
            .contains("starts none")
    );
}

#[test]
fn shapes_and_regions() {
    let p = read(".Shape~6x6");
    assert_eq!(p, Puzzle::new(6).unwrap());
    for (spec, why) in [
        ("6x9", "not square"),
        ("9x9~0-8", "values 0-8"),
        ("9x9~10", "values 10"),
        ("9x9~~Raw", "Raw grid"),
        ("17x17", "1×1 to 16×16"),
    ] {
        let e = errors(&format!(".Shape~{spec}"));
        assert_eq!(e[0].kind, ErrorKind::Size);
        assert!(e[0].message.contains(why), "{spec}: {}", e[0].message);
    }
    assert_eq!(read(".Shape~9x9~1-9"), Puzzle::new(9).unwrap());
    assert_eq!(read(".Shape~9x9~1-9.Shape~9x9"), Puzzle::new(9).unwrap());
    assert!(
        errors(".Shape~9x9.Shape~6x6")[0]
            .message
            .contains("two shapes, 9×9 and 6×6")
    );

    let layout =
        "000000012345505012345555112345511112344466212334666222334466667388887777888887777";
    let jigsaw = read(&format!(".NoBoxes.Jigsaw~{layout}"));
    assert!(jigsaw.box_shape().is_none());
    assert!(jigsaw.constraints().is_empty());
    assert_eq!(jigsaw.regions()[0], jigsaw.regions()[5]);
    round_trip(&format!(".NoBoxes.Jigsaw~{layout}"));
    // With the boxes kept, the pieces are extra regions.
    let both = read(&format!(".Jigsaw~{layout}"));
    assert_eq!(both.regions(), Puzzle::new(9).unwrap().regions());
    assert_eq!(both.constraints().len(), 9);
    // ISS leaves one region of another size unconstrained.
    let partial = "0".repeat(9) + &"x".repeat(72);
    let p = read(&format!(".NoBoxes.Jigsaw~{partial}"));
    assert_eq!(p.regions().iter().filter(|&&r| r == NO_REGION).count(), 72);
    round_trip(&format!(".NoBoxes.Jigsaw~{partial}"));
    round_trip(".NoBoxes.Windoku");
    assert_eq!(read(".Windoku").constraints().len(), 4);
    // Disjoint sets without boxes are the boxes' places all the same.
    assert_eq!(
        read(&format!(".NoBoxes.Jigsaw~{layout}.DisjointSets"))
            .constraints()
            .len(),
        9
    );
}

#[test]
fn anti_consecutive_holds_across_kropki_dots() {
    let p = round_trip(".AntiConsecutive.BlackDot~R1C1~R1C2.WhiteDot~R5C5~R5C6");
    assert_eq!(
        p.constraints()[3..],
        [
            Constraint::Whispers {
                line: vec![c(1, 1), c(1, 2)],
                difference: 2
            },
            Constraint::Whispers {
                line: vec![c(5, 5), c(5, 6)],
                difference: 2
            },
        ]
    );
    // nsudoku's rule alone, with a dot, is not ISS's.
    let mut q = Puzzle::new(9).unwrap();
    q.push(Constraint::NonConsecutive).unwrap();
    q.push(Constraint::Ratio {
        cells: [c(1, 1), c(1, 2)],
        ratio: 2,
    })
    .unwrap();
    assert!(
        to_string(&q)
            .unwrap_err()
            .message
            .contains("kropki dot of r1c1 and r1c2")
    );
}

#[test]
fn rules_nsudoku_lacks_are_named_and_refused_or_skipped() {
    let text = ".Cage~10~R1C1~R1C2.Lunchbox~5~R2C1~R2C2.Or.Thermo~R1C1~R1C2.End.Modular~5~R3C1~R3C2.Var~L~loop~3.Cage~4~R5C5~R5C5";
    let e = errors(text);
    let messages: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(e.len(), 5, "{messages:?}");
    assert!(messages[0].starts_with("ISS's Lunchbox (lunchbox) is not a rule nsudoku has"));
    assert!(messages[1].starts_with("ISS's Or (or)"));
    assert!(messages[2].starts_with("ISS's Modular line with a modulus of 5"));
    assert!(messages[3].starts_with("ISS's Var (var)"));
    assert!(messages[4].starts_with("ISS's Cage naming a cell twice"));
    assert!(e.iter().all(|e| e.kind == ErrorKind::UnknownConstraint));
    assert_eq!(e[0].at, "item 2");

    let lenient = from_text(
        text,
        ReadOptions {
            ignore_unknown: true,
        },
    )
    .expect("read without them");
    assert_eq!(lenient.warnings.len(), 5);
    assert_eq!(lenient.puzzle.constraints().len(), 1);

    let e = errors(".Foo~1");
    assert!(
        e[0].message
            .contains("\"Foo\" is not an ISS constraint type")
    );
    assert!(errors(".End")[0].message.contains("closes nothing"));
    assert!(errors(".And.AntiKnight")[0].message.contains("has no .End"));
    assert!(errors("~R1C1_1")[0].message.contains("starts with '.'"));
    let priority = from_text(".SearchPriority~5~R1C1", ReadOptions::default()).expect("a hint");
    assert_eq!(priority.warnings.len(), 1);
}

#[test]
fn cells_are_checked() {
    let e = errors(".Thermo~R1C1~R1Ca");
    assert_eq!(e[0].kind, ErrorKind::OutsideGrid);
    let e = errors(".Thermo~R1C1~VL1~CC3");
    assert_eq!(e.len(), 1, "one error an item");
    assert!(e[0].message.contains("extra cell VL1"));
    assert_eq!(e[0].kind, ErrorKind::UnknownConstraint);
    let e = errors(".Thermo~R1C1~R11C1");
    assert_eq!(e[0].kind, ErrorKind::BadCell);
}

#[test]
fn links_and_the_line_forms_iss_reads() {
    let p = read(
        "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_8.Thermo%7ER2C1~R2C2&mode=all",
    );
    assert_eq!(p.givens()[0], 8);
    assert_eq!(p.constraints().len(), 1);
    assert!(is_link(
        "http://localhost:8080/Interactive-Sudoku-Solver/?q=.AntiKnight"
    ));
    assert!(
        errors("https://sigh.github.io/Interactive-Sudoku-Solver/")[0]
            .message
            .contains("no puzzle")
    );

    // A plain grid, a killer line and a comment, in parts.
    let killer =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";
    let text = format!("# a killer\n{killer}\n\n.AntiKnight");
    let p = read(&text);
    assert_eq!(p.constraints().len(), 25);
    assert_eq!(p.constraints().last(), Some(&Constraint::AntiKnight));
    let p = read(&format!("=123456789{}", ".".repeat(72)));
    assert_eq!(p.givens()[8], 9);
    // Pencil marks: nine characters a cell.
    let marks = format!("12.......1.3456789{}", "123456789".repeat(79));
    assert_eq!(read(&marks).candidates().map(|c| c[0]), Some(0b11));
}

#[test]
fn rules_iss_lacks_are_written_as_the_items_that_make_them() {
    let mut p = Puzzle::new(4).unwrap();
    p.push(Constraint::Even { cell: c(1, 1) }).unwrap();
    p.push(Constraint::Chess {
        offsets: vec![(1, 1)],
    })
    .unwrap();
    p.push(Constraint::Minimum { cell: c(4, 4) }).unwrap();
    let text = to_string(&p).expect("ISS has the items");
    assert!(
        text.starts_with(".Shape~4x4.~R1C1_2_4.AllDifferent~R1C1~R2C2"),
        "{text}"
    );
    assert!(
        text.ends_with(".GreaterThan~R3C4~R4C4.GreaterThan~R4C3~R4C4"),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(
        back.count_solutions(1000).count,
        p.count_solutions(1000).count
    );

    let mut p = Puzzle::new(9).unwrap();
    p.push(Constraint::Nabner {
        line: vec![c(1, 1), c(1, 2)],
    })
    .unwrap();
    let e = to_string(&p).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert!(e.message.contains("nabner"), "{e}");
    assert!(
        to_string(&Puzzle::new(25).unwrap())
            .unwrap_err()
            .message
            .contains("16×16")
    );
}

#[test]
fn rellik_equality_cages_and_numbered_rooms_round_trip() {
    let text =
        ".RellikCage~5~R1C1~R1C2.EqualityCage~R2C1~R2C2.NumberedRoom~R3~2~.NumberedRoom~C4~~3";
    let read = from_text(text, ReadOptions::default()).expect("read");
    let c = read.puzzle.constraints();
    assert_eq!(c.len(), 4);
    assert!(matches!(c[0], Constraint::Rellik { sum: 5, .. }));
    assert!(matches!(c[1], Constraint::Equality { .. }));
    assert!(matches!(c[2], Constraint::NumberedRoom { digit: 2, .. }));
    assert!(matches!(c[3], Constraint::NumberedRoom { digit: 3, .. }));
    let written = to_string(&read.puzzle).expect("written");
    let again = from_text(&written, ReadOptions::default()).expect("read again");
    assert_eq!(again.puzzle, read.puzzle, "{written}");
}

#[test]
fn an_empty_grid_round_trips() {
    for text in ["", ".Shape~9x9", ".Shape~4x4"] {
        let Ok(read) = from_text(text, ReadOptions::default()) else {
            continue;
        };
        let written = to_string(&read.puzzle).expect("written");
        let back = from_text(&written, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{text:?} written as {written:?}: {e:?}"));
        assert_eq!(back.puzzle, read.puzzle);
    }
}
