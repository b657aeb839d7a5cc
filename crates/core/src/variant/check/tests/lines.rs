//! The line rules (check/lines.rs): region sum lines, thermometers, whispers, renban, nabner,
//! palindromes, between and lockout lines, entropic, modular and zipper lines.

use super::{IDENTITY, S, breaks, cells, grid, p9, partial, passes, puzzle};
use crate::variant::Constraint;

#[test]
fn region_sum_lines() {
    let line = |c: &str| Constraint::RegionSum { line: cells(c) };
    // Region 1: 4; region 2: 1 + 3.
    passes(&puzzle(4, vec![line("r2c2 r2c3 r1c3")]), &grid(S));
    breaks(
        &puzzle(4, vec![line("r1c2 r1c3 r2c3")]),
        &grid(S),
        &["region sum line r1c2-r2c3: segment r1c3-r2c3 = 4, segment r1c2 = 2"],
    );
    // Back into region 1: a third segment.
    breaks(
        &puzzle(4, vec![line("r2c2 r2c3 r1c3 r1c2")]),
        &grid(S),
        &["region sum line r2c2-r1c2: segment r2c2 = 4, segment r1c2 = 2"],
    );
    breaks(
        &puzzle(4, vec![line("r1c2 r1c3 r2c3")]),
        &partial(4, &[("r1c2", 1), ("r1c3", 3)]),
        &["region sum line r1c2-r2c3: segment r1c3-r2c3 ≥ 4, segment r1c2 = 1"],
    );
}

#[test]
fn thermometers() {
    let thermo = |c: &str| Constraint::Thermometer { line: cells(c) };
    passes(&puzzle(4, vec![thermo("r1c1 r1c2 r1c3 r1c4")]), &grid(S));
    breaks(
        &puzzle(4, vec![thermo("r2c1 r2c2 r2c3 r2c4")]),
        &grid(S),
        &["thermometer r2c1-r2c4 does not increase at r2c3"],
    );
    let row = thermo("r1c1 r1c2 r1c3 r1c4");
    breaks(
        &puzzle(4, vec![row.clone()]),
        &grid("2.3. .... .... ...."),
        &["thermometer r1c1-r1c4 cannot increase from 2 at r1c1 to 3 at r1c3 in 2 steps"],
    );
    breaks(
        &puzzle(4, vec![row.clone()]),
        &grid(".1.. .... .... ...."),
        &["thermometer r1c1-r1c4: 1 at r1c2 leaves no room for the 1 cells below it"],
    );
    breaks(
        &puzzle(4, vec![row.clone()]),
        &grid("..4. .... .... ...."),
        &["thermometer r1c1-r1c4: 4 at r1c3 leaves no room for the 1 cells above it"],
    );
    passes(&puzzle(4, vec![row]), &grid(".2.4 .... .... ...."));
    let slow = |c: &str| Constraint::SlowThermometer { line: cells(c) };
    passes(&puzzle(4, vec![slow("r1c1 r2c3 r1c2")]), &grid(S));
    breaks(
        &puzzle(4, vec![slow("r2c1 r2c2 r2c3")]),
        &grid(S),
        &["slow thermometer r2c1-r2c3 decreases from 4 at r2c2 to 1 at r2c3"],
    );
}

#[test]
fn whispers_renban_nabner_palindromes() {
    let whispers = |c: &str, difference| Constraint::Whispers {
        line: cells(c),
        difference,
    };
    passes(&puzzle(4, vec![whispers("r2c2 r3c2 r3c3", 2)]), &grid(S));
    breaks(
        &puzzle(4, vec![whispers("r1c1 r1c2", 2)]),
        &grid(S),
        &["whispers r1c1-r1c2: 1 at r1c1 and 2 at r1c2 differ by less than 2"],
    );
    breaks(
        &puzzle(9, vec![whispers("r1c1 r1c2", 5)]),
        &partial(9, &[("r1c2", 5)]),
        &["whispers r1c1-r1c2: no digit of 1–9 is 5 or more away from 5 at r1c2"],
    );
    let renban = |c: &str| Constraint::Renban { line: cells(c) };
    passes(&puzzle(4, vec![renban("r1c1 r2c2 r1c2 r1c3")]), &grid(S));
    breaks(
        &puzzle(4, vec![renban("r1c1 r2c2")]),
        &grid(S),
        &["renban r1c1-r2c2: 1 and 4 are too far apart for 2 cells"],
    );
    breaks(
        &puzzle(4, vec![renban("r1c1 r2c3")]),
        &grid(S),
        &["duplicate 1 in renban r1c1-r2c3: r1c1 and r2c3"],
    );
    let nabner = |c: &str| Constraint::Nabner { line: cells(c) };
    passes(&puzzle(4, vec![nabner("r1c1 r1c3")]), &grid(S));
    breaks(
        &puzzle(4, vec![nabner("r1c1 r1c2 r2c3")]),
        &grid(S),
        &[
            "nabner r1c1-r2c3: 1 at r1c1 and 2 at r1c2 are consecutive",
            "nabner r1c1-r2c3: 1 at r1c1 and 1 at r2c3 are equal",
            "nabner r1c1-r2c3: 2 at r1c2 and 1 at r2c3 are consecutive",
        ],
    );
    let palindrome = |c: &str| Constraint::Palindrome { line: cells(c) };
    passes(&puzzle(4, vec![palindrome("r1c1 r1c2 r2c3")]), &grid(S));
    breaks(
        &puzzle(4, vec![palindrome("r1c1 r1c2")]),
        &grid(S),
        &["palindrome r1c1-r1c2: r1c1 holds 1 but r1c2 holds 2"],
    );
}

