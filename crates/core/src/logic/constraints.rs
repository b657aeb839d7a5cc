//! The constraints' own reasoning as steps: each constraint's exact propagators (those of the
//! variant engine, `solve/variant/`) run alone on the board's candidates, and what they
//! remove is one step that names the constraint and says its rule in a sentence
//! (`killer cage 15 r1c1,r1c2: its different digits total 15`). The rules derived from
//! several constraints (innies and outies, the law of leftovers) are steps of their own.

use super::board::{Board, bits};
use super::extras::Extras;
use super::extras::cell_text;
use super::step::{Step, Technique};
use crate::solve::variant::{Scratch, Unit};
use crate::variant::{Constraint, Negative};

/// The first constraint (in the puzzle's order) that removes candidates, or the first
/// derived rule when `derived`.
pub(super) fn find(board: &Board, t: Technique) -> Option<Step> {
    let geo = &*board.geo;
    let x = geo.extras.as_ref()?;
    let n = geo.n;
    let now = board.masks(&board.cands);
    if t == Technique::ConstraintLogic
        && let Some(step) = narrowings(board)
    {
        return Some(step);
    }
    let mut scratch = Scratch::default();
    for (u, unit) in x.facts.units().enumerate() {
        let wanted = match unit {
            Unit::Constraint(_) => Technique::ConstraintLogic,
            Unit::Innies => Technique::InniesOuties,
            Unit::Leftovers => Technique::LawOfLeftovers,
        };
        if wanted != t || board.interrupted() {
            continue;
        }
        let mut work = now.clone();
        if let Unit::Constraint(k) = unit {
            for (_, c, keep) in x.facts.narrowings().filter(|&(o, _, _)| o == k) {
                work[c] &= keep;
            }
        }
        if !x.facts.narrow(u, &mut work, &mut scratch) {
            // The rule cannot be met: the board is broken, which `is_broken` may not see.
            continue;
        }
        let removed: Vec<(usize, u64)> = (0..n * n)
            .filter(|&c| board.values[c] == 0 && board.cands[c] & !work[c] != 0)
            .map(|c| (c, board.cands[c] & !work[c]))
            .collect();
        if removed.is_empty() {
            continue;
        }
        let mut step = Step::new(t, difficulty(t));
        for &(c, m) in &removed {
            for d in bits(m) {
                step.eliminate(geo, c, d);
            }
        }
        for &c in x.facts.unit_cells(u) {
            step.cell(geo, c);
        }
        let (name, rule, index) = unit_text(x, u, n);
        step.reason = format!("{name}: {rule}");
        step.constraint(name, index);
        return Some(step);
    }
    None
}

/// Unit `u`'s name with its cells, its rule in a sentence, and its constraint's index in the
/// puzzle (none for a derived rule).
pub(super) fn unit_text(x: &Extras, u: usize, n: usize) -> (String, String, Option<usize>) {
    let cells = x.facts.unit_cells(u);
    match x.facts.units().nth(u) {
        Some(Unit::Constraint(k)) => {
            let (name, rule) = describe(&x.puzzle.constraints()[k], n);
            (name, rule, Some(k))
        }
        Some(Unit::Leftovers) => (
            "law of leftovers".to_string(),
            format!(
                "of {}, the cells left out of a set of houses hold the same digits as \
                 those that stick out",
                cell_text(cells.iter().copied(), n)
            ),
            None,
        ),
        _ => (
            format!("innies and outies {}", cell_text(cells.iter().copied(), n)),
            "the houses' totals less the cages' fix what these cells add up to".to_string(),
            None,
        ),
    }
}

/// The first constraint without propagators of its own (an even or odd cell) whose first
/// narrowing of the candidates removes some: the rule is only that narrowing, so no unit runs
/// it.
fn narrowings(board: &Board) -> Option<Step> {
    let geo = &*board.geo;
    let x = geo.extras.as_ref()?;
    let n = geo.n;
    let with_unit: Vec<usize> = x
        .facts
        .units()
        .filter_map(|u| match u {
            Unit::Constraint(k) => Some(k),
            _ => None,
        })
        .collect();
    let constraints = x.puzzle.constraints();
    let k = (0..constraints.len()).find(|k| {
        !with_unit.contains(k)
            && x.facts
                .narrowings()
                .any(|(o, c, keep)| o == *k && board.values[c] == 0 && board.cands[c] & !keep != 0)
    })?;
    let t = Technique::ConstraintLogic;
    let mut step = Step::new(t, difficulty(t));
    for (_, c, keep) in x.facts.narrowings().filter(|&(o, _, _)| o == k) {
        if board.values[c] == 0 {
            for d in bits(board.cands[c] & !keep) {
                step.eliminate(geo, c, d);
            }
            step.cell(geo, c);
        }
    }
    let (name, rule) = describe(&constraints[k], n);
    step.reason = format!("{name}: {rule}");
    step.constraint(name, Some(k));
    Some(step)
}

/// The difficulty of a constraint step (see `docs/variants.md`).
pub(super) fn difficulty(t: Technique) -> f64 {
    match t {
        Technique::InniesOuties => 3.0,
        Technique::LawOfLeftovers => 3.4,
        _ => 2.0,
    }
}

/// The constraint's name with its cells (`white dot r1c1,r1c2`).
pub(super) fn name(c: &Constraint, n: usize) -> String {
    describe(c, n).0
}

