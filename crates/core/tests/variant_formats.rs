//! The f-puzzles format both ways: every dev puzzle and random puzzles written and read back
//! equal, what the writer cannot carry, and every way a document can be wrong (its kind, its
//! place, the value it names).

use std::collections::HashMap;

use nsudoku::Cell;
use nsudoku::variant::fpuzzles::{
    ReadOptions, from_json, from_payload, to_json, to_link, to_payload, to_sudokupad_link, to_value,
};
use nsudoku::variant::lzstring::compress_to_base64;
use nsudoku::variant::{
    Clue, Constraint, Diagonal, Direction, Error, ErrorKind, NO_REGION, Negative, Puzzle, Side,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use serde_json::{Value, json};

use crate::variant::dev_set;

fn read_json(text: &str) -> Puzzle {
    from_json(text, ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e:?}\n{text}"))
        .puzzle
}

/// A link's payload, percent-decoded.
fn link_payload(link: &str, prefix: &str) -> String {
    let tail = link.strip_prefix(prefix).expect("the link's prefix");
    tail.replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
}

/// Everything but the order of the constraints is equal; the constraints are the same
/// multiset.
fn assert_same_rules(got: &Puzzle, want: &Puzzle) {
    assert_eq!(got.size(), want.size());
    assert_eq!(got.givens(), want.givens());
    assert_eq!(got.candidates(), want.candidates());
    assert_eq!(got.regions(), want.regions());
    assert_eq!(got.info, want.info);
    let count = |p: &Puzzle| {
        let mut m: HashMap<Constraint, usize> = HashMap::new();
        for c in p.constraints() {
            *m.entry(c.clone()).or_default() += 1;
        }
        m
    };
    assert_eq!(count(got), count(want));
}

#[test]
fn every_dev_puzzle_reads_back_equal_from_json_payload_and_links() {
    for (name, payload, _) in dev_set() {
        let puzzle = from_payload(&payload, ReadOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e:?}"))
            .puzzle;
        let json = to_json(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The same puzzle, constraints in the same order.
        assert_eq!(read_json(&json), puzzle, "{name}");
        let written = to_payload(&puzzle).expect("writable");
        let back = from_payload(&written, ReadOptions::default()).expect("reads");
        assert_eq!(back.puzzle, puzzle, "{name}");
        let link = to_link(&puzzle).expect("writable");
        let pad = to_sudokupad_link(&puzzle).expect("writable");
        for (link, prefix) in [
            (link, "https://f-puzzles.com/?load="),
            (pad, "https://sudokupad.app/fpuzzles"),
        ] {
            let payload = link_payload(&link, prefix);
            assert_eq!(payload, written, "{name}");
        }
        // Written again, the same text.
        assert_eq!(to_json(&back.puzzle).as_ref(), Ok(&json), "{name}");
    }
}

#[test]
fn what_f_puzzles_cannot_carry_is_an_error_naming_it() {
    let cell = Cell::new;
    let cases: Vec<(Constraint, &str)> = vec![
        (
            Constraint::Chess {
                offsets: vec![(1, 3)],
            },
            "chess",
        ),
        (Constraint::Taxicab { distance: 4 }, "taxicab"),
        (
            Constraint::Xv {
                cells: [cell(0, 0), cell(0, 1)],
                sum: 7,
            },
            "not 7",
        ),
        (
            Constraint::Lockout {
                line: vec![cell(0, 0), cell(0, 1), cell(0, 2)],
                difference: 3,
            },
            "not 3",
        ),
        (
            Constraint::LittleKiller {
                clue: (-3, 2),
                direction: Direction::DownLeft,
                cells: vec![cell(0, 1), cell(1, 0)],
                sum: 5,
            },
            "(-3, 2)",
        ),
        (
            Constraint::Arrow {
                bulb: vec![cell(0, 0), cell(0, 1)],
                shaft: vec![cell(1, 1), cell(0, 1)],
            },
            "r1c2",
        ),
    ];
    for (constraint, named) in cases {
        let mut puzzle = Puzzle::new(9).expect("9×9");
        puzzle.push(Constraint::AntiKing).expect("valid");
        puzzle.push(constraint.clone()).expect("valid in the model");
        let e = to_value(&puzzle).expect_err("unwritable");
        assert_eq!(e.kind, ErrorKind::Unsupported, "{e}");
        assert_eq!(e.at, "constraints[1]", "{e}");
        assert!(e.message.contains(named), "{e} should name {named}");
        assert_eq!(to_payload(&puzzle), Err(e.clone()));
        assert_eq!(to_link(&puzzle), Err(e.clone()));
        assert_eq!(to_sudokupad_link(&puzzle), Err(e));
    }
    // A region number f-puzzles has not.
    let mut puzzle = Puzzle::new(4).expect("4×4");
    let mut regions = puzzle.regions().to_vec();
    regions[5] = 7;
    puzzle.set_regions(regions).expect("valid in the model");
    let e = to_json(&puzzle).expect_err("unwritable");
    assert_eq!(
        (e.kind, e.at.as_str()),
        (ErrorKind::Unsupported, "regions[5]")
    );
    assert!(e.message.contains("region number 7 of r2c2"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Random puzzles.

/// Reads random bytes as the choices of a constraint, over and over.
struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn below(&mut self, k: usize) -> usize {
        let b = self.bytes[self.at % self.bytes.len()];
        self.at += 1;
        usize::from(b) % k.max(1)
    }

    fn cell(&mut self, n: usize) -> Cell {
        Cell::new(self.below(n), self.below(n))
    }

    /// Up to `len` different cells, each next to the one before (diagonals too).
    fn path(&mut self, n: usize, len: usize) -> Vec<Cell> {
        let mut path = vec![self.cell(n)];
        'grow: while path.len() < len {
            let last = path[path.len() - 1];
            let turn = self.below(8);
            for k in 0..8 {
                let (dr, dc) = [
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ][(turn + k) % 8];
                let (r, c) = (last.row() as isize + dr, last.col() as isize + dc);
                if (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
                    let next = Cell::new(r as usize, c as usize);
                    if !path.contains(&next) {
                        path.push(next);
                        continue 'grow;
                    }
                }
            }
            break;
        }
        path
    }

    /// Two orthogonally adjacent cells.
    fn pair(&mut self, n: usize) -> [Cell; 2] {
        let (r, c) = (self.below(n), self.below(n - 1));
        if self.below(2) == 0 {
            [Cell::new(r, c), Cell::new(r, c + 1)]
        } else {
            [Cell::new(c, r), Cell::new(c + 1, r)]
        }
    }

    fn clue(&mut self, n: usize) -> Clue {
        let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][self.below(4)];
        Clue {
            side,
            index: self.below(n) as u16,
        }
    }

    /// A number in `lo..=hi`.
    fn within(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi + 1 - lo)
    }
}

/// How many kinds [`constraint`] makes.
const KINDS: u8 = 41;

/// A constraint of kind `kind` (every kind f-puzzles carries) chosen by `bytes`; the model
/// may still refuse it (a clone of two lengths, a shape that does not fit).
fn constraint(kind: u8, bytes: &[u8], n: usize) -> Option<Constraint> {
    let mut b = Bytes { bytes, at: 0 };
    let line = |b: &mut Bytes, most: usize| {
        let len = b.within(2, most);
        b.path(n, len)
    };
    let n16 = n as u16;
    Some(match kind {
        0 => Constraint::Diagonal(Diagonal::Positive),
        1 => Constraint::Diagonal(Diagonal::Negative),
        2 => Constraint::AntiKnight,
        3 => Constraint::AntiKing,
        4 => Constraint::NonConsecutive,
        5 => Constraint::DisjointGroups,
        6 => Constraint::ExtraRegion {
            cells: line(&mut b, n),
        },
        7 => Constraint::Even { cell: b.cell(n) },
        8 => Constraint::Odd { cell: b.cell(n) },
        9 => Constraint::Minimum { cell: b.cell(n) },
        10 => Constraint::Maximum { cell: b.cell(n) },
        11 => {
            let (r, c) = (b.below(n - 1), b.below(n - 1));
            let count = b.below(5);
            Constraint::Quadruple {
                cells: vec![
                    Cell::new(r, c),
                    Cell::new(r, c + 1),
                    Cell::new(r + 1, c),
                    Cell::new(r + 1, c + 1),
                ],
                digits: (0..count).map(|_| b.within(1, n) as u16).collect(),
            }
        }
        12 => {
            let len = b.within(1, 4);
            let mut cells = b.path(n, len);
            let mut copies = b.path(n, len);
            let k = cells.len().min(copies.len());
            cells.truncate(k);
            copies.truncate(k);
            Constraint::Clone { cells, copies }
        }
        13 => Constraint::RowIndexer {
            cells: line(&mut b, 4),
        },
        14 => Constraint::ColumnIndexer {
            cells: line(&mut b, 4),
        },
        15 => Constraint::BoxIndexer {
            cells: line(&mut b, 4),
        },
        16 => {
            let len = b.within(1, n.min(5));
            let cells = b.path(n, len);
            let k = cells.len();
            let (lo, hi) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
            let sum = (b.below(3) > 0).then(|| b.within(lo, hi) as u32);
            Constraint::Killer { cells, sum }
        }
        17 => {
            // A clue beside the grid, its diagonal running inwards.
            let i = b.below(n) as i16;
            let far = n as i16;
            let (clue, direction) = match b.below(4) {
                0 => (
                    (-1, i),
                    [Direction::DownLeft, Direction::DownRight][b.below(2)],
                ),
                1 => (
                    (far, i),
                    [Direction::UpLeft, Direction::UpRight][b.below(2)],
                ),
                2 => (
                    (i, -1),
                    [Direction::UpRight, Direction::DownRight][b.below(2)],
                ),
                _ => (
                    (i, far),
                    [Direction::UpLeft, Direction::DownLeft][b.below(2)],
                ),
            };
            let cells = nsudoku::variant::fpuzzles::diagonal(clue, direction, n);
            let k = cells.len();
            if k == 0 {
                return None;
            }
            Constraint::LittleKiller {
                clue,
                direction,
                cells,
                sum: b.within(k, k * n) as u32,
            }
        }
        18 => Constraint::Sandwich {
            clue: b.clue(n),
            sum: b.within(0, (2..n).sum()) as u32,
        },
        19 => Constraint::XSum {
            clue: b.clue(n),
            sum: b.within(1, n * (n + 1) / 2) as u32,
        },
        20 => Constraint::Skyscraper {
            clue: b.clue(n),
            count: b.within(1, n) as u32,
        },
        21 => {
            let bulb = b.within(1, 2);
            let len = b.within(bulb + 1, bulb + 4);
            let mut path = b.path(n, len);
            let shaft = path.split_off(bulb.min(path.len()));
            Constraint::Arrow { bulb: path, shaft }
        }
        22 => Constraint::DoubleArrow {
            line: line(&mut b, 6),
        },
        23 => Constraint::Xv {
            cells: b.pair(n),
            sum: [5, 10][b.below(2)],
        },
        24 => Constraint::RegionSum {
            line: line(&mut b, 6),
        },
        25 => Constraint::Thermometer {
            line: line(&mut b, n),
        },
        26 => Constraint::SlowThermometer {
            line: line(&mut b, 6),
        },
        27 => Constraint::Whispers {
            line: line(&mut b, 6),
            difference: b.below(n) as u16,
        },
        28 => Constraint::Renban {
            line: line(&mut b, n),
        },
        29 => Constraint::Palindrome {
            line: line(&mut b, 6),
        },
        30 => Constraint::Between {
            line: line(&mut b, 6),
        },
        31 => Constraint::Entropic {
            line: line(&mut b, 6),
        },
        32 => Constraint::Modular {
            line: line(&mut b, 6),
        },
        33 => Constraint::Nabner {
            line: line(&mut b, n.div_ceil(2)),
        },
        34 => Constraint::Zipper {
            line: line(&mut b, 6),
        },
        35 => Constraint::Lockout {
            line: line(&mut b, 6),
            difference: n16 / 2,
        },
        36 => Constraint::Difference {
            cells: b.pair(n),
            difference: b.within(1, n - 1) as u16,
        },
        37 => Constraint::Ratio {
            cells: b.pair(n),
            ratio: b.within(2, n) as u16,
        },
        38 => Constraint::Negative(Negative::Difference),
        39 => Constraint::Negative(Negative::Ratio),
        40 => Constraint::Negative(Negative::Xv),
        _ => return None,
    })
}

/// The parts of a random puzzle, as proptest makes and shrinks them.
type Parts = (
    usize,
    Vec<(u8, u8, u8)>,
    Option<Vec<(u8, u8, u64)>>,
    Option<Vec<u8>>,
    Vec<(u8, Vec<u8>)>,
    Option<String>,
);

fn parts() -> impl Strategy<Value = Parts> {
    (
        prop::sample::select(vec![4usize, 6, 9]),
        prop::collection::vec(any::<(u8, u8, u8)>(), 0..12),
        prop::option::weighted(0.3, prop::collection::vec(any::<(u8, u8, u64)>(), 1..6)),
        prop::option::weighted(0.3, prop::collection::vec(any::<u8>(), 81)),
        prop::collection::vec((0..KINDS, prop::collection::vec(any::<u8>(), 12)), 0..16),
        prop::option::of("[A-Za-z é\"\\\\]{0,8}"),
    )
}

fn build((n, givens, candidates, regions, constraints, title): Parts) -> Puzzle {
    let mut puzzle = Puzzle::new(n).expect("a side of 4, 6 or 9");
    puzzle.info.title = title;
    for (r, c, d) in givens {
        let cell = Cell::new(usize::from(r) % n, usize::from(c) % n);
        puzzle
            .set_given(cell, u16::from(d) % (n as u16 + 1), "")
            .expect("a digit of the grid");
    }
    for (r, c, mask) in candidates.into_iter().flatten() {
        let cell = Cell::new(usize::from(r) % n, usize::from(c) % n);
        let mask = mask & puzzle.all_digits();
        if mask != 0 {
            puzzle
                .set_candidates(cell, mask, "")
                .expect("digits of the grid");
        }
    }
    if let Some(keys) = regions {
        // Cells shuffled by the keys, cut into regions of N; some in none.
        let mut order: Vec<usize> = (0..n * n).collect();
        order.sort_by_key(|&i| keys[i]);
        let mut numbers = vec![0u16; n * n];
        for (place, &i) in order.iter().enumerate() {
            numbers[i] = if keys[i] % 11 == 0 {
                NO_REGION
            } else {
                (place / n) as u16
            };
        }
        puzzle.set_regions(numbers).expect("regions of N cells");
    }
    for (kind, bytes) in constraints {
        let Some(c) = constraint(kind, &bytes, n) else {
            continue;
        };
        // A global rule once (the writer writes it once); what the model refuses is left out.
        let global = matches!(
            c,
            Constraint::Diagonal(_)
                | Constraint::AntiKnight
                | Constraint::AntiKing
                | Constraint::NonConsecutive
                | Constraint::DisjointGroups
        );
        if global && puzzle.constraints().contains(&c) {
            continue;
        }
        let _ = puzzle.push(c);
    }
    puzzle
}

fn random_puzzle() -> impl Strategy<Value = Puzzle> {
    parts().prop_map(build)
}

#[test]
fn random_puzzles_have_constraints_of_every_kind() {
    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::HashSet::new();
    let mut with_regions = 0;
    for _ in 0..400 {
        let puzzle = random_puzzle()
            .new_tree(&mut runner)
            .expect("a value")
            .current();
        seen.extend(puzzle.constraints().iter().map(Constraint::name));
        with_regions += usize::from(puzzle.box_shape().is_none());
    }
    assert_eq!(seen.len(), usize::from(KINDS), "{seen:?}");
    assert!(with_regions > 50, "{with_regions}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_puzzles_read_back_as_written(puzzle in random_puzzle()) {
        let json = to_json(&puzzle).expect("every kind here is writable");
        let back = read_json(&json);
        assert_same_rules(&back, &puzzle);
        // Read back, the constraints are grouped by key: the writer keeps that order, and
        // writes the same text again.
        let again = to_json(&back).expect("writable");
        let reread = read_json(&again);
        prop_assert_eq!(&reread, &back);
        prop_assert_eq!(to_json(&reread).expect("writable"), again);
        let payload = to_payload(&puzzle).expect("writable");
        let read = from_payload(&payload, ReadOptions::default()).expect("reads");
        prop_assert_eq!(&read.puzzle, &back);
        prop_assert!(read.warnings.is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input.

/// An f-puzzles document of side `n`, empty grid, with the keys of `extra` added.
fn doc(n: usize, extra: Value) -> Value {
    let mut doc = json!({ "size": n, "grid": vec![vec![json!({}); n]; n] });
    if let (Some(d), Value::Object(extra)) = (doc.as_object_mut(), extra) {
        d.extend(extra);
    }
    doc
}

fn errors(text: &str) -> Vec<Error> {
    from_json(text, ReadOptions::default()).expect_err(text)
}

/// The one error of `text`: its kind, its place, and a value its message names.
fn assert_error(text: &str, kind: ErrorKind, at: &str, named: &str) {
    let errors = errors(text);
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!((e.kind, e.at.as_str()), (kind, at), "{e}\n{text}");
    assert!(e.message.contains(named), "{e} should name {named}");
}

#[test]
fn payloads_that_do_not_decode() {
    let decode = |payload: &str| from_payload(payload, ReadOptions::default()).expect_err(payload);
    let e = decode("N4IgzglgXgpiBcB!xyz");
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].kind, e[0].at.as_str()), (ErrorKind::Decode, ""));
    assert!(e[0].message.contains("'!' at offset 15"), "{}", e[0]);
    // Base64, but not an lz-string stream: the first code is 3, which no stream starts with.
    let e = decode("////");
    assert_eq!(e[0].kind, ErrorKind::Decode);
    assert!(e[0].message.contains("not lz-string"), "{}", e[0]);
    let e = decode("");
    assert!(e[0].message.contains("empty"), "{}", e[0]);
    // A stream of text that is not JSON.
    let e = decode(&compress_to_base64("size: 9"));
    assert_eq!(
        (e[0].kind, e[0].at.as_str()),
        (ErrorKind::Json, "line 1, column 1")
    );
    assert!(
        e[0].message
            .starts_with("payload decodes to text that is not JSON"),
        "{}",
        e[0]
    );
}

#[test]
fn documents_that_are_not_f_puzzles() {
    assert_error(
        "{size: 9}",
        ErrorKind::Json,
        "line 1, column 2",
        "key must be a string",
    );
    assert_error("[9]", ErrorKind::Json, "", "JSON object");
    assert_error(r#"{"grid": []}"#, ErrorKind::Json, "size", "\"size\"");
    assert_error(r#"{"size": "nine"}"#, ErrorKind::Json, "size", "grid size");
    assert_error(
        r#"{"size": 65, "grid": []}"#,
        ErrorKind::Size,
        "size",
        "65×65",
    );
    assert_error(r#"{"size": 0, "grid": []}"#, ErrorKind::Size, "size", "0×0");
    let mut d = doc(9, json!({}));
    d["grid"].as_array_mut().expect("rows").pop();
    assert_error(&d.to_string(), ErrorKind::Json, "grid", "8 rows");
    let mut d = doc(4, json!({}));
    d["grid"][2] = json!([{}, {}]);
    assert_error(&d.to_string(), ErrorKind::Json, "grid[2]", "row 3");
    let mut d = doc(4, json!({}));
    d["grid"][1][3] = json!(5);
    assert_error(&d.to_string(), ErrorKind::Json, "grid[1][3]", "object");
}

#[test]
fn unknown_keys_are_refused_or_with_ignore_unknown_a_warning() {
    let text = doc(
        4,
        json!({ "sum": [{"cells": ["R1C1", "R1C2"], "value": "3"}], "negative": ["sum"] }),
    )
    .to_string();
    let e = errors(&text);
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!(
        (e[0].kind, e[0].at.as_str()),
        (ErrorKind::UnknownConstraint, "sum")
    );
    assert!(e[0].message.contains("\"sum\""));
    assert_eq!(
        (e[1].kind, e[1].at.as_str()),
        (ErrorKind::UnknownConstraint, "negative[0]")
    );
    assert!(e[1].message.contains("\"sum\""));
    let read = from_json(
        &text,
        ReadOptions {
            ignore_unknown: true,
        },
    )
    .expect("read without them");
    assert!(read.puzzle.constraints().is_empty());
    assert_eq!(read.warnings.len(), 2, "{:?}", read.warnings);
    assert!(
        read.warnings.iter().all(|w| w.contains("\"sum\"")),
        "{:?}",
        read.warnings
    );
    // Drawings and other programs' settings are not rules: no warning.
    let text = doc(
        4,
        json!({ "line": [{"lines": [["R1C1", "R1C2"]]}], "disabledlogic": ["wings"] }),
    );
    let read = from_json(&text.to_string(), ReadOptions::default()).expect("reads");
    assert!(read.warnings.is_empty() && read.puzzle.constraints().is_empty());
}

#[test]
fn bad_cells_and_values_name_the_value_and_its_place() {
    use ErrorKind::*;
    let cases: Vec<(Value, ErrorKind, &str, &str)> = vec![
        (
            json!({"killercage": [{"cells": ["R1C1", "R10C1"]}]}),
            OutsideGrid,
            "killercage[0].cells[1]",
            "R10C1",
        ),
        (
            json!({"killercage": [{"cells": ["R1"]}]}),
            BadCell,
            "killercage[0].cells[0]",
            "\"R1\"",
        ),
        (
            json!({"killercage": [{"cells": [11]}]}),
            BadCell,
            "killercage[0].cells[0]",
            "11",
        ),
        (
            json!({"killercage": [{"cells": "R1C1"}]}),
            Json,
            "killercage[0].cells",
            "\"R1C1\"",
        ),
        (
            json!({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]}),
            Impossible,
            "killercage[0]",
            "30",
        ),
        (
            json!({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}),
            BadValue,
            "xv[0].value",
            "\"Y\"",
        ),
        (
            json!({"xv": [{"cells": ["R1C1", "R1C2", "R1C3"], "value": "X"}]}),
            BadValue,
            "xv[0].cells",
            "two cells",
        ),
        (
            json!({"difference": [{"cells": ["R1C1", "R1C2"], "value": "9"}]}),
            Impossible,
            "difference[0]",
            "9",
        ),
        (
            json!({"odd": [{"cells": ["R1C1"]}]}),
            BadCell,
            "odd[0].cell",
            "\"cell\"",
        ),
        (
            json!({"sandwichsum": [{"cell": "R0C0", "value": "5"}]}),
            OutsideGrid,
            "sandwichsum[0].cell",
            "R0C0",
        ),
        (
            json!({"xsum": [{"cell": "R0C3", "value": "99"}]}),
            Impossible,
            "xsum[0]",
            "99",
        ),
        (
            json!({"littlekillersum": [{"cell": "R11C1", "direction": "UR", "value": "5"}]}),
            OutsideGrid,
            "littlekillersum[0].cell",
            "R11C1",
        ),
        (
            json!({"littlekillersum": [{"cell": "R10C1", "direction": "NE", "value": "5"}]}),
            BadValue,
            "littlekillersum[0].direction",
            "NE",
        ),
        (
            json!({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, "x"]}]}),
            BadValue,
            "quadruple[0].values[1]",
            "\"x\"",
        ),
        (
            json!({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 10]}]}),
            BadValue,
            "quadruple[0]",
            "10",
        ),
        (
            json!({"arrow": [{"cells": ["R1C1"]}]}),
            Json,
            "arrow[0].lines",
            "\"lines\"",
        ),
        (
            json!({"lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "3"}]}),
            BadValue,
            "lockout[0].value",
            "not 3",
        ),
        (
            json!({"renban": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]}),
            BadValue,
            "renban[0]",
            "r1c1 twice",
        ),
        (json!({"antiknight": "yes"}), Json, "antiknight", "\"yes\""),
        (
            json!({"thermometer": {"lines": []}}),
            Json,
            "thermometer",
            "list",
        ),
        (json!({"even": ["R1C1"]}), Json, "even[0]", "object"),
        (json!({"negative": "xv"}), Json, "negative", "list"),
    ];
    for (extra, kind, at, named) in cases {
        assert_error(&doc(9, extra).to_string(), kind, at, named);
    }
}

