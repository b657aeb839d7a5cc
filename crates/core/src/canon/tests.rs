use super::*;
use crate::parse::{ReadOptions, read_one};

fn grid(text: &str, shape: Shape) -> Grid {
    read_one(
        text,
        &ReadOptions {
            shape: Some(shape),
            ..Default::default()
        },
    )
    .unwrap()
}

fn check_against_brute(g: &Grid) {
    let form = canonical(g).unwrap();
    assert_eq!(
        form.transform.apply(g),
        form.grid,
        "the transform gives the form"
    );
    assert_eq!(
        form.grid.values(),
        &brute::canonical(g)[..],
        "{g:?}: the search and the brute force differ"
    );
}

#[test]
fn empty_and_one_clue_grids_of_every_size() {
    // Every row and band empty but one: the search must not try each order of the empty ones
    // (an empty 16×16 grid took three minutes and 2.7 GB).
    let mut canon = Canonicalizer::new();
    for (w, h) in [(4, 4), (4, 3), (3, 4), (3, 3), (2, 2)] {
        let shape = Shape::new(w, h).unwrap();
        let empty = Grid::empty(shape);
        assert_eq!(canon.canonical(&empty).unwrap().grid, empty);
        // One partial transformation a way of reading the grid (as given, transposed).
        assert!(
            canon.search.peak <= 2,
            "{w}x{h}: {} kept",
            canon.search.peak
        );
        let n = shape.side();
        for cell in [0, n + 1, n * n / 2, n * n - 1] {
            let mut one = Grid::empty(shape);
            one.set(shape.cell(cell), Digit::new(n));
            // The smallest string puts the one clue last, labelled 1.
            let mut want = vec![0; n * n];
            want[n * n - 1] = 1;
            let form = canon.canonical(&one).unwrap();
            assert_eq!(form.grid.values(), &want[..], "{w}x{h}, cell {cell}");
            assert_eq!(form.transform.apply(&one), form.grid);
            assert!(
                canon.search.peak <= 4,
                "{w}x{h}, cell {cell}: {} kept",
                canon.search.peak
            );
        }
    }
}

#[test]
fn a_pencil_mark_puzzle_is_refused_not_taken_for_an_empty_grid() {
    let shape = Shape::square(4).unwrap();
    let mut sets = vec![crate::grid::DigitSet::all(shape); 16];
    sets[0] = crate::grid::DigitSet::empty();
    sets[0].insert(crate::grid::Digit::new(2).unwrap());
    let sukaku = Grid::from_candidates(shape, sets).unwrap();
    assert_eq!(canonical(&sukaku), Err(CanonError::PencilMarks));
    assert_eq!(
        equivalence(&sukaku, &Grid::empty(shape)),
        Err(CanonError::PencilMarks)
    );
}

#[test]
fn a_grid_too_symmetric_is_refused_within_bounded_memory() {
    // The 16×16 pattern grid with only the first row of each band: each band's empty rows,
    // then a full row whose 16 digits fit 4!⁵ ways. (This took 3.5 GB and then failed.)
    let shape = Shape::new(4, 4).unwrap();
    let values = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            if r % 4 == 0 {
                ((r * 4 + r / 4 + c) % 16 + 1) as u16
            } else {
                0
            }
        })
        .collect();
    let g = Grid::from_checked(shape, values);
    let mut canon = Canonicalizer::new();
    assert_eq!(canon.canonical(&g), Err(CanonError::TooSymmetric));
    assert!(canon.search.peak <= search::MAX_KEPT);
    // The same canonicaliser goes on with the next grid.
    let empty = Grid::empty(shape);
    assert_eq!(canon.canonical(&empty).unwrap().grid, empty);
}

#[test]
fn small_shapes_agree_with_brute_force() {
    for (text, shape) in [
        ("1000000000000000", Shape::new(2, 2).unwrap()),
        ("0000000000000000", Shape::new(2, 2).unwrap()),
        ("1234341221434321", Shape::new(2, 2).unwrap()),
        ("1200003000400000", Shape::new(2, 2).unwrap()),
        (
            "123456456123231564564231312645645312",
            Shape::new(3, 2).unwrap(),
        ),
        (
            "100000000200030000000004000050600000",
            Shape::new(3, 2).unwrap(),
        ),
        (
            "000100020000003040000000506000000001",
            Shape::new(2, 3).unwrap(),
        ),
    ] {
        check_against_brute(&grid(text, shape));
    }
}

