//! Unit tests of the text form: what each line reads as, defaults, and every error with its
//! kind and place.

use super::*;
use crate::Cell;
use crate::variant::{Clue, Constraint, Direction, Side};

fn read(text: &str) -> Puzzle {
    from_text(text).unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// The errors as (kind, place) pairs.
fn errors(text: &str) -> Vec<(ErrorKind, String)> {
    from_text(text)
        .expect_err(text)
        .into_iter()
        .map(|e| (e.kind, e.at))
        .collect()
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r - 1, c - 1)
}

const EMPTY4: &str = "....\n....\n....\n....\n";

#[test]
fn grids_read_as_the_classic_reader_reads_them() {
    let one_line =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let p = read(&format!("{one_line}\nantiknight\n"));
    assert_eq!(p.size(), 9);
    assert_eq!(&p.givens()[..5], &[5, 3, 0, 0, 7]);
    // A 6×6 on one line and on six: the default boxes, 3 wide and 2 tall.
    let six = read("1.....\n......\n......\n......\n......\n.....6\n");
    assert_eq!(six.size(), 6);
    assert_eq!(six.regions(), Puzzle::new(6).unwrap().regions());
    assert_eq!(read(&"0".repeat(36)).size(), 6);
    // Separated numbers, `0` for empty, and a drawn grid.
    let sixteen: String = (0..16)
        .map(|r| {
            let mut row = vec!["0"; 16];
            row[r] = "16";
            row.join(" ") + "\n"
        })
        .collect();
    let p = read(&sixteen);
    assert_eq!(p.size(), 16);
    assert_eq!(p.givens()[17], 16);
    let drawn = "+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 4 |\n+-----+-----+\nthermo r1c1-3\n";
    assert_eq!(read(drawn).givens()[15], 4);
}

#[test]
fn size_without_a_grid_and_headers() {
    let p = read(
        "title: A \\s\\\\ \\t\\x\nauthor:\nrules: one\nrules:\nrules:  two  \nsize: 4\nkiller 10 r1c1-4\n",
    );
    assert_eq!(p.size(), 4);
    assert_eq!(p.info.title.as_deref(), Some("A  \\ \t\\x"));
    assert_eq!(p.info.author.as_deref(), Some(""));
    assert_eq!(p.info.rules.as_deref(), Some("one\n\ntwo"));
    assert!(p.givens().iter().all(|&g| g == 0));
    assert_eq!(
        errors(
            "size: 4\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n"
        ),
        [(ErrorKind::Size, "line 1".into())]
    );
}

#[test]
fn every_keyword_reads_and_names_its_constraint() {
    let samples = [
        ("diagonal+", ""),
        ("diagonal-", ""),
        ("antiknight", ""),
        ("antiking", ""),
        ("nonconsecutive", ""),
        ("disjoint", ""),
        ("chess", "1,2 0,3"),
        ("taxicab", "3"),
        ("extraregion", "r1-2c1-2"),
        ("even", "r1c1"),
        ("odd", "r1c1"),
        ("minimum", "r1c1"),
        ("maximum", "r1c1"),
        ("quadruple", "1 2 r1-2c1-2"),
        ("clone", "r1c1-2 = r3c3-4"),
        ("rowindexer", "r1-4c1"),
        ("columnindexer", "r1c1-4"),
        ("boxindexer", "r1c1"),
        ("killer", "3 r1c1-2"),
        ("rellik", "5 r1c1-2"),
        ("equality", "r1c1-2"),
        ("numberedroom", "3 r1 left"),
        ("littlekiller", "5 r0c3 downleft"),
        ("sandwich", "0 c1"),
        ("xsum", "10 r1 right"),
        ("skyscraper", "2 c3 bottom"),
        ("arrow", "r1c1-3"),
        ("doublearrow", "r1c1-3"),
        ("xv", "V r1c1-2"),
        ("regionsum", "r1c1-4"),
        ("thermo", "r1c1-3"),
        ("slowthermo", "r1c1-3"),
        ("whispers", "r1c1-3"),
        ("renban", "r1c1-3"),
        ("palindrome", "r1c1-3"),
        ("between", "r1c1-3"),
        ("entropic", "r1c1-3"),
        ("modular", "r1c1-3"),
        ("nabner", "r1c1-2"),
        ("zipper", "r1c1-3"),
        ("lockout", "r1c1-3"),
        ("difference", "r1c1-2"),
        ("ratio", "r1c1-2"),
        ("negative-difference", ""),
        ("negative-ratio", ""),
        ("negative-xv", ""),
    ];
    assert_eq!(samples.len() + 1, KEYWORDS.len());
    for (keyword, args) in samples {
        let p = read(&format!("{EMPTY4}{keyword} {args}\n"));
        assert_eq!(p.constraints().len(), 1, "{keyword}");
        assert_eq!(p.constraints()[0].name(), keyword);
        // Keywords are read in any case.
        let upper = read(&format!("{EMPTY4}{} {args}\n", keyword.to_uppercase()));
        assert_eq!(upper.constraints(), p.constraints(), "{keyword}");
    }
}

