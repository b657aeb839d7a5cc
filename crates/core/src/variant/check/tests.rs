//! Each rule on a grid that keeps it and on grids that break it, with the message said.

use super::super::{Clue, Constraint, Diagonal, Direction, Negative, Puzzle, Side};
use crate::Cell;

/// A grid from its digits row by row (`.` empty, spaces ignored).
fn grid(text: &str) -> Vec<u16> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u16))
        .collect()
}

/// A 4×4 solution.
const S: &str = "1234 3412 2143 4321";
/// A 4×4 solution with both diagonals different.
const D: &str = "1234 3412 4321 2143";

/// A 9×9 solution, anti-knight, anti-king and disjoint, its digits relabelled by `sigma`.
fn p9(sigma: [u16; 9]) -> Vec<u16> {
    (0..81)
        .map(|i| sigma[(3 * (i / 9 % 3) + i / 27 + i % 9) % 9])
        .collect()
}
const IDENTITY: [u16; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/// A partial grid of side `n` with the given cells filled.
fn partial(n: usize, filled: &[(&str, u16)]) -> Vec<u16> {
    let mut values = vec![0; n * n];
    for &(c, v) in filled {
        let c = cell(c);
        values[c.row() * n + c.col()] = v;
    }
    values
}

/// `r3c2` as a cell.
fn cell(text: &str) -> Cell {
    let (r, c) = text[1..].split_once('c').expect("rNcM");
    Cell::new(
        r.parse::<usize>().expect("row") - 1,
        c.parse::<usize>().expect("col") - 1,
    )
}

fn cells(text: &str) -> Vec<Cell> {
    text.split_whitespace().map(cell).collect()
}

fn pair(text: &str) -> [Cell; 2] {
    let c = cells(text);
    [c[0], c[1]]
}

fn puzzle(n: usize, constraints: Vec<Constraint>) -> Puzzle {
    let mut puzzle = Puzzle::new(n).expect("a size");
    for c in constraints {
        puzzle.push(c).expect("a valid constraint");
    }
    puzzle
}

fn messages(puzzle: &Puzzle, values: &[u16]) -> Vec<String> {
    puzzle
        .broken(values)
        .into_iter()
        .map(|b| b.message)
        .collect()
}

#[track_caller]
fn passes(puzzle: &Puzzle, values: &[u16]) {
    assert_eq!(messages(puzzle, values), Vec::<String>::new());
}

#[track_caller]
fn breaks(puzzle: &Puzzle, values: &[u16], expected: &[&str]) {
    assert_eq!(messages(puzzle, values), expected);
}

#[test]
fn houses_givens_and_candidates() {
    let mut p = puzzle(4, vec![]);
    assert!(p.is_solution(&grid(S)));
    passes(&p, &grid("1... .... .... ...."));
    assert!(!p.is_solution(&grid("1234 3412 2143 432.")));
    assert!(!p.is_solution(&grid("1234")));
    breaks(
        &p,
        &grid("2234 3412 2143 4321"),
        &[
            "duplicate 2 in row 1: r1c1 and r1c2",
            "duplicate 2 in column 1: r1c1 and r3c1",
            "duplicate 2 in region 1: r1c1 and r1c2",
        ],
    );
    breaks(&p, &[1; 3], &["3 values for the 16 cells of a 4×4 grid"]);
    let mut big = grid(S);
    big[5] = 7;
    breaks(&p, &big, &["digit 7 at r2c2 is above 4"]);
    assert!(!p.is_solution(&big));
    p.set_given(cell("r1c1"), 1, "").expect("a given");
    p.set_candidates(cell("r4c4"), 0b0011, "")
        .expect("candidates");
    passes(&p, &grid(S));
    breaks(
        &p,
        &grid("2134 3412 1243 4321"),
        &["given 1 at r1c1 changed to 2"],
    );
    breaks(
        &p,
        &grid(D),
        &["3 at r4c4 is not among its candidates 1, 2"],
    );
    let broken = p.broken(&grid(D));
    assert_eq!(
        (broken[0].constraint, &broken[0].cells[..]),
        (None, &[cell("r4c4")][..])
    );
}

#[test]
fn a_broken_rule_names_its_constraint_and_cells() {
    let line = cells("r1c1 r1c2 r1c3 r1c4");
    let p = puzzle(
        4,
        vec![Constraint::AntiKnight, Constraint::Thermometer { line }],
    );
    let broken = p.broken(&grid("1243 3412 2134 4321"));
    let thermo: Vec<_> = broken.iter().filter(|b| b.constraint == Some(1)).collect();
    assert_eq!(thermo.len(), 1);
    assert_eq!(thermo[0].cells, cells("r1c3 r1c4"));
    assert_eq!(
        thermo[0].message,
        "thermometer r1c1-r1c4 does not increase at r1c4"
    );
}

#[test]
fn diagonals() {
    let both = vec![
        Constraint::Diagonal(Diagonal::Positive),
        Constraint::Diagonal(Diagonal::Negative),
    ];
    passes(&puzzle(4, both.clone()), &grid(D));
    breaks(
        &puzzle(4, both),
        &grid(S),
        &[
            "duplicate 1 in the positive diagonal: r3c2 and r2c3",
            "duplicate 4 in the positive diagonal: r4c1 and r1c4",
            "duplicate 1 in the negative diagonal: r1c1 and r4c4",
            "duplicate 4 in the negative diagonal: r2c2 and r3c3",
        ],
    );
}

#[test]
fn anti_knight_anti_king_chess_taxicab_disjoint() {
    let p = puzzle(
        9,
        vec![
            Constraint::AntiKnight,
            Constraint::AntiKing,
            Constraint::DisjointGroups,
        ],
    );
    passes(&p, &p9(IDENTITY));
    breaks(
        &puzzle(4, vec![Constraint::AntiKnight]),
        &partial(4, &[("r1c1", 1), ("r2c3", 1)]),
        &["r1c1 and r2c3 both hold 1 a knight's move apart"],
    );
    breaks(
        &puzzle(4, vec![Constraint::AntiKing]),
        &grid(S),
        &[
            "r2c2 and r3c3 both hold 4 a king's move apart",
            "r2c3 and r3c2 both hold 1 a king's move apart",
        ],
    );
    breaks(
        &puzzle(4, vec![Constraint::AntiKing]),
        &partial(4, &[("r2c3", 1), ("r3c2", 1), ("r1c1", 1)]),
        &["r2c3 and r3c2 both hold 1 a king's move apart"],
    );
    let chess = Constraint::Chess {
        offsets: vec![(1, 3)],
    };
    breaks(
        &puzzle(4, vec![chess]),
        &partial(4, &[("r1c1", 1), ("r2c4", 1), ("r4c2", 1)]),
        &[
            "r1c1 and r2c4 both hold 1 a (1, 3) move apart",
            "r1c1 and r4c2 both hold 1 a (1, 3) move apart",
        ],
    );
    let taxicab = Constraint::Taxicab { distance: 3 };
    breaks(
        &puzzle(4, vec![taxicab]),
        &partial(4, &[("r1c1", 1), ("r3c2", 1), ("r2c3", 2), ("r4c4", 2)]),
        &[
            "r1c1 and r3c2 both hold 1 at taxicab distance 3",
            "r2c3 and r4c4 both hold 2 at taxicab distance 3",
        ],
    );
    breaks(
        &p,
        &partial(9, &[("r1c1", 5), ("r4c4", 5)]),
        &["duplicate 5 in disjoint group 1: r1c1 and r4c4"],
    );
}

#[test]
fn extra_regions() {
    passes(
        &puzzle(
            4,
            vec![Constraint::ExtraRegion {
                cells: cells("r1c1 r2c2 r3c3"),
            }],
        ),
        &grid(D),
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::ExtraRegion {
                cells: cells("r1c1 r2c3"),
            }],
        ),
        &grid(S),
        &["duplicate 1 in extra region r1c1-r2c3: r1c1 and r2c3"],
    );
}