#[test]
fn between_and_lockout_lines() {
    let between = |c: &str| Constraint::Between { line: cells(c) };
    passes(
        &puzzle(
            4,
            vec![between("r1c1 r1c2 r1c3 r1c4"), between("r1c2 r1c1")],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(4, vec![between("r2c1 r2c2 r2c3 r2c4")]),
        &grid(S),
        &["between line r2c1-r2c4: no digit lies between the ends 3 and 2"],
    );
    breaks(
        &puzzle(9, vec![between("r1c1 r1c9 r1c5")]),
        &p9(IDENTITY),
        &["between line r1c1-r1c5: 9 at r1c9 is not between the ends 1 and 5"],
    );
    breaks(
        &puzzle(4, vec![between("r1c2 r2c2 r1c3")]),
        &grid(".23. .... .... ...."),
        &["between line r1c2-r1c3: no digit lies between the ends 2 and 3"],
    );
    breaks(
        &puzzle(4, vec![between("r1c1 r3c2 r1c3")]),
        &grid("1... .... .1.. ...."),
        &["between line r1c1-r1c3: 1 at r3c2 equals the end r1c1"],
    );
    let lockout = |c: &str| Constraint::Lockout {
        line: cells(c),
        difference: 2,
    };
    passes(&puzzle(4, vec![lockout("r2c3 r2c2 r2c1")]), &grid(S));
    breaks(
        &puzzle(4, vec![lockout("r1c1 r1c2 r1c3")]),
        &grid(S),
        &["lockout line r1c1-r1c3: 2 at r1c2 is not outside the ends 1 and 3"],
    );
    breaks(
        &puzzle(4, vec![lockout("r1c1 r1c2")]),
        &grid(S),
        &["lockout line r1c1-r1c2: the ends 1 and 2 differ by less than 2"],
    );
    breaks(
        &puzzle(4, vec![lockout("r1c1 r3c2 r2c3")]),
        &grid("4... .... .4.. ...."),
        &["lockout line r1c1-r2c3: 4 at r3c2 equals the end r1c1"],
    );
}

#[test]
fn entropic_modular_zipper_lines() {
    let entropic = |c: &str| Constraint::Entropic { line: cells(c) };
    passes(&puzzle(4, vec![entropic("r1c1 r1c2 r2c2")]), &grid(S));
    breaks(
        &puzzle(4, vec![entropic("r1c1 r1c2 r1c3")]),
        &grid(S),
        &["entropic line r1c1-r1c3: 2 at r1c2 and 3 at r1c3 are in the same band"],
    );
    // 9×9 row 1 holds 1 to 9: bands low, low, low.
    passes(
        &puzzle(9, vec![entropic("r1c1 r2c1 r3c1 r1c2")]),
        &p9(IDENTITY),
    );
    breaks(
        &puzzle(9, vec![entropic("r1c1 r2c1 r3c1 r2c2")]),
        &p9(IDENTITY),
        &[
            "entropic line r1c1-r2c2: 1 at r1c1 and 5 at r2c2 are not in the same band",
            "entropic line r1c1-r2c2: 4 at r2c1 and 5 at r2c2 are in the same band",
        ],
    );
    let modular = |c: &str| Constraint::Modular { line: cells(c) };
    passes(&puzzle(4, vec![modular("r1c1 r1c2 r1c3 r1c4")]), &grid(S));
    breaks(
        &puzzle(4, vec![modular("r1c1 r1c2 r2c2")]),
        &grid(S),
        &["modular line r1c1-r2c2: 1 at r1c1 and 4 at r2c2 are in the same remainder modulo 3"],
    );
    let zipper = |c: &str| Constraint::Zipper { line: cells(c) };
    passes(
        &puzzle(
            4,
            vec![zipper("r1c1 r1c2 r1c3 r1c4"), zipper("r1c1 r1c3 r1c2")],
        ),
        &grid(S),
    );
    breaks(
        &puzzle(4, vec![zipper("r1c1 r1c2 r1c3")]),
        &grid(S),
        &["zipper r1c1-r1c3: r1c1 + r1c3 = 4, the middle r1c2 = 2"],
    );
    breaks(
        &puzzle(4, vec![zipper("r1c1 r1c2 r1c3 r1c4 r2c4")]),
        &grid("4... ...3 .... ...."),
        &["zipper r1c1-r2c4: r1c1 + r2c4 = 7, the middle r1c3 ≤ 4"],
    );
}
