//! Variant generation (`generate::variant`): for every kind and a few combinations, small
//! generated puzzles are solved by their solution, unique by the engine, and reproducible by
//! seed; with the `sat` feature, unique by the CNF oracle too and minimal: taking out any one
//! given or removable clue, or merging any two neighbouring killer cages that the solution
//! allows, or (with hidden totals) taking off any cage total left, gives the oracle a second
//! solution.

use nsudoku::Cell;
use nsudoku::generate::variant::{Generated, Generator, Kind, Options, parse_kinds};
use nsudoku::variant::{Constraint, Puzzle};

/// The kinds tried, with the side they are tried at (small, so that the oracle is quick).
const CASES: [(&str, usize); 15] = [
    ("killer", 6),
    ("jigsaw", 6),
    ("diagonal", 6),
    ("windoku", 9),
    ("anti-knight", 6),
    ("anti-king", 6),
    ("non-consecutive", 6),
    ("even-odd", 6),
    ("thermo", 6),
    ("kropki", 6),
    ("xv", 6),
    ("sandwich", 6),
    ("killer,diagonal", 6),
    ("killer,jigsaw", 4),
    ("thermo,even-odd,anti-knight", 6),
];

/// Puzzles made per case.
const PER_CASE: u64 = 2;

fn generated(kinds: &str, size: usize, seed: u64) -> Vec<Generated> {
    let options = Options::new(size, parse_kinds(kinds).expect("kinds"));
    let generator = Generator::new(options, seed);
    (0..PER_CASE)
        .map(|i| {
            generator
                .puzzle(i)
                .unwrap_or_else(|| panic!("{kinds} {size}×{size}: no puzzle {i}"))
        })
        .collect()
}

/// Every case's puzzles, made once per test run.
fn all() -> &'static Vec<(&'static str, Vec<Generated>)> {
    static ALL: std::sync::OnceLock<Vec<(&'static str, Vec<Generated>)>> =
        std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        CASES
            .iter()
            .map(|&(kinds, size)| (kinds, generated(kinds, size, 11)))
            .collect()
    })
}

#[test]
fn generated_puzzles_are_unique_and_solved_by_their_solution() {
    for (kinds, made) in all() {
        for g in made {
            let p = &g.puzzle;
            assert!(
                p.is_solution(&g.solution),
                "{kinds}: solution breaks a rule"
            );
            for (i, &d) in p.givens().iter().enumerate() {
                assert!(d == 0 || d == g.solution[i], "{kinds}: given {i} differs");
            }
            assert_eq!(p.count_solutions(2).count, 1, "{kinds}: not unique");
        }
    }
}