#[test]
fn nonconsecutive_and_negative_dots() {
    let nc = p9([1, 5, 9, 4, 8, 3, 7, 2, 6]);
    passes(&puzzle(9, vec![Constraint::NonConsecutive]), &nc);
    passes(
        &puzzle(9, vec![Constraint::Negative(Negative::Difference)]),
        &nc,
    );
    passes(
        &puzzle(9, vec![Constraint::Negative(Negative::Ratio)]),
        &p9([1, 3, 2, 5, 4, 7, 8, 9, 6]),
    );
    passes(
        &puzzle(9, vec![Constraint::Negative(Negative::Xv)]),
        &p9([1, 2, 4, 3, 6, 7, 5, 9, 8]),
    );
    let values = partial(4, &[("r1c1", 1), ("r1c2", 2), ("r2c1", 3), ("r2c2", 4)]);
    // 1-2 and 3-4 are consecutive; 1-3 and 2-4 not; 2-4 and 1-2 in ratio 2; 1-4, 2-3 sum to 5.
    breaks(
        &puzzle(4, vec![Constraint::NonConsecutive]),
        &values,
        &[
            "r1c1 and r1c2 hold 1 and 2: consecutive without a dot",
            "r2c1 and r2c2 hold 3 and 4: consecutive without a dot",
        ],
    );
    let white = Constraint::Difference {
        cells: pair("r1c1 r1c2"),
        difference: 1,
    };
    let black = Constraint::Ratio {
        cells: pair("r2c2 r2c1"),
        ratio: 2,
    };
    let v = Constraint::Xv {
        cells: pair("r2c1 r2c2"),
        sum: 7,
    };
    // A dot of either colour exempts its pair; an X or V does not.
    breaks(
        &puzzle(
            4,
            vec![Constraint::NonConsecutive, white.clone(), v.clone()],
        ),
        &values,
        &["r2c1 and r2c2 hold 3 and 4: consecutive without a dot"],
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::NonConsecutive, white.clone(), black.clone()],
        ),
        &values,
        &["black dot r2c2-r2c1: 4 and 3 are not in ratio 2"],
    );
    breaks(
        &puzzle(4, vec![Constraint::Negative(Negative::Ratio)]),
        &values,
        &[
            "r1c1 and r1c2 hold 1 and 2: a ratio of 2 without a black dot",
            "r1c2 and r2c2 hold 2 and 4: a ratio of 2 without a black dot",
        ],
    );
    // Only a ratio of 3 on the grid: that is the ratio ruled out.
    let three = Constraint::Ratio {
        cells: pair("r4c1 r4c2"),
        ratio: 3,
    };
    breaks(
        &puzzle(4, vec![Constraint::Negative(Negative::Ratio), three]),
        &values,
        &["r1c1 and r2c1 hold 1 and 3: a ratio of 3 without a black dot"],
    );
    // With a white dot of 2 somewhere, differences of 2 are ruled out, not of 1.
    let two = Constraint::Difference {
        cells: pair("r4c1 r4c2"),
        difference: 2,
    };
    breaks(
        &puzzle(4, vec![Constraint::Negative(Negative::Difference), two]),
        &values,
        &[
            "r1c1 and r2c1 hold 1 and 3: a difference of 2 without a white dot",
            "r1c2 and r2c2 hold 2 and 4: a difference of 2 without a white dot",
        ],
    );
    passes(
        &puzzle(4, vec![Constraint::Negative(Negative::Xv)]),
        &values,
    );
    let x_values = partial(4, &[("r1c1", 2), ("r1c2", 3), ("r2c1", 1)]);
    breaks(
        &puzzle(4, vec![Constraint::Negative(Negative::Xv), white]),
        &x_values,
        &["r1c1 and r1c2 hold 2 and 3: a sum of 5 without an X or V"],
    );
    let v5 = Constraint::Xv {
        cells: pair("r1c2 r1c1"),
        sum: 5,
    };
    passes(
        &puzzle(4, vec![Constraint::Negative(Negative::Xv), v5]),
        &x_values,
    );
}

