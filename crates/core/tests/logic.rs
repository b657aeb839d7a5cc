//! The logical solver: every step checked against the known solution, coverage on the
//! benchmark samples, small and rectangular shapes, and agreement with published ratings.

use nsudoku::logic::{self, Options, Step, Technique};
use nsudoku::parse::ReadOptions;
use nsudoku::{Grid, Shape, Uniqueness};

use crate::support::{data, puzzles};

/// Replays the explanation of `grid`, checking every step against its unique solution; returns
/// whether it was solved.
fn replay_sound(grid: &Grid) -> bool {
    let Uniqueness::Unique(solution) = grid.uniqueness() else {
        panic!("not unique: {grid:?}")
    };
    let options = Options {
        unique: true,
        ..Options::default()
    };
    let explanation =
        logic::explain_with(grid, &options).unwrap_or_else(|e| panic!("{e}: {grid:?}"));
    for step in &explanation.steps {
        check_step(step, &solution);
    }
    if explanation.solved() {
        assert_eq!(explanation.board.grid(), solution);
    }
    explanation.solved()
}

fn check_step(step: &Step, solution: &Grid) {
    assert!(step.is_progress(), "{step}");
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell),
            Some(p.digit),
            "wrong placement: {step}"
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution.get(e.cell),
            Some(e.digit),
            "removed the true digit: {step}"
        );
    }
}

#[test]
fn steps_are_sound_and_solve_the_samples() {
    let options = ReadOptions::default();
    for (name, must_solve) in [
        ("9x9/classic.txt", true),
        ("9x9/puzzles2_17_clue.sample", true),
        ("9x9/puzzles3_magictour_top1465.sample", true),
    ] {
        for grid in puzzles(name, &options) {
            let solved = replay_sound(&grid);
            assert!(
                solved || !must_solve,
                "{name}: not solved by logic: {grid:?}"
            );
        }
    }
}

/// A unique puzzle of `shape`: the reference solution of the empty grid, then clues removed
/// in a fixed order while the puzzle stays unique.
fn unique_puzzle(shape: Shape) -> Grid {
    let Some(mut grid) = Grid::empty(shape).solve() else {
        panic!("the empty {shape} grid has no solution")
    };
    let n = shape.side();
    // Large shapes keep more clues: minimal 16×16 puzzles need nested chains.
    let holes = if n > 9 { n * n / 2 } else { n * n };
    for i in (0..n * n).map(|i| (i * 7 + 3) % (n * n)).take(holes) {
        let cell = nsudoku::Cell::new(i / n, i % n);
        let keep = grid.get(cell);
        grid.set(cell, None);
        if grid.count_solutions(2).count != 1 {
            grid.set(cell, keep);
        }
    }
    grid
}

#[test]
fn small_and_rectangular_shapes() {
    for (w, h) in [(2, 2), (3, 2), (2, 3), (4, 2), (4, 3), (4, 4)] {
        let grid = unique_puzzle(Shape::new(w, h).unwrap());
        assert!(replay_sound(&grid), "{w}x{h} not solved: {grid:?}");
    }
}

#[test]
fn techniques_are_named_in_steps() {
    let grid: Grid =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
            .parse()
            .unwrap();
    let explanation = logic::explain(&grid).unwrap();
    let text: Vec<String> = explanation.steps.iter().map(Step::to_string).collect();
    assert!(text.iter().all(|t| t.contains(": ")), "{text:?}");
    assert!(explanation.solved());
    assert_eq!(
        explanation.steps.len(),
        grid.values().iter().filter(|&&v| v == 0).count()
    );
}

#[test]
fn ratings_agree_with_sukaku_explainer() {
    let mut pairs = Vec::new();
    for line in data("rated/sudoku_exchange.sample").lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let grid: Grid = f[1].parse().unwrap();
        let er: f64 = f[2].parse().unwrap();
        pairs.push((er, logic::rate(&grid).unwrap().er));
    }
    let within = pairs
        .iter()
        .filter(|(a, b)| (a - b).abs() <= 0.5 + 1e-9)
        .count();
    let rho = spearman(&pairs);
    // Measured on this sample: see docs/benchmarks.md for the full sets.
    assert!(
        within * 100 >= 70 * pairs.len(),
        "within ±0.5: {within}/{}",
        pairs.len()
    );
    assert!(rho >= 0.90, "Spearman {rho}");
}