#[test]
fn classic_puzzles_agree_with_brute_force() {
    for text in [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "000000000000000000000000000000000000000000000000000000000000000000000000000000001",
    ] {
        check_against_brute(&grid(text, Shape::CLASSIC));
    }
}

/// The tests' sample files (`tests/data/9x9`), one puzzle a line.
fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/tests/data/9x9/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn seventeen_clue_lines_not_stored_in_minlex_agree_with_brute_force() {
    // Lines of the 17-clue list whose stored form is not the smallest: the search finds a
    // smaller one, and so does trying every transform.
    let puzzles = sample("puzzles2_17_clue.not_minlex.sample");
    assert_eq!(puzzles.len(), 24);
    for g in &puzzles {
        check_against_brute(g);
        assert!(canonical(g).unwrap().grid.values() < g.values());
    }
}

#[test]
fn forum_samples_agree_with_brute_force() {
    // The stored 17-clue lines are their own form; the hardest puzzles have many clues.
    for g in sample("puzzles2_17_clue.sample").iter().step_by(4) {
        check_against_brute(g);
        assert_eq!(&canonical(g).unwrap().grid, g);
    }
    for g in sample("puzzles5_forum_hardest_1905_11+.sample")
        .iter()
        .step_by(4)
    {
        check_against_brute(g);
    }
}

#[test]
fn full_grids_agree_with_the_general_search() {
    let puzzles = [
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
    ];
    for text in puzzles {
        let g = grid(text, Shape::CLASSIC).solve().unwrap();
        let fast = canonical(&g).unwrap();
        assert_eq!(fast.transform.apply(&g), fast.grid);
        assert_eq!(fast.grid.values(), &general(&g)[..], "{text}");
        assert_eq!(fast.grid.values(), &brute::canonical(&g)[..], "{text}");
    }
}

/// The general search's form of a full grid, bypassing the grid path.
fn general(g: &Grid) -> Vec<u16> {
    let mut search = Search::new();
    search.reset(3, 3, true);
    let v = g.values();
    for r in 0..9 {
        for c in 0..9 {
            search.src[0].cells[r][c] = v[r * 9 + c] as u8;
            search.src[1].cells[c][r] = v[r * 9 + c] as u8;
        }
    }
    search.run().unwrap();
    search.out[..9]
        .iter()
        .flat_map(|row| row[..9].iter().map(|&x| u16::from(x)))
        .collect()
}

#[test]
fn solutions_of_the_samples_agree_with_the_general_search() {
    // Grids with and without a band whose second row starts 456, of every kind the table of
    // second rows tells apart; a few against the brute force too.
    let grids: Vec<Grid> = sample("puzzles2_17_clue.sample")
        .iter()
        .chain(&sample("puzzles5_forum_hardest_1905_11+.sample"))
        .map(|p| p.solve().unwrap())
        .collect();
    for (i, g) in grids.iter().enumerate() {
        let fast = canonical(g).unwrap();
        assert_eq!(fast.transform.apply(g), fast.grid);
        assert_eq!(fast.grid.values(), &general(g)[..], "{g:?}");
        if i % 16 == 0 {
            assert_eq!(fast.grid.values(), &brute::canonical(g)[..], "{g:?}");
        }
    }
}

mod props {
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::solve::Solutions;

    /// A random grid of a shape up to 9×9: a solution (completed from a few random clues),
    /// with each cell emptied with probability `holes`.
    fn random_grid(shape: Shape, seed: u64, holes: f64) -> Grid {
        let n = shape.side();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut grid = Grid::empty(shape);
        for _ in 0..n {
            let cell = shape.cell(rng.random_range(0..n * n));
            let digit = Digit::new(rng.random_range(1..=n)).unwrap();
            let before = grid.get(cell);
            grid.set(cell, Some(digit));
            if !grid.conflicts().is_empty() {
                grid.set(cell, before);
            }
        }
        let full = grid
            .solutions()
            .next()
            .unwrap_or_else(|| Grid::from_checked(shape, crate::generate::pattern(shape)));
        let values = full
            .values()
            .iter()
            .map(|&v| if rng.random::<f64>() < holes { 0 } else { v })
            .collect();
        Grid::from_checked(shape, values)
    }