#[test]
fn even_odd_minimum_maximum() {
    let even = |c| Constraint::Even { cell: cell(c) };
    let odd = |c| Constraint::Odd { cell: cell(c) };
    passes(&puzzle(4, vec![even("r1c2"), odd("r1c1")]), &grid(S));
    breaks(
        &puzzle(4, vec![even("r1c1"), odd("r1c2")]),
        &grid(S),
        &["even cell r1c1 holds 1", "odd cell r1c2 holds 2"],
    );
    let min = |c| Constraint::Minimum { cell: cell(c) };
    let max = |c| Constraint::Maximum { cell: cell(c) };
    passes(&puzzle(4, vec![min("r1c1"), max("r2c2")]), &grid(S));
    // Two minimum cells side by side are not compared.
    passes(&puzzle(4, vec![min("r1c1"), min("r1c2")]), &grid(S));
    breaks(
        &puzzle(4, vec![min("r1c2")]),
        &grid(S),
        &["minimum r1c2 holds 2, not less than 1 at r1c1"],
    );
    breaks(
        &puzzle(4, vec![max("r2c3")]),
        &partial(4, &[("r2c3", 3), ("r1c3", 2), ("r2c4", 4)]),
        &["maximum r2c3 holds 3, not more than 4 at r2c4"],
    );
}