/// The constraint's name with its cells, and its rule in a sentence.
fn describe(c: &Constraint, n: usize) -> (String, String) {
    let cells = cell_text(c.cells().iter().map(|c| c.row() * n + c.col()), n);
    let named = |what: &str| format!("{what} {cells}");
    let (name, rule) = match c {
        Constraint::Killer { sum: Some(s), .. } => (
            named(&format!("killer cage {s}")),
            format!("its different digits total {s}"),
        ),
        Constraint::Killer { sum: None, .. } => (named("cage"), "its digits differ".into()),
        Constraint::NumberedRoom { digit, .. } => (
            format!("numbered room {digit}"),
            format!("the first digit p from the clue puts {digit} in the p-th cell"),
        ),
        Constraint::Equality { .. } => (
            named("equality cage"),
            "its digits differ, as many even as odd and as many low as high".into(),
        ),
        Constraint::Rellik { sum, .. } => (
            named(&format!("rellik cage {sum}")),
            format!("its digits differ and no set of them totals {sum}"),
        ),
        Constraint::LittleKiller { sum, .. } => (
            named(&format!("little killer {sum}")),
            format!("the digits on the diagonal total {sum}"),
        ),
        Constraint::Sandwich { sum, .. } => (
            format!("sandwich {sum}"),
            format!("the digits between the 1 and the {n} of its line total {sum}"),
        ),
        Constraint::XSum { sum, .. } => (
            format!("X-sum {sum}"),
            format!("the first X digits from the clue total {sum}, X being the first"),
        ),
        Constraint::Skyscraper { count, .. } => (
            format!("skyscraper {count}"),
            format!("{count} digits are seen from the clue, smaller ones hidden behind larger"),
        ),
        Constraint::Arrow { .. } => (
            named("arrow"),
            "the digits on the shaft total the number in the circle".into(),
        ),
        Constraint::DoubleArrow { .. } => (
            named("double arrow"),
            "the digits between the ends total the two ends".into(),
        ),
        Constraint::Xv { sum, .. } => (
            named(if *sum == 10 { "X" } else { "V" }),
            format!("the two digits total {sum}"),
        ),
        Constraint::RegionSum { .. } => (
            named("region sum line"),
            "its segments in each region have the same total".into(),
        ),
        Constraint::Thermometer { .. } => (
            named("thermometer"),
            "its digits increase from the bulb".into(),
        ),
        Constraint::SlowThermometer { .. } => (
            named("slow thermometer"),
            "its digits never decrease from the bulb".into(),
        ),
        Constraint::Whispers { difference, .. } => (
            named("whispers line"),
            format!("neighbours on it differ by at least {difference}"),
        ),
        Constraint::Renban { .. } => (
            named("renban line"),
            "its digits are a run of consecutive digits".into(),
        ),
        Constraint::Palindrome { .. } => (
            named("palindrome"),
            "it reads the same from both ends".into(),
        ),
        Constraint::Between { .. } => (
            named("between line"),
            "its digits lie strictly between those of its ends".into(),
        ),
        Constraint::Lockout { difference, .. } => (
            named("lockout line"),
            format!("its ends differ by at least {difference} and its digits lie outside them"),
        ),
        Constraint::Entropic { .. } => (
            named("entropic line"),
            "every three cells in a row hold a low, a middle and a high digit".into(),
        ),
        Constraint::Modular { .. } => (
            named("modular line"),
            "every three cells in a row hold digits of different remainders by 3".into(),
        ),
        Constraint::Nabner { .. } => (
            named("nabner line"),
            "no two of its digits are equal or consecutive".into(),
        ),
        Constraint::Zipper { .. } => (
            named("zipper line"),
            "digits as far from its middle total the same".into(),
        ),
        Constraint::Difference { difference, .. } => (
            named(if *difference == 1 {
                "white dot"
            } else {
                "difference dot"
            }),
            format!("the two digits differ by {difference}"),
        ),
        Constraint::Ratio { ratio, .. } => (
            named(if *ratio == 2 {
                "black dot"
            } else {
                "ratio dot"
            }),
            format!("one digit is {ratio} times the other"),
        ),
        Constraint::Negative(Negative::Difference) => (
            "no white dot".into(),
            "neighbours without a white dot are not consecutive".into(),
        ),
        Constraint::Negative(Negative::Ratio) => (
            "no black dot".into(),
            "neighbours without a black dot are not in ratio 2".into(),
        ),
        Constraint::Negative(Negative::Xv) => (
            "no X or V".into(),
            "neighbours without an X or V total neither 5 nor 10".into(),
        ),
        Constraint::NonConsecutive => (
            "non-consecutive".into(),
            "orthogonal neighbours are not consecutive".into(),
        ),
        Constraint::Even { .. } => (named("even cell"), "it holds an even digit".into()),
        Constraint::Odd { .. } => (named("odd cell"), "it holds an odd digit".into()),
        Constraint::Minimum { .. } => (
            named("minimum cell"),
            "its digit is smaller than its neighbours'".into(),
        ),
        Constraint::Maximum { .. } => (
            named("maximum cell"),
            "its digit is larger than its neighbours'".into(),
        ),
        Constraint::Quadruple { digits, .. } => {
            let d: Vec<String> = digits.iter().map(u16::to_string).collect();
            (
                named(&format!("quadruple {}", d.join(","))),
                "these digits appear among its cells".into(),
            )
        }
        Constraint::Clone { .. } => (named("clone"), "the copies hold the same digits".into()),
        Constraint::RowIndexer { .. } => (
            named("row indexer"),
            "the digit d in row r puts digit r in row d of its column".into(),
        ),
        Constraint::ColumnIndexer { .. } => (
            named("column indexer"),
            "the digit d in column c puts digit c in column d of its row".into(),
        ),
        Constraint::BoxIndexer { .. } => (
            named("box indexer"),
            "the digit d at place p of its region puts digit p at place d".into(),
        ),
        other => (
            other.name().to_string(),
            "its cells hold different digits".into(),
        ),
    };
    (name, rule)
}