    fn shapes() -> impl Strategy<Value = Shape> {
        prop::sample::select(vec![(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)])
            .prop_map(|(w, h)| Shape::new(w, h).unwrap())
    }

    /// `g` relabelled in order of first appearance: the smallest string one geometric
    /// transform gives.
    fn relabelled(g: &Grid) -> Vec<u16> {
        let mut label = vec![0u16; g.side() + 1];
        let mut next = 1;
        g.values()
            .iter()
            .map(|&v| {
                if v != 0 && label[usize::from(v)] == 0 {
                    label[usize::from(v)] = next;
                    next += 1;
                }
                label[usize::from(v)]
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn every_transform_has_the_same_form(shape in shapes(), seed: u64, t_seed: u64, holes in 0.0..1.0f64) {
            let g = random_grid(shape, seed, holes);
            let t = Transform::random(shape, &mut SmallRng::seed_from_u64(t_seed));
            let form = canonical(&g).unwrap();
            prop_assert_eq!(&form.transform.apply(&g), &form.grid);
            prop_assert_eq!(&canonical(&t.apply(&g)).unwrap().grid, &form.grid);
            // Idempotent.
            prop_assert_eq!(&canonical(&form.grid).unwrap().grid, &form.grid);
        }

        #[test]
        fn the_form_is_no_larger_than_any_transform(shape in shapes(), seed: u64, t_seed: u64, holes in 0.0..1.0f64) {
            let g = random_grid(shape, seed, holes);
            let form = canonical(&g).unwrap();
            let mut rng = SmallRng::seed_from_u64(t_seed);
            for _ in 0..20 {
                let t = Transform::random(shape, &mut rng);
                prop_assert!(form.grid.values() <= &relabelled(&t.apply(&g))[..]);
            }
        }

        #[test]
        fn the_form_keeps_clues_and_solutions(shape in shapes(), seed: u64, holes in 0.3..1.0f64) {
            let g = random_grid(shape, seed, holes);
            let form = canonical(&g).unwrap().grid;
            prop_assert_eq!(form.clue_count(), g.clue_count());
            let count = |g: &Grid| Solutions::new(g, crate::Engine::Auto).count_up_to(50);
            prop_assert_eq!(count(&form), count(&g));
        }

        #[test]
        fn small_shapes_agree_with_brute_force_everywhere(shape in prop::sample::select(vec![(2, 2), (3, 2), (2, 3)]), seed: u64, holes in 0.0..1.0f64) {
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let g = random_grid(shape, seed, holes);
            let form = canonical(&g).unwrap().grid;
            prop_assert_eq!(form.values(), &brute::canonical(&g)[..]);
        }

        #[test]
        fn nearly_empty_large_grids_have_one_form(shape in prop::sample::select(vec![(4, 4), (4, 3), (3, 4)]), seed: u64, t_seed: u64, holes in 0.9..1.0f64) {
            // Mostly empty rows and bands: each interchangeable with its like (see
            // `Search::distinct`); this took minutes and gigabytes a grid before.
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let g = random_grid(shape, seed, holes);
            let t = Transform::random(shape, &mut SmallRng::seed_from_u64(t_seed));
            let form = canonical(&g).unwrap();
            prop_assert_eq!(&form.transform.apply(&g), &form.grid);
            prop_assert_eq!(&canonical(&t.apply(&g)).unwrap().grid, &form.grid);
            prop_assert!(form.grid.values() <= &relabelled(&t.apply(&g))[..]);
        }

        #[test]
        fn equivalence_gives_a_transform_between_the_two(shape in shapes(), seed: u64, t_seed: u64, holes in 0.0..1.0f64) {
            let a = random_grid(shape, seed, holes);
            let b = Transform::random(shape, &mut SmallRng::seed_from_u64(t_seed)).apply(&a);
            let t = equivalence(&a, &b).unwrap().unwrap();
            prop_assert_eq!(t.apply(&a), b);
        }
    }
}