#[test]
fn quadruples_and_clones() {
    let quad = |digits: Vec<u16>| Constraint::Quadruple {
        cells: cells("r1c1 r1c2 r2c1 r2c2"),
        digits,
    };
    passes(&puzzle(4, vec![quad(vec![1, 4])]), &grid(S));
    passes(
        &puzzle(
            9,
            vec![Constraint::Quadruple {
                cells: cells("r3c3 r3c4 r4c3 r4c4"),
                digits: vec![3, 3],
            }],
        ),
        &partial(9, &[("r3c3", 3), ("r4c4", 3)]),
    );
    breaks(
        &puzzle(4, vec![quad(vec![1, 1])]),
        &grid(S),
        &["quadruple r1c1-r2c2 lacks 1 with no empty cell left"],
    );
    breaks(
        &puzzle(
            9,
            vec![Constraint::Quadruple {
                cells: cells("r3c3 r3c4 r4c3 r4c4"),
                digits: vec![1, 2, 4],
            }],
        ),
        &partial(9, &[("r3c3", 1), ("r3c4", 3), ("r4c3", 3)]),
        &["quadruple r3c3-r4c4 lacks 2 and 4 with 1 empty cell left"],
    );
    let clone = Constraint::Clone {
        cells: cells("r1c1 r1c2"),
        copies: cells("r4c4 r3c3"),
    };
    breaks(
        &puzzle(4, vec![clone]),
        &grid(S),
        &["clone r1c2 holds 2, its copy r3c3 holds 4"],
    );
}