#[test]
fn parameters_defaults_and_forms() {
    let p = read(&format!(
        "{}{}",
        "......\n".repeat(6),
        "whispers r1c1-3\nlockout r2c1-3\ndifference r3c1-2\nratio r3c3-4\nxv x r4c1-2\nxv 7 r4c3-4\n\
         arrow r1c4-6\narrow r5c1-2 = r5c3 r6c3\nkiller r6c4-5\nlittlekiller 6 r7c0 ur\n\
         sandwich 4 r2 right  # a comment\nodd r1c1 r2c2-3\n"
    ));
    let cs = p.constraints();
    let line =
        |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| cell(r, c)).collect::<Vec<_>>();
    assert_eq!(
        cs[0],
        Constraint::Whispers {
            line: line(&[(1, 1), (1, 2), (1, 3)]),
            difference: 3
        }
    );
    assert_eq!(
        cs[1],
        Constraint::Lockout {
            line: line(&[(2, 1), (2, 2), (2, 3)]),
            difference: 3
        }
    );
    assert_eq!(
        cs[2],
        Constraint::Difference {
            cells: [cell(3, 1), cell(3, 2)],
            difference: 1
        }
    );
    assert_eq!(
        cs[3],
        Constraint::Ratio {
            cells: [cell(3, 3), cell(3, 4)],
            ratio: 2
        }
    );
    assert_eq!(
        cs[4],
        Constraint::Xv {
            cells: [cell(4, 1), cell(4, 2)],
            sum: 10
        }
    );
    assert_eq!(
        cs[5],
        Constraint::Xv {
            cells: [cell(4, 3), cell(4, 4)],
            sum: 7
        }
    );
    assert_eq!(
        cs[6],
        Constraint::Arrow {
            bulb: line(&[(1, 4)]),
            shaft: line(&[(1, 5), (1, 6)])
        }
    );
    assert_eq!(
        cs[7],
        Constraint::Arrow {
            bulb: line(&[(5, 1), (5, 2)]),
            shaft: line(&[(5, 3), (6, 3)])
        }
    );
    assert_eq!(
        cs[8],
        Constraint::Killer {
            cells: line(&[(6, 4), (6, 5)]),
            sum: None
        }
    );
    assert_eq!(
        cs[9],
        Constraint::LittleKiller {
            clue: (6, -1),
            direction: Direction::UpRight,
            cells: line(&[(6, 1), (5, 2), (4, 3), (3, 4), (2, 5), (1, 6)]),
            sum: 6
        }
    );
    assert_eq!(
        cs[10],
        Constraint::Sandwich {
            clue: Clue {
                side: Side::Right,
                index: 1
            },
            sum: 4
        }
    );
    assert_eq!(
        cs[11..],
        [
            Constraint::Odd { cell: cell(1, 1) },
            Constraint::Odd { cell: cell(2, 2) },
            Constraint::Odd { cell: cell(2, 3) }
        ]
    );
}