fn spearman(pairs: &[(f64, f64)]) -> f64 {
    fn ranks(v: &[f64]) -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        let mut r = vec![0.0; v.len()];
        let mut i = 0;
        while i < idx.len() {
            let mut j = i;
            while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
                j += 1;
            }
            for &k in &idx[i..=j] {
                r[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        r
    }
    let a = ranks(&pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let b = ranks(&pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum::<f64>().sqrt();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum::<f64>().sqrt();
    cov / (va * vb)
}

/// Technique sets, each adding families to the previous one, for the coverage table.
fn technique_sets() -> Vec<(&'static str, Vec<Technique>)> {
    use Technique::*;
    let steps: [(&str, &[Technique]); 6] = [
        ("singles", &[FullHouse, HiddenSingle, NakedSingle]),
        (
            "+ intersections, subsets",
            &[
                Pointing,
                Claiming,
                NakedPair,
                HiddenPair,
                NakedTriple,
                HiddenTriple,
                NakedQuad,
                HiddenQuad,
            ],
        ),
        (
            "+ fish, wings, single-digit patterns",
            &[
                XWing,
                Swordfish,
                Jellyfish,
                FinnedFish,
                Skyscraper,
                TwoStringKite,
                TurbotFish,
                EmptyRectangle,
                XYWing,
                XYZWing,
                WWing,
                BigWing,
                SimpleColouring,
            ],
        ),
        (
            "+ uniqueness",
            &[
                UniqueRectangle1,
                UniqueRectangle2,
                UniqueRectangle3,
                UniqueRectangle4,
                BugPlusOne,
            ],
        ),
        (
            "+ X-, XY-chains, AICs, ALS-XZ",
            &[XChain, XYChain, Aic, AlsXz],
        ),
        (
            "+ forcing chains and nets (all)",
            &[
                NishioForcingChain,
                CellForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
                NestedForcingChain,
            ],
        ),
    ];
    let mut sets = Vec::new();
    let mut acc: Vec<Technique> = Vec::new();
    for (name, add) in steps {
        acc.extend_from_slice(add);
        // Keep the explainer's order.
        let ordered = Technique::ALL
            .iter()
            .copied()
            .filter(|t| acc.contains(t))
            .collect();
        sets.push((name, ordered));
    }
    sets
}

/// The full benchmark files, when `../shared` is there.
fn shared_puzzles(name: &str, limit: usize) -> Option<Vec<Grid>> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/puzzles/9x9")
        .join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is not here", path.display());
        return None;
    };
    let grids = nsudoku::parse::read_str(&text, &ReadOptions::default())
        .into_iter()
        .filter_map(|e| e.result.ok())
        .take(limit)
        .collect();
    Some(grids)
}

/// Every step of every puzzle of top1465 and of 2000 17-clue puzzles replayed against the
/// solution, with the share each technique set solves. Slow (minutes): run with
/// `cargo test --release -p nsudoku --test main full_soundness -- --ignored --nocapture`.
#[test]
#[ignore = "minutes; reads ../shared"]
fn full_soundness_and_coverage() {
    for (file, limit, need) in [
        ("puzzles3_magictour_top1465", usize::MAX, 0.99),
        ("puzzles2_17_clue", 2000, 1.0),
    ] {
        let Some(grids) = shared_puzzles(file, limit) else {
            return;
        };
        let sets = technique_sets();
        let solved: Vec<Vec<bool>> = std::thread::scope(|s| {
            let chunks: Vec<&[Grid]> = grids.chunks(grids.len().div_ceil(2)).collect();
            let handles: Vec<_> = chunks
                .into_iter()
                .map(|chunk| {
                    let sets = &sets;
                    s.spawn(move || {
                        chunk
                            .iter()
                            .map(|g| {
                                let Uniqueness::Unique(solution) = g.uniqueness() else {
                                    panic!("not unique")
                                };
                                sets.iter()
                                    .map(|(_, techniques)| {
                                        let options = Options {
                                            techniques: techniques.clone(),
                                            unique: true,
                                            ..Options::default()
                                        };
                                        let e = logic::explain_with(g, &options)
                                            .unwrap_or_else(|e| panic!("{e}"));
                                        for step in &e.steps {
                                            check_step(step, &solution);
                                        }
                                        e.solved()
                                    })
                                    .collect::<Vec<bool>>()
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        });
        println!("{file}: {} puzzles, every step sound", solved.len());
        for (i, (name, _)) in sets.iter().enumerate() {
            let k = solved.iter().filter(|s| s[i]).count();
            println!(
                "  {name:<40} {:>6.2}%",
                100.0 * k as f64 / solved.len() as f64
            );
        }
        let all = solved.iter().filter(|s| s[sets.len() - 1]).count();
        assert!(
            all as f64 >= need * solved.len() as f64,
            "{file}: {all}/{}",
            solved.len()
        );
    }
}

/// Each technique alone on top of the singles and intersections: every step it takes on the
/// samples is sound (no simpler technique hides a wrong one), and the common ones do fire.
#[test]
fn each_technique_alone_is_sound() {
    use Technique::*;
    let basics = [FullHouse, HiddenSingle, NakedSingle, Pointing, Claiming];
    let mut grids = puzzles(
        "9x9/puzzles3_magictour_top1465.sample",
        &ReadOptions::default(),
    );
    for line in data("rated/sudoku_exchange.sample").lines().step_by(3) {
        let f: Vec<&str> = line.split_whitespace().collect();
        grids.push(f[1].parse().unwrap());
    }
    let solutions: Vec<Grid> = grids
        .iter()
        .map(|g| match g.uniqueness() {
            Uniqueness::Unique(s) => s,
            _ => panic!("not unique"),
        })
        .collect();
    let must_fire = [
        NakedPair,
        HiddenPair,
        NakedTriple,
        XWing,
        FinnedFish,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        XYWing,
        XYZWing,
        WWing,
        SimpleColouring,
        UniqueRectangle1,
        XChain,
        XYChain,
        AlsXz,
        Aic,
        NishioForcingChain,
        CellForcingChain,
        DynamicForcingChain,
    ];
    // Nets with techniques nested inside are too slow alone (every step would need one); the
    // full replay above covers them.
    let slow = [DynamicForcingChainPlus, NestedForcingChain];
    for &t in Technique::ALL
        .iter()
        .filter(|t| !basics.contains(t) && !slow.contains(t))
    {
        let options = Options {
            techniques: basics.iter().copied().chain([t]).collect(),
            unique: true,
            ..Options::default()
        };
        let mut fired = 0;
        for (g, s) in grids.iter().zip(&solutions) {
            let e = logic::explain_with(g, &options).unwrap();
            for step in e.steps.iter().filter(|st| st.technique == t) {
                check_step(step, s);
                fired += 1;
            }
        }
        assert!(fired > 0 || !must_fire.contains(&t), "{t} never fired");
    }
}