#[test]
fn indexers() {
    let rows = |c: &str| Constraint::RowIndexer { cells: cells(c) };
    let columns = |c: &str| Constraint::ColumnIndexer { cells: cells(c) };
    let boxes = |c: &str| Constraint::BoxIndexer { cells: cells(c) };
    passes(
        &puzzle(
            4,
            vec![rows("r1c1 r2c1 r3c1 r4c1"), columns("r2c1 r2c2 r2c3 r2c4")],
        ),
        &grid(S),
    );
    passes(
        &puzzle(
            4,
            vec![boxes("r1c1 r1c2 r1c3 r1c4 r2c1 r2c2 r2c3 r2c4 r3c1 r4c4")],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(4, vec![rows("r1c2")]),
        &grid(S),
        &["row indexer r1c2 holds 2: r2c2 should hold 1, not 4"],
    );
    // Row 2 holds 4 5 6 7 8 9 1 2 3: r2c1 holds 4, so r2c4 should hold 1.
    breaks(
        &puzzle(9, vec![columns("r2c1")]),
        &p9(IDENTITY),
        &["column indexer r2c1 holds 4: r2c4 should hold 1, not 7"],
    );
    breaks(
        &puzzle(9, vec![boxes("r1c4")]),
        &p9(IDENTITY),
        &["box indexer r1c4 holds 4: r2c4 should hold 1, not 7"],
    );
    // An empty target may still be filled as wanted.
    passes(&puzzle(9, vec![boxes("r1c4")]), &partial(9, &[("r1c4", 4)]));
}

#[test]
fn killer_cages() {
    let cage = |c: &str, sum| Constraint::Killer {
        cells: cells(c),
        sum,
    };
    passes(
        &puzzle(
            4,
            vec![cage("r1c1 r1c2 r1c3", Some(6)), cage("r1c4 r2c4", None)],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(4, vec![cage("r1c1 r1c2 r1c3", Some(7))]),
        &grid(S),
        &["killer cage r1c1-r1c3 sums to 6, not 7"],
    );
    breaks(
        &puzzle(4, vec![cage("r1c1 r2c3", None)]),
        &grid(S),
        &["duplicate 1 in killer cage r1c1-r2c3: r1c1 and r2c3"],
    );
    // 3 + 4 and a third different digit: at least 8.
    breaks(
        &puzzle(4, vec![cage("r1c1 r1c2 r2c1", Some(7))]),
        &partial(4, &[("r1c1", 3), ("r1c2", 4)]),
        &["killer cage r1c1-r2c1 sums to at least 8, over 7"],
    );
    breaks(
        &puzzle(4, vec![cage("r1c1 r1c2 r2c1", Some(9))]),
        &partial(4, &[("r1c1", 1), ("r1c2", 2)]),
        &["killer cage r1c1-r2c1 sums to at most 7, under 9"],
    );
    passes(
        &puzzle(4, vec![cage("r1c1 r1c2 r2c1", Some(7))]),
        &partial(4, &[("r1c1", 1), ("r1c2", 2)]),
    );
}

#[test]
fn rellik_cages() {
    let cage = |c: &str, sum| Constraint::Rellik {
        cells: cells(c),
        sum,
    };
    // 1, 2 and 3 make every total from 1 to 6.
    passes(&puzzle(4, vec![cage("r1c1 r1c2 r2c1", 7)]), &grid(S));
    let p = puzzle(4, vec![cage("r1c1 r1c2 r2c1", 4)]);
    breaks(
        &p,
        &grid(S),
        &["rellik cage r1c1-r2c1: 1 at r1c1 and 3 at r2c1 add up to 4"],
    );
    assert_eq!(p.broken(&grid(S))[0].cells, cells("r1c1 r2c1"));
    breaks(
        &puzzle(4, vec![cage("r1c2 r2c2", 2)]),
        &grid(S),
        &["rellik cage r1c2-r2c2: 2 at r1c2 is 2"],
    );
    breaks(
        &puzzle(4, vec![cage("r1c1 r2c3", 9)]),
        &grid(S),
        &["duplicate 1 in rellik cage r1c1-r2c3: r1c1 and r2c3"],
    );
    // On a partial grid, the filled digits alone.
    passes(&p, &partial(4, &[("r1c2", 2), ("r2c1", 3)]));
    breaks(
        &p,
        &partial(4, &[("r1c1", 1), ("r2c1", 3)]),
        &["rellik cage r1c1-r2c1: 1 at r1c1 and 3 at r2c1 add up to 4"],
    );
}

#[test]
fn equality_cages() {
    let cage = |c: &str| Constraint::Equality { cells: cells(c) };
    // 1 and 4, 2 and 3: one even and one odd, one low and one high.
    passes(
        &puzzle(4, vec![cage("r1c1 r1c4"), cage("r1c2 r1c3")]),
        &grid(S),
    );
    let p = puzzle(4, vec![cage("r1c1 r1c2")]);
    breaks(
        &p,
        &grid(S),
        &["equality cage r1c1-r1c2: 2 low digits in 2 cells (r1c1 and r1c2)"],
    );
    assert_eq!(p.broken(&grid(S))[0].cells, cells("r1c1 r1c2"));
    breaks(
        &puzzle(4, vec![cage("r1c2 r1c4")]),
        &grid(S),
        &["equality cage r1c2-r1c4: 2 even digits in 2 cells (r1c2 and r1c4)"],
    );
    // One of each so far: the empty cells can still even it out.
    passes(
        &puzzle(4, vec![cage("r1c1 r1c2 r2c1 r2c2")]),
        &partial(4, &[("r1c1", 1), ("r1c2", 4)]),
    );
    breaks(
        &puzzle(9, vec![cage("r1c1 r1c2")]),
        &partial(9, &[("r1c1", 5)]),
        &["equality cage r1c1-r1c2: 5 at r1c1 is the middle digit"],
    );
}

#[test]
fn numbered_rooms() {
    let room = |side, index, digit| Constraint::NumberedRoom {
        clue: Clue { side, index },
        digit,
    };
    // Row 1 reads 1234: its first digit, 1, points at itself; from the right, 4 points at 1.
    passes(
        &puzzle(4, vec![room(Side::Left, 0, 1), room(Side::Right, 0, 1)]),
        &grid(S),
    );
    let p = puzzle(4, vec![room(Side::Top, 1, 3)]);
    // Column 2 reads 2, 4, 1, 3: the 2 puts the clue's digit in r2c2, which holds 4.
    breaks(
        &p,
        &grid(S),
        &["numbered room 3 above column 2: 2 at r1c2 puts 3 at r2c2, not 4"],
    );
    assert_eq!(p.broken(&grid(S))[0].cells, cells("r1c2 r2c2"));
    passes(&p, &partial(4, &[("r1c2", 2)]));
}

#[test]
fn little_killers() {
    let lk = |sum| Constraint::LittleKiller {
        clue: (-1, 2),
        direction: Direction::DownLeft,
        cells: cells("r1c2 r2c1"),
        sum,
    };
    passes(&puzzle(4, vec![lk(5)]), &grid(S));
    breaks(
        &puzzle(4, vec![lk(6)]),
        &grid(S),
        &["little killer r1c2-r2c1 sums to 5, not 6"],
    );
    breaks(
        &puzzle(4, vec![lk(3)]),
        &partial(4, &[("r1c2", 3)]),
        &["little killer r1c2-r2c1 sums to at least 4, over 3"],
    );
}

#[test]
fn outside_clues() {
    let left = Clue {
        side: Side::Left,
        index: 0,
    };
    let right = Clue {
        side: Side::Right,
        index: 0,
    };
    let below = Clue {
        side: Side::Bottom,
        index: 1,
    };
    passes(
        &puzzle(
            4,
            vec![
                Constraint::Sandwich { clue: left, sum: 5 },
                Constraint::XSum {
                    clue: right,
                    sum: 10,
                },
                Constraint::XSum { clue: left, sum: 1 },
                Constraint::Skyscraper {
                    clue: left,
                    count: 4,
                },
                Constraint::Skyscraper {
                    clue: right,
                    count: 1,
                },
                // Column 2 from below: 3 1 4 2.
                Constraint::Skyscraper {
                    clue: below,
                    count: 2,
                },
                Constraint::Sandwich {
                    clue: below,
                    sum: 0,
                },
                Constraint::XSum {
                    clue: below,
                    sum: 8,
                },
            ],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(4, vec![Constraint::Sandwich { clue: left, sum: 3 }]),
        &grid(S),
        &["sandwich 3 left of row 1 sums to 5, not 3"],
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::XSum {
                clue: right,
                sum: 9,
            }],
        ),
        &grid(S),
        &["x-sum 9 right of row 1 sums to 10, not 9"],
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::Skyscraper {
                clue: below,
                count: 3,
            }],
        ),
        &grid(S),
        &["skyscraper 3 below column 2: 2 are seen"],
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::Skyscraper {
                clue: left,
                count: 2,
            }],
        ),
        &grid("123. .... .... ...."),
        &["skyscraper 2 left of row 1: 3 are seen already"],
    );
    // 1 and 4 are known; the empty cell between them holds 2 or 3.
    breaks(
        &puzzle(4, vec![Constraint::Sandwich { clue: left, sum: 1 }]),
        &grid("1.4. .... .... ...."),
        &["sandwich 1 left of row 1 sums to at least 2, over 1"],
    );
    passes(
        &puzzle(4, vec![Constraint::Sandwich { clue: left, sum: 3 }]),
        &grid("1.4. .... .... ...."),
    );
    // The first digit 3 counts three cells: 3 + 4 + an empty one.
    breaks(
        &puzzle(4, vec![Constraint::XSum { clue: left, sum: 7 }]),
        &grid("34.. .... .... ...."),
        &["x-sum 7 left of row 1 sums to at least 8, over 7"],
    );
}