#[test]
fn each_kind_shows_what_it_promises() {
    for (kinds, made) in all() {
        for g in made {
            let p = &g.puzzle;
            let n = p.size();
            let has = |f: fn(&Constraint) -> bool| p.constraints().iter().any(f);
            if kinds.contains("killer") {
                assert!(p.givens().iter().all(|&d| d == 0), "{kinds}: a given");
                assert!(has(|c| matches!(
                    c,
                    Constraint::Killer { sum: Some(_), .. }
                )));
            }
            if kinds.contains("jigsaw") {
                assert_ne!(
                    p.regions(),
                    Puzzle::new(n).expect("a size").regions(),
                    "{kinds}"
                );
                assert!(nsudoku::generate::variant::regions_connected(
                    p.regions(),
                    n
                ));
            }
            if *kinds == "kropki" {
                // Every pair of neighbours one apart or one twice the other has its dot.
                let dots: Vec<[Cell; 2]> =
                    p.constraints()
                        .iter()
                        .filter_map(|c| match c {
                            Constraint::Difference { cells, .. }
                            | Constraint::Ratio { cells, .. } => Some(*cells),
                            _ => None,
                        })
                        .collect();
                for i in 0..n * n {
                    for j in [i + 1, i + n] {
                        if (j == i + 1 && j % n == 0) || j >= n * n {
                            continue;
                        }
                        let (a, b) = (g.solution[i], g.solution[j]);
                        let marked = a.abs_diff(b) == 1 || a == 2 * b || b == 2 * a;
                        let pair = [Cell::new(i / n, i % n), Cell::new(j / n, j % n)];
                        assert_eq!(dots.contains(&pair), marked, "kropki: {pair:?}");
                    }
                }
            }
            if kinds.contains("anti-knight") {
                assert!(has(|c| matches!(c, Constraint::AntiKnight)));
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_and_another_seed_others() {
    let a = generated("killer", 6, 5);
    assert_eq!(a, generated("killer", 6, 5));
    assert_ne!(a, generated("killer", 6, 6));
}

#[test]
fn symmetric_givens_keep_their_symmetry() {
    use nsudoku::generate::Symmetry;
    let mut options = Options::new(6, vec![Kind::Thermo]);
    options.symmetry = Symmetry::Rot180;
    let g = Generator::new(options, 3).puzzle(0).expect("a puzzle");
    let n = 6;
    let givens = g.puzzle.givens();
    for i in 0..n * n {
        assert_eq!(givens[i] == 0, givens[n * n - 1 - i] == 0, "cell {i}");
    }
}

/// The puzzle rebuilt with other constraints and givens.
#[cfg(feature = "sat")]
fn rebuilt(p: &Puzzle, givens: &[u16], constraints: &[Constraint]) -> Puzzle {
    let n = p.size();
    let mut q = Puzzle::new(n).expect("a size");
    q.set_regions(p.regions().to_vec()).expect("regions");
    for (i, &d) in givens.iter().enumerate() {
        q.set_given(Cell::new(i / n, i % n), d, "")
            .expect("a given");
    }
    for c in constraints {
        q.push(c.clone()).expect("a constraint");
    }
    q
}

#[cfg(feature = "sat")]
#[test]
fn the_oracle_finds_them_unique_and_minimal() {
    for (kinds, made) in all() {
        for g in made {
            unique_and_minimal(kinds, g, false);
        }
    }
}

#[cfg(feature = "sat")]
#[test]
fn killers_with_hidden_totals_are_unique_and_minimal() {
    for (kinds, size, givens) in [
        ("killer", 6, false),
        ("killer", 6, true),
        ("killer,x", 4, false),
    ] {
        let mut options = Options::new(size, parse_kinds(kinds).expect("kinds"));
        options.hide_totals = true;
        options.killer_givens = givens;
        let generator = Generator::new(options, 4);
        let made: Vec<Generated> = (0..3).filter_map(|i| generator.puzzle(i)).collect();
        assert_eq!(made.len(), 3, "{kinds}");
        let hidden = |g: &Generated| {
            g.puzzle
                .constraints()
                .iter()
                .any(|c| matches!(c, Constraint::Killer { sum: None, .. }))
        };
        assert!(made.iter().any(hidden), "{kinds}: every total shown");
        for g in &made {
            unique_and_minimal(kinds, g, true);
        }
    }
}

#[cfg(feature = "sat")]
#[test]
fn killers_with_givens_are_unique_and_minimal_too() {
    let mut options = Options::new(6, vec![Kind::Killer]);
    options.killer_givens = true;
    let generator = Generator::new(options, 2);
    let made: Vec<Generated> = (0..3).filter_map(|i| generator.puzzle(i)).collect();
    assert_eq!(made.len(), 3);
    assert!(
        made.iter()
            .any(|g| g.puzzle.givens().iter().any(|&d| d != 0))
    );
    for g in &made {
        unique_and_minimal("killer with givens", g, false);
    }
}

/// The oracle's checks of one generated puzzle: one solution, the generator's; no given, mark,
/// sandwich clue or thermometer can go, no two neighbouring cages can merge; with `totals`, no
/// cage total can go either.
#[cfg(feature = "sat")]
fn unique_and_minimal(kinds: &str, g: &Generated, totals: bool) {
    use nsudoku::solve::cnf::count_solutions_cnf;
    let p = &g.puzzle;
    let n = p.size();
    let (count, first) = count_solutions_cnf(p, 2);
    assert_eq!(count, 1, "{kinds}: the oracle counts {count}");
    assert_eq!(first.as_deref(), Some(&g.solution[..]), "{kinds}");
    // Each given out.
    for i in (0..n * n).filter(|&i| p.givens()[i] != 0) {
        let mut givens = p.givens().to_vec();
        givens[i] = 0;
        let fewer = rebuilt(p, &givens, p.constraints());
        assert_eq!(
            count_solutions_cnf(&fewer, 2).0,
            2,
            "{kinds}: given {i} can go"
        );
    }
    // Each removable clue out.
    for (k, c) in p.constraints().iter().enumerate() {
        let removable = matches!(
            c,
            Constraint::Even { .. }
                | Constraint::Odd { .. }
                | Constraint::Sandwich { .. }
                | Constraint::Thermometer { .. }
        );
        if removable {
            let mut cs = p.constraints().to_vec();
            cs.remove(k);
            let fewer = rebuilt(p, p.givens(), &cs);
            assert_eq!(count_solutions_cnf(&fewer, 2).0, 2, "{kinds}: {c:?} can go");
        }
        // Each cage total off, the cage kept.
        if let Constraint::Killer {
            cells,
            sum: Some(_),
        } = c
            && totals
        {
            let mut cs = p.constraints().to_vec();
            cs[k] = Constraint::Killer {
                cells: cells.clone(),
                sum: None,
            };
            let fewer = rebuilt(p, p.givens(), &cs);
            assert_eq!(
                count_solutions_cnf(&fewer, 2).0,
                2,
                "{kinds}: {c:?}'s total can go"
            );
        }
    }
    // Each merge of neighbouring cages the solution allows.
    let cages: Vec<(usize, Vec<Cell>)> = p
        .constraints()
        .iter()
        .enumerate()
        .filter_map(|(k, c)| match c {
            Constraint::Killer { cells, .. } => Some((k, cells.clone())),
            _ => None,
        })
        .collect();
    let at = |c: &Cell| g.solution[c.row() * n + c.col()];
    for (x, (ka, a)) in cages.iter().enumerate() {
        for (kb, b) in &cages[x + 1..] {
            let touch = a.iter().any(|p| {
                b.iter()
                    .any(|q| p.row().abs_diff(q.row()) + p.col().abs_diff(q.col()) == 1)
            });
            let clash = a.iter().any(|p| b.iter().any(|q| at(p) == at(q)));
            if !touch || clash || a.len() + b.len() > nsudoku::generate::variant::max_cage(n) {
                continue;
            }
            let mut cells: Vec<Cell> = a.iter().chain(b).copied().collect();
            cells.sort_by_key(|c| (c.row(), c.col()));
            let sum = cells.iter().map(|c| u32::from(at(c))).sum();
            let mut cs: Vec<Constraint> = p
                .constraints()
                .iter()
                .enumerate()
                .filter(|(k, _)| k != ka && k != kb)
                .map(|(_, c)| c.clone())
                .collect();
            cs.push(Constraint::Killer {
                cells,
                sum: Some(sum),
            });
            let merged = rebuilt(p, p.givens(), &cs);
            assert_eq!(count_solutions_cnf(&merged, 2).0, 2, "{kinds}: merge");
        }
    }
}

#[cfg(feature = "sat")]
#[test]
fn killers_with_a_number_of_givens_have_that_many() {
    use nsudoku::solve::cnf::count_solutions_cnf;
    for (size, k) in [(4, 2), (6, 5)] {
        let mut options = Options::new(size, vec![Kind::Killer]);
        options.givens = Some(k);
        let generator = Generator::new(options, 3);
        for i in 0..2 {
            let g = generator.puzzle(i).expect("a killer");
            let p = &g.puzzle;
            assert_eq!(p.givens().iter().filter(|&&d| d != 0).count(), k);
            assert!(!p.constraints().is_empty());
            let (count, first) = count_solutions_cnf(p, 2);
            assert_eq!(count, 1, "the oracle counts {count}");
            assert_eq!(first.as_deref(), Some(&g.solution[..]));
        }
    }
}