#[test]
fn bad_grid_cells_name_the_value_and_its_place() {
    let with_cell = |cell: Value| {
        let mut d = doc(9, json!({}));
        d["grid"][2][4] = cell;
        d.to_string()
    };
    assert_error(
        &with_cell(json!({"value": 10, "given": true})),
        ErrorKind::BadValue,
        "grid[2][4].value",
        "given 10 in r3c5",
    );
    assert_error(
        &with_cell(json!({"givenPencilMarks": [1, 12]})),
        ErrorKind::BadValue,
        "grid[2][4].givenPencilMarks",
        "12",
    );
    assert_error(
        &with_cell(json!({"region": 9})),
        ErrorKind::Regions,
        "grid[2][4].region",
        "region 9 of r3c5",
    );
    assert_error(
        &with_cell(json!({"region": "north"})),
        ErrorKind::Regions,
        "grid[2][4].region",
        "north",
    );
    // A value that is not given is the solver's, not a rule.
    assert!(
        read_json(&with_cell(json!({"value": 10})))
            .givens()
            .iter()
            .all(|&g| g == 0)
    );
    // Region 0 gains r3c5: ten cells.
    assert_error(
        &with_cell(json!({"region": 0})),
        ErrorKind::Regions,
        "grid[2][4].region",
        "region 0 has 10 cells",
    );
}