#[test]
fn arrows() {
    let arrow = |bulb: &str, shaft: &str| Constraint::Arrow {
        bulb: cells(bulb),
        shaft: cells(shaft),
    };
    passes(&puzzle(4, vec![arrow("r1c4", "r1c3 r2c3")]), &grid(S));
    breaks(
        &puzzle(4, vec![arrow("r1c3", "r1c4 r2c4")]),
        &grid(S),
        &["arrow r1c3-r2c4: shaft = 6, bulb = 3"],
    );
    // A pill reads as a number: 12 = 3 + 9.
    passes(
        &puzzle(9, vec![arrow("r1c1 r1c2", "r1c3 r1c9")]),
        &p9(IDENTITY),
    );
    breaks(
        &puzzle(9, vec![arrow("r1c2 r1c1", "r1c3 r1c9")]),
        &p9(IDENTITY),
        &["arrow r1c2-r1c9: shaft = 12, bulb = 21"],
    );
    breaks(
        &puzzle(9, vec![arrow("r1c1 r1c2", "r1c3")]),
        &partial(9, &[("r1c1", 2)]),
        &["arrow r1c1-r1c3: shaft ≤ 9, bulb ≥ 21"],
    );
    let double = |line: &str| Constraint::DoubleArrow { line: cells(line) };
    passes(&puzzle(4, vec![double("r1c1 r1c2 r1c3 r1c4")]), &grid(S));
    breaks(
        &puzzle(4, vec![double("r1c1 r1c2 r2c2")]),
        &grid(S),
        &["double arrow r1c1-r2c2: ends = 5, middle = 2"],
    );
}