#[test]
fn regions_and_candidates() {
    let text = "regions:\n1122\n1122\n3344\n33.4\n1...\n....\n....\n....\ncandidates 1 2 r2c2-3\ncandidates 4 r4c4\n";
    let p = read(text);
    assert_eq!(p.regions()[..4], [0, 0, 1, 1]);
    assert_eq!(p.regions()[14], crate::variant::NO_REGION);
    let candidates = p.candidates().unwrap();
    assert_eq!(
        (candidates[5], candidates[6], candidates[15], candidates[0]),
        (3, 3, 8, 15)
    );
    // Letters, numbers from 1 and all on one line give the same numbering.
    let letters = read("....\n....\n....\n....\nregions:\nAABB\nAABB\nCCDD\nCCDD\n");
    let numbers = read(
        "....\n....\n....\n....\nregions:\n10 10 11 11\n10 10 11 11\n12 12 13 13\n12 12 13 13\n",
    );
    let inline = read("....\n....\n....\n....\nregions: AABBAABBCCDDCCDD\n");
    assert_eq!(letters.regions()[0], 9);
    assert_eq!(letters.regions(), numbers.regions());
    assert_eq!(letters.regions(), inline.regions());
    // Lower-case symbols are regions 36 to 61, not keywords, inside the block.
    let lower = read("regions:\naabb\naabb\nccdd\nccdd\n....\n....\n....\n....\n");
    assert_eq!(lower.regions()[0], 35);
}

