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

#[test]
#[ignore]
fn scratch_17() {
    let text = std::fs::read_to_string("/work/shared/data/puzzles/9x9/puzzles2_17_clue").unwrap();
    let mut bad = 0;
    for (i, l) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let g: Grid = l.parse().unwrap();
        let f = canonical(&g).unwrap();
        if f.grid != g {
            bad += 1;
            if bad <= 5 {
                let b = brute::canonical(&g);
                println!(
                    "line {} {}\n   ours  {:?}\n   brute {:?}",
                    i + 1,
                    l,
                    f.grid,
                    b
                );
                assert_eq!(f.grid.values(), &b[..]);
            }
        }
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
        let mut search = Search::new();
        search.reset(3, 3, true);
        let v = g.values();
        for r in 0..9 {
            for c in 0..9 {
                search.src[0].cells[r][c] = v[r * 9 + c] as u8;
                search.src[1].cells[c][r] = v[r * 9 + c] as u8;
            }
        }
        search.run();
        let general: Vec<u16> = search.out[..9]
            .iter()
            .flat_map(|row| row[..9].iter().map(|&x| u16::from(x)))
            .collect();
        assert_eq!(fast.grid.values(), &general[..], "{text}");
        assert_eq!(fast.grid.values(), &brute::canonical(&g)[..], "{text}");
    }
}