#[test]
fn xv_and_dots() {
    passes(
        &puzzle(
            4,
            vec![Constraint::Xv {
                cells: pair("r1c2 r1c3"),
                sum: 5,
            }],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::Xv {
                cells: pair("r1c1 r1c2"),
                sum: 5,
            }],
        ),
        &grid(S),
        &["V r1c1-r1c2: 1 + 2 is not 5"],
    );
    breaks(
        &puzzle(
            9,
            vec![Constraint::Xv {
                cells: pair("r1c1 r1c2"),
                sum: 10,
            }],
        ),
        &p9(IDENTITY),
        &["X r1c1-r1c2: 1 + 2 is not 10"],
    );
    passes(
        &puzzle(
            4,
            vec![Constraint::Difference {
                cells: pair("r1c1 r1c2"),
                difference: 1,
            }],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::Difference {
                cells: pair("r1c1 r1c2"),
                difference: 2,
            }],
        ),
        &grid(S),
        &["white dot r1c1-r1c2: 1 and 2 do not differ by 2"],
    );
    passes(
        &puzzle(
            4,
            vec![Constraint::Ratio {
                cells: pair("r1c2 r1c1"),
                ratio: 2,
            }],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(
            4,
            vec![Constraint::Ratio {
                cells: pair("r1c2 r1c3"),
                ratio: 2,
            }],
        ),
        &grid(S),
        &["black dot r1c2-r1c3: 2 and 3 are not in ratio 2"],
    );
}

mod lines;