#[test]
fn errors_name_their_kind_and_place() {
    let cases: &[(&str, &[(ErrorKind, &str)])] = &[
        (
            "thermo r1c5",
            &[(ErrorKind::OutsideGrid, "line 5, column 8")],
        ),
        (
            "thermo r1c1 x1",
            &[(ErrorKind::BadCell, "line 5, column 13")],
        ),
        (
            "thermo r1c1-r2c3",
            &[(ErrorKind::BadCell, "line 5, column 8")],
        ),
        ("thermo", &[(ErrorKind::Syntax, "line 5")]),
        (
            "thermos r1c1",
            &[(ErrorKind::UnknownConstraint, "line 5, column 1")],
        ),
        ("killer 30 r1c1-2", &[(ErrorKind::Impossible, "line 5")]),
        (
            "killer 99999999999 r1c1-2",
            &[(ErrorKind::BadValue, "line 5, column 8")],
        ),
        ("clone r1c1 r2c2", &[(ErrorKind::Syntax, "line 5")]),
        ("xv r1c1-2", &[(ErrorKind::Syntax, "line 5, column 4")]),
        ("xv X r1c1-3", &[(ErrorKind::BadValue, "line 5, column 6")]),
        ("littlekiller 5 r0c2", &[(ErrorKind::Syntax, "line 5")]),
        (
            "littlekiller 5 r7c2 dl",
            &[(ErrorKind::OutsideGrid, "line 5, column 16")],
        ),
        (
            "sandwich 3 c2 left",
            &[(ErrorKind::Syntax, "line 5, column 15")],
        ),
        ("xsum 3 c5", &[(ErrorKind::OutsideGrid, "line 5, column 8")]),
        ("chess", &[(ErrorKind::Syntax, "line 5")]),
        (
            "antiknight r1c1",
            &[(ErrorKind::Syntax, "line 5, column 12")],
        ),
        (
            "candidates r1c1",
            &[(ErrorKind::Syntax, "line 5, column 12")],
        ),
        (
            "candidates 5 r1c1",
            &[(ErrorKind::BadValue, "line 5, column 12")],
        ),
        (
            "candidates 1 r1c1\ncandidates 2 r1c1",
            &[(ErrorKind::BadValue, "line 6")],
        ),
        ("colour: red", &[(ErrorKind::Syntax, "line 5")]),
        ("size: four", &[(ErrorKind::Size, "line 5")]),
        ("size: 6", &[(ErrorKind::Size, "line 5")]),
        ("regions:\n1122\n1122", &[(ErrorKind::Regions, "line 5")]),
        ("regions:\n11#2", &[(ErrorKind::Regions, "line 6")]),
        (
            "regions:\n1111\n1122\n3344\n3344",
            &[(ErrorKind::Regions, "line 5")],
        ),
        ("antiking\n\nantiknight", &[(ErrorKind::Syntax, "line 6")]),
        ("antiking\n1...", &[(ErrorKind::Syntax, "line 6")]),
        ("title: x\n1...", &[(ErrorKind::Syntax, "line 6")]),
    ];
    for (lines, expected) in cases {
        let got = errors(&format!("{EMPTY4}{lines}\n"));
        let expected: Vec<(ErrorKind, String)> = expected
            .iter()
            .map(|(k, at)| (*k, (*at).to_owned()))
            .collect();
        assert_eq!(got, expected, "{lines}");
    }
    // Grid problems come from the classic reader, with their places.
    assert_eq!(
        errors("1..x\n....\n....\n....\n"),
        [(ErrorKind::Syntax, "line 1, column 4".into())]
    );
    assert_eq!(
        errors("1..5\n....\n....\n....\n"),
        [(ErrorKind::BadValue, "line 1, column 4".into())]
    );
    assert_eq!(
        errors("1...\n...\n....\n....\n"),
        [(ErrorKind::Syntax, "line 2".into())]
    );
    assert_eq!(
        errors("antiknight\n"),
        [(ErrorKind::Syntax, "line 1".into())]
    );
    let late = [2, 3, 4, 5, 1].map(|l| (ErrorKind::Syntax, format!("line {l}")));
    assert_eq!(errors(&format!("antiknight\n{EMPTY4}")), late);
    assert_eq!(
        errors(&format!("{EMPTY4}title: x\n....\n")),
        [(ErrorKind::Syntax, "line 6".into())]
    );
    assert_eq!(
        errors("# nothing\n\n"),
        [(ErrorKind::Syntax, String::new())]
    );
    let flood = format!("{EMPTY4}even r1-4c1-4 r1c1\n");
    assert_eq!(
        errors(&flood),
        [(ErrorKind::BadValue, "line 5, column 15".to_owned())]
    );
    // Every problem is reported, up to 100.
    let many = format!("{EMPTY4}{}", "thermo r9c9\n".repeat(150));
    assert_eq!(errors(&many).len(), 100);
    let two = errors(&format!("{EMPTY4}thermo r9c9\nkiller 50 r1c1\nfoo\n"));
    assert_eq!(two.len(), 3);
    // Without a grid, constraint lines are still read for their syntax.
    assert_eq!(
        errors("1..\nthermo r1c1 q\n"),
        [
            (ErrorKind::Syntax, "line 1".into()),
            (ErrorKind::BadCell, "line 2, column 13".into())
        ]
    );
}

#[test]
fn lines_are_numbered_from_where_the_puzzle_starts() {
    let e = from_text_at(&format!("{EMPTY4}thermo r5c5\n"), 41).unwrap_err();
    assert_eq!(e[0].at, "line 45, column 8");
    assert_eq!(
        e[0].to_string(),
        "r5c5: row 5 is outside the 4×4 grid (at line 45, column 8)"
    );
}

#[test]
fn text_form_or_classic_grid() {
    assert!(looks_like_text_form(["1...", "....", "thermo r1c1-3"]));
    assert!(looks_like_text_form(["# a comment", "title: x"]));
    assert!(looks_like_text_form(["KILLER 3 r1c1-2"]));
    let classic =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    assert!(!looks_like_text_form([classic]));
    assert!(!looks_like_text_form([
        "+-----+-----+",
        "| 1 2 | 3 4 |",
        ". . A B"
    ]));
    assert!(!looks_like_text_form([
        "https://www.f-puzzles.com/?load=N4Ig",
        "ABCDEFG123456789"
    ]));
    assert!(!looks_like_text_form(["# thermo r1c1-3"]));
}