#[test]
fn every_error_of_a_puzzle_is_listed_up_to_a_hundred() {
    let mut d = doc(
        9,
        json!({
            "killercage": [{"cells": ["R1C1", "R0C1"]}],
            "xv": [{"cells": ["R1C1", "R1C2"], "value": "W"}],
            "nabner": [{"lines": [["Q1"]]}],
        }),
    );
    d["grid"][0][0] = json!({"value": 11, "given": true});
    let e = errors(&d.to_string());
    let places: Vec<&str> = e.iter().map(|e| e.at.as_str()).collect();
    assert_eq!(
        places,
        [
            "grid[0][0].value",
            "killercage[0].cells[1]",
            "xv[0].value",
            "nabner[0].lines[0][0]"
        ]
    );
    // 150 bad cages: the first hundred, in order.
    let cages: Vec<Value> = (0..150)
        .map(|i| json!({"cells": [format!("R{}C1", 20 + i)]}))
        .collect();
    let e = errors(&doc(9, json!({ "killercage": cages })).to_string());
    assert_eq!(e.len(), 100);
    for (i, e) in e.iter().enumerate() {
        assert_eq!(
            (e.kind, e.at.clone()),
            (ErrorKind::OutsideGrid, format!("killercage[{i}].cells[0]"))
        );
        assert!(e.message.contains(&format!("R{}C1", 20 + i)), "{e}");
    }
}