#[test]
fn header_values_survive_the_round_trip() {
    let mut p = Puzzle::new(4).unwrap();
    for text in [
        "",
        " ",
        "  a  b  ",
        "\\s",
        "a\\b",
        "tab\there",
        "cr\r",
        "\n",
        "a\n\n b \n",
        "# not a comment",
        "é ✓",
    ] {
        p.info.title = Some(text.to_owned());
        p.info.rules = Some(text.to_owned());
        assert_eq!(read(&to_text(&p)), p, "{text:?}: {}", to_text(&p));
    }
}

#[test]
fn the_writer_writes_what_one_would_write() {
    let mut p = Puzzle::new(4).unwrap();
    p.set_given(cell(1, 1), 1, "").unwrap();
    p.info.title = Some("Small".into());
    let row = |r| (1..=4).map(|c| cell(r, c)).collect::<Vec<_>>();
    p.push(Constraint::Thermometer { line: row(2) }).unwrap();
    p.push(Constraint::Even { cell: cell(3, 1) }).unwrap();
    p.push(Constraint::Even { cell: cell(3, 2) }).unwrap();
    p.push(Constraint::Killer {
        cells: vec![cell(3, 3), cell(3, 4), cell(4, 3), cell(4, 4)],
        sum: Some(10),
    })
    .unwrap();
    p.push(Constraint::Whispers {
        line: vec![cell(4, 1), cell(3, 2)],
        difference: 2,
    })
    .unwrap();
    p.push(Constraint::XSum {
        clue: Clue {
            side: Side::Top,
            index: 0,
        },
        sum: 6,
    })
    .unwrap();
    p.set_candidates(cell(4, 4), 0b1100, "").unwrap();
    // One constraint alone, as lists name it.
    let lines: Vec<String> = p
        .constraints()
        .iter()
        .map(|c| super::constraint_line(c, 4))
        .collect();
    assert_eq!(
        lines,
        [
            "thermo r2c1-4",
            "even r3c1",
            "even r3c2",
            "killer 10 r3-4c3-4",
            "whispers r4c1-r3c2",
            "xsum 6 c1 top"
        ]
    );
    assert_eq!(
        to_text(&p),
        "title: Small\n1...\n....\n....\n....\ncandidates 3 4 r4c4\nthermo r2c1-4\neven r3c1-2\n\
         killer 10 r3-4c3-4\nwhispers r4c1-r3c2\nxsum 6 c1 top\n"
    );
    let mut irregular = Puzzle::new(4).unwrap();
    irregular
        .set_regions(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 70])
        .unwrap();
    assert!(
        to_text(&irregular)
            .ends_with("regions:\n 1  1  2  2\n 1  1  2  2\n 3  3  4  4\n 3  3  4 71\n")
    );
}

#[test]
fn pencil_marks_drawn_boxes_and_the_side_of_a_line() {
    // Runs of candidates, as the classic reader reads them, are candidates.
    let marks = "12 34 1234 1234\n".to_owned() + &"1234 1234 1234 1234\n".repeat(3);
    let p = read(&format!("{marks}thermo r1c1-3\n"));
    assert_eq!(&p.candidates().unwrap()[..3], &[0b11, 0b1100, 0b1111]);
    // A drawn grid's boxes are its regions: here 2 wide and 3 tall.
    let rule = "+-----+-----+-----+\n";
    let rows = "| . . | . . | . . |\n".repeat(3);
    let p = read(&format!("{rule}{rows}{rule}{rows}{rule}antiknight\n"));
    let boxes = crate::grid::Shape::new(2, 3).unwrap();
    let expected: Vec<u16> = (0..36)
        .map(|i| boxes.box_of(boxes.cell(i)) as u16)
        .collect();
    assert_eq!(p.regions(), expected);
    assert_ne!(p.regions(), Puzzle::new(6).unwrap().regions());
    // 64 cells on one line are 4×4 pencil marks unless the size says 8.
    let line = format!("1{}\nantiknight\n", ".".repeat(63));
    assert!(from_text(&line).map(|p| p.size()) != Ok(8));
    assert_eq!(read(&format!("size: 8\n{line}")).size(), 8);
}
